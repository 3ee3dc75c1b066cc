//! The answers `probe_many` gave lately, remembered by text: a position asked again is
//! answered from here, without parsing it or probing the table again.
//!
//! One memo per game, direct-mapped: a slot of 40 bytes for each of the game's positions
//! (65,536 to 262,144 slots: 2.5 to 12.5 MiB with the objects' references), the slot chosen
//! by the Python `str`'s hash (which CPython computes once per `str` and keeps, as a dict
//! lookup uses it), a slot holding the text itself, so that a hit is exact. A text longer
//! than 24 bytes (Connect Four beyond 4x5) is never remembered. Training data and game trees ask the same positions
//! again and again (tic-tac-toe has 5,478, Connect Four 4x4 161,029): there the memo makes
//! `probe_many` as fast as a dict of every answer, without building one.
//!
//! A slot also keeps the `str` object it was filled from (a reference, so the object
//! lives on and its address is its own): the same object asked again is a hit by its
//! address alone, without reading its text, which through the stable ABI of 3.9 means
//! encoding it into a new `bytes` ([`crate::text`]). Another `str` of the same text is a
//! hit by the text.
//!
//! The memos are behind one lock, taken with `try_lock` only: a thread that finds it taken
//! does without (it never waits, so it can never wait for a thread that waits for the GIL).

use std::sync::{Mutex, TryLockError};

use pyo3::prelude::*;
use pyo3::types::PyString;

/// The longest text a slot holds (Connect Four 4x5's text fits).
pub const TEXT: usize = 24;
/// The fewest slots a game's memo has.
const MIN_SLOTS: usize = 1 << 16;
/// The most: 262,144 slots, 12.5 MiB with the objects' references (Connect Four 4x4's
/// 161,029 positions fit).
const MAX_SLOTS: usize = 1 << 18;

/// One remembered answer.
#[derive(Clone, Copy)]
struct Slot {
    /// The high half of the text's Python hash (the low bits chose the slot).
    hash: u32,
    /// The text's length; 0 for an empty slot (no position is written as an empty text).
    len: u8,
    /// The text, its first `len` bytes.
    text: [u8; TEXT],
    /// The outcome code.
    code: i8,
    /// The plies.
    plies: u16,
    /// The address of the `str` object the slot was filled from (0 for none), which the
    /// memo's `objects` keeps alive.
    object: usize,
}

/// A slot that holds nothing.
const EMPTY: Slot = Slot {
    hash: 0,
    len: 0,
    text: [0; TEXT],
    code: 0,
    plies: 0,
    object: 0,
};

/// One game's remembered answers.
pub struct Memo {
    slots: Vec<Slot>,
    /// Slot by slot, the `str` object its `object` is the address of.
    objects: Vec<Option<Py<PyString>>>,
}

impl Memo {
    /// The slot of a hash, and the half of it the slot keeps.
    fn slot(&self, hash: isize) -> (usize, u32) {
        let hash = u64::from_ne_bytes(hash.to_ne_bytes());
        (
            (hash as usize) & (self.slots.len() - 1),
            (hash >> 32) as u32,
        )
    }

    /// The answer remembered for the very `str` object `string` (whose Python hash is
    /// `hash`), if its slot was filled from it.
    #[inline]
    pub fn find_object(&self, hash: isize, string: &Bound<'_, PyString>) -> Option<(i8, u16)> {
        let (at, high) = self.slot(hash);
        let slot = self.slots.get(at)?;
        (slot.hash == high && slot.len > 0 && slot.object == string.as_ptr().addr())
            .then_some((slot.code, slot.plies))
    }

    /// The answer remembered for `text` (whose Python hash is `hash`), if there is one.
    #[inline]
    pub fn find(&self, hash: isize, text: &str) -> Option<(i8, u16)> {
        let (at, high) = self.slot(hash);
        let slot = self.slots.get(at)?;
        let kept = slot.text.get(..usize::from(slot.len))?;
        (slot.hash == high && slot.len > 0 && kept == text.as_bytes())
            .then_some((slot.code, slot.plies))
    }

    /// Remembers the answer of `text` (whose Python hash is `hash`, asked as the `str`
    /// `object`), in place of whatever its slot held; a text too long for a slot is not
    /// remembered.
    pub fn keep(&mut self, hash: isize, text: &str, code: i8, plies: u16, object: Py<PyString>) {
        let (at, high) = self.slot(hash);
        let (Some(slot), Some(kept), Ok(len)) = (
            self.slots.get_mut(at),
            self.objects.get_mut(at),
            u8::try_from(text.len()),
        ) else {
            return;
        };
        if let Some(into) = slot.text.get_mut(..text.len()) {
            into.copy_from_slice(text.as_bytes());
            *slot = Slot {
                hash: high,
                len,
                code,
                plies,
                object: object.as_ptr().addr(),
                ..*slot
            };
            *kept = Some(object);
        }
    }
}

/// Every game's memo, by the game's name.
static MEMOS: Mutex<Vec<(String, Memo)>> = Mutex::new(Vec::new());

/// Runs `f` with the memo of game `name` (made empty the first time, with a slot for
/// each of its `positions` within the bounds), or with None when another thread holds the
/// memos.
pub fn with<T>(name: &str, positions: Option<u64>, f: impl FnOnce(Option<&mut Memo>) -> T) -> T {
    let mut memos = match MEMOS.try_lock() {
        Ok(memos) => memos,
        Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
        Err(TryLockError::WouldBlock) => return f(None),
    };
    let at = match memos.iter().position(|(game, _)| game == name) {
        Some(at) => at,
        None => {
            let wanted = usize::try_from(positions.unwrap_or(0)).unwrap_or(MAX_SLOTS);
            let slots = wanted.next_power_of_two().clamp(MIN_SLOTS, MAX_SLOTS);
            memos.push((
                name.to_owned(),
                Memo {
                    slots: vec![EMPTY; slots],
                    objects: (0..slots).map(|_| None).collect(),
                },
            ));
            memos.len() - 1
        }
    };
    f(memos.get_mut(at).map(|(_, memo)| memo))
}
