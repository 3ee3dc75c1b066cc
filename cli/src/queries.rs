//! A disappearing-footholds query read from JSON, as the `footholds` command reads it from
//! each line and the server from a request's body: `{"board":[[1,0,..],..],"aloc":[r,c],
//! "bloc":[r,c]}` (other fields ignored). Everything about its shape and values is checked
//! here before the library sees it: a cell must be a small non-negative integer (then the
//! library's [`Grid::new`](perfect_play::footholds::Grid::new) says whether it is 0 or 1), a
//! start two non-negative integers.

use std::fmt::{self, Display};

use perfect_play::footholds::FootholdsError;
use serde_json::Value;

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
