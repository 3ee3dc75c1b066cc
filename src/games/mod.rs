//! Every game of the crate: the games of one size, each solved at compile time from one
//! file of rules and one line of `src/games/list.rs`, and the families, each one file of
//! rules generic over its parameters and one line of `src/games/family_list.rs`.
//!
//! Each game has a position type implementing [`Game`] and a [`Solved`] table: ask it a
//! position's [`Record`] (win, loss or draw for the side to move, and plies left), its
//! moves ranked best first, a best move, the principal line. Each position type also has a
//! one-line text notation ([`Notation`]): `Display` and `FromStr` that round-trip (`www/.../bbb w`
//! is Hexapawn's start: the rows from the top, then the side to move), and moves as a
//! person names them (`2-5`, Dodgem's `3-off`, Nim's `2:3`). Each game's module docs give
//! its notation; a text that is not a position is a [`ParseError`] with its column.
//!
//! # Naming a game: one syntax on every surface
//!
//! [`open`] takes a name and gives the game behind the dynamic handle every surface uses
//! (the binary's `--game`, the web API, Python):
//!
//! - a game of one size by its name, in any case: `tictactoe`, `misere`, `hexapawn`,
//!   `dodgem`, `connect4-4x4` (and `connect4-5x4`, `connect4-4x5` with `large-games`;
//!   `hexapawn` and `dodgem` are the families of those names at their default sizes);
//! - a family at a size: the family's name, a colon, and its parameters as `name=value`
//!   split by commas, `mnk:m=4,n=4,k=3`, or by position in the family's order,
//!   `mnk:4,4,3`. A parameter left out keeps its default, so `mnk` alone is the default
//!   size. A boolean is `true` or `false`; a list of integers is split by `-`, as in
//!   `nim:piles=1-3-5-7,misere=true`. The canonical name, which [`About`] gives and every
//!   surface prints, names every parameter;
//! - Connect Four at any size by its classic name, `connect4-WxH` (W columns, H rows, four
//!   in a row): the family `connect-four` at that size (`connect4-6x4` is
//!   `connect-four:rows=4,columns=6,x_in_row=4`), and the name its table files carry
//!   (`perfect-play solve connect4-6x4`); `connect4-7x6` is the game answered by search.
//!
//! A size compiled into the build ([`FamilyInfo::compiled`]) answers from its table; any
//! other within the family's position limit (10 million) is solved on first use, in
//! memory (feature `std`; [`open_with`] says when a solve starts and ends, for a progress
//! line), kept for the next `open`, and answers exactly as a compiled one.
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
//! | [`dobutsu`] | `giraffes`, `elephants` (true,true) | | second player wins in 78 plies (Tanaka 2009); a table file, not first use |
//!
//! Who moves next is the position's to say ([`Game::moves_again`]): in Dots and Boxes a
//! player who completes a box, and in Kalah one whose last seed lands in their store,
//! moves again; in Othello a player with no move passes (a `pass` move).
//!
//! Each position type has a one-line text notation ([`Notation`]): `Display` and `FromStr`
//! that round-trip (`www/.../bbb w` is Hexapawn's start: the rows from the top, then the
//! side to move). Each game's module docs give its notation; a text that is not a position
//! is a [`ParseError`] naming the board's row and column; a position no game reaches has a
//! reason ([`Game::unreachable_reason`]).
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

use perfect_play_core::{Game, Record, Solved};

#[cfg(feature = "alloc")]
use perfect_play_core::dynamic::{DynGame, Handle};

pub use perfect_play_core::notation::{Notation, ParseError, ParseErrorKind, ShowMove, Side};

pub use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
pub use perfect_play_core::{Geometry, Kind, MoveShape};

#[cfg(feature = "alloc")]
mod open;
#[cfg(feature = "alloc")]
pub use open::{OpenError, Solving, open, open_with};

/// A board of two players' pieces at a run-time size, shared by the families on squares.
mod grid;

#[cfg(feature = "search")]
pub mod connect4_7x6;

/// The games too large to tabulate, answered by search (feature `search`): each a module
/// here with an `open`, named in [`open`] and listed by [`names`] after the compiled ones.
#[cfg(feature = "search")]
const SEARCHED: &[&str] = &[connect4_7x6::NAME];
#[cfg(not(feature = "search"))]
const SEARCHED: &[&str] = &[];

/// Sets how many threads every game answered by search ranks a position's moves on
/// (each engine's [`set_threads`](crate::search::Engine::set_threads)); games of tables
/// have no threads to set.
pub fn set_search_threads(threads: usize) {
    #[cfg(feature = "search")]
    connect4_7x6::searched().engine().set_threads(threads);
    let _ = threads;
}

