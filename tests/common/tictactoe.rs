//! A plain tic-tac-toe reference for the tests, written from the rules alone and sharing
//! no code with the crate: boards as nine bytes (0 empty, 1 x, 2 o), a depth-first walk
//! from the empty board for reachability, and a recursive minimax with a memo for the
//! solution (the side that can win wins as fast as it can, the side that must lose holds
//! out as long as it can, a draw fills the board).

use std::collections::{BTreeSet, HashMap, HashSet};

pub const EMPTY: u8 = 0;
pub const X: u8 = 1;
pub const O: u8 = 2;

pub type Cells = [u8; 9];

pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

pub fn count(cells: &Cells, mark: u8) -> usize {
    cells.iter().filter(|&&c| c == mark).count()
}

pub fn has_line(cells: &Cells, mark: u8) -> bool {
    LINES
        .iter()
        .any(|line| line.iter().all(|&i| cells[i] == mark))
}

pub fn winner(cells: &Cells) -> Option<u8> {
    [X, O].into_iter().find(|&mark| has_line(cells, mark))
}

pub fn is_over(cells: &Cells) -> bool {
    winner(cells).is_some() || count(cells, EMPTY) == 0
}

pub fn mover(cells: &Cells) -> u8 {
    if count(cells, X) == count(cells, O) {
        X
    } else {
        O
    }
}

/// The boards after each move from a board where play goes on, as (cell, board) pairs.
pub fn children(cells: &Cells) -> Vec<(u8, Cells)> {
    if is_over(cells) {
        return Vec::new();
    }
    let mark = mover(cells);
    (0..9)
        .filter(|&i| cells[i] == EMPTY)
        .map(|i| {
            let mut next = *cells;
            next[i] = mark;
            (i as u8, next)
        })
        .collect()
}

/// Every board legal play reaches from the empty board, with the empty board.
pub fn reachable() -> HashSet<Cells> {
    fn walk(cells: Cells, seen: &mut HashSet<Cells>) {
        if !seen.insert(cells) {
            return;
        }
        for (_, next) in children(&cells) {
            walk(next, seen);
        }
    }
    let mut seen = HashSet::new();
    walk([EMPTY; 9], &mut seen);
    seen
}

/// A board's value under perfect play: the winner's mark (0 for a draw) and the plies left.
pub type Value = (u8, u8);

/// How much `mark`, about to move, likes a continuation worth `value`: any win beats a
/// draw beats any loss; a win is better the sooner, a loss the later.
pub fn preference(mark: u8, (win, plies): Value) -> i32 {
    let plies = i32::from(plies);
    if win == mark {
        100 - plies
    } else if win == EMPTY {
        0
    } else {
        -100 + plies
    }
}

/// Plain minimax with a memo keyed by the board.
pub fn solve(cells: &Cells, memo: &mut HashMap<Cells, Value>) -> Value {
    if let Some(&value) = memo.get(cells) {
        return value;
    }
    let value = if let Some(mark) = winner(cells) {
        (mark, 0)
    } else if count(cells, EMPTY) == 0 {
        (EMPTY, 0)
    } else {
        let mark = mover(cells);
        children(cells)
            .iter()
            .map(|(_, next)| {
                let (win, plies) = solve(next, memo);
                (win, plies + 1)
            })
            .max_by_key(|&value| preference(mark, value))
            .expect("a board where play goes on has an empty cell")
    };
    memo.insert(*cells, value);
    value
}

/// The moves that keep both the outcome and the plies left.
pub fn optimal_moves(cells: &Cells, memo: &mut HashMap<Cells, Value>) -> BTreeSet<u8> {
    let (win, plies) = solve(cells, memo);
    children(cells)
        .into_iter()
        .filter(|(_, next)| {
            let (next_win, next_plies) = solve(next, memo);
            next_win == win && next_plies + 1 == plies
        })
        .map(|(cell, _)| cell)
        .collect()
}

/// Board number `code` of the 19,683: cell `i` is base-3 digit `i`.
pub fn cells_of_code(code: u32) -> Cells {
    let mut cells = [EMPTY; 9];
    let mut rest = code;
    for cell in &mut cells {
        *cell = (rest % 3) as u8;
        rest /= 3;
    }
    cells
}

/// The board as nine characters `.`, `x`, `o`.
pub fn text(cells: &Cells) -> String {
    cells
        .iter()
        .map(|&c| ['.', 'x', 'o'][usize::from(c)])
        .collect()
}

/// All 3^9 boards, in code order.
pub fn all_cells() -> impl Iterator<Item = Cells> {
    (0..19_683).map(cells_of_code)
}
