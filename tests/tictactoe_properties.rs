//! Properties of `Board` and the solved table, checked with proptest.
//!
//! Where the expectations come from: the documented API (every accepted spelling of a
//! board, the `Display` forms and that they parse back) and the hardening requirement that every accepted spelling round-trips; the geometry
//! of the square (the 8 rotations and reflections map lines to lines, so they cannot change
//! who can win, how fast, or which moves are optimal, only where those moves are); and the
//! promise that a lookup and the validity checks never disagree. Nothing here is compared
//! with the library's own answers except through such invariants.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::BTreeSet;

use perfect_play::games::tictactoe::{Board, NotFinal, Player, Position, Symmetry};
use proptest::prelude::*;

const LINES: [[u8; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Any of the 19,683 boards, reachable or not.
fn any_board() -> impl Strategy<Value = Board> {
    (0u16..19_683).prop_map(|code| Board::from_code(code).expect("a code below 3^9"))
}

/// A board reached by legal play: from the empty board, each choice picks one of the
/// empty cells, until the choices run out or the game ends.
fn played_board() -> impl Strategy<Value = Board> {
    proptest::collection::vec(0usize..9, 0..=9).prop_map(|choices| {
        let mut position = Position::START;
        for choice in choices {
            let moves: Vec<(u8, Position)> = position.moves().collect();
            if moves.is_empty() {
                break;
            }
            position = moves[choice % moves.len()].1;
        }
        position.board()
    })
}

/// Reachable boards half of the time: only about a quarter of all boards are.
fn board() -> impl Strategy<Value = Board> {
    prop_oneof![any_board(), played_board()]
}

/// How a board is spelled: the layout, and per cell the case and the empty mark.
#[derive(Debug, Clone)]
struct Spelling {
    /// `None` for nine cells in a row, else what stands between rows 1 and 2, and 2 and 3:
    /// a run of one or more separators (`/`, space, tab, CR, LF), mixed as they come.
    separators: Option<[String; 2]>,
    upper: [bool; 9],
    empty: [char; 9],
    /// Whitespace around the board; for a board in rows, also separators (a leading or
    /// trailing `/` is as harmless as a space).
    before: String,
    after: String,
}

fn spelling() -> impl Strategy<Value = Spelling> {
    let run = "[/ \t\r\n]{1,3}";
    let separators = prop_oneof![
        Just(None),
        Just(Some(["/".to_owned(), "/".to_owned()])),
        Just(Some(["\r\n".to_owned(), "\r\n".to_owned()])),
        (run, run).prop_map(|(a, b)| Some([a, b])),
    ];
    let whitespace = "[ \t\r\n]{0,4}";
    let around = "[/ \t\r\n]{0,4}";
    (
        separators,
        any::<[bool; 9]>(),
        proptest::array::uniform9(prop_oneof![Just('.'), Just('-'), Just('_')]),
        (whitespace, whitespace, around, around),
    )
        .prop_map(
            |(separators, upper, empty, (space_before, space_after, before, after))| {
                let (before, after) = if separators.is_some() {
                    (before, after)
                } else {
                    (space_before, space_after)
                };
                Spelling {
                    separators,
                    upper,
                    empty,
                    before,
                    after,
                }
            },
        )
}

/// The board written in `spelling`, built from its cells alone.
fn spell(board: Board, spelling: &Spelling) -> String {
    let mut text = spelling.before.clone();
    for (i, cell) in board.cells().into_iter().enumerate() {
        if let (3 | 6, Some(separators)) = (i, &spelling.separators) {
            text.push_str(&separators[i / 3 - 1]);
        }
        let c = match cell {
            Some(Player::X) => 'x',
            Some(Player::O) => 'o',
            None => spelling.empty[i],
        };
        text.push(if spelling.upper[i] {
            c.to_ascii_uppercase()
        } else {
            c
        });
    }
    text.push_str(&spelling.after);
    text
}

/// Whether `byte` may stand in a board's text other than as a cell: a row separator or
/// whitespace.
fn is_separator(byte: u8) -> bool {
    byte == b'/' || byte.is_ascii_whitespace()
}

/// The cell a byte spells, if it spells one.
fn cell_of(byte: u8) -> Option<Option<Player>> {
    match byte.to_ascii_lowercase() {
        b'x' => Some(Some(Player::X)),
        b'o' => Some(Some(Player::O)),
        b'.' | b'-' | b'_' => Some(None),
        _ => None,
    }
}

/// Bytes that are neither a cell nor a separator.
fn foreign_byte() -> impl Strategy<Value = u8> {
    any::<u8>().prop_filter("neither a cell nor a separator", |&b| {
        cell_of(b).is_none() && !is_separator(b)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn display_is_nine_cells_and_parses_back(board in any_board()) {
        let text = board.to_string();
        let expected: String = board
            .cells()
            .iter()
            .map(|cell| match cell {
                Some(Player::X) => 'x',
                Some(Player::O) => 'o',
                None => '.',
            })
            .collect();
        prop_assert_eq!(&text, &expected);
        prop_assert_eq!(text.parse::<Board>(), Ok(board));

        let rows = format!("{board:#}");
        let lines: Vec<&str> = rows.lines().collect();
        prop_assert_eq!(lines, vec![&expected[0..3], &expected[3..6], &expected[6..9]]);
        prop_assert_eq!(rows.parse::<Board>(), Ok(board));
    }

    #[test]
    fn every_accepted_spelling_parses_to_the_board(board in any_board(), spelling in spelling()) {
        let text = spell(board, &spelling);
        prop_assert_eq!(text.parse::<Board>(), Ok(board), "{:?}", text);
        prop_assert_eq!(Board::from_ascii(text.as_bytes()), Ok(board), "{:?}", text);
    }

    #[test]
    fn a_foreign_byte_is_an_error(
        board in any_board(),
        spelling in spelling(),
        foreign in foreign_byte(),
        at in any::<prop::sample::Index>(),
    ) {
        let mut bytes = spell(board, &spelling).into_bytes();
        let at = at.index(bytes.len() + 1);
        bytes.insert(at, foreign);
        let result = Board::from_ascii(&bytes);
        prop_assert!(result.is_err(), "{:?} -> {:?}", bytes, result);
        prop_assert!(!result.unwrap_err().to_string().is_empty());
    }

    #[test]
    fn a_cell_too_many_or_too_few_is_an_error(
        board in any_board(),
        extra in prop_oneof![Just(b'x'), Just(b'O'), Just(b'.'), Just(b'-'), Just(b'_')],
        at in any::<prop::sample::Index>(),
        remove in any::<bool>(),
    ) {
        let mut bytes = board.to_string().into_bytes();
        if remove {
            bytes.remove(at.index(bytes.len()));
        } else {
            bytes.insert(at.index(bytes.len() + 1), extra);
        }
        let result = Board::from_ascii(&bytes);
        prop_assert!(result.is_err(), "{:?} -> {:?}", String::from_utf8_lossy(&bytes), result);
    }

    #[test]
    fn garbage_never_panics_and_any_board_read_is_its_cells(
        bytes in prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..40),
            // Mostly board characters, to get near (and past) the accepted forms.
            proptest::collection::vec(
                prop_oneof![
                    4 => proptest::sample::select(b"xoXO.-_/ \t\r\n".to_vec()),
                    1 => any::<u8>(),
                ],
                0..24,
            ),
        ],
    ) {
        let result = Board::from_ascii(&bytes);
        if let Ok(text) = std::str::from_utf8(&bytes) {
            prop_assert_eq!(text.parse::<Board>(), result.map_err(perfect_play::games::ParseError::from));
        }
        let cells: Option<Vec<Option<Player>>> =
            bytes.iter().filter(|&&b| !is_separator(b)).map(|&b| cell_of(b)).collect();
        match result {
            Ok(board) => {
                // Whatever was accepted holds exactly the board's nine cells, in order.
                prop_assert_eq!(cells, Some(board.cells().to_vec()), "{:?}", bytes);
            }
            Err(error) => {
                prop_assert!(!error.to_string().is_empty());
                // A string of exactly nine cells and nothing else is never refused.
                let bare = bytes.iter().all(|&b| cell_of(b).is_some());
                prop_assert!(!(bare && bytes.len() == 9), "{:?}", bytes);
            }
        }
    }

    #[test]
    fn symmetries_move_cells_as_they_say(board in any_board()) {
        for symmetry in Symmetry::ALL {
            let image = board.transform(symmetry);
            for cell in 0..9u8 {
                prop_assert_eq!(image.at(symmetry.cell(cell)), board.at(cell), "{:?}", symmetry);
                prop_assert_eq!(symmetry.inverse().cell(symmetry.cell(cell)), cell);
            }
            prop_assert_eq!(image.transform(symmetry.inverse()), board, "{:?}", symmetry);
            for player in [Player::X, Player::O] {
                prop_assert_eq!(symmetry.mask(board.mask(player)), image.mask(player));
                prop_assert_eq!(image.count(player), board.count(player));
                prop_assert_eq!(image.has_line(player), board.has_line(player));
            }
        }
    }

    #[test]
    fn symmetries_keep_the_solution(board in board()) {
        let lookup = board.lookup();
        for symmetry in Symmetry::ALL {
            let image = board.transform(symmetry);
            prop_assert_eq!(image.is_reachable(), board.is_reachable(), "{} {:?}", board, symmetry);
            prop_assert_eq!(image.is_final(), board.is_final(), "{} {:?}", board, symmetry);
            match (lookup, image.lookup()) {
                (Ok(position), Ok(mapped)) => {
                    prop_assert_eq!(mapped.outcome(), position.outcome(), "{} {:?}", board, symmetry);
                    prop_assert_eq!(mapped.plies(), position.plies(), "{} {:?}", board, symmetry);
                    prop_assert_eq!(mapped.is_finished(), position.is_finished());
                    prop_assert_eq!(mapped.three_in_a_row(), position.three_in_a_row());
                    prop_assert_eq!(mapped.to_move(), position.to_move());
                    let moved: BTreeSet<u8> =
                        position.best_moves().iter().map(|cell| symmetry.cell(cell)).collect();
                    let best: BTreeSet<u8> = mapped.best_moves().iter().collect();
                    prop_assert_eq!(&best, &moved, "{} {:?}", board, symmetry);
                    prop_assert_eq!(symmetry.mask(position.best_moves().mask()), mapped.best_moves().mask());
                }
                // Why a board is unreachable depends only on counts and lines.
                (Err(reason), Err(mapped)) => prop_assert_eq!(mapped, reason),
                (a, b) => prop_assert!(false, "{} {:?}: {:?} vs {:?}", board, symmetry, a, b),
            }
        }
    }

    #[test]
    fn canonical_is_the_smallest_image_and_shared_by_all(board in any_board()) {
        let canonical = board.canonical();
        let images: Vec<Board> = Symmetry::ALL.iter().map(|&s| board.transform(s)).collect();
        prop_assert!(images.contains(&canonical), "{}", board);
        let smallest = images.iter().map(|b| b.code()).min();
        prop_assert_eq!(Some(canonical.code()), smallest, "{}", board);
        for image in images {
            prop_assert_eq!(image.canonical(), canonical, "{} image {}", board, image);
        }
    }

    #[test]
    fn lookup_agrees_with_the_validity_checks(board in board()) {
        let lookup = board.lookup();
        prop_assert_eq!(lookup.is_ok(), board.is_reachable(), "{}", board);
        let finished = lookup.is_ok_and(|p| p.is_finished());
        prop_assert_eq!(board.is_final(), finished, "{}", board);
        match (board.check_final(), lookup) {
            (Ok(position), Ok(found)) => {
                prop_assert!(finished);
                prop_assert_eq!(position, found);
                prop_assert_eq!(position.board(), board);
            }
            (Err(NotFinal::Unfinished), Ok(found)) => {
                prop_assert!(!found.is_finished(), "{}", board);
                prop_assert!(found.to_move().is_some(), "{}", board);
            }
            (Err(NotFinal::Unreachable(why)), Err(reason)) => prop_assert_eq!(why, reason),
            (a, b) => prop_assert!(false, "{}: check_final {:?}, lookup {:?}", board, a, b),
        }
    }
}

#[test]
fn the_eight_symmetries_are_the_square_s() {
    let permutations: BTreeSet<[u8; 9]> = Symmetry::ALL
        .iter()
        .map(|s| core::array::from_fn(|cell| s.cell(cell as u8)))
        .collect();
    assert_eq!(permutations.len(), 8, "eight distinct permutations");
    let lines: BTreeSet<[u8; 3]> = LINES.into_iter().collect();
    for symmetry in Symmetry::ALL {
        // A permutation of the cells that maps lines to lines is a symmetry of the game.
        for line in LINES {
            let mut image = line.map(|cell| symmetry.cell(cell));
            image.sort_unstable();
            assert!(
                lines.contains(&image),
                "{symmetry:?} maps {line:?} to {image:?}"
            );
        }
        assert_eq!(symmetry.inverse().inverse(), symmetry);
        assert_eq!(
            symmetry.cell(9),
            9,
            "cells outside 0..9 stay where they are"
        );
    }
    assert_eq!(Symmetry::ALL[0], Symmetry::Identity);
    // Top left, top right, bottom right, bottom left: 0, 2, 8, 6.
    assert_eq!(Symmetry::Rotate90.cell(0), 2, "a quarter turn clockwise");
    assert_eq!(
        Symmetry::Rotate270.cell(0),
        6,
        "a quarter turn counterclockwise"
    );
    assert_eq!(Symmetry::Rotate180.cell(0), 8);
    assert_eq!(Symmetry::FlipHorizontal.cell(0), 2, "left and right");
    assert_eq!(Symmetry::FlipHorizontal.cell(3), 5, "left and right");
    assert_eq!(Symmetry::FlipVertical.cell(0), 6, "top and bottom");
    assert_eq!(Symmetry::Transpose.cell(1), 3);
    assert_eq!(Symmetry::Transpose.cell(0), 0);
    assert_eq!(Symmetry::AntiTranspose.cell(0), 8);
    assert_eq!(Symmetry::AntiTranspose.cell(2), 2);
}
