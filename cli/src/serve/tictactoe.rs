//! The tic-tac-toe API: a board's value and every move's, whether a game can end on a
//! board, and a game's history move by move.
//!
//! Field names and spellings are those of `outcome --json` and `validity --json`: the
//! same functions write them.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery};

use crate::messages::{NoGame, outcome_name, position_fields};
use std::io::Write;

use perfect_play::games::tictactoe::{Board, Outcome, Player, Position};
use perfect_play::games::{Notation, TICTACTOE};
use perfect_play::{GameRecord, Value};

use super::error::ApiError;
use super::random::{level, random};
use super::reply::{self, Answer};

/// `GET /api/tictactoe/{board}`: the position, and every empty cell with what playing
/// there leads to, best first for the side to move. 400 if the text is not a board, 422
/// if no game reaches it.
pub async fn board(path: Result<Path<String>, PathRejection>) -> Answer {
    let board = parse(path)?;
    let position = board
        .lookup()
        .map_err(|why| ApiError::unprocessable(NoGame(why)))?;
    let mut body = Vec::new();
    position_json(&mut body, position);
    Ok(reply::ok(body))
}

/// `GET /api/tictactoe/{board}/validity`: whether a game can reach the board and end on
/// it, and if not, why not. 400 if the text is not a board.
pub async fn validity(path: Result<Path<String>, PathRejection>) -> Answer {
    let board = parse(path)?;
    let mut body = vec![b'{'];
    crate::wire::validity_fields(&mut body, board);
    body.push(b'}');
    Ok(reply::ok(body))
}

/// `GET /api/tictactoe/{board}/pick?level=perfect`: the cell the computer plays at a
/// level (`perfect` when absent; the library's [`Level`] spellings). 400 if the board or
/// the level cannot be read, 422 if no game reaches the board or it is finished.
pub async fn pick(path: Result<Path<String>, PathRejection>, RawQuery(query): RawQuery) -> Answer {
    let board = parse(path)?;
    let level = level(query.as_deref().unwrap_or(""))?;
    let position = board
        .lookup()
        .map_err(|why| ApiError::unprocessable(NoGame(why)))?;
    match position.pick(level, &mut random()) {
        Some(cell) => Ok(reply::ok(
            format!("{{\"cell\":{cell},\"level\":\"{level}\"}}").into_bytes(),
        )),
        None => Err(ApiError::unprocessable(
            "the game is finished on this board: there is no move to pick",
        )),
    }
}

/// `GET /api/tictactoe/game?start=xo.......&moves=4,1,0`: the game after these moves
/// (cells 0-8; commas optional) from `start` (the empty board when absent), every position
/// on the way as [`board`] answers it, and every move judged in one sentence. 400 if a
/// parameter cannot be read, 422 if the start is a board no game reaches or a move cannot
/// be played.
pub async fn game(RawQuery(query): RawQuery) -> Answer {
    let (start, moves) =
        game_query(query.as_deref().unwrap_or("")).map_err(ApiError::BadRequest)?;
    let start = start
        .map(Board::lookup)
        .transpose()
        .map_err(|why| ApiError::unprocessable(format_args!("start: {}", NoGame(why))))?
        .unwrap_or(Position::START);
    // The library's game record, every game's; plies numbered from the empty board.
    let mut game = GameRecord::<Board, 9>::from_position(&TICTACTOE, start.board())
        .map_err(|_| ApiError::unprocessable("start: no game reaches it"))?;
    let marks = start.board().count(Player::X) + start.board().count(Player::O);
    for (index, &cell) in moves.iter().enumerate() {
        let illegal = |why: &dyn core::fmt::Display| {
            ApiError::unprocessable(format_args!("move {}: {why}", index + 1))
        };
        // The position's own check first: it says which cell and why.
        if let Ok(Err(why)) = game.position().lookup().map(|at| at.play(cell)) {
            return Err(illegal(&why));
        }
        game.play(cell).map_err(|why| illegal(&why))?;
    }
    let mut body = b"{\"moves\":[".to_vec();
    for (index, cell) in game.moves().enumerate() {
        if index > 0 {
            body.push(b',');
        }
        body.push(b'0' + cell);
    }
    body.extend_from_slice(b"],\"positions\":[");
    for (index, board) in game.positions().enumerate() {
        if index > 0 {
            body.push(b',');
        }
        if let Ok(position) = board.lookup() {
            position_json(&mut body, position);
        }
    }
    body.extend_from_slice(b"],\"plies\":[");
    for (index, ply) in game.history().enumerate() {
        if index > 0 {
            body.push(b',');
        }
        let outcome = |board: Board| board.lookup().map(|at| outcome_name(at.outcome())).ok();
        let value = serde_json::json!({
            "number": marks as usize + ply.number(),
            "player": Board::side_name(ply.mover()),
            "cell": ply.played(),
            "verdict": ply.verdict().to_string(),
            "outcome_before": outcome(ply.before()),
            "outcome_after": outcome(ply.after()),
            "sentence": ply.to_string(),
        });
        body.extend_from_slice(value.to_string().as_bytes());
    }
    body.extend_from_slice(b"]}");
    Ok(reply::ok(body))
}

