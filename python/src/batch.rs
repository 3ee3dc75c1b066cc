//! `Game.probe_many`: many positions probed with the GIL released, answered as outcome
//! codes and plies.

use perfect_play::AnsweredBy;
use perfect_play::Value;
use perfect_play::dynamic::{DynGame, PositionError};
use perfect_play::games::{ParseError, Side};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString, PyTuple};

use crate::text::Utf8;
use crate::{error, memo};

/// The outcome code of a draw.
pub const DRAW: i8 = 0;
/// The outcome code of a win for the side that moves first.
pub const FIRST_WINS: i8 = 1;
/// The outcome code of a win for the side that moves second.
pub const SECOND_WINS: i8 = 2;
/// The outcome code of a position no game reaches (its plies are 0).
pub const UNREACHABLE: i8 = -1;

/// How many positions `probe_many` reads between two releases of the GIL (about 1 ms).
const YIELD_EVERY: usize = 1 << 15;

/// Probes every str of `positions` in `handle`'s game: a tuple (outcome codes, plies),
/// numpy arrays or `array.array`s as `numpy` says (see `Game.probe_many`). `remember`:
/// whether the game's memo is asked and filled (not for a game of a table file: many
/// positions, most of them written longer than a slot holds, asked once each).
pub fn probe_many<'py>(
    py: Python<'py>,
    handle: &dyn DynGame,
    positions: &Bound<'py, PyAny>,
    numpy: Option<bool>,
    remember: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    let numpy = match numpy {
        Some(false) => None,
        Some(true) => Some(py.import("numpy")?),
        None => py.import("numpy").ok(),
    };
    // A str is an iterable of str too (its characters): surely a mistake here.
    if positions.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "positions must be an iterable of positions, not one str: probe_many([position])",
        ));
    }
    // The answers the memo remembers; the other texts copied into one buffer while the GIL
    // is held (their probes run without it), each with its place and its Python hash.
    let (mut codes, mut plies) = (Vec::new(), Vec::new());
    let mut text = String::new();
    let mut ends = Vec::new();
    let mut missed: Vec<(usize, isize, Py<PyString>)> = Vec::new();
    let name = handle.about().name.as_str();
    let count = handle.about().positions;
    memo_of(remember, name, count, |memo| -> PyResult<()> {
        for (index, item) in positions.try_iter()?.enumerate() {
            // Answers the memo knows are given with the GIL held: let other threads in
            // now and then, as a long call would if it ran Python code.
            if index % YIELD_EVERY == YIELD_EVERY - 1 {
                py.detach(|| ());
            }
            let item = item?;
            // An exact str is known by its type alone (no call into Python's type flags).
            let string = match item.cast_exact::<PyString>() {
                Ok(string) => string,
                Err(_) => item.cast::<PyString>()?,
            };
            let hash = string.hash()?;
            // The same str object as a remembered one: known without reading its text
            // (nor asking its length: a remembered object's text fits a slot).
            let known = memo.as_deref().and_then(|m| m.find_object(hash, string));
            let (code, ply) = match known {
                Some(known) => known,
                None => {
                    // A text longer than a slot holds is never remembered (Connect Four
                    // from 6x4 up): its text is not compared with the slot's.
                    let memo = match string.len()? {
                        len if len > memo::TEXT => None,
                        _ => memo.as_deref(),
                    };
                    let utf8 = Utf8::of(string)?;
                    let position = utf8.as_str();
                    match memo.and_then(|m| m.find(hash, position)) {
                        Some(known) => known,
                        None => {
                            text.push_str(position);
                            ends.push(text.len());
                            missed.push((index, hash, string.clone().unbind()));
                            (UNREACHABLE, 0)
                        }
                    }
                }
            };
            codes.push(code);
            plies.push(ply);
        }
        Ok(())
    })?;
    let (found, found_plies) = match py.detach(|| probe_all(handle, &text, &ends)) {
        Ok(answer) => answer,
        Err((k, failure)) => {
            let index = missed.get(k).map_or(k, |&(index, _, _)| index);
            let what = format!("{name} position");
            let bad = piece(&text, &ends, k);
            return Err(error::notation(py, &what, bad, failure, Some(index)));
        }
    };
    memo_of(remember, name, count, |mut memo| {
        for (k, (((index, hash, object), code), ply)) in
            missed.into_iter().zip(found).zip(found_plies).enumerate()
        {
            if let (Some(c), Some(p)) = (codes.get_mut(index), plies.get_mut(index)) {
                (*c, *p) = (code, ply);
            }
            if let Some(memo) = memo.as_deref_mut() {
                memo.keep(hash, piece(&text, &ends, k), code, ply, object);
            }
        }
    });
    // Native-endian bytes, as both numpy's `=u2` and array's `H` read them.
    let code_bytes: Vec<u8> = codes.iter().map(|&c| c.to_ne_bytes()[0]).collect();
    let ply_bytes: Vec<u8> = plies.iter().flat_map(|p| p.to_ne_bytes()).collect();
    let count = codes.len();
    let (codes, plies) = match numpy {
        Some(numpy) => (
            array(&numpy, &code_bytes, "i1", (count,))?,
            array(&numpy, &ply_bytes, "=u2", (count,))?,
        ),
        None => {
            let array = py.import("array")?.getattr("array")?;
            (
                typed_array(&array, &code_bytes, "b")?,
                typed_array(&array, &ply_bytes, "H")?,
            )
        }
    };
    PyTuple::new(py, [codes, plies])
}

