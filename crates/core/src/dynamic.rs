//! Any game, at any size, behind one object-safe handle: [`DynGame`].
//!
//! The typed API ([`Game`](crate::Game), [`Notation`], an [`Oracle`] such as a compiled
//! [`Solved`](crate::Solved) table) is what a program uses for speed; a command line, a
//! web server or a Python module that lets a person name the game at run time holds a
//! `dyn DynGame` instead. Positions and moves cross the handle in the game's one-line
//! notation (the same text a person types and every surface prints), answers come back as
//! plain data, and every question is answered once, here: reading a position, ranking its
//! moves (one probe a move), playing a move, choosing one at a level, the principal line,
//! and a whole game's review. Needs the `alloc` feature.
//!
//! ```
//! use perfect_play_core::dynamic::{DynGame, Handle};
//! use perfect_play_core::{Side, Value};
//! use perfect_play::games::{HEXAPAWN, Hexapawn};
//!
//! let hexapawn = Handle::<Hexapawn, _>::new("hexapawn", &HEXAPAWN, Some(HEXAPAWN.len() as u64));
//! let game: &dyn DynGame = &hexapawn;
//! let start = game.analyze(&game.about().start)?;
//! assert_eq!((start.probe.record.value, start.probe.record.remoteness), (Value::Loss, 6));
//! assert_eq!(start.moves[0].name, "2-5"); // white holds out longest
//! assert_eq!(game.play("www/.../bbb w", "2-5")?, "w.w/.w./bbb b");
//! assert_eq!(start.probe.to_move, Side::First);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

extern crate alloc;

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::family::{Arg, Param};
use crate::notation::{Notation, ParseError, ShowMove, Side};
use crate::shape::{Geometry, Kind, Line, MoveShape};
use crate::{
    AnsweredBy, GameMoveError, Level, MoveError, Oracle, Record, Sentence, Value, Verdict,
    play_text,
};

/// How many plies [`DynGame::principal_line`] and [`DynGame::review`] follow at most: a
/// loopy game's endless draw would otherwise never end.
pub const MAX_LINE: usize = 1000;

/// What a game says of itself: its name, how a person reads it, and its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct About {
    /// The name people and every surface call it: `hexapawn`, `connect4-5x4`,
    /// `mnk:m=4,n=4,k=3`.
    pub name: String,
    /// The family it is a size of (`mnk`), or its own name for a game of one size.
    pub family: String,
    /// The family's parameters with their values at this size, in the family's order
    /// (none for a game of one size).
    pub params: Vec<(Param, Arg)>,
    /// The board, as a drawing needs it.
    pub geometry: Geometry,
    /// The name as a title: `Misère tic-tac-toe`.
    pub title: &'static str,
    /// The rules in a few sentences: the board, a move, how the game ends and who wins.
    pub rules: &'static str,
    /// The two sides as a person names them, the first to move first.
    pub sides: [&'static str; 2],
    /// The letter of each side's pieces in the notation, the first side's first.
    pub pieces: [char; 2],
    /// What a move looks like, for a prompt: `FROM-TO with cells 1-9, like 2-5`.
    pub move_help: &'static str,
    /// The board's columns.
    pub width: usize,
    /// The board's rows.
    pub height: usize,
    /// How many positions the answers cover (a table's size), or `None` when they come
    /// from a search and no one has counted them.
    pub positions: Option<u64>,
    /// The start position in the game's notation.
    pub start: String,
    /// How its answers are found (its oracle's): a table's lookup, or a search that may
    /// take seconds near the start.
    pub answered_by: AnsweredBy,
}

impl About {
    /// How a person names `side`: one of [`About::sides`].
    #[must_use]
    pub const fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::First => self.sides[0],
            Side::Second => self.sides[1],
        }
    }

    /// The letter of `side`'s pieces: one of [`About::pieces`].
    #[must_use]
    pub const fn piece(&self, side: Side) -> char {
        match side {
            Side::First => self.pieces[0],
            Side::Second => self.pieces[1],
        }
    }
}

/// A position's answer, without allocation: what [`DynGame::probe`] gives for each of a
/// batch of positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Probe {
    /// The side to move (in a finished position, the side that would move next).
    pub to_move: Side,
    /// Whether the game is over here.
    pub finished: bool,
    /// Win, loss or draw for the side to move, and plies left with perfect play.
    pub record: Record,
}

impl Probe {
    /// The side that wins with perfect play, or `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        match self.record.value {
            Value::Win => Some(self.to_move),
            Value::Loss => Some(self.to_move.other()),
            Value::Draw => None,
        }
    }
}

/// One move of a position, with what it is worth.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RankedMove {
    /// The move in the game's notation: `5`, `2-5`, `3-off`.
    pub name: String,
    /// The position it leads to, in the game's notation.
    pub after: String,
    /// What the move is worth to the side that plays it, the move itself counted in the
    /// plies: the label a board shows on it (`win 5`).
    pub record: Record,
    /// What the move does on the board, as data.
    pub shape: MoveShape,
}

