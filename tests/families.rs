//! Every family against a plain reference solver written separately in the tests
//! (`tests/common/family_reference.rs` and each family's rules in `tests/common/ref_*.rs`,
//! no code shared with the crate): on every position of each compiled size, and of a size
//! solved on first use, the record, the moves, where they lead and what each is worth.
//!
//! The number of positions of each shared size against OpenSpiel 2.0.2's count of the
//! distinct states it reaches (keyed by the state's string and the player to move), from
//! the families-facts fixture: the same state spaces, walked by another implementation.
//!
//! Published results checked here, from the start:
//! - m,n,k: 3,3,3 a draw; 4,3,3 and 4,4,3 first-player wins; 4,4,4 a draw (J. W. H. M.
//!   Uiterwijk and H. J. van den Herik, "The advantage of the initiative", Information
//!   Sciences 122(1), 2000).
//! - Nim: the side to move loses exactly when the XOR of the piles is 0; misère the same
//!   unless every pile has at most one counter, then exactly when an odd number have one
//!   (C. L. Bouton, "Nim, a game with a complete mathematical theory", Annals of
//!   Mathematics 3, 1901): checked on every position of the compiled sizes.
//! - Hex: the first player wins on every n x n board (J. Nash 1952, by strategy stealing;
//!   D. Gale, American Mathematical Monthly 86, 1979): 1x1 to 3x3 here (4x4, 9.4 million
//!   positions, is too slow for the suite: benches/HISTORY.md 12).
//! - Dots and Boxes: 2x2 boxes, the first player wins (E. Berlekamp, J. Conway and R. Guy,
//!   *Winning Ways for your Mathematical Plays*, 1982).
//! - Othello 4x4: the second player (White) wins (exhaustive search, widely reproduced;
//!   the families-facts fixture).
//! - Hexapawn 3x3: the second player (black) wins (M. Gardner, "Mathematical Games",
//!   Scientific American, March 1962).
//! - Dodgem 3x3: the first player wins (Berlekamp, Conway and Guy, *Winning Ways*, which
//!   tabulates every position); 4x4: a draw (D. desJardins, 1996, as Wikipedia's "Dodgem"
//!   article reports it).
//!
//! Hexapawn's and Dodgem's references are written from the rules again at every size
//! (`tests/common/ref_hexapawn.rs`, `ref_dodgem.rs`; Dodgem is loopy, so its reference
//! settles positions in rounds of plies instead of by negamax), Toads and Frogs' from
//! *Winning Ways*, chapter 1 (`ref_toads.rs`).
//! - Cram: the second player wins when both sides of the board are even (it answers each
//!   domino with its image through the centre), the first when one is even and the other
//!   odd (M. Gardner, "Mathematical Games", Scientific American, February 1974; *Winning
//!   Ways*); its reference is written from the rules in `ref_cram.rs`.

// The helpers below are test code too: a panic there is a failed test.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

#[path = "common/family_reference.rs"]
mod family_reference;
#[path = "common/ref_board.rs"]
mod ref_board;
#[path = "common/ref_connect_four.rs"]
mod ref_connect_four;
#[path = "common/ref_cram.rs"]
mod ref_cram;
#[path = "common/ref_dodgem.rs"]
mod ref_dodgem;
#[path = "common/ref_domineering.rs"]
mod ref_domineering;
#[path = "common/ref_dots.rs"]
mod ref_dots;
#[path = "common/ref_hexapawn.rs"]
mod ref_hexapawn;
#[path = "common/ref_kalah.rs"]
mod ref_kalah;
#[path = "common/ref_mnk.rs"]
mod ref_mnk;
#[path = "common/ref_nim.rs"]
mod ref_nim;
#[path = "common/ref_othello.rs"]
mod ref_othello;
#[path = "common/ref_toads.rs"]
mod ref_toads;

use family_reference::{Rules, check_every_position};
use perfect_play::Value;
use perfect_play::games;