/// The start board and the moves of a game's query string: `start=BOARD` (optional) and
/// `moves=CELLS` (digits 0-8, commas between them optional).
fn game_query(query: &str) -> Result<(Option<Board>, Vec<u8>), String> {
    let (mut start, mut moves) = (None, Vec::new());
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        match pair.split_once('=') {
            Some(("start", text)) => {
                let board = Board::from_ascii(text.as_bytes())
                    .map_err(|why| format!("start: not a board: {why}"))?;
                start = Some(board);
            }
            Some(("moves", text)) => moves = cells(text)?,
            _ => {
                return Err(format!(
                    "unknown parameter {pair:?}: the parameters are start=BOARD (optional) and moves=4,1,0 (cells 0-8)"
                ));
            }
        }
    }
    Ok((start, moves))
}

/// The cells of `moves=`: digits 0-8, commas (or `%2C`) between them optional.
fn cells(text: &str) -> Result<Vec<u8>, String> {
    let text = text.replace("%2C", ",").replace("%2c", ",");
    let mut cells = Vec::new();
    for (index, byte) in text.bytes().enumerate() {
        match byte {
            b'0'..=b'8' => cells.push(byte - b'0'),
            b',' => {}
            _ => {
                return Err(format!(
                    "moves: character {} is {:?}, but a move is a cell 0-8 (commas between moves are optional)",
                    index + 1,
                    char::from(byte)
                ));
            }
        }
    }
    if cells.len() > 9 {
        return Err(format!(
            "moves: {} moves, but a game has at most 9",
            cells.len()
        ));
    }
    Ok(cells)
}

/// The board in the path, or the reply for a path that does not hold one.
fn parse(path: Result<Path<String>, PathRejection>) -> Result<Board, ApiError> {
    let Path(text) = path?;
    Board::from_ascii(text.as_bytes()).map_err(|why| {
        ApiError::bad_request(format_args!(
            "not a board: {why} (a board is nine cells, x, o and . or - for empty, row by row)"
        ))
    })
}

/// A position as `outcome --json` writes it, plus `moves`: every empty cell with the
/// outcome and plies (this move included) of playing there, best first for the side to
/// move.
fn position_json(body: &mut Vec<u8>, position: Position) {
    body.push(b'{');
    position_fields(body, position);
    body.extend_from_slice(b",\"moves\":[");
    let mover = position.board().turn();
    for (index, (cell, record)) in position.ranked_moves().enumerate() {
        // What the move leads to, spelled as who wins.
        let outcome = outcome_name(match record.value {
            Value::Win => Outcome::Win(mover),
            Value::Loss => Outcome::Win(mover.other()),
            Value::Draw => Outcome::Draw,
        });
        let comma = if index > 0 { "," } else { "" };
        // Writing into a Vec cannot fail.
        let _ = write!(
            body,
            "{comma}{{\"cell\":{cell},\"outcome\":\"{outcome}\",\"plies\":{}}}",
            record.remoteness
        );
    }
    body.extend_from_slice(b"]}");
}
