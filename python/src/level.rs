//! `Game.pick` and `Game.policy`: a move chosen at one of the web board's levels of play
//! (`perfect`, `safe`, `skill:N`, `random`: `perfect_play::Level`), and the chance of each
//! move at that level. The levels' rule is the library's (`Level::pick` behind the game's
//! handle, `Level::chances`); this file only carries it to Python.

use perfect_play::Level;
use perfect_play::dynamic::PositionAnalysis;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The level a text names, or a ValueError saying which levels there are.
pub fn parse(text: &str) -> PyResult<Level> {
    text.parse()
        .map_err(|e| PyValueError::new_err(format!("{text:?}: {e}")))
}

/// Uniform `u32`s from a 64-bit seed (splitmix64): the caller's generator supplies the
/// seed of each pick, so that a seeded bot replays its games.
pub fn random(seed: u64) -> impl FnMut() -> u32 {
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

/// Every move of an analysed position with the chance `level` plays it, best first (none
/// once the game is over).
pub fn policy(analysis: &PositionAnalysis, level: Level) -> Vec<(String, f64)> {
    let moves: Vec<(&str, _)> = analysis
        .moves
        .iter()
        .map(|m| (m.name.as_str(), m.record))
        .collect();
    let chances = level.chances(&moves);
    moves
        .iter()
        .zip(chances)
        .map(|(&(name, _), chance)| (name.to_owned(), chance))
        .collect()
}
