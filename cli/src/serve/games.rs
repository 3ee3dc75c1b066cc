//! The games solved at compile time besides tic-tac-toe (misère tic-tac-toe, Hexapawn,
//! Dodgem...): the list, and any game move by move in its notation, in the shape of the
//! tic-tac-toe API.
//!
//! Positions and moves are written in each game's one-line notation (the library's
//! [`Notation`]); values come from its table ([`Solved`]); every move is judged by the
//! library's [`Verdict`] and told in its [`Sentence`].

use std::fmt::Write as _;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use serde_json::{Value as Json, json};

use perfect_play::games::{self, Notation, ShowMove, Side, Visitor};
use perfect_play::{ENDLESS, Game, Record, Sentence, Solved, Value, Verdict};

use super::error::ApiError;
use super::limits::{MAX_MOVES, RETRY_AFTER, REVIEW_WAIT, REVIEWS};
use super::random::{level, random};
use super::reply::{self, Answer};
use super::routes::Shared;

/// `GET /api/games`: every game solved at compile time, `[{"game":..,"positions":..,
/// "outcome":..,"plies":..},..]`, the objects of `perfect-play games --json`.
pub async fn list() -> Answer {
    let objects: Vec<Json> = games::all()
        .map(|game| crate::wire::game_object(&game))
        .collect();
    Ok(reply::ok(Json::Array(objects).to_string().into_bytes()))
}

/// `GET /api/games/{game}?start=POSITION&moves=M1,M2`: the game after these moves (in the
/// game's notation, comma-separated) from `start` (the game's start when absent): every
/// position on the way with every move's value, and every move judged. 404 for a game
/// that does not exist, 400 for text that is not a position or a move or for more than
/// [`MAX_MOVES`] moves, 422 for a position no game reaches or a move that cannot be played.
/// The review runs on a blocking thread, at most [`REVIEWS`] at once: a long one must not
/// hold up the async workers that answer cheap requests.
pub async fn game(
    State(shared): State<Shared>,
    name: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Answer {
    let Path(name) = name?;
    let query = query.unwrap_or_default();
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
        let answer =
            games::visit(&name, Review { query: &query }).unwrap_or_else(|| Err(no_game(&name)));
        drop(permit);
        answer
    })
    .await
    .map_err(|why| ApiError::Internal(format!("the review failed: {why}")))?
}

/// `GET /api/games/{game}/pick?position=POSITION&level=LEVEL`: the move the computer
/// plays from a position (the game's start when absent) at a level (`perfect` when
/// absent): `{"move":..,"level":..}`.
pub async fn pick(name: Result<Path<String>, PathRejection>, RawQuery(query): RawQuery) -> Answer {
    let Path(name) = name?;
    let query = query.unwrap_or_default();
    games::visit(&name, Pick { query: &query }).unwrap_or_else(|| Err(no_game(&name)))
}

/// 404 for a game that does not exist, naming those that do.
fn no_game(name: &str) -> ApiError {
    let known: Vec<&str> = games::all().map(|game| game.name).collect();
    ApiError::NotFound(format!(
        "no game {name:?}: the games are {} (tic-tac-toe has its own API, /api/tictactoe/...)",
        known.join(", ")
    ))
}

/// Picks the computer's move in one game.
struct Pick<'a> {
    query: &'a str,
}

impl Visitor for Pick<'_> {
    type Output = Answer;

    fn visit<G: Notation + 'static>(self, name: &'static str, table: &'static Solved<G>) -> Answer {
        let level = level(self.query)?;
        let text = self
            .query
            .split('&')
            .find_map(|pair| pair.strip_prefix("position="));
        let position = match text.map(decode).transpose()? {
            Some(text) => text
                .parse::<G>()
                .map_err(|why| ApiError::bad_request(format_args!("position: {why}")))?,
            None => G::start(),
        };
        if table.probe(&position).is_none() {
            return Err(ApiError::unprocessable(format_args!(
                "no game of {name} reaches {position}"
            )));
        }
        match table.pick(&position, level, &mut random()) {
            Some(mv) => Ok(reply::ok(
                json!({"move": ShowMove::<G>(mv).to_string(), "level": level.to_string()})
                    .to_string()
                    .into_bytes(),
            )),
            None => Err(ApiError::unprocessable(format_args!(
                "the game is finished at {position}: there is no move to pick"
            ))),
        }
    }
}

