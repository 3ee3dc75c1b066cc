//! Every way `Grid::new` and `solve` refuse input, with the message a user sees.
//!
//! The cases come from the input limits of Programmers 92345 (1 to 5 rows and
//! columns, cells 0 or 1, starts on the board and on a tile), widened to grids of up to
//! 8x8, as the crate documents, and from the errors `FootholdsError` documents. The messages are written here
//! by hand, as the user should read them.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use perfect_play::footholds::{BadSquare, FootholdsError, FootholdsPlayer, Grid, solve};

/// The error `Grid::new` gives, and its message.
fn grid_error<R: AsRef<[u8]>>(rows: &[R]) -> (FootholdsError, String) {
    let error = Grid::new(rows).unwrap_err();
    let message = error.to_string();
    (error, message)
}

#[test]
fn an_empty_grid() {
    let none: [[u8; 3]; 0] = [];
    let expected = "the grid is empty: it needs at least one row of at least one cell";
    assert_eq!(
        grid_error(&none),
        (FootholdsError::Empty, expected.to_owned())
    );
    let empty_row: [&[u8]; 1] = [&[]];
    assert_eq!(
        grid_error(&empty_row),
        (FootholdsError::Empty, expected.to_owned())
    );
    let empty_first: [&[u8]; 2] = [&[], &[1]];
    assert_eq!(grid_error(&empty_first).0, FootholdsError::Empty);
}

#[test]
fn a_ragged_grid() {
    let rows: [&[u8]; 3] = [&[1, 1, 1], &[1, 1, 1], &[1, 1]];
    assert_eq!(
        grid_error(&rows),
        (
            FootholdsError::Ragged {
                row: 2,
                len: 2,
                expected: 3
            },
            "row 2 has 2 cells, but the first row has 3: every row needs the same length"
                .to_owned()
        )
    );
    // A longer row is as wrong as a shorter one, even a longer one than 8.
    let rows: [&[u8]; 2] = [&[1], &[1; 20]];
    assert_eq!(
        grid_error(&rows).0,
        FootholdsError::Ragged {
            row: 1,
            len: 20,
            expected: 1
        }
    );
}

#[test]
fn a_cell_other_than_0_or_1() {
    assert_eq!(
        grid_error(&[[1, 0], [1, 7]]),
        (
            FootholdsError::BadCell {
                row: 1,
                col: 1,
                value: 7
            },
            "cell (1, 1) is 7, but a cell must be 0 (no tile) or 1 (tile)".to_owned()
        )
    );
    // ASCII digits are not the numbers 0 and 1.
    assert_eq!(
        grid_error(&[b"10"]).0,
        FootholdsError::BadCell {
            row: 0,
            col: 0,
            value: b'1'
        }
    );
}

#[test]
fn a_grid_too_large() {
    assert_eq!(
        grid_error(&[[1u8; 9]; 3]),
        (
            FootholdsError::TooLarge {
                rows: 3,
                cols: 9,
                max: 8
            },
            "the grid is 3x9, larger than the 8x8 the solver takes".to_owned()
        )
    );
    assert_eq!(
        grid_error(&[[1u8; 2]; 9]).0,
        FootholdsError::TooLarge {
            rows: 9,
            cols: 2,
            max: 8
        }
    );
    // A huge grid is refused before its cells are read.
    let huge = vec![vec![1u8; 64]; 64];
    assert_eq!(
        grid_error(&huge).0,
        FootholdsError::TooLarge {
            rows: 64,
            cols: 64,
            max: Grid::MAX_SIDE
        }
    );
}

#[test]
fn the_largest_grid_is_accepted() {
    let grid = Grid::new(&[[1u8; 8]; 8]).unwrap();
    assert_eq!((grid.rows(), grid.cols(), grid.tile_count()), (8, 8, 64));
    assert!(grid.has_tile(7, 7));
    assert!(!grid.has_tile(8, 0) && !grid.has_tile(0, 8));
}

#[test]
fn a_start_off_the_grid() {
    let grid = Grid::new(&[[1, 1, 1], [1, 1, 1]]).unwrap();
    let error = solve(&grid, (2, 0), (0, 0)).unwrap_err();
    assert_eq!(
        error,
        FootholdsError::Square {
            side: FootholdsPlayer::A,
            at: (2, 0),
            why: BadSquare::StartOffGrid,
        }
    );
    assert_eq!(
        error.to_string(),
        "A starts at (2, 0), which is off the grid"
    );
    let error = solve(&grid, (0, 0), (0, 3)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "B starts at (0, 3), which is off the grid"
    );
    // Far off, too.
    let error = solve(&grid, (0, 0), (usize::MAX, usize::MAX)).unwrap_err();
    assert_eq!(
        error,
        FootholdsError::Square {
            side: FootholdsPlayer::B,
            at: (usize::MAX, usize::MAX),
            why: BadSquare::StartOffGrid,
        }
    );
}

#[test]
fn a_start_without_a_tile() {
    let grid = Grid::new(&[[1, 0, 1]]).unwrap();
    let error = solve(&grid, (0, 1), (0, 0)).unwrap_err();
    assert_eq!(
        error,
        FootholdsError::Square {
            side: FootholdsPlayer::A,
            at: (0, 1),
            why: BadSquare::StartNoTile,
        }
    );
    assert_eq!(error.to_string(), "A starts at (0, 1), which has no tile");
    let error = solve(&grid, (0, 2), (0, 1)).unwrap_err();
    assert_eq!(error.to_string(), "B starts at (0, 1), which has no tile");
}

#[test]
fn a_is_checked_before_b() {
    let grid = Grid::new(&[[1, 0]]).unwrap();
    assert_eq!(
        solve(&grid, (0, 1), (5, 5)).unwrap_err(),
        FootholdsError::Square {
            side: FootholdsPlayer::A,
            at: (0, 1),
            why: BadSquare::StartNoTile,
        }
    );
}

#[test]
fn errors_are_std_errors() {
    let error: Box<dyn std::error::Error> = Box::new(FootholdsError::Empty);
    assert!(error.source().is_none());
    assert_eq!(FootholdsPlayer::A.to_string(), "A");
    assert_eq!(FootholdsPlayer::B.to_string(), "B");
}

/// A solve stops once its stop flag is raised, as if out of budget (the web server raises
/// it when the client that asked has gone), and a solver without the flag raised answers.
#[cfg(feature = "std")]
#[test]
fn a_raised_stop_flag_stops_the_solve() {
    use perfect_play::footholds::{Budget, Solver};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    let grid = Grid::new(&[[1u8; 8]; 8]).unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    let mut solver = Solver::new();
    solver.stop_when(Arc::clone(&flag));
    flag.store(true, Ordering::Relaxed);
    let stopped = solver.solve_within(
        &grid,
        (3, 3),
        (4, 4),
        Budget::time(Duration::from_secs(600)),
    );
    assert!(
        matches!(stopped, Err(FootholdsError::OutOfBudget { .. })),
        "{stopped:?}"
    );
    flag.store(false, Ordering::Relaxed);
    let grid = Grid::new(&[[1u8; 3]; 3]).unwrap();
    let solved = solver.solve_within(
        &grid,
        (1, 0),
        (1, 2),
        Budget::time(Duration::from_secs(600)),
    );
    assert!(solved.is_ok(), "{solved:?}");
}
