//! The footholds solver against independent truth.
//!
//! Expectations come from places that share no code with the crate:
//! - the four official examples of Programmers 92345 (2022 KAKAO BLIND RECRUITMENT),
//!   `tests/data/programmers92345-examples.json`, a copy of `../shared/fixtures`;
//! - `reference` below: the rules of the problem (Programmers 92345) played out by plain recursion
//!   over a `Vec<Vec<bool>>` board, memoised on the whole state, trying every move. It is
//!   checked against the official examples too, then run on seeded random grids up to
//!   5x5, every start pair of the full 5x5 grid, seeded grids with holes from 6x6 to 8x8,
//!   and proptest's grids up to 4x4;
//! - four answers on the full 6x6 grid, too slow for the memoised reference, from a plain
//!   brute force without memo (the `brute` of `benches/footholds.rs`), run once.
//!
//! Every solution is also replayed here under the same plain rules: each move must be
//! legal, each must keep the position's value (checked with the reference), and the line
//! must end with the loser unable to move. Grids up to 8x8 from proptest must
//! solve without panicking, with a line that replays legally.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use perfect_play::footholds::{FootholdsPlayer, FootholdsSolution, Grid, Solver, solve};
use proptest::prelude::*;

type Cell = (usize, usize);

mod common;

use common::Rng;
use common::footholds as reference;

/// The same board for the crate: rows of 0 and 1.
fn to_rows(board: &reference::Board) -> Vec<Vec<u8>> {
    board
        .iter()
        .map(|row| row.iter().map(|&tile| u8::from(tile)).collect())
        .collect()
}

/// Checks a solution against the reference: the value, then the line move by move.
fn check(
    board: &reference::Board,
    a: Cell,
    b: Cell,
    solution: &FootholdsSolution,
    memo: &mut reference::Memo,
) {
    let context = || {
        format!(
            "board {:?}, A at {a:?}, B at {b:?}: {solution:?}",
            to_rows(board)
        )
    };
    let mut board = board.clone();
    let (a_wins, moves) = reference::value(&mut board, a, b, memo);
    assert_eq!(solution.moves, moves, "moves, {}", context());
    let winner = if a_wins {
        FootholdsPlayer::A
    } else {
        FootholdsPlayer::B
    };
    assert_eq!(solution.winner, winner, "winner, {}", context());
    assert_eq!(
        solution.line.len(),
        moves as usize,
        "line length, {}",
        context()
    );

    let (mut mover, mut other) = (a, b);
    let mut side = FootholdsPlayer::A;
    for (done, &step) in solution.line.iter().enumerate() {
        // The position keeps its value: the side that wins still wins, with the
        // remaining moves exactly what is left of the answer.
        let (mover_wins, left) = reference::value(&mut board, mover, other, memo);
        assert_eq!(
            mover_wins,
            side == winner,
            "move {done} changes the winner, {}",
            context()
        );
        assert_eq!(
            left as usize,
            moves as usize - done,
            "move {done} changes the length, {}",
            context()
        );
        assert!(
            !reference::is_stuck(&board, mover) && reference::moves(&board, mover).contains(&step),
            "move {done} to {step:?} is illegal, {}",
            context()
        );
        board[mover.0][mover.1] = false;
        (mover, other) = (other, step);
        side = if side == FootholdsPlayer::A {
            FootholdsPlayer::B
        } else {
            FootholdsPlayer::A
        };
    }
    assert!(
        reference::is_stuck(&board, mover),
        "the line ends with a move left, {}",
        context()
    );
    assert_eq!(
        side,
        if winner == FootholdsPlayer::A {
            FootholdsPlayer::B
        } else {
            FootholdsPlayer::A
        },
        "the winner is stuck, {}",
        context()
    );
}