/// A query value, percent-decoded (`+` is a space).
fn decode(value: &str) -> Result<String, ApiError> {
    percent_encoding::percent_decode_str(&value.replace('+', " "))
        .decode_utf8()
        .map(|text| text.into_owned())
        .map_err(|_| ApiError::bad_request("a parameter is not UTF-8 once decoded"))
}

/// Reviews one game's moves; the visitor [`games::visit`] calls with the game's types.
struct Review<'a> {
    query: &'a str,
}

impl Visitor for Review<'_> {
    type Output = Answer;

    fn visit<G: Notation + 'static>(self, name: &'static str, table: &'static Solved<G>) -> Answer {
        let body = review(name, table, self.query)?;
        Ok(reply::ok(body.to_string().into_bytes()))
    }
}

/// The whole answer for one game, or the reply saying why there is none.
fn review<G: Notation>(name: &str, table: &Solved<G>, query: &str) -> Result<Json, ApiError> {
    let (start, moves) = read_query(query)?;
    let mut position = match start {
        Some(text) => text
            .parse::<G>()
            .map_err(|why| ApiError::bad_request(format_args!("start: {why}")))?,
        None => G::start(),
    };
    if table.probe(&position).is_none() {
        return Err(ApiError::unprocessable(format_args!(
            "start: no game of {name} reaches {position}"
        )));
    }
    let mut positions = vec![position_json(table, &position)];
    let mut plies = Vec::new();
    for (index, text) in moves.iter().enumerate() {
        let number = index + 1;
        let mv = G::parse_move(text)
            .map_err(|why| ApiError::bad_request(format_args!("move {number}: {why}")))?;
        let Some(after) = legal(&position, mv) else {
            return Err(ApiError::unprocessable(format_args!(
                "move {number}: {text} cannot be played from {position} (the moves there are {})",
                legal_list(&position)
            )));
        };
        let (Some(best), Some(reached)) = (table.probe(&position), table.probe(&after)) else {
            return Err(ApiError::unprocessable(format_args!(
                "move {number}: the table has no position {after}"
            )));
        };
        let chosen = reached.before_move();
        let mover = G::side_name(position.to_move());
        let said = format!("{mover} {}", ShowMove::<G>(mv));
        let sentence = Sentence {
            mover: &said,
            best,
            chosen,
            finished: after.finished().is_some(),
        };
        plies.push(json!({
            "number": number,
            "player": mover,
            "move": ShowMove::<G>(mv).to_string(),
            "verdict": Verdict::judge(best, chosen).to_string(),
            "outcome_before": outcome::<G>(position.to_move(), best),
            "outcome_after": outcome::<G>(position.to_move(), chosen),
            "sentence": sentence.to_string(),
        }));
        position = after;
        positions.push(position_json(table, &position));
    }
    Ok(json!({
        "game": name,
        "sides": G::SIDES,
        "pieces": G::PIECES.map(String::from),
        "move_help": G::MOVE_HELP,
        "moves": moves,
        "positions": positions,
        "plies": plies,
    }))
}

/// `start` and `moves` from a query string, percent-decoded; 400 for more than
/// [`MAX_MOVES`] moves, counted before any is read.
fn read_query(query: &str) -> Result<(Option<String>, Vec<String>), ApiError> {
    let (mut start, mut moves) = (None, Vec::new());
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = decode(value)?;
        match key {
            "start" => start = Some(value),
            "moves" => {
                let count = value
                    .split(',')
                    .filter(|text| !text.trim().is_empty())
                    .count();
                if count > MAX_MOVES {
                    return Err(ApiError::bad_request(format_args!(
                        "moves: {count} moves, but the server reviews at most {MAX_MOVES} (a game longer than that goes round in circles)"
                    )));
                }
                moves = value
                    .split(',')
                    .map(str::trim)
                    .filter(|text| !text.is_empty())
                    .map(String::from)
                    .collect();
            }
            _ => {
                return Err(ApiError::bad_request(format_args!(
                    "unknown parameter {key:?}: the parameters are start=POSITION and moves=M1,M2 (in the game's notation)"
                )));
            }
        }
    }
    Ok((start, moves))
}

