//! Every registered game as a Python `Game`, and what a probe answers: generic code over
//! `Notation`, reached through `perfect_play::games::visit`, so no game is named here.

use core::cmp::Reverse;

use perfect_play::games::{self as registry, Notation, ParseError, ShowMove, Side, Visitor};
use perfect_play::{ENDLESS, MoveError, Record, Solved, Value, play_text};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::{batch, error};

/// One solved game of the registry: its name, size, start and sides, and the questions
/// its table answers.
///
/// Get one with `game(name)` (or `Game(name)`), or all with `games()`. Positions and moves
/// are written in the game's one-line notation (`game.start` shows it); a text that is
/// not one raises `NotationError` (a `ValueError`) naming the column.
#[pyclass(module = "perfect_play", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    name: &'static str,
    positions: usize,
    start: String,
    sides: [&'static str; 2],
    move_help: &'static str,
    title: &'static str,
    rules: &'static str,
}

/// What a probe answers about one position, from its side to move.
///
/// `outcome` is who wins with perfect play from both sides: one of the game's `sides`,
/// or `"draw"`. `value` is the same seen by the side to move: `"win"`, `"loss"` or
/// `"draw"`. `plies` is how many plies are left with perfect play (the winner wins as
/// fast as it can, the loser holds out as long as it can; for a draw, the longest drawing
/// line), or None for a draw that can go on for ever (a loopy game). `moves` is every
/// legal move ranked best first for the side to move (ties in the game's move order);
/// `best_moves` the optimal ones: the moves that keep the position's value and plies.
#[pyclass(module = "perfect_play", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Probe {
    /// The game's name.
    #[pyo3(get)]
    game: &'static str,
    /// The position, written in the game's notation as the game writes it.
    #[pyo3(get)]
    position: String,
    /// The side to move (in a finished position, the side that would move next).
    #[pyo3(get)]
    to_move: &'static str,
    /// Whether the game is over here.
    #[pyo3(get)]
    finished: bool,
    /// The winning side with perfect play, or "draw".
    #[pyo3(get)]
    outcome: &'static str,
    /// "win", "loss" or "draw", for the side to move.
    #[pyo3(get)]
    value: &'static str,
    /// Plies left with perfect play, None for an endless draw.
    #[pyo3(get)]
    plies: Option<u16>,
    best_moves: Vec<String>,
    moves: Vec<RankedMove>,
}

/// One legal move of a probed position, with what it is worth to the side that plays it.
///
/// `value` and `plies` are seen by the side to move before the move (a `"win"` in 3 plies
/// means playing it keeps a win 3 plies away, this move included); `outcome` is who wins
/// after it with perfect play; `position` is where it leads.
#[pyclass(module = "perfect_play", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RankedMove {
    /// The move, in the game's notation.
    #[pyo3(get, name = "move")]
    mv: String,
    /// The position it leads to.
    #[pyo3(get)]
    position: String,
    /// "win", "loss" or "draw", for the side that plays it.
    #[pyo3(get)]
    value: &'static str,
    /// Plies left with perfect play, this move included; None for an endless draw.
    #[pyo3(get)]
    plies: Option<u16>,
    /// The winning side with perfect play after this move, or "draw".
    #[pyo3(get)]
    outcome: &'static str,
}

/// Every solved game, in the order the registry lists them.
///
/// Each is a `Game`: `name`, `positions` (how many its table holds: every position
/// reachable from the start), `start`, `sides`, `rules`.
#[pyfunction]
pub fn games() -> Vec<Game> {
    registry::all()
        .filter_map(|info| Game::find(info.name))
        .collect()
}

/// The solved game called `name`, as `games()` lists it (`"hexapawn"`, `"dodgem"`...).
///
/// Raises ValueError for a name no game has, listing the names.
#[pyfunction]
pub fn game(name: &str) -> PyResult<Game> {
    let found = registry::find(name).map_err(|error| PyValueError::new_err(error.to_string()))?;
    Game::find(found).ok_or_else(|| PyValueError::new_err(format!("no game is called {found}")))
}

