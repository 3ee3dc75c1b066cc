//! Every JSON shape the binary writes, in one place: serde-derived structs whose field
//! names are the wire format. `games --json`, `outcome --game NAME --json`, the judges'
//! `outcome --json` and `validity --json`, and `footholds --json` write these; the web
//! API writes the same structs where its answer has the same shape ([`GameInfo`],
//! [`GamePosition`], [`JudgedBoard`], [`Validity`], [`FootholdsSolution`]) and the shapes of its
//! own in [`api`]. The OpenAPI document (`serve/web/openapi.json`) is checked against
//! these structs by a test of the server (`serve::openapi`).
//!
//! One object per line: [`line()`] serializes a shape and ends it with `\n`. The judges'
//! `outcome --json` keeps a hand-written writer for speed (`messages::position_fields`);
//! a test checks it against [`JudgedBoard`] byte for byte on every board.

use serde::Serialize;

pub mod api;

use perfect_play::dynamic::{About, DynGame, PositionAnalysis};

use perfect_play::games::tictactoe::{Board, NotFinal, Outcome, Player, Position};
use perfect_play::games::{self, Arg, Args, Side};
use perfect_play::{ENDLESS, Record, Value};

/// Appends `shape` as one line of JSON (`\n` included) to `out`.
pub fn line(out: &mut Vec<u8>, shape: &impl Serialize) {
    // Serializing these shapes (strings, numbers, booleans, arrays) into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *out, shape);
    out.push(b'\n');
}

/// Plies as the wire says them: a number, or `None` (JSON null) for a draw that can go on
/// for ever.
pub fn plies(record: Record) -> Option<u16> {
    (record.remoteness != ENDLESS).then_some(record.remoteness)
}

/// One game of `perfect-play games --json` and `GET /api/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// The game's name, as `--game` and the API take it.
    pub name: String,
    /// The same name, under the field the API's first clients read (kept so none breaks).
    pub game: String,
    /// The family it is a size of (`mnk`, `connect-four`), or its own name for a game of
    /// one size.
    pub family: String,
    /// The family's parameters with their values at this size, in the family's order
    /// (`{"m": 3, "n": 3, "k": 3}`; `{}` for a game of one size).
    pub parameters: Parameters,
    /// The game's name as a title: `Misère tic-tac-toe`.
    pub title: &'static str,
    /// The rules in a few sentences, how the game ends and who wins included.
    pub rules: &'static str,
    /// How many positions its answers cover: every position reachable from the start
    /// (null where they come from a search and were never counted).
    pub positions: Option<u64>,
    /// The start position, in the game's notation.
    pub start: String,
    /// The two sides as the game names them, the first to move first.
    pub sides: [&'static str; 2],
    /// Who wins from the start with perfect play: `first`, `second` or `draw`.
    pub outcome: &'static str,
    /// Plies to the end under perfect play; null for a draw that never ends.
    pub plies: Option<u16>,
    /// How the answers are found: `table` (one lookup each) or `search` (exact too, but a
    /// position near the start, past the opening book, can take seconds to minutes).
    pub answered_by: &'static str,
}

impl GameInfo {
    /// The shape of a game, or `None` if its own start is not answered (a game whose
    /// table does not hold its start: never, for a registered one).
    pub fn of(game: &dyn DynGame) -> Option<GameInfo> {
        let about = game.about();
        let start = game.probe(&about.start).ok()?;
        Some(GameInfo {
            name: about.name.clone(),
            game: about.name.clone(),
            family: about.family.clone(),
            parameters: Parameters::of(about),
            title: about.title,
            rules: about.rules,
            positions: about.positions,
            start: about.start.clone(),
            sides: about.sides,
            outcome: start_outcome(start.record.value),
            plies: plies(start.record),
            answered_by: about.answered_by.as_str(),
        })
    }
}

/// A size's parameters, written as a JSON object in the family's order: each value a
/// number, a boolean or a list of numbers, as its kind is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameters(pub Vec<(&'static str, Arg)>);

impl Parameters {
    /// The parameters of the size `about` describes (none for a game of one size).
    pub fn of(about: &About) -> Parameters {
        Parameters(
            about
                .params
                .iter()
                .map(|(param, arg)| (param.name, *arg))
                .collect(),
        )
    }
}

impl Serialize for Parameters {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, arg) in &self.0 {
            match arg {
                Arg::Int(n) => map.serialize_entry(name, n)?,
                Arg::Bool(b) => map.serialize_entry(name, b)?,
                Arg::List { .. } => map.serialize_entry(name, arg.items())?,
            }
        }
        map.end()
    }
}

