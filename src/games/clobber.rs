//! Clobber, `clobber:rows=3,columns=4`.
//!
//! The board starts full, the two players' stones in a checkerboard (`x` on the top left
//! cell). A move takes one of one's stones onto an orthogonally neighbouring stone of the
//! other player, which is removed ("clobbered"). `x` moves first; a player who cannot
//! move loses.
//!
//! # Parameters
//!
//! `rows` and `columns`, from 1 to 6: OpenSpiel's `clobber(rows, columns)`.
//!
//! # Notation
//!
//! The rows from the top split by `/` (`x`, `o`, `.`), a space and the side to move:
//! `xox/oxo/xox x`. A move is `FROM-TO`, cells numbered row-major from 1 at the top left:
//! `1-2`.
//!
//! # Published results
//!
//! Boards of up to 18 squares are solved (J. Griebel and J. W. H. M. Uiterwijk,
//! "Combining combinatorial game theory with an α-β solver for Clobber", BNAIC 2016).
//!
//! # Sizes
//!
//! | size | positions | start (x to move) | |
//! |---|--:|---|---|
//! | `clobber:rows=3,columns=3` | 761 | win in 5 plies | first use |
//! | `clobber:rows=3,columns=4` | 13,343 | loss in 8 plies | first use |
//! | `clobber:rows=4,columns=4` | 600,161 | win in 11 plies | first use, 1.3 s |

use core::fmt;

use perfect_play_core::family::{Args, Family, Param, SizeError};
use perfect_play_core::notation::{Notation, Side, Spelling};
use perfect_play_core::{Game, Value};

use super::grid::{Grid, ORTHOGONAL, rows_and_columns};

use super::registered::Registered;

/// A Clobber position: the stones and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Clobber {
    grid: Grid,
    second: bool,
}

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &rows_and_columns([1, 6, 3], [1, 6, 3]);

impl Family for Clobber {
    const FAMILY: &'static str = "clobber";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<Clobber, SizeError> {
        let mut grid = Grid::of_size(args);
        let columns = usize::from(grid.width);
        for cell in 0..grid.cells() {
            let (r, c) = (cell / columns, cell % columns);
            grid.set(cell, Some(Side::second_if((r + c) % 2 == 1)));
        }
        Ok(Clobber {
            grid,
            second: false,
        })
    }

    fn args(&self) -> Args {
        self.grid.size_args(PARAMS)
    }
}

impl Clobber {
    /// The side to move's moves: a stone's cell and the orthogonally neighbouring cell of
    /// the other's stone it clobbers.
    fn clobbers(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let other = Some(self.to_move().other());
        self.grid
            .steps(self.to_move(), &ORTHOGONAL, move |_, target| target == other)
    }
}

/// In the catalogue: every size solved on first use.
impl Registered for Clobber {}

impl Game for Clobber {
    /// The stone's cell and the cell it clobbers, row-major from 0.
    type Move = (u8, u8);

    /// The 3x3 board.
    fn start() -> Clobber {
        Clobber::at(&Args::defaults(PARAMS)).unwrap_or(Clobber {
            grid: Grid::empty(3, 3),
            second: false,
        })
    }

    /// The board in base 3, then the side to move.
    fn key(&self) -> u64 {
        self.grid.key_and_side(self.second)
    }

    /// The side to move has no move: it has lost.
    fn finished(&self) -> Option<Value> {
        self.clobbers().next().is_none().then_some(Value::Loss)
    }

    fn moves(&self, visit: &mut dyn FnMut((u8, u8), Clobber)) {
        for (from, to) in self.clobbers() {
            let next = Clobber {
                grid: self.grid.moved(from, to),
                second: !self.second,
            };
            visit((from as u8, to as u8), next);
        }
    }
}

/// The notation's letters: the pieces, and the side to move after the board.
const SPELLING: Spelling = Spelling {
    pieces: ['x', 'o'],
    cells: "x, o or .",
    sides: Some("x or o"),
};

impl Notation for Clobber {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = SPELLING.pieces;
    const TITLE: &'static str = "Clobber";
    const RULES: &'static str = "The board starts full of stones in a checkerboard. A move takes one of one's stones onto an orthogonally neighbouring stone of the other player, which is removed. x moves first. A player who cannot move loses.";
    const MOVE_HELP: &'static str = "FROM-TO, cells numbered from 1 at the top left, like 1-2";

    sided_grid!();

    from_to_moves!(36);

}

impl fmt::Display for Clobber {
    /// The rows from the top split by `/`, then the side to move: `xox/oxo/xox x`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.write_sided(f, Self::PIECES, self.to_move())
    }
}

family_text!(Clobber);
