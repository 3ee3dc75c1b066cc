//! Every board through the binary, checked against a reference written plainly here.
//!
//! The reference shares no code with the crate: the rules (eight lines, x first, play
//! stops at three in a row), a depth-first walk from the empty board for the reachable
//! boards, and a memoised minimax for who wins. Its counts are checked against the
//! published ones in `tests/data/tictactoe-facts.md` (5,478 reachable boards, 958 where a
//! game has ended). Where the binary reports what only the table knows (plies left,
//! optimal moves), it is checked against the library's own `Board::lookup`, as the issue
//! asks: the binary must say exactly what the library says.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::HashMap;

use perfect_play::games::tictactoe::{Board, Outcome, Player};
use serde_json::Value;

#[path = "../../tests/common/mod.rs"]
mod common;
mod support;

use support::perfect_play;

use common::tictactoe::{Cells, EMPTY, O, X, all_cells, count, has_line, reachable, solve, text};

/// Whether play stops on a board: three in a row or a full board.
fn over(cells: &Cells) -> bool {
    common::tictactoe::is_over(cells)
}

/// Who wins from a reachable board with perfect play: X, O, or EMPTY for a draw.
fn winner(cells: &Cells, memo: &mut HashMap<Cells, (u8, u8)>) -> u8 {
    solve(cells, memo).0
}

/// All 3^9 boards, in code order.
fn all_boards() -> Vec<Cells> {
    all_cells().collect()
}

#[test]
fn the_reference_matches_the_published_counts() {
    let reachable = reachable();
    assert_eq!(reachable.len(), 5_478);
    assert_eq!(reachable.iter().filter(|cells| over(cells)).count(), 958);
    assert_eq!(winner(&[EMPTY; 9], &mut HashMap::new()), EMPTY);
}

#[test]
fn every_reachable_board_through_outcome_json_agrees() {
    let reachable = reachable();
    let input: String = reachable.iter().map(|cells| text(cells) + "\n").collect();
    let output = perfect_play()
        .args(["outcome", "--json"])
        .write_stdin(input)
        .assert()
        .code(0)
        .stderr("")
        .get_output()
        .stdout
        .clone();
    let output = String::from_utf8(output).unwrap();
    let answers: Vec<Value> = output
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), reachable.len());
    let mut memo = HashMap::new();
    let symbol = |player: Option<Player>| match player {
        Some(player) => Value::from(player.symbol().to_string()),
        None => Value::Null,
    };
    for (cells, answer) in reachable.iter().zip(&answers) {
        let board_text = text(cells);
        // Independent: the board, whether the game is over, who has a line, who wins.
        assert_eq!(answer["board"], board_text.as_str());
        assert_eq!(answer["finished"], over(cells), "{board_text}");
        let expected_winner = if has_line(cells, X) {
            Value::from("x")
        } else if has_line(cells, O) {
            Value::from("o")
        } else {
            Value::Null
        };
        assert_eq!(answer["winner"], expected_winner, "{board_text}");
        let outcome = match winner(cells, &mut memo) {
            X => "x",
            O => "o",
            _ => "draw",
        };
        assert_eq!(answer["outcome"], outcome, "{board_text}");
        // The library: everything, including what only the table knows.
        let position = board_text.parse::<Board>().unwrap().lookup().unwrap();
        assert_eq!(
            answer["to_move"],
            symbol(position.to_move()),
            "{board_text}"
        );
        assert_eq!(answer["finished"], position.is_finished());
        assert_eq!(answer["winner"], symbol(position.three_in_a_row()));
        let library_outcome = match position.outcome() {
            Outcome::Win(player) => player.symbol().to_string(),
            Outcome::Draw => "draw".to_owned(),
        };
        assert_eq!(answer["outcome"], library_outcome.as_str());
        assert_eq!(answer["plies"], position.plies(), "{board_text}");
        let best: Vec<u8> = position.best_moves().iter().collect();
        assert_eq!(
            answer["best_moves"],
            serde_json::json!(best),
            "{board_text}"
        );
        // Every optimal move is an empty cell.
        for cell in best {
            assert_eq!(cells[usize::from(cell)], EMPTY, "{board_text}");
        }
    }
}