/// What each side holds in hand, the first side's first: each kind held and how many
/// ([`Notation::hand`]).
pub type Hands = [Vec<(Kind, u8)>; 2];

/// A position read, probed, drawn and its moves ranked: what an analysis shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionAnalysis {
    /// The position as the game writes it.
    pub position: String,
    /// Its record, side to move and whether it is finished.
    pub probe: Probe,
    /// The piece on each cell, row-major from the top left: `width * height` cells.
    pub cells: Vec<Option<Side>>,
    /// The kind of the piece on each cell, as [`cells`](PositionAnalysis::cells), in a game
    /// whose pieces differ ([`Notation::kind`]); empty in a game whose pieces are all
    /// alike.
    pub kinds: Vec<Option<Kind>>,
    /// What each side holds in hand, the first side's first: each kind and how many
    /// ([`Notation::hand`]); both empty in a game without hands.
    pub hands: Hands,
    /// The counters on each pile or pit of a board of piles or pits, or whether each line
    /// of a board of dots is drawn (1) or not (0), in the order [`Geometry`] numbers them;
    /// empty on a board of cells.
    pub counts: Vec<u16>,
    /// Every legal move, best first for the side to move (ties in the game's move order).
    pub moves: Vec<RankedMove>,
    /// The line that ended the game, in a game that ended on one (the game's own
    /// [`Notation::winning_line`]): what a board highlights and says.
    pub winning_line: Option<WinningLine>,
}

/// The line of pieces that ended a game, as a board highlights it and says it in words.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WinningLine {
    /// Whose pieces make it (in a misère game, the loser's).
    pub owner: Side,
    /// The side that won, or `None` if the line ended the game in a draw.
    pub winner: Option<Side>,
    /// The line, end to end; `None` for a chain that is not straight (Hex's).
    pub line: Option<Line>,
    /// Its cells, row-major from 0 as [`PositionAnalysis::cells`] numbers them.
    pub cells: Vec<u16>,
    /// Who won and how, in words: `x won: three in a row, top row`; in misère
    /// tic-tac-toe, `o won: x made three in a row, top row`.
    pub sentence: String,
}

impl WinningLine {
    /// The winning line of a finished position whose game, `about`, says it ended on
    /// `line` of `owner`'s pieces, the game won by `winner`.
    #[must_use]
    pub fn new(about: &About, owner: Side, winner: Option<Side>, line: Line) -> WinningLine {
        let what = line_words(&line, about.height);
        let sentence = ended(about, owner, winner, &what);
        WinningLine {
            owner,
            winner,
            line: Some(line),
            cells: line.cells().collect(),
            sentence,
        }
    }

    /// The winning chain of a finished position whose game, `about`, says it ended on the
    /// chain `cells` of `owner`'s pieces joining `joins`, the game won by `winner`.
    #[must_use]
    pub fn chain(
        about: &About,
        owner: Side,
        winner: Option<Side>,
        cells: Vec<u16>,
        joins: &str,
    ) -> WinningLine {
        let what = format!("a chain of {} joining {joins}", cells.len());
        let sentence = ended(about, owner, winner, &what);
        WinningLine {
            owner,
            winner,
            line: None,
            cells,
            sentence,
        }
    }
}

/// Who won and how: `x won: {what}`, or `o won: x made {what}` when the pieces of the
/// line are the loser's (misère).
fn ended(about: &About, owner: Side, winner: Option<Side>, what: &str) -> String {
    match winner {
        Some(side) if side == owner => format!("{} won: {what}", about.side_name(side)),
        Some(side) => format!(
            "{} won: {} made {what}",
            about.side_name(side),
            about.side_name(owner)
        ),
        None => format!("a draw: {} made {what}", about.side_name(owner)),
    }
}

