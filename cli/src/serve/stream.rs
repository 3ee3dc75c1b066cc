//! `GET /api/games/{game}/stream?start=S&moves=M`: the game `/api/games/{game}` reviews,
//! each answer sent the moment it is found, one JSON object a line (NDJSON, schema
//! `StreamEvent`). The web board draws from it: a game answered by search shows its board
//! at once and each value as the search finds it, instead of nothing until the last.
//!
//! The events, in order:
//! 1. `game`: every position drawn and its moves listed, nothing valued (nothing is
//!    probed, so it comes at once); or `unreachable`, alone, for a start no game reaches.
//! 2. `waiting`, when every search of the server (`--solves`) is taken: this one waits
//!    its turn, at most [`REVIEW_WAIT`].
//! 3. What is found at once (a finished position, a book's, a win in one, one the
//!    transposition table holds: each probe given [`AT_ONCE`]): the last position's
//!    `value` and its moves' (`move`: those that end the game first, which need no
//!    search at all), then the earlier positions' values from the last
//!    back (for [`HISTORY_AT_ONCE`] in all); each `ply` judged as soon as the values
//!    before and after it are known.
//! 4. The last position's value by a search, if it was not found at once; then every move
//!    left, searched on every core, each sent as it is found; then `position`, the whole
//!    analysis as `/position` answers it.
//! 5. The earlier positions' values not found at once, from the last back, and their
//!    plies.
//! 6. `done`; or `error` where the answers stop (503, `retry_after`): the searches ran
//!    past `--solve-time-limit`, or waited longer than [`REVIEW_WAIT`] for their turn.
//!    What a search proved is kept, so asking again goes further.
//!
//! Bounds: what is wrong with the request (400, 404, 422, 503 when every review is taken)
//! is answered before the stream, as JSON; the answers are those of a review
//! ([`MAX_REVIEW_MOVES`](super::limits::MAX_REVIEW_MOVES) moves at most), so its size is
//! bounded the same way; the searches
//! of one stream take at most `--solve-time-limit` in all and hold one of the `--solves`
//! permits; a client that goes away stops the work at its next answer, or at the end of
//! a slice of a search (half a second, doubling to at most two seconds).

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Instant;

use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::Response;
use hyper::body::{Bytes, Frame};
use tokio::sync::mpsc::{self, UnboundedReceiver, UnboundedSender};

use perfect_play::dynamic::{DynGame, JudgedPly, PositionAnalysis, PositionError, SketchedGame};
use perfect_play::{AnsweredBy, Record, search};

use crate::wire::UnreachablePosition;
use crate::wire::api::{AnalysedPosition, GamePly, GameSketch, StreamEvent};

use super::error::ApiError;
use super::games::{Served, move_list, open, refused, turn};
use super::limits::{
    AT_ONCE, HISTORY_AT_ONCE, RETRY_AFTER, REVIEW_WAIT, REVIEWS, SEARCH_SLICE, SEARCH_SLICE_MOST,
};
use super::params::{Params, ReviewQuery};
use super::state::Shared;

