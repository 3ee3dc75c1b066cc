//! The footholds API: solve a game from its start, or analyse a game in progress.
//!
//! Solving takes real work (up to about a quarter of a second on the full 8x8 grid), so solves
//! run on tokio's blocking threads, at most [`Limits::solves`] at once, each within
//! [`Limits::solve_time`]; a request that waits too long for its turn is answered 503.
//! Queries are read by the `footholds` command's own reader, so both take and reject the
//! same JSON with the same words.

use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use serde_json::Value;

use crate::queries::{Query, QueryError, query};
use crate::wire::{solution_json, squares_json};
use perfect_play::footholds::{Analysis, Budget, FootholdsError, Grid, Position, Side, Solver};

use super::reply::{self, Reply};
use super::routes::{Limits, Shared};

/// How long a request waits for a free solver before it is answered 503.
const WAIT: Duration = Duration::from_secs(5);

/// `POST /api/footholds` with `{"board":..,"aloc":..,"bloc":..}`: the answer of
/// `footholds --json`, `{"moves":..,"winner":..,"line":[[r,c],..]}`.
pub async fn solve(State(shared): State<Shared>, body: Bytes) -> Reply {
    let query = match read(&body) {
        Ok((query, _)) => query,
        Err(reply) => return reply,
    };
    let grid = match Grid::new(&query.rows) {
        Ok(grid) => grid,
        Err(why) => return reply::unprocessable(why),
    };
    let limits = shared.limits;
    let answer = run(&shared, move |solver| {
        solver.solve_within(&grid, query.a, query.b, budget(limits))
    })
    .await;
    match answer {
        Ok(Ok(solution)) => {
            let mut body = Vec::new();
            solution_json(&mut body, &solution);
            reply::ok(body)
        }
        Ok(Err(why)) => rejected(why),
        Err(reply) => reply,
    }
}

/// `POST /api/footholds/position` with `{"board":..,"aloc":..,"bloc":..,"turn":"A"|"B"}`
/// (`board` the tiles left, `turn` A when absent): who wins from there, in how many moves,
/// one optimal line, and every step the side to move can take with its value.
pub async fn position(State(shared): State<Shared>, body: Bytes) -> Reply {
    let (query, turn) = match read(&body) {
        Ok(read) => read,
        Err(reply) => return reply,
    };
    let position = match Grid::new(&query.rows)
        .and_then(|tiles| Position::new(&tiles, query.a, query.b, turn))
    {
        Ok(position) => position,
        Err(why) => return reply::unprocessable(why),
    };
    let limits = shared.limits;
    let answer = run(&shared, move |solver| {
        solver.analyze(&position, budget(limits))
    })
    .await;
    match answer {
        Ok(Ok(analysis)) => reply::ok(analysis_json(&position, &analysis)),
        Ok(Err(why)) => rejected(why),
        Err(reply) => reply,
    }
}

/// The query in a request body, and whose turn it is (`turn`, A when absent).
fn read(body: &[u8]) -> Result<(Query, Side), Reply> {
    let value: Value = serde_json::from_slice(body).map_err(|why| {
        reply::bad_request(format_args!(
            "line {} column {}: {}",
            why.line(),
            why.column(),
            QueryError::Json(why)
        ))
    })?;
    let query = query(&value).map_err(|why| match why {
        QueryError::Rejected(why) => reply::unprocessable(why),
        why => reply::bad_request(why),
    })?;
    let turn = match value.get("turn") {
        None => Side::A,
        Some(Value::String(side)) if side == "A" => Side::A,
        Some(Value::String(side)) if side == "B" => Side::B,
        Some(other) => {
            return Err(reply::bad_request(format_args!(
                "\"turn\" is {other}, but it must be \"A\" or \"B\""
            )));
        }
    };
    Ok((query, turn))
}

/// The budget of one request: the server's time bound, from now.
fn budget(limits: Limits) -> Budget {
    Budget::UNLIMITED.until(Instant::now() + limits.solve_time)
}

/// Runs `work` with a solver on a blocking thread once a permit is free; 503 if none is
/// free within [`WAIT`].
async fn run<T: Send + 'static>(
    shared: &Shared,
    work: impl FnOnce(&mut Solver) -> T + Send + 'static,
) -> Result<T, Reply> {
    let permit = tokio::time::timeout(WAIT, shared.solves.clone().acquire_owned())
        .await
        .map_err(|_| busy(shared.limits))?
        .map_err(|_| busy(shared.limits))?;
    let done = tokio::task::spawn_blocking(move || {
        let mut solver = Solver::new();
        let answer = work(&mut solver);
        drop(permit);
        answer
    })
    .await;
    done.map_err(|why| {
        reply::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            format_args!("the solve failed: {why}"),
        )
    })
}

/// 503: every solver was busy for [`WAIT`].
fn busy(limits: Limits) -> Reply {
    reply::error(
        StatusCode::SERVICE_UNAVAILABLE,
        format_args!(
            "busy: {} footholds solves are running and none finished within {} s; try again",
            limits.solves,
            WAIT.as_secs()
        ),
    )
}

/// A library error as a reply: 503 for a solve over the time bound, 422 for the rest (a
/// start off the grid or on no tile, a position no game has).
fn rejected(why: FootholdsError) -> Reply {
    match why {
        FootholdsError::OutOfBudget { .. } => reply::error(
            StatusCode::SERVICE_UNAVAILABLE,
            format_args!("{why} (the server's time bound for one solve)"),
        ),
        why => reply::unprocessable(why),
    }
}

/// `{"to_move":..,"finished":..,"winner":..,"moves":..,"line":[..],"steps":[{"to":[r,c],"winner":..,"moves":..},..]}`
fn analysis_json(position: &Position, analysis: &Analysis) -> Vec<u8> {
    use std::io::Write;
    let mut body = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = write!(
        body,
        "{{\"to_move\":\"{}\",\"finished\":{},\"winner\":\"{}\",\"moves\":{},\"line\":",
        position.to_move(),
        position.is_finished(),
        analysis.winner,
        analysis.moves
    );
    squares_json(&mut body, &analysis.line);
    body.extend_from_slice(b",\"steps\":[");
    for (index, step) in analysis.steps.iter().enumerate() {
        let comma = if index > 0 { "," } else { "" };
        let _ = write!(
            body,
            "{comma}{{\"to\":[{},{}],\"winner\":\"{}\",\"moves\":{}}}",
            step.to.0, step.to.1, step.winner, step.moves
        );
    }
    body.extend_from_slice(b"]}");
    body
}
