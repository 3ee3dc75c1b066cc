//! Exact answers by search, for games too large to tabulate: Connect Four as people play
//! it (7x6) first.
//!
//! A game implements [`Searchable`] (its key, what is known without a search, its moves
//! and how promising each looks) and the [`Engine`] finds any position's exact score:
//! negamax with alpha-beta, probed on null windows until the score is known, a
//! [`TranspositionTable`] in a stated memory budget shared by every thread and kept from
//! one question to the next, and an opening [`Book`] of the positions up to some ply.
//! [`Searched`] wraps it in the shape of a solved table (`probe`, `ranked_moves`,
//! `best_move`).
//!
//! The design is Pascal Pons's (his solver and blog, "Solving Connect 4: how to build a
//! perfect AI", 2017) with what made Christophe Steininger's `c4` (its source,
//! ChristopheSteininger/c4, read for its ideas) several times faster, and two of
//! bitbully's rules (MarkusThill/BitBully), rewritten here; benches/HISTORY.md 13i measures
//! what each bought:
//! - **Bitboards** ([`Bitboard`]): the side to move's discs and every disc, two `u64`; a
//!   disc dropped is one addition; the cells where a player would make four are a few
//!   shifts of its discs.
//! - **Forced moves are played, not searched**: a move must block the opponent's four it
//!   could complete next and must not fill the cell under one; when one move is left,
//!   it is played at once, and a chain of them is followed to its end before anything
//!   else is asked (`c4`); a win at once is decided without search.
//! - **Score bounds before the search**: a position's score is bounded by how soon the
//!   game can end from it; a side that could not make four with every empty cell draws
//!   at best; and on a board of an even number of rows, Allis's *claimeven* (the second
//!   player answering every move in the same column; *A Knowledge-based Approach of
//!   Connect-Four*, 1988) bounds what the first player can hope for (`c4`'s
//!   `upper_bound_from_evens_strategy`, derived again here).
//! - **Every child settled first**: before a position's children are searched, each is
//!   settled as far as it goes without a search (its forced moves, its bounds, the
//!   transposition table's word on it, every child's bucket read before any is looked
//!   into, so that the waits on memory overlap); one may cut at once, and the others'
//!   bounds narrow the window (`c4`).
//! - **Null-window probes**: the exact score is found by asking "is it at least `g`?"
//!   with windows `(g - 1, g)`, each `g` the last answer, from 0 out (MTD(f), Plaat,
//!   Schaeffer, Pijls and de Bruin, 1996; Pons halves the range instead).
//! - **Move ordering by threats**: the children left to search go by the cells where the
//!   mover would make four, weighed as `c4` weighs them (most for one right above a
//!   column's next cell), the transposition table's best move first, the centre first
//!   among equals.
//! - **A double threat is decided at once**: a safe disc under two of one's own cells,
//!   one above the other, wins two discs later (bitbully's rule).
//! - **Transposition table**: buckets of two 8-byte entries, each a bound (lower, upper
//!   or exact), the best move and how much search it cost; the costlier entry stays
//!   (`c4`), and a question's entries give way to the next question's (generations), so
//!   that the table is never cleared. Positions that differ only in discs no four can
//!   pass through any more, or that mirror each other, share an entry (`c4`).
//! - **One position on every thread**, over the one table: two threads probe two null
//!   windows at once, the one MTD(f) asks next and the one beside it that its answer
//!   will most likely ask after (`windows.rs`); a probe whose answer another's implies
//!   stops, the others go on. Threads beyond two help with the most wanted window, their
//!   near-equal moves reordered by a little noise that goes down only where it changed an
//!   order (lazy SMP with `c4`'s jitter). On the empty board of 7x6 two threads answer
//!   1.8-2.1 times as fast as one (benches/HISTORY.md 27). A batch (a position's moves
//!   ranked) gives each thread the next position; a thread with none left helps with
//!   one still being solved.
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
mod transposition;
mod windows;

pub use book::{Book, BookError};
pub use build::{BuildError, Progress, book_positions, build_book};
pub use connect4::{Bitboard, Opened};
pub use deadline::{OutOfTime, within};
pub use engine::Engine;
pub use searchable::{Bounds, Children, MAX_CHILDREN, Open, Searchable};
pub use searched::{SearchableGame, Searched};
pub use transposition::{Bound, DEFAULT_MEMORY, Entry, MIN_MEMORY, Read, TranspositionTable};
