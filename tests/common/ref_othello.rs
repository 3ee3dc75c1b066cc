//! Othello written plainly for the tests: a grid of chars, whose turn it is, and a pass
//! when the side to move has no disc to put down but the other has.

#![allow(dead_code)]

use perfect_play::Value;

use crate::family_reference::Rules;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Othello {
    pub rows: usize,
    pub columns: usize,
    pub cells: Vec<char>,
    pub second: bool,
}

impl Othello {
    pub fn new(rows: usize, columns: usize) -> Othello {
        let mut cells = vec!['.'; rows * columns];
        let (r, c) = (rows / 2 - 1, columns / 2 - 1);
        cells[r * columns + c] = 'o';
        cells[r * columns + c + 1] = 'x';
        cells[(r + 1) * columns + c] = 'x';
        cells[(r + 1) * columns + c + 1] = 'o';
        Othello {
            rows,
            columns,
            cells,
            second: false,
        }
    }

    fn put(&self, who: char, cell: usize) -> Option<Vec<char>> {
        if self.cells[cell] != '.' {
            return None;
        }
        let them = if who == 'x' { 'o' } else { 'x' };
        let (r0, c0) = (
            (cell / self.columns) as isize,
            (cell % self.columns) as isize,
        );
        let mut cells = self.cells.clone();
        let mut any = false;
        for dr in -1..=1 {
            for dc in -1..=1 {
                if dr == 0 && dc == 0 {
                    continue;
                }
                let mut run = Vec::new();
                let (mut r, mut c) = (r0 + dr, c0 + dc);
                while r >= 0 && c >= 0 && (r as usize) < self.rows && (c as usize) < self.columns {
                    let i = r as usize * self.columns + c as usize;
                    if self.cells[i] == them {
                        run.push(i);
                    } else {
                        if self.cells[i] == who && !run.is_empty() {
                            for &j in &run {
                                cells[j] = who;
                            }
                            any = true;
                        }
                        break;
                    }
                    r += dr;
                    c += dc;
                }
            }
        }
        cells[cell] = who;
        any.then_some(cells)
    }

    fn placements(&self, who: char) -> Vec<(usize, Vec<char>)> {
        (0..self.cells.len())
            .filter_map(|i| self.put(who, i).map(|c| (i, c)))
            .collect()
    }
}

impl Rules for Othello {
    fn over(&self) -> Option<Value> {
        if !self.placements('x').is_empty() || !self.placements('o').is_empty() {
            return None;
        }
        let (me, them) = if self.second { ('o', 'x') } else { ('x', 'o') };
        let mine = self.cells.iter().filter(|&&c| c == me).count();
        let theirs = self.cells.iter().filter(|&&c| c == them).count();
        Some(if mine > theirs {
            Value::Win
        } else if mine < theirs {
            Value::Loss
        } else {
            Value::Draw
        })
    }

    fn moves(&self) -> Vec<(String, Othello, bool)> {
        let me = if self.second { 'o' } else { 'x' };
        let mut moves: Vec<(String, Othello, bool)> = self
            .placements(me)
            .into_iter()
            .map(|(i, cells)| {
                let next = Othello {
                    cells,
                    second: !self.second,
                    ..self.clone()
                };
                ((i + 1).to_string(), next, false)
            })
            .collect();
        if moves.is_empty() {
            moves.push((
                "pass".to_string(),
                Othello {
                    second: !self.second,
                    ..self.clone()
                },
                false,
            ));
        }
        moves
    }

    fn text(&self) -> String {
        let rows: Vec<String> = self
            .cells
            .chunks(self.columns)
            .map(|r| r.iter().collect())
            .collect();
        format!("{} {}", rows.join("/"), if self.second { 'o' } else { 'x' })
    }
}