/// A line in words, on a board of `height` rows: `three in a row, top row`, `four in a
/// row, column 2`, `three in a row, diagonal from the top left corner to the bottom right
/// corner`.
fn line_words(line: &Line, height: usize) -> String {
    const COUNTS: [&str; 10] = [
        "none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    let count = COUNTS
        .get(usize::from(line.length))
        .map_or_else(|| line.length.to_string(), |word| (*word).to_owned());
    let width = usize::from(line.width.max(1));
    let place = |cell: u16| (usize::from(cell) / width, usize::from(cell) % width);
    let ((row, column), (end_row, end_column)) = (place(line.from), place(line.to));
    let row_name = |row: usize| match row {
        0 => "top row".to_owned(),
        r if r + 1 == height => "bottom row".to_owned(),
        r => format!("row {} from the top", r + 1),
    };
    let cell_name = |row: usize, column: usize| {
        let vertical = match row {
            0 => Some("top"),
            r if r + 1 == height => Some("bottom"),
            _ => None,
        };
        let horizontal = match column {
            0 => Some("left"),
            c if c + 1 == width => Some("right"),
            _ => None,
        };
        match (vertical, horizontal) {
            (Some(v), Some(h)) => format!("the {v} {h} corner"),
            _ => format!("row {} column {}", row + 1, column + 1),
        }
    };
    let whole = usize::from(line.length);
    let place_words = if row == end_row {
        if whole == width {
            row_name(row)
        } else {
            format!(
                "{}, columns {}-{}",
                row_name(row),
                column + 1,
                end_column + 1
            )
        }
    } else if column == end_column {
        if whole == height {
            format!("column {}", column + 1)
        } else {
            format!(
                "column {}, rows {}-{} from the top",
                column + 1,
                row + 1,
                end_row + 1
            )
        }
    } else {
        format!(
            "diagonal from {} to {}",
            cell_name(row, column),
            cell_name(end_row, end_column)
        )
    };
    format!("{count} in a row, {place_words}")
}

impl PositionAnalysis {
    /// The optimal moves: those that keep the position's record.
    pub fn best_moves(&self) -> impl Iterator<Item = &RankedMove> {
        let best = self.moves.first().map(|first| first.record);
        self.moves
            .iter()
            .take_while(move |mv| Some(mv.record) == best)
    }

    /// The analysis of a position `sketch` drew, once its answers are known: its `record`,
    /// and each move's record to the side that plays it, one a move in the sketch's order
    /// (what [`SketchedMove::record`] makes of the record of the position it leads to).
    /// The moves come ranked best first, ties in the game's move order, as
    /// [`DynGame::analyze`] ranks them: what a caller that asks for each answer on its own
    /// (a server showing each as it is found) puts together at the end.
    #[must_use]
    pub fn of_sketch(sketch: Sketch, record: Record, records: &[Record]) -> PositionAnalysis {
        let mut moves: Vec<RankedMove> = sketch
            .moves
            .into_iter()
            .zip(records)
            .map(|(mv, &record)| RankedMove {
                name: mv.name,
                after: mv.after,
                record,
                shape: mv.shape,
            })
            .collect();
        // Stable: ties keep the game's move order.
        moves.sort_by_key(|mv| core::cmp::Reverse(mv.record.rank()));
        PositionAnalysis {
            position: sketch.position,
            probe: Probe {
                to_move: sketch.to_move,
                finished: sketch.finished,
                record,
            },
            cells: sketch.cells,
            kinds: sketch.kinds,
            hands: sketch.hands,
            counts: sketch.counts,
            moves,
            winning_line: sketch.winning_line,
        }
    }
}

/// A position read and drawn with its legal moves, nothing probed: what a board draws at
/// once, before any answer is known (in a game answered by search, before any search
/// starts). [`PositionAnalysis::of_sketch`] completes it with the answers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sketch {
    /// The position as the game writes it.
    pub position: String,
    /// The side to move (in a finished position, the side that would move next).
    pub to_move: Side,
    /// Whether the game is over here.
    pub finished: bool,
    /// In a finished position, the side that won (`None` for a draw, and while the game
    /// goes on).
    pub winner: Option<Side>,
    /// The piece on each cell, as [`PositionAnalysis::cells`].
    pub cells: Vec<Option<Side>>,
    /// The kind of each piece, as [`PositionAnalysis::kinds`].
    pub kinds: Vec<Option<Kind>>,
    /// The hands, as [`PositionAnalysis::hands`].
    pub hands: Hands,
    /// The counters, pits or lines, as [`PositionAnalysis::counts`].
    pub counts: Vec<u16>,
    /// Every legal move, in the game's move order (none once the game is over).
    pub moves: Vec<SketchedMove>,
    /// The line that ended the game, as [`PositionAnalysis::winning_line`].
    pub winning_line: Option<WinningLine>,
}

/// One legal move of a [`Sketch`], not yet valued.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SketchedMove {
    /// The move in the game's notation.
    pub name: String,
    /// The position it leads to, in the game's notation.
    pub after: String,
    /// What the move does on the board, as data.
    pub shape: MoveShape,
    /// Whether the side that plays it moves again (a box completed, a last seed in one's
    /// store).
    pub moves_again: bool,
    /// Whether the move ends the game (a win in one, a last move): its value needs no
    /// search.
    pub ends: bool,
}

impl SketchedMove {
    /// What the move is worth to the side that plays it, the move counted in the plies,
    /// when the position it leads to has the record `after` (for its own side to move).
    #[must_use]
    pub const fn record(&self, after: Record) -> Record {
        after.before(self.moves_again)
    }
}

/// A game walked from its start through its moves with nothing probed:
/// [`DynGame::sketch_game`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SketchedGame {
    /// The start and the position after each move: one more than the moves.
    pub positions: Vec<Sketch>,
    /// Each move as the game writes it.
    pub moves: Vec<String>,
}

