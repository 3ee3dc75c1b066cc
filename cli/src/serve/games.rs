//! Every game of the registry through one set of routes, generic over
//! [`games::visit`]: the list, a game reviewed move by move, one position analysed, and
//! the computer's move. A game registered in `src/games/list.rs` is served here with
//! nothing else to write.
//!
//! Positions and moves are written in each game's one-line notation (the library's
//! [`Notation`]); values come from its table ([`Solved`]); every move is judged by the
//! library's `Verdict` and told in its `Sentence`. The answers are the structs of
//! [`crate::wire`].

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};

use perfect_play::games::{self, Notation, ShowMove, Visitor};
use perfect_play::{GameMoveError, MoveError, Record, Solved, play_text};

use crate::wire::GameInfo;
use crate::wire::api::{AnalysedPosition, GamePick, GamePly, GameReview};

use super::error::ApiError;
use super::limits::{MAX_REVIEW_MOVES, RETRY_AFTER, REVIEW_WAIT, REVIEWS};
use super::params::{Params, PickQuery, PositionQuery, ReviewQuery};
use super::random::random;
use super::reply::{self, Answer};
use super::state::Shared;

/// `GET /api/games`: every game solved at compile time, as `perfect-play games --json`
/// lists them.
pub async fn list() -> Answer {
    let list: Vec<GameInfo> = games::all().map(|game| GameInfo::of(&game)).collect();
    reply::ok(&list)
}

/// `GET /api/games/{game}?start=POSITION&moves=M1,M2`: the game after these moves (in the
/// game's notation, comma-separated) from `start` (the game's start when absent): every
/// position on the way with every move's value, and every move judged. 404 for a game
/// that does not exist, 400 for text that is not a position or a move (which move, at
/// which column of `moves`) or for more than [`MAX_REVIEW_MOVES`] moves, 422 for a position no
/// game reaches or a move that cannot be played. The review runs on a blocking thread, at
/// most [`REVIEWS`] at once: a long one must not hold up the async workers that answer
/// cheap requests.
pub async fn game(
    State(shared): State<Shared>,
    name: Result<Path<String>, PathRejection>,
    Params(query): Params<ReviewQuery>,
) -> Answer {
    let Path(name) = name?;
    let moves = move_list(query.moves.as_deref().unwrap_or(""))?;
    let busy = || {
        ApiError::Busy(format!(
            "busy: all {REVIEWS} game reviews stayed taken for the {} s a request may wait; try again in {RETRY_AFTER} s",
            REVIEW_WAIT.as_secs()
        ))
    };
    let permit = tokio::time::timeout(REVIEW_WAIT, shared.reviews.acquire_owned())
        .await
        .map_err(|_| busy())?
        .map_err(|_| busy())?;
    tokio::task::spawn_blocking(move || {
        let review = Review {
            start: query.start.as_deref(),
            moves,
        };
        let answer = games::visit(&name, review).unwrap_or_else(|| Err(no_game(&name)));
        drop(permit);
        answer
    })
    .await
    .map_err(|why| ApiError::Internal(format!("the review failed: {why}")))?
}

/// `GET /api/games/{game}/position?position=POSITION`: one position (the game's start
/// when absent) with its value and every move's, as each position of a review.
pub async fn position(
    name: Result<Path<String>, PathRejection>,
    Params(query): Params<PositionQuery>,
) -> Answer {
    let Path(name) = name?;
    let text = query.position.as_deref();
    games::visit(&name, Analyse { text }).unwrap_or_else(|| Err(no_game(&name)))
}

/// `GET /api/games/{game}/pick?position=POSITION&level=LEVEL`: the move the computer
/// plays from a position (the game's start when absent) at a level (`perfect` when
/// absent).
pub async fn pick(
    name: Result<Path<String>, PathRejection>,
    Params(query): Params<PickQuery>,
) -> Answer {
    let Path(name) = name?;
    games::visit(&name, Pick { query: &query }).unwrap_or_else(|| Err(no_game(&name)))
}

/// 404 for a game that does not exist, naming those that do.
fn no_game(name: &str) -> ApiError {
    match games::find(name) {
        Err(error) => ApiError::NotFound(error.to_string()),
        Ok(found) => ApiError::NotFound(format!("no game is called `{found}`")),
    }
}

/// The moves of `moves=M1,M2` with the column (from 1) each starts at; 400 for more than
/// [`MAX_REVIEW_MOVES`], counted before any is read.
fn move_list(text: &str) -> Result<Vec<(usize, String)>, ApiError> {
    let mut moves = Vec::new();
    let mut column = 1;
    for part in text.split(',') {
        let trimmed = part.trim();
        if !trimmed.is_empty() {
            if moves.len() == MAX_REVIEW_MOVES {
                let count = text.split(',').filter(|m| !m.trim().is_empty()).count();
                return Err(ApiError::bad_request(format_args!(
                    "moves: {count} moves, but the server reviews at most {MAX_REVIEW_MOVES} (a game longer than that goes round in circles)"
                )));
            }
            let lead = part.len() - part.trim_start().len();
            moves.push((column + lead, trimmed.to_owned()));
        }
        column += part.chars().count() + 1;
    }
    Ok(moves)
}

