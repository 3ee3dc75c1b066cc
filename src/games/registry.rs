//! The catalogue's entries and the one resolver: [`resolve`] turns any name a person or a
//! program gives (`connect4-6x4`, `connect-four:4,6`, `mnk:4,3,3`, `Hexapawn`) into one
//! [`Resolved`] game: its canonical name, its [`Entry`], its parameters and how it is
//! [answered](Answer). Every surface resolves a name here once and hands the value down;
//! nothing else reads a name.

#[cfg(feature = "alloc")]
use alloc::string::{String, ToString};
#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::fmt;

#[cfg(feature = "alloc")]
use perfect_play_core::family::Arg;
use perfect_play_core::family::{Args, Param, SizeError};

use super::registered::{Compiled, Registered, canonical_name};
use super::{ENTRIES, Module};

/// One game of the catalogue, as its file declares it ([`Registered`]): a family, or a game
/// of one size (a family without parameters).
// Without `alloc` no name is resolved: only the entries' public data is read.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub struct Entry {
    /// Its name in the naming syntax: `mnk`, `connect-four`, `tictactoe`.
    pub name: &'static str,
    /// Its title: `m,n,k-game`.
    pub title: &'static str,
    /// Its rules in a few sentences, as [`Notation::RULES`] says them.
    ///
    /// [`Notation::RULES`]: perfect_play_core::notation::Notation::RULES
    pub rules: &'static str,
    /// Its parameters, in the order positional values take them (none for a game of one
    /// size).
    pub params: &'static [Param],
    /// The sizes compiled into this build.
    pub compiled: &'static [Compiled],
    /// The sizes answered from a table file alone, each as its parameters.
    pub file_only: &'static [&'static str],
    /// Its module, for the typed dispatch.
    pub(crate) module: Module,
    /// Its sizes with a name of their own.
    named: &'static [(&'static str, &'static str)],
    /// Whether its rules make a start at these parameters ([`Family::at`]).
    ///
    /// [`Family::at`]: perfect_play_core::family::Family::at
    check: fn(&Args) -> Result<(), SizeError>,
    /// What solving the size at these parameters into a file costs, where measured
    /// ([`Family::solve_cost`]).
    ///
    /// [`Family::solve_cost`]: perfect_play_core::family::Family::solve_cost
    solve_cost: fn(&Args) -> Option<&'static str>,
    /// The `--memory` that solve needs, where the default is too little
    /// ([`Family::solve_memory`]).
    ///
    /// [`Family::solve_memory`]: perfect_play_core::family::Family::solve_memory
    solve_memory: fn(&Args) -> Option<&'static str>,
    /// [`Entry::start`].
    #[cfg(feature = "alloc")]
    start: fn(&Args) -> Option<StartText>,
    /// [`Registered::parse_name`].
    parse_name: fn(&str, &mut dyn fmt::Write) -> Result<bool, fmt::Error>,
    /// [`canonical_name`].
    write_name: fn(&Args, &mut dyn fmt::Write) -> fmt::Result,
    /// [`Registered::write_name`]: whether a size has a name of its own by the pattern.
    pattern_name: fn(&Args, &mut dyn fmt::Write) -> Result<bool, fmt::Error>,
}

impl fmt::Debug for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entry")
            .field("name", &self.name)
            .field("params", &self.params)
            .field("compiled", &self.compiled)
            .finish_non_exhaustive()
    }
}

impl Entry {
    /// The entry of game `G`, of module `module`.
    pub(crate) const fn of<G: Registered>(module: Module) -> Entry {
        Entry {
            name: G::FAMILY,
            title: G::TITLE,
            rules: G::RULES,
            params: G::PARAMS,
            compiled: G::COMPILED,
            file_only: G::FILE_ONLY,
            module,
            named: G::NAMED,
            check: |args| G::at(args).map(|_| ()),
            solve_cost: |args| G::at(args).ok().and_then(|start| start.solve_cost()),
            solve_memory: |args| G::at(args).ok().and_then(|start| start.solve_memory()),
            #[cfg(feature = "alloc")]
            start: start_of::<G>,
            parse_name: G::parse_name,
            write_name: canonical_name::<G>,
            pattern_name: G::write_name,
        }
    }

