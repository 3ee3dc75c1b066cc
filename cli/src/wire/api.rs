//! The web API's own JSON shapes: what `perfect-play serve` answers where no command
//! writes the same thing. Each struct is a schema of the OpenAPI document
//! (`serve/web/openapi.json`, named in each struct's docs); a test of the server checks
//! the document against values of these structs (`serve::openapi`).

use serde::Serialize;
use serde::ser::SerializeMap;

use perfect_play::dynamic::{
    About, Hands, JudgedPly, PositionAnalysis, Review, Sketch, SketchedGame, WinningLine,
};
use perfect_play::footholds::{self, Analysis};
use perfect_play::games::Notation;
use perfect_play::games::Side;
use perfect_play::games::tictactoe::{Board, Outcome, Position};
use perfect_play::games::{Geometry, Kind, MoveShape};
use perfect_play::{PlayedGame, Record, Value};

use super::{
    GamePosition, JudgedBoard, NeedsTable, Parameters, UnreachablePosition, judged_outcome, plies,
    side_name, squares, winner,
};

/// Every error the API answers (schema `Error`): `{"error": why}`, and for a game
/// answered from a table file alone that the server has no file for, which size it is
/// and what its file costs to make.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorBody {
    /// What is wrong, in words (which parameter, which move, which column).
    pub error: String,
    /// The size asked for, when it is answered from a table file alone and the server
    /// was not given its file (a 404).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub needs_table: Option<NeedsTable>,
}

/// An answer about a position of a game: `T` when the game reaches it, or the
/// [`UnreachablePosition`] `outcome --game NAME --json` writes when no game does (one rule
/// on every surface: a position that parses is answered, reachable or not).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum OrUnreachable<T> {
    /// The game reaches the position: the answer.
    Reached(T),
    /// No game reaches it: `{"position": ..., "reachable": false, "reason": ...}`.
    Unreachable(UnreachablePosition),
}

/// One position of any game with every move's value (schema `GamePosition`): the answer
/// of `GET /api/games/{game}/position` and each position of a review. The fields of
/// `outcome --game NAME --json` ([`GamePosition`]), the board's drawing and every move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnalysedPosition {
    /// The fields `outcome --game NAME --json` writes.
    #[serde(flatten)]
    pub summary: GamePosition,
    /// The board as a drawing needs it.
    #[serde(flatten)]
    pub drawing: Drawing,
    /// Every legal move, best first for the side to move.
    pub moves: Vec<GameMove>,
}

/// A position's board as a drawing needs it: the fields of schemas `GamePosition` and
/// `PositionSketch` that say what is where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Drawing {
    /// The board's cells row by row from the top, each its piece's letter or `.`, for
    /// drawing the board: `width` times `height` of them.
    pub cells: String,
    /// The board's columns (3 for the 3x3 games, 4 or 5 for Connect Four).
    pub width: usize,
    /// The board's rows.
    pub height: usize,
    /// The board, as a drawing needs it: its kind and size.
    pub geometry: BoardGeometry,
    /// The counters on each pile (Nim) or pit and store (Kalah), or whether each line of
    /// a board of dots is drawn (1) or not (0), in the order `geometry` numbers them;
    /// empty on a board of cells.
    pub counts: Vec<u16>,
    /// The line that ended the game, in a game that ended on one (k in a row): null
    /// otherwise.
    pub winning_line: Option<GameLine>,
    /// The piece on each cell with its kind, as `cells`, in a game whose pieces differ
    /// (Dōbutsu shōgi): null for an empty cell; empty in a game whose pieces are all
    /// alike.
    pub pieces: Vec<Option<GamePiece>>,
    /// What each side holds in hand, the first side's first: each kind with its count;
    /// both empty in a game without hands.
    pub hands: [Vec<GamePiece>; 2],
}

/// A piece of a kind, on a cell or in a hand (schema `GamePiece`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GamePiece {
    /// Whose piece it is.
    pub side: &'static str,
    /// Its letter as the notation writes it for its side (`L`, `+C`; the second side's in
    /// lowercase), as a drop names it in uppercase.
    pub letter: &'static str,
    /// Its kind's name: `lion`.
    pub name: &'static str,
    /// The (row, column) steps it can make, row down and column right positive, on the
    /// board as drawn (the second side's turned around).
    pub steps: Vec<[i8; 2]>,
    /// How many: 1 on a cell, the count held in a hand.
    pub count: u8,
}

