//! The games solved at compile time besides tic-tac-toe, against published results and
//! against reference solvers written plainly here, sharing no code with the crate.
//!
//! Where the expectations come from:
//! - Misère tic-tac-toe (three in a row loses) is a draw with perfect play, and the centre
//!   is the first player's only move that does not lose: the folklore result restated in
//!   e.g. github.com/utkarsha02/TicTacToe ("The Best First Move In Misere Tic-Tac-Toe") and
//!   in the MathOverflow thread 24811 on misère tic-tac-toe.
//! - Hexapawn (Martin Gardner, "Mathematical Games", Scientific American, March 1962) is a
//!   win for the second player, black; with perfect play white loses in 3 moves each
//!   (1.b2 axb2 2.cxb2 c2 3.a2 c1#): 6 plies (Wikipedia, "Hexapawn"; chessvariants.com).
//! - Dodgem 3x3 (Colin Vout; Berlekamp, Conway and Guy, *Winning Ways*, with the table of
//!   every position) is a win for the first player (Wikipedia, "Dodgem"; Zillions of Games).
//!   Its end, as *Winning Ways* gives it and the crate's rules text says: the winner is the
//!   first to have no legal move on their turn, all their cars off the board or blocked
//!   in. A player whose last car leaves has won at once (the other side's moves cannot undo
//!   it), so the game ends with that move (issue 29: `..b/.../... b` is red's win, over).
//!
//! The references (`tests/common/games.rs`): a recursive minimax with remoteness over boards
//! as byte arrays for the two finite games, and for loopy Dodgem a fixed-point iteration (a
//! position is won if a move reaches a lost one, lost if every move reaches a won one,
//! repeated until nothing changes) over every placement of the cars, with moves written
//! from the rules again.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::HashMap;

use perfect_play::Game;
use perfect_play::games::tictactoe::Board;
use perfect_play::games::{
    DODGEM, Dodgem, HEXAPAWN, Hexapawn, MISERE, Misere, Notation, ParseError, ParseErrorKind,
    ShowMove, Side, TICTACTOE,
};
use perfect_play::{ENDLESS, Record, Value};

mod common;

use common::games::{
    Cars, dodgem_reference, hexapawn_position, hexapawn_reference, misere_position,
    misere_reference,
};

#[test]
fn misere_is_a_draw_and_only_the_centre_holds_it() {
    let start = MISERE.probe(&Misere::start()).unwrap();
    assert_eq!(
        start,
        Record {
            value: Value::Draw,
            remoteness: 9
        }
    );
    let mut moves = [(0u8, start); 9];
    assert_eq!(MISERE.ranked_moves(&Misere::start(), &mut moves), 9);
    assert_eq!(moves[0].0, 4);
    assert_eq!(moves[0].1.value, Value::Draw);
    assert!(moves[1..].iter().all(|(_, r)| r.value == Value::Loss));
    assert_eq!(MISERE.best_move(&Misere::start()), Some(4));
}

#[test]
fn misere_matches_the_reference_on_every_reachable_board() {
    let mut memo = HashMap::new();
    misere_reference([0; 9], &mut memo);
    assert_eq!(MISERE.len(), memo.len());
    assert_eq!(memo.len(), 5_478); // the same boards as tic-tac-toe's
    for (&cells, &(value, remoteness)) in &memo {
        assert_eq!(
            MISERE.probe(&misere_position(cells)),
            Some(Record { value, remoteness }),
            "{cells:?}"
        );
    }
}

#[test]
fn hexapawn_is_a_second_player_win_in_six_plies() {
    let start = HEXAPAWN.probe(&Hexapawn::start()).unwrap();
    assert_eq!(
        start,
        Record {
            value: Value::Loss,
            remoteness: 6
        }
    );
    let mut line = [(0u8, 0u8); 10];
    assert_eq!(HEXAPAWN.principal_line(&Hexapawn::start(), &mut line), 6);
}

#[test]
fn hexapawn_matches_the_reference_on_every_reachable_position() {
    let mut memo = HashMap::new();
    hexapawn_reference([1, 1, 1, 0, 0, 0, 2, 2, 2], false, &mut memo);
    assert_eq!(HEXAPAWN.len(), memo.len());
    for (&(cells, black), &(value, remoteness)) in &memo {
        assert_eq!(
            HEXAPAWN.probe(&hexapawn_position(cells, black)),
            Some(Record { value, remoteness }),
            "{cells:?} black to move: {black}"
        );
    }
}