    /// What solving the size at `args` into a table file costs, where measured: `about
    /// 10 minutes on two cores, about 6.5 GB at its peak`.
    #[must_use]
    pub fn solve_cost(&self, args: &Args) -> Option<&'static str> {
        (self.solve_cost)(args)
    }

    /// The `--memory` solving the size at `args` needs where `solve`'s default is too
    /// little (`7G`), for the command every surface suggests.
    #[must_use]
    pub fn solve_memory(&self, args: &Args) -> Option<&'static str> {
        (self.solve_memory)(args)
    }

    /// The start of the size at `args` in the game's notation and its first legal move as
    /// the game writes moves (`None` for a start with no move), read from the rules alone:
    /// nothing is solved. `None` when the rules make no start at `args`.
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn start(&self, args: &Args) -> Option<StartText> {
        (self.start)(args)
    }

    /// Whether it is a family: a game with parameters.
    #[must_use]
    pub fn is_family(&self) -> bool {
        !self.params.is_empty()
    }

    /// Its compiled sizes, each as its parameters' text (`m=3,n=3,k=3`).
    pub fn compiled_sizes(&self) -> impl Iterator<Item = &'static str> {
        self.compiled.iter().map(|compiled| compiled.size)
    }

    /// Whether the size at `args` has a name of its own: a game of one size, a name of
    /// [`Registered::NAMED`], or the pattern's.
    #[cfg(feature = "alloc")]
    fn has_own_name(&self, args: &Args) -> bool {
        let named = self
            .named
            .iter()
            .any(|(_, size)| Args::parse(self.params, size).as_ref() == Ok(args));
        named || !self.is_family() || (self.pattern_name)(args, &mut String::new()) == Ok(true)
    }
}

/// Every family of the catalogue (its games with parameters), in its order.
pub fn families() -> impl Iterator<Item = &'static Entry> {
    ENTRIES.iter().filter(|entry| entry.is_family())
}

/// How a resolved game is answered when no table file is given for it.
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// From its table compiled into the build: one lookup a question.
    Compiled,
    /// Solved in memory when first opened (feature `std`), within the family's position
    /// limit, and kept for the next open.
    FirstUse,
    /// Only from its table file (`perfect-play solve` writes it, `--table` reads it): a
    /// game too large to solve on first use.
    File,
    /// By the search engine, exactly (feature `search`): `connect4-7x6`.
    Search,
}

/// A game as [`resolve`] found it: its canonical name, its entry, its parameters' values
/// and how it is answered. What every surface takes from a name and opens
/// ([`Resolved::open`], or from a table file with
/// [`file::open_dyn`](crate::file::open_dyn)).
#[cfg(feature = "alloc")]
#[derive(Clone, Debug)]
pub struct Resolved {
    name: String,
    entry: &'static Entry,
    args: Args,
    answer: Answer,
}

/// Two resolved games are the same game when their canonical names are.
#[cfg(feature = "alloc")]
impl PartialEq for Resolved {
    fn eq(&self, other: &Resolved) -> bool {
        self.name == other.name
    }
}

#[cfg(feature = "alloc")]
impl Eq for Resolved {}

/// The canonical name.
#[cfg(feature = "alloc")]
impl fmt::Display for Resolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(feature = "alloc")]
impl Resolved {
    /// The canonical name: the size's own name where it has one (`hexapawn`,
    /// `connect4-6x4`), else the family's with every parameter named (`mnk:m=4,n=4,k=3`).
    /// What every surface prints and a table file of the game carries.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The catalogue's entry.
    #[must_use]
    pub fn entry(&self) -> &'static Entry {
        self.entry
    }

    /// The parameters' values, in the family's order.
    #[must_use]
    pub fn args(&self) -> &Args {
        &self.args
    }

    /// The parameters beside their values (none for a game of one size).
    #[must_use]
    pub fn params(&self) -> Vec<(Param, Arg)> {
        let values = self.args.values().iter().copied();
        self.entry.params.iter().copied().zip(values).collect()
    }

    /// How it is answered without a table file.
    #[must_use]
    pub fn answer(&self) -> Answer {
        self.answer
    }

    /// Runs `visitor` with the game's position type and its start at this size: what
    /// needs the type (solving into a table file, opening one).
    pub fn visit<V: TypeVisitor>(&self, visitor: V) -> V::Output {
        super::visit(self, visitor)
    }
}

/// Something to do with a resolved game's position type: solve it into a table file, or
/// open its file (`perfect-play solve`, `--table`). Given to [`Resolved::visit`]. (A trait
/// with a generic method, as a closure cannot be generic.)
#[cfg(feature = "alloc")]
pub trait TypeVisitor: Sized {
    /// What the visit gives back.
    type Output;

    /// Does it with `game`, whose positions are `G` and whose start at its size is
    /// `start`.
    fn visit<G: Registered>(self, game: &Resolved, start: G) -> Self::Output;
}

/// Why a name names no game.
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameError {
    /// No game or family has that name.
    Unknown {
        /// The name asked for.
        name: String,
    },
    /// A family, but its parameters do not name a size.
    Size {
        /// The family.
        family: &'static str,
        /// What is wrong, and where in the parameters.
        error: SizeError,
    },
}

