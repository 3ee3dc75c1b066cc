//! The input formats: each turns the lines of one source into boards, handed one at a time
//! to a [`Sink`] in input order, with every fault located by line.
//!
//! - `lines`: one board per line in any one-line form [`Board`] parses; blank lines skipped.
//! - `boj` (Baekjoon 7682): one board per line until a line `end`.
//! - `algospot` (TICTACTOE): a count line, then three rows of three cells per board.
//!
//! The common case, a line of exactly nine cells (or a block of three three-cell rows), is
//! read straight out of the reader's buffer by [`fast_code`] without a call per line; any
//! other line takes the general path through [`Board::from_ascii`]. Both read the same
//! cell alphabet (`x o` in either case, `. - _` empty), so they agree on every board.

use std::fmt::{self, Display};
use std::io::{self, Read};

use perfect_play::Board;

use super::input::{Line, LineReader};
use super::output::OutputError;

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

/// What a format reader hands its boards and faults to.
pub trait Sink {
    /// A board read from `line`, given by its base-3 code ([`Board::code`], below 19,683):
    /// the fast readers compute the code straight from the text, and the code is all the
    /// memo needs; [`Board::from_code`] gives the board back when an answer needs it.
    ///
    /// # Errors
    /// Writing the answer failed.
    fn board(&mut self, line: u64, code: u16) -> Result<(), OutputError>;

    /// Text in place of a board that is not one: it gets an `error` answer. `given` is the
    /// text when there is one line of it to show.
    ///
    /// # Errors
    /// Writing the answer failed.
    fn unreadable(
        &mut self,
        line: u64,
        given: Option<&[u8]>,
        why: &dyn Display,
    ) -> Result<(), OutputError>;

    /// A fault in the shape of the input that no answer line stands for (a wrong count, a
    /// missing `end`): a message only.
    ///
    /// # Errors
    /// Writing the answers before the message failed.
    fn problem(&mut self, line: u64, why: &dyn Display) -> Result<(), OutputError>;
}

/// Why a format reader stopped early.
#[derive(Debug)]
pub enum Stop {
    /// Reading the input failed: the rest of this source is lost.
    Input(io::Error),
    /// Writing the output failed: nothing more can be said.
    Output(OutputError),
}

impl From<OutputError> for Stop {
    fn from(error: OutputError) -> Stop {
        Stop::Output(error)
    }
}

/// Reads every board of one source in `format` into `sink`.
///
/// # Errors
/// See [`Stop`].
pub fn read<R: Read>(
    format: Format,
    input: &mut LineReader<R>,
    sink: &mut impl Sink,
) -> Result<(), Stop> {
    match format {
        Format::Lines => read_lines(input, sink, false),
        Format::Boj => read_lines(input, sink, true),
        Format::Algospot => read_algospot(input, sink),
    }
}

/// What a cell byte means: its base-3 digit (0 empty, 1 x, 2 o), or [`NOT_A_CELL`] for
/// anything else. The same alphabet as [`Board::from_ascii`]: `x o` in either case,
/// `. - _` empty.
#[allow(clippy::indexing_slicing)] // evaluated at compile time: a bad index fails the build
const CELLS: [u8; 256] = {
    let mut table = [NOT_A_CELL; 256];
    table[b'x' as usize] = 1;
    table[b'X' as usize] = 1;
    table[b'o' as usize] = 2;
    table[b'O' as usize] = 2;
    table[b'.' as usize] = 0;
    table[b'-' as usize] = 0;
    table[b'_' as usize] = 0;
    table
};
const NOT_A_CELL: u8 = 4;

/// The digit of one cell byte, or [`NOT_A_CELL`].
#[inline(always)]
fn cell(byte: u8) -> u8 {
    CELLS.get(usize::from(byte)).copied().unwrap_or(NOT_A_CELL)
}

