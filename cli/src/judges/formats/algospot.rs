//! The `algospot` format (algospot TICTACTOE): a count line, then three rows of three cells
//! per board.
//!
//! Blank lines are skipped anywhere. Every three rows make one board, answered in its place
//! even when a row is bad (an `error` answer at the bad row's line). A count that does not
//! match the boards given is reported at the count line after all boards are answered: too
//! many are still answered, too few are answered as far as they go.

use std::io::{self, Read};

use super::{Fault, Item, Items, NotABoard};
use crate::input::{Line, LineReader};
use perfect_play::games::tictactoe::Board;
use perfect_play::games::tictactoe::parse_row;

/// Where the reader is in its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Looking for the count line.
    Count,
    /// Reading boards.
    Boards,
    /// The input has ended: the count is checked.
    Ended,
    /// Nothing more to hand on.
    Done,
}

/// Reads the count line, then boards of three rows.
pub struct Algospot<R> {
    input: LineReader<R>,
    state: State,
    /// The count line's number and the count it gives, if it gave one.
    count: Option<(u64, u64)>,
    /// Boards handed on so far, good or bad.
    boards: u64,
    partial: PartialBoard,
}

impl<R: Read> Algospot<R> {
    /// A reader of the `algospot` format.
    pub fn new(input: LineReader<R>) -> Algospot<R> {
        Algospot {
            input,
            state: State::Count,
            count: None,
            boards: 0,
            partial: PartialBoard::default(),
        }
    }

    /// The count line: the first that is not blank.
    fn count(&mut self) -> io::Result<Option<(u64, Item)>> {
        loop {
            let Some((number, line)) = self.input.next_line()? else {
                self.state = State::Done;
                let end = self.input.line_number() + 1;
                return Ok(Some((end, Item::fault(Fault::Empty))));
            };
            let fault = match line {
                Line::TooLong(length) => Fault::CountTooLong(length),
                Line::Text(text) if text.trim_ascii().is_empty() => continue,
                Line::Text(text) => match parse_count(text.trim_ascii()) {
                    Ok(count) => {
                        self.count = Some((number, count));
                        self.state = State::Boards;
                        return Ok(None);
                    }
                    Err(fault) => fault,
                },
            };
            self.state = State::Boards;
            return Ok(Some((number, Item::fault(fault))));
        }
    }

    /// One row, or the end of the input.
    #[cold]
    fn row(&mut self) -> io::Result<Option<(u64, Item)>> {
        loop {
            let Some((number, line)) = self.input.next_line()? else {
                self.state = State::Ended;
                if self.partial.rows == 0 {
                    return Ok(None);
                }
                self.boards += 1;
                let partial = std::mem::take(&mut self.partial);
                let item = Item::not_a_board(None, NotABoard::CutShort(partial.rows));
                return Ok(Some((partial.first_line, item)));
            };
            let row = match line {
                Line::TooLong(length) => Err(NotABoard::TooLong(length)),
                Line::Text(text) if text.trim_ascii().is_empty() => continue,
                Line::Text(text) => {
                    parse_row(text, self.partial.rows + 1).map_err(NotABoard::Board)
                }
            };
            if let Some((line, item)) = self.partial.push(number, row) {
                self.boards += 1;
                return Ok(Some((line, item)));
            }
        }
    }
}

impl<R: Read> Algospot<R> {
    /// Everything but a whole board straight from the buffer: the count line, a row at a
    /// time, the end of the input and the count's check.
    #[cold]
    fn general(&mut self) -> io::Result<Option<(u64, Item)>> {
        loop {
            match self.state {
                State::Count => {
                    if let Some(fault) = self.count()? {
                        return Ok(Some(fault));
                    }
                }
                State::Boards => {
                    if let Some(item) = self.row()? {
                        return Ok(Some(item));
                    }
                }
                State::Ended => {
                    self.state = State::Done;
                    if let Some((line, count)) = self.count {
                        if count != self.boards {
                            let boards = self.boards;
                            let fault = Fault::Miscount { count, boards };
                            return Ok(Some((line, Item::fault(fault))));
                        }
                    }
                }
                State::Done => return Ok(None),
            }
        }
    }
}

impl<R: Read> Items for Algospot<R> {
    fn next_item(&mut self) -> io::Result<Option<(u64, Item)>> {
        self.general()
    }

    #[inline(always)]
    fn boards<E>(&mut self, each: impl FnMut(u64, u16) -> Result<(), E>) -> Result<(), E> {
        // Three rows of three cells, straight from the buffer, between whole boards.
        if self.state != State::Boards || self.partial.rows != 0 {
            return Ok(());
        }
        self.boards += self.input.take_run(3, three_rows, each)?;
        Ok(())
    }

    fn line_number(&self) -> u64 {
        self.input.line_number()
    }
}

/// A count line: decimal digits, at most `u64::MAX`.
fn parse_count(text: &[u8]) -> Result<u64, Fault> {
    let shown = || String::from_utf8_lossy(text).into_owned();
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return Err(Fault::NotACount(shown()));
    }
    text.iter()
        .try_fold(0u64, |count, &digit| {
            count.checked_mul(10)?.checked_add(u64::from(digit - b'0'))
        })
        .ok_or_else(|| Fault::CountTooLarge(shown()))
}

/// If `text` starts with three rows of exactly three cells, each ended by `\n` (or each by
/// `\r\n`): the board's code and the rows' length with their ends.
#[inline(always)]
fn three_rows(text: &[u8]) -> Option<(u16, usize)> {
    match text.first_chunk::<12>() {
        Some(&[c0, c1, c2, b'\n', c3, c4, c5, b'\n', c6, c7, c8, b'\n']) => Some((
            Board::nine_cells_code(&[c0, c1, c2, c3, c4, c5, c6, c7, c8])?,
            12,
        )),
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
            ) => Some((
                Board::nine_cells_code(&[c0, c1, c2, c3, c4, c5, c6, c7, c8])?,
                15,
            )),
            _ => None,
        },
    }
}

/// The rows of a board read so far, and the first fault among them.
#[derive(Default)]
struct PartialBoard {
    rows: u8,
    first_line: u64,
    x: u16,
    o: u16,
    fault: Option<(u64, NotABoard)>,
}

impl PartialBoard {
    /// Adds the row read at `line`. After the third row, returns the board at its first
    /// line, or its first fault at the fault's line, and starts afresh.
    fn push(&mut self, line: u64, row: Result<(u8, u8), NotABoard>) -> Option<(u64, Item)> {
        if self.rows == 0 {
            self.first_line = line;
        }
        match row {
            Ok((x, o)) => {
                self.x |= u16::from(x) << (3 * self.rows);
                self.o |= u16::from(o) << (3 * self.rows);
            }
            Err(why) => {
                self.fault.get_or_insert((line, why));
            }
        }
        self.rows += 1;
        if self.rows < 3 {
            return None;
        }
        let done = std::mem::take(self);
        Some(match done.fault {
            Some((line, why)) => (line, Item::not_a_board(None, why)),
            None => (
                done.first_line,
                Item::Board(Board::from_disjoint_masks(done.x, done.o)),
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(parse_count(b"3"), Ok(3));
        assert_eq!(parse_count(b"18446744073709551615"), Ok(u64::MAX));
        assert!(matches!(
            parse_count(b"18446744073709551616"),
            Err(Fault::CountTooLarge(_))
        ));
        assert!(matches!(parse_count(b"-1"), Err(Fault::NotACount(_))));
        assert!(matches!(parse_count(b"three"), Err(Fault::NotACount(_))));
    }
}
