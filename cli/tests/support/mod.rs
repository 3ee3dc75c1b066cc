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

/// The entry of `needs_table` of a family's default size, in `family` as `games --families
/// --json` writes it: `Some` when its default is answered from a table file alone (its
/// parameters all named, in order, as `needs_table` writes a size).
pub fn default_needs_table(family: &serde_json::Value) -> Option<&serde_json::Value> {
    let default: Vec<String> = family["parameters"]
        .as_array()?
        .iter()
        .map(|p| {
            format!(
                "{}={}",
                p["name"].as_str().unwrap_or(""),
                p["default"].as_str().unwrap_or("")
            )
        })
        .collect();
    let default = default.join(",");
    family["needs_table"]
        .as_array()?
        .iter()
        .find(|size| size["size"] == default.as_str())
}
