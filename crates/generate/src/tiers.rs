//! Solving a game into a table file, tier by tier, on every core (feature `tiers`).
//!
//! A game with tiers ([`Game::tiers`] above 1: every move leads from tier `t` to `t + 1`,
//! as each move adds a disc in Connect Four) is solved in two sweeps, GamesmanOne's way:
//!
//! 1. **Walk**, tier 0 up: each tier's keys are its positions' children, sorted and
//!    without repeats. A tier is kept as the file keeps it (a bucket offset table and each
//!    key's low bytes: about 2 bytes a position), never as positions; [`Game::at_key`]
//!    gives a position back. Only the tier walked from is in memory; when its children
//!    would not fit the memory budget beside it, they are gathered in several passes,
//!    each over a range of keys, each pass's keys put aside on disk.
//! 2. **Solve**, the last tier down: each position takes the best of its children's
//!    records (one byte each), in parallel over fixed chunks, each writing its own slots:
//!    the same records whatever the thread count. Only the tier solved and the tier above
//!    (keys and records) are in memory, read back from their part files; a budget that
//!    would not hold the largest pair is refused before the first tier is solved.
//!
//! Every finished tier is written to `FILE.parts/` under a temporary name, synced and
//! renamed: a solve that is stopped and started again with the same command resumes at
//! the last finished tier. At the end the parts are joined into `FILE` (again a temporary
//! name, synced, renamed) and removed. A game without tiers (a loopy one) is solved by
//! [`solve_loopy`](crate::solve_loopy) when it gives its positions back from their keys
//! (its keys walked and sorted, then backward induction with child counts), else whole in
//! memory by [`solve_flat`](crate::solve_flat); either within the budget or refused with
//! what it would need.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::string::String;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::vec::Vec;

use perfect_play_core::file::KeyIndex;
use perfect_play_core::{Game, Record};
use rayon::prelude::*;

use crate::file_write::{FileError, FileHeader, key_index, key_index_of, write_file};
use crate::flat::FlatError;

/// Positions a parallel task takes at a time: the chunks are fixed by the tier's size
/// alone, so the output never depends on the threads.
const CHUNK: usize = 1 << 14;

/// How a solve into a file runs.
pub struct Options<'a> {
    /// Threads: 0 for one per core.
    pub threads: usize,
    /// The most memory the solve may hold, in bytes (an estimate of what it allocates).
    pub memory: u64,
    /// Called as the solve goes (from one thread at a time, often): a progress display.
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
    /// Positions this phase will do, where known (the solve sweep knows).
    pub total: Option<u64>,
}

/// A phase of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The walk, tier by tier up from the start.
    Walk,
    /// A tier whose walk would not fit the memory budget at once: the moves from the tier
    /// below counted, then a sample of their children taken, to split the walk into passes
    /// (each a sweep over the tier below: `total` is twice the tier below's positions).
    Count,
    /// That tier's walk in passes over ranges of keys (`total` is the tier below's
    /// positions times the passes).
    Passes,
    /// The solve, tier by tier down to the start.
    Solve,
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
    /// It would need more memory than the budget.
    Memory {
        /// Bytes it would need.
        needed: u64,
        /// The budget.
        budget: u64,
        /// For what.
        what: String,
    },
    /// A key that [`Game::at_key`] does not turn back into a position, or a move that
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

/// An I/O error with its path.
fn io_at(path: &Path) -> impl FnOnce(io::Error) -> SolveFileError + '_ {
    move |error| SolveFileError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// Writes a part file (or any file) at `path` as a whole or not at all: a temporary name
/// beside it, synced, then renamed over it.
///
/// # Errors
/// [`SolveFileError::Io`] with the path.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), SolveFileError> {
    let mut temp = path.as_os_str().to_owned();
    temp.push(".tmp");
    let temp = PathBuf::from(temp);
    let mut file = File::create(&temp).map_err(io_at(&temp))?;
    write(&mut file).map_err(io_at(&temp))?;
    file.sync_all().map_err(io_at(&temp))?;
    drop(file);
    fs::rename(&temp, path).map_err(io_at(path))
}

/// One tier's keys, as the file keeps them.
struct Keys {
    bytes: Vec<u8>,
    positions: u64,
}

/// The files of a solve in progress, in `FILE.parts/`.
struct Parts {
    dir: PathBuf,
}

impl Parts {
    fn keys(&self, tier: u32) -> PathBuf {
        self.dir.join(format!("tier-{tier:03}.keys"))
    }

    fn records(&self, tier: u32) -> PathBuf {
        self.dir.join(format!("tier-{tier:03}.records"))
    }

    /// A walk's keys in passes, before they become the tier's key index.
    fn walked(&self, tier: u32) -> PathBuf {
        self.dir.join(format!("tier-{tier:03}.walked"))
    }

    fn read(path: &Path) -> Result<Option<Vec<u8>>, SolveFileError> {
        read_part(path)
    }
}

/// The bytes of the part file at `path`, or `None` if there is none.
///
/// # Errors
/// [`SolveFileError::Io`]: it is there but cannot be read.
pub fn read_part(path: &Path) -> Result<Option<Vec<u8>>, SolveFileError> {
    match File::open(path) {
        Ok(mut file) => {
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).map_err(io_at(path))?;
            Ok(Some(bytes))
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(io_at(path)(error)),
    }
}

