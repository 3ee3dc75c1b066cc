//! Hexapawn (Martin Gardner, "Mathematical Games", *Scientific American*, March 1962), as
//! a family: `hexapawn:rows=3,columns=3`, Gardner's 3x3 board by default, which is also
//! the game of one size `hexapawn` (its compiled table; [`Hexapawn3x3`]).
//!
//! White fills the top row with pawns and moves first, down the board; black fills the
//! bottom row and moves up. A pawn steps one row forward straight onto an empty cell, or
//! diagonally forward onto an enemy pawn, capturing it. A player wins by reaching the far
//! row, by capturing every enemy pawn, or when the other player cannot move. With perfect
//! play black, the second player, wins on 3x3 (Gardner).
//!
//! # Parameters
//!
//! `rows` from 3 to 6 and `columns` from 2 to 5 (at most 30 cells: the key holds both
//! sides' masks and the side to move in 64 bits).
//!
//! # Notation
//!
//! A position is the board's rows from the top (white's home row first), split by `/`, `w`
//! for a white pawn, `b` for a black one and `.` for an empty cell, then a space and the
//! side to move, `w` or `b`: the start is `www/.../bbb w` (a 3x3 board also as its nine
//! cells, `www...bbb w`). A move is the pawn's cell and the cell it goes to, numbered
//! row-major from 1 at the top left (1 2 3 on the top row of 3x3, 7 8 9 on the bottom):
//! `2-5` steps the middle pawn forward, `1-5` captures diagonally.
//!
//! # Published results
//!
//! 3x3: a second-player win (Gardner 1962), in 6 plies here. No other size has a published
//! value that we know of.
//!
//! # Sizes
//!
//! | size | positions | start (white to move) | |
//! |---|--:|---|---|
//! | `hexapawn:rows=3,columns=3` | 135 | loss in 6 plies | compiled, as `hexapawn` |
//! | `hexapawn:rows=3,columns=4` | 1,128 | win in 5 plies | first use |
//! | `hexapawn:rows=4,columns=3` | 987 | loss in 8 plies | first use |
//! | `hexapawn:rows=4,columns=4` | 20,286 | win in 11 plies | first use |
//! | `hexapawn:rows=5,columns=4` | 118,133 | loss in 16 plies | first use |
//! | `hexapawn:rows=4,columns=5` | 359,894 | loss in 14 plies | first use |
//! | `hexapawn:rows=5,columns=5` | 3,210,411 | win in 19 plies | first use (about 3 s) |
//!
//! ```
//! use perfect_play::games::{HEXAPAWN, Hexapawn, Notation, ShowMove};
//! use perfect_play::Value;
//! use perfect_play::Game;
//!
//! let start: Hexapawn = "www/.../bbb w".parse()?;
//! assert_eq!(start, Hexapawn::start());
//! assert_eq!(start.to_string(), "www/.../bbb w");
//! assert_eq!(HEXAPAWN.probe(&start).map(|r| r.value), Some(Value::Loss));
//! assert_eq!(Hexapawn::parse_move("2-5")?, (1, 4));
//! assert_eq!(ShowMove::<Hexapawn>((1, 4)).to_string(), "2-5");
//! # Ok::<(), perfect_play::games::ParseError>(())
//! ```

use core::fmt;

use perfect_play_core::family::{Args, Family, Param, SizeError};
use perfect_play_core::notation::{Notation, ParseError, ParseErrorKind, Side, Spelling};
use perfect_play_core::{Game, MoveShape, Value};

use super::grid::{Grid, from_to, parse_cells_move, rows_and_columns, write_from_to};

use super::registered::{Compiled, Layout, Registered};

/// A Hexapawn position: the pawns (white's are the grid's first side) and whose turn it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hexapawn {
    grid: Grid,
    black_to_move: bool,
}

/// Gardner's Hexapawn on 3x3, the game of one size `hexapawn`: the family at its default
/// size ([`Game::start`] is 3x3).
pub type Hexapawn3x3 = Hexapawn;

/// A move: the pawn's cell and the cell it goes to, row-major from 0.
pub type HexapawnMove = (u8, u8);

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &rows_and_columns([3, 6, 3], [2, 5, 3]);

impl Family for Hexapawn {
    const FAMILY: &'static str = "hexapawn";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<Hexapawn, SizeError> {
        let mut grid = Grid::of_size(args);
        let width = usize::from(grid.width);
        for cell in 0..width {
            grid.set(cell, Some(Side::First));
            grid.set(grid.cells() - width + cell, Some(Side::Second));
        }
        Ok(Hexapawn {
            grid,
            black_to_move: false,
        })
    }

    fn args(&self) -> Args {
        self.grid.size_args(PARAMS)
    }
}

/// In the catalogue: Gardner's 3x3 board is the game of one size `hexapawn`, compiled in;
/// every other size is solved on first use.
impl Registered for Hexapawn {
    const COMPILED: &'static [Compiled] = &[Compiled {
        table: "HEXAPAWN",
        file: "hexapawn_3x3",
        size: "rows=3,columns=3",
        layout: Layout::Phf,
    }];
    const NAMED: &'static [(&'static str, &'static str)] = &[("hexapawn", "rows=3,columns=3")];
}

impl Game for Hexapawn {
    type Move = HexapawnMove;

