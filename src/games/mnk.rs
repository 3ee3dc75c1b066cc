//! m,n,k-games: tic-tac-toe on any board, `mnk:m=4,n=4,k=3`.
//!
//! Two players, `x` (who moves first) and `o`, take turns putting a mark on an empty cell
//! of a board of `m` columns and `n` rows. The first to have `k` marks in a row,
//! horizontally, vertically or diagonally, wins; a full board without one is a draw.
//! Tic-tac-toe is `mnk:m=3,n=3,k=3` (its judges' API stays `tictactoe`'s `Board`).
//!
//! # Parameters
//!
//! `m` (columns) and `n` (rows) from 1 to 6, `k` from 1 to 6 (at most the longer side);
//! OpenSpiel's `mnk(m, n, k)` takes the same three.
//!
//! # Notation
//!
//! The rows from the top split by `/`, `x`, `o` and `.`: `..../..../....` is the 4x3 start.
//! The marks say whose turn it is. A move is a cell, numbered row-major from 1 at the top
//! left: `5` is the centre of a 3x3 board.
//!
//! # Published results
//!
//! 3,3,3 a draw; 4,3,3 and 4,4,3 first-player wins; 4,4,4 a draw (J. W. H. M. Uiterwijk and
//! H. J. van den Herik, "The advantage of the initiative", Information Sciences 122, 2000).
//!
//! # Sizes
//!
//! | size | positions | start (x to move) | |
//! |---|--:|---|---|
//! | `mnk:m=3,n=3,k=3` | 5,478 | draw in 9 plies | compiled in |
//! | `mnk:m=4,n=3,k=3` | 111,973 | win in 7 plies | first use, 0.1 s |
//!
//! Any other size up to 10 million positions is solved on first use.

use core::fmt;

use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
use perfect_play_core::notation::{Notation, ParseError, Side, last_line, parse_marks, write_board};
use perfect_play_core::{Game, Line, Value};

use super::registered::{Compiled, Layout, Registered};

/// An m,n,k position: the board's size and each player's marks as bit masks.
///
/// Bit `r * (m + 1) + c` is the cell of row `r` (from the top) and column `c`; the spare
/// column on the right stays clear, so a line never wraps from one row into the next.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mnk {
    m: u8,
    n: u8,
    k: u8,
    x: u64,
    o: u64,
}

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &[
    Param {
        name: "m",
        kind: ParamKind::Integer,
        min: 1,
        max: 6,
        default: Arg::Int(3),
        doc: "the board's columns",
    },
    Param {
        name: "n",
        kind: ParamKind::Integer,
        min: 1,
        max: 6,
        default: Arg::Int(3),
        doc: "the board's rows",
    },
    Param {
        name: "k",
        kind: ParamKind::Integer,
        min: 1,
        max: 6,
        default: Arg::Int(3),
        doc: "how many marks in a row win",
    },
];

impl Mnk {
    /// The empty board of `m` columns, `n` rows, `k` in a row to win.
    ///
    /// # Errors
    /// [`SizeError`] if a value is out of its range or `k` is longer than both sides.
    pub fn new(m: u8, n: u8, k: u8) -> Result<Mnk, SizeError> {
        let args = Args::defaults(PARAMS)
            .with(0, Arg::Int(u32::from(m)))
            .with(1, Arg::Int(u32::from(n)))
            .with(2, Arg::Int(u32::from(k)));
        Mnk::at(&args)
    }

    /// The mask bit of `cell` (row-major, from 0).
    fn bit(&self, cell: usize) -> u64 {
        let m = usize::from(self.m);
        1u64 << ((cell / m) * (m + 1) + cell % m)
    }

    /// How many cells.
    fn cells(&self) -> usize {
        usize::from(self.m) * usize::from(self.n)
    }

    /// Whether `marks` hold `k` in a row.
    fn line(&self, marks: u64) -> bool {
        let m = u32::from(self.m);
        [1, m + 1, m + 2, m].into_iter().any(|step| {
            let mut run = marks;
            for i in 1..u32::from(self.k) {
                run &= marks >> (step * i);
            }
            run != 0
        })
    }

    /// Whether `o` moves next.
    fn o_to_move(&self) -> bool {
        self.x.count_ones() > self.o.count_ones()
    }
}

