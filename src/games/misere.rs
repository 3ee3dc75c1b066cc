//! Misère tic-tac-toe: tic-tac-toe where the player who makes three in a row loses.
//!
//! The board and the moves are tic-tac-toe's (`src/tictactoe/rules.rs`); only the
//! result differs. With perfect play the game is a draw.

use crate::generate::{Game, Value};
use crate::tictactoe::{Board, Player};

/// A misère tic-tac-toe position: a tic-tac-toe board, x to move first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Misere(pub Board);

impl Game for Misere {
    type Move = u8;

    fn start() -> Misere {
        Misere(Board::EMPTY)
    }

    fn key(&self) -> u64 {
        u64::from(self.0.code())
    }

    /// The player who just moved made three in a row: the side to move has won.
    fn finished(&self) -> Option<Value> {
        if self.0.has_line(Player::X) || self.0.has_line(Player::O) {
            Some(Value::Win)
        } else if self.0.empty_mask() == 0 {
            Some(Value::Draw)
        } else {
            None
        }
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Misere)) {
        let mover = self.0.turn();
        let mut empty = self.0.empty_mask();
        while empty != 0 {
            let cell = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            visit(cell, Misere(self.0.with(cell, mover)));
        }
    }
}
