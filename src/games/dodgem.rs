//! Dodgem (Colin Vout's game, analysed in Berlekamp, Conway and Guy, *Winning Ways*), as a
//! family: `dodgem:n=3`, an `n` x `n` board with `n - 1` cars a side, as *Winning Ways*
//! sets it up. The 3x3 board is also the game of one size `dodgem` (its compiled table;
//! [`Dodgem3x3`]). A loopy game: cars can go back and forth, so positions repeat.
//!
//! Blue, who moves first, has its cars on the left edge (every row but the bottom one)
//! and drives them east, north or south; they leave the board only eastwards, off the
//! right edge. Red has its cars on the bottom edge (every column but the first) and drives
//! them north, east or west; they leave only northwards, off the top edge. A car moves one
//! cell onto an empty cell. The first player to have every car off the board wins, at
//! once: the game ends with the move that takes the last car off. A player who has no
//! legal move on their turn, because their cars are blocked in, also wins (*Winning Ways*:
//! the winner is the first to have no legal move on their turn, all their cars off the
//! board or blocked in; a player whose cars are all off has won, and nothing the other
//! side can do changes it). A game that never ends is a draw.
//!
//! # Parameters
//!
//! `n` from 2 to 4: the board's side (5x5 has more than the 10 million positions a size
//! may have to be solved on first use).
//!
//! # Notation
//!
//! A position is the board's rows from the top, split by `/`, `b` for a blue car, `r` for
//! a red one and `.` for an empty cell, then a space and the side to move, `b` or `r`: the
//! 3x3 start is `b../b../.rr b`. A move is the car's cell and the cell it drives to,
//! numbered row-major from 1 at the top left (1-9 on 3x3: 1 2 3 on the top row, 7 8 9 on
//! the bottom), or `off` for driving off the board: `1-2` drives blue's top car east,
//! `3-off` takes a blue car off the right edge.
//!
//! # Published results
//!
//! 3x3: a first-player win (*Winning Ways*, with the table of every position), in 19
//! plies here. 4x4 and 5x5: draws with perfect play (D. desJardins, 1996, as Wikipedia's
//! "Dodgem" article reports it); this crate's 4x4 agrees (`tests/families.rs`).
//!
//! # Sizes
//!
//! | size | positions | start (blue to move) | |
//! |---|--:|---|---|
//! | `dodgem:n=2` | 15 | win in 3 plies | first use |
//! | `dodgem:n=3` | 1,963 | win in 19 plies | compiled, as `dodgem` |
//! | `dodgem:n=4` | 393,900 | draw | first use (about 0.2 s) |
//!
//! ```
//! use perfect_play::games::{DODGEM, Dodgem, Notation, ShowMove};
//! use perfect_play::Value;
//! use perfect_play::Game;
//!
//! let start: Dodgem = "b../b../.rr b".parse()?;
//! assert_eq!(start, Dodgem::start());
//! assert_eq!(start.to_string(), "b../b../.rr b");
//! assert_eq!(DODGEM.probe(&start).map(|r| r.value), Some(Value::Win));
//! assert_eq!(Dodgem::parse_move("3-off")?, (2, None));
//! assert_eq!(ShowMove::<Dodgem>((0, Some(1))).to_string(), "1-2");
//! # Ok::<(), perfect_play::games::ParseError>(())
//! ```

use core::fmt;

use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
use perfect_play_core::notation::{Notation, ParseError, Side, Spelling, write_from_to};
use perfect_play_core::{Game, MoveShape, Value};

use super::grid::{Grid, from_to, parse_cells_move};

use super::registered::{Compiled, Layout, Registered};

/// A Dodgem position: the cars (blue's are the grid's first side) and whose turn it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dodgem {
    grid: Grid,
    red_to_move: bool,
}

/// Dodgem on 3x3, the game of one size `dodgem`: the family at its default size
/// ([`Game::start`] is 3x3).
pub type Dodgem3x3 = Dodgem;

/// A move: the car's cell and where it goes, `None` for off the board.
pub type DodgemMove = (u8, Option<u8>);

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &[Param {
    name: "n",
    kind: ParamKind::Integer,
    min: 2,
    max: 4,
    default: Arg::Int(3),
    doc: "the board's side; n - 1 cars a side",
}];

impl Family for Dodgem {
    const FAMILY: &'static str = "dodgem";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<Dodgem, SizeError> {
        let n = u8::try_from(args.get(0).int()).unwrap_or(3);
        let mut grid = Grid::empty(n, n);
        let side = usize::from(n);
        for i in 1..side {
            // Blue down the left edge from the top, red along the bottom from the right.
            grid.set((i - 1) * side, Some(Side::First));
            grid.set((side - 1) * side + i, Some(Side::Second));
        }
        Ok(Dodgem {
            grid,
            red_to_move: false,
        })
    }

    fn args(&self) -> Args {
        Args::defaults(PARAMS).with(0, Arg::Int(u32::from(self.grid.width)))
    }
}

/// In the catalogue: 3x3 is the game of one size `dodgem`, compiled in; every other size is
/// solved on first use.
impl Registered for Dodgem {
    const COMPILED: &'static [Compiled] = &[Compiled {
        table: "DODGEM",
        file: "dodgem_3x3",
        size: "n=3",
        layout: Layout::Phf,
    }];
    const NAMED: &'static [(&'static str, &'static str)] = &[("dodgem", "n=3")];
}

