//! Why a board is not one a game can reach, or not the final board of a finished game.

use core::fmt;

use super::rules::{Board, Player};
use super::table;

/// Why no legal game reaches a board.
///
/// Every board outside the solved table has at least one of these faults; the first that
/// applies, in the order listed, is the one reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unreachable {
    /// o has more marks than x, but x moves first.
    MoreOThanX,
    /// x has two or more marks more than o, but the players alternate.
    XTooFarAhead,
    /// Both players have three in a row, but the game stops at the first.
    BothHaveLines,
    /// A player has three in a row, yet the other moved after it: x won but o has as many
    /// marks, or o won but x has one more.
    PlayedAfterWin(Player),
}

impl Unreachable {
    /// The fault of a board that the table does not hold.
    ///
    /// The checks below cover every unreachable board: a board with 0 or 1 more x than o,
    /// at most one player with a line, and that player the last to move is reached by legal
    /// play. The exhaustive tests confirm it for all 19,683 boards.
    pub(crate) fn of(board: Board) -> Unreachable {
        let (x, o) = (board.count(Player::X), board.count(Player::O));
        if o > x {
            Unreachable::MoreOThanX
        } else if x > o + 1 {
            Unreachable::XTooFarAhead
        } else if board.has_line(Player::X) && board.has_line(Player::O) {
            Unreachable::BothHaveLines
        } else if board.has_line(Player::X) {
            Unreachable::PlayedAfterWin(Player::X)
        } else {
            Unreachable::PlayedAfterWin(Player::O)
        }
    }
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unreachable::MoreOThanX => "o has more marks than x, but x moves first",
            Unreachable::XTooFarAhead => "x has two or more marks more than o",
            Unreachable::BothHaveLines => "both x and o have three in a row",
            Unreachable::PlayedAfterWin(Player::X) => {
                "x has three in a row, yet o moved after it (o has as many marks as x)"
            }
            Unreachable::PlayedAfterWin(Player::O) => {
                "o has three in a row, yet x moved after it (x has more marks than o)"
            }
        })
    }
}

impl core::error::Error for Unreachable {}

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
        table::get(self.code()).is_some()
    }
}
