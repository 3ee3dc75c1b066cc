//! Footholds positions in progress ([`Position`], [`Solver::analyze`]) against independent
//! truth.
//!
//! Expectations come from places that share no code with the crate:
//! - the plain reference of `tests/common/footholds.rs`: the rules of Programmers 92345
//!   played out by memoised recursion over a `Vec<Vec<bool>>` board. Its `value` already
//!   takes any position: the player to move on one square, the other on another, either
//!   of them A or B, and a player to move whose tile has vanished has lost;
//! - the four official examples of Programmers 92345 (`tests/data`, a copy of
//!   `../shared/fixtures`): their answers, and the line replayed step by step;
//! - the rules as the problem states them, for which steps are legal.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use perfect_play::footholds::{
    Analysis, BadSquare, Budget, FootholdsError, FootholdsPlayer, Grid, Position, Solver,
    StepValue, solve,
};

mod common;

use common::Rng;
use common::footholds as reference;

type Cell = (usize, usize);

/// The crate's grid for a reference board.
fn grid(board: &reference::Board) -> Grid {
    let rows: Vec<Vec<u8>> = board
        .iter()
        .map(|row| row.iter().map(|&tile| u8::from(tile)).collect())
        .collect();
    Grid::new(&rows).unwrap()
}

/// The reference board of a position's tiles.
fn board(position: &Position) -> reference::Board {
    let tiles = position.tiles();
    (0..tiles.rows())
        .map(|row| {
            (0..tiles.cols())
                .map(|col| tiles.has_tile(row, col))
                .collect()
        })
        .collect()
}

/// Where the player to move stands, and where the other does.
fn squares(position: &Position) -> (Cell, Cell) {
    match position.to_move() {
        FootholdsPlayer::A => (position.a(), position.b()),
        FootholdsPlayer::B => (position.b(), position.a()),
    }
}

/// The reference's winner and moves for a position.
fn truth(position: &Position, memo: &mut reference::Memo) -> (FootholdsPlayer, u32) {
    let (mover, other) = squares(position);
    let (wins, moves) = reference::value(&mut board(position), mover, other, memo);
    let winner = if wins {
        position.to_move()
    } else {
        position.to_move().other()
    };
    (winner, moves)
}

/// Checks one analysis against the reference: the steps (the legal ones, each valued, in
/// order), the position's value, and the line replayed with `step`.
fn check(position: &Position, analysis: &Analysis, memo: &mut reference::Memo) {
    let context = || format!("{position:?}: {analysis:?}");
    let (mover, _) = squares(position);
    let mover_board = board(position);
    // The legal steps: the reference's moves, or none if the mover's tile has vanished.
    let mut legal = if mover_board[mover.0][mover.1] {
        reference::moves(&mover_board, mover)
    } else {
        Vec::new()
    };
    legal.sort_unstable();
    assert_eq!(position.steps().collect::<Vec<_>>(), legal, "{}", context());
    let mut tos: Vec<Cell> = analysis.steps.iter().map(|step| step.to).collect();
    tos.sort_unstable();
    assert_eq!(tos, legal, "{}", context());
    for step in &analysis.steps {
        let next = position.step(step.to).unwrap();
        let (winner, moves) = truth(&next, memo);
        assert_eq!(
            (step.winner, step.moves),
            (winner, moves + 1),
            "{}",
            context()
        );
    }
    // Best first: wins fastest first, then losses slowest first, ties row-major.
    let key = |step: &StepValue| {
        if step.winner == position.to_move() {
            (0, i64::from(step.moves), step.to)
        } else {
            (1, -i64::from(step.moves), step.to)
        }
    };
    assert!(
        analysis.steps.windows(2).all(|w| key(&w[0]) < key(&w[1])),
        "{}",
        context()
    );
    assert_eq!(
        (analysis.winner, analysis.moves),
        truth(position, memo),
        "{}",
        context()
    );
    // A finished position: no step, 0 moves, the side to move has lost.
    assert_eq!(
        position.is_finished(),
        analysis.steps.is_empty(),
        "{}",
        context()
    );
    if position.is_finished() {
        assert_eq!(analysis.winner, position.to_move().other(), "{}", context());
    }
    // The line: legal, `moves` long, each step keeping the value, ending finished.
    assert_eq!(
        analysis.line.len(),
        analysis.moves as usize,
        "{}",
        context()
    );
    let mut at = *position;
    for (played, &to) in analysis.line.iter().enumerate() {
        at = at.step(to).unwrap();
        let left = analysis.moves - 1 - played as u32;
        assert_eq!(truth(&at, memo), (analysis.winner, left), "{}", context());
    }
    assert!(at.is_finished(), "{}", context());
    assert_ne!(at.to_move(), analysis.winner, "{}", context());
}

