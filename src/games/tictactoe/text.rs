//! Boards as text: parsing ([`FromStr`], [`Board::from_ascii`]), printing ([`Display`]), and
//! tic-tac-toe's [`Notation`] (moves are cells as a person names them, 1-9). Misère
//! tic-tac-toe reads and names its boards and moves through this module too: one 3x3
//! alphabet for both.
//!
//! Compiled with the rules (`rules.rs` brings it in), so `build.rs` has it too.
//!
//! Accepted: nine cells in a row (`xo.x..o..`), or three rows of three split by `/`,
//! spaces, tabs or line breaks (`xo./x../o..`; a run of separators counts as one, and
//! separators before the first row or after the last are ignored). `x` and `o` in either case; `.`, `-` and `_`
//! for an empty cell. Whitespace around the board is ignored.

use core::fmt::{self, Display};
use core::str::FromStr;

use perfect_play_core::notation::{Notation, ParseError, ParseErrorKind, Side, parse_one_cell, last_line};
use perfect_play_core::Line;

use super::{Board, Player};

impl Board {
    /// Parses a board from bytes, as [`str::parse`] does from text, without needing UTF-8.
    ///
    /// Error columns count bytes from the start of `text` as given, whitespace included.
    ///
    /// ```
    /// use perfect_play::games::tictactoe::Board;
    ///
    /// let board = Board::from_ascii(b"xx./oo./...")?;
    /// assert_eq!(board.to_string(), "xx.oo....");
    /// # Ok::<(), perfect_play::games::ParseError>(())
    /// ```
    pub fn from_ascii(text: &[u8]) -> Result<Board, ParseBoardError> {
        let leading = text.len() - text.trim_ascii_start().len();
        let text = text.trim_ascii();
        // The common spellings, `xo.x..o..` and `xo./x../o..`, without a branch per byte;
        // anything else, errors included, takes the general path below.
        if let Some(board) = nine_cells(text) {
            return Ok(board);
        }
        if text.is_empty() {
            return Err(ParseBoardError::new(ErrorKind::Empty, 0));
        }
        let (mut x, mut o) = (0u16, 0u16);
        let (mut cells, mut rows, mut in_row) = (0u8, 0u8, 0u8);
        let mut separated = false;
        for (offset, &byte) in text.iter().enumerate() {
            let bits = cell_bits(byte);
            if bits == NOT_CELL {
                if !is_separator(byte) {
                    return Err(ParseBoardError::unexpected(text, offset, leading));
                }
                if in_row > 0 {
                    if in_row != 3 {
                        let column = leading + offset + 1;
                        return Err(ParseBoardError::row_length(rows + 1, usize::from(in_row), column));
                    }
                    rows += 1;
                    in_row = 0;
                }
                separated = true;
                continue;
            }
            if cells == 9 {
                let column = leading + offset + 1;
                if separated {
                    return Err(ParseBoardError::new(ErrorKind::RowCount(row_count(text)), column));
                }
                return Err(ParseBoardError::new(ErrorKind::TooManyCells, column));
            }
            x |= u16::from(bits & 1) << cells;
            o |= u16::from(bits >> 1) << cells;
            cells += 1;
            in_row += 1;
            if separated && in_row > 3 {
                let column = leading + offset + 1;
                return Err(ParseBoardError::row_length(rows + 1, usize::from(in_row), column));
            }
        }
        // A separator after the last row is as harmless as one before the first.
        if separated && in_row != 0 && in_row != 3 {
            let column = leading + text.len() + 1;
            return Err(ParseBoardError::row_length(rows + 1, usize::from(in_row), column));
        }
        if separated && cells % 3 == 0 && cells != 9 {
            return Err(ParseBoardError::new(ErrorKind::RowCount(row_count(text)), 0));
        }
        if cells != 9 {
            return Err(ParseBoardError::new(ErrorKind::CellCount(cells), 0));
        }
        // Each cell set one bit of x or of o, never both.
        Ok(Board::from_disjoint_masks(x, o))
    }
}

