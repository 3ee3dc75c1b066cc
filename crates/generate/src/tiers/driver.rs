//! The tier driver: one solve of a game with tiers, run by each rank of however many share
//! it ([`Transport`]: one process is the only rank of [`Local`](super::Local), an MPI job's
//! ranks are `Mpi`'s). Every move goes from tier `t` to `t + 1` (a disc
//! added in Connect Four), so the tier graph is a chain and every tier is shared by every
//! rank, Awari's way (Romein and Bal): each rank owns a contiguous range of the tier's
//! sorted keys, its bounds chosen from a sample of the children, the same on every rank.
//!
//! 1. **Walk**, tier 0 up: each rank makes its range's children ([`walk_range`]), sends
//!    each to the rank that owns its key, and merges what it receives: its range of the
//!    next tier, as the file keeps keys (a bucket offset table and each key's low bytes:
//!    about 2 bytes a position), never as positions. Only the tier walked from is held;
//!    when the heaviest rank's children would not fit the memory budget beside it, every
//!    rank walks in the same passes over ranges of keys, split at a hashed sample of the
//!    children ([`pass_bounds`]), each pass's keys put aside on disk.
//! 2. **Solve**, the last tier down: each position takes the best of its children's
//!    records ([`solve_range`]). One rank owns every child and reads its record in the
//!    tier above, in memory; with several, each rank asks the owners of its positions'
//!    children for their records (batched all-to-all requests, then answers in the same
//!    order), in as many rounds over runs of its positions as the budget needs beside the
//!    tiers it holds, the same number on every rank. What every rank will hold is checked
//!    against the budget for every tier before the first is solved.
//! 3. **Join**: rank 0 writes the table file from every rank's segments with the one writer
//!    ([`join_file`]), so the file, its checksums and its SHA-256 are those of any other
//!    solve, however many ranks made it.
//!
//! Every finished tier is in `FILE.parts/` ([`Parts`]): a solve stopped and started again
//! with the same command (and ranks) keeps every tier whose manifest and segments agree.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;
use std::fs::File;
use std::io::{self, Write as _};
use std::path::Path;
use std::string::String;
use std::vec::Vec;

use perfect_play_core::file::KeyIndex;
use perfect_play_core::{Game, Record};

use super::parts::{Asks, Manifest, Part, Parts, WalkedKeys, join_file, read_part, stamp};
use super::passes::{
    MAX_WALK_PASSES, MIN_WALK_MEMORY, SAMPLE_ONE_IN, WALK_BYTES_PER_MOVE, pass_bounds, pass_ranges,
    sampled, walk_least_budget, walk_passes,
};
use super::settle::{record_at, solve_range};
use super::shares::{distinct_bounds, merge_runs, runs};
use super::transport::Transport;
use super::walk::{Span, count_moves, sample_children, ticker, walk_range, walk_within};
use super::{Options, Phase, Progress, SolveFileError, Summary};
use crate::file_write::{FileError, FileHeader, key_index, write_key_index};
use crate::parallel;

/// Samples each rank of several gives every other of its children, for each pass it
/// needs, to choose where the passes of a walk in passes split (one process keeps its
/// whole sample).
const SAMPLES: usize = 256;

/// About how many of a tier's children (the copies on every rank counted) the sample
/// that sets the ranks' bounds holds, at least: every child of a smaller tier, so the
/// shares are exact there; at 65,536, each of 2 ranks' shares is within about 1 % of
/// even. With many ranks, [`BOUND_SAMPLES_A_RANK`] a rank.
const BOUND_SAMPLES: u64 = 1 << 16;

/// The bounds' sample a rank, with many ranks.
const BOUND_SAMPLES_A_RANK: u64 = 256;

/// Solves the game of `start` (tiers above 1), called `name`, into `out` as this rank of
/// `ranks`, with the threads of `pool`.
pub(crate) fn solve_tiers<G: Game + fmt::Debug + Send + Sync, T: Transport>(
    name: &str,
    start: G,
    out: &Path,
    options: &Options,
    ranks: &T,
    pool: rayon::ThreadPool,
) -> Result<Summary, SolveFileError> {
    let header = tier_header(name, &start);
    let driver = Driver {
        name,
        out,
        ranks,
        progress: options.progress,
        header,
        parts: Parts::of(out, ranks.rank()),
        tiers: start.tiers(),
        resumed: 0,
        pool,
        memory: options.memory,
        passes: Cell::new(1),
        rounds: Cell::new(1),
    };
    driver.solve(start)
}

