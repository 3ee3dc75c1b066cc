//! `perfect-play outcome` without `--game`, the judges' adapter: who wins each
//! tic-tac-toe board under perfect play, in the judges' spelling (`x`, `o`, `TIE`), and
//! with `--json` the shape of [`crate::wire::JudgedBoard`] (cells 0-8), written by hand
//! for speed.

use std::fmt::Display;

use super::Render;
use super::cache::Answer;
use crate::messages::{NoGame, json_error, position_fields};
use perfect_play::games::tictactoe::{Board, Outcome, Player};

/// Answers `x`, `o`, `TIE` (the judges' spelling), `invalid` or `error`, one per line;
/// with `json`, one JSON object per line.
pub struct Outcomes {
    /// One JSON object per board instead of a word.
    pub json: bool,
}

impl Render for Outcomes {
    fn board(&self, board: Board) -> Answer {
        match (board.lookup(), self.json) {
            (Ok(position), false) => Answer::new(word(position.outcome()).as_bytes(), None),
            (Ok(position), true) => {
                let mut line = vec![b'{'];
                position_fields(&mut line, position);
                line.extend_from_slice(b"}\n");
                Answer::new(&line, None)
            }
            (Err(why), json) => {
                let why = NoGame(why);
                let mut line = Vec::new();
                if json {
                    json_error(&mut line, Some(board.to_string().as_bytes()), &why);
                } else {
                    line.extend_from_slice(b"invalid\n");
                }
                Answer::new(&line, Some(why.to_string()))
            }
        }
    }

    fn not_a_board(&self, line: &mut Vec<u8>, text: Option<&[u8]>, why: &dyn Display) {
        if self.json {
            json_error(line, text, why);
        } else {
            line.extend_from_slice(b"error\n");
        }
    }
}

/// The judges' word for an outcome, with its line end.
fn word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Player::X) => "x\n",
        Outcome::Win(Player::O) => "o\n",
        Outcome::Draw => "TIE\n",
    }
}