/// The header of the table file called `name` of game `G` at `size`'s size (any of its
/// positions), solved tier by tier: a move goes up a tier, so no remoteness reaches the
/// number of tiers, and a record is one byte while that is below 63.
#[must_use]
pub fn tier_header<G: Game>(name: &str, size: &G) -> FileHeader {
    let width = if size.tiers() <= 63 { 1 } else { 2 };
    FileHeader::new::<G>(name, size.key_bits(), width)
}

/// The directory of the parts of the solve into `out`: `out.parts`.
#[must_use]
pub fn parts_dir(out: &Path) -> PathBuf {
    let mut dir = out.as_os_str().to_owned();
    dir.push(".parts");
    PathBuf::from(dir)
}

/// Makes the parts directory `dir` (if it is not there) and claims it for the solve that
/// `stamp` describes (its file `game`): a directory another solve claimed is refused.
///
/// # Errors
/// [`SolveFileError::Parts`] when another solve's parts are there; [`SolveFileError::Io`].
pub fn claim_parts(dir: &Path, stamp: &str) -> Result<(), SolveFileError> {
    fs::create_dir_all(dir).map_err(io_at(dir))?;
    let stamp_path = dir.join("game");
    match read_part(&stamp_path)? {
        Some(found) if found != stamp.as_bytes() => Err(SolveFileError::Parts {
            path: dir.to_path_buf(),
            found: String::from_utf8_lossy(&found).trim().into(),
        }),
        Some(_) => Ok(()),
        None => write_atomically(&stamp_path, |f| f.write_all(stamp.as_bytes())),
    }
}

/// What a parts directory of game `G` called `name`, at `size`'s size, is stamped with.
#[must_use]
pub fn parts_stamp<G: Game>(name: &str, size: &G) -> String {
    let header = tier_header(name, size);
    format!(
        "{} rules {} keys {} tiers {} records {}\n",
        name,
        header.rules_version,
        header.key_bits,
        size.tiers(),
        header.record_bytes
    )
}

/// Writes the table file `out` with the one writer ([`write_file`]) from its tiers'
/// counts and sections (`section(t, writer)` writes tier `t`'s keys then records) under a
/// temporary name, synced, then renamed into place; returns its length.
///
/// # Errors
/// [`SolveFileError::File`] from the writer, [`SolveFileError::Io`] with the path.
pub fn join_file(
    out: &Path,
    header: &FileHeader,
    counts: &[u64],
    section: impl FnMut(u32, &mut dyn Write) -> Result<(), FileError>,
) -> Result<u64, SolveFileError> {
    let mut temp = out.as_os_str().to_owned();
    temp.push(".tmp");
    let temp = PathBuf::from(temp);
    let file = File::create(&temp).map_err(io_at(&temp))?;
    let file = write_file(BufWriter::new(file), header, counts, section)?;
    let file = file
        .into_inner()
        .map_err(|e| io_at(&temp)(e.into_error()))?;
    file.sync_all().map_err(io_at(&temp))?;
    let bytes = file.metadata().map_err(io_at(&temp))?.len();
    drop(file);
    fs::rename(&temp, out).map_err(io_at(out))?;
    Ok(bytes)
}

/// The position of `key`, or the error that says the game cannot give it.
fn position<G: Game>(size: &G, key: u64, tier: u32) -> Result<G, SolveFileError> {
    size.at_key(key).ok_or_else(|| {
        SolveFileError::Game(format!(
            "Game::at_key gives no position for the key {key} of tier {tier}: a tiered \
             game must turn every key it makes back into its position"
        ))
    })
}

