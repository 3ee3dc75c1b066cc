//! The search against a plain alpha-beta written here, sharing no code with the library:
//! Connect Four positions on 7x6, 6x5 and 5x4 far enough into the game (at most 13 empty
//! cells) that a search without bitboards, move ordering, bounds or a transposition table
//! finishes quickly, drawn by seeded random play. Each must get the same record: win, loss
//! or draw for the side to move and the plies left, the winner winning fastest and the
//! loser holding out longest.
//!
//! The engine's win/draw/loss alone (`Engine::value`, `Engine::values`) must be the
//! record's value on every one of them.
//!
//! The reference's truth is the rules alone (a disc falls to the lowest empty cell, four in
//! a row wins, a full board draws) and minimax: a win in `d` plies scores `100 - d`, a loss
//! `d - 100`, a draw 0.

#![cfg(feature = "search")]
// A test may index and unwrap: a panic is a failed test (clippy.toml allows it in test functions;
// this file's reference solver is helpers).
#![allow(clippy::indexing_slicing, clippy::unwrap_used)]

use perfect_play::games::connect4::Connect4;
use perfect_play::search::{Engine, OutOfTime, SearchableGame, Searched, within};
use perfect_play::{Record, Value};

/// A board as a plain grid: `cells[c][r]` is 0 (empty), 1 (first player) or 2.
#[derive(Clone)]
struct Grid {
    w: usize,
    h: usize,
    cells: Vec<Vec<u8>>,
    heights: Vec<usize>,
    discs: usize,
}

const BIG: i32 = 100;

impl Grid {
    fn new(w: usize, h: usize) -> Self {
        Grid {
            w,
            h,
            cells: vec![vec![0; h]; w],
            heights: vec![0; w],
            discs: 0,
        }
    }

    fn mover(&self) -> u8 {
        if self.discs % 2 == 0 { 1 } else { 2 }
    }

    fn drop_disc(&mut self, c: usize) {
        let who = self.mover();
        self.cells[c][self.heights[c]] = who;
        self.heights[c] += 1;
        self.discs += 1;
    }

    fn take_back(&mut self, c: usize) {
        self.heights[c] -= 1;
        self.cells[c][self.heights[c]] = 0;
        self.discs -= 1;
    }

