//! Breakthrough, `breakthrough:rows=3,columns=4`.
//!
//! `b` (who moves first) starts with a row of pawns on the top row, `w` on the bottom row
//! (two rows each on boards of 6 rows or more, as OpenSpiel sets them up). A pawn steps one
//! row forward (`b` down, `w` up), straight or diagonally, onto an empty cell; it captures
//! only diagonally. A player wins by getting a pawn to the far row, or when the other has
//! no pawn left; a player who cannot move loses.
//!
//! # Parameters
//!
//! `rows` from 3 to 6 and `columns` from 2 to 6: OpenSpiel's `breakthrough(rows,
//! columns)`.
//!
//! # Notation
//!
//! The rows from the top split by `/` (`b`, `w`, `.`), a space and the side to move:
//! `bbbb/..../wwww b`. A move is `FROM-TO`, cells numbered row-major from 1 at the top
//! left: `1-5`.
//!
//! # Published results
//!
//! None at these sizes that we know of; 6x5 and larger are studied by search (M. Saffidine,
//! N. Jouandeau and T. Cazenave, "Solving Breakthrough with race patterns and job-level
//! proof number search", Advances in Computer Games 2011).
//!
//! # Sizes
//!
//! | size | positions | start (b to move) | |
//! |---|--:|---|---|
//! | `breakthrough:rows=3,columns=4` | 9,073 | win in 5 plies | first use |
//! | `breakthrough:rows=4,columns=3` | 10,689 | win in 9 plies | first use |

use core::fmt;

use perfect_play_core::family::{Args, Family, Param, SizeError};
use perfect_play_core::notation::{Notation, Side, Spelling};
use perfect_play_core::{Game, Value};

use super::grid::{Grid, rows_and_columns};

use super::registered::Registered;

/// A Breakthrough position: the pawns and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Breakthrough {
    grid: Grid,
    second: bool,
}

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &rows_and_columns([3, 6, 3], [2, 6, 4]);

impl Family for Breakthrough {
    const FAMILY: &'static str = "breakthrough";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<Breakthrough, SizeError> {
        let mut grid = Grid::of_size(args);
        let (rows, columns) = (grid.height, grid.width);
        let home = if rows >= 6 { 2 } else { 1 };
        for cell in 0..grid.cells() {
            let r = cell / usize::from(columns);
            if r < home {
                grid.set(cell, Some(Side::First));
            } else if r >= usize::from(rows) - home {
                grid.set(cell, Some(Side::Second));
            }
        }
        Ok(Breakthrough {
            grid,
            second: false,
        })
    }

    fn args(&self) -> Args {
        self.grid.size_args(PARAMS)
    }
}

/// In the catalogue: every size solved on first use.
impl Registered for Breakthrough {}

impl Game for Breakthrough {
    /// The pawn's cell and where it goes, row-major from 0.
    type Move = (u8, u8);

    /// The 3x4 board.
    fn start() -> Breakthrough {
        Breakthrough::at(&Args::defaults(PARAMS)).unwrap_or(Breakthrough {
            grid: Grid::empty(4, 3),
            second: false,
        })
    }

    /// The board in base 3, then the side to move.
    fn key(&self) -> u64 {
        self.grid.key_and_side(self.second)
    }

    /// The player who just moved reached the far row, or the side to move has no pawn or
    /// no move: the side to move has lost.
    fn finished(&self) -> Option<Value> {
        let last_row = self.grid.cells() - usize::from(self.grid.width);
        let reached = (0..self.grid.cells()).any(|cell| match self.grid.get(cell) {
            Some(Side::First) => cell >= last_row,
            Some(Side::Second) => cell < usize::from(self.grid.width),
            None => false,
        });
        if reached {
            return Some(Value::Loss);
        }
        let mut any = false;
        self.moves(&mut |_, _| any = true);
        (!any).then_some(Value::Loss)
    }

    fn moves(&self, visit: &mut dyn FnMut((u8, u8), Breakthrough)) {
        let side = self.to_move();
        let forward = if side == Side::First { 1 } else { -1 };
        let steps = [(forward, -1), (forward, 0), (forward, 1)];
        // Onto an empty cell, or diagonally onto the other's pawn.
        let lands = |(_, dc): (i8, i8), target: Option<Side>| {
            target.is_none() || (dc != 0 && target == Some(side.other()))
        };
        for (from, to) in self.grid.steps(side, &steps, lands) {
            let next = Breakthrough {
                grid: self.grid.moved(from, to),
                second: !self.second,
            };
            visit((from as u8, to as u8), next);
        }
    }
}

/// The notation's letters: the pieces, and the side to move after the board.
const SPELLING: Spelling = Spelling {
    pieces: ['b', 'w'],
    cells: "b, w or .",
    sides: Some("b or w"),
};

impl Notation for Breakthrough {
    const SIDES: [&'static str; 2] = ["b", "w"];
    const PIECES: [char; 2] = SPELLING.pieces;
    const TITLE: &'static str = "Breakthrough";
    const RULES: &'static str = "b starts with pawns on the top row, w on the bottom row; b moves first. A pawn steps one row forward (b down, w up), straight or diagonally, onto an empty cell, and captures only diagonally. Getting a pawn to the far row wins, as does taking the other's last pawn; a player who cannot move loses.";
    const MOVE_HELP: &'static str = "FROM-TO, cells numbered from 1 at the top left, like 1-5";

    sided_grid!();

    from_to_moves!(36);

}

impl fmt::Display for Breakthrough {
    /// The rows from the top split by `/`, then the side to move: `bbbb/..../wwww b`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.write_sided(f, Self::PIECES, self.to_move())
    }
}

family_text!(Breakthrough);
