//! The bytes the solved tic-tac-toe table takes in a binary, pinned exactly.
//!
//! In the manner of unicode-ident's `tests/static_size.rs`: the expected figures are the
//! sizes measured when this test was written (`table_size()` on a 64-bit target, once
//! with default features and once with `--features ptrhash`). If the table grows or
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

#[cfg(target_pointer_width = "64")]
#[test]
fn table_size() {
    let size = perfect_play::tictactoe::table_size();

    // phf's default CHD layout: header, hash displacements, 5,478 entries.
    #[cfg(not(feature = "ptrhash"))]
    assert_eq!(size, 36_560);

    // The `ptrhash` feature: header, pilots and remap, 5,478 entries.
    #[cfg(feature = "ptrhash")]
    assert_eq!(size, 24_021);
}