#[cfg(feature = "alloc")]
impl NameError {
    /// The nearest name of a game or family when the name was none's and one is close:
    /// fewer letters changed, added or dropped than a third of it (at least 2), or the
    /// start of one (`connect4` for `connect4-4x4`).
    #[must_use]
    pub fn suggestion(&self) -> Option<String> {
        let NameError::Unknown { name: asked } = self else {
            return None;
        };
        let lower = |c: char| c.to_ascii_lowercase();
        let prefix = |known: &str| {
            asked.len() >= 3
                && known.len() > asked.len()
                && known
                    .get(..asked.len())
                    .is_some_and(|start| start.eq_ignore_ascii_case(asked))
        };
        let mut best: Option<(usize, String)> = None;
        for known in known_names() {
            let distance = if prefix(&known) {
                0
            } else {
                edit_distance(asked.chars().map(lower), known.chars().map(lower))
            };
            if best
                .as_ref()
                .is_none_or(|(shortest, _)| distance < *shortest)
            {
                best = Some((distance, known));
            }
        }
        let near = (asked.chars().count() / 3).max(2);
        best.filter(|(distance, _)| *distance <= near)
            .map(|(_, known)| known)
    }
}

/// ``no game is called `hexapwn`: did you mean `hexapawn`? The games are tictactoe, ...``,
/// or ``mnk: column 3 of the parameters: m is 9, but goes from 1 to 6``.
#[cfg(feature = "alloc")]
impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            NameError::Size { family, error } => return write!(f, "{family}: {error}"),
            NameError::Unknown { name } => name,
        };
        write!(f, "no game is called `{name}`")?;
        match self.suggestion() {
            Some(near) => write!(f, ": did you mean `{near}`? The games are ")?,
            None => f.write_str("; the games are ")?,
        }
        for (index, game) in listed().iter().enumerate() {
            let comma = if index == 0 { "" } else { ", " };
            write!(f, "{comma}{}", game.name)?;
        }
        f.write_str("; the families are ")?;
        for (index, family) in families().enumerate() {
            let comma = if index == 0 { "" } else { ", " };
            write!(f, "{comma}{}", family.name)?;
        }
        f.write_str(" (a size as family:parameters, like mnk:m=4,n=4,k=3)")
    }
}

#[cfg(feature = "alloc")]
impl core::error::Error for NameError {}

/// The game called `name`, in any case, surrounding whitespace ignored: a family's name
/// (its default size), a family at a size (`mnk:m=4,n=4,k=3`, `mnk:4,4,3`), or a size's
/// own name (`hexapawn`, `connect4-6x4`); see the [module docs](super). Nothing is solved
/// or opened.
///
/// ```
/// use perfect_play::games::{Answer, resolve};
///
/// let game = resolve("connect-four:4,6")?;
/// assert_eq!(game.name(), "connect4-6x4");
/// assert_eq!(game.entry().name, "connect-four");
/// assert_eq!(resolve("Hexapawn")?.answer(), Answer::Compiled);
/// assert_eq!(resolve("mnk:4,4,3")?.name(), "mnk:m=4,n=4,k=3");
/// let error = resolve("hexapwn").unwrap_err();
/// assert_eq!(error.suggestion().as_deref(), Some("hexapawn"));
/// assert!(error.to_string().starts_with("no game is called `hexapwn`: did you mean `hexapawn`?"));
/// # Ok::<(), perfect_play::games::NameError>(())
/// ```
///
/// # Errors
/// [`NameError`]: no game or family of that name (with the names there are and the
/// nearest), or parameters that name no size (where and why).
#[cfg(feature = "alloc")]
pub fn resolve(name: &str) -> Result<Resolved, NameError> {
    let (entry, args) = find(name.trim())?;
    resolved(entry, args)
}

/// `entry` at `args`, once its rules make a start there.
#[cfg(feature = "alloc")]
fn resolved(entry: &'static Entry, args: Args) -> Result<Resolved, NameError> {
    (entry.check)(&args).map_err(|error| NameError::Size {
        family: entry.name,
        error,
    })?;
    let mut name = String::new();
    // Writing into a String does not fail.
    let _ = (entry.write_name)(&args, &mut name);
    let sized = |size: &str| Args::parse(entry.params, size).as_ref() == Ok(&args);
    let answer = if searched(entry.name, &args).is_some() {
        Answer::Search
    } else if entry.compiled_sizes().any(sized) {
        Answer::Compiled
    } else if entry.file_only.iter().copied().any(sized) {
        Answer::File
    } else {
        Answer::FirstUse
    };
    Ok(Resolved {
        name,
        entry,
        args,
        answer,
    })
}

