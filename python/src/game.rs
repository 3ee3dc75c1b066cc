//! Every game the registry opens as a Python `Game`, and what a probe answers: each
//! `Game` holds the game's dynamic handle (`perfect_play::dynamic::DynGame`), so no game is
//! named here and a game opened at run time is a `Game` like any other.

use std::sync::Arc;

use perfect_play::dynamic::{About, DynGame, MoveRefusal, PositionAnalysis, PositionError};
use perfect_play::file::{self, OpenDynError, OpenErrorKind};
use perfect_play::games::{self as registry, Arg, Kind, Side};
use perfect_play::{ENDLESS, Record, Value};
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyPermissionError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::{batch, error, labels, level};

/// One solved game of the registry: its name, size, start and sides, and the questions
/// its table answers.
///
/// Get one with `game(name)` (or `Game(name)`), or all with `games()`. Positions and moves
/// are written in the game's one-line notation (`game.start` shows it); a text that is
/// not one raises `NotationError` (a `ValueError`) naming the column.
#[pyclass(module = "perfect_play", frozen, eq, hash)]
#[derive(Clone)]
pub struct Game {
    handle: Arc<dyn DynGame>,
    /// The table file it answers from (`open_table`), made absolute: how it is pickled
    /// and shown.
    table: Option<Arc<std::path::Path>>,
}

/// Two `Game`s are the same game when they have the same name.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.about().name == other.about().name
    }
}

impl Eq for Game {}

impl core::hash::Hash for Game {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.about().name.hash(state);
    }
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
    game: String,
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
    pieces: Vec<Option<Piece>>,
    hands: [Vec<Piece>; 2],
}

/// A piece of a kind, on a cell or in a hand, in a game whose pieces differ (Dōbutsu
/// shōgi's lion, giraffe, elephant, chick and hen).
///
/// `steps` are the (row, column) steps it can make, row down and column right positive,
/// on the board as the notation writes it (the second side's turned around); `letter` is
/// as the notation writes it for its side (`"L"`, `"+C"`; the second side's lowercase).
#[pyclass(module = "perfect_play", frozen, eq, hash, get_all)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is: one of the game's `sides`.
    side: &'static str,
    /// Its letter in the notation, the second side's in lowercase.
    letter: &'static str,
    /// Its kind's name: `lion`.
    name: &'static str,
    /// The (row, column) steps it can make on the board as written.
    steps: Vec<(i8, i8)>,
    /// How many: 1 on a cell, the count held in a hand.
    count: u8,
}

impl Piece {
    /// `count` pieces of `kind` of `side`'s, in the game `about` describes.
    fn of(about: &About, side: Side, kind: Kind, count: u8) -> Piece {
        Piece {
            side: about.side_name(side),
            letter: kind.letter,
            name: kind.name,
            steps: kind.steps.to_vec(),
            count,
        }
    }
}

#[pymethods]
impl Piece {
    fn __repr__(&self) -> String {
        format!(
            "Piece(side={}, letter={}, name={}, count={})",
            quote(self.side),
            quote(self.letter),
            quote(self.name),
            self.count
        )
    }
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
    registry::names()
        .filter_map(|name| registry::open(name).ok())
        .map(|handle| Game {
            handle: Arc::from(handle),
            table: None,
        })
        .collect()
}

/// The solved game called `name`, as `games()` lists it (`"hexapawn"`, `"dodgem"`...), in
/// any case.
///
/// Raises ValueError for a name no game has, naming the nearest and listing the games.
#[pyfunction]
pub fn game(name: &str) -> PyResult<Game> {
    let handle = registry::open(name).map_err(|error| PyValueError::new_err(error.to_string()))?;
    Ok(Game {
        handle: Arc::from(handle),
        table: None,
    })
}

