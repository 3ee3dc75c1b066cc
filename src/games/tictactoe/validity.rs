//! Why a board is not one a game can reach, or not the final board of a finished game.

use core::fmt;

use super::rules::{Board, Unreachable};
use super::packed;


/// Why a board is not *final*, the last board of a finished game (the question of
/// Baekjoon 7682): [`Board::check_final`]'s error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotFinal {
    /// No legal game reaches the board at all.
    Unreachable(Unreachable),
    /// Legal play reaches the board, but the game is not finished on it: nobody has three
    /// in a row and there are empty cells.
    Unfinished,
}

impl fmt::Display for NotFinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotFinal::Unreachable(why) => why.fmt(f),
            NotFinal::Unfinished => f.write_str("the game is not finished"),
        }
    }
}

impl core::error::Error for NotFinal {}

impl From<Unreachable> for NotFinal {
    fn from(why: Unreachable) -> NotFinal {
        NotFinal::Unreachable(why)
    }
}

impl Board {
    /// Whether some legal game, from the empty board, reaches this board (the same as
    /// `lookup().is_ok()`).
    #[must_use]
    pub fn is_reachable(self) -> bool {
        packed::get(self.code()).is_some()
    }
}
