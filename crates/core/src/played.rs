//! A game record for any solved game: the moves played, undo and redo, and what each move
//! did, judged by the game's table. `no_std`, no allocation: the plies live in a fixed
//! array whose length is a const generic.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::iter::FusedIterator;

use crate::judge::{Sentence, Verdict};
use crate::notation::{Notation, ShowMove, Side};
use crate::{Record, Solved, Value};

/// How many plies a [`PlayedGame`] holds unless told otherwise: 64.
///
/// Tic-tac-toe and misère end within 9 plies and Hexapawn within 12, so their records
/// never fill. Dodgem is loopy: cars may go back and forth for ever, so a game has no
/// longest length, and a record must stop somewhere. 64 plies is nearly three times the
/// longest game perfect play makes of Dodgem (a win or loss takes at most 21 plies from any
/// position, 19 from the start: `perfect-play`'s `tests/played_game.rs` pins both) and
/// still a few hundred bytes; past it, [`PlayedGame::play`] answers [`PlayError::Full`].
/// Give a record another capacity with its second parameter: `PlayedGame<Board, 9>` holds
/// any tic-tac-toe game.
pub const DEFAULT_CAPACITY: usize = 64;

/// A game as it is played: the moves from a start position, undo and redo, and the value
/// history, every ply judged by the game's [`Solved`] table.
///
/// `CAPACITY` is the most plies the record holds ([`DEFAULT_CAPACITY`] unless given).
/// [`PlayedGame::history`] replays the game as data, one [`Ply`] per move: the value
/// before and after it from each side, the [`Verdict`], and a [`Sentence`] when printed.
///
/// Undo and redo work as in an editor: [`PlayedGame::undo`] takes back the last move and
/// keeps it for [`PlayedGame::redo`]; playing a move other than the one redo would replay
/// forgets the undone moves.
///
/// Nothing here knows any game; any solved game's table will do (this crate's doctests
/// borrow the games of `perfect-play`):
///
/// ```
/// use perfect_play::games::tictactoe::Board;
/// use perfect_play::games::TICTACTOE;
/// use perfect_play_core::{PlayedGame, Verdict};
///
/// // Cells are 0..9 in the program and 1-9 in the sentences a person reads.
/// let mut game: PlayedGame<Board, 9> = PlayedGame::from_moves(&TICTACTOE, &[0, 1, 3, 2])?;
/// game.play(7)?; // not 6, which wins at once
/// let ply = game.history().next_back().ok_or("five plies")?;
/// assert_eq!(ply.verdict(), Verdict::Inaccuracy);
/// assert_eq!(ply.to_string(), "x 8 delayed the win: a win in 5 plies instead of 1");
/// assert_eq!(game.undo(), Some(7));
/// game.play(6)?;
/// assert_eq!(game.history().next_back().map(|ply| ply.to_string()).as_deref(), Some("x 7 won the game"));
/// assert!(game.is_finished());
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PlayedGame<G: Notation + 'static, const CAPACITY: usize = DEFAULT_CAPACITY> {
    /// The table every ply is judged by.
    solved: &'static Solved<G>,
    /// The position before the first move.
    start: G,
    /// The recorded moves, each with the position it led to: the first `played` are on
    /// the board, the next up to `recorded` are the ones redo can replay.
    steps: [Option<(G::Move, G)>; CAPACITY],
    /// How many moves are on the board.
    played: usize,
    /// How many moves are recorded: the played ones and those redo can replay.
    recorded: usize,
}

/// Why a move cannot go into a [`PlayedGame`], or a position cannot start one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is finished: nobody moves.
    Finished,
    /// Not a legal move in the position ([`Game::moves`](crate::Game::moves) lists them).
    Illegal,
    /// The record holds as many plies as it can (its `CAPACITY`): only a loopy game gets
    /// there.
    Full {
        /// The record's capacity, in plies.
        capacity: usize,
    },
    /// No game reaches the position: the table does not hold it.
    Unreachable,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Finished => f.write_str("the game is finished"),
            PlayError::Illegal => f.write_str("not a legal move here"),
            PlayError::Full { capacity } => {
                write!(f, "the game record is full: it holds {capacity} plies")
            }
            PlayError::Unreachable => f.write_str("no game reaches this position"),
        }
    }
}

impl core::error::Error for PlayError {}