/// A tiered game, tier by tier.
pub(crate) fn solve_tiers<G: Game + fmt::Debug + Send + Sync>(
    name: &str,
    start: G,
    out: &Path,
    options: &Options,
) -> Result<Summary, SolveFileError> {
    let header = tier_header(name, &start);
    let key_bits = header.key_bits;
    let size = &start;
    let width = header.record_bytes;
    let parts = Parts {
        dir: parts_dir(out),
    };
    claim_parts(&parts.dir, &parts_stamp(name, size))?;
    let mut resumed = 0;
    let mut passes = 1;

    // 1. The walk: every tier's keys, each into its part file as soon as it is walked.
    // Only the tier walked from is in memory beside the walk.
    if start.tier() != 0 {
        return Err(SolveFileError::Game(format!(
            "the start {start:?} is in tier {}, not 0",
            start.tier()
        )));
    }
    let mut counts: Vec<u64> = Vec::new();
    let mut below: Option<Keys> = None;
    for t in 0..size.tiers() {
        let path = parts.keys(t);
        let current = if let Some(bytes) = Parts::read(&path)? {
            let damaged =
                || SolveFileError::Game(format!("{} is damaged: delete it", path.display()));
            let positions = positions_in(&bytes, key_bits).ok_or_else(damaged)?;
            if t == 0 && bytes != key_index(0, &[start.key()], key_bits)? {
                return Err(damaged());
            }
            resumed += 1;
            if t > 0 {
                (options.progress)(Progress {
                    phase: Phase::Resumed,
                    tier: t,
                    tiers: size.tiers(),
                    done: positions,
                    total: Some(positions),
                });
            }
            Keys { bytes, positions }
        } else if t == 0 {
            let keys = keys_of(0, &[start.key()], key_bits)?;
            write_atomically(&path, |f| f.write_all(&keys.bytes))?;
            keys
        } else {
            let Some(from) = below.take() else { break };
            let (keys, took) = walk(size, t - 1, from, key_bits, &parts, options)?;
            passes = passes.max(took);
            write_atomically(&path, |f| f.write_all(&keys.bytes))?;
            keys
        };
        if current.positions == 0 {
            break;
        }
        counts.push(current.positions);
        below = Some(current);
    }
    drop(below);

    // 2. The solve, the last tier down: a tier's keys and records, and the keys and
    // records of the tier above, are all it holds; checked against the budget for every
    // tier before the first is solved.
    let part_len = |path: PathBuf| fs::metadata(&path).map(|m| m.len()).map_err(io_at(&path));
    let mut need = 0;
    let mut need_at = 0;
    for t in 0..counts.len() as u32 {
        let records = count_of(&counts, t) * u64::from(width);
        if fs::metadata(parts.records(t)).is_ok_and(|m| m.len() == records) {
            // Solved by an earlier run: read back, never solved again.
            continue;
        }
        let mut tier = part_len(parts.keys(t))? + records;
        if t + 1 < counts.len() as u32 {
            tier += part_len(parts.keys(t + 1))? + count_of(&counts, t + 1) * u64::from(width);
        }
        if tier > need {
            (need, need_at) = (tier, t);
        }
    }
    if need > options.memory {
        return Err(SolveFileError::Memory {
            needed: need,
            budget: options.memory,
            what: format!(
                "the solve of tier {need_at} ({} positions{})",
                count_of(&counts, need_at),
                if need_at + 1 < counts.len() as u32 {
                    ", beside the tier above"
                } else {
                    ""
                }
            ),
        });
    }
    let mut above: Option<(Keys, Vec<u8>)> = None;
    for t in (0..counts.len() as u32).rev() {
        let n = count_of(&counts, t);
        let path = parts.keys(t);
        let keys = Keys {
            bytes: Parts::read(&path)?.ok_or_else(|| {
                SolveFileError::Game(format!("{} is missing: run again", path.display()))
            })?,
            positions: n,
        };
        let path = parts.records(t);
        let records = match Parts::read(&path)? {
            Some(bytes) if bytes.len() as u64 == n * u64::from(width) => {
                resumed += 1;
                (options.progress)(Progress {
                    phase: Phase::Resumed,
                    tier: t,
                    tiers: size.tiers(),
                    done: 0,
                    total: None,
                });
                bytes
            }
            _ => {
                let (next, records) = above.as_ref().map(|(k, r)| (k, r.as_slice())).unzip();
                let bytes = solve_tier(size, t, &keys, next, records, &header, options)?;
                write_atomically(&path, |f| f.write_all(&bytes))?;
                bytes
            }
        };
        above = Some((keys, records));
    }
    let start_bits = above
        .as_ref()
        .and_then(|(_, r)| r.first())
        .copied()
        .map(u32::from)
        .unwrap_or(0);
    drop(above);
    let start = Record::unpack_in(start_bits, header.remoteness_bits)
        .ok_or_else(|| SolveFileError::Game("the start has no record".into()))?;

    // 3. The file: the parts joined, streamed from their files.
    (options.progress)(Progress {
        phase: Phase::Write,
        tier: 0,
        tiers: size.tiers(),
        done: 0,
        total: None,
    });
    let bytes = join_file(out, &header, &counts, |t, w| {
        for path in [parts.keys(t), parts.records(t)] {
            io::copy(&mut File::open(&path)?, w)?;
        }
        Ok(())
    })?;
    fs::remove_dir_all(&parts.dir).map_err(io_at(&parts.dir))?;
    Ok(Summary {
        positions: counts.iter().sum(),
        start,
        bytes,
        tiers: counts,
        resumed,
        passes,
    })
}

/// Positions in tier `t` (0 past the last).
fn count_of(counts: &[u64], t: u32) -> u64 {
    counts.get(t as usize).copied().unwrap_or(0)
}

/// How many keys a part file's key index holds: the count whose split gives the file's
/// length (the last bucket offset is the count, and the buckets are a power of two).
fn positions_in(bytes: &[u8], key_bits: u32) -> Option<u64> {
    (0..=key_bits.min(32)).find_map(|bucket_bits| {
        let at = 4usize.checked_shl(bucket_bits)?;
        let n = u64::from(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
        let index = KeyIndex::new(bytes, n, key_bits)?;
        let split = perfect_play_core::file::Split::of(n, key_bits);
        (split.buckets == 1 << bucket_bits && index.len_bytes() == bytes.len()).then_some(n)
    })
}

/// The key index of `keys`, or the error that says it is damaged.
fn index_of(keys: &Keys, key_bits: u32, tier: u32) -> Result<KeyIndex<'_>, SolveFileError> {
    KeyIndex::new(&keys.bytes, keys.positions, key_bits)
        .ok_or_else(|| SolveFileError::Game(format!("tier {tier}'s keys are damaged")))
}

/// Tier `t`'s sorted keys `keys` as the file keeps them.
fn keys_of(t: u32, keys: &[u64], key_bits: u32) -> Result<Keys, SolveFileError> {
    Ok(Keys {
        bytes: key_index(t, keys, key_bits)?,
        positions: keys.len() as u64,
    })
}

