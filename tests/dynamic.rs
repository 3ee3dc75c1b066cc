//! The dynamic game handle (`perfect_play::dynamic`, reached through `games::open`) against
//! the plain references of `tests/common/games.rs`, which share no code with the crate.
//!
//! Where the expectations come from:
//! - Every position of Hexapawn that play reaches, walked through the handle's own moves
//!   from the start: its record is the reference minimax's (Martin Gardner's game, a
//!   second-player win in 6 plies: Scientific American, March 1962); every move's label is
//!   the reference's value of the position it leads to, seen from the mover and one ply
//!   further off; the moves come best first by the documented order (any win beats any
//!   draw beats any loss; a win sooner, a loss and a draw later); the count of reachable
//!   positions is the reference walk's own.
//! - Misère tic-tac-toe likewise, against its reference.
//! - A review's sentences and refusals: hand-checked games.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::{HashMap, HashSet, VecDeque};

use perfect_play::dynamic::{DynGame, MoveRefusal, PositionError, ReviewError};
use perfect_play::games;
use perfect_play::{Level, Record, Value};

mod common;

use common::games::{Solved, hexapawn_reference, misere_reference};

/// The documented order of moves: a number that is higher for a better record.
fn rank(record: Record) -> i64 {
    let r = i64::from(record.remoteness);
    match record.value {
        Value::Win => 1_000_000 - r,
        Value::Draw => r,
        Value::Loss => r - 1_000_000,
    }
}

/// Walks every position reachable through the handle from the start, checking each against
/// `reference` (the reference's record of a position given in the notation), and returns
/// how many there are.
fn check_every_position(game: &dyn DynGame, reference: &mut dyn FnMut(&str) -> Solved) -> usize {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([game.about().start.clone()]);
    seen.insert(game.about().start.clone());
    while let Some(text) = queue.pop_front() {
        let analysis = game.analyze(&text).unwrap();
        let (value, plies) = reference(&text);
        assert_eq!(
            (
                analysis.probe.record.value,
                analysis.probe.record.remoteness
            ),
            (value, plies),
            "{text}"
        );
        assert_eq!(analysis.probe, game.probe(&text).unwrap());
        assert_eq!(analysis.probe.finished, analysis.moves.is_empty(), "{text}");
        for pair in analysis.moves.windows(2) {
            assert!(rank(pair[0].record) >= rank(pair[1].record), "{text}");
        }
        for mv in &analysis.moves {
            let (child_value, child_plies) = reference(&mv.after);
            let flipped = match child_value {
                Value::Win => Value::Loss,
                Value::Loss => Value::Win,
                Value::Draw => Value::Draw,
            };
            assert_eq!(
                (mv.record.value, mv.record.remoteness),
                (flipped, child_plies + 1),
                "{text} {}",
                mv.name
            );
            assert_eq!(game.play(&text, &mv.name).unwrap(), mv.after);
            if seen.insert(mv.after.clone()) {
                queue.push_back(mv.after.clone());
            }
        }
        if let Some(best) = analysis.moves.first() {
            assert_eq!(best.record, analysis.probe.record, "{text}");
        }
    }
    seen.len()
}

/// Cells of a 3x3 board in the notation (rows split by `/`), by the letters given.
fn cells_of(text: &str, letters: [char; 2]) -> [u8; 9] {
    let board: Vec<char> = text
        .split(' ')
        .next()
        .unwrap()
        .chars()
        .filter(|&c| c != '/')
        .collect();
    assert_eq!(board.len(), 9, "{text}");
    let mut cells = [0; 9];
    for (cell, c) in cells.iter_mut().zip(board) {
        *cell = if c == letters[0] {
            1
        } else if c == letters[1] {
            2
        } else {
            0
        };
    }
    cells
}

#[test]
fn hexapawn_through_the_handle_agrees_with_the_reference_everywhere() {
    let game = games::open("hexapawn").unwrap();
    let mut memo = HashMap::new();
    // The reference's rows start from white's home row, as the notation's do.
    let count = check_every_position(&*game, &mut |text| {
        let black = text.ends_with('b');
        hexapawn_reference(cells_of(text, ['w', 'b']), black, &mut memo)
    });
    assert_eq!(Some(count as u64), game.about().positions);
}

#[test]
fn misere_through_the_handle_agrees_with_the_reference_everywhere() {
    let game = games::open("misere").unwrap();
    let mut memo = HashMap::new();
    let count = check_every_position(&*game, &mut |text| {
        misere_reference(cells_of(text, ['x', 'o']), &mut memo)
    });
    assert_eq!(Some(count as u64), game.about().positions);
}

