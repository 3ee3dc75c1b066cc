//! Why a board is not one a game can reach, or not one where a game has just ended.

use core::fmt;

use super::position::Position;
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

#[cfg(feature = "std")]
impl std::error::Error for Unreachable {}

/// Why a board is not one where a game has just ended (the sense of Baekjoon 7682).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotFinished {
    /// No legal game reaches the board at all.
    Unreachable(Unreachable),
    /// Legal play reaches the board, but the game goes on from it: nobody has three in a
    /// row and there are empty cells.
    InProgress,
}

impl fmt::Display for NotFinished {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotFinished::Unreachable(why) => why.fmt(f),
            NotFinished::InProgress => f.write_str("the game is not over"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for NotFinished {}

impl From<Unreachable> for NotFinished {
    fn from(why: Unreachable) -> NotFinished {
        NotFinished::Unreachable(why)
    }
}

impl Board {
    /// Whether some legal game, from the empty board, reaches this board.
    #[must_use]
    pub fn is_reachable(self) -> bool {
        table::get(self.code()).is_some()
    }

    /// Whether a game has just ended on this board: legal play reaches it and stops here,
    /// with three in a row or a full board.
    #[must_use]
    pub fn is_final(self) -> bool {
        self.check_final().is_ok()
    }

    /// The position if a game has just ended on this board, else why not.
    ///
    /// ```
    /// use perfect_play::{Board, NotFinished, Unreachable};
    ///
    /// let board: Board = "xxx/oo./...".parse()?;
    /// assert!(board.check_final().is_ok());
    /// let board: Board = "xxx/ooo/x..".parse()?;
    /// assert_eq!(board.check_final(), Err(NotFinished::Unreachable(Unreachable::BothHaveLines)));
    /// # Ok::<(), perfect_play::ParseBoardError>(())
    /// ```
    pub fn check_final(self) -> Result<Position, NotFinished> {
        let position = self.lookup()?;
        if position.is_finished() {
            Ok(position)
        } else {
            Err(NotFinished::InProgress)
        }
    }
}
