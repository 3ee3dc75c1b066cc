//! A game named in the one syntax, opened behind the dynamic handle: a game of one size by
//! its name, a family at a size from its compiled table or, for any other size, solved on
//! first use in memory (feature `std`) and kept for the next time.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use perfect_play_core::Solved;
use perfect_play_core::dynamic::{DynGame, Handle};
use perfect_play_core::family::{Arg, Args, Family, Param, SizeError};
#[cfg(feature = "std")]
use perfect_play_core::{Oracle, Record};

use super::{FAMILIES, FamilyInfo, UnknownGame, open_fixed, open_fixed_as};

/// What a solve on first use tells the caller, so that a command line can show progress
/// (the library itself prints nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solving<'a> {
    /// A size that is not compiled in is about to be solved.
    Started {
        /// The size, in the syntax: `mnk:m=4,n=4,k=3`.
        name: &'a str,
    },
    /// It is solved.
    Done {
        /// The size.
        name: &'a str,
        /// How many positions it has.
        positions: u64,
    },
}

/// Why a name opens no game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OpenError {
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
    /// A size that is not compiled in and could not be solved now: larger than the
    /// family's position limit, or a build without `std`.
    Unsolved {
        /// The size, in the syntax.
        name: String,
        /// Why, in a sentence.
        reason: String,
    },
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Unknown { name } => UnknownGame { name }.fmt(f),
            OpenError::Size { family, error } => write!(f, "{family}: {error}"),
            OpenError::Unsolved { name, reason } => write!(f, "{name}: {reason}"),
        }
    }
}

impl OpenError {
    /// The nearest name of a game or family when the name was none's and one is close.
    #[must_use]
    pub fn suggestion(&self) -> Option<&'static str> {
        match self {
            OpenError::Unknown { name } => UnknownGame { name }.suggestion(),
            _ => None,
        }
    }
}

impl core::error::Error for OpenError {}

/// The game called `name`, behind the dynamic handle every surface uses: a game of one
/// size by its name (`hexapawn`, `connect4-5x4`, in any case), or a family at a size in
/// the one syntax (`mnk:m=4,n=4,k=3`, `mnk:4,4,3`, `mnk` for its default size; see the
/// [module docs](super)). A size that is not compiled in is solved now, in memory.
///
/// # Errors
/// [`OpenError`]: no such game (with the names there are and the nearest), parameters that
/// name no size (where and why), or a size too large to solve now.
pub fn open(name: &str) -> Result<Box<dyn DynGame>, OpenError> {
    open_with(name, &mut |_| {})
}