/// The game whose table is the file at `path` (written by `perfect-play solve`: a game
/// too large to ship, solved once), probed in place: the same answers and methods as a
/// compiled game, `probe_many` included (a file's probes pipelined). `game` names the game
/// the file must hold (as `game()` takes it); without it, the file's own.
///
/// Raises ValueError for a file that is damaged, truncated, not a table or of another
/// game (saying which and where), OSError (FileNotFoundError...) for one that cannot be
/// read.
#[pyfunction]
#[pyo3(signature = (path, game = None))]
pub fn open_table(py: Python<'_>, path: std::path::PathBuf, game: Option<&str>) -> PyResult<Game> {
    // Mapping and verifying every checksum reads the whole file: other threads run meanwhile.
    let opened = py.detach(|| match game {
        Some(name) => file::open_dyn(name, &path),
        None => file::open_dyn_any(&path),
    });
    match opened {
        Ok(handle) => Ok(Game {
            handle: Arc::from(handle),
            table: Some(Arc::from(std::path::absolute(&path).unwrap_or(path))),
        }),
        Err(OpenDynError::File(refused)) => match &refused.kind {
            // As Python's own `open` raises them: errno, the sentence, the file name.
            OpenErrorKind::Io(io) => {
                let args = (
                    io.raw_os_error().unwrap_or(0),
                    refused.to_string(),
                    refused.path.display().to_string(),
                );
                Err(match io.kind() {
                    std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(args),
                    std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(args),
                    _ => PyOSError::new_err(args),
                })
            }
            _ => Err(PyValueError::new_err(refused.to_string())),
        },
        // A file of a game this build does not have (or a `game` no game has).
        Err(unknown @ OpenDynError::Game(_)) => Err(PyValueError::new_err(format!(
            "{}: {unknown}",
            path.display()
        ))),
    }
}

impl Game {
    /// What the game says of itself.
    pub fn about(&self) -> &About {
        self.handle.about()
    }

    /// The game's handle, which answers every question.
    pub fn handle(&self) -> &dyn DynGame {
        &*self.handle
    }

    /// A position that cannot be answered, as the Python exception it raises:
    /// NotationError for a text that is not a position, ValueError for one no game reaches.
    pub fn position_error(&self, py: Python<'_>, error: PositionError, position: &str) -> PyErr {
        match error {
            PositionError::Notation(e) => {
                let what = format!("{} position", self.about().name);
                error::notation(py, &what, position, e, None)
            }
            unreachable @ PositionError::Unreachable { .. } => {
                PyValueError::new_err(unreachable.to_string())
            }
        }
    }

    /// The analysis of `position`, or the exception it raises.
    fn analyze(&self, py: Python<'_>, position: &str) -> PyResult<PositionAnalysis> {
        self.handle
            .analyze(position)
            .map_err(|e| self.position_error(py, e, position))
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
    fn name(&self) -> &str {
        &self.about().name
    }

    /// How many positions games from the start reach: every position the game's table
    /// holds (for a game answered by search, the published count).
    #[getter]
    fn positions(&self) -> Option<u64> {
        self.about().positions
    }

    /// The start position, in the game's notation.
    /// How answers are found: "table" (one lookup each) or "search" (exact too, but a
    /// position near the start past the opening book can take seconds to minutes).
    #[getter]
    fn answered_by(&self) -> &'static str {
        self.about().answered_by.as_str()
    }

    #[getter]
    fn start(&self) -> &str {
        &self.about().start
    }

    /// The two sides as a person names them, the one that moves first first.
    #[getter]
    fn sides(&self) -> (&'static str, &'static str) {
        let [first, second] = self.about().sides;
        (first, second)
    }