/// One move of a reviewed game, judged.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JudgedPly {
    /// The move's number, from 1.
    pub number: usize,
    /// The side that moved.
    pub mover: Side,
    /// The move in the game's notation.
    pub name: String,
    /// What the best move was worth to the mover, the move included.
    pub best: Record,
    /// What the move played was worth to the mover, the move included.
    pub chosen: Record,
    /// How good the move was.
    pub verdict: Verdict,
    /// One sentence on what it did: `x 8 delayed the win: a win in 5 plies instead of 1`.
    pub sentence: String,
}

impl JudgedPly {
    /// Move `number` of a game of `about`'s, `name` played by `mover`, judged: `best` what
    /// the position before it was worth to `mover`, `chosen` what the move was worth to
    /// `mover` (both the move included), `finished` whether it ended the game.
    #[must_use]
    pub fn new(
        about: &About,
        number: usize,
        mover: Side,
        name: String,
        best: Record,
        chosen: Record,
        finished: bool,
    ) -> JudgedPly {
        let sentence = Sentence {
            mover: &format_args!("{} {name}", about.side_name(mover)),
            best,
            chosen,
            finished,
        }
        .to_string();
        JudgedPly {
            number,
            mover,
            name,
            best,
            chosen,
            verdict: Verdict::judge(best, chosen),
            sentence,
        }
    }
}

/// A whole game judged move by move: what `review` prints and the web board charts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Review {
    /// The start and the position after each move: one more than the plies.
    pub positions: Vec<PositionAnalysis>,
    /// Each move, judged.
    pub plies: Vec<JudgedPly>,
}

/// Why a text is not a position the game answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not a position in the game's notation: what is wrong, and where (the board's row and column).
    Notation(ParseError),
    /// A position, but one that no game reaches from the start.
    Unreachable {
        /// The position as the game writes it.
        position: String,
        /// Why, in a few words: `no game of hexapawn reaches this position`.
        reason: String,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Notation(error) => error.fmt(f),
            PositionError::Unreachable { position, reason } => write!(f, "{position}: {reason}"),
        }
    }
}

impl core::error::Error for PositionError {}

/// Why a move cannot be played from a position. Each carries the sentence the core's
/// [`crate::MoveError`] says, so that every surface says the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveRefusal {
    /// The position itself is not one the game answers.
    Position(PositionError),
    /// The text is not a move in the game's notation.
    NotAMove {
        /// The text as given.
        text: String,
        /// What is wrong with it, and at which column of `text`.
        why: ParseError,
        /// `` `5` is not a move: a move is a column 1-4, like 2 ``.
        sentence: String,
    },
    /// The game is over: nobody moves.
    GameOver {
        /// The finished position, as the game writes it.
        position: String,
        /// The side that won, as the game names it, or `None` for a draw.
        winner: Option<&'static str>,
        /// `the game is over: x won`.
        sentence: String,
    },
    /// A move in the notation, but not a legal one here.
    Illegal {
        /// The move as the game writes it.
        name: String,
        /// The position, as the game writes it.
        position: String,
        /// The legal moves, in the game's order.
        legal: Vec<String>,
        /// `` `1-2` is not a legal move here: the legal moves are 4-1, 4-5 ``.
        sentence: String,
    },
}

impl fmt::Display for MoveRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveRefusal::Position(error) => error.fmt(f),
            MoveRefusal::NotAMove { sentence, .. }
            | MoveRefusal::GameOver { sentence, .. }
            | MoveRefusal::Illegal { sentence, .. } => f.write_str(sentence),
        }
    }
}

impl core::error::Error for MoveRefusal {}

/// Why a game cannot be reviewed: its start, or the move that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// The start is not a position the game answers.
    Start(PositionError),
    /// Move `number` (from 1) cannot be played; the moves before it are judged in
    /// `played`.
    Move {
        /// The move's number, from 1.
        number: usize,
        /// Why.
        refusal: alloc::boxed::Box<MoveRefusal>,
        /// The sentence with the move's place: `the game ended at move 7: x won; move 8
        /// cannot be played`, `move 2: ...`.
        sentence: String,
        /// The review of the moves before it (empty from [`DynGame::sketch_game`], which
        /// judges nothing).
        played: alloc::boxed::Box<Review>,
    },
    /// More moves than [`MAX_LINE`].
    TooLong {
        /// How many moves were given.
        moves: usize,
    },
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Start(error) => write!(f, "start: {error}"),
            ReviewError::Move { sentence, .. } => f.write_str(sentence),
            ReviewError::TooLong { moves } => write!(
                f,
                "{moves} moves, but a review follows at most {MAX_LINE} (a longer game goes round in circles)"
            ),
        }
    }
}

impl core::error::Error for ReviewError {}

