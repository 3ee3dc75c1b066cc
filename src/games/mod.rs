//! Every game of the crate, each one file of rules (generic over its parameters, for a
//! family) and one line of `src/games/list.rs`, its compiled sizes solved at compile time.
//!
//! Each game has a position type implementing [`Game`], and each compiled size a
//! [`Solved`] table: ask it a position's [`Record`] (win, loss or draw for the side to
//! move, and plies left), its moves ranked best first, a best move, the principal line.
//! Each position type also has a one-line text notation ([`Notation`]): `Display` and
//! `FromStr` that round-trip (`www/.../bbb w` is Hexapawn's start: the rows from the top,
//! then the side to move), and moves as a person names them (`2-5`, Dodgem's `3-off`,
//! Nim's `2:3`). Each game's module docs give its notation.
//!
//! # The catalogue, and naming a game: one syntax on every surface
//!
//! `list.rs` names every game's module; each game's file declares the rest beside its rules
//! ([`Registered`]: the sizes compiled in, the sizes with a name of their own). Every game
//! is a [`Family`]: a game of one size is a family without parameters, and a size with a
//! name of its own is its family at that size (`hexapawn` is
//! `hexapawn:rows=3,columns=3`).
//!
//! [`resolve`] turns any name into one [`Resolved`] game (its canonical name, its
//! [`Entry`], its parameters, and how it is [answered](Answer)), which every surface (the
//! binary's `--game`, the web API, Python) takes and opens behind the dynamic handle. A
//! name, in any case, is:
//!
//! - a family's name alone, its default size: `mnk`, `hexapawn` (a game of one size has
//!   no other);
//! - a family at a size: its name, a colon, and its parameters as `name=value` split by
//!   commas, `mnk:m=4,n=4,k=3`, or by position in the family's order, `mnk:4,4,3`. A
//!   parameter left out keeps its default. A boolean is `true` or `false`; a list of
//!   integers is split by `-`, as in `nim:piles=1-3-5-7`;
//! - a size's own name (the games `perfect-play games` lists are sizes of their families
//!   with one): `hexapawn` is `hexapawn:rows=3,columns=3`, and Connect Four at any size of
//!   four in a row goes by its classic name, `connect4-WxH` (W columns, H rows):
//!   `connect4-6x4` is `connect-four:rows=4,columns=6,x_in_row=4`.
//!
//! The canonical name, which [`About`] gives, every surface prints and a table file
//! carries, is a size's own name where it has one, else every parameter named:
//! `connect-four:4,6` is `connect4-6x4`, `mnk:4,4,3` is `mnk:m=4,n=4,k=3`.
//!
//! A size compiled into the build ([`Entry::compiled`]) answers from its table;
//! `connect4-7x6` by search (feature `search`); any other within the family's position
//! limit (10 million) is solved on first use, in memory (feature `std`;
//! [`Resolved::open_with`] says when a solve starts and ends, for a progress line), kept for
//! the next open, and answers exactly as a compiled one; a larger one from a table file
//! (`perfect-play solve`, then `--table`; [`file`](crate::file)).
//!
//! | family | parameters (default) | shares with OpenSpiel | published result |
//! |---|---|---|---|
//! | [`mnk`] | `m`, `n`, `k` (3,3,3) | `mnk(m, n, k)` | 3,3,3 draw; 4,3,3 and 4,4,3 first wins; 4,4,4 draw |
//! | [`connect4`] | `rows`, `columns`, `x_in_row` (4,4,4) | `connect_four(rows, columns, x_in_row)` | 7x6 first wins (Allis 1988); Tromp's table of sizes |
//! | [`nim`] | `piles` (1-3-5-7), `misere` (false) | `nim(pile_sizes, is_misere)` | Bouton 1901 |
//! | [`domineering`] | `rows`, `columns` (4,4) | | 8x8 and 11x11 first player wins |
//! | [`clobber`] | `rows`, `columns` (3,3) | `clobber(rows, columns)` | up to 18 squares solved |
//! | [`breakthrough`] | `rows`, `columns` (3,4) | `breakthrough(rows, columns)` | |
//! | [`hex`] | `rows`, `columns` (3,3) | `hex(num_rows, num_cols)` | n x n: first player wins |
//! | [`dots_and_boxes`] | `rows`, `columns` of boxes (2,2) | `dots_and_boxes(num_rows, num_cols)` | 2x2 first wins; 4x5 draw |
//! | [`kalah`] | `pits`, `seeds` (3,2) | (`mancala` is Kalah 6,4) | Kalah(6,4) first wins by 10 |
//! | [`othello`] | `rows`, `columns` (4,4) | (`othello` is 8x8) | 4x4 second player wins |
//! | [`hexapawn`] | `rows`, `columns` (3,3) | | 3x3 second player wins (Gardner 1962) |
//! | [`dodgem`] | `n` (3), n-1 cars a side | | 3x3 first wins (*Winning Ways*); 4x4, 5x5 draws |
//! | [`toads_and_frogs`] | `toads`, `gap`, `frogs` (3,2,3) | | *Winning Ways* ch. 1; Erickson 1996 |
//! | [`cram`] | `rows`, `columns` (3,4) | | a side even: second wins if both are, else first (Gardner 1974) |
//! | [`dobutsu`] | `giraffes`, `elephants` (true,true) | | second player wins in 78 plies (Tanaka 2009); a table file, not first use |
//!
//! Who moves next is the position's to say ([`Game::moves_again`]): in Dots and Boxes a
//! player who completes a box, and in Kalah one whose last seed lands in their store,
//! moves again; in Othello a player with no move passes (a `pass` move).
//!
//! A text that is not a position is a [`ParseError`] naming the board's row and column; a
//! position no game reaches has a reason ([`Game::unreachable_reason`]).
//!
//! ```
//! use perfect_play::games::{self, DODGEM, Dodgem, HEXAPAWN, Hexapawn};
//! use perfect_play::{Game, Value};
//!
//! // Hexapawn: the second player wins; Dodgem: the first player wins.
//! assert_eq!(HEXAPAWN.probe(&Hexapawn::start()).map(|r| r.value), Some(Value::Loss));
//! assert_eq!(DODGEM.probe(&Dodgem::start()).map(|r| r.value), Some(Value::Win));
//!
//! // m,n,k on a 4x3 board, three in a row: not compiled in, solved now (feature `std`);
//! // x wins.
//! # #[cfg(feature = "std")]
//! # {
//! let game = games::open("mnk:4,3,3")?;
//! assert_eq!(game.about().name, "mnk:m=4,n=3,k=3");
//! let start = game.probe(&game.about().start)?;
//! assert_eq!((start.record.value, start.record.remoteness), (Value::Win, 7));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`About`]: perfect_play_core::dynamic::About
//! [`Game`]: crate::Game
//! [`Game::unreachable_reason`]: crate::Game::unreachable_reason
//! [`Game::moves_again`]: crate::Game::moves_again
//! [`Record`]: crate::Record
//! [`Solved`]: crate::Solved

