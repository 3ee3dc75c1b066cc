//! Tic-tac-toe as a [`Game`]: the rules of `src/tictactoe/rules.rs`, seen by the solver.
//!
//! Shared with `build.rs` through `#[path]`, which solves tic-tac-toe with it.

use crate::generate::{Game, Value};
use crate::tictactoe::{self, Board, Player};

impl Game for Board {
    type Move = u8;

    fn start() -> Board {
        Board::EMPTY
    }

    fn key(&self) -> u64 {
        u64::from(self.code())
    }

    /// Three in a row was made by the player who just moved: the side to move has lost.
    fn finished(&self) -> Option<Value> {
        if self.has_line(Player::X) || self.has_line(Player::O) {
            Some(Value::Loss)
        } else if self.empty_mask() == 0 {
            Some(Value::Draw)
        } else {
            None
        }
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Board)) {
        let mover = self.turn();
        let mut empty = self.empty_mask();
        while empty != 0 {
            let cell = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            visit(cell, self.with(cell, mover));
        }
    }
}

impl Value {
    /// A tic-tac-toe result from one player's side, as the generator spells it.
    #[must_use]
    pub const fn from_tictactoe(value: tictactoe::Value) -> Value {
        match value {
            tictactoe::Value::Win => Value::Win,
            tictactoe::Value::Draw => Value::Draw,
            tictactoe::Value::Loss => Value::Loss,
        }
    }
}

/// A result from one player's side, as the generator spells it.
impl From<tictactoe::Value> for Value {
    fn from(value: tictactoe::Value) -> Value {
        Value::from_tictactoe(value)
    }
}
