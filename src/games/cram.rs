//! Cram, `cram:rows=3,columns=4`: Domineering where both players lay their dominoes either
//! way (Martin Gardner, "Mathematical Games", Scientific American, February 1974; E.
//! Berlekamp, J. Conway and R. Guy, *Winning Ways for your Mathematical Plays*, 1982, where
//! it is named).
//!
//! Two players take turns laying a domino on two empty neighbouring cells, across or down;
//! a player who cannot lay one loses. The moves are the same for both (an impartial game).
//!
//! # Parameters
//!
//! `rows` and `columns`, from 1 to 6 (at most 36 cells); 3 and 4 by default.
//!
//! # Notation
//!
//! The rows from the top split by `/`: `x` and `o` for the cells of each player's dominoes
//! (`x` moves first), `.` for an empty cell. Both lay two cells a move, so the cells say
//! whose turn it is. A move is the domino's two cells, numbered row-major from 1 at the top
//! left: `1-2` across the top left corner, `1-5` down it on four columns.
//!
//! # Published results
//!
//! With both sides of the board even, the second player wins: it answers every domino
//! with its image through the centre. With one side even and the other odd, the first
//! player wins: it lays the domino across the centre, then answers the same way (Gardner
//! 1974; *Winning Ways*).
//!
//! # Sizes
//!
//! | size | positions | start (x to move) | |
//! |---|--:|---|---|
//! | `cram:rows=3,columns=4` | 2,203 | win in 7 plies | first use |
//! | `cram:rows=4,columns=4` | 29,599 | loss in 8 plies | first use |
//!
//! This file is the whole family: its rules, its notation, its parameters and its entry in
//! the catalogue, with one line of `list.rs`.

use core::fmt;

use perfect_play_core::family::{Args, Family, Param, SizeError};
use perfect_play_core::notation::{Notation, ParseError, Side, parse_end};
use perfect_play_core::{Game, MoveShape, Value};

use super::grid::{Grid, parse_from_to, rows_and_columns, write_from_to};
use super::registered::Registered;

/// A Cram position: each player's domino cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cram(Grid);

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &rows_and_columns([1, 6, 3], [1, 6, 4]);

impl Family for Cram {
    const FAMILY: &'static str = "cram";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<Cram, SizeError> {
        Ok(Cram(Grid::of_size(args)))
    }

    fn args(&self) -> Args {
        self.0.size_args(PARAMS)
    }
}

/// In the catalogue: every size solved on first use.
impl Registered for Cram {}

impl Game for Cram {
    /// The domino's two cells, row-major from 0, the top or left one first.
    type Move = (u8, u8);

    /// The 3x4 board.
    fn start() -> Cram {
        Cram(Grid::empty(4, 3))
    }

    fn key(&self) -> u64 {
        self.0.key()
    }

    /// Each domino covers two cells and `x` moves first.
    fn unreachable_reason(&self) -> Option<&'static str> {
        let (xs, os) = (self.0.first.count_ones(), self.0.second.count_ones());
        (xs % 2 != 0 || os % 2 != 0 || (xs != os && xs != os + 2)).then_some(
            "each domino covers two cells and x moves first, so x has as many cells as o or two more",
        )
    }

    /// The side to move has no room for a domino: it has lost.
    fn finished(&self) -> Option<Value> {
        let mut any = false;
        self.moves(&mut |_, _| any = true);
        (!any).then_some(Value::Loss)
    }

    fn moves(&self, visit: &mut dyn FnMut((u8, u8), Cram)) {
        let side = self.to_move();
        for cell in 0..self.0.cells() {
            for (rows, columns) in [(0, 1), (1, 0)] {
                let Some(other) = self.0.step(cell, rows, columns) else {
                    continue;
                };
                if self.0.get(cell).is_none() && self.0.get(other).is_none() {
                    let mut next = *self;
                    next.0.set(cell, Some(side));
                    next.0.set(other, Some(side));
                    visit((cell as u8, other as u8), next);
                }
            }
        }
    }
}

/// The cells, for an error message.
const CELLS: &str = "x, o or .";

impl Notation for Cram {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = ['x', 'o'];
    const TITLE: &'static str = "Cram";
    const RULES: &'static str = "Two players take turns laying a domino on two empty neighbouring cells, across or down; x moves first. A player who cannot lay a domino loses.";
    const MOVE_HELP: &'static str = "the domino's two cells, numbered from 1 at the top left, like 1-2";

    fn to_move(&self) -> Side {
        Side::second_if(self.0.first.count_ones() > self.0.second.count_ones())
    }

    grid_board!(0);

    fn move_shape(&self, (first, second): (u8, u8)) -> MoveShape {
        let (first, second) = (u16::from(first), u16::from(second));
        MoveShape::Domino { first, second }
    }

    fn write_move((first, second): (u8, u8), out: &mut dyn fmt::Write) -> fmt::Result {
        write_from_to(first, second, out)
    }

    /// Reads the two cells in either order.
    fn parse_move(text: &str) -> Result<(u8, u8), ParseError> {
        let (a, b) = parse_from_to(text, 36, Self::MOVE_HELP)?;
        Ok((a.min(b), a.max(b)))
    }

    /// Reads the rows at this position's size.
    fn parse_at(&self, text: &str) -> Result<Cram, ParseError> {
        let (grid, rest) = self.0.parse(text, Self::PIECES, CELLS)?;
        parse_end(rest)?;
        Ok(Cram(grid))
    }
}

impl fmt::Display for Cram {
    /// The rows from the top split by `/`: `xx../o.../o...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, Self::PIECES)
    }
}

family_text!(Cram);
