//! The footholds solver on 8x8 grids, where brute force cannot reach, against searches
//! that share no code with it.
//!
//! Where the expectations come from:
//! - `plain`: the rules of the problem (Programmers 92345) played out by a
//!   memoised negamax over `Vec<Vec<bool>>` boards, every move tried: the shared
//!   reference of `tests/common/footholds.rs`, also used by `tests/footholds.rs`. It can
//!   afford 8x8 grids with holes (tiles on 55% to 70% of the cells).
//! - `bitwise`: a second search, written differently and independently of `src/`:
//!   alpha-beta over `u64` bitboards with a memo of exact scores only, moves in plain
//!   cell order, and an endgame once the players cannot meet that walks every path of
//!   each player's region. It reaches denser 8x8 grids (up to about 80% of the tiles).
//!
//! Every answer's line is also replayed under the plain rules: each move legal, as many
//! moves as the answer, the loser stuck at the end.
//!
//! - the full 8x8 grid, where neither reference finishes in minutes (`bitwise` takes
//!   minutes already on grids with 85% of the tiles), is checked against itself under the
//!   grid's 8 symmetries, which lead the solver through other orders of moves.
//!
//! The default run checks 20 grids with both references, 40 holed 8x8 grids against
//! `plain`, 12 denser ones against `bitwise`, and 3 start pairs of the full grid under
//! all 8 symmetries. The larger sample, 100 grids with 76% to 80% of the tiles (44 to 56) against
//! `bitwise`, is ignored by default for its time (7 minutes in release on a 2-core AMD EPYC
//! under load; `bitwise` takes nearly all of it); run it with
//! `cargo test --release --test footholds_8x8 -- --ignored`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stderr
)] // test code: a panic is a failed test; the slow sample reports its progress

use std::collections::HashMap;

use perfect_play::footholds::{
    Budget, FootholdsError, FootholdsPlayer, FootholdsSolution, Grid, Solver,
};

mod common;

use common::Rng;
use common::footholds::{Board, Cell, is_stuck as stuck, moves};

/// An 8x8 board with tiles on about `percent`% of the cells, and starts on tiles.
fn random_8x8(rng: &mut Rng, percent: u64) -> (Board, Cell, Cell) {
    let mut board: Board = (0..8)
        .map(|_| (0..8).map(|_| rng.next() % 100 < percent).collect())
        .collect();
    let a = (rng.below(8), rng.below(8));
    let b = (rng.below(8), rng.below(8));
    board[a.0][a.1] = true;
    board[b.0][b.1] = true;
    (board, a, b)
}

fn rows(board: &Board) -> Vec<Vec<u8>> {
    board
        .iter()
        .map(|row| row.iter().map(|&tile| u8::from(tile)).collect())
        .collect()
}

/// The plain memoised search of the shared reference (tests/common/footholds.rs).
mod plain {
    pub use super::common::footholds::{Memo, value};
}

/// The second search: alpha-beta over bitboards (bit `row * 8 + col`).
///
/// A score is for the player to move. Every move takes a tile, so the moves made so far
/// are the tiles gone: when the game ends after `p` moves in all, the winner scores
/// `100 - p` and the loser `p - 100`, so a faster win and a slower loss score higher, and
/// a position's score is the negation of its best child's.
mod bitwise {
    use super::{Board, Cell, HashMap};

    pub struct Search {
        /// Tiles at the start: `start - tiles left` is the moves made.
        start: u32,
        /// Exact scores only, of positions whose score fell inside their window.
        memo: HashMap<(u64, u8, u8), i32>,
        pub nodes: u64,
    }

    fn neighbours(cell: u8, tiles: u64) -> Vec<u8> {
        let (row, col) = (cell / 8, cell % 8);
        let mut found = Vec::new();
        if row > 0 {
            found.push(cell - 8);
        }
        if row < 7 {
            found.push(cell + 8);
        }
        if col > 0 {
            found.push(cell - 1);
        }
        if col < 7 {
            found.push(cell + 1);
        }
        found.retain(|&next| tiles >> next & 1 == 1);
        found
    }

    /// Whether `to` can be reached from `from` through tiles (a depth-first search).
    fn reaches(from: u8, to: u8, tiles: u64) -> bool {
        let mut seen = 1u64 << from;
        let mut stack = vec![from];
        while let Some(cell) = stack.pop() {
            if cell == to {
                return true;
            }
            for next in neighbours(cell, tiles) {
                if seen >> next & 1 == 0 {
                    seen |= 1 << next;
                    stack.push(next);
                }
            }
        }
        false
    }

    /// The longest walk from `from` onto tiles of `tiles` (not holding `from`), each
    /// visited once: every walk tried.
    fn longest(from: u8, tiles: u64) -> i32 {
        neighbours(from, tiles)
            .into_iter()
            .map(|next| 1 + longest(next, tiles & !(1 << next)))
            .max()
            .unwrap_or(0)
    }

