//! Hex, `hex:rows=3,columns=3`.
//!
//! Two players take turns putting a stone on an empty hexagon of a rhombus of hexagons:
//! `x` (who moves first) wins by joining the top row to the bottom row with a chain of
//! touching stones, `o` by joining the left column to the right one. The board can never
//! fill without one of them winning: there are no draws.
//!
//! # Parameters
//!
//! `rows` and `columns`, from 1 to 5: OpenSpiel's `hex(num_rows, num_cols)`.
//!
//! # Notation
//!
//! The rows from the top split by `/` (`x`, `o`, `.`), each row drawn half a cell right of
//! the one above: a cell touches its left and right neighbours, the two above it (same
//! column and one right) and the two below (same column and one left). The stones say
//! whose turn it is. A move is a cell, numbered row-major from 1 at the top left.
//!
//! # Published results
//!
//! On every n x n board the first player wins (J. Nash, 1952, by strategy stealing, as
//! told by D. Gale, "The game of Hex and the Brouwer fixed-point theorem", American
//! Mathematical Monthly 86, 1979); every opening of 8x8 and 9x9 is solved (P. Henderson,
//! B. Arneson and R. B. Hayward, IJCAI 2009; J. Pawlewicz and R. B. Hayward, 2013).
//!
//! # Sizes
//!
//! | size | positions | start (x to move) | |
//! |---|--:|---|---|
//! | `hex:rows=2,columns=2` | 32 | win in 3 plies | first use |
//! | `hex:rows=3,columns=3` | 5,514 | win in 5 plies | first use |
//! | `hex:rows=3,columns=4` | 126,003 | win in 5 plies | first use, 0.1 s |

use core::fmt;

use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
use perfect_play_core::notation::{
    Notation, ParseError, Side, parse_end,
};
use perfect_play_core::{Game, Geometry, Value};

use super::grid::Grid;

use super::registered::Registered;

/// A Hex position: each player's stones.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hex(Grid);

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &[
    Param {
        name: "rows",
        kind: ParamKind::Integer,
        min: 1,
        max: 5,
        default: Arg::Int(3),
        doc: "the board's rows",
    },
    Param {
        name: "columns",
        kind: ParamKind::Integer,
        min: 1,
        max: 5,
        default: Arg::Int(3),
        doc: "the board's columns",
    },
];

/// The six neighbours of a hexagon, as (rows, columns) steps.
const NEIGHBOURS: [(i32, i32); 6] = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, -1)];

impl Hex {
    /// Whether `side`'s stones join its two edges (top and bottom for `x`, left and right
    /// for `o`).
    fn joined(&self, side: Side) -> bool {
        self.chain(side, &mut |_| {})
    }

    /// Whether `side`'s stones join its two edges; if they do, visits the cells of one
    /// shortest chain that joins them, from the far edge back to the first.
    fn chain(&self, side: Side, visit: &mut dyn FnMut(usize)) -> bool {
        let (w, cells) = (usize::from(self.0.width), self.0.cells());
        let start = |cell: usize| match side {
            Side::First => cell < w,
            Side::Second => cell % w == 0,
        };
        let end = |cell: usize| match side {
            Side::First => cell + w >= cells,
            Side::Second => cell % w == w - 1,
        };
        // A breadth-first search from the first edge, over at most 25 cells: each cell
        // reached keeps the cell it was reached from (`NONE` on the first edge).
        const NONE: u8 = u8::MAX;
        let mut from = [NONE; 64];
        let mut seen = 0u64;
        let mut queue = [0usize; 64];
        let (mut head, mut tail) = (0, 0);
        for cell in (0..cells).filter(|&c| start(c) && self.0.get(c) == Some(side)) {
            seen |= 1 << cell;
            if let Some(slot) = queue.get_mut(tail) {
                *slot = cell;
                tail += 1;
            }
        }
        while head < tail {
            let cell = queue.get(head).copied().unwrap_or(0);
            head += 1;
            if end(cell) {
                let mut at = cell;
                loop {
                    visit(at);
                    match from.get(at).copied() {
                        Some(back) if back != NONE => at = usize::from(back),
                        _ => return true,
                    }
                }
            }
            for (dr, dc) in NEIGHBOURS {
                if let Some(next) = self.0.step(cell, dr, dc) {
                    if seen & (1 << next) == 0 && self.0.get(next) == Some(side) {
                        seen |= 1 << next;
                        if let (Some(slot), Some(back)) = (queue.get_mut(tail), from.get_mut(next)) {
                            *slot = next;
                            *back = u8::try_from(cell).unwrap_or(NONE);
                            tail += 1;
                        }
                    }
                }
            }
        }
        false
    }
}