impl GamePiece {
    /// `count` pieces of `kind` of `side`'s, in the game `about` describes.
    fn of(about: &About, side: Side, kind: Kind, count: u8) -> GamePiece {
        GamePiece {
            side: side_name(about, side),
            letter: kind.letter,
            name: kind.name,
            steps: kind
                .steps
                .iter()
                .map(|&(row, column)| [row, column])
                .collect(),
            count,
        }
    }
}

impl Drawing {
    /// The drawing of a position of the game `about` describes, from its `cells`, `counts`
    /// and winning `line` (a [`PositionAnalysis`]'s or a [`Sketch`]'s).
    fn of(
        about: &About,
        cells: &[Option<Side>],
        (kinds, hands): (&[Option<Kind>], &Hands),
        counts: &[u16],
        line: Option<&WinningLine>,
    ) -> Drawing {
        let [first, second] = hands;
        let hand = |side: Side, held: &[(Kind, u8)]| {
            held.iter()
                .map(|&(kind, count)| GamePiece::of(about, side, kind, count))
                .collect()
        };
        Drawing {
            pieces: kinds
                .iter()
                .zip(cells)
                .map(|(kind, side)| Some(GamePiece::of(about, (*side)?, (*kind)?, 1)))
                .collect(),
            hands: [hand(Side::First, first), hand(Side::Second, second)],
            cells: cells
                .iter()
                .map(|piece| piece.map_or('.', |side| about.piece(side)))
                .collect(),
            width: about.width,
            height: about.height,
            geometry: BoardGeometry(about.geometry),
            counts: counts.to_vec(),
            winning_line: line.map(|line| GameLine {
                owner: side_name(about, line.owner),
                winner: line.winner.map(|side| side_name(about, side)),
                cells: line.cells.clone(),
                sentence: line.sentence.clone(),
            }),
        }
    }
}

/// The line of pieces that ended a game (schema `GameLine`), as the game's rules find it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameLine {
    /// The side whose pieces make it (in misère tic-tac-toe, the loser).
    pub owner: &'static str,
    /// The side that won; null if the line ended the game in a draw.
    pub winner: Option<&'static str>,
    /// Its cells, end to end, row-major from 0 as `cells` numbers them.
    pub cells: Vec<u16>,
    /// Who won and how, in words: `x won: three in a row, top row`.
    pub sentence: String,
}

impl AnalysedPosition {
    /// The shape of an analysed position of the game `about` describes.
    pub fn of(about: &About, analysis: &PositionAnalysis) -> AnalysedPosition {
        let mover = analysis.probe.to_move;
        AnalysedPosition {
            summary: GamePosition::of(about, analysis),
            drawing: Drawing::of(
                about,
                &analysis.cells,
                (&analysis.kinds, &analysis.hands),
                &analysis.counts,
                analysis.winning_line.as_ref(),
            ),
            moves: analysis
                .moves
                .iter()
                .map(|mv| GameMove {
                    sketch: MoveSketch::of(&mv.name, &mv.after, mv.shape),
                    outcome: winner(about, mover, mv.record.value),
                    plies: plies(mv.record),
                })
                .collect(),
        }
    }
}

/// A board as a drawing needs it (schema `Geometry`): the library's [`Geometry`] as
/// `{"kind": ..., ...}`, its kind (`Geometry::kind`) and its variant's fields (`width`
/// and `height`, `piles`, `pits`, or `rows` and `columns`), numbered as it documents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeometry(pub Geometry);

impl Serialize for BoardGeometry {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("kind", self.0.kind())?;
        match self.0 {
            Geometry::Rectangle { width, height } | Geometry::HexRhombus { width, height } => {
                map.serialize_entry("width", &width)?;
                map.serialize_entry("height", &height)?;
            }
            Geometry::Piles { piles } => map.serialize_entry("piles", &piles)?,
            Geometry::Pits { pits } => map.serialize_entry("pits", &pits)?,
            Geometry::Dots { rows, columns } => {
                map.serialize_entry("rows", &rows)?;
                map.serialize_entry("columns", &columns)?;
            }
        }
        map.end()
    }
}

/// What a move does on the board (schema `MoveShape`): the library's [`MoveShape`] as
/// `{"kind": ..., ...}`, its kind (`MoveShape::kind`) and its variant's fields (the
/// cells, column, pile, dots or pit it names, numbered as the game's geometry numbers
/// them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape(pub MoveShape);