/// A byte's cell bits: 1 for `x`, 2 for `o`, 0 for an empty cell, [`NOT_CELL`] for any
/// other byte. This table is the cell alphabet: every parser reads cells through it.
#[allow(clippy::indexing_slicing)] // constant indices into a 256-entry table, at compile time
const CELL: [u8; 256] = {
    let mut table = [NOT_CELL; 256];
    table[b'x' as usize] = 1;
    table[b'X' as usize] = 1;
    table[b'o' as usize] = 2;
    table[b'O' as usize] = 2;
    table[b'.' as usize] = 0;
    table[b'-' as usize] = 0;
    table[b'_' as usize] = 0;
    table
};
const NOT_CELL: u8 = 4;

/// The cell bits of one byte ([`CELL`]).
#[inline(always)]
#[allow(clippy::indexing_slicing)] // a byte indexes a 256-entry table
const fn cell_bits(byte: u8) -> u8 {
    CELL[byte as usize]
}

/// The board spelt by exactly nine cell bytes, or by three rows of three split by single
/// separators; `None` for any other text (which may still be a board).
#[inline]
fn nine_cells(text: &[u8]) -> Option<Board> {
    match *text {
        [a, b, c, d, e, f, g, h, i] => Board::from_nine_cells(&[a, b, c, d, e, f, g, h, i]),
        [a, b, c, s, d, e, f, t, g, h, i] if is_separator(s) && is_separator(t) => {
            Board::from_nine_cells(&[a, b, c, d, e, f, g, h, i])
        }
        _ => None,
    }
}

impl Board {
    /// The board spelt by exactly nine cell bytes (`xo.x..o..`), or `None` if one of them
    /// is not a cell. No branch per byte.
    #[inline]
    pub(crate) fn from_nine_cells(cells: &[u8; 9]) -> Option<Board> {
        let (mut x, mut o, mut bad) = (0u16, 0u16, 0u8);
        for (index, &byte) in cells.iter().enumerate() {
            let bits = cell_bits(byte);
            x |= u16::from(bits & 1) << index;
            o |= u16::from((bits >> 1) & 1) << index;
            bad |= bits;
        }
        if bad & NOT_CELL != 0 {
            return None;
        }
        Some(Board::from_disjoint_masks(x, o))
    }
}

/// One row of a board given a row per line (the algospot format): exactly three cells
/// after trimming whitespace, as `(x, o)` bits of cells 0..3. `row` (1..=3) and the
/// columns in errors count against `text` as given.
#[doc(hidden)]
pub fn parse_row(text: &[u8], row: u8) -> Result<(u8, u8), ParseBoardError> {
    let leading = text.len() - text.trim_ascii_start().len();
    let cells = text.trim_ascii();
    let (mut x, mut o) = (0u8, 0u8);
    for (offset, &byte) in cells.iter().enumerate() {
        let bits = cell_bits(byte);
        if bits == NOT_CELL {
            return Err(ParseBoardError::unexpected(cells, offset, leading));
        }
        if offset < 3 {
            x |= (bits & 1) << offset;
            o |= (bits >> 1) << offset;
        }
    }
    if cells.len() == 3 {
        Ok((x, o))
    } else {
        Err(ParseBoardError::row_length(row, cells.len(), 0))
    }
}

/// The nine-cell parse for the batch readers, which meet it tens of millions of times a
/// second: straight to the board's [`Board::code`] (the answer cache's key), two cells per
/// table load. `PAIRS[a | b << 8]` (the two bytes read as one little-endian `u16`) holds the
/// base-3 number `digit(a) + 3 * digit(b)` of cells `a b`, or [`BAD_CELLS`].
///
/// 256 KiB, but a board touches only the 49 entries of valid pairs, which lie in 35 cache
/// lines; kept to the binary's feature so that a library user does not carry it.
#[allow(clippy::indexing_slicing)] // evaluated at compile time: a bad index fails the build
static PAIRS: [u32; 65_536] = {
    let mut table = [BAD_CELLS; 65_536];
    let mut index = 0;
    while index < 65_536 {
        let (a, b) = (SINGLES[index & 0xff], SINGLES[index >> 8]);
        if a != BAD_CELLS && b != BAD_CELLS {
            table[index] = a + 3 * b;
        }
        index += 1;
    }
    table
};

/// A cell's base-3 digit as in [`Board::code`] (0 empty, 1 x, 2 o), or [`BAD_CELLS`].
#[allow(clippy::indexing_slicing)] // evaluated at compile time: a bad index fails the build
static SINGLES: [u32; 256] = {
    let mut table = [BAD_CELLS; 256];
    let mut byte = 0;
    while byte < 256 {
        let bits = CELL[byte];
        if bits != NOT_CELL {
            table[byte] = (bits & 1) as u32 + 2 * (bits >> 1) as u32;
        }
        byte += 1;
    }
    table
};

