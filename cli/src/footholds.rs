//! `perfect-play footholds`: disappearing-footholds queries, one answer each.
//!
//! A source holds one query per line (JSON lines; [`crate::queries`] reads each), or, when
//! its first character is `[`, one JSON array of queries (as the problem's examples are
//! shipped), read whole up to [`MAX_ARRAY`] bytes.

use std::fmt::{self, Display};
use std::io::{self, Read, Write};

use std::time::{Duration, Instant};

use perfect_play::footholds::{Budget, FootholdsSolution, Grid, Solver};
use serde_json::Value;

use super::args::FootholdsArgs;
use super::batch::{self, Answered, ReadFailed};
use super::input::{Line, LineReader};
use super::output::{Output, OutputError, Status};
use super::queries::{Query, QueryError, parse, query};
use super::wire;

/// The largest JSON array of queries read (a query of an 8x8 grid is about 200 bytes).
pub const MAX_ARRAY: u64 = 16 * 1024 * 1024;

/// Answers every query of `args.files` (stdin when none), in order.
pub fn run(args: &FootholdsArgs) -> Status {
    let mut solver = Solver::new();
    let prompt = "Type footholds queries, one JSON object a line (`{\"board\":[[1,1,1],[1,1,1],[1,1,1]],\"aloc\":[1,0],\"bloc\":[1,2]}`)";
    batch::run(&args.files, &prompt, |mut reader, out| {
        let answered = match reader.starts_with(b'[') {
            Ok(true) => answer_array(&mut reader, &mut solver, out, args),
            Ok(false) => answer_lines(&mut reader, &mut solver, out, args),
            Err(error) => Ok(Err(error)),
        };
        read_failed(answered, reader.line_number())
    })
}

/// A source's answers, its read error placed after the last line read.
fn read_failed(answered: Result<io::Result<()>, OutputError>, after_line: u64) -> Answered {
    answered.map(|read| read.map_err(|error| ReadFailed { after_line, error }))
}

/// Answers a source of JSON lines. The outer error is the output failing, the inner one
/// the input.
fn answer_lines<R: Read>(
    reader: &mut LineReader<R>,
    solver: &mut Solver,
    out: &mut Output,
    args: &FootholdsArgs,
) -> Result<io::Result<()>, OutputError> {
    loop {
        let (line, query) = match reader.next_line() {
            Ok(None) => return Ok(Ok(())),
            Ok(Some((line, Line::TooLong(length)))) => (line, Err(QueryError::TooLong(length))),
            Ok(Some((_, Line::Text(text)))) if text.trim_ascii().is_empty() => continue,
            Ok(Some((line, Line::Text(text)))) => (line, parse(text)),
            Err(error) => return Ok(Err(error)),
        };
        let place = match &query {
            Err(QueryError::Json(error)) => Place::Column(line, error.column()),
            _ => Place::Line(line),
        };
        write(out, &place, solve(solver, args, query), args.json)?;
    }
}

/// Answers a source that is one JSON array of queries: each element in order, faults
/// placed by the element's index (or, for text that is not JSON, by line and column).
fn answer_array<R: Read>(
    reader: &mut LineReader<R>,
    solver: &mut Solver,
    out: &mut Output,
    args: &FootholdsArgs,
) -> Result<io::Result<()>, OutputError> {
    let mut text = Vec::new();
    if let Err(error) = reader.read_rest(&mut text, MAX_ARRAY) {
        return Ok(Err(error));
    }
    if text.len() as u64 > MAX_ARRAY {
        let why =
            format!("a JSON array of queries is read up to {MAX_ARRAY} bytes; this one is larger");
        return out.note(1, &why).map(Ok);
    }
    let values: Vec<Value> = match serde_json::from_slice(&text) {
        Ok(values) => values,
        Err(error) => {
            let place = Place::Column(error.line() as u64, error.column());
            let why = QueryError::Json(error);
            return out.note_at(&place, &why).map(Ok);
        }
    };
    for (index, value) in values.iter().enumerate() {
        write(
            out,
            &Place::Index(index),
            solve(solver, args, query(value)),
            args.json,
        )?;
    }
    Ok(Ok(()))
}

/// Where a query stands in its source, for messages.
enum Place {
    Line(u64),
    Column(u64, usize),
    Index(usize),
}

impl Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Line(line) => write!(f, "{line}"),
            Place::Column(line, column) => write!(f, "{line}:{column}"),
            Place::Index(index) => write!(f, "[{index}]"),
        }
    }
}

/// The budget of one query, from the command line: each query's clock starts when it is
/// solved.
fn budget(args: &FootholdsArgs) -> Budget {
    let budget = args
        .max_positions
        .map_or(Budget::UNLIMITED, Budget::positions);
    match args.time_limit {
        Some(ms) => budget.until(Instant::now() + Duration::from_millis(ms)),
        None => budget,
    }
}

/// Solves a query that was read, or passes on why it was not.
fn solve(
    solver: &mut Solver,
    args: &FootholdsArgs,
    query: Result<Query, QueryError>,
) -> Result<FootholdsSolution, QueryError> {
    query.and_then(|query| {
        let grid = Grid::new(&query.rows).map_err(QueryError::Rejected)?;
        solver
            .solve_within(&grid, query.a, query.b, budget(args))
            .map_err(QueryError::Rejected)
    })
}

/// Writes one answer: the number of moves, or `error` (and the message); with `json`, an
/// object `{"moves":..,"winner":..,"line":[[r,c],..]}` or `{"error":..}`.
fn write(
    out: &mut Output,
    place: &Place,
    answer: Result<FootholdsSolution, QueryError>,
    json: bool,
) -> Result<(), OutputError> {
    let buf = out.buffer();
    match (&answer, json) {
        (Ok(solution), false) => {
            // Writing into a Vec cannot fail.
            let _ = writeln!(buf, "{}", solution.moves);
        }
        (Ok(solution), true) => wire::line(buf, &wire::FootholdsSolution::of(solution)),
        (Err(_), false) => buf.extend_from_slice(b"error\n"),
        (Err(error), true) => wire::line(
            buf,
            &wire::QueryError {
                error: error.to_string(),
            },
        ),
    }
    if let Err(error) = answer {
        out.note_at(place, &error)?;
    }
    out.answered()
}
