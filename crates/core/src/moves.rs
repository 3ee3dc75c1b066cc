//! A move typed by a person, read and played in one step, and the one sentence every
//! surface (the binary, the server, Python) says when it cannot be played: text that is
//! not a move, a move the position does not allow, or any move after the game has ended.

use core::fmt;

use crate::game::Value;
use crate::notation::{Notation, ParseError, ShowMove};

/// Why a move typed as text cannot be played from a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError<'a, G: Notation> {
    /// The text is not a move in the game's notation.
    NotAMove {
        /// The text.
        text: &'a str,
        /// What the notation found wrong with it.
        why: ParseError,
        /// What a move looks like at the position's size ([`Notation::move_help`]).
        help: &'static str,
    },
    /// The game is over in the position: nobody moves.
    GameOver {
        /// The finished position.
        position: G,
    },
    /// A move in the notation, but not one the position allows.
    Illegal {
        /// The position.
        position: G,
        /// The move asked for.
        mv: G::Move,
    },
}

/// Reads `text` as a move of `G` and plays it from `position`: the move and the position
/// it leads to.
///
/// # Errors
/// [`MoveError`] when the text is not a move, the game is over, or the move is not legal.
pub fn play_text<'a, G: Notation>(
    position: &G,
    text: &'a str,
) -> Result<(G::Move, G), MoveError<'a, G>> {
    let mv = position
        .parse_move_at(text)
        .map_err(|why| MoveError::NotAMove {
            text,
            why,
            help: position.move_help(),
        })?;
    if position.finished().is_some() {
        return Err(MoveError::GameOver {
            position: *position,
        });
    }
    match position.play(mv) {
        Some(after) => Ok((mv, after)),
        None => Err(MoveError::Illegal {
            position: *position,
            mv,
        }),
    }
}

/// How a finished position ended, in words: `x won`, `a draw`.
fn ending<G: Notation>(position: &G, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mover = position.to_move();
    match position.finished() {
        Some(Value::Win) => write!(f, "{} won", G::side_name(mover)),
        Some(Value::Loss) => write!(f, "{} won", G::side_name(mover.other())),
        Some(Value::Draw) | None => f.write_str("a draw"),
    }
}

/// The legal moves of `position`, split by commas: `1, 2, 4`.
fn legal_moves<G: Notation>(position: &G, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut result = Ok(());
    let mut first = true;
    position.moves(&mut |mv, _| {
        if result.is_ok() {
            let comma = if first { "" } else { ", " };
            result = write!(f, "{comma}{}", ShowMove::<G>(mv));
            first = false;
        }
    });
    result
}

/// `` `5` is not a move: a move is a column 1-4, like 2 `` (the notation's own words for
/// a move), `the game is over: x won`, `` `1-2` is not a legal move here: the legal moves
/// are 4-1, 4-5 ``.
impl<G: Notation> fmt::Display for MoveError<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NotAMove { text, help, .. } => {
                write!(f, "`{text}` is not a move: a move is {help}")
            }
            MoveError::GameOver { position } => {
                f.write_str("the game is over: ")?;
                ending(position, f)
            }
            MoveError::Illegal { position, mv } => {
                write!(
                    f,
                    "`{}` is not a legal move here: the legal moves are ",
                    ShowMove::<G>(*mv)
                )?;
                legal_moves(position, f)
            }
        }
    }
}

impl<G: Notation + fmt::Debug> core::error::Error for MoveError<'_, G> where G::Move: fmt::Debug {}

/// Why move `number` of a game played from the start cannot be played: the error with its
/// place in the game. After the end it says where the game ended (`the game ended at move
/// 7: x won; move 8 cannot be played`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct GameMoveError<'a, G: Notation> {
    /// The move's number, counted from 1.
    pub number: usize,
    /// What is wrong with it.
    pub error: MoveError<'a, G>,
}

impl<G: Notation + fmt::Debug> fmt::Debug for GameMoveError<'_, G>
where
    G::Move: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameMoveError")
            .field("number", &self.number)
            .field("error", &self.error)
            .finish()
    }
}

impl<G: Notation> fmt::Display for GameMoveError<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = self.number;
        match &self.error {
            MoveError::GameOver { position } => {
                match number.saturating_sub(1) {
                    0 => f.write_str("the game is over at its start: ")?,
                    last => write!(f, "the game ended at move {last}: ")?,
                }
                ending(position, f)?;
                write!(f, "; move {number} cannot be played")
            }
            error => write!(f, "move {number}: {error}"),
        }
    }
}

impl<G: Notation + fmt::Debug> core::error::Error for GameMoveError<'_, G> where G::Move: fmt::Debug {}

/// Plays `moves` (texts in the notation) from `start`, calling `step` with each position,
/// the move and the position after it, in order. What was played before an error stays
/// played: `step` has seen it.
///
/// # Errors
/// The first move that cannot be played, with its number (from 1): [`GameMoveError`].
pub fn play_all<'a, G: Notation>(
    start: G,
    moves: impl IntoIterator<Item = &'a str>,
    mut step: impl FnMut(&G, G::Move, &G),
) -> Result<G, GameMoveError<'a, G>> {
    let mut position = start;
    for (index, text) in moves.into_iter().enumerate() {
        let (mv, after) = play_text(&position, text).map_err(|error| GameMoveError {
            number: index + 1,
            error,
        })?;
        step(&position, mv, &after);
        position = after;
    }
    Ok(position)
}
