//! Tic-tac-toe, solved at compile time.
//!
//! Every board legal play reaches from the empty board (5,478 of them) was solved by
//! the retrograde solver (`perfect-play-generate`) when this crate was built, and the
//! answers are stored in a perfect-hash table.
//! So every question here is one lookup: no search, no allocation, `no_std`.
//!
//! What you can do:
//! - Parse a [`Board`] from text (`"xo./.x./..o"`, `"xo..x...o"`; see [`Board::from_ascii`])
//!   or build it from cells or masks, and print it.
//! - Look it up ([`Board::lookup`]) to get a [`Position`]: whose turn it is, how the game
//!   ends with perfect play ([`Outcome`], or [`Value`](crate::Value) from one player's side), in how
//!   many plies, the best moves ([`CellSet`]) and one best move to play.
//! - Ask whether a board can occur at all ([`Board::is_reachable`], and [`Unreachable`]
//!   for why not), and whether it is *final*, the last board of a finished game
//!   ([`Board::is_final`], [`NotFinal`] for why not).
//! - Play: [`Position::play`] moves from position to position; a
//!   [`PlayedGame`](crate::PlayedGame)`<Board, 9>` records the moves with undo and redo and
//!   judges each, as it does for every game.
//! - Use the 8 rotations and reflections ([`Symmetry`]): transform boards and positions,
//!   and take canonical forms with the symmetry that made them.
//!
//! # Words
//!
//! - A game is *finished* on a board when someone has three in a row or the board is
//!   full: nobody moves after that. [`Board::is_finished`] applies that rule to any board;
//!   [`Position::is_finished`] to a reachable one.
//! - A board is *final* when it is reachable and finished ([`Board::is_final`]).
//! - A *ply* is one move by one player; *plies* left count both players' moves until the
//!   game is finished, with perfect play.
//! - *Perfect play*: the side that can win wins as fast as it can, the side that must lose
//!   holds out as long as it can, and nobody throws away a draw.
//! - [`Position::three_in_a_row`] is who has already won on the board;
//!   [`Outcome::winner`] is who wins with perfect play from here.

mod cells;
mod entry;
mod packed;
mod position;
mod rules;
mod symmetry;
mod validity;

// What `rules.rs` registers the game with: `super::registered` there, in the library as in
// `build.rs`, which mounts `rules.rs` beside it.
use super::registered;

pub use super::TICTACTOE;
pub use cells::{CellSet, CellSetIter};
pub use position::{IllegalMove, Position};
#[doc(hidden)]
pub use rules::parse_row;
pub use rules::{Board, Outcome, ParseBoardError, Player, Unreachable};
pub use symmetry::Symmetry;
pub use validity::NotFinal;
