//! `Game.labels`: exact training labels for many positions at once (the returns of both
//! sides, plies to the end, the best moves as a mask over a list of actions), read
//! straight from the objects given (a str, or anything whose `str()` is a position, like an
//! OpenSpiel state), for `perfect_play.openspiel.labels`.

use std::collections::HashMap;

use perfect_play::dynamic::{MoveRefusal, PositionError};
use pyo3::exceptions::{PyImportError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::text::Utf8;
use crate::{batch, error};
use perfect_play::dynamic::DynGame;

/// How many distinct texts one call remembers (some 100 MB at most).
const REMEMBERED: usize = 1 << 20;

/// Labels every item of `states` in `game`; `actions[a]` is the move (in the notation) of
/// action `a`, None for an action with no move; `lines`: the rows of a position may be
/// split by whitespace (line breaks) instead of `/`. See `Game.labels`.
pub fn labels<'py>(
    py: Python<'py>,
    handle: &dyn DynGame,
    states: &Bound<'py, PyAny>,
    actions: &[Option<String>],
    lines: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    let numpy = py.import("numpy").map_err(|_| {
        PyImportError::new_err("Game.labels answers in numpy arrays: pip install numpy")
    })?;
    let (returns, plies, best) = label_all(py, handle, states, actions, lines)?;
    let count = plies.len();
    let returns: Vec<u8> = returns.iter().flat_map(|r| r.to_le_bytes()).collect();
    let plies: Vec<u8> = plies.iter().flat_map(|p| p.to_le_bytes()).collect();
    PyTuple::new(
        py,
        [
            batch::array(&numpy, &returns, "<f8", (count, 2))?,
            batch::array(&numpy, &plies, "<u2", (count,))?,
            batch::array(&numpy, &best, "?", (count, actions.len()))?,
        ],
    )
}

/// The labels of every item: returns (two per item), plies, and the best-action mask
/// (`actions.len()` bytes per item, 1 for a best move).
type Answer = PyResult<(Vec<f64>, Vec<u16>, Vec<u8>)>;

/// The action number of each move of `actions`, each checked to be a move of the game.
fn action_numbers<'a>(
    py: Python<'_>,
    handle: &dyn DynGame,
    actions: &'a [Option<String>],
) -> PyResult<HashMap<&'a str, usize>> {
    let start = &handle.about().start;
    let mut numbers = HashMap::new();
    for (index, action) in actions.iter().enumerate() {
        let Some(text) = action else { continue };
        // Played from the start only to learn whether the text is a move at all.
        if let Err(MoveRefusal::NotAMove { why, .. }) = handle.play(start, text) {
            let what = format!("{} move", handle.about().name);
            return Err(error::notation(py, &what, text, why, Some(index)));
        }
        numbers.insert(text.as_str(), index);
    }
    Ok(numbers)
}

/// Labels the items of `states`.
fn label_all(
    py: Python<'_>,
    handle: &dyn DynGame,
    states: &Bound<'_, PyAny>,
    actions: &[Option<String>],
    lines: bool,
) -> Answer {
    let name = &handle.about().name;
    let numbers = action_numbers(py, handle, actions)?;
    let width = actions.len();
    let (mut returns, mut plies, mut best) = (Vec::new(), Vec::new(), Vec::new());
    let mut joined = String::new();
    // The item where each text was first seen: a text seen before (training sets repeat
    // positions) copies that item's labels instead of asking the game again.
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (index, item) in states.try_iter()?.enumerate() {
        let item = item?;
        let string = match item.cast_into::<PyString>() {
            Ok(string) => string,
            Err(other) => other.into_inner().str()?,
        };
        let utf8 = Utf8::of(&string)?;
        let mut text = utf8.as_str();
        if lines {
            joined.clear();
            for (row, cells) in text.split_whitespace().enumerate() {
                if row > 0 {
                    joined.push('/');
                }
                joined.push_str(cells);
            }
            text = &joined;
        }
        if let Some(&k) = seen.get(text) {
            returns.extend_from_within(2 * k..2 * k + 2);
            plies.push(plies.get(k).copied().unwrap_or_default());
            best.extend_from_within(k * width..(k + 1) * width);
            continue;
        }
        if seen.len() < REMEMBERED {
            seen.insert(text.to_owned(), index);
        }
        let analysis = handle.analyze(text).map_err(|e| match e {
            PositionError::Notation(why) => {
                error::notation(py, &format!("{name} position"), text, why, Some(index))
            }
            unreachable @ PositionError::Unreachable { .. } => {
                PyValueError::new_err(format!("item {index}: {unreachable}"))
            }
        })?;
        let record = analysis.probe.record;
        let first = match batch::code(record.value, analysis.probe.to_move) {
            batch::FIRST_WINS => 1.0,
            batch::SECOND_WINS => -1.0,
            _ => 0.0,
        };
        returns.extend([first, 0.0 - first]);
        plies.push(record.remoteness);
        let row = best.len();
        best.resize(row + width, 0u8);
        for mv in analysis.best_moves() {
            let cell = numbers
                .get(mv.name.as_str())
                .and_then(|&number| best.get_mut(row + number));
            if let Some(cell) = cell {
                *cell = 1;
            }
        }
    }
    Ok((returns, plies, best))
}