#[test]
fn every_board_string_through_validity_boj_agrees() {
    let reachable = reachable();
    let boards = all_boards();
    // The judge's spelling: X and O in capitals.
    let mut input: String = boards
        .iter()
        .map(|cells| text(cells).to_ascii_uppercase() + "\n")
        .collect();
    input.push_str("end\n");
    let output = perfect_play()
        .args(["validity", "--format", "boj"])
        .write_stdin(input.clone())
        .assert()
        .code(0)
        .stderr("")
        .get_output()
        .stdout
        .clone();
    // The same boards saved by a Windows editor (byte order mark, CRLF) get the same answers.
    let windows = "\u{feff}".to_owned() + &input.replace('\n', "\r\n");
    let from_windows = perfect_play()
        .args(["validity", "--format", "boj"])
        .write_stdin(windows)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    assert!(from_windows == output, "CRLF input answered differently");
    let output = String::from_utf8(output).unwrap();
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), 19_683);
    let mut valid = 0;
    for (cells, line) in boards.iter().zip(&lines) {
        // Baekjoon 7682's question, by counting: x has as many marks as o or one more; at
        // most one player has a line, and it is the one who moved last; and the game is
        // over. And by the walk: the board is reached, and play stops there.
        let (x, o) = (count(cells, X), count(cells, O));
        let (x_line, o_line) = (has_line(cells, X), has_line(cells, O));
        let by_counting = match (x_line, o_line) {
            (true, true) => false,
            (true, false) => x == o + 1,
            (false, true) => x == o,
            (false, false) => x == 5 && o == 4,
        };
        let by_walking = reachable.contains(cells) && over(cells);
        assert_eq!(by_counting, by_walking, "{}", text(cells));
        let expected = if by_counting { "valid" } else { "invalid" };
        assert_eq!(*line, expected, "{}", text(cells));
        valid += usize::from(by_counting);
    }
    assert_eq!(valid, 958);
}

#[test]
fn every_board_string_through_plain_outcome_and_validity_json_agrees() {
    let reachable = reachable();
    let boards = all_boards();
    let input: String = boards.iter().map(|cells| text(cells) + "\n").collect();

    // Three rows per board, in the algospot format, must give the same answers.
    let algospot: String = format!("{}\n", boards.len())
        + &boards
            .iter()
            .map(|cells| {
                let text = text(cells);
                format!("{}\n{}\n{}\n", &text[..3], &text[3..6], &text[6..])
            })
            .collect::<String>();
    let from_algospot = perfect_play()
        .args(["outcome", "--format", "algospot"])
        .write_stdin(algospot.clone())
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let from_windows = perfect_play()
        .args(["outcome", "--format", "algospot"])
        .write_stdin(algospot.replace('\n', "\r\n"))
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    assert!(
        from_windows == from_algospot,
        "CRLF input answered differently"
    );

    let assert = perfect_play()
        .arg("outcome")
        .write_stdin(input.clone())
        .assert()
        .code(1);
    let output = assert.get_output();
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    let mut memo = HashMap::new();
    let mut invalid_lines = Vec::new();
    for (index, (cells, line)) in boards.iter().zip(stdout.lines()).enumerate() {
        let expected = if reachable.contains(cells) {
            match winner(cells, &mut memo) {
                X => "x",
                O => "o",
                _ => "TIE",
            }
        } else {
            invalid_lines.push(index + 1);
            "invalid"
        };
        assert_eq!(line, expected, "{}", text(cells));
    }
    assert_eq!(stdout.lines().count(), 19_683);
    assert!(
        from_algospot == stdout.as_bytes(),
        "algospot answered differently"
    );
    // One message per unreachable board, at its line.
    let messages: Vec<&str> = stderr.lines().collect();
    assert_eq!(messages.len(), 19_683 - 5_478);
    for (message, line) in messages.iter().zip(&invalid_lines) {
        let prefix = format!("-:{line}: no game reaches this board: ");
        assert!(message.starts_with(&prefix), "{message} / {prefix}");
    }

    let output = perfect_play()
        .args(["validity", "--json"])
        .write_stdin(input)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let output = String::from_utf8(output).unwrap();
    for (cells, line) in boards.iter().zip(output.lines()) {
        let answer: Value = serde_json::from_str(line).unwrap();
        let is_reachable = reachable.contains(cells);
        let valid = is_reachable && over(cells);
        assert_eq!(answer["board"], text(cells).as_str());
        assert_eq!(answer["reachable"], is_reachable, "{}", text(cells));
        assert_eq!(answer["finished"], over(cells), "{}", text(cells));
        assert_eq!(answer["valid"], valid, "{}", text(cells));
        assert_eq!(answer["reason"].is_null(), valid, "{}", text(cells));
    }
    assert_eq!(output.lines().count(), 19_683);
}

#[test]
fn remembered_answers_are_the_answers_looked_up_afresh() {
    // Every board twice over, so the second time comes from the binary's memo; the hidden
    // `--no-cache` looks every board up in the table instead. Both must say the same.
    let boards = all_boards();
    let once: String = boards.iter().map(|cells| text(cells) + "\n").collect();
    let twice = once.repeat(2);
    for command in [
        &["outcome"][..],
        &["outcome", "--json"],
        &["validity", "--explain"],
        &["validity", "--json"],
    ] {
        let run = |extra: &[&str]| {
            let output = perfect_play()
                .args(command)
                .args(extra)
                .write_stdin(twice.clone())
                .output()
                .unwrap();
            assert!(matches!(output.status.code(), Some(0 | 1)), "{command:?}");
            String::from_utf8(output.stdout).unwrap()
        };
        let remembered = run(&[]);
        let fresh = run(&["--no-cache"]);
        assert!(remembered == fresh, "{command:?}: memo and table disagree");
        let (first, second) = remembered.split_at(remembered.len() / 2);
        assert!(first == second, "{command:?}: a board answered two ways");
        assert_eq!(first.lines().count(), 19_683, "{command:?}");
    }
}
