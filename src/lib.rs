//! Perfect play for small two-player games.
//!
//! - [`tictactoe`]: every tic-tac-toe board legal play can reach, solved at compile time
//!   into a perfect-hash table. Ask any board who wins with perfect play, in how many
//!   plies, which moves are best, whether a game can reach it, whether a game is finished
//!   on it, and if not, why not: each answer is one O(1) lookup, with no search, no
//!   allocation and no start-up cost. Record a game as it is played, with undo and redo,
//!   and read back which moves threw away a win or a draw ([`Game`]).
//! - [`games`]: misère tic-tac-toe, Hexapawn and Dodgem (a loopy game), each solved at
//!   compile time by the same generator from one file of rules, each with a one-line text
//!   notation for its positions and moves ([`games::Notation`]: `www/.../bbb w`, `2-5`).
//! - [`generate`]: that generator, for your own small game: implement [`generate::Game`]
//!   (start, key, moves, finished result), solve it from your `build.rs` with the
//!   `generate` feature, and read the table with [`generate::Solved`], `no_std`.
//! - [`level`]: how well a computer player plays ([`Level`]: perfect, safe, a skill
//!   probability, random), picking among ranked moves with a random source you supply:
//!   [`Position::pick`] for tic-tac-toe, [`generate::Solved::pick`] for any solved game.
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
//! assert_eq!(position.best_move(), Some(2));
//! assert_eq!(position.to_string(), "xx.oo....: x to move, x wins in 1 ply");
//!
//! // No game reaches a board where both players have three in a row.
//! let board: Board = "xxx/ooo/...".parse()?;
//! assert!(!board.is_reachable());
//! println!("{}", board.lookup().unwrap_err()); // "both x and o have three in a row"
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! # Playing a game
//!
//! [`Position::play`] makes a move; [`Position::best_move`] picks one of the best. Both
//! sides playing perfectly draw:
//!
//! ```
//! use perfect_play::{Outcome, Position};
//!
//! let mut position = Position::START;
//! while let Some(cell) = position.best_move() {
//!     position = position.play(cell)?;
//! }
//! assert!(position.is_finished());
//! assert_eq!(position.outcome(), Outcome::Draw);
//! # Ok::<(), perfect_play::IllegalMove>(())
//! ```
//!
//! A [`Game`] keeps the moves, undoes and redoes them, and judges each one:
//!
//! ```
//! use perfect_play::{Game, Verdict};
//!
//! let game = Game::from_moves(&[4, 1, 0, 8, 6, 2, 3])?;
//! let first = game.mistakes().next().map(|ply| ply.to_string());
//! assert_eq!(first.as_deref(), Some("o at 1 turned a draw into a loss in 5 plies"));
//! assert_eq!(game.history().last().map(|ply| ply.verdict()), Some(Verdict::Best));
//! # Ok::<(), perfect_play::IllegalMove>(())
//! ```
//!
//! # Symmetry
//!
//! The 8 rotations and reflections of the board ([`Symmetry`]) keep outcomes and plies and
//! map best moves to best moves. To work on one representative of each class of boards
//! (a cache, an opening book), take the canonical form with the symmetry that made it,
//! and map a move found there back with the inverse:
//!
//! ```
//! use perfect_play::Board;
//!
//! let position = "..x/.o./...".parse::<Board>()?.lookup()?;
//! let (canonical, symmetry) = position.canonical_with_symmetry();
//! assert_eq!(canonical.board().to_string(), "x...o....");
//! // A best move on the canonical board is a best move on the board itself, mapped back:
//! let cell = canonical.best_move().map(|cell| symmetry.inverse().cell(cell));
//! assert_eq!(cell, Some(5));
//! assert!(position.best_moves().contains(5));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! # Features
//! - `std` (default): implies `alloc`. The error types implement [`core::error::Error`]
//!   with or without it, so `?` into `Box<dyn Error>` works in `no_std` + `alloc` code.
//! - `alloc` (default): the [`footholds`] solver, whose transposition table is allocated
//!   on the heap. The tic-tac-toe table and [`Game`] need no allocator.
//! - `cli` (default): the `perfect-play` binary's dependencies (clap, serde_json). Library
//!   users can depend on `perfect-play` with `default-features = false` (adding `alloc` if
//!   they want the footholds solver) and carry neither.
//! - `serve` (default): `perfect-play serve`, the web board, and its dependencies (axum,
//!   tokio), for the binary only.
//! - `generate` (off): the solver and code generator of [`generate`] (`solve`,
//!   `write_table`), for a build script: put it in `[build-dependencies]` only. It pulls
//!   `phf_codegen`, which a library user without it never compiles.
//! - `ptrhash` (off): builds the table with phf's PtrHash layout instead of CHD
//!   displacements: a smaller table, faster to probe (24,021 bytes instead of 36,560,
//!   and a lookup in 8.8 ns instead of 12.2 ns, measured on one core of an AMD EPYC).
//!   It is off by default because the flag changes the layout of `phf::Map` for every
//!   crate in the build that uses phf 0.14, not only this one: turning it on is a decision
//!   for the author of the final binary, not for a library that depends on this crate.

#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(feature = "alloc")]
extern crate alloc;

// The README's Rust examples run as doctests, so that they stay true. Its footholds example
// needs the solver, hence `alloc`; nothing in it needs `std`.
#[cfg(all(doctest, feature = "alloc"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;
#[cfg(feature = "alloc")]
pub mod footholds;
pub mod games;
pub mod generate;
pub mod level;
pub mod tictactoe;

pub use level::Level;
pub use tictactoe::{
    Board, CellSet, Game, IllegalMove, NotFinal, Outcome, ParseBoardError, Player, Ply, Position,
    Symmetry, Unreachable, Value, Verdict,
};