/// The children of tier `t`'s positions `from..from + len` (their places in `index`) whose
/// keys are `wanted`, sorted and without repeats, and how many moves led there; the list
/// is kept only when `keep`.
fn chunk_children<G: Game + fmt::Debug>(
    size: &G,
    t: u32,
    index: KeyIndex<'_>,
    (from, len): (usize, usize),
    wanted: impl Fn(u64) -> bool,
    keep: bool,
) -> Result<(Vec<u64>, u64), SolveFileError> {
    let mut kids = Vec::new();
    let mut count = 0u64;
    let mut wrong = None;
    for key in index.keys(from).take(len) {
        let p = position(size, key, t)?;
        if p.finished().is_some() {
            continue;
        }
        p.moves(&mut |_, child| {
            if child.tier() != t + 1 {
                wrong.get_or_insert((p, child));
            }
            let k = child.key();
            if wanted(k) {
                count += 1;
                if keep {
                    kids.push(k);
                }
            }
        });
    }
    if let Some((p, child)) = wrong {
        return Err(SolveFileError::Game(format!(
            "a move from {p:?} (tier {t}) leads to {child:?}, in tier {}: each move must lead \
             to the next tier",
            child.tier()
        )));
    }
    kids.sort_unstable();
    kids.dedup();
    // What the list holds is what a walk counts against its budget: its repeats' room
    // given back.
    kids.shrink_to_fit();
    Ok((kids, count))
}

/// The chunks of the positions `positions`: where each starts and how many it holds,
/// fixed by the range alone.
fn chunks_of(positions: &Range<usize>) -> Vec<(usize, usize)> {
    positions
        .clone()
        .step_by(CHUNK)
        .map(|from| (from, CHUNK.min(positions.end - from)))
        .collect()
}

/// The walk of one tier: the children of tier `t`'s positions `positions` (their places
/// among the tier's sorted keys, `index`) whose keys are in `range` (both ends included),
/// sorted and without repeats, on every thread of the current pool. `tick` is told how
/// many positions each piece of work has done. The single-process solve calls it over the
/// whole tier (once per pass of its memory budget); an MPI rank over its own key range.
///
/// # Errors
/// [`SolveFileError::Game`]: a key the game cannot turn back into a position, a move that
/// does not lead to tier `t + 1`.
pub fn walk_range<G: Game + fmt::Debug + Send + Sync>(
    size: &G,
    t: u32,
    index: KeyIndex<'_>,
    positions: Range<usize>,
    range: (u64, u64),
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Vec<u64>, SolveFileError> {
    let lists: Vec<Vec<u64>> = chunks_of(&positions)
        .par_iter()
        .map(|&chunk| {
            let wanted = |k: u64| k >= range.0 && k <= range.1;
            let kids = chunk_children(size, t, index, chunk, wanted, true).map(|(kids, _)| kids);
            tick(chunk.1 as u64);
            kids
        })
        .collect::<Result<_, _>>()?;
    Ok(joined(lists))
}

/// The walk of one tier in one pass if it fits: [`walk_range`] over every key, given up
/// (`None`) as soon as the children it holds would take more than `budget` bytes
/// ([`WALK_BYTES_PER_MOVE`] a child kept, and room for a chunk's moves on every thread).
/// Most tiers of most solves fit, and then this is one walk where counting the moves first
/// ([`count_moves`]) would be two.
///
/// # Errors
/// As [`walk_range`].
pub fn walk_within<G: Game + fmt::Debug + Send + Sync>(
    size: &G,
    t: u32,
    index: KeyIndex<'_>,
    positions: Range<usize>,
    budget: u64,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Option<Vec<u64>>, SolveFileError> {
    let held = AtomicU64::new(0);
    let widest = AtomicU64::new(0);
    let over = AtomicBool::new(false);
    let threads = rayon::current_num_threads() as u64;
    let lists: Vec<Vec<u64>> = chunks_of(&positions)
        .par_iter()
        .map(|&chunk| {
            if over.load(Ordering::Relaxed) {
                return Ok(Vec::new());
            }
            let (kids, moves) = chunk_children(size, t, index, chunk, |_| true, true)?;
            let len = kids.len() as u64;
            let so_far = held.fetch_add(len, Ordering::Relaxed) + len;
            let widest = widest.fetch_max(moves, Ordering::Relaxed).max(moves);
            // The lists kept and their join, and on every thread a chunk's list in the
            // making (every move of it, 8 bytes each, before its repeats go).
            let holding = so_far
                .saturating_mul(WALK_BYTES_PER_MOVE)
                .saturating_add(threads.saturating_mul(widest).saturating_mul(8));
            if holding > budget {
                over.store(true, Ordering::Relaxed);
                return Ok(Vec::new());
            }
            tick(chunk.1 as u64);
            Ok(kids)
        })
        .collect::<Result<_, SolveFileError>>()?;
    Ok((!over.load(Ordering::Relaxed)).then(|| joined(lists)))
}

/// The chunks' lists of children as one, sorted and without repeats.
fn joined(lists: Vec<Vec<u64>>) -> Vec<u64> {
    let mut joined: Vec<u64> = Vec::with_capacity(lists.iter().map(Vec::len).sum());
    for list in lists {
        joined.extend_from_slice(&list);
    }
    joined.par_sort_unstable();
    joined.dedup();
    joined
}

/// A progress callback for a phase of tier `tier` over `total` positions: told how many
/// positions each piece of work did, it reports the sum so far to `progress`.
pub fn ticker<'a>(
    progress: &'a (dyn Fn(Progress) + Sync),
    phase: Phase,
    tier: u32,
    tiers: u32,
    total: u64,
) -> impl Fn(u64) + Sync + 'a {
    let done = AtomicU64::new(0);
    move |k: u64| {
        let so_far = done.fetch_add(k, Ordering::Relaxed) + k;
        progress(Progress {
            phase,
            tier,
            tiers,
            done: so_far,
            total: Some(total),
        });
    }
}

