//! `perfect-play games` run as a user runs it.
//!
//! Where the expectations come from: the published results the games' own tests cite
//! (tests/games.rs: misère tic-tac-toe a draw, Hexapawn a second-player win in 6 plies,
//! Dodgem 3x3 a first-player win) and tic-tac-toe's 5,478 reachable boards, a draw in 9
//! plies (tests/data/tictactoe-facts.md).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use assert_cmd::Command;

fn games(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_perfect-play"))
        .arg("games")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn lists_every_game_as_json_lines() {
    let text = games(&["--json"]);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[0],
        serde_json::json!({"game": "tictactoe", "positions": 5478, "outcome": "draw", "plies": 9})
    );
    assert_eq!(lines[1]["game"], "misere");
    assert_eq!(lines[1]["outcome"], "draw");
    assert_eq!(lines[2]["game"], "hexapawn");
    assert_eq!(lines[2]["outcome"], "second");
    assert_eq!(lines[2]["plies"], 6);
    assert_eq!(lines[3]["game"], "dodgem");
    assert_eq!(lines[3]["outcome"], "first");
}

#[test]
fn lists_every_game_as_text() {
    let text = games(&[]);
    assert!(
        text.starts_with("tictactoe: 5478 positions, draw, 9 plies\n"),
        "{text}"
    );
    assert!(
        text.contains("hexapawn: 135 positions, second player wins, 6 plies\n"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 4);
}
