//! `pass_bounds` (`src/tiers/passes.rs`, taken as it is through `#[path]`): where the
//! passes of a walk split when many walkers (the ranks of an MPI solve) take them
//! together, each with its sorted sample of its children.
//!
//! Each rank samples `SAMPLES` (256) keys a pass it needs; with 8 passes that is 2,048
//! keys a rank, every rank's seen by every rank. The inputs are seeded random keys (the
//! same every run), 16, 64 and 256 ranks.
//!
//! Run: `cargo bench -p perfect-play-generate --bench pass_bounds -- --warm-up-time 1
//! --measurement-time 5`.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // measuring code

use std::hint::black_box;

use criterion::Criterion;

#[allow(dead_code)]
#[path = "../src/tiers/passes.rs"]
mod passes;

use passes::pass_bounds;

/// Keys a rank samples for each pass it needs (`src/tiers/driver.rs`'s `SAMPLES`).
const SAMPLES: usize = 256;
/// Passes each rank's budget needs.
const PASSES: u64 = 8;

fn samples(ranks: usize) -> Vec<Vec<u64>> {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    (0..ranks)
        .map(|_| {
            let mut sample: Vec<u64> = (0..SAMPLES * PASSES as usize)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state >> 20
                })
                .collect();
            sample.sort_unstable();
            sample
        })
        .collect()
}

fn main() {
    let mut criterion = Criterion::default().sample_size(10).configure_from_args();
    let mut group = criterion.benchmark_group("pass_bounds");
    for ranks in [16, 64, 256] {
        let samples = samples(ranks);
        let slices: Vec<&[u64]> = samples.iter().map(Vec::as_slice).collect();
        let passes = vec![PASSES; ranks];
        group.bench_function(format!("{ranks} ranks"), |b| {
            b.iter(|| pass_bounds(black_box(&slices), &passes));
        });
    }
}