    /// Gardner's 3x3 board.
    fn start() -> Hexapawn {
        Hexapawn::at(&Args::defaults(PARAMS)).unwrap_or(Hexapawn {
            grid: Grid::empty(3, 3),
            black_to_move: false,
        })
    }

    /// White's pawns, black's, and the side to move (`Grid::mask_key`): on 3x3 the key
    /// the table of `hexapawn` has always had.
    fn key(&self) -> u64 {
        self.grid.mask_key(self.black_to_move)
    }

    /// The player who just moved won if a pawn of theirs is on the far row or the side to
    /// move has no pawn; the side to move loses too if it cannot move.
    fn finished(&self) -> Option<Value> {
        let width = usize::from(self.grid.width);
        let last_row = self.grid.cells() - width;
        let (mine, their_goal_reached) = if self.black_to_move {
            let reached = (last_row..self.grid.cells())
                .any(|cell| self.grid.get(cell) == Some(Side::First));
            (self.grid.second, reached)
        } else {
            let reached = (0..width).any(|cell| self.grid.get(cell) == Some(Side::Second));
            (self.grid.first, reached)
        };
        if mine == 0 || their_goal_reached {
            return Some(Value::Loss);
        }
        let mut any = false;
        self.moves(&mut |_, _| any = true);
        (!any).then_some(Value::Loss)
    }

    fn moves(&self, visit: &mut dyn FnMut(HexapawnMove, Hexapawn)) {
        let side = Side::second_if(self.black_to_move);
        let forward = if self.black_to_move { -1 } else { 1 };
        // Straight first, then left and right: the order the table has always had.
        let steps = [(forward, 0), (forward, -1), (forward, 1)];
        // Straight onto an empty cell, diagonally onto the other's pawn.
        let lands = |(_, dc): (i8, i8), target: Option<Side>| {
            if dc == 0 {
                target.is_none()
            } else {
                target == Some(side.other())
            }
        };
        let cell = |c: usize| u8::try_from(c).unwrap_or(u8::MAX);
        for (from, to) in self.grid.steps(side, &steps, lands) {
            let next = Hexapawn {
                grid: self.grid.moved(from, to),
                black_to_move: !self.black_to_move,
            };
            visit((cell(from), cell(to)), next);
        }
    }
}

// --- Notation ---------------------------------------------------------------------------

impl Hexapawn {
    /// Reads `FROM-TO` with cells from 1 to `max` (on 3x3 as the game of one size reads
    /// it), `expected` saying what a move looks like.
    fn read_move(text: &str, max: usize, expected: &'static str) -> Result<HexapawnMove, ParseError> {
        match parse_cells_move(text, false, max, expected)? {
            (from, Some(to)) => Ok((from, to)),
            // Without `off`, TO is always a cell.
            (_, None) => Err(ParseError::new(0, ParseErrorKind::NotAMove { expected })),
        }
    }
}

/// The notation's letters: `w` and `b` for the pawns and the side to move.
const SPELLING: Spelling = Spelling {
    pieces: ['w', 'b'],
    cells: "w, b or .",
    sides: Some("w or b"),
};

impl Notation for Hexapawn {
    const SIDES: [&'static str; 2] = ["white", "black"];
    const PIECES: [char; 2] = SPELLING.pieces;
    const MOVE_HELP: &'static str = "FROM-TO with cells 1-9, like 2-5";
    const TITLE: &'static str = "Hexapawn";
    const RULES: &'static str = "White's pawns fill the top row and black's the bottom row (three each on Gardner's 3x3 board); white moves first. A pawn steps straight forward onto an empty cell, or diagonally forward onto an enemy pawn, capturing it. A player wins by reaching the far row, by capturing every enemy pawn, or when the other player has no move on their turn.";

    fn to_move(&self) -> Side {
        Side::second_if(self.black_to_move)
    }

    grid_board!(grid);

    fn move_help(&self) -> &'static str {
        let larger = "FROM-TO, cells numbered row-major from 1 at the top left, like 2-6";
        self.grid.move_help(Self::MOVE_HELP, larger)
    }

    fn move_shape(&self, (from, to): HexapawnMove) -> MoveShape {
        from_to(from, Some(to))
    }

    fn write_move((from, to): HexapawnMove, out: &mut dyn fmt::Write) -> fmt::Result {
        write_from_to(from, to, out)
    }

    /// Reads `FROM-TO`, cells from 1 (a board has at most 30).
    fn parse_move(text: &str) -> Result<HexapawnMove, ParseError> {
        Hexapawn::read_move(text, 30, Self::MOVE_HELP)
    }

    /// Reads `FROM-TO` with this board's cells: on 3x3, 1-9 alone.
    fn parse_move_at(&self, text: &str) -> Result<HexapawnMove, ParseError> {
        Hexapawn::read_move(text, self.grid.cells(), self.move_help())
    }

    /// Reads the rows at this position's size and the side to move.
    fn parse_at(&self, text: &str) -> Result<Hexapawn, ParseError> {
        let (grid, side) = self.grid.parse_sided(text, &SPELLING)?;
        Ok(Hexapawn {
            grid,
            black_to_move: side == Side::Second,
        })
    }
}

impl fmt::Display for Hexapawn {
    /// The rows from the top and the side to move: `www/.../bbb w`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.write_sided(f, SPELLING.pieces, self.to_move())
    }
}

family_text!(Hexapawn);