/// A random board of 1 to `max` rows and columns, about four tiles in five.
fn random_board(rng: &mut Rng, max: usize) -> reference::Board {
    let rows = 1 + rng.below(max);
    let cols = 1 + rng.below(max);
    (0..rows)
        .map(|_| (0..cols).map(|_| rng.chance(80)).collect())
        .collect()
}

/// A random cell of `board` with a tile, if it has any.
fn random_tile(rng: &mut Rng, board: &reference::Board) -> Option<Cell> {
    let tiles: Vec<Cell> = (0..board.len())
        .flat_map(|row| (0..board[0].len()).map(move |col| (row, col)))
        .filter(|&(row, col)| board[row][col])
        .collect();
    (!tiles.is_empty()).then(|| tiles[rng.below(tiles.len())])
}

#[test]
fn random_positions_in_progress_match_the_reference() {
    let mut rng = Rng(92345);
    let mut solver = Solver::new();
    let mut checked = 0;
    let mut finished = 0;
    let mut vanished = 0;
    while checked < 3000 {
        let board = random_board(&mut rng, 5);
        let (Some(a), Some(b)) = (random_tile(&mut rng, &board), random_tile(&mut rng, &board))
        else {
            continue;
        };
        let a = if rng.chance(10) { b } else { a };
        let mut memo = reference::Memo::default();
        // A game played at random for a while from a start: A or B to move, tiles gone,
        // sometimes the mover on a vanished tile.
        let mut position = Position::start(&grid(&board), a, b).unwrap();
        let plies = rng.below(6);
        for _ in 0..plies {
            let steps: Vec<Cell> = position.steps().collect();
            if steps.is_empty() {
                break;
            }
            position = position.step(steps[rng.below(steps.len())]).unwrap();
        }
        let analysis = solver.analyze(&position, Budget::UNLIMITED).unwrap();
        check(&position, &analysis, &mut memo);
        checked += 1;
        finished += usize::from(position.is_finished());
        let (mover, _) = squares(&position);
        vanished += usize::from(!position.tiles().has_tile(mover.0, mover.1));
    }
    assert!(
        finished > 100 && vanished > 10,
        "{finished} finished, {vanished} vanished"
    );
}

#[test]
fn positions_made_with_new_match_the_reference() {
    let mut rng = Rng(13);
    let mut solver = Solver::new();
    let mut checked = 0;
    while checked < 1000 {
        let board = random_board(&mut rng, 4);
        let Some(waiting) = random_tile(&mut rng, &board) else {
            continue;
        };
        let mover = (rng.below(board.len()), rng.below(board[0].len()));
        let to_move = if rng.chance(50) {
            FootholdsPlayer::A
        } else {
            FootholdsPlayer::B
        };
        let (a, b) = match to_move {
            FootholdsPlayer::A => (mover, waiting),
            FootholdsPlayer::B => (waiting, mover),
        };
        let position = Position::new(&grid(&board), a, b, to_move).unwrap();
        assert_eq!(
            (position.a(), position.b(), position.to_move()),
            (a, b, to_move)
        );
        let analysis = solver.analyze(&position, Budget::UNLIMITED).unwrap();
        check(&position, &analysis, &mut reference::Memo::default());
        checked += 1;
    }
}