/// The value of a size's start, for the first player.
fn start_value(name: &str) -> Value {
    let game = games::open(name).unwrap();
    game.probe(&game.about().start).unwrap().record.value
}

#[test]
fn mnk_every_position_of_compiled_and_first_use_sizes() {
    use ref_mnk::Mnk;
    for (name, (m, n, k)) in [
        ("mnk:m=3,n=3,k=3", (3, 3, 3)),
        ("mnk:3,2,2", (3, 2, 2)),
        ("mnk:m=4,n=3,k=3", (4, 3, 3)),
    ] {
        let game = games::open(name).unwrap();
        let count = check_every_position(game.as_ref(), &Mnk::new(m, n, k));
        assert!(count > 1, "{name}");
    }
}

#[test]
fn mnk_published_results() {
    assert_eq!(start_value("mnk:3,3,3"), Value::Draw);
    assert_eq!(start_value("mnk:4,3,3"), Value::Win);
    assert_eq!(start_value("mnk:3,4,3"), Value::Win);
}

#[test]
fn families_are_listed_with_their_compiled_sizes() {
    let listed: Vec<String> = games::listed()
        .iter()
        .map(|g| g.name().to_owned())
        .collect();
    for family in games::families() {
        for size in family.compiled_sizes() {
            let name = format!("{}:{size}", family.name);
            let game = games::open(&name).unwrap();
            // A compiled size is called by its own name where it has one (a game of
            // `perfect-play games`: `hexapawn`, `connect4-4x4`), else by every parameter.
            let canonical = &game.about().name;
            assert!(
                *canonical == name || listed.contains(canonical),
                "{name} is called {canonical}"
            );
            assert_eq!(games::resolve(canonical).unwrap().name(), canonical);
            assert_eq!(game.about().family, family.name);
        }
    }
}

#[test]
fn nim_every_position_and_bouton() {
    use ref_nim::Nim;
    for (name, piles, misere) in [
        ("nim", vec![1, 3, 5, 7], false),
        ("nim:piles=1-3-5-7,misere=true", vec![1, 3, 5, 7], true),
        ("nim:3-4-5", vec![3, 4, 5], false),
        ("nim:2-2-3,true", vec![2, 2, 3], true),
    ] {
        let game = games::open(name).unwrap();
        let start = Nim {
            piles,
            misere,
            o_to_move: false,
        };
        check_every_position(game.as_ref(), &start);
        // Bouton's theorem on every position reached.
        let solved = family_reference::Solved::new(&start);
        for position in solved.memo.keys() {
            let xor = position.piles.iter().fold(0, |x, &p| x ^ p);
            let small = position.piles.iter().all(|&p| p <= 1);
            let loses = if misere && small { xor == 1 } else { xor == 0 };
            let value = game.probe(&position.text()).unwrap().record.value;
            assert_eq!(value == Value::Loss, loses, "{name}: {}", position.text());
        }
    }
}

#[test]
fn domineering_every_position() {
    use ref_domineering::Domineering;
    for (name, rows, columns) in [
        ("domineering", 4, 4),
        ("domineering:3,4", 3, 4),
        ("domineering:rows=2,columns=5", 2, 5),
    ] {
        let game = games::open(name).unwrap();
        check_every_position(game.as_ref(), &Domineering::new(rows, columns));
    }
}

#[test]
fn cram_every_position_and_the_symmetry_strategy() {
    use ref_cram::Cram;
    for (name, rows, columns, value) in [
        ("cram", 3, 4, Some(Value::Win)),
        ("cram:4,4", 4, 4, Some(Value::Loss)),
        ("cram:rows=2,columns=4", 2, 4, Some(Value::Loss)),
        ("cram:2,3", 2, 3, Some(Value::Win)),
        ("cram:1,4", 1, 4, Some(Value::Win)),
        // Both sides odd: no published strategy, the reference alone.
        ("cram:3,3", 3, 3, None),
    ] {
        let game = games::open(name).unwrap();
        let count = check_every_position(game.as_ref(), &Cram::new(rows, columns));
        assert!(count > 1, "{name}");
        if let Some(value) = value {
            assert_eq!(
                start_value(name),
                value,
                "{name}: Gardner's symmetry strategy"
            );
        }
    }
}