/// One family of `perfect-play games --families --json`: its name in the naming syntax,
/// its parameters, the sizes compiled into the build and those that need a table file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyInfo {
    /// The family's name, as `FAMILY:P=V,...` names a size of it: `mnk`.
    pub family: &'static str,
    /// Its title: `m,n,k-game`.
    pub title: &'static str,
    /// The rules in a few sentences, how the game ends and who wins included.
    pub rules: &'static str,
    /// Its parameters, in the order positional values take them.
    pub parameters: Vec<FamilyParam>,
    /// The sizes compiled in, each as its parameters (`m=3,n=3,k=3`).
    pub compiled: Vec<&'static str>,
    /// The sizes answered from a table file alone (too large to compile in or to solve on
    /// first use): without their file, given by `--table`, none is answered.
    pub needs_table: Vec<NeedsTable>,
    /// The default size's start in the game's notation (`.../.../... x`).
    pub start: String,
    /// A legal move from that start as the game writes moves (`1`, `2-5`), or null when
    /// the start has none.
    pub example_move: Option<String>,
}

/// A size of a family answered from a table file alone, and what making its file costs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NeedsTable {
    /// Its parameters, as `compiled` writes a size: `giraffes=true,elephants=true`.
    pub size: &'static str,
    /// Its name, as `solve`, `--game` and the API take it.
    pub game: String,
    /// What `perfect-play solve` takes to write its file, where measured (`about 10
    /// minutes on two cores, about 6.5 GB at its peak`); null where not.
    pub solve_cost: Option<&'static str>,
    /// The `--memory` that solve needs where the default (2G) is too little (`7G`); null
    /// where the default serves.
    pub solve_memory: Option<&'static str>,
}

impl NeedsTable {
    /// The size at `size` of `family`, or `None` if it names none (never, for a
    /// registered one).
    pub fn of(family: &games::Entry, size: &'static str) -> Option<NeedsTable> {
        let game = games::resolve(&format!("{}:{size}", family.name)).ok()?;
        Some(NeedsTable {
            size,
            game: game.name().to_owned(),
            solve_cost: family.solve_cost(game.args()),
            solve_memory: family.solve_memory(game.args()),
        })
    }
}

/// One parameter of a family.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyParam {
    /// Its name: `m`, `x_in_row`, `piles`.
    pub name: &'static str,
    /// What kind of value it takes, as the library names it (`ParamKind::as_str`).
    pub kind: &'static str,
    /// The least value (of each item, for a list).
    pub min: u32,
    /// The greatest value (of each item, for a list).
    pub max: u32,
    /// The value it has when not given, as the syntax writes it.
    pub default: String,
    /// What it means.
    pub doc: &'static str,
}

impl FamilyInfo {
    /// The shape of a family of the catalogue.
    pub fn of(family: &games::Entry) -> FamilyInfo {
        let start = family
            .start(&Args::defaults(family.params))
            .unwrap_or_default();
        FamilyInfo {
            family: family.name,
            title: family.title,
            rules: family.rules,
            parameters: family
                .params
                .iter()
                .map(|param| FamilyParam {
                    name: param.name,
                    kind: param.kind.as_str(),
                    min: param.min,
                    max: param.max,
                    default: param.default.to_string(),
                    doc: param.doc,
                })
                .collect(),
            compiled: family.compiled_sizes().collect(),
            needs_table: family
                .file_only
                .iter()
                .filter_map(|&size| NeedsTable::of(family, size))
                .collect(),
            start: start.position,
            example_move: start.example_move,
        }
    }
}

/// Who wins from a start position whose record (for the side to move there, the first)
/// is `value`: `first`, `second` or `draw`.
pub fn start_outcome(value: Value) -> &'static str {
    match value {
        Value::Win => "first",
        Value::Loss => "second",
        Value::Draw => "draw",
    }
}

/// One position of any game, as `outcome --game NAME --json` answers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GamePosition {
    /// The position in the game's notation, as the game prints it.
    pub position: String,
    /// The side to move (in a finished position, the side that would move next).
    pub to_move: &'static str,
    /// Whether the game is over.
    pub finished: bool,
    /// In a finished position, who won (null for a draw or a game still going on).
    pub winner: Option<&'static str>,
    /// Who wins with perfect play from here: a side's name, or `draw`.
    pub outcome: &'static str,
    /// Plies to the end under perfect play; null for a draw that never ends.
    pub plies: Option<u16>,
    /// The optimal moves, in the game's notation as `play` takes them, in the game's move
    /// order.
    pub best_moves: Vec<String>,
}