/// What two cell bytes `a b` mean together, at `PAIRS[a << 8 | b]`: `digit(a) + 3 *
/// digit(b)` (0..9), or [`NOT_A_PAIR`] if either is not a cell.
///
/// 64 KiB, but a board touches only the 49 entries of valid pairs, which lie in 14 cache
/// lines (the alphabet's bytes fall in two 64-byte ranges).
#[allow(clippy::indexing_slicing)] // evaluated at compile time: a bad index fails the build
static PAIRS: [u8; 65_536] = {
    let mut table = [NOT_A_PAIR; 65_536];
    let mut index = 0;
    while index < 65_536 {
        let (a, b) = (CELLS[index >> 8], CELLS[index & 0xff]);
        if a != NOT_A_CELL && b != NOT_A_CELL {
            table[index] = a + 3 * b;
        }
        index += 1;
    }
    table
};
const NOT_A_PAIR: u8 = 16;

/// The value of the cell bytes `a b` ([`PAIRS`]).
#[inline(always)]
fn pair(a: u8, b: u8) -> u16 {
    let index = usize::from(a) << 8 | usize::from(b);
    u16::from(PAIRS.get(index).copied().unwrap_or(NOT_A_PAIR))
}

/// The base-3 code ([`Board::code`]) of the board spelled by nine cell bytes, or `None` if
/// any byte is not a cell.
///
/// Four lookups of two cells each and one of a single cell, summed by their weights (cell
/// `i` weighs `3^i`). Measured with callgrind on 200,000 lines, the binary takes 108
/// instructions a board this way against 128 with a lookup and multiply-add per cell
/// (Horner's rule; BENCHMARKS.md), which was itself twice as fast as building the x and o
/// masks and asking the board for its code.
#[inline(always)]
pub fn fast_code(cells: &[u8; 9]) -> Option<u16> {
    let [c0, c1, c2, c3, c4, c5, c6, c7, c8] = *cells;
    let (p0, p1, p2, p3) = (pair(c0, c1), pair(c2, c3), pair(c4, c5), pair(c6, c7));
    let last = u16::from(cell(c8));
    if (p0 | p1 | p2 | p3) & u16::from(NOT_A_PAIR) != 0 || last == u16::from(NOT_A_CELL) {
        return None;
    }
    Some(p0 + 9 * p1 + 81 * p2 + 729 * p3 + 6_561 * last)
}

/// If `text` starts with a line of exactly nine cells (ended by `\n` or `\r\n`): the
/// board's code and the line's length with its end.
#[inline(always)]
fn fast_line(text: &[u8]) -> Option<(u16, usize)> {
    match text.first_chunk::<11>() {
        Some(&[c0, c1, c2, c3, c4, c5, c6, c7, c8, b'\n', _]) => {
            Some((fast_code(&[c0, c1, c2, c3, c4, c5, c6, c7, c8])?, 10))
        }
        Some(&[c0, c1, c2, c3, c4, c5, c6, c7, c8, b'\r', b'\n']) => {
            Some((fast_code(&[c0, c1, c2, c3, c4, c5, c6, c7, c8])?, 11))
        }
        // The last line of the buffer: fewer than 11 bytes may follow.
        _ => match text.first_chunk::<10>() {
            Some(&[c0, c1, c2, c3, c4, c5, c6, c7, c8, b'\n']) => {
                Some((fast_code(&[c0, c1, c2, c3, c4, c5, c6, c7, c8])?, 10))
            }
            _ => None,
        },
    }
}

/// If `text` starts with three rows of exactly three cells (each ended by `\n`, or each by
/// `\r\n`): the board's code and the rows' length with their ends.
#[inline(always)]
fn fast_rows(text: &[u8]) -> Option<(u16, usize)> {
    match text.first_chunk::<12>() {
        Some(&[c0, c1, c2, b'\n', c3, c4, c5, b'\n', c6, c7, c8, b'\n']) => {
            Some((fast_code(&[c0, c1, c2, c3, c4, c5, c6, c7, c8])?, 12))
        }
        _ => match text.first_chunk::<15>() {
            Some(
                &[
                    c0,
                    c1,
                    c2,
                    b'\r',
                    b'\n',
                    c3,
                    c4,
                    c5,
                    b'\r',
                    b'\n',
                    c6,
                    c7,
                    c8,
                    b'\r',
                    b'\n',
                ],
            ) => Some((fast_code(&[c0, c1, c2, c3, c4, c5, c6, c7, c8])?, 15)),
            _ => None,
        },
    }
}

