//! A reachable board together with everything the solved table knows about it.

use core::fmt;

use super::cells::CellSet;
use super::entry::Entry;
use perfect_play_core::{Game, Level, Record, Value};

use super::rules::{Board, Outcome, Player};
use super::packed;
use crate::games::TICTACTOE;
use super::rules::Unreachable;
use super::validity::NotFinal;

/// A board that legal play reaches, with its solution: the answer of one table lookup.
///
/// Get one with [`Board::lookup`], or start from [`Position::START`]. Perfect play means
/// the side that can win wins as fast as it can and the side that must lose holds out as
/// long as it can.
///
/// A game loop, both sides playing perfectly until the game is finished:
///
/// ```
/// use perfect_play::games::tictactoe::{Outcome, Position};
///
/// let mut position = Position::START;
/// while let Some(cell) = position.best_move() {
///     position = position.play(cell)?;
/// }
/// assert!(position.is_finished());
/// assert_eq!(position.outcome(), Outcome::Draw);
/// assert_eq!(position.to_string(), "xxoooxxox: finished, a draw");
/// # Ok::<(), perfect_play::games::tictactoe::IllegalMove>(())
/// ```
///
/// It prints (`{}`) as the board's nine cells, a colon and a summary: who is to move and
/// how the game ends with perfect play (`xx.oo....: x to move, x wins in 1 ply`), or, on a
/// finished board, how it ended (`xxxoo....: finished, x won`, `xxoooxxox: finished, a
/// draw`). With `{:#}` the board comes as three rows, the summary on a fourth line.
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
    /// use perfect_play::games::tictactoe::{Board, Outcome, Player};
    ///
    /// let position = "xx./oo./...".parse::<Board>()?.lookup()?;
    /// assert_eq!(position.to_move(), Some(Player::X));
    /// assert_eq!(position.outcome(), Outcome::Win(Player::X));
    /// assert_eq!(position.plies(), 1);
    /// assert_eq!(position.best_moves().iter().collect::<Vec<_>>(), [2]);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn lookup(self) -> Result<Position, Unreachable> {
        match packed::get(self.code()) {
            Some(entry) => Ok(Position { board: self, entry }),
            None => Err(Unreachable::of(self)),
        }
    }

    /// Whether the board is *final*: legal play reaches it and the game is finished on it
    /// ([`Board::is_finished`]: three in a row or a full board). This is the question of
    /// Baekjoon 7682.
    #[must_use]
    pub fn is_final(self) -> bool {
        self.check_final().is_ok()
    }

    /// The finished position if the board is final ([`Board::is_final`]).
    ///
    /// # Errors
    ///
    /// [`NotFinal::Unreachable`] with the reason if no legal game reaches the board,
    /// [`NotFinal::Unfinished`] if one does but the game goes on from it.
    ///
    /// ```
    /// use perfect_play::games::tictactoe::{Board, NotFinal, Unreachable};
    ///
    /// let board: Board = "xxx/oo./...".parse()?;
    /// assert!(board.check_final()?.is_finished());
    /// let board: Board = "xx./oo./...".parse()?;
    /// assert_eq!(board.check_final(), Err(NotFinal::Unfinished));
    /// let board: Board = "xxx/ooo/x..".parse()?;
    /// assert_eq!(board.check_final(), Err(NotFinal::Unreachable(Unreachable::BothHaveLines)));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn check_final(self) -> Result<Position, NotFinal> {
        let position = self.lookup()?;
        if position.is_finished() {
            Ok(position)
        } else {
            Err(NotFinal::Unfinished)
        }
    }
}

impl Position {
    /// A position from a reachable board and its entry, which the caller vouches for.
    pub(crate) const fn from_parts(board: Board, entry: Entry) -> Position {
        Position { board, entry }
    }

    /// The packed entry the table holds for the board.
    pub(crate) const fn entry(self) -> Entry {
        self.entry
    }
}

impl Position {
    /// The empty board: a draw, 9 plies away.
    pub const START: Position = Position {
        board: Board::EMPTY,
        entry: Entry::new(Value::Draw, 9, 0x1ff),
    };

    /// The board.
    #[must_use]
    pub const fn board(self) -> Board {
        self.board
    }

    /// Whose turn it is, or `None` once the game is finished.
    #[must_use]
    pub const fn to_move(self) -> Option<Player> {
        if self.is_finished() {
            None
        } else {
            Some(self.board.turn())
        }
    }

    /// Whether the game is finished here: someone has three in a row, or the board is
    /// full. Nobody moves on a finished position.
    #[must_use]
    pub const fn is_finished(self) -> bool {
        self.entry.plies() == 0
    }

