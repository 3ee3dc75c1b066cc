//! A plain Connect Four solver for the tests, sharing nothing with the crate: a grid of
//! `char`s (`'x'`, `'o'`, `'.'`; row 0 at the bottom), every line of four listed cell by
//! cell, and a negamax with a memo keyed by the grid read as a base-3 number.
//!
//! Remoteness as the crate documents it for `Record`: the winner wins as fast as it can,
//! the loser holds out as long as it can, and a draw's remoteness is its longest drawing
//! line.

#![allow(dead_code)] // each test uses the part it needs

use std::collections::{HashMap, HashSet};

use perfect_play::Value;

/// A board of `w` columns and `h` rows, and a memo of solved grids.
pub struct Reference {
    pub w: usize,
    pub h: usize,
    lines: Vec<[usize; 4]>,
    memo: HashMap<u64, (Value, u16)>,
}

impl Reference {
    pub fn new(w: usize, h: usize) -> Reference {
        let mut lines = Vec::new();
        for row in 0..h as isize {
            for col in 0..w as isize {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let cells: Vec<(isize, isize)> =
                        (0..4).map(|i| (col + dc * i, row + dr * i)).collect();
                    if cells
                        .iter()
                        .all(|&(c, r)| (0..w as isize).contains(&c) && (0..h as isize).contains(&r))
                    {
                        let mut line = [0; 4];
                        for (slot, (c, r)) in line.iter_mut().zip(cells) {
                            *slot = r as usize * w + c as usize;
                        }
                        lines.push(line);
                    }
                }
            }
        }
        Reference {
            w,
            h,
            lines,
            memo: HashMap::new(),
        }
    }

    pub fn empty(&self) -> Vec<char> {
        vec!['.'; self.w * self.h]
    }

    /// The player to move: `x` when both have as many discs.
    pub fn turn(grid: &[char]) -> char {
        let xs = grid.iter().filter(|&&c| c == 'x').count();
        let os = grid.iter().filter(|&&c| c == 'o').count();
        if xs == os { 'x' } else { 'o' }
    }

    pub fn has_four(&self, grid: &[char], player: char) -> bool {
        self.lines
            .iter()
            .any(|line| line.iter().all(|&cell| grid[cell] == player))
    }

    /// The grids one move away, with the column played.
    pub fn children(&self, grid: &[char]) -> Vec<(usize, Vec<char>)> {
        let player = Self::turn(grid);
        let mut out = Vec::new();
        for col in 0..self.w {
            if let Some(row) = (0..self.h).find(|&r| grid[r * self.w + col] == '.') {
                let mut child = grid.to_vec();
                child[row * self.w + col] = player;
                out.push((col, child));
            }
        }
        out
    }

    /// The result for the side to move if the game is over.
    pub fn over(&self, grid: &[char]) -> Option<Value> {
        let just_moved = if Self::turn(grid) == 'x' { 'o' } else { 'x' };
        if self.has_four(grid, just_moved) {
            Some(Value::Loss)
        } else if grid.iter().all(|&c| c != '.') {
            Some(Value::Draw)
        } else {
            None
        }
    }

    fn code(grid: &[char]) -> u64 {
        grid.iter().fold(0, |code, &c| {
            code * 3
                + match c {
                    'x' => 1,
                    'o' => 2,
                    _ => 0,
                }
        })
    }

    /// Value and remoteness for the side to move, by negamax.
    pub fn solve(&mut self, grid: &[char]) -> (Value, u16) {
        let code = Self::code(grid);
        if let Some(&known) = self.memo.get(&code) {
            return known;
        }
        let result = match self.over(grid) {
            Some(value) => (value, 0),
            None => {
                let mut mine = Vec::new();
                for (_, child) in self.children(grid) {
                    let (value, plies) = self.solve(&child);
                    let value = match value {
                        Value::Win => Value::Loss,
                        Value::Loss => Value::Win,
                        Value::Draw => Value::Draw,
                    };
                    mine.push((value, plies + 1));
                }
                let of = |v: Value| mine.iter().filter(move |m| m.0 == v).map(|m| m.1);
                if let Some(fastest) = of(Value::Win).min() {
                    (Value::Win, fastest)
                } else if let Some(longest) = of(Value::Draw).max() {
                    (Value::Draw, longest)
                } else {
                    (Value::Loss, of(Value::Loss).max().unwrap())
                }
            }
        };
        self.memo.insert(code, result);
        result
    }

    /// Every grid reachable from the empty board, finished ones included.
    pub fn reachable(&self) -> Vec<Vec<char>> {
        let mut seen = HashSet::new();
        let mut stack = vec![self.empty()];
        let mut out = Vec::new();
        while let Some(grid) = stack.pop() {
            if !seen.insert(Self::code(&grid)) {
                continue;
            }
            if self.over(&grid).is_none() {
                stack.extend(self.children(&grid).into_iter().map(|(_, child)| child));
            }
            out.push(grid);
        }
        out
    }

    /// How many grids are reachable from the empty board, finished ones included,
    /// keeping only their codes.
    pub fn count_reachable(&self) -> usize {
        let mut seen = HashSet::new();
        let mut stack = vec![self.empty()];
        while let Some(grid) = stack.pop() {
            if seen.insert(Self::code(&grid)) && self.over(&grid).is_none() {
                stack.extend(self.children(&grid).into_iter().map(|(_, child)| child));
            }
        }
        seen.len()
    }

    /// The crate's notation: rows from the top, split by `/`.
    pub fn notation(&self, grid: &[char]) -> String {
        (0..self.h)
            .rev()
            .map(|row| {
                grid[row * self.w..(row + 1) * self.w]
                    .iter()
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}