impl Game {
    /// The game called `name`, if the registry has it.
    fn find(name: &str) -> Option<Game> {
        registry::visit(name, Describe)
    }

    /// Runs `visitor` on this game. The name came from the registry, so the game is there.
    fn visit<V: Visitor<Output = Result<T, Failure>>, T>(&self, visitor: V) -> Result<T, Failure> {
        registry::visit(self.name, visitor).unwrap_or(Err(Failure::Unknown))
    }

    /// A failure of a question to this game, as the Python exception it raises.
    fn raise(&self, py: Python<'_>, failure: Failure, position: &str, mv: &str) -> PyErr {
        match failure {
            Failure::Position(e) => {
                error::notation(py, &format!("{} position", self.name), position, e, None)
            }
            Failure::Move(e) => error::notation(py, &format!("{} move", self.name), mv, e, None),
            Failure::Illegal(message) => PyValueError::new_err(message),
            Failure::Unknown => {
                PyValueError::new_err(format!("no game is called {}", quote(self.name)))
            }
        }
    }
}

#[pymethods]
impl Game {
    /// The solved game called `name`: the same as `game(name)`.
    #[new]
    fn py_new(name: &str) -> PyResult<Game> {
        game(name)
    }

    /// The game's name, as `games()` lists it.
    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }

    /// How many positions the game's table holds: every position reachable from the start.
    #[getter]
    fn positions(&self) -> usize {
        self.positions
    }

    /// The start position, in the game's notation.
    #[getter]
    fn start(&self) -> &str {
        &self.start
    }

    /// The two sides as a person names them, the one that moves first first.
    #[getter]
    fn sides(&self) -> (&'static str, &'static str) {
        (self.sides[0], self.sides[1])
    }

    /// What a move looks like in the game's notation, for a prompt.
    #[getter]
    fn move_help(&self) -> &'static str {
        self.move_help
    }

    /// The game's rules in a few sentences: the board, a move, how the game ends and who
    /// wins (the library's `Notation::RULES`, as the web page shows them).
    #[getter]
    fn rules(&self) -> &'static str {
        self.rules
    }

    /// The game's name as a title: `Misère tic-tac-toe`.
    #[getter]
    fn title(&self) -> &'static str {
        self.title
    }

    /// What perfect play makes of `position`: a `Probe` (outcome, value, plies, every move
    /// ranked, the best moves), or None when no game reaches the position from the start.
    ///
    /// Raises NotationError (a ValueError) when `position` is not written in the game's
    /// notation, naming the column.
    fn probe(&self, py: Python<'_>, position: &str) -> PyResult<Option<Probe>> {
        self.visit(ProbeText(position))
            .map_err(|f| self.raise(py, f, position, ""))
    }

    /// The legal moves from `position`, in the game's notation and move order (none once
    /// the game is finished).
    ///
    /// Raises NotationError (a ValueError) when `position` is not in the game's notation.
    fn moves(&self, py: Python<'_>, position: &str) -> PyResult<Vec<String>> {
        self.visit(MovesText(position))
            .map_err(|f| self.raise(py, f, position, ""))
    }

    /// The position `move` leads to from `position`, in the game's notation.
    ///
    /// Raises NotationError (a ValueError) when the position or the move is not in the
    /// game's notation, and ValueError when the move is not legal there.
    #[pyo3(signature = (position, r#move))]
    fn play(&self, py: Python<'_>, position: &str, r#move: &str) -> PyResult<String> {
        self.visit(PlayText(position, r#move))
            .map_err(|f| self.raise(py, f, position, r#move))
    }

    /// Probes every position of `positions` (an iterable of str) with the GIL released,
    /// and returns two sequences as long: the outcome codes and the plies.
    ///
    /// Outcome codes: `DRAW` (0), `FIRST_WINS` (1, the first of `sides`), `SECOND_WINS`
    /// (2), `UNREACHABLE` (-1, no game reaches the position; its plies are 0). Plies: as
    /// `Probe.plies`, with `ENDLESS` (16383) for a draw that can go on for ever.
    ///
    /// With `numpy=None` (the default) they are numpy arrays (int8 and uint16) when numpy
    /// can be imported, lists of int otherwise; `numpy=True` insists on arrays (ImportError
    /// without numpy), `numpy=False` gives lists.
    ///
    /// Raises NotationError (a ValueError, its `index` the position's place) for the first
    /// text that is not in the game's notation, and TypeError for an item that is not a str
    /// (or for one str given instead of an iterable of them).
    #[pyo3(signature = (positions, *, numpy = None))]
    fn probe_many<'py>(
        &self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
        numpy: Option<bool>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        batch::probe_many(py, self.name, positions, numpy)
    }

    fn __repr__(&self) -> String {
        format!("perfect_play.game({})", quote(self.name))
    }

    /// Pickles as its name: `perfect_play.game(name)` makes it again (for multiprocessing).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (&'static str,))> {
        let make = py.import("perfect_play")?.getattr("game")?;
        Ok((make, (self.name,)))
    }
}

#[pymethods]
impl Probe {
    /// Every legal move ranked best first for the side to move: `RankedMove`s.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.moves.iter().cloned())
    }

    /// The optimal moves, in the game's notation: those that keep the position's value
    /// and plies (none once the game is finished).
    #[getter]
    fn best_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.best_moves)
    }

    fn __repr__(&self) -> String {
        let best: Vec<String> = self.best_moves.iter().map(|m| quote(m)).collect();
        let best = match best.as_slice() {
            [one] => format!("({one},)"),
            many => format!("({})", many.join(", ")),
        };
        format!(
            "Probe(game={}, position={}, to_move={}, finished={}, outcome={}, value={}, plies={}, best_moves={best})",
            quote(self.game),
            quote(&self.position),
            quote(self.to_move),
            if self.finished { "True" } else { "False" },
            quote(self.outcome),
            quote(self.value),
            show_plies(self.plies),
        )
    }

    /// A sentence: `www/.../bbb w: white to move, black wins in 3 plies`.
    fn __str__(&self) -> String {
        let result = match (self.outcome, self.plies) {
            ("draw", None) => "a draw that can go on for ever".to_owned(),
            ("draw", Some(plies)) => format!("a draw, {}", count_plies(plies)),
            (side, Some(0)) => format!("{side} has won"),
            (side, Some(plies)) => format!("{side} wins in {}", count_plies(plies)),
            (side, None) => format!("{side} wins"),
        };
        if self.finished {
            format!("{}: game over, {result}", self.position)
        } else {
            format!("{}: {} to move, {result}", self.position, self.to_move)
        }
    }
}

