//! Cram written plainly for the tests: a grid of `'x'`, `'o'`, `'.'`; a move lays a domino
//! across or down on two empty cells, `x` first; a player who cannot lay one loses.

#![allow(dead_code)]

use perfect_play::Value;

use crate::family_reference::Rules;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Cram {
    pub rows: usize,
    pub columns: usize,
    pub cells: Vec<char>,
}

impl Cram {
    pub fn new(rows: usize, columns: usize) -> Cram {
        Cram {
            rows,
            columns,
            cells: vec!['.'; rows * columns],
        }
    }

    fn mover(&self) -> char {
        let x = self.cells.iter().filter(|&&c| c == 'x').count();
        let o = self.cells.iter().filter(|&&c| c == 'o').count();
        if x == o { 'x' } else { 'o' }
    }
}

impl Rules for Cram {
    fn over(&self) -> Option<Value> {
        if self.moves().is_empty() {
            Some(Value::Loss)
        } else {
            None
        }
    }

    fn moves(&self) -> Vec<(String, Cram, bool)> {
        let mover = self.mover();
        let mut moves = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.columns {
                for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                    if r2 >= self.rows || c2 >= self.columns {
                        continue;
                    }
                    let (a, b) = (r * self.columns + c, r2 * self.columns + c2);
                    if self.cells[a] == '.' && self.cells[b] == '.' {
                        let mut next = self.clone();
                        next.cells[a] = mover;
                        next.cells[b] = mover;
                        moves.push((format!("{}-{}", a + 1, b + 1), next, false));
                    }
                }
            }
        }
        moves
    }

    fn text(&self) -> String {
        self.cells
            .chunks(self.columns)
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }
}
