//! The library against ground truth written outside the project (`tests/data/`, copies
//! of `../shared/fixtures/`; see `tests/data/README.md`):
//!
//! - the UCI Machine Learning Repository "Tic-Tac-Toe Endgame" data set (Aha, 1991): all
//!   958 boards where a game has ended, `positive` where x has three in a row;
//! - the official sample of algospot problem TICTACTOE: boards and who wins under perfect
//!   play (`x`, `o` or `TIE`);
//! - the official sample of Baekjoon problem 7682: boards, `valid` exactly when a real game
//!   has just ended there.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::HashSet;

use perfect_play::games::tictactoe::{Board, Outcome, Player, Position};

const UCI: &str = include_str!("data/uci-tic-tac-toe-endgame.data");
const ALGOSPOT_IN: &str = include_str!("data/algospot-tictactoe-sample.in");
const ALGOSPOT_OUT: &str = include_str!("data/algospot-tictactoe-sample.out");
const BOJ_IN: &str = include_str!("data/boj7682-sample.in");
const BOJ_OUT: &str = include_str!("data/boj7682-sample.out");

/// The UCI rows: each board (cells spelled `x`, `o`, `b` for blank) and whether it is
/// `positive`.
fn uci_rows() -> Vec<(Board, bool)> {
    UCI.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.trim().split(',').collect();
            assert_eq!(fields.len(), 10, "UCI row {line:?}");
            let mut cells = [None; 9];
            for (cell, field) in cells.iter_mut().zip(&fields[..9]) {
                *cell = match *field {
                    "x" => Some(Player::X),
                    "o" => Some(Player::O),
                    "b" => None,
                    other => panic!("UCI cell {other:?} in {line:?}"),
                };
            }
            let positive = match fields[9] {
                "positive" => true,
                "negative" => false,
                other => panic!("UCI class {other:?} in {line:?}"),
            };
            (Board::from_cells(cells), positive)
        })
        .collect()
}

#[test]
fn every_uci_row_is_a_finished_game_won_by_x_exactly_when_positive() {
    let rows = uci_rows();
    assert_eq!(rows.len(), 958);
    for (board, positive) in rows {
        let position = board
            .check_final()
            .unwrap_or_else(|e| panic!("UCI {board}: {e}"));
        assert!(board.is_final(), "UCI {board}");
        assert!(position.is_finished(), "UCI {board}");
        assert_eq!(position.plies(), 0, "UCI {board}");
        assert_eq!(position.best_moves().len(), 0, "UCI {board}");
        assert_eq!(position.to_move(), None, "UCI {board}");
        assert_eq!(
            position.three_in_a_row() == Some(Player::X),
            positive,
            "UCI {board}"
        );
        assert_eq!(
            position.outcome() == Outcome::Win(Player::X),
            positive,
            "UCI {board}"
        );
    }
}

#[test]
fn the_finished_boards_are_exactly_the_uci_ones() {
    let uci: HashSet<Board> = uci_rows().into_iter().map(|(board, _)| board).collect();
    assert_eq!(uci.len(), 958, "UCI rows are distinct boards");
    let finished: HashSet<Board> = Position::all()
        .filter(|p| p.is_finished())
        .map(|p| p.board())
        .collect();
    assert_eq!(finished, uci);
    let is_final: HashSet<Board> = (0..19_683)
        .filter_map(Board::from_code)
        .filter(|b| b.is_final())
        .collect();
    assert_eq!(is_final, uci);
}

#[test]
fn algospot_sample_answers() {
    let mut lines = ALGOSPOT_IN.lines().map(str::trim).filter(|l| !l.is_empty());
    let count: usize = lines.next().expect("count line").parse().expect("a count");
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 3 * count);
    let expected: Vec<&str> = ALGOSPOT_OUT.split_whitespace().collect();
    assert_eq!(expected.len(), count);
    for (rows, want) in rows.chunks(3).zip(expected) {
        let text = rows.join("\n");
        let board: Board = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let position = board.lookup().unwrap_or_else(|e| panic!("{board}: {e}"));
        let got = match position.outcome() {
            Outcome::Win(Player::X) => "x",
            Outcome::Win(Player::O) => "o",
            Outcome::Draw => "TIE",
        };
        assert_eq!(got, want, "algospot {board}");
    }
}

#[test]
fn baekjoon_7682_sample_answers() {
    let boards: Vec<&str> = BOJ_IN
        .lines()
        .map(str::trim)
        .take_while(|line| *line != "end")
        .collect();
    let expected: Vec<&str> = BOJ_OUT.split_whitespace().collect();
    assert_eq!(boards.len(), expected.len());
    assert!(!boards.is_empty());
    for (text, want) in boards.into_iter().zip(expected) {
        let board: Board = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let got = if board.is_final() { "valid" } else { "invalid" };
        assert_eq!(got, want, "Baekjoon 7682 {text}");
        assert_eq!(board.check_final().is_ok(), board.is_final(), "{text}");
    }
}