#[test]
fn clobber_breakthrough_and_hex_every_position() {
    use ref_board::Board;
    for (name, start) in [
        ("clobber", Board::clobber(3, 3)),
        ("clobber:2,4", Board::clobber(2, 4)),
        ("breakthrough", Board::breakthrough(3, 4)),
        ("breakthrough:rows=4,columns=3", Board::breakthrough(4, 3)),
        ("hex", Board::hex(3, 3)),
        ("hex:2,3", Board::hex(2, 3)),
    ] {
        let game = games::open(name).unwrap();
        check_every_position(game.as_ref(), &start);
    }
}

#[test]
fn hex_first_player_wins_on_square_boards() {
    for n in 1..=3 {
        assert_eq!(start_value(&format!("hex:{n},{n}")), Value::Win, "{n}x{n}");
    }
}

#[test]
fn dots_and_boxes_every_position_a_box_moves_again() {
    use ref_dots::Dots;
    for (name, rows, columns) in [
        ("dots-and-boxes:1,2", 1, 2),
        ("dots-and-boxes", 2, 2),
        ("dots-and-boxes:1,3", 1, 3),
    ] {
        let game = games::open(name).unwrap();
        check_every_position(game.as_ref(), &Dots::new(rows, columns));
    }
    assert_eq!(start_value("dots-and-boxes:2,2"), Value::Win);
}

#[test]
fn kalah_every_position_a_last_seed_in_the_store_moves_again() {
    use ref_kalah::Kalah;
    for (name, pits, seeds) in [
        ("kalah", 3, 2),
        ("kalah:2,2", 2, 2),
        ("kalah:pits=3,seeds=1", 3, 1),
        ("kalah:4,1", 4, 1),
    ] {
        let game = games::open(name).unwrap();
        check_every_position(game.as_ref(), &Kalah::new(pits, seeds));
    }
}

#[test]
fn othello_every_position_a_player_with_no_move_passes() {
    use ref_othello::Othello;
    let game = games::open("othello").unwrap();
    check_every_position(game.as_ref(), &Othello::new(4, 4));
    assert_eq!(
        start_value("othello:4,4"),
        Value::Loss,
        "White, the second player, wins 4x4"
    );
}

#[test]
fn hexapawn_every_position_of_the_compiled_game_and_other_sizes() {
    use ref_hexapawn::Hexapawn;
    // `hexapawn` and `hexapawn:3,3` answer from the same compiled table; the other sizes
    // are solved on first use.
    for (name, rows, columns) in [
        ("hexapawn", 3, 3),
        ("hexapawn:3,3", 3, 3),
        ("hexapawn:rows=3,columns=4", 3, 4),
        ("hexapawn:4,3", 4, 3),
        ("hexapawn:4,4", 4, 4),
        ("hexapawn:5,2", 5, 2),
    ] {
        let game = games::open(name).unwrap();
        let count = check_every_position(game.as_ref(), &Hexapawn::new(rows, columns));
        assert!(count > 1, "{name}");
    }
    // Gardner: black, the second player, wins 3x3, in 6 plies here.
    for name in ["hexapawn", "hexapawn:3,3"] {
        let game = games::open(name).unwrap();
        let start = game.probe(&game.about().start).unwrap().record;
        assert_eq!((start.value, start.remoteness), (Value::Loss, 6), "{name}");
    }
    // Gardner's size has a name of its own, whichever way it is asked for.
    assert_eq!(
        games::open("hexapawn:3,3").unwrap().about().name,
        "hexapawn"
    );
    let family = games::families().find(|f| f.name == "hexapawn").unwrap();
    assert!(family.compiled_sizes().eq(["rows=3,columns=3"]));
    let family = games::families().find(|f| f.name == "dodgem").unwrap();
    assert!(family.compiled_sizes().eq(["n=3"]));
}

