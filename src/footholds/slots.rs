//! The storage of the solver's two memos (the transposition table, `transposition.rs`, and the
//! memo of longest walks, `paths.rs`): a power-of-two array of two-word slots, all zeros
//! when empty, and the hash that picks a slot.

use alloc::vec::Vec;
use core::ops::{Deref, DerefMut};

/// One slot: a key word and a word of packed fields, each memo its own layout.
pub(crate) type Slot = [u64; 2];

/// A power-of-two array of [`Slot`]s that grows on demand and never shrinks.
pub(crate) struct Slots(Vec<Slot>);

impl Slots {
    /// No slots yet; [`Slots::grow`] gives room.
    pub(crate) const fn new() -> Slots {
        Slots(Vec::new())
    }

    /// At least `2^bits` slots, `bits` clamped to `1..=most`. Growing drops what the slots
    /// held; otherwise it stays (each memo says whether it is still valid).
    pub(crate) fn grow(&mut self, bits: u32, most: u32) {
        let want = 1usize << bits.clamp(1, most);
        if self.0.len() < want {
            // Drop the old array first, so the two are never held at once.
            self.0 = Vec::new();
            // All zeros: the allocator hands out zeroed pages, touched only when used.
            self.0 = alloc::vec![[0; 2]; want];
        }
    }

    /// Empties every slot.
    pub(crate) fn clear(&mut self) {
        self.0.fill([0; 2]);
    }

    /// The slot `(a, b)` hashes to, through the splitmix64 finaliser (every input bit
    /// reaches every output bit).
    #[inline]
    pub(crate) fn index(&self, a: u64, b: u64) -> usize {
        let mut h = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        h ^= h >> 31;
        // Truncation is the point: the low bits pick the slot.
        (h as usize) & self.0.len().wrapping_sub(1)
    }
}

impl Deref for Slots {
    type Target = [Slot];

    fn deref(&self) -> &[Slot] {
        &self.0
    }
}

impl DerefMut for Slots {
    fn deref_mut(&mut self) -> &mut [Slot] {
        &mut self.0
    }
}
