//! `/api/tictactoe/*`: the first API of the board, kept as documented aliases so that no
//! client breaks. Boards in the judges' nine-cell text, cells 0-8; the answers are the
//! judges' fields ([`crate::wire::JudgedBoard`], [`crate::wire::Validity`]) and the shapes
//! of [`crate::wire::api`]. Each handler is a thin reading of its request over the
//! library's tic-tac-toe calls; query strings are read as every route reads them
//! ([`Params`]).

use axum::extract::Path;
use axum::extract::rejection::PathRejection;

use crate::messages::NoGame;
use crate::wire::Validity;
use crate::wire::api::{TicTacToeGame, TicTacToePick, TicTacToePosition};

use perfect_play::PlayedGame;
use perfect_play::games::TICTACTOE;
use perfect_play::games::tictactoe::{Board, Player, Position};

use super::error::ApiError;
use super::params::{Params, PickQuery, ReviewQuery};
use super::random::random;
use super::reply::{self, Answer};

/// `GET /api/tictactoe/{board}`: the position, and every empty cell with what playing
/// there leads to, best first for the side to move. 400 if the text is not a board, 422
/// if no game reaches it.
pub async fn board(path: Result<Path<String>, PathRejection>) -> Answer {
    let position = reachable(parse(path)?)?;
    reply::ok(&TicTacToePosition::of(position))
}

/// `GET /api/tictactoe/{board}/validity`: whether a game can reach the board and end on
/// it, and if not, why not. 400 if the text is not a board.
pub async fn validity(path: Result<Path<String>, PathRejection>) -> Answer {
    reply::ok(&Validity::of(parse(path)?))
}

/// `GET /api/tictactoe/{board}/pick?level=perfect`: the cell the computer plays at a
/// level (`perfect` when absent; the library's `Level` spellings). 400 if the board or
/// the level cannot be read, 422 if no game reaches the board or it is finished.
pub async fn pick(
    path: Result<Path<String>, PathRejection>,
    Params(query): Params<PickQuery>,
) -> Answer {
    let board = parse(path)?;
    let level = query.level();
    match reachable(board)?.pick(level, &mut random()) {
        Some(cell) => reply::ok(&TicTacToePick {
            cell,
            level: level.to_string(),
        }),
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
pub async fn game(Params(query): Params<ReviewQuery>) -> Answer {
    let start = match query.start {
        Some(text) => {
            let board = Board::from_ascii(text.as_bytes())
                .map_err(|why| ApiError::bad_request(format_args!("start: not a board: {why}")))?;
            board
                .lookup()
                .map_err(|why| ApiError::unprocessable(format_args!("start: {}", NoGame(why))))?
        }
        None => Position::START,
    };
    let moves = cells(query.moves.as_deref().unwrap_or("")).map_err(ApiError::BadRequest)?;
    // The library's game record, every game's; plies numbered from the empty board.
    let mut game = PlayedGame::<Board, 9>::from_position(&TICTACTOE, start.board())
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
    reply::ok(&TicTacToeGame::of(&game, marks))
}

/// The cells of `moves=`: digits 0-8, commas between them optional.
fn cells(text: &str) -> Result<Vec<u8>, String> {
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

/// The position on a board, or 422 saying why no game reaches it.
fn reachable(board: Board) -> Result<Position, ApiError> {
    board
        .lookup()
        .map_err(|why| ApiError::unprocessable(NoGame(why)))
}
