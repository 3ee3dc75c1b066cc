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
use core::str::FromStr;

use perfect_play_core::family::{Args, Family, Param, SizeError};
use perfect_play_core::notation::{Notation, ParseError, Side, parse_side};
use perfect_play_core::{Game, MoveShape, Value};

use super::grid::{Grid, from_to, parse_from_to, rows_and_columns, write_from_to};

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
        let rows = u8::try_from(args.get(0).int()).unwrap_or(3);
        let columns = u8::try_from(args.get(1).int()).unwrap_or(3);
        let mut grid = Grid::empty(columns, rows);
        for cell in 0..grid.cells() {
            let (r, c) = (cell / usize::from(columns), cell % usize::from(columns));
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
        self.grid.key() * 2 + u64::from(self.second)
    }

    /// The side to move has no move: it has lost.
    fn finished(&self) -> Option<Value> {
        let side = self.to_move();
        let any = (0..self.grid.cells()).any(|from| {
            self.grid.get(from) == Some(side)
                && [(-1, 0), (0, -1), (0, 1), (1, 0)].into_iter().any(|(dr, dc)| {
                    self.grid
                        .step(from, dr, dc)
                        .is_some_and(|to| self.grid.get(to) == Some(side.other()))
                })
        });
        (!any).then_some(Value::Loss)
    }

    fn moves(&self, visit: &mut dyn FnMut((u8, u8), Clobber)) {
        let side = self.to_move();
        for from in 0..self.grid.cells() {
            if self.grid.get(from) != Some(side) {
                continue;
            }
            for (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)] {
                let Some(to) = self.grid.step(from, dr, dc) else {
                    continue;
                };
                if self.grid.get(to) == Some(side.other()) {
                    let mut next = Clobber {
                        grid: self.grid,
                        second: !self.second,
                    };
                    next.grid.set(from, None);
                    next.grid.set(to, Some(side));
                    visit((from as u8, to as u8), next);
                }
            }
        }
    }
}

/// The cells, for an error message.
const CELLS: &str = "x, o or .";

impl Notation for Clobber {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = ['x', 'o'];
    const TITLE: &'static str = "Clobber";
    const RULES: &'static str = "The board starts full of stones in a checkerboard. A move takes one of one's stones onto an orthogonally neighbouring stone of the other player, which is removed. x moves first. A player who cannot move loses.";
    const MOVE_HELP: &'static str = "FROM-TO, cells numbered from 1 at the top left, like 1-2";

    fn to_move(&self) -> Side {
        Side::second_if(self.second)
    }

    fn width(&self) -> usize {
        usize::from(self.grid.width)
    }

    fn height(&self) -> usize {
        usize::from(self.grid.height)
    }

    fn piece(&self, cell: u8) -> Option<Side> {
        self.grid.get(usize::from(cell))
    }

    fn move_shape(&self, (from, to): (u8, u8)) -> MoveShape {
        from_to(from, Some(to))
    }

    fn write_move((from, to): (u8, u8), out: &mut dyn fmt::Write) -> fmt::Result {
        write_from_to(from, to, out)
    }

    fn parse_move(text: &str) -> Result<(u8, u8), ParseError> {
        parse_from_to(text, 36, Self::MOVE_HELP)
    }

    /// Reads the rows at this position's size and the side to move.
    fn parse_at(&self, text: &str) -> Result<Clobber, ParseError> {
        let (grid, rest) = self.grid.parse(text, Self::PIECES, CELLS)?;
        let second = parse_side(rest, Self::PIECES, "x or o")? == Side::Second;
        Ok(Clobber { grid, second })
    }
}

impl fmt::Display for Clobber {
    /// The rows from the top split by `/`, then the side to move: `xox/oxo/xox x`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.write(f, Self::PIECES)?;
        write!(f, " {}", if self.second { 'o' } else { 'x' })
    }
}

impl fmt::Debug for Clobber {
    /// The size and the position: what a solver's error names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {self}", self.sized())
    }
}

impl FromStr for Clobber {
    type Err = ParseError;

    /// Reads a position at the default size, 3x3 (see [`Notation::parse_at`] for others).
    fn from_str(text: &str) -> Result<Clobber, ParseError> {
        Clobber::start().parse_at(text)
    }
}
