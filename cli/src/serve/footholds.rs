//! The footholds API: solve a game from its start, or analyse a game in progress.
//!
//! Solving takes real work (up to about a quarter of a second on the full 8x8 grid), so solves
//! run on tokio's blocking threads, at most [`Limits::solves`] at once, each within
//! [`Limits::solve_time`]; a request that waits too long for its turn is answered 503 with
//! `Retry-After`. A solve stops at its next budget check once its client has gone (the
//! handler's future is dropped, and with it a guard that raises the solver's stop flag).
//! Queries are read by the `footholds` command's own reader, so both take and reject the
//! same JSON with the same words.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use serde_json::Value;

use crate::queries::{Query, QueryError, query};
use crate::wire::FootholdsSolution;
use crate::wire::api::FootholdsAnalysis;
use perfect_play::footholds::{Budget, FootholdsPlayer, Grid, Position, Solver};

use super::error::ApiError;
use super::reply::{self, Answer};
use super::state::{Limits, Shared};

/// How long a request waits for a free solver before it is answered 503.
const WAIT: Duration = Duration::from_secs(5);

/// `POST /api/footholds` with `{"board":..,"aloc":..,"bloc":..}`: the answer of
/// `footholds --json`, `{"moves":..,"winner":..,"line":[[r,c],..]}`.
pub async fn solve(State(shared): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    let (query, _) = read(&body?)?;
    let grid = Grid::new(&query.rows).map_err(ApiError::unprocessable)?;
    let limits = shared.limits;
    let solution = run(&shared, move |solver| {
        solver.solve_within(&grid, query.a, query.b, budget(limits))
    })
    .await??;
    reply::ok(&FootholdsSolution::of(&solution))
}

/// `POST /api/footholds/position` with `{"board":..,"aloc":..,"bloc":..,"turn":"A"|"B"}`
/// (`board` the tiles left, `turn` A when absent): who wins from there, in how many moves,
/// one optimal line, and every step the side to move can take with its value.
pub async fn position(State(shared): State<Shared>, body: Result<Bytes, BytesRejection>) -> Answer {
    let (query, turn) = read(&body?)?;
    let position = Grid::new(&query.rows)
        .and_then(|tiles| Position::new(&tiles, query.a, query.b, turn))
        .map_err(ApiError::unprocessable)?;
    let limits = shared.limits;
    let analysis = run(&shared, move |solver| {
        solver.analyze(&position, budget(limits))
    })
    .await??;
    reply::ok(&FootholdsAnalysis::of(&position, &analysis))
}

/// The query in a request body, and whose turn it is (`turn`, A when absent).
fn read(body: &[u8]) -> Result<(Query, FootholdsPlayer), ApiError> {
    let value: Value = serde_json::from_slice(body).map_err(|why| {
        ApiError::bad_request(format_args!(
            "line {} column {}: {}",
            why.line(),
            why.column(),
            QueryError::Json(why)
        ))
    })?;
    let query = query(&value).map_err(|why| match why {
        QueryError::Rejected(why) => ApiError::unprocessable(why),
        why => ApiError::bad_request(why),
    })?;
    let turn = match value.get("turn") {
        None => FootholdsPlayer::A,
        Some(Value::String(side)) if side == "A" => FootholdsPlayer::A,
        Some(Value::String(side)) if side == "B" => FootholdsPlayer::B,
        Some(other) => {
            return Err(ApiError::bad_request(format_args!(
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
/// free within [`WAIT`]. If this future is dropped (the client went away), the solver is
/// told to stop.
async fn run<T: Send + 'static>(
    shared: &Shared,
    work: impl FnOnce(&mut Solver) -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit = tokio::time::timeout(WAIT, shared.solves.clone().acquire_owned())
        .await
        .map_err(|_| busy(shared.limits))?
        .map_err(|_| busy(shared.limits))?;
    let stop = StopOnDrop(Arc::new(AtomicBool::new(false)));
    let flag = Arc::clone(&stop.0);
    let done = tokio::task::spawn_blocking(move || {
        let mut solver = Solver::new();
        solver.stop_when(flag);
        let answer = work(&mut solver);
        drop(permit);
        answer
    })
    .await;
    drop(stop);
    done.map_err(|why| ApiError::Internal(format!("the solve failed: {why}")))
}

/// Raises its flag when dropped: when the request's future ends, answered or abandoned.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// 503 with `Retry-After`: every solver stayed taken for the [`WAIT`] a request may wait.
fn busy(limits: Limits) -> ApiError {
    ApiError::Busy(format!(
        "busy: all {} footholds solvers stayed taken for the {} s a request may wait for one; try again",
        limits.solves,
        WAIT.as_secs()
    ))
}