impl GamePosition {
    /// The shape of an analysed position of the game `about` describes.
    pub fn of(about: &About, analysis: &PositionAnalysis) -> GamePosition {
        let probe = analysis.probe;
        GamePosition {
            position: analysis.position.clone(),
            to_move: side_name(about, probe.to_move),
            finished: probe.finished,
            winner: if probe.finished {
                probe.winner().map(|side| side_name(about, side))
            } else {
                None
            },
            outcome: winner(about, probe.to_move, probe.record.value),
            plies: plies(probe.record),
            best_moves: best_moves(analysis),
        }
    }
}

/// How the game `about` describes names `side`.
pub fn side_name(about: &About, side: Side) -> &'static str {
    about.side_name(side)
}

/// Who wins when a position is worth `value` to `mover`: a side's name, or `draw`.
pub fn winner(about: &About, mover: Side, value: Value) -> &'static str {
    match value {
        Value::Win => side_name(about, mover),
        Value::Loss => side_name(about, mover.other()),
        Value::Draw => "draw",
    }
}

/// The moves that keep the position's record, in the game's move order, as `play` takes
/// them.
pub fn best_moves(analysis: &PositionAnalysis) -> Vec<String> {
    analysis.best_moves().map(|mv| mv.name.clone()).collect()
}

/// A line of `outcome --game NAME --json` that has no answer: the text (null where no one
/// line holds it: a line too long) and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionError {
    /// The line as given, trimmed.
    pub position: Option<String>,
    /// What is wrong, in words.
    pub error: String,
}

/// A position that parses but that no game reaches, as `outcome --game NAME --json`
/// answers it: `{"position": ..., "reachable": false, "reason": ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnreachablePosition {
    /// The position as the game writes it.
    pub position: String,
    /// Always false: no game reaches it.
    pub reachable: bool,
    /// Why, in a few words (the game's own reason where it has one).
    pub reason: String,
}

impl UnreachablePosition {
    /// The answer for `position`, which no game reaches, and why.
    pub fn new(position: String, reason: String) -> UnreachablePosition {
        UnreachablePosition {
            position,
            reachable: false,
            reason,
        }
    }
}

/// A tic-tac-toe board as the judges' `outcome --json` and `GET /api/tictactoe/{board}`
/// answer it, cells 0-8 (scripts depend on this shape).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JudgedBoard {
    /// The nine cells, `x`, `o` and `.`.
    pub board: String,
    /// `x` or `o`; null when the game is over.
    pub to_move: Option<&'static str>,
    /// Three in a row or a full board.
    pub finished: bool,
    /// Who has three in a row, if anyone.
    pub winner: Option<&'static str>,
    /// Who wins with perfect play: `x`, `o` or `draw`.
    pub outcome: &'static str,
    /// Plies left under perfect play.
    pub plies: u8,
    /// The optimal cells, 0-8 row-major (not the 1-9 of `play`).
    pub best_moves: Vec<u8>,
}

impl JudgedBoard {
    /// The shape of a reachable board.
    pub fn of(position: Position) -> JudgedBoard {
        JudgedBoard {
            board: position.board().to_string(),
            to_move: position.to_move().map(player),
            finished: position.is_finished(),
            winner: position.three_in_a_row().map(player),
            outcome: judged_outcome(position.outcome()),
            plies: position.plies(),
            best_moves: position.best_moves().iter().collect(),
        }
    }
}

/// A tic-tac-toe player as the wire spells it.
pub fn player(player: Player) -> &'static str {
    match player {
        Player::X => "x",
        Player::O => "o",
    }
}

/// A tic-tac-toe outcome as the wire spells it: `x`, `o` or `draw`.
pub fn judged_outcome(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(winner) => player(winner),
        Outcome::Draw => "draw",
    }
}

/// A board of the judges' formats that has no answer: the board (the line as given, the
/// nine cells of a board no game reaches, or null where no one line holds it) and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardError {
    /// The board or text as given.
    pub board: Option<String>,
    /// What is wrong, in words.
    pub error: String,
}

/// Whether a game can end on a board, as `validity --json` and
/// `GET /api/tictactoe/{board}/validity` answer it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Validity {
    /// The nine cells.
    pub board: String,
    /// Whether legal play from the empty board reaches it.
    pub reachable: bool,
    /// Three in a row or a full board.
    pub finished: bool,
    /// Reachable and finished: a real game can end here.
    pub valid: bool,
    /// Why not, or null when valid.
    pub reason: Option<String>,
}

