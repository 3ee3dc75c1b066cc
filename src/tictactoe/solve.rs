//! Minimax over the game tree: the plain search the table replaces.
//!
//! Compiled by the benchmarks through `#[path]`, to compare the table with searching at run
//! time. `build.rs` solves with the game-agnostic retrograde solver of `src/generate/`
//! instead, and both give the same entry for every board; the library never searches, it
//! looks up.

use super::entry::Entry;
use super::rules::{Board, Outcome, Player};

/// A memo slot that no board has filled.
pub(crate) const UNSOLVED: u16 = u16::MAX;

/// Solves `board` under perfect play, and with it every board reachable from it.
///
/// The side that can win wins as fast as it can, the side that must lose holds out as long
/// as it can; the optimal moves are all those that keep both the outcome and the plies.
/// `memo` is indexed by [`Board::code`] and caches entries ([`UNSOLVED`] for none); after
/// solving [`Board::EMPTY`] with a full-size memo, its filled slots are exactly the
/// reachable boards. Pass an empty slice to search without a memo.
pub(crate) fn solve(board: Board, memo: &mut [u16]) -> Entry {
    let code = usize::from(board.code());
    if let Some(&bits) = memo.get(code) {
        if bits != UNSOLVED {
            return Entry::from_bits(bits);
        }
    }
    let entry = if board.has_line(Player::X) {
        Entry::new(Outcome::Win(Player::X), 0, 0)
    } else if board.has_line(Player::O) {
        Entry::new(Outcome::Win(Player::O), 0, 0)
    } else if board.empty_mask() == 0 {
        Entry::new(Outcome::Draw, 0, 0)
    } else {
        let mover = board.turn();
        let (mut best_rank, mut best_moves, mut best_child) = (i8::MIN, 0, Entry::from_bits(0));
        let mut empty = board.empty_mask();
        while empty != 0 {
            let cell = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            let child = solve(board.with(cell, mover), memo);
            let rank = rank(mover, child);
            if rank > best_rank {
                (best_rank, best_moves, best_child) = (rank, 0, child);
            }
            if rank == best_rank {
                best_moves |= 1 << cell;
            }
        }
        Entry::new(best_child.outcome(), best_child.plies() + 1, best_moves)
    };
    if let Some(slot) = memo.get_mut(code) {
        *slot = entry.bits();
    }
    entry
}

/// How much `mover` likes a continuation: any win beats a draw beats any loss; a win is
/// better the sooner it comes, a loss the later.
fn rank(mover: Player, continuation: Entry) -> i8 {
    let plies = continuation.plies() as i8;
    match continuation.outcome() {
        Outcome::Win(winner) if winner == mover => 20 - plies,
        Outcome::Draw => 0,
        Outcome::Win(_) => plies - 20,
    }
}
