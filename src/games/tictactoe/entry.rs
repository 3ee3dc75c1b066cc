//! What the solved table stores for one reachable board, read in 16 bits: the standard
//! entry of `perfect_play_core::Table` with 4 bits of remoteness and the optimal moves as
//! the game's own bits.
//!
//! | bits   | field                                                        |
//! |--------|--------------------------------------------------------------|
//! | 0..2   | value for the side to move: 1 win, 2 loss, 3 draw            |
//! | 2..6   | plies left under perfect play (0..=9)                        |
//! | 6..15  | optimal moves, one bit per cell (none on a finished board)   |
//!
//! `build.rs` writes the table with `best_cells` for the game's bits; the generator picks
//! the 4-bit remoteness because no board is more than 9 plies from the end. A test
//! (`tests/static_size.rs`) pins both.

use perfect_play_core::Value;

use super::rules::{Outcome, Player};

/// The width of the remoteness in a tic-tac-toe entry.
const REMOTENESS_BITS: u16 = 4;

/// One packed table entry. See the module docs for the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Entry(u16);

impl Entry {
    /// Packs an entry. `plies` must be at most 9 and `best_moves` a 9-bit cell mask.
    pub(crate) const fn new(value: Value, plies: u8, best_moves: u16) -> Entry {
        let value = match value {
            Value::Win => 1,
            Value::Loss => 2,
            Value::Draw => 3,
        };
        Entry(value | ((plies as u16 & 0xf) << 2) | ((best_moves & 0x1ff) << (2 + REMOTENESS_BITS)))
    }

    /// The entry with these raw bits, as `build.rs` wrote them.
    pub(crate) const fn from_bits(bits: u16) -> Entry {
        Entry(bits)
    }

    /// The same entry with other optimal moves (a symmetric board's).
    pub(crate) const fn with_best_moves(self, best_moves: u16) -> Entry {
        Entry((self.0 & 0x3f) | ((best_moves & 0x1ff) << (2 + REMOTENESS_BITS)))
    }

    /// Win, loss or draw for the side to move.
    pub(crate) const fn value(self) -> Value {
        match self.0 & 3 {
            1 => Value::Win,
            2 => Value::Loss,
            _ => Value::Draw,
        }
    }

    /// Who wins under perfect play when `turn` is to move, or a draw.
    pub(crate) const fn outcome(self, turn: Player) -> Outcome {
        match self.value() {
            Value::Win => Outcome::Win(turn),
            Value::Loss => Outcome::Win(turn.other()),
            Value::Draw => Outcome::Draw,
        }
    }

    /// Plies left under perfect play.
    pub(crate) const fn plies(self) -> u8 {
        ((self.0 >> 2) & 0xf) as u8
    }

    /// The optimal moves as a cell mask.
    pub(crate) const fn best_moves(self) -> u16 {
        (self.0 >> (2 + REMOTENESS_BITS)) & 0x1ff
    }
}