/// A sample of the children of tier `t`'s positions `positions` (their places among the
/// tier's sorted keys, `index`): about one child in `one_in`, sorted and without repeats,
/// on every thread of the current pool. A child is in or out by its key alone (a hash of
/// it), so every parent and every rank samples the same children, and the sample spreads
/// over the keys as the children do: what a walk in passes splits the keys by (and, under
/// MPI, the ranks) before any pass holds the children. `tick` is told how many positions
/// each piece of work has done.
///
/// # Errors
/// As [`walk_range`].
pub fn sample_children<G: Game + fmt::Debug + Send + Sync>(
    size: &G,
    t: u32,
    index: KeyIndex<'_>,
    positions: Range<usize>,
    one_in: u64,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Vec<u64>, SolveFileError> {
    let wanted = |k: u64| sampled(k, one_in);
    let lists: Vec<Vec<u64>> = chunks_of(&positions)
        .par_iter()
        .map(|&chunk| {
            let kids = chunk_children(size, t, index, chunk, wanted, true).map(|(kids, _)| kids);
            tick(chunk.1 as u64);
            kids
        })
        .collect::<Result<_, _>>()?;
    Ok(joined(lists))
}

/// Whether `key` is in a sample of about one key in `one_in` (every key when it is 0 or 1):
/// decided by the key alone (Fibonacci hashing, the key's bits mixed into the high half,
/// then reduced), so every walker and every rank keeps the same keys, and the sample of
/// `a * b` is part of the sample of `a`.
#[must_use]
pub fn sampled(key: u64, one_in: u64) -> bool {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) % one_in.max(1) == 0
}

/// A walk in passes splits the keys at a sample of about one child in
/// `SAMPLE_ONE_IN` times the passes ([`sample_children`]): while it is taken, at most a
/// 16th of one pass's memory.
pub const SAMPLE_ONE_IN: u64 = 16;

/// Each pass's lower bound of keys (the first 0, ascending) for a walk in `passes` passes,
/// from a sorted sample of the children ([`sample_children`]): each pass a run of at most a
/// `passes`-th of the sample (so there may be fewer passes), so that each holds about as
/// many children whatever the keys' spread (Connect Four's crowd the low end of the key
/// space); an even split of the keys of `key_bits` bits if
/// there is no sample. One walker's case of [`shared_pass_bounds`].
#[must_use]
pub fn pass_bounds(sample: &[u64], passes: u64, key_bits: u32) -> Vec<u64> {
    let passes = passes.max(1);
    if sample.is_empty() {
        let keys = u128::from(key_span(key_bits)) + 1;
        return (0..passes)
            .map(|i| u64::try_from(keys * u128::from(i) / u128::from(passes)).unwrap_or(u64::MAX))
            .collect();
    }
    shared_pass_bounds(&[sample], &[passes])
}

/// Each pass's lower bound of keys (the first 0, ascending) for walkers that take their
/// passes together (the ranks of a distributed solve): `samples[w]` is walker `w`'s sorted
/// sample of its children (repeats allowed) and `passes[w]` the passes its own budget
/// needs (1 where missing). Swept together in key order, every walker's copies of a key in
/// one pass, a pass ends before any walker would hold more than its share (a `passes[w]`-th
/// of its sample, rounded up), so each keeps within its budget however its children bunch,
/// unless one key's copies alone outgrow a share; in at most the sum of `passes` passes,
/// and at most `passes[0]` for one walker of distinct keys.
#[must_use]
pub fn shared_pass_bounds(samples: &[&[u64]], passes: &[u64]) -> Vec<u64> {
    // A walker without a count of passes takes its sample in one.
    let shares: Vec<usize> = samples
        .iter()
        .enumerate()
        .map(|(w, sample)| {
            let p = passes.get(w).copied().unwrap_or(1).max(1);
            sample
                .len()
                .div_ceil(usize::try_from(p).unwrap_or(usize::MAX))
        })
        .collect();
    // The walkers' next keys in a heap, so that each distinct key costs the walkers that
    // have it, not every walker (thousands of ranks' samples, each of thousands of keys).
    let mut next: BinaryHeap<Reverse<(u64, usize)>> = samples
        .iter()
        .enumerate()
        .filter_map(|(w, sample)| sample.first().map(|&k| Reverse((k, w))))
        .collect();
    let mut at = vec![0usize; samples.len()];
    // What each walker holds of the current pass: `held[w]` counts only when `pass_of[w]`
    // is the current pass (so a new pass starts every walker at 0 without a sweep).
    let mut held = vec![0usize; samples.len()];
    let mut pass_of = vec![0usize; samples.len()];
    let mut pass = 0usize;
    // Some walker holds more than its share of the current pass (one key's copies alone).
    let mut past_share = false;
    let mut here: Vec<(usize, usize)> = Vec::new();
    let mut bounds = vec![0u64];
    // Each distinct key in turn, with every walker's copies of it (they go to one pass).
    while let Some(&Reverse((key, _))) = next.peek() {
        here.clear();
        while let Some(&Reverse((k, w))) = next.peek() {
            if k != key {
                break;
            }
            next.pop();
            let sample = samples.get(w).copied().unwrap_or(&[]);
            let from = at.get(w).copied().unwrap_or(0);
            let copies = sample
                .get(from..)
                .unwrap_or(&[])
                .partition_point(|&k| k <= key);
            if let Some(i) = at.get_mut(w) {
                *i = from + copies;
                if let Some(&k) = sample.get(*i) {
                    next.push(Reverse((k, w)));
                }
            }
            here.push((w, copies));
        }
        // A walker holding some of this pass that the key's copies would take past its
        // share (or already past it) starts a new pass at the key.
        let over = past_share
            || here.iter().any(|&(w, c)| {
                let h = holding(&held, &pass_of, pass, w);
                h > 0 && h + c > shares.get(w).copied().unwrap_or(0)
            });
        if over {
            bounds.push(key);
            pass += 1;
            past_share = false;
        }
        for &(w, c) in &here {
            let h = holding(&held, &pass_of, pass, w) + c;
            if let (Some(slot), Some(of)) = (held.get_mut(w), pass_of.get_mut(w)) {
                (*slot, *of) = (h, pass);
            }
            past_share |= h > shares.get(w).copied().unwrap_or(0);
        }
    }
    bounds
}

