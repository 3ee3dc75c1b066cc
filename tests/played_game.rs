//! The game record of every game (`PlayedGame`) on misère tic-tac-toe, Hexapawn and Dodgem,
//! against the plain reference solvers of `tests/common/games.rs`.
//!
//! Where the expectations come from: each game's rules and the definition of perfect play,
//! through the references (written from the rules, sharing no code with the crate). A ply's
//! values follow from the reference's answer before and after the move: before, the
//! mover's; after, the other side's turned round, one ply further (the move included).
//! Its verdict follows from the same numbers (best: as good as the position's own value and
//! plies; mistake: a worse win/draw/loss for the mover; otherwise an inaccuracy), and its
//! sentence names the mover and the move as the game's notation writes them.
//!
//! Misère and Hexapawn: every complete game is walked with play, undo and redo. Dodgem is
//! loopy: seeded random games, checked by value (its reference solves values only), until
//! they finish or fill the record, and the capacity's bound (`DEFAULT_CAPACITY`) is checked
//! against the longest game perfect play makes of any shipped game.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

mod common;

use std::collections::HashMap;

use common::Rng;
use common::games::{
    dodgem_reference, hexapawn_position, hexapawn_reference, misere_position, misere_reference,
};
use perfect_play::games::{
    DODGEM, Dodgem, HEXAPAWN, Hexapawn, MISERE, Misere, Notation, ShowMove, Side, TICTACTOE,
};
use perfect_play::{
    DEFAULT_CAPACITY, ENDLESS, Game, PlayError, PlayedGame, Ply, Record, Value, Verdict,
};

/// The reference's verdict on a move worth `chosen` to its mover where the position was
/// worth `best`, written out: a worse value is a mistake, the same value and plies (or any
/// draw kept) best, anything else an inaccuracy.
fn verdict(best: Record, chosen: Record) -> Verdict {
    let order = |value| match value {
        Value::Loss => 0,
        Value::Draw => 1,
        Value::Win => 2,
    };
    if order(chosen.value) < order(best.value) {
        Verdict::Mistake
    } else if chosen == best || chosen.value == Value::Draw {
        Verdict::Best
    } else {
        Verdict::Inaccuracy
    }
}

/// Checks one ply against the reference's records of the positions before and after it
/// (each for its own side to move).
fn check_ply<G: Notation + std::fmt::Debug>(
    ply: &Ply<G>,
    before: Record,
    after: Record,
    number: usize,
) {
    let what = format!("{:?} {}", ply.before(), ShowMove::<G>(ply.played()));
    let mover = ply.before().to_move();
    assert_eq!(ply.number(), number, "{what}");
    assert_eq!(ply.mover(), mover, "{what}");
    assert_eq!(ply.before().play(ply.played()), Some(ply.after()), "{what}");
    let chosen = Record {
        value: after.value.flip(),
        remoteness: if after.remoteness == ENDLESS {
            ENDLESS
        } else {
            after.remoteness + 1
        },
    };
    assert_eq!(ply.best(), before, "{what}");
    assert_eq!(ply.chosen(), chosen, "{what}");
    assert_eq!(ply.value_before(mover), before.value, "{what}");
    assert_eq!(ply.value_after(mover), chosen.value, "{what}");
    assert_eq!(
        ply.value_before(mover.other()),
        before.value.flip(),
        "{what}"
    );
    assert_eq!(ply.value_after(mover.other()), after.value, "{what}");
    assert_eq!(ply.verdict(), verdict(before, chosen), "{what}");
    let said = format!("{} {}", G::side_name(mover), ShowMove::<G>(ply.played()));
    let sentence = ply.to_string();
    assert!(sentence.starts_with(&format!("{said} ")), "{sentence}");
}

