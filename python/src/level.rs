//! `Game.pick` and `Game.policy`: a move chosen at one of the web board's levels of play
//! (`perfect`, `safe`, `skill:N`, `random`: `perfect_play::Level`), and the chance of each
//! move at that level. The levels' rule is the library's (`Level::pick`, `Level::chances`);
//! this file only carries it to Python.

use perfect_play::games::{Notation, ShowMove, Visitor};
use perfect_play::{Level, Record, Solved, Value};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The level a text names, or a ValueError saying which levels there are.
pub fn parse(text: &str) -> PyResult<Level> {
    text.parse()
        .map_err(|e| PyValueError::new_err(format!("{text:?}: {e}")))
}

/// Uniform `u32`s from a 64-bit seed (splitmix64): the caller's generator supplies the
/// seed of each pick, so that a seeded bot replays its games.
fn random(seed: u64) -> impl FnMut() -> u32 {
    let mut state = seed;
    move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31))
            .to_le_bytes()
            .first_chunk()
            .map_or(0, |b| u32::from_le_bytes(*b))
    }
}

/// Every move of `position` with what it is worth to the side to move, best first (none
/// once the game is over), as `Solved::ranked_moves` ranks them.
fn ranked<G: Notation>(table: &Solved<G>, position: &G) -> Vec<(G::Move, Record)> {
    let mut first = None;
    let mut count = 0;
    if position.finished().is_none() {
        position.moves(&mut |mv, _| {
            first = first.or(Some(mv));
            count += 1;
        });
    }
    let Some(filler) = first else {
        return Vec::new();
    };
    let blank = Record {
        value: Value::Draw,
        remoteness: 0,
    };
    let mut moves = vec![(filler, blank); count];
    let len = table.ranked_moves(position, &mut moves);
    moves.truncate(len);
    moves
}

/// The ranked moves of the position written `text`.
fn ranked_text<G: Notation>(
    table: &Solved<G>,
    text: &str,
) -> Result<Vec<(G::Move, Record)>, Failure> {
    let position: G = text.parse().map_err(Failure::Position)?;
    table.probe(&position).ok_or(Failure::Unreachable)?;
    Ok(ranked(table, &position))
}

/// Why a pick or a policy failed: the position is not in the notation, or no game
/// reaches it.
pub enum Failure {
    /// The parse error of the position.
    Position(perfect_play::games::ParseError),
    /// No game reaches the position.
    Unreachable,
}

/// Weighs the moves of a position given as text at a level: the chance of each (the
/// level's policy) and the one picked with a seed's draws.
pub struct Weigh<'a> {
    /// The position.
    pub position: &'a str,
    /// The level of play.
    pub level: Level,
    /// The seed of the random draws.
    pub seed: u64,
}

/// Every move with its chance, best first, and the move picked (None once the game is
/// over).
pub type Weighed = (Vec<(String, f64)>, Option<String>);

impl Visitor for Weigh<'_> {
    type Output = Result<Weighed, Failure>;

    fn visit<G: Notation + 'static>(
        self,
        _: &'static str,
        table: &'static Solved<G>,
    ) -> Self::Output {
        let moves = ranked_text(table, self.position)?;
        let show = |mv| ShowMove::<G>(mv).to_string();
        let picked = self.level.pick(&moves, &mut random(self.seed));
        let chances = self.level.chances(&moves);
        let policy = moves
            .iter()
            .zip(chances)
            .map(|(&(mv, _), chance)| (show(mv), chance))
            .collect();
        Ok((policy, picked.map(show)))
    }
}