/// A line that is not a board, and why.
struct NotABoard<E>(E);

impl<E: Display> Display for NotABoard<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a board: {}", self.0)
    }
}

/// A line longer than the reader keeps.
struct TooLong(u64);

impl Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line too long ({} bytes)", self.0)
    }
}

/// The `lines` format, and with `until_end` the `boj` format.
fn read_lines<R: Read>(
    input: &mut LineReader<R>,
    sink: &mut impl Sink,
    until_end: bool,
) -> Result<(), Stop> {
    loop {
        // Fast path: every line of exactly nine cells and a `\n` in the buffer, in one go.
        let buffered = input.buffered();
        let (mut used, mut lines) = (0, 0);
        while let Some((code, length)) = buffered.get(used..).and_then(fast_line) {
            lines += 1;
            used += length;
            sink.board(input.line_number() + lines, code)?;
        }
        input.consume_lines(used, lines);

        // General path: one line, whatever it holds.
        let Some((number, line)) = input.next_line().map_err(Stop::Input)? else {
            break;
        };
        match line {
            Line::TooLong(length) => sink.unreadable(number, None, &TooLong(length))?,
            Line::Text(text) => {
                let trimmed = text.trim_ascii();
                if trimmed.is_empty() {
                    continue;
                }
                if until_end && trimmed == b"end" {
                    return after_end(input, sink);
                }
                match Board::from_ascii(trimmed) {
                    Ok(board) => sink.board(number, board.code())?,
                    Err(error) => sink.unreadable(number, Some(trimmed), &NotABoard(error))?,
                }
            }
        }
    }
    if until_end {
        sink.problem(
            input.line_number() + 1,
            &"the input ended without the `end` line",
        )?;
    }
    Ok(())
}

/// After `end` in the `boj` format: anything but blank lines is reported (once) and left
/// unread.
fn after_end<R: Read>(input: &mut LineReader<R>, sink: &mut impl Sink) -> Result<(), Stop> {
    while let Some((number, line)) = input.next_line().map_err(Stop::Input)? {
        if !matches!(line, Line::Text(text) if text.trim_ascii().is_empty()) {
            sink.problem(number, &"text after the `end` line; ignored from here on")?;
            break;
        }
    }
    Ok(())
}

/// The `algospot` format: a count line, then three rows of three cells per board.
///
/// Blank lines are skipped anywhere. Every three rows make one board, answered in its
/// place even when a row is bad (an `error` answer, with the bad row's line). A count that
/// does not match the boards given is reported at the count line, after all boards are
/// answered: too many are still answered, too few are answered as far as they go.
fn read_algospot<R: Read>(input: &mut LineReader<R>, sink: &mut impl Sink) -> Result<(), Stop> {
    // The count line: the first that is not blank.
    let (count_line, count) = loop {
        match input.next_line().map_err(Stop::Input)? {
            None => {
                sink.problem(
                    input.line_number() + 1,
                    &"the input is empty: expected the number of boards",
                )?;
                return Ok(());
            }
            Some((_, Line::Text(text))) if text.trim_ascii().is_empty() => {}
            Some((number, line)) => {
                let count = match line {
                    Line::TooLong(length) => Err(CountError::TooLong(length)),
                    Line::Text(text) => parse_count(text.trim_ascii()),
                };
                match count {
                    Ok(count) => break (number, Some(count)),
                    Err(error) => {
                        sink.problem(number, &error)?;
                        break (number, None);
                    }
                }
            }
        }
    };

    let mut board = PartialBoard::default();
    let mut boards: u64 = 0;
    loop {
        // Fast path: whole boards of three `ccc\n` rows straight from the buffer.
        if board.rows == 0 {
            let buffered = input.buffered();
            let (mut used, mut lines) = (0, 0);
            while let Some((code, length)) = buffered.get(used..).and_then(fast_rows) {
                used += length;
                lines += 3;
                boards += 1;
                sink.board(input.line_number() + lines - 2, code)?;
            }
            input.consume_lines(used, lines);
        }

        // General path: one row.
        let Some((number, line)) = input.next_line().map_err(Stop::Input)? else {
            break;
        };
        let row = match line {
            Line::TooLong(length) => Err(RowError::TooLong(length)),
            Line::Text(text) if text.trim_ascii().is_empty() => continue,
            Line::Text(text) => parse_row(text),
        };
        if let Some(done) = board.push(number, row) {
            boards += 1;
            match done {
                Ok((first, read)) => sink.board(first, read.code())?,
                Err((line, error)) => {
                    sink.unreadable(line, None, &NotABoard(error))?;
                }
            }
        }
    }
    if board.rows > 0 {
        boards += 1;
        sink.unreadable(
            board.first_line,
            None,
            &NotABoard(RowError::CutShort(board.rows)),
        )?;
    }
    if let Some(count) = count.filter(|&count| count != boards) {
        sink.problem(
            count_line,
            &format_args!(
                "the count says {count} board{}, but the input holds {boards}",
                if count == 1 { "" } else { "s" }
            ),
        )?;
    }
    Ok(())
}

