//! The answers `probe_many` gave lately, remembered by text: a position asked again is
//! answered from here, without parsing it or probing the table again.
//!
//! One memo per game, direct-mapped: 65,536 slots of 32 bytes (2 MiB), the slot chosen by
//! the Python `str`'s hash (which CPython computes once per `str` and keeps, as a dict
//! lookup uses it), a slot holding the text itself, so that a hit is exact. A text longer
//! than 24 bytes (Connect Four beyond 4x5) is never remembered. Training data and game trees ask the same positions
//! again and again (tic-tac-toe has 5,478, Connect Four 4x4 161,029): there the memo makes
//! `probe_many` as fast as a dict of every answer, without building one.
//!
//! The memos are behind one lock, taken with `try_lock` only: a thread that finds it taken
//! does without (it never waits, so it can never wait for a thread that waits for the GIL).

use std::sync::{Mutex, TryLockError};

/// The longest text a slot holds (a slot is 32 bytes: Connect Four 4x5's text fits).
const TEXT: usize = 24;
/// How many slots a game's memo has.
const SLOTS: usize = 1 << 16;

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
}

/// A slot that holds nothing.
const EMPTY: Slot = Slot {
    hash: 0,
    len: 0,
    text: [0; TEXT],
    code: 0,
    plies: 0,
};

/// One game's remembered answers.
pub struct Memo {
    slots: Vec<Slot>,
}

impl Memo {
    /// The slot of a hash, and the half of it the slot keeps.
    fn slot(hash: isize) -> (usize, u32) {
        let hash = u64::from_ne_bytes(hash.to_ne_bytes());
        ((hash as usize) & (SLOTS - 1), (hash >> 32) as u32)
    }

    /// The answer remembered for `text` (whose Python hash is `hash`), if there is one.
    #[inline]
    pub fn find(&self, hash: isize, text: &str) -> Option<(i8, u16)> {
        let (at, high) = Self::slot(hash);
        let slot = self.slots.get(at)?;
        let kept = slot.text.get(..usize::from(slot.len))?;
        (slot.hash == high && slot.len > 0 && kept == text.as_bytes())
            .then_some((slot.code, slot.plies))
    }

    /// Remembers the answer of `text` (whose Python hash is `hash`), in place of whatever
    /// its slot held; a text too long for a slot is not remembered.
    pub fn keep(&mut self, hash: isize, text: &str, code: i8, plies: u16) {
        let (at, high) = Self::slot(hash);
        let (Some(slot), Ok(len)) = (self.slots.get_mut(at), u8::try_from(text.len())) else {
            return;
        };
        if let Some(into) = slot.text.get_mut(..text.len()) {
            into.copy_from_slice(text.as_bytes());
            *slot = Slot {
                hash: high,
                len,
                code,
                plies,
                ..*slot
            };
        }
    }
}

/// Every game's memo, by the game's name.
static MEMOS: Mutex<Vec<(String, Memo)>> = Mutex::new(Vec::new());

/// Runs `f` with the memo of game `name` (made empty the first time), or with None when
/// another thread holds the memos.
pub fn with<T>(name: &str, f: impl FnOnce(Option<&mut Memo>) -> T) -> T {
    let mut memos = match MEMOS.try_lock() {
        Ok(memos) => memos,
        Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
        Err(TryLockError::WouldBlock) => return f(None),
    };
    let at = match memos.iter().position(|(game, _)| game == name) {
        Some(at) => at,
        None => {
            memos.push((
                name.to_owned(),
                Memo {
                    slots: vec![EMPTY; SLOTS],
                },
            ));
            memos.len() - 1
        }
    };
    f(memos.get_mut(at).map(|(_, memo)| memo))
}
