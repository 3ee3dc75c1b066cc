//! The `lines` format (one board per line) and the `boj` format (the same, until `end`).

use std::io::{self, Read};

use super::{Fault, Item, Items, NotABoard};
use crate::input::{Line, LineReader};
use perfect_play::games::tictactoe::Board;

/// Reads one board per line; with `until_end`, stops at a line `end` (the `boj` format).
pub struct Lines<R> {
    input: LineReader<R>,
    /// The `boj` format: blank lines are skipped, and the input ends with `end`.
    until_end: bool,
    /// Nothing more to hand on (and the input stopped, so that nothing more is buffered).
    done: bool,
}

impl<R: Read> Lines<R> {
    /// A reader of the `lines` format, or with `until_end` of the `boj` format.
    pub fn new(input: LineReader<R>, until_end: bool) -> Lines<R> {
        Lines {
            input,
            until_end,
            done: false,
        }
    }

    /// One line, whatever it holds.
    fn general(&mut self) -> io::Result<Option<(u64, Item)>> {
        if self.done {
            return Ok(None);
        }
        loop {
            let Some((number, line)) = self.input.next_line()? else {
                self.done = true;
                let end = self.input.line_number() + 1;
                return Ok(self
                    .until_end
                    .then_some((end, Item::fault(Fault::MissingEnd))));
            };
            let text = match line {
                Line::TooLong(length) => {
                    let item = Item::not_a_board(None, NotABoard::TooLong(length));
                    return Ok(Some((number, item)));
                }
                Line::Text(text) => text,
            };
            let trimmed = text.trim_ascii();
            if trimmed.is_empty() {
                if self.until_end {
                    continue;
                }
                return Ok(Some((number, Item::Blank)));
            }
            if self.until_end && trimmed.eq_ignore_ascii_case(b"end") {
                return self.after_end();
            }
            let item = match Board::from_ascii(text) {
                Ok(board) => Item::Board(board),
                Err(error) => Item::not_a_board(Some(trimmed), NotABoard::Board(error)),
            };
            return Ok(Some((number, item)));
        }
    }

    /// After `end`: blank lines are fine; anything else is reported once and left unread.
    fn after_end(&mut self) -> io::Result<Option<(u64, Item)>> {
        self.done = true;
        while let Some((number, line)) = self.input.next_line()? {
            if !matches!(line, Line::Text(text) if text.trim_ascii().is_empty()) {
                self.input.stop();
                return Ok(Some((number, Item::fault(Fault::AfterEnd))));
            }
        }
        Ok(None)
    }
}

impl<R: Read> Items for Lines<R> {
    fn next_item(&mut self) -> io::Result<Option<(u64, Item)>> {
        self.general()
    }

    #[inline(always)]
    fn boards<E>(&mut self, each: impl FnMut(u64, u16) -> Result<(), E>) -> Result<(), E> {
        // Lines of exactly nine cells, straight from the buffer.
        self.input.take_run(1, nine_cell_line, each).map(drop)
    }

    fn line_number(&self) -> u64 {
        self.input.line_number()
    }
}

/// If `text` starts with a line of exactly nine cells ended by `\n` or `\r\n`: its board's
/// code and the line's length with its end.
#[inline(always)]
fn nine_cell_line(text: &[u8]) -> Option<(u16, usize)> {
    let (cells, rest) = text.split_first_chunk::<9>()?;
    let length = match rest {
        [b'\n', ..] => 10,
        [b'\r', b'\n', ..] => 11,
        _ => return None,
    };
    Some((Board::nine_cells_code(cells)?, length))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_cell_lines() {
        let board = |text: &str| text.parse::<Board>().ok().map(Board::code);
        assert_eq!(
            nine_cell_line(b"xo.......\nrest"),
            Some((board("xo.......").unwrap(), 10))
        );
        assert_eq!(
            nine_cell_line(b"xo.......\r\n"),
            Some((board("xo.......").unwrap(), 11))
        );
        // No line end yet, a bad cell, a tenth cell, a lone `\r`: the general path decides.
        for text in [
            &b"xo......."[..],
            b"xo.....?.\n",
            b"xo........\n",
            b"xo.......\rx",
        ] {
            assert_eq!(nine_cell_line(text), None, "{text:?}");
        }
    }
}
