//! Random numbers for the computer's levels of play (the library's [`Level`](perfect_play::Level)
//! takes them from its caller): seeded for a game that must replay the same, or fresh.

use std::hash::{BuildHasher, RandomState};

/// Uniform `u32`s: from `seed` (splitmix64) when given, so a game replays move for move;
/// otherwise SipHash under the process's random keys (std's `RandomState`, fresh keys per
/// call) over a counter. Plenty for picking a move, and no dependency.
pub fn source(seed: Option<u64>) -> Box<dyn FnMut() -> u32 + Send> {
    match seed {
        Some(seed) => {
            let mut state = seed;
            Box::new(move || {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                ((z ^ (z >> 31)) >> 32) as u32
            })
        }
        None => {
            let keys = RandomState::new();
            let mut counter = 0_u64;
            Box::new(move || {
                counter += 1;
                (keys.hash_one(counter) >> 32) as u32
            })
        }
    }
}
