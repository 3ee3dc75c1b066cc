//! Dots and Boxes written plainly for the tests: the lines drawn as a set of dot pairs,
//! each box's owner, whose turn it is; a player who completes a box moves again.

#![allow(dead_code)]

use std::collections::BTreeSet;

use perfect_play::Value;

use crate::family_reference::Rules;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Dots {
    pub rows: usize,
    pub columns: usize,
    pub lines: BTreeSet<(usize, usize)>,
    pub owners: Vec<char>,
    pub second: bool,
}

impl Dots {
    pub fn new(rows: usize, columns: usize) -> Dots {
        Dots {
            rows,
            columns,
            lines: BTreeSet::new(),
            owners: vec!['.'; rows * columns],
            second: false,
        }
    }

    fn dot(&self, r: usize, c: usize) -> usize {
        r * (self.columns + 1) + c
    }

    fn all_lines(&self) -> Vec<(usize, usize)> {
        let mut all = Vec::new();
        for r in 0..=self.rows {
            for c in 0..=self.columns {
                if c < self.columns {
                    all.push((self.dot(r, c), self.dot(r, c + 1)));
                }
                if r < self.rows {
                    all.push((self.dot(r, c), self.dot(r + 1, c)));
                }
            }
        }
        all
    }

    fn box_lines(&self, r: usize, c: usize) -> [(usize, usize); 4] {
        [
            (self.dot(r, c), self.dot(r, c + 1)),
            (self.dot(r + 1, c), self.dot(r + 1, c + 1)),
            (self.dot(r, c), self.dot(r + 1, c)),
            (self.dot(r, c + 1), self.dot(r + 1, c + 1)),
        ]
    }
}

impl Rules for Dots {
    fn over(&self) -> Option<Value> {
        if self.lines.len() < self.all_lines().len() {
            return None;
        }
        let x = self.owners.iter().filter(|&&o| o == 'x').count();
        let o = self.owners.iter().filter(|&&o| o == 'o').count();
        let (mine, theirs) = if self.second { (o, x) } else { (x, o) };
        Some(if mine > theirs {
            Value::Win
        } else if mine < theirs {
            Value::Loss
        } else {
            Value::Draw
        })
    }

    fn moves(&self) -> Vec<(String, Dots, bool)> {
        let me = if self.second { 'o' } else { 'x' };
        let mut moves = Vec::new();
        for line in self.all_lines() {
            if self.lines.contains(&line) {
                continue;
            }
            let mut next = self.clone();
            next.lines.insert(line);
            let mut completed = false;
            for r in 0..self.rows {
                for c in 0..self.columns {
                    if next.owners[r * self.columns + c] == '.'
                        && self.box_lines(r, c).iter().all(|l| next.lines.contains(l))
                    {
                        next.owners[r * self.columns + c] = me;
                        completed = true;
                    }
                }
            }
            if !completed {
                next.second = !self.second;
            }
            moves.push((format!("{}-{}", line.0 + 1, line.1 + 1), next, completed));
        }
        moves
    }

    fn text(&self) -> String {
        let mut rows = Vec::new();
        for r in 0..=self.rows {
            rows.push(
                (0..self.columns)
                    .map(|c| {
                        if self.lines.contains(&(self.dot(r, c), self.dot(r, c + 1))) {
                            '-'
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>(),
            );
            if r < self.rows {
                let mut row = String::new();
                for c in 0..=self.columns {
                    row.push(
                        if self.lines.contains(&(self.dot(r, c), self.dot(r + 1, c))) {
                            '|'
                        } else {
                            '.'
                        },
                    );
                    if c < self.columns {
                        row.push(self.owners[r * self.columns + c]);
                    }
                }
                rows.push(row);
            }
        }
        format!("{} {}", rows.join("/"), if self.second { 'o' } else { 'x' })
    }
}
