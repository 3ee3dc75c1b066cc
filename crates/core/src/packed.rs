//! The binary table of a large game, read at run time: `no_std`, no allocation, one
//! lookup in O(1). The layout (version 1) is defined here, once; `packed_write` writes it
//! at build time with the same hash functions.
//!
//! # Layout, version 1 (every integer little-endian)
//!
//! | bytes | what |
//! |---|---|
//! | 0..4 | magic `PPT1` |
//! | 4..6 | version, 1 |
//! | 6 | key bytes `kb` (1..=8): each key's low `kb` bytes are stored |
//! | 7 | record bytes `rb` (1, 2 or 4): [`Record::pack`](crate::Record::pack_in) bits, truncated (1 byte holds value and a remoteness below 64) |
//! | 8..16 | seed of the hash |
//! | 16..24 | positions `n` |
//! | 24..32 | buckets `b` |
//! | 32..40 | slots `s` (a little more than `n`) |
//! | 40.. | `b` pilots, `u16` each |
//! | then | `s` entries of `kb + rb` bytes: a key and its record; an empty slot is all zeros |
//!
//! # The hash (a PtrHash-style minimal-ish perfect hash)
//!
//! A key's hash is `h = mix(key ^ seed)` (`mix` is the murmur3 finalizer, a bijection, so
//! different keys never share `h`). Its bucket is `b * (h >> 32) >> 32`; its slot is
//! `s * mix(h ^ pilot * K) >> 64` with its bucket's pilot, which the writer chose so that
//! every key lands in a slot of its own. A lookup reads one pilot and one entry and
//! compares the stored key: a key that is not in the table finds another key or an empty
//! slot, a miss, never another position's record.
//!
//! Cost: `kb + rb` bytes per slot (slots are `n` plus 1.5 %) and 2 bytes per bucket (a
//! bucket holds 4 keys on average): 4.6 bytes per position for 3-byte keys and 1-byte
//! records.

use core::fmt;

/// The first four bytes of a table.
pub const MAGIC: [u8; 4] = *b"PPT1";
/// The layout version this reader knows.
pub const VERSION: u16 = 1;
/// The header's length in bytes; the pilots follow it.
pub const HEADER_LEN: usize = 40;
/// The pilot's multiplier in the slot hash.
const PILOT_MUL: u64 = 0x9e37_79b9_7f4a_7c15;

/// The murmur3 64-bit finalizer: a bijection that spreads every input bit over the output.
#[must_use]
pub const fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// A key's hash under `seed`.
#[must_use]
pub const fn hash(key: u64, seed: u64) -> u64 {
    mix(key ^ seed)
}

/// The bucket of hash `h` among `buckets` (fewer than 2^32).
#[must_use]
pub const fn bucket(h: u64, buckets: u64) -> u64 {
    ((h >> 32) * buckets) >> 32
}

/// The slot of hash `h` with `pilot`, among `slots`.
#[must_use]
pub const fn slot(h: u64, pilot: u16, slots: u64) -> u64 {
    let x = mix(h ^ (pilot as u64).wrapping_mul(PILOT_MUL));
    ((x as u128 * slots as u128) >> 64) as u64
}

/// An `include_bytes!` array aligned to a cache line, so a table's header and first
/// pilots share one: `static T: &Aligned<[u8]> = &Aligned(*include_bytes!("t.bin"));`.
#[repr(C, align(64))]
#[derive(Debug)]
pub struct Aligned<B: ?Sized>(pub B);

/// Why bytes are not a table of this layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// Shorter than the header, or than the header says.
    Truncated,
    /// Not `PPT1` at the start.
    Magic,
    /// Another layout version than [`VERSION`].
    Version,
    /// Key bytes outside 1..=8 or record bytes other than 1, 2 or 4.
    Widths,
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LayoutError::Truncated => "the table is shorter than its header says",
            LayoutError::Magic => "not a perfect-play table: no PPT1 at the start",
            LayoutError::Version => "a perfect-play table of another layout version",
            LayoutError::Widths => "a table with key or record widths this reader cannot read",
        })
    }
}

/// A binary table of layout version 1 over `'static` bytes, its header read once.
#[derive(Clone, Copy)]
pub struct PackedTable {
    pilots: &'static [u8],
    entries: &'static [u8],
    seed: u64,
    len: usize,
    buckets: u64,
    slots: u64,
    key_bytes: usize,
    entry_bytes: usize,
    /// The stored key's bits in an entry's first 8 bytes (`kb` bytes).
    key_mask: u64,
    /// The record's bits once shifted down by `8 * kb` (`rb` bytes).
    record_mask: u64,
}

impl fmt::Debug for PackedTable {
    /// The header, not the bytes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PackedTable")
            .field("len", &self.len)
            .field("buckets", &self.buckets)
            .field("slots", &self.slots)
            .field("key_bytes", &self.key_bytes)
            .field("record_bytes", &self.record_bytes())
            .finish_non_exhaustive()
    }
}

/// The little-endian `u64` at `at` in `bytes`, or `None` past the end.
const fn u64_at(bytes: &[u8], at: usize) -> Option<u64> {
    let Some((_, rest)) = bytes.split_at_checked(at) else {
        return None;
    };
    match rest.first_chunk::<8>() {
        Some(chunk) => Some(u64::from_le_bytes(*chunk)),
        None => None,
    }
}

