//! The footholds solver timed with criterion, beside two brute-force
//! references on the same grids.
//!
//! - `fast`: `perfect_play::footholds::solve`, with a fresh solver (and table) per query,
//!   as a one-off caller gets it; the line of play included;
//! - `brute`: plain recursion over the rules on a `Vec<Vec<bool>>` board, trying every
//!   move, no memo (the usual accepted solution of the problem);
//! - `memo`: the same recursion memoised in a `HashMap` keyed on the whole state (the
//!   reference the tests use); timed by criterion up to 5x5 and run once on 6x6 for the
//!   summary (where it holds about 7.7 million states, some 300 MB), not on 7x7, where
//!   brute force visits some 400 times the nodes it does on 6x6.
//!
//! Inputs, and how the worst cases are found (before criterion runs, in `cargo bench`):
//! - `5x5-full`: every start pair of the full 5x5 grid (625), each solved 3 times; the
//!   pair with the slowest best time is the one benchmarked;
//! - `5x5-holes`: 2,000 seeded random grids of 1x1 to 5x5, tile density 30-100%, random
//!   starts (sometimes shared); the slowest likewise;
//! - `6x6-full`: every start pair of the full 6x6 grid (1,296); the three slowest;
//! - `7x7-full`: the full 7x7 grid, A at (3, 2), B at (3, 4). Brute force runs once, for the
//!   summary, within a node budget (`FOOTHOLDS_BRUTE_BUDGET`, default 2e10: it needs
//!   about 5.8e9, some 3 minutes); where the budget runs out, the summary says so.
//!
//! After criterion, a summary table gives for each case the answer, the fast solver's
//! median time over 11 runs and its node counts (positions searched, longest-path steps),
//! and the same for the references where they finish. Sweep figures are printed first.
//!
//! Run: `cargo bench --bench footholds` (about 6 minutes on 2 cores).
//! Under `cargo test --benches` each benchmark runs once, on fixed pairs, without sweeps.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stdout,
    clippy::print_stderr
)] // measuring code: it may panic and print

use std::collections::HashMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use perfect_play::footholds::{FootholdsPlayer, Grid, Solver, solve};

type Cell = (usize, usize);
type Board = Vec<Vec<bool>>;

/// How a game ends: whether the player to move wins, and the moves left.
type Value = (bool, u32);

/// One game: a board and the two starts.
#[derive(Clone)]
struct Game {
    name: String,
    board: Board,
    a: Cell,
    b: Cell,
}

impl Game {
    fn grid(&self) -> Grid {
        let rows: Vec<Vec<u8>> = self
            .board
            .iter()
            .map(|row| row.iter().map(|&tile| u8::from(tile)).collect())
            .collect();
        Grid::new(&rows).unwrap()
    }
}

fn full(side: usize, a: Cell, b: Cell, name: &str) -> Game {
    Game {
        name: format!("{name} A{a:?} B{b:?}"),
        board: vec![vec![true; side]; side],
        a,
        b,
    }
}

/// The cells next to `at` with a tile.
fn moves(board: &Board, (row, col): Cell) -> Vec<Cell> {
    let mut found = Vec::with_capacity(4);
    if row > 0 && board[row - 1][col] {
        found.push((row - 1, col));
    }
    if row + 1 < board.len() && board[row + 1][col] {
        found.push((row + 1, col));
    }
    if col > 0 && board[row][col - 1] {
        found.push((row, col - 1));
    }
    if col + 1 < board[row].len() && board[row][col + 1] {
        found.push((row, col + 1));
    }
    found
}

/// A win beats a loss; a faster win, a slower loss.
fn better(a: Value, b: Value) -> Value {
    match (a.0, b.0) {
        (true, false) => a,
        (false, true) => b,
        (true, true) => (true, a.1.min(b.1)),
        (false, false) => (false, a.1.max(b.1)),
    }
}

/// Plain recursion: the value for the player on `mover`; `None` once `budget` nodes are
/// spent.
fn brute(
    board: &mut Board,
    mover: Cell,
    other: Cell,
    nodes: &mut u64,
    budget: u64,
) -> Option<Value> {
    *nodes += 1;
    if *nodes > budget {
        return None;
    }
    if !board[mover.0][mover.1] {
        return Some((false, 0));
    }
    let mut best = None;
    for step in moves(board, mover) {
        board[mover.0][mover.1] = false;
        let child = brute(board, other, step, nodes, budget);
        board[mover.0][mover.1] = true;
        let (they_win, later) = child?;
        let mine = (!they_win, later + 1);
        best = Some(best.map_or(mine, |old| better(old, mine)));
    }
    Some(best.unwrap_or((false, 0)))
}

