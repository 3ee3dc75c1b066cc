//! A Python `str`'s text, read through the stable ABI of CPython 3.9, which the wheel is
//! built for (`abi3-py39`): 3.9's stable ABI has no call that lends a `str`'s UTF-8 in
//! place (3.10's `PyUnicode_AsUTF8AndSize` does), so the text is encoded once into a
//! `bytes` object and read there.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The UTF-8 text of one `str`, held in the `bytes` it was encoded into.
pub struct Utf8<'py>(Bound<'py, PyBytes>);

impl<'py> Utf8<'py> {
    /// The text of `string` (a `str` holding a lone surrogate is refused, as by
    /// `str.encode()`).
    pub fn of(string: &Bound<'py, PyString>) -> PyResult<Utf8<'py>> {
        string.encode_utf8().map(Utf8)
    }

    /// The text. (Python's UTF-8 encoder only makes valid UTF-8: the empty text in its
    /// place could not happen.)
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(self.0.as_bytes()).unwrap_or_default()
    }
}
