//! The binary's `algospot` reader on arbitrary bytes, against the reference reader in
//! `src/lib.rs`. Replay an input through the binary: `perfect-play outcome --format algospot FILE`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perfect_play_fuzz::check_format;
use perfect_play_cli::judges::formats::Format;

fuzz_target!(|data: &[u8]| check_format(Format::Algospot, data));