/// The handler: the game sketched (or the request's error), then the answers streamed.
pub async fn stream(
    State(shared): State<Shared>,
    name: Result<Path<String>, PathRejection>,
    Params(query): Params<ReviewQuery>,
) -> Result<Response, ApiError> {
    let Path(name) = name?;
    let moves = move_list(query.moves.as_deref().unwrap_or(""))?;
    // The sketch is a review's work without the answers: a blocking thread's, at most
    // REVIEWS at once.
    let permit = turn(&shared.reviews, "game reviews", REVIEWS).await?;
    let sketched = tokio::task::spawn_blocking(move || {
        let game = open(&name)?;
        let first = sketch(&*game, query.start.as_deref(), &moves)?;
        Ok::<_, ApiError>((game, first))
    })
    .await
    .map_err(|why| ApiError::Internal(format!("the sketch failed: {why}")))??;
    drop(permit);
    let (events, receiver) = mpsc::unbounded_channel();
    match sketched {
        (_, First::Unreachable(unreachable)) => {
            send(&events, &StreamEvent::Unreachable { unreachable });
        }
        (game, First::Game(head, sketched)) => {
            send(&events, &StreamEvent::Game { game: *head });
            tokio::spawn(answer(shared, game, sketched, events));
        }
    }
    let mut response = Response::new(Body::new(Lines(receiver)));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// What the stream starts with.
enum First {
    /// The game drawn: its event, and the sketch the answers complete.
    Game(Box<GameSketch>, SketchedGame),
    /// A start no game reaches.
    Unreachable(UnreachablePosition),
}

/// The game from `start` through `moves`, sketched; a start no game reaches said so (its
/// probe given no time to search: a game of tables answers, a search says whether a game
/// reaches it before it searches); 400 or 422 as a review's.
fn sketch(
    game: &dyn DynGame,
    start: Option<&str>,
    moves: &[(usize, String)],
) -> Result<First, ApiError> {
    let texts: Vec<&str> = moves.iter().map(|(_, text)| text.as_str()).collect();
    let sketched = game
        .sketch_game(start, &texts)
        .map_err(|why| refused(why, moves))?;
    if start.is_some() {
        let first = sketched.positions.first().map(|sketch| &sketch.position);
        if let Some(Ok(Err(PositionError::Unreachable { position, reason }))) =
            first.map(|text| search::within(Instant::now(), || game.probe(text)))
        {
            return Ok(First::Unreachable(UnreachablePosition::new(
                position, reason,
            )));
        }
    }
    let head = GameSketch::of(game.about(), &texts, &sketched);
    Ok(First::Game(Box::new(head), sketched))
}

/// The answers of `sketched`, found and sent: a search's after its turn (one of the
/// server's solves), within the server's time bound.
async fn answer(
    shared: Shared,
    game: Served,
    sketched: SketchedGame,
    events: UnboundedSender<Vec<u8>>,
) {
    let permit = if game.about().answered_by == AnsweredBy::Search {
        let solves = shared.limits.solves;
        let permit = match shared.solves.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                let why = format!(
                    "all {solves} searches of the server are running: this one waits its turn (at most {} s)",
                    REVIEW_WAIT.as_secs()
                );
                if !send(&events, &StreamEvent::Waiting { why }) {
                    return;
                }
                let waited = tokio::select! {
                    waited = turn(&shared.solves, "searches", solves) => waited,
                    () = events.closed() => return,
                };
                match waited {
                    Ok(permit) => permit,
                    Err(busy) => {
                        let error = StreamEvent::Error {
                            status: busy.status().as_u16(),
                            error: busy.words(),
                            retry_after: RETRY_AFTER,
                        };
                        send(&events, &error);
                        return;
                    }
                }
            }
        };
        Some(permit)
    } else {
        None
    };
    let deadline = Instant::now() + shared.limits.solve_time;
    let limit = shared.limits.solve_time.as_millis();
    // A panic in the walk (it has none) only ends the stream early.
    let _ = tokio::task::spawn_blocking(move || {
        let walk = Walk {
            game: &*game,
            sketched: &sketched,
            events: &events,
            deadline,
        };
        let stopped = match walk.run() {
            Ok(()) => None,
            Err(Stop::Gone) => None,
            Err(Stop::OutOfTime(out)) => Some(format!(
                "{}: {out}: the server's bound is {limit} ms (--solve-time-limit); ask again: what the search proved is kept",
                game.about().name
            )),
            Err(Stop::Failed(why)) => Some(why),
        };
        drop(permit);
        if let Some(error) = stopped {
            send(
                &events,
                &StreamEvent::Error {
                    status: 503,
                    error,
                    retry_after: RETRY_AFTER,
                },
            );
        }
    })
    .await;
}

/// Why a walk stopped before its end.
enum Stop {
    /// The client went away.
    Gone,
    /// A search ran past the deadline.
    OutOfTime(search::OutOfTime),
    /// A position of the game has no answer (a bug: the sketch reached it).
    Failed(String),
}

/// One stream's answers found: the game, its sketch, where they go and when the
/// searches stop.
struct Walk<'a> {
    game: &'a dyn DynGame,
    sketched: &'a SketchedGame,
    events: &'a UnboundedSender<Vec<u8>>,
    deadline: Instant,
}

