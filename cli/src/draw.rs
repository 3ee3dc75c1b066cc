//! Boards drawn for a person, plain or in colour (hand-written ANSI escape codes).

use std::fmt::Write;

use perfect_play::games::tictactoe::{Board, Outcome, Player, Position};
use perfect_play::games::{Notation, ShowMove, Side};
use perfect_play::{ENDLESS, Record, Solved, Value};

/// How to style text: ANSI SGR codes, or nothing.
#[derive(Clone, Copy, Debug)]
pub struct Paint {
    enabled: bool,
}

/// The SGR styles used here, in one place.
const RESET: &str = "\x1b[0m";
const BOLD: &str = "1";
const DIM: &str = "2";
const X_MARK: &str = "1;34"; // bold blue
const O_MARK: &str = "1;35"; // bold magenta
const WIN: &str = "32"; // green
const DRAW: &str = "33"; // yellow
const LOSS: &str = "31"; // red
const BEST_WIN: &str = "1;32";
const BEST_DRAW: &str = "1;33";
const BEST_LOSS: &str = "1;31";

impl Paint {
    /// Colour when `enabled`, plain text otherwise.
    pub fn new(enabled: bool) -> Paint {
        Paint { enabled }
    }

    /// Appends `text` to `out` in `style` (SGR parameters such as `"1;32"`).
    fn push(self, out: &mut String, text: &str, style: &str) {
        if self.enabled && !style.is_empty() {
            let _ = write!(out, "\x1b[{style}m{text}{RESET}");
        } else {
            out.push_str(text);
        }
    }
}

/// The width of a cell in the annotated drawing: room for `9: loss 9*`.
const WIDE: usize = 11;
/// The width of a cell in the small drawing.
const NARROW: usize = 3;