/// An `array.array` of `typecode` holding `bytes` (native-endian): given a `bytes`, the
/// constructor copies it in one piece, where a list would take a call for each int.
fn typed_array<'py>(
    array: &Bound<'py, PyAny>,
    bytes: &[u8],
    typecode: &str,
) -> PyResult<Bound<'py, PyAny>> {
    array.call1((typecode, PyBytes::new(array.py(), bytes)))
}

/// A numpy array of `dtype` and `shape` holding `bytes` (in a bytearray, so that the
/// array is writable like any other).
pub fn array<'py, S: IntoPyObject<'py>>(
    numpy: &Bound<'py, PyModule>,
    bytes: &[u8],
    dtype: &str,
    shape: S,
) -> PyResult<Bound<'py, PyAny>> {
    let py = numpy.py();
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", dtype)?;
    numpy
        .call_method("frombuffer", (PyByteArray::new(py, bytes),), Some(&kwargs))?
        .call_method1("reshape", (shape,))
}

/// Runs `f` with the memo of the game called `name` when `remember`, else with none.
fn memo_of<T>(
    remember: bool,
    name: &str,
    positions: Option<u64>,
    f: impl FnOnce(Option<&mut memo::Memo>) -> T,
) -> T {
    if remember {
        memo::with(name, positions, f)
    } else {
        f(None)
    }
}

/// The `k`-th text of `text`, the i-th ending at `ends[i]`.
fn piece<'a>(text: &'a str, ends: &[usize], k: usize) -> &'a str {
    let start = k
        .checked_sub(1)
        .and_then(|i| ends.get(i))
        .copied()
        .unwrap_or(0);
    let end = ends.get(k).copied().unwrap_or(start);
    text.get(start..end).unwrap_or_default()
}

/// The outcome code of `value` for the side `to_move`.
pub fn code(value: Value, to_move: Side) -> i8 {
    match (value, to_move) {
        (Value::Draw, _) => DRAW,
        (Value::Win, Side::First) | (Value::Loss, Side::Second) => FIRST_WINS,
        (Value::Win, Side::Second) | (Value::Loss, Side::First) => SECOND_WINS,
    }
}

/// Probes the positions of `text`, the i-th ending at `ends[i]`: the codes and plies, or
/// the first text that is not a position, its index and why.
#[allow(clippy::type_complexity)]
fn probe_all(
    handle: &dyn DynGame,
    text: &str,
    ends: &[usize],
) -> Result<(Vec<i8>, Vec<u16>), (usize, ParseError)> {
    /// Positions asked of the handle at once ([`DynGame::probe_many`]: a table file
    /// overlaps their probes), so that the batch's memory stays bounded.
    const CHUNK: usize = 4096;
    let mut codes = Vec::with_capacity(ends.len());
    let mut plies = Vec::with_capacity(ends.len());
    // A search answers one position at a time anyway, and a batch would search every
    // position of a chunk before a bad text in it is reported: one a chunk there.
    let chunk = match handle.about().answered_by {
        AnsweredBy::Table => CHUNK,
        AnsweredBy::Search => 1,
    };
    let mut pieces = Vec::with_capacity(chunk.min(ends.len()));
    for from in (0..ends.len()).step_by(chunk) {
        pieces.clear();
        pieces.extend((from..ends.len().min(from + chunk)).map(|k| piece(text, ends, k)));
        for (index, answer) in (from..).zip(handle.probe_many(&pieces)) {
            match answer {
                Ok(probe) => {
                    codes.push(code(probe.record.value, probe.to_move));
                    plies.push(probe.record.remoteness);
                }
                Err(PositionError::Unreachable { .. }) => {
                    codes.push(UNREACHABLE);
                    plies.push(0);
                }
                Err(PositionError::Notation(why)) => return Err((index, why)),
            }
        }
    }
    Ok((codes, plies))
}
