//! Every game of the registry through one set of routes, each game behind the library's
//! dynamic handle ([`DynGame`], from [`games::open`]): the list, a game reviewed move by
//! move, one position analysed, and the computer's move. A game registered in
//! `src/games/list.rs` is served here with nothing else to write.
//!
//! Positions and moves are written in each game's one-line notation; values, rankings and
//! the verdict and sentence on every move are the handle's. The answers are the structs of
//! [`crate::wire`].

use std::ops::Deref;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use perfect_play::AnsweredBy;
use perfect_play::dynamic::{DynGame, MoveRefusal, PositionAnalysis, PositionError, ReviewError};
use perfect_play::file;
use perfect_play::games;
use perfect_play::search;

use crate::wire::api::{AnalysedPosition, GamePick, GameReview, OrUnreachable};
use crate::wire::{FamilyInfo, GameInfo, NeedsTable, UnreachablePosition};

use super::error::ApiError;
use super::limits::{MAX_REVIEW_MOVES, RETRY_AFTER, REVIEW_WAIT, REVIEWS};
use super::params::{Params, PickQuery, PositionQuery, ReviewQuery};
use super::random::random;
use super::reply::{self, Answer};
use super::state::Shared;

/// `GET /api/games`: every game solved at compile time, as `perfect-play games --json`
/// lists them.
pub async fn list() -> Answer {
    reply::ok(&list_games())
}

/// `GET /api/families`: every family of games, as `perfect-play games --families --json`
/// lists them: each parameter with its bounds and default, and the sizes compiled in. Any
/// size of a family is a game of `/api/games/{game}` (`mnk:m=4,n=3,k=3`); one not compiled
/// in is solved on its first use.
pub async fn families() -> Answer {
    reply::ok(&list_families())
}

/// Every family of the registry, in its order.
pub fn list_families() -> Vec<FamilyInfo> {
    games::families().map(FamilyInfo::of).collect()
}

/// `GET /api/games/{game}?start=POSITION&moves=M1,M2`: the game after these moves (in the
/// game's notation, comma-separated) from `start` (the game's start when absent): every
/// position on the way with every move's value, and every move judged. 404 for a game
/// that does not exist, 400 for text that is not a position or a move (which move, at
/// which column of `moves`) or for more than [`MAX_REVIEW_MOVES`] moves, 422 for a position no
/// game reaches or a move that cannot be played. The review runs on a blocking thread, at
/// most [`REVIEWS`] at once: a long one must not hold up the async workers that answer
/// cheap requests. A game answered by search also holds one of the server's solves
/// (`--solves`) and is bounded by `--solve-time-limit`, as [`position`] is.
pub async fn game(
    State(shared): State<Shared>,
    name: Result<Path<String>, PathRejection>,
    Params(query): Params<ReviewQuery>,
) -> Answer {
    let Path(name) = name?;
    let moves = move_list(query.moves.as_deref().unwrap_or(""))?;
    let permit = turn(&shared.reviews, "game reviews", REVIEWS).await?;
    let game = tokio::task::spawn_blocking(move || open(&name))
        .await
        .map_err(|why| ApiError::Internal(format!("opening the game failed: {why}")))??;
    let searched = game.about().answered_by == AnsweredBy::Search;
    let solve = if searched {
        Some(turn(&shared.solves, "solves", shared.limits.solves).await?)
    } else {
        None
    };
    let limit = shared.limits.solve_time;
    tokio::task::spawn_blocking(move || {
        let work = || reply::ok(&review(&*game, query.start.as_deref(), &moves)?);
        let answer = if searched {
            search_within(&game.about().name, limit, work)
        } else {
            work()
        };
        drop((permit, solve));
        answer
    })
    .await
    .map_err(|why| ApiError::Internal(format!("the review failed: {why}")))?
}

/// `GET /api/games/{game}/position?position=POSITION`: one position (the game's start
/// when absent) with its value and every move's, as each position of a review; a position
/// no game reaches is answered as `outcome --game NAME --json` answers it
/// (`{"position": ..., "reachable": false, "reason": ...}`).
pub async fn position(
    State(shared): State<Shared>,
    name: Result<Path<String>, PathRejection>,
    Params(query): Params<PositionQuery>,
) -> Answer {
    let Path(name) = name?;
    with_game(&shared, &name, move |game| {
        match read_position(game, "position", query.position.as_deref())? {
            OrUnreachable::Reached(analysis) => {
                reply::ok(&AnalysedPosition::of(game.about(), &analysis))
            }
            OrUnreachable::Unreachable(unreachable) => reply::ok(&unreachable),
        }
    })
    .await
}

