//! What the integration tests share: the one plain reference per game, and the binary.
//! Each test crate compiles this module and uses part of it.
#![allow(dead_code)]

pub mod footholds;
pub mod tictactoe;

/// The `perfect-play` binary cargo built for these tests, ready for arguments.
#[cfg(feature = "cli")]
pub fn perfect_play() -> assert_cmd::Command {
    assert_cmd::Command::new(env!("CARGO_BIN_EXE_perfect-play"))
}