#[test]
fn dodgem_every_position_of_the_compiled_game_and_other_sizes() {
    use ref_dodgem::{Dodgem, check_every_position};
    let mut starts = Vec::new();
    for (name, n) in [
        ("dodgem", 3),
        ("dodgem:n=3", 3),
        ("dodgem:2", 2),
        ("dodgem:4", 4),
    ] {
        let game = games::open(name).unwrap();
        let start = Dodgem::new(n);
        let solved = check_every_position(game.as_ref(), &start);
        starts.push((name, solved[&start]));
    }
    // Winning Ways: the first player wins 3x3 (in 19 plies here); desJardins: 4x4 a draw.
    assert_eq!(starts[0].1, Some((Value::Win, 19)));
    assert_eq!(starts[1].1, Some((Value::Win, 19)));
    assert_eq!(starts[3].1, None, "4x4 is a draw");
    assert_eq!(start_value("dodgem:4"), Value::Draw);
    // Issue 29's rule at every size: the move that takes a side's last car off ends the
    // game, won by that side, whatever the other side could still do (the reference's
    // `over`; checked above on every position, and here that such positions are reached).
    let solved = ref_dodgem::solve(&Dodgem::new(4));
    let game = games::open("dodgem:4").unwrap();
    let mut gone = 0;
    for (position, record) in &solved {
        let them = if position.red { 'b' } else { 'r' };
        if !position.cells.contains(&them) {
            assert_eq!(*record, Some((Value::Loss, 0)), "{}", position.text());
            assert!(game.probe(&position.text()).unwrap().finished);
            gone += 1;
        }
    }
    assert!(gone > 0);
}

/// A move is read at the size opened: cell 12 is no cell of 3x3 (the game of one size
/// answers as it always has), and is one of 4x4; the help says how cells are numbered.
#[test]
fn moves_are_read_at_the_size_opened() {
    let small = games::open("dodgem").unwrap();
    let refused = small.play(&small.about().start, "12-3").unwrap_err();
    assert!(
        refused.to_string().starts_with(
            "`12-3` is not a move: a move is FROM-TO with cells 1-9 or off, like 1-2 or 3-off"
        ),
        "{refused}"
    );
    let large = games::open("dodgem:4").unwrap();
    let refused = large.play(&large.about().start, "12-3").unwrap_err();
    assert!(
        refused.to_string().contains("not a legal move"),
        "{refused}"
    );
    assert_eq!(
        large.play(&large.about().start, "9-10").unwrap(),
        "b.../b.../.b../.rrr r"
    );
    assert!(large.about().move_help.contains("row-major"));
    let pawns = games::open("hexapawn:4,4").unwrap();
    assert_eq!(
        pawns.play(&pawns.about().start, "2-6").unwrap(),
        "w.ww/.w../..../bbbb b"
    );
    let refused = pawns.play(&pawns.about().start, "2-off").unwrap_err();
    assert!(refused.to_string().contains("row-major"), "{refused}");
}

#[test]
fn toads_and_frogs_every_position() {
    use ref_toads::Toads;
    for (name, (toads, gap, frogs)) in [
        ("toads-and-frogs", (3, 2, 3)),
        ("toads-and-frogs:2,2,2", (2, 2, 2)),
        ("toads-and-frogs:toads=1,gap=3,frogs=2", (1, 3, 2)),
        ("toads-and-frogs:4,1,3", (4, 1, 3)),
        ("toads-and-frogs:3,1,2", (3, 1, 2)),
    ] {
        let game = games::open(name).unwrap();
        let count = check_every_position(game.as_ref(), &Toads::new(toads, gap, frogs));
        assert!(count > 1, "{name}");
    }
}

