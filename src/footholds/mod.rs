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
//! use perfect_play::footholds::{Grid, Side, solve};
//!
//! // The problem's second example: the hole in the middle lets B win on the fourth move.
//! let grid = Grid::new(&[[1, 1, 1], [1, 0, 1], [1, 1, 1]])?;
//! let solution = solve(&grid, (1, 0), (1, 2))?;
//! assert_eq!((solution.moves, solution.winner), (4, Side::B));
//! # Ok::<(), perfect_play::footholds::FootholdsError>(())
//! ```
//!
//! Grids of up to 8x8 are taken (the problem's limit is 5x5). Brute force takes minutes
//! on the full 7x7 grid; this solver answers every start pair of the full 8x8 grid in
//! about a second at most on one core of a 2-core AMD EPYC, most in under 0.1 s, in 4 MiB
//! (`examples/footholds_sweep.rs`, `benches/footholds.rs`, BENCHMARKS.md). To answer many
//! queries, keep one [`Solver`]: it allocates its tables once. To cap the work of one
//! query (a server answering strangers), use [`Solver::solve_within`] with a [`Budget`].
//!
//! Where things live:
//! - `grid.rs`: the validated grid; `error.rs`: why input is rejected;
//! - `bits.rs`: cells as `u64` bitboards; `budget.rs`: limits on one query;
//! - `solver.rs`: the search (negamax, alpha-beta, MTD(f), move order by territory, the
//!   shortcut for separated players) and the line of play; `table.rs`: its transposition
//!   table; `paths.rs`: longest walks once the players are separated, with their memo.

mod bits;
mod budget;
mod error;
mod grid;
mod paths;
mod solver;
mod table;

pub use budget::Budget;
pub use error::FootholdsError;
pub use grid::Grid;
pub use solver::{Side, Solution, Solver, Stats, solve};
