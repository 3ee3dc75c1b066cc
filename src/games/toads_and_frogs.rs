//! Toads and Frogs, `toads-and-frogs:toads=3,gap=2,frogs=3` (Berlekamp, Conway and Guy,
//! *Winning Ways for your Mathematical Plays*, 1982, chapter 1).
//!
//! A strip of cells: `toads` toads (`t`) at the left end, `gap` empty cells, `frogs` frogs
//! (`f`) at the right end. Toads move right, frogs left. On a turn a player moves one of
//! their creatures one cell forward onto an empty cell, or jumps it forward over one
//! creature of the other kind onto the empty cell just beyond. Nothing is ever captured.
//! The toads move first; a player who cannot move on their turn loses (normal play). A
//! creature only moves forward, so every game ends.
//!
//! # Parameters
//!
//! `toads` and `frogs` from 1 to 6, `gap` from 0 to 6 (a strip of at most 18 cells):
//! the positions *Winning Ways* and the literature start from, T^a □^b F^c.
//!
//! # Notation
//!
//! The strip from left to right (`t`, `f`, `.`), a space and the side to move, `t` or
//! `f`: the default start is `ttt..fff t`. A move is `FROM-TO`, cells numbered from 1 at
//! the left: `3-4` steps the front toad forward, `3-5` jumps it over a frog.
//!
//! # Published results
//!
//! The game is the first example of *Winning Ways* (chapter 1), where its positions are
//! given values as sums of games; J. Erickson, "New Toads and Frogs results" (*Games of No
//! Chance*, MSRI Publications 29, 1996) tabulates the values of many positions. Who wins
//! from the starts here, with the toads moving first, is checked only against the plain
//! reference solver of the tests (`tests/families.rs`).
//!
//! # Sizes
//!
//! | size | positions | start (t to move) | |
//! |---|--:|---|---|
//! | `toads-and-frogs:toads=2,gap=2,frogs=2` | 17 | win in 11 plies | first use |
//! | `toads-and-frogs:toads=3,gap=2,frogs=3` | 48 | win in 15 plies | first use |
//! | `toads-and-frogs:toads=1,gap=3,frogs=2` | 16 | loss in 4 plies | first use |
//! | `toads-and-frogs:toads=4,gap=3,frogs=4` | 4,833 | win in 21 plies | first use |
//! | `toads-and-frogs:toads=5,gap=4,frogs=5` | 124,527 | win in 35 plies | first use |
//! | `toads-and-frogs:toads=6,gap=6,frogs=6` | 9,965,591 | win in 87 plies | first use (about 12 s) |

use core::fmt;

use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
use perfect_play_core::notation::{Notation, ParseError, Side, Spelling};
use perfect_play_core::{Game, Value};

use super::grid::Grid;

use super::registered::Registered;

/// A Toads and Frogs position: the strip (the toads are the grid's first side) and whose
/// turn it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ToadsAndFrogs {
    grid: Grid,
    frogs_to_move: bool,
}

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &[
    Param {
        name: "toads",
        kind: ParamKind::Integer,
        min: 1,
        max: 6,
        default: Arg::Int(3),
        doc: "toads at the left end",
    },
    Param {
        name: "gap",
        kind: ParamKind::Integer,
        min: 0,
        max: 6,
        default: Arg::Int(2),
        doc: "empty cells between them",
    },
    Param {
        name: "frogs",
        kind: ParamKind::Integer,
        min: 1,
        max: 6,
        default: Arg::Int(3),
        doc: "frogs at the right end",
    },
];

impl Family for ToadsAndFrogs {
    const FAMILY: &'static str = "toads-and-frogs";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<ToadsAndFrogs, SizeError> {
        let count = |index| usize::try_from(args.get(index).int()).unwrap_or(0);
        let (toads, gap, frogs) = (count(0), count(1), count(2));
        let cells = u8::try_from(toads + gap + frogs).unwrap_or(u8::MAX);
        let mut grid = Grid::empty(cells, 1);
        for cell in 0..toads {
            grid.set(cell, Some(Side::First));
        }
        for cell in toads + gap..grid.cells() {
            grid.set(cell, Some(Side::Second));
        }
        Ok(ToadsAndFrogs {
            grid,
            frogs_to_move: false,
        })
    }

    /// Nothing is captured, so the counts of toads and frogs, and the cells left over,
    /// are the size's at every position.
    fn args(&self) -> Args {
        let toads = self.grid.first.count_ones();
        let frogs = self.grid.second.count_ones();
        let gap = u32::from(self.grid.width).saturating_sub(toads + frogs);
        Args::defaults(PARAMS)
            .with(0, Arg::Int(toads))
            .with(1, Arg::Int(gap))
            .with(2, Arg::Int(frogs))
    }
}

