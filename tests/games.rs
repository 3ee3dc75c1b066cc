//! The games solved at compile time besides tic-tac-toe, against published results and
//! against reference solvers written plainly here, sharing no code with the crate.
//!
//! Where the expectations come from:
//! - Misère tic-tac-toe (three in a row loses) is a draw with perfect play, and the centre
//!   is the first player's only move that does not lose: the folklore result restated in
//!   e.g. github.com/utkarsha02/TicTacToe ("The Best First Move In Misere Tic-Tac-Toe") and
//!   in the MathOverflow thread 24811 on misère tic-tac-toe.
//! - Hexapawn (Martin Gardner, "Mathematical Games", Scientific American, March 1962) is a
//!   win for the second player, black; with perfect play white loses in 3 moves each
//!   (1.b2 axb2 2.cxb2 c2 3.a2 c1#): 6 plies (Wikipedia, "Hexapawn"; chessvariants.com).
//! - Dodgem 3x3 (Colin Vout; Berlekamp, Conway and Guy, *Winning Ways*, with the table of
//!   every position) is a win for the first player (Wikipedia, "Dodgem"; Zillions of Games).
//!
//! The references: a recursive minimax with remoteness over boards as byte arrays for the
//! two finite games, and for loopy Dodgem a fixed-point iteration (a position is won if a
//! move reaches a lost one, lost if every move reaches a won one, repeated until nothing
//! changes) over every placement of the cars, with moves written from the rules again.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::HashMap;

use perfect_play::games::{DODGEM, Dodgem, HEXAPAWN, Hexapawn, MISERE, Misere};
use perfect_play::generate::{ENDLESS, Game, Record, Value};
use perfect_play::{Board, Player};

/// (value for the side to move, remoteness) in the reference solvers.
type Solved = (Value, u16);