/// Solves with the crate and checks against the reference.
fn solve_and_check(
    solver: &mut Solver,
    board: &reference::Board,
    a: Cell,
    b: Cell,
    memo: &mut reference::Memo,
) -> FootholdsSolution {
    let grid = Grid::new(&to_rows(board)).unwrap();
    let solution = solver.solve(&grid, a, b).unwrap();
    check(board, a, b, &solution, memo);
    solution
}

#[test]
fn official_examples() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/programmers92345-examples.json"
    ))
    .unwrap();
    let examples: serde_json::Value = serde_json::from_str(&text).unwrap();
    let examples = examples.as_array().unwrap();
    assert_eq!(examples.len(), 4);
    let cell = |value: &serde_json::Value| -> Cell {
        let pair = value.as_array().unwrap();
        (
            pair[0].as_u64().unwrap() as usize,
            pair[1].as_u64().unwrap() as usize,
        )
    };
    for example in examples {
        let rows: Vec<Vec<u8>> = example["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| {
                row.as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap() as u8)
                    .collect()
            })
            .collect();
        let (a, b) = (cell(&example["aloc"]), cell(&example["bloc"]));
        let expected = example["result"].as_u64().unwrap() as u32;

        let grid = Grid::new(&rows).unwrap();
        let solution = solve(&grid, a, b).unwrap();
        assert_eq!(solution.moves, expected, "{example}");
        // The judge gives only the count; its parity names the winner.
        let winner = if expected % 2 == 1 {
            FootholdsPlayer::A
        } else {
            FootholdsPlayer::B
        };
        assert_eq!(solution.winner, winner, "{example}");

        let board: reference::Board = rows
            .iter()
            .map(|row| row.iter().map(|&v| v == 1).collect())
            .collect();
        let mut memo = reference::Memo::default();
        // The reference agrees with the judge too, so it is worth trusting below.
        assert_eq!(
            reference::value(&mut board.clone(), a, b, &mut memo).1,
            expected,
            "{example}"
        );
        check(&board, a, b, &solution, &mut memo);
    }
}

/// A random board and starts: holes at a random density, sometimes a shared start,
/// sometimes a player walled in.
fn random_game(rng: &mut Rng, max_side: usize) -> (reference::Board, Cell, Cell) {
    let (rows, cols) = (1 + rng.below(max_side), 1 + rng.below(max_side));
    let density = 30 + rng.below(71) as u64;
    let mut board: reference::Board = (0..rows)
        .map(|_| (0..cols).map(|_| rng.chance(density)).collect())
        .collect();
    let a = (rng.below(rows), rng.below(cols));
    let b = if rng.chance(20) {
        a
    } else {
        (rng.below(rows), rng.below(cols))
    };
    for player in [a, b] {
        if rng.chance(10) {
            for (row, col) in [
                (player.0.wrapping_sub(1), player.1),
                (player.0 + 1, player.1),
                (player.0, player.1.wrapping_sub(1)),
                (player.0, player.1 + 1),
            ] {
                if let Some(cell) = board.get_mut(row).and_then(|r| r.get_mut(col)) {
                    *cell = false;
                }
            }
        }
    }
    board[a.0][a.1] = true;
    board[b.0][b.1] = true;
    (board, a, b)
}

#[test]
fn random_grids_up_to_5x5() {
    let mut rng = Rng(92345);
    // One solver for all: what its table carries over between grids must stay exact.
    let mut solver = Solver::new();
    let mut seen = [0u32; 4];
    for _ in 0..4000 {
        let (board, a, b) = random_game(&mut rng, 5);
        let mut memo = reference::Memo::default();
        solve_and_check(&mut solver, &board, a, b, &mut memo);
        let isolated = reference::is_stuck(&board, a) || reference::is_stuck(&board, b);
        seen[0] += u32::from(a == b);
        seen[1] += u32::from(isolated);
        seen[2] += u32::from(board.iter().flatten().any(|&tile| !tile));
        seen[3] += u32::from(board.len() == 5 && board[0].len() == 5);
    }
    // The generator did make the cases it is meant to.
    assert!(seen.iter().all(|&count| count >= 100), "{seen:?}");
}