/// The position `mv` leads to, if it is a legal move.
fn legal<G: Game>(position: &G, mv: G::Move) -> Option<G> {
    if position.finished().is_some() {
        return None;
    }
    let mut found = None;
    position.moves(&mut |m, after| {
        if m == mv {
            found = Some(after);
        }
    });
    found
}

/// The legal moves of a position, for a message: `1-4, 2-5`, or `none`.
fn legal_list<G: Notation>(position: &G) -> String {
    let mut list = String::new();
    if position.finished().is_none() {
        position.moves(&mut |mv, _| {
            let comma = if list.is_empty() { "" } else { ", " };
            let _ = write!(list, "{comma}{}", ShowMove::<G>(mv));
        });
    }
    if list.is_empty() {
        list.push_str("none: the game is finished");
    }
    list
}

/// Who wins with `record` for the side `mover`: its name, the other's, or `draw`.
fn outcome<G: Notation>(mover: Side, record: Record) -> &'static str {
    match record.value {
        Value::Win => G::side_name(mover),
        Value::Loss => G::side_name(mover.other()),
        Value::Draw => "draw",
    }
}

/// Plies as JSON: null for a draw that never ends.
fn plies(record: Record) -> Json {
    if record.remoteness >= ENDLESS {
        Json::Null
    } else {
        Json::from(record.remoteness)
    }
}

/// A move's cells for drawing it, from its notation: `[from, to]`, cells 0-8, null for
/// none (a mark placed has no `from`; a car driving off the board has no `to`).
fn cells(text: &str) -> (Json, Json) {
    let cell = |part: &str| match part.as_bytes() {
        [digit @ b'1'..=b'9'] => Json::from(digit - b'1'),
        _ => Json::Null,
    };
    match text.split_once('-') {
        Some((from, to)) => (cell(from), cell(to)),
        None => (Json::Null, cell(text)),
    }
}

/// One position: its notation, its cells, whose turn, its value and every move's.
fn position_json<G: Notation>(table: &Solved<G>, position: &G) -> Json {
    let mover = position.to_move();
    let record = table.probe(position);
    let cells_text: String = (0..9)
        .map(|cell| position.piece(cell).map_or('.', G::piece_letter))
        .collect();
    let winner = match position.finished() {
        Some(Value::Win) => Json::from(G::side_name(mover)),
        Some(Value::Loss) => Json::from(G::side_name(mover.other())),
        _ => Json::Null,
    };
    // Room for every move, then the moves ranked best first into it.
    let unranked = Record {
        value: Value::Draw,
        remoteness: 0,
    };
    let mut buffer: Vec<(G::Move, Record)> = Vec::new();
    if position.finished().is_none() {
        position.moves(&mut |mv, _| buffer.push((mv, unranked)));
    }
    let count = table.ranked_moves(position, &mut buffer);
    let moves: Vec<Json> = buffer
        .iter()
        .take(count)
        .map(|&(mv, value)| {
            let text = ShowMove::<G>(mv).to_string();
            let (from, to) = cells(&text);
            let after = legal(position, mv).map(|after| after.to_string());
            json!({
                "move": text,
                "from": from,
                "to": to,
                "outcome": outcome::<G>(mover, value),
                "plies": plies(value),
                "position": after,
            })
        })
        .collect();
    let best: Vec<Json> = buffer
        .iter()
        .take(count)
        .filter(|(_, value)| record.is_some_and(|record| value.rank() == record.rank()))
        .map(|&(mv, _)| Json::from(ShowMove::<G>(mv).to_string()))
        .collect();
    json!({
        "position": position.to_string(),
        "cells": cells_text,
        "to_move": G::side_name(mover),
        "finished": position.finished().is_some(),
        "winner": winner,
        "outcome": record.map_or("draw", |record| outcome::<G>(mover, record)),
        "plies": record.map_or(Json::Null, plies),
        "best_moves": best,
        "moves": moves,
    })
}