impl Game for Dodgem {
    type Move = DodgemMove;

    /// The 3x3 board.
    fn start() -> Dodgem {
        Dodgem::at(&Args::defaults(PARAMS)).unwrap_or(Dodgem {
            grid: Grid::empty(3, 3),
            red_to_move: false,
        })
    }

    /// Blue's cars, red's, and the side to move (`Grid::mask_key`): on 3x3 the key the
    /// table of `dodgem` has always had.
    fn key(&self) -> u64 {
        self.grid.mask_key(self.red_to_move)
    }

    /// Over when a side has no car left on the board (it has won: the side that just
    /// moved its last car off, so a loss for the side to move), or when the side to move
    /// has no legal move (its cars are blocked in: it wins).
    fn finished(&self) -> Option<Value> {
        let (mine, theirs) = if self.red_to_move {
            (self.grid.second, self.grid.first)
        } else {
            (self.grid.first, self.grid.second)
        };
        if theirs == 0 {
            return Some(Value::Loss);
        }
        if mine == 0 {
            return Some(Value::Win);
        }
        let mut any = false;
        self.moves(&mut |_, _| any = true);
        (!any).then_some(Value::Win)
    }

    fn moves(&self, visit: &mut dyn FnMut(DodgemMove, Dodgem)) {
        let side = Side::second_if(self.red_to_move);
        // (row step, column step) with forward first: blue east, north, south; red north,
        // west, east.
        let steps: [(i32, i32); 3] = if self.red_to_move {
            [(-1, 0), (0, -1), (0, 1)]
        } else {
            [(0, 1), (-1, 0), (1, 0)]
        };
        let cell = |c: usize| u8::try_from(c).unwrap_or(u8::MAX);
        for from in 0..self.grid.cells() {
            if self.grid.get(from) != Some(side) {
                continue;
            }
            for (i, (dr, dc)) in steps.into_iter().enumerate() {
                let to = match self.grid.step(from, dr, dc) {
                    Some(to) if self.grid.get(to).is_some() => continue,
                    Some(to) => Some(to),
                    // Off the board: forwards only.
                    None if i == 0 => None,
                    None => continue,
                };
                let mut next = Dodgem {
                    grid: self.grid,
                    red_to_move: !self.red_to_move,
                };
                next.grid.set(from, None);
                if let Some(to) = to {
                    next.grid.set(to, Some(side));
                }
                visit((cell(from), to.map(cell)), next);
            }
        }
    }
}

// --- Notation ---------------------------------------------------------------------------

/// The notation's letters: `b` and `r` for the cars and the side to move.
const SPELLING: Spelling = Spelling {
    pieces: ['b', 'r'],
    cells: "b, r or .",
    sides: Some("b or r"),
};

impl Notation for Dodgem {
    const SIDES: [&'static str; 2] = ["blue", "red"];
    const PIECES: [char; 2] = SPELLING.pieces;
    const MOVE_HELP: &'static str = "FROM-TO with cells 1-9 or off, like 1-2 or 3-off";
    const TITLE: &'static str = "Dodgem";
    const RULES: &'static str = "On an n x n board (3x3 unless sized otherwise) each side has n - 1 cars. Blue's start on the left edge and drive east, north or south; red's start on the bottom edge and drive north, east or west; blue moves first. A car moves one cell onto an empty cell, and leaves the board only forwards: blue's off the right edge, red's off the top. A player whose last car leaves the board wins at once; a player whose cars are blocked in, with no legal move on their turn, wins too. Positions can repeat: a game that never ends is a draw.";

    fn to_move(&self) -> Side {
        Side::second_if(self.red_to_move)
    }

    grid_board!(grid);

    fn move_help(&self) -> &'static str {
        let larger = "FROM-TO, cells numbered row-major from 1 at the top left, TO also off, like 1-2 or 4-off";
        self.grid.move_help(Self::MOVE_HELP, larger)
    }

    fn move_shape(&self, (from, to): DodgemMove) -> MoveShape {
        from_to(from, to)
    }

    fn write_move((from, to): DodgemMove, out: &mut dyn fmt::Write) -> fmt::Result {
        write_from_to(from, to, out)
    }

    /// Reads `FROM-TO` or `FROM-off`, cells from 1 (a board has at most 16).
    fn parse_move(text: &str) -> Result<DodgemMove, ParseError> {
        parse_cells_move(text, true, 16, Self::MOVE_HELP)
    }

    /// Reads `FROM-TO` or `FROM-off` with this board's cells: on 3x3, 1-9 alone.
    fn parse_move_at(&self, text: &str) -> Result<DodgemMove, ParseError> {
        parse_cells_move(text, true, self.grid.cells(), self.move_help())
    }

    /// Reads the rows at this position's size and the side to move.
    fn parse_at(&self, text: &str) -> Result<Dodgem, ParseError> {
        let (grid, side) = self.grid.parse_sided(text, &SPELLING)?;
        Ok(Dodgem {
            grid,
            red_to_move: side == Side::Second,
        })
    }
}

impl fmt::Display for Dodgem {
    /// The rows from the top and the side to move: `b../b../.rr b`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.write_sided(f, SPELLING.pieces, self.to_move())
    }
}

family_text!(Dodgem);
