//! `perfect-play footholds` on arbitrary bytes as its input file: see `check_footholds` in
//! `src/lib.rs`. Run with `-close_fd_mask=3` (the command writes answers and messages).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| perfect_play_fuzz::check_footholds(data));
