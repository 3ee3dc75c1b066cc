//! Clobber, Breakthrough and Hex written plainly for the tests: a grid of chars row by row
//! from the top and whose turn it is, each game's moves and end from its rules.

#![allow(dead_code)]

use std::collections::HashSet;

use perfect_play::Value;

use crate::family_reference::Rules;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    Clobber,
    Breakthrough,
    Hex,
}

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    pub kind: Kind,
    pub rows: usize,
    pub columns: usize,
    pub cells: Vec<char>,
    /// Whether the second player moves (written after the board for Clobber and
    /// Breakthrough; Hex's stones say it).
    pub second: bool,
}

impl Board {
    pub fn clobber(rows: usize, columns: usize) -> Board {
        let cells = (0..rows * columns)
            .map(|i| {
                if (i / columns + i % columns) % 2 == 0 {
                    'x'
                } else {
                    'o'
                }
            })
            .collect();
        Board {
            kind: Kind::Clobber,
            rows,
            columns,
            cells,
            second: false,
        }
    }

    pub fn breakthrough(rows: usize, columns: usize) -> Board {
        let home = if rows >= 6 { 2 } else { 1 };
        let cells = (0..rows * columns)
            .map(|i| {
                if i / columns < home {
                    'b'
                } else if i / columns >= rows - home {
                    'w'
                } else {
                    '.'
                }
            })
            .collect();
        Board {
            kind: Kind::Breakthrough,
            rows,
            columns,
            cells,
            second: false,
        }
    }

    pub fn hex(rows: usize, columns: usize) -> Board {
        Board {
            kind: Kind::Hex,
            rows,
            columns,
            cells: vec!['.'; rows * columns],
            second: false,
        }
    }

    fn letters(&self) -> [char; 2] {
        match self.kind {
            Kind::Breakthrough => ['b', 'w'],
            _ => ['x', 'o'],
        }
    }

    fn at(&self, r: isize, c: isize) -> Option<usize> {
        (r >= 0 && c >= 0 && (r as usize) < self.rows && (c as usize) < self.columns)
            .then(|| r as usize * self.columns + c as usize)
    }

    fn mover(&self) -> char {
        self.letters()[usize::from(self.second)]
    }

    /// Hex: whether `who`'s stones join its edges (x top to bottom, o left to right).
    fn joined(&self, who: char) -> bool {
        let mut seen = HashSet::new();
        let mut todo: Vec<usize> = (0..self.cells.len())
            .filter(|&i| {
                self.cells[i] == who
                    && if who == 'x' {
                        i / self.columns == 0
                    } else {
                        i % self.columns == 0
                    }
            })
            .collect();
        while let Some(i) = todo.pop() {
            if !seen.insert(i) {
                continue;
            }
            if (who == 'x' && i / self.columns == self.rows - 1)
                || (who == 'o' && i % self.columns == self.columns - 1)
            {
                return true;
            }
            let (r, c) = ((i / self.columns) as isize, (i % self.columns) as isize);
            for (dr, dc) in [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, -1)] {
                if let Some(j) = self.at(r + dr, c + dc) {
                    if self.cells[j] == who {
                        todo.push(j);
                    }
                }
            }
        }
        false
    }
}

impl Rules for Board {
    fn over(&self) -> Option<Value> {
        let [first, second] = self.letters();
        match self.kind {
            Kind::Hex => {
                let last = if self.second { first } else { second };
                if self.joined(last) {
                    return Some(Value::Loss);
                }
            }
            Kind::Breakthrough => {
                let last_row = (self.rows - 1) * self.columns;
                if self.cells[last_row..].contains(&first)
                    || self.cells[..self.columns].contains(&second)
                {
                    return Some(Value::Loss);
                }
            }
            Kind::Clobber => {}
        }
        if self.moves_unchecked().is_empty() {
            return Some(if self.kind == Kind::Hex {
                Value::Draw
            } else {
                Value::Loss
            });
        }
        None
    }

    fn moves(&self) -> Vec<(String, Board, bool)> {
        self.moves_unchecked()
    }

    fn text(&self) -> String {
        let rows: Vec<String> = self
            .cells
            .chunks(self.columns)
            .map(|r| r.iter().collect())
            .collect();
        match self.kind {
            Kind::Hex => rows.join("/"),
            _ => format!("{} {}", rows.join("/"), self.mover()),
        }
    }
}

impl Board {
    fn moves_unchecked(&self) -> Vec<(String, Board, bool)> {
        let me = self.mover();
        let [first, second] = self.letters();
        let them = if me == first { second } else { first };
        let mut moves = Vec::new();
        let mut push = |from: Option<usize>, to: usize, name: String| {
            let mut next = self.clone();
            if let Some(from) = from {
                next.cells[from] = '.';
            }
            next.cells[to] = me;
            next.second = !self.second;
            moves.push((name, next, false));
        };
        for i in 0..self.cells.len() {
            let (r, c) = ((i / self.columns) as isize, (i % self.columns) as isize);
            match self.kind {
                Kind::Hex => {
                    if self.cells[i] == '.' {
                        push(None, i, (i + 1).to_string());
                    }
                }
                Kind::Clobber => {
                    if self.cells[i] != me {
                        continue;
                    }
                    for (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)] {
                        if let Some(j) = self.at(r + dr, c + dc) {
                            if self.cells[j] == them {
                                push(Some(i), j, format!("{}-{}", i + 1, j + 1));
                            }
                        }
                    }
                }
                Kind::Breakthrough => {
                    if self.cells[i] != me {
                        continue;
                    }
                    let dr = if me == 'b' { 1 } else { -1 };
                    for dc in [-1, 0, 1] {
                        if let Some(j) = self.at(r + dr, c + dc) {
                            if self.cells[j] == '.' || (dc != 0 && self.cells[j] == them) {
                                push(Some(i), j, format!("{}-{}", i + 1, j + 1));
                            }
                        }
                    }
                }
            }
        }
        moves
    }
}