/// What walker `w` holds of pass `pass` ([`shared_pass_bounds`]'s count, good only while
/// it was set in that pass).
fn holding(held: &[usize], pass_of: &[usize], pass: usize, w: usize) -> usize {
    if pass_of.get(w) == Some(&pass) {
        held.get(w).copied().unwrap_or(0)
    } else {
        0
    }
}

/// The ranges of keys (both ends included) of a walk's passes, in order, from each pass's
/// lower bound (the first 0, ascending): every key of `key_bits` bits in exactly one, with
/// no overflow at 64 bits; a pass whose bound is the next one's is empty (its start past
/// its end).
#[must_use]
pub fn pass_ranges(lower: &[u64], key_bits: u32) -> Vec<(u64, u64)> {
    let span = key_span(key_bits);
    lower
        .iter()
        .enumerate()
        .map(|(i, &low)| match lower.get(i + 1) {
            None => (low, span),
            Some(&next) => next
                .checked_sub(1)
                .map_or((1, 0), |high| (low, high.min(span))),
        })
        .collect()
}

/// The largest key of `key_bits` bits.
fn key_span(key_bits: u32) -> u64 {
    if key_bits >= 64 {
        u64::MAX
    } else {
        (1u64 << key_bits) - 1
    }
}

/// The most passes over ranges of keys a tier's walk may take to fit the memory budget.
pub const MAX_WALK_PASSES: u64 = 64;

/// The least memory a walk needs beside what is held already.
pub const MIN_WALK_MEMORY: u64 = 1 << 20;

/// How many passes a walk that would hold `need` bytes at once takes within `available`
/// bytes; `None` when even [`MAX_WALK_PASSES`] would not fit it.
#[must_use]
pub fn walk_passes(need: u64, available: u64) -> Option<u64> {
    if available < MIN_WALK_MEMORY {
        return None;
    }
    Some(need.div_ceil(available).max(1)).filter(|&p| p <= MAX_WALK_PASSES)
}

/// The least memory budget within which a walk that would hold `need` bytes at once fits,
/// in [`MAX_WALK_PASSES`] at most, beside `held` bytes.
#[must_use]
pub fn walk_least_budget(held: u64, need: u64) -> u64 {
    held + need.div_ceil(MAX_WALK_PASSES).max(MIN_WALK_MEMORY)
}

/// What a walk holds of memory for each child it keeps: its key twice (the chunks'
/// lists, each without repeats, then the joined list), 8 bytes each. A count of the moves
/// ([`count_moves`]) bounds it before the walk; [`walk_within`] counts as it goes.
pub const WALK_BYTES_PER_MOVE: u64 = 16;