/// The same recursion, memoised on the whole state (tiles as bits, then both cells).
fn memo(board: &mut Board, mover: Cell, other: Cell, seen: &mut HashMap<u64, Value>) -> Value {
    if !board[mover.0][mover.1] {
        return (false, 0);
    }
    let cols = board[0].len();
    let mut key = 0u64;
    for (row, cells) in board.iter().enumerate() {
        for (col, &tile) in cells.iter().enumerate() {
            key |= u64::from(tile) << (row * cols + col);
        }
    }
    key |= ((mover.0 * cols + mover.1) as u64) << 50 | ((other.0 * cols + other.1) as u64) << 57;
    if let Some(&known) = seen.get(&key) {
        return known;
    }
    let mut best = None;
    for step in moves(board, mover) {
        board[mover.0][mover.1] = false;
        let (they_win, later) = memo(board, other, step, seen);
        board[mover.0][mover.1] = true;
        let mine = (!they_win, later + 1);
        best = Some(best.map_or(mine, |old| better(old, mine)));
    }
    let best = best.unwrap_or((false, 0));
    seen.insert(key, best);
    best
}

/// The fast solver's answer and work on a game.
fn fast(game: &Game) -> (Value, u64, u64) {
    let mut solver = Solver::new();
    let solution = solver.solve(&game.grid(), game.a, game.b).unwrap();
    let stats = solver.stats();
    (
        (solution.winner == FootholdsPlayer::A, solution.moves),
        stats.positions,
        stats.path_steps,
    )
}

/// The median of `runs` timings of `work`.
fn median_time(runs: usize, mut work: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

/// The best of three timings of the fast solver on each game, slowest first.
fn sweep(label: &str, games: &[Game]) -> Vec<(Duration, Game)> {
    let mut timed: Vec<(Duration, Game)> = games
        .iter()
        .map(|game| {
            let grid = game.grid();
            let best = (0..3)
                .map(|_| {
                    let start = Instant::now();
                    black_box(solve(&grid, game.a, game.b).unwrap());
                    start.elapsed()
                })
                .min()
                .unwrap();
            (best, game.clone())
        })
        .collect();
    timed.sort_by_key(|(time, _)| std::cmp::Reverse(*time));
    let total: Duration = timed.iter().map(|(time, _)| *time).sum();
    println!(
        "sweep {label}: {} games, slowest {:?} ({}), mean {:?}",
        timed.len(),
        timed[0].0,
        timed[0].1.name,
        total / timed.len() as u32
    );
    for (time, game) in timed.iter().take(5) {
        let (_, positions, steps) = fast(game);
        println!(
            "  {time:>10.3?}  {}  positions {positions}, path steps {steps}",
            game.name
        );
    }
    timed
}

/// A small seeded generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn random_games(count: usize) -> Vec<Game> {
    let mut rng = Rng(92345);
    (0..count)
        .map(|i| {
            let (rows, cols) = (1 + rng.below(5), 1 + rng.below(5));
            let density = 30 + rng.below(71);
            let mut board: Board = (0..rows)
                .map(|_| (0..cols).map(|_| rng.below(100) < density).collect())
                .collect();
            let a = (rng.below(rows), rng.below(cols));
            let b = if rng.below(5) == 0 {
                a
            } else {
                (rng.below(rows), rng.below(cols))
            };
            board[a.0][a.1] = true;
            board[b.0][b.1] = true;
            Game {
                name: format!("random #{i} {rows}x{cols} A{a:?} B{b:?}"),
                board,
                a,
                b,
            }
        })
        .collect()
}

