//! What the solved table stores for one reachable board, packed into 16 bits.
//!
//! Shared with `build.rs` through `#[path]`, like `rules.rs`: the writer and the reader
//! of the table use this one encoding.
//!
//! | bits   | field                                                        |
//! |--------|--------------------------------------------------------------|
//! | 0..9   | optimal moves, one bit per cell (none on a finished board)   |
//! | 9..13  | plies left under perfect play (0..=9)                        |
//! | 13..15 | outcome under perfect play: 0 draw, 1 x wins, 2 o wins       |

use super::rules::{Outcome, Player};

/// One packed table entry. See the module docs for the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Entry(u16);

impl Entry {
    /// Packs an entry. `plies` must be at most 9 and `best_moves` a 9-bit cell mask.
    pub(crate) const fn new(outcome: Outcome, plies: u8, best_moves: u16) -> Entry {
        let outcome = match outcome {
            Outcome::Draw => 0,
            Outcome::Win(Player::X) => 1,
            Outcome::Win(Player::O) => 2,
        };
        Entry((best_moves & 0x1ff) | ((plies as u16 & 0xf) << 9) | (outcome << 13))
    }

    /// The entry with these raw bits, as `build.rs` wrote them.
    pub(crate) const fn from_bits(bits: u16) -> Entry {
        Entry(bits)
    }

    /// The raw bits, as stored in the table.
    #[allow(dead_code)] // only build.rs (through solve.rs) writes entries
    pub(crate) const fn bits(self) -> u16 {
        self.0
    }

    /// Who wins under perfect play, or a draw.
    pub(crate) const fn outcome(self) -> Outcome {
        match self.0 >> 13 {
            1 => Outcome::Win(Player::X),
            2 => Outcome::Win(Player::O),
            _ => Outcome::Draw,
        }
    }

    /// Plies left under perfect play.
    pub(crate) const fn plies(self) -> u8 {
        ((self.0 >> 9) & 0xf) as u8
    }

    /// The optimal moves as a cell mask.
    pub(crate) const fn best_moves(self) -> u16 {
        self.0 & 0x1ff
    }
}