/// How many moves tier `t`'s positions `positions` (their places among the tier's sorted
/// keys, `index`) have, on every thread of the current pool: what a walk of them will
/// hold ([`WALK_BYTES_PER_MOVE`] each), known before it holds it. `tick` is told how many
/// positions each piece of work has done.
///
/// # Errors
/// As [`walk_range`].
pub fn count_moves<G: Game + fmt::Debug + Send + Sync>(
    size: &G,
    t: u32,
    index: KeyIndex<'_>,
    positions: Range<usize>,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<u64, SolveFileError> {
    chunks_of(&positions)
        .par_iter()
        .map(|&chunk| {
            let moves = chunk_children(size, t, index, chunk, |_| true, false).map(|(_, n)| n);
            tick(chunk.1 as u64);
            moves
        })
        .try_reduce(|| 0, |a, b| Ok(a + b))
}

/// Tier `t + 1`'s keys as the file keeps them: the children of tier `t`'s positions
/// (`below`, dropped once walked), sorted, without repeats, gathered in as many passes over
/// ranges of keys as the memory budget needs beside `below`, and how many passes that was.
/// Each pass's keys go to a scratch file in `parts` (8 bytes a key on disk), so that
/// memory holds one pass's at a time.
fn walk<G: Game + fmt::Debug + Send + Sync>(
    size: &G,
    t: u32,
    below: Keys,
    key_bits: u32,
    parts: &Parts,
    options: &Options,
) -> Result<(Keys, u64), SolveFileError> {
    let held = below.bytes.len() as u64;
    let scratch = parts.walked(t + 1);
    WalkedKeys::discard(&scratch)?;
    let index = index_of(&below, key_bits, t)?;
    let n = usize::try_from(below.positions).unwrap_or(usize::MAX);
    let available = options.memory.saturating_sub(held);
    // Walked in one pass where it fits (most tiers); counted first only where it does not.
    if available >= MIN_WALK_MEMORY {
        let tick = ticker(
            options.progress,
            Phase::Walk,
            t + 1,
            size.tiers(),
            below.positions,
        );
        if let Some(keys) = walk_within(size, t, index, 0..n, available, &tick)? {
            drop(below);
            return Ok((keys_of(t + 1, &keys, key_bits)?, 1));
        }
    }
    // Too large at once: counted, then sampled, each a sweep over the tier below.
    let count_tick = ticker(
        options.progress,
        Phase::Count,
        t + 1,
        size.tiers(),
        below.positions * 2,
    );
    let total = count_moves(size, t, index, 0..n, &count_tick)?;
    let need = WALK_BYTES_PER_MOVE * total;
    let Some(wanted) = walk_passes(need, available) else {
        return Err(SolveFileError::Memory {
            needed: walk_least_budget(held, need),
            budget: options.memory,
            what: format!("the walk to tier {} ({total} moves)", t + 1),
        });
    };
    // The passes split at a sample of the children, taken first.
    let lower = if wanted == 1 {
        count_tick(below.positions);
        vec![0]
    } else {
        let sample = sample_children(size, t, index, 0..n, SAMPLE_ONE_IN * wanted, &count_tick)?;
        pass_bounds(&sample, wanted, key_bits)
    };
    let passes = lower.len() as u64;
    let tick = ticker(
        options.progress,
        Phase::Passes,
        t + 1,
        size.tiers(),
        below.positions * passes,
    );
    let ranges = pass_ranges(&lower, key_bits);
    if let [range] = ranges.as_slice() {
        let keys = walk_range(size, t, index, 0..n, *range, &tick)?;
        drop(below);
        return Ok((keys_of(t + 1, &keys, key_bits)?, 1));
    }
    let mut walked = WalkedKeys::create(&scratch)?;
    for &range in &ranges {
        walked.push(&walk_range(size, t, index, 0..n, range, &tick)?)?;
    }
    drop(below);
    let (bytes, positions) = walked.into_index(t + 1, key_bits)?;
    Ok((Keys { bytes, positions }, passes))
}

/// The keys of a walk in passes, kept on disk as the passes find them (8 bytes a key), so
/// that memory holds one pass's at a time beside the tier walked from, then read back as
/// the tier's key index once that tier is let go. The scratch file is removed when read
/// back, or when the walk fails and this is dropped; a run killed outright leaves it for
/// the next walk of the same tier to [`discard`](Self::discard).
#[derive(Debug)]
pub struct WalkedKeys {
    path: PathBuf,
    file: BufWriter<File>,
    positions: u64,
    /// Read back and removed.
    done: bool,
}

impl Drop for WalkedKeys {
    fn drop(&mut self) {
        // Not read back (a failed walk): nothing will read it.
        if !self.done {
            let _ = fs::remove_file(&self.path);
        }
    }
}

impl WalkedKeys {
    /// Removes what a run killed in the middle of a walk left at `path` (never read: a
    /// walk starts again from nothing), before the walk that would write it again.
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: the file is there and cannot be removed.
    pub fn discard(path: &Path) -> Result<(), SolveFileError> {
        match fs::remove_file(path) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(io_at(path)(error)),
            _ => Ok(()),
        }
    }

    /// An empty scratch file at `path`, in place of any there.
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: it cannot be created.
    pub fn create(path: &Path) -> Result<Self, SolveFileError> {
        Ok(Self {
            file: BufWriter::new(File::create(path).map_err(io_at(path))?),
            path: path.to_path_buf(),
            positions: 0,
            done: false,
        })
    }

    /// Appends `keys` (sorted, each above every key appended before).
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: the write failed.
    pub fn push(&mut self, keys: &[u64]) -> Result<(), SolveFileError> {
        for key in keys {
            self.file
                .write_all(&key.to_le_bytes())
                .map_err(io_at(&self.path))?;
        }
        self.positions += keys.len() as u64;
        Ok(())
    }

    /// Tier `tier`'s key index ([`key_index`]) of every key appended, and how many there
    /// are; the scratch file removed.
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: the file could not be written, read or removed;
    /// [`SolveFileError::File`]: the keys are not increasing.
    pub fn into_index(
        mut self,
        tier: u32,
        key_bits: u32,
    ) -> Result<(Vec<u8>, u64), SolveFileError> {
        let path = self.path.clone();
        let positions = self.positions;
        self.file.flush().map_err(io_at(&path))?;
        let mut read = io::BufReader::new(File::open(&path).map_err(io_at(&path))?);
        let mut failed = None;
        let keys = std::iter::from_fn(|| {
            let mut key = [0u8; 8];
            match read.read_exact(&mut key) {
                Ok(()) => Some(u64::from_le_bytes(key)),
                Err(error) => {
                    failed = Some(error);
                    None
                }
            }
        })
        .take(usize::try_from(positions).unwrap_or(usize::MAX));
        let bytes = key_index_of(tier, positions, keys, key_bits);
        if let Some(error) = failed {
            return Err(io_at(&path)(error));
        }
        let bytes = bytes?;
        fs::remove_file(&path).map_err(io_at(&path))?;
        self.done = true;
        Ok((bytes, positions))
    }
}

