//! `perfect-play footholds`: disappearing-footholds queries, one answer each.
//!
//! A query is a JSON object `{"board":[[1,0,..],..],"aloc":[r,c],"bloc":[r,c]}` (other
//! fields ignored). A source holds one query per line (JSON lines), or, when its first
//! character is `[`, one JSON array of queries (as the problem's examples are shipped),
//! read whole up to [`MAX_ARRAY`] bytes. Everything about its shape and values is checked here before the
//! library sees it: a cell must be a small non-negative integer (then the library's
//! [`Grid::new`] says whether it is 0 or 1), a start two non-negative integers.

use std::fmt::{self, Display};
use std::io::{self, Read, Write};

use std::time::{Duration, Instant};

use perfect_play::footholds::{Budget, FootholdsError, Grid, Solution, Solver};
use serde_json::Value;

use super::Status;
use super::args::FootholdsArgs;
use super::input::{Line, LineReader, sources};
use super::messages::json_string;
use super::output::{Output, OutputError, output_failed};

/// One query, checked for shape: the rows of cells and the two starts.
#[derive(Debug, PartialEq, Eq)]
pub struct Query {
    /// The grid's rows, each cell a small number (the library checks it is 0 or 1).
    pub rows: Vec<Vec<u8>>,
    /// A's square, `(row, col)`.
    pub a: (usize, usize),
    /// B's square, `(row, col)`.
    pub b: (usize, usize),
}

/// Why a line is not a query the solver can answer.
#[derive(Debug)]
pub enum QueryError {
    /// Not JSON.
    Json(serde_json::Error),
    /// JSON, but not an object.
    NotAnObject,
    /// A field the query must have.
    Missing(&'static str),
    /// `board` is not an array of arrays.
    NotAGrid,
    /// A cell that is not a small non-negative integer.
    Cell {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// What it holds.
        value: Value,
    },
    /// A square that is not `[row, col]`.
    Start {
        /// `aloc` or `bloc`.
        field: &'static str,
        /// What it holds.
        value: Value,
    },
    /// A line longer than the reader takes.
    TooLong(u64),
    /// The library refused the grid or a square, or ran out of budget.
    Rejected(FootholdsError),
}

impl Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // serde_json ends its message with the place; the place is said before it.
            QueryError::Json(error) => {
                let message = error.to_string();
                let message = message
                    .rfind(" at line ")
                    .and_then(|at| message.get(..at))
                    .unwrap_or(&message);
                write!(f, "not JSON: {message}")
            }
            QueryError::NotAnObject => f.write_str(
                "expected an object {\"board\":[[..],..],\"aloc\":[r,c],\"bloc\":[r,c]}",
            ),
            QueryError::Missing(field) => write!(f, "the query has no \"{field}\""),
            QueryError::NotAGrid => {
                f.write_str("\"board\" must be an array of rows, each an array of 0s and 1s")
            }
            QueryError::Cell { row, col, value } => write!(
                f,
                "cell ({row}, {col}) is {value}, but a cell must be 0 (no tile) or 1 (tile)"
            ),
            QueryError::Start { field, value } => write!(
                f,
                "\"{field}\" is {value}, but a start must be [row, col], two non-negative integers"
            ),
            QueryError::TooLong(length) => write!(f, "line too long ({length} bytes)"),
            QueryError::Rejected(error) => error.fmt(f),
        }
    }
}

/// The largest JSON array of queries read (a query of an 8x8 grid is about 200 bytes).
pub const MAX_ARRAY: u64 = 16 * 1024 * 1024;

/// Reads a query from one line of JSON.
pub fn parse(text: &[u8]) -> Result<Query, QueryError> {
    let value: Value = serde_json::from_slice(text).map_err(QueryError::Json)?;
    query(&value)
}

/// A query from a JSON value.
pub fn query(value: &Value) -> Result<Query, QueryError> {
    let Value::Object(fields) = value else {
        return Err(QueryError::NotAnObject);
    };
    let field = |name: &'static str| fields.get(name).ok_or(QueryError::Missing(name));
    let Value::Array(board) = field("board")? else {
        return Err(QueryError::NotAGrid);
    };
    let rows = board
        .iter()
        .enumerate()
        .map(|(row, cells)| {
            let Value::Array(cells) = cells else {
                return Err(QueryError::NotAGrid);
            };
            cells
                .iter()
                .enumerate()
                .map(|(col, value)| {
                    value
                        .as_u64()
                        .and_then(|cell| u8::try_from(cell).ok())
                        .ok_or_else(|| QueryError::Cell {
                            row,
                            col,
                            value: value.clone(),
                        })
                })
                .collect()
        })
        .collect::<Result<Vec<Vec<u8>>, QueryError>>()?;
    Ok(Query {
        rows,
        a: start("aloc", field("aloc")?)?,
        b: start("bloc", field("bloc")?)?,
    })
}

