//! Tic-tac-toe with one table entry per class of symmetric boards (765 classes) against
//! the table of every reachable board (5,478): table bytes and lookup time.
//!
//! The class table is solved here by the crate's own generator (`perfect-play-generate`, as
//! `build.rs` runs it) with `canonical = true`, and laid out by
//! `phf_generator` exactly as `phf_codegen` lays out a generated map (same hasher, same
//! seed), then leaked into a `'static` `phf::Map`, so its bytes and its probe are those a
//! generated table would have. A lookup there is `Board::canonical` plus one probe.
//!
//! Run: `cargo bench --bench canonical` (CHD layout only: phf's ptrhash layout has other
//! fields). It prints both tables' bytes, then criterion times a lookup of every reachable
//! board, in the same board order, both ways.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stdout,
    clippy::print_stderr
)] // measuring code: it may panic and print

#[cfg(not(feature = "ptrhash"))]
use std::hint::black_box;

#[cfg(not(feature = "ptrhash"))]
use criterion::{Criterion, Throughput};
#[cfg(not(feature = "ptrhash"))]
use perfect_play::games::tictactoe::{Board, Player};
#[cfg(not(feature = "ptrhash"))]
use perfect_play::{Game, Value};

#[cfg(not(feature = "ptrhash"))]
/// A tic-tac-toe board whose canonical form is the library's.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Canon(Board);

#[cfg(not(feature = "ptrhash"))]
impl Game for Canon {
    type Move = u8;
    fn start() -> Canon {
        Canon(Board::EMPTY)
    }
    fn key(&self) -> u64 {
        u64::from(self.0.code())
    }
    fn finished(&self) -> Option<Value> {
        if self.0.has_line(Player::X) || self.0.has_line(Player::O) {
            Some(Value::Loss)
        } else if self.0.empty_mask() == 0 {
            Some(Value::Draw)
        } else {
            None
        }
    }
    fn moves(&self, visit: &mut dyn FnMut(u8, Canon)) {
        let (x, o) = (self.0.mask(Player::X), self.0.mask(Player::O));
        for cell in 0..9 {
            if self.0.empty_mask() & (1 << cell) != 0 {
                let board = match self.0.turn() {
                    Player::X => Board::from_masks(x | 1 << cell, o),
                    Player::O => Board::from_masks(x, o | 1 << cell),
                };
                visit(cell, Canon(board.unwrap()));
            }
        }
    }
    fn canonical(&self) -> Canon {
        Canon(self.0.canonical())
    }
}

#[cfg(not(feature = "ptrhash"))]
fn canonical_table() -> &'static phf::Map<u16, u16> {
    let solution = perfect_play_generate::solve::<Canon>(true).unwrap();
    let pairs: Vec<(u16, u16)> = solution
        .iter()
        .map(|(key, _, record)| (key as u16, record.pack_in(4).unwrap() as u16))
        .collect();
    let keys: Vec<u16> = pairs.iter().map(|p| p.0).collect();
    let state = phf_generator::generate_hash(&keys);
    let entries: Vec<(u16, u16)> = state.map.iter().map(|&i| pairs[i]).collect();
    Box::leak(Box::new(phf::Map {
        key: state.key,
        disps: Box::leak(state.disps.into_boxed_slice()),
        entries: Box::leak(entries.into_boxed_slice()),
    }))
}

/// The shipped table, as `build.rs` generated it, to measure its bytes the way
/// `tests/static_size.rs` does.
#[cfg(not(feature = "ptrhash"))]
mod shipped {
    #![allow(clippy::unreadable_literal, dead_code)]
    include!(concat!(env!("OUT_DIR"), "/tictactoe.rs"));
}

#[cfg(not(feature = "ptrhash"))]
fn main() {
    let shipped = &shipped::TICTACTOE_MAP;
    let shipped_bytes =
        size_of_val(shipped) + size_of_val(shipped.disps) + size_of_val(shipped.entries);
    let table = canonical_table();
    let bytes = size_of_val(table) + size_of_val(table.disps) + size_of_val(table.entries);
    println!(
        "every board: {} entries, {} bytes; one per class: {} entries, {bytes} bytes",
        shipped.len(),
        shipped_bytes,
        table.entries.len(),
    );
    let boards: Vec<Board> = (0..19_683)
        .filter_map(Board::from_code)
        .filter(|b| b.is_reachable())
        .collect();
    // Both tables agree on outcome and plies for every board.
    for board in &boards {
        let position = board.lookup().unwrap();
        let record =
            perfect_play::Record::unpack_in(u32::from(table[&board.canonical().code()]), 4)
                .unwrap();
        assert_eq!(u16::from(position.plies()), record.remoteness);
    }

    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("canonical");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("every-board-table", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(black_box(*board).lookup().map(|p| p.plies()).ok());
            }
        });
    });
    group.bench_function("class-table", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(table.get(&black_box(*board).canonical().code()));
            }
        });
    });
    group.finish();
    criterion.final_summary();
}

#[cfg(feature = "ptrhash")]
fn main() {
    println!("benches/canonical.rs measures phf's CHD layout only: run it without ptrhash");
}
