//! Minimax over the game tree: the plain search the table replaces.
//!
//! Compiled by `benches/tictactoe.rs` (a module of it) to compare the table with searching
//! at run time. `build.rs` solves with the game-agnostic retrograde solver of
//! `perfect-play-generate` instead, and both give the same answer for every board (checked
//! before timing); the library never searches, it looks up. The bench's answers are packed
//! in the 16 bits of [`Entry`], this file's own layout:
//!
//! | bits   | field                                                        |
//! |--------|--------------------------------------------------------------|
//! | 0..9   | optimal moves, one bit per cell (none on a finished board)   |
//! | 9..13  | plies left under perfect play (0..=9)                        |
//! | 13..15 | outcome under perfect play: 0 draw, 1 x wins, 2 o wins       |

use perfect_play::games::tictactoe::{Board, Outcome, Player};

pub(crate) use entry::Entry;

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

mod entry {
    //! One packed answer of the search. See the module docs for the layout.
    use perfect_play::games::tictactoe::{Outcome, Player};

    /// One packed table entry. See the module docs for the layout.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Entry(u16);

    impl Entry {
        /// Packs an entry. `plies` must be at most 9 and `best_moves` a 9-bit cell mask.
        pub const fn new(outcome: Outcome, plies: u8, best_moves: u16) -> Entry {
            let outcome = match outcome {
                Outcome::Draw => 0,
                Outcome::Win(Player::X) => 1,
                Outcome::Win(Player::O) => 2,
            };
            Entry((best_moves & 0x1ff) | ((plies as u16 & 0xf) << 9) | (outcome << 13))
        }

        /// The entry with these raw bits, as `build.rs` wrote them.
        pub const fn from_bits(bits: u16) -> Entry {
            Entry(bits)
        }

        /// The raw bits, as stored in the table.
        pub const fn bits(self) -> u16 {
            self.0
        }

        /// Who wins under perfect play, or a draw.
        pub const fn outcome(self) -> Outcome {
            match self.0 >> 13 {
                1 => Outcome::Win(Player::X),
                2 => Outcome::Win(Player::O),
                _ => Outcome::Draw,
            }
        }

        /// Plies left under perfect play.
        pub const fn plies(self) -> u8 {
            ((self.0 >> 9) & 0xf) as u8
        }

        /// The optimal moves as a cell mask.
        pub const fn best_moves(self) -> u16 {
            self.0 & 0x1ff
        }
    }
}