    impl Search {
        fn score(&mut self, tiles: u64, mover: u8, other: u8, alpha: i32, beta: i32) -> i32 {
            self.nodes += 1;
            let made = (self.start - tiles.count_ones()) as i32;
            let steps = neighbours(mover, tiles);
            if tiles >> mover & 1 == 0 || steps.is_empty() {
                return made - 100;
            }
            let after = tiles & !(1 << mover);
            if !reaches(mover, other, tiles) {
                // Neither can touch the other's tiles again: each walks its longest.
                let mine = longest(mover, after);
                let theirs = longest(other, tiles & !(1 << other));
                return if theirs < mine {
                    100 - (made + 2 * theirs + 1)
                } else {
                    made + 2 * mine - 100
                };
            }
            if let Some(&known) = self.memo.get(&(tiles, mover, other)) {
                return known;
            }
            let mut best = i32::MIN;
            let mut low = alpha;
            for step in steps {
                let mine = -self.score(after, other, step, -beta, -low);
                best = best.max(mine);
                low = low.max(mine);
                if low >= beta {
                    return best;
                }
            }
            if alpha < best && best < beta {
                self.memo.insert((tiles, mover, other), best);
            }
            best
        }
    }

    /// (A wins, moves) for a board, A at `a`, B at `b`, and the nodes searched.
    pub fn solve(board: &Board, a: Cell, b: Cell) -> ((bool, u32), u64) {
        let mut tiles = 0u64;
        for (row, cells) in board.iter().enumerate() {
            for (col, &tile) in cells.iter().enumerate() {
                if tile {
                    tiles |= 1 << (row * 8 + col);
                }
            }
        }
        let cell = |(row, col): Cell| (row * 8 + col) as u8;
        let mut search = Search {
            start: tiles.count_ones(),
            memo: HashMap::new(),
            nodes: 0,
        };
        let score = search.score(tiles, cell(a), cell(b), -101, 101);
        let moves = (100 - score.abs()) as u32;
        ((score > 0, moves), search.nodes)
    }
}

/// Replays a solution's line under the plain rules.
fn replay(board: &Board, a: Cell, b: Cell, solution: &FootholdsSolution) {
    let context = || format!("{:?} A {a:?} B {b:?}: {solution:?}", rows(board));
    assert_eq!(
        solution.line.len(),
        solution.moves as usize,
        "{}",
        context()
    );
    let winner = if solution.moves % 2 == 1 {
        FootholdsPlayer::A
    } else {
        FootholdsPlayer::B
    };
    assert_eq!(solution.winner, winner, "{}", context());
    let mut board = board.clone();
    let (mut mover, mut other) = (a, b);
    for (done, &step) in solution.line.iter().enumerate() {
        assert!(
            !stuck(&board, mover) && moves(&board, mover).contains(&step),
            "move {done} to {step:?} is illegal, {}",
            context()
        );
        board[mover.0][mover.1] = false;
        (mover, other) = (other, step);
    }
    assert!(stuck(&board, mover), "a move is left, {}", context());
}

fn check_with_plain(solver: &mut Solver, board: &Board, a: Cell, b: Cell) -> u32 {
    let grid = Grid::new(&rows(board)).unwrap();
    let solution = solver.solve(&grid, a, b).unwrap();
    let mut memo = plain::Memo::default();
    let (a_wins, moves) = plain::value(&mut board.clone(), a, b, &mut memo);
    assert_eq!(
        (solution.moves, solution.winner == FootholdsPlayer::A),
        (moves, a_wins),
        "{:?} A {a:?} B {b:?}",
        rows(board)
    );
    replay(board, a, b, &solution);
    moves
}

fn check_with_bitwise(solver: &mut Solver, board: &Board, a: Cell, b: Cell) -> u32 {
    let grid = Grid::new(&rows(board)).unwrap();
    let solution = solver.solve(&grid, a, b).unwrap();
    let started = std::time::Instant::now();
    let ((a_wins, moves), nodes) = bitwise::solve(board, a, b);
    eprintln!(
        "{} tiles, A {a:?} B {b:?}: {moves} moves; bitwise {nodes} nodes, {:.1?}",
        grid.tile_count(),
        started.elapsed()
    );
    assert_eq!(
        (solution.moves, solution.winner == FootholdsPlayer::A),
        (moves, a_wins),
        "{:?} A {a:?} B {b:?}",
        rows(board)
    );
    replay(board, a, b, &solution);
    moves
}

#[test]
fn the_two_references_agree() {
    // Before trusting `bitwise` where `plain` cannot go, both on the same grids.
    let mut rng = Rng(14);
    for _ in 0..20 {
        let (board, a, b) = random_8x8(&mut rng, 60);
        let mut memo = plain::Memo::default();
        let plain = plain::value(&mut board.clone(), a, b, &mut memo);
        let (bitwise, _) = bitwise::solve(&board, a, b);
        assert_eq!(plain, bitwise, "{:?} A {a:?} B {b:?}", rows(&board));
    }
}

