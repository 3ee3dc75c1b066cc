//! The input formats of the batch commands. Each reader turns the lines of one source into
//! [`Item`]s, in input order, each with the line it stands at:
//!
//! - [`lines`]: one board per line in any one-line spelling [`Board`] parses; a blank line
//!   is an [`Item::Blank`], so that the N-th answer stands for the N-th line.
//!   With `until_end`, the `boj` format (Baekjoon 7682): boards until a line `end`.
//! - [`algospot`] (algospot TICTACTOE): a count line, then three rows of three cells per
//!   board.
//!
//! Boards are read with the library's parser ([`Board::from_ascii`] and its row and
//! nine-cell forms), so every format accepts the same cells and reports the same faults,
//! with columns counted in the line as given.

pub mod algospot;
pub mod lines;

use std::fmt::{self, Display};
use std::io;

use perfect_play::games::tictactoe::{Board, ParseBoardError};

/// The input formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One board per line: 9 cells (`xo.x..o..`) or 3 rows split by `/` or spaces.
    Lines,
    /// Baekjoon 7682: one 9-cell board per line, then a line `end`.
    Boj,
    /// algospot TICTACTOE: a line with the number of boards, then 3 rows per board.
    Algospot,
}

/// What a reader found at a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A board.
    Board(Board),
    /// A blank line where a board could stand (the `lines` format): it gets an empty
    /// answer line.
    Blank,
    /// Text where a board should stand that is not one: it gets an `error` answer. `text`
    /// is the line as given when one line holds it.
    NotABoard(Box<Unreadable>),
    /// A fault in the input's shape that no answer stands for (a wrong count, a missing
    /// `end`): a message only.
    Fault(Box<Fault>),
}

/// Text where a board should stand, and why it is not one. (Boxed in [`Item`], so that the
/// item the readers hand on by the million stays two words.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// The line as given, when one line holds it.
    pub text: Option<Box<[u8]>>,
    /// Why it is not a board.
    pub why: NotABoard,
}

impl Item {
    /// Text that is not a board.
    pub fn not_a_board(text: Option<&[u8]>, why: NotABoard) -> Item {
        Item::NotABoard(Box::new(Unreadable {
            text: text.map(Box::from),
            why,
        }))
    }

    /// A fault in the input's shape.
    pub fn fault(fault: Fault) -> Item {
        Item::Fault(Box::new(fault))
    }
}

/// A reader of one source: the items of its lines, one at a time.
pub trait Items {
    /// The next item and the line it stands at (counting from 1), or `None` at the end.
    ///
    /// # Errors
    /// Reading the source failed: the rest of it is lost.
    fn next_item(&mut self) -> io::Result<Option<(u64, Item)>>;

    /// The common case, ahead of [`next_item`](Items::next_item): the run of boards that
    /// stands next in the reader's buffer, each in the simplest spelling of its format,
    /// handed to `each` with its line and its [`Board::code`]. Stops at the first line that
    /// is anything else, and at the first error of `each` (which it returns); hands on
    /// nothing if the next line is not such a board.
    fn boards<E>(&mut self, each: impl FnMut(u64, u16) -> Result<(), E>) -> Result<(), E>;

    /// The number of the last line read, counting from 1; 0 before the first.
    fn line_number(&self) -> u64;
}

/// Why text where a board should stand is not one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotABoard {
    /// The text does not spell a board (or, in `algospot`, a row of one).
    Board(ParseBoardError),
    /// A line longer than the reader keeps, by its length in bytes.
    TooLong(u64),
    /// The input ended after this many rows of an `algospot` board.
    CutShort(u8),
}

impl Display for NotABoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotABoard::Board(error) => write!(f, "not a board: {error}"),
            NotABoard::TooLong(length) => write!(f, "line too long ({length} bytes)"),
            NotABoard::CutShort(rows) => write!(
                f,
                "not a board: the input ended after {rows} of the board's 3 rows"
            ),
        }
    }
}

/// A fault in the shape of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// `boj`: the input ended without its `end` line (in any case).
    MissingEnd,
    /// `boj`: text after the `end` line (left unread).
    AfterEnd,
    /// `algospot`: nothing at all, not even the count.
    Empty,
    /// `algospot`: the count line is not a number of boards.
    NotACount(String),
    /// `algospot`: the count line's number does not fit in 64 bits.
    CountTooLarge(String),
    /// `algospot`: the count line is longer than the reader keeps.
    CountTooLong(u64),
    /// `algospot`: the count does not match the boards given.
    Miscount {
        /// What the count line says.
        count: u64,
        /// How many boards the input holds.
        boards: u64,
    },
}

impl Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::MissingEnd => f.write_str("the input ended without the `end` line"),
            Fault::AfterEnd => f.write_str("text after the `end` line; ignored from here on"),
            Fault::Empty => f.write_str("the input is empty: expected the number of boards"),
            Fault::NotACount(text) => write!(
                f,
                "expected the number of boards, found {text:?}; reading boards to the end"
            ),
            Fault::CountTooLarge(text) => write!(
                f,
                "the number of boards {text} is too large; reading boards to the end"
            ),
            Fault::CountTooLong(length) => write!(
                f,
                "expected the number of boards, found a line too long ({length} bytes)"
            ),
            Fault::Miscount { count, boards } => write!(
                f,
                "the count says {count} board{}, but the input holds {boards}",
                if *count == 1 { "" } else { "s" }
            ),
        }
    }
}