#[test]
fn analyze_at_a_start_is_solve() {
    let mut rng = Rng(7);
    let mut solver = Solver::new();
    for _ in 0..300 {
        let board = random_board(&mut rng, 5);
        let (Some(a), Some(b)) = (random_tile(&mut rng, &board), random_tile(&mut rng, &board))
        else {
            continue;
        };
        let grid = grid(&board);
        let solution = solve(&grid, a, b).unwrap();
        let position = Position::start(&grid, a, b).unwrap();
        assert_eq!(position.to_move(), FootholdsPlayer::A);
        let analysis = solver.analyze(&position, Budget::UNLIMITED).unwrap();
        assert_eq!(
            (analysis.winner, analysis.moves),
            (solution.winner, solution.moves),
            "{board:?} {a:?} {b:?}"
        );
    }
}

#[test]
fn the_official_examples_step_by_step() {
    let text = include_str!("data/programmers92345-examples.json");
    let examples: Vec<serde_json::Value> = serde_json::from_str(text).unwrap();
    assert_eq!(examples.len(), 4);
    let mut solver = Solver::new();
    for example in examples {
        let rows: Vec<Vec<u8>> = serde_json::from_value(example["board"].clone()).unwrap();
        let cell = |key: &str| {
            let pair: (usize, usize) = serde_json::from_value(example[key].clone()).unwrap();
            pair
        };
        let grid = Grid::new(&rows).unwrap();
        let result = example["result"].as_u64().unwrap() as u32;
        let mut position = Position::start(&grid, cell("aloc"), cell("bloc")).unwrap();
        let analysis = solver.analyze(&position, Budget::UNLIMITED).unwrap();
        assert_eq!(analysis.moves, result, "{rows:?}");
        let winner = if result % 2 == 1 {
            FootholdsPlayer::A
        } else {
            FootholdsPlayer::B
        };
        assert_eq!(analysis.winner, winner, "{rows:?}");
        for (played, &to) in analysis.line.iter().enumerate() {
            position = position.step(to).unwrap();
            let after = solver.analyze(&position, Budget::UNLIMITED).unwrap();
            assert_eq!(after.winner, winner, "{rows:?} after {played} steps");
            assert_eq!(after.moves, result - 1 - played as u32, "{rows:?}");
            assert_eq!(after.line, analysis.line[played + 1..], "{rows:?}");
        }
        assert!(position.is_finished());
    }
}

#[test]
fn the_first_and_second_examples_in_full() {
    let full = Grid::new(&[[1, 1, 1], [1, 1, 1], [1, 1, 1]]).unwrap();
    let start = Position::start(&full, (1, 0), (1, 2)).unwrap();
    let analysis = Solver::new().analyze(&start, Budget::UNLIMITED).unwrap();
    assert_eq!((analysis.winner, analysis.moves), (FootholdsPlayer::A, 5));
    assert_eq!(analysis.steps.len(), 3);
    let holed = Grid::new(&[[1, 1, 1], [1, 0, 1], [1, 1, 1]]).unwrap();
    let start = Position::start(&holed, (1, 0), (1, 2)).unwrap();
    let analysis = Solver::new().analyze(&start, Budget::UNLIMITED).unwrap();
    assert_eq!((analysis.winner, analysis.moves), (FootholdsPlayer::B, 4));
    // Both of A's steps lose in 4.
    assert!(
        analysis
            .steps
            .iter()
            .all(|s| (s.winner, s.moves) == (FootholdsPlayer::B, 4))
    );
    assert_eq!(
        analysis.steps.iter().map(|s| s.to).collect::<Vec<_>>(),
        [(0, 0), (2, 0)]
    );
}

#[test]
fn a_step_off_a_shared_square_wins_at_once() {
    let grid = Grid::new(&[[1, 1, 1]]).unwrap();
    let start = Position::start(&grid, (0, 1), (0, 1)).unwrap();
    let analysis = Solver::new().analyze(&start, Budget::UNLIMITED).unwrap();
    assert_eq!((analysis.winner, analysis.moves), (FootholdsPlayer::A, 1));
    assert!(
        analysis
            .steps
            .iter()
            .all(|s| (s.winner, s.moves) == (FootholdsPlayer::A, 1))
    );
    let after = start.step((0, 0)).unwrap();
    assert!(after.is_finished());
    assert_eq!(after.to_move(), FootholdsPlayer::B);
    assert!(!after.tiles().has_tile(0, 1));
    let analysis = Solver::new().analyze(&after, Budget::UNLIMITED).unwrap();
    assert_eq!((analysis.winner, analysis.moves), (FootholdsPlayer::A, 0));
    assert!(analysis.steps.is_empty() && analysis.line.is_empty());
}

