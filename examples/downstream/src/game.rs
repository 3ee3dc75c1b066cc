//! The rules of the game, in one file that both `build.rs` (to solve it) and the library
//! (to answer from the table) compile.
//!
//! A pile of 21 counters; the players take 1, 2 or 3 in turn; whoever takes the last one
//! wins (so a player facing an empty pile has lost).

use perfect_play_core::{Game, Value};

/// How many counters are left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pile(pub u8);

impl Game for Pile {
    type Move = u8;

    fn start() -> Pile {
        Pile(21)
    }

    fn key(&self) -> u64 {
        u64::from(self.0)
    }

    fn finished(&self) -> Option<Value> {
        (self.0 == 0).then_some(Value::Loss)
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Pile)) {
        for take in 1..=self.0.min(3) {
            visit(take, Pile(self.0 - take));
        }
    }
}