impl<G: Notation + 'static, const CAPACITY: usize> PlayedGame<G, CAPACITY> {
    /// A record at the game's start, no moves played, judged by `solved`.
    #[must_use]
    pub fn new(solved: &'static Solved<G>) -> Self {
        PlayedGame {
            solved,
            start: G::start(),
            steps: [None; CAPACITY],
            played: 0,
            recorded: 0,
        }
    }

    /// A record that starts at `start` instead of the game's start (a puzzle, a pasted
    /// position), no moves played: every move from there is judged. Plies are numbered
    /// from 1 at `start`.
    ///
    /// # Errors
    /// [`PlayError::Unreachable`] if the table does not hold `start`.
    pub fn from_position(solved: &'static Solved<G>, start: G) -> Result<Self, PlayError> {
        if solved.probe(&start).is_none() {
            return Err(PlayError::Unreachable);
        }
        Ok(PlayedGame {
            start,
            ..PlayedGame::new(solved)
        })
    }

    /// The record of these moves played from the game's start.
    ///
    /// # Errors
    /// The [`PlayError`] of the first move that cannot be played.
    pub fn from_moves(solved: &'static Solved<G>, moves: &[G::Move]) -> Result<Self, PlayError> {
        let mut record = PlayedGame::new(solved);
        for &mv in moves {
            record.play(mv)?;
        }
        Ok(record)
    }

    /// Plays `mv` for the side to move and returns the new position.
    ///
    /// If `mv` is the move [`PlayedGame::redo`] would replay, the rest of the undone moves
    /// stay available to redo; any other move forgets them.
    ///
    /// # Errors
    /// [`PlayError::Finished`] once the game is finished, [`PlayError::Illegal`] for a
    /// move that is not legal here, [`PlayError::Full`] when the record holds `CAPACITY`
    /// plies, [`PlayError::Unreachable`] if the table lacks the position reached (never
    /// for a table generated from the game's rules). The record is then unchanged.
    pub fn play(&mut self, mv: G::Move) -> Result<G, PlayError> {
        let position = self.position();
        if position.finished().is_some() {
            return Err(PlayError::Finished);
        }
        let next = position.play(mv).ok_or(PlayError::Illegal)?;
        if self.solved.probe(&next).is_none() {
            return Err(PlayError::Unreachable);
        }
        let keep_redo = self.redo_moves().next() == Some(mv);
        let slot = self
            .steps
            .get_mut(self.played)
            .ok_or(PlayError::Full { capacity: CAPACITY })?;
        *slot = Some((mv, next));
        if !keep_redo {
            self.recorded = self.played;
        }
        self.played += 1;
        self.recorded = self.recorded.max(self.played);
        Ok(next)
    }

    /// Takes back the last move played and returns it, or `None` at the start.
    /// [`PlayedGame::redo`] plays it again.
    pub fn undo(&mut self) -> Option<G::Move> {
        let (mv, _) = self.step(self.played.checked_sub(1)?)?;
        self.played -= 1;
        Some(mv)
    }

    /// Plays again the last move undone and returns it, or `None` if there is none.
    pub fn redo(&mut self) -> Option<G::Move> {
        if self.played >= self.recorded {
            return None;
        }
        let (mv, _) = self.step(self.played)?;
        self.played += 1;
        Some(mv)
    }

    /// The table the record is judged by.
    #[must_use]
    pub fn solved(&self) -> &'static Solved<G> {
        self.solved
    }

    /// The position before the first move.
    #[must_use]
    pub fn start(&self) -> G {
        self.start
    }

    /// The position now, after the moves played.
    #[must_use]
    pub fn position(&self) -> G {
        self.played
            .checked_sub(1)
            .and_then(|last| self.step(last))
            .map_or(self.start, |(_, after)| after)
    }

    /// What the table says of the position now, for its side to move.
    #[must_use]
    pub fn record(&self) -> Option<Record> {
        self.solved.probe(&self.position())
    }

    /// Whether the game is finished now: nobody moves.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.position().finished().is_some()
    }

    /// How many moves are played.
    #[must_use]
    pub fn len(&self) -> usize {
        self.played
    }

    /// Whether no move is played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.played == 0
    }

    /// The most plies the record holds: `CAPACITY`.
    #[must_use]
    pub const fn capacity(&self) -> usize {
        CAPACITY
    }

    /// The moves played, first first.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = G::Move> + '_ {
        self.steps_in(0, self.played).map(|(mv, _)| mv)
    }

    /// The moves [`PlayedGame::redo`] would replay, in the order it would replay them;
    /// none unless moves were undone.
    pub fn redo_moves(&self) -> impl DoubleEndedIterator<Item = G::Move> + '_ {
        self.steps_in(self.played, self.recorded).map(|(mv, _)| mv)
    }

    /// Every position of the game so far: the start, then the position after each move
    /// played (one more than [`PlayedGame::moves`]).
    pub fn positions(&self) -> impl Iterator<Item = G> + '_ {
        core::iter::once(self.start).chain(self.steps_in(0, self.played).map(|(_, after)| after))
    }

    /// The game's value history: one [`Ply`] per move played, in order.
    #[must_use]
    pub fn history(&self) -> History<'_, G, CAPACITY> {
        History {
            record: self,
            front: 0,
            back: self.played,
        }
    }

    /// The moves that made the game worse for their mover ([`Verdict::Mistake`]), in
    /// order.
    pub fn mistakes(&self) -> impl Iterator<Item = Ply<G>> + '_ {
        self.history()
            .filter(|ply| ply.verdict() == Verdict::Mistake)
    }

    /// The recorded step at `index`: the move and the position after it.
    fn step(&self, index: usize) -> Option<(G::Move, G)> {
        self.steps.get(index).copied().flatten()
    }

    /// The recorded steps `from..to`.
    fn steps_in(
        &self,
        from: usize,
        to: usize,
    ) -> impl DoubleEndedIterator<Item = (G::Move, G)> + '_ {
        self.steps
            .get(from..to)
            .unwrap_or_default()
            .iter()
            .flatten()
            .copied()
    }

    /// The ply of the move at `index` (0 for the first), if it has been played.
    fn ply(&self, index: usize) -> Option<Ply<G>> {
        if index >= self.played {
            return None;
        }
        let before = match index.checked_sub(1) {
            Some(previous) => self.step(previous)?.1,
            None => self.start,
        };
        let (mv, after) = self.step(index)?;
        Some(Ply {
            number: index + 1,
            mover: before.to_move(),
            mv,
            before,
            after,
            best: self.solved.probe(&before)?,
            chosen: self
                .solved
                .probe(&after)?
                .before(before.moves_again(&after)),
        })
    }
}

