//! What a solved game table answers, and what a game implements to be solved: the `no_std`
//! core of [perfect-play](https://crates.io/crates/perfect-play).
//!
//! A small two-player game implements [`Game`] (start, key, moves, finished result) and,
//! for people, [`Notation`] (a one-line text for positions and moves). A build script solves
//! it with `perfect-play-generate` and writes its table into `OUT_DIR`; at run time a
//! [`Solved`] reads that table, `no_std` and allocation-free: every position's [`Record`]
//! ([`Value`] for the side to move and plies left), its moves ranked best first, a best
//! move, the principal line, and a [`Level`] of play for a computer opponent. A [`Verdict`]
//! and a [`Sentence`] judge a move played, for a game review.
//!
//! Every file here is game-agnostic: the games themselves live in `perfect-play`
//! (`src/games/`), one file of rules each.

#![no_std]

mod bits;
mod game;
mod judge;
mod level;
pub mod notation;
mod probe;
mod record;
mod table;

pub use bits::Bits;
pub use game::{ENDLESS, Game, Record, Value};
pub use judge::{Sentence, Verdict};
pub use level::{Level, MAX_MOVES, ParseLevelError};
pub use notation::{Notation, ParseError, ParseErrorKind, ShowMove, Side};
pub use probe::Solved;
pub use record::{DEFAULT_CAPACITY, GameRecord, History, Ply, RecordError};
pub use table::Table;

/// The `phf` crate the generated maps are made of, so that generated code needs no
/// dependency of its own on it.
#[doc(hidden)]
pub use phf;