/// Why a count line is not a count.
#[derive(Debug)]
enum CountError<'a> {
    NotANumber(&'a [u8]),
    TooLarge(&'a [u8]),
    TooLong(u64),
}

impl Display for CountError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::NotANumber(text) => write!(
                f,
                "expected the number of boards, found {:?}; reading boards to the end",
                String::from_utf8_lossy(text)
            ),
            CountError::TooLarge(text) => write!(
                f,
                "the number of boards {} is too large; reading boards to the end",
                String::from_utf8_lossy(text)
            ),
            CountError::TooLong(length) => write!(
                f,
                "expected the number of boards, found a line too long ({length} bytes)"
            ),
        }
    }
}

/// A count line: decimal digits, at most `u64::MAX`.
fn parse_count(text: &[u8]) -> Result<u64, CountError<'_>> {
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return Err(CountError::NotANumber(text));
    }
    text.iter()
        .try_fold(0u64, |count, &digit| {
            count.checked_mul(10)?.checked_add(u64::from(digit - b'0'))
        })
        .ok_or(CountError::TooLarge(text))
}

/// Why a row (or the board it belongs to) cannot be read.
#[derive(Debug, Clone, Copy)]
enum RowError {
    /// A byte that is not a cell, at a 1-based column of the line.
    Unexpected {
        found: Found,
        column: usize,
    },
    /// A row of the wrong length.
    Length(usize),
    TooLong(u64),
    /// The input ended after this many rows of a board.
    CutShort(u8),
}

impl Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowError::Unexpected { found, column } => write!(
                f,
                "unexpected {found} at column {column}: a cell is x, o or . (- and _ also mean empty)"
            ),
            RowError::Length(cells) => write!(f, "a row has {cells} cells, expected 3"),
            RowError::TooLong(length) => TooLong(*length).fmt(f),
            RowError::CutShort(rows) => {
                write!(f, "the input ended after {rows} of the board's 3 rows")
            }
        }
    }
}

/// What stood where a cell should be: a character, or a byte that does not begin one.
#[derive(Debug, Clone, Copy)]
enum Found {
    Char(char),
    Byte(u8),
}

impl Found {
    fn at(text: &[u8]) -> Found {
        let head = text.get(..4.min(text.len())).unwrap_or_default();
        let valid = match std::str::from_utf8(head) {
            Ok(all) => all,
            Err(error) => head
                .get(..error.valid_up_to())
                .and_then(|prefix| std::str::from_utf8(prefix).ok())
                .unwrap_or_default(),
        };
        match (valid.chars().next(), text.first()) {
            (Some(c), _) => Found::Char(c),
            (None, byte) => Found::Byte(byte.copied().unwrap_or(0)),
        }
    }
}

impl Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Char(c) => write!(f, "{c:?}"),
            Found::Byte(byte) => write!(f, "byte 0x{byte:02x}"),
        }
    }
}

