//! The plain reference solvers of the games besides tic-tac-toe, written from the rules
//! again and sharing no code with the crate: a recursive minimax with remoteness over boards
//! as byte arrays for the two finite games (misère tic-tac-toe, Hexapawn), and for loopy
//! Dodgem a fixed-point iteration (a position is won if a move reaches a lost one, lost if
//! every move reaches a won one, repeated until nothing changes) over every placement of
//! the cars. `tests/games.rs` checks the tables against them; `tests/cli_games.rs` checks
//! what `perfect-play analyze --game` says.

use std::collections::HashMap;

use perfect_play::Value;
use perfect_play::games::tictactoe::{Board, Player};
use perfect_play::games::{Dodgem, Hexapawn, Misere};

use super::tictactoe::LINES;

/// A 3x3 board in the notation as README documents it: rows from the top split by `/`,
/// `letters[v]` for cell value `v` (0 is empty). Written here from the documentation, not
/// with the crate's printer.
pub fn notation(cells: [u8; 9], letters: [char; 3]) -> String {
    let mut text = String::new();
    for (i, &c) in cells.iter().enumerate() {
        if i > 0 && i % 3 == 0 {
            text.push('/');
        }
        text.push(letters[c as usize]);
    }
    text
}

/// (value for the side to move, remoteness) in the reference solvers.
pub type Solved = (Value, u16);

/// Perfect play over a list of (child results): win fast, lose slow, draw long.
pub fn best(children: &[Solved]) -> Solved {
    let mut wins: Vec<u16> = children
        .iter()
        .filter(|c| c.0 == Value::Loss)
        .map(|c| c.1 + 1)
        .collect();
    wins.sort_unstable();
    if let Some(&r) = wins.first() {
        return (Value::Win, r);
    }
    let draws = children
        .iter()
        .filter(|c| c.0 == Value::Draw)
        .map(|c| c.1 + 1);
    if let Some(r) = draws.max() {
        return (Value::Draw, r);
    }
    (Value::Loss, children.iter().map(|c| c.1 + 1).max().unwrap())
}

// --- Misère tic-tac-toe ----------------------------------------------------------------

pub fn misere_reference(cells: [u8; 9], memo: &mut HashMap<[u8; 9], Solved>) -> Solved {
    if let Some(&s) = memo.get(&cells) {
        return s;
    }
    let line = LINES
        .iter()
        .any(|l| cells[l[0]] != 0 && cells[l[0]] == cells[l[1]] && cells[l[1]] == cells[l[2]]);
    let result = if line {
        (Value::Win, 0) // the player who just moved made three in a row, and lost
    } else if cells.iter().all(|&c| c != 0) {
        (Value::Draw, 0)
    } else {
        let xs = cells.iter().filter(|&&c| c == 1).count();
        let os = cells.iter().filter(|&&c| c == 2).count();
        let mark = if xs > os { 2 } else { 1 };
        let mut children = Vec::new();
        for i in 0..9 {
            if cells[i] == 0 {
                let mut next = cells;
                next[i] = mark;
                children.push(misere_reference(next, memo));
            }
        }
        best(&children)
    };
    memo.insert(cells, result);
    result
}

pub fn misere_position(cells: [u8; 9]) -> Misere {
    let mark = |c| match c {
        1 => Some(Player::X),
        2 => Some(Player::O),
        _ => None,
    };
    Misere(Board::from_cells(cells.map(mark)))
}

// --- Hexapawn ---------------------------------------------------------------------------

/// Cells row-major, row 0 white's home; 1 white pawn, 2 black pawn; `black` to move.
pub fn hexapawn_reference(
    cells: [u8; 9],
    black: bool,
    memo: &mut HashMap<([u8; 9], bool), Solved>,
) -> Solved {
    if let Some(&s) = memo.get(&(cells, black)) {
        return s;
    }
    let (me, them, dir): (u8, u8, i32) = if black { (2, 1, -1) } else { (1, 2, 1) };
    let far_reached = if black {
        cells[6..9].contains(&1)
    } else {
        cells[0..3].contains(&2)
    };
    let result = if far_reached || !cells.contains(&me) {
        (Value::Loss, 0)
    } else {
        let mut children = Vec::new();
        for from in 0..9i32 {
            if cells[from as usize] != me {
                continue;
            }
            let row = from / 3 + dir;
            if !(0..3).contains(&row) {
                continue;
            }
            for col in [from % 3 - 1, from % 3, from % 3 + 1] {
                if !(0..3).contains(&col) {
                    continue;
                }
                let to = (row * 3 + col) as usize;
                let straight = col == from % 3;
                if (straight && cells[to] == 0) || (!straight && cells[to] == them) {
                    let mut next = cells;
                    next[from as usize] = 0;
                    next[to] = me;
                    children.push(hexapawn_reference(next, !black, memo));
                }
            }
        }
        if children.is_empty() {
            (Value::Loss, 0)
        } else {
            best(&children)
        }
    };
    memo.insert((cells, black), result);
    result
}

