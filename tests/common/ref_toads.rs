//! Toads and Frogs written plainly for the tests, from the rules of *Winning Ways*
//! (Berlekamp, Conway and Guy, 1982, chapter 1): a strip of `'t'`, `'f'`, `'.'`; toads move
//! right and first, frogs left; a step onto an empty cell or a jump over one of the other
//! kind onto an empty cell; who cannot move loses.

#![allow(dead_code)]

use perfect_play::Value;

use crate::family_reference::Rules;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Toads {
    pub cells: Vec<char>,
    pub frogs: bool,
}

impl Toads {
    pub fn new(toads: usize, gap: usize, frogs: usize) -> Toads {
        let mut cells = vec!['t'; toads];
        cells.extend(vec!['.'; gap]);
        cells.extend(vec!['f'; frogs]);
        Toads {
            cells,
            frogs: false,
        }
    }
}

impl Rules for Toads {
    fn over(&self) -> Option<Value> {
        if self.moves().is_empty() {
            Some(Value::Loss)
        } else {
            None
        }
    }

    fn moves(&self) -> Vec<(String, Toads, bool)> {
        let (me, them, dir) = if self.frogs {
            ('f', 't', -1isize)
        } else {
            ('t', 'f', 1)
        };
        let n = self.cells.len() as isize;
        let mut out = Vec::new();
        for from in 0..self.cells.len() {
            if self.cells[from] != me {
                continue;
            }
            let one = from as isize + dir;
            let two = from as isize + 2 * dir;
            let to = if (0..n).contains(&one) && self.cells[one as usize] == '.' {
                Some(one as usize)
            } else if (0..n).contains(&two)
                && self.cells[one as usize] == them
                && self.cells[two as usize] == '.'
            {
                Some(two as usize)
            } else {
                None
            };
            if let Some(to) = to {
                let mut next = self.clone();
                next.cells[from] = '.';
                next.cells[to] = me;
                next.frogs = !self.frogs;
                out.push((format!("{}-{}", from + 1, to + 1), next, false));
            }
        }
        out
    }

    fn text(&self) -> String {
        let strip: String = self.cells.iter().collect();
        format!("{strip} {}", if self.frogs { 'f' } else { 't' })
    }
}
