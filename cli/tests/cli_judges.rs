//! The binary run as a user runs it, against answers written by others: the judges'
//! official samples (algospot TICTACTOE, Baekjoon 7682) and the UCI Tic-Tac-Toe Endgame
//! data set, all in `tests/data` (copies of `../shared/fixtures`). Every expected output
//! here is the judge's or the data set's own, byte for byte; none is computed by the crate.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

#[path = "../../tests/common/mod.rs"]
mod common;
mod support;

use support::perfect_play;

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn data_path(name: &str) -> String {
    format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The same text with a byte order mark and CRLF line ends, as Windows editors save it.
fn windows(text: &[u8]) -> Vec<u8> {
    let mut out = b"\xef\xbb\xbf".to_vec();
    for &byte in text {
        if byte == b'\n' {
            out.push(b'\r');
        }
        out.push(byte);
    }
    out
}

#[test]
fn algospot_sample_gives_the_judges_output() {
    perfect_play()
        .args(["outcome", "--format", "algospot"])
        .write_stdin(data("algospot-tictactoe-sample.in"))
        .assert()
        .code(0)
        .stdout(String::from_utf8(data("algospot-tictactoe-sample.out")).unwrap())
        .stderr("");
}

#[test]
fn algospot_sample_as_a_file_argument_and_from_windows() {
    perfect_play()
        .args(["outcome", "-f", "algospot"])
        .arg(data_path("algospot-tictactoe-sample.in"))
        .assert()
        .code(0)
        .stdout(String::from_utf8(data("algospot-tictactoe-sample.out")).unwrap());
    perfect_play()
        .args(["outcome", "--format", "algospot", "-"])
        .write_stdin(windows(&data("algospot-tictactoe-sample.in")))
        .assert()
        .code(0)
        .stdout(String::from_utf8(data("algospot-tictactoe-sample.out")).unwrap())
        .stderr("");
}

#[test]
fn boj_sample_gives_the_judges_output() {
    perfect_play()
        .args(["validity", "--format", "boj"])
        .write_stdin(data("boj7682-sample.in"))
        .assert()
        .code(0)
        .stdout(String::from_utf8(data("boj7682-sample.out")).unwrap())
        .stderr("");
    perfect_play()
        .args(["validity", "--format", "boj"])
        .write_stdin(windows(&data("boj7682-sample.in")))
        .assert()
        .code(0)
        .stdout(String::from_utf8(data("boj7682-sample.out")).unwrap())
        .stderr("");
}

#[test]
fn boj_sample_explained_keeps_the_judges_verdicts() {
    let output = perfect_play()
        .args(["validity", "--format", "boj", "--explain"])
        .arg(data_path("boj7682-sample.in"))
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let output = String::from_utf8(output).unwrap();
    let expected = String::from_utf8(data("boj7682-sample.out")).unwrap();
    assert_eq!(output.lines().count(), expected.lines().count());
    for (line, verdict) in output.lines().zip(expected.lines()) {
        match verdict {
            "valid" => assert_eq!(line, "valid"),
            _ => assert!(line.starts_with("invalid: ") && line.len() > 9, "{line}"),
        }
    }
}

/// The UCI data set lists all 958 boards where a game has ended, `b` for blank, labelled
/// `positive` when x has three in a row.
fn uci_boards() -> Vec<(String, bool)> {
    String::from_utf8(data("uci-tic-tac-toe-endgame.data"))
        .unwrap()
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            assert_eq!(fields.len(), 10, "{line}");
            let board: String = fields[..9]
                .iter()
                .map(|cell| match *cell {
                    "x" => 'x',
                    "o" => 'o',
                    "b" => '.',
                    other => panic!("cell {other:?}"),
                })
                .collect();
            (board, fields[9] == "positive")
        })
        .collect()
}

#[test]
fn every_uci_endgame_board_is_valid_and_won_as_labelled() {
    let boards = uci_boards();
    assert_eq!(boards.len(), 958);
    let input: String = boards
        .iter()
        .map(|(board, _)| format!("{board}\n"))
        .collect();

    let validity = perfect_play()
        .arg("validity")
        .write_stdin(input.clone())
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(validity).unwrap(), "valid\n".repeat(958));

    let outcome = perfect_play()
        .args(["outcome", "--json"])
        .write_stdin(input)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let outcome = String::from_utf8(outcome).unwrap();
    let answers: Vec<serde_json::Value> = outcome
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(answers.len(), 958);
    let (mut x, mut o, mut draws) = (0, 0, 0);
    for ((board, positive), answer) in boards.iter().zip(&answers) {
        assert_eq!(answer["board"], board.as_str());
        assert_eq!(answer["finished"], true, "{board}");
        assert_eq!(answer["plies"], 0, "{board}");
        assert_eq!(answer["to_move"], serde_json::Value::Null, "{board}");
        assert_eq!(answer["best_moves"], serde_json::json!([]), "{board}");
        match answer["winner"].as_str() {
            Some("x") => {
                assert!(positive, "{board}");
                x += 1;
            }
            Some("o") => {
                assert!(!positive, "{board}");
                o += 1;
            }
            None => {
                assert!(!positive, "{board}");
                assert_eq!(answer["outcome"], "draw");
                draws += 1;
            }
            Some(other) => panic!("winner {other}"),
        }
    }
    // The split published with the data set (tests/data/tictactoe-facts.md).
    assert_eq!((x, o, draws), (626, 316, 16));
}
