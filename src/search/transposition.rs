//! The transposition table: what the search already proved about a position (a bound on
//! its score and the move that proved it), kept in a fixed budget of memory, shared by
//! every thread and kept from one question to the next.

use alloc::boxed::Box;
use core::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// The default memory budget of a transposition table: 256 MiB.
pub const DEFAULT_MEMORY: usize = 256 << 20;

/// The least memory a table takes: 8,209 buckets (the least prime above `2^13`), so that
/// the key's low 43 bits and its bucket tell every key below `2^56` apart.
pub const MIN_MEMORY: usize = MIN_BUCKETS * BUCKET_BYTES;

/// The bytes one bucket takes: two entries of 8 bytes, in one cache line.
const BUCKET_BYTES: usize = 16;

/// The fewest buckets: the least prime above `2^13`, as `2^13 * 2^KEY_BITS = 2^56`.
const MIN_BUCKETS: usize = 8209;

/// What an entry says about a position's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is at least this.
    Lower(i32),
    /// The score is at most this.
    Upper(i32),
    /// The score is this.
    Exact(i32),
}

impl Bound {
    /// The bound's score.
    #[must_use]
    pub fn score(self) -> i32 {
        match self {
            Bound::Lower(s) | Bound::Upper(s) | Bound::Exact(s) => s,
        }
    }
}

/// One entry read from the table: the bound, and the move that gave it (the best move
/// found, by the game's own number for it: [`Searchable::tag`](super::Searchable::tag)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// What the search proved.
    pub bound: Bound,
    /// The best move found, as the game numbers it.
    pub tag: u8,
}

// An entry in one `u64`, written and read whole, so that a thread sees an entry or none:
// bits 0-6 the score plus 64, 7-8 the kind (0 empty, 1 lower, 2 upper, 3 exact), 9-12 the
// move's tag, 13-17 the work (log2 of the positions searched under it), 18-20 the
// generation, 21-63 the key's low 43 bits. The bucket is the key modulo a prime number
// of buckets, so a bucket and the low bits tell keys apart (the Chinese remainder
// theorem): the prime is at least `2^13` and `2^13 * 2^43 = 2^56`, beyond every key.
const SCORE_BITS: u32 = 7;
const KIND_SHIFT: u32 = SCORE_BITS;
const TAG_SHIFT: u32 = KIND_SHIFT + 2;
const WORK_SHIFT: u32 = TAG_SHIFT + 4;
const GENERATION_SHIFT: u32 = WORK_SHIFT + 5;
const KEY_SHIFT: u32 = GENERATION_SHIFT + 3;
/// How many of the key's bits an entry keeps.
const KEY_BITS: u32 = 64 - KEY_SHIFT;

/// Two entries that share a slot in memory: a key may be in either.
#[derive(Debug, Default)]
#[repr(align(16))]
struct Bucket([AtomicU64; 2]);

/// A hash table of score bounds by position key, in buckets of two entries. A new entry
/// goes to the entry already holding its key, or else replaces the one of the two that
/// cost less to find (Steininger's `c4` keeps the costlier, as here), an entry of an
/// earlier question counting as costing nothing: what the question before proved stays
/// until a search of this one needs the room, and nothing is cleared between questions.
///
/// The bucket count is the largest prime that fits the budget: keys that differ only in
/// their high bits spread over every bucket, and neighbouring keys land in neighbouring
/// buckets, which the search's locality likes (benches/HISTORY.md 13c).
#[derive(Debug)]
pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    /// The current question's number, modulo 8.
    generation: AtomicU32,
}

impl TranspositionTable {
    /// A table of at most `bytes` bytes, or [`MIN_MEMORY`] if that is more.
    #[must_use]
    pub fn new(bytes: usize) -> Self {
        let len = largest_prime_at_most((bytes / BUCKET_BYTES).max(MIN_BUCKETS));
        TranspositionTable {
            buckets: zeroed(len),
            generation: AtomicU32::new(0),
        }
    }