/// Any game at any size, as a command line, a server or a Python module holds it: object
/// safe, `Send + Sync`, positions and moves in the game's notation. [`Handle`] makes one
/// from any [`Notation`] game and [`Oracle`].
pub trait DynGame: Send + Sync {
    /// What the game says of itself.
    fn about(&self) -> &About;

    /// A position's record, side to move and whether it is over; no allocation on success.
    ///
    /// # Errors
    /// [`PositionError`] if `position` is not a position or no game reaches it.
    fn probe(&self, position: &str) -> Result<Probe, PositionError>;

    /// [`probe`](DynGame::probe) of many positions at once, the answers in their order:
    /// the same answers, from a table file several times faster a position (the probes'
    /// waits on memory overlap: [`Oracle::probe_many`]).
    fn probe_many(&self, positions: &[&str]) -> Vec<Result<Probe, PositionError>> {
        positions
            .iter()
            .map(|position| self.probe(position))
            .collect()
    }

    /// A position read, probed, drawn cell by cell, every move ranked.
    ///
    /// # Errors
    /// [`PositionError`] if `position` is not a position or no game reaches it.
    fn analyze(&self, position: &str) -> Result<PositionAnalysis, PositionError>;

    /// The position `mv` leads to from `position`, in the game's notation.
    ///
    /// # Errors
    /// [`MoveRefusal`]: the position is not one, the move is not one, the game is over, or
    /// the move is not legal there.
    fn play(&self, position: &str, mv: &str) -> Result<String, MoveRefusal>;

    /// The legal moves of `position` in the game's notation and its move order (none once
    /// the game is over): what a prompt lists, unranked.
    ///
    /// # Errors
    /// [`PositionError`] if `position` is not a position or no game reaches it.
    fn moves(&self, position: &str) -> Result<Vec<String>, PositionError>;

    /// A move chosen at `level` (drawing from `random`, uniform `u32`s), or `None` when
    /// the game is over.
    ///
    /// # Errors
    /// [`PositionError`] if `position` is not a position or no game reaches it.
    fn pick(
        &self,
        position: &str,
        level: Level,
        random: &mut dyn FnMut() -> u32,
    ) -> Result<Option<String>, PositionError>;

    /// Both sides playing a best move from `position` until the game ends (at most
    /// [`MAX_LINE`] moves: an endless draw is cut there).
    ///
    /// # Errors
    /// [`PositionError`] if `position` is not a position or no game reaches it.
    fn principal_line(&self, position: &str) -> Result<Vec<String>, PositionError>;

    /// A whole game from `start` (the game's start if `None`) through `moves`, every
    /// position analysed and every move judged.
    ///
    /// # Errors
    /// [`ReviewError`] naming the start or the first move that cannot be played.
    fn review(&self, start: Option<&str>, moves: &[&str]) -> Result<Review, ReviewError>;

    /// A game from `start` (the game's start if `None`) through `moves`, each position
    /// drawn with its legal moves and nothing probed: what a board shows at once, while
    /// [`probe`](DynGame::probe) finds each answer (in a game answered by search, the
    /// moves of a position are searched one by one, and each shown as it is found).
    /// Nothing here says whether a game reaches `start`: its probe does.
    ///
    /// # Errors
    /// [`ReviewError`] naming the start (only [`PositionError::Notation`]: nothing is
    /// probed) or the first move that cannot be played (its `played` review empty).
    fn sketch_game(&self, start: Option<&str>, moves: &[&str])
    -> Result<SketchedGame, ReviewError>;
}

/// Moves ranked best first: each move, the position it leads to and what it is worth to
/// the side that plays it.
type Ranked<G> = Vec<(<G as crate::Game>::Move, G, Record)>;

/// The [`DynGame`] of a typed game `G` answered by the oracle `O` (a compiled table, a
/// table file, a search).
pub struct Handle<G, O> {
    about: About,
    oracle: O,
    /// The start, whose size every position read is read at.
    start: G,
}

impl<G: Notation, O: Oracle<G>> Handle<G, O> {
    /// The handle of `G` called `name`, answered by `oracle`, whose answers cover
    /// `positions` positions (`None` if not counted).
    pub fn new(name: &str, oracle: O, positions: Option<u64>) -> Handle<G, O> {
        Handle::with_start(name, oracle, positions, G::start())
    }

    /// The same, for a game whose start is not `G::start()` (a family at a size chosen at
    /// run time).
    pub fn with_start(name: &str, oracle: O, positions: Option<u64>, start: G) -> Handle<G, O> {
        Handle {
            about: About {
                name: name.to_owned(),
                family: name.to_owned(),
                params: Vec::new(),
                geometry: start.geometry(),
                title: G::TITLE,
                rules: G::RULES,
                sides: G::SIDES,
                pieces: G::PIECES,
                move_help: start.move_help(),
                width: start.width(),
                height: start.height(),
                positions,
                start: start.to_string(),
                answered_by: oracle.answered_by(),
            },
            oracle,
            start,
        }
    }

