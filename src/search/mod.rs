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
//! build a perfect AI", 2017) but where said (MTD(f), and three of bitbully's, read in
//! its source: MarkusThill/BitBully), rewritten here:
//! - **Bitboards** ([`Bitboard`]): the side to move's discs and every disc, two `u64`; a
//!   disc dropped is one addition; the cells where a player would make four are a few
//!   shifts of its discs.
//! - **Moves that lose at once are never searched**: a move must block the opponent's
//!   four it could complete next and must not fill the cell under one; a win at once is
//!   decided without search.
//! - **Score bounds**: a position's score is bounded by how soon the game can end from
//!   it, which narrows every window before a child is searched.
//! - **Null-window probes**: the exact score is found by asking "is it at least `g`?"
//!   with windows `(g - 1, g)`, each `g` the last answer, from 0 out (MTD(f), Plaat,
//!   Schaeffer, Pijls and de Bruin, 1996; Pons halves the range instead).
//! - **Move ordering by threats**: children are searched by how many cells they leave
//!   where the mover would make four, a disc under one's own such cell counted one
//!   fewer (the opponent blocks it; bitbully's rule), the centre first among equals.
//! - **A double threat is decided at once**: a safe disc under two of one's own cells,
//!   one above the other, wins two discs later (bitbully's rule).
//! - **Transposition table**: the proven bound (lower after a cut, upper otherwise) of
//!   each position of an even ply under its full key, one atomic word per slot.
//! - **Enhanced transposition cutoff** (Plaat et al., 1996; not in Pons's solver): a
//!   position of an odd ply asks the table about each child before searching any; a
//!   child it bounds from above can settle the parent at once. Keeping one ply in two
//!   and looking up the other's children is bitbully's scheme: a fifth to a quarter
//!   less time on random 7x6 positions than both on every ply (benches/HISTORY.md 13d).
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
pub use build::{BuildError, Progress, book_positions, build_book};
pub use connect4::{Bitboard, Opened};
pub use deadline::{OutOfTime, within};
pub use engine::Engine;
pub use searchable::{Bounds, Children, MAX_CHILDREN, Searchable};
pub use searched::{SearchableGame, Searched};
pub use table::{Bound, DEFAULT_MEMORY, TranspositionTable};