impl Walk<'_> {
    /// Every answer, in the order of the module's docs.
    fn run(&self) -> Result<(), Stop> {
        let about = self.game.about();
        let positions = &self.sketched.positions;
        let last = positions.len().saturating_sub(1);
        let Some(sketch) = positions.get(last) else {
            return Err(Stop::Failed("a game without a position".to_owned()));
        };
        let mover = sketch.to_move;
        let mut values: Vec<Option<Record>> = vec![None; positions.len()];
        // What is known at once: the position's value, each move's, and the earlier
        // positions' (within [`HISTORY_AT_ONCE`] in all).
        if let Some(record) = self.at_once(&sketch.position)? {
            self.value(&mut values, last, record)?;
        }
        // The moves that end the game first (a win in one needs no search), then the rest.
        let mut records: Vec<Option<Record>> = vec![None; sketch.moves.len()];
        let mut order: Vec<usize> = (0..sketch.moves.len()).collect();
        order.sort_by_key(|&i| sketch.moves.get(i).is_none_or(|mv| !mv.ends));
        for i in order {
            let (Some(mv), Some(slot)) = (sketch.moves.get(i), records.get_mut(i)) else {
                continue;
            };
            if let Some(after) = self.at_once(&mv.after)? {
                let record = mv.record(after);
                *slot = Some(record);
                self.send(&StreamEvent::move_value(
                    about, last, mover, &mv.name, record,
                ))?;
            }
        }
        let started = Instant::now();
        for index in (0..last).rev() {
            if started.elapsed() > HISTORY_AT_ONCE {
                break;
            }
            let Some(before) = positions.get(index) else {
                break;
            };
            if let Some(record) = self.at_once(&before.position)? {
                self.value(&mut values, index, record)?;
            }
        }
        // The value, then the moves left, each sent as it is found.
        let record = match values.get(last).copied().flatten() {
            Some(record) => record,
            None => {
                let record = self.searched(&sketch.position)?;
                self.value(&mut values, last, record)?;
                record
            }
        };
        self.rest(last, &mut records)?;
        let records: Vec<Record> = records.into_iter().flatten().collect();
        let analysis = PositionAnalysis::of_sketch(sketch.clone(), record, &records);
        self.send(&StreamEvent::Position {
            index: last,
            analysis: AnalysedPosition::of(about, &analysis),
        })?;
        // The rest of the history, from the last position back.
        for index in (0..last).rev() {
            if values.get(index).is_some_and(Option::is_some) {
                continue;
            }
            let Some(before) = positions.get(index) else {
                break;
            };
            let record = self.searched(&before.position)?;
            self.value(&mut values, index, record)?;
        }
        self.send(&StreamEvent::Done)
    }

    /// Records and sends position `index`'s value, then each ply it completes (the one
    /// before it, the one after it), judged.
    fn value(
        &self,
        values: &mut [Option<Record>],
        index: usize,
        record: Record,
    ) -> Result<(), Stop> {
        let about = self.game.about();
        let positions = &self.sketched.positions;
        let Some(sketch) = positions.get(index) else {
            return Ok(());
        };
        if let Some(slot) = values.get_mut(index) {
            *slot = Some(record);
        }
        self.send(&StreamEvent::value(about, index, sketch.to_move, record))?;
        for before in [index.checked_sub(1), Some(index)].into_iter().flatten() {
            let (Some(Some(best)), Some(Some(reached))) =
                (values.get(before), values.get(before + 1))
            else {
                continue;
            };
            let (Some(from), Some(to), Some(name)) = (
                positions.get(before),
                positions.get(before + 1),
                self.sketched.moves.get(before),
            ) else {
                continue;
            };
            let Some(played) = from.moves.iter().find(|mv| &mv.name == name) else {
                continue;
            };
            let judged = JudgedPly::new(
                about,
                before + 1,
                from.to_move,
                name.clone(),
                *best,
                played.record(*reached),
                to.finished,
            );
            self.send(&StreamEvent::Ply {
                ply: GamePly::of(about, &judged),
            })?;
        }
        Ok(())
    }

    /// The moves of position `index` whose records `records` lacks, searched on every
    /// core (each thread takes the next move), each sent as it is found.
    fn rest(&self, index: usize, records: &mut [Option<Record>]) -> Result<(), Stop> {
        let Some(sketch) = self.sketched.positions.get(index) else {
            return Ok(());
        };
        let about = self.game.about();
        let left: Vec<usize> = (0..records.len())
            .filter(|&i| records.get(i).is_some_and(Option::is_none))
            .collect();
        if left.is_empty() {
            return Ok(());
        }
        let threads = std::thread::available_parallelism()
            .map_or(1, usize::from)
            .min(left.len());
        let next = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        let found = Mutex::new(Vec::new());
        let failure = Mutex::new(None);
        let work = || {
            while !stopped.load(Ordering::Relaxed) {
                let Some(&i) = left.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break;
                };
                let Some(mv) = sketch.moves.get(i) else {
                    break;
                };
                let answer = self.searched(&mv.after).and_then(|after| {
                    let record = mv.record(after);
                    let event =
                        StreamEvent::move_value(about, index, sketch.to_move, &mv.name, record);
                    self.send(&event).map(|()| record)
                });
                match answer {
                    Ok(record) => {
                        if let Ok(mut found) = found.lock() {
                            found.push((i, record));
                        }
                    }
                    Err(stop) => {
                        stopped.store(true, Ordering::Relaxed);
                        if let Ok(mut failure) = failure.lock() {
                            failure.get_or_insert(stop);
                        }
                    }
                }
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(work);
            }
            work();
        });
        if let Some(stop) = failure.into_inner().ok().flatten() {
            return Err(stop);
        }
        for (i, record) in found.into_inner().unwrap_or_default() {
            if let Some(slot) = records.get_mut(i) {
                *slot = Some(record);
            }
        }
        Ok(())
    }

    /// The record of `position` if it is found within [`AT_ONCE`] (a finished position, a
    /// book's, a win in one): `None` if the search would take longer (what it proved is
    /// kept).
    fn at_once(&self, position: &str) -> Result<Option<Record>, Stop> {
        let deadline = self.deadline.min(Instant::now() + AT_ONCE);
        match search::within(deadline, || self.game.probe(position)) {
            Ok(Ok(probe)) => Ok(Some(probe.record)),
            Ok(Err(why)) => Err(Stop::Failed(why.to_string())),
            Err(_) => Ok(None),
        }
    }

    /// The record of `position`, searched until the stream's deadline in slices, each
    /// going on from what the last proved: between two, a client that has gone away stops
    /// the search. The first slice is [`SEARCH_SLICE`], each next one twice the last, up to
    /// [`SEARCH_SLICE_MOST`]: a long search restarts a few times, not once a slice.
    fn searched(&self, position: &str) -> Result<Record, Stop> {
        let mut length = SEARCH_SLICE;
        loop {
            let slice = self.deadline.min(Instant::now() + length);
            match search::within(slice, || self.game.probe(position)) {
                Ok(Ok(probe)) => return Ok(probe.record),
                Ok(Err(why)) => return Err(Stop::Failed(why.to_string())),
                Err(out) if Instant::now() >= self.deadline => return Err(Stop::OutOfTime(out)),
                Err(_) if self.events.is_closed() => return Err(Stop::Gone),
                Err(_) => length = (length * 2).min(SEARCH_SLICE_MOST),
            }
        }
    }

    /// Sends `event`; [`Stop::Gone`] once the client has gone.
    fn send(&self, event: &StreamEvent) -> Result<(), Stop> {
        if send(self.events, event) {
            Ok(())
        } else {
            Err(Stop::Gone)
        }
    }
}

