//! m,n,k-games written plainly for the tests: a vector of `'x'`, `'o'`, `'.'` row by row
//! from the top, every line of k cells listed cell by cell.

#![allow(dead_code)]

use perfect_play::Value;

use crate::family_reference::Rules;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Mnk {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub cells: Vec<char>,
}

impl Mnk {
    pub fn new(m: usize, n: usize, k: usize) -> Mnk {
        Mnk {
            m,
            n,
            k,
            cells: vec!['.'; m * n],
        }
    }

    fn lines(&self) -> Vec<Vec<usize>> {
        let mut lines = Vec::new();
        for r in 0..self.n as isize {
            for c in 0..self.m as isize {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let line: Vec<(isize, isize)> = (0..self.k as isize)
                        .map(|i| (r + dr * i, c + dc * i))
                        .collect();
                    if line.iter().all(|&(r, c)| {
                        r >= 0 && c >= 0 && (r as usize) < self.n && (c as usize) < self.m
                    }) {
                        lines.push(
                            line.iter()
                                .map(|&(r, c)| r as usize * self.m + c as usize)
                                .collect(),
                        );
                    }
                }
            }
        }
        lines
    }

    fn mover(&self) -> char {
        let xs = self.cells.iter().filter(|&&c| c == 'x').count();
        let os = self.cells.iter().filter(|&&c| c == 'o').count();
        if xs == os { 'x' } else { 'o' }
    }
}

impl Rules for Mnk {
    fn over(&self) -> Option<Value> {
        let last = if self.mover() == 'x' { 'o' } else { 'x' };
        if self
            .lines()
            .iter()
            .any(|line| line.iter().all(|&i| self.cells[i] == last))
        {
            return Some(Value::Loss);
        }
        if self.cells.iter().all(|&c| c != '.') {
            return Some(Value::Draw);
        }
        None
    }

    fn moves(&self) -> Vec<(String, Mnk, bool)> {
        let mover = self.mover();
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == '.')
            .map(|i| {
                let mut next = self.clone();
                next.cells[i] = mover;
                ((i + 1).to_string(), next, false)
            })
            .collect()
    }

    fn text(&self) -> String {
        self.cells
            .chunks(self.m)
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }
}