#[test]
fn dodgem_is_a_first_player_win() {
    let start = DODGEM.probe(&Dodgem::start()).unwrap();
    assert_eq!(start.value, Value::Win);
    // The principal line ends: the winner makes progress every time it can.
    let mut line = [(0u8, None); 64];
    let plies = DODGEM.principal_line(&Dodgem::start(), &mut line);
    assert_eq!(plies, usize::from(start.remoteness));
}

#[test]
fn dodgem_matches_the_fixed_point_reference() {
    let reference = dodgem_reference();
    // The reference keeps the two cars of a side apart; the table only their cells.
    let mut games: HashMap<u64, Option<Value>> = HashMap::new();
    for (cars, value) in &reference {
        let key = cars.to_game().key();
        if let Some(old) = games.insert(key, *value) {
            assert_eq!(old, *value, "{cars:?}");
        }
    }
    assert_eq!(DODGEM.len(), games.len());
    let mut draws = 0;
    for (cars, value) in &reference {
        let record = DODGEM.probe(&cars.to_game()).unwrap();
        assert_eq!(Some(record.value), value.or(Some(Value::Draw)), "{cars:?}");
        if value.is_none() {
            draws += 1;
            assert_eq!(record.remoteness, ENDLESS, "{cars:?}");
        }
    }
    // Every reachable position is decided: with perfect play someone can force a win.
    assert_eq!(draws, 0);
}

#[test]
fn dodgem_a_side_whose_last_car_leaves_has_won_at_once() {
    // The report's position: red has no car on the board, so red has won.
    let position: Dodgem = "..b/.../... b".parse().unwrap();
    assert_eq!(position.finished(), Some(Value::Loss));
    assert_eq!(
        DODGEM.probe(&position),
        Some(Record {
            value: Value::Loss,
            remoteness: 0
        })
    );
    // Over every reachable position (the reference's walk, its moves written from the
    // rules): a side with no car on the board is never the side to move, and the position
    // is over, won by that side.
    let reference = dodgem_reference();
    let mut emptied = 0;
    for cars in reference.keys() {
        let (mover, other) = if cars.red_to_move {
            (cars.red, cars.blue)
        } else {
            (cars.blue, cars.red)
        };
        assert!(mover.iter().any(Option::is_some), "{cars:?}");
        if other.iter().all(Option::is_none) {
            emptied += 1;
            let game = cars.to_game();
            assert_eq!(game.finished(), Some(Value::Loss), "{cars:?}");
            assert_eq!(
                DODGEM.probe(&game).map(|r| r.remoteness),
                Some(0),
                "{cars:?}"
            );
        }
    }
    assert!(emptied > 0);
    // The plies: the reference's own retrograde analysis, round by round (a win takes the
    // fastest lost child, a loss the slowest won one, once all are won), against the table
    // for every position.
    let mut plies: HashMap<Cars, (Value, u16)> = HashMap::new();
    for round in 0u16.. {
        let mut found = Vec::new();
        for cars in reference.keys() {
            if plies.contains_key(cars) {
                continue;
            }
            let kids = cars.children();
            let value = if cars.last_car_left() {
                Some((Value::Loss, 0))
            } else if kids.is_empty() {
                Some((Value::Win, 0))
            } else if let Some(fastest) = kids
                .iter()
                .filter_map(|k| plies.get(k).filter(|(v, _)| *v == Value::Loss))
                .map(|(_, p)| *p)
                .min()
            {
                Some((Value::Win, fastest + 1))
            } else if kids
                .iter()
                .all(|k| plies.get(k).is_some_and(|(v, _)| *v == Value::Win))
            {
                let slowest = kids.iter().map(|k| plies[k].1).max().unwrap();
                Some((Value::Loss, slowest + 1))
            } else {
                None
            };
            if let Some(value) = value {
                found.push((*cars, value));
            }
        }
        if found.is_empty() {
            break;
        }
        assert!(round < 1000);
        plies.extend(found);
    }
    assert_eq!(plies.len(), reference.len(), "every position decided");
    for (cars, (value, remoteness)) in &plies {
        let record = DODGEM.probe(&cars.to_game()).unwrap();
        assert_eq!(
            (record.value, record.remoteness),
            (*value, *remoteness),
            "{}",
            cars.notation()
        );
    }
    let start = Cars {
        blue: [Some((0, 0)), Some((1, 0))],
        red: [Some((2, 1)), Some((2, 2))],
        red_to_move: false,
    };
    assert_eq!(plies[&start], (Value::Win, 19));
}