/// A size answered by search, as the module of its engine registers it (the search is
/// the library's alone: `build.rs` never sees it).
#[cfg(feature = "alloc")]
pub(crate) struct SearchedSize {
    /// Its family's name.
    pub(crate) family: &'static str,
    /// Its parameters' text: `rows=6,columns=7,x_in_row=4`.
    pub(crate) size: &'static str,
    /// The game behind the dynamic handle, answered by its engine.
    pub(crate) open: fn() -> alloc::boxed::Box<dyn perfect_play_core::dynamic::DynGame>,
}

/// The size of family `family` at `args` answered by search, if it is one.
#[cfg(feature = "alloc")]
pub(crate) fn searched(family: &str, args: &Args) -> Option<&'static SearchedSize> {
    super::SEARCHED.iter().find(|searched| {
        let entry = ENTRIES.iter().find(|entry| entry.name == searched.family);
        searched.family == family
            && entry
                .is_some_and(|entry| Args::parse(entry.params, searched.size).as_ref() == Ok(args))
    })
}

/// The entry and the parameters `name` gives: a size's own name first, then a family's
/// name with its parameters.
#[cfg(feature = "alloc")]
fn find(name: &str) -> Result<(&'static Entry, Args), NameError> {
    for entry in ENTRIES {
        if let Some((_, size)) = entry
            .named
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            let args = Args::parse(entry.params, size).map_err(|error| NameError::Size {
                family: entry.name,
                error,
            })?;
            return Ok((entry, args));
        }
        let mut size = String::new();
        if (entry.parse_name)(name, &mut size) == Ok(true) {
            // The pattern's parameters are not the text asked for: no column in it.
            let args = Args::parse(entry.params, &size).map_err(|error| NameError::Size {
                family: entry.name,
                error: SizeError::new(0, error.kind()),
            })?;
            return Ok((entry, args));
        }
    }
    let (family, params) = name.split_once(':').unwrap_or((name, ""));
    let family = family.trim();
    let Some(entry) = ENTRIES
        .iter()
        .find(|entry| entry.name.eq_ignore_ascii_case(family))
    else {
        return Err(NameError::Unknown {
            name: family.to_string(),
        });
    };
    let args = Args::parse(entry.params, params).map_err(|error| NameError::Size {
        family: entry.name,
        error,
    })?;
    Ok((entry, args))
}

/// The games of this build with a name of their own, compiled in or answered by search,
/// in the catalogue's order (the searched last): what `perfect-play games` lists.
#[cfg(feature = "alloc")]
#[must_use]
pub fn listed() -> Vec<Resolved> {
    let at =
        |entry: &'static Entry, size: &str| Some((entry, Args::parse(entry.params, size).ok()?));
    let compiled = ENTRIES.iter().flat_map(|entry| {
        let own = move |&(entry, args): &(&Entry, Args)| entry.has_own_name(&args);
        entry
            .compiled_sizes()
            .filter_map(move |size| at(entry, size))
            .filter(own)
    });
    let searched = super::SEARCHED.iter().filter_map(|searched| {
        let entry = ENTRIES.iter().find(|entry| entry.name == searched.family)?;
        at(entry, searched.size)
    });
    compiled
        .chain(searched)
        .filter_map(|(entry, args)| resolved(entry, args).ok())
        .collect()
}

/// Every name that needs no parameters: the games [`listed`], then the families.
#[cfg(feature = "alloc")]
fn known_names() -> impl Iterator<Item = String> {
    let games = listed().into_iter().map(|game| game.name);
    games.chain(families().map(|family| family.name.to_string()))
}

/// How many characters must change, be added or dropped to turn `a` into `b`
/// (Levenshtein), counting at most 32 characters of `b`: enough for any game's name.
#[cfg(feature = "alloc")]
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

/// A size's start and a legal move from it, as the game writes them ([`Entry::start`]):
/// what a newcomer types first.
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartText {
    /// The start in the game's notation: `www/.../bbb w`.
    pub position: String,
    /// Its first legal move in the game's move order (`1-4`); `None` when it has none.
    pub example_move: Option<String>,
}

/// [`Entry::start`] of game `G`.
#[cfg(feature = "alloc")]
fn start_of<G: Registered>(args: &Args) -> Option<StartText> {
    use perfect_play_core::notation::ShowMove;
    let start = G::at(args).ok()?;
    let mut first = None;
    start.moves(&mut |mv, _| {
        if first.is_none() {
            first = Some(ShowMove::<G>(mv).to_string());
        }
    });
    Some(StartText {
        position: start.to_string(),
        example_move: first,
    })
}