impl Family for Hex {
    const FAMILY: &'static str = "hex";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<Hex, SizeError> {
        Ok(Hex(Grid::of_size(args)))
    }

    fn args(&self) -> Args {
        self.0.size_args(PARAMS)
    }
}

/// In the catalogue: every size solved on first use.
impl Registered for Hex {}

impl Game for Hex {
    /// x moves first: x has as many stones as o or one more.
    fn unreachable_reason(&self) -> Option<&'static str> {
        let (xs, os) = (self.0.first.count_ones(), self.0.second.count_ones());
        (xs != os && xs != os + 1).then_some("x moves first, so x has as many stones as o or one more")
    }


    /// The cell, row-major from 0.
    type Move = u8;

    /// The 3x3 board.
    fn start() -> Hex {
        Hex(Grid::empty(3, 3))
    }

    fn key(&self) -> u64 {
        self.0.key()
    }

    /// The player who just moved joined its edges: the side to move has lost.
    fn finished(&self) -> Option<Value> {
        if self.joined(self.to_move().other()) {
            Some(Value::Loss)
        } else if (self.0.first | self.0.second).count_ones() as usize == self.0.cells() {
            // Never with both edges of a full board: here for a board of one row or column.
            Some(Value::Draw)
        } else {
            None
        }
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Hex)) {
        let side = self.to_move();
        for cell in 0..self.0.cells() {
            if self.0.get(cell).is_none() {
                let mut next = *self;
                next.0.set(cell, Some(side));
                visit(cell as u8, next);
            }
        }
    }
}

/// The cells, for an error message.
const CELLS: &str = "x, o or .";

impl Notation for Hex {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = ['x', 'o'];
    const TITLE: &'static str = "Hex";
    const RULES: &'static str = "Two players take turns putting a stone on an empty hexagon; x moves first. x wins by joining the top row to the bottom row with a chain of touching stones, o by joining the left column to the right one. There are no draws.";
    const MOVE_HELP: &'static str = "a cell, numbered from 1 at the top left, row by row";

    fn to_move(&self) -> Side {
        Side::second_if(self.0.first.count_ones() > self.0.second.count_ones())
    }

    grid_board!(0);

    fn geometry(&self) -> Geometry {
        Geometry::HexRhombus {
            width: self.0.width,
            height: self.0.height,
        }
    }

    cell_moves!(25);

    /// The chain of the side that moved last, joining its two edges.
    fn winning_chain(&self, visit: &mut dyn FnMut(u16)) -> Option<(Side, &'static str)> {
        self.finished()?;
        let side = self.to_move().other();
        let joins = match side {
            Side::First => "the top and bottom rows",
            Side::Second => "the left and right columns",
        };
        self.chain(side, &mut |cell| visit(u16::try_from(cell).unwrap_or(u16::MAX)))
            .then_some((side, joins))
    }

    /// Reads the rows at this position's size, and checks that `x` has as many stones as
    /// `o` or one more.
    fn parse_at(&self, text: &str) -> Result<Hex, ParseError> {
        let (grid, rest) = self.0.parse(text, Self::PIECES, CELLS)?;
        parse_end(rest)?;
        Ok(Hex(grid))
    }
}

impl fmt::Display for Hex {
    /// The rows from the top split by `/`: `x../.o./...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, Self::PIECES)
    }
}

family_text!(Hex);
