//! Perfect play for two-player games: every position legal play reaches, solved at compile
//! time into a perfect-hash table, so that every question is one O(1) lookup, `no_std` and
//! allocation-free; past the build, a size solved on first use, a table file probed in
//! place, or Connect Four 7x6 by search.
//!
//! - [`games`]: the catalogue, each game one file of rules and one line of
//!   `src/games/list.rs`: [tic-tac-toe](games::tictactoe), misère tic-tac-toe, and the
//!   families at any size (m,n,k, Nim, Domineering, Clobber, Breakthrough, Hex, Dots and
//!   Boxes, Kalah, Othello, Hexapawn, Dodgem, Connect Four, Toads and Frogs, Cram, Dōbutsu
//!   shōgi). A compiled
//!   size has a static [`Solved`] table (the outcome for the side to move, the plies left,
//!   every move ranked); every game a one-line text [`Notation`] for its positions and
//!   moves. [`games::resolve`] reads any game's name into one resolved game, which opens
//!   behind the dynamic handle ([`dynamic`]) every surface uses; with `std`, a size not
//!   compiled in is solved on first use.
//! - [`games::tictactoe`] adds a fast facade for the judges' questions: [`Board::lookup`]
//!   (one lookup for the outcome, plies and every optimal move), whether a game can reach a
//!   board and if not why ([`Unreachable`]), whether a game is finished on it.
//! - The vocabulary every table shares comes from `perfect-play-core` and is re-exported
//!   here: [`Game`], [`Value`], [`Record`], [`Solved`], [`Verdict`], [`Level`], and the game
//!   record of every game, [`PlayedGame`] (moves, undo and redo, and each [`Ply`] judged);
//!   [`dynamic`] (feature `alloc`), any game behind one object-safe handle.
//! - `file` (feature `file`): table files (`perfect-play solve` writes them) mapped and
//!   probed in place through the same [`Solved`].
//! - `search` (feature `search`): the search engine that answers Connect Four 7x6 exactly,
//!   with its opening book.
//! - [`footholds`]: the disappearing-footholds game (Programmers 92345), solved exactly at
//!   run time (feature `alloc`).
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
//! - `std` (default): implies `alloc`, and brings the solver (`perfect-play-generate`) so
//!   that a size not compiled in is solved on first use. The error types implement
//!   [`core::error::Error`] with or without it, so `?` into `Box<dyn Error>` works in
//!   `no_std` + `alloc` code.
//! - `alloc` (default): the name resolver and the dynamic handle ([`games::resolve`],
//!   [`dynamic`]), and the [`footholds`] solver, whose transposition table is allocated on
//!   the heap. The solved tables need no allocator.
//! - `search` (default): the `search` module, Connect Four 7x6 answered by search with
//!   its opening book (implies `std`: threads).
//! - `file` (off): the `file` module: table files mapped with `memmap2` and probed in place
//!   through the same [`Solved`] as a compiled table (implies `std`).
//! - `large-games` (off): Connect Four 5x4 and 4x5 compiled in (3.9 and 1.6 million
//!   positions): a few seconds more at build time, about 18 MB more in the binary.
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