/// `GET /api/games/{game}/pick?position=POSITION&level=LEVEL`: the move the computer
/// plays from a position (the game's start when absent) at a level (`perfect` when
/// absent); a position no game reaches is answered as `/position` answers it, a finished
/// one 422.
pub async fn pick(
    State(shared): State<Shared>,
    name: Result<Path<String>, PathRejection>,
    Params(query): Params<PickQuery>,
) -> Answer {
    let Path(name) = name?;
    with_game(&shared, &name, move |game| {
        let level = query.level();
        let text = query.position.as_deref().unwrap_or(&game.about().start);
        // One ranking: the pick's own (an analysis first would search the moves twice).
        let picked = match game.pick(text, level, &mut random()) {
            Ok(picked) => picked,
            Err(PositionError::Unreachable { position, reason }) => {
                return reply::ok(&UnreachablePosition::new(position, reason));
            }
            Err(why) => return Err(position_error("position", &why)),
        };
        match picked {
            Some(mv) => reply::ok(&GamePick {
                mv,
                level: level.to_string(),
            }),
            None => Err(ApiError::unprocessable(format_args!(
                "the game is finished at {text}: there is no move to pick"
            ))),
        }
    })
    .await
}

/// Runs `work` on the game called `name`. A game of tables answers at once, here; a game
/// answered by search (`connect4-7x6`) holds one of the server's solves (`--solves`, the
/// footholds solver's permits: both are CPU-bound) on a blocking thread, within the time
/// bound (`--solve-time-limit`): 503 past it, 503 with `Retry-After` when every solve
/// stays taken for [`REVIEW_WAIT`].
async fn with_game(
    shared: &Shared,
    name: &str,
    work: impl FnOnce(&dyn DynGame) -> Answer + Send + 'static,
) -> Answer {
    // A family's size that is not compiled in is solved on its first use: a blocking
    // thread's work, not an async worker's.
    let wanted = name.to_owned();
    let game = tokio::task::spawn_blocking(move || open(&wanted))
        .await
        .map_err(|why| ApiError::Internal(format!("opening the game failed: {why}")))??;
    if game.about().answered_by == AnsweredBy::Table {
        return work(&*game);
    }
    let permit = turn(&shared.solves, "solves", shared.limits.solves).await?;
    let limit = shared.limits.solve_time;
    tokio::task::spawn_blocking(move || {
        let answer = search_within(&game.about().name, limit, || work(&*game));
        drop(permit);
        answer
    })
    .await
    .map_err(|why| ApiError::Internal(format!("the search failed: {why}")))?
}

/// One of the `count` permits of `permits` (the server's `what`), waited for at most
/// [`REVIEW_WAIT`]: 503 with `Retry-After` past it.
pub(super) async fn turn(
    permits: &Arc<Semaphore>,
    what: &str,
    count: usize,
) -> Result<OwnedSemaphorePermit, ApiError> {
    let busy = || {
        ApiError::Busy(format!(
            "busy: all {count} {what} stayed taken for the {} s a request may wait; try again in {RETRY_AFTER} s",
            REVIEW_WAIT.as_secs()
        ))
    };
    tokio::time::timeout(REVIEW_WAIT, permits.clone().acquire_owned())
        .await
        .map_err(|_| busy())?
        .map_err(|_| busy())
}

/// `work`, every search it starts given up after `limit`: 503 then, naming the bound.
pub(super) fn search_within(name: &str, limit: Duration, work: impl FnOnce() -> Answer) -> Answer {
    search::within(Instant::now() + limit, work).unwrap_or_else(|out_of_time| {
        Err(ApiError::OverBudget(format!(
            "{name}: {out_of_time}: the server's bound is {} ms (--solve-time-limit)",
            limit.as_millis()
        )))
    })
}

/// The games of the table files `serve --table` opened, for the rest of the process.
static FILES: OnceLock<Vec<&'static dyn DynGame>> = OnceLock::new();

/// Serves the games of `files` (mapped and verified once, here) beside the compiled ones.
///
/// # Errors
/// The first file that cannot be opened, said with its path and why.
pub fn add_files(files: &[PathBuf]) -> Result<(), String> {
    let mut opened: Vec<&'static dyn DynGame> = Vec::new();
    for path in files {
        let game = file::open_dyn_any(path).map_err(|error| error.to_string())?;
        opened.push(Box::leak(game));
    }
    FILES
        .set(opened)
        .map_err(|_| "the table files are opened once".to_owned())
}

/// A game the server answers: compiled, or from a table file.
pub enum Served {
    /// A compiled table, opened for the request.
    Compiled(Box<dyn DynGame>),
    /// A table file's, opened at start-up.
    File(&'static dyn DynGame),
}

impl Deref for Served {
    type Target = dyn DynGame;

    fn deref(&self) -> &(dyn DynGame + 'static) {
        match self {
            Served::Compiled(game) => &**game,
            Served::File(game) => *game,
        }
    }
}

/// The games of the table files, in the order given.
fn files() -> impl Iterator<Item = &'static dyn DynGame> {
    FILES.get().into_iter().flatten().copied()
}

