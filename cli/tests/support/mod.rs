//! What the binary's tests share besides the plain references of `tests/common`: the
//! binary itself, and a server started for a test.
#![allow(dead_code)]

#[cfg(feature = "serve")]
pub mod server;

/// The `perfect-play` binary cargo built for these tests, ready for arguments.
pub fn perfect_play() -> assert_cmd::Command {
    assert_cmd::Command::new(env!("CARGO_BIN_EXE_perfect-play"))
}

/// What `perfect-play ARGS` writes to stdout; it must succeed.
pub fn stdout_of(args: &[&str]) -> String {
    let out = perfect_play()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).expect("the binary writes UTF-8")
}

/// The path of a file in the repository's `tests/data` (copies of `../shared/fixtures`).
pub fn data_path(name: &str) -> String {
    format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}
