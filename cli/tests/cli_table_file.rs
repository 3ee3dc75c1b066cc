//! `perfect-play solve`, `table info`, `table verify` and `--table FILE`, run as a user
//! runs them: Connect Four 4x3 (no compiled table) solved into a file and answered from it
//! by `outcome`, `analyze` and the web board's API (`serve --table`), against the plain
//! reference solver of `tests/common/connect4_reference.rs`; 4x4 from a file against the
//! compiled table; and files refused: another game's, a damaged one.
//!
//! Where the expectations come from: the reference solver (its own board and win test,
//! no code shared with the crate), John Tromp's count for 4x4 (161,029 positions, a
//! draw: `../shared/fixtures/connect-four-facts.md`), and the compiled 4x4 table, itself
//! checked against the reference in `tests/connect4.rs`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

#[path = "../../tests/common/connect4_reference.rs"]
mod connect4_reference;
mod support;

use std::path::PathBuf;

use assert_cmd::Command;
use connect4_reference::Reference;
use perfect_play::Value;
use predicates::prelude::*;
use support::server::Server;

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "perfect-play-cli-table-{}-{test}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn perfect_play() -> Command {
    Command::new(env!("CARGO_BIN_EXE_perfect-play"))
}

/// Solves `game` into `dir/NAME.table` and returns the path and what `solve` printed.
fn solve(dir: &std::path::Path, game: &str) -> (PathBuf, String) {
    let path = dir.join(format!("{game}.table"));
    let out = perfect_play()
        .args(["solve", game, "--out"])
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    (path, String::from_utf8(out).unwrap())
}

/// Every position the reference reaches on `w` by `h`, in notation, with its record.
fn reference_positions(w: usize, h: usize) -> Vec<(String, (Value, u16))> {
    let mut reference = Reference::new(w, h);
    let grids = reference.reachable();
    grids
        .iter()
        .map(|grid| (reference.notation(grid), reference.solve(grid)))
        .collect()
}

#[test]
fn a_size_without_a_compiled_table_is_solved_and_answered_from_its_file() {
    let dir = scratch("4x3");
    let (path, said) = solve(&dir, "connect4-4x3");
    let positions = reference_positions(4, 3);
    assert!(
        said.contains(&format!("positions: {} in 13 tiers", positions.len())),
        "{said}"
    );
    assert!(
        said.lines()
            .any(|l| l.starts_with("sha256: ") && l.len() == 8 + 64),
        "{said}"
    );
    // `outcome --json` on every position, against the reference.
    let input: String = positions
        .iter()
        .map(|(text, _)| format!("{text}\n"))
        .collect();
    let out = perfect_play()
        .args(["outcome", "--game", "connect4-4x3", "--json", "--table"])
        .arg(&path)
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let answers: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(answers.len(), positions.len());
    for ((text, (value, plies)), answer) in positions.iter().zip(&answers) {
        assert_eq!(answer["position"], text.as_str());
        assert_eq!(answer["plies"], *plies, "{text}");
        let to_move = answer["to_move"].as_str().unwrap();
        let expected = match value {
            Value::Draw => "draw".to_owned(),
            Value::Win => to_move.to_owned(),
            Value::Loss => if to_move == "x" { "o" } else { "x" }.to_owned(),
        };
        assert_eq!(answer["outcome"], expected.as_str(), "{text}");
    }
    // Without the file there is nothing to answer from, and the message says what to do.
    perfect_play()
        .args(["outcome", "--game", "connect4-4x3"])
        .write_stdin("..../..../....\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--table FILE"));
    // The web board serves it like a compiled game.
    let server = Server::start(&["--table", path.to_str().unwrap()]);
    let listed = server.get("/api/games").json();
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["name"] == "connect4-4x3"),
        "{listed}"
    );
    let start = server.get("/api/games/connect4-4x3/position").json();
    assert_eq!(start["position"], "..../..../....");
    let first = answers
        .iter()
        .find(|a| a["position"] == "..../..../....")
        .unwrap();
    assert_eq!(start["plies"], first["plies"]);
    assert_eq!(start["outcome"], first["outcome"]);
    assert_eq!(start["width"], 4);
}

#[test]
fn info_verify_and_the_refusals_say_which_file_and_where() {
    let dir = scratch("4x4");
    let (path, said) = solve(&dir, "connect4-4x4");
    assert!(said.contains("positions: 161029 in 17 tiers"), "{said}");
    assert!(said.contains("start: a draw in 16 plies"), "{said}");
    perfect_play()
        .args(["table", "info"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("game: connect4-4x4"))
        .stdout(predicate::str::contains("positions: 161029"))
        .stdout(predicate::str::contains("bytes: 511592 (3.18 a position)"));
    perfect_play()
        .args(["table", "verify"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("ok"));
    // The file answers as the compiled table.
    let positions = "..../..../..../....\n..../..../..../.x..\n..../..x./.ox./oxox\n";
    let compiled = perfect_play()
        .args(["outcome", "--game", "connect4-4x4", "--json"])
        .write_stdin(positions)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    perfect_play()
        .args(["outcome", "--game", "connect4-4x4", "--json", "--table"])
        .arg(&path)
        .write_stdin(positions)
        .assert()
        .success()
        .stdout(String::from_utf8(compiled).unwrap());
    // Another game's file.
    perfect_play()
        .args(["analyze", "--game", "connect4-5x4", "--table"])
        .arg(&path)
        .arg("...../...../...../.....")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a table of connect4-4x4, not of connect4-5x4",
        ));
    // A damaged one: a byte flipped in the third block.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[200_000] ^= 1;
    let damaged = dir.join("damaged.table");
    std::fs::write(&damaged, &bytes).unwrap();
    perfect_play()
        .args(["table", "verify"])
        .arg(&damaged)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("damaged: block 3 (from byte "));
    perfect_play()
        .args(["outcome", "--game", "connect4-4x4", "--table"])
        .arg(&damaged)
        .write_stdin(positions)
        .assert()
        .code(2)
        .stdout("");
}