/// Every line a stream of the game from `start` through `moves` sends, with no bound on
/// its searches: what the OpenAPI document is checked against.
#[cfg(test)]
pub(super) fn lines(
    game: &dyn DynGame,
    start: Option<&str>,
    moves: &[(usize, String)],
) -> Result<Vec<Vec<u8>>, ApiError> {
    let (events, mut receiver) = mpsc::unbounded_channel();
    match sketch(game, start, moves)? {
        First::Unreachable(unreachable) => {
            send(&events, &StreamEvent::Unreachable { unreachable });
        }
        First::Game(head, sketched) => {
            send(&events, &StreamEvent::Game { game: *head });
            let walk = Walk {
                game,
                sketched: &sketched,
                events: &events,
                deadline: Instant::now() + std::time::Duration::from_secs(3600),
            };
            if walk.run().is_err() {
                return Err(ApiError::Internal("the walk stopped".to_owned()));
            }
        }
    }
    drop(events);
    let mut lines = Vec::new();
    while let Ok(line) = receiver.try_recv() {
        lines.push(line);
    }
    Ok(lines)
}

/// Sends `event` as one line; false once the client has gone.
fn send(events: &UnboundedSender<Vec<u8>>, event: &StreamEvent) -> bool {
    let mut line = serde_json::to_vec(event).unwrap_or_default();
    line.push(b'\n');
    events.send(line).is_ok()
}

/// The response body: the lines as they are sent, ended when the sender is dropped.
struct Lines(UnboundedReceiver<Vec<u8>>);

impl hyper::body::Body for Lines {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.0
            .poll_recv(context)
            .map(|line| line.map(|line| Ok(Frame::data(Bytes::from(line)))))
    }
}