#[test]
fn dodgem_is_loopy() {
    // Kahn's topological sort of the reachable graph stalls on a cycle: positions repeat.
    let reference = dodgem_reference();
    let mut indegree: HashMap<Cars, usize> = reference.keys().map(|&p| (p, 0)).collect();
    for p in reference.keys() {
        for c in p.children() {
            *indegree.get_mut(&c).unwrap() += 1;
        }
    }
    let mut ready: Vec<Cars> = indegree
        .iter()
        .filter(|e| *e.1 == 0)
        .map(|e| *e.0)
        .collect();
    let mut sorted = 0;
    while let Some(p) = ready.pop() {
        sorted += 1;
        for c in p.children() {
            let d = indegree.get_mut(&c).unwrap();
            *d -= 1;
            if *d == 0 {
                ready.push(c);
            }
        }
    }
    assert!(
        sorted < reference.len(),
        "no cycle among {} positions",
        reference.len()
    );
}

#[test]
fn every_table_is_consistent_with_its_moves() {
    // Each win has a move to a loss one ply nearer and none nearer; each loss has only
    // moves to wins, the farthest one ply nearer.
    fn check<G: Game>(solved: &perfect_play::Solved<G>, position: G) {
        let mut stack = vec![position];
        let mut seen = std::collections::HashSet::new();
        while let Some(p) = stack.pop() {
            if !seen.insert(p.key()) {
                continue;
            }
            let record = solved.probe(&p).unwrap();
            if p.finished().is_some() {
                assert_eq!(record.remoteness, 0);
                continue;
            }
            let mut children = Vec::new();
            p.moves(&mut |_, child| {
                children.push(solved.probe(&child).unwrap());
                stack.push(child);
            });
            let after: Vec<Record> = children.iter().map(|c| c.before_move()).collect();
            let best = after.iter().max_by_key(|r| r.rank()).unwrap();
            assert_eq!(record.value, best.value);
            if record.value != Value::Draw {
                assert_eq!(record, *best);
            }
        }
    }
    check(&MISERE, Misere::start());
    check(&HEXAPAWN, Hexapawn::start());
    check(&DODGEM, Dodgem::start());
}

#[test]
fn ranked_moves_keep_the_best_when_the_buffer_is_short() {
    // Hexapawn's start: three moves, all losing for white; the buffer of one keeps the one
    // that holds out longest, the same as the first of the full ranking.
    let start = Hexapawn::start();
    let mut all = [(
        (0u8, 0u8),
        Record {
            value: Value::Draw,
            remoteness: 0,
        },
    ); 8];
    let n = HEXAPAWN.ranked_moves(&start, &mut all);
    assert_eq!(n, 3);
    assert!(all[..n].windows(2).all(|w| w[0].1.rank() >= w[1].1.rank()));
    let mut one = [all[0]; 1];
    assert_eq!(HEXAPAWN.ranked_moves(&start, &mut one), 1);
    assert_eq!(one[0].1, all[0].1);
    // Every move of the full ranking is optimal exactly when it keeps the start's record.
    let record = HEXAPAWN.probe(&start).unwrap();
    for &(mv, after) in &all[..n] {
        assert_eq!(HEXAPAWN.is_optimal(&start, mv), after == record, "{mv:?}");
    }
    assert!(HEXAPAWN.is_optimal(&start, HEXAPAWN.best_move(&start).unwrap()));
    assert!(!HEXAPAWN.is_optimal(&start, (0, 8)), "not a legal move");
}