impl Serialize for Shape {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("kind", self.0.kind())?;
        match self.0 {
            MoveShape::Drop { column } => map.serialize_entry("column", &column)?,
            MoveShape::Place { cell } => map.serialize_entry("cell", &cell)?,
            MoveShape::FromTo { from, to } => {
                map.serialize_entry("from", &from)?;
                map.serialize_entry("to", &to)?;
            }
            MoveShape::Domino { first, second } => {
                map.serialize_entry("first", &first)?;
                map.serialize_entry("second", &second)?;
            }
            MoveShape::Take { pile, count } => {
                map.serialize_entry("pile", &pile)?;
                map.serialize_entry("count", &count)?;
            }
            MoveShape::Edge { from, to } => {
                map.serialize_entry("from", &from)?;
                map.serialize_entry("to", &to)?;
            }
            MoveShape::Sow { pit } => map.serialize_entry("pit", &pit)?,
            MoveShape::FromHand { piece, cell } => {
                map.serialize_entry("piece", piece)?;
                map.serialize_entry("cell", &cell)?;
            }
            MoveShape::Pass => {}
        }
        map.end()
    }
}

/// One legal move and what it leads to (schema `GameMove`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameMove {
    /// The move, what it does and where it leads.
    #[serde(flatten)]
    pub sketch: MoveSketch,
    /// Who wins after this move with perfect play: a side's name, or `draw`.
    pub outcome: &'static str,
    /// Plies to the end, this move included; null for a draw that never ends.
    pub plies: Option<u16>,
}

/// One legal move before its value is known (schema `MoveSketch`): the fields of
/// `GameMove` without `outcome` and `plies`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveSketch {
    /// The move in the game's notation, as `play` takes it.
    #[serde(rename = "move")]
    pub mv: String,
    /// What the move does on the board, as the game declares it (`MoveShape::kind`):
    /// `drop`, `place`, `from-to`, `domino`, `take`, `edge`, `sow`, `from-hand` or
    /// `pass`.
    pub kind: &'static str,
    /// The whole shape: the kind and every cell, column, pile, dot or pit it names.
    pub shape: Shape,
    /// The cell the piece leaves (row-major from 0), for a move from one cell to another;
    /// null otherwise.
    pub from: Option<u16>,
    /// The cell the move lands on (row-major from 0) for a placement, a drop from the hand
    /// or a piece's move; null otherwise, and for a piece leaving the board.
    pub to: Option<u16>,
    /// The column a disc is dropped into (0 from the left), for a drop; null otherwise.
    pub column: Option<u8>,
    /// The position the move leads to, in the game's notation.
    pub position: Option<String>,
}

impl MoveSketch {
    /// The move `name` to the position `after`: its cells from the move's own `shape`,
    /// never from its text.
    fn of(name: &str, after: &str, shape: MoveShape) -> MoveSketch {
        let (from, to, column) = match shape {
            MoveShape::Place { cell } | MoveShape::FromHand { cell, .. } => {
                (None, Some(cell), None)
            }
            MoveShape::FromTo { from, to } => (Some(from), to, None),
            MoveShape::Drop { column } => (None, None, Some(column)),
            _ => (None, None, None),
        };
        MoveSketch {
            mv: name.to_owned(),
            kind: shape.kind(),
            shape: Shape(shape),
            from,
            to,
            column,
            position: Some(after.to_owned()),
        }
    }
}

/// One move of a game, judged (schema `GamePly`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GamePly {
    /// The move's number, who played it and what it was.
    #[serde(flatten)]
    pub ply: PlySketch,
    /// The library's verdict: `best`, `inaccuracy`, `mistake`...
    pub verdict: String,
    /// Who would win with perfect play before the move.
    pub outcome_before: &'static str,
    /// Who would win with perfect play after it.
    pub outcome_after: &'static str,
    /// The move told in one sentence.
    pub sentence: String,
}

/// One move of a game before it is judged (schema `PlySketch`): the fields of `GamePly`
/// that need no answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlySketch {
    /// The move's number, from 1.
    pub number: usize,
    /// The side that moved.
    pub player: &'static str,
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
}

impl GamePly {
    /// The shape of a judged move of the game `about` describes.
    pub fn of(about: &About, ply: &JudgedPly) -> GamePly {
        GamePly {
            ply: PlySketch {
                number: ply.number,
                player: side_name(about, ply.mover),
                mv: ply.name.clone(),
            },
            verdict: ply.verdict.to_string(),
            outcome_before: winner(about, ply.mover, ply.best.value),
            outcome_after: winner(about, ply.mover, ply.chosen.value),
            sentence: ply.sentence.clone(),
        }
    }
}

