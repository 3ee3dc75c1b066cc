//! Connect Four with any line length, written plainly for the tests: a vector of `'x'`,
//! `'o'`, `'.'` row by row from the top, discs falling to the lowest empty cell, every line
//! of `k` cells listed cell by cell.

#![allow(dead_code)]

use perfect_play::Value;

use crate::family_reference::Rules;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    pub rows: usize,
    pub columns: usize,
    pub k: usize,
    pub cells: Vec<char>,
}

impl ConnectFour {
    pub fn new(rows: usize, columns: usize, k: usize) -> ConnectFour {
        ConnectFour {
            rows,
            columns,
            k,
            cells: vec!['.'; rows * columns],
        }
    }

    fn mover(&self) -> char {
        let xs = self.cells.iter().filter(|&&c| c == 'x').count();
        let os = self.cells.iter().filter(|&&c| c == 'o').count();
        if xs == os { 'x' } else { 'o' }
    }

    fn has_line(&self, who: char) -> bool {
        let (rows, columns, k) = (self.rows as isize, self.columns as isize, self.k as isize);
        for r in 0..rows {
            for c in 0..columns {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let all = (0..k).all(|i| {
                        let (rr, cc) = (r + dr * i, c + dc * i);
                        rr >= 0
                            && cc >= 0
                            && rr < rows
                            && cc < columns
                            && self.cells[(rr * columns + cc) as usize] == who
                    });
                    if all {
                        return true;
                    }
                }
            }
        }
        false
    }
}

impl Rules for ConnectFour {
    fn over(&self) -> Option<Value> {
        let last = if self.mover() == 'x' { 'o' } else { 'x' };
        if self.has_line(last) {
            Some(Value::Loss)
        } else if self.cells.iter().all(|&c| c != '.') {
            Some(Value::Draw)
        } else {
            None
        }
    }

    fn moves(&self) -> Vec<(String, ConnectFour, bool)> {
        let mover = self.mover();
        let mut moves = Vec::new();
        for c in 0..self.columns {
            // The lowest empty cell of the column.
            if let Some(r) = (0..self.rows)
                .rev()
                .find(|&r| self.cells[r * self.columns + c] == '.')
            {
                let mut next = self.clone();
                next.cells[r * self.columns + c] = mover;
                moves.push(((c + 1).to_string(), next, false));
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