#[test]
fn unreachable_positions_have_no_entry() {
    let both_home: Hexapawn = "www/bbb/... w".parse().unwrap();
    assert_eq!(HEXAPAWN.probe(&both_home), None);
    assert_eq!(
        DODGEM.probe(&"bbb/.../... b".parse::<Dodgem>().unwrap()),
        None
    );
    let mut moves = [(
        (0u8, None),
        Record {
            value: Value::Draw,
            remoteness: 0,
        },
    ); 4];
    let finished: Dodgem = ".../.../.r. b".parse().unwrap();
    assert_eq!(DODGEM.ranked_moves(&finished, &mut moves), 0);
    assert_eq!(DODGEM.best_move(&finished), None);
}

// --- Notation ---------------------------------------------------------------------------

/// Every position reachable from the start, by the game's own moves.
fn reachable<G: Game + std::hash::Hash>() -> Vec<G> {
    let mut seen = std::collections::HashSet::from([G::start()]);
    let mut stack = vec![G::start()];
    let mut all = Vec::new();
    while let Some(p) = stack.pop() {
        all.push(p);
        if p.finished().is_none() {
            p.moves(&mut |_, child| {
                if seen.insert(child) {
                    stack.push(child);
                }
            });
        }
    }
    all
}

/// Every reachable position prints and parses back to itself, also in uppercase and with
/// whitespace around it, and every move from it prints and parses back.
fn round_trip<G>(count: usize) -> usize
where
    G: Notation + std::hash::Hash + std::fmt::Debug,
    G::Move: std::fmt::Debug,
{
    let all = reachable::<G>();
    assert_eq!(all.len(), count);
    let mut moves = 0;
    for position in &all {
        let text = position.to_string();
        assert_eq!(text.parse::<G>(), Ok(*position), "{text}");
        assert_eq!(
            format!("  {}\t", text.to_uppercase()).parse::<G>(),
            Ok(*position),
            "{text}"
        );
        assert!(!text.contains(char::is_whitespace) || text.matches(' ').count() == 1);
        // The nine cells without the `/` read the same.
        assert_eq!(text.replace('/', "").parse::<G>(), Ok(*position), "{text}");
        position.moves(&mut |mv, _| {
            moves += 1;
            let written = ShowMove::<G>(mv).to_string();
            assert_eq!(G::parse_move(&written), Ok(mv), "{written}");
            assert_eq!(G::parse_move(&format!(" {written} ")), Ok(mv), "{written}");
        });
    }
    moves
}

#[test]
fn notation_round_trips_on_every_reachable_position_and_move() {
    assert!(round_trip::<Board>(TICTACTOE.len()) > 0);
    assert!(round_trip::<Misere>(5_478) > 0);
    assert!(round_trip::<Hexapawn>(HEXAPAWN.len()) > 0);
    assert!(round_trip::<Dodgem>(DODGEM.len()) > 0);
}

#[test]
fn notation_of_the_start_positions() {
    assert_eq!(Misere::start().to_string(), ".../.../...");
    assert_eq!(Board::start().to_string(), ".........");
    // One 3x3 alphabet: tic-tac-toe and misère read the same texts as the same board, the
    // judges' spellings (`-`, `_`, rows split by spaces) included.
    for text in [
        "x--/---/---",
        "x.. ... ...",
        "x__/.o./...",
        "x...o....",
        "xo./.x./..o",
    ] {
        let board = text.parse::<Board>().unwrap();
        assert_eq!(text.parse::<Misere>(), Ok(Misere(board)), "{text}");
    }
    assert_eq!(
        "x?./.../...".parse::<Board>().map_err(|e| e.to_string()),
        "x?./.../..."
            .parse::<Misere>()
            .map(|m| m.0)
            .map_err(|e| e.to_string())
    );
    assert_eq!(Hexapawn::start().to_string(), "www/.../bbb w");
    assert_eq!(Dodgem::start().to_string(), "b../b../.rr b");
    assert_eq!(
        "x...o....".parse::<Misere>().unwrap().to_string(),
        "x../.o./..."
    );
    let upper = "WWW/.../BBB B".parse::<Hexapawn>().unwrap();
    assert_eq!(upper.to_string(), "www/.../bbb b");
    assert_eq!(upper.to_move(), Side::Second);
    assert_eq!(upper.key(), Hexapawn::start().key() | 1 << 18);
}