#[pymethods]
impl RankedMove {
    fn __repr__(&self) -> String {
        format!(
            "RankedMove(move={}, position={}, value={}, plies={}, outcome={})",
            quote(&self.mv),
            quote(&self.position),
            quote(self.value),
            show_plies(self.plies),
            quote(self.outcome),
        )
    }
}

/// Why a question to a game failed.
enum Failure {
    /// The position is not in the game's notation.
    Position(ParseError),
    /// The move is not in the game's notation.
    Move(ParseError),
    /// The move is not legal in the position: the message.
    Illegal(String),
    /// No game has the name (never, for a `Game` made from the registry).
    Unknown,
}

/// Describes the game visited.
struct Describe;

impl Visitor for Describe {
    type Output = Game;

    fn visit<G: Notation + 'static>(self, name: &'static str, table: &'static Solved<G>) -> Game {
        Game {
            name,
            positions: table.len(),
            start: G::start().to_string(),
            sides: G::SIDES,
            move_help: G::MOVE_HELP,
            title: G::TITLE,
            rules: G::RULES,
        }
    }
}

/// Probes a position given as text.
struct ProbeText<'a>(&'a str);

impl Visitor for ProbeText<'_> {
    type Output = Result<Option<Probe>, Failure>;

    fn visit<G: Notation + 'static>(
        self,
        name: &'static str,
        table: &'static Solved<G>,
    ) -> Self::Output {
        let position: G = self.0.parse().map_err(Failure::Position)?;
        Ok(probe(name, table, &position))
    }
}

