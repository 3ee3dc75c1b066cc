//! Domineering, `domineering:rows=4,columns=4`.
//!
//! Two players take turns laying a domino on two empty neighbouring cells: `v` (who moves
//! first) lays them vertically, `h` horizontally. A player who cannot lay one loses.
//!
//! # Parameters
//!
//! `rows` and `columns`, from 1 to 6 (at most 36 cells).
//!
//! # Notation
//!
//! The rows from the top split by `/`: `v` and `h` for the cells of each player's
//! dominoes, `.` for an empty cell. Both lay two cells a move, so the cells say whose turn
//! it is. A move is the domino's top (`v`) or left (`h`) cell, numbered row-major from 1
//! at the top left.
//!
//! # Published results
//!
//! 8x8: the first player wins (D. M. Breuker, J. W. H. M. Uiterwijk and H. J. van den
//! Herik, "Solving 8x8 Domineering", Theoretical Computer Science 230, 2000); 11x11: the
//! first player wins (J. W. H. M. Uiterwijk, "11x11 Domineering is solved: the first
//! player wins", Computers and Games 2016).
//!
//! # Sizes
//!
//! | size | positions | start (v to move) | |
//! |---|--:|---|---|
//! | `domineering:rows=4,columns=4` | 3,120 | win in 7 plies | first use |
//! | `domineering:rows=5,columns=5` | 723,996 | loss in 12 plies | first use, 1.5 s |

use core::fmt;

use perfect_play_core::family::{Args, Family, Param, SizeError};
use perfect_play_core::notation::{
    Notation, ParseError, Side, parse_end, parse_number,
};
use perfect_play_core::{Game, MoveShape, Value};

use super::grid::{Grid, rows_and_columns};

use super::registered::Registered;

/// A Domineering position: each player's domino cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Domineering(Grid);

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &rows_and_columns([1, 6, 4], [1, 6, 4]);

impl Domineering {
    /// The other cell of a domino laid at `cell` by the side to move, if on the board.
    fn partner(&self, cell: usize) -> Option<usize> {
        match self.to_move() {
            Side::First => self.0.step(cell, 1, 0),
            Side::Second => self.0.step(cell, 0, 1),
        }
    }
}

impl Family for Domineering {
    const FAMILY: &'static str = "domineering";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<Domineering, SizeError> {
        Ok(Domineering(Grid::of_size(args)))
    }

    fn args(&self) -> Args {
        self.0.size_args(PARAMS)
    }
}

/// In the catalogue: every size solved on first use.
impl Registered for Domineering {}

impl Game for Domineering {
    /// v moves first and each domino covers two cells.
    fn unreachable_reason(&self) -> Option<&'static str> {
        let (vs, hs) = (self.0.first.count_ones(), self.0.second.count_ones());
        (vs % 2 != 0 || hs % 2 != 0 || (vs != hs && vs != hs + 2)).then_some(
            "v moves first and each domino covers two cells, so v has as many cells as h or two more",
        )
    }


    /// The domino's top or left cell, row-major from 0.
    type Move = u8;

    /// The 4x4 board.
    fn start() -> Domineering {
        Domineering(Grid::empty(4, 4))
    }

    fn key(&self) -> u64 {
        self.0.key()
    }

    /// The side to move has no room for a domino: it has lost.
    fn finished(&self) -> Option<Value> {
        let any = (0..self.0.cells()).any(|cell| {
            self.0.get(cell).is_none()
                && self
                    .partner(cell)
                    .is_some_and(|other| self.0.get(other).is_none())
        });
        (!any).then_some(Value::Loss)
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Domineering)) {
        let side = self.to_move();
        for cell in 0..self.0.cells() {
            let Some(other) = self.partner(cell) else {
                continue;
            };
            if self.0.get(cell).is_none() && self.0.get(other).is_none() {
                let mut next = *self;
                next.0.set(cell, Some(side));
                next.0.set(other, Some(side));
                visit(cell as u8, next);
            }
        }
    }
}

/// The cells, for an error message.
const CELLS: &str = "v, h or .";

impl Notation for Domineering {
    const SIDES: [&'static str; 2] = ["v", "h"];
    const PIECES: [char; 2] = ['v', 'h'];
    const TITLE: &'static str = "Domineering";
    const RULES: &'static str = "Two players take turns laying a domino on two empty neighbouring cells: v, who moves first, lays them vertically, h horizontally. A player who cannot lay a domino loses.";
    const MOVE_HELP: &'static str = "the domino's top (v) or left (h) cell, numbered from 1 at the top left";

    fn to_move(&self) -> Side {
        Side::second_if(self.0.first.count_ones() > self.0.second.count_ones())
    }

    grid_board!(0);

    fn move_shape(&self, cell: u8) -> MoveShape {
        let first = u16::from(cell);
        let second = self.partner(usize::from(cell)).unwrap_or(0) as u16;
        MoveShape::Domino { first, second }
    }

    fn write_move(cell: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", u16::from(cell) + 1)
    }

    fn parse_move(text: &str) -> Result<u8, ParseError> {
        let cell = parse_number(text, 36, Self::MOVE_HELP)?;
        Ok(u8::try_from(cell).unwrap_or(u8::MAX))
    }

    /// Reads the rows at this position's size, and checks the counts of cells: `v` has as
    /// many as `h` or two more, each an even number.
    fn parse_at(&self, text: &str) -> Result<Domineering, ParseError> {
        let (grid, rest) = self.0.parse(text, Self::PIECES, CELLS)?;
        parse_end(rest)?;
        Ok(Domineering(grid))
    }
}

impl fmt::Display for Domineering {
    /// The rows from the top split by `/`: `v.../v.../..hh/....`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, Self::PIECES)
    }
}

family_text!(Domineering);
