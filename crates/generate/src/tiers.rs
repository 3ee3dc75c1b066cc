//! Solving a game with tiers into a table file (feature `tiers`): on every core, or on the
//! ranks of an MPI job (feature `mpi`), within a memory budget, resumable; and what every
//! solve into a file shares ([`Options`], [`Progress`], [`Summary`], [`SolveFileError`],
//! the files of a solve in progress), which `loopy.rs` and `to_file.rs` take from here.
//!
//! A game with tiers ([`Game::tiers`](perfect_play_core::Game::tiers) above 1: every move leads from tier `t` to `t + 1`,
//! as each move adds a disc in Connect Four) is solved by one driver (`driver.rs`), tier
//! by tier, GamesmanOne's way: walked up from the start, solved down from the last tier,
//! the tiers shared among the ranks by ranges of keys (one process is the only rank), each
//! finished tier kept in `FILE.parts/` so that a stopped solve resumes. What is the
//! driver's and what is not:
//!
//! - `driver.rs`: the walk, the solve and the join, over any [`Transport`];
//! - `walk.rs`: a tier's children, all of them, a pass's, a sample or their count;
//! - `settle.rs`: a range of a tier's records from its children's;
//! - `passes.rs`: how many passes a walk within a budget takes, and where they split;
//! - `shares.rs`: how the ranks share a tier (bounds, owners, runs merged, answers);
//! - `parts.rs`: the files of a solve in progress, and the table file they are joined into;
//! - `transport.rs`: the ranks and their messages ([`Local`], [`launched`]); `mpi.rs`
//!   (feature `mpi`): the ranks of an MPI job (`Mpi`), every MPI call.
//!
//! A game without tiers is not solved here: `to_file.rs` gives it to
//! [`solve_loopy`](crate::solve_loopy) or to the flat solver.

use std::fmt;
use std::io;
use std::path::PathBuf;
use std::string::String;
use std::vec::Vec;

use perfect_play_core::Record;

use crate::file_write::FileError;
use crate::flat::FlatError;

mod ask;
mod driver;
#[cfg(feature = "mpi")]
pub(crate) mod mpi;
pub(crate) mod parts;
mod passes;
mod settle;
mod shares;
#[cfg(test)]
mod tests;
mod transport;
mod walk;

pub(crate) use driver::solve_tiers;
pub use transport::{Launched, Local, Transport, launched};

/// How a solve into a file runs.
pub struct Options<'a> {
    /// Threads: 0 for one per core.
    pub threads: usize,
    /// The most memory the solve may hold, in bytes (an estimate of what it allocates).
    pub memory: u64,
    /// Called as the solve goes, often, from any of its threads (at once, too: a report
    /// may arrive after a later one): a progress display.
    pub progress: &'a (dyn Fn(Progress) + Sync),
}

/// Where a solve is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What it does.
    pub phase: Phase,
    /// The tier, and how many tiers the game has.
    pub tier: u32,
    /// Tiers in all.
    pub tiers: u32,
    /// Positions done in this phase so far.
    pub done: u64,
    /// Positions this phase will do, where known (the solve sweep knows; a walk of a game
    /// without tiers, its draws and a file's writing do not).
    pub total: Option<u64>,
}

/// A phase of a solve. More may come as the solvers grow: a `match` on it needs an arm
/// for the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Phase {
    /// The walk, tier by tier up from the start.
    Walk,
    /// The walk's keys sorted, kept on disk and indexed, after the walk of a game without
    /// tiers ([`solve_loopy`](crate::solve_loopy)): `done` 0, no total.
    Sort,
    /// A tier whose walk would not fit the memory budget at once: the moves from the tier
    /// below counted, then a sample of their children taken, to split the walk into passes
    /// (each a sweep over the tier below: `total` is twice the tier below's positions).
    Count,
    /// That tier's walk in passes over ranges of keys (`total` is the tier below's
    /// positions times the passes).
    Passes,
    /// The solve, tier by tier down to the start.
    Solve,
    /// A step of the solve of a game without tiers ([`solve_loopy`](crate::solve_loopy)),
    /// as `tier` of `tiers` (5): 0 the finished positions' records, 1 and 2 the passes over
    /// the moves (children counted, then parents filed), 3 the levels of remoteness, 4 the
    /// draws (`total` unknown: how many draws end is found as they are settled).
    Step,
    /// Writing the file.
    Write,
    /// A tier found already finished by an earlier run.
    Resumed,
}

/// What a finished solve says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Positions in the file.
    pub positions: u64,
    /// The start position's record.
    pub start: Record,
    /// The file's length in bytes.
    pub bytes: u64,
    /// Positions in each tier.
    pub tiers: Vec<u64>,
    /// Tiers found finished by an earlier run, and not solved again.
    pub resumed: u32,
    /// The most passes over ranges of keys a tier's walk of this run took to fit the
    /// memory budget (1: every walk held its children at once; tiers kept from an earlier
    /// run are not walked).
    pub passes: u64,
    /// The most rounds a tier's solve of this run took to keep its questions to other
    /// ranks within the memory budget (1: at once; one process asks no other rank).
    pub rounds: u64,
    /// Bytes the ranks sent each other, all told (0 for one process).
    pub exchanged: u64,
}

/// Why a solve into a file failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum SolveFileError {
    /// Reading or writing a file.
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        error: io::Error,
    },
    /// The game without tiers could not be solved whole.
    Flat(FlatError),
    /// A game without tiers, which one process solves, given to several ranks.
    NoTiers {
        /// The game's name.
        name: String,
        /// The ranks.
        ranks: usize,
    },
    /// It would need more memory than the budget.
    Memory {
        /// Bytes it would need.
        needed: u64,
        /// The budget.
        budget: u64,
        /// For what.
        what: String,
    },
    /// A key that [`Game::at_key`](perfect_play_core::Game::at_key) does not turn back into a position, or a move that
    /// does not lead to the next tier.
    Game(String),
    /// The file could not be written.
    File(FileError),
    /// `FILE.parts` holds the parts of another game's solve.
    Parts {
        /// The directory.
        path: PathBuf,
        /// What it holds.
        found: String,
    },
    /// The thread pool could not be made.
    Threads(String),
}

impl fmt::Display for SolveFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveFileError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            SolveFileError::Flat(error) => write!(f, "{error}"),
            SolveFileError::NoTiers { name, ranks } => write!(
                f,
                "{name} has no tiers, so one process solves it whole, not {ranks} ranks \
                 (run it without mpirun)"
            ),
            SolveFileError::Memory {
                needed,
                budget,
                what,
            } => write!(
                f,
                "{what} would need about {} MB, more than the memory budget of {} MB \
                 (raise --memory)",
                needed.div_ceil(1 << 20),
                budget >> 20
            ),
            SolveFileError::Game(what) => write!(f, "{what}"),
            SolveFileError::File(error) => write!(f, "{error}"),
            SolveFileError::Parts { path, found } => write!(
                f,
                "{} holds the parts of another solve ({found}): remove it or write elsewhere",
                path.display()
            ),
            SolveFileError::Threads(error) => write!(f, "the thread pool: {error}"),
        }
    }
}

impl std::error::Error for SolveFileError {}

impl From<FileError> for SolveFileError {
    fn from(error: FileError) -> SolveFileError {
        SolveFileError::File(error)
    }
}