#[test]
fn random_grids_from_6x6_to_8x8_with_holes() {
    // Beyond the problem's 5x5, up to the 8x8 the crate accepts, against the same memoised
    // reference. Holes (tiles on 55% to 75% of the cells) keep the reference to a few
    // seconds for all 150 grids (full grids this size would take it hours); games still
    // run to 30 moves and more, through the crate's wider bitboards and deeper lines.
    let mut rng = Rng(64);
    let mut solver = Solver::new();
    let mut longest = 0;
    for _ in 0..150 {
        let (rows, cols) = (6 + rng.below(3), 6 + rng.below(3));
        let density = 55 + rng.below(21) as u64;
        let mut board: reference::Board = (0..rows)
            .map(|_| (0..cols).map(|_| rng.chance(density)).collect())
            .collect();
        let a = (rng.below(rows), rng.below(cols));
        let b = (rng.below(rows), rng.below(cols));
        board[a.0][a.1] = true;
        board[b.0][b.1] = true;
        let mut memo = reference::Memo::default();
        let solution = solve_and_check(&mut solver, &board, a, b, &mut memo);
        longest = longest.max(solution.moves);
    }
    // Some games were long enough to be worth checking.
    assert!(longest >= 25, "longest game {longest}");
}

#[test]
fn every_start_pair_on_the_full_5x5_grid() {
    let board = vec![vec![true; 5]; 5];
    let mut solver = Solver::new();
    for a in 0..25 {
        for b in 0..25 {
            let (a, b) = ((a / 5, a % 5), (b / 5, b % 5));
            // A memo per pair keeps the reference's memory small.
            let mut memo = reference::Memo::default();
            solve_and_check(&mut solver, &board, a, b, &mut memo);
        }
    }
}

#[test]
fn a_fresh_solver_per_query_agrees_with_a_shared_one() {
    let mut rng = Rng(7);
    let mut shared = Solver::new();
    for _ in 0..300 {
        let (board, a, b) = random_game(&mut rng, 5);
        let grid = Grid::new(&to_rows(&board)).unwrap();
        assert_eq!(shared.solve(&grid, a, b), solve(&grid, a, b));
    }
}

#[test]
fn a_tiny_table_changes_nothing() {
    // 2^10 slots: positions collide and evict one another all the time.
    let mut tiny = Solver::with_max_table_bits(10);
    let mut rng = Rng(2022);
    for _ in 0..500 {
        let (board, a, b) = random_game(&mut rng, 5);
        let mut memo = reference::Memo::default();
        solve_and_check(&mut tiny, &board, a, b, &mut memo);
    }
    // On the full 6x6 grid the memoised reference would take seconds and hundreds of MB
    // a pair, so the expectations here come from the plain brute force (no memo) of
    // `benches/footholds.rs`, run once (9 to 27 million nodes a pair).
    let grid = Grid::new(&[[1u8; 6]; 6]).unwrap();
    let mut roomy = Solver::new();
    for (a, b, expected) in [
        ((0, 0), (5, 5), (34, FootholdsPlayer::B)),
        ((2, 2), (3, 3), (32, FootholdsPlayer::B)),
        ((4, 5), (2, 1), (34, FootholdsPlayer::B)),
        ((1, 2), (1, 4), (25, FootholdsPlayer::A)),
    ] {
        for solver in [&mut tiny, &mut roomy] {
            let solution = solver.solve(&grid, a, b).unwrap();
            assert_eq!(
                (solution.moves, solution.winner),
                expected,
                "A at {a:?}, B at {b:?}"
            );
            assert_eq!(solution.line.len(), expected.0 as usize);
        }
    }
}

