//! `perfect-play solve` under `mpirun` (feature `mpi`): one solve shared by every rank of
//! the MPI job, into the same table file, byte for byte, as the single-process solve.
//!
//! Connect Four's tier graph is a chain (every move goes from tier `t` to `t + 1`), so
//! the ranks share each tier, Awari's way: each rank owns a contiguous range of the
//! tier's sorted keys (bounds chosen by sampling, the same on every rank).
//!
//! - **Walk**, tier 0 up: each rank makes its range's children
//!   ([`walk_range`]), sends each to the rank that owns its key (batched `MPI_Alltoallv`),
//!   and merges what it receives: its range of the next tier. When the heaviest rank's
//!   children would not fit `--memory` at once, every rank walks in the same passes over
//!   ranges of keys, the bounds chosen first from a hashed sample ([`sample_children`]).
//! - **Solve**, the last tier down: each rank asks the owners of its positions' children
//!   for their records (batched all-to-all requests, then answers in the same order) and
//!   settles its range ([`solve_range`]), in as many rounds over runs of its positions as
//!   `--memory` needs beside the tiers it holds, the same number on every rank; what every
//!   rank will hold is checked against the budget for every tier before the first is solved.
//!
//! Each rank writes its own segment of each tier (`FILE.parts/tier-NNN.keys.R`,
//! `tier-NNN.records.R`, each synced and renamed into place); once every rank has written
//! its segment, rank 0 writes the tier's manifest (`tier-NNN.keys.manifest`,
//! `.records.manifest`): the owners' key bounds and each segment's length and CRC-32. A
//! tier is finished when its manifest is there and every rank's segment matches it; the
//! same command run again keeps every finished tier. At the end rank 0 joins the segments
//! with the one writer ([`join_file`]) into FILE.

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};
use std::time::Instant;

use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, CommunicatorCollectives, Equivalence};
use perfect_play::games::{Registered, Resolved, TypeVisitor};
use perfect_play::{Game, Record};
use perfect_play_generate::{
    FileError, FileHeader, KeyIndex, MAX_WALK_PASSES, MIN_WALK_MEMORY, Phase, Progress,
    SAMPLE_ONE_IN, SolveFileError, Summary, WALK_BYTES_PER_MOVE, WalkedKeys, claim_parts,
    count_moves, join_file, key_index, parts_dir, parts_stamp, pass_ranges, read_part, record_at,
    sample_children, sampled, shared_pass_bounds, solve_range, ticker, tier_header,
    walk_least_budget, walk_passes, walk_range, walk_within, write_atomically, write_key_index,
};

use crate::args::SolveArgs;
use crate::output::{Output, Status, output_failed, report};
use crate::shards::{Manifest, answer_runs, displacements, distinct_bounds, merge_runs, runs};
use crate::solve::{Shown, peak_memory_kb, return_freed_memory, said};
use crate::table::sha256;

/// Whether this process was started by an MPI launcher (`mpirun`, `mpiexec`, or Slurm's
/// `srun` with PMI or PMIx): then `solve` runs as one rank of the job.
#[must_use]
pub fn launched() -> bool {
    ["OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"]
        .iter()
        .any(|name| std::env::var_os(name).is_some())
}

/// Samples each rank takes of its children to choose where the passes of a walk in
/// passes split.
const SAMPLES: usize = 256;

/// About how many of a tier's children (the copies on every rank counted) the sample
/// that sets the ranks' bounds holds, at least: every child of a smaller tier, so the
/// shares are exact there; at 65,536, each of 2 ranks' shares is within about 1 % of
/// even. With many ranks, [`BOUND_SAMPLES_A_RANK`] a rank.
const BOUND_SAMPLES: u64 = 1 << 16;

/// The bounds' sample a rank, with many ranks.
const BOUND_SAMPLES_A_RANK: u64 = 256;

/// What a question of the solve (a child asked of its owner) takes at most while its round
/// is under way, in bytes: its key here and the owner's copy coming in and kept (8 each),
/// its answer there and here (a record each), and its place in the index of the questions,
/// with room for an exchange of many rounds, which copies what it sends and receives.
const ASK_BYTES: u64 = 40;

/// The most rounds a tier's solve takes: a budget that would need more is refused, naming
/// the heaviest rank (each round walks its run again and exchanges twice).
const MAX_SOLVE_ROUNDS: u64 = 1024;

/// An owner answers a round's questions along one walk of its keys when they are at least
/// one in this many of its keys (a step a key, about 4 ns), else by a search each (a miss
/// in memory, tens of ns): many rounds under a small budget would each walk every key.
const WALK_ANSWERS_ONE_IN: u64 = 8;

/// The children of this rank's range of a tier (its solve's questions), kept as they are
/// found, pass by pass: little-endian keys, then their CRC-32, written under a temporary
/// name and renamed into place when whole.
struct Asks {
    path: PathBuf,
    temp: PathBuf,
    file: std::io::BufWriter<std::fs::File>,
    crc: crc32fast::Hasher,
    /// The last key pushed.
    last: Option<u64>,
}

impl Asks {
    fn create(path: PathBuf) -> Result<Asks, SolveFileError> {
        let mut temp = path.clone().into_os_string();
        temp.push(".tmp");
        let temp = PathBuf::from(temp);
        let file = std::fs::File::create(&temp).map_err(|error| SolveFileError::Io {
            path: temp.clone(),
            error,
        })?;
        Ok(Asks {
            path,
            temp,
            file: std::io::BufWriter::new(file),
            crc: crc32fast::Hasher::new(),
            last: None,
        })
    }

    /// Appends `kids`, sorted, each above every key pushed before.
    fn push(&mut self, kids: &[u64]) -> Result<(), SolveFileError> {
        use std::io::Write as _;
        debug_assert!(kids.is_sorted_by(|a, b| a < b), "a pass's children, sorted");
        debug_assert!(
            self.last
                .is_none_or(|last| kids.first().is_none_or(|&k| k > last)),
            "each pass above the one before"
        );
        self.last = kids.last().copied().or(self.last);
        for block in kids.chunks(1 << 13) {
            let bytes: Vec<u8> = block.iter().flat_map(|k| k.to_le_bytes()).collect();
            self.crc.update(&bytes);
            self.file
                .write_all(&bytes)
                .map_err(|error| SolveFileError::Io {
                    path: self.temp.clone(),
                    error,
                })?;
        }
        Ok(())
    }

