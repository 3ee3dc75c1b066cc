//! Hexapawn at any size written plainly for the tests, from Gardner's rules (M. Gardner,
//! "Mathematical Games", Scientific American, March 1962) as the crate's docs give them for
//! every size: a grid of `'w'`, `'b'`, `'.'` row by row from the top, white on the top
//! row moving down and first, black on the bottom row moving up.

#![allow(dead_code)]

use perfect_play::Value;

use crate::family_reference::Rules;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Hexapawn {
    pub rows: usize,
    pub columns: usize,
    pub cells: Vec<char>,
    pub black: bool,
}

impl Hexapawn {
    pub fn new(rows: usize, columns: usize) -> Hexapawn {
        let mut cells = vec!['.'; rows * columns];
        for c in 0..columns {
            cells[c] = 'w';
            cells[(rows - 1) * columns + c] = 'b';
        }
        Hexapawn {
            rows,
            columns,
            cells,
            black: false,
        }
    }

    fn mine(&self) -> (char, char, isize) {
        if self.black {
            ('b', 'w', -1)
        } else {
            ('w', 'b', 1)
        }
    }

    fn moves_unchecked(&self) -> Vec<(String, Hexapawn, bool)> {
        let (me, them, dir) = self.mine();
        let mut out = Vec::new();
        for from in 0..self.cells.len() {
            if self.cells[from] != me {
                continue;
            }
            let r = (from / self.columns) as isize + dir;
            if r < 0 || r >= self.rows as isize {
                continue;
            }
            for dc in [-1isize, 0, 1] {
                let c = (from % self.columns) as isize + dc;
                if c < 0 || c >= self.columns as isize {
                    continue;
                }
                let to = r as usize * self.columns + c as usize;
                let ok = if dc == 0 {
                    self.cells[to] == '.'
                } else {
                    self.cells[to] == them
                };
                if ok {
                    let mut next = self.clone();
                    next.cells[from] = '.';
                    next.cells[to] = me;
                    next.black = !self.black;
                    out.push((format!("{}-{}", from + 1, to + 1), next, false));
                }
            }
        }
        out
    }
}

impl Rules for Hexapawn {
    fn over(&self) -> Option<Value> {
        let (me, them, _) = self.mine();
        let far = if self.black {
            (self.rows - 1) * self.columns..self.cells.len()
        } else {
            0..self.columns
        };
        let reached = self.cells[far].contains(&them);
        if reached || !self.cells.contains(&me) || self.moves_unchecked().is_empty() {
            Some(Value::Loss)
        } else {
            None
        }
    }

    fn moves(&self) -> Vec<(String, Hexapawn, bool)> {
        if self.over().is_some() {
            return Vec::new();
        }
        self.moves_unchecked()
    }

    fn text(&self) -> String {
        let rows: Vec<String> = self
            .cells
            .chunks(self.columns)
            .map(|row| row.iter().collect())
            .collect();
        format!("{} {}", rows.join("/"), if self.black { 'b' } else { 'w' })
    }
}
