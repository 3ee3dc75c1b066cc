//! Positions drawn for a person, plain or in colour (hand-written ANSI escape codes): one
//! drawing for every game. A game whose every move names one cell (a placement: tic-tac-toe,
//! misère) is drawn with each move's value in its cell; any other (Hexapawn, Dodgem) with
//! its board and its moves listed best first.

use std::fmt::Write;

use perfect_play::dynamic::{About, Hands, PositionAnalysis, Sketch};
use perfect_play::games::Side;
use perfect_play::games::{Geometry, Kind, MoveShape};
use perfect_play::{ENDLESS, Record, Value};

/// How to style text: ANSI SGR codes, or nothing.
#[derive(Clone, Copy, Debug)]
pub struct Paint {
    enabled: bool,
}

/// The SGR styles used here, in one place.
const RESET: &str = "\x1b[0m";
pub(crate) const BOLD: &str = "1";
pub(crate) const DIM: &str = "2";
pub(crate) const X_MARK: &str = "1;34"; // bold blue
pub(crate) const O_MARK: &str = "1;35"; // bold magenta
pub(crate) const WIN: &str = "32"; // green
pub(crate) const DRAW: &str = "33"; // yellow
pub(crate) const LOSS: &str = "31"; // red
pub(crate) const BEST_WIN: &str = "1;32";
pub(crate) const BEST_DRAW: &str = "1;33";
pub(crate) const BEST_LOSS: &str = "1;31";

impl Paint {
    /// Colour when `enabled`, plain text otherwise.
    pub fn new(enabled: bool) -> Paint {
        Paint { enabled }
    }

    /// Appends `text` to `out` in `style` (SGR parameters such as `"1;32"`).
    pub(crate) fn push(self, out: &mut String, text: &str, style: &str) {
        if self.enabled && !style.is_empty() {
            let _ = write!(out, "\x1b[{style}m{text}{RESET}");
        } else {
            out.push_str(text);
        }
    }
}

/// The width of a cell in the annotated drawing: room for `9: loss 9*`.
pub(crate) const WIDE: usize = 11;
/// The width of a cell in the small drawing.
pub(crate) const NARROW: usize = 3;

