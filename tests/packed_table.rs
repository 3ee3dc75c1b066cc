//! The binary table of large games (`crates/core/src/packed.rs`, written by
//! `crates/generate/src/packed_write.rs`, as `build.rs` writes it and the library reads it).
//!
//! Where the expectations come from: the layout's own contract, documented in
//! `packed.rs`: every key written is found with its record, a key never written is a miss
//! (the full key is stored and compared), the same entries give the same bytes, keys up
//! to 64 bits wide are kept whole, and the header states the widths.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::BTreeMap;

use perfect_play::packed::{HEADER_LEN, LayoutError, PackedTable};
use perfect_play_generate::{PackError, write_packed};

/// A seeded xorshift generator: the same inputs on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `n` distinct keys below `2^bits` with records (value bits never 0), in key order.
fn entries(n: usize, bits: u32, records: u32, seed: u64) -> Vec<(u64, u32)> {
    let mut rng = Rng(seed);
    let mut map = BTreeMap::new();
    while map.len() < n {
        let key = if bits == 64 {
            rng.next()
        } else {
            rng.next() >> (64 - bits)
        };
        let record = 1 + (rng.next() % u64::from(records)) as u32;
        map.insert(key, record);
    }
    map.into_iter().collect()
}

/// The table of `entries`, leaked to `'static` as `include_bytes!` data would be.
fn table(entries: &[(u64, u32)]) -> PackedTable {
    let bytes: &'static [u8] = Box::leak(write_packed(entries).unwrap().into_boxed_slice());
    PackedTable::parse(bytes).unwrap()
}

#[test]
fn every_key_is_found_with_its_record() {
    for (n, bits, records) in [
        (1, 8, 3),
        (10, 16, 200),
        (5_000, 24, 255),
        (200_000, 32, 255),
    ] {
        let entries = entries(n, bits, records, 7 + n as u64);
        let table = table(&entries);
        assert_eq!(table.len(), n);
        for &(key, record) in &entries {
            assert_eq!(table.get(key), Some(record), "key {key} of {n}");
        }
    }
}

#[test]
fn a_walk_gives_every_entry_once() {
    let entries = entries(20_000, 40, 1_000, 17);
    let table = table(&entries);
    let mut walked: Vec<(u64, u32)> = table.iter().collect();
    walked.sort_unstable();
    assert_eq!(walked, entries);
}

#[test]
fn keys_not_in_the_table_are_misses() {
    let entries = entries(100_000, 28, 255, 11);
    let table = table(&entries);
    let written: std::collections::HashSet<u64> = entries.iter().map(|&(k, _)| k).collect();
    let mut rng = Rng(99);
    let mut tried = 0;
    while tried < 200_000 {
        // Keys of the same width, and keys wider than every stored key.
        let key = match tried % 3 {
            0 => rng.next() >> 36,
            1 => rng.next(),
            _ => (rng.next() >> 36) | 1 << 40,
        };
        if !written.contains(&key) {
            assert_eq!(table.get(key), None, "key {key}");
            tried += 1;
        }
    }
}

#[test]
fn keys_wider_than_32_bits_are_kept_whole() {
    let entries = entries(50_000, 64, 60_000, 5);
    let table = table(&entries);
    assert!(entries.iter().any(|&(k, _)| k > u64::from(u32::MAX)));
    for &(key, record) in &entries {
        assert_eq!(table.get(key), Some(record));
        // The same low 32 bits with other high bits: a miss.
        let twin = key ^ 1 << 40;
        if entries.binary_search_by_key(&twin, |&(k, _)| k).is_err() {
            assert_eq!(table.get(twin), None);
        }
    }
    assert_eq!(table.record_bytes(), 2, "records up to 60,000 take 2 bytes");
}

#[test]
fn the_same_entries_give_the_same_bytes() {
    let entries = entries(30_000, 25, 255, 3);
    let first = write_packed(&entries).unwrap();
    let second = write_packed(&entries).unwrap();
    assert_eq!(first, second);
}

#[test]
fn small_records_take_one_byte_and_the_size_is_as_documented() {
    let entries = entries(100_000, 24, 255, 13);
    let table = table(&entries);
    assert_eq!(table.record_bytes(), 1);
    let bytes = write_packed(&entries).unwrap();
    // 3-byte keys, 1-byte records, slots n + n/64, a 2-byte pilot per 4 keys.
    let slots = 100_000 + 100_000 / 64;
    assert_eq!(bytes.len(), HEADER_LEN + 2 * 25_000 + 4 * slots);
    assert_eq!(table.size(), bytes.len());
    assert!(bytes.len() as f64 / 100_000.0 < 4.6);
}

#[test]
fn the_writer_refuses_what_the_layout_cannot_hold() {
    assert_eq!(
        write_packed(&[(5, 1), (3, 1)]),
        Err(PackError::Unsorted { key: 3 })
    );
    assert_eq!(
        write_packed(&[(5, 1), (5, 2)]),
        Err(PackError::Unsorted { key: 5 })
    );
    assert_eq!(
        write_packed(&[(5, 0)]),
        Err(PackError::EmptyRecord { key: 5 })
    );
}

#[test]
fn the_reader_refuses_what_is_not_a_table() {
    let bytes: &'static [u8] = Box::leak(
        write_packed(&entries(100, 16, 3, 1))
            .unwrap()
            .into_boxed_slice(),
    );
    assert!(PackedTable::parse(bytes).is_ok());
    assert_eq!(
        PackedTable::parse(&bytes[..bytes.len() - 1]).unwrap_err(),
        LayoutError::Truncated
    );
    assert_eq!(
        PackedTable::parse(&bytes[..10]).unwrap_err(),
        LayoutError::Truncated
    );
    let mut wrong = bytes.to_vec();
    wrong[0] = b'X';
    let wrong: &'static [u8] = Box::leak(wrong.into_boxed_slice());
    assert_eq!(PackedTable::parse(wrong).unwrap_err(), LayoutError::Magic);
    let mut newer = bytes.to_vec();
    newer[4] = 2;
    let newer: &'static [u8] = Box::leak(newer.into_boxed_slice());
    assert_eq!(PackedTable::parse(newer).unwrap_err(), LayoutError::Version);
}

#[test]
fn an_empty_table_misses_everything() {
    let table = table(&[]);
    assert!(table.is_empty());
    assert_eq!(table.get(0), None);
    assert_eq!(table.get(u64::MAX), None);
}
