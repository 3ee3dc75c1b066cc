//! The library's surface as its docs promise it, over every board: what each type prints,
//! the one best move, canonical forms with their symmetry, the words "finished" and
//! "final", and the error types as `core::error::Error`.
//!
//! Where the expectations come from: the doc comments of each item (the printed forms,
//! the tie-breaks), restated here plainly and checked against all 19,683 boards or all
//! 5,478 reachable positions; the symmetries are checked against cell maps written out
//! by hand below.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::BTreeSet;

use perfect_play::Value;
use perfect_play::games::tictactoe::CellSetIter;
use perfect_play::games::tictactoe::{
    Board, CellSet, IllegalMove, NotFinal, Outcome, ParseBoardError, Player, Position, Symmetry,
    Unreachable,
};

fn all_boards() -> impl Iterator<Item = Board> {
    (0..19_683).map(|code| Board::from_code(code).expect("codes below 3^9 are boards"))
}

#[test]
fn every_error_type_is_a_core_error() {
    fn boxed<E: core::error::Error + 'static>(error: E) -> Box<dyn core::error::Error> {
        Box::new(error)
    }
    let parse: ParseBoardError = Board::from_ascii(b"xo").unwrap_err();
    let errors = [
        boxed(parse),
        boxed("xo".parse::<Board>().unwrap_err()),
        boxed(Unreachable::MoreOThanX),
        boxed(NotFinal::Unfinished),
        boxed(IllegalMove::Finished),
        boxed(perfect_play::PlayError::Finished),
    ];
    let messages: Vec<String> = errors.iter().map(|error| error.to_string()).collect();
    assert_eq!(
        messages[2..5],
        [
            "o has more marks than x, but x moves first",
            "the game is not finished",
            "the game is finished",
        ]
    );
    // The judges' words and the games' say the same thing.
    assert_eq!(messages[0], "expected 9 cells, found 2");
    assert_eq!(messages[1], "expected 9 cells, found 2");
    assert_eq!(messages[5], "the game is finished");
    #[cfg(feature = "alloc")]
    {
        let error = boxed(perfect_play::footholds::FootholdsError::Empty);
        assert!(error.to_string().starts_with("the grid is empty"));
    }
}

#[test]
fn small_types_print_as_documented() {
    assert_eq!([Player::X, Player::O].map(|p| p.to_string()), ["x", "o"]);
    assert_eq!(
        [
            Outcome::Win(Player::X),
            Outcome::Win(Player::O),
            Outcome::Draw
        ]
        .map(|o| o.to_string()),
        ["x wins", "o wins", "draw"]
    );
    assert_eq!(
        [Value::Win, Value::Draw, Value::Loss].map(|v| v.to_string()),
        ["win", "draw", "loss"]
    );
    assert!(Value::Loss < Value::Draw && Value::Draw < Value::Win);
    assert_eq!(
        Symmetry::ALL.map(|s| s.to_string()),
        [
            "identity",
            "rotate 90",
            "rotate 180",
            "rotate 270",
            "flip horizontal",
            "flip vertical",
            "transpose",
            "anti-transpose",
        ]
    );
    assert_eq!(CellSet::EMPTY.to_string(), "{}");
    assert_eq!(CellSet::from_mask(0b1_0001_0001).to_string(), "{0, 4, 8}");
    assert_eq!(CellSet::from_mask(0b100).to_string(), "{2}");
    assert_eq!(format!("{:?}", CellSet::from_mask(0b11)), "{0, 1}");
}

#[test]
fn a_game_record_is_small_and_inline() {
    // The docs promise a record in a fixed array, no heap: a tic-tac-toe game's nine plies
    // (each a move and the board after it) and a few words of bookkeeping.
    let step = size_of::<Option<(u8, Board)>>();
    let record = size_of::<perfect_play::PlayedGame<Board, 9>>();
    assert!(
        record <= 9 * step + 4 * size_of::<usize>(),
        "{record} bytes"
    );
}

#[test]
fn outcome_values_are_from_the_players_side() {
    for player in [Player::X, Player::O] {
        assert_eq!(Outcome::Win(player).value_for(player), Value::Win);
        assert_eq!(Outcome::Win(player.other()).value_for(player), Value::Loss);
        assert_eq!(Outcome::Draw.value_for(player), Value::Draw);
    }
}

#[test]
fn cell_sets_iterate_in_order_exactly_and_fused() {
    for mask in 0..512u16 {
        let set = CellSet::from_mask(mask);
        let expected: Vec<u8> = (0..9).filter(|&cell| mask & (1 << cell) != 0).collect();
        let mut iter: CellSetIter = set.into_iter();
        for left in (0..=expected.len()).rev() {
            assert_eq!(iter.len(), left);
            if left == 0 {
                break;
            }
            iter.next();
        }
        assert_eq!(iter.next(), None);
        assert_eq!(iter.next(), None, "fused");
        assert_eq!(set.iter().collect::<Vec<_>>(), expected);
        let mut looped = Vec::new();
        for cell in set {
            looped.push(cell);
        }
        assert_eq!(looped, expected);
        assert_eq!(set.first(), expected.first().copied());
        assert_eq!(expected.iter().copied().collect::<CellSet>(), set);
        let braces = expected
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        assert_eq!(set.to_string(), format!("{{{braces}}}"));
    }
    assert_eq!([9, 200, 3].into_iter().collect::<CellSet>().mask(), 1 << 3);
}

