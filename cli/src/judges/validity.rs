//! `perfect-play validity`, the judges' adapter: can a real game end on each board (Baekjoon 7682's question).
//!
//! `invalid` is an answer, not a fault: it says nothing on stderr and leaves the exit
//! status at 0. Only text that is not a board is a fault (`error`, status 1).

use std::fmt::Display;
use std::io::Write;

use super::Render;
use super::cache::Answer;
use crate::messages::json_error;
use crate::wire;
use perfect_play::games::tictactoe::Board;

/// How to write each answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// `valid` or `invalid`.
    Plain,
    /// `valid` or `invalid: why`.
    Explain,
    /// One JSON object per board.
    Json,
}

/// Answers `valid`, `invalid` or `error` per board, in a [`Style`].
pub struct Validity {
    /// How to write each answer.
    pub style: Style,
}

impl Render for Validity {
    fn board(&self, board: Board) -> Answer {
        let verdict = board.check_final();
        let mut line = Vec::new();
        // Writing into a Vec cannot fail.
        match (self.style, verdict) {
            (Style::Plain | Style::Explain, Ok(_)) => line.extend_from_slice(b"valid\n"),
            (Style::Plain, Err(_)) => line.extend_from_slice(b"invalid\n"),
            (Style::Explain, Err(why)) => {
                let _ = writeln!(line, "invalid: {why}");
            }
            (Style::Json, _) => wire::line(&mut line, &wire::Validity::of(board)),
        }
        Answer::new(&line, None)
    }

    fn not_a_board(&self, line: &mut Vec<u8>, text: Option<&[u8]>, why: &dyn Display) {
        match self.style {
            Style::Plain => line.extend_from_slice(b"error\n"),
            Style::Explain => {
                let _ = writeln!(line, "error: {why}");
            }
            Style::Json => json_error(line, text, why),
        }
    }
}
