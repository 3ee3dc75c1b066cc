//! The computer's levels of play ([`Level`]) against what each level promises.
//!
//! Expectations come from the definitions of the levels (issue 13) and from the solved
//! tables themselves: a perfect move is one of `Position::best_moves()` (the tic-tac-toe
//! table's own optimal-move mask, solved by minimax at build time) or, for the generated
//! games, a move of the highest `Record::rank()`; a safe move is one whose value is not a
//! loss; the other levels may play any legal move. Every position legal play reaches is
//! checked, with a seeded generator (splitmix, `tests/common`), so every run draws the same.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::{HashSet, VecDeque};

use perfect_play::Game;
use perfect_play::Level;
use perfect_play::ParseLevelError;
use perfect_play::games::tictactoe::{Outcome, Player, Position};
use perfect_play::games::{DODGEM, HEXAPAWN};
use perfect_play::{Record, Solved, Value};

mod common;

use common::Rng;

/// Draws per position: enough that every one of up to 9 moves turns up (a miss has odds
/// under 1e-9 per position).
const DRAWS: usize = 300;

/// The random source the library wants, from the tests' seeded generator.
fn source(rng: &mut Rng) -> impl FnMut() -> u32 + '_ {
    move || (rng.next() >> 32) as u32
}

/// The cells `level` picks over [`DRAWS`] draws, as a mask.
fn picked(position: Position, level: Level, rng: &mut Rng) -> u16 {
    let mut random = source(rng);
    (0..DRAWS)
        .map(|_| 1u16 << position.pick(level, &mut random).unwrap())
        .fold(0, |mask, bit| mask | bit)
}

/// The positions where the game goes on.
fn unfinished() -> impl Iterator<Item = Position> {
    Position::all().filter(|position| !position.is_finished())
}

#[test]
fn ranked_moves_are_every_empty_cell_best_first_with_analyze_plies() {
    for position in Position::all() {
        let ranked: Vec<(u8, Record)> = position.ranked_moves().collect();
        let mover = position.board().turn();
        let mut cells: Vec<u8> = ranked.iter().map(|&(cell, _)| cell).collect();
        cells.sort_unstable();
        let expected: Vec<u8> = position.moves().map(|(cell, _)| cell).collect();
        assert_eq!(cells, expected, "{position}");
        for pair in ranked.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(
                a.1.rank() > b.1.rank() || (a.1.rank() == b.1.rank() && a.0 < b.0),
                "{position}: {ranked:?}"
            );
        }
        for &(cell, record) in &ranked {
            let after = position.play(cell).unwrap();
            assert_eq!(
                u16::from(after.plies()) + 1,
                record.remoteness,
                "{position}"
            );
            let value = match after.outcome() {
                Outcome::Draw => Value::Draw,
                Outcome::Win(winner) if winner == mover => Value::Win,
                Outcome::Win(_) => Value::Loss,
            };
            assert_eq!(record.value, value, "{position} at {cell}");
        }
        // The best moves are exactly those of the highest rank.
        let best = ranked.first().map(|(_, record)| record.rank());
        let top: Vec<u8> = ranked
            .iter()
            .filter(|(_, record)| Some(record.rank()) == best)
            .map(|&(cell, _)| cell)
            .collect();
        assert_eq!(
            top,
            position.best_moves().iter().collect::<Vec<_>>(),
            "{position}"
        );
    }
}

#[test]
fn perfect_picks_only_best_moves_and_every_one_of_them() {
    let mut rng = Rng(13);
    for position in unfinished() {
        let mask = picked(position, Level::Perfect, &mut rng);
        assert_eq!(mask, position.best_moves().mask(), "{position}");
    }
}

#[test]
fn skill_100_is_perfect_and_skill_0_and_random_pick_every_move() {
    let mut rng = Rng(14);
    for position in unfinished() {
        let all = position.board().empty_mask();
        assert_eq!(
            picked(position, Level::Skill(100), &mut rng),
            position.best_moves().mask(),
            "{position}"
        );
        assert_eq!(
            picked(position, Level::Skill(0), &mut rng),
            all,
            "{position}"
        );
        assert_eq!(picked(position, Level::Random, &mut rng), all, "{position}");
        // A middling skill still plays only legal moves.
        assert_eq!(picked(position, Level::Skill(50), &mut rng) & !all, 0);
    }
}

#[test]
fn safe_never_loses_when_it_need_not_and_picks_every_safe_move() {
    let mut rng = Rng(15);
    for position in unfinished() {
        let safe: u16 = position
            .ranked_moves()
            .filter(|(_, record)| record.value != Value::Loss)
            .fold(0, |mask, (cell, _)| mask | 1 << cell);
        let expected = if safe == 0 {
            position.board().empty_mask()
        } else {
            safe
        };
        assert_eq!(
            picked(position, Level::Safe, &mut rng),
            expected,
            "{position}"
        );
    }
}

#[test]
fn finished_positions_and_no_moves_pick_nothing() {
    let mut rng = Rng(16);
    let mut random = source(&mut rng);
    for position in Position::all().filter(|position| position.is_finished()) {
        for level in Level::MENU {
            assert_eq!(position.pick(level, &mut random), None, "{position}");
        }
    }
    for level in Level::MENU {
        assert_eq!(level.pick::<u8>(&[], &mut random), None);
    }
}

