//! Connect Four as people play it, 7 columns by 6 rows (`connect4-7x6`): 4,531,985,219,092
//! positions, too many to tabulate, so every position is answered exactly by the
//! [search engine](crate::search) with the opening book shipped beside this file.
//!
//! The start is a first-player win in 41 plies, the centre column its only winning first
//! move (James D. Allen, 1988, and Victor Allis, 1988; the count of positions is John
//! Tromp's). The same rules, notation and moves as every [`Connect4`] size.
//!
//! # The opening book
//!
//! `connect4_7x6.book` (a table file of the project's format, canonical, a tier a ply:
//! [`Book`]) holds the exact record of every open position up to [`BOOK_PLIES`] plies, found by this crate's own engine with `perfect-play
//! book connect4-7x6 --plies 10` (`docs/connect4-7x6.md` says how long it took, its SHA-256
//! and how to build a deeper one). Deeper positions are searched when asked, within the
//! transposition table's [`DEFAULT_MEMORY`]; [`searched`] is the one engine of the process,
//! its table shared by every question, allocated at the first search the book cannot
//! answer.
//!
//! ```
//! use perfect_play::games::connect4::Connect4On7x6;
//! use perfect_play::games::connect4_7x6::searched;
//! use perfect_play::{Game, Value};
//!
//! // From the book: x wins in 41 plies.
//! let start = Connect4On7x6::start();
//! let record = searched().probe(&start).ok_or("a game reaches it")?;
//! assert_eq!((record.value, record.remoteness), (Value::Win, 41));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use alloc::boxed::Box;
use core::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use perfect_play_core::dynamic::{DynGame, Handle};

use super::connect4::Connect4;
use crate::search::{Book, DEFAULT_MEMORY, Engine, Searched};

/// The game's name on every surface.
pub const NAME: &str = "connect4-7x6";

/// Its title, told apart from the compiled `connect4-4x4`'s `Connect Four`.
pub const TITLE: &str = "Connect Four 7x6";

/// How many positions games from the start reach (John Tromp's count, finished ones
/// included).
pub const POSITIONS: u64 = 4_531_985_219_092;

/// Every open position of at most this many plies is in the shipped book.
pub const BOOK_PLIES: u32 = 10;

/// The shipped opening book's bytes.
static BOOK: &[u8] = include_bytes!("connect4_7x6.book");

/// The shipped opening book, read and checked (`None` only if the bytes are damaged,
/// which `tests/search_book.rs` rules out).
#[must_use]
pub fn book() -> Option<Book> {
    Book::read(BOOK, NAME, <Connect4<7, 6> as crate::Game>::RULES_VERSION).ok()
}

/// The process's one engine, made at its first use.
static SEARCHED: OnceLock<Searched<Connect4<7, 6>>> = OnceLock::new();

/// Whether [`searched`] is to be made without the shipped book.
static WITHOUT_BOOK: AtomicBool = AtomicBool::new(false);

/// The process's one engine for the game, with the shipped book (unless
/// [`without_book`] was called first) and a transposition table of [`DEFAULT_MEMORY`]
/// bytes (allocated at its first search), analysing on every core (see
/// [`Engine::set_threads`]).
#[must_use]
pub fn searched() -> &'static Searched<Connect4<7, 6>> {
    SEARCHED.get_or_init(|| {
        let engine = Engine::new(DEFAULT_MEMORY);
        let book = (!WITHOUT_BOOK.load(Ordering::Relaxed)).then(book).flatten();
        Searched::new(match book {
            Some(book) => engine.with_book(book),
            None => engine,
        })
    })
}

/// Makes [`searched`] answer every position by search, the shipped book left out: what a
/// benchmark of the search through a surface asks (`--no-book`). Only before the first
/// question: `false` if [`searched`]'s engine was already made (with the book).
pub fn without_book() -> bool {
    WITHOUT_BOOK.store(true, Ordering::Relaxed);
    SEARCHED.get().is_none()
}

/// The game behind the dynamic handle every surface uses.
#[must_use]
pub fn open() -> Box<dyn DynGame> {
    let handle = Handle::<Connect4<7, 6>, _>::new(NAME, searched(), Some(POSITIONS));
    Box::new(handle.titled(TITLE))
}

/// In the catalogue: Connect Four's family at 7 columns, 6 rows and four in a row, answered
/// by search.
pub(crate) const IN_CATALOGUE: super::registry::SearchedSize = super::registry::SearchedSize {
    family: "connect-four",
    size: "rows=6,columns=7,x_in_row=4",
    open,
};
