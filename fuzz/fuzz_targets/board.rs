//! `Board::from_ascii` and `FromStr` on arbitrary bytes: see `check_board` in `src/lib.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| perfect_play_fuzz::check_board(data));
