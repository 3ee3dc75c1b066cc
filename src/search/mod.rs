//! Exact answers by search, for games too large to tabulate: Connect Four as people play
//! it (7x6) first.
//!
//! A game implements [`Searchable`] (its key, what is decided without search, its children
//! best first) and the [`Engine`] finds any position's exact score: negamax with
//! alpha-beta, probed on null windows until the score is known, a [`TranspositionTable`]
//! of score bounds in a stated memory budget shared by every thread, and an opening
//! [`Book`] of the positions up to some ply. [`Searched`] wraps it in the shape of a
//! solved table (`probe`, `ranked_moves`, `best_move`), its analysis searching the root
//! moves on every thread.
//!
//! The techniques are Pascal Pons's (his solver and blog, "Solving Connect 4: how to
//! build a perfect AI", 2017), rewritten here:
//! - **Bitboards** ([`Bitboard`]): the side to move's discs and every disc, two `u64`; a
//!   disc dropped is one addition; the cells where a player would make four are a few
//!   shifts of its discs.
//! - **Moves that lose at once are never searched**: a move must block the opponent's
//!   four it could complete next and must not fill the cell under one; a win at once is
//!   decided without search.
//! - **Score bounds**: a position's score is bounded by how soon the game can end from
//!   it, which narrows every window before a child is searched.
//! - **Null-window probes**: the exact score is found by asking "is it above `g`?" with
//!   windows `(g, g + 1)`, halving the range each time.
//! - **Move ordering by threats**: children are searched by how many cells they leave
//!   where the mover would make four, the centre first among equals.
//! - **Transposition table**: each position's proven bound (lower after a cut, upper
//!   otherwise) under its full key, one atomic word per slot.
//! - **Enhanced transposition cutoff** (Plaat, Schaeffer, Pijls and de Bruin, 1996; not
//!   in Pons's solver): before searching a position's children, the table is asked about
//!   each; a child it bounds from above can settle the parent at once (a quarter fewer
//!   positions searched on random 7x6 positions, BENCHMARKS.md 13c).
//!
//! Needs the `search` feature (on by default; it implies `std` for threads).
//!
//! ```
//! use perfect_play::games::connect4::Connect4;
//! use perfect_play::search::{Engine, Searched};
//! use perfect_play::Value;
//!
//! // x to move completes a row of four in column 4.
//! let position: Connect4<7, 6> = "......./......./......./......./......./ooo.xxx".parse()?;
//! let searched: Searched<Connect4<7, 6>> = Searched::new(Engine::new(1 << 20));
//! let record = searched.probe(&position).ok_or("a game reaches it")?;
//! assert_eq!((record.value, record.remoteness), (Value::Win, 1));
//! assert_eq!(searched.best_move(&position), Some(3));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

mod book;
mod build;
mod connect4;
mod deadline;
mod engine;
mod searchable;
mod searched;
mod table;

pub use book::{Book, BookError};
pub use build::{Progress, book_positions, build_book};
pub use connect4::Bitboard;
pub use deadline::{OutOfTime, within};
pub use engine::Engine;
pub use searchable::{Bounds, Children, MAX_CHILDREN, Searchable};
pub use searched::{SearchableGame, Searched};
pub use table::{Bound, DEFAULT_MEMORY, TranspositionTable};