    /// The same handle, said to be family `family` at the parameters `params`.
    #[must_use]
    pub fn in_family(mut self, family: &str, params: Vec<(Param, Arg)>) -> Handle<G, O> {
        family.clone_into(&mut self.about.family);
        self.about.params = params;
        self
    }

    /// The same handle under the title `title`: a size of a game that the registry lists
    /// beside another of the same rules (`Connect Four 7x6` beside `Connect Four`).
    #[must_use]
    pub fn titled(mut self, title: &'static str) -> Handle<G, O> {
        self.about.title = title;
        self
    }

    /// The oracle behind the handle.
    pub fn oracle(&self) -> &O {
        &self.oracle
    }

    /// `text` read as a position of `G`.
    fn parse(&self, text: &str) -> Result<G, PositionError> {
        self.start.parse_at(text).map_err(PositionError::Notation)
    }

    /// `text` read as a position of `G` and answered by `answer`, which is `None` where no
    /// game reaches the position (or a search gave up at its deadline).
    fn reached<T>(
        &self,
        text: &str,
        answer: impl FnOnce(&G) -> Option<T>,
    ) -> Result<(G, T), PositionError> {
        let position = self.parse(text)?;
        let answer = answer(&position).ok_or_else(|| self.unreachable(&position))?;
        Ok((position, answer))
    }

    /// `text` read as a position of `G` and probed.
    fn read(&self, text: &str) -> Result<(G, Probe), PositionError> {
        self.reached(text, |position| {
            let record = self.oracle.probe(position)?;
            Some(Probe {
                to_move: position.to_move(),
                finished: position.finished().is_some(),
                record,
            })
        })
    }

    /// The error for a position no game reaches.
    fn unreachable(&self, position: &G) -> PositionError {
        PositionError::Unreachable {
            position: position.to_string(),
            reason: position.unreachable_reason().map_or_else(
                || format!("no game of {} reaches this position", self.about.name),
                str::to_owned,
            ),
        }
    }

    /// `position`'s record and every legal move ranked best first, by the oracle's
    /// [`Oracle::probe_ranked`] (for a table a probe, then one a move; for a search the
    /// moves searched at once, the position worth the best): `None` if no game reaches
    /// `position` (or a search gave up at its deadline).
    fn ranked(&self, position: &G) -> Option<(Record, Ranked<G>)> {
        let mut filler = None;
        if position.finished().is_none() {
            position.moves(&mut |mv, _| filler = filler.or(Some(mv)));
        }
        let Some(filler) = filler else {
            return Some((self.oracle.probe(position)?, Vec::new()));
        };
        let draw = Record {
            value: Value::Draw,
            remoteness: 0,
        };
        let mut ranked = alloc::vec![(filler, draw); crate::MAX_BRANCHING];
        let (record, len) = self.oracle.probe_ranked(position, &mut ranked)?;
        ranked.truncate(len);
        let ranked = ranked
            .into_iter()
            .filter_map(|(mv, record)| Some((mv, position.play(mv)?, record)))
            .collect();
        Some((record, ranked))
    }

    /// The analysis of `position`: its record and moves by one [`Handle::ranked`], its
    /// board drawn. `None` if no game reaches it (or a search gave up at its deadline).
    fn analysis_of(&self, position: &G) -> Option<PositionAnalysis> {
        let (record, ranked) = self.ranked(position)?;
        let probe = Probe {
            to_move: position.to_move(),
            finished: position.finished().is_some(),
            record,
        };
        let board = self.board_of(position);
        let moves = ranked
            .into_iter()
            .map(|(mv, after, record)| RankedMove {
                name: ShowMove::<G>(mv).to_string(),
                after: after.to_string(),
                record,
                shape: position.move_shape(mv),
            })
            .collect();
        Some(PositionAnalysis {
            position: board.position,
            probe,
            cells: board.cells,
            kinds: board.kinds,
            hands: board.hands,
            counts: board.counts,
            moves,
            winning_line: board.winning_line,
        })
    }

    /// `text` read as a position of `G` and analysed.
    fn analysis_at(&self, text: &str) -> Result<(G, PositionAnalysis), PositionError> {
        self.reached(text, |position| self.analysis_of(position))
    }

    /// The sketch of `position`: drawn, its moves listed, nothing probed.
    fn sketch_of(&self, position: &G) -> Sketch {
        let mut sketch = self.board_of(position);
        if !sketch.finished {
            position.moves(&mut |mv, after| {
                sketch.moves.push(SketchedMove {
                    name: ShowMove::<G>(mv).to_string(),
                    after: after.to_string(),
                    shape: position.move_shape(mv),
                    moves_again: position.moves_again(&after),
                    ends: after.finished().is_some(),
                });
            });
        }
        sketch
    }