/// In the catalogue: every size solved on first use.
impl Registered for ToadsAndFrogs {}

impl Game for ToadsAndFrogs {
    /// The creature's cell and where it goes, from 0 at the left.
    type Move = (u8, u8);

    /// `ttt..fff`.
    fn start() -> ToadsAndFrogs {
        ToadsAndFrogs::at(&Args::defaults(PARAMS)).unwrap_or(ToadsAndFrogs {
            grid: Grid::empty(8, 1),
            frogs_to_move: false,
        })
    }

    /// The strip in base 3, then the side to move.
    fn key(&self) -> u64 {
        self.grid.key_and_side(self.frogs_to_move)
    }

    /// The side to move has no move: it has lost.
    fn finished(&self) -> Option<Value> {
        let mut any = false;
        self.moves(&mut |_, _| any = true);
        (!any).then_some(Value::Loss)
    }

    fn moves(&self, visit: &mut dyn FnMut((u8, u8), ToadsAndFrogs)) {
        let side = Side::second_if(self.frogs_to_move);
        let forward = if self.frogs_to_move { -1 } else { 1 };
        let cell = |c: usize| u8::try_from(c).unwrap_or(u8::MAX);
        for from in 0..self.grid.cells() {
            if self.grid.get(from) != Some(side) {
                continue;
            }
            let Some(next) = self.grid.step(from, 0, forward) else {
                continue;
            };
            let to = match self.grid.get(next) {
                None => Some(next),
                Some(other) if other != side => self
                    .grid
                    .step(next, 0, forward)
                    .filter(|&beyond| self.grid.get(beyond).is_none()),
                Some(_) => None,
            };
            if let Some(to) = to {
                let mut after = ToadsAndFrogs {
                    grid: self.grid,
                    frogs_to_move: !self.frogs_to_move,
                };
                after.grid.set(from, None);
                after.grid.set(to, Some(side));
                visit((cell(from), cell(to)), after);
            }
        }
    }
}

/// The notation's letters: `t` and `f` for the creatures and the side to move.
const SPELLING: Spelling = Spelling {
    pieces: ['t', 'f'],
    cells: "t, f or .",
    sides: Some("t or f"),
};

impl Notation for ToadsAndFrogs {
    const SIDES: [&'static str; 2] = ["toads", "frogs"];
    const PIECES: [char; 2] = SPELLING.pieces;
    const TITLE: &'static str = "Toads and Frogs";
    const RULES: &'static str = "A strip of cells with toads at the left end and frogs at the right; the toads move first. Toads move right, frogs left: one cell forward onto an empty cell, or a jump forward over one creature of the other kind onto the empty cell just beyond. Nothing is captured. A player who cannot move on their turn loses.";
    const MOVE_HELP: &'static str = "FROM-TO, cells numbered from 1 at the left, like 3-4";

    fn to_move(&self) -> Side {
        Side::second_if(self.frogs_to_move)
    }

    grid_board!(grid);

    from_to_moves!(18);

    /// Reads the strip at this position's length and the side to move; the counts of
    /// toads and frogs are the size's, so a strip with others is not of this size.
    fn parse_at(&self, text: &str) -> Result<ToadsAndFrogs, ParseError> {
        let (grid, side) = self.grid.parse_sided(text, &SPELLING)?;
        Ok(ToadsAndFrogs {
            grid,
            frogs_to_move: side == Side::Second,
        })
    }
}

impl fmt::Display for ToadsAndFrogs {
    /// The strip and the side to move: `ttt..fff t`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.write_sided(f, SPELLING.pieces, self.to_move())
    }
}

family_text!(ToadsAndFrogs);
