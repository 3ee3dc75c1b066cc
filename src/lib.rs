//! Perfect play for small two-player games.
//!
//! - [`tictactoe`]: every tic-tac-toe board legal play can reach, solved at compile time
//!   into a perfect-hash table. Any question (who wins, in how many plies, which moves are
//!   optimal, can a game reach this board, has a game just ended here, and if not, why
//!   not) is one O(1) lookup: no search, no allocation, no start-up cost.
//! - [`footholds`]: the disappearing-footholds game (Programmers 92345), solved exactly at
//!   run time (needs the `alloc` feature, on by default).
//!
//! ```
//! use perfect_play::{Board, Outcome, Player};
//!
//! // x to move can win at once in the top right corner.
//! let board: Board = "xx./oo./...".parse()?;
//! let position = board.lookup()?;
//! assert_eq!(position.outcome(), Outcome::Win(Player::X));
//! assert_eq!(position.plies(), 1);
//! assert!(position.best_moves().contains(2));
//!
//! // No game reaches a board where both players have three in a row.
//! let board: Board = "xxx/ooo/...".parse()?;
//! assert!(!board.is_reachable());
//! println!("{}", board.lookup().unwrap_err()); // "both x and o have three in a row"
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//! - `std` (default): `std::error::Error` for the error types; implies `alloc`.
//! - `alloc` (default): the [`footholds`] solver. The tic-tac-toe table needs no allocator.
//! - `cli` (default): the `perfect-play` binary's dependencies. Library users can depend on
//!   `perfect-play` with `default-features = false` (adding `std` or `alloc` as they need).
//! - `ptrhash`: phf's PtrHash layout for the table (see `Cargo.toml` for the trade-off).

#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(feature = "alloc")]
extern crate alloc;

// The README's Rust examples run as doctests, so that they stay true.
#[cfg(all(doctest, feature = "std"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;
#[cfg(feature = "alloc")]
pub mod footholds;
pub mod tictactoe;

pub use tictactoe::{
    Board, CellSet, IllegalMove, NotFinished, Outcome, ParseBoardError, Player, Position, Symmetry,
    Unreachable,
};
