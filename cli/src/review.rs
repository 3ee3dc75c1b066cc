//! A game's review for a person: the value under perfect play after each move, the
//! library's [`Verdict`] on each, and the mistakes told in its [`Sentence`]s. `play` prints
//! it when a game ends; `perfect-play review` prints it for a list of moves.
//!
//! Computed here from the solved table, ply by ply ([`Solved::probe`] before and after each
//! move, as the web board's review does); it can move onto the library's game record when
//! that covers every game.

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Read, Write as _};

use perfect_play::games::tictactoe::{IllegalMove, Player, Position};
use perfect_play::games::{Notation, ShowMove, Visitor};
use perfect_play::{ENDLESS, Record, Sentence, Solved, Value, Verdict};

use super::args::ReviewArgs;
use super::input::MAX_LINE;
use super::output::{Output, Status, output_failed, report};
use super::table;

/// One move of a game, judged.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    /// Who moved and what, as the review's table shows it: `x 5`, `white 2-5`.
    pub(crate) played: String,
    /// The same for a sentence: `x at 5`, `white 2-5`.
    pub(crate) mover: String,
    /// What the best move was worth to the mover, the move included.
    pub(crate) best: Record,
    /// What the move played was worth to the mover, the move included.
    pub(crate) chosen: Record,
    /// Whether the game is finished after the move.
    pub(crate) finished: bool,
    /// The value after the move, from no side's view: `x wins in 5`, `draw in 4`, `x won`.
    pub(crate) value_after: String,
}

impl Step {
    /// The library's verdict on the move.
    fn verdict(&self) -> Verdict {
        Verdict::judge(self.best, self.chosen)
    }

    /// The library's sentence on the move.
    fn sentence(&self) -> String {
        Sentence {
            mover: &self.mover,
            best: self.best,
            chosen: self.chosen,
            finished: self.finished,
        }
        .to_string()
    }
}

/// The value of a position for no side in particular: `record` is the table's, for
/// `mover`, the side to move; `winner` is who won when the game is over (`Some(None)` for
/// a drawn end).
fn value_text(record: Record, mover: &str, other: &str, over: Option<Option<&str>>) -> String {
    match over {
        Some(Some(winner)) => format!("{winner} won"),
        Some(None) => "drawn".to_owned(),
        None => match (record.value, record.remoteness) {
            (Value::Draw, ENDLESS) => "draw, endless".to_owned(),
            (Value::Draw, plies) => format!("draw in {plies}"),
            (Value::Win, plies) => format!("{mover} wins in {plies}"),
            (Value::Loss, plies) => format!("{other} wins in {plies}"),
        },
    }
}

/// The value of a game's position, for no side in particular.
fn game_value<G: Notation>(table: &Solved<G>, position: &G) -> String {
    let mover = position.to_move();
    let (name, other) = (G::side_name(mover), G::side_name(mover.other()));
    let over = position.finished().map(|value| match value {
        Value::Win => Some(name),
        Value::Loss => Some(other),
        Value::Draw => None,
    });
    let record = table.probe(position).unwrap_or(Record {
        value: Value::Draw,
        remoteness: 0,
    });
    value_text(record, name, other, over)
}

/// The step from `before` by `mv` to `after` in a game of the registry, or `None` when the
/// table lacks either position.
pub(crate) fn game_step<G: Notation>(
    table: &Solved<G>,
    before: &G,
    mv: G::Move,
    after: &G,
) -> Option<Step> {
    let best = table.probe(before)?;
    let chosen = table.probe(after)?.before_move();
    let side = G::side_name(before.to_move());
    let shown = ShowMove::<G>(mv).to_string();
    let placement = shown.len() == 1;
    Some(Step {
        played: format!("{side} {shown}"),
        mover: if placement {
            format!("{side} at {shown}")
        } else {
            format!("{side} {shown}")
        },
        best,
        chosen,
        finished: after.finished().is_some(),
        value_after: game_value(table, after),
    })
}

/// The value of a tic-tac-toe position, for no side in particular.
fn tictactoe_value(position: Position) -> String {
    let record = |player: Player| Record {
        value: position.outcome().value_for(player),
        remoteness: u16::from(position.plies()),
    };
    match position.to_move() {
        Some(mover) => {
            let (name, other) = (
                mover.symbol().to_string(),
                mover.other().symbol().to_string(),
            );
            value_text(record(mover), &name, &other, None)
        }
        None => {
            let winner = position.outcome().winner().map(|p| p.symbol().to_string());
            value_text(record(Player::X), "x", "o", Some(winner.as_deref()))
        }
    }
}

/// The step from `before` by marking `cell` (0..9) in tic-tac-toe, or `None` if the game
/// is over there.
pub(crate) fn tictactoe_step(before: Position, cell: u8, after: Position) -> Option<Step> {
    let mover = before.to_move()?;
    let side = mover.symbol();
    let number = cell + 1;
    Some(Step {
        played: format!("{side} {number}"),
        mover: format!("{side} at {number}"),
        best: Record {
            value: before.outcome().value_for(mover),
            remoteness: u16::from(before.plies()),
        },
        chosen: Record {
            value: after.outcome().value_for(mover),
            remoteness: u16::from(after.plies()) + 1,
        },
        finished: after.is_finished(),
        value_after: tictactoe_value(after),
    })
}

/// The value of tic-tac-toe's start, for the review's first line.
pub(crate) fn tictactoe_start() -> String {
    tictactoe_value(Position::START)
}

/// The value of a game's start, for the review's first line.
pub(crate) fn game_start<G: Notation>(table: &Solved<G>) -> String {
    game_value(table, &G::start())
}

