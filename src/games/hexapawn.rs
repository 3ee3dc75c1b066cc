//! Hexapawn (Martin Gardner, 1962): three white pawns against three black pawns on a 3x3
//! board. White moves first.
//!
//! Cells 0..9 row-major; white starts on row 0 (cells 0-2) and moves down (+3), black
//! starts on row 2 (cells 6-8) and moves up (-3). A pawn steps straight forward onto an
//! empty cell, or diagonally forward onto an enemy pawn, capturing it. A player wins by
//! reaching the far row, by capturing every enemy pawn, or when the other player cannot
//! move. With perfect play black, the second player, wins.

use crate::generate::{Game, Value};

/// A Hexapawn position: each side's pawns as 9-bit cell masks, and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hexapawn {
    /// White's pawns (bit `i` is cell `i`).
    pub white: u16,
    /// Black's pawns.
    pub black: u16,
    /// Whether black is to move.
    pub black_to_move: bool,
}

/// A move: the pawn's cell and the cell it goes to.
pub type HexapawnMove = (u8, u8);

impl Game for Hexapawn {
    type Move = HexapawnMove;

    fn start() -> Hexapawn {
        Hexapawn {
            white: 0b000_000_111,
            black: 0b111_000_000,
            black_to_move: false,
        }
    }

    fn key(&self) -> u64 {
        u64::from(self.white) | u64::from(self.black) << 9 | u64::from(self.black_to_move) << 18
    }

    /// The player who just moved won if a pawn of theirs is on the far row or the side to
    /// move has no pawn; the side to move loses too if it cannot move.
    fn finished(&self) -> Option<Value> {
        let (mine, theirs_home_reached) = if self.black_to_move {
            (self.black, self.white & 0b111_000_000 != 0)
        } else {
            (self.white, self.black & 0b000_000_111 != 0)
        };
        if mine == 0 || theirs_home_reached {
            return Some(Value::Loss);
        }
        let mut any = false;
        self.moves(&mut |_, _| any = true);
        (!any).then_some(Value::Loss)
    }

    fn moves(&self, visit: &mut dyn FnMut(HexapawnMove, Hexapawn)) {
        let (mine, theirs) = if self.black_to_move {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        };
        for from in 0..9u8 {
            if mine & (1 << from) == 0 {
                continue;
            }
            let (row, col) = (i16::from(from / 3), i16::from(from % 3));
            let next_row = if self.black_to_move { row - 1 } else { row + 1 };
            if !(0..3).contains(&next_row) {
                continue;
            }
            for dc in [0i16, -1, 1] {
                let c = col + dc;
                if !(0..3).contains(&c) {
                    continue;
                }
                let to = (next_row * 3 + c) as u8;
                let bit = 1u16 << to;
                let legal = if dc == 0 {
                    (mine | theirs) & bit == 0
                } else {
                    theirs & bit != 0
                };
                if legal {
                    let moved = (mine & !(1 << from)) | bit;
                    let left = theirs & !bit;
                    let (white, black) = if self.black_to_move {
                        (left, moved)
                    } else {
                        (moved, left)
                    };
                    visit(
                        (from, to),
                        Hexapawn {
                            white,
                            black,
                            black_to_move: !self.black_to_move,
                        },
                    );
                }
            }
        }
    }
}