impl PackedTable {
    /// Reads the header of `bytes` (what `packed_write` wrote).
    ///
    /// # Errors
    /// [`LayoutError`] if `bytes` are not a whole table of this layout.
    pub const fn parse(bytes: &'static [u8]) -> Result<PackedTable, LayoutError> {
        let Some((header, rest)) = bytes.split_first_chunk::<HEADER_LEN>() else {
            return Err(LayoutError::Truncated);
        };
        let [m0, m1, m2, m3, v0, v1, kb, rb, ..] = *header;
        if m0 != MAGIC[0] || m1 != MAGIC[1] || m2 != MAGIC[2] || m3 != MAGIC[3] {
            return Err(LayoutError::Magic);
        }
        if u16::from_le_bytes([v0, v1]) != VERSION {
            return Err(LayoutError::Version);
        }
        if kb == 0 || kb > 8 || !matches!(rb, 1 | 2 | 4) {
            return Err(LayoutError::Widths);
        }
        let (Some(seed), Some(len), Some(buckets), Some(slots)) = (
            u64_at(header, 8),
            u64_at(header, 16),
            u64_at(header, 24),
            u64_at(header, 32),
        ) else {
            return Err(LayoutError::Truncated);
        };
        let entry_bytes = kb as usize + rb as usize;
        if buckets >= 1 << 32 || slots >= 1 << 40 || len > slots {
            return Err(LayoutError::Truncated);
        }
        let Some((pilots, entries)) = rest.split_at_checked(2 * buckets as usize) else {
            return Err(LayoutError::Truncated);
        };
        if entries.len() != slots as usize * entry_bytes {
            return Err(LayoutError::Truncated);
        }
        Ok(PackedTable {
            pilots,
            entries,
            seed,
            len: len as usize,
            buckets,
            slots,
            key_bytes: kb as usize,
            entry_bytes,
            key_mask: u64::MAX >> (64 - 8 * kb as u32),
            record_mask: u64::MAX >> (64 - 8 * rb as u32),
        })
    }

    /// The table in `bytes`, for a `static`: a malformed table stops the build there.
    ///
    /// # Panics
    /// If `bytes` are not a table of this layout ([`PackedTable::parse`] for a `Result`);
    /// in a `static` or `const` that is a compile error, never a run-time panic.
    #[must_use]
    #[allow(clippy::panic)] // evaluated at compile time: a bad table is a build error
    pub const fn new(bytes: &'static [u8]) -> PackedTable {
        match PackedTable::parse(bytes) {
            Ok(table) => table,
            Err(_) => panic!("not a perfect-play table of layout version 1"),
        }
    }

    /// How many positions the table holds.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the table holds no position.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many bytes each record takes (1, 2 or 4).
    #[must_use]
    pub const fn record_bytes(&self) -> usize {
        self.entry_bytes - self.key_bytes
    }

    /// The bytes the table takes: header, pilots and entries.
    #[must_use]
    pub const fn size(&self) -> usize {
        HEADER_LEN + self.pilots.len() + self.entries.len()
    }

    /// The packed record of `key` ([`Record::unpack`](crate::Record::unpack_in) reads
    /// it), or `None` if the table does not hold `key`.
    #[must_use]
    #[inline]
    pub fn get(&self, key: u64) -> Option<u32> {
        let h = hash(key, self.seed);
        let b = bucket(h, self.buckets) as usize;
        let pilot = match self.pilots.get(2 * b..2 * b + 2)? {
            &[lo, hi] => u16::from_le_bytes([lo, hi]),
            _ => return None,
        };
        let at = slot(h, pilot, self.slots) as usize * self.entry_bytes;
        // Fast path: an entry of at most 8 bytes in one 8-byte load (every entry but the
        // last few).
        let word = match self.entry_bytes {
            ..=8 => self.entries.get(at..at + 8),
            _ => None,
        };
        let (stored, bits) = match word {
            Some(&[b0, b1, b2, b3, b4, b5, b6, b7]) => {
                let word = u64::from_le_bytes([b0, b1, b2, b3, b4, b5, b6, b7]);
                let record = word.checked_shr(8 * self.key_bytes as u32).unwrap_or(0);
                (word & self.key_mask, record & self.record_mask)
            }
            _ => self.read_slowly(at)?,
        };
        if stored != key {
            return None;
        }
        match bits {
            0 => None,
            bits => Some(bits as u32),
        }
    }

    /// Every key in the table with its packed record, in slot order (not key order): a
    /// walk over the solved table.
    pub fn iter(self) -> impl Iterator<Item = (u64, u32)> {
        (0..self.slots as usize).filter_map(move |slot| {
            let (key, bits) = self.read_slowly(slot * self.entry_bytes)?;
            (bits != 0).then_some((key, bits as u32))
        })
    }

    /// The key and record of the entry at byte `at`, read byte by byte (an entry near the
    /// end, or one longer than 8 bytes).
    #[cold]
    fn read_slowly(&self, at: usize) -> Option<(u64, u64)> {
        let entry = self.entries.get(at..at + self.entry_bytes)?;
        let (stored, record) = entry.split_at_checked(self.key_bytes)?;
        let mut key = [0u8; 8];
        key.get_mut(..stored.len())?.copy_from_slice(stored);
        let mut bits = [0u8; 8];
        bits.get_mut(..record.len())?.copy_from_slice(record);
        Some((u64::from_le_bytes(key), u64::from_le_bytes(bits)))
    }
}