    /// Who has three in a row on the board now, if anyone: the player who has already
    /// won. `None` while the game goes on and on a drawn full board.
    ///
    /// Not to be confused with who *will* win with perfect play, which is
    /// `position.outcome().winner()`:
    ///
    /// ```
    /// use perfect_play::games::tictactoe::{Board, Player};
    ///
    /// let position = "xx./oo./...".parse::<Board>()?.lookup()?;
    /// assert_eq!(position.three_in_a_row(), None); // nobody has won yet,
    /// assert_eq!(position.outcome().winner(), Some(Player::X)); // but x will.
    /// let position = position.play(2)?;
    /// assert_eq!(position.three_in_a_row(), Some(Player::X));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn three_in_a_row(self) -> Option<Player> {
        if self.is_finished() {
            self.entry.outcome(self.board.turn()).winner()
        } else {
            None
        }
    }

    /// How the game ends under perfect play from here (on a finished board, how it ended).
    ///
    /// From the side of the player to move, that is `outcome().value_for(player)`.
    #[must_use]
    pub const fn outcome(self) -> Outcome {
        self.entry.outcome(self.board.turn())
    }

    /// How many moves are still to be made under perfect play: the winner's fastest win
    /// against the loser's longest defence, or the empty cells in a draw.
    #[must_use]
    pub const fn plies(self) -> u8 {
        self.entry.plies()
    }

    /// Every move that keeps both the outcome and the plies left; none once the game is
    /// finished.
    #[must_use]
    pub const fn best_moves(self) -> CellSet {
        CellSet::from_mask(self.entry.best_moves())
    }

    /// One best move: the lowest-numbered cell of [`Position::best_moves`], or `None` once
    /// the game is finished.
    ///
    /// Always the same cell for the same board, so games played with it are reproducible.
    /// Where several moves are equally good (the empty board: all nine), the choice of the
    /// lowest number is arbitrary; pick from `best_moves()` to vary play.
    #[must_use]
    pub const fn best_move(self) -> Option<u8> {
        self.best_moves().first()
    }

    /// Every position legal play reaches (5,478 of them), in the table's fixed order.
    pub fn all() -> impl Iterator<Item = Position> {
        packed::entries().filter_map(|(code, entry)| {
            Some(Position {
                board: Board::from_code(code)?,
                entry,
            })
        })
    }

    /// The position after the player to move marks `cell` (one table lookup).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if the game is finished, `cell` is 9 or more, or the cell is taken.
    pub fn play(self, cell: u8) -> Result<Position, IllegalMove> {
        if self.is_finished() {
            return Err(IllegalMove::Finished);
        }
        if cell >= 9 {
            return Err(IllegalMove::NoSuchCell(cell));
        }
        // The rule of a move is the game's (`Game::play`); on a reachable board whose game
        // goes on, the board it reaches is reachable.
        let after = Game::play(&self.board, cell).ok_or(IllegalMove::Occupied(cell))?;
        after.lookup().map_err(|_| IllegalMove::Finished)
    }

    /// What each legal move leads to: `(cell, position after it)` for every empty cell,
    /// in cell order; nothing once the game is finished.
    pub fn moves(self) -> impl Iterator<Item = (u8, Position)> {
        let mut legal = 0u16;
        if !self.is_finished() {
            Game::moves(&self.board, &mut |cell, _| legal |= 1 << cell);
        }
        CellSet::from_mask(legal)
            .into_iter()
            .filter_map(move |cell| Some((cell, self.play(cell).ok()?)))
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

/// A summary: `xx.oo....: x to move, x wins in 1 ply`, `xxxoo....: finished, x won`.
/// See [`Position`] for the format.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            writeln!(f, "{:#}", self.board)?;
        } else {
            write!(f, "{}: ", self.board)?;
        }
        let plies = self.plies();
        let unit = if plies == 1 { "ply" } else { "plies" };
        match (self.to_move(), self.outcome()) {
            (None, Outcome::Win(winner)) => write!(f, "finished, {winner} won"),
            (None, Outcome::Draw) => f.write_str("finished, a draw"),
            (Some(player), Outcome::Draw) => {
                write!(f, "{player} to move, a draw in {plies} {unit}")
            }
            (Some(player), outcome) => write!(f, "{player} to move, {outcome} in {plies} {unit}"),
        }
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The game is finished: nobody moves.
    Finished,
    /// Cells are numbered 0..9.
    NoSuchCell(u8),
    /// The cell already holds a mark.
    Occupied(u8),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::Finished => f.write_str("the game is finished"),
            IllegalMove::NoSuchCell(cell) => write!(f, "there is no cell {cell}: cells are 0 to 8"),
            IllegalMove::Occupied(cell) => write!(f, "cell {cell} is already taken"),
        }
    }
}

impl core::error::Error for IllegalMove {}

impl Position {
    /// Every legal move with what it is worth to the player to move, best first (ties in
    /// cell order); nothing once the game is finished.
    ///
    /// The [`Record`]'s value is the mover's (win, draw or loss after that move, with
    /// perfect play), its remoteness the plies to the end with that move included (the
    /// plies after it, plus one), as `perfect-play analyze` counts them. Feed the moves to
    /// [`Level::pick`], or use [`Position::pick`].
    ///
    /// ```
    /// use perfect_play::Value;
    /// use perfect_play::games::tictactoe::Board;
    ///
    /// let position = "xx./oo./...".parse::<Board>()?.lookup()?;
    /// let (cell, record) = position.ranked_moves().next().ok_or("no move")?;
    /// assert_eq!((cell, record.value, record.remoteness), (2, Value::Win, 1));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn ranked_moves(self) -> impl Iterator<Item = (u8, Record)> {
        let (ranked, len) = self.ranked();
        ranked.into_iter().take(len)
    }

    /// A move chosen at `level`, drawing from `random` (uniform `u32`s from the caller's
    /// generator), or `None` once the game is finished. See [`Level`].
    pub fn pick(self, level: Level, random: &mut impl FnMut() -> u32) -> Option<u8> {
        TICTACTOE.pick(&self.board, level, random)
    }

    /// The moves of [`Position::ranked_moves`] in a fixed array, and how many there are.
    fn ranked(self) -> ([(u8, Record); 9], usize) {
        let none = Record {
            value: Value::Draw,
            remoteness: 0,
        };
        let mut ranked = [(0u8, none); 9];
        let len = TICTACTOE.ranked_moves(&self.board, &mut ranked);
        (ranked, len)
    }
}
