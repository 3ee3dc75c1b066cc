//! Why a grid or a pair of starts cannot be solved.

use core::fmt;

use super::FootholdsPlayer;

/// Why [`Grid::new`](super::Grid::new) rejected a grid, [`solve`](super::solve) a
/// start, or [`Solver::solve_within`](super::Solver::solve_within) gave up.
///
/// Rows, columns and positions count from 0, as in the problem: `(row, col)`, top left
/// `(0, 0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FootholdsError {
    /// The grid has no rows, or its first row has no cells.
    Empty,
    /// A row's length differs from the first row's.
    Ragged {
        /// The row that differs.
        row: usize,
        /// How many cells it has.
        len: usize,
        /// How many cells the first row has.
        expected: usize,
    },
    /// A cell holds something other than 0 (no tile) or 1 (tile).
    BadCell {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
        /// What it holds.
        value: u8,
    },
    /// The grid has more rows or columns than the solver takes.
    TooLarge {
        /// How many rows the grid has.
        rows: usize,
        /// How many cells its first row has.
        cols: usize,
        /// The most rows, and the most columns, allowed ([`Grid::MAX_SIDE`](super::Grid::MAX_SIDE)).
        max: usize,
    },
    /// A player's square cannot be: a start off the grid or without a tile, or a square
    /// of a position in progress ([`Position::new`](super::Position::new)) that is.
    Square {
        /// Whose square.
        side: FootholdsPlayer,
        /// The square, `(row, col)`.
        at: (usize, usize),
        /// What is wrong with it.
        why: BadSquare,
    },
    /// A step that is not one of the position's legal steps
    /// ([`Position::step`](super::Position::step)).
    IllegalStep {
        /// Where the player to move stands.
        from: (usize, usize),
        /// The square it was asked to step onto.
        to: (usize, usize),
    },
    /// The search used up its [`Budget`](super::Budget) before it found the answer
    /// (only [`Solver::solve_within`](super::Solver::solve_within) gives this).
    OutOfBudget {
        /// How many positions it had searched when it stopped.
        positions: u64,
    },
}

impl fmt::Display for FootholdsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FootholdsError::Empty => {
                f.write_str("the grid is empty: it needs at least one row of at least one cell")
            }
            FootholdsError::Ragged { row, len, expected } => write!(
                f,
                "row {row} has {len} cells, but the first row has {expected}: every row needs the same length"
            ),
            FootholdsError::BadCell { row, col, value } => write!(
                f,
                "cell ({row}, {col}) is {value}, but a cell must be 0 (no tile) or 1 (tile)"
            ),
            FootholdsError::TooLarge { rows, cols, max } => write!(
                f,
                "the grid is {rows}x{cols}, larger than the {max}x{max} the solver takes"
            ),
            FootholdsError::Square {
                side,
                at: (row, col),
                why,
            } => {
                let (verb, what) = match why {
                    BadSquare::StartOffGrid => ("starts", "is off the grid"),
                    BadSquare::StartNoTile => ("starts", "has no tile"),
                    BadSquare::StandsOffGrid => ("stands", "is off the grid"),
                    BadSquare::StandsNoTile => (
                        "stands",
                        "has no tile, but is not to move: only the player to move can stand where the tile has vanished",
                    ),
                };
                write!(f, "{side} {verb} at ({row}, {col}), which {what}")
            }
            FootholdsError::IllegalStep {
                from: (from_row, from_col),
                to: (row, col),
            } => write!(
                f,
                "cannot step from ({from_row}, {from_col}) to ({row}, {col}): a step goes to an orthogonal neighbour that has a tile, from a square that still has one"
            ),
            FootholdsError::OutOfBudget { positions } => write!(
                f,
                "not solved within the budget: gave up after searching {positions} positions"
            ),
        }
    }
}

impl core::error::Error for FootholdsError {}

/// What is wrong with a player's square ([`FootholdsError::Square`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BadSquare {
    /// A start outside the grid.
    StartOffGrid,
    /// A start on a cell without a tile.
    StartNoTile,
    /// A player of a position in progress stands outside the grid.
    StandsOffGrid,
    /// The player not to move in a position in progress stands on a cell without a tile
    /// (only the player to move may, having just lost it).
    StandsNoTile,
}
