//! Hexapawn (Martin Gardner, 1962): three white pawns against three black pawns on a 3x3
//! board. White moves first.
//!
//! Cells 0..9 row-major; white starts on row 0 (cells 0-2) and moves down (+3), black
//! starts on row 2 (cells 6-8) and moves up (-3). A pawn steps straight forward onto an
//! empty cell, or diagonally forward onto an enemy pawn, capturing it. A player wins by
//! reaching the far row, by capturing every enemy pawn, or when the other player cannot
//! move. With perfect play black, the second player, wins.
//!
//! # Notation
//!
//! A position is the board's three rows from the top (white's home row first), split by
//! `/`, `w` for a white pawn, `b` for a black one and `.` for an empty cell, then a space
//! and the side to move, `w` or `b`: the start is `www/.../bbb w`. A move is the pawn's
//! cell and the cell it goes to, as a person numbers them, 1-9 (1 2 3 on the top row,
//! 7 8 9 on the bottom): `2-5` steps the middle pawn forward, `1-5` captures diagonally.
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
use core::str::FromStr;

use perfect_play_core::notation::{
    Notation, ParseError, ParseErrorKind, Side, Spelling, parse_from_to, parse_position,
    piece_in, write_from_to, write_position,
};
use perfect_play_core::{Game, MoveShape, Value};

/// A Hexapawn position: each side's pawns as 9-bit cell masks, and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hexapawn {
    /// White's pawns (bit `i` is cell `i`).
    pub white: u16,
    /// Black's pawns.
    pub black: u16,
    /// Whether black is to move.
    pub black_to_move: bool,
}

/// A move: the pawn's cell and the cell it goes to.
pub type HexapawnMove = (u8, u8);

impl Game for Hexapawn {
    type Move = HexapawnMove;

    fn start() -> Hexapawn {
        Hexapawn {
            white: 0b000_000_111,
            black: 0b111_000_000,
            black_to_move: false,
        }
    }

    fn key(&self) -> u64 {
        u64::from(self.white) | u64::from(self.black) << 9 | u64::from(self.black_to_move) << 18
    }

    /// The player who just moved won if a pawn of theirs is on the far row or the side to
    /// move has no pawn; the side to move loses too if it cannot move.
    fn finished(&self) -> Option<Value> {
        let (mine, theirs_home_reached) = if self.black_to_move {
            (self.black, self.white & 0b111_000_000 != 0)
        } else {
            (self.white, self.black & 0b000_000_111 != 0)
        };
        if mine == 0 || theirs_home_reached {
            return Some(Value::Loss);
        }
        let mut any = false;
        self.moves(&mut |_, _| any = true);
        (!any).then_some(Value::Loss)
    }

    fn moves(&self, visit: &mut dyn FnMut(HexapawnMove, Hexapawn)) {
        let (mine, theirs) = if self.black_to_move {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        };
        for from in 0..9u8 {
            if mine & (1 << from) == 0 {
                continue;
            }
            let (row, col) = (i16::from(from / 3), i16::from(from % 3));
            let next_row = if self.black_to_move { row - 1 } else { row + 1 };
            if !(0..3).contains(&next_row) {
                continue;
            }
            for dc in [0i16, -1, 1] {
                let c = col + dc;
                if !(0..3).contains(&c) {
                    continue;
                }
                let to = (next_row * 3 + c) as u8;
                let bit = 1u16 << to;
                let legal = if dc == 0 {
                    (mine | theirs) & bit == 0
                } else {
                    theirs & bit != 0
                };
                if legal {
                    let moved = (mine & !(1 << from)) | bit;
                    let left = theirs & !bit;
                    let (white, black) = if self.black_to_move {
                        (left, moved)
                    } else {
                        (moved, left)
                    };
                    visit(
                        (from, to),
                        Hexapawn {
                            white,
                            black,
                            black_to_move: !self.black_to_move,
                        },
                    );
                }
            }
        }
    }
}

// --- Notation ---------------------------------------------------------------------------

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
    const RULES: &'static str = "Three white pawns (top row) against three black pawns (bottom row) on a 3x3 board; white moves first. A pawn steps straight forward onto an empty cell, or diagonally forward onto an enemy pawn, capturing it. A player wins by reaching the far row, by capturing every enemy pawn, or when the other player has no move on their turn.";

    fn to_move(&self) -> Side {
        Side::second_if(self.black_to_move)
    }

    fn piece(&self, cell: u8) -> Option<Side> {
        piece_in([self.white, self.black], cell)
    }

    fn move_shape(&self, (from, to): HexapawnMove) -> MoveShape {
        MoveShape::FromTo {
            from: u16::from(from),
            to: Some(u16::from(to)),
        }
    }

    fn write_move((from, to): HexapawnMove, out: &mut dyn fmt::Write) -> fmt::Result {
        write_from_to(from, Some(to), out)
    }

    fn parse_move(text: &str) -> Result<HexapawnMove, ParseError> {
        match parse_from_to(text, false, Self::MOVE_HELP)? {
            (from, Some(to)) => Ok((from, to)),
            // Without `off`, TO is always a cell.
            (_, None) => Err(ParseError::new(
                0,
                ParseErrorKind::NotAMove {
                    expected: Self::MOVE_HELP,
                },
            )),
        }
    }
}

impl fmt::Display for Hexapawn {
    /// The rows from the top and the side to move: `www/.../bbb w`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_position([self.white, self.black], self.to_move(), &SPELLING, f)
    }
}

impl FromStr for Hexapawn {
    type Err = ParseError;

    /// Reads the rows from the top and the side to move: `www/.../bbb w`.
    fn from_str(text: &str) -> Result<Hexapawn, ParseError> {
        let ([white, black], side) = parse_position(text, &SPELLING)?;
        Ok(Hexapawn {
            white,
            black,
            black_to_move: side == Side::Second,
        })
    }
}