/// A start: `[row, col]`, two non-negative integers.
pub fn start(field: &'static str, value: &Value) -> Result<(usize, usize), QueryError> {
    let coordinate = |value: &Value| value.as_u64().and_then(|n| usize::try_from(n).ok());
    match value.as_array().map(Vec::as_slice) {
        Some([row, col]) => coordinate(row).zip(coordinate(col)),
        _ => None,
    }
    .ok_or_else(|| QueryError::Start {
        field,
        value: value.clone(),
    })
}

/// Answers every query of `args.files` (stdin when none), in order.
pub fn run(args: &FootholdsArgs) -> Status {
    let mut out = Output::new();
    let mut solver = Solver::new();
    for source in sources(&args.files) {
        let source = match source {
            Ok(source) => source,
            Err(error) => {
                out.error(&error);
                continue;
            }
        };
        out.set_input(&source.name);
        let mut reader = LineReader::new(source.reader);
        let answered = match reader.starts_with(b'[') {
            Ok(true) => answer_array(&mut reader, &mut solver, &mut out, args),
            Ok(false) => answer_lines(&mut reader, &mut solver, &mut out, args),
            Err(error) => Ok(Err(error)),
        };
        match answered {
            Ok(Ok(())) => {}
            Ok(Err(error)) if reader.line_number() == 0 => {
                out.error(&format_args!("{}: cannot read: {error}", source.name));
            }
            Ok(Err(error)) => out.error(&format_args!(
                "{}:{}: cannot read: {error}",
                source.name,
                reader.line_number() + 1
            )),
            Err(error) => return output_failed(&error),
        }
    }
    out.finish().unwrap_or_else(|error| output_failed(&error))
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
) -> Result<Solution, QueryError> {
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
    answer: Result<Solution, QueryError>,
    json: bool,
) -> Result<(), OutputError> {
    let buf = out.buffer();
    // Writing into a Vec cannot fail.
    match (&answer, json) {
        (Ok(solution), false) => {
            let _ = writeln!(buf, "{}", solution.moves);
        }
        (Ok(solution), true) => {
            solution_json(buf, solution);
            buf.push(b'\n');
        }
        (Err(_), false) => buf.extend_from_slice(b"error\n"),
        (Err(error), true) => {
            buf.extend_from_slice(b"{\"error\":");
            json_string(buf, &error.to_string());
            buf.extend_from_slice(b"}\n");
        }
    }
    if let Err(error) = answer {
        out.note_at(place, &error)?;
    }
    out.answered()
}

/// `{"moves":..,"winner":..,"line":[[r,c],..]}`, as `footholds --json` and the web API
/// answer a solved query.
pub fn solution_json(buf: &mut Vec<u8>, solution: &Solution) {
    // Writing into a Vec cannot fail.
    let _ = write!(
        buf,
        "{{\"moves\":{},\"winner\":\"{}\",\"line\":",
        solution.moves, solution.winner
    );
    squares_json(buf, &solution.line);
    buf.push(b'}');
}

/// `[[r,c],..]`: squares as JSON.
pub fn squares_json(buf: &mut Vec<u8>, squares: &[(usize, usize)]) {
    buf.push(b'[');
    for (index, (row, col)) in squares.iter().enumerate() {
        let comma = if index > 0 { "," } else { "" };
        let _ = write!(buf, "{comma}[{row},{col}]");
    }
    buf.push(b']');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries() {
        let query = parse(br#"{"board":[[1,0],[1,1]],"aloc":[0,0],"bloc":[1,1],"result":3}"#);
        assert_eq!(
            query.ok(),
            Some(Query {
                rows: vec![vec![1, 0], vec![1, 1]],
                a: (0, 0),
                b: (1, 1)
            })
        );
        for (text, message) in [
            (
                r#"{"board":[[1,-1]],"aloc":[0,0],"bloc":[0,0]}"#,
                "cell (0, 1) is -1",
            ),
            (
                r#"{"board":[[1.5]],"aloc":[0,0],"bloc":[0,0]}"#,
                "cell (0, 0) is 1.5",
            ),
            (
                r#"{"board":[["1"]],"aloc":[0,0],"bloc":[0,0]}"#,
                "cell (0, 0) is \"1\"",
            ),
            (
                r#"{"board":[[300]],"aloc":[0,0],"bloc":[0,0]}"#,
                "cell (0, 0) is 300",
            ),
            (
                r#"{"board":[1],"aloc":[0,0],"bloc":[0,0]}"#,
                "must be an array of rows",
            ),
            (
                r#"{"board":[[1]],"aloc":[0,-1],"bloc":[0,0]}"#,
                "\"aloc\" is [0,-1]",
            ),
            (
                r#"{"board":[[1]],"aloc":[0,0,0],"bloc":[0,0]}"#,
                "\"aloc\" is [0,0,0]",
            ),
            (r#"{"board":[[1]],"aloc":[0,0]}"#, "no \"bloc\""),
            (r#"[1]"#, "expected an object"),
            (r#"{"board":"#, "not JSON"),
        ] {
            let error = parse(text.as_bytes()).err().map(|e| e.to_string());
            assert!(
                error.as_deref().is_some_and(|e| e.contains(message)),
                "{text}: {error:?}"
            );
        }
    }
}