/// Whether a pawn of the side to move goes from `from` to `to` by the rules: one row
/// forward, straight onto an empty cell or diagonally onto an enemy pawn.
pub fn hexapawn_move_is_legal(cells: [u8; 9], black: bool, from: usize, to: usize) -> bool {
    let (me, them, dir) = if black { (2, 1, -1) } else { (1, 2, 1) };
    let (row, col) = ((from / 3) as i32, (from % 3) as i32);
    let (to_row, to_col) = ((to / 3) as i32, (to % 3) as i32);
    cells[from] == me
        && to_row == row + dir
        && ((to_col == col && cells[to] == 0) || ((to_col - col).abs() == 1 && cells[to] == them))
}

/// The position in Hexapawn's notation as README documents it (`w`, `b`, a space, the
/// side to move), read by the crate's parser.
pub fn hexapawn_position(cells: [u8; 9], black: bool) -> Hexapawn {
    let side = if black { 'b' } else { 'w' };
    format!("{} {side}", notation(cells, ['.', 'w', 'b']))
        .parse()
        .unwrap()
}

// --- Dodgem -----------------------------------------------------------------------------

/// A Dodgem position in the reference: the cells of blue's and red's cars on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cars {
    pub blue: [Option<(i32, i32)>; 2],
    pub red: [Option<(i32, i32)>; 2],
    pub red_to_move: bool,
}

impl Cars {
    pub fn occupied(&self, cell: (i32, i32)) -> bool {
        self.blue.contains(&Some(cell)) || self.red.contains(&Some(cell))
    }

    /// Whether the side that just moved has no car left on the board: it has won, at once.
    pub fn last_car_left(&self) -> bool {
        let just_moved = if self.red_to_move {
            self.blue
        } else {
            self.red
        };
        just_moved.iter().all(Option::is_none)
    }

    /// Every position one move leads to; none once a side's last car has left.
    pub fn children(&self) -> Vec<Cars> {
        let mut out = Vec::new();
        if self.last_car_left() {
            return out;
        }
        for car in 0..2 {
            let pos = if self.red_to_move {
                self.red[car]
            } else {
                self.blue[car]
            };
            let Some((row, col)) = pos else { continue };
            // (row, col) steps; forward is the first.
            let steps = if self.red_to_move {
                [(-1, 0), (0, -1), (0, 1)]
            } else {
                [(0, 1), (-1, 0), (1, 0)]
            };
            for (i, (dr, dc)) in steps.into_iter().enumerate() {
                let (r, c) = (row + dr, col + dc);
                let inside = (0..3).contains(&r) && (0..3).contains(&c);
                let to = if inside {
                    if self.occupied((r, c)) {
                        continue;
                    }
                    Some((r, c))
                } else if i == 0 {
                    None
                } else {
                    continue;
                };
                let mut next = *self;
                if self.red_to_move {
                    next.red[car] = to;
                } else {
                    next.blue[car] = to;
                }
                next.red_to_move = !self.red_to_move;
                out.push(next);
            }
        }
        out
    }

    /// The position in Dodgem's notation as README documents it: the board (`b` blue,
    /// `r` red), a space, the side to move.
    pub fn notation(&self) -> String {
        let mut cells = [0u8; 9];
        for &(r, c) in self.blue.iter().flatten() {
            cells[(r * 3 + c) as usize] = 1;
        }
        for &(r, c) in self.red.iter().flatten() {
            cells[(r * 3 + c) as usize] = 2;
        }
        let side = if self.red_to_move { 'r' } else { 'b' };
        format!("{} {side}", notation(cells, ['.', 'b', 'r']))
    }

    pub fn to_game(self) -> Dodgem {
        self.notation().parse().unwrap()
    }
}

/// Every position reachable from the start, solved by fixed-point iteration (values only).
pub fn dodgem_reference() -> HashMap<Cars, Option<Value>> {
    let start = Cars {
        blue: [Some((0, 0)), Some((1, 0))],
        red: [Some((2, 1)), Some((2, 2))],
        red_to_move: false,
    };
    let mut seen = HashMap::from([(start, None)]);
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        for c in p.children() {
            if seen.insert(c, None).is_none() {
                stack.push(c);
            }
        }
    }
    loop {
        let mut changed = false;
        let positions: Vec<Cars> = seen.keys().copied().collect();
        for p in positions {
            if seen[&p].is_some() {
                continue;
            }
            let kids = p.children();
            // The other side's last car has left: it has won. Otherwise no move at all
            // (every car blocked in): the side to move wins.
            let value = if p.last_car_left() {
                Some(Value::Loss)
            } else if kids.is_empty() || kids.iter().any(|k| seen[k] == Some(Value::Loss)) {
                Some(Value::Win)
            } else if kids.iter().all(|k| seen[k] == Some(Value::Win)) {
                Some(Value::Loss)
            } else {
                None
            };
            if value.is_some() {
                seen.insert(p, value);
                changed = true;
            }
        }
        if !changed {
            return seen;
        }
    }
}
