//! Every game of the crate, solved at compile time by the game-agnostic generator
//! (`perfect-play-generate`) from one file of rules each, registered in one line of
//! `src/games/list.rs`.
//!
//! Each game has a position type implementing [`Game`] and a static [`Solved`] table: ask
//! it a position's [`Record`] (win, loss or draw for the side to move, and plies left), its
//! moves ranked best first, a best move, the principal line.
//!
//! Each position type also has a one-line text notation ([`Notation`]): `Display` and
//! `FromStr` that round-trip (`www/.../bbb w` is Hexapawn's start: the rows from the top,
//! then the side to move), and moves as a person names cells, 1-9 (`2-5`, Dodgem's
//! `3-off`). Each game's module docs give its notation; a text that is not a position is a
//! [`ParseError`] with its column. [`visit`] finds a game by name for code that works on
//! any of them, as `perfect-play analyze --game` does.
//!
//! ```
//! use perfect_play::games::{DODGEM, Dodgem, HEXAPAWN, Hexapawn};
//! use perfect_play::Value;
//! use perfect_play::Game;
//!
//! // Hexapawn: the second player wins; Dodgem: the first player wins.
//! assert_eq!(HEXAPAWN.probe(&Hexapawn::start()).map(|r| r.value), Some(Value::Loss));
//! assert_eq!(DODGEM.probe(&Dodgem::start()).map(|r| r.value), Some(Value::Win));
//! ```

use perfect_play_core::{Game, Record, Solved};

#[cfg(feature = "alloc")]
use perfect_play_core::dynamic::{DynGame, Handle};

#[cfg(feature = "alloc")]
mod unknown;
#[cfg(feature = "alloc")]
pub use unknown::UnknownGame;

pub use perfect_play_core::notation::{Notation, ParseError, ParseErrorKind, ShowMove, Side};

/// Connect Four's rules, at every size: the registry's `connect4_WxH` modules are its sizes.
pub mod connect4;

/// Something to do with one game of this module, whatever its position type: give it to
/// [`visit`] with the game's name. (A trait with a generic method, as a closure cannot be
/// generic.)
pub trait Visitor {
    /// What the visit gives back.
    type Output;

    /// Does it with the game called `name` and its solved table.
    fn visit<G: Notation + 'static>(
        self,
        name: &'static str,
        table: &'static Solved<G>,
    ) -> Self::Output;
}

/// One solved game, as `perfect-play games` lists it.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The game's name, as people and the API call it (`tictactoe`, `hexapawn`...).
    pub name: &'static str,
    /// How many positions its table holds: every position reachable from the start.
    pub positions: usize,
    /// The start position's record: the outcome for the first player, and plies.
    pub start: Record,
}

macro_rules! games {
    ($($(#[cfg(feature = $feature:literal)])? $module:ident $name:literal $file:literal $game:ident $table:ident $writer:ident;)*) => {
        $($(#[cfg(feature = $feature)])? pub mod $module;)*
        $($(#[cfg(feature = $feature)])? pub use $module::$game;)*

        mod tables {
            //! The tables `build.rs` generated, one file per game (a `phf` map in Rust
            //! source, or the source that embeds a large game's binary table).
            #![allow(clippy::unreadable_literal)]
            $($(#[cfg(feature = $feature)])? include!(concat!(env!("OUT_DIR"), "/", stringify!($module), ".rs"));)*
        }

        $(
            $(#[cfg(feature = $feature)])?
            #[doc = concat!("Every reachable position of [`", stringify!($game), "`] (", $name, "), solved.")]
            pub static $table: Solved<$game> = Solved::new(&tables::$table);
        )*

        /// Runs `visitor` on the game called `name` (as `perfect-play games` lists it)
        /// with its table, or returns `None` if no game has that name.
        pub fn visit<V: Visitor>(name: &str, visitor: V) -> Option<V::Output> {
            match name {
                $($(#[cfg(feature = $feature)])? $name => Some(visitor.visit($name, &$table)),)*
                _ => None,
            }
        }

        /// The game called `name` (in any case: `Hexapawn` is `hexapawn`) behind the
        /// dynamic handle every surface uses, or why there is none: the names there are,
        /// and the nearest one.
        #[cfg(feature = "alloc")]
        pub fn open(name: &str) -> Result<alloc::boxed::Box<dyn DynGame>, UnknownGame> {
            let wanted = name.trim();
            $(
                $(#[cfg(feature = $feature)])?
                if wanted.eq_ignore_ascii_case($name) {
                    let positions = u64::try_from($table.len()).ok();
                    return Ok(alloc::boxed::Box::new(Handle::<$game, _>::new($name, &$table, positions)));
                }
            )*
            Err(UnknownGame::new(wanted, names()))
        }

        /// The names of the games of this build, in the order they are registered.
        pub fn names() -> impl Iterator<Item = &'static str> {
            [$($(#[cfg(feature = $feature)])? $name),*].into_iter()
        }

        /// The games with their tables, in the order they are registered (those of this
        /// build's features).
        fn registered() -> impl Iterator<Item = (&'static str, usize, Option<Record>)> {
            let mut games = [None; [$($name),*].len()];
            let mut slots = games.iter_mut();
            $(
                $(#[cfg(feature = $feature)])?
                if let Some(slot) = slots.next() {
                    *slot = Some(($name, $table.len(), $table.probe(&<$game as Game>::start())));
                }
            )*
            games.into_iter().flatten()
        }
    };
}
include!("list.rs");

/// Every game solved at compile time, in the order `list.rs` registers them, with its size
/// and its start position's record.
pub fn all() -> impl Iterator<Item = GameInfo> {
    registered().filter_map(|(name, positions, start)| {
        Some(GameInfo {
            name,
            positions,
            start: start?,
        })
    })
}
