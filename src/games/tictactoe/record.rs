//! A game record: the moves played, undo and redo, and what each move did to the game.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::iter::FusedIterator;

use super::position::{IllegalMove, Position};
use super::rules::Player;
use perfect_play_core::{Record, Sentence, Value, Verdict};

/// A game of tic-tac-toe as it is played: its moves, undo and redo, and the value of every
/// position on the way, from the table.
///
/// No allocation: a game has at most nine moves, kept in fixed arrays with the position
/// after each (under 80 bytes in all). [`Game::history`] replays the game as data, one
/// [`Ply`] per move with the value before and after it and a [`Verdict`]; each ply prints
/// as a sentence.
///
/// Analysing a finished game takes three lines:
///
/// ```
/// use perfect_play::games::tictactoe::Game;
///
/// let game = Game::from_moves(&[4, 1, 0, 8, 2, 6, 3, 5, 7])?;
/// for ply in game.mistakes() {
///     println!("{}. {ply}", ply.number());
/// }
/// # let sentences: Vec<String> = game.mistakes().map(|ply| ply.to_string()).collect();
/// # assert_eq!(sentences, [
/// #     "o at 1 turned a draw into a loss in 5 plies",
/// #     "x at 2 turned a win into a draw",
/// #     "x at 3 turned a draw into a loss in 1 ply",
/// #     "o at 5 turned a win into a draw",
/// # ]);
/// # Ok::<(), perfect_play::games::tictactoe::IllegalMove>(())
/// ```
///
/// prints
///
/// ```text
/// 2. o at 1 turned a draw into a loss in 5 plies
/// 5. x at 2 turned a win into a draw
/// 7. x at 3 turned a draw into a loss in 1 ply
/// 8. o at 5 turned a win into a draw
/// ```
///
/// Undo and redo work as in an editor: [`Game::undo`] takes back the last move and keeps
/// it for [`Game::redo`]; playing a move other than the one redo would replay forgets the
/// undone moves.
///
/// ```
/// use perfect_play::games::tictactoe::Game;
///
/// let mut game = Game::new();
/// game.play(4)?;
/// game.play(0)?;
/// assert_eq!(game.undo(), Some(0));
/// assert_eq!(game.moves(), [4]);
/// assert_eq!(game.redo(), Some(0));
/// assert_eq!(game.moves(), [4, 0]);
/// # Ok::<(), perfect_play::games::tictactoe::IllegalMove>(())
/// ```
#[derive(Clone)]
pub struct Game {
    /// `positions[i]` is the position after the first `i` recorded moves.
    positions: [Position; 10],
    /// The recorded moves: the first `played` are on the board, the rest undone.
    moves: [u8; 9],
    /// How many moves are on the board.
    played: u8,
    /// How many moves are recorded: the played ones and those redo can replay.
    recorded: u8,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("moves", &self.moves())
            .field("redo_moves", &self.redo_moves())
            .field("position", &self.position())
            .finish()
    }
}

/// Two games are equal when they have the same moves played and the same moves to redo.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.moves() == other.moves() && self.redo_moves() == other.redo_moves()
    }
}

impl Eq for Game {}

impl Hash for Game {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.moves().hash(state);
        self.redo_moves().hash(state);
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game at the empty board, no moves played.
    #[must_use]
    pub const fn new() -> Game {
        Game {
            positions: [Position::START; 10],
            moves: [0; 9],
            played: 0,
            recorded: 0,
        }
    }