/// Walks every complete game from the record's position with play, undo and redo,
/// checking every ply against `reference`; returns how many complete games there are and
/// the longest.
fn walk<G: Notation + std::fmt::Debug>(
    record: &mut PlayedGame<G>,
    reference: &mut impl FnMut(&G) -> Record,
) -> (u64, usize)
where
    G::Move: std::fmt::Debug,
{
    let position = record.position();
    if position.finished().is_some() {
        let plies: Vec<Ply<G>> = record.history().collect();
        for (index, ply) in plies.iter().enumerate() {
            let (before, after) = (reference(&ply.before()), reference(&ply.after()));
            check_ply(ply, before, after, index + 1);
        }
        assert_eq!(record.record(), Some(reference(&position)));
        return (1, record.len());
    }
    let mut moves = Vec::new();
    position.moves(&mut |mv, after| moves.push((mv, after)));
    let (mut games, mut longest) = (0, 0);
    for (mv, after) in moves {
        assert_eq!(record.play(mv), Ok(after));
        let (g, l) = walk(record, reference);
        games += g;
        longest = longest.max(l);
        assert_eq!(record.undo(), Some(mv));
        assert_eq!(record.position(), position);
        assert_eq!(record.redo_moves().next(), Some(mv));
        assert_eq!(record.redo(), Some(mv));
        assert_eq!(record.position(), after);
        assert_eq!(record.undo(), Some(mv));
    }
    (games, longest)
}

fn record((value, remoteness): (Value, u16)) -> Record {
    Record { value, remoteness }
}

#[test]
fn misere_every_complete_game_matches_the_reference() {
    let mut memo = HashMap::new();
    let mut reference = |position: &Misere| {
        let cells = position.0.cells().map(|mark| match mark {
            Some(perfect_play::games::tictactoe::Player::X) => 1,
            Some(perfect_play::games::tictactoe::Player::O) => 2,
            None => 0,
        });
        assert_eq!(misere_position(cells), *position);
        record(misere_reference(cells, &mut memo))
    };
    let mut game = PlayedGame::new(&MISERE);
    let (games, longest) = walk(&mut game, &mut reference);
    // Misère ends as tic-tac-toe does, at a line or a full board: the same 255,168 games.
    assert_eq!(games, 255_168);
    assert_eq!(longest, 9);
    assert!(game.is_empty());
    // The one sentence a person reads first: a corner opening loses.
    let game = PlayedGame::<Misere, 9>::from_moves(&MISERE, &[0]).unwrap();
    let ply = game.history().next().unwrap();
    assert_eq!(ply.verdict(), Verdict::Mistake);
    assert_eq!(
        ply.to_string(),
        format!(
            "x 1 turned a draw into a loss in {} plies",
            ply.chosen().remoteness
        )
    );
}

#[test]
fn hexapawn_every_complete_game_matches_the_reference() {
    let mut memo = HashMap::new();
    let mut reference = |position: &Hexapawn| {
        let cells: [u8; 9] = std::array::from_fn(|cell| match position.piece(cell as u8) {
            Some(Side::First) => 1,
            Some(Side::Second) => 2,
            None => 0,
        });
        let black = position.to_move() == Side::Second;
        assert_eq!(hexapawn_position(cells, black), *position);
        record(hexapawn_reference(cells, black, &mut memo))
    };
    let mut game = PlayedGame::new(&HEXAPAWN);
    let (games, longest) = walk(&mut game, &mut reference);
    assert!(games > 0);
    // A pawn moves forward only, at most twice: no game is longer than 12 plies.
    assert!(longest <= 12, "{longest}");
    // White's best opening holds out 6 plies, 1-4 only 4: the numbers the board shows.
    let game = PlayedGame::<Hexapawn, 12>::from_moves(&HEXAPAWN, &[(0, 3)]).unwrap();
    let ply = game.history().next().unwrap();
    assert_eq!(
        ply.to_string(),
        "white 1-4 hastened the loss: a loss in 4 plies instead of 6"
    );
}