impl<G: Notation + fmt::Debug + 'static, const CAPACITY: usize> fmt::Debug
    for PlayedGame<G, CAPACITY>
where
    G::Move: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayedGame")
            .field("start", &self.start)
            .field("moves", &Listed(|| self.moves()))
            .field("redo_moves", &Listed(|| self.redo_moves()))
            .field("position", &self.position())
            .finish()
    }
}

/// A list of items, printed as `[a, b]`, made anew each time it prints.
struct Listed<F>(F);

impl<I: Iterator<Item: fmt::Debug>, F: Fn() -> I> fmt::Debug for Listed<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries((self.0)()).finish()
    }
}

/// Two records are equal when they start at the same position and have the same moves
/// played and the same moves to redo (their tables are not compared).
impl<G: Notation + 'static, const CAPACITY: usize> PartialEq for PlayedGame<G, CAPACITY> {
    fn eq(&self, other: &Self) -> bool {
        self.start == other.start
            && self.moves().eq(other.moves())
            && self.redo_moves().eq(other.redo_moves())
    }
}

impl<G: Notation + 'static, const CAPACITY: usize> Eq for PlayedGame<G, CAPACITY> {}

impl<G: Notation + Hash + 'static, const CAPACITY: usize> Hash for PlayedGame<G, CAPACITY>
where
    G::Move: Hash,
{
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.start.hash(state);
        self.played.hash(state);
        self.moves().for_each(|mv| mv.hash(state));
        self.redo_moves().for_each(|mv| mv.hash(state));
    }
}

/// The plies of a [`PlayedGame`], first move first: from [`PlayedGame::history`].
#[derive(Clone)]
pub struct History<'a, G: Notation + 'static, const CAPACITY: usize> {
    record: &'a PlayedGame<G, CAPACITY>,
    front: usize,
    back: usize,
}

impl<G: Notation + 'static, const CAPACITY: usize> Iterator for History<'_, G, CAPACITY> {
    type Item = Ply<G>;

