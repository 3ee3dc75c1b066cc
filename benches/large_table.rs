//! A lookup in a table of 4 million positions: a table file of one tier, as large games
//! are compiled (`crates/core/src/file.rs`), a `phf` map laid out exactly as `phf_codegen` would
//! (CHD, phf's own hashing at run time), and a dense array indexed by key; with the bytes
//! per position of each.
//!
//! The keys are 4,000,000 distinct seeded random 25-bit keys (the key space of Connect
//! Four on 5x4, whose table holds 3.9 million) with 1-byte records, as Connect Four's. The
//! table file is written by `perfect_play_generate::write_file`, the one writer of the
//! format; the phf map by `phf_generator` and leaked into a `'static`
//! `phf::Map<u32, u8>`; the dense array holds 2^25 one-byte records. Each iteration looks
//! up the same 100,000 present keys in a seeded random order (cache misses as a real
//! probe meets them), summing the records; `baseline` does the loop and the sum without a
//! table. The shipped `connect4-4x4` table (161,029 positions) is timed the same way.
//!
//! Run: `cargo bench --bench large_table` (CHD only: phf's ptrhash layout has other
//! fields). Divide each time by 100,000 for one lookup.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stdout,
    clippy::print_stderr
)] // measuring code: it may panic and print

/// How many positions the large tables hold.
#[cfg(not(feature = "ptrhash"))]
const POSITIONS: usize = 4_000_000;
/// How many lookups an iteration makes.
#[cfg(not(feature = "ptrhash"))]
const SAMPLE: usize = 100_000;
/// The key width: Connect Four on 5x4 has `5 * (4 + 1)` bits.
#[cfg(not(feature = "ptrhash"))]
const KEY_BITS: u32 = 25;

/// A seeded xorshift generator: the same keys on every run.
#[cfg(not(feature = "ptrhash"))]
struct Rng(u64);

