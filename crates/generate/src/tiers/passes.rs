//! How a tier's walk keeps within a memory budget: how many passes over ranges of keys it
//! takes, and where they split. Plain functions of numbers and sorted keys, with nothing
//! of the crate but std, so that `tests/passes.rs` and `benches/pass_bounds.rs` take this
//! file as it is through `#[path]`.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::vec::Vec;

/// The most passes over ranges of keys a tier's walk may take to fit the memory budget.
pub(crate) const MAX_WALK_PASSES: u64 = 64;

/// The least memory a walk needs beside what is held already.
pub(crate) const MIN_WALK_MEMORY: u64 = 1 << 20;

/// What a walk holds of memory for each child it keeps: its key twice (the chunks'
/// lists, each without repeats, then the joined list), 8 bytes each. A count of the moves
/// bounds it before the walk; the walk within a budget counts as it goes.
pub(crate) const WALK_BYTES_PER_MOVE: u64 = 16;

/// A walk in passes splits the keys at a sample of about one child in
/// `SAMPLE_ONE_IN` times the passes: while it is taken, at most a 16th of one pass's
/// memory.
pub(crate) const SAMPLE_ONE_IN: u64 = 16;

/// How many passes a walk that would hold `need` bytes at once takes within `available`
/// bytes; `None` when even [`MAX_WALK_PASSES`] would not fit it.
#[must_use]
pub(crate) fn walk_passes(need: u64, available: u64) -> Option<u64> {
    if available < MIN_WALK_MEMORY {
        return None;
    }
    Some(need.div_ceil(available).max(1)).filter(|&p| p <= MAX_WALK_PASSES)
}

/// The least memory budget within which a walk that would hold `need` bytes at once fits,
/// in [`MAX_WALK_PASSES`] at most, beside `held` bytes.
#[must_use]
pub(crate) fn walk_least_budget(held: u64, need: u64) -> u64 {
    held + need.div_ceil(MAX_WALK_PASSES).max(MIN_WALK_MEMORY)
}

/// Whether `key` is in a sample of about one key in `one_in` (every key when it is 0 or 1):
/// decided by the key alone (Fibonacci hashing, the key's bits mixed into the high half,
/// then reduced), so every walker and every rank keeps the same keys, and the sample of
/// `a * b` is part of the sample of `a`.
#[must_use]
pub(crate) fn sampled(key: u64, one_in: u64) -> bool {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) % one_in.max(1) == 0
}

/// Each pass's lower bound of keys (the first 0, ascending) for walkers that take their
/// passes together (the ranks of a solve; one process is one walker): `samples[w]` is
/// walker `w`'s sorted
/// sample of its children (repeats allowed) and `passes[w]` the passes its own budget
/// needs (1 where missing). Swept together in key order, every walker's copies of a key in
/// one pass, a pass ends before any walker would hold more than its share (a `passes[w]`-th
/// of its sample, rounded up), so each keeps within its budget however its children bunch,
/// unless one key's copies alone outgrow a share; in at most the sum of `passes` passes,
/// and at most `passes[0]` for one walker of distinct keys.
#[must_use]
pub(crate) fn pass_bounds(samples: &[&[u64]], passes: &[u64]) -> Vec<u64> {
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

/// What walker `w` holds of pass `pass` ([`pass_bounds`]'s count, good only while
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
pub(crate) fn pass_ranges(lower: &[u64], key_bits: u32) -> Vec<(u64, u64)> {
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