/// Appends the 3x3 grid of `cells` (text and style of each), each centred in `width`
/// columns, with `|` and `-+-` rules between.
fn grid(out: &mut String, paint: Paint, width: usize, cells: &[(String, &str); 9]) {
    for (row, three) in cells.chunks(3).enumerate() {
        if row > 0 {
            let rule = "-".repeat(width);
            let _ = writeln!(out, "{rule}+{rule}+{rule}");
        }
        let mut line = String::new();
        for (column, (text, style)) in three.iter().enumerate() {
            let pad = width.saturating_sub(text.chars().count());
            let left = pad / 2;
            line.push_str(&" ".repeat(left));
            paint.push(&mut line, text, style);
            if column < 2 {
                line.push_str(&" ".repeat(pad - left));
                line.push('|');
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// The style of a player's mark.
fn mark_style(player: Player) -> &'static str {
    match player {
        Player::X => X_MARK,
        Player::O => O_MARK,
    }
}

/// A cell's mark as drawn, or `None` for an empty cell.
fn mark(board: Board, cell: u8) -> Option<(String, &'static str)> {
    board
        .at(cell)
        .map(|player| (player.symbol().to_string(), mark_style(player)))
}

/// The board with empty cells numbered 1-9, as `play` shows it.
pub fn numbered(board: Board, paint: Paint) -> String {
    let cells = std::array::from_fn(|cell| {
        let cell = cell as u8;
        mark(board, cell).unwrap_or_else(|| ((cell + 1).to_string(), DIM))
    });
    let mut out = String::new();
    grid(&mut out, paint, NARROW, &cells);
    out
}

/// What playing `cell` leads to for the player to move, as drawn: `win N`, `draw` or
/// `loss N` (N the plies left after the move, the move included), `*` when optimal.
fn annotation(position: Position, cell: u8, mover: Player) -> Option<(String, &'static str)> {
    let after = position.play(cell).ok()?;
    let plies = u32::from(after.plies()) + 1;
    let optimal = position.best_moves().contains(cell);
    let star = if optimal { "*" } else { "" };
    // The number a person types for the cell (1-9), then what it leads to.
    let number = cell + 1;
    Some(match after.outcome() {
        Outcome::Win(winner) if winner == mover => (
            format!("{number}: win {plies}{star}"),
            if optimal { BEST_WIN } else { WIN },
        ),
        Outcome::Win(_) => (
            format!("{number}: loss {plies}{star}"),
            if optimal { BEST_LOSS } else { LOSS },
        ),
        Outcome::Draw => (
            format!("{number}: draw{star}"),
            if optimal { BEST_DRAW } else { DRAW },
        ),
    })
}

/// The full analysis of a position: a headline, the board with every empty cell marked
/// with what playing there leads to, and a legend.
pub fn analysis(position: Position, paint: Paint) -> String {
    let board = position.board();
    let mut out = String::new();
    let Some(mover) = position.to_move() else {
        let verdict = match position.three_in_a_row() {
            Some(winner) => format!("{} has three in a row", winner.symbol()),
            None => "the board is full, a draw".to_owned(),
        };
        paint.push(&mut out, &format!("Game over: {verdict}."), BOLD);
        out.push_str("\n\n");
        let cells = std::array::from_fn(|cell| {
            mark(board, cell as u8).unwrap_or_else(|| (String::new(), ""))
        });
        grid(&mut out, paint, NARROW, &cells);
        return out;
    };
    let plies = position.plies();
    let unit = if plies == 1 { "ply" } else { "plies" };
    let result = match position.outcome() {
        Outcome::Win(winner) => format!("{} wins in {plies} {unit}", winner.symbol()),
        Outcome::Draw => format!("a draw ({plies} {unit} to a full board)"),
    };
    paint.push(
        &mut out,
        &format!("{} to move. With perfect play: {result}.", mover.symbol()),
        BOLD,
    );
    out.push_str("\n\n");
    let cells = std::array::from_fn(|cell| {
        let cell = cell as u8;
        mark(board, cell)
            .or_else(|| annotation(position, cell, mover))
            .unwrap_or_else(|| (String::new(), ""))
    });
    grid(&mut out, paint, WIDE, &cells);
    let _ = write!(
        out,
        "\nEach empty cell: its number (1-9, as `play` takes it), then what playing there leads to\nfor {} (N = plies to the end, this move included). ",
        mover.symbol()
    );
    paint.push(&mut out, "*", BOLD);
    out.push_str(" marks the optimal moves.\n");
    out
}

/// The style of a side's pieces: the first side's as x's marks, the second's as o's.
fn side_style(side: Side) -> &'static str {
    match side {
        Side::First => X_MARK,
        Side::Second => O_MARK,
    }
}

/// A game's board, each piece as its letter and, if `numbered`, each empty cell as its
/// number 1-9 (the cells a person names in a move).
pub fn game_board<G: Notation>(position: &G, paint: Paint, numbered: bool) -> String {
    let cells = std::array::from_fn(|cell| {
        let cell = cell as u8;
        match position.piece(cell) {
            Some(side) => (G::piece_letter(side).to_string(), side_style(side)),
            None if numbered => ((cell + 1).to_string(), DIM),
            None => (String::new(), ""),
        }
    });
    let mut out = String::new();
    grid(&mut out, paint, NARROW, &cells);
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
/// under perfect play, the board, and every move ranked best first with what it leads to.
pub fn game_analysis<G: Notation>(
    name: &str,
    position: &G,
    table: &Solved<G>,
    paint: Paint,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{name}: {position}");
    let mover = position.to_move();
    let mover_name = G::side_name(mover);
    if let Some(value) = position.finished() {
        let verdict = match value {
            Value::Win => format!("{mover_name} wins"),
            Value::Loss => format!("{} wins", G::side_name(mover.other())),
            Value::Draw => "a draw".to_owned(),
        };
        paint.push(&mut out, &format!("Game over: {verdict}."), BOLD);
        out.push_str("\n\n");
        out.push_str(&game_board(position, paint, false));
        return out;
    }
    let Some(record) = table.probe(position) else {
        return out;
    };
    let plies = record.remoteness;
    let unit = if plies == 1 { "ply" } else { "plies" };
    let result = match record.value {
        Value::Draw if plies == ENDLESS => "a draw that can go on for ever".to_owned(),
        Value::Draw => format!("a draw in {plies} {unit}"),
        Value::Win => format!("{mover_name} wins in {plies} {unit}"),
        Value::Loss => format!("{} wins in {plies} {unit}", G::side_name(mover.other())),
    };
    paint.push(
        &mut out,
        &format!("{mover_name} to move. With perfect play: {result}."),
        BOLD,
    );
    out.push_str("\n\n");
    out.push_str(&game_board(position, paint, true));
    let mut moves = Vec::new();
    position.moves(&mut |mv, _| moves.push(mv));
    let mut ranked: Vec<(G::Move, Record)> = moves.iter().map(|&mv| (mv, record)).collect();
    let count = table.ranked_moves(position, &mut ranked);
    ranked.truncate(count);
    let _ = writeln!(
        out,
        "\nMoves, best first, and what each leads to for {mover_name}\n(N = plies to the end, this move included):"
    );
    let width = ranked
        .iter()
        .map(|(mv, _)| ShowMove::<G>(*mv).to_string().len())
        .max()
        .unwrap_or(0);
    for (mv, after) in ranked {
        let optimal = after == record;
        let style = match (after.value, optimal) {
            (Value::Win, false) => WIN,
            (Value::Draw, false) => DRAW,
            (Value::Loss, false) => LOSS,
            (Value::Win, true) => BEST_WIN,
            (Value::Draw, true) => BEST_DRAW,
            (Value::Loss, true) => BEST_LOSS,
        };
        let star = if optimal { "*" } else { "" };
        let text = format!(
            "{:<width$}  {}{star}",
            ShowMove::<G>(mv).to_string(),
            record_text(after)
        );
        out.push_str("  ");
        paint.push(&mut out, &text, style);
        out.push('\n');
    }
    out.push_str("  ");
    paint.push(&mut out, "*", BOLD);
    let _ = writeln!(out, " marks the optimal moves. A move is {}.", G::MOVE_HELP);
    out
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