/// Plays random moves into a record of capacity `N` until the game is finished or the
/// record is full (then checks that a further move is refused, the record unchanged).
/// Returns the record and whether it filled.
fn random_game<const N: usize>(rng: &mut Rng) -> (PlayedGame<Dodgem, N>, bool) {
    let mut game: PlayedGame<Dodgem, N> = PlayedGame::new(&DODGEM);
    loop {
        let position = game.position();
        if position.finished().is_some() {
            assert_eq!(game.play((0, None)), Err(PlayError::Finished));
            return (game, false);
        }
        let mut moves = Vec::new();
        position.moves(&mut |mv, _| moves.push(mv));
        let mv = moves[rng.below(moves.len())];
        if game.len() == N {
            assert_eq!(game.play(mv), Err(PlayError::Full { capacity: N }));
            assert_eq!(game.position(), position, "a full record is unchanged");
            assert_eq!(game.len(), N);
            return (game, true);
        }
        game.play(mv).unwrap();
    }
}

#[test]
fn dodgem_random_games_match_the_reference_until_they_end_or_fill() {
    // The reference's positions by the key of the same position in the crate; what the
    // fixed point leaves unsettled is a draw.
    let reference: HashMap<u64, Value> = dodgem_reference()
        .into_iter()
        .map(|(cars, value)| (cars.to_game().key(), value.unwrap_or(Value::Draw)))
        .collect();
    let check = |plies: &mut dyn Iterator<Item = Ply<Dodgem>>| {
        for ply in plies {
            let before = reference[&ply.before().key()];
            let after = reference[&ply.after().key()];
            let mover = ply.mover();
            assert_eq!(ply.value_before(mover), before);
            assert_eq!(ply.value_after(mover), after.flip());
            assert_eq!(ply.value_after(mover.other()), after);
            let worse = matches!(
                (before, after.flip()),
                (Value::Win, Value::Draw | Value::Loss) | (Value::Draw, Value::Loss)
            );
            assert_eq!(ply.verdict() == Verdict::Mistake, worse, "{ply}");
        }
    };
    let mut rng = Rng(0xd0d6e);
    let (mut finished, mut full) = (0, 0);
    for _ in 0..300 {
        let (game, filled) = random_game::<DEFAULT_CAPACITY>(&mut rng);
        check(&mut game.history());
        if filled {
            full += 1
        } else {
            finished += 1
        }
        // A small record fills where random play goes on.
        let (game, filled) = random_game::<12>(&mut rng);
        check(&mut game.history());
        if filled { full += 1 } else { finished += 1 }
    }
    assert!(finished > 0 && full > 0, "{finished} finished, {full} full");
}

/// `DEFAULT_CAPACITY` holds every game perfect play makes of every shipped game, twice
/// over: the longest is Dodgem's (21 plies, the most any position's win or loss takes, from
/// the solved table), and tic-tac-toe and misère fill their nine cells at most.
#[test]
fn the_default_capacity_holds_perfect_play_twice_over() {
    fn longest<G: Game>(solved: &perfect_play::Solved<G>) -> u16 {
        let table = solved.table();
        table
            .entries()
            .filter_map(|(_, entry)| table.record(entry))
            .map(|record| record.remoteness)
            .filter(|&plies| plies != ENDLESS)
            .max()
            .unwrap()
    }
    assert_eq!(longest(&TICTACTOE), 9);
    assert_eq!(longest(&MISERE), 9);
    // The figures DEFAULT_CAPACITY's docs give.
    let dodgem = longest(&DODGEM);
    assert_eq!(dodgem, 21);
    assert_eq!(
        DODGEM.probe(&Dodgem::start()).map(|r| r.remoteness),
        Some(19)
    );
    assert!(usize::from(dodgem) * 2 <= DEFAULT_CAPACITY, "{dodgem}");
    assert!(usize::from(longest(&HEXAPAWN)) * 2 <= DEFAULT_CAPACITY);
    assert_eq!(Side::First.other(), Side::Second);
}
