//! How good a move was, for any solved game: a [`Verdict`] and one [`Sentence`] a person
//! reads in a game review ("o 2 turned a draw into a loss in 6 plies").
//!
//! Both compare two records from the mover's side: what the best move was worth and what
//! the move played was worth, each counting the move itself (as
//! [`Solved::ranked_moves`](super::Solved::ranked_moves) gives them).

use core::fmt;

use super::game::{Record, Value};

/// How good a move was, judged by the solved table against the best moves available.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// One of the position's best moves: the value is kept, and a win comes as soon as it
    /// can or a loss as late as it can.
    Best,
    /// The value is kept, but a win comes later or a loss sooner than after a best move.
    /// (Every move that keeps a draw is a best move.)
    Inaccuracy,
    /// The value got worse for the mover: a win turned into a draw or a loss, or a draw
    /// into a loss. The blunders a game review shows.
    Mistake,
}

impl Verdict {
    /// The verdict on a move worth `chosen` to its mover, where the best move was worth
    /// `best`.
    #[must_use]
    pub const fn judge(best: Record, chosen: Record) -> Verdict {
        if chosen.rank() >= best.rank() {
            Verdict::Best
        } else if (chosen.value as u8) < (best.value as u8) {
            Verdict::Mistake
        } else {
            Verdict::Inaccuracy
        }
    }

    /// Whether the move was one of the best.
    #[must_use]
    pub const fn is_best(self) -> bool {
        matches!(self, Verdict::Best)
    }
}

/// `best`, `inaccuracy` or `mistake`.
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Best => "best",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
        })
    }
}

/// One sentence on what a move did, values from the mover's side.
///
/// Plies are counted as a board labels its moves ([`Solved::ranked_moves`]): from the
/// position before the move, the move itself included. A move labelled `win 5` is "a win
/// in 5 plies", and the best move it is compared with is counted the same way, so the
/// numbers in the sentence are the numbers on the board.
///
/// | verdict | sentence |
/// |---|---|
/// | best, game finished | `x 3 won the game`, `x 9 drew the game` |
/// | best | `x 5 was best: a draw`, `o 4 was best: a loss in 5 plies` |
/// | inaccuracy | `x 8 delayed the win: a win in 5 plies instead of 1` |
/// | inaccuracy | `o 9 hastened the loss: a loss in 2 plies instead of 4` |
/// | mistake | `o 2 turned a draw into a loss in 6 plies`, `x 6 turned a win into a draw` |
///
/// ```
/// use perfect_play_core::{Record, Sentence, Value};
///
/// let win = |plies| Record { value: Value::Win, remoteness: plies };
/// // x could win at once (the best move's label: win 1) and plays a move labelled win 5.
/// let sentence = Sentence { mover: &"x 8", best: win(1), chosen: win(5), finished: false };
/// assert_eq!(sentence.to_string(), "x 8 delayed the win: a win in 5 plies instead of 1");
/// let sentence = Sentence { mover: &"x 7", best: win(1), chosen: win(1), finished: true };
/// assert_eq!(sentence.to_string(), "x 7 won the game");
/// let loss = Record { value: Value::Loss, remoteness: 6 };
/// let draw = Record { value: Value::Draw, remoteness: 8 };
/// let sentence = Sentence { mover: &"o 2", best: draw, chosen: loss, finished: false };
/// assert_eq!(sentence.to_string(), "o 2 turned a draw into a loss in 6 plies");
/// ```
///
/// [`Solved::ranked_moves`]: super::Solved::ranked_moves
pub struct Sentence<'a> {
    /// Who moved and what, as the game says it: `x 5`, `white 2-5`.
    pub mover: &'a dyn fmt::Display,
    /// What the best move was worth to the mover, the move included.
    pub best: Record,
    /// What the move played was worth to the mover, the move included.
    pub chosen: Record,
    /// Whether the game is finished after the move.
    pub finished: bool,
}

impl fmt::Display for Sentence<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.mover)?;
        let after = Valued(self.chosen.value, self.chosen.remoteness);
        match Verdict::judge(self.best, self.chosen) {
            Verdict::Best if self.finished => f.write_str(match self.chosen.value {
                Value::Win => "won the game",
                Value::Draw => "drew the game",
                Value::Loss => "lost the game",
            }),
            Verdict::Best => write!(f, "was best: {after}"),
            Verdict::Inaccuracy => {
                let verb = match self.chosen.value {
                    Value::Win => "delayed the win",
                    _ => "hastened the loss",
                };
                write!(f, "{verb}: {after} instead of {}", self.best.remoteness)
            }
            Verdict::Mistake => write!(f, "turned {} into {after}", article(self.best.value)),
        }
    }
}

/// `a win`, `a draw` or `a loss`.
const fn article(value: Value) -> &'static str {
    match value {
        Value::Win => "a win",
        Value::Draw => "a draw",
        Value::Loss => "a loss",
    }
}

/// A value with the plies it takes, printed `a win in 3 plies`, `a draw`, `a loss in 1 ply`.
struct Valued(Value, u16);

impl fmt::Display for Valued {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(article(self.0))?;
        match (self.0, self.1) {
            (Value::Draw, _) => Ok(()),
            (_, 1) => f.write_str(" in 1 ply"),
            (_, plies) => write!(f, " in {plies} plies"),
        }
    }
}
