//! Dodgem on a 3x3 board (Colin Vout's game, analysed in Berlekamp, Conway and Guy,
//! *Winning Ways*): a loopy game, won by the first player with perfect play.
//!
//! Cells 0..9 row-major from the top left. Blue, who moves first, has two cars on the
//! left edge (cells 0 and 3) that drive east, north or south and may leave the board only
//! eastwards, off the right edge. Red has two cars on the bottom edge (cells 7 and 8) that
//! drive north, east or west and may leave only northwards, off the top edge. A car moves
//! one cell onto an empty cell. The first player to have both cars off the board wins, at
//! once: the game ends with the move that takes the last car off. A player who has no
//! legal move on their turn, because their cars are blocked in, also wins (*Winning Ways*:
//! the winner is the first to have no legal move on their turn, all their cars off the
//! board or blocked in; a player whose cars are all off has won, and nothing the other
//! side can do changes it). Cars can go back and forth, so positions repeat.
//!
//! # Notation
//!
//! A position is the board's three rows from the top, split by `/`, `b` for a blue car,
//! `r` for a red one and `.` for an empty cell, then a space and the side to move, `b` or
//! `r`: the start is `b../b../.rr b`. A move is the car's cell and the cell it drives to,
//! as a person numbers them, 1-9 (1 2 3 on the top row, 7 8 9 on the bottom), or `off`
//! for driving off the board: `1-2` drives blue's top car east, `3-off` takes a blue car
//! off the right edge.
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
use core::str::FromStr;

use perfect_play_core::notation::{
    Notation, ParseError, Side, Spelling, parse_from_to, parse_position, piece_in,
    write_from_to, write_position,
};
use perfect_play_core::{Game, Value};

/// A Dodgem position: each side's cars as 9-bit cell masks, and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dodgem {
    /// Blue's cars (bit `i` is cell `i`).
    pub blue: u16,
    /// Red's cars.
    pub red: u16,
    /// Whether red is to move.
    pub red_to_move: bool,
}

/// A move: the car's cell and where it goes, `None` for off the board.
pub type DodgemMove = (u8, Option<u8>);

impl Game for Dodgem {
    type Move = DodgemMove;

    fn start() -> Dodgem {
        Dodgem {
            blue: 1 << 0 | 1 << 3,
            red: 1 << 7 | 1 << 8,
            red_to_move: false,
        }
    }

    fn key(&self) -> u64 {
        u64::from(self.blue) | u64::from(self.red) << 9 | u64::from(self.red_to_move) << 18
    }

    /// Over when a side has no car left on the board (it has won: the side that just
    /// moved its last car off, so a loss for the side to move), or when the side to move
    /// has no legal move (its cars are blocked in: it wins).
    fn finished(&self) -> Option<Value> {
        let (mine, theirs) = if self.red_to_move {
            (self.red, self.blue)
        } else {
            (self.blue, self.red)
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
        let occupied = self.blue | self.red;
        let mine = if self.red_to_move { self.red } else { self.blue };
        // (row step, column step) with forward first: blue east, north, south; red north,
        // west, east.
        let steps: [(i8, i8); 3] = if self.red_to_move {
            [(-1, 0), (0, -1), (0, 1)]
        } else {
            [(0, 1), (-1, 0), (1, 0)]
        };
        for from in 0..9u8 {
            if mine & (1 << from) == 0 {
                continue;
            }
            let (row, col) = ((from / 3) as i8, (from % 3) as i8);
            for (forward, (dr, dc)) in steps.into_iter().enumerate().map(|(i, s)| (i == 0, s)) {
                let (r, c) = (row + dr, col + dc);
                let on_board = (0..3).contains(&r) && (0..3).contains(&c);
                let to = if on_board {
                    let to = (r * 3 + c) as u8;
                    if occupied & (1 << to) != 0 {
                        continue;
                    }
                    Some(to)
                } else if forward {
                    None
                } else {
                    continue;
                };
                let moved = (mine & !(1 << from)) | to.map_or(0, |to| 1 << to);
                let (blue, red) = if self.red_to_move {
                    (self.blue, moved)
                } else {
                    (moved, self.red)
                };
                visit(
                    (from, to),
                    Dodgem {
                        blue,
                        red,
                        red_to_move: !self.red_to_move,
                    },
                );
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
    const RULES: &'static str = "Blue's two cars start on the left edge and drive east, north or south; red's two start on the bottom edge and drive north, east or west; blue moves first. A car moves one cell onto an empty cell, and leaves the board only forwards: blue's off the right edge, red's off the top. A player whose last car leaves the board wins at once; a player whose cars are blocked in, with no legal move on their turn, wins too. Positions can repeat: a game that never ends is a draw.";

    fn to_move(&self) -> Side {
        Side::second_if(self.red_to_move)
    }

    fn piece(&self, cell: u8) -> Option<Side> {
        piece_in([self.blue, self.red], cell)
    }

    fn write_move((from, to): DodgemMove, out: &mut dyn fmt::Write) -> fmt::Result {
        write_from_to(from, to, out)
    }

    fn parse_move(text: &str) -> Result<DodgemMove, ParseError> {
        parse_from_to(text, true, Self::MOVE_HELP)
    }
}

impl fmt::Display for Dodgem {
    /// The rows from the top and the side to move: `b../b../.rr b`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_position([self.blue, self.red], self.to_move(), &SPELLING, f)
    }
}

impl FromStr for Dodgem {
    type Err = ParseError;

    /// Reads the rows from the top and the side to move: `b../b../.rr b`.
    fn from_str(text: &str) -> Result<Dodgem, ParseError> {
        let ([blue, red], side) = parse_position(text, &SPELLING)?;
        Ok(Dodgem {
            blue,
            red,
            red_to_move: side == Side::Second,
        })
    }
}
