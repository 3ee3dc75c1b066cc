//! Every way to answer a tic-tac-toe board, timed in one criterion run.
//!
//! Each benchmark walks a fixed, seeded input set once per iteration and answers every board
//! in it; a baseline walks the same inputs doing nothing but reading them. The answer is
//! the full one: outcome, plies and optimal moves for a reachable board, the reason for an
//! unreachable one (what `Board::lookup` returns), packed into 16 bits so every method
//! produces the same value (checked before timing).
//!
//! - `phf-lookup`: `Board::lookup`, the library (CHD layout; PtrHash with `--features ptrhash`);
//! - `dense-array`: a 3^9 `u16` array indexed by `Board::code`, built here from the
//!   library's answers: the lower bound for any table;
//! - `search-*` (CHD run only): `benches/tictactoe_search.rs`, a plain minimax written for
//!   this comparison, with a fresh memo per query, a warm
//!   memo (solved from the empty board once), and no memo;
//! - `parse*`: `Board::from_ascii` on 9-byte lines (`xo.x..o..`), alone and with the lookup;
//!   `sketch-parse*`: a branch-free nine-cell parser written here, for comparison.
//!
//! Inputs: every reachable board (5,478), every unreachable board (14,205) and every board
//! (19,683, 28% reachable), each exactly once, in an order shuffled by a seeded xorshift.
//!
//! `cargo bench --bench tictactoe` then `cargo bench --bench tictactoe --features ptrhash`
//! (or `bash benches/run.sh`, which also measures build time and size). After criterion
//! finishes, the bench prints ns/board with the baseline subtracted, both layouts side by
//! side when both runs are in criterion's directory.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stdout,
    clippy::print_stderr
)] // measuring code: it may panic and print

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use perfect_play::games::tictactoe::{Board, Outcome, Player, Unreachable};

#[allow(dead_code)]
#[path = "tictactoe_search.rs"]
mod solve;

/// The table layout this build of the library uses: the prefix of this run's groups.
const LAYOUT: &str = if cfg!(feature = "ptrhash") {
    "ptrhash"
} else {
    "chd"
};
const LAYOUTS: [&str; 2] = ["chd", "ptrhash"];

/// Number of boards: 3^9.
const CODES: u16 = 19_683;

/// Fixed seed of the input shuffle.
const SEED: u64 = 0x2545_f491_4f6c_dd1d;

/// Outcome field value 3 (unused by the table) marks an unreachable board's answer.
const UNREACHABLE: u16 = 3 << 13;

/// Marsaglia's xorshift64: seeded, dependency-free input order.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// Fisher-Yates shuffle (modulo bias below 2^-49 for these lengths).
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

/// The full answer for a board in 16 bits. Reachable: the table's entry layout (moves in
/// bits 0..9, plies in 9..13, outcome 0 draw / 1 x wins / 2 o wins in 13..15). Unreachable:
/// outcome field 3 and the reason in the low bits.
#[inline]
fn answer(board: Board) -> u16 {
    match board.lookup() {
        Ok(position) => {
            let outcome = match position.outcome() {
                Outcome::Draw => 0,
                Outcome::Win(Player::X) => 1,
                Outcome::Win(Player::O) => 2,
            };
            (outcome << 13) | (u16::from(position.plies()) << 9) | position.best_moves().mask()
        }
        Err(why) => {
            UNREACHABLE
                | match why {
                    Unreachable::MoreOThanX => 0,
                    Unreachable::XTooFarAhead => 1,
                    Unreachable::BothHaveLines => 2,
                    Unreachable::PlayedAfterWin(Player::X) => 3,
                    Unreachable::PlayedAfterWin(Player::O) => 4,
                    _ => 7,
                }
        }
    }
}

