//! The disappearing-footholds solver (Programmers 92345) for Python, with its budget.

use core::time::Duration;
use std::time::Instant;

use perfect_play::footholds::{self, Budget, FootholdsError, FootholdsPlayer, Grid, Solver};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::error;

/// How a footholds game ends under perfect play: the problem's answer and how to reach it.
///
/// `moves` is the total number of moves both players make (the judge's answer); `winner`
/// is `"A"` (who moves first) or `"B"`: the player who makes the last move; `line` is one
/// optimal line of play, the `(row, col)` each move steps onto, A's first move first.
#[pyclass(module = "perfect_play", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FootholdsSolution {
    /// The total number of moves both players make.
    #[pyo3(get)]
    moves: u32,
    /// "A" or "B": who wins.
    #[pyo3(get)]
    winner: &'static str,
    line: Vec<(usize, usize)>,
}

#[pymethods]
impl FootholdsSolution {
    /// One optimal line of play: the `(row, col)` each move steps onto, in order.
    #[getter]
    fn line<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.line)
    }

    fn __repr__(&self) -> String {
        let line: Vec<String> = self
            .line
            .iter()
            .map(|(r, c)| format!("({r}, {c})"))
            .collect();
        let line = match line.as_slice() {
            [one] => format!("({one},)"),
            many => format!("({})", many.join(", ")),
        };
        format!(
            "FootholdsSolution(moves={}, winner='{}', line={line})",
            self.moves, self.winner
        )
    }
}

impl From<footholds::FootholdsSolution> for FootholdsSolution {
    fn from(solution: footholds::FootholdsSolution) -> FootholdsSolution {
        FootholdsSolution {
            moves: solution.moves,
            winner: match solution.winner {
                FootholdsPlayer::A => "A",
                FootholdsPlayer::B => "B",
            },
            line: solution.line,
        }
    }
}

/// A reusable footholds solver: its transposition table is allocated once and what it
/// learns carries over from one query to the next (exactly: a position's value does not
/// depend on the game it came from).
#[pyclass(module = "perfect_play")]
pub struct FootholdsSolver {
    solver: Solver,
}

#[pymethods]
impl FootholdsSolver {
    /// A solver with no table yet; it is sized for the first grid it solves.
    #[new]
    fn new() -> FootholdsSolver {
        FootholdsSolver {
            solver: Solver::new(),
        }
    }

    /// Solves one game: A at `a`, B at `b` (each `(row, col)`, from 0), A to move, on
    /// `grid` (rows of 0, no tile, and 1, tile; at most 8x8).
    ///
    /// `max_positions` and `seconds` cap the search (a budget): past either, it raises
    /// OutOfBudgetError instead of running on; an answer found within the budget is
    /// exactly the unlimited answer. The GIL is released while it searches. Raises
    /// ValueError for a bad grid or start, saying which.
    #[pyo3(signature = (grid, a, b, *, max_positions = None, seconds = None))]
    fn solve(
        &mut self,
        py: Python<'_>,
        grid: Vec<Vec<i64>>,
        a: (usize, usize),
        b: (usize, usize),
        max_positions: Option<u64>,
        seconds: Option<f64>,
    ) -> PyResult<FootholdsSolution> {
        let grid = read_grid(&grid)?;
        let budget = budget(max_positions, seconds)?;
        let solver = &mut self.solver;
        py.detach(|| solver.solve_within(&grid, a, b, budget))
            .map(FootholdsSolution::from)
            .map_err(|e| error::footholds(py, e))
    }

    /// How many positions the last query searched (also when it ran out of budget).
    #[getter]
    fn positions(&self) -> u64 {
        self.solver.stats().positions
    }

    fn __repr__(&self) -> String {
        "perfect_play.FootholdsSolver()".to_owned()
    }
}

/// Solves one footholds game with a fresh solver: A at `a`, B at `b` (each `(row, col)`,
/// from 0), A to move, on `grid` (rows of 0, no tile, and 1, tile; at most 8x8).
///
/// `max_positions` and `seconds` cap the search: past either, it raises OutOfBudgetError.
/// To answer many queries, keep one `FootholdsSolver`. Raises ValueError for a bad grid or
/// start, saying which.
#[pyfunction]
#[pyo3(signature = (grid, a, b, *, max_positions = None, seconds = None))]
pub fn solve_footholds(
    py: Python<'_>,
    grid: Vec<Vec<i64>>,
    a: (usize, usize),
    b: (usize, usize),
    max_positions: Option<u64>,
    seconds: Option<f64>,
) -> PyResult<FootholdsSolution> {
    FootholdsSolver::new().solve(py, grid, a, b, max_positions, seconds)
}

/// The grid, checked as `Grid::new` checks it; a cell that is not even a byte is reported
/// as a bad cell, as a 2 would be.
fn read_grid(rows: &[Vec<i64>]) -> PyResult<Grid> {
    let mut bytes = Vec::with_capacity(rows.len());
    for (row, cells) in rows.iter().enumerate() {
        let mut line = Vec::with_capacity(cells.len());
        for (col, &cell) in cells.iter().enumerate() {
            let cell = u8::try_from(cell).map_err(|_| {
                PyValueError::new_err(format!(
                    "cell ({row}, {col}) is {cell}, but a cell must be 0 (no tile) or 1 (tile)"
                ))
            })?;
            line.push(cell);
        }
        bytes.push(line);
    }
    Grid::new(&bytes).map_err(|e: FootholdsError| PyValueError::new_err(e.to_string()))
}

/// The budget of at most `max_positions` positions and `seconds` from now.
fn budget(max_positions: Option<u64>, seconds: Option<f64>) -> PyResult<Budget> {
    let budget = max_positions.map_or(Budget::UNLIMITED, Budget::positions);
    let Some(seconds) = seconds else {
        return Ok(budget);
    };
    let limit = Duration::try_from_secs_f64(seconds).map_err(|_| {
        PyValueError::new_err(format!(
            "seconds is {seconds}, but a time budget must be a number of seconds, 0 or more"
        ))
    })?;
    // A deadline too far ahead to represent is no deadline.
    Ok(match Instant::now().checked_add(limit) {
        Some(at) => budget.until(at),
        None => budget,
    })
}
