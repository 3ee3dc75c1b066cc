//! Dodgem at any size written plainly for the tests, from the rules of *Winning Ways*
//! (Berlekamp, Conway and Guy; Colin Vout's game) as the crate's docs give them: an n x n
//! grid of `'b'`, `'r'`, `'.'` row by row from the top with n - 1 cars a side; blue drives
//! east (off the right edge), north or south and moves first; red north (off the top),
//! west or east; a side whose last car leaves wins at once, a side with no move wins.
//!
//! Dodgem is loopy, so the reference is not the memoised negamax: every reachable
//! position is found, then settled in rounds of plies (round k settles the wins and losses
//! in exactly k plies: a win if some move reaches a loss of round k - 1, a loss if every
//! move reaches a win and the slowest of them was settled in round k - 1); what never
//! settles is a draw.

#![allow(dead_code)]

use std::collections::HashMap;

use perfect_play::Value;
use perfect_play::dynamic::DynGame;

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dodgem {
    pub n: usize,
    pub cells: Vec<char>,
    pub red: bool,
}

impl Dodgem {
    pub fn new(n: usize) -> Dodgem {
        let mut cells = vec!['.'; n * n];
        for i in 1..n {
            cells[(i - 1) * n] = 'b';
            cells[(n - 1) * n + i] = 'r';
        }
        Dodgem {
            n,
            cells,
            red: false,
        }
    }

    /// The result for the side to move when the game is over.
    pub fn over(&self) -> Option<Value> {
        let (me, them) = if self.red { ('r', 'b') } else { ('b', 'r') };
        if !self.cells.contains(&them) {
            return Some(Value::Loss);
        }
        if !self.cells.contains(&me) || self.moves_unchecked().is_empty() {
            return Some(Value::Win);
        }
        None
    }

    pub fn moves(&self) -> Vec<(String, Dodgem)> {
        if self.over().is_some() {
            return Vec::new();
        }
        self.moves_unchecked()
    }

    fn moves_unchecked(&self) -> Vec<(String, Dodgem)> {
        let n = self.n as isize;
        let (me, steps) = if self.red {
            ('r', [(-1isize, 0isize), (0, -1), (0, 1)])
        } else {
            ('b', [(0, 1), (-1, 0), (1, 0)])
        };
        let mut out = Vec::new();
        for from in 0..self.cells.len() {
            if self.cells[from] != me {
                continue;
            }
            for (i, (dr, dc)) in steps.into_iter().enumerate() {
                let (r, c) = (from as isize / n + dr, from as isize % n + dc);
                let inside = (0..n).contains(&r) && (0..n).contains(&c);
                let mut next = self.clone();
                next.cells[from] = '.';
                next.red = !self.red;
                let name = if inside {
                    let to = (r * n + c) as usize;
                    if self.cells[to] != '.' {
                        continue;
                    }
                    next.cells[to] = me;
                    format!("{}-{}", from + 1, to + 1)
                } else if i == 0 {
                    format!("{}-off", from + 1)
                } else {
                    continue;
                };
                out.push((name, next));
            }
        }
        out
    }

    pub fn text(&self) -> String {
        let rows: Vec<String> = self
            .cells
            .chunks(self.n)
            .map(|row| row.iter().collect())
            .collect();
        format!("{} {}", rows.join("/"), if self.red { 'r' } else { 'b' })
    }
}

/// Every position reachable from `start`, settled: (value, plies) for the side to move,
/// `None` for a draw.
pub fn solve(start: &Dodgem) -> HashMap<Dodgem, Option<(Value, u16)>> {
    let mut index = HashMap::from([(start.clone(), 0usize)]);
    let mut positions = vec![start.clone()];
    let mut children: Vec<Vec<usize>> = Vec::new();
    while let Some(p) = positions.get(children.len()).cloned() {
        let mut kids = Vec::new();
        for (_, child) in p.moves() {
            let next = positions.len();
            let i = *index.entry(child.clone()).or_insert(next);
            if i == next {
                positions.push(child);
            }
            kids.push(i);
        }
        children.push(kids);
    }
    let mut records: Vec<Option<(Value, u16)>> =
        positions.iter().map(|p| p.over().map(|v| (v, 0))).collect();
    for round in 1u16.. {
        let mut settled = Vec::new();
        for (i, kids) in children.iter().enumerate() {
            if records[i].is_some() {
                continue;
            }
            let kid = |k: &usize| records[*k];
            if kids
                .iter()
                .any(|k| kid(k) == Some((Value::Loss, round - 1)))
            {
                settled.push((i, (Value::Win, round)));
            } else if kids
                .iter()
                .all(|k| matches!(kid(k), Some((Value::Win, r)) if r < round))
                && kids.iter().any(|k| kid(k) == Some((Value::Win, round - 1)))
            {
                settled.push((i, (Value::Loss, round)));
            }
        }
        if settled.is_empty() {
            break;
        }
        for (i, record) in settled {
            records[i] = Some(record);
        }
    }
    positions.into_iter().zip(records).collect()
}

/// What a child's record is worth to the mover, a ply further.
fn through(child: Option<(Value, u16)>) -> Option<(Value, u16)> {
    child.map(|(value, plies)| {
        let value = match value {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        };
        (value, plies + 1)
    })
}

/// A record as the reference compares it: a draw's plies are not compared.
fn seen(value: Value, plies: u16) -> Option<(Value, u16)> {
    (value != Value::Draw).then_some((value, plies))
}

/// Checks the handle on every position reachable from `start`: its record (a draw's value
/// only), whether it is over, and its moves (names, where they lead, what each is worth).
/// Returns the settled positions and how many there were.
pub fn check_every_position(
    game: &dyn DynGame,
    start: &Dodgem,
) -> HashMap<Dodgem, Option<(Value, u16)>> {
    let solved = solve(start);
    let name = game.about().name.clone();
    assert_eq!(game.about().start, start.text(), "{name}: the start");
    for (position, want) in &solved {
        let text = position.text();
        let analysis = game
            .analyze(&text)
            .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
        let record = analysis.probe.record;
        assert_eq!(
            seen(record.value, record.remoteness),
            *want,
            "{name}: {text}: {record:?}"
        );
        assert_eq!(analysis.probe.finished, position.over().is_some(), "{text}");
        let mut want_moves: Vec<_> = position
            .moves()
            .into_iter()
            .map(|(mv, child)| (mv, child.text(), through(solved[&child])))
            .collect();
        let mut got_moves: Vec<_> = analysis
            .moves
            .iter()
            .map(|mv| {
                let record = mv.record;
                (
                    mv.name.clone(),
                    mv.after.clone(),
                    seen(record.value, record.remoteness),
                )
            })
            .collect();
        want_moves.sort();
        got_moves.sort();
        assert_eq!(got_moves, want_moves, "{name}: the moves of {text}");
    }
    assert_eq!(game.about().positions, Some(solved.len() as u64), "{name}");
    solved
}