/// A branch-free parser for exactly nine cells (`x`, `o`, `.`, `-`, `_`, either case, no
/// separators): a bench-only sketch of what the lines format could cost, checked against
/// `Board::from_ascii` on every board. The library's parser branches on every byte.
#[inline]
fn parse_nine(line: &[u8]) -> Option<Board> {
    let cells: &[u8; 9] = line.try_into().ok()?;
    let (mut x, mut o, mut bad) = (0u16, 0u16, 0u16);
    for (cell, &byte) in cells.iter().enumerate() {
        let is_x = u16::from(byte | 0x20 == b'x');
        let is_o = u16::from(byte | 0x20 == b'o');
        let is_empty = u16::from(byte == b'.') | u16::from(byte == b'-') | u16::from(byte == b'_');
        x |= is_x << cell;
        o |= is_o << cell;
        bad |= (1 ^ (is_x | is_o | is_empty)) << cell;
    }
    if bad == 0 {
        Board::from_masks(x, o)
    } else {
        None
    }
}

fn board(code: u16) -> Board {
    Board::from_code(code).expect("codes below 3^9 are boards")
}

/// The seeded inputs and the alternatives to the library, built and checked once.
struct Inputs {
    all: Vec<Board>,
    reachable: Vec<Board>,
    unreachable: Vec<Board>,
    /// `reachable` as the solver's own board type.
    reachable_rules: Vec<Board>,
    /// 9-byte lines (`xo.x..o..`), no separator: the boards of `all` and `reachable`.
    text_all: Vec<u8>,
    text_reachable: Vec<u8>,
    /// `answer(board)` at `board.code()`, for all 3^9 boards.
    dense: Vec<u16>,
}

impl Inputs {
    fn new() -> Inputs {
        let mut all: Vec<Board> = (0..CODES).map(board).collect();
        XorShift(SEED).shuffle(&mut all);
        let (reachable, unreachable): (Vec<Board>, Vec<Board>) =
            all.iter().partition(|board| board.is_reachable());
        assert_eq!((reachable.len(), unreachable.len()), (5_478, 14_205));
        let reachable_rules = reachable.to_vec();
        let text = |boards: &[Board]| -> Vec<u8> {
            boards
                .iter()
                .flat_map(|board| board.to_string().into_bytes())
                .collect()
        };
        let dense = (0..CODES).map(|code| answer(board(code))).collect();
        let inputs = Inputs {
            text_all: text(&all),
            text_reachable: text(&reachable),
            all,
            reachable,
            unreachable,
            reachable_rules,
            dense,
        };
        inputs.check();
        inputs
    }

    /// Every method gives the library's answer on every input it is timed on.
    fn check(&self) {
        for (&board, line) in self.all.iter().zip(self.text_all.chunks_exact(9)) {
            assert_eq!(Board::from_ascii(line), Ok(board));
            assert_eq!(parse_nine(line), Some(board));
            assert_eq!(self.dense[usize::from(board.code())], answer(board));
        }
        let mut warm = vec![solve::UNSOLVED; usize::from(CODES)];
        solve::solve(Board::EMPTY, &mut warm);
        for (&board, &rules_board) in self.reachable.iter().zip(&self.reachable_rules) {
            let expected = answer(board);
            let mut fresh = vec![solve::UNSOLVED; usize::from(CODES)];
            assert_eq!(solve::solve(rules_board, &mut fresh).bits(), expected);
            assert_eq!(solve::solve(rules_board, &mut warm).bits(), expected);
            assert_eq!(solve::solve(rules_board, &mut []).bits(), expected);
        }
    }
}

/// Times `f` over every item of `items`, one pass per iteration.
fn over<T: Copy, R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    items: &[T],
    mut f: impl FnMut(T) -> R,
) {
    group.throughput(Throughput::Elements(items.len() as u64));
    group.bench_function(id, |b| {
        b.iter(|| {
            for &item in black_box(items) {
                black_box(f(item));
            }
        });
    });
}

/// Times `f` over every 9-byte line of `text`, one pass per iteration.
fn over_lines<R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    text: &[u8],
    f: impl Fn(&[u8]) -> R,
) {
    group.throughput(Throughput::Elements((text.len() / 9) as u64));
    group.bench_function(id, |b| {
        b.iter(|| {
            for line in black_box(text).chunks_exact(9) {
                black_box(f(line));
            }
        });
    });
}

