//! The transposition table: what the search already proved about a position, a bound on
//! its score, kept in a fixed budget of memory and shared by every thread.

use alloc::boxed::Box;
use core::sync::atomic::{AtomicU64, Ordering};

/// The default memory budget of a transposition table: 256 MiB.
pub const DEFAULT_MEMORY: usize = 256 << 20;

/// The bytes one entry takes.
const ENTRY_BYTES: usize = 8;

/// What an entry says about a position's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is at least this.
    Lower(i32),
    /// The score is at most this.
    Upper(i32),
}

/// A hash table of score bounds by position key: one `u64` per slot, the key (56 bits) and
/// the bound (8 bits) written together, so that a thread reads a whole entry or none. A
/// newer entry replaces whatever its slot held (always-replace, as Pons's solver does).
///
/// The slot count is the largest prime that fits the budget: keys that differ only in their
/// high bits spread over every slot.
#[derive(Debug)]
pub struct TranspositionTable {
    slots: Box<[AtomicU64]>,
}

impl TranspositionTable {
    /// A table of at most `bytes` bytes (at least one slot).
    #[must_use]
    pub fn new(bytes: usize) -> Self {
        let len = largest_prime_at_most((bytes / ENTRY_BYTES).max(2));
        TranspositionTable {
            slots: (0..len).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The bytes the table takes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.slots.len() * ENTRY_BYTES
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for slot in &*self.slots {
            slot.store(0, Ordering::Relaxed);
        }
    }

    /// The bound stored for `key`, if its slot holds it.
    #[inline]
    #[must_use]
    pub fn get(&self, key: u64) -> Option<Bound> {
        let entry = self.slot(key)?.load(Ordering::Relaxed);
        if entry >> 8 != key || entry == 0 {
            return None;
        }
        let byte = (entry & 0xff) as i32;
        let score = (byte & 0x7f) - 64;
        Some(if byte & 0x80 != 0 {
            Bound::Lower(score)
        } else {
            Bound::Upper(score)
        })
    }

    /// Stores `bound` for `key` (below `2^56`; its score in `-63..=63`).
    #[inline]
    pub fn put(&self, key: u64, bound: Bound) {
        let (score, lower) = match bound {
            Bound::Lower(score) => (score, 0x80),
            Bound::Upper(score) => (score, 0),
        };
        let byte = ((score + 64) as u64 & 0x7f) | lower;
        if let Some(slot) = self.slot(key) {
            slot.store(key << 8 | byte, Ordering::Relaxed);
        }
    }

    /// The slot of `key`.
    #[inline]
    fn slot(&self, key: u64) -> Option<&AtomicU64> {
        self.slots.get((key % self.slots.len() as u64) as usize)
    }
}

/// The largest prime at most `n` (`n >= 2`).
fn largest_prime_at_most(n: usize) -> usize {
    (2..=n).rev().find(|&p| is_prime(p)).unwrap_or(2)
}

/// Whether `n` is prime, by trial division (`n` is at most a few hundred million here).
fn is_prime(n: usize) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes() {
        assert_eq!(largest_prime_at_most(100), 97);
        assert_eq!(largest_prime_at_most(2), 2);
        assert!(is_prime(8_388_593));
    }

    #[test]
    fn keeps_bounds_and_refuses_other_keys() {
        let table = TranspositionTable::new(1 << 10);
        table.put(12345, Bound::Lower(-7));
        assert_eq!(table.get(12345), Some(Bound::Lower(-7)));
        table.put(99, Bound::Upper(63));
        assert_eq!(table.get(99), Some(Bound::Upper(63)));
        assert_eq!(table.get(98), None);
        table.clear();
        assert_eq!(table.get(99), None);
    }
}