#[test]
fn notation_errors_say_what_and_where() {
    let error = |text: &str| text.parse::<Hexapawn>().unwrap_err().to_string();
    assert_eq!(
        error("wwx/.../bbb w"),
        "row 1, column 3: `x` is not a cell: expected w, b or ."
    );
    assert_eq!(error("www/..../bbb w"), "row 2 has 4 cells, expected 3");
    assert_eq!(error("ww/.../bbb w"), "row 1 has 2 cells, expected 3");
    assert_eq!(error("www/.../bb w"), "row 3 has 2 cells, expected 3");
    assert_eq!(error("www...bb w"), "expected 9 cells, found 8");
    assert_eq!(error("www.....bbb w"), "expected 9 cells, found 10");
    assert_eq!(error("   "), "empty: expected a position");
    assert_eq!(
        error("www/.../bbb"),
        "the side to move is missing: expected a space and w or b after the board"
    );
    assert_eq!(
        error("www/.../bbb x"),
        "`x` is not a side to move: expected w or b"
    );
    assert_eq!(
        error("www/.../bbb w w"),
        "`w` after the end of the position"
    );
    // Misère reads as tic-tac-toe does, where a space may split rows: a fourth row.
    assert_eq!(
        "x../.o./... x".parse::<Misere>().unwrap_err().to_string(),
        "4 rows, expected 3"
    );
    assert_eq!(
        "b../b../.rz b".parse::<Dodgem>().unwrap_err().to_string(),
        "row 3, column 3: `z` is not a cell: expected b, r or ."
    );
    // The place in the text stays for tools; the message names the board's cells.
    let error = "www/.../bbb q".parse::<Hexapawn>().unwrap_err();
    assert_eq!(error.column(), 13);
    assert_eq!(error.cell(), None);
    assert!(matches!(
        error.kind(),
        ParseErrorKind::NotASide { found: 'q', .. }
    ));
    let error = "www/.x./bbb w".parse::<Hexapawn>().unwrap_err();
    assert_eq!((error.column(), error.cell()), (6, Some((2, 2))));
}

#[test]
fn moves_are_read_as_a_person_numbers_cells() {
    assert_eq!(Misere::parse_move("5"), Ok(4));
    assert_eq!(Hexapawn::parse_move("2-5"), Ok((1, 4)));
    assert_eq!(Dodgem::parse_move("3-OFF"), Ok((2, None)));
    assert_eq!(Dodgem::parse_move("4-5"), Ok((3, Some(4))));
    fn error<T: std::fmt::Debug>(result: Result<T, ParseError>) -> String {
        result.unwrap_err().to_string()
    }
    assert_eq!(
        error(Misere::parse_move("0")),
        "not a move: expected a cell 1-9, like 5"
    );
    assert_eq!(
        error(Hexapawn::parse_move("2-off")),
        "not a move: expected FROM-TO with cells 1-9, like 2-5"
    );
    assert_eq!(
        error(Hexapawn::parse_move("2")),
        "not a move: expected FROM-TO with cells 1-9, like 2-5"
    );
    assert_eq!(
        error(Dodgem::parse_move("off-3")),
        "not a move: expected FROM-TO with cells 1-9 or off, like 1-2 or 3-off"
    );
    assert_eq!(
        error(Dodgem::parse_move("1-2-3")),
        "not a move: expected FROM-TO with cells 1-9 or off, like 1-2 or 3-off"
    );
}

/// A position the rules alone rule out has a reason, and only those: for tic-tac-toe the
/// reason is found for exactly the 19,683 - 5,478 boards the table lacks (the table is the
/// truth here, checked against the plain reference in `tests/tictactoe_reference.rs`).
#[test]
fn tictactoe_gives_a_reason_for_exactly_the_boards_no_game_reaches() {
    let mut reasons = 0;
    for code in 0..19_683u16 {
        let board = Board::from_code(code).unwrap();
        let reason = board.unreachable_reason();
        assert_eq!(reason.is_some(), !board.is_reachable(), "{board}");
        if let Some(reason) = reason {
            reasons += 1;
            assert_eq!(reason, board.lookup().unwrap_err().to_string(), "{board}");
        }
    }
    assert_eq!(reasons, 19_683 - 5_478);
}
