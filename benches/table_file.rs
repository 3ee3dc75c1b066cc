//! A probe of a table file mapped in place (`perfect_play::file`), beside the compiled
//! Connect Four 4x4 table's probe, in one criterion run.
//!
//! The file is `PERFECT_PLAY_BENCH_TABLE` (a `connect4-6x4` or `connect4-5x5` file:
//! `perfect-play solve connect4-6x4 --out FILE`; or Dōbutsu shōgi's, `perfect-play solve
//! dobutsu --out FILE`); without it, the bench solves `connect4-4x4` into a temporary
//! file. Each iteration probes the same 100,000 positions of the file, drawn by a seeded
//! generator from all its positions and visited in that random order (cache misses as a
//! real probe meets them), summing the remoteness; divide by 100,000 for one probe. The
//! compiled table is probed the same way over its own positions. Each is then asked the
//! same positions at once (`Solved::probe_many`: a file's probes pipelined). Opening
//! (mapping and verifying every checksum) is timed once and printed. A 6x4 or Dōbutsu file
//! is also probed in two halves: the work before the lookup alone (`keys`:
//! `Game::probe_key`), and the lookups alone, their keys computed before (what a probe
//! would take if its key cost nothing).
//!
//! Beside them, the machine's floor for a lone probe (`memory floor`): 100,000 dependent
//! loads at random in memory the size of the file, each load's address the value the one
//! before it read (a random cycle through every 64-byte line), on 4 KiB pages and on huge
//! pages as the mapped and the loaded file are (huge pages are advice: where the kernel
//! has none, both rows are on 4 KiB pages): what one wait on memory costs here, below
//! which no lone probe that must reach the file's bytes can go. Without a 6x4 file the
//! ring is the 4x4 file's size and fits the caches: the floor is then the caches'.
//!
//! Run: `PERFECT_PLAY_BENCH_TABLE=c64.table cargo bench --bench table_file --features file`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stdout,
    clippy::print_stderr
)] // measuring code: it may panic and print

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use perfect_play::games::connect4::Connect4;
use perfect_play::games::{CONNECT4_4X4, Dobutsu};
use perfect_play::{Game, Record, Solved};

/// Lookups an iteration makes.
const SAMPLE: usize = 100_000;

/// A seeded xorshift generator: the same sample on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `SAMPLE` positions drawn from every key of `table` (of `G`'s start's size), in a seeded
/// random order.
fn sample<G: Game>(table: &Solved<G>) -> Vec<G> {
    let keys: Vec<u64> = table.table().entries().map(|(key, _)| key).collect();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    (0..SAMPLE)
        .map(|_| {
            let key = keys[(rng.next() % keys.len() as u64) as usize];
            G::start().at_key(key).unwrap()
        })
        .collect()
}

fn probe_all<G: Game>(table: &Solved<G>, positions: &[G]) -> u64 {
    positions
        .iter()
        .map(|p| u64::from(table.probe(black_box(p)).unwrap().remoteness))
        .sum()
}

/// What a probe computes before it reads the table, for every position: the checks that a
/// game reaches it, its canonical form, its tier and key ([`Game::probe_key`], what
/// [`Solved::probe`] does but the lookup). The part of a probe's time that is not a wait
/// on memory.
fn keys_all<G: Game>(positions: &[G], canonical: bool) -> u64 {
    positions
        .iter()
        .map(|p| {
            black_box(p)
                .probe_key(canonical)
                .map_or(0, |(tier, key)| u64::from(tier) ^ key)
        })
        .fold(0, u64::wrapping_add)
}

/// The lookups of [`probe_all`] alone, their tiers and keys computed before: what a probe
/// would take if its key cost nothing, the part that waits on memory.
fn lookups_all<G: Game>(table: &Solved<G>, keys: &[(u32, u64)]) -> u64 {
    keys.iter()
        .map(|&(tier, key)| {
            let (tier, key) = black_box((tier, key));
            u64::from(table.table().entry(tier, key).unwrap())
        })
        .fold(0, u64::wrapping_add)
}

/// Every bench of a table file of `G` named `name` at `path` (`label` in the benches'
/// names): the keys alone, the lookups alone, probes one after another mapped and loaded,
/// and the same probes at once.
fn file_benches<G: Game + 'static>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    label: &str,
    path: &Path,
    name: &str,
    out: &mut [Option<Record>],
) {
    let table = perfect_play::file::open::<G>(path, name).unwrap();
    let positions = sample(table);
    let canonical = table.table().packing().canonical;
    let keys: Vec<(u32, u64)> = positions
        .iter()
        .map(|p| p.probe_key(canonical).unwrap())
        .collect();
    group.bench_function(format!("keys {label} (no lookup)"), |b| {
        b.iter(|| keys_all(&positions, canonical));
    });
    group.bench_function(format!("file {label}, lookups alone (keys known)"), |b| {
        b.iter(|| lookups_all(table, &keys));
    });
    group.bench_function(format!("file {label}"), |b| {
        b.iter(|| probe_all(table, &positions));
    });
    let loaded = perfect_play::file::load::<G>(path, name).unwrap();
    group.bench_function(format!("file {label}, loaded (huge pages)"), |b| {
        b.iter(|| probe_all(loaded, &positions));
    });
    group.bench_function(format!("file {label}, probe_many"), |b| {
        b.iter(|| probe_many(table, &positions, out));
    });
    group.bench_function(format!("file {label}, loaded, probe_many"), |b| {
        b.iter(|| probe_many(loaded, &positions, out));
    });
}

