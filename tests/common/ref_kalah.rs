//! Kalah written plainly for the tests: the board as one ring of `2 * pits + 2` holes in
//! sowing order (x's pits, x's store, o's pits, o's store), and whose turn it is.

#![allow(dead_code)]

use perfect_play::Value;

use crate::family_reference::Rules;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Kalah {
    pub pits: usize,
    pub ring: Vec<u32>,
    pub second: bool,
}

impl Kalah {
    pub fn new(pits: usize, seeds: u32) -> Kalah {
        let mut ring = vec![seeds; 2 * pits + 2];
        ring[pits] = 0;
        ring[2 * pits + 1] = 0;
        Kalah {
            pits,
            ring,
            second: false,
        }
    }

    fn store(&self, second: bool) -> usize {
        if second { 2 * self.pits + 1 } else { self.pits }
    }

    fn pits_of(&self, second: bool) -> std::ops::Range<usize> {
        if second {
            self.pits + 1..2 * self.pits + 1
        } else {
            0..self.pits
        }
    }
}

impl Rules for Kalah {
    fn over(&self) -> Option<Value> {
        let on_board: u32 = self
            .pits_of(false)
            .chain(self.pits_of(true))
            .map(|i| self.ring[i])
            .sum();
        if on_board > 0 {
            return None;
        }
        let (mine, theirs) = (
            self.ring[self.store(self.second)],
            self.ring[self.store(!self.second)],
        );
        Some(if mine > theirs {
            Value::Win
        } else if mine < theirs {
            Value::Loss
        } else {
            Value::Draw
        })
    }

    fn moves(&self) -> Vec<(String, Kalah, bool)> {
        let n = self.ring.len();
        let mut moves = Vec::new();
        for pit in self.pits_of(self.second) {
            if self.ring[pit] == 0 {
                continue;
            }
            let mut next = self.clone();
            let mut hand = next.ring[pit];
            next.ring[pit] = 0;
            let mut at = pit;
            while hand > 0 {
                at = (at + 1) % n;
                if at == self.store(!self.second) {
                    continue;
                }
                next.ring[at] += 1;
                hand -= 1;
            }
            let again = at == self.store(self.second);
            if !again && self.pits_of(self.second).contains(&at) && next.ring[at] == 1 {
                let opposite = 2 * self.pits - at;
                if next.ring[opposite] > 0 {
                    let taken = next.ring[opposite] + 1;
                    next.ring[opposite] = 0;
                    next.ring[at] = 0;
                    next.ring[self.store(self.second)] += taken;
                }
            }
            // Either side empty: each keeps what is on its side.
            let x: u32 = next.pits_of(false).map(|i| next.ring[i]).sum();
            let o: u32 = next.pits_of(true).map(|i| next.ring[i]).sum();
            if x == 0 || o == 0 {
                for second in [false, true] {
                    for i in next.pits_of(second) {
                        let seeds = next.ring[i];
                        next.ring[i] = 0;
                        let store = next.store(second);
                        next.ring[store] += seeds;
                    }
                }
            }
            if !again {
                next.second = !self.second;
            }
            // Pits are numbered in sowing order from 1, stores left out.
            let number = if pit < self.pits { pit + 1 } else { pit };
            moves.push((number.to_string(), next, again));
        }
        moves
    }

    fn text(&self) -> String {
        let side = |second: bool| -> String {
            self.pits_of(second)
                .map(|i| self.ring[i].to_string())
                .collect::<Vec<_>>()
                .join("-")
        };
        format!(
            "{}/{}/{}/{} {}",
            side(false),
            self.ring[self.store(false)],
            side(true),
            self.ring[self.store(true)],
            if self.second { 'o' } else { 'x' }
        )
    }
}