/// The review: a table of the moves with the value after each and its verdict, then the
/// mistakes, each in one sentence.
pub(crate) fn text(start: &str, steps: &[Step]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Review: the value with perfect play after each move, and how good the move was."
    );
    let width = steps
        .iter()
        .map(|s| s.played.len())
        .chain(["start".len()])
        .max()
        .unwrap_or(0);
    let values = steps
        .iter()
        .map(|s| s.value_after.len())
        .chain([start.len()])
        .max()
        .unwrap_or(0);
    let digits = steps.len().to_string().len();
    let _ = writeln!(out, "  {:>digits$}  {:<width$}  {start}", "", "start");
    for (index, step) in steps.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {:>digits$}. {:<width$}  {:<values$}  {}",
            index + 1,
            step.played,
            step.value_after,
            step.verdict()
        );
    }
    let mistakes: Vec<(usize, &Step)> = steps
        .iter()
        .enumerate()
        .filter(|(_, step)| step.verdict() == Verdict::Mistake)
        .collect();
    if mistakes.is_empty() {
        let _ = writeln!(out, "Mistakes: none, no move gave away the value it had.");
    } else {
        let _ = writeln!(out, "Mistakes:");
        for (index, step) in mistakes {
            let _ = writeln!(out, "  {}. {}", index + 1, step.sentence());
        }
    }
    out
}

/// `perfect-play review`: the moves from the arguments or stdin, reviewed.
pub fn run(args: &ReviewArgs) -> Status {
    let text = match args.moves.as_slice() {
        [] => read_stdin(),
        [dash] if dash == "-" => read_stdin(),
        moves => Ok(moves.join(" ")),
    };
    let text = match text {
        Ok(text) => text,
        Err(status) => return status,
    };
    let moves: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|m| !m.is_empty())
        .collect();
    let reviewed = match table::visit(&args.game, args.table.as_deref(), Moves { moves: &moves }) {
        Ok(reviewed) => reviewed,
        Err(table::NoTable::Unknown) if args.table.is_none() => tictactoe(&moves),
        Err(none) => return none.report(&args.game),
    };
    match reviewed {
        Ok(review) => {
            let mut out = Output::new();
            match out.answer(review.as_bytes()).and_then(|()| out.finish()) {
                Ok(status) => status,
                Err(error) => output_failed(&error),
            }
        }
        Err(message) => {
            report(&message);
            Status::Partial
        }
    }
}

/// The moves to review in a game of the registry.
struct Moves<'a> {
    moves: &'a [&'a str],
}

impl Visitor for Moves<'_> {
    type Output = Result<String, String>;

    fn visit<G: Notation + 'static>(
        self,
        name: &'static str,
        table: &'static Solved<G>,
    ) -> Result<String, String> {
        let mut position = G::start();
        let mut steps = Vec::new();
        for (index, text) in self.moves.iter().enumerate() {
            let number = index + 1;
            let mv =
                G::parse_move(text).map_err(|why| format!("move {number}, `{text}`: {why}"))?;
            let after = legal(&position, mv).ok_or_else(|| {
                format!("move {number}, `{text}`: not a legal move in {name} from {position}")
            })?;
            let step = game_step(table, &position, mv, &after)
                .ok_or_else(|| format!("move {number}: the table has no position {after}"))?;
            steps.push(step);
            position = after;
        }
        Ok(text(&game_start(table), &steps))
    }
}

/// The position after `mv` when `mv` is one of the moves `position` offers.
fn legal<G: Notation>(position: &G, mv: G::Move) -> Option<G> {
    let mut found = None;
    position.moves(&mut |legal, after| {
        if legal == mv {
            found = Some(after);
        }
    });
    found
}

/// The review of a tic-tac-toe game's moves (cells 1-9).
fn tictactoe(moves: &[&str]) -> Result<String, String> {
    let mut position = Position::START;
    let mut steps = Vec::new();
    for (index, text) in moves.iter().enumerate() {
        let number = index + 1;
        let cell = match text.as_bytes() {
            [digit @ b'1'..=b'9'] => digit - b'1',
            _ => return Err(format!("move {number}, `{text}`: not a cell 1-9")),
        };
        let after = position.play(cell).map_err(|why| match why {
            IllegalMove::Occupied(_) => format!("move {number}, `{text}`: the cell is taken"),
            _ => format!("move {number}, `{text}`: the game is already over"),
        })?;
        steps.extend(tictactoe_step(position, cell, after));
        position = after;
    }
    Ok(text(&tictactoe_start(), &steps))
}

/// The moves from stdin, at most [`MAX_LINE`] bytes; a prompt first at a terminal.
fn read_stdin() -> Result<String, Status> {
    if io::stdin().is_terminal() {
        let _ = writeln!(
            io::stderr(),
            "Type the moves played from the start, split by spaces or commas, then Enter and Ctrl-D:"
        );
    }
    let mut text = Vec::new();
    let limit = MAX_LINE as u64 + 1;
    if let Err(error) = io::stdin().lock().take(limit).read_to_end(&mut text) {
        report(&format_args!("-: cannot read: {error}"));
        return Err(Status::Failure);
    }
    if text.len() > MAX_LINE {
        report(&format_args!("-: more than {MAX_LINE} bytes of moves"));
        return Err(Status::Partial);
    }
    String::from_utf8(text).map_err(|_| {
        report(&"-: the moves are not UTF-8");
        Status::Partial
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_draw_is_the_one_mistake() {
        let review = tictactoe(&["5", "1", "9", "3", "7"]).unwrap();
        assert!(review.contains("start"), "{review}");
        let mistakes = review.split("Mistakes:").nth(1).unwrap();
        assert_eq!(
            mistakes.lines().filter(|l| !l.is_empty()).count(),
            1,
            "{review}"
        );
    }
}