/// The record at place `j` of `records` (`header.record_bytes` bytes each), if there and
/// valid.
#[must_use]
pub fn record_at(records: &[u8], j: usize, header: &FileHeader) -> Option<Record> {
    let width = header.record_bytes as usize;
    let at = j.checked_mul(width)?;
    let mut buf = [0u8; 4];
    buf.get_mut(..width)?
        .copy_from_slice(records.get(at..at.checked_add(width)?)?);
    Record::unpack_in(u32::from_le_bytes(buf), header.remoteness_bits)
}

/// The packed records of tier `t`'s positions from its children's records in tier
/// `t + 1` (`above`, `header.record_bytes` bytes each, in the order of `next`'s keys).
fn solve_tier<G: Game + fmt::Debug + Send + Sync>(
    size: &G,
    t: u32,
    keys: &Keys,
    next: Option<&Keys>,
    above: Option<&[u8]>,
    header: &FileHeader,
    options: &Options,
) -> Result<Vec<u8>, SolveFileError> {
    let index = index_of(keys, header.key_bits, t)?;
    let next = next
        .map(|k| index_of(k, header.key_bits, t + 1))
        .transpose()?;
    let above = above.unwrap_or(&[]);
    let child = |key: u64| {
        next.and_then(|next| next.find(key))
            .and_then(|j| record_at(above, j, header))
    };
    let tick = ticker(
        options.progress,
        Phase::Solve,
        t,
        size.tiers(),
        keys.positions,
    );
    let n = usize::try_from(keys.positions).unwrap_or(usize::MAX);
    solve_range(size, t, index, 0..n, header, &child, &tick)
}

/// The solve of one tier: the records of tier `t`'s
/// positions `positions` (their places among the tier's sorted keys, `index`) as the file
/// keeps them (packed, [`FileHeader::pack`], `header.record_bytes` bytes each), each the
/// best of its children's records, which `child` gives by key (`None`: not a position of
/// tier `t + 1`, an error). In parallel over fixed chunks, each writing its own slots: the
/// same records whatever the threads. `tick` is told how many positions each chunk did.
/// The single-process solve calls it over the whole tier, looking children up in the
/// tier above; an MPI rank over its own key range, with the records its children's owners
/// sent.
///
/// # Errors
/// [`SolveFileError::Game`]: a key the game cannot turn back into a position, a child
/// without a record, a position neither finished nor with a move, a record too deep.
pub fn solve_range<G: Game + fmt::Debug + Send + Sync>(
    size: &G,
    t: u32,
    index: KeyIndex<'_>,
    positions: Range<usize>,
    header: &FileHeader,
    child: &(dyn Fn(u64) -> Option<Record> + Sync),
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Vec<u8>, SolveFileError> {
    let width = (header.record_bytes as usize).clamp(1, 4);
    let mut records = vec![0u8; positions.len() * width];
    let settle = |key: u64| -> Result<u32, SolveFileError> {
        let p = position(size, key, t)?;
        let record = if let Some(value) = p.finished() {
            Record {
                value,
                remoteness: p.finished_plies(),
            }
        } else {
            let mut best: Option<Record> = None;
            let mut missing = None;
            p.moves(&mut |_, c| match child(c.key()) {
                Some(record) => {
                    let mine = record.before_move();
                    if best.is_none_or(|b| mine.rank() > b.rank()) {
                        best = Some(mine);
                    }
                }
                None => {
                    missing.get_or_insert(c);
                }
            });
            if let Some(c) = missing {
                return Err(SolveFileError::Game(format!(
                    "{c:?}, a child of {p:?}, is not among tier {}'s positions",
                    t + 1
                )));
            }
            best.ok_or_else(|| {
                SolveFileError::Game(format!(
                    "{p:?} (key {key}) is not finished but has no move: Game::finished must \
                     give its result"
                ))
            })?
        };
        header.pack(record).ok_or_else(|| {
            SolveFileError::Game(format!("{p:?} is too deep for the file's records"))
        })
    };
    let from = positions.start;
    records
        .par_chunks_mut(CHUNK * width)
        .enumerate()
        .try_for_each(|(c, slots)| -> Result<(), SolveFileError> {
            let slots = slots.chunks_exact_mut(width);
            let len = slots.len();
            for (slot, key) in slots.zip(index.keys(from + c * CHUNK)) {
                let packed = settle(key)?.to_le_bytes();
                for (byte, &b) in slot.iter_mut().zip(&packed) {
                    *byte = b;
                }
            }
            tick(len as u64);
            Ok(())
        })?;
    Ok(records)
}