/// The header of the table file called `name` of game `G` at `size`'s size (any of its
/// positions), solved tier by tier: a move goes up a tier, so no remoteness reaches the
/// number of tiers, and a record is one byte while that is below 63.
fn tier_header<G: Game>(name: &str, size: &G) -> FileHeader {
    let width = if size.tiers() <= 63 { 1 } else { 2 };
    FileHeader::new::<G>(name, size.key_bits(), width)
}

/// One rank's part of a tier: its keys as a key index of their own (the file's layout).
pub(super) struct Segment {
    pub(super) bytes: Vec<u8>,
    pub(super) positions: u64,
    /// Every rank's lower bound of keys in this tier.
    pub(super) bounds: Vec<u64>,
}

impl Segment {
    /// The segment's keys, of tier `tier`.
    pub(super) fn index(&self, key_bits: u32, tier: u32) -> Result<KeyIndex<'_>, SolveFileError> {
        KeyIndex::new(&self.bytes, self.positions, key_bits)
            .ok_or_else(|| SolveFileError::Game(format!("tier {tier}'s keys are damaged")))
    }

    /// Every position of the segment, of tier `tier` of `game`'s size.
    pub(super) fn span<'a, G>(
        &'a self,
        game: &'a G,
        tier: u32,
        key_bits: u32,
    ) -> Result<Span<'a, G>, SolveFileError> {
        Ok(Span {
            game,
            tier,
            index: self.index(key_bits, tier)?,
            places: 0..usize::try_from(self.positions).unwrap_or(usize::MAX),
        })
    }
}

/// What a rank holds while it solves a tier: its segment of the tier, and of the tier above
/// with its records (none for the last tier).
pub(super) struct Held<'a> {
    pub(super) mine: &'a Segment,
    pub(super) next: Option<&'a Segment>,
    pub(super) above: &'a [u8],
}

/// One rank's share of the solve.
pub(super) struct Driver<'a, T> {
    pub(super) name: &'a str,
    pub(super) out: &'a Path,
    pub(super) ranks: &'a T,
    pub(super) progress: &'a (dyn Fn(Progress) + Sync),
    pub(super) header: FileHeader,
    pub(super) parts: Parts,
    /// The game's tiers.
    pub(super) tiers: u32,
    pub(super) resumed: u32,
    /// This rank's threads: the walk and the solve of its range run on them, every
    /// message between ranks on the calling thread.
    pub(super) pool: rayon::ThreadPool,
    /// The most memory each rank may hold, in bytes.
    pub(super) memory: u64,
    /// The most passes a tier's walk has taken (the same on every rank).
    pub(super) passes: Cell<u64>,
    /// The most rounds a tier's solve has taken (the same on every rank).
    pub(super) rounds: Cell<u64>,
}