    /// Whether the top disc of column `c` is in a line of four of its colour.
    fn wins_at(&self, c: usize) -> bool {
        let r = self.heights[c] - 1;
        let who = self.cells[c][r];
        let at = |c: isize, r: isize| {
            c >= 0
                && r >= 0
                && (c as usize) < self.w
                && (r as usize) < self.h
                && self.cells[c as usize][r as usize] == who
        };
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
            let count = |sign: isize| {
                (1..4)
                    .take_while(|&k| at(c as isize + sign * k * dc, r as isize + sign * k * dr))
                    .count()
            };
            count(1) + count(-1) >= 3
        })
    }

    /// Whether anyone has four in a row anywhere.
    fn any_four(&self) -> bool {
        (0..self.w).any(|c| {
            (0..self.heights[c]).any(|r| {
                let mut copy = self.clone();
                copy.heights[c] = r + 1;
                copy.wins_at(c)
            })
        })
    }

    /// The value for the side to move of a position where the game goes on, exact when it
    /// lies strictly between `alpha` and `beta`.
    fn solve(&mut self, alpha: i32, beta: i32) -> i32 {
        let mut best = i32::MIN;
        let mut alpha = alpha;
        for c in 0..self.w {
            if self.heights[c] == self.h {
                continue;
            }
            self.drop_disc(c);
            let value = if self.wins_at(c) {
                BIG - 1
            } else if self.discs == self.w * self.h {
                0
            } else {
                // One ply further from the end: widen the window by one each side.
                let child = -self.solve(-(beta + 1), -(alpha - 1));
                child - child.signum()
            };
            self.take_back(c);
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The record of a position where the game goes on.
    fn record(&mut self) -> Record {
        let value = self.solve(-BIG - 1, BIG + 1);
        let empty = (self.w * self.h - self.discs) as u16;
        match value {
            0 => Record {
                value: Value::Draw,
                remoteness: empty,
            },
            v if v > 0 => Record {
                value: Value::Win,
                remoteness: (BIG - v) as u16,
            },
            v => Record {
                value: Value::Loss,
                remoteness: (BIG + v) as u16,
            },
        }
    }

    /// The position in the library's notation: rows from the top.
    fn notation(&self) -> String {
        (0..self.h)
            .rev()
            .map(|r| {
                (0..self.w)
                    .map(|c| match self.cells[c][r] {
                        1 => 'x',
                        2 => 'o',
                        _ => '.',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// A small seeded generator (SplitMix64), so the sample is the same on every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// `count` positions with `empty` empty cells, nobody with four, from random play.
fn sample(w: usize, h: usize, empty: usize, count: usize, seed: u64) -> Vec<Grid> {
    let mut random = Random(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut grid = Grid::new(w, h);
        while grid.discs < w * h - empty && !grid.any_four() {
            let open: Vec<usize> = (0..w).filter(|&c| grid.heights[c] < h).collect();
            grid.drop_disc(open[random.below(open.len())]);
        }
        if !grid.any_four() {
            out.push(grid);
        }
    }
    out
}

fn agree<const W: usize, const H: usize>(empty: usize, count: usize, seed: u64) {
    let searched: Searched<Connect4<W, H>> = Searched::new(Engine::new(8 << 20).with_threads(1));
    // Three threads narrow each score together: two probe two windows at once, the third
    // helps with one of them (the engine's `narrow`).
    let together: Searched<Connect4<W, H>> = Searched::new(Engine::new(8 << 20).with_threads(3));
    let mut seen = [0usize; 3];
    let mut cases = Vec::new();
    for mut grid in sample(W, H, empty, count, seed) {
        let text = grid.notation();
        let position: Connect4<W, H> = text.parse().unwrap();
        let want = grid.record();
        seen[want.value as usize] += 1;
        assert_eq!(searched.probe(&position), Some(want), "{W}x{H} {text}");
        assert_eq!(
            together.probe(&position),
            Some(want),
            "{W}x{H} {text}, 3 threads"
        );
        cases.push((text, position.search_position(), want.value));
    }
    // Win, draw or loss alone, by null windows around 0, from an engine of its own (no
    // bounds left by the exact searches), one position at a time and on two threads.
    let engine = Engine::new(8 << 20).with_threads(2);
    let positions: Vec<_> = cases.iter().map(|&(_, position, _)| position).collect();
    for ((text, position, want), batch) in cases.iter().zip(engine.values(&positions)) {
        assert_eq!(batch, *want, "{W}x{H} {text}, values");
        assert_eq!(engine.value(position), *want, "{W}x{H} {text}, value");
    }
    // The sample holds wins, losses and draws, so none of them goes untested.
    assert!(
        seen.iter().all(|&n| n > 0),
        "{W}x{H}: {seen:?} losses, draws, wins"
    );
}

#[test]
fn connect4_7x6_positions_as_plain_alpha_beta_scores_them() {
    agree::<7, 6>(13, 300, 7);
}

#[test]
fn connect4_6x5_positions_as_plain_alpha_beta_scores_them() {
    agree::<6, 5>(13, 300, 65);
}

#[test]
fn connect4_5x4_positions_as_plain_alpha_beta_scores_them() {
    agree::<5, 4>(12, 300, 54);
}

/// A search given a deadline already past gives up on a position that needs a search, and
/// still answers one decided at once; given time, it finds what the plain search finds.
#[test]
fn a_search_gives_up_at_its_deadline() {
    for threads in [1, 2] {
        gives_up_at_its_deadline(threads);
    }
}

/// [`a_search_gives_up_at_its_deadline`] on `threads` threads.
fn gives_up_at_its_deadline(threads: usize) {
    use std::time::{Duration, Instant};
    let searched: Searched<Connect4<7, 6>> =
        Searched::new(Engine::new(8 << 20).with_threads(threads));
    let early: Connect4<7, 6> = "......./......./......./......./......./...x..."
        .parse()
        .unwrap();
    assert!(searched.probe_within(&early, Instant::now()).is_err());
    let won: Connect4<7, 6> = "......./......./......./......./ooo..../xxx...."
        .parse()
        .unwrap();
    let record = searched.probe_within(&won, Instant::now()).unwrap();
    assert_eq!(
        record,
        Some(Record {
            value: Value::Win,
            remoteness: 1
        })
    );
    let mut grid = sample(7, 6, 12, 1, 99).remove(0);
    let position: Connect4<7, 6> = grid.notation().parse().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    assert_eq!(
        searched.probe_within(&position, deadline),
        Ok(Some(grid.record()))
    );
    // The same through `within`, as a caller that reaches the search only through a
    // handle sets it: a probe and a ranking that give up say so.
    let past = Instant::now();
    assert_eq!(within(past, || searched.probe(&early)), Err(OutOfTime));
    assert_eq!(within(past, || searched.best_move(&early)), Err(OutOfTime));
    assert_eq!(
        within(deadline, || searched.probe(&position)),
        Ok(Some(grid.record()))
    );
}
