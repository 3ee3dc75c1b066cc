//! How two-player games end under perfect play, exactly: every position legal play reaches,
//! solved at compile time into a perfect-hash table, so that every question is one O(1)
//! lookup, `no_std` and allocation-free; larger games solved on first use, from a table file,
//! or (Connect Four 7x6) by search.
//!
//! Modules:
//! - [`games`]: every game and family, each from one file of rules and its registry entry:
//!   [tic-tac-toe](games::tictactoe) with the judges' facade, misère tic-tac-toe, Hexapawn,
//!   Dodgem, Connect Four and the other families at any size ([`games::open`] by name).
//!   Each game compiled in has a static [`Solved`] table (the outcome for the side to move,
//!   the plies left, every move ranked) and a one-line text [`Notation`].
//! - [`games::tictactoe`]: [`Board::lookup`] (one lookup for the outcome, plies and every
//!   optimal move), whether a game can reach a board and if not why ([`Unreachable`]).
//! - `search` (feature `search`): Connect Four 7x6 answered by search with an opening book.
//! - `file` (feature `file`): table files probed in place, answering as a compiled table.
//! - [`footholds`]: the disappearing-footholds game (Programmers 92345), solved exactly at
//!   run time (feature `alloc`).
//! - Re-exported from `perfect-play-core`: [`Game`], [`Value`], [`Record`], [`Solved`],
//!   [`Verdict`], [`Level`], [`PlayedGame`] (a game's moves, undo and redo, each [`Ply`]
//!   judged).
//!
//! Your own game is solved the same way from your own `build.rs` with
//! `perfect-play-generate`. The guides (the repository's `docs/`) are run here as doctests.
//!
//! [`Board::lookup`]: games::tictactoe::Board::lookup
//! [`Unreachable`]: games::tictactoe::Unreachable
//!
//! ```
//! use perfect_play::games::tictactoe::{Board, Outcome, Player};
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
//! Any game, through its table:
//!
//! ```
//! use perfect_play::games::{HEXAPAWN, Hexapawn};
//! use perfect_play::Value;
//! use perfect_play::Game;
//!
//! let start = Hexapawn::start();
//! let record = HEXAPAWN.probe(&start).ok_or("every start is in its table")?;
//! // The second player wins Hexapawn.
//! assert_eq!(record.value, Value::Loss);
//! let best = HEXAPAWN.best_move(&start).ok_or("the game goes on")?;
//! assert!(start.play(best).is_some());
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! A game as it is played, for any game: every move judged, in the numbers a board shows
//! (a move labelled `loss 4` among the ranked moves is "a loss in 4 plies"):
//!
//! ```
//! use perfect_play::games::{HEXAPAWN, Hexapawn, Notation};
//! use perfect_play::{PlayedGame, Verdict};
//!
//! let mut game: PlayedGame<Hexapawn> = PlayedGame::new(&HEXAPAWN);
//! game.play(Hexapawn::parse_move("1-4")?)?;
//! let ply = game.history().next().ok_or("one ply")?;
//! assert_eq!(ply.verdict(), Verdict::Inaccuracy);
//! assert_eq!(ply.to_string(), "white 1-4 hastened the loss: a loss in 4 plies instead of 6");
//! assert_eq!(game.undo(), Some((0, 3)));
//! assert_eq!(game.redo(), Some((0, 3)));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! # Features
//! - `std` (default): implies `alloc`. The error types implement [`core::error::Error`]
//!   with or without it, so `?` into `Box<dyn Error>` works in `no_std` + `alloc` code.
//! - `alloc` (default): the [`footholds`] solver, whose transposition table is allocated
//!   on the heap. The solved tables need no allocator.
//! - `file` (off): the `file` module: table files mapped with `memmap2` and probed in place
//!   through the same [`Solved`] as a compiled table (implies `std`).
//! - `ptrhash` (off): builds the tables with phf's PtrHash layout instead of CHD
//!   displacements: a smaller table, faster to probe (see BENCHMARKS.md). Off by default
//!   because the flag changes the layout of `phf::Map` for every crate in the build that
//!   uses phf 0.14, not only this one: turning it on is a decision for the author of the
//!   final binary, not for a library that depends on this crate.
//!
//! The `perfect-play` binary (batch answers, `analyze`, `play`, the web board) is the
//! `perfect-play-cli` crate of this workspace.

#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(feature = "alloc")]
extern crate alloc;

// The Rust examples of README and the guides run as doctests, so that they stay true.
#[cfg(all(doctest, feature = "std"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
#[cfg(all(doctest, feature = "std"))]
#[doc = include_str!("../docs/library.md")]
struct LibraryGuideDoctests;
#[cfg(all(doctest, feature = "std"))]
#[doc = include_str!("../docs/judges.md")]
struct JudgesGuideDoctests;
#[cfg(all(doctest, feature = "std"))]
#[doc = include_str!("../docs/your-game.md")]
struct YourGameGuideDoctests;

#[cfg(feature = "file")]
pub mod file;
#[cfg(feature = "alloc")]
pub mod footholds;
pub mod games;
#[cfg(feature = "search")]
pub mod search;

#[cfg(feature = "alloc")]
pub use perfect_play_core::dynamic;
pub use perfect_play_core::{
    AnsweredBy, DEFAULT_CAPACITY, ENDLESS, Game, GameMoveError, History, Level, MAX_BRANCHING,
    MoveError, Notation, Oracle, ParseLevelError, PlayError, PlayedGame, Ply, Record, Sentence,
    Solved, Table, Value, Verdict, play_all, play_text,
};