#[test]
fn holed_8x8_grids_agree_with_the_plain_reference() {
    let mut rng = Rng(8);
    let mut solver = Solver::new();
    let mut longest = 0;
    for round in 0..40 {
        let (board, a, b) = random_8x8(&mut rng, 55 + (round % 4) * 5);
        longest = longest.max(check_with_plain(&mut solver, &board, a, b));
    }
    assert!(longest >= 20, "longest game {longest}");
}

#[test]
fn denser_8x8_grids_agree_with_the_bitwise_search() {
    let mut rng = Rng(88);
    let mut solver = Solver::new();
    let mut longest = 0;
    for _ in 0..12 {
        let (board, a, b) = random_8x8(&mut rng, 75);
        longest = longest.max(check_with_bitwise(&mut solver, &board, a, b));
    }
    assert!(longest >= 25, "longest game {longest}");
}

#[test]
#[ignore = "about 7 minutes in release: run with `cargo test --release --test footholds_8x8 -- --ignored`"]
fn dense_8x8_grids_agree_with_the_bitwise_search() {
    let mut rng = Rng(800);
    let mut solver = Solver::new();
    for round in 0..100 {
        let (board, a, b) = random_8x8(&mut rng, 76 + (round % 3) * 2);
        check_with_bitwise(&mut solver, &board, a, b);
    }
}

#[test]
fn the_full_grid_answers_alike_under_its_symmetries() {
    // Beyond every independent search here, the full 8x8 grid is checked against itself:
    // the 8 symmetries of the square map a start pair onto pairs with the same answer,
    // which the solver reaches by other orders of moves (its move order and cell
    // numbering are not symmetric), and each line replays under the plain rules.
    let full = vec![vec![true; 8]; 8];
    let grid = Grid::new(&rows(&full)).unwrap();
    let image = |which: usize, (row, col): Cell| -> Cell {
        let (row, col) = if which & 4 != 0 {
            (col, row)
        } else {
            (row, col)
        };
        let row = if which & 1 != 0 { 7 - row } else { row };
        let col = if which & 2 != 0 { 7 - col } else { col };
        (row, col)
    };
    let mut solver = Solver::new();
    for (a, b) in [((0, 0), (7, 7)), ((2, 5), (6, 1)), ((0, 4), (5, 5))] {
        let first = solver.solve(&grid, a, b).unwrap();
        replay(&full, a, b, &first);
        for which in 1..8 {
            let (a, b) = (image(which, a), image(which, b));
            let solution = Solver::new().solve(&grid, a, b).unwrap();
            assert_eq!(
                (solution.moves, solution.winner),
                (first.moves, first.winner),
                "A {a:?} B {b:?}"
            );
            replay(&full, a, b, &solution);
        }
    }
}

#[test]
fn a_tiny_budget_gives_up_on_the_full_grid() {
    let grid = Grid::new(&[[1u8; 8]; 8]).unwrap();
    let mut solver = Solver::new();
    for limit in [0, 1, 10, 1000] {
        let answer = solver.solve_within(&grid, (3, 3), (4, 4), Budget::positions(limit));
        match answer {
            Err(FootholdsError::OutOfBudget { positions }) => assert!(positions > limit),
            other => panic!("budget {limit}: {other:?}"),
        }
        assert_eq!(solver.stats().positions, limit + 1);
    }
    // A deadline already passed stops the search too.
    let passed = Budget::time(std::time::Duration::ZERO);
    let mut fresh = Solver::new();
    // The clock is read every 1,024 positions: the full grid needs many more.
    assert!(matches!(
        fresh.solve_within(&grid, (0, 0), (7, 7), passed),
        Err(FootholdsError::OutOfBudget { .. })
    ));
    // The error says what happened.
    let text = FootholdsError::OutOfBudget { positions: 5 }.to_string();
    assert!(text.contains("budget"), "{text}");
}

#[test]
fn a_generous_budget_changes_nothing() {
    let mut rng = Rng(4);
    let mut limited = Solver::new();
    let mut free = Solver::new();
    for round in 0..30 {
        let (board, a, b) = random_8x8(&mut rng, 60 + round % 30);
        let grid = Grid::new(&rows(&board)).unwrap();
        let budget = Budget::positions(u64::MAX)
            .until(std::time::Instant::now() + std::time::Duration::from_secs(3600));
        let within = limited.solve_within(&grid, a, b, budget).unwrap();
        let without = free.solve(&grid, a, b).unwrap();
        assert_eq!(
            (within.moves, within.winner),
            (without.moves, without.winner)
        );
        replay(&board, a, b, &within);
    }
    // A budget that ran out leaves the solver sound: the next query, unlimited, is right.
    let full = Grid::new(&[[1u8; 6]; 6]).unwrap();
    assert!(
        limited
            .solve_within(&full, (0, 0), (5, 5), Budget::positions(500))
            .is_err()
    );
    let after = limited.solve(&full, (0, 0), (5, 5)).unwrap();
    // From a plain brute force without memo, run once (see tests/footholds.rs).
    assert_eq!((after.moves, after.winner), (34, FootholdsPlayer::B));
}
