//! A large game of our own, in one file that both `build.rs` (to solve it) and the library
//! (to answer from the table) compile: Nim on four piles of up to 31 counters.
//!
//! A move takes any number of counters (at least one) from one pile; whoever takes the
//! last counter wins (a player facing four empty piles has lost). From four piles of 31,
//! every one of the 32^4 = 1,048,576 positions is reachable: a game of a million
//! positions, solved by `solve_flat` and written as a binary table.

use perfect_play_core::{Game, Value};

/// The four piles' sizes, each 0..=31.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nim(pub [u8; 4]);

/// A move: which pile (0..4), and how many counters it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take {
    /// The pile, 0..4.
    pub pile: u8,
    /// How many counters, at least 1.
    pub count: u8,
}

impl Game for Nim {
    type Move = Take;

    fn start() -> Nim {
        Nim([31; 4])
    }

    /// A byte a pile: different piles, different keys, whatever their sizes.
    fn key(&self) -> u64 {
        u64::from(u32::from_be_bytes(self.0))
    }

    fn finished(&self) -> Option<Value> {
        (self.0 == [0; 4]).then_some(Value::Loss)
    }

    fn moves(&self, visit: &mut dyn FnMut(Take, Nim)) {
        for (pile, &size) in (0u8..).zip(&self.0) {
            for count in 1..=size {
                let mut next = self.0;
                if let Some(left) = next.get_mut(usize::from(pile)) {
                    *left = size - count;
                }
                visit(Take { pile, count }, Nim(next));
            }
        }
    }
}
