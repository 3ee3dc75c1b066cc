//! A game's review for a person: the value under perfect play after each move, the
//! library's [`Verdict`] on each, and the mistakes told in its [`Sentence`]s. `play` prints
//! it when a game ends; `perfect-play review` prints it for a list of moves.
//!
//! Computed here from the solved table, ply by ply ([`Solved::probe`] before and after each
//! move, as the web board's review does); it can move onto the library's game record when
//! that covers every game.

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Read, Write as _};

use perfect_play::games::{self, Notation, ShowMove, Visitor};
use perfect_play::{ENDLESS, Record, Sentence, Solved, Value, Verdict, play_all};

use super::args::ReviewArgs;
use super::input::MAX_LINE;
use super::output::{Output, Status, output_failed, report};

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
    // clap checks the name against the registry, so the game is always found.
    let Some((review, error)) = games::visit(&args.game, Moves { moves: &moves }) else {
        report(&format_args!("no game is called {}", args.game));
        return Status::Failure;
    };
    let mut out = Output::new();
    let written = out.answer(review.as_bytes()).and_then(|()| out.finish());
    match (written, error) {
        (Err(error), _) => output_failed(&error),
        (Ok(_), Some(message)) => {
            report(&message);
            Status::Partial
        }
        (Ok(status), None) => status,
    }
}

/// The moves to review in a game of the registry.
struct Moves<'a> {
    moves: &'a [&'a str],
}

impl Visitor for Moves<'_> {
    /// The review of the moves that could be played, and why the next could not.
    type Output = (String, Option<String>);

    fn visit<G: Notation + 'static>(
        self,
        _: &'static str,
        table: &'static Solved<G>,
    ) -> (String, Option<String>) {
        let mut steps = Vec::new();
        let played = play_all(
            G::start(),
            self.moves.iter().copied(),
            |before, mv, after| {
                steps.extend(game_step(table, before, mv, after));
            },
        );
        let error = played.err().map(|error| error.to_string());
        (text(&game_start(table), &steps), error)
    }
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