/// Something to do with a game's position type, without a compiled table: solve it into a
/// table file, or open its file (`perfect-play solve`, `--table`). Given to [`visit_type`]
/// with the game's name. (A trait with a generic method, as a closure cannot be generic.)
pub trait TypeVisitor: Sized {
    /// What the visit gives back.
    type Output;

    /// Does it with the game called `name`, whose positions are `G` and whose start is
    /// `start` (`G::start()` for a game of one size; a family's start at the size asked
    /// for).
    fn visit<G: Notation + core::fmt::Debug + Send + Sync + 'static>(
        self,
        name: &str,
        start: G,
    ) -> Self::Output;

    /// The same for a family at a size (`name` is the size's, `mnk:m=4,n=4,k=3`): what
    /// needs the family's name and parameters (a handle's) overrides this; by default it
    /// is [`visit`](Self::visit).
    fn visit_family<G: Family + core::fmt::Debug + Send + Sync + 'static>(
        self,
        name: &str,
        start: G,
    ) -> Self::Output {
        self.visit(name, start)
    }
}

/// Runs `visitor` on the position type of the game called `name`, in any case: a game of
/// one size of the registry (`hexapawn`), or any family at any size in the naming syntax
/// (`mnk:m=4,n=4,k=3`), whether compiled in or not, Connect Four's sizes also by their
/// classic names (`connect4-6x4`, [`ConnectFour::classic`]). Nothing is solved here: the
/// visitor gets the type and the start.
///
/// A Connect Four size of four in a row is visited under its classic name, whichever way
/// it was asked for (`connect-four:4,6` is `connect4-6x4`): the name its table files carry.
///
/// # Errors
/// [`OpenError`]: no game or family of that name, or parameters that name no size.
#[cfg(feature = "alloc")]
pub fn visit_type<V: TypeVisitor>(name: &str, visitor: V) -> Result<V::Output, OpenError> {
    let visitor = match visit_fixed(name.trim(), visitor) {
        Ok(output) => return Ok(output),
        Err(visitor) => visitor,
    };
    let (info, args) = open::family_at(name.trim())?;
    if info.name == <ConnectFour as Family>::FAMILY {
        let start = <ConnectFour as Family>::at(&args).map_err(|error| OpenError::Size {
            family: info.name,
            error,
        })?;
        if let Some(classic) = start.classic_name() {
            let classic = alloc::string::ToString::to_string(&classic);
            return Ok(visitor.visit_family::<ConnectFour>(&classic, start));
        }
    }
    visit_family(info.name, &args, visitor)
}

