//! Misère tic-tac-toe: tic-tac-toe where the player who makes three in a row loses.
//!
//! The board and the moves are tic-tac-toe's (`src/tictactoe/rules.rs`); only the
//! result differs. With perfect play the game is a draw.
//!
//! # Notation
//!
//! Tic-tac-toe's, read by the same code: a position is the board's three rows from the top,
//! split by `/`, `x`, `o` and `.` for an empty cell: `x../.o./...` (the nine cells without
//! the `/` are read too: `x...o....`, and `-` or `_` for an empty cell).
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

use perfect_play_core::notation::{Notation, ParseError, Side, Spelling, write_position, last_line};
use perfect_play_core::family::{Args, Family, Param, SizeError};
use perfect_play_core::{Game, Line, Value};

use super::registered::{Compiled, Layout, Registered};
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

    /// Tic-tac-toe's end, the other way round: the player who just moved made three in a
    /// row, so the side to move has won.
    fn finished(&self) -> Option<Value> {
        self.0.finished().map(Value::flip)
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Misere)) {
        self.0.moves(&mut |cell, board| visit(cell, Misere(board)));
    }
}

/// A game of one size: a family without parameters.
impl Family for Misere {
    const FAMILY: &'static str = "misere";
    const PARAMS: &'static [Param] = &[];

    fn at(_: &Args) -> Result<Misere, SizeError> {
        Ok(Misere::start())
    }

    fn args(&self) -> Args {
        Args::defaults(&[])
    }
}

/// In the catalogue: compiled in.
impl Registered for Misere {
    const COMPILED: &'static [Compiled] = &[Compiled {
        table: "MISERE",
        file: "misere",
        size: "",
        layout: Layout::Phf,
    }];
}

// --- Notation: tic-tac-toe's, the board's own ---------------------------------------------

/// The notation's letters: `x` and `o`; the marks say whose turn it is.
const SPELLING: Spelling = Spelling {
    pieces: Board::PIECES,
    cells: "x, o or .",
    sides: None,
};

impl Notation for Misere {
    const SIDES: [&'static str; 2] = Board::SIDES;
    const PIECES: [char; 2] = Board::PIECES;
    const MOVE_HELP: &'static str = Board::MOVE_HELP;
    const TITLE: &'static str = "Misère tic-tac-toe";
    const RULES: &'static str = "Tic-tac-toe turned around: x and o take turns marking an empty cell of a 3x3 board, x first, and the player who makes three in a row (row, column or diagonal) loses. A full board without three in a row is a draw.";

    fn to_move(&self) -> Side {
        self.0.to_move()
    }

    fn piece(&self, cell: u8) -> Option<Side> {
        self.0.piece(cell)
    }

    cell_moves!();

    fn parse_move(text: &str) -> Result<u8, ParseError> {
        Board::parse_move(text)
    }

    /// The three in a row that ended the game, made by the side that moved last.
    fn winning_line(&self) -> Option<(Side, Line)> {
        last_line(self, 3)
    }
}

impl fmt::Display for Misere {
    /// The board's rows from the top, split by `/`: `x../.o./...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let masks = [self.0.mask(Player::X), self.0.mask(Player::O)];
        write_position(masks, self.to_move(), &SPELLING, f)
    }
}

impl fmt::Debug for Misere {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Misere({self})")
    }
}

impl FromStr for Misere {
    type Err = ParseError;

    /// Reads a board as tic-tac-toe does: three rows split by `/` (`x../.o./...`) or nine
    /// cells (`x...o....`); x moves first, so the marks say whose turn it is.
    fn from_str(text: &str) -> Result<Misere, ParseError> {
        text.parse().map(Misere)
    }
}
