//! A tier's walk: the children of a range of its positions (their places among the tier's
//! sorted keys), on every thread of the current pool, in fixed chunks so that what comes
//! out never depends on the threads: all of them, those in a range of keys (a pass), a
//! hashed sample of them, or only their count; and the walk given up as soon as what it
//! holds outgrows a budget. The driver calls these over one rank's range of a tier (one
//! process: the whole tier).

use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::vec::Vec;

use perfect_play_core::Game;
use perfect_play_core::file::KeyIndex;
use rayon::prelude::*;

use crate::parallel;

use super::passes::{WALK_BYTES_PER_MOVE, sampled};
use super::{Phase, Progress, SolveFileError};

/// Positions a parallel task takes at a time: the chunks are fixed by the tier's size
/// alone, so the output never depends on the threads.
pub(crate) const CHUNK: usize = 1 << 14;

/// A span of one tier's positions, as a rank holds them: their places `places` among the
/// tier's sorted keys (`index`), positions of `game`'s size (any of its positions).
#[derive(Clone)]
pub(crate) struct Span<'a, G> {
    pub(crate) game: &'a G,
    pub(crate) tier: u32,
    pub(crate) index: KeyIndex<'a>,
    pub(crate) places: Range<usize>,
}

impl<G: Game + fmt::Debug> Span<'_, G> {
    /// The position of `key`, or the error that says the game cannot give it.
    pub(crate) fn position(&self, key: u64) -> Result<G, SolveFileError> {
        self.game.at_key(key).ok_or_else(|| {
            SolveFileError::Game(format!(
                "Game::at_key gives no position for the key {key} of tier {}: a tiered \
                 game must turn every key it makes back into its position",
                self.tier
            ))
        })
    }

    /// The chunks of the span: where each starts and how many it holds, fixed by the span
    /// alone.
    pub(crate) fn chunks(&self) -> Vec<(usize, usize)> {
        let places = &self.places;
        places
            .clone()
            .step_by(CHUNK)
            .map(|from| (from, CHUNK.min(places.end - from)))
            .collect()
    }
}

/// The children of the span's positions `from..from + len` (their places) whose keys are
/// `wanted`, sorted and without repeats, and how many moves led there; the list is kept
/// only when `keep`.
fn chunk_children<G: Game + fmt::Debug>(
    span: &Span<'_, G>,
    (from, len): (usize, usize),
    wanted: impl Fn(u64) -> bool,
    keep: bool,
) -> Result<(Vec<u64>, u64), SolveFileError> {
    let t = span.tier;
    let mut kids = Vec::new();
    let mut count = 0u64;
    let mut wrong = None;
    for key in span.index.keys(from).take(len) {
        let p = span.position(key)?;
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

/// The children of the span's positions whose keys `wanted` keeps, sorted and without
/// repeats, on every thread of the current pool. `tick` is told how many positions each
/// piece of work has done.
fn children_where<G: Game + fmt::Debug + Send + Sync>(
    span: &Span<'_, G>,
    wanted: impl Fn(u64) -> bool + Sync,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Vec<u64>, SolveFileError> {
    let lists = parallel::try_map_each(&span.chunks(), &|_, &chunk| {
        let kids = chunk_children(span, chunk, &wanted, true).map(|(kids, _)| kids);
        tick(chunk.1 as u64);
        kids
    })?;
    Ok(joined(lists))
}

/// The walk of one pass: the children of the span's positions whose keys are in `range`
/// (both ends included), sorted and without repeats ([`children_where`]).
///
/// # Errors
/// [`SolveFileError::Game`]: a key the game cannot turn back into a position, a move that
/// does not lead to the next tier.
pub(crate) fn walk_range<G: Game + fmt::Debug + Send + Sync>(
    span: &Span<'_, G>,
    range: (u64, u64),
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Vec<u64>, SolveFileError> {
    children_where(span, |k: u64| k >= range.0 && k <= range.1, tick)
}

/// The walk of one tier in one pass if it fits: [`walk_range`] over every key, given up
/// (`None`) as soon as the children it holds would take more than `budget` bytes
/// ([`WALK_BYTES_PER_MOVE`] a child kept, and room for a chunk's moves on every thread).
/// Most tiers of most solves fit, and then this is one walk where counting the moves first
/// ([`count_moves`]) would be two.
///
/// # Errors
/// As [`walk_range`].
pub(crate) fn walk_within<G: Game + fmt::Debug + Send + Sync>(
    span: &Span<'_, G>,
    budget: u64,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Option<Vec<u64>>, SolveFileError> {
    let held = AtomicU64::new(0);
    let widest = AtomicU64::new(0);
    let over = AtomicBool::new(false);
    let threads = rayon::current_num_threads() as u64;
    let lists = parallel::try_map_each(&span.chunks(), &|_, &chunk| {
        if over.load(Ordering::Relaxed) {
            return Ok(Vec::new());
        }
        let (kids, moves) = chunk_children(span, chunk, |_| true, true)?;
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
        Ok::<_, SolveFileError>(kids)
    })?;
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
pub(crate) fn ticker<'a>(
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

/// A sample of the children of the span's positions: about one child in `one_in`, sorted
/// and without repeats, on every thread of the current pool. A child is in or out by its key alone (a hash of
/// it), so every parent and every rank samples the same children, and the sample spreads
/// over the keys as the children do: what a walk in passes splits the keys by (and, under
/// MPI, the ranks) before any pass holds the children. `tick` is told how many positions
/// each piece of work has done.
///
/// # Errors
/// As [`walk_range`].
pub(crate) fn sample_children<G: Game + fmt::Debug + Send + Sync>(
    span: &Span<'_, G>,
    one_in: u64,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Vec<u64>, SolveFileError> {
    children_where(span, |k| sampled(k, one_in), tick)
}

/// How many moves the span's positions have, on every thread of the current pool: what a walk of them will
/// hold ([`WALK_BYTES_PER_MOVE`] each), known before it holds it. `tick` is told how many
/// positions each piece of work has done.
///
/// # Errors
/// As [`walk_range`].
pub(crate) fn count_moves<G: Game + fmt::Debug + Send + Sync>(
    span: &Span<'_, G>,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<u64, SolveFileError> {
    let moves = parallel::try_map_each(&span.chunks(), &|_, &chunk| {
        let moves = chunk_children(span, chunk, |_| true, false).map(|(_, n)| n);
        tick(chunk.1 as u64);
        moves
    })?;
    Ok(moves.iter().sum())
}