    /// A game that starts at `start` instead of the empty board, no moves played yet: to
    /// play on from a position found elsewhere (a puzzle, a pasted board) and have every
    /// move from there judged. Plies keep their numbers in the whole game: the first move
    /// from a board with three marks is move 4.
    ///
    /// ```
    /// use perfect_play::games::tictactoe::{Board, Game};
    ///
    /// let start = "xx./oo./...".parse::<Board>()?.lookup()?;
    /// let mut game = Game::from_position(start);
    /// game.play(8)?;
    /// let ply = game.history().next().ok_or("no ply")?;
    /// assert_eq!(ply.number(), 5);
    /// assert_eq!(ply.to_string(), "x at 8 turned a win into a loss in 1 ply");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn from_position(start: Position) -> Game {
        Game {
            positions: [start; 10],
            moves: [0; 9],
            played: 0,
            recorded: 0,
        }
    }

    /// The game after these moves (cells, x first), played from the empty board.
    ///
    /// # Errors
    ///
    /// The [`IllegalMove`] of the first move that cannot be played: a cell that is taken
    /// or not below 9, or any move after the game is finished.
    pub fn from_moves(moves: &[u8]) -> Result<Game, IllegalMove> {
        let mut game = Game::new();
        for &cell in moves {
            game.play(cell)?;
        }
        Ok(game)
    }

    /// Plays `cell` for the player to move and returns the new position.
    ///
    /// If `cell` is the move [`Game::redo`] would replay, the rest of the undone moves stay
    /// available to redo; any other move forgets them.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if the game is finished, `cell` is 9 or more, or the cell is taken;
    /// the game is then unchanged.
    pub fn play(&mut self, cell: u8) -> Result<Position, IllegalMove> {
        let next = self.position().play(cell)?;
        let index = usize::from(self.played);
        if self.redo_moves().first() != Some(&cell) {
            self.recorded = self.played;
        }
        // A position that is not finished has an empty cell, so fewer than 9 moves are on
        // the board and both slots exist.
        if let (Some(slot), Some(after)) =
            (self.moves.get_mut(index), self.positions.get_mut(index + 1))
        {
            *slot = cell;
            *after = next;
            self.played += 1;
            self.recorded = self.recorded.max(self.played);
        }
        Ok(next)
    }

    /// Takes back the last move played and returns its cell, or `None` at the start.
    /// [`Game::redo`] plays it again.
    pub fn undo(&mut self) -> Option<u8> {
        let cell = *self.moves().last()?;
        self.played -= 1;
        Some(cell)
    }

    /// Plays again the last move undone and returns its cell, or `None` if there is none.
    pub fn redo(&mut self) -> Option<u8> {
        let cell = *self.redo_moves().first()?;
        self.played += 1;
        Some(cell)
    }

    /// The position now, after the moves played.
    #[must_use]
    pub fn position(&self) -> Position {
        self.positions
            .get(usize::from(self.played))
            .copied()
            .unwrap_or(Position::START)
    }

    /// The moves played, in order (x's first).
    #[must_use]
    pub fn moves(&self) -> &[u8] {
        self.moves
            .get(..usize::from(self.played))
            .unwrap_or_default()
    }

    /// The moves [`Game::redo`] would replay, in the order it would replay them; empty
    /// unless moves were undone.
    #[must_use]
    pub fn redo_moves(&self) -> &[u8] {
        self.moves
            .get(usize::from(self.played)..usize::from(self.recorded))
            .unwrap_or_default()
    }

    /// Every position of the game so far: the start, then the position after each move
    /// played (one more than [`Game::moves`]).
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        self.positions
            .get(..=usize::from(self.played))
            .unwrap_or_default()
    }

    /// The game's value history: one [`Ply`] per move played, in order.
    #[must_use]
    pub fn history(&self) -> History<'_> {
        History {
            game: self,
            front: 0,
            back: self.played,
        }
    }

    /// The moves that changed the outcome for the worse for their player
    /// ([`Verdict::Mistake`]), in order.
    pub fn mistakes(&self) -> impl Iterator<Item = Ply> + '_ {
        self.history()
            .filter(|ply| ply.verdict() == Verdict::Mistake)
    }

    /// The ply of the move at `index` (0 for the first), if it has been played.
    fn ply(&self, index: u8) -> Option<Ply> {
        let at = usize::from(index);
        let cell = *self.moves().get(at)?;
        let before = *self.positions.get(at)?;
        let after = *self.positions.get(at + 1)?;
        // Marks on the board before the move: a game may start from any position.
        let marks = before.board().count(Player::X) + before.board().count(Player::O);
        Some(Ply {
            number: marks as u8 + 1,
            player: before.board().turn(),
            cell,
            before,
            after,
        })
    }
}

/// The plies of a [`Game`], first move first: from [`Game::history`].
#[derive(Clone, Debug)]
pub struct History<'a> {
    game: &'a Game,
    front: u8,
    back: u8,
}