    /// The CRC-32 written, the file synced and renamed into place.
    fn finish(self) -> Result<(), SolveFileError> {
        use std::io::Write as _;
        let Asks {
            path,
            temp,
            mut file,
            crc,
            ..
        } = self;
        let at = |error| SolveFileError::Io {
            path: temp.clone(),
            error,
        };
        file.write_all(&crc.finalize().to_le_bytes()).map_err(at)?;
        let file = file.into_inner().map_err(|e| at(e.into_error()))?;
        file.sync_all().map_err(at)?;
        drop(file);
        std::fs::rename(&temp, &path).map_err(|error| SolveFileError::Io { path, error })
    }
}

/// Runs `solve` as one rank of an MPI job.
pub fn run(args: &SolveArgs) -> Status {
    return_freed_memory();
    let clock = Instant::now();
    let Some(universe) = mpi::initialize() else {
        report(&format_args!(
            "solve {}: MPI could not be initialized (or was already)",
            args.game
        ));
        return Status::Failure;
    };
    let ranks = Ranks::new(universe.world());
    // Rank 0 alone shows how far the job is.
    let shown = if ranks.rank == 0 {
        Shown::new()
    } else {
        Shown::hidden()
    };
    let show = |progress: Progress| shown.show(progress);
    let solving = Solving {
        args,
        ranks: &ranks,
        progress: &show,
    };
    let solved = args.game.visit(solving);
    shown.finish();
    let summary = match solved {
        Ok(summary) => summary,
        Err(error) => ranks.fail(args.game.name(), &error),
    };
    // What every rank held at its peak, and what they sent each other.
    let mine = peak_memory_kb().unwrap_or(0);
    let mut peaks = vec![0u64; ranks.size];
    ranks.world.all_gather_into(&mine, peaks.as_mut_slice());
    let mut exchanged = 0u64;
    ranks
        .world
        .all_reduce_into(&ranks.sent.get(), &mut exchanged, SystemOperation::sum());
    if ranks.rank != 0 {
        return Status::Success;
    }
    let seconds = clock.elapsed().as_secs_f64();
    let digest = match sha256(&args.out) {
        Ok(digest) => digest,
        Err(error) => {
            report(&format_args!("{}: {error}", args.out.display()));
            return Status::Failure;
        }
    };
    let mut text = said(args, &summary, seconds, &digest);
    let _ = writeln!(text, "ranks: {}", ranks.size);
    if ranks.rounds.get() > 1 {
        let _ = writeln!(
            text,
            "solved in up to {} rounds a tier (--memory)",
            ranks.rounds.get()
        );
    }
    let _ = writeln!(
        text,
        "exchanged: {exchanged} bytes between ranks ({:.2} a position)",
        exchanged as f64 / summary.positions.max(1) as f64
    );
    let peaks: Vec<String> = peaks
        .iter()
        .map(|kb| format!("{} MB", kb.div_ceil(1024)))
        .collect();
    let _ = writeln!(text, "peak memory by rank: {}", peaks.join(", "));
    let mut out = Output::new();
    match out.answer(text.as_bytes()).and_then(|()| out.finish()) {
        Ok(status) => status,
        Err(error) => output_failed(&error),
    }
}

/// The job's ranks, as this one sees them.
struct Ranks {
    world: SimpleCommunicator,
    rank: usize,
    size: usize,
    /// Bytes this rank has sent to the others.
    sent: std::cell::Cell<u64>,
    /// The most rounds a tier's solve has taken (the same on every rank).
    rounds: std::cell::Cell<u64>,
}

impl Ranks {
    fn new(world: SimpleCommunicator) -> Ranks {
        let rank = usize::try_from(world.rank()).unwrap_or(0);
        let size = usize::try_from(world.size()).unwrap_or(1).max(1);
        Ranks {
            world,
            rank,
            size,
            sent: std::cell::Cell::new(0),
            rounds: std::cell::Cell::new(1),
        }
    }

    /// Says why this rank failed, naming it, and ends the whole job: the other ranks
    /// would wait for it for ever.
    fn fail(&self, game: &str, error: &dyn fmt::Display) -> ! {
        report(&format_args!(
            "solve {game}: rank {} of {} failed: {error}; the job is stopped, and the same \
             command run again resumes from the tiers already finished",
            self.rank, self.size
        ));
        self.world.abort(2)
    }

    /// Whether `ok` holds on every rank.
    fn all(&self, ok: bool) -> bool {
        let mut all = 0u8;
        self.world
            .all_reduce_into(&u8::from(ok), &mut all, SystemOperation::min());
        all == 1
    }

    /// The sum of `n` over the ranks.
    fn sum(&self, n: u64) -> u64 {
        let mut sum = 0u64;
        self.world
            .all_reduce_into(&n, &mut sum, SystemOperation::sum());
        sum
    }

    /// The most of `n` over the ranks.
    fn max(&self, n: u64) -> u64 {
        let mut most = 0u64;
        self.world
            .all_reduce_into(&n, &mut most, SystemOperation::max());
        most
    }

    /// The rank with the most `n`, and its `n`: which rank a message about a shared
    /// limit names.
    fn heaviest(&self, n: u64) -> (usize, u64) {
        self.gather(n)
            .into_iter()
            .enumerate()
            .max_by_key(|&(_, n)| n)
            .unwrap_or((0, 0))
    }

    /// `n` from every rank, in rank order.
    fn gather(&self, n: u64) -> Vec<u64> {
        let mut all = vec![0u64; self.size];
        self.world.all_gather_into(&n, all.as_mut_slice());
        all
    }

