//! Writing a large game's table in the binary layout of `packed` (version 1), at build
//! time: deterministic byte for byte (keys in increasing order, a fixed sequence of
//! seeds, buckets placed in a fixed order).
//!
//! Shared with `build.rs` through `#[path]`; it uses `std` and `packed`'s hash functions.

use std::fmt;
use std::vec::Vec;

use perfect_play_core::packed::{HEADER_LEN, MAGIC, VERSION, bucket, hash, slot};

/// Keys per bucket on average: each bucket costs a 2-byte pilot.
const KEYS_PER_BUCKET: usize = 4;
/// The first seed tried; each failure tries the next, up to [`SEEDS`] of them.
const FIRST_SEED: u64 = 0x7065_7266_6563_7421;
/// How many seeds to try before giving up (with 2^16 pilots per bucket, one is enough in
/// practice).
const SEEDS: u64 = 16;

/// Why a table could not be written.
#[derive(Clone, PartialEq, Eq)]
pub enum PackError {
    /// The keys are not in strictly increasing order (or one repeats).
    Unsorted {
        /// The first key out of order.
        key: u64,
    },
    /// A record of 0: the layout's empty slot (a packed record's value bits are never 0).
    EmptyRecord {
        /// Its key.
        key: u64,
    },
    /// No seed gave every bucket a pilot (never seen: a bug, or keys made to collide).
    NoPilot,
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackError::Unsorted { key } => write!(
                f,
                "the key {key} is out of order: a table's keys must be strictly increasing"
            ),
            PackError::EmptyRecord { key } => write!(
                f,
                "the record of key {key} is 0, which the table keeps for an empty slot"
            ),
            PackError::NoPilot => f.write_str("no perfect hash found for these keys"),
        }
    }
}

impl std::error::Error for PackError {}

/// The fewest bytes (of 1, 2 or 4, or for keys 1..=8) that hold `max`.
fn bytes_for(max: u64, choices: &[usize]) -> usize {
    let bits = 64 - max.leading_zeros() as usize;
    choices
        .iter()
        .copied()
        .find(|&b| b * 8 >= bits)
        .unwrap_or(8)
}

/// The table of `entries` (each key with its packed record, keys strictly increasing) in
/// layout version 1: header, pilots, entries.
///
/// # Errors
/// [`PackError`] if the keys are not strictly increasing or a record is 0.
pub fn write_packed(entries: &[(u64, u32)]) -> Result<Vec<u8>, PackError> {
    let mut last = None;
    for &(key, record) in entries {
        if last.is_some_and(|l| l >= key) {
            return Err(PackError::Unsorted { key });
        }
        if record == 0 {
            return Err(PackError::EmptyRecord { key });
        }
        last = Some(key);
    }
    let max_key = entries.last().map_or(0, |&(k, _)| k);
    let max_record = entries.iter().map(|&(_, r)| r).max().unwrap_or(1);
    let key_bytes = bytes_for(max_key, &[1, 2, 3, 4, 5, 6, 7, 8]);
    let record_bytes = bytes_for(u64::from(max_record), &[1, 2, 4]);
    let n = entries.len();
    let buckets = n.div_ceil(KEYS_PER_BUCKET).max(1);
    let slots = (n + n / 64).max(1);
    for seed in FIRST_SEED..FIRST_SEED + SEEDS {
        if let Some(pilots) = place(entries, seed, buckets, slots) {
            return Ok(lay_out(
                entries,
                seed,
                &pilots,
                slots,
                key_bytes,
                record_bytes,
            ));
        }
    }
    Err(PackError::NoPilot)
}