impl Iterator for History<'_> {
    type Item = Ply;

    fn next(&mut self) -> Option<Ply> {
        if self.front >= self.back {
            return None;
        }
        let ply = self.game.ply(self.front)?;
        self.front += 1;
        Some(ply)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = usize::from(self.back.saturating_sub(self.front));
        (len, Some(len))
    }
}

impl DoubleEndedIterator for History<'_> {
    fn next_back(&mut self) -> Option<Ply> {
        if self.front >= self.back {
            return None;
        }
        let ply = self.game.ply(self.back - 1)?;
        self.back -= 1;
        Some(ply)
    }
}

impl ExactSizeIterator for History<'_> {}
impl FusedIterator for History<'_> {}

/// One move of a game and what it did: the positions before and after it, their values
/// from the mover's side, and a [`Verdict`].
///
/// Values and plies come from the solved table: the value is how the game ends with
/// perfect play from then on ([`Value`], from the mover's side), the plies how many moves
/// that takes. A best move keeps both, with one ply fewer to go.
///
/// It prints as one sentence, values from the mover's side and plies counted after the
/// move:
///
/// | verdict | sentence |
/// |---|---|
/// | best, game finished | `x at 2 won the game`, `x at 8 drew the game` |
/// | best | `x at 4 was best: a draw`, `o at 3 was best: a loss in 4 plies` |
/// | inaccuracy | `x at 1 delayed the win: a win in 5 plies instead of 3` |
/// | inaccuracy | `o at 8 hastened the loss: a loss in 1 ply instead of 3` |
/// | mistake | `o at 1 turned a draw into a loss in 5 plies`, `x at 5 turned a win into a draw` |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ply {
    number: u8,
    player: Player,
    cell: u8,
    before: Position,
    after: Position,
}

impl Ply {
    /// The move's number in the game: 1 for x's first move, up to 9 (counted from the
    /// empty board, also in a game [started elsewhere](Game::from_position)).
    #[must_use]
    pub const fn number(self) -> u8 {
        self.number
    }

    /// Who moved.
    #[must_use]
    pub const fn player(self) -> Player {
        self.player
    }

    /// The cell marked (0..9).
    #[must_use]
    pub const fn cell(self) -> u8 {
        self.cell
    }

    /// The position before the move.
    #[must_use]
    pub const fn before(self) -> Position {
        self.before
    }

    /// The position after the move.
    #[must_use]
    pub const fn after(self) -> Position {
        self.after
    }

    /// How the game would end with perfect play before the move, from the mover's side.
    #[must_use]
    pub const fn value_before(self) -> Value {
        self.before.outcome().value_for(self.player)
    }

    /// How the game ends with perfect play after the move, from the mover's side.
    #[must_use]
    pub const fn value_after(self) -> Value {
        self.after.outcome().value_for(self.player)
    }

    /// How many plies longer (positive) or shorter (negative) the game is with perfect
    /// play after this move than after a best move: 0 for a best move.
    ///
    /// With the value kept, positive means a win delayed and negative a loss hastened.
    /// What solved-game interfaces call the change in remoteness.
    #[must_use]
    pub const fn delta_plies(self) -> i8 {
        self.after.plies() as i8 + 1 - self.before.plies() as i8
    }

    /// How good the move was: best, an inaccuracy or a mistake.
    #[must_use]
    pub const fn verdict(self) -> Verdict {
        Verdict::judge(self.best(), self.chosen())
    }

    /// What the best move was worth to the mover: the value and plies before the move.
    const fn best(self) -> Record {
        Record {
            value: self.value_before(),
            remoteness: self.before.plies() as u16,
        }
    }

    /// What this move was worth to the mover, this move included.
    const fn chosen(self) -> Record {
        Record {
            value: self.value_after(),
            remoteness: self.after.plies() as u16 + 1,
        }
    }
}

/// One sentence on what the move did; see [`Ply`] for the forms.
impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mover = format_args!("{} at {}", self.player, self.cell);
        let sentence = Sentence {
            mover: &mover,
            best: self.best(),
            chosen: self.chosen(),
            finished: self.after.is_finished(),
        };
        sentence.fmt(f)
    }
}
