//! Misère tic-tac-toe: tic-tac-toe where the player who makes three in a row loses.
//!
//! The board and the moves are tic-tac-toe's (`src/tictactoe/rules.rs`); only the
//! result differs. With perfect play the game is a draw.
//!
//! # Notation
//!
//! A position is the board's three rows from the top, split by `/`, `x`, `o` and `.` for an
//! empty cell: `x../.o./...` (the nine cells without the `/` are read too: `x...o....`).
//! x moves first, so the marks say whose turn it is. A move is the cell a person names,
//! 1-9 (1 2 3 on the top row, 7 8 9 on the bottom): `5` is the centre.
//!
//! ```
//! use perfect_play::games::{MISERE, Misere};
//!
//! let position: Misere = "x../.o./...".parse()?;
//! assert_eq!(position.to_string(), "x../.o./...");
//! assert!(MISERE.probe(&position).is_some());
//! # Ok::<(), perfect_play::games::ParseError>(())
//! ```

use core::fmt;
use core::str::FromStr;

use perfect_play_core::notation::{
    Notation, ParseError, ParseErrorKind, Side, Spelling, parse_one_cell, parse_position,
    piece_in, write_position,
};
use perfect_play_core::{Game, Value};
use super::tictactoe::{Board, Player};

/// A misère tic-tac-toe position: a tic-tac-toe board, x to move first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Misere(pub Board);

impl Game for Misere {
    type Move = u8;

    fn start() -> Misere {
        Misere(Board::EMPTY)
    }

    fn key(&self) -> u64 {
        u64::from(self.0.code())
    }

    /// The player who just moved made three in a row: the side to move has won.
    fn finished(&self) -> Option<Value> {
        if self.0.has_line(Player::X) || self.0.has_line(Player::O) {
            Some(Value::Win)
        } else if self.0.empty_mask() == 0 {
            Some(Value::Draw)
        } else {
            None
        }
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Misere)) {
        let mover = self.0.turn();
        let mut empty = self.0.empty_mask();
        while empty != 0 {
            let cell = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            visit(cell, Misere(self.0.with(cell, mover)));
        }
    }
}

// --- Notation ---------------------------------------------------------------------------

/// The notation's letters: `x` and `o`; the marks say whose turn it is.
const SPELLING: Spelling = Spelling {
    pieces: ['x', 'o'],
    cells: "x, o or .",
    sides: None,
};

impl Notation for Misere {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = SPELLING.pieces;
    const MOVE_HELP: &'static str = "a cell 1-9, like 5";

    fn to_move(&self) -> Side {
        Side::second_if(self.0.turn() == Player::O)
    }

    fn piece(&self, cell: u8) -> Option<Side> {
        piece_in(self.masks(), cell)
    }

    fn write_move(cell: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", u16::from(cell) + 1)
    }

    fn parse_move(text: &str) -> Result<u8, ParseError> {
        parse_one_cell(text, Self::MOVE_HELP)
    }
}

impl Misere {
    /// The cells of x and of o, as 9-bit masks.
    fn masks(&self) -> [u16; 2] {
        [self.0.mask(Player::X), self.0.mask(Player::O)]
    }
}

impl fmt::Display for Misere {
    /// The board's rows from the top, split by `/`: `x../.o./...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_position(self.masks(), self.to_move(), &SPELLING, f)
    }
}

impl fmt::Debug for Misere {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Misere({self})")
    }
}

impl FromStr for Misere {
    type Err = ParseError;

    /// Reads the board's three rows split by `/` (`x../.o./...`) or its nine cells
    /// (`x...o....`); x moves first, so the marks say whose turn it is.
    fn from_str(text: &str) -> Result<Misere, ParseError> {
        let ([x, o], _) = parse_position(text, &SPELLING)?;
        // The masks of a parsed grid are disjoint and 9-bit, so this never fails.
        Board::from_masks(x, o)
            .map(Misere)
            .ok_or(ParseError::new(0, ParseErrorKind::Empty))
    }
}