/// OpenSpiel 2.0.2's distinct states at small sizes (the families-facts fixture), and the
/// same size in our syntax.
const OPENSPIEL: &[(&str, u64)] = &[
    ("nim:piles=3-4-5", 232),
    ("nim:piles=1-3-5-7", 752),
    ("hex:2,2", 32),
    ("hex:3,3", 5_514),
    ("hex:3,4", 126_003),
    ("mnk:3,3,3", 5_478),
    ("mnk:4,3,3", 111_973),
    ("clobber:3,3", 761),
    ("clobber:3,4", 13_343),
    ("breakthrough:rows=3,columns=4", 9_073),
    ("breakthrough:rows=4,columns=3", 10_689),
    ("dots-and-boxes:1,2", 143),
    ("connect-four:rows=4,columns=4,x_in_row=4", 161_029),
];

#[test]
fn state_counts_match_openspiel() {
    for &(name, states) in OPENSPIEL {
        let game = games::open(name).unwrap();
        assert_eq!(game.about().positions, Some(states), "{name}");
    }
}

/// OpenSpiel's finished Dots and Boxes states have no player to move, so a final board
/// reached by either player's last line is one state there and two here: merged, the
/// counts agree (2x2: 5,547; 2x3: 211,341 in the fixture).
#[test]
fn dots_and_boxes_counts_match_openspiel_with_final_boards_merged() {
    use ref_dots::Dots;
    for (rows, columns, states) in [(2, 2, 5_547), (1, 2, 143)] {
        let name = format!("dots-and-boxes:{rows},{columns}");
        let game = games::open(&name).unwrap();
        let solved = family_reference::Solved::new(&Dots::new(rows, columns));
        assert_eq!(
            game.about().positions,
            Some(solved.memo.len() as u64),
            "{name}"
        );
        let merged: std::collections::HashSet<String> = solved
            .memo
            .keys()
            .map(|p| {
                let text = p.text();
                match p.over() {
                    Some(_) => text.split(' ').next().unwrap().to_string(),
                    None => text,
                }
            })
            .collect();
        assert_eq!(merged.len() as u64, states, "{name}");
    }
}

#[test]
fn connect_four_at_any_line_length_every_position() {
    use ref_connect_four::ConnectFour;
    for (name, rows, columns, k) in [
        ("connect-four:3,3,3", 3, 3, 3),
        ("connect-four:rows=3,columns=4,x_in_row=3", 3, 4, 3),
        ("connect-four:4,3,3", 4, 3, 3),
        ("connect-four:3,5,4", 3, 5, 4),
        // The other line lengths the tier solver's tests take (tests/table_file.rs), and
        // the extremes: one in a row, five to seven, nine columns.
        ("connect-four:3,5,3", 3, 5, 3),
        ("connect-four:4,4,2", 4, 4, 2),
        ("connect-four:2,9,1", 2, 9, 1),
        ("connect-four:2,6,5", 2, 6, 5),
        ("connect-four:6,2,6", 6, 2, 6),
        ("connect-four:1,7,7", 1, 7, 7),
    ] {
        let game = games::open(name).unwrap();
        check_every_position(game.as_ref(), &ConnectFour::new(rows, columns, k));
    }
}

