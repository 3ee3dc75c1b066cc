//! The Python exceptions of the package, and how Rust's errors become them.

use perfect_play::footholds::FootholdsError;
use perfect_play::games::ParseError;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    perfect_play,
    NotationError,
    PyValueError,
    "A text that is not a position or a move in the game's notation.\n\n\
     A ValueError. `column` is where the text goes wrong, counted from 1 (0 when the \
     error is about the whole text: empty, too few cells); `text` is the text given; \
     `index` is its place in the list given to `probe_many` (None elsewhere)."
);

pyo3::create_exception!(
    perfect_play,
    OutOfBudgetError,
    PyRuntimeError,
    "The footholds search used up its budget (`max_positions` or `seconds`) before it \
     found the answer. `positions` is how many positions it had searched."
);

/// A [`NotationError`] for `text`, read as a `what` (`"hexapawn position"`, `"dodgem
/// move"`), at `index` of a batch if it is one.
pub fn notation(
    py: Python<'_>,
    what: &str,
    text: &str,
    error: ParseError,
    index: Option<usize>,
) -> PyErr {
    let at = index.map_or(String::new(), |i| format!(" (item {i})"));
    let err = NotationError::new_err(format!("not a {what}{at}: {text:?}: {error}"));
    let value = err.value(py);
    let attributes = [
        value.setattr("column", error.column()),
        value.setattr("text", text),
        value.setattr("index", index),
    ];
    match attributes.into_iter().find_map(Result::err) {
        Some(failed) => failed,
        None => err,
    }
}

/// A footholds error as Python raises it: [`OutOfBudgetError`] when the budget ran out,
/// a `ValueError` for a bad grid or start.
pub fn footholds(py: Python<'_>, error: FootholdsError) -> PyErr {
    match error {
        FootholdsError::OutOfBudget { positions } => {
            let err = OutOfBudgetError::new_err(error.to_string());
            match err.value(py).setattr("positions", positions) {
                Ok(()) => err,
                Err(failed) => failed,
            }
        }
        other => PyValueError::new_err(other.to_string()),
    }
}
