//! Every start pair of the full 8x8 footholds grid, timed.
//!
//! The full 8x8 grid has 8 symmetries (4 rotations, each with or without a reflection), and
//! a game's answer is the same for two start pairs that one of them maps onto each other.
//! So the 4,096 pairs fall into 528 classes (each pair of distinct cells off the diagonals
//! in a class of 8; pairs on a diagonal in classes of 4), and the sweep answers one pair
//! per class: the smallest `(A, B)` under the cell numbering `row * 8 + col`.
//!
//! Each class is answered by a fresh [`Solver`] (so a fresh table), as a one-off caller
//! of `perfect_play::footholds::solve` gets it; the time includes the line of play.
//! Printed: the slowest ten, percentiles of time and of positions searched, and the
//! peak memory of the process (`VmHWM` from `/proc/self/status`). The answers go to a CSV
//! file (`class,a_row,a_col,b_row,b_col,moves,winner,positions,path_steps,micros`).
//!
//! ```text
//! cargo run --release --example footholds_sweep -- [--every K] [--csv FILE] [--shared]
//!     [--check FILE] [--pair AR,AC,BR,BC]
//! ```
//!
//! `--every K` answers only every K-th class (a sample, for quick comparisons);
//! `--check FILE` compares every answer with a CSV written by `--csv` (or the committed
//! `examples/footholds_sweep_answers.csv`) and exits 1 on any difference;
//! `--pair AR,AC,BR,BC` answers that one start pair only (to profile it);
//! `--shared` keeps one solver for the whole sweep instead of a fresh one per class;
//! `--holes N` answers instead N seeded random 8x8 grids with holes (tiles on 70% to
//! 98% of the cells, starts on tiles), to look for grids slower than the full one.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stdout,
    clippy::print_stderr
)] // measuring code: it may panic and print

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use perfect_play::footholds::{Grid, Solver};

type Cell = (usize, usize);

/// The 8 symmetries of the 8x8 square, applied to a cell.
fn transform(which: usize, (row, col): Cell) -> Cell {
    let (row, col) = if which & 4 != 0 {
        (col, row)
    } else {
        (row, col)
    };
    let row = if which & 1 != 0 { 7 - row } else { row };
    let col = if which & 2 != 0 { 7 - col } else { col };
    (row, col)
}

fn number((row, col): Cell) -> usize {
    row * 8 + col
}

/// The start pairs that stand for the classes, in order, each with the size of its class.
fn classes() -> Vec<(Cell, Cell, usize)> {
    let mut found = Vec::new();
    for a in 0..64 {
        for b in 0..64 {
            let (a, b) = ((a / 8, a % 8), (b / 8, b % 8));
            let images: Vec<(usize, usize)> = (0..8)
                .map(|t| (number(transform(t, a)), number(transform(t, b))))
                .collect();
            let least = images.iter().min().copied();
            if least == Some((number(a), number(b))) {
                let mut distinct = images.clone();
                distinct.sort_unstable();
                distinct.dedup();
                found.push((a, b, distinct.len()));
            }
        }
    }
    found
}

fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn percentile<T: Copy>(sorted: &[T], p: f64) -> T {
    let at = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[at]
}

struct Row {
    class: usize,
    a: Cell,
    b: Cell,
    moves: u32,
    winner: String,
    positions: u64,
    path_steps: u64,
    time: Duration,
}