/// A row of three cells, surrounding whitespace ignored: the cells' x and o bits.
fn parse_row(text: &[u8]) -> Result<(u8, u8), RowError> {
    let leading = text.len() - text.trim_ascii_start().len();
    let row = text.trim_ascii();
    let (mut x, mut o) = (0u8, 0u8);
    for (index, &byte) in row.iter().enumerate() {
        let cell = cell(byte);
        if cell == NOT_A_CELL {
            return Err(RowError::Unexpected {
                found: Found::at(row.get(index..).unwrap_or_default()),
                column: leading + index + 1,
            });
        }
        if index < 3 {
            x |= (cell & 1) << index;
            o |= (cell >> 1 & 1) << index;
        }
    }
    if row.len() == 3 {
        Ok((x, o))
    } else {
        Err(RowError::Length(row.len()))
    }
}

/// The rows of an algospot board read so far, or the first fault among them.
#[derive(Default)]
struct PartialBoard {
    rows: u8,
    first_line: u64,
    x: u16,
    o: u16,
    fault: Option<(u64, RowError)>,
}

impl PartialBoard {
    /// Adds the row read at `line`. After the third row, returns the board (with its first
    /// line) or its first fault (with the fault's line), and starts afresh.
    #[allow(clippy::type_complexity)] // a one-off pair of results, named in the doc above
    fn push(
        &mut self,
        line: u64,
        row: Result<(u8, u8), RowError>,
    ) -> Option<Result<(u64, Board), (u64, RowError)>> {
        if self.rows == 0 {
            self.first_line = line;
        }
        match row {
            Ok((x, o)) => {
                self.x |= u16::from(x) << (3 * self.rows);
                self.o |= u16::from(o) << (3 * self.rows);
            }
            Err(error) => {
                self.fault.get_or_insert((line, error));
            }
        }
        self.rows += 1;
        if self.rows < 3 {
            return None;
        }
        let done = std::mem::take(self);
        Some(match done.fault {
            Some(fault) => Err(fault),
            // Each row's x and o bits are disjoint, so the masks always make a board.
            None => Board::from_masks(done.x, done.o)
                .map(|board| (done.first_line, board))
                .ok_or((done.first_line, RowError::Length(0))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_code_agrees_with_the_library_parser_on_every_nine_cell_spelling() {
        // Every byte in every position, against Board::from_ascii.
        let base = *b"x.o.x.o..";
        for position in 0..9 {
            for byte in 0..=255u8 {
                let mut cells = base;
                cells[position] = byte;
                let fast = fast_code(&cells);
                match Board::from_ascii(&cells) {
                    Ok(board) if fast.is_some() => assert_eq!(fast, Some(board.code())),
                    // Whitespace inside nine bytes makes a shorter board text, never nine cells.
                    _ => assert_eq!(fast, None, "{cells:?}"),
                }
            }
        }
    }

    #[test]
    fn counts() {
        assert_eq!(parse_count(b"3").ok(), Some(3));
        assert_eq!(parse_count(b"18446744073709551615").ok(), Some(u64::MAX));
        assert!(matches!(
            parse_count(b"18446744073709551616"),
            Err(CountError::TooLarge(_))
        ));
        assert!(matches!(parse_count(b"-1"), Err(CountError::NotANumber(_))));
        assert!(matches!(
            parse_count(b"three"),
            Err(CountError::NotANumber(_))
        ));
    }

    #[test]
    fn rows() {
        assert_eq!(parse_row(b"xo.").ok(), Some((0b001, 0b010)));
        assert_eq!(parse_row(b" XO_ ").ok(), Some((0b001, 0b010)));
        assert!(matches!(parse_row(b"xo"), Err(RowError::Length(2))));
        assert!(matches!(
            parse_row(b"x\xffo"),
            Err(RowError::Unexpected {
                found: Found::Byte(0xff),
                column: 2
            })
        ));
        assert!(matches!(
            parse_row("xé.".as_bytes()),
            Err(RowError::Unexpected {
                found: Found::Char('é'),
                column: 2
            })
        ));
    }
}
