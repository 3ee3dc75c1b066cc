//! `Game.labels`: exact training labels for many positions at once (the returns of both
//! sides, plies to the end, the best moves as a mask over a list of actions), read
//! straight from the objects given (a str, or anything whose `str()` is a position, like an
//! OpenSpiel state), for `perfect_play.openspiel.labels`.

use perfect_play::Solved;
use std::collections::HashMap;

use perfect_play::games::{self, Notation, Visitor};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::{batch, error};

/// Labels every item of `states` in game `name`; `actions[a]` is the move (in the
/// notation) of action `a`, None for an action with no move; `lines`: the rows of a
/// position may be split by whitespace (line breaks) instead of `/`. See `Game.labels`.
pub fn labels<'py>(
    py: Python<'py>,
    name: &'static str,
    states: &Bound<'py, PyAny>,
    actions: &[Option<String>],
    lines: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    let numpy = py.import("numpy").map_err(|_| {
        pyo3::exceptions::PyImportError::new_err(
            "Game.labels answers in numpy arrays: pip install numpy",
        )
    })?;
    let visitor = Labels {
        py,
        states,
        actions,
        lines,
    };
    let Some(answer) = games::visit(name, visitor) else {
        return Err(PyValueError::new_err(format!("no game is called {name}")));
    };
    let (returns, plies, best) = answer?;
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

/// How many distinct texts one call remembers (some 100 MB at most).
const REMEMBERED: usize = 1 << 20;

/// Labels the items of `states`.
struct Labels<'a, 'py> {
    py: Python<'py>,
    states: &'a Bound<'py, PyAny>,
    actions: &'a [Option<String>],
    lines: bool,
}

impl Visitor for Labels<'_, '_> {
    type Output = Answer;

    fn visit<G: Notation + 'static>(self, name: &'static str, table: &'static Solved<G>) -> Answer {
        let py = self.py;
        let mut moves: Vec<Option<G::Move>> = Vec::with_capacity(self.actions.len());
        for (index, action) in self.actions.iter().enumerate() {
            let mv = match action {
                Some(text) => Some(G::parse_move(text).map_err(|e| {
                    error::notation(py, &format!("{name} move"), text, e, Some(index))
                })?),
                None => None,
            };
            moves.push(mv);
        }
        let width = moves.len();
        let (mut returns, mut plies, mut best) = (Vec::new(), Vec::new(), Vec::new());
        let mut joined = String::new();
        // The item where each text was first seen: a text seen before (training sets
        // repeat positions) copies that item's labels instead of probing again.
        let mut seen: HashMap<String, usize> = HashMap::new();
        for (index, item) in self.states.try_iter()?.enumerate() {
            let item = item?;
            let string = match item.cast_into::<PyString>() {
                Ok(string) => string,
                Err(other) => other.into_inner().str()?,
            };
            let mut text = string.to_str()?;
            if self.lines {
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
            let position: G = text.parse().map_err(|e| {
                error::notation(py, &format!("{name} position"), text, e, Some(index))
            })?;
            let record = table.probe(&position).ok_or_else(|| {
                PyValueError::new_err(format!("item {index}: no game of {name} reaches {text:?}"))
            })?;
            let first = match batch::code(record.value, position.to_move()) {
                batch::FIRST_WINS => 1.0,
                batch::SECOND_WINS => -1.0,
                _ => 0.0,
            };
            returns.extend([first, 0.0 - first]);
            plies.push(record.remoteness);
            let row = best.len();
            best.resize(row + width, 0u8);
            if position.finished().is_none() {
                position.moves(&mut |mv, child| {
                    let keeps = table.probe(&child).map(|r| r.before_move()) == Some(record);
                    let slot = moves.iter().position(|&m| m == Some(mv));
                    if let (true, Some(slot)) = (keeps, slot) {
                        if let Some(cell) = best.get_mut(row + slot) {
                            *cell = 1;
                        }
                    }
                });
            }
        }
        Ok((returns, plies, best))
    }
}