/// What a game says of itself at the head of its review (schema `GameReview`) and of its
/// sketch (schema `GameSketch`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameHead {
    /// The game's name.
    pub game: String,
    /// The family it is a size of, or its own name for a game of one size.
    pub family: String,
    /// The family's parameters at this size, in the family's order (`{}` for a game of
    /// one size).
    pub parameters: Parameters,
    /// The game's name as a title.
    pub title: &'static str,
    /// The rules in a few sentences.
    pub rules: &'static str,
    /// The two sides as the game names them, the first to move first.
    pub sides: [&'static str; 2],
    /// Each side's piece letter in the notation.
    pub pieces: [String; 2],
    /// How a move is written, for a person.
    pub move_help: &'static str,
}

impl GameHead {
    /// The head of the game `about` describes.
    fn of(about: &About) -> GameHead {
        GameHead {
            game: about.name.clone(),
            family: about.family.clone(),
            parameters: Parameters::of(about),
            title: about.title,
            rules: about.rules,
            sides: about.sides,
            pieces: about.pieces.map(String::from),
            move_help: about.move_help,
        }
    }
}

/// A game reviewed move by move (schema `GameReview`): `GET /api/games/{game}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameReview {
    /// The game's name, title, rules, sides and pieces.
    #[serde(flatten)]
    pub head: GameHead,
    /// The moves as given.
    pub moves: Vec<String>,
    /// The start and the position after each move.
    pub positions: Vec<AnalysedPosition>,
    /// Every move, judged.
    pub plies: Vec<GamePly>,
}

impl GameReview {
    /// The shape of a whole game of `about`'s, its `moves` as given, reviewed.
    pub fn of(about: &About, moves: &[&str], review: &Review) -> GameReview {
        GameReview {
            head: GameHead::of(about),
            moves: moves.iter().map(|&mv| mv.to_owned()).collect(),
            positions: review
                .positions
                .iter()
                .map(|analysis| AnalysedPosition::of(about, analysis))
                .collect(),
            plies: review
                .plies
                .iter()
                .map(|ply| GamePly::of(about, ply))
                .collect(),
        }
    }
}

/// A game drawn move by move before any answer (schema `GameSketch`): the first event of
/// `GET /api/games/{game}/stream`, the fields of `GameReview` without a value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameSketch {
    /// The game's name, title, rules, sides and pieces.
    #[serde(flatten)]
    pub head: GameHead,
    /// The moves as given.
    pub moves: Vec<String>,
    /// The start and the position after each move, drawn, their moves listed.
    pub positions: Vec<PositionSketch>,
    /// Every move, not yet judged.
    pub plies: Vec<PlySketch>,
}

impl GameSketch {
    /// The shape of a game of `about`'s, its `moves` as given, sketched.
    pub fn of(about: &About, moves: &[&str], sketched: &SketchedGame) -> GameSketch {
        GameSketch {
            head: GameHead::of(about),
            moves: moves.iter().map(|&mv| mv.to_owned()).collect(),
            positions: sketched
                .positions
                .iter()
                .map(|sketch| PositionSketch::of(about, sketch))
                .collect(),
            plies: sketched
                .moves
                .iter()
                .zip(&sketched.positions)
                .enumerate()
                .map(|(index, (name, before))| PlySketch {
                    number: index + 1,
                    player: side_name(about, before.to_move),
                    mv: name.clone(),
                })
                .collect(),
        }
    }
}

/// One position before its value is known (schema `PositionSketch`): the fields of
/// `GamePosition` that need no answer, its moves listed in the game's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionSketch {
    /// The position in the game's notation, as the game prints it.
    pub position: String,
    /// The side to move (in a finished position, the side that would move next).
    pub to_move: &'static str,
    /// Whether the game is over.
    pub finished: bool,
    /// In a finished position, who won (null for a draw or a game still going on).
    pub winner: Option<&'static str>,
    /// The board as a drawing needs it.
    #[serde(flatten)]
    pub drawing: Drawing,
    /// Every legal move, in the game's move order.
    pub moves: Vec<MoveSketch>,
}