impl Validity {
    /// The verdict on `board`.
    pub fn of(board: Board) -> Validity {
        let verdict = board.check_final();
        Validity {
            board: board.to_string(),
            reachable: !matches!(verdict, Err(NotFinal::Unreachable(_))),
            finished: board.is_finished(),
            valid: verdict.is_ok(),
            reason: verdict.err().map(|why| why.to_string()),
        }
    }
}

/// A solved footholds query, as `footholds --json` and `POST /api/footholds` answer it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FootholdsSolution {
    /// The moves both players make under perfect play.
    pub moves: u32,
    /// Who wins: `A` or `B`.
    pub winner: String,
    /// One optimal line: the squares stepped onto, in order, as `[row, col]`.
    pub line: Vec<[usize; 2]>,
}

impl FootholdsSolution {
    /// The shape of `solution`.
    pub fn of(solution: &perfect_play::footholds::FootholdsSolution) -> FootholdsSolution {
        FootholdsSolution {
            moves: solution.moves,
            winner: solution.winner.to_string(),
            line: squares(&solution.line),
        }
    }
}

/// A footholds query with no answer, as `footholds --json` writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QueryError {
    /// What is wrong, in words.
    pub error: String,
}

/// Squares as the wire writes them: `[row, col]` pairs.
pub fn squares(squares: &[(usize, usize)]) -> Vec<[usize; 2]> {
    squares.iter().map(|&(row, col)| [row, col]).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use super::*;
    use crate::messages::{NoGame, json_error, position_fields};

    /// The judges' hand-written `outcome --json` writer says what [`JudgedBoard`] and
    /// [`BoardError`] say, byte for byte, on all 19,683 boards (every reachable one and
    /// every unreachable one).
    #[test]
    fn the_judges_fast_writer_is_the_wire_format() {
        let (mut reachable, mut unreachable) = (0, 0);
        for code in 0..19_683u16 {
            let board = Board::from_code(code).unwrap();
            let (mut fast, mut derived) = (Vec::new(), Vec::new());
            match board.lookup() {
                Ok(position) => {
                    reachable += 1;
                    fast.push(b'{');
                    position_fields(&mut fast, position);
                    fast.extend_from_slice(b"}\n");
                    line(&mut derived, &JudgedBoard::of(position));
                }
                Err(why) => {
                    unreachable += 1;
                    let text = board.to_string();
                    json_error(&mut fast, Some(text.as_bytes()), &NoGame(why));
                    let shape = BoardError {
                        board: Some(text),
                        error: NoGame(why).to_string(),
                    };
                    line(&mut derived, &shape);
                }
            }
            assert_eq!(
                String::from_utf8(fast).unwrap(),
                String::from_utf8(derived).unwrap()
            );
        }
        assert_eq!((reachable, unreachable), (5478, 19_683 - 5478));
    }

    /// A family's size lists its family and its parameters in the family's order, each
    /// value typed as its kind is (the parameters as `src/games/mnk.rs` and `nim.rs`
    /// declare them), a size with a name of its own too (`hexapawn`); a game of one size
    /// lists itself and none.
    #[test]
    fn game_info_carries_family_and_parameters() {
        let info = |name: &str| {
            serde_json::to_string(&GameInfo::of(&*games::open(name).unwrap()).unwrap()).unwrap()
        };
        let mnk = info("mnk:m=3,n=3,k=3");
        assert!(
            mnk.contains(r#""family":"mnk","parameters":{"m":3,"n":3,"k":3}"#),
            "{mnk}"
        );
        let nim = info("nim:piles=1-3-5-7,misere=false");
        assert!(
            nim.contains(r#""family":"nim","parameters":{"piles":[1,3,5,7],"misere":false}"#),
            "{nim}"
        );
        let hexapawn = info("hexapawn");
        assert!(
            hexapawn.contains(r#""family":"hexapawn","parameters":{"rows":3,"columns":3}"#),
            "{hexapawn}"
        );
        let misere = info("misere");
        assert!(
            misere.contains(r#""family":"misere","parameters":{}"#),
            "{misere}"
        );
    }

    /// Text that is not a board, with quotes, backslashes and control characters, is
    /// escaped by the hand-written writer as serde escapes it.
    #[test]
    fn errors_escape_as_serde_does() {
        for text in ["x\"o", "a\\b", "tab\there", "\u{1}", "é"] {
            let mut fast = Vec::new();
            json_error(&mut fast, Some(text.as_bytes()), &"why \"not\"");
            let mut derived = Vec::new();
            line(
                &mut derived,
                &BoardError {
                    board: Some(text.to_owned()),
                    error: "why \"not\"".to_owned(),
                },
            );
            assert_eq!(fast, derived);
        }
    }
}