    /// The drawing of `position` (a [`Sketch`] without its moves): its cells, counters and
    /// the line that ended the game, if one did.
    fn board_of(&self, position: &G) -> Sketch {
        let cells = (0..position.width() * position.height())
            .map(|cell| {
                u8::try_from(cell)
                    .ok()
                    .and_then(|cell| position.piece(cell))
            })
            .collect();
        let kinds: Vec<Option<Kind>> = (0..position.width() * position.height())
            .map(|cell| u8::try_from(cell).ok().and_then(|cell| position.kind(cell)))
            .collect();
        let kinds = if kinds.iter().any(Option::is_some) {
            kinds
        } else {
            Vec::new()
        };
        let hands = [Side::First, Side::Second].map(|side| {
            let mut hand = Vec::new();
            position.hand(side, &mut |kind, count| hand.push((kind, count)));
            hand
        });
        let counters = match position.geometry() {
            Geometry::Piles { piles } => usize::from(piles),
            Geometry::Pits { pits } => 2 * usize::from(pits) + 2,
            Geometry::Dots { rows, columns } => {
                let (rows, columns) = (usize::from(rows), usize::from(columns));
                (rows + 1) * columns + rows * (columns + 1)
            }
            _ => 0,
        };
        let to_move = position.to_move();
        let finished = position.finished();
        let winner = match finished {
            Some(Value::Win) => Some(to_move),
            Some(Value::Loss) => Some(to_move.other()),
            Some(Value::Draw) | None => None,
        };
        let winning_line = position
            .winning_line()
            .map(|(owner, line)| WinningLine::new(&self.about, owner, winner, line))
            .or_else(|| {
                let mut cells = Vec::new();
                let (owner, joins) = position.winning_chain(&mut |cell| cells.push(cell))?;
                Some(WinningLine::chain(&self.about, owner, winner, cells, joins))
            });
        Sketch {
            position: position.to_string(),
            to_move,
            finished: finished.is_some(),
            winner,
            cells,
            kinds,
            hands,
            counts: (0..counters).map(|i| position.count(i)).collect(),
            moves: Vec::new(),
            winning_line,
        }
    }

    /// The position after `mv` (in the notation) from `position`: the core's
    /// [`play_text`], its refusal kept as data and as its sentence.
    fn after<'t>(&self, position: &G, mv: &'t str) -> Result<(G::Move, G), MoveError<'t, G>> {
        play_text(position, mv)
    }

    /// The refusal of the dynamic handle for the core's typed error.
    fn refusal(error: &MoveError<'_, G>) -> MoveRefusal {
        let sentence = error.to_string();
        match error {
            MoveError::NotAMove { text, why, .. } => MoveRefusal::NotAMove {
                text: (*text).to_owned(),
                why: *why,
                sentence,
            },
            MoveError::GameOver { position } => {
                let mover = position.to_move();
                let winner = match position.finished() {
                    Some(Value::Win) => Some(G::side_name(mover)),
                    Some(Value::Loss) => Some(G::side_name(mover.other())),
                    Some(Value::Draw) | None => None,
                };
                MoveRefusal::GameOver {
                    position: position.to_string(),
                    winner,
                    sentence,
                }
            }
            MoveError::Illegal { position, mv } => {
                let mut legal = Vec::new();
                position.moves(&mut |m, _| legal.push(ShowMove::<G>(m).to_string()));
                MoveRefusal::Illegal {
                    name: ShowMove::<G>(*mv).to_string(),
                    position: position.to_string(),
                    legal,
                    sentence,
                }
            }
        }
    }
}

