//! A reachable board together with everything the solved table knows about it.

use core::fmt;

use super::cells::CellSet;
use super::entry::Entry;
use super::rules::{Board, Outcome, Player};
use super::table;
use super::validity::Unreachable;

/// A board that legal play reaches, with its solution: the answer of one table lookup.
///
/// Get one with [`Board::lookup`]. Perfect play means the side that can win wins as fast
/// as it can and the side that must lose holds out as long as it can.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    entry: Entry,
}

impl Board {
    /// Everything the table knows about this board, or why no legal game reaches it.
    ///
    /// One perfect-hash lookup: no search, no allocation.
    ///
    /// ```
    /// use perfect_play::{Board, Outcome, Player};
    ///
    /// let position = "xx./oo./...".parse::<Board>()?.lookup()?;
    /// assert_eq!(position.to_move(), Some(Player::X));
    /// assert_eq!(position.outcome(), Outcome::Win(Player::X));
    /// assert_eq!(position.plies(), 1);
    /// assert_eq!(position.best_moves().collect::<Vec<_>>(), [2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn lookup(self) -> Result<Position, Unreachable> {
        match table::get(self.code()) {
            Some(entry) => Ok(Position { board: self, entry }),
            None => Err(Unreachable::of(self)),
        }
    }
}

impl Position {
    /// The empty board: a draw, 9 plies away.
    pub const START: Position = Position {
        board: Board::EMPTY,
        entry: Entry::new(Outcome::Draw, 9, 0x1ff),
    };

    /// The board.
    #[must_use]
    pub const fn board(self) -> Board {
        self.board
    }

    /// Whose turn it is, or `None` once the game is over.
    #[must_use]
    pub const fn to_move(self) -> Option<Player> {
        if self.is_finished() {
            None
        } else {
            Some(self.board.turn())
        }
    }

    /// Whether the game has ended here: three in a row, or a full board.
    #[must_use]
    pub const fn is_finished(self) -> bool {
        self.entry.plies() == 0
    }

    /// Who has three in a row, if anyone.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        if self.is_finished() {
            self.entry.outcome().winner()
        } else {
            None
        }
    }

    /// How the game ends under perfect play from here (on a finished board, how it ended).
    #[must_use]
    pub const fn outcome(self) -> Outcome {
        self.entry.outcome()
    }

    /// How many moves are still to be made under perfect play: the winner's fastest win
    /// against the loser's longest defence, or the empty cells in a draw.
    #[must_use]
    pub const fn plies(self) -> u8 {
        self.entry.plies()
    }

    /// Every move that keeps both the outcome and the plies left; none once the game is
    /// over.
    #[must_use]
    pub const fn best_moves(self) -> CellSet {
        CellSet::from_mask(self.entry.best_moves())
    }

    /// Every position legal play reaches (5,478 of them), in the table's fixed order.
    pub fn all() -> impl Iterator<Item = Position> {
        table::entries().filter_map(|(code, entry)| {
            Some(Position {
                board: Board::from_code(code)?,
                entry,
            })
        })
    }

    /// The position after the player to move marks `cell`.
    pub fn play(self, cell: u8) -> Result<Position, IllegalMove> {
        let player = self.to_move().ok_or(IllegalMove::GameOver)?;
        if cell >= 9 {
            return Err(IllegalMove::NoSuchCell(cell));
        }
        if self.board.empty_mask() & (1 << cell) == 0 {
            return Err(IllegalMove::Occupied(cell));
        }
        // A move on a reachable board whose game goes on reaches a reachable board.
        self.board
            .with(cell, player)
            .lookup()
            .map_err(|_| IllegalMove::GameOver)
    }

    /// What each legal move leads to: `(cell, position after it)` for every empty cell,
    /// in cell order; nothing once the game is over.
    pub fn moves(self) -> impl Iterator<Item = (u8, Position)> {
        let empty = if self.is_finished() {
            0
        } else {
            self.board.empty_mask()
        };
        CellSet::from_mask(empty).filter_map(move |cell| Some((cell, self.play(cell).ok()?)))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("board", &self.board)
            .field("to_move", &self.to_move())
            .field("outcome", &self.outcome())
            .field("plies", &self.plies())
            .field("best_moves", &self.best_moves())
            .finish()
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The game has ended: nobody moves.
    GameOver,
    /// Cells are numbered 0..9.
    NoSuchCell(u8),
    /// The cell already holds a mark.
    Occupied(u8),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::NoSuchCell(cell) => write!(f, "there is no cell {cell}: cells are 0 to 8"),
            IllegalMove::Occupied(cell) => write!(f, "cell {cell} is already taken"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for IllegalMove {}