/// [`open`], telling `solving` when a size that is not compiled in starts and ends being
/// solved (a command line shows progress on a terminal).
///
/// # Errors
/// As [`open`].
pub fn open_with(
    name: &str,
    solving: &mut dyn FnMut(Solving<'_>),
) -> Result<Box<dyn DynGame>, OpenError> {
    let wanted = name.trim();
    if let Some(game) = open_searched(wanted) {
        return Ok(game);
    }
    if let Some(game) = open_fixed(wanted) {
        return Ok(game);
    }
    let (info, args) = family_at(wanted)?;
    if let Some(game) = open_searched_size(info.name, &args) {
        return Ok(game);
    }
    (info.open)(&args, solving)
}

/// The family and the size `name` gives in the naming syntax (`mnk:m=4,n=4,k=3`,
/// `mnk:4,4,3`, `mnk` for its default size), the family's name in any case; Connect Four's
/// classic names too (`connect4-6x4`, [`ConnectFour::classic`](super::ConnectFour::classic)).
///
/// # Errors
/// [`OpenError`]: no family of that name, or parameters that name no size.
pub(crate) fn family_at(name: &str) -> Result<(&'static FamilyInfo, Args), OpenError> {
    let classic = super::ConnectFour::classic(name.trim()).map(|(columns, rows)| {
        alloc::format!("connect-four:rows={rows},columns={columns},x_in_row=4")
    });
    let name = classic.as_deref().unwrap_or(name);
    let (family, params) = name.split_once(':').unwrap_or((name, ""));
    let Some(info) = FAMILIES
        .iter()
        .find(|info| info.name.eq_ignore_ascii_case(family.trim()))
    else {
        return Err(OpenError::Unknown {
            name: family.trim().to_string(),
        });
    };
    let args = Args::parse(info.params, params).map_err(|error| OpenError::Size {
        family: info.name,
        // A classic name's parameters are not the text asked for: no column in it.
        error: match classic {
            Some(_) => SizeError::new(0, error.kind()),
            None => error,
        },
    })?;
    Ok((info, args))
}

/// A game answered by search, by its name in any case (`connect4-7x6`).
fn open_searched(name: &str) -> Option<Box<dyn DynGame>> {
    #[cfg(feature = "search")]
    if name.eq_ignore_ascii_case(super::connect4_7x6::NAME) {
        return Some(super::connect4_7x6::open());
    }
    let _ = name;
    None
}

/// A game answered by search named as its family at a size: Connect Four's family at 6
/// rows, 7 columns and four in a row is `connect4-7x6`.
fn open_searched_size(family: &str, args: &Args) -> Option<Box<dyn DynGame>> {
    #[cfg(feature = "search")]
    {
        use perfect_play_core::family::Family as _;
        type Rules = super::connect4::ConnectFour;
        if family == Rules::FAMILY && Args::parse(Rules::PARAMS, "6,7,4").as_ref() == Ok(args) {
            return Some(super::connect4_7x6::open());
        }
    }
    let _ = (family, args);
    None
}

/// Family `G` at `args` from the table of `fixed`, a game of one size of `list.rs` with
/// the same rules and notation at `size` (`connect4-4x4` for Connect Four at
/// `rows=4,columns=4,x_in_row=4`), or `None` when `args` is another size.
pub(crate) fn open_as_fixed<G: Family>(
    args: &Args,
    size: &str,
    fixed: &str,
) -> Option<Box<dyn DynGame>> {
    if Args::parse(G::PARAMS, size).as_ref() != Ok(args) {
        return None;
    }
    let name = G::at(args).ok()?.sized().to_string();
    open_fixed_as(fixed, &name, G::FAMILY, params_of::<G>(args))
}

/// The family's parameters beside their values at `args`, as [`About`] lists them.
///
/// [`About`]: perfect_play_core::dynamic::About
fn params_of<G: Family>(args: &Args) -> Vec<(Param, Arg)> {
    G::PARAMS
        .iter()
        .copied()
        .zip(args.values().iter().copied())
        .collect()
}

/// Family `G` at `args`: from its compiled table if `compiled` has it, else solved now.
pub(crate) fn open_sized<G>(
    args: &Args,
    compiled: &[(&'static str, &'static Solved<G>)],
    solving: &mut dyn FnMut(Solving<'_>),
) -> Result<Box<dyn DynGame>, OpenError>
where
    G: Family + fmt::Debug + Send + Sync + 'static,
{
    let start = G::at(args).map_err(|error| OpenError::Size {
        family: G::FAMILY,
        error,
    })?;
    let name = start.sized().to_string();
    let params = params_of::<G>(args);
    for &(size, table) in compiled {
        if Args::parse(G::PARAMS, size).as_ref() == Ok(args) {
            let positions = u64::try_from(table.len()).ok();
            let handle = Handle::with_start(&name, table, positions, start);
            return Ok(Box::new(handle.in_family(G::FAMILY, params)));
        }
    }
    let (oracle, positions) = solve_now(&name, start, solving)?;
    let handle = Handle::with_start(&name, oracle, Some(positions), start);
    Ok(Box::new(handle.in_family(G::FAMILY, params)))
}

/// A size solved on first use, shared by every handle opened on it.
#[cfg(feature = "std")]
pub(crate) struct Shared<G: perfect_play_core::Game>(
    std::sync::Arc<perfect_play_generate::SolvedKeys<G>>,
);

#[cfg(feature = "std")]
impl<G: perfect_play_core::Game> Oracle<G> for Shared<G> {
    fn probe(&self, position: &G) -> Option<Record> {
        self.0.get(position)
    }
}

/// The sizes solved so far, by name: the next `open` of one answers at once.
#[cfg(feature = "std")]
type Cache = std::sync::Mutex<Vec<(String, std::sync::Arc<dyn core::any::Any + Send + Sync>)>>;

/// How many sizes solved on first use are kept (the oldest is dropped).
#[cfg(feature = "std")]
const CACHED: usize = 8;

/// Solves `start`'s size now, or finds it solved already.
#[cfg(feature = "std")]
fn solve_now<G>(
    name: &str,
    start: G,
    solving: &mut dyn FnMut(Solving<'_>),
) -> Result<(Shared<G>, u64), OpenError>
where
    G: Family + fmt::Debug + Send + Sync + 'static,
{
    use perfect_play_generate::{FlatError, FlatLimits, SolvedKeys, solve_flat_from};
    use std::sync::{Arc, OnceLock};

    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Cache::default);
    let found = cache.lock().ok().and_then(|list| {
        list.iter()
            .find(|(key, _)| key == name)
            .map(|(_, solved)| Arc::clone(solved))
    });
    if let Some(solution) = found.and_then(|any| any.downcast::<SolvedKeys<G>>().ok()) {
        let positions = solution.len() as u64;
        return Ok((Shared(solution), positions));
    }
    solving(Solving::Started { name });
    let limits = FlatLimits {
        positions: G::MAX_POSITIONS,
        ..FlatLimits::DEFAULT
    };
    let cost = start
        .solve_cost()
        .map_or_else(String::new, |cost| format!(", {cost}"));
    let solution = solve_flat_from(start, limits).map_err(|error| OpenError::Unsolved {
        name: name.to_string(),
        reason: match error {
            FlatError::TooManyPositions { limit } => {
                format!(
                    "more than {limit} positions, the most a size is solved on first use: \
                     solve it once into a table file (`perfect-play solve {name} --out FILE`{cost}) \
                     and give that file (`--table FILE`)"
                )
            }
            error => error.to_string(),
        },
    })?;
    let positions = solution.len() as u64;
    solving(Solving::Done { name, positions });
    let solution = Arc::new(solution);
    if let Ok(mut list) = cache.lock() {
        if list.len() >= CACHED {
            list.remove(0);
        }
        let any: Arc<dyn core::any::Any + Send + Sync> = solution.clone();
        list.push((name.to_string(), any));
    }
    Ok((Shared(solution), positions))
}

/// Without `std` there is no solver at run time: only the compiled sizes open.
#[cfg(not(feature = "std"))]
fn solve_now<G>(
    name: &str,
    _start: G,
    _solving: &mut dyn FnMut(Solving<'_>),
) -> Result<(&'static Solved<G>, u64), OpenError>
where
    G: Family,
{
    Err(OpenError::Unsolved {
        name: name.to_string(),
        reason: "not compiled in, and this build has no solver (feature std)".to_string(),
    })
}