fn main() {
    let mut every = 1;
    let mut csv_path = None;
    let mut shared = false;
    let mut holes = 0;
    let mut check = None;
    let mut pair = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--every" => every = args.next().and_then(|k| k.parse().ok()).unwrap_or(1),
            "--csv" => csv_path = args.next(),
            "--shared" => shared = true,
            "--holes" => holes = args.next().and_then(|n| n.parse().ok()).unwrap_or(0),
            "--check" => check = args.next(),
            "--pair" => pair = args.next().map(|text| parse_pair(&text)),
            other => {
                eprintln!("unknown argument {other:?}");
                std::process::exit(2);
            }
        }
    }
    let every = every.max(1);
    if holes > 0 {
        sweep_holes(holes);
        return;
    }
    let grid = Grid::new(&[[1u8; 8]; 8]).expect("the full grid is valid");
    if let Some((a, b)) = pair {
        let mut solver = Solver::new();
        let start = Instant::now();
        let solution = solver.solve(&grid, a, b).expect("starts are on tiles");
        let time = start.elapsed();
        let stats = solver.stats();
        println!(
            "A {a:?} B {b:?}: {} moves, {} wins; {:.1} ms; {} positions, {} path steps",
            solution.moves,
            solution.winner,
            time.as_secs_f64() * 1e3,
            stats.positions,
            stats.path_steps
        );
        return;
    }
    let classes = classes();
    let pairs: usize = classes.iter().map(|&(_, _, size)| size).sum();
    println!(
        "full 8x8 grid: {pairs} start pairs in {} classes; answering every {every}",
        classes.len()
    );

    let mut rows = Vec::new();
    let mut keep = Solver::new();
    let started = Instant::now();
    for (class, &(a, b, _)) in classes.iter().enumerate().step_by(every) {
        let mut fresh = Solver::new();
        let solver = if shared { &mut keep } else { &mut fresh };
        let start = Instant::now();
        let solution = solver.solve(&grid, a, b).expect("starts are on tiles");
        let time = start.elapsed();
        let stats = solver.stats();
        rows.push(Row {
            class,
            a,
            b,
            moves: solution.moves,
            winner: solution.winner.to_string(),
            positions: stats.positions,
            path_steps: stats.path_steps,
            time,
        });
    }
    let total = started.elapsed();

    let mut by_time: Vec<&Row> = rows.iter().collect();
    by_time.sort_by_key(|row| std::cmp::Reverse(row.time));
    println!("\nslowest ten:");
    println!("| A | B | answer | time | positions | path steps |");
    println!("|---|---|---|--:|--:|--:|");
    for row in by_time.iter().take(10) {
        println!(
            "| {:?} | {:?} | {} moves, {} wins | {:.1} ms | {} | {} |",
            row.a,
            row.b,
            row.moves,
            row.winner,
            row.time.as_secs_f64() * 1e3,
            row.positions,
            row.path_steps
        );
    }

    let mut times: Vec<Duration> = rows.iter().map(|row| row.time).collect();
    times.sort_unstable();
    let mut positions: Vec<u64> = rows.iter().map(|row| row.positions).collect();
    positions.sort_unstable();
    let mut steps: Vec<u64> = rows.iter().map(|row| row.path_steps).collect();
    steps.sort_unstable();
    println!("\n| percentile | time | positions | path steps |");
    println!("|---|--:|--:|--:|");
    for (name, p) in [
        ("min", 0.0),
        ("p50", 0.5),
        ("p90", 0.9),
        ("p99", 0.99),
        ("max", 1.0),
    ] {
        println!(
            "| {name} | {:.2} ms | {} | {} |",
            percentile(&times, p).as_secs_f64() * 1e3,
            percentile(&positions, p),
            percentile(&steps, p)
        );
    }
    let over = |limit: f64| times.iter().filter(|t| t.as_secs_f64() > limit).count();
    println!(
        "\n{} classes in {:.1} s (mean {:.1} ms); over 0.5 s: {}; over 1 s: {}",
        rows.len(),
        total.as_secs_f64(),
        total.as_secs_f64() * 1e3 / rows.len().max(1) as f64,
        over(0.5),
        over(1.0)
    );
    let sum_positions: u64 = positions.iter().sum();
    let a_wins = rows.iter().filter(|row| row.winner == "A").count();
    let checksum = rows.iter().fold(0u64, |h, row| {
        (h ^ (row.class as u64) << 8 ^ u64::from(row.moves)).wrapping_mul(0x100_0000_01B3)
    });
    println!(
        "positions in all: {sum_positions}; A wins {a_wins} of {}; answers checksum {checksum:016x}",
        rows.len()
    );
    match peak_memory_kib() {
        Some(kib) => println!("peak memory (VmHWM): {:.1} MiB", kib as f64 / 1024.0),
        None => println!("peak memory: /proc/self/status unreadable"),
    }

    if let Some(path) = csv_path {
        let mut text = String::from(
            "class,a_row,a_col,b_row,b_col,moves,winner,positions,path_steps,micros\n",
        );
        for row in &rows {
            let _ = writeln!(
                text,
                "{},{},{},{},{},{},{},{},{},{}",
                row.class,
                row.a.0,
                row.a.1,
                row.b.0,
                row.b.1,
                row.moves,
                row.winner,
                row.positions,
                row.path_steps,
                row.time.as_micros()
            );
        }
        std::fs::write(&path, text).expect("the CSV file is writable");
        println!("answers written to {path}");
    }
    if let Some(path) = check {
        let differ = compare(&rows, &path);
        if differ > 0 {
            println!("{differ} answers differ from {path}");
            std::process::exit(1);
        }
        println!("every answer equals {path}");
    }
}

