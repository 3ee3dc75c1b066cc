//! How a tier's keys and questions reach their owners: the ranks of a solve and what they
//! say to each other, and nothing of the solve itself. One driver (`driver.rs`) runs over
//! any transport, as GamesmanOne's tier manager and worker share one solver and its
//! `tier_mpi.h` names only the messages: [`Local`] is one process, the only rank, which
//! owns every key and sends nothing; under the `mpi` feature, `Mpi` is a
//! rank of an MPI job, over its collectives.

use std::borrow::Cow;
use std::vec::Vec;

use super::SolveFileError;

/// The ranks of a solve, as one of them sees them: which it is, how many there are, and
/// the few things the caller of a solve asks of them all (the rest, the keys and the
/// questions of the tiers, is the driver's alone). Implemented by [`Local`] and, under
/// the `mpi` feature, `Mpi`; sealed.
pub trait Transport: Collective {
    /// This rank, from 0 to [`ranks`](Self::ranks) - 1.
    fn rank(&self) -> usize;

    /// How many ranks share the solve (1: one process).
    fn ranks(&self) -> usize;

    /// `n` from every rank, in rank order, on every rank (each rank's peak memory, for
    /// the closing report). Every rank must call it.
    fn gather(&self, n: u64) -> Vec<u64>;

    /// Stops every rank at once, after this one failed: the others would wait for it for
    /// ever. One process has no other rank, and goes on to return its error.
    fn abort(&self);
}

/// The collectives the driver asks of the ranks, every rank calling each in the same order
/// (not nameable outside this crate: [`Transport`] is sealed).
pub trait Collective {
    /// Whether `ok` holds on every rank.
    fn all(&self, ok: bool) -> bool;

    /// The sum of `n` over the ranks.
    fn sum(&self, n: u64) -> u64;

    /// The most of `n` over the ranks.
    fn max(&self, n: u64) -> u64;

    /// Every rank's `mine`, joined in rank order.
    ///
    /// # Errors
    /// [`SolveFileError::Game`] on every rank alike, when they are more keys than one
    /// exchange takes.
    fn gather_keys(&self, mine: &[u64]) -> Result<Vec<u64>, SolveFileError>;

    /// All-to-all of variable counts: `send` holds the items for rank 0, then rank 1...,
    /// `counts[d]` of them for rank `d`. Returns what every rank sent this one, in rank
    /// order, and how many from each: borrowed from `send` where this rank is the only one.
    fn exchange<'a, I: Item>(&self, send: &'a [I], counts: &[usize]) -> (Cow<'a, [I]>, Vec<usize>);

    /// Bytes this rank has sent to the others so far.
    fn sent(&self) -> u64;
}

/// What the ranks exchange: keys (`u64`) and records (`u8`).
#[cfg(not(feature = "mpi"))]
pub trait Item: Copy + Default + Send + 'static {}

/// What the ranks exchange: keys (`u64`) and records (`u8`), each a type MPI knows.
#[cfg(feature = "mpi")]
pub trait Item: Copy + Default + Send + 'static + mpi::traits::Equivalence {}

impl Item for u64 {}
impl Item for u8 {}

/// One process: the only rank of its solve, owner of every key, sending nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Local;

impl Transport for Local {
    fn rank(&self) -> usize {
        0
    }

    fn ranks(&self) -> usize {
        1
    }

    fn gather(&self, n: u64) -> Vec<u64> {
        vec![n]
    }

    fn abort(&self) {}
}

impl Collective for Local {
    fn all(&self, ok: bool) -> bool {
        ok
    }

    fn sum(&self, n: u64) -> u64 {
        n
    }

    fn max(&self, n: u64) -> u64 {
        n
    }

    fn gather_keys(&self, mine: &[u64]) -> Result<Vec<u64>, SolveFileError> {
        Ok(mine.to_vec())
    }

    fn exchange<'a, I: Item>(&self, send: &'a [I], _: &[usize]) -> (Cow<'a, [I]>, Vec<usize>) {
        (Cow::Borrowed(send), vec![send.len()])
    }

    fn sent(&self) -> u64 {
        0
    }
}

/// How an MPI launcher started this process, if one did: the one test of an MPI launch,
/// which decides whether a solve runs as a rank of a job or alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Launched {
    /// How many ranks it started, where the launcher says (Open MPI's `mpirun`, MPICH's
    /// and Slurm's PMI; PMIx alone does not).
    pub ranks: Option<u64>,
}

/// Whether an MPI launcher (`mpirun`, `mpiexec`, or Slurm's `srun` with PMI or PMIx)
/// started this process, from the environment it gives each rank: a build with the `mpi`
/// feature then solves as one rank of the job (`Mpi`); one without it
/// should refuse to run as one of several ranks, each of which would solve the whole game
/// into the same file.
#[must_use]
pub fn launched() -> Option<Launched> {
    let var = |name: &str| std::env::var_os(name);
    let launched = ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMI_RANK", "PMIX_RANK"]
        .iter()
        .any(|name| var(name).is_some());
    launched.then(|| Launched {
        ranks: ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"]
            .iter()
            .find_map(|name| var(name)?.to_str()?.parse().ok()),
    })
}