/// Every game of the registry, as `perfect-play games --json` lists them, then the games
/// of the table files.
pub fn list_games() -> Vec<GameInfo> {
    let compiled = games::listed()
        .into_iter()
        .filter_map(|game| game.open().ok());
    let mut list: Vec<GameInfo> = files().filter_map(GameInfo::of).collect();
    let from_files: Vec<String> = list.iter().map(|info| info.name.clone()).collect();
    list.splice(
        0..0,
        compiled
            .filter(|game| !from_files.contains(&game.about().name))
            .filter_map(|game| GameInfo::of(&*game)),
    );
    list
}

/// The game called `name` (in any case, resolved once here), a table file's first, or 404
/// naming the games there are and the nearest.
pub fn open(name: &str) -> Result<Served, ApiError> {
    let game = games::resolve(name).map_err(|unknown| ApiError::NotFound(unknown.to_string()))?;
    // A file carries the game's canonical name (`connect4-6x4` for `connect-four:4,6`).
    if let Some(served) = files().find(|served| served.about().name == game.name()) {
        return Ok(Served::File(served));
    }
    game.open().map(Served::Compiled).map_err(|unsolved| {
        let why = unsolved.to_string();
        let size =
            game.entry().file_only.iter().copied().find(|size| {
                games::Args::parse(game.entry().params, size).as_ref() == Ok(game.args())
            });
        match size.and_then(|size| NeedsTable::of(game.entry(), size)) {
            Some(size) => ApiError::NeedsTable(why, Box::new(size)),
            None => ApiError::NotFound(why),
        }
    })
}

/// The moves of `moves=M1,M2` with the column (from 1) each starts at; 400 for more than
/// [`MAX_REVIEW_MOVES`], counted before any is read.
pub(super) fn move_list(text: &str) -> Result<Vec<(usize, String)>, ApiError> {
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

/// The 400 (not a position) or 422 (no game reaches it) for parameter `parameter`.
pub(super) fn position_error(parameter: &str, why: &PositionError) -> ApiError {
    match why {
        PositionError::Notation(error) => {
            ApiError::bad_request(format_args!("{parameter}: {error}"))
        }
        PositionError::Unreachable { position, reason } => {
            ApiError::unprocessable(format_args!("{parameter}: {reason}: {position}"))
        }
    }
}

/// A position of `game` given as `text` in parameter `parameter` (the game's start when
/// absent), analysed, or the answer for a position no game reaches; 400 if it is not a
/// position.
fn read_position(
    game: &dyn DynGame,
    parameter: &str,
    text: Option<&str>,
) -> Result<OrUnreachable<PositionAnalysis>, ApiError> {
    let text = text.unwrap_or(&game.about().start);
    match game.analyze(text) {
        Ok(analysis) => Ok(OrUnreachable::Reached(analysis)),
        Err(PositionError::Unreachable { position, reason }) => Ok(OrUnreachable::Unreachable(
            UnreachablePosition::new(position, reason),
        )),
        Err(why) => Err(position_error(parameter, &why)),
    }
}

/// The whole review of one game from `start` through `moves` (each with its column in
/// `moves=`), the answer for a start no game reaches, or why there is none: 400 for text
/// that is not a position or a move, 422 for a move that cannot be played.
pub fn review(
    game: &dyn DynGame,
    start: Option<&str>,
    moves: &[(usize, String)],
) -> Result<OrUnreachable<GameReview>, ApiError> {
    let texts: Vec<&str> = moves.iter().map(|(_, text)| text.as_str()).collect();
    match game.review(start, &texts) {
        Ok(review) => Ok(OrUnreachable::Reached(GameReview::of(
            game.about(),
            &texts,
            &review,
        ))),
        Err(ReviewError::Start(PositionError::Unreachable { position, reason })) => Ok(
            OrUnreachable::Unreachable(UnreachablePosition::new(position, reason)),
        ),
        Err(why) => Err(refused(why, moves)),
    }
}

/// The 400 or 422 for a game that cannot be reviewed or sketched: a start that is not a
/// position (or that no game reaches), a move that is not one (400, with its column in
/// `moves`) or that cannot be played (422), too many moves (400).
pub(super) fn refused(why: ReviewError, moves: &[(usize, String)]) -> ApiError {
    match why {
        ReviewError::Start(why) => position_error("start", &why),
        ReviewError::Move {
            number,
            refusal,
            sentence,
            ..
        } => {
            let column = moves.get(number - 1).map_or(0, |(column, _)| *column);
            let message = format!("{sentence} (at column {column} of moves)");
            match *refusal {
                MoveRefusal::NotAMove { .. } => ApiError::bad_request(message),
                _ => ApiError::unprocessable(message),
            }
        }
        too_long @ ReviewError::TooLong { .. } => {
            ApiError::bad_request(format_args!("moves: {too_long}"))
        }
    }
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
