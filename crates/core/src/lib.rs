//! What a solved game table answers, and what a game implements to be solved: the `no_std`
//! core of [perfect-play](https://crates.io/crates/perfect-play).
//!
//! A small two-player game implements [`Game`] (start, key, moves, finished result) and,
//! for people, [`Notation`] (a one-line text for positions and moves). A build script solves
//! it with `perfect-play-generate` and writes its table into `OUT_DIR`; at run time a
//! [`Solved`] reads that table, `no_std` and allocation-free: every position's [`Record`]
//! ([`Value`] for the side to move and plies left), its moves ranked best first, a best
//! move, the principal line, and a [`Level`] of play for a computer opponent. A [`Verdict`]
//! and a [`Sentence`] judge a move played, for a game review, and a [`PlayedGame`] keeps a
//! whole game (moves, undo and redo, every [`Ply`] judged) in a fixed array.
//!
//! A game record over a solved table (here misère tic-tac-toe's, from `perfect-play`):
//!
//! ```
//! use perfect_play::games::{MISERE, Misere, Notation};
//! use perfect_play_core::{PlayedGame, Side, Value, Verdict};
//!
//! let mut game: PlayedGame<Misere, 9> = PlayedGame::new(&MISERE);
//! game.play(Misere::parse_move("1")?)?; // a corner: the centre is the only draw
//! let ply = game.history().next().ok_or("one ply")?;
//! assert_eq!(ply.verdict(), Verdict::Mistake);
//! assert_eq!(ply.value_before(Side::First), Value::Draw);
//! assert_eq!(ply.value_after(Side::Second), Value::Win);
//! assert!(ply.to_string().starts_with("x 1 turned a draw into a loss in "));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! Every file here is game-agnostic: the games themselves live in `perfect-play`
//! (`src/games/`), one file of rules each.

#![no_std]

mod bits;
#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod family;
pub mod file;
mod game;
mod judge;
mod level;
mod mixing;
mod moves;
pub mod notation;
mod oracle;
mod played;
mod probe;
pub mod shape;
mod table;

pub use bits::Bits;
pub use game::{ENDLESS, Game, Packing, Record, Value};
pub use judge::{Sentence, Verdict};
pub use level::{Level, ParseLevelError};
pub use mixing::odd_inverse;
pub use moves::{GameMoveError, MoveError, play_all, play_text};
pub use notation::{Notation, ParseError, ParseErrorKind, ShowMove, Side};
pub use oracle::{AnsweredBy, MAX_BRANCHING, Oracle};
pub use played::{DEFAULT_CAPACITY, History, PlayError, PlayedGame, Ply};
pub use probe::Solved;
pub use shape::{Geometry, Kind, Line, MoveShape};
pub use table::Table;

/// The `phf` crate the generated maps are made of, so that generated code needs no
/// dependency of its own on it.
#[doc(hidden)]
pub use phf;
