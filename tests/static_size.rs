//! The bytes the solved tables take in a binary, pinned exactly: tic-tac-toe's, and those
//! of the games of `src/games/`.
//!
//! In the manner of unicode-ident's `tests/static_size.rs`: the test compiles the very
//! table `build.rs` generated (from `OUT_DIR`) and adds up the bytes of the `phf::Map` and
//! the arrays it points to; the expected figures are the sizes measured when this test was
//! written on a 64-bit target, once with default features and once with `--features
//! ptrhash`. If the table grows or
//! shrinks, this test fails: growth must be a decision, so change a figure here only on
//! purpose, and say why in the commit.
//!
//! The `phf::Map` header holds slices, so its size depends on the pointer width: the
//! figures are pinned for 64-bit targets only.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

mod generated {
    #![allow(clippy::unreadable_literal, dead_code)]
    include!(concat!(env!("OUT_DIR"), "/tictactoe.rs"));
    include!(concat!(env!("OUT_DIR"), "/misere.rs"));
    include!(concat!(env!("OUT_DIR"), "/hexapawn_3x3.rs"));
    include!(concat!(env!("OUT_DIR"), "/dodgem_3x3.rs"));
}

/// The bytes of the tic-tac-toe map.
fn table_size() -> usize {
    map_size(&generated::TICTACTOE_MAP)
}

/// The bytes of a generated map: its header, its hash index (CHD displacements, or
/// PtrHash pilots and remap) and its entries.
fn map_size<K, V>(map: &phf::Map<K, V>) -> usize {
    let entries = size_of_val(map.entries);
    #[cfg(not(feature = "ptrhash"))]
    let index = size_of_val(map.disps);
    #[cfg(feature = "ptrhash")]
    let index = size_of_val(map.pilots) + size_of_val(map.remap);
    size_of_val(map) + index + entries
}

#[cfg(target_pointer_width = "64")]
#[test]
fn table_size_is_pinned() {
    let size = table_size();
    assert_eq!(
        generated::TICTACTOE_MAP.len(),
        5_478,
        "one entry per reachable board"
    );

    // The entry layout `src/games/tictactoe/entry.rs` reads: 4 bits of remoteness.
    assert_eq!(generated::TICTACTOE.packing().remoteness_bits, 4);

    // phf's default CHD layout: header, hash displacements, 5,478 entries.
    #[cfg(not(feature = "ptrhash"))]
    assert_eq!(size, 36_560);

    // The `ptrhash` feature: header, pilots and remap, 5,478 entries.
    #[cfg(feature = "ptrhash")]
    assert_eq!(size, 24_021);
}

/// The other games' tables (`src/games/`): 16-bit keys and entries where they fit
/// (misère), else 32-bit, one per reachable position.
#[cfg(target_pointer_width = "64")]
#[test]
fn game_table_sizes_are_pinned() {
    let sizes = [
        (
            "misere",
            generated::MISERE_MAP.len(),
            map_size(&generated::MISERE_MAP),
        ),
        (
            "hexapawn",
            generated::HEXAPAWN_MAP.len(),
            map_size(&generated::HEXAPAWN_MAP),
        ),
        (
            "dodgem",
            generated::DODGEM_MAP.len(),
            map_size(&generated::DODGEM_MAP),
        ),
    ];

    // phf's default CHD layout: header, hash displacements, entries (4 bytes for misère,
    // whose keys and entries fit 16 bits, since the generator picks the layout: 58,472 bytes
    // before; 8 bytes for the others).
    #[cfg(not(feature = "ptrhash"))]
    assert_eq!(
        sizes,
        [
            ("misere", 5_478, 36_560),
            ("hexapawn", 135, 1_480),
            ("dodgem", 1_963, 20_984)
        ]
    );

    // The `ptrhash` feature: header, pilots and remap, entries (misère 4 bytes: 45,933 bytes
    // before it took the 16-bit layout; the others 8).
    #[cfg(feature = "ptrhash")]
    assert_eq!(
        sizes,
        [
            ("misere", 5_478, 24_021),
            ("hexapawn", 135, 1_192),
            ("dodgem", 1_963, 16_498)
        ]
    );
}

/// The table file of Connect Four 4x4 (the `packed` writer of `src/games/list.rs`, the
/// bytes `perfect-play solve connect4-4x4` writes): 17 tiers, a bucket for every 16 to
/// 32 keys, 2-byte low keys (3 in the smallest tiers) and 1-byte records, 3.18 bytes per
/// position for 161,029 positions (734,736 bytes, 4.56 a position, in the perfect-hash
/// layout it replaced).
#[test]
fn connect4_4x4_table_size_is_pinned() {
    let bytes = include_bytes!(concat!(env!("OUT_DIR"), "/connect4_4x4.table"));
    assert_eq!(bytes.len(), 511_592);
}