/// Plays one game from the start, x at `x`'s level and o at `o`'s.
fn play(x: Level, o: Level, rng: &mut Rng) -> Position {
    let mut random = source(rng);
    let mut position = Position::START;
    while let Some(player) = position.to_move() {
        let level = if player == Player::X { x } else { o };
        let cell = position.pick(level, &mut random).unwrap();
        position = position.play(cell).unwrap();
    }
    position
}

#[test]
fn perfect_against_perfect_draws() {
    let mut rng = Rng(17);
    for _ in 0..200 {
        let end = play(Level::Perfect, Level::Perfect, &mut rng);
        assert_eq!(end.outcome(), Outcome::Draw, "{end}");
    }
}

#[test]
fn perfect_never_loses_to_weaker_levels_in_either_colour() {
    let mut rng = Rng(18);
    for weaker in [Level::Random, Level::Safe, Level::Skill(50)] {
        let mut wins = 0;
        for _ in 0..2000 {
            let end = play(Level::Perfect, weaker, &mut rng);
            assert_ne!(end.outcome(), Outcome::Win(Player::O), "{end}");
            wins += usize::from(end.outcome() == Outcome::Win(Player::X));
            let end = play(weaker, Level::Perfect, &mut rng);
            assert_ne!(end.outcome(), Outcome::Win(Player::X), "{end}");
            wins += usize::from(end.outcome() == Outcome::Win(Player::O));
        }
        if weaker == Level::Random {
            assert!(wins > 2000, "perfect beat random only {wins} times in 4000");
        }
    }
}

#[test]
fn display_and_from_str_round_trip() {
    for level in Level::MENU.into_iter().chain((0..=100).map(Level::Skill)) {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
    }
    assert_eq!("PERFECT".parse(), Ok(Level::Perfect));
    assert_eq!(" Safe ".parse(), Ok(Level::Safe));
    assert_eq!("Random".parse(), Ok(Level::Random));
    assert_eq!("Skill:075".parse(), Ok(Level::Skill(75)));
    assert_eq!(Level::Skill(7).to_string(), "skill:7");
    let names: Vec<String> = Level::MENU.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["perfect", "safe", "skill:75", "skill:40", "random"]);
}

#[test]
fn from_str_says_what_is_wrong() {
    for text in ["", "best", "skill", "perfectly", "skil:5", "random:3"] {
        assert_eq!(
            text.parse::<Level>(),
            Err(ParseLevelError::Unknown),
            "{text:?}"
        );
    }
    for text in [
        "skill:",
        "skill:101",
        "skill:-1",
        "skill:+5",
        "skill:1.5",
        "skill:x",
        "skill:300",
    ] {
        assert_eq!(
            text.parse::<Level>(),
            Err(ParseLevelError::BadSkill),
            "{text:?}"
        );
    }
    let message = "skill:101".parse::<Level>().unwrap_err().to_string();
    assert!(message.contains("0 to 100"), "{message}");
    let message = "best".parse::<Level>().unwrap_err().to_string();
    for name in ["perfect", "safe", "skill:N", "random"] {
        assert!(message.contains(name), "{message}");
    }
    let _: &dyn core::error::Error = &ParseLevelError::Unknown;
}

/// Every position reachable from the start of `G`.
fn reachable<G: Game + std::hash::Hash>() -> Vec<G> {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([G::start()]);
    let mut found = Vec::new();
    while let Some(position) = queue.pop_front() {
        if !seen.insert(position.key()) {
            continue;
        }
        found.push(position);
        if position.finished().is_none() {
            position.moves(&mut |_, child| queue.push_back(child));
        }
    }
    found
}

/// Perfect picks, over many draws, exactly the moves of the highest rank; every level
/// picks a legal move, and none on a finished position.
fn check_generic<G: Game + std::hash::Hash>(solved: &Solved<G>, seed: u64)
where
    G::Move: std::fmt::Debug,
{
    let mut rng = Rng(seed);
    let mut random = source(&mut rng);
    let positions = reachable::<G>();
    assert!(positions.len() > 10);
    for position in positions {
        let mut legal = Vec::new();
        position.moves(&mut |mv, _| legal.push(mv));
        if position.finished().is_some() {
            for level in Level::MENU {
                assert_eq!(solved.pick(&position, level, &mut random), None);
            }
            continue;
        }
        let mut buffer: Vec<(G::Move, Record)> = legal
            .iter()
            .map(|&mv| {
                (
                    mv,
                    Record {
                        value: Value::Draw,
                        remoteness: 0,
                    },
                )
            })
            .collect();
        let len = solved.ranked_moves(&position, &mut buffer);
        assert_eq!(len, legal.len());
        let best = buffer[0].1.rank();
        let optimal: Vec<G::Move> = buffer
            .iter()
            .filter(|(_, record)| record.rank() == best)
            .map(|&(mv, _)| mv)
            .collect();
        let mut seen = Vec::new();
        for _ in 0..DRAWS {
            let mv = solved.pick(&position, Level::Perfect, &mut random).unwrap();
            assert!(optimal.contains(&mv), "{mv:?} is not optimal");
            if !seen.contains(&mv) {
                seen.push(mv);
            }
            for level in [Level::Safe, Level::Skill(30), Level::Random] {
                let mv = solved.pick(&position, level, &mut random).unwrap();
                assert!(legal.contains(&mv));
            }
        }
        assert_eq!(seen.len(), optimal.len(), "not every optimal move picked");
    }
}

#[test]
fn generic_pick_on_hexapawn_and_dodgem_plays_the_best_rank() {
    check_generic(&HEXAPAWN, 19);
    check_generic(&DODGEM, 20);
}
