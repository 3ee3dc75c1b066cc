//! Connect Four's tables against a plain reference solver written here, and against
//! published results.
//!
//! Where the expectations come from:
//! - `../shared/fixtures/connect-four-facts.md`: 161,029 positions are reachable on the
//!   4x4 board (finished ones included), and the game is a draw there (P. Kirlin, Rhodes
//!   College, CS AI course, "guaranteed wins for Connect-Four for various board sizes";
//!   OpenSpiel 2.0.2 agrees).
//! - The reference solver below: its own board (a grid of `char`s, rows from the bottom),
//!   its own win test (every line of four cells, listed), and a negamax with a memo that
//!   gives the remoteness the crate documents for `Record`: a winner wins as fast as it
//!   can, a loser holds out as long as it can, a draw's remoteness is its longest drawing
//!   line (every game ends, so every draw has one). It shares no code with the crate: a
//!   position goes from one to the other only as notation text.
//!
//! The larger boards are checked in `tests/connect4_large.rs` (feature `large-games`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

#[path = "common/connect4_reference.rs"]
mod reference;

use perfect_play::games::{CONNECT4_4X4, Connect4On4x4, Notation, ParseErrorKind, ShowMove};
use perfect_play::{Game, Value};
use reference::Reference;

#[test]
fn every_reachable_4x4_position_matches_the_reference() {
    let mut reference = Reference::new(4, 4);
    let positions = reference.reachable();
    assert_eq!(positions.len(), 161_029, "the published count");
    assert_eq!(CONNECT4_4X4.len(), 161_029);
    for grid in &positions {
        let text = reference.notation(grid);
        let position: Connect4On4x4 = text.parse().unwrap();
        assert_eq!(position.to_string(), text, "notation round trip");
        let expected = reference.solve(grid);
        let record = CONNECT4_4X4.probe(&position).unwrap();
        assert_eq!(
            (record.value, record.remoteness),
            expected,
            "{text}: table against reference"
        );
    }
}

#[test]
fn the_4x4_board_is_a_draw() {
    let record = CONNECT4_4X4.probe(&Connect4On4x4::start()).unwrap();
    assert_eq!(record.value, Value::Draw);
    assert_eq!(record.remoteness, 16, "a draw fills the board");
}

#[test]
fn every_board_that_no_game_reaches_is_a_miss() {
    // Every 4x4 board whose discs rest on each other (each column 0 to 4 discs, each disc
    // x or o: 31^4 boards) with counts that parse: in the table exactly when reachable.
    let reference = Reference::new(4, 4);
    let reachable: std::collections::HashSet<String> = reference
        .reachable()
        .iter()
        .map(|grid| reference.notation(grid))
        .collect();
    let columns: Vec<Vec<char>> = (0..=4)
        .flat_map(|height| {
            (0..1u32 << height).map(move |colours| {
                (0..4)
                    .map(|r| match r < height {
                        true if colours >> r & 1 == 1 => 'o',
                        true => 'x',
                        false => '.',
                    })
                    .collect()
            })
        })
        .collect();
    let (mut hits, mut misses) = (0, 0);
    for a in &columns {
        for b in &columns {
            for c in &columns {
                for d in &columns {
                    let mut grid = reference.empty();
                    for (col, column) in [a, b, c, d].into_iter().enumerate() {
                        for (row, &disc) in column.iter().enumerate() {
                            grid[row * 4 + col] = disc;
                        }
                    }
                    let text = reference.notation(&grid);
                    let Ok(position) = text.parse::<Connect4On4x4>() else {
                        continue;
                    };
                    let found = CONNECT4_4X4.probe(&position).is_some();
                    assert_eq!(found, reachable.contains(&text), "{text}");
                    if found { hits += 1 } else { misses += 1 }
                }
            }
        }
    }
    assert_eq!(hits, 161_029);
    assert!(misses > 0);
    // Play went on after x's four in the bottom row: parses, but no game reaches it.
    let after_win: Connect4On4x4 = "..../..../oooo/xxxx".parse().unwrap();
    assert_eq!(CONNECT4_4X4.probe(&after_win), None);
}

#[test]
fn moves_are_columns_and_discs_fall() {
    let start = Connect4On4x4::start();
    let column = Connect4On4x4::parse_move("3").unwrap();
    assert_eq!(column, 2);
    assert_eq!(ShowMove::<Connect4On4x4>(column).to_string(), "3");
    let one = start.play(column).unwrap();
    let two = one.play(column).unwrap();
    assert_eq!(two.to_string(), "..../..../..o./..x.");
    assert_eq!(
        format!("{two:?}"),
        "connect-four:rows=4,columns=4,x_in_row=4 ..../..../..o./..x."
    );
    for bad in ["0", "5", "a", "12", ""] {
        assert!(start.parse_move_at(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn parse_errors_name_the_column() {
    let error = "..../..z./..../....".parse::<Connect4On4x4>().unwrap_err();
    assert_eq!(error.column(), 8);
    assert!(matches!(
        error.kind(),
        ParseErrorKind::NotACell { found: 'z', .. }
    ));
    let error = "..../...../..../....".parse::<Connect4On4x4>().unwrap_err();
    assert_eq!(error.column(), 10);
    assert!(matches!(
        error.kind(),
        ParseErrorKind::RowWidth {
            row: 2,
            cells: 5,
            expected: 4
        }
    ));
    let error = "..../..../....".parse::<Connect4On4x4>().unwrap_err();
    assert!(matches!(
        error.kind(),
        ParseErrorKind::RowCount {
            rows: 3,
            expected: 4
        }
    ));
    // A floating disc, or too many discs of o: positions no game reaches, with the reason
    // (issue 29: invalid with a reason, not a text that is not a position).
    let floating = "..../..x./..../....".parse::<Connect4On4x4>().unwrap();
    assert_eq!(
        floating.unreachable_reason(),
        Some("a disc above an empty cell (discs fall to the bottom)")
    );
    assert_eq!(CONNECT4_4X4.probe(&floating), None);
    let crowded = "..../..../..../o...".parse::<Connect4On4x4>().unwrap();
    assert!(
        crowded
            .unreachable_reason()
            .unwrap()
            .contains("x moves first")
    );
    assert_eq!(CONNECT4_4X4.probe(&crowded), None);
    // Every position the table holds has no such reason.
    let start = Connect4On4x4::start();
    assert_eq!(start.unreachable_reason(), None);
}

#[test]
fn the_side_to_move_follows_from_the_counts() {
    let position: Connect4On4x4 = "..../..../..../x...".parse().unwrap();
    assert_eq!(position.to_move(), perfect_play::games::Side::Second);
    let position: Connect4On4x4 = "..../..../..../xo..".parse().unwrap();
    assert_eq!(position.to_move(), perfect_play::games::Side::First);
}