/// A position of the game called `name` given as `text` in parameter `parameter` (the
/// game's start when absent), with its record; 400 if it is not a position, 422 if no
/// game reaches it.
fn read_position<G: Notation>(
    name: &str,
    table: &Solved<G>,
    parameter: &str,
    text: Option<&str>,
) -> Result<(G, Record), ApiError> {
    let position = match text {
        Some(text) => text
            .parse::<G>()
            .map_err(|why| ApiError::bad_request(format_args!("{parameter}: {why}")))?,
        None => G::start(),
    };
    match table.probe(&position) {
        Some(record) => Ok((position, record)),
        None => Err(ApiError::unprocessable(format_args!(
            "{parameter}: no game of {name} reaches {position}"
        ))),
    }
}

/// Analyses one position of a game.
struct Analyse<'a> {
    text: Option<&'a str>,
}

impl Visitor for Analyse<'_> {
    type Output = Answer;

    fn visit<G: Notation + 'static>(self, name: &'static str, table: &'static Solved<G>) -> Answer {
        let (position, record) = read_position(name, table, "position", self.text)?;
        reply::ok(&AnalysedPosition::of(table, &position, record))
    }
}

/// Picks the computer's move in one game.
struct Pick<'a> {
    query: &'a PickQuery,
}

impl Visitor for Pick<'_> {
    type Output = Answer;

    fn visit<G: Notation + 'static>(self, name: &'static str, table: &'static Solved<G>) -> Answer {
        let level = self.query.level();
        let (position, _) = read_position(name, table, "position", self.query.position.as_deref())?;
        match table.pick(&position, level, &mut random()) {
            Some(mv) => reply::ok(&GamePick {
                mv: ShowMove::<G>(mv).to_string(),
                level: level.to_string(),
            }),
            None => Err(ApiError::unprocessable(format_args!(
                "the game is finished at {position}: there is no move to pick"
            ))),
        }
    }
}

/// Reviews one game's moves; the visitor [`games::visit`] calls with the game's types.
struct Review<'a> {
    start: Option<&'a str>,
    moves: Vec<(usize, String)>,
}

impl Visitor for Review<'_> {
    type Output = Answer;

    fn visit<G: Notation + 'static>(self, name: &'static str, table: &'static Solved<G>) -> Answer {
        reply::ok(&review(name, table, self.start, &self.moves)?)
    }
}

/// The whole review of one game from `start` through `moves` (each with its column in
/// `moves=`), or why there is none.
pub fn review<G: Notation>(
    name: &'static str,
    table: &Solved<G>,
    start: Option<&str>,
    moves: &[(usize, String)],
) -> Result<GameReview, ApiError> {
    let (mut position, mut record) = read_position(name, table, "start", start)?;
    let mut positions = vec![AnalysedPosition::of(table, &position, record)];
    let mut plies = Vec::new();
    for (index, (column, text)) in moves.iter().enumerate() {
        let number = index + 1;
        let at = format!("(at column {column} of moves)");
        let (mv, reached) = play_text(&position, text).map_err(|error| {
            let message = format!("{} {at}", GameMoveError { number, error });
            match error {
                MoveError::NotAMove { .. } => ApiError::bad_request(message),
                _ => ApiError::unprocessable(message),
            }
        })?;
        let Some(reached_record) = table.probe(&reached) else {
            return Err(ApiError::unprocessable(format_args!(
                "move {number}: the table has no position {reached} {at}"
            )));
        };
        plies.push(GamePly::of(
            number,
            &position,
            mv,
            record,
            &reached,
            reached_record,
        ));
        (position, record) = (reached, reached_record);
        positions.push(AnalysedPosition::of(table, &position, record));
    }
    Ok(GameReview {
        game: name,
        sides: G::SIDES,
        pieces: G::PIECES.map(String::from),
        move_help: G::MOVE_HELP,
        moves: moves.iter().map(|(_, text)| text.clone()).collect(),
        positions,
        plies,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// Each move of a list carries the column it starts at, spaces and empty moves
    /// skipped; one move past the bound is refused.
    #[test]
    fn moves_carry_their_columns() {
        let moves = move_list("2-5, 1-4,,3-6").unwrap();
        assert_eq!(
            moves,
            [
                (1, "2-5".to_owned()),
                (6, "1-4".to_owned()),
                (11, "3-6".to_owned())
            ]
        );
        assert!(move_list("").unwrap().is_empty());
        assert_eq!(
            move_list(&vec!["1"; MAX_REVIEW_MOVES].join(","))
                .unwrap()
                .len(),
            MAX_REVIEW_MOVES
        );
        assert!(move_list(&vec!["1"; MAX_REVIEW_MOVES + 1].join(",")).is_err());
    }
}