/// The mark of a byte that is not a cell, in [`PAIRS`] and [`SINGLES`].
const BAD_CELLS: u32 = 1 << 31;

impl Board {
    /// The [`Board::code`] of [`Board::from_nine_cells`]`(cells)`, through [`PAIRS`]: the
    /// same board for every input, in fewer instructions (BENCHMARKS.md has the count).
    #[inline(always)]
    #[allow(clippy::indexing_slicing)] // bytes index tables of 256 and 65,536 entries
    #[doc(hidden)]
    pub fn nine_cells_code(cells: &[u8; 9]) -> Option<u16> {
        // The first eight cells in one load: each pair of bytes is one index into PAIRS.
        // (`split_at(8)` of nine bytes always gives eight; the zeros of the fallback are not
        // cells, so it could only send the text to the general parser.)
        let (head, last) = cells.split_at(8);
        let word = u64::from_le_bytes(head.try_into().unwrap_or([0; 8]));
        let pair = |shift: u32| PAIRS[usize::from((word >> shift) as u16)];
        let (p0, p1, p2, p3) = (pair(0), pair(16), pair(32), pair(48));
        let last = SINGLES[usize::from(last.first().copied().unwrap_or(0))];
        if (p0 | p1 | p2 | p3 | last) & BAD_CELLS != 0 {
            return None;
        }
        // Below 3^9: each pair is below 9, the last digit below 3.
        Some((p0 + 9 * p1 + 81 * p2 + 729 * p3 + 6561 * last) as u16)
    }
}

/// How many rows of cells `text` has, split by separators.
fn row_count(text: &[u8]) -> usize {
    text.split(|&byte| is_separator(byte))
        .filter(|row| !row.is_empty())
        .count()
}

/// A byte that separates rows.
const fn is_separator(byte: u8) -> bool {
    matches!(byte, b'/' | b' ' | b'\t' | b'\r' | b'\n')
}

/// Reads a board as [`Board::from_ascii`] does; the error is the games' [`ParseError`],
/// with the column where the text goes wrong (counted in characters from 1).
impl FromStr for Board {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Board, ParseError> {
        Board::from_ascii(text.as_bytes()).map_err(ParseError::from)
    }
}

/// Tic-tac-toe's notation: the board as [`Display`] and [`FromStr`] give it (nine cells,
/// or three rows split by `/`), x to move first so the marks say whose turn it is, and a
/// move as the cell a person names, 1-9.
impl Notation for Board {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = ['x', 'o'];
    const MOVE_HELP: &'static str = "a cell 1-9, like 5";
    const TITLE: &'static str = "Tic-tac-toe";
    const RULES: &'static str = "Two players, x and o, take turns marking an empty cell of a 3x3 board; x moves first. Cells are numbered 1-9, 1 2 3 on the top row. Three marks of one player in a row, column or diagonal win at once. A full board without three in a row is a draw.";

    fn to_move(&self) -> Side {
        Side::second_if(self.turn() == Player::O)
    }

    fn piece(&self, cell: u8) -> Option<Side> {
        self.at(cell).map(|player| Side::second_if(player == Player::O))
    }

    cell_moves!();

    fn parse_move(text: &str) -> Result<u8, ParseError> {
        parse_one_cell(text, Self::MOVE_HELP)
    }

    /// The three in a row that ended the game, made by the side that moved last.
    fn winning_line(&self) -> Option<(Side, Line)> {
        last_line(self, 3)
    }
}

/// Nine cells in a row, `x`, `o` and `.` (`xo.x..o..`); with `{:#}`, three rows on three
/// lines. Either form parses back to the same board.
impl Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (cell, mark) in self.cells().into_iter().enumerate() {
            if f.alternate() && (cell == 3 || cell == 6) {
                f.write_str("\n")?;
            }
            f.write_str(match mark {
                Some(Player::X) => "x",
                Some(Player::O) => "o",
                None => ".",
            })?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(\"{self}\")")
    }
}