    /// All-to-all of variable counts, in rounds of bounded size: `send` holds the items
    /// for rank 0, then rank 1..., `counts[d]` of them for rank `d`. Returns what every
    /// rank sent this one, in rank order, and how many from each.
    fn exchange<T: Equivalence + Copy + Default>(
        &self,
        send: &[T],
        counts: &[usize],
    ) -> (Vec<T>, Vec<usize>) {
        // At most this many items to one rank a round: every count and displacement of a
        // round stays far below MPI's `int`.
        let batch = (1usize << 28) / self.size;
        let mine = counts.iter().map(|c| c.div_ceil(batch)).max().unwrap_or(0) as u64;
        let mut rounds = 0u64;
        self.world
            .all_reduce_into(&mine, &mut rounds, SystemOperation::max());
        let mut starts = Vec::with_capacity(self.size);
        let mut at = 0usize;
        for &c in counts {
            starts.push(at);
            at += c;
        }
        let whole = counts.iter().sum::<usize>() == send.len() && !send.is_empty();
        let mut got: Vec<Vec<T>> = vec![Vec::new(); self.size];
        for round in 0..rounds as usize {
            let low = round * batch;
            let sc: Vec<i32> = (0..self.size)
                .map(|d| {
                    let c = counts.get(d).copied().unwrap_or(0);
                    c.saturating_sub(low).min(batch) as i32
                })
                .collect();
            let mut rc = vec![0i32; self.size];
            self.world.all_to_all_into(sc.as_slice(), rc.as_mut_slice());
            for (d, &c) in sc.iter().enumerate() {
                if d != self.rank {
                    let bytes = c as u64 * std::mem::size_of::<T>() as u64;
                    self.sent.set(self.sent.get() + bytes);
                }
            }
            // One round sends `send` as it is; rounds send a copy of each rank's slice.
            // Never an empty allocation: an empty `Vec<u8>`'s pointer is 1, Open MPI's
            // `MPI_IN_PLACE`, which `MPI_Alltoallv` refuses (MPI_ERR_ARG).
            let copied: Vec<T>;
            let outgoing: &[T] = if rounds == 1 && whole {
                send
            } else {
                let mut buf =
                    Vec::with_capacity(sc.iter().map(|&c| c as usize).sum::<usize>().max(1));
                for (d, &c) in sc.iter().enumerate() {
                    let from = starts.get(d).copied().unwrap_or(0) + low;
                    buf.extend_from_slice(send.get(from..from + c as usize).unwrap_or(&[]));
                }
                copied = buf;
                &copied
            };
            let sd = displacements(&sc);
            let rd = displacements(&rc);
            let total: usize = rc.iter().map(|&c| c as usize).sum();
            let mut recv: Vec<T> = Vec::with_capacity(total.max(1));
            recv.resize(total, T::default());
            {
                let outgoing = Partition::new(outgoing, sc.as_slice(), sd.as_slice());
                let mut incoming =
                    PartitionMut::new(recv.as_mut_slice(), rc.as_slice(), rd.as_slice());
                self.world
                    .all_to_all_varcount_into(&outgoing, &mut incoming);
            }
            if rounds == 1 {
                // Already in rank order: given as it came, not copied again.
                return (recv, rc.iter().map(|&c| c as usize).collect());
            }
            for ((list, &c), &d) in got.iter_mut().zip(&rc).zip(&rd) {
                let d = d as usize;
                list.extend_from_slice(recv.get(d..d + c as usize).unwrap_or(&[]));
            }
        }
        let counts = got.iter().map(Vec::len).collect();
        (got.concat(), counts)
    }
}

/// One rank's part of a tier: its keys as a key index of their own (the file's layout).
struct Segment {
    bytes: Vec<u8>,
    positions: u64,
    /// Every rank's lower bound of keys in this tier.
    bounds: Vec<u64>,
}

impl Segment {
    fn index(&self, key_bits: u32, tier: u32) -> Result<KeyIndex<'_>, SolveFileError> {
        KeyIndex::new(&self.bytes, self.positions, key_bits)
            .ok_or_else(|| SolveFileError::Game(format!("tier {tier}'s keys are damaged")))
    }
}

/// The solve, with the game's type.
struct Solving<'a> {
    args: &'a SolveArgs,
    ranks: &'a Ranks,
    progress: &'a (dyn Fn(Progress) + Sync),
}

impl TypeVisitor for Solving<'_> {
    type Output = Result<Summary, SolveFileError>;

    fn visit<G: Registered>(self, game: &Resolved, start: G) -> Self::Output {
        let name = game.name();
        if start.tiers() <= 1 {
            return Err(SolveFileError::Game(format!(
                "{name} has no tiers: under MPI only a game with tiers is solved (run \
                 `perfect-play solve` without mpirun)"
            )));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.args.threads)
            .build()
            .map_err(|e| SolveFileError::Threads(e.to_string()))?;
        let job = Job {
            name,
            out: &self.args.out,
            ranks: self.ranks,
            progress: self.progress,
            header: tier_header(name, &start),
            dir: parts_dir(&self.args.out),
            tiers: start.tiers(),
            resumed: 0,
            pool,
            memory: self.args.memory,
            passes: std::cell::Cell::new(1),
        };
        job.solve(start)
    }
}

/// One rank's share of the solve.
struct Job<'a> {
    name: &'a str,
    out: &'a Path,
    ranks: &'a Ranks,
    progress: &'a (dyn Fn(Progress) + Sync),
    header: FileHeader,
    dir: PathBuf,
    /// The game's tiers.
    tiers: u32,
    resumed: u32,
    /// This rank's threads: the walk and the solve of its range run on them.
    pool: rayon::ThreadPool,
    /// The most memory each rank may hold (`--memory`), in bytes.
    memory: u64,
    /// The most passes a tier's walk has taken (the same on every rank).
    passes: std::cell::Cell<u64>,
}

/// The two kinds of part: a tier's keys, a tier's records.
#[derive(Clone, Copy)]
enum Part {
    Keys,
    Records,
}

impl Part {
    fn word(self) -> &'static str {
        match self {
            Part::Keys => "keys",
            Part::Records => "records",
        }
    }
}