pub use perfect_play_core::notation::{Notation, ParseError, ParseErrorKind, ShowMove, Side};

pub use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
pub use perfect_play_core::{Geometry, Kind, MoveShape};

mod registered;
pub use registered::{Compiled, Layout, Registered};

mod registry;
#[cfg(feature = "alloc")]
pub use registry::StartText;
#[cfg(feature = "alloc")]
pub use registry::{Answer, NameError, Resolved, TypeVisitor, listed, resolve};
pub use registry::{Entry, families};

#[cfg(feature = "alloc")]
mod open;
#[cfg(feature = "alloc")]
pub use open::{FirstUse, OpenError, Unsolved, open};

/// The text code every family writes alike (macros: `family_text!`, `grid_board!`,
/// `cell_moves!`), before the games that use it.
#[macro_use]
mod text;

/// A board of two players' pieces at a run-time size, shared by the families on squares.
mod grid;

#[cfg(feature = "search")]
pub mod connect4_7x6;

/// The sizes answered by search, each registered by the module of its engine.
#[cfg(feature = "search")]
static SEARCHED: &[registry::SearchedSize] = &[connect4_7x6::IN_CATALOGUE];
#[cfg(all(feature = "alloc", not(feature = "search")))]
static SEARCHED: &[registry::SearchedSize] = &[];

/// Sets how many threads every game answered by search ranks a position's moves on
/// (each engine's [`set_threads`](crate::search::Engine::set_threads)); games of tables
/// have no threads to set.
pub fn set_search_threads(threads: usize) {
    #[cfg(feature = "search")]
    connect4_7x6::searched().engine().set_threads(threads);
    let _ = threads;
}

/// The games of `list.rs`, each a module of its own, in the catalogue's order: what
/// [`Entry::module`] says, for the typed dispatch.
macro_rules! catalogue {
    ($($(#[$attr:meta])* $module:ident $file:literal $game:ident;)*) => {
        $($(#[$attr])* pub mod $module;)*
        $($(#[$attr])* pub use $module::$game;)*

        /// A game's module, as an [`Entry`] names it.
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Module {
            $($(#[$attr])* $module,)*
        }

        /// Every game of the catalogue, in `list.rs`'s order.
        pub(crate) static ENTRIES: &[Entry] = &[
            $($(#[$attr])* Entry::of::<$module::$game>(Module::$module),)*
        ];

        /// Runs `visitor` with `game`'s position type.
        #[cfg(feature = "alloc")]
        fn visit<V: TypeVisitor>(game: &Resolved, visitor: V) -> V::Output {
            match game.entry().module {
                $($(#[$attr])* Module::$module => visitor.visit(game, start::<$module::$game>(game)),)*
            }
        }

        /// `game` behind the dynamic handle: from its compiled table, or solved now.
        #[cfg(feature = "alloc")]
        fn open_typed(
            game: &Resolved,
            first_use: &mut dyn FnMut(FirstUse<'_>),
        ) -> Result<alloc::boxed::Box<dyn perfect_play_core::dynamic::DynGame>, Unsolved> {
            match game.entry().module {
                $($(#[$attr])* Module::$module => {
                    open::open_sized(game, start::<$module::$game>(game), &compiled::sizes::$module, first_use)
                })*
            }
        }
    };
}
include!("list.rs");

// The games of one size that are a family at its default size, by their types (one a
// paragraph: none is a list of the games).
pub use connect4::Connect4On4x4;

pub use dodgem::Dodgem3x3;

pub use hexapawn::Hexapawn3x3;

/// The start of `game`'s size. [`resolve`] checked that its parameters make one, so the
/// default start never stands in.
#[cfg(feature = "alloc")]
fn start<G: Registered>(game: &Resolved) -> G {
    G::at(game.args()).unwrap_or_else(|_| G::start())
}

/// The tables `build.rs` generated: each compiled size a static here (`MNK_3_3_3`), and
/// each game's sizes by its module's name.
mod compiled {
    include!(concat!(env!("OUT_DIR"), "/compiled.rs"));
}
pub use compiled::*;
