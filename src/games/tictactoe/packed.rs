//! The fast reads of the solved table ([`TICTACTOE`](crate::games::TICTACTOE), registered in
//! `src/games/list.rs` like every game): a board's code straight to its packed entry.

use super::entry::Entry;
use crate::games::TICTACTOE;

/// The entry for the board with this code, or `None` if no legal game reaches it.
#[inline]
pub(crate) fn get(code: u16) -> Option<Entry> {
    TICTACTOE
        .table()
        .entry(0, u64::from(code))
        .map(|bits| Entry::from_bits(bits as u16))
}

/// Every reachable board's code and entry, in the table's fixed order.
pub(crate) fn entries() -> impl Iterator<Item = (u16, Entry)> {
    TICTACTOE
        .table()
        .entries()
        .map(|(code, bits)| (code as u16, Entry::from_bits(bits as u16)))
}
