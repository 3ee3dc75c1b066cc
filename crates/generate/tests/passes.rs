//! Where a tier's walk splits into passes to keep within a memory budget
//! (`src/tiers/passes.rs`, taken here as it is through `#[path]`: its functions are the
//! crate's own, not its API), checked against what the rules say and against a plain
//! reference: the passes a walk takes and the least budget it fits are one rule; the passes
//! cover every key once at every key width; walkers that share passes (the ranks of a
//! solve) each keep within their own share, on hand-made cases and on 400 seeded random
//! ones against the plain sweep the heap replaced (kept below, sharing no code with it).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

#[allow(dead_code)]
#[path = "../src/tiers/passes.rs"]
mod passes;

use passes::{MAX_WALK_PASSES, pass_bounds, pass_ranges, walk_least_budget, walk_passes};

/// A seeded generator (splitmix64), so that every run checks the same cases.
fn splitmix(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// `passes` even splits of the keys up to `span`: bounds that ignore where the keys lie.
fn even(passes: u64, span: u64) -> Vec<u64> {
    let keys = u128::from(span) + 1;
    (0..passes)
        .map(|i| (keys * u128::from(i) / u128::from(passes)) as u64)
        .collect()
}

/// The passes a walk takes and the least budget it fits are one rule: a walk fits in at
/// most [`MAX_WALK_PASSES`] exactly when the budget is at least the least budget.
#[test]
fn the_least_budget_is_where_the_passes_begin_to_fit() {
    for held in [0, 1, 1 << 20, 5 << 20] {
        for need in [
            0,
            1,
            1 << 19,
            1 << 20,
            3 << 20,
            64 << 20,
            65 << 20,
            (1 << 30) + 7,
        ] {
            let least = walk_least_budget(held, need);
            for budget in [least - 1, least, least + 1, least * 2] {
                let fits = walk_passes(need, budget.saturating_sub(held));
                assert_eq!(fits.is_some(), budget >= least, "{held} {need} {budget}");
                if let Some(passes) = fits {
                    assert!((1..=MAX_WALK_PASSES).contains(&passes));
                    assert!(
                        passes * (budget - held) >= need,
                        "each pass fits the budget"
                    );
                }
            }
        }
    }
}

/// A walk's passes cover every key exactly once, in order, at every key width up to 64
/// bits (no overflow at the top), whatever the bounds (repeated, or past the keys); and
/// split at a sample's quantiles, they hold about as many of the sampled keys each.
#[test]
fn the_passes_cover_every_key_once_and_split_at_the_sample() {
    for key_bits in [8, 20, 63, 64] {
        let span = if key_bits == 64 {
            u64::MAX
        } else {
            (1u64 << key_bits) - 1
        };
        let crowded: Vec<u64> = (0..1000u64).map(|k| k * k % 977).collect();
        let mut sample = crowded.clone();
        sample.sort_unstable();
        sample.dedup();
        for passes in [1, 2, 3, 7, 64] {
            for lower in [
                even(passes, span),
                pass_bounds(&[&sample], &[passes]),
                vec![0, 0, 5, 5, u64::MAX],
            ] {
                let ranges = pass_ranges(&lower, key_bits);
                assert_eq!(ranges.len(), lower.len());
                let mut next = Some(0u64);
                for &(low, high) in ranges.iter().filter(|(low, high)| low <= high) {
                    assert_eq!(
                        Some(low),
                        next,
                        "{key_bits} bits, {lower:?}: a gap or an overlap"
                    );
                    next = high.checked_add(1);
                }
                let last = next.map_or(u64::MAX, |n| n - 1);
                assert_eq!(last, span, "{key_bits} bits, {lower:?}: the top keys");
            }
        }
        // Quantiles: 4 passes over 1000 sampled keys crowded at the low end hold 250 each
        // (the keys below 2^20).
        if key_bits < 20 {
            continue;
        }
        let squares: Vec<u64> = (0..1000).map(|k| k * k).collect();
        let lower = pass_bounds(&[&squares], &[4]);
        for (low, high) in pass_ranges(&lower, key_bits) {
            let held = (0..1000u64)
                .map(|k| k * k)
                .filter(|k| (low..=high).contains(k));
            assert_eq!(held.count(), 250, "{key_bits} bits");
        }
    }
}

/// Walkers that share their passes (a distributed solve's ranks) each keep within their
/// own budget: one whose children spread over the keys and one whose children bunch in a
/// narrow band both hold at most their share of each pass, however the other's lie (the
/// defect this rule mends: passes split at the quantiles of everyone's samples together
/// put all of the bunched walker's children in one pass).
#[test]
fn shared_passes_keep_every_walker_within_its_share() {
    let spread: Vec<u64> = (0..1024u64).map(|k| k * 1_000_003).collect();
    let bunched: Vec<u64> = (0..1024u64).map(|k| 500_000_000 + k).collect();
    for (passes, most) in [
        ([4, 4], 8),
        ([4, 1], 5),
        ([1, 4], 5),
        ([1, 1], 1),
        ([2, 3], 5),
    ] {
        let lower = pass_bounds(&[&spread, &bunched], &passes);
        assert!(lower.len() <= most, "{passes:?}: {} passes", lower.len());
        assert_eq!(lower.first(), Some(&0));
        assert!(lower.windows(2).all(|w| w[0] < w[1]), "{lower:?} ascending");
        for (sample, &p) in [&spread, &bunched].into_iter().zip(&passes) {
            let share = sample.len().div_ceil(p as usize);
            for (low, high) in pass_ranges(&lower, 64) {
                let held = sample.iter().filter(|k| (low..=high).contains(*k)).count();
                assert!(held <= share, "{passes:?}: {held} of a share of {share}");
            }
        }
    }
    // Ties: a key in both walkers' samples, and keys repeated within one (as a rank's
    // sample is when it has fewer children than samples are taken), go to one pass, and
    // counted there, no walker is past its share (the reviewer's cases).
    for (samples, passes) in [
        (vec![vec![5u64, 6, 7, 8], vec![1, 2, 5]], vec![2u64, 2]),
        (vec![vec![1, 2, 2, 2, 2, 3]], vec![2]),
        (vec![(0..1024u64).map(|i| i * 10 / 1024).collect()], vec![4]),
    ] {
        let slices: Vec<&[u64]> = samples.iter().map(Vec::as_slice).collect();
        let lower = pass_bounds(&slices, &passes);
        assert!(lower.windows(2).all(|w| w[0] < w[1]), "{lower:?} ascending");
        for (sample, &p) in samples.iter().zip(&passes) {
            let share = sample.len().div_ceil(p as usize);
            for (low, high) in pass_ranges(&lower, 64) {
                let held = sample.iter().filter(|k| (low..=high).contains(*k)).count();
                let one_key = sample.iter().filter(|&&k| k == low).count();
                assert!(
                    held <= share.max(one_key),
                    "{samples:?} {passes:?}: {held} in [{low}, {high}], a share of {share}"
                );
            }
        }
    }
    // One walker of distinct keys: never more passes than asked (9 keys in 4: 3 of 3).
    assert_eq!(
        pass_bounds(&[&(0..9).collect::<Vec<u64>>()], &[4]),
        [0, 3, 6]
    );
    // A walker with no count of passes takes one.
    let z = [1u64, 2, 3];
    assert_eq!(pass_bounds(&[&z, &z], &[3]), [0, 2, 3]);
    // The old rule's failure, for the record: the two samples' quantiles together put half
    // the bunch in one of 4 passes, twice the bunched walker's share.
    let mut both: Vec<u64> = spread.iter().chain(&bunched).copied().collect();
    both.sort_unstable();
    let quantiles = pass_bounds(&[&both], &[4]);
    let most = pass_ranges(&quantiles, 64)
        .into_iter()
        .map(|(low, high)| bunched.iter().filter(|k| (low..=high).contains(*k)).count())
        .max();
    assert_eq!(most, Some(512));
}

/// The plain sweep `pass_bounds` replaced (every walker looked at for every distinct
/// key), kept here as the reference its heap must agree with.
fn plain_pass_bounds(samples: &[&[u64]], passes: &[u64]) -> Vec<u64> {
    let shares: Vec<usize> = samples
        .iter()
        .enumerate()
        .map(|(w, s)| {
            s.len()
                .div_ceil(passes.get(w).copied().unwrap_or(1).max(1) as usize)
        })
        .collect();
    let mut at = vec![0usize; samples.len()];
    let mut held = vec![0usize; samples.len()];
    let mut bounds = vec![0u64];
    loop {
        let Some(key) = (0..samples.len())
            .filter_map(|w| samples[w].get(at[w]).copied())
            .min()
        else {
            return bounds;
        };
        let copies: Vec<usize> = (0..samples.len())
            .map(|w| {
                samples[w][at[w]..]
                    .iter()
                    .take_while(|&&k| k == key)
                    .count()
            })
            .collect();
        if (0..samples.len()).any(|w| held[w] > 0 && held[w] + copies[w] > shares[w]) {
            bounds.push(key);
            held.fill(0);
        }
        for w in 0..samples.len() {
            held[w] += copies[w];
            at[w] += copies[w];
        }
    }
}

/// The sweep over many walkers' samples agrees with the plain one on seeded random cases:
/// spread and bunched keys, repeats within a sample and across samples, empty samples,
/// walkers without a count of passes.
#[test]
fn pass_bounds_agrees_with_the_plain_sweep() {
    let mut next = splitmix(0x2545_f491_4f6c_dd1d);
    for case in 0..400 {
        let walkers = 1 + (next() % 9) as usize;
        let samples: Vec<Vec<u64>> = (0..walkers)
            .map(|_| {
                let len = (next() % 300) as usize;
                // Spread, bunched, and a few keys of many copies each (one key's copies
                // past a share, and a walker past its share while another's keys come).
                let (base, spread, len) = match next() % 4 {
                    0 => (0, 1u64 << 40, len),
                    1 => (next() % 1000, 50, len),
                    2 => (next() % 1_000_000, 5_000, len),
                    _ => (next() % 8, 1 + next() % 4, len % 12),
                };
                let mut sample: Vec<u64> = (0..len).map(|_| base + next() % spread).collect();
                sample.sort_unstable();
                sample
            })
            .collect();
        let passes: Vec<u64> = (0..walkers - (next() % 2) as usize)
            .map(|_| next() % 12)
            .collect();
        let slices: Vec<&[u64]> = samples.iter().map(Vec::as_slice).collect();
        assert_eq!(
            pass_bounds(&slices, &passes),
            plain_pass_bounds(&slices, &passes),
            "case {case}: {passes:?}"
        );
    }
    // A walker past its share (one key's three copies, a share of one) ends the pass at the
    // next key, though the walker that has that key is within its own share.
    let (past, within): (&[u64], &[u64]) = (&[5, 5, 5], &[1, 2, 6, 7]);
    assert_eq!(pass_bounds(&[past, within], &[3, 1]), [0, 6]);
    assert_eq!(plain_pass_bounds(&[past, within], &[3, 1]), [0, 6]);
}