#[test]
fn illegal_steps_and_bad_positions_are_errors() {
    let grid = Grid::new(&[[1, 1, 1], [1, 0, 1], [1, 1, 1]]).unwrap();
    let start = Position::start(&grid, (1, 0), (1, 2)).unwrap();
    for to in [(1, 1), (0, 1), (1, 0), (1, 2), (3, 0), (9, 9), (0, 2)] {
        assert_eq!(
            start.step(to),
            Err(FootholdsError::IllegalStep { from: (1, 0), to }),
            "{to:?}"
        );
    }
    let error = start.step((1, 1)).unwrap_err().to_string();
    assert!(
        error.contains("(1, 0)") && error.contains("(1, 1)"),
        "{error}"
    );
    // A mover without a tile has no step at all.
    let lost = Position::new(&grid.without_tile(1, 0), (1, 0), (1, 2), FootholdsPlayer::A).unwrap();
    assert!(lost.is_finished());
    assert_eq!(
        lost.step((0, 0)),
        Err(FootholdsError::IllegalStep {
            from: (1, 0),
            to: (0, 0)
        })
    );
    // Starts: as solve's errors.
    assert_eq!(
        Position::start(&grid, (1, 1), (0, 0)),
        Err(FootholdsError::Square {
            side: FootholdsPlayer::A,
            at: (1, 1),
            why: BadSquare::StartNoTile,
        })
    );
    assert_eq!(
        Position::start(&grid, (0, 0), (3, 0)),
        Err(FootholdsError::Square {
            side: FootholdsPlayer::B,
            at: (3, 0),
            why: BadSquare::StartOffGrid,
        })
    );
    // Positions in progress: on the grid, the waiting side on a tile.
    assert_eq!(
        Position::new(&grid, (0, 3), (0, 0), FootholdsPlayer::B),
        Err(FootholdsError::Square {
            side: FootholdsPlayer::A,
            at: (0, 3),
            why: BadSquare::StandsOffGrid,
        })
    );
    assert_eq!(
        Position::new(&grid, (0, 0), (1, 1), FootholdsPlayer::A),
        Err(FootholdsError::Square {
            side: FootholdsPlayer::B,
            at: (1, 1),
            why: BadSquare::StandsNoTile,
        })
    );
    assert!(Position::new(&grid, (0, 0), (1, 1), FootholdsPlayer::B).is_ok());
    let error = Position::new(&grid, (0, 0), (1, 1), FootholdsPlayer::A)
        .unwrap_err()
        .to_string();
    assert!(error.contains("B stands at (1, 1)"), "{error}");
}

#[test]
fn the_budget_caps_the_whole_analysis() {
    let grid = Grid::new(&[[1u8; 8]; 8]).unwrap();
    let position = Position::start(&grid, (3, 3), (4, 4)).unwrap();
    let mut solver = Solver::new();
    let error = solver.analyze(&position, Budget::positions(10));
    assert!(
        matches!(error, Err(FootholdsError::OutOfBudget { .. })),
        "{error:?}"
    );
    let grid = Grid::new(&[[1u8; 4]; 4]).unwrap();
    let position = Position::start(&grid, (0, 0), (3, 3)).unwrap();
    let within = solver
        .analyze(&position, Budget::positions(10_000_000))
        .unwrap();
    let without = Solver::new().analyze(&position, Budget::UNLIMITED).unwrap();
    assert_eq!(within, without);
}

#[test]
fn grid_without_tile_and_tiles_iter() {
    let grid = Grid::new(&[[1, 0], [1, 1]]).unwrap();
    assert_eq!(
        grid.tiles_iter().collect::<Vec<_>>(),
        [(0, 0), (1, 0), (1, 1)]
    );
    let less = grid.without_tile(1, 0);
    assert_eq!(less.tiles_iter().collect::<Vec<_>>(), [(0, 0), (1, 1)]);
    assert_eq!(grid.without_tile(0, 1), grid);
    assert_eq!(grid.without_tile(5, 5), grid);
}
