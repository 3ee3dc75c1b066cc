//! Domineering written plainly for the tests: a grid of `'v'`, `'h'`, `'.'`; `v` lays
//! vertical dominoes and moves first.

#![allow(dead_code)]

use perfect_play::Value;

use crate::family_reference::Rules;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Domineering {
    pub rows: usize,
    pub columns: usize,
    pub cells: Vec<char>,
}

impl Domineering {
    pub fn new(rows: usize, columns: usize) -> Domineering {
        Domineering {
            rows,
            columns,
            cells: vec!['.'; rows * columns],
        }
    }

    fn mover(&self) -> char {
        let v = self.cells.iter().filter(|&&c| c == 'v').count();
        let h = self.cells.iter().filter(|&&c| c == 'h').count();
        if v == h { 'v' } else { 'h' }
    }
}

impl Rules for Domineering {
    fn over(&self) -> Option<Value> {
        if self.moves().is_empty() {
            Some(Value::Loss)
        } else {
            None
        }
    }

    fn moves(&self) -> Vec<(String, Domineering, bool)> {
        let mover = self.mover();
        let mut moves = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.columns {
                let (r2, c2) = if mover == 'v' { (r + 1, c) } else { (r, c + 1) };
                if r2 >= self.rows || c2 >= self.columns {
                    continue;
                }
                let (a, b) = (r * self.columns + c, r2 * self.columns + c2);
                if self.cells[a] == '.' && self.cells[b] == '.' {
                    let mut next = self.clone();
                    next.cells[a] = mover;
                    next.cells[b] = mover;
                    moves.push(((a + 1).to_string(), next, false));
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