/// A board of up to `max_side` x `max_side` with starts on tiles, as the problem allows.
fn any_game(max_side: usize) -> impl Strategy<Value = (reference::Board, Cell, Cell)> {
    (1..=max_side, 1..=max_side, 0u32..=100)
        .prop_flat_map(|(rows, cols, density)| {
            let cells = proptest::collection::vec(
                proptest::collection::vec(
                    proptest::bool::weighted(f64::from(density) / 100.0),
                    cols,
                ),
                rows,
            );
            (cells, (0..rows, 0..cols), (0..rows, 0..cols))
        })
        .prop_map(|(mut board, a, b)| {
            board[a.0][a.1] = true;
            board[b.0][b.1] = true;
            (board, a, b)
        })
}

/// Raw input of up to 9 x 9 cells (mostly 6 to 8 a side), mostly 0 and 1 with now and then anything else, rows
/// now and then of another length, starts anywhere in 0..10; and whether to move the
/// starts onto the grid and put tiles under them (most of the time, so that most inputs
/// get solved).
fn any_input() -> impl Strategy<Value = (Vec<Vec<u8>>, Cell, Cell, bool)> {
    let cell = prop_oneof![60 => Just(0u8), 60 => Just(1u8), 1 => any::<u8>()];
    // Large grids are the ones worth the time: two thirds are 6 to 8 on a side.
    let side = || prop_oneof![1 => 0..=9usize, 2 => 6..=8usize];
    let rows = (side(), side()).prop_flat_map(move |(height, width)| {
        let row = prop_oneof![
            40 => proptest::collection::vec(cell.clone(), width),
            1 => proptest::collection::vec(cell.clone(), 0..=9),
        ];
        proptest::collection::vec(row, height)
    });
    let start = (0..10usize, 0..10usize);
    (rows, start.clone(), start, proptest::bool::weighted(0.8))
}

/// Moves a start onto the grid's first-row extents and puts a tile under it.
fn snap(rows: &mut [Vec<u8>], at: Cell) -> Cell {
    let (height, width) = (rows.len(), rows.first().map_or(0, Vec::len));
    if height == 0 || width == 0 {
        return at;
    }
    let at = (at.0 % height, at.1 % width);
    if let Some(cell) = rows[at.0].get_mut(at.1) {
        *cell = 1;
    }
    at
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Every grid the generator makes, up to 4x4, gets the reference's answer,
    /// and a line that replays legally and keeps the value move by move.
    #[test]
    fn agrees_with_the_reference_up_to_4x4((board, a, b) in any_game(4)) {
        let mut memo = reference::Memo::default();
        solve_and_check(&mut Solver::new(), &board, a, b, &mut memo);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// No input panics. Whatever `Grid::new` and `solve` accept gets an answer
    /// that holds together: a legal line as long as the count, ending with the loser
    /// stuck, the winner named by the count's parity.
    #[test]
    fn never_panics_up_to_8x8((mut rows, mut a, mut b, snap_starts) in any_input()) {
        if snap_starts {
            a = snap(&mut rows, a);
            b = snap(&mut rows, b);
        }
        let Ok(grid) = Grid::new(&rows) else { return Ok(()) };
        prop_assert!(grid.rows() <= 8 && grid.cols() <= 8);
        let Ok(solution) = solve(&grid, a, b) else {
            prop_assert!(!grid.has_tile(a.0, a.1) || !grid.has_tile(b.0, b.1));
            return Ok(());
        };
        let winner = if solution.moves % 2 == 1 { FootholdsPlayer::A } else { FootholdsPlayer::B };
        prop_assert_eq!(solution.winner, winner);
        prop_assert_eq!(solution.line.len(), solution.moves as usize);
        let mut board: reference::Board =
            rows.iter().map(|row| row.iter().map(|&v| v == 1).collect()).collect();
        let (mut mover, mut other) = (a, b);
        for &step in &solution.line {
            prop_assert!(!reference::is_stuck(&board, mover));
            prop_assert!(reference::moves(&board, mover).contains(&step));
            board[mover.0][mover.1] = false;
            (mover, other) = (other, step);
        }
        prop_assert!(reference::is_stuck(&board, mover));
    }
}