/// The name a table file of the game called `name` carries, as [`visit_type`] names it:
/// a game of one size as the registry spells it (`Hexapawn` is `hexapawn`), a family's size
/// with every parameter named (`mnk:4,4,3` is `mnk:m=4,n=4,k=3`), Connect Four at four in
/// a row by its classic name (`connect-four:4,6` is `connect4-6x4`). Nothing is solved.
///
/// ```
/// use perfect_play::games::table_name;
///
/// assert_eq!(table_name("connect-four:4,6").as_deref(), Ok("connect4-6x4"));
/// assert_eq!(table_name("mnk:4,4,3").as_deref(), Ok("mnk:m=4,n=4,k=3"));
/// assert!(table_name("hexapwn").is_err());
/// ```
///
/// # Errors
/// As [`visit_type`].
#[cfg(feature = "alloc")]
pub fn table_name(name: &str) -> Result<alloc::string::String, OpenError> {
    /// Names the visited game.
    struct Naming;
    impl TypeVisitor for Naming {
        type Output = alloc::string::String;

        fn visit<G: Notation + core::fmt::Debug + Send + Sync + 'static>(
            self,
            name: &str,
            _start: G,
        ) -> Self::Output {
            alloc::string::ToString::to_string(name)
        }
    }
    visit_type(name, Naming)
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

        /// [`visit_type`] for a game of one size of the registry, by its name in any case.
        #[cfg(feature = "alloc")]
        fn visit_fixed<V: TypeVisitor>(name: &str, visitor: V) -> Result<V::Output, V> {
            match find(name) {
                $($(#[cfg(feature = $feature)])? Ok($name) => Ok(visitor.visit::<$game>($name, <$game as Game>::start())),)*
                _ => Err(visitor),
            }
        }

        /// The game of one size called `name` (in any case: `Hexapawn` is `hexapawn`)
        /// behind the dynamic handle, or `None`: [`open`] tries these names first.
        #[cfg(feature = "alloc")]
        fn open_fixed(name: &str) -> Option<alloc::boxed::Box<dyn DynGame>> {
            let found = find(name).ok()?;
            // A game of one size is a family of its own, of no parameters.
            open_fixed_as(found, found, found, alloc::vec::Vec::new())
        }

        /// The game of one size called `found` (as [`find`] gives it) behind the dynamic
        /// handle under the name `name` of family `family` at `params`: a family's size that
        /// `list.rs` compiles as a type of its own (`connect-four:4,4` is `connect4-4x4`).
        #[cfg(feature = "alloc")]
        fn open_fixed_as(
            found: &str,
            name: &str,
            family: &str,
            params: alloc::vec::Vec<(Param, Arg)>,
        ) -> Option<alloc::boxed::Box<dyn DynGame>> {
            $(
                $(#[cfg(feature = $feature)])?
                if found == $name {
                    let positions = u64::try_from($table.len()).ok();
                    let handle = Handle::<$game, _>::new(name, &$table, positions).in_family(family, params);
                    return Some(alloc::boxed::Box::new(handle));
                }
            )*
            let _ = (name, family, params);
            None
        }

        /// The names of the games of this build, in the order they are registered: the
        /// compiled ones, then those answered by search.
        pub fn names() -> impl Iterator<Item = &'static str> {
            [$($(#[cfg(feature = $feature)])? $name),*].into_iter().chain(SEARCHED.iter().copied())
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

/// How the registry opens a family at a size (the size's values, and who hears of a solve
/// on first use).
#[cfg(feature = "alloc")]
pub(crate) type Opener =
    fn(&Args, &mut dyn FnMut(Solving<'_>)) -> Result<alloc::boxed::Box<dyn DynGame>, OpenError>;

/// A family of games as the registry lists it: its name, its parameters, and the sizes
/// compiled into this build (any other is solved on first use, [`open`]).
#[derive(Clone, Copy)]
pub struct FamilyInfo {
    /// The family's name in the naming syntax: `mnk`.
    pub name: &'static str,
    /// Its title: `m,n,k-game`.
    pub title: &'static str,
    /// Its parameters, in the order positional values take them.
    pub params: &'static [Param],
    /// The sizes compiled into the build, each as its parameters' text (`m=3,n=3,k=3`).
    pub compiled: &'static [&'static str],
    /// The family at a size behind the dynamic handle: from its table if compiled in,
    /// else solved now.
    #[cfg(feature = "alloc")]
    pub(crate) open: Opener,
}

impl core::fmt::Debug for FamilyInfo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FamilyInfo")
            .field("name", &self.name)
            .field("params", &self.params)
            .field("compiled", &self.compiled)
            .finish_non_exhaustive()
    }
}

macro_rules! families {
    ($($module:ident $file:literal $game:ident [$($table:ident $stem:literal $size:literal),* $(,)?] $(also $fixed:ident $fixed_size:literal)? $(fixed [$($(#[cfg(feature = $fixed_feature:literal)])? $fixed_name:literal $fixed_at:literal),* $(,)?])?;)*) => {
        $(pub mod $module;)*
        $(pub use $module::$game;)*

        mod family_tables {
            //! The compiled sizes' tables `build.rs` generated, one file each.
            #![allow(clippy::unreadable_literal)]
            $($(include!(concat!(env!("OUT_DIR"), "/", $stem, ".rs"));)*)*
        }

        $($(
            #[doc = concat!("Every position of [`", stringify!($game), "`] at `", $size, "` reachable from its start, solved.")]
            pub static $table: Solved<$game> = Solved::new(&family_tables::$table);
        )*)*

        /// [`visit_type`] for family `family` (as [`FAMILIES`] names it) at `args`.
        #[cfg(feature = "alloc")]
        fn visit_family<V: TypeVisitor>(family: &str, args: &Args, visitor: V) -> Result<V::Output, OpenError> {
            $(
                if family == <$game as Family>::FAMILY {
                    let start = <$game as Family>::at(args).map_err(|error| OpenError::Size { family: <$game as Family>::FAMILY, error })?;
                    let name = alloc::string::ToString::to_string(&start.sized());
                    return Ok(visitor.visit_family::<$game>(&name, start));
                }
            )*
            Err(OpenError::Unknown { name: alloc::string::String::from(family) })
        }

        /// Every family of games, in the order `family_list.rs` registers them.
        pub static FAMILIES: &[FamilyInfo] = &[$(
            FamilyInfo {
                name: <$game as Family>::FAMILY,
                title: <$game as Notation>::TITLE,
                params: <$game as Family>::PARAMS,
                compiled: &[$($size,)* $($fixed_size,)? $($($(#[cfg(feature = $fixed_feature)])? $fixed_at,)*)?],
                #[cfg(feature = "alloc")]
                open: |args, solving| {
                    $($(
                        $(#[cfg(feature = $fixed_feature)])?
                        if let Some(game) = open::open_as_fixed::<$game>(args, $fixed_at, $fixed_name) {
                            return Ok(game);
                        }
                    )*)?
                    open::open_sized::<$game>(args, &[$(($size, &$table),)* $(($fixed_size, &$fixed))?], solving)
                },
            }
        ),*];
    };
}
include!("family_list.rs");

/// Every name [`open`] knows without parameters: the games of one size, then the families.
fn known_names() -> impl Iterator<Item = &'static str> {
    registered()
        .map(|(known, _, _)| known)
        .chain(SEARCHED.iter().copied())
        .chain(FAMILIES.iter().map(|family| family.name))
}

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

/// The name of the game a person means by `name`: a registered name in any case
/// (`Hexapawn`, `CONNECT4-4X4`), as `perfect-play games` lists it.
///
/// ```
/// use perfect_play::games::find;
///
/// assert_eq!(find("Hexapawn"), Ok("hexapawn"));
/// let error = find("hexapwn").unwrap_err();
/// assert_eq!(error.suggestion(), Some("hexapawn"));
/// assert!(error.to_string().starts_with("no game is called `hexapwn`: did you mean `hexapawn`?"));
/// ```
///
/// # Errors
/// [`UnknownGame`] when no game has the name; it suggests the nearest name.
pub fn find(name: &str) -> Result<&'static str, UnknownGame<'_>> {
    registered()
        .map(|(known, _, _)| known)
        .find(|known| known.eq_ignore_ascii_case(name))
        .ok_or(UnknownGame { name })
}

/// A game name no game has: [`find`]'s error, one sentence for every surface (the binary,
/// the server, Python), with the nearest name when one is near and the list of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownGame<'a> {
    name: &'a str,
}

impl UnknownGame<'_> {
    /// The registered name nearest to the one asked for, if one is near: fewer letters
    /// changed, added or dropped than a third of it (at least 2), or the start of one
    /// (`connect4` for `connect4-4x4`).
    #[must_use]
    pub fn suggestion(&self) -> Option<&'static str> {
        let asked = self.name;
        let lower = |c: char| c.to_ascii_lowercase();
        let prefix = |known: &str| {
            asked.len() >= 3
                && known.len() > asked.len()
                && known
                    .get(..asked.len())
                    .is_some_and(|start| start.eq_ignore_ascii_case(asked))
        };
        let mut best: Option<(usize, &'static str)> = None;
        for known in known_names() {
            let distance = if prefix(known) {
                0
            } else {
                edit_distance(asked.chars().map(lower), known.chars().map(lower))
            };
            if best.is_none_or(|(shortest, _)| distance < shortest) {
                best = Some((distance, known));
            }
        }
        let near = (asked.chars().count() / 3).max(2);
        best.filter(|&(distance, _)| distance <= near)
            .map(|(_, known)| known)
    }
}

/// How many characters must change, be added or dropped to turn `a` into `b`
/// (Levenshtein), counting at most 32 characters of `b`: enough for any game's name.
fn edit_distance(a: impl Iterator<Item = char>, b: impl Iterator<Item = char> + Clone) -> usize {
    let mut row = [0usize; 33];
    let width = b.clone().take(32).count();
    for (j, cell) in row.iter_mut().enumerate().take(width + 1) {
        *cell = j;
    }
    for (i, ca) in a.enumerate() {
        let mut diagonal = i;
        let mut left = i + 1;
        for (j, cb) in b.clone().take(32).enumerate() {
            let up = row.get(j + 1).copied().unwrap_or(usize::MAX);
            let cost = diagonal + usize::from(ca != cb);
            diagonal = up;
            left = cost.min(up.saturating_add(1)).min(left + 1);
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = left;
            }
        }
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
    }
    row.get(width).copied().unwrap_or(usize::MAX)
}

/// ``no game is called `hexapwn`: did you mean `hexapawn`? The games are tictactoe, ...``
impl core::fmt::Display for UnknownGame<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "no game is called `{}`", self.name)?;
        match self.suggestion() {
            Some(near) => write!(f, ": did you mean `{near}`? The games are ")?,
            None => f.write_str("; the games are ")?,
        }
        let listed = registered()
            .map(|(known, _, _)| known)
            .chain(SEARCHED.iter().copied());
        for (index, known) in listed.enumerate() {
            let comma = if index == 0 { "" } else { ", " };
            write!(f, "{comma}{known}")?;
        }
        f.write_str("; the families are ")?;
        for (index, family) in FAMILIES.iter().enumerate() {
            let comma = if index == 0 { "" } else { ", " };
            write!(f, "{comma}{}", family.name)?;
        }
        f.write_str(" (a size as family:parameters, like mnk:m=4,n=4,k=3)")
    }
}

impl core::error::Error for UnknownGame<'_> {}