impl<T: Transport> Driver<'_, T> {
    /// Whether this rank owns every key: one process, or a job of one rank.
    pub(super) fn alone(&self) -> bool {
        self.ranks.ranks() == 1
    }

    /// What a message about a limit every rank shares says first: whose share it is.
    pub(super) fn whose(&self, rank: usize) -> String {
        if self.alone() {
            String::new()
        } else {
            format!("rank {rank}'s share of ")
        }
    }

    /// What a message about a limit every rank shares says last: the way out.
    pub(super) fn more_ranks(&self) -> &'static str {
        if self.alone() {
            ""
        } else {
            "; with more ranks, each share is smaller"
        }
    }

    /// The rank with the most `n`, and its `n`: which rank a message about a shared
    /// limit names.
    pub(super) fn heaviest(&self, n: u64) -> (usize, u64) {
        self.ranks
            .gather(n)
            .into_iter()
            .enumerate()
            .max_by_key(|&(_, n)| n)
            .unwrap_or((0, 0))
    }

    fn tell(&self, phase: Phase, tier: u32, done: u64, total: Option<u64>) {
        (self.progress)(Progress {
            phase,
            tier,
            tiers: self.tiers,
            done,
            total,
        });
    }

    /// This rank's segment of a finished tier, if its manifest is there and the segment
    /// matches it on every rank; else `None` on every rank.
    fn resume(&self, part: Part, tier: u32) -> Result<Option<(Manifest, Vec<u8>)>, SolveFileError> {
        let read = self.parts.read_finished(part, tier, self.ranks.ranks());
        // Every rank takes part in the vote below, even one that could not read its part:
        // a rank that returned early would leave the others waiting for it.
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
        let first = self.ranks.rank() == 0;
        if first {
            self.parts.forget_after(part, tier, self.tiers)?;
        }
        super::parts::write_atomically(&self.parts.mine(part, tier), |f| f.write_all(bytes))?;
        let counts = self.ranks.gather(positions);
        let lens = self.ranks.gather(bytes.len() as u64);
        let crcs = self.ranks.gather(u64::from(crc32fast::hash(bytes)));
        // Every rank has written its segment once the gathers are done.
        if first {
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
            super::parts::write_atomically(&self.parts.manifest(part, tier), |f| {
                f.write_all(text.as_bytes())
            })?;
        }
        Ok(())
    }

    /// The whole solve, on this rank.
    fn solve<G: Game + fmt::Debug + Send + Sync>(
        mut self,
        start: G,
    ) -> Result<Summary, SolveFileError> {
        let ranks = self.ranks;
        let key_bits = self.header.key_bits;
        let stamp = stamp(self.name, &start, &self.header, ranks.ranks());
        if ranks.rank() == 0 {
            self.parts.claim(&stamp)?;
        }
        // The other ranks check it after rank 0 made it; on shared storage they all see
        // the same stamp.
        let claimed = ranks.all(true) && {
            let found = read_part(&self.parts.stamp())?;
            found.as_deref() == Some(stamp.as_bytes())
        };
        if !ranks.all(claimed) {
            return Err(SolveFileError::Parts {
                path: self.parts.dir.clone(),
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
                let positions = manifest
                    .segments
                    .get(ranks.rank())
                    .map_or(0, |&(n, _, _)| n);
                if t > 0 {
                    self.tell(Phase::Resumed, t, positions, Some(positions));
                }
                Segment {
                    bytes,
                    positions,
                    bounds: manifest.bounds,
                }
            } else {
                let segment = if t == 0 {
                    // Rank 0 owns the start, and every key of tier 0.
                    let keys = if ranks.rank() == 0 {
                        vec![start.key()]
                    } else {
                        Vec::new()
                    };
                    let mut bounds = vec![u64::MAX; ranks.ranks()];
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
        // from their files; what each rank will hold checked against the budget for every
        // tier before the first is solved.
        let tiers = totals.len() as u32;
        self.check_solve_memory(tiers)?;
        let mut above: Vec<u8> = Vec::new();
        let mut next: Option<Segment> = None;
        let mut start_record = 0;
        for t in (0..tiers).rev() {
            let (manifest, bytes) = self.resume(Part::Keys, t)?.ok_or_else(|| {
                SolveFileError::Game(format!("tier {t}'s keys are missing: run again"))
            })?;
            let mine = Segment {
                positions: manifest
                    .segments
                    .get(ranks.rank())
                    .map_or(0, |&(n, _, _)| n),
                bytes,
                bounds: manifest.bounds,
            };
            let records = if let Some((_, bytes)) = self.resume(Part::Records, t)? {
                self.resumed += 1;
                self.tell(Phase::Resumed, t, 0, None);
                bytes
            } else {
                let held = Held {
                    mine: &mine,
                    next: next.as_ref(),
                    above: &above,
                };
                let bytes = self.solve_tier(&start, t, &held)?;
                self.finish(Part::Records, t, &bytes, mine.positions, &mine.bounds)?;
                bytes
            };
            if t == 0 && ranks.rank() == 0 {
                start_record = record_at(&records, 0, &self.header)
                    .and_then(|record| self.header.pack(record))
                    .ok_or_else(|| SolveFileError::Game("the start has no record".into()))?;
            }
            above = records;
            next = Some(mine);
        }
        drop(next);
        drop(above);

        // 3. The file, joined by rank 0; every rank waits for it, and learns the start's
        // record and the file's length.
        let mut bytes = 0;
        if ranks.rank() == 0 {
            self.tell(Phase::Write, 0, 0, None);
            bytes = self.join(&totals)?;
        }
        let bytes = ranks.max(bytes);
        let start = Record::unpack_in(
            u32::try_from(ranks.max(u64::from(start_record))).unwrap_or(0),
            self.header.remoteness_bits,
        )
        .ok_or_else(|| SolveFileError::Game("the start has no record".into()))?;
        Ok(Summary {
            positions: totals.iter().sum(),
            start,
            bytes,
            tiers: totals,
            resumed: self.resumed,
            passes: self.passes.get(),
            rounds: self.rounds.get(),
            exchanged: ranks.sum(ranks.sent()),
        })
    }

    /// This rank's range of tier `t + 1`, and every rank's bound of it: the children of
    /// its range of tier `t` (`below`, the one tier it holds), sent to their owners. When
    /// the heaviest rank's children would not fit the budget at once, every rank gathers
    /// them in the same passes over ranges of keys (each pass an exchange), the bounds then
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
        let scratch = self.parts.walked(t + 1);
        WalkedKeys::discard(&scratch)?;
        let span = below.span(size, t, key_bits)?;
        let available = self.memory.saturating_sub(held);
        // Walked in one pass where every rank's share fits (most tiers), with no count
        // first: each rank gives up its walk as soon as its share outgrows the budget, and
        // all go on together only if none gave up.
        let tick = ticker(
            self.progress,
            Phase::Walk,
            t + 1,
            self.tiers,
            below.positions,
        );
        let kids = if available >= MIN_WALK_MEMORY {
            parallel::install(&self.pool, &|| walk_within(&span, available, &tick))?
        } else {
            None
        };
        let fits = ranks.all(kids.is_some());
        if let Some(kids) = kids.filter(|_| fits) {
            // The same children are the questions of this range's solve: kept, so that the
            // solve reads them instead of walking and sorting again.
            let mut asks = self.asks(t)?;
            if let Some(asks) = asks.as_mut() {
                asks.push(&kids)?;
            }
            asks.map(Asks::finish).transpose()?;
            let bounds = self.owners(&kids, 1)?;
            let (got, from) = self.deliver(kids, &bounds);
            drop(below);
            // Each rank sent its children sorted and without repeats: merge, don't sort.
            let keys = merge_runs(got, &from);
            return Ok(Segment {
                bytes: key_index(t + 1, &keys, key_bits)?,
                positions: keys.len() as u64,
                bounds,
            });
        }
        // Some rank's share does not fit at once: what each will hold, against the budget,
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
        let moves = parallel::install(&self.pool, &|| count_moves(&span, &count_tick))?;
        let need = WALK_BYTES_PER_MOVE * moves;
        let wanted = walk_passes(need, available).unwrap_or(u64::MAX);
        let wanted = ranks.gather(wanted);
        let mut passes = wanted.iter().copied().max().unwrap_or(1);
        if passes > MAX_WALK_PASSES {
            // The rank that needs the most: a budget that holds it holds every rank.
            let (heaviest, needed) = self.heaviest(walk_least_budget(held, need));
            let moves = ranks.gather(moves).get(heaviest).copied().unwrap_or(moves);
            return Err(SolveFileError::Memory {
                needed,
                budget: self.memory,
                what: format!(
                    "{}the walk to tier {} ({moves} moves, in at most {MAX_WALK_PASSES} \
                     passes{})",
                    self.whose(heaviest),
                    t + 1,
                    self.more_ranks()
                ),
            });
        }
        // In passes: the owners' bounds and the passes' bounds both from every rank's
        // sample of about one child in `SAMPLE_ONE_IN * passes` (a child is in it by its
        // key's hash, so the sample spreads as the children do). A pass ends where any
        // rank's share would outgrow its budget (ranks whose children bunch in a narrow
        // band of keys split there), the same on every rank; the passes go up the keys, so
        // each rank's keys stay sorted as the passes' are appended.
        let sample = parallel::install(&self.pool, &|| {
            sample_children(&span, SAMPLE_ONE_IN * passes, &count_tick)
        })?;
        let bounds = self.owners(&sample, SAMPLE_ONE_IN * passes)?;
        let samples = self.samples(sample, passes)?;
        let slices: Vec<&[u64]> = samples.iter().map(Vec::as_slice).collect();
        let lower = pass_bounds(&slices, &wanted);
        drop(samples);
        passes = lower.len() as u64;
        self.passes.set(self.passes.get().max(passes));
        let tick = ticker(
            self.progress,
            Phase::Passes,
            t + 1,
            self.tiers,
            below.positions * passes,
        );
        let mut asks = self.asks(t)?;
        let ranges = pass_ranges(&lower, key_bits);
        // Each pass's keys go to a scratch file, so that memory holds one pass's at a time
        // beside the tier walked from; a walk in one pass holds its keys as they are.
        let mut walked = match ranges.as_slice() {
            [_] => None,
            _ => Some(WalkedKeys::create(&scratch)?),
        };
        let mut keys = Vec::new();
        for &range in &ranges {
            let kids = parallel::install(&self.pool, &|| walk_range(&span, range, &tick))?;
            if let Some(asks) = asks.as_mut() {
                asks.push(&kids)?;
            }
            let (got, from) = self.deliver(kids, &bounds);
            match walked.as_mut() {
                Some(walked) => walked.push(&merge_runs(got, &from))?,
                None => keys = merge_runs(got, &from),
            }
        }
        asks.map(Asks::finish).transpose()?;
        drop(below);
        let (bytes, positions) = match walked {
            Some(walked) => walked.into_index(t + 1, key_bits)?,
            None => (key_index(t + 1, &keys, key_bits)?, keys.len() as u64),
        };
        Ok(Segment {
            bytes,
            positions,
            bounds,
        })
    }

    /// The file of the children of this rank's range of tier `t`, kept for its solve's
    /// questions; `None` for one rank, which asks no one.
    fn asks(&self, t: u32) -> Result<Option<Asks>, SolveFileError> {
        if self.alone() {
            return Ok(None);
        }
        Asks::create(self.parts.asks(t)).map(Some)
    }

    /// This rank's `kids` (sorted, without repeats) sent to their owners by `bounds`:
    /// what every rank sent this one, and how many from each (a sorted run each).
    fn deliver(&self, kids: Vec<u64>, bounds: &[u64]) -> (Vec<u64>, Vec<usize>) {
        let counts = runs(bounds, &kids, self.ranks.ranks());
        let (got, from) = self.ranks.exchange(&kids, &counts);
        let got = match got {
            // The only rank: its children are its own.
            Cow::Borrowed(_) => kids,
            Cow::Owned(got) => got,
        };
        (got, from)
    }

    /// Every rank's sample of its children, seen by every rank, for where the passes split:
    /// with several ranks each gives [`SAMPLES`] evenly spaced keys of its sample for each
    /// pass it needs (`u64::MAX` where it has fewer, dropped), the gather growing with the
    /// ranks; one rank keeps its whole sample.
    fn samples(&self, sample: Vec<u64>, passes: u64) -> Result<Vec<Vec<u64>>, SolveFileError> {
        if self.alone() {
            return Ok(vec![sample]);
        }
        let each = SAMPLES * usize::try_from(passes).unwrap_or(1);
        let mut spaced = vec![u64::MAX; each];
        if !sample.is_empty() {
            for (i, slot) in spaced.iter_mut().enumerate() {
                if let Some(&k) = sample.get(i * sample.len() / each) {
                    *slot = k;
                }
            }
        }
        let all = self.ranks.gather_keys(&spaced)?;
        Ok(all
            .chunks(each)
            .map(|keys| {
                keys.get(..keys.partition_point(|&k| k != u64::MAX))
                    .unwrap_or(&[])
                    .to_vec()
            })
            .collect())
    }

    /// The next tier's bounds, the same on every rank, so that each owns as many of its
    /// distinct positions: `kids`, this rank's children, or the sample of about one in
    /// `one_in` of them that [`sampled`] keeps, sampled again (by the same hash, so that a
    /// child several ranks make is in every rank's sample or in none) to about
    /// [`BOUND_SAMPLES`] in all, gathered by every rank and split by [`distinct_bounds`].
    /// One rank owns every key.
    fn owners(&self, kids: &[u64], one_in: u64) -> Result<Vec<u64>, SolveFileError> {
        if self.alone() {
            return Ok(vec![0]);
        }
        let ranks = self.ranks;
        let total = ranks.sum(kids.len() as u64);
        let wanted = BOUND_SAMPLES.max(BOUND_SAMPLES_A_RANK * ranks.ranks() as u64);
        let rate = (total / wanted).max(1);
        let mine: Vec<u64> = if rate == 1 {
            kids.to_vec()
        } else {
            let one_in = one_in.max(1).saturating_mul(rate);
            kids.iter()
                .copied()
                .filter(|&k| sampled(k, one_in))
                .collect()
        };
        let all = ranks.gather_keys(&mine)?;
        Ok(distinct_bounds(all, ranks.ranks()))
    }

    /// This rank's records of tier `t` (`held.mine`), from its children's records: read in
    /// place in the tier above (`held.next`, `held.above` its records) where this rank owns
    /// every child, else asked of their owners in rounds ([`Driver::ask_tier`]).
    fn solve_tier<G: Game + fmt::Debug + Send + Sync>(
        &self,
        size: &G,
        t: u32,
        held: &Held<'_>,
    ) -> Result<Vec<u8>, SolveFileError> {
        if !self.alone() {
            return self.ask_tier(size, t, held);
        }
        let header = &self.header;
        let span = held.mine.span(size, t, header.key_bits)?;
        let next = held
            .next
            .map(|s| s.index(header.key_bits, t + 1))
            .transpose()?;
        let child = |key: u64| {
            next.and_then(|next| next.find(key))
                .and_then(|j| record_at(held.above, j, header))
        };
        let tick = ticker(
            self.progress,
            Phase::Solve,
            t,
            self.tiers,
            held.mine.positions,
        );
        parallel::install(&self.pool, &|| solve_range(&span, header, &child, &tick))
    }

    /// What this rank holds while it solves tier `t` of `tiers`: its segments of tiers `t`
    /// and `t + 1` (as their manifests give their lengths) and their records.
    fn solve_held(&self, t: u32, tiers: u32) -> Result<u64, SolveFileError> {
        let width = u64::from(self.header.record_bytes);
        let mut held = 0;
        for tier in [t, t + 1].into_iter().filter(|&tier| tier < tiers) {
            let manifest = read_part(&self.parts.manifest(Part::Keys, tier))?
                .and_then(|bytes| Manifest::parse(&String::from_utf8_lossy(&bytes)));
            let (positions, bytes, _) = manifest
                .and_then(|m| m.segments.get(self.ranks.rank()).copied())
                .ok_or_else(|| {
                    SolveFileError::Game(format!("tier {tier}'s keys are missing: run again"))
                })?;
            held += bytes + positions * width;
        }
        Ok(held)
    }

    /// Stops every rank, naming the heaviest, before the solve if any rank's share of any
    /// tier's solve would not fit the budget: its segments of the tier and the tier above,
    /// their records, and with several ranks a round of questions beside them (at least
    /// [`MIN_WALK_MEMORY`]). Every tier is counted, solved already or not: a tier whose
    /// records turn out damaged is solved again.
    fn check_solve_memory(&self, tiers: u32) -> Result<(), SolveFileError> {
        let mut need = (0, 0);
        for t in 0..tiers {
            let asks = if t + 1 < tiers && !self.alone() {
                MIN_WALK_MEMORY
            } else {
                0
            };
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
        let (heaviest, needed) = self.heaviest(mine);
        let t = tiers_at.get(heaviest).copied().unwrap_or(0);
        Err(SolveFileError::Memory {
            needed,
            budget: self.memory,
            what: format!(
                "{}the solve of tier {t} (its keys and records{}{}{})",
                self.whose(heaviest),
                if u64::from(tiers) > t + 1 {
                    ", beside the tier above's"
                } else {
                    ""
                },
                if self.alone() {
                    ""
                } else {
                    ", and a round of questions"
                },
                self.more_ranks()
            ),
        })
    }

    /// Rank 0: the segments joined into the table file, with the one writer; the parts
    /// removed. Returns the file's length.
    fn join(&self, totals: &[u64]) -> Result<u64, SolveFileError> {
        let bytes = join_file(self.out, &self.header, totals, |t, w| {
            let manifest = std::fs::read(self.parts.manifest(Part::Keys, t))?;
            let manifest = Manifest::parse(&String::from_utf8_lossy(&manifest))
                .ok_or(FileError::Section { tier: t })?;
            if let [_] = manifest.segments.as_slice() {
                // One segment is the tier's index as it is.
                io::copy(&mut File::open(self.parts.segment(Part::Keys, t, 0))?, w)?;
            } else {
                self.join_keys(t, &manifest, w)?;
            }
            for r in 0..manifest.segments.len() {
                io::copy(&mut File::open(self.parts.segment(Part::Records, t, r))?, w)?;
            }
            Ok(())
        })?;
        std::fs::remove_dir_all(&self.parts.dir).map_err(|error| SolveFileError::Io {
            path: self.parts.dir.clone(),
            error,
        })?;
        Ok(bytes)
    }

    /// Tier `t`'s keys from every rank's segment (as `manifest` lists them) streamed into
    /// one index as it is written, in two passes: only the segments held, 2 to 4 bytes a
    /// key (their low bytes and offsets), never every key as a `u64`.
    fn join_keys(
        &self,
        t: u32,
        manifest: &Manifest,
        w: &mut dyn io::Write,
    ) -> Result<(), FileError> {
        let key_bits = self.header.key_bits;
        let mut segments = Vec::new();
        for (r, &(positions, _, _)) in manifest.segments.iter().enumerate() {
            segments.push((
                std::fs::read(self.parts.segment(Part::Keys, t, r))?,
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
        write_key_index(t, total, keys, key_bits, w)
    }
}