impl PositionSketch {
    /// The shape of a sketched position of the game `about` describes.
    fn of(about: &About, sketch: &Sketch) -> PositionSketch {
        PositionSketch {
            position: sketch.position.clone(),
            to_move: side_name(about, sketch.to_move),
            finished: sketch.finished,
            winner: sketch.winner.map(|side| side_name(about, side)),
            drawing: Drawing::of(
                about,
                &sketch.cells,
                (&sketch.kinds, &sketch.hands),
                &sketch.counts,
                sketch.winning_line.as_ref(),
            ),
            moves: sketch
                .moves
                .iter()
                .map(|mv| MoveSketch::of(&mv.name, &mv.after, mv.shape))
                .collect(),
        }
    }
}

/// One line of `GET /api/games/{game}/stream` (schema `StreamEvent`): `{"event": kind,
/// ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum StreamEvent {
    /// First: the game drawn, every position's moves listed, nothing valued yet.
    Game {
        /// The game.
        game: GameSketch,
    },
    /// First and last: the start given is a position no game reaches.
    Unreachable {
        /// The start, and why.
        unreachable: UnreachablePosition,
    },
    /// Every search of the server is taken: this one waits its turn.
    Waiting {
        /// Why, in words.
        why: String,
    },
    /// A position's value, once it is known.
    Value {
        /// The position's index in the game event's `positions` (0 the start).
        index: usize,
        /// Who wins with perfect play from it: a side's name, or `draw`.
        outcome: &'static str,
        /// Plies to the end; null for a draw that never ends.
        plies: Option<u16>,
    },
    /// One move's value, of the last position, once it is known.
    Move {
        /// The position's index in the game event's `positions`.
        index: usize,
        /// The move, in the game's notation.
        #[serde(rename = "move")]
        mv: String,
        /// Who wins after it with perfect play: a side's name, or `draw`.
        outcome: &'static str,
        /// Plies to the end, this move included; null for a draw that never ends.
        plies: Option<u16>,
    },
    /// The last position whole, its moves ranked, as `/position` answers it.
    Position {
        /// The position's index in the game event's `positions`.
        index: usize,
        /// The answer.
        analysis: AnalysedPosition,
    },
    /// A move judged, once the values before and after it are known.
    Ply {
        /// The move, judged.
        ply: GamePly,
    },
    /// Every answer has been sent.
    Done,
    /// The answers stop here: a search ran past the server's time bound, or waited for
    /// its turn longer than the server lets it wait.
    Error {
        /// The HTTP status a request of one answer would have had (503).
        status: u16,
        /// Why, in words.
        error: String,
        /// Seconds to wait before asking again: what the search proved is kept, so the
        /// next answer goes further.
        retry_after: u64,
    },
}

impl StreamEvent {
    /// The event of position `index`'s value, `record` for its side to move `mover`, in
    /// the game `about` describes.
    pub fn value(about: &About, index: usize, mover: Side, record: Record) -> StreamEvent {
        StreamEvent::Value {
            index,
            outcome: winner(about, mover, record.value),
            plies: plies(record),
        }
    }

    /// The event of move `name`'s value from position `index`, `record` for its player
    /// `mover`, in the game `about` describes.
    pub fn move_value(
        about: &About,
        index: usize,
        mover: Side,
        name: &str,
        record: Record,
    ) -> StreamEvent {
        StreamEvent::Move {
            index,
            mv: name.to_owned(),
            outcome: winner(about, mover, record.value),
            plies: plies(record),
        }
    }
}

/// The computer's move in any game (schema `GamePick`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GamePick {
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The level it was picked at, as the library spells it.
    pub level: String,
}

/// A tic-tac-toe board with every move's value (schema `TicTacToePosition`):
/// `GET /api/tictactoe/{board}`, the fields of the judges' `outcome --json` and `moves`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TicTacToePosition {
    /// The fields the judges' `outcome --json` writes.
    #[serde(flatten)]
    pub board: JudgedBoard,
    /// Every empty cell with what playing there leads to, best first for the side to move.
    pub moves: Vec<TicTacToeMove>,
}

impl TicTacToePosition {
    /// The shape of a reachable board.
    pub fn of(position: Position) -> TicTacToePosition {
        let mover = position.board().turn();
        let moves = position
            .ranked_moves()
            .map(|(cell, record)| TicTacToeMove {
                cell,
                outcome: judged_outcome(match record.value {
                    Value::Win => Outcome::Win(mover),
                    Value::Loss => Outcome::Win(mover.other()),
                    Value::Draw => Outcome::Draw,
                }),
                plies: record.remoteness,
            })
            .collect();
        TicTacToePosition {
            board: JudgedBoard::of(position),
            moves,
        }
    }
}