fn all_pairs(side: usize, name: &str) -> Vec<Game> {
    let cells: Vec<Cell> = (0..side * side).map(|i| (i / side, i % side)).collect();
    cells
        .iter()
        .flat_map(|&a| cells.iter().map(move |&b| (a, b)))
        .map(|(a, b)| full(side, a, b, name))
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let benchmarking =
        args.iter().any(|arg| arg == "--bench") && !args.iter().any(|arg| arg == "--test");
    let budget: u64 = std::env::var("FOOTHOLDS_BRUTE_BUDGET")
        .ok()
        .and_then(|text| text.parse::<f64>().ok())
        .map_or(20_000_000_000, |nodes| nodes as u64);

    // The cases: found by sweeps when benchmarking, fixed pairs otherwise.
    let (five, holes, six) = if benchmarking {
        let five = sweep("5x5-full, all start pairs", &all_pairs(5, "5x5-full"));
        let holes = sweep("5x5-holes, seeded random grids", &random_games(2000));
        let six = sweep("6x6-full, all start pairs", &all_pairs(6, "6x6-full"));
        (
            vec![five[0].1.clone()],
            vec![holes[0].1.clone()],
            six.iter().take(3).map(|(_, game)| game.clone()).collect(),
        )
    } else {
        (
            vec![full(5, (0, 0), (4, 1), "5x5-full")],
            random_games(1),
            vec![full(6, (2, 2), (3, 3), "6x6-full")],
        )
    };
    let seven = full(7, (3, 2), (3, 4), "7x7-full");

    let mut criterion = Criterion::default().configure_from_args();
    // Which references criterion times: brute force up to 6x6, the memo up to 5x5 (on 6x6
    // it takes seconds and hundreds of MB a run; the summary runs it once).
    for (group_name, games, brute_too, memo_too) in [
        ("5x5-full", &five, true, true),
        ("5x5-holes", &holes, true, true),
        ("6x6-full", &six, true, false),
        ("7x7-full", &vec![seven.clone()], false, false),
    ] {
        let mut group = criterion.benchmark_group(group_name);
        group.sample_size(10);
        for game in games.iter() {
            let grid = game.grid();
            group.bench_function(BenchmarkId::new("fast", &game.name), |bench| {
                bench.iter(|| solve(black_box(&grid), game.a, game.b).unwrap());
            });
            if brute_too {
                group.bench_function(BenchmarkId::new("brute", &game.name), |bench| {
                    bench.iter(|| {
                        let mut nodes = 0;
                        brute(
                            &mut game.board.clone(),
                            game.a,
                            game.b,
                            &mut nodes,
                            u64::MAX,
                        )
                    });
                });
            }
            if memo_too {
                group.bench_function(BenchmarkId::new("memo", &game.name), |bench| {
                    bench.iter(|| {
                        memo(&mut game.board.clone(), game.a, game.b, &mut HashMap::new())
                    });
                });
            }
        }
        group.finish();
    }
    criterion.final_summary();

    // The summary: answers, medians and node counts side by side.
    let runs = if benchmarking { 11 } else { 1 };
    println!();
    println!(
        "| case | answer | fast: median of {runs} | positions + path steps | brute: time | brute: nodes | memo: time | memo: states |"
    );
    println!("|---|---|--:|--:|--:|--:|--:|--:|");
    let cases: Vec<&Game> = five
        .iter()
        .chain(&holes)
        .chain(&six)
        .chain([&seven])
        .collect();
    for game in cases {
        let (value, positions, steps) = fast(game);
        let grid = game.grid();
        let fast_time = median_time(runs, || {
            black_box(solve(&grid, game.a, game.b).unwrap());
        });
        let cells = game.board.len() * game.board[0].len();
        // The budget is for 7x7 only; under `cargo test`, a token one.
        let brute_budget = match (cells <= 36, benchmarking) {
            (true, _) => u64::MAX,
            (false, true) => budget,
            (false, false) => 1_000_000,
        };
        let mut nodes = 0;
        let start = Instant::now();
        let brute_value = brute(
            &mut game.board.clone(),
            game.a,
            game.b,
            &mut nodes,
            brute_budget,
        );
        let brute_time = start.elapsed();
        let brute_cells = match brute_value {
            Some(found) => {
                assert_eq!(found, value, "brute force disagrees on {}", game.name);
                format!("{brute_time:.3?} | {nodes}")
            }
            None => format!("not finished: budget spent in {brute_time:.1?} | > {brute_budget}"),
        };
        let memo_cells = if cells <= 25 || (benchmarking && cells <= 36) {
            let mut seen = HashMap::new();
            let start = Instant::now();
            let found = memo(&mut game.board.clone(), game.a, game.b, &mut seen);
            assert_eq!(
                found, value,
                "memoised brute force disagrees on {}",
                game.name
            );
            format!("{:.3?} | {}", start.elapsed(), seen.len())
        } else {
            "not run | -".to_owned()
        };
        let winner = if value.0 { "A" } else { "B" };
        println!(
            "| {} | {} moves, {winner} wins | {fast_time:.3?} | {positions} + {steps} | {brute_cells} | {memo_cells} |",
            game.name, value.1
        );
    }
}
