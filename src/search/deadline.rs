//! A time limit for every search a piece of code starts, however deep inside a handle it
//! runs: [`within`] sets it for the calling thread (and the threads an analysis spawns),
//! and says whether any search gave up.
//!
//! What a server needs: its requests reach the search through the dynamic handle, whose
//! answers have no room for "out of time"; a search that gives up answers nothing, and
//! [`within`] turns that into [`OutOfTime`].

use core::cell::Cell;
use core::fmt;
use std::time::Instant;

/// A search given up at its deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

impl fmt::Display for OutOfTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "not solved within the time limit (positions near the start take the search longest)",
        )
    }
}

impl core::error::Error for OutOfTime {}

std::thread_local! {
    /// The deadline of the searches started on this thread, if any.
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// Whether a search on this thread gave up since [`within`] began.
    static GAVE_UP: Cell<bool> = const { Cell::new(false) };
}

/// Runs `work` with every search it starts on this thread given up at `deadline`, and
/// returns what it returned, or [`OutOfTime`] if any search gave up (its answer, missing,
/// is then not to be trusted).
///
/// # Errors
/// [`OutOfTime`] when a search started by `work` was not over by `deadline`.
pub fn within<T>(deadline: Instant, work: impl FnOnce() -> T) -> Result<T, OutOfTime> {
    let outer = DEADLINE.replace(Some(deadline));
    let outer_gave_up = GAVE_UP.replace(false);
    let answer = work();
    let gave_up = GAVE_UP.replace(outer_gave_up);
    DEADLINE.set(outer);
    if gave_up { Err(OutOfTime) } else { Ok(answer) }
}

/// The deadline [`within`] set for this thread, if any.
pub(crate) fn current() -> Option<Instant> {
    DEADLINE.get()
}

/// Notes that a search on this thread gave up.
pub(crate) fn gave_up() {
    GAVE_UP.set(true);
}