impl<G, O> DynGame for Handle<G, O>
where
    G: Notation + Send + Sync,
    O: Oracle<G> + Send + Sync,
{
    fn about(&self) -> &About {
        &self.about
    }

    fn probe(&self, position: &str) -> Result<Probe, PositionError> {
        self.read(position).map(|(_, probe)| probe)
    }

    fn probe_many(&self, positions: &[&str]) -> Vec<Result<Probe, PositionError>> {
        let read: Vec<Result<G, PositionError>> = positions
            .iter()
            .map(|text| self.start.parse_at(text).map_err(PositionError::Notation))
            .collect();
        let valid: Vec<G> = read
            .iter()
            .filter_map(|r| r.as_ref().ok().copied())
            .collect();
        let mut records = alloc::vec![None; valid.len()];
        self.oracle.probe_many(&valid, &mut records);
        let mut records = valid.iter().zip(records);
        read.into_iter()
            .map(|read| {
                read?;
                match records.next() {
                    Some((position, Some(record))) => Ok(Probe {
                        to_move: position.to_move(),
                        finished: position.finished().is_some(),
                        record,
                    }),
                    Some((position, None)) => Err(self.unreachable(position)),
                    None => Err(PositionError::Unreachable {
                        position: String::new(),
                        reason: String::from("lost in the batch (a bug)"),
                    }),
                }
            })
            .collect()
    }

    fn analyze(&self, position: &str) -> Result<PositionAnalysis, PositionError> {
        self.analysis_at(position).map(|(_, analysis)| analysis)
    }

    fn moves(&self, position: &str) -> Result<Vec<String>, PositionError> {
        let (position, probe) = self.read(position)?;
        let mut moves = Vec::new();
        if !probe.finished {
            position.moves(&mut |mv, _| moves.push(ShowMove::<G>(mv).to_string()));
        }
        Ok(moves)
    }

    fn play(&self, position: &str, mv: &str) -> Result<String, MoveRefusal> {
        let (position, _) = self.read(position).map_err(MoveRefusal::Position)?;
        let (_, after) = self
            .after(&position, mv)
            .map_err(|error| Self::refusal(&error))?;
        Ok(after.to_string())
    }

    fn pick(
        &self,
        position: &str,
        level: Level,
        random: &mut dyn FnMut() -> u32,
    ) -> Result<Option<String>, PositionError> {
        let (_, (_, ranked)) = self.reached(position, |position| self.ranked(position))?;
        let moves: Vec<(G::Move, Record)> = ranked
            .into_iter()
            .map(|(mv, _, record)| (mv, record))
            .collect();
        Ok(level
            .pick(&moves, &mut || random())
            .map(|mv| ShowMove::<G>(mv).to_string()))
    }

    fn principal_line(&self, position: &str) -> Result<Vec<String>, PositionError> {
        let (mut position, _) = self.read(position)?;
        let mut line = Vec::new();
        while line.len() < MAX_LINE {
            let Some(mv) = self.oracle.best_move(&position) else {
                break;
            };
            let Some(after) = position.play(mv) else {
                break;
            };
            line.push(ShowMove::<G>(mv).to_string());
            position = after;
        }
        Ok(line)
    }

    fn review(&self, start: Option<&str>, moves: &[&str]) -> Result<Review, ReviewError> {
        if moves.len() > MAX_LINE {
            return Err(ReviewError::TooLong { moves: moves.len() });
        }
        let (mut position, analysis) = self
            .analysis_at(start.unwrap_or(&self.about.start))
            .map_err(ReviewError::Start)?;
        let mut probe = analysis.probe;
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut plies = Vec::with_capacity(moves.len());
        positions.push(analysis);
        for (index, text) in moves.iter().enumerate() {
            let number = index + 1;
            let (mv, after) = match self.after(&position, text) {
                Ok(played) => played,
                Err(error) => {
                    return Err(ReviewError::Move {
                        number,
                        refusal: alloc::boxed::Box::new(Self::refusal(&error)),
                        sentence: GameMoveError { number, error }.to_string(),
                        played: alloc::boxed::Box::new(Review { positions, plies }),
                    });
                }
            };
            let Some(analysis) = self.analysis_of(&after) else {
                let refusal = MoveRefusal::Position(self.unreachable(&after));
                return Err(ReviewError::Move {
                    number,
                    sentence: format!("move {number}: {refusal}"),
                    refusal: alloc::boxed::Box::new(refusal),
                    played: alloc::boxed::Box::new(Review { positions, plies }),
                });
            };
            let after_probe = analysis.probe;
            plies.push(JudgedPly::new(
                &self.about,
                number,
                position.to_move(),
                ShowMove::<G>(mv).to_string(),
                probe.record,
                after_probe.record.before(position.moves_again(&after)),
                after_probe.finished,
            ));
            (position, probe) = (after, after_probe);
            positions.push(analysis);
        }
        Ok(Review { positions, plies })
    }

    fn sketch_game(
        &self,
        start: Option<&str>,
        moves: &[&str],
    ) -> Result<SketchedGame, ReviewError> {
        if moves.len() > MAX_LINE {
            return Err(ReviewError::TooLong { moves: moves.len() });
        }
        let text = start.unwrap_or(&self.about.start);
        let mut position = self
            .start
            .parse_at(text)
            .map_err(|error| ReviewError::Start(PositionError::Notation(error)))?;
        let mut game = SketchedGame {
            positions: Vec::with_capacity(moves.len() + 1),
            moves: Vec::with_capacity(moves.len()),
        };
        game.positions.push(self.sketch_of(&position));
        for (index, text) in moves.iter().enumerate() {
            let number = index + 1;
            let (mv, after) = self
                .after(&position, text)
                .map_err(|error| ReviewError::Move {
                    number,
                    refusal: alloc::boxed::Box::new(Self::refusal(&error)),
                    sentence: GameMoveError { number, error }.to_string(),
                    played: alloc::boxed::Box::default(),
                })?;
            game.moves.push(ShowMove::<G>(mv).to_string());
            position = after;
            game.positions.push(self.sketch_of(&position));
        }
        Ok(game)
    }
}
