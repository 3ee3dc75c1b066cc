//! A plain solver for the families' tests, sharing nothing with the crate: each family's
//! rules written again in the test (`tests/common/ref_*.rs`, positions as plain vectors),
//! and a memoised negamax over them that knows nothing of tables.
//!
//! Remoteness as the crate documents it for `Record`: the winner wins as fast as it can,
//! the loser holds out as long as it can, a draw's remoteness is its longest drawing line.
//! A move after which the same player moves again (a completed box, a last seed in one's
//! store) keeps the value instead of turning it round.

#![allow(dead_code)] // each test uses the part it needs

use std::collections::HashMap;
use std::hash::Hash;

use perfect_play::Value;

/// A game's rules, plainly: what the reference solver needs of a position.
pub trait Rules: Clone + Eq + Hash {
    /// The result for the side to move if the game is over here.
    fn over(&self) -> Option<Value>;
    /// Every legal move: its name in the crate's notation, the position it leads to, and
    /// whether the mover moves again there.
    fn moves(&self) -> Vec<(String, Self, bool)>;
    /// The position in the crate's notation.
    fn text(&self) -> String;
}

/// Every position reachable from a start, solved: (value, plies) for the side to move.
pub struct Solved<R: Rules> {
    pub memo: HashMap<R, (Value, u16)>,
}

/// A record as a number to sort by, best highest (as the crate's rank, written again).
fn score((value, plies): (Value, u16)) -> i64 {
    let p = i64::from(plies);
    match value {
        Value::Win => 1_000_000 - p,
        Value::Draw => p,
        Value::Loss => p - 1_000_000,
    }
}

/// What a child's record is worth to the mover.
pub fn through((value, plies): (Value, u16), again: bool) -> (Value, u16) {
    let value = match (again, value) {
        (true, v) => v,
        (false, Value::Win) => Value::Loss,
        (false, Value::Loss) => Value::Win,
        (false, Value::Draw) => Value::Draw,
    };
    (value, plies + 1)
}

impl<R: Rules> Solved<R> {
    /// Solves every position reachable from `start` (the game must always end).
    pub fn new(start: &R) -> Solved<R> {
        let mut solved = Solved {
            memo: HashMap::new(),
        };
        solved.value(start);
        solved
    }

    /// The record of `position`, solving what it needs.
    pub fn value(&mut self, position: &R) -> (Value, u16) {
        if let Some(&known) = self.memo.get(position) {
            return known;
        }
        let record = match position.over() {
            Some(value) => (value, 0),
            None => {
                let moves = position.moves();
                assert!(!moves.is_empty(), "{} has no move", position.text());
                moves
                    .iter()
                    .map(|(_, child, again)| through(self.value(child), *again))
                    .max_by_key(|&r| score(r))
                    .unwrap()
            }
        };
        self.memo.insert(position.clone(), record);
        record
    }
}

/// Checks a family's handle against the reference on every position reachable from the
/// reference's start: the record of each, and on every position its moves (names, the
/// positions they lead to, what each is worth). Returns how many positions there were.
pub fn check_every_position<R: Rules>(
    game: &dyn perfect_play::dynamic::DynGame,
    start: &R,
) -> usize {
    let mut solved = Solved::new(start);
    assert_eq!(
        game.about().start,
        start.text(),
        "{}: the start",
        game.about().name
    );
    let positions: Vec<R> = solved.memo.keys().cloned().collect();
    for position in &positions {
        let text = position.text();
        let want = solved.value(position);
        let analysis = game
            .analyze(&text)
            .unwrap_or_else(|e| panic!("{}: {text}: {e}", game.about().name));
        assert_eq!(analysis.position, text);
        let got = (
            analysis.probe.record.value,
            analysis.probe.record.remoteness,
        );
        assert_eq!(got, want, "{}: {text}", game.about().name);
        assert_eq!(analysis.probe.finished, position.over().is_some(), "{text}");
        let mut want_moves: Vec<(String, String, (Value, u16))> = position
            .moves()
            .into_iter()
            .filter(|_| position.over().is_none())
            .map(|(name, child, again)| {
                let record = through(solved.value(&child), again);
                (name, child.text(), record)
            })
            .collect();
        let mut got_moves: Vec<(String, String, (Value, u16))> = analysis
            .moves
            .iter()
            .map(|mv| {
                (
                    mv.name.clone(),
                    mv.after.clone(),
                    (mv.record.value, mv.record.remoteness),
                )
            })
            .collect();
        want_moves.sort();
        got_moves.sort();
        assert_eq!(
            got_moves,
            want_moves,
            "{}: the moves of {text}",
            game.about().name
        );
    }
    assert_eq!(
        game.about().positions,
        Some(positions.len() as u64),
        "{}",
        game.about().name
    );
    positions.len()
}