#[cfg(not(feature = "ptrhash"))]
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[cfg(not(feature = "ptrhash"))]
fn main() {
    use std::collections::BTreeMap;
    use std::hint::black_box;
    use std::time::Instant;

    use criterion::{Criterion, Throughput};
    use perfect_play::Game;
    use perfect_play::games::{CONNECT4_4X4, Connect4On4x4};

    use perfect_play_core::file::FileTable;

    let mut rng = Rng(0x4c4f_4f4b_5550);
    let mut map = BTreeMap::new();
    while map.len() < POSITIONS {
        let key = rng.next() >> (64 - KEY_BITS);
        map.insert(key, 1 + (rng.next() % 255) as u8);
    }
    let entries: Vec<(u64, u8)> = map.into_iter().collect();
    let sample: Vec<u64> = (0..SAMPLE)
        .map(|_| entries[(rng.next() % POSITIONS as u64) as usize].0)
        .collect();

    // The table file: one tier of every key, each record as written.
    let clock = Instant::now();
    let keys: Vec<u64> = entries.iter().map(|&(k, _)| k).collect();
    let records: Vec<u32> = entries.iter().map(|&(_, r)| u32::from(r)).collect();
    let header = perfect_play_generate::FileHeader {
        name: "bench".into(),
        rules_version: 1,
        key_bits: KEY_BITS,
        record_bytes: 1,
        remoteness_bits: 6,
        canonical: false,
    };
    let out = perfect_play_generate::write_file(
        std::io::Cursor::new(Vec::new()),
        &header,
        &[keys.len() as u64],
        |_, w| {
            w.write_all(&perfect_play_generate::key_index(0, &keys, KEY_BITS)?)?;
            w.write_all(&perfect_play_generate::record_bytes(&records, 1))?;
            Ok(())
        },
    )
    .unwrap();
    let bytes: &'static [u8] = Box::leak(out.into_inner().into_boxed_slice());
    let written = clock.elapsed();
    let packed = FileTable::parse(bytes).unwrap();
    println!(
        "file: {} bytes, {:.2} bytes/position, written in {:.2} s",
        bytes.len(),
        bytes.len() as f64 / POSITIONS as f64,
        written.as_secs_f64()
    );

    // The phf map, as phf_codegen lays it out.
    let clock = Instant::now();
    let keys: Vec<u32> = entries.iter().map(|&(k, _)| k as u32).collect();
    let state = phf_generator::generate_hash(&keys);
    let phf_entries: Vec<(u32, u8)> = state
        .map
        .iter()
        .map(|&i| (entries[i].0 as u32, entries[i].1))
        .collect();
    let phf_map: &'static phf::Map<u32, u8> = Box::leak(Box::new(phf::Map {
        key: state.key,
        disps: Box::leak(state.disps.into_boxed_slice()),
        entries: Box::leak(phf_entries.into_boxed_slice()),
    }));
    let phf_bytes =
        size_of_val(phf_map) + size_of_val(phf_map.disps) + size_of_val(phf_map.entries);
    println!(
        "phf: {phf_bytes} bytes, {:.2} bytes/position, generated in {:.2} s (hash only, no Rust source)",
        phf_bytes as f64 / POSITIONS as f64,
        clock.elapsed().as_secs_f64()
    );

    // The dense array over the key space.
    let mut dense = vec![0u8; 1 << KEY_BITS];
    for &(k, r) in &entries {
        dense[k as usize] = r;
    }
    println!(
        "dense: {} bytes, {:.2} bytes/position",
        dense.len(),
        dense.len() as f64 / POSITIONS as f64
    );

    // Every table answers every sampled key alike.
    for &k in &sample {
        let r = dense[k as usize];
        assert_eq!(packed.get(0, k), Some(u32::from(r)));
        assert_eq!(phf_map.get(&(k as u32)), Some(&r));
    }

    // The shipped Connect Four 4x4 table, probed through `Solved`.
    let mut positions = vec![Connect4On4x4::start()];
    let mut at = 0;
    while positions.len() < 20_000 {
        let p = positions[at];
        at += 1;
        if p.finished().is_none() {
            p.moves(&mut |_, child| positions.push(child));
        }
    }
    let c4_sample: Vec<Connect4On4x4> = (0..SAMPLE)
        .map(|_| positions[(rng.next() % positions.len() as u64) as usize])
        .collect();

    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("lookup-4M");
    group.throughput(Throughput::Elements(SAMPLE as u64));
    group.bench_function("baseline", |b| {
        b.iter(|| {
            sample
                .iter()
                .fold(0u64, |s, &k| s.wrapping_add(black_box(k) & 0xff))
        });
    });
    group.bench_function("file", |b| {
        b.iter(|| {
            sample.iter().fold(0u64, |s, &k| {
                s.wrapping_add(u64::from(packed.get(0, black_box(k)).unwrap_or(0)))
            })
        });
    });
    group.bench_function("phf", |b| {
        b.iter(|| {
            sample.iter().fold(0u64, |s, &k| {
                s.wrapping_add(u64::from(
                    phf_map.get(&(black_box(k) as u32)).copied().unwrap_or(0),
                ))
            })
        });
    });
    group.bench_function("dense", |b| {
        b.iter(|| {
            sample.iter().fold(0u64, |s, &k| {
                s.wrapping_add(u64::from(dense[black_box(k) as usize]))
            })
        });
    });
    group.finish();

    let mut group = criterion.benchmark_group("connect4-4x4");
    group.throughput(Throughput::Elements(SAMPLE as u64));
    group.bench_function("probe", |b| {
        b.iter(|| {
            c4_sample.iter().fold(0u64, |s, p| {
                s.wrapping_add(u64::from(
                    CONNECT4_4X4.probe(black_box(p)).map_or(0, |r| r.remoteness),
                ))
            })
        });
    });
    group.finish();
    criterion.final_summary();
}

#[cfg(feature = "ptrhash")]
fn main() {
    println!("benches/large_table.rs measures phf's CHD layout only: run it without ptrhash");
}
