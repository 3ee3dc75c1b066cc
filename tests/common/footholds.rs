//! The disappearing-footholds game (Programmers 92345), its plain rules written from the
//! problem statement, sharing no code with the crate: a board of tiles, moves to an
//! adjacent tile, the tile left behind vanishes, a player who cannot move (or whose tile
//! is gone) loses; the winner wins as fast as it can, the loser holds out as long as it
//! can. A memoised recursion over every position: slow, and plainly right.

use std::collections::HashMap;

/// A cell: (row, column).
pub type Cell = (usize, usize);

/// A board: `true` where a tile is.
pub type Board = Vec<Vec<bool>>;

/// How a game ends from a position: whether the player to move wins, and how many
/// moves both players make from here.
pub type Value = (bool, u32);

/// Positions already worked out for one board shape, keyed by [`key`].
#[derive(Default)]
pub struct Memo(HashMap<u128, Value>);

/// The whole state as one number: bit `row * cols + col` for each tile (at most 64
/// cells), then the mover's and the other's cell numbers from bits 64 and 72.
fn key(board: &Board, mover: Cell, other: Cell) -> u128 {
    let cols = board[0].len() as u128;
    assert!(
        board.len() as u128 * cols <= 64,
        "the reference keys boards of up to 64 cells"
    );
    let mut key = 0;
    for (row, cells) in board.iter().enumerate() {
        for (col, &tile) in cells.iter().enumerate() {
            if tile {
                key |= 1 << (row as u128 * cols + col as u128);
            }
        }
    }
    let number = |(row, col): Cell| row as u128 * cols + col as u128;
    key | number(mover) << 64 | number(other) << 72
}

/// The cells next to `at` (up, down, left, right) that are on the board and have a tile.
pub fn moves(board: &Board, at: Cell) -> Vec<Cell> {
    let (row, col) = at;
    let mut found = Vec::new();
    if row > 0 && board[row - 1][col] {
        found.push((row - 1, col));
    }
    if row + 1 < board.len() && board[row + 1][col] {
        found.push((row + 1, col));
    }
    if col > 0 && board[row][col - 1] {
        found.push((row, col - 1));
    }
    if col + 1 < board[row].len() && board[row][col + 1] {
        found.push((row, col + 1));
    }
    found
}

/// Whether the player to move, standing on `mover`, has lost: its tile is gone or it
/// has nowhere to step.
pub fn is_stuck(board: &Board, mover: Cell) -> bool {
    !board[mover.0][mover.1] || moves(board, mover).is_empty()
}

/// The value of the position where the player on `mover` is to move and the other
/// stands on `other`.
pub fn value(board: &mut Board, mover: Cell, other: Cell, memo: &mut Memo) -> Value {
    if is_stuck(board, mover) {
        return (false, 0);
    }
    let key = key(board, mover, other);
    if let Some(&known) = memo.0.get(&key) {
        return known;
    }
    let mut best: Option<Value> = None;
    for step in moves(board, mover) {
        board[mover.0][mover.1] = false;
        let (they_win, later) = value(board, other, step, memo);
        board[mover.0][mover.1] = true;
        let mine = (!they_win, later + 1);
        best = Some(match best {
            None => mine,
            Some(old) => better(old, mine),
        });
    }
    let best = best.unwrap_or((false, 0));
    memo.0.insert(key, best);
    best
}

/// The better of two results for the player choosing: any win beats any loss; a
/// faster win beats a slower one; a slower loss beats a faster one.
fn better(a: Value, b: Value) -> Value {
    match (a.0, b.0) {
        (true, false) => a,
        (false, true) => b,
        (true, true) => {
            if a.1 <= b.1 {
                a
            } else {
                b
            }
        }
        (false, false) => {
            if a.1 >= b.1 {
                a
            } else {
                b
            }
        }
    }
}