#[test]
fn best_move_is_the_lowest_best_move() {
    for position in Position::all() {
        let lowest = position.best_moves().iter().min();
        assert_eq!(position.best_move(), lowest, "{position}");
        assert_eq!(position.best_move().is_none(), position.is_finished());
    }
}

#[test]
fn positions_print_their_summary() {
    for position in Position::all() {
        let board = position.board();
        let plies = position.plies();
        let unit = if plies == 1 { "ply" } else { "plies" };
        let summary = match (position.to_move(), position.outcome()) {
            (None, Outcome::Win(p)) => format!("finished, {p} won"),
            (None, Outcome::Draw) => "finished, a draw".to_string(),
            (Some(p), Outcome::Draw) => format!("{p} to move, a draw in {plies} {unit}"),
            (Some(p), Outcome::Win(w)) => format!("{p} to move, {w} wins in {plies} {unit}"),
        };
        assert_eq!(position.to_string(), format!("{board}: {summary}"));
        assert_eq!(format!("{position:#}"), format!("{board:#}\n{summary}"));
    }
}

#[test]
fn three_in_a_row_is_who_has_won_on_the_board() {
    for position in Position::all() {
        let board = position.board();
        let owner = [Player::X, Player::O]
            .into_iter()
            .find(|&p| board.has_line(p));
        assert_eq!(position.three_in_a_row(), owner, "{board}");
        if owner.is_some() {
            assert_eq!(position.outcome().winner(), owner, "{board}");
        }
    }
}

#[test]
fn finished_and_final_mean_one_thing() {
    for board in all_boards() {
        let full = board.empty_mask() == 0;
        let finished = board.has_line(Player::X) || board.has_line(Player::O) || full;
        assert_eq!(board.is_finished(), finished, "{board}");
        match board.lookup() {
            Ok(position) => {
                assert_eq!(position.is_finished(), finished, "{board}");
                assert_eq!(board.is_final(), finished, "{board}");
                let expected = if finished {
                    Ok(position)
                } else {
                    Err(NotFinal::Unfinished)
                };
                assert_eq!(board.check_final(), expected, "{board}");
                if finished {
                    assert_eq!(position.play(4), Err(IllegalMove::Finished));
                }
            }
            Err(why) => {
                assert!(!board.is_final());
                assert_eq!(board.check_final(), Err(NotFinal::Unreachable(why)));
            }
        }
    }
}

/// Where each symmetry takes the cells 0..9, written out by hand.
fn cell_map(symmetry: Symmetry) -> [u8; 9] {
    match symmetry {
        Symmetry::Identity => [0, 1, 2, 3, 4, 5, 6, 7, 8],
        Symmetry::Rotate90 => [2, 5, 8, 1, 4, 7, 0, 3, 6],
        Symmetry::Rotate180 => [8, 7, 6, 5, 4, 3, 2, 1, 0],
        Symmetry::Rotate270 => [6, 3, 0, 7, 4, 1, 8, 5, 2],
        Symmetry::FlipHorizontal => [2, 1, 0, 5, 4, 3, 8, 7, 6],
        Symmetry::FlipVertical => [6, 7, 8, 3, 4, 5, 0, 1, 2],
        Symmetry::Transpose => [0, 3, 6, 1, 4, 7, 2, 5, 8],
        Symmetry::AntiTranspose => [8, 5, 2, 7, 4, 1, 6, 3, 0],
    }
}

#[test]
fn symmetries_move_cells_as_drawn() {
    for symmetry in Symmetry::ALL {
        let map = cell_map(symmetry);
        for cell in 0..9u8 {
            assert_eq!(symmetry.cell(cell), map[usize::from(cell)], "{symmetry}");
            assert_eq!(
                symmetry.inverse().cell(symmetry.cell(cell)),
                cell,
                "{symmetry}"
            );
        }
    }
}

#[test]
fn canonical_forms_come_with_the_symmetry_that_makes_them() {
    for board in all_boards() {
        let (canonical, symmetry) = board.canonical_with_symmetry();
        let images: Vec<(Board, Symmetry)> = Symmetry::ALL
            .into_iter()
            .map(|s| (board.transform(s), s))
            .collect();
        let smallest = images.iter().map(|(image, _)| image.code()).min();
        assert_eq!(Some(canonical.code()), smallest, "{board}");
        // The first symmetry, in `Symmetry::ALL` order, that gives the canonical form.
        let first = images.iter().find(|(image, _)| *image == canonical);
        assert_eq!(first.map(|&(_, s)| s), Some(symmetry), "{board}");
        assert_eq!(board.canonical(), canonical);
        assert_eq!(canonical.transform(symmetry.inverse()), board, "{board}");

        if let Ok(position) = board.lookup() {
            let (image, by) = position.canonical_with_symmetry();
            assert_eq!(by, symmetry);
            // The transformed position is what the table says about the canonical board.
            assert_eq!(Ok(image), canonical.lookup(), "{board}");
            assert_eq!(position.canonical(), image);
            for s in Symmetry::ALL {
                assert_eq!(Ok(position.transform(s)), board.transform(s).lookup());
            }
            // A best move found on the canonical board maps back to a best move here.
            let back: BTreeSet<u8> = image
                .best_moves()
                .iter()
                .map(|cell| symmetry.inverse().cell(cell))
                .collect();
            let here: BTreeSet<u8> = position.best_moves().iter().collect();
            assert_eq!(back, here, "{board}");
        }
    }
}