/// The same probes as [`probe_all`], asked all at once ([`Solved::probe_many`]: a file's
/// probes pipelined, their waits on memory overlapping).
fn probe_many<G: Game>(table: &Solved<G>, positions: &[G], out: &mut [Option<Record>]) -> u64 {
    table.probe_many(black_box(positions), out);
    out.iter().map(|r| u64::from(r.unwrap().remoteness)).sum()
}

/// Memory of `bytes` (on huge pages if `huge`) holding a random cycle through its 64-byte
/// lines: each line's first 8 bytes are the offset of the next line of the cycle.
fn ring(bytes: usize, huge: bool) -> memmap2::MmapMut {
    let lines = (bytes / 64).max(2);
    let mut memory = memmap2::MmapOptions::new()
        .len(lines * 64)
        .map_anon()
        .unwrap();
    let advice = if huge {
        memmap2::Advice::HugePage
    } else {
        memmap2::Advice::NoHugePage
    };
    let _ = memory.advise(advice);
    let mut order: Vec<usize> = (0..lines).collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for i in (1..lines).rev() {
        order.swap(i, (rng.next() % (i as u64 + 1)) as usize);
    }
    for (i, &line) in order.iter().enumerate() {
        let next = order[(i + 1) % lines] * 64;
        memory[line * 64..line * 64 + 8].copy_from_slice(&(next as u64).to_le_bytes());
    }
    memory
}

/// `SAMPLE` dependent loads around [`ring`]'s cycle from `at`, each waiting for the one
/// before; `at` is left where they stopped, so that the next iteration goes on round the
/// cycle rather than through the same lines again (which the caches would keep).
fn chase(memory: &[u8], at: &mut usize) -> u64 {
    for _ in 0..SAMPLE {
        let bytes: [u8; 8] = memory[*at..*at + 8].try_into().unwrap();
        *at = u64::from_le_bytes(bytes) as usize;
    }
    *at as u64
}

fn main() {
    let path = match std::env::var_os("PERFECT_PLAY_BENCH_TABLE") {
        Some(path) => PathBuf::from(path),
        None => {
            let path = std::env::temp_dir().join("perfect-play-bench-c44.table");
            let quiet = |_| {};
            let options = perfect_play_generate::Options {
                threads: 0,
                memory: 1 << 30,
                progress: &quiet,
            };
            perfect_play_generate::solve_file::<Connect4<4, 4>>("connect4-4x4", &path, &options)
                .unwrap();
            path
        }
    };
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("probe");
    group.throughput(Throughput::Elements(SAMPLE as u64));

    let compiled = sample(&CONNECT4_4X4);
    group.bench_function("compiled connect4-4x4", |b| {
        b.iter(|| probe_all(&CONNECT4_4X4, &compiled));
    });
    let mut out = vec![None; SAMPLE];
    group.bench_function("compiled connect4-4x4, probe_many", |b| {
        b.iter(|| probe_many(&CONNECT4_4X4, &compiled, &mut out));
    });

    let opened = Instant::now();
    let any = perfect_play::file::open_any(&path).unwrap();
    let name = any.name();
    println!(
        "opened and verified {} ({} positions, {} bytes) in {:.3} s",
        path.display(),
        any.len(),
        any.bytes().len(),
        opened.elapsed().as_secs_f64()
    );
    let size = any.bytes().len();
    for (label, huge) in [("memory floor", false), ("memory floor, huge pages", true)] {
        let memory = ring(size, huge);
        let mut at = 0;
        group.bench_function(label, |b| b.iter(|| chase(black_box(&memory), &mut at)));
    }
    match name {
        "connect4-6x4" => {
            file_benches::<Connect4<6, 4>>(&mut group, "connect4-6x4", &path, name, &mut out);
        }
        "connect4-5x5" => {
            let table = perfect_play::file::open::<Connect4<5, 5>>(&path, name).unwrap();
            let positions = sample(table);
            group.bench_function("file connect4-5x5", |b| {
                b.iter(|| probe_all(table, &positions));
            });
            group.bench_function("file connect4-5x5, probe_many", |b| {
                b.iter(|| probe_many(table, &positions, &mut out));
            });
        }
        "dobutsu:giraffes=true,elephants=true" => {
            file_benches::<Dobutsu>(&mut group, "dobutsu", &path, name, &mut out);
        }
        _ => {
            let table = perfect_play::file::open::<Connect4<4, 4>>(&path, "connect4-4x4").unwrap();
            let positions = sample(table);
            group.bench_function("file connect4-4x4", |b| {
                b.iter(|| probe_all(table, &positions));
            });
            group.bench_function("file connect4-4x4, probe_many", |b| {
                b.iter(|| probe_many(table, &positions, &mut out));
            });
        }
    }
    group.finish();
    criterion.final_summary();
}