impl Job<'_> {
    fn segment_path(&self, part: Part, tier: u32, rank: usize) -> PathBuf {
        self.dir
            .join(format!("tier-{tier:03}.{}.{rank}", part.word()))
    }

    /// Where this rank keeps its keys of tier `tier` while a walk in passes finds them.
    fn walked_path(&self, tier: u32) -> PathBuf {
        self.dir
            .join(format!("tier-{tier:03}.walked.{}", self.ranks.rank))
    }

    /// Where this rank keeps the children of its range of tier `tier` (its solve's
    /// questions).
    fn asks_path(&self, tier: u32) -> PathBuf {
        self.dir
            .join(format!("tier-{tier:03}.asks.{}", self.ranks.rank))
    }

    /// The children [`Asks`] kept for tier `tier`, if they are there whole
    /// (a missing or damaged file is walked again, never believed).
    fn kept_asks(&self, tier: u32) -> Result<Option<Vec<u64>>, SolveFileError> {
        let Some(bytes) = read_part(&self.asks_path(tier))? else {
            return Ok(None);
        };
        let Some((keys, crc)) = bytes.split_last_chunk::<4>() else {
            return Ok(None);
        };
        if keys.len() % 8 != 0 || crc32fast::hash(keys) != u32::from_le_bytes(*crc) {
            return Ok(None);
        }
        Ok(Some(
            keys.chunks_exact(8)
                .map(|k| u64::from_le_bytes(k.try_into().unwrap_or_default()))
                .collect(),
        ))
    }

    /// How many children [`Asks`] kept for tier `tier`, if their file is whole (read in
    /// blocks and checked, never held at once); `None` if it is missing or damaged.
    fn kept_count(&self, tier: u32) -> Result<Option<u64>, SolveFileError> {
        use std::io::Read as _;
        let Ok(mut file) = std::fs::File::open(self.asks_path(tier)) else {
            return Ok(None);
        };
        let len = file.metadata().map_or(0, |m| m.len());
        if len < 4 || (len - 4) % 8 != 0 {
            return Ok(None);
        }
        let mut crc = crc32fast::Hasher::new();
        let mut buf = vec![0u8; 1 << 20];
        let mut left = len - 4;
        while left > 0 {
            let take = usize::try_from(left).unwrap_or(usize::MAX).min(buf.len());
            let Some(block) = buf.get_mut(..take) else {
                return Ok(None);
            };
            if file.read_exact(block).is_err() {
                return Ok(None);
            }
            crc.update(block);
            left -= take as u64;
        }
        let mut tail = [0u8; 4];
        if file.read_exact(&mut tail).is_err() {
            return Ok(None);
        }
        Ok((crc.finalize() == u32::from_le_bytes(tail)).then_some((len - 4) / 8))
    }

    fn manifest_path(&self, part: Part, tier: u32) -> PathBuf {
        self.dir
            .join(format!("tier-{tier:03}.{}.manifest", part.word()))
    }

    /// This rank's segment of a finished tier, if its manifest is there and the segment
    /// matches it on every rank; else `None` on every rank.
    fn resume(&self, part: Part, tier: u32) -> Result<Option<(Manifest, Vec<u8>)>, SolveFileError> {
        let read = || -> Result<Option<(Manifest, Vec<u8>)>, SolveFileError> {
            let manifest = read_part(&self.manifest_path(part, tier))?
                .and_then(|bytes| Manifest::parse(&String::from_utf8_lossy(&bytes)))
                .filter(|m| m.segments.len() == self.ranks.size);
            let Some(manifest) = manifest else {
                return Ok(None);
            };
            let mine = manifest.segments.get(self.ranks.rank).copied();
            let bytes = read_part(&self.segment_path(part, tier, self.ranks.rank))?;
            Ok(match (mine, bytes) {
                (Some((_, len, crc)), Some(bytes))
                    if bytes.len() as u64 == len && crc32fast::hash(&bytes) == crc =>
                {
                    Some((manifest, bytes))
                }
                _ => None,
            })
        };
        // Every rank takes part in the vote below, even one that could not read its part:
        // a rank that returned early would leave the others waiting for it.
        let read = read();
        if !self.ranks.all(read.is_ok()) {
            return Err(read.err().unwrap_or_else(|| {
                SolveFileError::Game(format!(
                    "another rank could not read its part of tier {tier}"
                ))
            }));
        }
        let found = read.unwrap_or_default();
        if self.ranks.all(found.is_some()) {
            Ok(found)
        } else {
            Ok(None)
        }
    }

    /// Writes this rank's segment, then (rank 0, once every rank has written its own) the
    /// tier's manifest. A tier redone makes every tier after it in the same sweep stale:
    /// rank 0 removes their manifests first.
    fn finish(
        &self,
        part: Part,
        tier: u32,
        bytes: &[u8],
        positions: u64,
        bounds: &[u64],
    ) -> Result<(), SolveFileError> {
        use std::io::Write as _;
        if self.ranks.rank == 0 {
            self.forget_after(part, tier)?;
        }
        let path = self.segment_path(part, tier, self.ranks.rank);
        write_atomically(&path, |f| f.write_all(bytes))?;
        let counts = self.ranks.gather(positions);
        let lens = self.ranks.gather(bytes.len() as u64);
        let crcs = self.ranks.gather(u64::from(crc32fast::hash(bytes)));
        // Every rank has written its segment once the gathers are done.
        if self.ranks.rank == 0 {
            let manifest = Manifest {
                bounds: bounds.to_vec(),
                segments: counts
                    .iter()
                    .zip(&lens)
                    .zip(&crcs)
                    .map(|((&n, &len), &crc)| (n, len, crc as u32))
                    .collect(),
            };
            let text = manifest.text();
            write_atomically(&self.manifest_path(part, tier), |f| {
                f.write_all(text.as_bytes())
            })?;
        }
        Ok(())
    }

    /// Removes the manifests a redone tier makes stale: after a tier's keys, every later
    /// tier's keys and every tier's records; after a tier's records, the records of the
    /// tiers below it.
    fn forget_after(&self, part: Part, tier: u32) -> Result<(), SolveFileError> {
        let stale: Vec<PathBuf> = match part {
            Part::Keys => (tier + 1..self.tiers)
                .map(|t| self.manifest_path(Part::Keys, t))
                .chain((0..self.tiers).map(|t| self.manifest_path(Part::Records, t)))
                .collect(),
            Part::Records => (0..tier)
                .map(|t| self.manifest_path(Part::Records, t))
                .collect(),
        };
        for path in stale {
            match std::fs::remove_file(&path) {
                Ok(()) => {}
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
                Err(error) => return Err(SolveFileError::Io { path, error }),
            }
        }
        Ok(())
    }

    fn tell(&self, phase: Phase, tier: u32, tiers: u32, done: u64, total: Option<u64>) {
        (self.progress)(Progress {
            phase,
            tier,
            tiers,
            done,
            total,
        });
    }

    /// The whole solve, on this rank.
    fn solve<G: Game + fmt::Debug + Send + Sync>(
        mut self,
        start: G,
    ) -> Result<Summary, SolveFileError> {
        let ranks = self.ranks;
        let key_bits = self.header.key_bits;
        let stamp = format!(
            "{}ranks {}\n",
            parts_stamp(self.name, &start),
            self.ranks.size
        );
        if ranks.rank == 0 {
            claim_parts(&self.dir, &stamp)?;
        }
        // The other ranks claim it after rank 0 made it; on shared storage they all see
        // the same stamp.
        let claimed = ranks.all(true) && {
            let found = read_part(&self.dir.join("game"))?;
            found.as_deref() == Some(stamp.as_bytes())
        };
        if !ranks.all(claimed) {
            return Err(SolveFileError::Parts {
                path: self.dir.clone(),
                found: "not this job's stamp, or not shared by every rank".into(),
            });
        }

        // 1. The walk.
        if start.tier() != 0 {
            return Err(SolveFileError::Game(format!(
                "the start {start:?} is in tier {}, not 0",
                start.tier()
            )));
        }
        // Only the tier walked from is held; each tier walked is in its segment file.
        let mut below: Option<Segment> = None;
        let mut totals: Vec<u64> = Vec::new();
        for t in 0..self.tiers {
            let segment = if let Some((manifest, bytes)) = self.resume(Part::Keys, t)? {
                self.resumed += 1;
                let positions = manifest.segments.get(ranks.rank).map_or(0, |&(n, _, _)| n);
                self.tell(Phase::Resumed, t, self.tiers, positions, Some(positions));
                Segment {
                    bytes,
                    positions,
                    bounds: manifest.bounds,
                }
            } else {
                let segment = if t == 0 {
                    let keys = if ranks.rank == 0 {
                        vec![start.key()]
                    } else {
                        Vec::new()
                    };
                    let mut bounds = vec![u64::MAX; ranks.size];
                    if let Some(first) = bounds.first_mut() {
                        *first = 0;
                    }
                    Segment {
                        bytes: key_index(t, &keys, key_bits)?,
                        positions: keys.len() as u64,
                        bounds,
                    }
                } else {
                    let from = below.take().ok_or_else(|| {
                        SolveFileError::Game(format!("tier {t} has no tier below"))
                    })?;
                    self.walk(&start, t - 1, from)?
                };
                self.finish(
                    Part::Keys,
                    t,
                    &segment.bytes,
                    segment.positions,
                    &segment.bounds,
                )?;
                segment
            };
            let total = ranks.sum(segment.positions);
            if total == 0 {
                break;
            }
            totals.push(total);
            below = Some(segment);
        }
        drop(below);

        // 2. The solve: a tier's segment and the tier above's, with its records, read back
        // from their files; what each rank will hold checked against --memory for every
        // tier before the first is solved, as on one process.
        self.check_solve_memory(totals.len() as u32)?;
        let mut above: Vec<u8> = Vec::new();
        let mut next: Option<Segment> = None;
        let mut start_record = None;
        for t in (0..totals.len() as u32).rev() {
            let (manifest, bytes) = self.resume(Part::Keys, t)?.ok_or_else(|| {
                SolveFileError::Game(format!("tier {t}'s keys are missing: run again"))
            })?;
            let mine = Segment {
                positions: manifest.segments.get(ranks.rank).map_or(0, |&(n, _, _)| n),
                bytes,
                bounds: manifest.bounds,
            };
            let records = if let Some((_, bytes)) = self.resume(Part::Records, t)? {
                self.resumed += 1;
                self.tell(Phase::Resumed, t, self.tiers, 0, None);
                bytes
            } else {
                let bytes = self.solve_tier(&start, t, &mine, next.as_ref(), &above)?;
                self.finish(Part::Records, t, &bytes, mine.positions, &mine.bounds)?;
                bytes
            };
            if t == 0 && ranks.rank == 0 {
                start_record = record_at(&records, 0, &self.header);
            }
            above = records;
            next = Some(mine);
        }
        drop(next);

        // 3. The file, joined by rank 0.
        let mut bytes = 0;
        if ranks.rank == 0 {
            self.tell(Phase::Write, 0, self.tiers, 0, None);
            bytes = self.join(&totals)?;
        }
        if !ranks.all(true) {
            return Err(SolveFileError::Game(
                "rank 0 could not write the file".into(),
            ));
        }
        let start = start_record.unwrap_or(Record {
            value: perfect_play::Value::Draw,
            remoteness: 0,
        });
        if ranks.rank == 0 && start_record.is_none() {
            return Err(SolveFileError::Game("the start has no record".into()));
        }
        Ok(Summary {
            positions: totals.iter().sum(),
            start,
            bytes,
            tiers: totals,
            resumed: self.resumed,
            passes: self.passes.get(),
        })
    }

    /// This rank's range of tier `t + 1`, and every rank's bound of it: the children of
    /// its range of tier `t` (`below`, the one tier it holds), sent to their owners. When the heaviest rank's children would not fit `--memory`
    /// at once, every rank gathers them in the same passes over ranges of
    /// keys (each pass is an exchange), as the single-process walk does; the bounds are then
    /// chosen first, from a sample.
    fn walk<G: Game + fmt::Debug + Send + Sync>(
        &self,
        size: &G,
        t: u32,
        below: Segment,
    ) -> Result<Segment, SolveFileError> {
        let ranks = self.ranks;
        let key_bits = self.header.key_bits;
        let held = below.bytes.len() as u64;
        let scratch = self.walked_path(t + 1);
        WalkedKeys::discard(&scratch)?;
        let index = below.index(key_bits, t)?;
        let n = usize::try_from(below.positions).unwrap_or(usize::MAX);
        let available = self.memory.saturating_sub(held);
        // Walked in one pass where every rank's share fits (most tiers), with no count
        // first: each rank gives up its walk as soon as its share outgrows --memory, and
        // all go on together only if none gave up.
        let tick = ticker(
            self.progress,
            Phase::Walk,
            t + 1,
            self.tiers,
            below.positions,
        );
        let kids = if available >= MIN_WALK_MEMORY {
            self.pool
                .install(|| walk_within(size, t, index, 0..n, available, &tick))?
        } else {
            None
        };
        let fits = ranks.all(kids.is_some());
        if let Some(kids) = kids.filter(|_| fits) {
            self.passes.set(self.passes.get().max(1));
            // The same children are the questions of this range's solve: kept, so that the
            // solve reads them instead of walking and sorting again.
            let mut asks = Asks::create(self.asks_path(t))?;
            asks.push(&kids)?;
            asks.finish()?;
            let bounds = self.owners(&kids, 1)?;
            let counts = runs(&bounds, &kids, ranks.size);
            let (keys, from) = ranks.exchange(&kids, &counts);
            drop(kids);
            drop(below);
            // Each rank sent its children sorted and without repeats: merge, don't sort.
            let keys = merge_runs(keys, &from);
            return Ok(Segment {
                bytes: key_index(t + 1, &keys, key_bits)?,
                positions: keys.len() as u64,
                bounds,
            });
        }
        // Some rank's share does not fit at once: what each will hold, against --memory,
        // agreed by every rank before any holds it: the heaviest share sets the sample's
        // rate, and stops them all if even the most passes would not do; the passes
        // themselves are where any rank's share of one fills (below).
        let count_tick = ticker(
            self.progress,
            Phase::Count,
            t + 1,
            self.tiers,
            below.positions * 2,
        );
        let moves = self
            .pool
            .install(|| count_moves(size, t, index, 0..n, &count_tick))?;
        let need = WALK_BYTES_PER_MOVE * moves;
        let wanted = walk_passes(need, available).unwrap_or(u64::MAX);
        let wanted = ranks.gather(wanted);
        let mut passes = wanted.iter().copied().max().unwrap_or(1);
        if passes > MAX_WALK_PASSES {
            // The rank that needs the most: a budget that holds it holds every rank.
            let (heaviest, needed) = ranks.heaviest(walk_least_budget(held, need));
            return Err(SolveFileError::Memory {
                needed,
                budget: self.memory,
                what: format!(
                    "rank {heaviest}'s share of the walk to tier {} in {MAX_WALK_PASSES} \
                     passes (with more ranks, each share is smaller)",
                    t + 1
                ),
            });
        }
        // In passes: the owners' bounds and the passes' bounds both from every rank's
        // sample of about one child in `SAMPLE_ONE_IN * passes` (a child is in it by its
        // key's hash, so the sample spreads as the children do), then each pass's children
        // sent to their owners. A pass ends where any rank's share would outgrow its budget
        // (ranks whose children bunch in a narrow band of keys split there), the same on
        // every rank; the passes go up the keys, so each rank's keys stay sorted as the
        // passes' are appended.
        let sample = self.pool.install(|| {
            sample_children(size, t, index, 0..n, SAMPLE_ONE_IN * passes, &count_tick)
        })?;
        let each = SAMPLES * usize::try_from(passes).unwrap_or(1);
        let all = self.gathered(&sample, each);
        let bounds = self.owners(&sample, SAMPLE_ONE_IN * passes)?;
        drop(sample);
        let samples: Vec<&[u64]> = all
            .chunks(each)
            .map(|keys| {
                keys.get(..keys.partition_point(|&k| k != u64::MAX))
                    .unwrap_or(&[])
            })
            .collect();
        let lower = shared_pass_bounds(&samples, &wanted);
        passes = lower.len() as u64;
        self.passes.set(self.passes.get().max(passes));
        let tick = ticker(
            self.progress,
            Phase::Passes,
            t + 1,
            self.tiers,
            below.positions * passes,
        );
        // Each pass's keys go to a scratch file, so that memory holds one pass's at a time
        // beside the tier walked from, as on one process.
        let mut asks = Asks::create(self.asks_path(t))?;
        let mut walked = WalkedKeys::create(&scratch)?;
        for range in pass_ranges(&lower, key_bits) {
            let kids = self
                .pool
                .install(|| walk_range(size, t, index, 0..n, range, &tick))?;
            asks.push(&kids)?;
            let counts = runs(&bounds, &kids, ranks.size);
            let (got, from) = ranks.exchange(&kids, &counts);
            drop(kids);
            walked.push(&merge_runs(got, &from))?;
        }
        asks.finish()?;
        drop(below);
        let (bytes, positions) = walked.into_index(t + 1, key_bits)?;
        Ok(Segment {
            bytes,
            positions,
            bounds,
        })
    }

    /// Every rank's sorted `kids` (its sample of its children, for where the passes
    /// split) seen by every rank: each rank's `each` evenly spaced keys, `u64::MAX` where
    /// it has fewer.
    fn gathered(&self, kids: &[u64], each: usize) -> Vec<u64> {
        let mut samples = vec![u64::MAX; each];
        if !kids.is_empty() {
            for (i, slot) in samples.iter_mut().enumerate() {
                if let Some(&k) = kids.get(i * kids.len() / each) {
                    *slot = k;
                }
            }
        }
        let mut all = vec![0u64; each * self.ranks.size];
        self.ranks
            .world
            .all_gather_into(samples.as_slice(), all.as_mut_slice());
        all
    }

    /// The next tier's bounds, the same on every rank, so that each owns as many of its
    /// distinct positions: `kids`, this rank's children, or the sample of about one in
    /// `one_in` of them that [`sampled`] keeps, sampled again (by the same hash, so that a
    /// child several ranks make is in every rank's sample or in none) to about
    /// [`BOUND_SAMPLES`] in all, gathered by every rank and split by [`distinct_bounds`].
    fn owners(&self, kids: &[u64], one_in: u64) -> Result<Vec<u64>, SolveFileError> {
        let ranks = self.ranks;
        let total = ranks.sum(kids.len() as u64);
        let wanted = BOUND_SAMPLES.max(BOUND_SAMPLES_A_RANK * ranks.size as u64);
        let rate = (total / wanted).max(1);
        let mut mine: Vec<u64> = Vec::with_capacity(1);
        if rate == 1 {
            mine.extend_from_slice(kids);
        } else {
            let one_in = one_in.max(1).saturating_mul(rate);
            mine.extend(kids.iter().copied().filter(|&k| sampled(k, one_in)));
        }
        // Every rank gathers the same counts, so a sample too large for MPI's `int` is
        // refused by every rank alike (it is about twice `wanted` at most).
        let gathered = ranks.gather(mine.len() as u64);
        let total_sample: u64 = gathered.iter().sum();
        let counts: Vec<i32> = gathered
            .iter()
            .map(|&n| i32::try_from(n).ok())
            .collect::<Option<_>>()
            .filter(|_| i32::try_from(total_sample).is_ok())
            .ok_or_else(|| {
                SolveFileError::Game(format!(
                    "the sample that sets the ranks' bounds holds {total_sample} keys, more \
                     than one MPI exchange takes"
                ))
            })?;
        let at = displacements(&counts);
        let mut all = vec![0u64; counts.iter().map(|&n| n as usize).sum::<usize>().max(1)];
        {
            let mut into = PartitionMut::new(all.as_mut_slice(), counts.as_slice(), at.as_slice());
            ranks
                .world
                .all_gather_varcount_into(mine.as_slice(), &mut into);
        }
        all.truncate(counts.iter().map(|&n| n as usize).sum());
        Ok(distinct_bounds(all, ranks.size))
    }

    /// This rank's records of tier `t`: its positions' children's records asked of their
    /// owners (`next`, `above` the records of this rank's range of tier `t + 1`), in as many
    /// rounds as `--memory` needs beside the segments held (Awari's batched exchanges):
    /// each round a contiguous run of this rank's positions, its children asked and
    /// answered in one exchange, then settled. Every rank takes the same number of rounds
    /// (the exchanges are collective), the most any rank's share needs; a budget that does
    /// not hold even the segments stops every rank, naming the heaviest.
    fn solve_tier<G: Game + fmt::Debug + Send + Sync>(
        &self,
        size: &G,
        t: u32,
        mine: &Segment,
        next: Option<&Segment>,
        above: &[u8],
    ) -> Result<Vec<u8>, SolveFileError> {
        let ranks = self.ranks;
        let key_bits = self.header.key_bits;
        let width = u64::from(self.header.record_bytes);
        let index = mine.index(key_bits, t)?;
        let n = usize::try_from(mine.positions).unwrap_or(usize::MAX);
        let held = mine.bytes.len() as u64
            + mine.positions * width
            + next.map_or(0, |s| s.bytes.len() as u64)
            + above.len() as u64;
        // The questions: how many, from the children the walk kept if their file is whole
        // (else counted: the moves, an upper bound).
        let kept = match next {
            Some(_) => self.kept_count(t)?,
            None => None,
        };
        let asks = match (kept, next) {
            (_, None) => 0,
            (Some(kids), Some(_)) => kids,
            (None, Some(_)) => self
                .pool
                .install(|| count_moves(size, t, index, 0..n, &|_| {}))?,
        };
        let need = asks * ASK_BYTES;
        let available = self.memory.saturating_sub(held);
        let fits = available >= MIN_WALK_MEMORY || need == 0;
        if !ranks.all(fits) {
            let (heaviest, needed) = ranks.heaviest(held + need.min(MIN_WALK_MEMORY));
            return Err(SolveFileError::Memory {
                needed,
                budget: self.memory,
                what: format!(
                    "rank {heaviest}'s share of the solve of tier {t} (its segments of tiers \
                     {t} and {}, and a round of its questions; with more ranks, each share is \
                     smaller)",
                    t + 1
                ),
            });
        }
        let mut total = need;
        if total.div_ceil(available.max(1)) > 1 && kept.is_some() {
            // A round keeps its own run's children without repeats, and fewer repeat
            // within a run than within the tier: the rounds are sized by the moves, which
            // bound every run's children.
            let moves = self
                .pool
                .install(|| count_moves(size, t, index, 0..n, &|_| {}))?;
            total = moves * ASK_BYTES;
        }
        let wanted = total.div_ceil(available.max(1)).max(1);
        let rounds = ranks.max(wanted).max(1);
        if rounds > MAX_SOLVE_ROUNDS {
            let (heaviest, needed) = ranks.heaviest(held + total.div_ceil(MAX_SOLVE_ROUNDS));
            return Err(SolveFileError::Memory {
                needed,
                budget: self.memory,
                what: format!(
                    "rank {heaviest}'s share of the solve of tier {t} in {MAX_SOLVE_ROUNDS} \
                     rounds (with more ranks, each share is smaller)"
                ),
            });
        }
        ranks.rounds.set(ranks.rounds.get().max(rounds));
        let tick = ticker(self.progress, Phase::Solve, t, self.tiers, mine.positions);
        if rounds == 1 {
            let kids = match next {
                Some(_) => match self.kept_asks(t)? {
                    Some(kids) => kids,
                    None => self
                        .pool
                        .install(|| walk_range(size, t, index, 0..n, (0, u64::MAX), &|_| {}))?,
                },
                None => Vec::new(),
            };
            return self.solve_round(size, t, index, 0..n, kids, next, above, &tick);
        }
        let mut records = Vec::with_capacity(n * width as usize);
        let rounds = usize::try_from(rounds).unwrap_or(usize::MAX);
        let at = |round: usize| (n as u128 * round as u128 / rounds as u128) as usize;
        for round in 0..rounds {
            let (from, to) = (at(round), at(round + 1));
            let kids = match next {
                Some(_) => self
                    .pool
                    .install(|| walk_range(size, t, index, from..to, (0, u64::MAX), &|_| {}))?,
                None => Vec::new(),
            };
            records.extend(self.solve_round(size, t, index, from..to, kids, next, above, &tick)?);
        }
        Ok(records)
    }

    /// What this rank holds beside its questions while it solves tier `t`: its segments
    /// of tiers `t` and `t + 1` (as their manifests give their lengths) and their records.
    fn solve_held(&self, t: u32, tiers: u32) -> Result<u64, SolveFileError> {
        let width = u64::from(self.header.record_bytes);
        let mut held = 0;
        for tier in [t, t + 1].into_iter().filter(|&tier| tier < tiers) {
            let manifest = read_part(&self.manifest_path(Part::Keys, tier))?
                .and_then(|bytes| Manifest::parse(&String::from_utf8_lossy(&bytes)));
            let (positions, bytes, _) = manifest
                .and_then(|m| m.segments.get(self.ranks.rank).copied())
                .ok_or_else(|| {
                    SolveFileError::Game(format!("tier {tier}'s keys are missing: run again"))
                })?;
            held += bytes + positions * width;
        }
        Ok(held)
    }

    /// Stops every rank, naming the heaviest, before the solve if any rank's share of any
    /// tier's solve would not fit `--memory` with a round of questions beside it (at least
    /// [`MIN_WALK_MEMORY`]). Every tier is counted, solved already or not: a tier whose
    /// records turn out damaged is solved again.
    fn check_solve_memory(&self, tiers: u32) -> Result<(), SolveFileError> {
        let mut need = (0, 0);
        for t in 0..tiers {
            let asks = if t + 1 < tiers { MIN_WALK_MEMORY } else { 0 };
            let tier = self.solve_held(t, tiers)? + asks;
            if tier > need.0 {
                need = (tier, t);
            }
        }
        let mine = need.0;
        if self.ranks.all(mine <= self.memory) {
            return Ok(());
        }
        let tiers_at = self.ranks.gather(u64::from(need.1));
        let (heaviest, needed) = self.ranks.heaviest(mine);
        let t = tiers_at.get(heaviest).copied().unwrap_or(0);
        Err(SolveFileError::Memory {
            needed,
            budget: self.memory,
            what: format!(
                "rank {heaviest}'s share of the solve of tier {t} (its segments of tiers {t} \
                 and {}, their records and a round of questions; with more ranks, each share \
                 is smaller)",
                t + 1
            ),
        })
    }

    /// One round of [`Job::solve_tier`]: the records of this rank's positions `positions`
    /// of tier `t`, whose children are `kids` (sorted, without repeats), asked of their
    /// owners in one exchange (both ways) that every rank takes.
    #[allow(clippy::too_many_arguments)]
    fn solve_round<G: Game + fmt::Debug + Send + Sync>(
        &self,
        size: &G,
        t: u32,
        index: KeyIndex<'_>,
        positions: std::ops::Range<usize>,
        kids: Vec<u64>,
        next: Option<&Segment>,
        above: &[u8],
        tick: &(dyn Fn(u64) + Sync),
    ) -> Result<Vec<u8>, SolveFileError> {
        let ranks = self.ranks;
        let key_bits = self.header.key_bits;
        let width = self.header.record_bytes as usize;
        let bounds = next.map_or(&[][..], |s| s.bounds.as_slice());
        let counts = runs(bounds, &kids, ranks.size);
        let (asked, asked_counts) = ranks.exchange(&kids, &counts);
        // The answers, in the order asked: each key's record, or zeros (no record).
        let mut answers = vec![0u8; asked.len() * width];
        if let Some(next) = next {
            let their = next.index(key_bits, t + 1)?;
            let mut answer = |at: usize, j: usize| {
                let record = above.get(j * width..(j + 1) * width);
                let slot = answers.get_mut(at * width..(at + 1) * width);
                if let (Some(record), Some(slot)) = (record, slot) {
                    slot.copy_from_slice(record);
                }
            };
            if asked.len() as u64 * WALK_ANSWERS_ONE_IN >= next.positions {
                // Each rank's questions come sorted: answered along one walk of this
                // rank's sorted keys, a step a key, not a search (a miss in memory) a
                // question.
                answer_runs(&asked, &asked_counts, their.keys(0), answer);
            } else {
                // Few questions (one round of many under a small budget): a search each,
                // not a walk of every key each round.
                for (at, &key) in asked.iter().enumerate() {
                    if let Some(j) = their.find(key) {
                        answer(at, j);
                    }
                }
            }
        }
        drop(asked);
        let answer_counts: Vec<usize> = asked_counts.iter().map(|&c| c * width).collect();
        let (records, _) = ranks.exchange(&answers, &answer_counts);
        drop(answers);
        // The children's keys as the file keeps a tier's (bucketed by their high bits), so
        // that finding a child's answer is a bucket and a short search, as in the
        // single-process solve, not a binary search over every child (1.5x slower).
        let asked_index = key_index(t + 1, &kids, key_bits)?;
        let asked = KeyIndex::new(&asked_index, kids.len() as u64, key_bits)
            .ok_or_else(|| SolveFileError::Game(format!("tier {t}'s children are damaged")))?;
        drop(kids);
        let header = &self.header;
        let child = |key: u64| asked.find(key).and_then(|j| record_at(&records, j, header));
        self.pool
            .install(|| solve_range(size, t, index, positions, header, &child, tick))
    }

    /// Rank 0: the segments joined into the table file, with the one writer; the parts
    /// removed. Returns the file's length.
    fn join(&self, totals: &[u64]) -> Result<u64, SolveFileError> {
        let key_bits = self.header.key_bits;
        let ranks = self.ranks.size;
        let bytes = join_file(self.out, &self.header, totals, |t, w| {
            let manifest = std::fs::read(self.manifest_path(Part::Keys, t))?;
            let manifest = Manifest::parse(&String::from_utf8_lossy(&manifest))
                .ok_or(FileError::Section { tier: t })?;
            // The segments' keys streamed into one index as it is written, in two passes:
            // only the segments held, 2 to 4 bytes a key (their low bytes and offsets; the
            // index made first held them twice, and every key as a `u64` before that).
            let mut segments = Vec::new();
            for (r, &(positions, _, _)) in manifest.segments.iter().enumerate() {
                segments.push((
                    std::fs::read(self.segment_path(Part::Keys, t, r))?,
                    positions,
                ));
            }
            let mut indexes = Vec::new();
            for (segment, positions) in &segments {
                indexes.push(
                    KeyIndex::new(segment, *positions, key_bits)
                        .ok_or(FileError::Section { tier: t })?,
                );
            }
            let total = segments.iter().map(|&(_, positions)| positions).sum();
            let keys = || indexes.iter().flat_map(|index| index.keys(0));
            write_key_index(t, total, keys, key_bits, w)?;
            drop(indexes);
            drop(segments);
            for r in 0..ranks {
                let mut segment = std::fs::File::open(self.segment_path(Part::Records, t, r))?;
                std::io::copy(&mut segment, w)?;
            }
            Ok(())
        })?;
        std::fs::remove_dir_all(&self.dir).map_err(|error| SolveFileError::Io {
            path: self.dir.clone(),
            error,
        })?;
        Ok(bytes)
    }
}