/// One empty cell of a tic-tac-toe board and what playing there leads to (schema
/// `TicTacToeMove`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TicTacToeMove {
    /// The cell, 0-8 row-major.
    pub cell: u8,
    /// Who wins after this move with perfect play: `x`, `o` or `draw`.
    pub outcome: &'static str,
    /// Plies to the end, this move included.
    pub plies: u16,
}

/// The computer's cell on a tic-tac-toe board (schema `Pick`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TicTacToePick {
    /// The cell, 0-8 row-major.
    pub cell: u8,
    /// The level it was picked at.
    pub level: String,
}

/// One move of a tic-tac-toe game, judged (schema `TicTacToePly`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TicTacToePly {
    /// The move's number, from 1.
    pub number: u8,
    /// `x` or `o`.
    pub player: String,
    /// The cell, 0-8.
    pub cell: u8,
    /// The library's verdict.
    pub verdict: String,
    /// Who would win with perfect play before the move.
    pub outcome_before: &'static str,
    /// Who would win with perfect play after it.
    pub outcome_after: &'static str,
    /// The move told in one sentence.
    pub sentence: String,
}

/// A tic-tac-toe game move by move (schema `TicTacToeGame`): `GET /api/tictactoe/game`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TicTacToeGame {
    /// The cells played, 0-8.
    pub moves: Vec<u8>,
    /// The start and the board after each move.
    pub positions: Vec<TicTacToePosition>,
    /// Every move, judged.
    pub plies: Vec<TicTacToePly>,
}

impl TicTacToeGame {
    /// The shape of a game record whose start has `marks` marks on the board (plies are
    /// numbered from the empty board).
    pub fn of(game: &PlayedGame<Board, 9>, marks: u32) -> TicTacToeGame {
        let outcome = |board: Board| board.lookup().map(|at| judged_outcome(at.outcome())).ok();
        TicTacToeGame {
            moves: game.moves().collect(),
            positions: game
                .positions()
                .filter_map(|board| board.lookup().ok())
                .map(TicTacToePosition::of)
                .collect(),
            plies: game
                .history()
                .map(|ply| TicTacToePly {
                    number: u8::try_from(marks as usize + ply.number()).unwrap_or(u8::MAX),
                    player: Board::side_name(ply.mover()).to_owned(),
                    cell: ply.played(),
                    verdict: ply.verdict().to_string(),
                    outcome_before: outcome(ply.before()).unwrap_or("draw"),
                    outcome_after: outcome(ply.after()).unwrap_or("draw"),
                    sentence: ply.to_string(),
                })
                .collect(),
        }
    }
}

/// A footholds game in progress analysed (schema `FootholdsAnalysis`):
/// `POST /api/footholds/position`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FootholdsAnalysis {
    /// `A` or `B`.
    pub to_move: String,
    /// Whether the side to move has no step left.
    pub finished: bool,
    /// Who wins with perfect play: `A` or `B`.
    pub winner: String,
    /// Moves left, both players', with perfect play.
    pub moves: u32,
    /// One optimal line: the squares stepped onto, as `[row, col]`.
    pub line: Vec<[usize; 2]>,
    /// Every step the side to move can take, best first.
    pub steps: Vec<FootholdsStep>,
}

impl FootholdsAnalysis {
    /// The shape of `analysis` of `position`.
    pub fn of(position: &footholds::Position, analysis: &Analysis) -> FootholdsAnalysis {
        FootholdsAnalysis {
            to_move: position.to_move().to_string(),
            finished: position.is_finished(),
            winner: analysis.winner.to_string(),
            moves: analysis.moves,
            line: squares(&analysis.line),
            steps: analysis
                .steps
                .iter()
                .map(|step| FootholdsStep {
                    to: [step.to.0, step.to.1],
                    winner: step.winner.to_string(),
                    moves: step.moves,
                })
                .collect(),
        }
    }
}

/// One step of footholds and its value (schema `FootholdsStep`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FootholdsStep {
    /// The square stepped onto, `[row, col]`.
    pub to: [usize; 2],
    /// Who wins with perfect play after this step.
    pub winner: String,
    /// Moves left counting this step.
    pub moves: u32,
}
