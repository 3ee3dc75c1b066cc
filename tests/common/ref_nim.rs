//! Nim written plainly for the tests: a vector of piles and whose turn it is.

#![allow(dead_code)]

use perfect_play::Value;

use crate::family_reference::Rules;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Nim {
    pub piles: Vec<u8>,
    pub misere: bool,
    pub o_to_move: bool,
}

impl Rules for Nim {
    fn over(&self) -> Option<Value> {
        if self.piles.iter().all(|&p| p == 0) {
            // Whoever took the last counter just moved.
            Some(if self.misere { Value::Win } else { Value::Loss })
        } else {
            None
        }
    }

    fn moves(&self) -> Vec<(String, Nim, bool)> {
        let mut moves = Vec::new();
        for i in 0..self.piles.len() {
            for take in 1..=self.piles[i] {
                let mut next = self.clone();
                next.piles[i] -= take;
                next.o_to_move = !self.o_to_move;
                moves.push((format!("{}:{take}", i + 1), next, false));
            }
        }
        moves
    }

    fn text(&self) -> String {
        let piles: Vec<String> = self.piles.iter().map(u8::to_string).collect();
        format!(
            "{} {}",
            piles.join("/"),
            if self.o_to_move { 'o' } else { 'x' }
        )
    }
}