    /// The bytes the table takes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for bucket in &*self.buckets {
            for entry in &bucket.0 {
                entry.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Starts a new question: what the entries written so far say stays true and is
    /// found, but they give way to the new question's.
    pub fn age(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// The entry stored for `key`, if its bucket holds it.
    #[inline]
    #[must_use]
    pub fn get(&self, key: u64) -> Option<Entry> {
        self.read(key).entry()
    }

    /// `key`'s bucket as it is now, to be looked into with [`Read::entry`]: reading the
    /// buckets of several keys before looking into any lets their waits on memory overlap
    /// (a lookup's time is almost all that wait).
    #[inline]
    #[must_use]
    pub fn read(&self, key: u64) -> Read {
        let words = self.bucket(key).map_or([0, 0], |bucket| {
            let [first, second] = &bucket.0;
            [
                first.load(Ordering::Relaxed),
                second.load(Ordering::Relaxed),
            ]
        });
        Read {
            words,
            low: key & KEY_MASK,
        }
    }

    /// Stores `entry` for `key` (below `2^56`; its score in `-63..=63`, its tag below
    /// 16), found by searching `nodes` positions.
    #[inline]
    pub fn put(&self, key: u64, entry: Entry, nodes: u64) {
        let Some(bucket) = self.bucket(key) else {
            return;
        };
        let generation = u64::from(self.generation.load(Ordering::Relaxed) & 7);
        let low = key & KEY_MASK;
        let [first, second] = &bucket.0;
        let (a, b) = (
            first.load(Ordering::Relaxed),
            second.load(Ordering::Relaxed),
        );
        let holds = |word: u64| word >> KEY_SHIFT == low && kind(word) != 0;
        // What keeping an entry is worth: the positions searched for it, or nothing if an
        // earlier question wrote it.
        let worth = |word: u64| {
            if kind(word) == 0 || (word >> GENERATION_SHIFT) & 7 != generation {
                0
            } else {
                1 + ((word >> WORK_SHIFT) & 31)
            }
        };
        let slot = if holds(a) {
            first
        } else if holds(b) || worth(b) < worth(a) {
            second
        } else {
            first
        };
        let (score, kind) = match entry.bound {
            Bound::Lower(score) => (score, 1),
            Bound::Upper(score) => (score, 2),
            Bound::Exact(score) => (score, 3),
        };
        let work = u64::from((u64::BITS - nodes.leading_zeros()).min(31));
        let word = ((score + 64) as u64 & 0x7f)
            | kind << KIND_SHIFT
            | u64::from(entry.tag & 15) << TAG_SHIFT
            | work << WORK_SHIFT
            | generation << GENERATION_SHIFT
            | low << KEY_SHIFT;
        slot.store(word, Ordering::Relaxed);
    }

    /// The bucket of `key`.
    #[inline]
    fn bucket(&self, key: u64) -> Option<&Bucket> {
        self.buckets.get((key % self.buckets.len() as u64) as usize)
    }
}

/// A bucket read by [`TranspositionTable::read`], for one key.
#[derive(Clone, Copy, Debug)]
pub struct Read {
    words: [u64; 2],
    low: u64,
}

impl Read {
    /// The entry for the key, if the bucket held it.
    #[inline]
    #[must_use]
    pub fn entry(self) -> Option<Entry> {
        self.words
            .into_iter()
            .find(|&word| word >> KEY_SHIFT == self.low && kind(word) != 0)
            .and_then(decode)
    }
}

/// `len` empty buckets, in memory the system gives already zeroed: its pages are only
/// written when a search first stores there, so a table of 1 GiB is allocated at once,
/// not written whole before the first search.
fn zeroed(len: usize) -> Box<[Bucket]> {
    let Ok(layout) = core::alloc::Layout::array::<Bucket>(len) else {
        // More than the address space: no allocator could give it.
        std::alloc::handle_alloc_error(core::alloc::Layout::new::<Bucket>());
    };
    #[allow(unsafe_code)]
    // SAFETY: `layout` is not zero-sized (`len` is at least `MIN_BUCKETS`); the memory
    // `alloc_zeroed` gives is checked not null, is aligned for `len` buckets and all-zero
    // bytes, and a bucket is two `AtomicU64`, which have the size and bit validity of
    // `u64`: all-zero bytes are a bucket of two empty entries. The box owns the memory
    // with the layout it was allocated with (`Box`'s allocator is the global one).
    unsafe {
        let memory = std::alloc::alloc_zeroed(layout).cast::<Bucket>();
        if memory.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(core::ptr::slice_from_raw_parts_mut(memory, len))
    }
}

/// The key bits an entry keeps.
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

/// An entry word's kind: 0 empty, 1 lower, 2 upper, 3 exact.
#[inline]
fn kind(word: u64) -> u64 {
    (word >> KIND_SHIFT) & 3
}

/// The entry of a word that holds one.
#[inline]
fn decode(word: u64) -> Option<Entry> {
    let score = (word & 0x7f) as i32 - 64;
    let bound = match kind(word) {
        1 => Bound::Lower(score),
        2 => Bound::Upper(score),
        3 => Bound::Exact(score),
        _ => return None,
    };
    Some(Entry {
        bound,
        tag: ((word >> TAG_SHIFT) & 15) as u8,
    })
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
        assert!(is_prime(MIN_BUCKETS) && MIN_BUCKETS > 1 << (56 - KEY_BITS));
        assert!(((1 << (56 - KEY_BITS)) + 1..MIN_BUCKETS).all(|n| !is_prime(n)));
    }

    fn entry(bound: Bound, tag: u8) -> Entry {
        Entry { bound, tag }
    }

    #[test]
    fn keeps_bounds_and_refuses_other_keys() {
        let table = TranspositionTable::new(1 << 10);
        assert!(table.bytes() >= MIN_MEMORY);
        table.put(12345, entry(Bound::Lower(-7), 3), 10);
        assert_eq!(table.get(12345), Some(entry(Bound::Lower(-7), 3)));
        table.put(99, entry(Bound::Upper(63), 15), 1);
        assert_eq!(table.get(99), Some(entry(Bound::Upper(63), 15)));
        table.put(99, entry(Bound::Exact(-63), 0), 1);
        assert_eq!(table.get(99), Some(entry(Bound::Exact(-63), 0)));
        assert_eq!(table.get(98), None);
        // The same bucket, other low bits; the same low bits, another bucket.
        let buckets = table.buckets.len() as u64;
        assert_eq!(table.get(99 + buckets), None);
        assert_eq!(table.get(99 + (1 << KEY_BITS)), None);
        table.clear();
        assert_eq!(table.get(99), None);
    }

    #[test]
    fn the_costlier_entry_stays_until_a_new_question() {
        let table = TranspositionTable::new(MIN_MEMORY);
        let buckets = table.buckets.len() as u64;
        let (costly, cheap, newer) = (5, 5 + buckets, 5 + 2 * buckets);
        table.put(costly, entry(Bound::Lower(1), 0), 1 << 20);
        table.put(cheap, entry(Bound::Lower(2), 0), 4);
        // Three keys of one bucket: the cheap one gives way.
        table.put(newer, entry(Bound::Lower(3), 0), 8);
        assert!(table.get(costly).is_some());
        assert_eq!(table.get(cheap), None);
        assert!(table.get(newer).is_some());
        // The next question's entries displace the last question's, however costly.
        table.age();
        table.put(cheap, entry(Bound::Upper(2), 0), 4);
        table.put(5 + 3 * buckets, entry(Bound::Upper(4), 0), 4);
        assert_eq!(table.get(costly), None);
        assert_eq!(table.get(cheap), Some(entry(Bound::Upper(2), 0)));
    }
}