/// `AR,AC,BR,BC` as two cells.
fn parse_pair(text: &str) -> (Cell, Cell) {
    let n: Vec<usize> = text
        .split(',')
        .map(|part| part.trim().parse().expect("--pair takes AR,AC,BR,BC"))
        .collect();
    assert!(
        n.len() == 4 && n.iter().all(|&x| x < 8),
        "--pair takes AR,AC,BR,BC"
    );
    ((n[0], n[1]), (n[2], n[3]))
}

/// How many of `rows` differ from the answers in the CSV file at `path` (matched by
/// class; a class the file lacks counts as a difference), each printed.
fn compare(rows: &[Row], path: &str) -> usize {
    let text = std::fs::read_to_string(path).expect("the CSV file is readable");
    let known: std::collections::HashMap<usize, (Cell, Cell, u32, String)> = text
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            let n = |i: usize| f[i].parse::<usize>().expect("a number");
            let moves = f[5].parse().expect("a number");
            (n(0), ((n(1), n(2)), (n(3), n(4)), moves, f[6].to_string()))
        })
        .collect();
    let mut differ = 0;
    for row in rows {
        let now = (row.a, row.b, row.moves, row.winner.clone());
        if known.get(&row.class) != Some(&now) {
            println!(
                "class {}: {now:?}, the file: {:?}",
                row.class,
                known.get(&row.class)
            );
            differ += 1;
        }
    }
    differ
}

/// A small seeded generator (splitmix64), so every run sees the same grids.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// `count` random 8x8 grids with holes: the slowest ten and the percentiles.
fn sweep_holes(count: usize) {
    let mut rng = Rng(14);
    let mut found = Vec::new();
    for _ in 0..count {
        let percent = 70 + rng.next() % 29;
        let mut rows = [[0u8; 8]; 8];
        for row in rows.iter_mut() {
            for cell in row.iter_mut() {
                *cell = u8::from(rng.next() % 100 < percent);
            }
        }
        let pick = |rng: &mut Rng| ((rng.next() % 8) as usize, (rng.next() % 8) as usize);
        let (a, b) = (pick(&mut rng), pick(&mut rng));
        rows[a.0][a.1] = 1;
        rows[b.0][b.1] = 1;
        let grid = Grid::new(&rows).expect("an 8x8 grid of 0 and 1 is valid");
        let mut solver = Solver::new();
        let start = Instant::now();
        let solution = solver.solve(&grid, a, b).expect("starts are on tiles");
        let time = start.elapsed();
        found.push((
            time,
            grid.tile_count(),
            a,
            b,
            solution.moves,
            solver.stats().positions,
        ));
    }
    found.sort_by_key(|&(time, ..)| std::cmp::Reverse(time));
    println!("{count} random 8x8 grids with holes (70% to 98% tiles); slowest ten:");
    println!("| tiles | A | B | moves | time | positions |");
    println!("|--:|---|---|--:|--:|--:|");
    for (time, tiles, a, b, moves, positions) in found.iter().take(10) {
        println!(
            "| {tiles} | {a:?} | {b:?} | {moves} | {:.1} ms | {positions} |",
            time.as_secs_f64() * 1e3
        );
    }
    let mut times: Vec<Duration> = found.iter().map(|&(time, ..)| time).collect();
    times.sort_unstable();
    for (name, p) in [("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0)] {
        println!(
            "{name}: {:.2} ms",
            percentile(&times, p).as_secs_f64() * 1e3
        );
    }
    if let Some(kib) = peak_memory_kib() {
        println!("peak memory (VmHWM): {:.1} MiB", kib as f64 / 1024.0);
    }
}
