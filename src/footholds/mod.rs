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
//! Grids of up to 8x8 are taken (the problem's limit is 5x5). On one core of a 2-core AMD
//! EPYC, the slowest start pair of the full 5x5 grid takes 0.14 ms, of the full 6x6 grid
//! 2.5 ms, and the full 7x7 grid with A at (3, 2) and B at (3, 4) 60 ms, where brute force
//! takes 157 s (`benches/footholds.rs`, BENCHMARKS.md). Full 8x8 grids can take seconds. To answer many queries,
//! keep one [`Solver`]: it allocates its table once.
//!
//! Where things live:
//! - `grid.rs`: the validated grid; `error.rs`: why input is rejected;
//! - `bits.rs`: cells as `u64` bitboards;
//! - `solver.rs`: the search (negamax, alpha-beta, the shortcut for separated players)
//!   and the line of play; `table.rs`: its transposition table.

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
