//! Othello on small boards, `othello:rows=4,columns=4`: a player with no move passes.
//!
//! The board starts with four discs in the middle, `o` on the top left and bottom right
//! of them, `x` on the other two; `x` moves first. A move puts a disc of one's colour on
//! an empty cell so that it flanks, in at least one of the eight directions, an unbroken
//! line of the other's discs with one of one's own at its far end; every line so flanked
//! turns to one's colour. A player with no such move passes; when neither has one, the
//! game ends and more discs win (as many is a draw).
//!
//! # Parameters
//!
//! `rows` and `columns`, even, from 4 to 6.
//!
//! # Notation
//!
//! The rows from the top split by `/` (`x`, `o`, `.`), a space and the side to move: the
//! 4x4 start is `..../.ox./.xo./.... x`. A move is a cell, numbered row-major from 1 at the
//! top left, or `pass` when the side to move has no other.
//!
//! # Published results
//!
//! 4x4: the second player (`o`, White) wins; 6x6: White wins 16 to 20 (J. Feinstein,
//! 1993). The 4x4 result is from exhaustive search, reproduced by many since.
//!
//! # Sizes
//!
//! | size | positions | start (x to move) | |
//! |---|--:|---|---|
//! | `othello:rows=4,columns=4` | 62,789 | loss in 12 plies | first use |

use core::fmt;

use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
use perfect_play_core::notation::{Notation, ParseError, Side, parse_number, Spelling};
use perfect_play_core::{Game, MoveShape, Value};

use super::grid::{EIGHT_WAYS, Grid};

use super::registered::Registered;

/// The move that passes.
const PASS: u8 = u8::MAX;

/// An Othello position: the discs and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Othello {
    grid: Grid,
    second: bool,
}

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &[
    Param {
        name: "rows",
        kind: ParamKind::Integer,
        min: 4,
        max: 6,
        default: Arg::Int(4),
        doc: "the board's rows (even)",
    },
    Param {
        name: "columns",
        kind: ParamKind::Integer,
        min: 4,
        max: 6,
        default: Arg::Int(4),
        doc: "the board's columns (even)",
    },
];

impl Othello {
    /// The discs `side` turns by putting one on `cell`, as a mask (0: not a move).
    fn flips(&self, side: Side, cell: usize) -> u64 {
        if self.grid.get(cell).is_some() {
            return 0;
        }
        let mut flipped = 0;
        for (dr, dc) in EIGHT_WAYS.map(|(r, c)| (i32::from(r), i32::from(c))) {
            let mut line = 0u64;
            let mut at = self.grid.step(cell, dr, dc);
            while let Some(next) = at {
                match self.grid.get(next) {
                    Some(s) if s == side.other() => line |= 1 << next,
                    Some(_) => {
                        flipped |= line;
                        break;
                    }
                    None => break,
                }
                at = self.grid.step(next, dr, dc);
            }
        }
        flipped
    }

    /// Whether `side` has a disc to put down.
    fn can_move(&self, side: Side) -> bool {
        (0..self.grid.cells()).any(|cell| self.flips(side, cell) != 0)
    }
}

impl Family for Othello {
    const FAMILY: &'static str = "othello";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<Othello, SizeError> {
        let (rows, columns) = (args.get(0).int(), args.get(1).int());
        if rows % 2 != 0 || columns % 2 != 0 {
            return Err(SizeError::together("the board's sides must be even"));
        }
        let mut grid = Grid::of_size(args);
        let w = usize::from(grid.width);
        let (r, c) = (usize::from(grid.height) / 2 - 1, w / 2 - 1);
        grid.set(r * w + c, Some(Side::Second));
        grid.set(r * w + c + 1, Some(Side::First));
        grid.set((r + 1) * w + c, Some(Side::First));
        grid.set((r + 1) * w + c + 1, Some(Side::Second));
        Ok(Othello {
            grid,
            second: false,
        })
    }

    fn args(&self) -> Args {
        self.grid.size_args(PARAMS)
    }
}

/// In the catalogue: every size solved on first use.
impl Registered for Othello {}

impl Game for Othello {
    /// Four discs start on the board, and none is ever taken off.
    fn unreachable_reason(&self) -> Option<&'static str> {
        ((self.grid.first | self.grid.second).count_ones() < 4)
            .then_some("four discs start on the board, and none is ever taken off")
    }


    /// The cell a disc is put on, row-major from 0, or `u8::MAX` to pass.
    type Move = u8;

    /// The 4x4 board.
    fn start() -> Othello {
        Othello::at(&Args::defaults(PARAMS)).unwrap_or(Othello {
            grid: Grid::empty(4, 4),
            second: false,
        })
    }

    /// The board in base 3, then the side to move.
    fn key(&self) -> u64 {
        self.grid.key_and_side(self.second)
    }

    /// Neither side can put a disc down: more discs win.
    fn finished(&self) -> Option<Value> {
        let side = self.to_move();
        if self.can_move(side) || self.can_move(side.other()) {
            return None;
        }
        let mine = self.grid.of_side(side).count_ones();
        let theirs = self.grid.of_side(side.other()).count_ones();
        Some(match mine.cmp(&theirs) {
            core::cmp::Ordering::Greater => Value::Win,
            core::cmp::Ordering::Less => Value::Loss,
            core::cmp::Ordering::Equal => Value::Draw,
        })
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Othello)) {
        let side = self.to_move();
        let mut any = false;
        for cell in 0..self.grid.cells() {
            let flips = self.flips(side, cell);
            if flips == 0 {
                continue;
            }
            any = true;
            let mut next = Othello {
                grid: self.grid,
                second: !self.second,
            };
            for turned in (0..self.grid.cells()).filter(|&i| flips & (1 << i) != 0) {
                next.grid.set(turned, Some(side));
            }
            next.grid.set(cell, Some(side));
            visit(cell as u8, next);
        }
        if !any {
            let pass = Othello {
                grid: self.grid,
                second: !self.second,
            };
            visit(PASS, pass);
        }
    }
}

/// The notation's letters: the pieces, and the side to move after the board.
const SPELLING: Spelling = Spelling {
    pieces: ['x', 'o'],
    cells: "x, o or .",
    sides: Some("x or o"),
};

impl Notation for Othello {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = SPELLING.pieces;
    const TITLE: &'static str = "Othello";
    const RULES: &'static str = "Four discs start in the middle; x moves first. A move puts a disc on an empty cell so that it flanks, in at least one of the eight directions, an unbroken line of the other's discs with one of one's own at the far end; every flanked line turns to one's colour. A player with no such move passes; when neither has one, more discs win.";
    const MOVE_HELP: &'static str = "a cell, numbered from 1 at the top left, row by row, or pass";

    sided_grid!();

    fn move_shape(&self, cell: u8) -> MoveShape {
        if cell == PASS {
            MoveShape::Pass
        } else {
            MoveShape::Place {
                cell: u16::from(cell),
            }
        }
    }

    fn write_move(cell: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        if cell == PASS {
            out.write_str("pass")
        } else {
            write!(out, "{}", u16::from(cell) + 1)
        }
    }

    fn parse_move(text: &str) -> Result<u8, ParseError> {
        if text.trim().eq_ignore_ascii_case("pass") {
            return Ok(PASS);
        }
        let cell = parse_number(text, 36, Self::MOVE_HELP)?;
        Ok(u8::try_from(cell).unwrap_or(u8::MAX - 1))
    }

}

impl fmt::Display for Othello {
    /// The rows from the top split by `/`, then the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.write_sided(f, Self::PIECES, self.to_move())
    }
}

family_text!(Othello);
