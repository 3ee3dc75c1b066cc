//! What the binary's tests share besides the plain references of `tests/common`: the
//! binary itself, and a server started for a test.
#![allow(dead_code)]

#[cfg(feature = "serve")]
pub mod server;

/// The `perfect-play` binary cargo built for these tests, ready for arguments.
pub fn perfect_play() -> assert_cmd::Command {
    assert_cmd::Command::new(env!("CARGO_BIN_EXE_perfect-play"))
}

/// The path of a file in the repository's `tests/data` (copies of `../shared/fixtures`).
pub fn data_path(name: &str) -> String {
    format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}