impl Family for Mnk {
    const FAMILY: &'static str = "mnk";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<Mnk, SizeError> {
        let (m, n, k) = (args.get(0).int(), args.get(1).int(), args.get(2).int());
        if k > m.max(n) {
            return Err(SizeError::together(
                "k is longer than both sides of the board",
            ));
        }
        Ok(Mnk {
            m: u8::try_from(m).unwrap_or(3),
            n: u8::try_from(n).unwrap_or(3),
            k: u8::try_from(k).unwrap_or(3),
            x: 0,
            o: 0,
        })
    }

    fn args(&self) -> Args {
        Args::defaults(PARAMS)
            .with(0, Arg::Int(u32::from(self.m)))
            .with(1, Arg::Int(u32::from(self.n)))
            .with(2, Arg::Int(u32::from(self.k)))
    }
}

/// In the catalogue: tic-tac-toe's size compiled in, every other solved on first use.
impl Registered for Mnk {
    const COMPILED: &'static [Compiled] = &[Compiled {
        table: "MNK_3_3_3",
        file: "mnk_3_3_3",
        size: "m=3,n=3,k=3",
        layout: Layout::Packed,
    }];
}

impl Game for Mnk {
    /// x moves first: x has as many marks as o or one more.
    fn unreachable_reason(&self) -> Option<&'static str> {
        let (xs, os) = (self.x.count_ones(), self.o.count_ones());
        (xs != os && xs != os + 1).then_some("x moves first, so x has as many marks as o or one more")
    }


    /// The cell marked, row-major from 0.
    type Move = u8;

    /// Tic-tac-toe: 3,3,3.
    fn start() -> Mnk {
        Mnk {
            m: 3,
            n: 3,
            k: 3,
            x: 0,
            o: 0,
        }
    }

    /// The board in base 3 (0 empty, 1 `x`, 2 `o`), cell 0 the lowest digit: one-to-one
    /// at one size (at most 36 cells, so it fits 64 bits).
    fn key(&self) -> u64 {
        (0..self.cells()).rev().fold(0, |key, cell| {
            let bit = self.bit(cell);
            key * 3 + u64::from(self.x & bit != 0) + 2 * u64::from(self.o & bit != 0)
        })
    }

    /// `k` in a row was made by the player who just moved: the side to move has lost.
    fn finished(&self) -> Option<Value> {
        let just_moved = if self.o_to_move() { self.x } else { self.o };
        if self.line(just_moved) {
            Some(Value::Loss)
        } else if (self.x | self.o).count_ones() as usize == self.cells() {
            Some(Value::Draw)
        } else {
            None
        }
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Mnk)) {
        let o_moves = self.o_to_move();
        for cell in 0..self.cells() {
            let bit = self.bit(cell);
            if (self.x | self.o) & bit == 0 {
                let (x, o) = if o_moves { (self.x, self.o | bit) } else { (self.x | bit, self.o) };
                visit(cell as u8, Mnk { x, o, ..*self });
            }
        }
    }
}

/// The cells, for an error message.
const CELLS: &str = "x, o or .";

impl Notation for Mnk {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = ['x', 'o'];
    const TITLE: &'static str = "m,n,k-game";
    const RULES: &'static str = "Two players, x and o, take turns putting a mark on an empty cell; x moves first. The first to have k marks in a row, horizontally, vertically or diagonally, wins. A full board without k in a row is a draw.";
    const MOVE_HELP: &'static str = "a cell, numbered from 1 at the top left, row by row";

    fn to_move(&self) -> Side {
        Side::second_if(self.o_to_move())
    }

    fn width(&self) -> usize {
        usize::from(self.m)
    }

    fn height(&self) -> usize {
        usize::from(self.n)
    }

    fn piece(&self, cell: u8) -> Option<Side> {
        let cell = usize::from(cell);
        if cell >= self.cells() {
            return None;
        }
        let bit = self.bit(cell);
        Side::owner([self.x, self.o], bit)
    }

    cell_moves!(36);

    /// The `k` in a row that ended the game, made by the side that moved last.
    fn winning_line(&self) -> Option<(Side, Line)> {
        last_line(self, usize::from(self.k))
    }

    /// Reads the rows at this position's size, and checks that `x` has as many marks as
    /// `o` or one more.
    fn parse_at(&self, text: &str) -> Result<Mnk, ParseError> {
        let size = (self.width(), self.height());
        let [x, o] = parse_marks(text, size, &Self::PIECES, CELLS, &|cell| self.bit(cell))?;
        Ok(Mnk { x, o, ..*self })
    }
}

impl fmt::Display for Mnk {
    /// The rows from the top split by `/`: `x../.o./...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, self)
    }
}

family_text!(Mnk);