/// A pilot for each bucket such that every key gets a slot of its own, or `None` if some
/// bucket has none.
fn place(entries: &[(u64, u32)], seed: u64, buckets: usize, slots: usize) -> Option<Vec<u16>> {
    let hashes: Vec<u64> = entries.iter().map(|&(key, _)| hash(key, seed)).collect();
    // Each bucket's keys, by counting sort: `starts[b]..starts[b + 1]` in `members`.
    let mut starts = vec![0u32; buckets + 1];
    for &h in &hashes {
        *starts.get_mut(bucket(h, buckets as u64) as usize + 1)? += 1;
    }
    for b in 0..buckets {
        let before = *starts.get(b)?;
        *starts.get_mut(b + 1)? += before;
    }
    let mut fill = starts.clone();
    let mut members = vec![0u64; hashes.len()];
    for &h in &hashes {
        let at = fill.get_mut(bucket(h, buckets as u64) as usize)?;
        *members.get_mut(*at as usize)? = h;
        *at += 1;
    }
    // Largest buckets first (while the table is emptiest), ties by bucket number.
    let size = |b: usize| -> u32 {
        let (Some(s), Some(e)) = (starts.get(b), starts.get(b + 1)) else {
            return 0;
        };
        e - s
    };
    let mut order: Vec<u32> = (0..buckets as u32).collect();
    order.sort_by_key(|&b| (u32::MAX - size(b as usize), b));

    let mut taken = vec![0u64; slots.div_ceil(64)];
    let is_taken = |taken: &[u64], s: u64| {
        taken
            .get((s / 64) as usize)
            .is_none_or(|w| w >> (s % 64) & 1 != 0)
    };
    let mut pilots = vec![0u16; buckets];
    let mut chosen: Vec<u64> = Vec::new();
    for &b in &order {
        let b = b as usize;
        let keys = members.get(*starts.get(b)? as usize..*starts.get(b + 1)? as usize)?;
        if keys.is_empty() {
            continue;
        }
        let mut found = None;
        'pilots: for pilot in 0..=u16::MAX {
            chosen.clear();
            for &h in keys {
                let s = slot(h, pilot, slots as u64);
                if is_taken(&taken, s) || chosen.contains(&s) {
                    continue 'pilots;
                }
                chosen.push(s);
            }
            found = Some(pilot);
            break;
        }
        let pilot = found?;
        for &s in &chosen {
            *taken.get_mut((s / 64) as usize)? |= 1 << (s % 64);
        }
        *pilots.get_mut(b)? = pilot;
    }
    Some(pilots)
}

/// The bytes of the table: header, pilots, then each key with its record in its slot.
fn lay_out(
    entries: &[(u64, u32)],
    seed: u64,
    pilots: &[u16],
    slots: usize,
    key_bytes: usize,
    record_bytes: usize,
) -> Vec<u8> {
    let entry_bytes = key_bytes + record_bytes;
    let mut out = Vec::with_capacity(HEADER_LEN + 2 * pilots.len() + slots * entry_bytes);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(key_bytes as u8);
    out.push(record_bytes as u8);
    for word in [
        seed,
        entries.len() as u64,
        pilots.len() as u64,
        slots as u64,
    ] {
        out.extend_from_slice(&word.to_le_bytes());
    }
    for pilot in pilots {
        out.extend_from_slice(&pilot.to_le_bytes());
    }
    let base = out.len();
    out.resize(base + slots * entry_bytes, 0);
    for &(key, record) in entries {
        let h = hash(key, seed);
        let b = bucket(h, pilots.len() as u64) as usize;
        let pilot = pilots.get(b).copied().unwrap_or(0);
        let at = base + slot(h, pilot, slots as u64) as usize * entry_bytes;
        if let Some(entry) = out.get_mut(at..at + entry_bytes) {
            let (k, r) = entry.split_at_mut(key_bytes);
            k.copy_from_slice(key.to_le_bytes().get(..key_bytes).unwrap_or(&[]));
            r.copy_from_slice(record.to_le_bytes().get(..record_bytes).unwrap_or(&[]));
        }
    }
    out
}

/// The message, as `Display` says it: a build script's `main` returning this error prints
/// its `Debug`, and a person reads the sentence there, not the variant.
impl fmt::Debug for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
