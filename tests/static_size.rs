//! The bytes the solved tic-tac-toe table takes in a binary, pinned exactly.
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
    include!(concat!(env!("OUT_DIR"), "/table.rs"));
}

/// The bytes of the generated map: its header, its hash index (CHD displacements, or
/// PtrHash pilots and remap) and its entries.
fn table_size() -> usize {
    let map = &generated::TABLE;
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
        generated::TABLE.len(),
        5_478,
        "one entry per reachable board"
    );

    // phf's default CHD layout: header, hash displacements, 5,478 entries.
    #[cfg(not(feature = "ptrhash"))]
    assert_eq!(size, 36_560);

    // The `ptrhash` feature: header, pilots and remap, 5,478 entries.
    #[cfg(feature = "ptrhash")]
    assert_eq!(size, 24_021);
}