/// Four in a row on 4x4 is the fixed size `connect4-4x4`: the family there answers from
/// its compiled table, solving nothing, under the family's name, with the same records
/// (which `tests/connect4.rs` checks against its own reference).
#[test]
fn connect_four_at_a_fixed_size_answers_from_its_compiled_table() {
    let mut solved = Vec::new();
    let family = games::resolve("connect-four:4,4").unwrap();
    let family = family
        .open_with(&mut |event| {
            solved.push(format!("{event:?}"));
        })
        .unwrap();
    assert_eq!(
        solved,
        Vec::<String>::new(),
        "nothing is solved on first use"
    );
    let about = family.about();
    assert_eq!(about.name, "connect4-4x4", "the size's own name");
    assert_eq!(about.family, "connect-four");
    assert_eq!(about.params.len(), 3);
    let info = games::families()
        .find(|info| info.name == "connect-four")
        .unwrap();
    assert!(
        info.compiled_sizes()
            .any(|size| size == "rows=4,columns=4,x_in_row=4")
    );
    let fixed = games::open("connect4-4x4").unwrap();
    assert_eq!(about.positions, fixed.about().positions);
    assert_eq!(about.start, fixed.about().start);
    let line = fixed.principal_line(&fixed.about().start).unwrap();
    let mut position = fixed.about().start.clone();
    for mv in &line {
        assert_eq!(
            family.probe(&position).unwrap(),
            fixed.probe(&position).unwrap(),
            "{position}"
        );
        position = fixed.play(&position, mv).unwrap();
    }
    // Another line length or size is the family's own, solved on first use.
    let mut solved = 0;
    let other = games::resolve("connect-four:4,4,3").unwrap();
    other.open_with(&mut |_| solved += 1).unwrap();
    assert_eq!(solved, 2, "started and done");
}

/// Connect Four's classic names reach every size: `connect4-5x3` is the family at 3 rows
/// and 5 columns, solved on first use like `connect-four:3,5` (the same handle, called by
/// the classic name), as the compiled `connect4-4x4` is; out of range, the parameter is
/// named.
#[test]
fn connect_fours_classic_names_open_the_family_at_any_size() {
    let classic = games::open("Connect4-5x3").unwrap();
    let family = games::open("connect-four:3,5").unwrap();
    assert_eq!(classic.about().name, "connect4-5x3");
    assert_eq!(classic.about().name, family.about().name);
    assert_eq!(classic.about().positions, family.about().positions);
    assert_eq!(classic.about().start, family.about().start);
    assert_eq!(classic.about().family, "connect-four");
    assert_eq!(
        games::open("connect4-4x4").unwrap().about().name,
        "connect4-4x4"
    );
    assert_eq!(
        games::open("connect4-3x8").err().unwrap().to_string(),
        "connect-four: rows is 8, but goes from 1 to 7"
    );
}

/// A name that names no size says where and what is wrong, in one sentence.
#[test]
fn names_that_name_no_size_are_refused_with_where_and_why() {
    let refusal = |name: &str| games::open(name).err().unwrap().to_string();
    assert_eq!(
        refusal("mnk:m=9"),
        "mnk: column 3 of the parameters: m is 9, but goes from 1 to 6"
    );
    assert_eq!(
        refusal("mnk:q=3"),
        "mnk: column 1 of the parameters: no such parameter: the parameters are m, n, k"
    );
    assert_eq!(
        refusal("mnk:4,4,3,2"),
        "mnk: column 7 of the parameters: more values than the 3 parameters"
    );
    assert_eq!(
        refusal("mnk:m=3,m=4"),
        "mnk: column 5 of the parameters: m is given twice"
    );
    assert_eq!(
        refusal("nim:piles=1-x"),
        "nim: column 7 of the parameters: piles takes whole numbers split by -, like 1-3-5"
    );
    assert_eq!(
        refusal("nim:misere=maybe"),
        "nim: column 8 of the parameters: misere takes true or false"
    );
    assert_eq!(
        refusal("mnk:2,2,3"),
        "mnk: k is longer than both sides of the board"
    );
    assert_eq!(
        games::open("mkn:3,3,3")
            .err()
            .unwrap()
            .suggestion()
            .as_deref(),
        Some("mnk")
    );
    assert!(
        refusal("chess").contains("the families are mnk, nim,"),
        "{}",
        refusal("chess")
    );
    // Named and positional values mix, in any case, and a default fills what is left out.
    assert_eq!(
        games::open("MNK:4, k=3").unwrap().about().name,
        "mnk:m=4,n=3,k=3"
    );
    assert_eq!(
        games::open("nim").unwrap().about().name,
        "nim:piles=1-3-5-7,misere=false"
    );
}