    /// What a move looks like in the game's notation, for a prompt.
    #[getter]
    fn move_help(&self) -> &'static str {
        self.about().move_help
    }

    /// The game's rules in a few sentences: the board, a move, how the game ends and who
    /// wins (the library's `Notation::RULES`, as the web page shows them).
    #[getter]
    fn rules(&self) -> &'static str {
        self.about().rules
    }

    /// The game's name as a title: `Misère tic-tac-toe`.
    #[getter]
    fn title(&self) -> &'static str {
        self.about().title
    }

    /// What perfect play makes of `position`: a `Probe` (outcome, value, plies, every move
    /// ranked, the best moves), or None when no game reaches the position from the start.
    ///
    /// Raises NotationError (a ValueError) when `position` is not written in the game's
    /// notation, naming the column.
    fn probe(&self, py: Python<'_>, position: &str) -> PyResult<Option<Probe>> {
        match self.handle.analyze(position) {
            Ok(analysis) => Ok(Some(probe(self.about(), analysis))),
            Err(PositionError::Unreachable { .. }) => Ok(None),
            Err(error) => Err(self.position_error(py, error, position)),
        }
    }

    /// The legal moves from `position`, in the game's notation and move order (none once
    /// the game is finished).
    ///
    /// Raises NotationError (a ValueError) when `position` is not in the game's notation.
    fn moves(&self, py: Python<'_>, position: &str) -> PyResult<Vec<String>> {
        self.handle
            .moves(position)
            .map_err(|e| self.position_error(py, e, position))
    }

    /// The position `move` leads to from `position`, in the game's notation.
    ///
    /// Raises NotationError (a ValueError) when the position or the move is not in the
    /// game's notation, and ValueError when the move is not legal there.
    #[pyo3(signature = (position, r#move))]
    fn play(&self, py: Python<'_>, position: &str, r#move: &str) -> PyResult<String> {
        let name = &self.about().name;
        self.handle
            .play(position, r#move)
            .map_err(|refusal| match refusal {
                MoveRefusal::Position(error) => self.position_error(py, error, position),
                MoveRefusal::NotAMove { why, .. } => {
                    error::notation(py, &format!("{name} move"), r#move, why, None)
                }
                MoveRefusal::GameOver {
                    position, sentence, ..
                }
                | MoveRefusal::Illegal {
                    position, sentence, ..
                } => PyValueError::new_err(format!("{name} from {position}: {sentence}")),
            })
    }

    /// Probes every position of `positions` (an iterable of str) with the GIL released,
    /// and returns two sequences as long: the outcome codes and the plies. Answers are
    /// remembered by text (65,536 per game): a position asked again skips the table.
    ///
    /// Outcome codes: `DRAW` (0), `FIRST_WINS` (1, the first of `sides`), `SECOND_WINS`
    /// (2), `UNREACHABLE` (-1, no game reaches the position; its plies are 0). Plies: as
    /// `Probe.plies`, with `ENDLESS` (16383) for a draw that can go on for ever.
    ///
    /// With `numpy=None` (the default) they are numpy arrays (int8 and uint16) when numpy
    /// can be imported, the standard library's `array.array`s otherwise (typecodes 'b' and
    /// 'H': each made from one bytes, where a list takes a call for each int);
    /// `numpy=True` insists on numpy (ImportError without it), `numpy=False` gives
    /// `array.array`s. Either kind indexes, iterates and has a `len` as a list does, but is
    /// not equal to a list (nor JSON): `.tolist()` gives lists.
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
        batch::probe_many(py, self.handle(), positions, numpy, self.table.is_none())
    }

    /// The family the game is a size of (`"mnk"` for `mnk:m=4,n=3,k=3`), or the game's own
    /// name for a game of one size (`"tictactoe"`).
    #[getter]
    fn family(&self) -> &str {
        &self.about().family
    }

    /// The family's parameters at this size, in the family's order, by name: an int, a
    /// bool, or a tuple of ints for a list (`{"piles": (1, 3, 5, 7), "misere": False}`);
    /// empty for a game of one size.
    #[getter]
    fn parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let parameters = PyDict::new(py);
        for (param, arg) in &self.about().params {
            match arg {
                Arg::Int(n) => parameters.set_item(param.name, n)?,
                Arg::Bool(b) => parameters.set_item(param.name, b)?,
                Arg::List { .. } => {
                    parameters.set_item(param.name, PyTuple::new(py, arg.items())?)?;
                }
            }
        }
        Ok(parameters)
    }

    /// The board's columns (Connect Four's width; 3 for the 3x3 games).
    #[getter]
    fn width(&self) -> usize {
        self.about().width
    }

    /// The board's rows (Connect Four's height; 3 for the 3x3 games).
    #[getter]
    fn height(&self) -> usize {
        self.about().height
    }

    /// A move from `position` chosen at `level`, as the web board's computer plays:
    /// `"perfect"` (the fastest win, the longest loss, ties at random), `"safe"` (any move
    /// that does not lose), `"skill:N"` (a perfect move N% of the time, else any move) or
    /// `"random"`. `seed` drives the random choices (the same seed, the same move). None
    /// once the game is over.
    ///
    /// Raises ValueError for a level that is not one, or a position no game reaches, and
    /// NotationError for a position not in the game's notation.
    #[pyo3(signature = (position, level = "perfect", *, seed = 0))]
    fn pick(
        &self,
        py: Python<'_>,
        position: &str,
        level: &str,
        seed: u64,
    ) -> PyResult<Option<String>> {
        let level = level::parse(level)?;
        self.handle
            .pick(position, level, &mut level::random(seed))
            .map_err(|e| self.position_error(py, e, position))
    }

    /// The chance that `pick` plays each move of `position` at `level`: (move, chance)
    /// pairs, best move first, the chances adding up to 1 (empty once the game is over).
    ///
    /// Raises as `pick` does.
    #[pyo3(signature = (position, level = "perfect"))]
    fn policy(&self, py: Python<'_>, position: &str, level: &str) -> PyResult<Vec<(String, f64)>> {
        let level = level::parse(level)?;
        Ok(level::policy(&self.analyze(py, position)?, level))
    }

    /// Exact labels for many positions at once, as numpy arrays: `returns` (float64, one
    /// row per position: the first side's return and the second's, 1, -1 or 0), `plies`
    /// (uint16, plies left with perfect play, `ENDLESS` for an endless draw) and `best`
    /// (bool, one row per position, one column per item of `actions`: whether that
    /// action's move is one of the best moves).
    ///
    /// `states` is an iterable of positions: str, or any objects whose `str()` is one (an
    /// OpenSpiel state). With `lines=True`, the rows of a position may be split by
    /// whitespace (OpenSpiel writes them one a line) instead of `/`. `actions[a]` is the
    /// move, in the game's notation, of action number `a`; None for a number no move has.
    ///
    /// Raises NotationError naming the item (`index`) that is not a position (or the
    /// action that is not a move), ValueError for a position no game reaches, ImportError
    /// without numpy.
    #[pyo3(signature = (states, actions, *, lines = false))]
    fn labels<'py>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
        actions: Vec<Option<String>>,
        lines: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        labels::labels(py, self.handle(), states, &actions, lines)
    }

    fn __repr__(&self) -> String {
        let name = quote(&self.about().name);
        match &self.table {
            None => format!("perfect_play.game({name})"),
            Some(path) => format!(
                "perfect_play.open_table({}, {name})",
                quote(&path.display().to_string())
            ),
        }
    }

    /// A game is immutable: a copy is the game itself (a game of a table file is not
    /// opened again).
    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// As `__copy__`: the game itself.
    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    /// Pickles as its name, `perfect_play.game(name)` making it again (for
    /// multiprocessing); a game opened from a table file as `open_table(path, name)`.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let module = py.import("perfect_play")?;
        let name = self.about().name.as_str();
        match &self.table {
            None => Ok((module.getattr("game")?, PyTuple::new(py, [name])?)),
            Some(path) => Ok((
                module.getattr("open_table")?,
                (path.display().to_string(), name).into_pyobject(py)?,
            )),
        }
    }
}