fn tables(c: &mut Criterion, inputs: &Inputs) {
    let dense = inputs.dense.as_slice();
    for (set, boards) in [
        ("reachable", &inputs.reachable),
        ("mixed", &inputs.all),
        ("unreachable", &inputs.unreachable),
    ] {
        let mut group = c.benchmark_group(format!("{LAYOUT}-{set}"));
        over(&mut group, "baseline", boards, |board| board);
        over(&mut group, "phf-lookup", boards, answer);
        over(&mut group, "dense-array", boards, |board| {
            dense[usize::from(board.code())]
        });
        group.finish();
    }
}

fn text(c: &mut Criterion, inputs: &Inputs) {
    let dense = inputs.dense.as_slice();
    for (set, text) in [
        ("reachable", &inputs.text_reachable),
        ("mixed", &inputs.text_all),
    ] {
        let mut group = c.benchmark_group(format!("{LAYOUT}-text-{set}"));
        over_lines(&mut group, "baseline", text, <[u8]>::as_ptr);
        over_lines(&mut group, "parse", text, Board::from_ascii);
        over_lines(&mut group, "parse-phf-lookup", text, |line| {
            Board::from_ascii(line).map(answer)
        });
        over_lines(&mut group, "parse-dense-array", text, |line| {
            Board::from_ascii(line).map(|board| dense[usize::from(board.code())])
        });
        over_lines(&mut group, "sketch-parse", text, parse_nine);
        over_lines(&mut group, "sketch-parse-phf-lookup", text, |line| {
            parse_nine(line).map(answer)
        });
        group.finish();
    }
}

/// Searching does not depend on the table layout: timed in the CHD run only.
fn search(c: &mut Criterion, inputs: &Inputs) {
    let boards = inputs.reachable_rules.as_slice();
    let mut group = c.benchmark_group("search-reachable");
    // A pass of plain search takes tens of milliseconds: flat sampling keeps the run short.
    group.sampling_mode(SamplingMode::Flat).sample_size(20);
    over(&mut group, "baseline", boards, |board| board);
    let mut warm = vec![solve::UNSOLVED; usize::from(CODES)];
    solve::solve(Board::EMPTY, &mut warm);
    over(&mut group, "search-memo-warm", boards, |board| {
        solve::solve(board, &mut warm).bits()
    });
    over(&mut group, "search-memo-fresh", boards, |board| {
        let mut memo = vec![solve::UNSOLVED; usize::from(CODES)];
        solve::solve(board, &mut memo).bits()
    });
    over(&mut group, "search-plain", boards, |board| {
        solve::solve(board, &mut []).bits()
    });
    group.finish();
}

/// The rows of the summary: (input set, group suffix, benchmark), per layout unless the
/// group is layout-free.
const ROWS: [(&str, &str, &str); 21] = [
    ("reachable", "reachable", "phf-lookup"),
    ("reachable", "reachable", "dense-array"),
    ("mixed", "mixed", "phf-lookup"),
    ("mixed", "mixed", "dense-array"),
    ("unreachable", "unreachable", "phf-lookup"),
    ("unreachable", "unreachable", "dense-array"),
    ("reachable", "search-reachable", "search-memo-warm"),
    ("reachable", "search-reachable", "search-memo-fresh"),
    ("reachable", "search-reachable", "search-plain"),
    ("reachable text", "text-reachable", "parse"),
    ("reachable text", "text-reachable", "parse-phf-lookup"),
    ("reachable text", "text-reachable", "parse-dense-array"),
    ("reachable text", "text-reachable", "sketch-parse"),
    (
        "reachable text",
        "text-reachable",
        "sketch-parse-phf-lookup",
    ),
    ("mixed text", "text-mixed", "parse"),
    ("mixed text", "text-mixed", "parse-phf-lookup"),
    ("mixed text", "text-mixed", "parse-dense-array"),
    ("mixed text", "text-mixed", "sketch-parse"),
    ("mixed text", "text-mixed", "sketch-parse-phf-lookup"),
    ("reachable", "reachable", "baseline"),
    ("reachable text", "text-reachable", "baseline"),
];

