//! A resolved game opened behind the dynamic handle every surface uses: from its compiled
//! table, by its search engine, or, for any other size, solved on first use in memory
//! (feature `std`) and kept for the next time.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use core::fmt;

use perfect_play_core::Solved;
use perfect_play_core::dynamic::{DynGame, Handle};
use perfect_play_core::family::Args;
#[cfg(feature = "std")]
use perfect_play_core::{Oracle, Record};

use super::registered::Registered;
use super::registry::{Answer, NameError, Resolved, searched};

/// What a solve on first use tells the caller, so that a command line can show progress
/// (the library itself prints nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstUse<'a> {
    /// A size that is not compiled in is about to be solved.
    Started {
        /// The size's canonical name: `mnk:m=4,n=4,k=3`.
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

/// Why a resolved game cannot be opened without its table file: a size not compiled in
/// and larger than its family's position limit, a game answered only from a table file,
/// or a build without `std` (no solver at run time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolved {
    /// The game's canonical name.
    pub name: String,
    /// Why, in a sentence.
    pub reason: String,
}

impl fmt::Display for Unsolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.reason)
    }
}

impl core::error::Error for Unsolved {}

/// Why [`open`] opened no game: the name, or the size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenError {
    /// The name names no game.
    Name(NameError),
    /// The game cannot be opened without its table file.
    Unsolved(Unsolved),
}

impl OpenError {
    /// The nearest name of a game or family when the name was none's and one is close.
    #[must_use]
    pub fn suggestion(&self) -> Option<String> {
        match self {
            OpenError::Name(error) => error.suggestion(),
            OpenError::Unsolved(_) => None,
        }
    }
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Name(error) => error.fmt(f),
            OpenError::Unsolved(error) => error.fmt(f),
        }
    }
}

impl core::error::Error for OpenError {}

/// The game called `name` behind the dynamic handle: [`resolve`](super::resolve) and
/// [`Resolved::open`] in one call, for a program that names its game in code.
///
/// # Errors
/// [`OpenError`]: no such game (with the names there are and the nearest), parameters that
/// name no size (where and why), or a size that cannot be opened without its table file.
pub fn open(name: &str) -> Result<Box<dyn DynGame>, OpenError> {
    let game = super::resolve(name).map_err(OpenError::Name)?;
    game.open().map_err(OpenError::Unsolved)
}

impl Resolved {
    /// The game behind the dynamic handle every surface uses, answered as
    /// [`Resolved::answer`] says; a size that is not compiled in is solved now, in
    /// memory.
    ///
    /// # Errors
    /// [`Unsolved`]: a size too large to solve now, or answered only from a table file.
    pub fn open(&self) -> Result<Box<dyn DynGame>, Unsolved> {
        self.open_with(&mut |_| {})
    }

    /// [`Resolved::open`], telling `first_use` when a size that is not compiled in starts
    /// and ends being solved (a command line shows progress on a terminal).
    ///
    /// # Errors
    /// As [`Resolved::open`].
    pub fn open_with(
        &self,
        first_use: &mut dyn FnMut(FirstUse<'_>),
    ) -> Result<Box<dyn DynGame>, Unsolved> {
        match self.answer() {
            Answer::Search => match searched(self.entry().name, self.args()) {
                Some(searched) => Ok((searched.open)()),
                None => Err(self.unsolved("not answered by search in this build")),
            },
            Answer::File => {
                let entry = self.entry();
                let advice = solve_into_file(
                    self.name(),
                    entry.solve_cost(self.args()),
                    entry.solve_memory(self.args()),
                );
                Err(self.unsolved(&format!("answered from a table file alone: {advice}")))
            }
            Answer::Compiled | Answer::FirstUse => super::open_typed(self, first_use),
        }
    }

    /// Why it is not opened.
    fn unsolved(&self, reason: &str) -> Unsolved {
        Unsolved {
            name: self.name().to_string(),
            reason: reason.to_string(),
        }
    }
}

/// What to do for a game opened from a table file alone, with what the solve costs where
/// measured and the memory it needs past the default: the one sentence every surface says.
fn solve_into_file(name: &str, cost: Option<&str>, memory: Option<&str>) -> String {
    let cost = cost.map_or_else(String::new, |cost| format!(", {cost}"));
    let memory = memory.map_or_else(String::new, |memory| format!(" --memory {memory}"));
    format!(
        "solve it once into a table file (`perfect-play solve {name} --out FILE{memory}`{cost}) \
         and give that file (`--table FILE`)"
    )
}

/// `game` of type `G` at `start`: from its table in `compiled` (each size's parameters and
/// table) if there, else solved now.
pub(crate) fn open_sized<G: Registered>(
    game: &Resolved,
    start: G,
    compiled: &[(&str, &'static Solved<G>)],
    first_use: &mut dyn FnMut(FirstUse<'_>),
) -> Result<Box<dyn DynGame>, Unsolved> {
    let name = game.name();
    let params = game.params();
    for &(size, table) in compiled {
        if Args::parse(G::PARAMS, size).as_ref() == Ok(game.args()) {
            let positions = u64::try_from(table.len()).ok();
            let handle = Handle::with_start(name, table, positions, start);
            return Ok(Box::new(handle.in_family(G::FAMILY, params)));
        }
    }
    let (oracle, positions) = solve_now(name, start, first_use)?;
    let handle = Handle::with_start(name, oracle, Some(positions), start);
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

/// The sizes solved so far, by name: the next open of one answers at once.
#[cfg(feature = "std")]
type Cache =
    std::sync::Mutex<alloc::vec::Vec<(String, std::sync::Arc<dyn core::any::Any + Send + Sync>)>>;

/// How many sizes solved on first use are kept (the oldest is dropped).
#[cfg(feature = "std")]
const CACHED: usize = 8;

/// Solves `start`'s size, called `name`, now, or finds it solved already.
#[cfg(feature = "std")]
fn solve_now<G: Registered>(
    name: &str,
    start: G,
    first_use: &mut dyn FnMut(FirstUse<'_>),
) -> Result<(Shared<G>, u64), Unsolved> {
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
    first_use(FirstUse::Started { name });
    let limits = FlatLimits {
        positions: G::MAX_POSITIONS,
        ..FlatLimits::DEFAULT
    };
    let (start_cost, start_memory) = (start.solve_cost(), start.solve_memory());
    let solution = solve_flat_from(start, limits).map_err(|error| Unsolved {
        name: name.to_string(),
        reason: match error {
            FlatError::TooManyPositions { limit } => {
                format!(
                    "more than {limit} positions, the most a size is solved on first use: {}",
                    solve_into_file(name, start_cost, start_memory)
                )
            }
            error => error.to_string(),
        },
    })?;
    let positions = solution.len() as u64;
    first_use(FirstUse::Done { name, positions });
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
fn solve_now<G: Registered>(
    name: &str,
    _start: G,
    _first_use: &mut dyn FnMut(FirstUse<'_>),
) -> Result<(&'static Solved<G>, u64), Unsolved> {
    Err(Unsolved {
        name: name.to_string(),
        reason: "not compiled in, and this build has no solver (feature std)".to_string(),
    })
}
