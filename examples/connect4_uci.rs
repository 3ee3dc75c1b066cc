//! Checks the search against the UCI "Connect-4" data set (John Tromp, UCI Machine Learning
//! Repository, 1995): the 67,557 positions of 8 plies on 7x6 where nobody has won and the
//! side to move (the first player) is not forced to block, a mirror pair once, of which the
//! first player wins 44,473, loses 16,635 and draws 6,449 with perfect play.
//!
//! Every such position is found by the walk a book of 8 plies makes, solved to win, draw or
//! loss by the engine on every thread (`Engine::values`: at most two null windows a
//! position, one transposition table for all), and the counts compared with the data set's.
//! Each result is appended to `--out` (`KEY VALUE`, one a line, the key in hex) as it is
//! found: a run stopped any way goes on from there when started again with the same
//! command. Exits with a failure when a count differs.
//!
//! `cargo run --release --example connect4_uci [--threads N] [--memory MIB] [--out FILE]`

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{self, OpenOptions};
use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use perfect_play::Value;
use perfect_play::games::connect4::Connect4On7x6;
use perfect_play::search::{Bitboard, Engine, Searchable, book_positions};

/// The data set's first-player results: wins, losses, draws (its `.names` file).
const PUBLISHED: [(Value, usize); 3] = [
    (Value::Win, 44_473),
    (Value::Loss, 16_635),
    (Value::Draw, 6_449),
];

/// Runs, and says what went wrong in a sentence with a failing exit status.
fn main() -> std::process::ExitCode {
    match run() {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::FAILURE,
        Err(error) => {
            let _ = writeln!(io::stderr(), "connect4_uci: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The check; `Ok(false)` when a count differs from the data set's.
fn run() -> Result<bool, Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let mut memory = 4096usize;
    let mut threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut out = String::from("connect4-uci.results");
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--memory" => memory = value()?.parse()?,
            "--threads" => threads = value()?.parse()?,
            "--out" => out = value()?,
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    let positions = in_play_order(
        book_positions::<Connect4On7x6>(8)
            .pop()
            .unwrap_or_default()
            .into_iter()
            .filter(|p| !p.must_block()),
    );
    let mut found = read_results(&out)?;
    let todo: Vec<Bitboard<7, 6>> = positions
        .iter()
        .filter(|p| !found.contains_key(&p.symmetric_key()))
        .copied()
        .collect();
    let mut stderr = io::stderr();
    writeln!(
        stderr,
        "{} positions of 8 plies, {} already solved in {out}",
        positions.len(),
        positions.len() - todo.len()
    )?;
    let engine: Engine<Bitboard<7, 6>> = Engine::new(memory << 20).with_threads(threads);
    let mut file = OpenOptions::new().create(true).append(true).open(&out)?;
    let started = Instant::now();
    let terminal = stderr.is_terminal();
    let batch = 16 * threads.max(1);
    for (n, chunk) in todo.chunks(batch).enumerate() {
        let values = engine.values(chunk);
        let mut lines = String::new();
        for (position, value) in chunk.iter().zip(values) {
            lines.push_str(&format!(
                "{:x} {}\n",
                position.symmetric_key(),
                value.as_str()
            ));
            found.insert(position.symmetric_key(), value);
        }
        // One write a batch: a stop cuts at most its last line, which the next run drops.
        file.write_all(lines.as_bytes())?;
        let done = (n + 1) * batch;
        if terminal || n % 8 == 7 {
            let elapsed = started.elapsed().as_secs_f64();
            let done = done.min(todo.len());
            write!(
                stderr,
                "{}{done}/{} solved, {:.1} ms a position{}",
                if terminal { "\r" } else { "" },
                todo.len(),
                elapsed * 1e3 / done as f64,
                if terminal { "" } else { "\n" }
            )?;
        }
    }
    if terminal {
        writeln!(stderr)?;
    }
    writeln!(
        stderr,
        "{} positions solved in {:.0} s",
        todo.len(),
        started.elapsed().as_secs_f64()
    )?;
    let mut agree = true;
    let mut out = io::stdout().lock();
    for (value, published) in PUBLISHED {
        let counted = positions
            .iter()
            .filter(|p| found.get(&p.symmetric_key()) == Some(&value))
            .count();
        let verdict = if counted == published {
            "as published"
        } else {
            "DIFFERS"
        };
        writeln!(
            out,
            "{:<5} {counted:>6}  UCI {published:>6}  {verdict}",
            value.as_str()
        )?;
        agree &= counted == published;
    }
    Ok(agree)
}

/// `positions` in the order a walk of the game tree from the start first reaches them:
/// consecutive positions share most of their subtrees, so each search finds much of its
/// tree in the transposition table the ones before it filled.
fn in_play_order(positions: impl Iterator<Item = Bitboard<7, 6>>) -> Vec<Bitboard<7, 6>> {
    let mut wanted: BTreeSet<u64> = positions.map(|p| p.symmetric_key()).collect();
    let mut order = Vec::with_capacity(wanted.len());
    let mut stack = vec![Bitboard::<7, 6>::start()];
    while let Some(position) = stack.pop() {
        if position.plies() == 8 {
            // The position the walk reached, not the mirror image the book kept: the
            // transposition table's keys are not symmetric.
            if wanted.remove(&position.symmetric_key()) {
                order.push(position);
            }
            continue;
        }
        // Pushed from the right, so the walk goes from the left column.
        stack.extend((0..7).rev().filter_map(|c| position.drop_disc(c)));
    }
    order
}

/// The results a stopped run wrote, by symmetric key (none if there is no file). An
/// unfinished last line (a stopped write) is dropped and its position solved again.
fn read_results(path: &str) -> Result<BTreeMap<u64, Value>, Box<dyn std::error::Error>> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => return Err(format!("{path}: {e}").into()),
    };
    let whole = text.rfind('\n').map_or(0, |end| end + 1);
    if whole < text.len() {
        OpenOptions::new()
            .write(true)
            .open(path)?
            .set_len(whole as u64)?;
    }
    let mut found = BTreeMap::new();
    for (i, line) in text.get(..whole).unwrap_or_default().lines().enumerate() {
        let mut fields = line.split_whitespace();
        let key = fields.next().and_then(|k| u64::from_str_radix(k, 16).ok());
        let value = match fields.next() {
            Some("win") => Some(Value::Win),
            Some("draw") => Some(Value::Draw),
            Some("loss") => Some(Value::Loss),
            _ => None,
        };
        match (key, value, fields.next()) {
            (Some(key), Some(value), None) => {
                found.insert(key, value);
            }
            _ => return Err(format!("{path}:{}: not a `KEY VALUE` line", i + 1).into()),
        }
    }
    Ok(found)
}
