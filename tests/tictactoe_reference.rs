//! The solved table against a reference written plainly here, from the rules alone.
//!
//! Where the expectations come from: the rules and definitions the crate documents (x moves first,
//! players alternate, play stops at the first three in a row or a full board; perfect play
//! means the side that can win wins as fast as it can, the side that must lose holds out as
//! long as it can, and a draw fills the board; the optimal moves are those that keep both
//! the outcome and the plies left) and the documented order of the reasons a board is
//! unreachable. The reference below shares no code with the crate: a depth-first walk
//! from the empty board for reachability, a recursive minimax for the solution, and
//! checks on mark counts and lines for the reasons. Every one of the 3^9 = 19,683 boards
//! is checked, so nothing here is sampled.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::{BTreeSet, HashMap, HashSet};

use perfect_play::games::tictactoe::{
    Board, IllegalMove, NotFinal, Outcome, Player, Position, Unreachable,
};

mod common;

use common::tictactoe::*;

/// Why no game reaches a board, checked in the documented order, from counts and lines.
fn reason(cells: &Cells) -> Option<Unreachable> {
    let (xs, os) = (count(cells, X), count(cells, O));
    let (x_line, o_line) = (has_line(cells, X), has_line(cells, O));
    if os > xs {
        Some(Unreachable::MoreOThanX)
    } else if xs > os + 1 {
        Some(Unreachable::XTooFarAhead)
    } else if x_line && o_line {
        Some(Unreachable::BothHaveLines)
    } else if x_line && os == xs {
        Some(Unreachable::PlayedAfterWin(Player::X))
    } else if o_line && xs > os {
        Some(Unreachable::PlayedAfterWin(Player::O))
    } else {
        None
    }
}

// ---------------------------------------------------------------------------------------
// Between the reference and the library.
// ---------------------------------------------------------------------------------------

fn player(mark: u8) -> Option<Player> {
    match mark {
        X => Some(Player::X),
        O => Some(Player::O),
        _ => None,
    }
}

fn outcome(win: u8) -> Outcome {
    player(win).map_or(Outcome::Draw, Outcome::Win)
}

/// The library's board, parsed from the reference's text.
fn board(cells: &Cells) -> Board {
    text(cells).parse().expect("nine cells of x, o, . parse")
}

// ---------------------------------------------------------------------------------------
// The checks.
// ---------------------------------------------------------------------------------------

#[test]
fn reference_walk_reaches_the_published_count() {
    // Guards the reference itself against a slip in its rules (5,478: tictactoe-facts.md).
    assert_eq!(reachable().len(), 5_478);
}

#[test]
fn board_basics_agree_with_the_reference_on_every_board() {
    for (code, cells) in all_cells().enumerate() {
        let b = board(&cells);
        let code = u16::try_from(code).unwrap();
        assert_eq!(b.code(), code, "{}", text(&cells));
        assert_eq!(Board::from_code(code), Some(b), "{code}");
        let expected: [Option<Player>; 9] = cells.map(player);
        assert_eq!(b.cells(), expected, "{b}");
        assert_eq!(Board::from_cells(expected), b);
        assert_eq!(b.to_string(), text(&cells));
        for cell in 0..9u8 {
            assert_eq!(
                b.at(cell),
                player(cells[usize::from(cell)]),
                "{b} cell {cell}"
            );
        }
        assert_eq!(b.at(9), None);
        for (mark, p) in [(X, Player::X), (O, Player::O)] {
            let mask = (0..9)
                .filter(|&i| cells[i] == mark)
                .fold(0u16, |m, i| m | 1 << i);
            assert_eq!(b.mask(p), mask, "{b} {p:?}");
            assert_eq!(b.count(p) as usize, count(&cells, mark), "{b} {p:?}");
            assert_eq!(b.has_line(p), has_line(&cells, mark), "{b} {p:?}");
        }
        let empty = (0..9)
            .filter(|&i| cells[i] == EMPTY)
            .fold(0u16, |m, i| m | 1 << i);
        assert_eq!(b.empty_mask(), empty, "{b}");
        // `turn` is documented as "o when x has more marks than o, else x", on every board;
        // on a board legal play reaches, that is the reference's mover.
        let documented_turn = if count(&cells, X) > count(&cells, O) {
            O
        } else {
            X
        };
        assert_eq!(Some(b.turn()), player(documented_turn), "turn in {b}");
        if count(&cells, X) == count(&cells, O) || count(&cells, X) == count(&cells, O) + 1 {
            assert_eq!(Some(b.turn()), player(mover(&cells)), "turn in {b}");
        }
    }
    assert_eq!(Board::from_code(19_683), None);
    assert_eq!(Board::from_code(u16::MAX), None);
    assert_eq!(Board::EMPTY, board(&[EMPTY; 9]));
}