/// Appends the grid of `cells` (text and style of each, row-major, `columns` a row), each
/// centred in `width` characters, with `|` and `-+-` rules between.
pub(crate) fn grid(
    out: &mut String,
    paint: Paint,
    width: usize,
    columns: usize,
    cells: &[(String, &str)],
) {
    let rule = vec!["-".repeat(width); columns].join("+");
    for (row, cells) in cells.chunks(columns.max(1)).enumerate() {
        if row > 0 {
            let _ = writeln!(out, "{rule}");
        }
        let mut line = String::new();
        for (column, (text, style)) in cells.iter().enumerate() {
            let pad = width.saturating_sub(text.chars().count());
            let left = pad / 2;
            line.push_str(&" ".repeat(left));
            paint.push(&mut line, text, style);
            if column + 1 < columns {
                line.push_str(&" ".repeat(pad - left));
                line.push('|');
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// How a drawing numbers the board for a person to name a move: each empty cell (a
/// placement, a from-to), each column (a drop), or not at all (piles, edges, passes...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// Each empty cell its number, 1 at the top left, row by row.
    Cells,
    /// Each column's number under the board.
    Columns,
    /// No numbers.
    None,
}

impl Numbering {
    /// The numbering the moves of `analysis` call for, from their shapes (the game says
    /// what a move is; nothing is guessed from its text).
    pub fn of(analysis: &PositionAnalysis) -> Numbering {
        Numbering::of_shape(analysis.moves.first().map(|mv| mv.shape))
    }

    /// The numbering a position's moves call for, from the shape of one of them (`None`
    /// once the game is over).
    pub fn of_shape(shape: Option<MoveShape>) -> Numbering {
        match shape {
            Some(MoveShape::Drop { .. }) => Numbering::Columns,
            Some(MoveShape::Place { .. } | MoveShape::FromTo { .. } | MoveShape::Domino { .. }) => {
                Numbering::Cells
            }
            _ => Numbering::None,
        }
    }
}

/// The style of a side's pieces: the first side's as x's marks, the second's as o's.
fn side_style(side: Side) -> &'static str {
    match side {
        Side::First => X_MARK,
        Side::Second => O_MARK,
    }
}

/// A position's board as a person reads it, drawn from its game's [`Geometry`]: a grid of
/// cells with each piece as its letter and what a person types to name a move (each empty
/// cell's number on a board of placements and from-to moves, each column's under a board
/// of drops), Nim's piles, Kalah's pits and stores, Dots and Boxes' dots and lines.
pub fn board(about: &About, drawn: Board<'_>, paint: Paint) -> String {
    match about.geometry {
        Geometry::Piles { .. } => piles(drawn.counts),
        Geometry::Pits { pits } => sowing_board(about, usize::from(pits), drawn.counts),
        Geometry::Dots { rows, columns } => dots(
            about,
            (usize::from(rows), usize::from(columns)),
            drawn,
            paint,
        ),
        _ if !drawn.kinds.is_empty() => pieces(about, drawn, paint),
        _ => cells(about, drawn.cells, paint, drawn.numbering),
    }
}

/// What [`board`] draws of a position: its cells, its counters and how its moves are
/// numbered, from its analysis or from its sketch (drawn before any answer is known).
#[derive(Clone, Copy, Debug)]
pub struct Board<'a> {
    /// The piece on each cell, row-major from the top left.
    pub cells: &'a [Option<Side>],
    /// The kind of each piece, in a game whose pieces differ (empty otherwise).
    pub kinds: &'a [Option<Kind>],
    /// What each side holds in hand, the first side's first.
    pub hands: &'a Hands,
    /// The counters, pits or lines, as the game's geometry numbers them.
    pub counts: &'a [u16],
    /// What a person types to name a move, shown on the board.
    pub numbering: Numbering,
}

impl<'a> Board<'a> {
    /// The board of an analysed position.
    pub fn of(analysis: &'a PositionAnalysis) -> Board<'a> {
        Board {
            cells: &analysis.cells,
            kinds: &analysis.kinds,
            hands: &analysis.hands,
            counts: &analysis.counts,
            numbering: Numbering::of(analysis),
        }
    }

    /// The board of a sketched position.
    pub fn of_sketch(sketch: &'a Sketch) -> Board<'a> {
        Board {
            cells: &sketch.cells,
            kinds: &sketch.kinds,
            hands: &sketch.hands,
            counts: &sketch.counts,
            numbering: Numbering::of_shape(sketch.moves.first().map(|mv| mv.shape)),
        }
    }
}

/// A board of cells (`cells`, row-major from the top left), each piece as its letter and,
/// as `numbering` says, what a person types to name a move: each empty cell's number, or
/// each column's number under the board.
fn cells(about: &About, cells: &[Option<Side>], paint: Paint, numbering: Numbering) -> String {
    let drawn: Vec<(String, &str)> = cells
        .iter()
        .enumerate()
        .map(|(cell, piece)| match piece {
            Some(side) => (about.piece(*side).to_string(), side_style(*side)),
            None if numbering == Numbering::Cells => ((cell + 1).to_string(), DIM),
            None => (String::new(), ""),
        })
        .collect();
    let mut out = String::new();
    grid(&mut out, paint, NARROW, about.width, &drawn);
    if numbering == Numbering::Columns {
        let numbers: Vec<(String, &str)> = (1..=about.width)
            .map(|column| (column.to_string(), DIM))
            .collect();
        let _ = writeln!(out, "{}", vec!["=".repeat(NARROW); about.width].join("+"));
        grid(&mut out, paint, NARROW, about.width, &numbers);
    }
    out
}

/// A board of pieces of different kinds (Dōbutsu shōgi): each piece as its letter, the
/// second side's hand above the board and the first side's below it (the second side plays
/// down the board from the top).
fn pieces(about: &About, drawn: Board<'_>, paint: Paint) -> String {
    let shown: Vec<(String, &str)> = drawn
        .cells
        .iter()
        .zip(drawn.kinds)
        .map(|(side, kind)| match (side, kind) {
            (Some(side), Some(kind)) => (kind.letter.to_owned(), side_style(*side)),
            (Some(side), None) => (about.piece(*side).to_string(), side_style(*side)),
            (None, _) => (String::new(), ""),
        })
        .collect();
    let hand = |out: &mut String, side: Side| {
        let [first, second] = drawn.hands;
        let held = match side {
            Side::First => first,
            Side::Second => second,
        };
        let _ = write!(out, "{} holds: ", about.side_name(side));
        if held.is_empty() {
            paint.push(out, "nothing", DIM);
        }
        for (index, (kind, count)) in held.iter().enumerate() {
            if index > 0 {
                out.push(' ');
            }
            let letters = vec![kind.letter; usize::from(*count)].join(" ");
            paint.push(out, &letters, side_style(side));
        }
        out.push('\n');
    };
    let mut out = String::new();
    hand(&mut out, Side::Second);
    grid(&mut out, paint, NARROW, about.width, &shown);
    hand(&mut out, Side::First);
    out
}

/// Nim's piles, one a line: its number (as a move names it), a stroke a counter, and the
/// count.
fn piles(counts: &[u16]) -> String {
    let widest = counts.iter().copied().max().unwrap_or(0);
    let strokes = |count: u16| {
        let drawn = "| ".repeat(usize::from(count));
        format!(
            "{:<width$}",
            drawn.trim_end(),
            width = 2 * usize::from(widest)
        )
    };
    let mut out = String::new();
    for (pile, &count) in counts.iter().enumerate() {
        let _ = writeln!(out, "pile {}: {}  {count}", pile + 1, strokes(count));
    }
    out
}

/// Kalah's board: the second side's pits along the top (numbered from its left, so right
/// to left here) with its store on the left, the first side's along the bottom with its
/// store on the right, each pit's number (as a move names it) beside its row of pits.
/// `counts` holds the pits in the [`Geometry::Pits`] order, then the two stores.
fn sowing_board(about: &About, pits: usize, counts: &[u16]) -> String {
    let seeds = |pit: usize| counts.get(pit).copied().unwrap_or(0);
    let pit = |pit: usize| format!("[{:>2}]", seeds(pit));
    let number = |pit: usize| format!("{:^4}", pit + 1);
    let pad = " ".repeat(4);
    let top: Vec<usize> = (pits..2 * pits).rev().collect();
    let bottom: Vec<usize> = (0..pits).collect();
    let row = |pits: &[usize], show: &dyn Fn(usize) -> String| {
        pits.iter().map(|&p| show(p)).collect::<String>()
    };
    let (first, second) = (about.piece(Side::First), about.piece(Side::Second));
    let mut out = String::new();
    let _ = writeln!(out, "{pad}{}", row(&top, &number).trim_end());
    let _ = writeln!(out, "{pad}{}  {second}", row(&top, &pit));
    let _ = writeln!(
        out,
        "{}{}{}",
        pit(2 * pits + 1),
        " ".repeat(4 * pits),
        pit(2 * pits)
    );
    let _ = writeln!(out, "{pad}{}  {first}", row(&bottom, &pit));
    let _ = writeln!(out, "{pad}{}", row(&bottom, &number).trim_end());
    let _ = writeln!(
        out,
        "({second}'s store on the left, {first}'s on the right; the numbers name the pits)"
    );
    out
}

/// Dots and Boxes' grid: each dot its number (as a move names it), each line drawn as
/// `---` or `|`, each box its owner's letter. `counts` says which lines are drawn, in the
/// [`Geometry::Dots`] order; `board.cells` the boxes' owners.
fn dots(about: &About, (rows, columns): (usize, usize), board: Board<'_>, paint: Paint) -> String {
    let drawn = |line: usize| board.counts.get(line).is_some_and(|&c| c > 0);
    let horizontal = |row: usize, column: usize| drawn(row * columns + column);
    let vertical =
        |row: usize, column: usize| drawn((rows + 1) * columns + row * (columns + 1) + column);
    let width = ((rows + 1) * (columns + 1)).to_string().len();
    let mut out = String::new();
    for row in 0..=rows {
        let mut line = String::new();
        for column in 0..=columns {
            let _ = write!(line, "{:>width$}", row * (columns + 1) + column + 1);
            if column < columns {
                line.push_str(if horizontal(row, column) {
                    "---"
                } else {
                    "   "
                });
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if row == rows {
            break;
        }
        let mut line = String::new();
        for column in 0..=columns {
            line.push_str(&" ".repeat(width - 1));
            line.push(if vertical(row, column) { '|' } else { ' ' });
            if column < columns {
                let owner = board.cells.get(row * columns + column).copied().flatten();
                line.push(' ');
                match owner {
                    Some(side) => {
                        paint.push(&mut line, &about.piece(side).to_string(), side_style(side))
                    }
                    None => line.push(' '),
                }
                line.push(' ');
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// `win N`, `loss N` or `draw N` (`draw, endless` when it can go on for ever): a record
/// for the side to move, as said to a person.
fn record_text(record: Record) -> String {
    match (record.value, record.remoteness) {
        (Value::Draw, ENDLESS) => "draw, endless".to_owned(),
        (value, plies) => format!("{} {plies}", value.as_str()),
    }
}

/// The full analysis of a game's position: its notation, a headline with the outcome
/// under perfect play, and every move with what it leads to: in its cell when every move
/// names one cell, else listed best first under the board.
pub fn analysis(about: &About, analysis: &PositionAnalysis, paint: Paint) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", about.name, analysis.position);
    let probe = analysis.probe;
    let mover = probe.to_move;
    let side_name = |side: Side| about.side_name(side);
    let mover_name = side_name(mover);
    if probe.finished {
        let verdict = match probe.winner() {
            Some(side) => format!("{} wins", side_name(side)),
            None => "a draw".to_owned(),
        };
        paint.push(&mut out, &format!("Game over: {verdict}."), BOLD);
        out.push_str("\n\n");
        out.push_str(&board(about, Board::of(analysis), paint));
        return out;
    }
    let record = probe.record;
    let plies = record.remoteness;
    let unit = if plies == 1 { "ply" } else { "plies" };
    let result = match record.value {
        Value::Draw if plies == ENDLESS => "a draw that can go on for ever".to_owned(),
        Value::Draw => format!("a draw in {plies} {unit}"),
        Value::Win => format!("{mover_name} wins in {plies} {unit}"),
        Value::Loss => format!("{} wins in {plies} {unit}", side_name(mover.other())),
    };
    paint.push(
        &mut out,
        &format!("{mover_name} to move. With perfect play: {result}."),
        BOLD,
    );
    out.push_str("\n\n");
    // Each move as drawn: its text, what it leads to, and its style.
    let shown: Vec<(&str, String, &str)> = analysis
        .moves
        .iter()
        .map(|mv| {
            let optimal = mv.record == record;
            let star = if optimal { "*" } else { "" };
            let text = format!("{}{star}", record_text(mv.record));
            (
                mv.name.as_str(),
                text,
                value_style(mv.record.value, optimal),
            )
        })
        .collect();
    let legend = plies_legend(analysis.moves.iter().map(|mv| mv.record));
    // Every move a placement: each drawn in its cell.
    let cells: Option<Vec<usize>> = analysis
        .moves
        .iter()
        .map(|mv| match mv.shape {
            MoveShape::Place { cell } => Some(usize::from(cell)),
            _ => None,
        })
        .collect();
    match cells {
        Some(cells) => {
            let mut drawn: Vec<(String, &str)> = analysis
                .cells
                .iter()
                .map(|piece| match piece {
                    Some(side) => (about.piece(*side).to_string(), side_style(*side)),
                    None => (String::new(), ""),
                })
                .collect();
            for (&cell, (mv, text, style)) in cells.iter().zip(&shown) {
                if let Some(slot) = drawn.get_mut(cell) {
                    *slot = (format!("{mv}: {text}"), style);
                }
            }
            let width = drawn
                .iter()
                .map(|(text, _)| text.chars().count() + 2)
                .max()
                .unwrap_or(WIDE)
                .max(WIDE);
            grid(&mut out, paint, width, about.width, &drawn);
            let _ = write!(
                out,
                "\nEach empty cell: its number (1-{}, as `play` takes it), then what playing there leads to\nfor {mover_name}{legend}. ",
                analysis.cells.len()
            );
        }
        None => {
            out.push_str(&board(about, Board::of(analysis), paint));
            let _ = writeln!(
                out,
                "\nMoves, best first, and what each leads to for {mover_name}{}:",
                legend.replacen(' ', "\n", 1)
            );
            let width = shown.iter().map(|(mv, _, _)| mv.len()).max().unwrap_or(0);
            for (mv, text, style) in &shown {
                out.push_str("  ");
                paint.push(&mut out, &format!("{mv:<width$}  {text}"), style);
                out.push('\n');
            }
            out.push_str("  ");
        }
    }
    paint.push(&mut out, "*", BOLD);
    let _ = writeln!(
        out,
        " marks the optimal moves. A move is {}.",
        about.move_help
    );
    out
}

/// What N means, for a legend: said when some move's text shows plies ([`record_text`]
/// writes `draw, endless` without them).
fn plies_legend(mut records: impl Iterator<Item = Record>) -> &'static str {
    if records.any(|record| (record.value, record.remoteness) != (Value::Draw, ENDLESS)) {
        " (N = plies to the end, this move included)"
    } else {
        ""
    }
}

/// The style of a move's value: green, yellow or red, bold when optimal.
fn value_style(value: Value, optimal: bool) -> &'static str {
    match (value, optimal) {
        (Value::Win, false) => WIN,
        (Value::Draw, false) => DRAW,
        (Value::Loss, false) => LOSS,
        (Value::Win, true) => BEST_WIN,
        (Value::Draw, true) => BEST_DRAW,
        (Value::Loss, true) => BEST_LOSS,
    }
}

/// A short styled line, for `play`'s messages.
pub fn styled(text: &str, paint: Paint, style: Style) -> String {
    let mut out = String::new();
    paint.push(
        &mut out,
        text,
        match style {
            Style::Good => BEST_WIN,
            Style::Bad => BEST_LOSS,
            Style::Even => BEST_DRAW,
        },
    );
    out
}

/// The styles [`styled`] offers.
#[derive(Clone, Copy, Debug)]
pub enum Style {
    /// A win for the person.
    Good,
    /// A loss for the person.
    Bad,
    /// A draw.
    Even,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legend_explains_n_only_when_a_move_shows_it() {
        let endless = Record {
            value: Value::Draw,
            remoteness: ENDLESS,
        };
        let draw = Record {
            value: Value::Draw,
            remoteness: 4,
        };
        assert_eq!(record_text(endless), "draw, endless");
        assert_eq!(record_text(draw), "draw 4");
        assert_eq!(plies_legend([endless, endless].into_iter()), "");
        assert!(plies_legend([endless, draw].into_iter()).contains("N = plies"));
    }
}
