//! How long `connect4-7x6` takes to answer its two questions, one position at a time: the
//! position's value and plies (`probe`), and every move ranked (`ranked_moves`, what
//! `analyze` and the web board show), each timed on its own, as a person or an agent asks
//! them.
//!
//! The positions: `--positions N` (1,000) seeded random ones (`--seed`), each of a ply
//! drawn uniformly from 0 to 40 (`--plies A-B` otherwise), reached by random moves from the start, none finished.
//! They are answered first by `probe`, then (the transposition table cleared) by
//! `ranked_moves` (`--question probe` or `ranked` for one alone), through the process's one engine (`games::connect4_7x6::searched`, the
//! shipped book unless `--no-book`) on `--threads` threads (2), its table allocated before
//! the first question is timed. Prints the median, 99th percentile and slowest of each, and
//! the same by ply. `--write FILE` writes the positions, one a line in the notation, for
//! the drivers of the other surfaces (`benches/connect4_latency.py`).
//!
//! ```sh
//! cargo run --release --example connect4_latency -- --write positions.txt
//! ```

use std::io::Write;
use std::time::{Duration, Instant};

use perfect_play::Game;
use perfect_play::games::connect4::Connect4On7x6;
use perfect_play::games::connect4_7x6;
use perfect_play::{Record, Value};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (mut count, mut seed, mut threads) = (1000usize, 52u64, 2usize);
    let (mut no_book, mut write, mut plies) = (false, None, (0u64, 40u64));
    let mut questions = String::from("both");
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--positions" => count = value()?.parse()?,
            "--seed" => seed = value()?.parse()?,
            "--threads" => threads = value()?.parse()?,
            "--no-book" => no_book = true,
            "--write" => write = Some(value()?),
            "--question" => questions = value()?,
            "--plies" => {
                let range = value()?;
                let (low, high) = range.split_once('-').unwrap_or((&range, &range));
                plies = (low.parse()?, high.parse()?);
            }
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    let positions = random_positions(count, seed, plies);
    if let Some(path) = write {
        let mut text = String::new();
        for position in &positions {
            text.push_str(&format!("{position}\n"));
        }
        std::fs::write(&path, text)?;
    }
    if no_book {
        connect4_7x6::without_book();
    }
    let searched = connect4_7x6::searched();
    searched.engine().set_threads(threads);
    searched.engine().reserve();
    let mut probes = Vec::with_capacity(positions.len());
    let mut ranks = Vec::with_capacity(positions.len());
    if questions != "ranked" {
        for position in &positions {
            let started = Instant::now();
            let record = searched.probe(position);
            let time = started.elapsed();
            probes.push((position.tier(), time));
            record.ok_or(format!("no answer for {position}"))?;
            progress("probe", position, time);
        }
        searched.engine().clear();
    }
    if questions != "probe" {
        let filler = Record {
            value: Value::Draw,
            remoteness: 0,
        };
        let mut out = [(0u8, filler); 7];
        for position in &positions {
            let started = Instant::now();
            let moves = searched.ranked_moves(position, &mut out);
            let time = started.elapsed();
            ranks.push((position.tier(), time));
            if moves == 0 {
                return Err(format!("no moves ranked for {position}").into());
            }
            progress("ranked_moves", position, time);
        }
    }
    let mut stdout = std::io::stdout().lock();
    writeln!(
        stdout,
        "{} positions (seed {seed}), plies {}-{}, {threads} threads, {}",
        positions.len(),
        plies.0,
        plies.1,
        if no_book {
            "no book"
        } else {
            "the shipped book"
        }
    )?;
    for (name, times) in [("probe", &probes), ("ranked_moves", &ranks)] {
        if times.is_empty() {
            continue;
        }
        writeln!(
            stdout,
            "{name:<13} {}",
            summary(times.iter().map(|&(_, t)| t))
        )?;
        for low in (0..=40).step_by(5) {
            let bucket = times
                .iter()
                .filter(|&&(ply, _)| (low..low + 5).contains(&ply))
                .map(|&(_, t)| t);
            writeln!(
                stdout,
                "  plies {low:>2}-{:<2} {}",
                low + 4,
                summary(bucket)
            )?;
        }
    }
    Ok(())
}

/// Says on stderr how long `question` took on `position` (its ply and the time in ms):
/// what a run stopped before the end leaves to count.
fn progress(question: &str, position: &Connect4On7x6, time: Duration) {
    let ply = position.tier();
    let _ = writeln!(
        std::io::stderr(),
        "{question} {ply} {:.3} {position}",
        ms(time)
    );
}

/// `count` positions, each of a ply drawn uniformly from `low` to `high`, reached by random moves
/// from the start and not finished (a game that ends first is played again).
fn random_positions(count: usize, seed: u64, (low, high): (u64, u64)) -> Vec<Connect4On7x6> {
    let mut rng = SplitMix(seed);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let plies = (low + rng.next() % (high - low + 1)) as u32;
        'again: loop {
            let mut position = Connect4On7x6::start();
            for _ in 0..plies {
                let mut children = Vec::new();
                position.moves(&mut |_, child| children.push(child));
                let pick = (rng.next() % children.len().max(1) as u64) as usize;
                match children.get(pick) {
                    Some(&child) if child.finished().is_none() => position = child,
                    _ => continue 'again,
                }
            }
            positions.push(position);
            break;
        }
    }
    positions
}

/// The median, 99th percentile and slowest of `times`, with their count.
fn summary(times: impl Iterator<Item = Duration>) -> String {
    let mut times: Vec<Duration> = times.collect();
    if times.is_empty() {
        return String::from("none");
    }
    times.sort();
    let at = |q: f64| {
        let i = ((times.len() - 1) as f64 * q).round() as usize;
        times.get(i).copied().unwrap_or_default()
    };
    format!(
        "n {:>4}  median {:>9.3} ms  p99 {:>9.3} ms  slowest {:>9.3} ms",
        times.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(at(1.0))
    )
}

fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1e3
}

/// SplitMix64: a small seeded generator, the same numbers on every machine.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