/// Why text is not a board, in the judges' words (the batch formats print it as it is).
/// [`str::parse`] gives the same error as the games' [`ParseError`] (`From` converts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseBoardError {
    kind: ErrorKind,
    /// Where the text goes wrong, counted in bytes from 1; 0 when it is about the whole
    /// text (or the row given alone, for [`parse_row`]).
    column: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ErrorKind {
    Empty,
    /// What was found, and the number of the cell it stands for (0..9).
    Unexpected(Found, usize),
    RowLength { row: u8, cells: usize },
    CellCount(u8),
    TooManyCells,
    /// Rows split by separators, but not three of them.
    RowCount(usize),
}

/// What stood where a cell or separator should be: a character, or a byte that does not
/// begin one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    Char(char),
    Byte(u8),
}

impl Found {
    fn at(text: &[u8], offset: usize) -> Found {
        let rest = text.get(offset..).unwrap_or_default();
        let valid = match core::str::from_utf8(rest) {
            Ok(all) => all,
            Err(error) => rest
                .get(..error.valid_up_to())
                .and_then(|prefix| core::str::from_utf8(prefix).ok())
                .unwrap_or_default(),
        };
        match (valid.chars().next(), rest.first()) {
            (Some(c), _) => Found::Char(c),
            (None, Some(&byte)) => Found::Byte(byte),
            (None, None) => Found::Byte(0),
        }
    }
}

impl ParseBoardError {
    const fn new(kind: ErrorKind, column: usize) -> ParseBoardError {
        ParseBoardError { kind, column }
    }

    /// A byte that is not a cell at `offset` of `text`, which begins `leading` bytes into
    /// the text as given.
    fn unexpected(text: &[u8], offset: usize, leading: usize) -> ParseBoardError {
        let found = Found::at(text, offset);
        let before = text.get(..offset).unwrap_or_default();
        let cell = before.iter().filter(|&&b| cell_bits(b) != NOT_CELL).count();
        ParseBoardError::new(ErrorKind::Unexpected(found, cell), leading + offset + 1)
    }

    const fn row_length(row: u8, cells: usize, column: usize) -> ParseBoardError {
        ParseBoardError::new(ErrorKind::RowLength { row, cells }, column)
    }
}

/// The cells of the alphabet, for messages.
const CELLS: &str = "x, o or . (- and _ also mean empty)";

/// The same error in the games' words. Columns stay as they are: a text that is `str`
/// has only ASCII before the first byte that is not a cell, so bytes and characters count
/// alike up to it.
impl From<ParseBoardError> for ParseError {
    fn from(error: ParseBoardError) -> ParseError {
        let kind = match error.kind {
            ErrorKind::Empty => ParseErrorKind::Empty,
            ErrorKind::Unexpected(found, cell) => {
                let kind = ParseErrorKind::NotACell {
                    found: match found {
                        Found::Char(c) => c,
                        Found::Byte(_) => char::REPLACEMENT_CHARACTER,
                    },
                    expected: CELLS,
                };
                return ParseError::new(error.column, kind).on_cell(cell / 3 + 1, cell % 3 + 1);
            }
            ErrorKind::RowLength { row, cells } => ParseErrorKind::RowLength {
                row: usize::from(row),
                cells,
            },
            ErrorKind::CellCount(cells) => ParseErrorKind::CellCount {
                cells: usize::from(cells),
            },
            ErrorKind::TooManyCells => ParseErrorKind::TooManyCells,
            ErrorKind::RowCount(rows) => ParseErrorKind::RowCount { rows, expected: 3 },
        };
        ParseError::new(error.column, kind)
    }
}

impl Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ErrorKind::Empty => f.write_str("empty board: expected 9 cells"),
            ErrorKind::Unexpected(found, _) => {
                match found {
                    Found::Char(c) => write!(f, "unexpected {c:?}")?,
                    Found::Byte(b) => write!(f, "unexpected byte 0x{b:02x}")?,
                }
                write!(f, " at column {}: a cell is {CELLS}", self.column)
            }
            ErrorKind::RowLength { row, cells } => {
                write!(f, "row {row} has {cells} cells, expected 3")
            }
            ErrorKind::CellCount(cells) => write!(f, "expected 9 cells, found {cells}"),
            ErrorKind::TooManyCells => f.write_str("expected 9 cells, found more"),
            ErrorKind::RowCount(rows) => write!(f, "{rows} rows, expected 3"),
        }
    }
}

impl core::error::Error for ParseBoardError {}