    fn next(&mut self) -> Option<Ply<G>> {
        if self.front >= self.back {
            return None;
        }
        let ply = self.record.ply(self.front)?;
        self.front += 1;
        Some(ply)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.back.saturating_sub(self.front);
        (len, Some(len))
    }
}

impl<G: Notation + 'static, const CAPACITY: usize> DoubleEndedIterator
    for History<'_, G, CAPACITY>
{
    fn next_back(&mut self) -> Option<Ply<G>> {
        if self.front >= self.back {
            return None;
        }
        let ply = self.record.ply(self.back - 1)?;
        self.back -= 1;
        Some(ply)
    }
}

impl<G: Notation + 'static, const CAPACITY: usize> ExactSizeIterator for History<'_, G, CAPACITY> {}
impl<G: Notation + 'static, const CAPACITY: usize> FusedIterator for History<'_, G, CAPACITY> {}

/// One move of a game and what it did: the positions before and after it, what the table
/// says of each, and a [`Verdict`].
///
/// Values are how the game ends with perfect play; plies are counted as
/// [`Solved::ranked_moves`] counts them, from the position before the move and the move
/// included: [`Ply::chosen`] is exactly the label of the move among the ranked moves
/// ("win 5"), [`Ply::best`] the label of the best move. It prints as one [`Sentence`] in
/// those numbers: `x 8 delayed the win: a win in 5 plies instead of 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ply<G: Notation> {
    number: usize,
    mover: Side,
    mv: G::Move,
    before: G,
    after: G,
    best: Record,
    chosen: Record,
}

impl<G: Notation> Ply<G> {
    /// The move's number in the record: 1 for the first move from its start.
    #[must_use]
    pub const fn number(&self) -> usize {
        self.number
    }

    /// Who moved.
    #[must_use]
    pub const fn mover(&self) -> Side {
        self.mover
    }

    /// The move played.
    #[must_use]
    pub const fn played(&self) -> G::Move {
        self.mv
    }

    /// The position before the move.
    #[must_use]
    pub const fn before(&self) -> G {
        self.before
    }

    /// The position after the move.
    #[must_use]
    pub const fn after(&self) -> G {
        self.after
    }

    /// What the best move was worth to the mover, the move included: the record of the
    /// position before the move.
    #[must_use]
    pub const fn best(&self) -> Record {
        self.best
    }

    /// What the move played was worth to the mover, the move included: its label among
    /// [`Solved::ranked_moves`].
    #[must_use]
    pub const fn chosen(&self) -> Record {
        self.chosen
    }

    /// How the game would end with perfect play before the move, from `side`'s view.
    #[must_use]
    pub fn value_before(&self, side: Side) -> Value {
        self.view(side, self.best.value)
    }

    /// How the game ends with perfect play after the move, from `side`'s view.
    #[must_use]
    pub fn value_after(&self, side: Side) -> Value {
        self.view(side, self.chosen.value)
    }

    /// The mover's `value` as `side` sees it.
    fn view(&self, side: Side, value: Value) -> Value {
        if side == self.mover {
            value
        } else {
            value.flip()
        }
    }

    /// How many plies longer (positive) or shorter (negative) the game is with perfect
    /// play after this move than after a best move: 0 for a best move, and 0 when either
    /// is an endless draw. With the value kept, positive means a win delayed and negative a
    /// loss hastened: what solved-game interfaces call the change in remoteness.
    #[must_use]
    pub fn delta_plies(&self) -> i32 {
        if self.best.remoteness == crate::ENDLESS || self.chosen.remoteness == crate::ENDLESS {
            return 0;
        }
        i32::from(self.chosen.remoteness) - i32::from(self.best.remoteness)
    }

    /// How good the move was: best, an inaccuracy or a mistake.
    #[must_use]
    pub const fn verdict(&self) -> Verdict {
        Verdict::judge(self.best, self.chosen)
    }
}

/// One sentence on what the move did, the mover named as the game names its side and the
/// move in its notation (`x 5`, `white 2-5`); see [`Sentence`] for the forms.
impl<G: Notation> fmt::Display for Ply<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mover = format_args!("{} {}", G::side_name(self.mover), ShowMove::<G>(self.mv));
        Sentence {
            mover: &mover,
            best: self.best,
            chosen: self.chosen,
            finished: self.after.finished().is_some(),
        }
        .fmt(f)
    }
}