/// Where criterion writes its estimates, found as criterion finds it.
fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    let metadata = std::env::var_os("CARGO").and_then(|cargo| {
        std::process::Command::new(cargo)
            .args(["metadata", "--format-version", "1", "--no-deps"])
            .output()
            .ok()
    });
    metadata
        .and_then(|out| serde_json::from_slice::<serde_json::Value>(&out.stdout).ok())
        .and_then(|meta| meta["target_directory"].as_str().map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("target"))
        .join("criterion")
}

/// One benchmark's time per pass (ns): the fastest sample and the median, and the boards in
/// a pass, if criterion has them.
struct Pass {
    fastest: f64,
    median: f64,
    boards: f64,
}

fn pass(dir: &Path, group: &str, id: &str) -> Option<Pass> {
    let read = |file: &str| -> Option<serde_json::Value> {
        let text = std::fs::read(dir.join(group).join(id).join("new").join(file)).ok()?;
        serde_json::from_slice(&text).ok()
    };
    let (estimates, sample, bench) = (
        read("estimates.json")?,
        read("sample.json")?,
        read("benchmark.json")?,
    );
    let per_pass = |(iters, time): (&serde_json::Value, &serde_json::Value)| {
        Some(time.as_f64()? / iters.as_f64()?)
    };
    let fastest = sample["iters"]
        .as_array()?
        .iter()
        .zip(sample["times"].as_array()?)
        .map(per_pass)
        .collect::<Option<Vec<f64>>>()?
        .into_iter()
        .fold(f64::INFINITY, f64::min);
    Some(Pass {
        fastest,
        median: estimates["median"]["point_estimate"].as_f64()?,
        boards: bench["throughput"]["Elements"].as_f64()?,
    })
}

/// ns per board, fastest sample / median, each less the baseline's; `-` if not measured.
fn per_board(dir: &Path, group: &str, id: &str) -> String {
    let (Some(run), Some(base)) = (pass(dir, group, id), pass(dir, group, "baseline")) else {
        return "-".into();
    };
    let (fastest, median) = if id == "baseline" {
        (run.fastest, run.median)
    } else {
        (run.fastest - base.fastest, run.median - base.median)
    };
    format!("{:.2} / {:.2}", fastest / run.boards, median / run.boards)
}

fn summary() {
    let dir = criterion_dir();
    println!();
    println!("ns/board, baseline subtracted: fastest sample / median sample ({dir:?}):");
    println!();
    println!("| input | method | CHD (default) | PtrHash (`--features ptrhash`) |");
    println!("|---|---|--:|--:|");
    for (set, suffix, id) in ROWS {
        let cells: Vec<String> = if suffix.starts_with("search") {
            vec![per_board(&dir, suffix, id), "(same)".into()]
        } else {
            LAYOUTS
                .iter()
                .map(|layout| per_board(&dir, &format!("{layout}-{suffix}"), id))
                .collect()
        };
        let method = if id == "baseline" {
            "baseline loop (not subtracted)"
        } else {
            id
        };
        println!("| {set} | {method} | {} | {} |", cells[0], cells[1]);
    }
}

fn main() {
    println!(
        "table layout: {LAYOUT}; dense array = {} bytes (the table's own size is pinned in tests/static_size.rs)",
        usize::from(CODES) * size_of::<u16>()
    );
    let inputs = Inputs::new();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    tables(&mut c, &inputs);
    text(&mut c, &inputs);
    if LAYOUT == "chd" {
        search(&mut c, &inputs);
    }
    c.final_summary();
    // `cargo bench` passes `--bench`; `cargo test --benches` runs each benchmark once.
    if std::env::args().any(|arg| arg == "--bench") {
        summary();
    }
}