#[cfg(test)]
mod tests {
    //! The accepted spellings and each error's message, as the module docs promise them.

    extern crate std;
    use std::borrow::ToOwned;
    use std::string::ToString;

    use super::Board;

    /// The board read as the judges' readers read it, or their message.
    fn parse(text: &str) -> Result<std::string::String, std::string::String> {
        Board::from_ascii(text.as_bytes())
            .map(|board| board.to_string())
            .map_err(|error| error.to_string())
    }

    /// The same text read with `str::parse`: the games' `ParseError`, with its column.
    fn parse_str(text: &str) -> Result<std::string::String, std::string::String> {
        text.parse::<Board>()
            .map(|board| board.to_string())
            .map_err(|error| error.to_string())
    }

    #[test]
    fn spellings() {
        for text in [
            "xo.X-O_..",
            "xo./X-O/_..",
            "xo. X-O _..",
            "xo.\nX-O\n_..",
            "xo.\r\nX-O\r\n_..\r\n",
            "  xo.//X-O//_..  ",
            "/xo./X-O/_../",
        ] {
            assert_eq!(parse(text), Ok("xo.x.o...".into()), "{text:?}");
        }
    }

    #[test]
    fn errors_say_what_is_wrong() {
        // Each text with the judges' message (`Board::from_ascii`) and the games' one
        // (`str::parse`: the same error, with the column where it can say one).
        const CELLS: &str = "x, o or . (- and _ also mean empty)";
        let cases = [
            ("", "empty board: expected 9 cells", "empty: expected a position"),
            (" \n", "empty board: expected 9 cells", "empty: expected a position"),
            ("xo.", "expected 9 cells, found 3", "expected 9 cells, found 3"),
            ("xo.xo.xo.x", "expected 9 cells, found more", "expected 9 cells, found more"),
            ("xo./xo../...", "row 2 has 4 cells, expected 3", "row 2 has 4 cells, expected 3"),
            ("xo./xo/...", "row 2 has 2 cells, expected 3", "row 2 has 2 cells, expected 3"),
            ("xo./xo./..", "row 3 has 2 cells, expected 3", "row 3 has 2 cells, expected 3"),
            (" xo.x?....", "unexpected '?' at column 6: a cell is {}", "row 2, column 2: `?` is not a cell: expected {}"),
            ("xo.x\u{e9}....", "unexpected '\u{e9}' at column 5: a cell is {}", "row 2, column 2: `\u{e9}` is not a cell: expected {}"),
            ("xo./xo./.../...", "4 rows, expected 3", "4 rows, expected 3"),
            ("xo./xo.", "2 rows, expected 3", "2 rows, expected 3"),
            ("xo./x.?/...", "unexpected '?' at column 7: a cell is {}", "row 2, column 3: `?` is not a cell: expected {}"),
        ];
        for (text, judges, games) in cases {
            let (judges, games) = (judges.replace("{}", CELLS), games.replace("{}", CELLS));
            assert_eq!(parse(text), Err(judges), "{text:?}");
            assert_eq!(parse_str(text), Err(games), "{text:?}");
        }
        // Columns count the text as given, whitespace before the board included.
        assert_eq!(
            parse("   xo.x?....").map_err(|e| e.split(':').next().map(str::to_owned)),
            Err(Some("unexpected '?' at column 8".into()))
        );
        let error = Board::from_ascii(b"xo.x\xff....").map_err(|e| e.to_string());
        assert_eq!(
            error,
            Err(
                "unexpected byte 0xff at column 5: a cell is x, o or . (- and _ also mean empty)"
                    .into()
            )
        );
    }

    /// The batch readers' code-only parse gives the same board as the plain one: every board
    /// in its usual spelling, and every byte in every cell of one board.
    #[test]
    fn nine_cells_code_agrees() {
        for code in 0..19_683 {
            let board = Board::from_code(code).unwrap();
            let cells: [u8; 9] = board.to_string().as_bytes().try_into().unwrap();
            assert_eq!(Board::nine_cells_code(&cells), Some(code));
        }
        let base = *b"xo.XO.x.o";
        for cell in 0..9 {
            for byte in 0..=255u8 {
                let mut cells = base;
                cells[cell] = byte;
                let plain = Board::from_nine_cells(&cells).map(Board::code);
                assert_eq!(Board::nine_cells_code(&cells), plain, "{cells:?}");
            }
        }
    }
}
