//! Solving a game into a table file (feature `tiers`): the one entry point, which picks
//! the solver a game needs. A game with tiers is solved tier by tier by the one driver
//! (`tiers/driver.rs`), in this process or on the ranks of an MPI job; one without tiers,
//! in one process, by backward induction with child counts
//! ([`solve_loopy`](crate::solve_loopy)) when it gives its positions back from their keys,
//! any other whole in memory by the flat solver, if the budget holds it.

use std::fmt;
use std::io::Write;
use std::path::Path;

use perfect_play_core::Game;

use crate::file_write::flat_file;
use crate::flat::{FlatError, FlatLimits, solve_flat_from};
use crate::loopy::solve_loopy;
use crate::parallel;
use crate::tiers::parts::write_atomically;
use crate::tiers::{Local, Options, SolveFileError, Summary, Transport, solve_tiers};

/// Bytes the flat solver holds a position while it solves (its walk, edges and records).
const FLAT_BYTES_PER_POSITION: u64 = 48;

/// Solves game `G`, called `name` (the name the file records, `connect4-6x4`), into the
/// table file `out` in this process, resuming from `out.parts/` if an earlier run left
/// finished tiers.
///
/// # Errors
/// [`SolveFileError`]: the budget is too small (with what it would need), the game breaks
/// its tiers' rules, a file cannot be written.
pub fn solve_file<G: Game + fmt::Debug + Send + Sync>(
    name: &str,
    out: &Path,
    options: &Options,
) -> Result<Summary, SolveFileError> {
    solve_file_from(name, G::start(), out, options)
}

/// [`solve_file`] from `start` rather than `G::start()`: a family at a size, whose start
/// is a value (`mnk:m=4,n=4,k=3`'s empty 4x4 board), and `name` that size's name.
///
/// # Errors
/// As [`solve_file`].
pub fn solve_file_from<G: Game + fmt::Debug + Send + Sync>(
    name: &str,
    start: G,
    out: &Path,
    options: &Options,
) -> Result<Summary, SolveFileError> {
    solve_file_on(name, start, out, options, &Local)
}

/// [`solve_file_from`] as this rank of `ranks`: every rank of an MPI job
/// (`Mpi`) calls it with the same arguments, and each solves its share of
/// every tier with `options.threads` threads and `options.memory` bytes; rank 0 writes
/// the file, the same bytes as one process's ([`Local`]). A game without tiers is solved
/// by one process only. When it fails on one rank of several, [`Transport::abort`] stops
/// the others, which would wait for it for ever.
///
/// # Errors
/// As [`solve_file`]; [`SolveFileError::NoTiers`] for a game without tiers on several
/// ranks.
pub fn solve_file_on<G: Game + fmt::Debug + Send + Sync, T: Transport>(
    name: &str,
    start: G,
    out: &Path,
    options: &Options,
    ranks: &T,
) -> Result<Summary, SolveFileError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| SolveFileError::Threads(e.to_string()))?;
    if start.tiers() > 1 {
        solve_tiers(name, start, out, options, ranks, pool)
    } else if ranks.ranks() > 1 {
        Err(SolveFileError::NoTiers {
            name: name.into(),
            ranks: ranks.ranks(),
        })
    } else {
        parallel::install(&pool, &|| solve_whole(name, start, out, options))
    }
}

/// A game without tiers: solved by [`solve_loopy`](crate::solve_loopy) (keys walked and
/// sorted, backward induction with child counts, resumable by phase) when it gives its
/// positions back from their keys ([`Game::at_key`]), else whole in memory by the flat
/// solver.
fn solve_whole<G: Game + fmt::Debug + Send + Sync>(
    name: &str,
    start: G,
    out: &Path,
    options: &Options,
) -> Result<Summary, SolveFileError> {
    if start.at_key(start.key()) == Some(start) {
        solve_loopy(name, start, out, options)
    } else {
        solve_flat_whole(name, start, out, options)
    }
}

/// A game without tiers and without [`Game::at_key`]: solved whole in memory by the flat
/// solver, if the budget holds it.
fn solve_flat_whole<G: Game + fmt::Debug>(
    name: &str,
    start: G,
    out: &Path,
    options: &Options,
) -> Result<Summary, SolveFileError> {
    let limits = FlatLimits {
        positions: usize::try_from(options.memory / FLAT_BYTES_PER_POSITION).unwrap_or(usize::MAX),
        max_key: u64::MAX,
    };
    let solution = solve_flat_from(start, limits).map_err(|error| match error {
        FlatError::TooManyPositions { limit } => SolveFileError::Memory {
            needed: (limit as u64 + 1) * FLAT_BYTES_PER_POSITION,
            budget: options.memory,
            what: format!(
                "{name} has no tiers, so it is solved whole in memory; more than {limit} \
                 positions"
            ),
        },
        error => SolveFileError::Flat(error),
    })?;
    let bytes = flat_file(name, &solution)?;
    write_atomically(out, |file| file.write_all(&bytes))?;
    Ok(Summary {
        positions: solution.len() as u64,
        start: solution.start(),
        bytes: bytes.len() as u64,
        tiers: vec![solution.len() as u64],
        resumed: 0,
        passes: 1,
        rounds: 1,
        exchanged: 0,
    })
}