/// The handle reads positions at its own size: a 3x3 text is no 4x3 board.
#[test]
fn positions_are_read_at_the_size_opened() {
    let game = games::open("mnk:4,3,3").unwrap();
    assert_eq!(game.about().start, "..../..../....");
    assert_eq!((game.about().width, game.about().height), (4, 3));
    let error = game.probe(".../.../...").unwrap_err().to_string();
    assert!(error.contains("expected 4"), "{error}");
    let nim = games::open("nim:3-4-5").unwrap();
    assert!(nim.probe("1/3/5/7 x").is_err());
    assert_eq!(nim.about().params.len(), 2);
}

/// What a move's shape says it does, checked on the drawing of the position before it and
/// of the one after (its cells and counts, as every surface draws them), for up to 3,000
/// positions of each family at its default size: a placement fills its empty cell with the
/// mover's piece, a drop the lowest empty cell of its column, a piece's move leaves its
/// cell for its target (or the board), a domino covers two empty neighbouring cells, a take
/// lowers its pile by its count, an edge draws the line numbered for its two dots
/// ([`Geometry::Dots`]), a sowing empties one of the mover's own pits of seeds (unless they
/// go round to it again), and a pass changes nothing. The drawing's sizes are the
/// geometry's.
#[test]
fn every_move_does_on_the_board_what_its_shape_says() {
    use perfect_play::dynamic::PositionAnalysis;
    use perfect_play::games::{Geometry, MoveShape, Side};
    use std::collections::{HashSet, VecDeque};

    for family in games::families() {
        // A default answered from a table file alone (Dōbutsu shōgi's full game) is never
        // solved on first use: the family's smallest size stands in, every parameter at
        // its least (the same rules and moves).
        let name = match games::resolve(family.name).unwrap().answer() {
            games::Answer::File => smallest(family),
            _ => family.name.to_owned(),
        };
        let game = games::open(&name).unwrap();
        let about = game.about();
        let (cells, counts, width) = match about.geometry {
            Geometry::Rectangle { width, height } | Geometry::HexRhombus { width, height } => (
                usize::from(width) * usize::from(height),
                0,
                usize::from(width),
            ),
            Geometry::Piles { piles } => (0, usize::from(piles), 0),
            Geometry::Pits { pits } => (0, 2 * usize::from(pits) + 2, 0),
            Geometry::Dots { rows, columns } => {
                let (r, c) = (usize::from(rows), usize::from(columns));
                (r * c, (r + 1) * c + r * (c + 1), c)
            }
        };
        // The line joining two dots, numbered as Geometry::Dots says: the horizontal
        // lines row by row, then the vertical ones.
        let line = |a: u16, b: u16| {
            let (a, b, c) = (usize::from(a.min(b)), usize::from(a.max(b)), width);
            let (row, column) = (a / (c + 1), a % (c + 1));
            if b == a + 1 {
                row * c + column
            } else {
                assert_eq!(b, a + c + 1, "{}: dots {a} and {b}", family.name);
                (cells / c + 1) * c + row * (c + 1) + column
            }
        };
        let mut seen = HashSet::new();
        let mut queue = VecDeque::from([about.start.clone()]);
        while let Some(text) = queue.pop_front() {
            if seen.len() >= 3000 || !seen.insert(text.clone()) {
                continue;
            }
            let before: PositionAnalysis = game.analyze(&text).unwrap();
            assert_eq!(before.cells.len(), cells, "{}: {text}", family.name);
            assert_eq!(before.counts.len(), counts, "{}: {text}", family.name);
            let mover = Some(before.probe.to_move);
            for mv in &before.moves {
                let after = game.analyze(&mv.after).unwrap();
                let at = |cell: u16| usize::from(cell);
                let says = format!("{}: {} from {text} to {}", family.name, mv.name, mv.after);
                match mv.shape {
                    MoveShape::Place { cell } => {
                        assert_eq!(before.cells[at(cell)], None, "{says}");
                        assert_eq!(after.cells[at(cell)], mover, "{says}");
                    }
                    MoveShape::Drop { column } => {
                        let column = usize::from(column);
                        let landed = (0..cells / width)
                            .rev()
                            .map(|row| row * width + column)
                            .find(|&cell| before.cells[cell].is_none())
                            .unwrap();
                        assert_eq!(after.cells[landed], mover, "{says}");
                    }
                    MoveShape::FromTo { from, to } => {
                        assert_eq!(before.cells[at(from)], mover, "{says}");
                        assert_eq!(after.cells[at(from)], None, "{says}");
                        if let Some(to) = to {
                            assert_eq!(after.cells[at(to)], mover, "{says}");
                        }
                    }
                    MoveShape::Domino { first, second } => {
                        let (r1, c1) = (at(first) / width, at(first) % width);
                        let (r2, c2) = (at(second) / width, at(second) % width);
                        assert_eq!(r1.abs_diff(r2) + c1.abs_diff(c2), 1, "{says}");
                        for cell in [first, second] {
                            assert_eq!(before.cells[at(cell)], None, "{says}");
                            assert_eq!(after.cells[at(cell)], mover, "{says}");
                        }
                    }
                    MoveShape::Take { pile, count } => {
                        let pile = usize::from(pile);
                        assert!(count >= 1, "{says}");
                        assert_eq!(
                            after.counts[pile] + u16::from(count),
                            before.counts[pile],
                            "{says}"
                        );
                    }
                    MoveShape::Edge { from, to } => {
                        let index = line(from, to);
                        assert_eq!(
                            (before.counts[index], after.counts[index]),
                            (0, 1),
                            "{says}"
                        );
                        let drawn =
                            |analysis: &PositionAnalysis| analysis.counts.iter().sum::<u16>();
                        assert_eq!(drawn(&after), drawn(&before) + 1, "{says}");
                    }
                    MoveShape::Sow { pit } => {
                        let pits = (counts - 2) / 2;
                        let own = if mover == Some(Side::First) {
                            0..pits
                        } else {
                            pits..2 * pits
                        };
                        let pit = usize::from(pit);
                        assert!(own.contains(&pit) && before.counts[pit] > 0, "{says}");
                        let laps = usize::from(before.counts[pit]) > 2 * pits;
                        assert!(after.counts[pit] == 0 || laps, "{says}");
                    }
                    MoveShape::FromHand { piece, cell } => {
                        assert_eq!(before.cells[at(cell)], None, "{says}");
                        assert_eq!(after.cells[at(cell)], mover, "{says}");
                        let kind = after.kinds[at(cell)].unwrap();
                        assert!(kind.letter.eq_ignore_ascii_case(piece), "{says}");
                        let side = before.probe.to_move.index();
                        let held = |analysis: &PositionAnalysis| {
                            analysis.hands[side]
                                .iter()
                                .find(|(kind, _)| kind.letter.eq_ignore_ascii_case(piece))
                                .map_or(0, |&(_, count)| count)
                        };
                        assert_eq!(held(&after) + 1, held(&before), "{says}");
                    }
                    MoveShape::Pass => {
                        assert_eq!(before.cells, after.cells, "{says}");
                        assert_eq!(before.counts, after.counts, "{says}");
                    }
                }
                queue.push_back(mv.after.clone());
            }
        }
    }
}

/// `family` with every parameter at its least: `false`, or its `min`.
fn smallest(family: &games::Entry) -> String {
    use perfect_play_core::family::ParamKind;
    let params: Vec<String> = family
        .params
        .iter()
        .map(|param| match param.kind {
            ParamKind::Boolean => format!("{}=false", param.name),
            ParamKind::Integer | ParamKind::Integers => format!("{}={}", param.name, param.min),
        })
        .collect();
    format!("{}:{}", family.name, params.join(","))
}
