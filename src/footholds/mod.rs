//! The disappearing-footholds game (Programmers 92345), solved exactly at run time.
//!
//! Two players, A and B, each stand on a tile of a grid (possibly the same tile). A moves
//! first; they alternate. A move steps to an orthogonally adjacent cell with a tile (the
//! other player's included), and the tile just left vanishes. A player who must move and
//! cannot, because no neighbour has a tile or because the other stepped off the tile they
//! shared, loses. The player who can force a win wins in as few moves as possible; the
//! other makes the game last as long as possible. The answer is the total number of moves.
//!
//! ```
//! use perfect_play::footholds::{Grid, FootholdsPlayer, solve};
//!
//! // The problem's second example: the hole in the middle lets B win on the fourth move.
//! let grid = Grid::new(&[[1, 1, 1], [1, 0, 1], [1, 1, 1]])?;
//! let solution = solve(&grid, (1, 0), (1, 2))?;
//! assert_eq!((solution.moves, solution.winner), (4, FootholdsPlayer::B));
//! # Ok::<(), perfect_play::footholds::FootholdsError>(())
//! ```
//!
//! Grids of up to 8x8 are taken (the problem's limit is 5x5). Brute force takes minutes
//! on the full 7x7 grid; this solver answers every start pair of the full 8x8 grid in
//! under 0.3 s on one core of a 2-core AMD EPYC, half of them in under 35 ms, in 4 MiB
//! (the crate's BENCHMARKS.md has the figures).
//!
//! What you can do:
//! - Check a grid once with [`Grid::new`]: it rejects ragged, empty, oversized grids and
//!   cells other than 0 and 1, saying which ([`FootholdsError`]).
//! - Solve one game with [`solve`]: the total number of moves, the winner and one optimal
//!   line of play ([`FootholdsSolution`]).
//! - Answer many queries with one [`Solver`]: it allocates its tables once, and what it
//!   learns carries over from one query to the next ([`Stats`] says how much work the
//!   last query took).
//! - Follow a game in progress ([`Position`]: the tiles left, both squares, whose turn)
//!   and ask what it and every step from it are worth ([`Solver::analyze`], an
//!   [`Analysis`]): what a person playing or replaying a game wants to see.
//! - Cap the work of one query (a server answering strangers) with
//!   [`Solver::solve_within`] and a [`Budget`] of positions or time: past it, the answer
//!   is [`FootholdsError::OutOfBudget`] instead of a wait.
//! - Follow a game in progress with [`Position`] (any tiles left, either side to move,
//!   [`Position::step`] to play) and ask [`Solver::analyze`] what it is worth: the
//!   winner, the moves left, every step's value best first ([`StepValue`]) and one
//!   optimal line ([`Analysis`]).

mod bits;
mod budget;
mod error;
mod grid;
mod paths;
mod position;
mod slots;
mod solver;
mod transposition;

pub use budget::Budget;
pub use error::{BadSquare, FootholdsError};
pub use grid::Grid;
pub use position::{Analysis, Position, StepValue};
pub use solver::{FootholdsPlayer, FootholdsSolution, Solver, Stats, solve};