#[test]
fn reachability_and_reasons_agree_on_every_board() {
    let reachable = reachable();
    let terminal: HashSet<Cells> = reachable.iter().copied().filter(is_over).collect();
    assert_eq!(
        terminal.len(),
        958,
        "reference: the UCI count of finished games"
    );
    for cells in all_cells() {
        let b = board(&cells);
        let reached = reachable.contains(&cells);
        assert_eq!(b.is_reachable(), reached, "{b}");
        assert_eq!(b.is_final(), terminal.contains(&cells), "{b}");
        // The documented reasons cover exactly the unreachable boards.
        assert_eq!(
            reason(&cells).is_none(),
            reached,
            "reference reason for {b}"
        );
        match (b.lookup(), reason(&cells)) {
            (Ok(position), None) => {
                assert_eq!(position.board(), b);
                let finished = terminal.contains(&cells);
                let expected = if finished {
                    Ok(position)
                } else {
                    Err(NotFinal::Unfinished)
                };
                assert_eq!(b.check_final(), expected, "{b}");
            }
            (Err(got), Some(want)) => {
                assert_eq!(got, want, "reason for {b}");
                assert!(!got.to_string().is_empty());
                assert_eq!(b.check_final(), Err(NotFinal::Unreachable(want)), "{b}");
            }
            (got, want) => panic!("{b}: library {got:?}, reference reason {want:?}"),
        }
    }
}

#[test]
fn position_all_is_the_reachable_set() {
    let reachable = reachable();
    let all: Vec<Position> = Position::all().collect();
    assert_eq!(all.len(), reachable.len());
    let boards: HashSet<Board> = all.iter().map(|p| p.board()).collect();
    assert_eq!(boards.len(), all.len(), "Position::all() repeats a board");
    let expected: HashSet<Board> = reachable.iter().map(board).collect();
    assert_eq!(boards, expected);
    for position in all {
        assert_eq!(position.board().lookup(), Ok(position));
    }
    assert_eq!(Board::EMPTY.lookup(), Ok(Position::START));
}

#[test]
fn every_reachable_board_is_solved_as_the_reference_solves_it() {
    let mut memo = HashMap::new();
    let mut cells_sorted: Vec<Cells> = reachable().into_iter().collect();
    cells_sorted.sort_unstable();
    for cells in cells_sorted {
        let b = board(&cells);
        let position = b.lookup().unwrap_or_else(|e| panic!("{b}: {e}"));
        let (win, plies) = solve(&cells, &mut memo);
        let finished = is_over(&cells);
        assert_eq!(position.outcome(), outcome(win), "outcome of {b}");
        assert_eq!(position.plies(), plies, "plies of {b}");
        assert_eq!(position.is_finished(), finished, "finished {b}");
        assert_eq!(
            position.three_in_a_row(),
            winner(&cells).and_then(player),
            "winner of {b}"
        );
        let to_move = if finished {
            None
        } else {
            player(mover(&cells))
        };
        assert_eq!(position.to_move(), to_move, "to move in {b}");

        let best: BTreeSet<u8> = position.best_moves().iter().collect();
        let expected = optimal_moves(&cells, &mut memo);
        assert_eq!(best, expected, "optimal moves of {b}");
        assert_eq!(position.best_moves().len(), expected.len(), "{b}");
        let mask = expected.iter().fold(0u16, |m, &c| m | 1 << c);
        assert_eq!(position.best_moves().mask(), mask, "{b}");
        for cell in 0..9 {
            assert_eq!(
                position.best_moves().contains(cell),
                expected.contains(&cell),
                "{b}"
            );
        }
        let listed: Vec<u8> = position.best_moves().iter().collect();
        assert!(
            listed.windows(2).all(|w| w[0] < w[1]),
            "{b}: {listed:?} not increasing"
        );
    }
}

#[test]
fn play_and_moves_agree_with_the_reference_children() {
    for cells in reachable() {
        let position = board(&cells).lookup().unwrap();
        let b = position.board();
        let expected: Vec<(u8, Board)> = children(&cells)
            .iter()
            .map(|(cell, next)| (*cell, board(next)))
            .collect();
        let moves: Vec<(u8, Board)> = position.moves().map(|(c, p)| (c, p.board())).collect();
        assert_eq!(moves, expected, "moves from {b}");
        for (cell, after) in position.moves() {
            assert_eq!(after.board().lookup(), Ok(after), "{b} then {cell}");
        }
        for cell in 0..9u8 {
            let got = position.play(cell);
            if let Some((_, next)) = expected.iter().find(|(c, _)| *c == cell) {
                assert_eq!(got.map(|p| p.board()), Ok(*next), "{b} play {cell}");
            } else if is_over(&cells) {
                if cells[usize::from(cell)] == EMPTY {
                    assert_eq!(got, Err(IllegalMove::Finished), "{b} play {cell}");
                } else {
                    // Finished and occupied: either reason is true.
                    assert!(
                        got == Err(IllegalMove::Finished)
                            || got == Err(IllegalMove::Occupied(cell)),
                        "{b} play {cell}: {got:?}"
                    );
                }
            } else {
                assert_eq!(got, Err(IllegalMove::Occupied(cell)), "{b} play {cell}");
            }
        }
        let beyond = position.play(9);
        if is_over(&cells) {
            assert!(beyond.is_err(), "{b} play 9");
        } else {
            assert_eq!(beyond, Err(IllegalMove::NoSuchCell(9)), "{b} play 9");
        }
    }
}