/// Lists the moves of a position given as text.
struct MovesText<'a>(&'a str);

impl Visitor for MovesText<'_> {
    type Output = Result<Vec<String>, Failure>;

    fn visit<G: Notation + 'static>(self, _: &'static str, _: &'static Solved<G>) -> Self::Output {
        let position: G = self.0.parse().map_err(Failure::Position)?;
        Ok(legal_moves(&position))
    }
}

/// Plays a move given as text in a position given as text.
struct PlayText<'a>(&'a str, &'a str);

impl Visitor for PlayText<'_> {
    type Output = Result<String, Failure>;

    fn visit<G: Notation + 'static>(
        self,
        name: &'static str,
        _: &'static Solved<G>,
    ) -> Self::Output {
        let position: G = self.0.parse().map_err(Failure::Position)?;
        match play_text(&position, self.1) {
            Ok((_, next)) => Ok(next.to_string()),
            Err(MoveError::NotAMove { why, .. }) => Err(Failure::Move(why)),
            Err(error) => Err(Failure::Illegal(format!("{name} from {position}: {error}"))),
        }
    }
}

/// The legal moves of `position` in the notation, in the game's order.
fn legal_moves<G: Notation>(position: &G) -> Vec<String> {
    let mut moves = Vec::new();
    if position.finished().is_none() {
        position.moves(&mut |mv, _| moves.push(ShowMove::<G>(mv).to_string()));
    }
    moves
}

/// The probe of `position` in game `name`, or `None` if the table does not hold it.
fn probe<G: Notation>(name: &'static str, table: &Solved<G>, position: &G) -> Option<Probe> {
    let record = table.probe(position)?;
    let to_move = position.to_move();
    let finished = position.finished().is_some();
    let mut ranked: Vec<(G::Move, G, Record)> = Vec::new();
    if !finished {
        position.moves(&mut |mv, child| {
            if let Some(after) = table.probe(&child) {
                ranked.push((mv, child, after.before_move()));
            }
        });
    }
    // A stable sort: ties stay in the game's move order, as `Solved::ranked_moves` has them.
    ranked.sort_by_key(|&(_, _, r)| Reverse(r.rank()));
    let best_moves = ranked
        .iter()
        .filter(|&&(_, _, r)| r == record)
        .map(|&(mv, _, _)| ShowMove::<G>(mv).to_string())
        .collect();
    let moves = ranked
        .iter()
        .map(|&(mv, child, r)| RankedMove {
            mv: ShowMove::<G>(mv).to_string(),
            position: child.to_string(),
            value: r.value.as_str(),
            plies: plies(r),
            outcome: outcome::<G>(r.value, to_move),
        })
        .collect();
    Some(Probe {
        game: name,
        position: position.to_string(),
        to_move: G::side_name(to_move),
        finished,
        outcome: outcome::<G>(record.value, to_move),
        value: record.value.as_str(),
        plies: plies(record),
        best_moves,
        moves,
    })
}

/// Who wins when the side `to_move` has `value`: a side's name, or `"draw"`.
pub fn outcome<G: Notation>(value: Value, to_move: Side) -> &'static str {
    match value {
        Value::Win => G::side_name(to_move),
        Value::Loss => G::side_name(to_move.other()),
        Value::Draw => "draw",
    }
}

/// The plies of a record, `None` for an endless draw.
fn plies(record: Record) -> Option<u16> {
    (record.remoteness != ENDLESS).then_some(record.remoteness)
}

/// Plies as Python shows an `int | None`.
fn show_plies(plies: Option<u16>) -> String {
    plies.map_or_else(|| "None".to_owned(), |p| p.to_string())
}

/// `1 ply`, `3 plies`.
fn count_plies(plies: u16) -> String {
    if plies == 1 {
        "1 ply".to_owned()
    } else {
        format!("{plies} plies")
    }
}

/// A str as Python's `repr` writes it (the notations use no quotes or backslashes, but a
/// name given by a user may).
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}