#[test]
fn names_are_read_in_any_case_and_a_near_miss_is_suggested() {
    assert_eq!(games::open("Hexapawn").unwrap().about().name, "hexapawn");
    assert_eq!(games::open(" DODGEM ").unwrap().about().name, "dodgem");
    let error = games::open("hexapwan").err().unwrap();
    assert_eq!(error.suggestion(), Some("hexapawn"));
    assert!(error.to_string().contains("did you mean `hexapawn`?"));
    assert!(error.to_string().contains("tictactoe"));
    assert_eq!(games::open("chess").err().unwrap().suggestion(), None);
}

#[test]
fn a_review_judges_every_move_and_names_the_first_that_cannot_be_played() {
    let game = games::open("hexapawn").unwrap();
    // Gardner's line: white loses in 3 moves each, every move best (6 plies).
    let line = game.principal_line("www/.../bbb w").unwrap();
    assert_eq!(line.len(), 6);
    let moves: Vec<&str> = line.iter().map(String::as_str).collect();
    let review = game.review(None, &moves).unwrap();
    assert_eq!(review.positions.len(), 7);
    assert!(review.plies.iter().all(|ply| ply.verdict.is_best()));
    assert!(review.positions[6].probe.finished);
    assert!(
        review.plies[5].sentence.ends_with("won the game"),
        "{}",
        review.plies[5].sentence
    );

    // One move more: the game is over, and the error says who won.
    let mut longer = moves.clone();
    longer.push("1-4");
    match game.review(None, &longer) {
        Err(ReviewError::Move {
            number: 7,
            refusal,
            sentence,
            played,
        }) => {
            assert!(
                matches!(
                    *refusal,
                    MoveRefusal::GameOver {
                        winner: Some("black"),
                        ..
                    }
                ),
                "{refusal:?}"
            );
            assert_eq!(
                sentence,
                "the game ended at move 6: black won; move 7 cannot be played"
            );
            assert_eq!(played.plies.len(), 6);
        }
        other => panic!("{other:?}"),
    }
    // A move that is not legal, and one that is not a move.
    match game.review(None, &["1-5"]) {
        Err(ReviewError::Move {
            number: 1, refusal, ..
        }) => match *refusal {
            MoveRefusal::Illegal { legal, .. } => assert_eq!(legal, ["1-4", "2-5", "3-6"]),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    match game.review(None, &["banana"]) {
        Err(ReviewError::Move {
            number: 1, refusal, ..
        }) => assert!(matches!(*refusal, MoveRefusal::NotAMove { .. })),
        other => panic!("{other:?}"),
    }
}

#[test]
fn positions_no_game_reaches_and_texts_that_are_none_are_told_apart() {
    let game = games::open("hexapawn").unwrap();
    // Three white pawns and a black pawn on white's home row: parses, but unreachable.
    assert!(matches!(
        game.probe("wwb/.../bb. w"),
        Err(PositionError::Unreachable { .. })
    ));
    assert!(matches!(
        game.probe("www/.../bbx w"),
        Err(PositionError::Notation(_))
    ));
}

#[test]
fn the_perfect_level_picks_a_best_move() {
    let game = games::open("misere").unwrap();
    let mut state = 7u32;
    let mut random = || {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        state
    };
    for _ in 0..20 {
        let pick = game
            .pick(".../.../...", Level::Perfect, &mut random)
            .unwrap();
        // The centre is the only first move that does not lose misère tic-tac-toe.
        assert_eq!(pick.as_deref(), Some("5"));
    }
}

#[test]
fn moves_are_every_ranked_move_in_the_game_order() {
    // Hexapawn's start: white pushes each of its three pawns (Gardner's rules), cells
    // numbered from the top left, in the order the cells are.
    let game = games::open("hexapawn").unwrap();
    assert_eq!(game.moves("www/.../bbb w").unwrap(), ["1-4", "2-5", "3-6"]);
    // Every position play reaches: the same moves as the analysis ranks, none at the end.
    let mut seen = std::collections::BTreeSet::new();
    let mut stack = vec![game.about().start.clone()];
    while let Some(position) = stack.pop() {
        if !seen.insert(position.clone()) {
            continue;
        }
        let moves = game.moves(&position).unwrap();
        let analysis = game.analyze(&position).unwrap();
        let mut ranked: Vec<String> = analysis.moves.iter().map(|m| m.name.clone()).collect();
        let mut listed = moves.clone();
        ranked.sort();
        listed.sort();
        assert_eq!(listed, ranked, "{position}");
        assert_eq!(moves.is_empty(), analysis.probe.finished, "{position}");
        stack.extend(moves.iter().map(|mv| game.play(&position, mv).unwrap()));
    }
    assert_eq!(seen.len(), game.about().positions.unwrap() as usize);
    // A text that is not a move says where it goes wrong.
    match game.play("www/.../bbb w", "2x5") {
        Err(MoveRefusal::NotAMove { why, .. }) => assert_eq!(why.column(), 2),
        other => panic!("{other:?}"),
    }
}

/// A game sketched (`sketch_game`: nothing probed) and completed from probes
/// (`PositionAnalysis::of_sketch`, `SketchedMove::record`, `JudgedPly::new`) is the game
/// reviewed, position for position and ply for ply: what a server that sends each answer
/// as it is found puts together is what `review` answers, for every game of the registry
/// on seeded random games (a game answered by search within its book's first plies).
#[test]
fn a_game_sketched_and_probed_is_the_game_reviewed() {
    use perfect_play::dynamic::{JudgedPly, PositionAnalysis};

    let mut seed = 0x5ce7_u64;
    let mut below = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for name in games::names() {
        let game = games::open(name).unwrap();
        let searched = game.about().answered_by == perfect_play::AnsweredBy::Search;
        for _ in 0..8 {
            let mut moves: Vec<String> = Vec::new();
            let length = if searched { 2 } else { below(20) };
            for _ in 0..length {
                let sketched = game
                    .sketch_game(None, &moves.iter().map(String::as_str).collect::<Vec<_>>())
                    .unwrap();
                let last = sketched.positions.last().unwrap();
                if last.moves.is_empty() {
                    break;
                }
                moves.push(last.moves[below(last.moves.len())].name.clone());
            }
            let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
            let sketched = game.sketch_game(None, &texts).unwrap();
            let review = game.review(None, &texts).unwrap();
            assert_eq!(
                sketched.positions.len(),
                review.positions.len(),
                "{name} {moves:?}"
            );
            assert_eq!(
                sketched.moves, moves,
                "{name}: the moves as the game writes them"
            );
            let records: Vec<Record> = sketched
                .positions
                .iter()
                .map(|sketch| game.probe(&sketch.position).unwrap().record)
                .collect();
            for ((sketch, reviewed), &record) in sketched
                .positions
                .iter()
                .zip(&review.positions)
                .zip(&records)
            {
                assert_eq!(
                    sketch.winner,
                    reviewed
                        .probe
                        .finished
                        .then(|| reviewed.probe.winner())
                        .flatten(),
                    "{name}"
                );
                let children: Vec<Record> = sketch
                    .moves
                    .iter()
                    .map(|mv| {
                        let after = game.probe(&mv.after).unwrap();
                        assert_eq!(mv.ends, after.finished, "{name}: {} ends the game", mv.name);
                        mv.record(after.record)
                    })
                    .collect();
                let whole = PositionAnalysis::of_sketch(sketch.clone(), record, &children);
                assert_eq!(&whole, reviewed, "{name} {moves:?}");
            }
            for (index, ply) in review.plies.iter().enumerate() {
                let before = &sketched.positions[index];
                let played = before
                    .moves
                    .iter()
                    .find(|mv| mv.name == moves[index])
                    .unwrap();
                let judged = JudgedPly::new(
                    game.about(),
                    index + 1,
                    before.to_move,
                    moves[index].clone(),
                    records[index],
                    played.record(records[index + 1]),
                    sketched.positions[index + 1].finished,
                );
                assert_eq!(&judged, ply, "{name} {moves:?}");
            }
        }
    }
}

/// A sketch says what cannot be played as a review does, naming the move; it probes
/// nothing, so a start no game reaches is sketched (its probe says it is unreachable).
#[test]
fn a_sketch_refuses_what_a_review_refuses() {
    let hexapawn = games::open("hexapawn").unwrap();
    let refused = hexapawn.sketch_game(None, &["2-5", "5-1"]).unwrap_err();
    let reviewed = hexapawn.review(None, &["2-5", "5-1"]).unwrap_err();
    assert_eq!(refused.to_string(), reviewed.to_string());
    assert!(matches!(refused, ReviewError::Move { number: 2, .. }));
    assert!(matches!(
        hexapawn.sketch_game(Some("www/.../bbx w"), &[]),
        Err(ReviewError::Start(PositionError::Notation(_)))
    ));
    let misere = games::open("misere").unwrap();
    let unreachable = misere.sketch_game(Some("xxx/ooo/..."), &[]).unwrap();
    assert_eq!(unreachable.positions.len(), 1);
    assert!(matches!(
        misere.probe("xxx/ooo/..."),
        Err(PositionError::Unreachable { .. })
    ));
}
