//! The transposition table: what earlier searches learned about a position.
//!
//! A position is its region (the tiles the two players can still reach: no other tile
//! matters), where the player to move stands and where the other stands; who is A and
//! who is B does not matter, nor the grid's size. Scores are stored
//! relative to the position (moves from here to the end of the game), so an entry is
//! exact wherever the position recurs, in this game or in a later one on another grid.

use super::slots::{Slot, Slots};

/// What a stored score says about the position's true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// What the table holds on a position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The score, relative to this position.
    pub(crate) score: i16,
    /// What the score says.
    pub(crate) bound: Bound,
    /// The cell the best move found steps onto.
    pub(crate) best: u8,
}

// One slot (`Slot`): the region's tiles, then the rest packed in a word: bits 0-5 the
// mover's cell, 6-11 the other's, 15 set in a used slot (so the zeroed table holds no
// position), 16-31 the score, 32-33 the bound, 40-45 the best move, 48-55 the query that
// stored it, 56-62 the number of the region's tiles (which of two positions gives way).

const USED: u64 = 1 << 15;

/// The part of a slot's second word that names the position.
#[inline]
fn places(mover: u8, other: u8) -> u64 {
    USED | u64::from(mover & 63) | (u64::from(other & 63) << 6)
}

const PLACES: u64 = 0xFFFF;

#[inline]
fn pack(places: u64, entry: Entry, age: u8, size: u32) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    // The score is stored as its 16-bit pattern.
    places
        | (u64::from(entry.score as u16) << 16)
        | (bound << 32)
        | (u64::from(entry.best & 63) << 40)
        | (u64::from(age) << 48)
        | (u64::from(size & 127) << 56)
}

#[inline]
fn unpack(word: u64) -> Entry {
    // Each field is cut back out of the bits `pack` put it in.
    let score = (word >> 16) as u16 as i16;
    let bound = match (word >> 32) & 3 {
        1 => Bound::Lower,
        2 => Bound::Upper,
        _ => Bound::Exact,
    };
    let best = ((word >> 40) & 63) as u8;
    Entry { score, bound, best }
}

/// The query a slot was stored by (modulo 256).
#[inline]
fn age(word: u64) -> u8 {
    // Bits 48-55, as `pack` put them.
    (word >> 48) as u8
}

/// A fixed-size hash table of two-slot buckets. On a collision, an empty slot is used
/// first, then one an earlier query stored, and otherwise the slot holding the smaller
/// position (fewer tiles: less work to find again) gives way.
pub(crate) struct Table {
    slots: Slots,
    /// The query now running (modulo 256), stamped on what it stores.
    age: u8,
}

impl Table {
    /// A table that holds nothing yet; [`Table::prepare`] gives it room.
    pub(crate) const fn new() -> Table {
        Table {
            slots: Slots::new(),
            age: 0,
        }
    }

    /// How many slots the table has.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Readies the table for a new query: at least `2^bits` slots (dropping what it held
    /// if it grows), and what earlier queries stored marked as the first to give way.
    pub(crate) fn prepare(&mut self, bits: u32) {
        self.age = self.age.wrapping_add(1);
        self.slots.grow(bits, 30);
    }

    /// Forgets every position.
    pub(crate) fn clear(&mut self) {
        self.slots.clear();
    }

    /// The first slot of the bucket a position hashes to.
    #[inline]
    fn bucket(&self, region: u64, places: u64) -> usize {
        self.slots.index(region, places) & !1
    }

    /// What the table holds on a position, if anything.
    #[inline]
    pub(crate) fn get(&self, region: u64, mover: u8, other: u8) -> Option<Entry> {
        let places = places(mover, other);
        let at = self.bucket(region, places);
        self.slots
            .get(at..at + 2)?
            .iter()
            .find(|[t, word]| *t == region && word & PLACES == places)
            .map(|&[_, word]| unpack(word))
    }

    /// Stores what a search found on a position whose region has `size` tiles.
    #[inline]
    pub(crate) fn put(&mut self, region: u64, size: u32, mover: u8, other: u8, entry: Entry) {
        let places = places(mover, other);
        let at = self.bucket(region, places);
        let Some([first, second]) = self.slots.get_mut(at..at + 2) else {
            return;
        };
        let holds = |slot: &Slot| slot[0] == region && slot[1] & PLACES == places;
        let slot = if holds(first) {
            first
        } else if holds(second) {
            second
        } else {
            // Lower ranks give way first: empty, then stale, then smaller.
            let rank = |slot: &Slot| {
                (
                    slot[1] & USED != 0,
                    age(slot[1]) == self.age,
                    // Bits 56-62, as `pack` put them.
                    (slot[1] >> 56) & 127,
                )
            };
            if rank(first) <= rank(second) {
                first
            } else {
                second
            }
        };
        *slot = [region, pack(places, entry, self.age, size)];
    }
}
