//! Longest walks, for the endgame once the players are separated, with a memo.
//!
//! Once the players can no longer meet, each walks its own region and the game's value
//! follows from the two longest walks (see `solver.rs`). The same region turns up again
//! and again, beside every way the other player may have spent its moves, so the walks
//! found are kept in a small direct-mapped table keyed by the cells the walker can reach
//! and where it stands. Cells it cannot reach do not change the answer, which is why the
//! key holds only the reachable ones: positions that differ elsewhere share the entry.

use super::bits::{Cells, EVEN, bit, component, spread};
use super::slots::Slots;

// One slot: the reachable cells, then bits 0-5 the walker's cell, 6 set in a used slot,
// 8-14 the length found, 15 set when the length is exact (else it is only a lower bound,
// the search having stopped at a cap).

const USED: u64 = 1 << 6;
const EXACT: u64 = 1 << 15;

/// The memo of longest walks, and the work done finding them.
pub(crate) struct Paths {
    slots: Slots,
    /// Steps of the depth-first searches run (calls of the inner search).
    pub(crate) steps: u64,
}

impl Paths {
    /// A memo that holds nothing yet; [`Paths::prepare`] gives it room.
    pub(crate) const fn new() -> Paths {
        Paths {
            slots: Slots::new(),
            steps: 0,
        }
    }

    /// Gives the memo at least `2^bits` slots (what it held stays valid: a walk's length
    /// depends on nothing else than its key).
    pub(crate) fn prepare(&mut self, bits: u32) {
        self.slots.grow(bits, 24);
    }

    /// Forgets every walk.
    pub(crate) fn clear(&mut self) {
        self.slots.clear();
    }

    /// The length of the longest walk from `from` over the cells of `reach`, visiting each
    /// at most once; or `cap`, if that is shorter. `reach` is every cell the walker can
    /// reach, its own excluded (the caller knows them: a flood of its region).
    pub(crate) fn longest(&mut self, from: u8, reach: u64, cap: u32) -> u32 {
        let at = self.slots.index(reach, u64::from(from));
        let tag = USED | u64::from(from & 63);
        if let Some(&[key, word]) = self.slots.get(at) {
            if key == reach && word & 0x7F == tag {
                // Bits 8-14, as stored below.
                let length = ((word >> 8) & 0x7F) as u32;
                if word & EXACT != 0 || length >= cap {
                    return length.min(cap);
                }
            }
        }
        let cap_here = cap.min(bound_within(from, reach));
        let length = self.walk(from, reach, cap_here);
        // Short of the cap, the walk is the longest there is; at it, only a lower bound.
        let exact = length < cap;
        if let Some(slot) = self.slots.get_mut(at) {
            let word = tag | (u64::from(length & 0x7F) << 8) | if exact { EXACT } else { 0 };
            *slot = [reach, word];
        }
        length
    }

    /// The depth-first search behind [`Paths::longest`], which gives up looking once a
    /// walk reaches `cap`. Each step's rest is a longest walk over the cells it can still
    /// reach, looked up in (and added to) the memo when the region is large enough for
    /// that to pay.
    fn walk(&mut self, from: u8, reach: u64, cap: u32) -> u32 {
        self.steps += 1;
        let mut best = 0;
        for step in Cells(spread(bit(from)) & reach) {
            if best >= cap {
                break;
            }
            let free = reach & !bit(step);
            let rest = component(spread(bit(step)) & free, free);
            let length = if rest.count_ones() >= MEMO_CELLS {
                self.longest(step, rest, cap - 1)
            } else {
                self.walk(step, rest, (cap - 1).min(bound_within(step, rest)))
            };
            best = best.max(1 + length);
        }
        best.min(cap)
    }
}

/// Regions of at least this many cells are memoised inside a walk; smaller ones are
/// searched again, which costs less than a lookup.
const MEMO_CELLS: u32 = 5;

/// An upper bound on the longest walk from `from` over the cells of `reach`, all those it
/// can reach: no more than their number; and, since each step changes colour on a
/// chessboard, no more than twice those of the other colour, nor one more than twice
/// those of its own.
#[inline]
pub(crate) fn bound_within(from: u8, reach: u64) -> u32 {
    let own_colour = if EVEN & bit(from) != 0 { EVEN } else { !EVEN };
    let same = (reach & own_colour).count_ones();
    let other = (reach & !own_colour).count_ones();
    (same + other).min(2 * other).min(2 * same + 1)
}