#[pymethods]
impl Probe {
    /// Every legal move ranked best first for the side to move: `RankedMove`s.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.moves.iter().cloned())
    }

    /// The piece on each cell with its kind (`Piece`, None for an empty cell), row by row
    /// from the top left, in a game whose pieces differ (Dōbutsu shōgi); empty in a game
    /// whose pieces are all alike.
    #[getter]
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.pieces.iter().cloned())
    }

    /// What each side holds in hand, the first of `sides` first: a tuple of `Piece`s each
    /// (its `count` how many); both empty in a game without hands.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let [first, second] = &self.hands;
        PyTuple::new(
            py,
            [
                PyTuple::new(py, first.iter().cloned())?,
                PyTuple::new(py, second.iter().cloned())?,
            ],
        )
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
            quote(&self.game),
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

/// The probe of an analysed position.
fn probe(about: &About, analysis: PositionAnalysis) -> Probe {
    let to_move = analysis.probe.to_move;
    let record = analysis.probe.record;
    let best_moves = analysis.best_moves().map(|m| m.name.clone()).collect();
    let pieces = analysis
        .kinds
        .iter()
        .zip(&analysis.cells)
        .map(|(kind, side)| Some(Piece::of(about, (*side)?, (*kind)?, 1)))
        .collect();
    let [first, second] = &analysis.hands;
    let hands = [(Side::First, first), (Side::Second, second)].map(|(side, held)| {
        held.iter()
            .map(|&(kind, count)| Piece::of(about, side, kind, count))
            .collect()
    });
    let moves = analysis
        .moves
        .into_iter()
        .map(|m| RankedMove {
            outcome: outcome(about, m.record.value, to_move),
            value: m.record.value.as_str(),
            plies: plies(m.record),
            mv: m.name,
            position: m.after,
        })
        .collect();
    Probe {
        game: about.name.clone(),
        position: analysis.position,
        to_move: about.side_name(to_move),
        finished: analysis.probe.finished,
        outcome: outcome(about, record.value, to_move),
        value: record.value.as_str(),
        plies: plies(record),
        best_moves,
        moves,
        pieces,
        hands,
    }
}

/// Who wins when the side `to_move` has `value`: a side's name, or `"draw"`.
fn outcome(about: &About, value: Value, to_move: Side) -> &'static str {
    match value {
        Value::Win => about.side_name(to_move),
        Value::Loss => about.side_name(to_move.other()),
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