/// Perfect play over a list of (child results): win fast, lose slow, draw long.
fn best(children: &[Solved]) -> Solved {
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

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

fn misere_reference(cells: [u8; 9], memo: &mut HashMap<[u8; 9], Solved>) -> Solved {
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

fn misere_position(cells: [u8; 9]) -> Misere {
    let mark = |c| match c {
        1 => Some(Player::X),
        2 => Some(Player::O),
        _ => None,
    };
    Misere(Board::from_cells(cells.map(mark)))
}

#[test]
fn misere_is_a_draw_and_only_the_centre_holds_it() {
    let start = MISERE.probe(&Misere::start()).unwrap();
    assert_eq!(
        start,
        Record {
            value: Value::Draw,
            remoteness: 9
        }
    );
    let mut moves = [(0u8, start); 9];
    assert_eq!(MISERE.ranked_moves(&Misere::start(), &mut moves), 9);
    assert_eq!(moves[0].0, 4);
    assert_eq!(moves[0].1.value, Value::Draw);
    assert!(moves[1..].iter().all(|(_, r)| r.value == Value::Loss));
    assert_eq!(MISERE.best_move(&Misere::start()), Some(4));
}

#[test]
fn misere_matches_the_reference_on_every_reachable_board() {
    let mut memo = HashMap::new();
    misere_reference([0; 9], &mut memo);
    assert_eq!(MISERE.len(), memo.len());
    assert_eq!(memo.len(), 5_478); // the same boards as tic-tac-toe's
    for (&cells, &(value, remoteness)) in &memo {
        assert_eq!(
            MISERE.probe(&misere_position(cells)),
            Some(Record { value, remoteness }),
            "{cells:?}"
        );
    }
}

// --- Hexapawn ---------------------------------------------------------------------------

/// Cells row-major, row 0 white's home; 1 white pawn, 2 black pawn; `black` to move.
fn hexapawn_reference(
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

fn hexapawn_position(cells: [u8; 9], black: bool) -> Hexapawn {
    let mask = |v| {
        (0..9)
            .filter(|&i| cells[i] == v)
            .fold(0u16, |m, i| m | 1 << i)
    };
    Hexapawn {
        white: mask(1),
        black: mask(2),
        black_to_move: black,
    }
}

#[test]
fn hexapawn_is_a_second_player_win_in_six_plies() {
    let start = HEXAPAWN.probe(&Hexapawn::start()).unwrap();
    assert_eq!(
        start,
        Record {
            value: Value::Loss,
            remoteness: 6
        }
    );
    let mut line = [(0u8, 0u8); 10];
    assert_eq!(HEXAPAWN.principal_line(&Hexapawn::start(), &mut line), 6);
}

#[test]
fn hexapawn_matches_the_reference_on_every_reachable_position() {
    let mut memo = HashMap::new();
    hexapawn_reference([1, 1, 1, 0, 0, 0, 2, 2, 2], false, &mut memo);
    assert_eq!(HEXAPAWN.len(), memo.len());
    for (&(cells, black), &(value, remoteness)) in &memo {
        assert_eq!(
            HEXAPAWN.probe(&hexapawn_position(cells, black)),
            Some(Record { value, remoteness }),
            "{cells:?} black to move: {black}"
        );
    }
}

// --- Dodgem -----------------------------------------------------------------------------

/// A Dodgem position in the reference: the cells of blue's and red's cars on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Cars {
    blue: [Option<(i32, i32)>; 2],
    red: [Option<(i32, i32)>; 2],
    red_to_move: bool,
}

impl Cars {
    fn occupied(&self, cell: (i32, i32)) -> bool {
        self.blue.contains(&Some(cell)) || self.red.contains(&Some(cell))
    }

    fn children(&self) -> Vec<Cars> {
        let mut out = Vec::new();
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

    fn to_game(self) -> Dodgem {
        let mask = |cars: [Option<(i32, i32)>; 2]| {
            cars.iter()
                .flatten()
                .fold(0u16, |m, &(r, c)| m | 1 << (r * 3 + c))
        };
        Dodgem {
            blue: mask(self.blue),
            red: mask(self.red),
            red_to_move: self.red_to_move,
        }
    }
}

/// Every position reachable from the start, solved by fixed-point iteration (values only).
fn dodgem_reference() -> HashMap<Cars, Option<Value>> {
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
            // No move at all: the side to move wins.
            let value = if kids.is_empty() || kids.iter().any(|k| seen[k] == Some(Value::Loss)) {
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

#[test]
fn dodgem_is_a_first_player_win() {
    let start = DODGEM.probe(&Dodgem::start()).unwrap();
    assert_eq!(start.value, Value::Win);
    // The principal line ends: the winner makes progress every time it can.
    let mut line = [(0u8, None); 64];
    let plies = DODGEM.principal_line(&Dodgem::start(), &mut line);
    assert_eq!(plies, usize::from(start.remoteness));
}

#[test]
fn dodgem_matches_the_fixed_point_reference() {
    let reference = dodgem_reference();
    // The reference keeps the two cars of a side apart; the table only their cells.
    let mut games: HashMap<u64, Option<Value>> = HashMap::new();
    for (cars, value) in &reference {
        let key = cars.to_game().key();
        if let Some(old) = games.insert(key, *value) {
            assert_eq!(old, *value, "{cars:?}");
        }
    }
    assert_eq!(DODGEM.len(), games.len());
    let mut draws = 0;
    for (cars, value) in &reference {
        let record = DODGEM.probe(&cars.to_game()).unwrap();
        assert_eq!(Some(record.value), value.or(Some(Value::Draw)), "{cars:?}");
        if value.is_none() {
            draws += 1;
            assert_eq!(record.remoteness, ENDLESS, "{cars:?}");
        }
    }
    // Every reachable position is decided: with perfect play someone can force a win.
    assert_eq!(draws, 0);
}

#[test]
fn dodgem_is_loopy() {
    // Kahn's topological sort of the reachable graph stalls on a cycle: positions repeat.
    let reference = dodgem_reference();
    let mut indegree: HashMap<Cars, usize> = reference.keys().map(|&p| (p, 0)).collect();
    for p in reference.keys() {
        for c in p.children() {
            *indegree.get_mut(&c).unwrap() += 1;
        }
    }
    let mut ready: Vec<Cars> = indegree
        .iter()
        .filter(|e| *e.1 == 0)
        .map(|e| *e.0)
        .collect();
    let mut sorted = 0;
    while let Some(p) = ready.pop() {
        sorted += 1;
        for c in p.children() {
            let d = indegree.get_mut(&c).unwrap();
            *d -= 1;
            if *d == 0 {
                ready.push(c);
            }
        }
    }
    assert!(
        sorted < reference.len(),
        "no cycle among {} positions",
        reference.len()
    );
}

#[test]
fn every_table_is_consistent_with_its_moves() {
    // Each win has a move to a loss one ply nearer and none nearer; each loss has only
    // moves to wins, the farthest one ply nearer.
    fn check<G: Game>(solved: &perfect_play::generate::Solved<G>, position: G) {
        let mut stack = vec![position];
        let mut seen = std::collections::HashSet::new();
        while let Some(p) = stack.pop() {
            if !seen.insert(p.key()) {
                continue;
            }
            let record = solved.probe(&p).unwrap();
            if p.finished().is_some() {
                assert_eq!(record.remoteness, 0);
                continue;
            }
            let mut children = Vec::new();
            p.moves(&mut |_, child| {
                children.push(solved.probe(&child).unwrap());
                stack.push(child);
            });
            let after: Vec<Record> = children.iter().map(|c| c.before_move()).collect();
            let best = after.iter().max_by_key(|r| r.rank()).unwrap();
            assert_eq!(record.value, best.value);
            if record.value != Value::Draw {
                assert_eq!(record, *best);
            }
        }
    }
    check(&MISERE, Misere::start());
    check(&HEXAPAWN, Hexapawn::start());
    check(&DODGEM, Dodgem::start());
}

#[test]
fn ranked_moves_keep_the_best_when_the_buffer_is_short() {
    // Hexapawn's start: three moves, all losing for white; the buffer of one keeps the one
    // that holds out longest, the same as the first of the full ranking.
    let start = Hexapawn::start();
    let mut all = [(
        (0u8, 0u8),
        Record {
            value: Value::Draw,
            remoteness: 0,
        },
    ); 8];
    let n = HEXAPAWN.ranked_moves(&start, &mut all);
    assert_eq!(n, 3);
    assert!(all[..n].windows(2).all(|w| w[0].1.rank() >= w[1].1.rank()));
    let mut one = [all[0]; 1];
    assert_eq!(HEXAPAWN.ranked_moves(&start, &mut one), 1);
    assert_eq!(one[0].1, all[0].1);
    // Every move of the full ranking is optimal exactly when it keeps the start's record.
    let record = HEXAPAWN.probe(&start).unwrap();
    for &(mv, after) in &all[..n] {
        assert_eq!(HEXAPAWN.is_optimal(&start, mv), after == record, "{mv:?}");
    }
    assert!(HEXAPAWN.is_optimal(&start, HEXAPAWN.best_move(&start).unwrap()));
    assert!(!HEXAPAWN.is_optimal(&start, (0, 8)), "not a legal move");
}

#[test]
fn unreachable_positions_have_no_entry() {
    let both_home = Hexapawn {
        white: 0b111,
        black: 0b111 << 3,
        black_to_move: false,
    };
    assert_eq!(HEXAPAWN.probe(&both_home), None);
    assert_eq!(
        DODGEM.probe(&Dodgem {
            blue: 0b111,
            red: 0,
            red_to_move: false
        }),
        None
    );
    let mut moves = [(
        (0u8, None),
        Record {
            value: Value::Draw,
            remoteness: 0,
        },
    ); 4];
    let finished = Dodgem {
        blue: 0,
        red: 1 << 7,
        red_to_move: false,
    };
    assert_eq!(DODGEM.ranked_moves(&finished, &mut moves), 0);
    assert_eq!(DODGEM.best_move(&finished), None);
}
