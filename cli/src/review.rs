//! A game's review for a person: the value under perfect play after each move, the
//! library's verdict on each, and the mistakes told in its sentences. `play` prints it
//! when a game ends; `perfect-play review` prints it for a list of moves. The judging is the
//! library's ([`DynGame::review`]); this module only lays it out.

use std::fmt::Write as _;
use std::io::{self, Read};

use perfect_play::dynamic::{About, PositionAnalysis, Review, ReviewError};
use perfect_play::{ENDLESS, Value, Verdict};

use super::args::ReviewArgs;
use super::input::MAX_LINE;
use super::output::{self, Output, Status, output_failed, report};
use super::table;
use super::thinking::thinking;

/// The value of a position for no side in particular: `x wins in 5`, `draw in 4`, `x won`,
/// `drawn`, `draw, endless`.
fn value_text(about: &About, analysis: &PositionAnalysis) -> String {
    let probe = analysis.probe;
    let name = |side: perfect_play::games::Side| about.side_name(side);
    if probe.finished {
        return match probe.winner() {
            Some(winner) => format!("{} won", name(winner)),
            None => "drawn".to_owned(),
        };
    }
    match (probe.record.value, probe.record.remoteness) {
        (Value::Draw, ENDLESS) => "draw, endless".to_owned(),
        (Value::Draw, plies) => format!("draw in {plies}"),
        (Value::Win, plies) => format!("{} wins in {plies}", name(probe.to_move)),
        (Value::Loss, plies) => format!("{} wins in {plies}", name(probe.to_move.other())),
    }
}

/// The review: a table of the moves with the value after each and its verdict, then the
/// mistakes, each in one sentence.
pub(crate) fn layout(about: &About, review: &Review) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Review: the value with perfect play after each move, and how good the move was."
    );
    let values: Vec<String> = review
        .positions
        .iter()
        .map(|analysis| value_text(about, analysis))
        .collect();
    let played: Vec<String> = review
        .plies
        .iter()
        .map(|ply| format!("{} {}", about.side_name(ply.mover), ply.name))
        .collect();
    let width = played
        .iter()
        .map(String::len)
        .chain(["start".len()])
        .max()
        .unwrap_or(0);
    let value_width = values.iter().map(String::len).max().unwrap_or(0);
    let digits = review.plies.len().to_string().len();
    let start = values.first().map_or("", String::as_str);
    let _ = writeln!(out, "  {:>digits$}  {:<width$}  {start}", "", "start");
    for ((ply, played), value) in review.plies.iter().zip(&played).zip(values.iter().skip(1)) {
        let _ = writeln!(
            out,
            "  {:>digits$}. {:<width$}  {:<value_width$}  {}",
            ply.number, played, value, ply.verdict
        );
    }
    let mut mistakes = review
        .plies
        .iter()
        .filter(|ply| ply.verdict == Verdict::Mistake)
        .peekable();
    if mistakes.peek().is_none() {
        let _ = writeln!(out, "Mistakes: none, no move gave away the value it had.");
    } else {
        let _ = writeln!(out, "Mistakes:");
        for ply in mistakes {
            let _ = writeln!(out, "  {}. {}", ply.number, ply.sentence);
        }
    }
    out
}

/// `perfect-play review`: the moves from the arguments or stdin, reviewed.
pub fn run(args: &ReviewArgs) -> Status {
    // clap checked the name; a size too large to solve now is refused here, before any
    // input is asked for.
    let game = match table::open(&args.game, args.table.as_deref()) {
        Ok(game) => game,
        Err(unknown) => {
            report(&unknown);
            return Status::Failure;
        }
    };
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
    // The moves that could be played are reviewed even when a later one cannot be.
    let what = format!(
        "the review of {} {}",
        moves.len(),
        if moves.len() == 1 { "move" } else { "moves" }
    );
    let (review, refused) = match thinking(&what, || game.review(None, &moves)) {
        Ok(review) => (review, None),
        Err(ReviewError::Move {
            sentence, played, ..
        }) => (*played, Some(sentence)),
        Err(error) => (Review::default(), Some(error.to_string())),
    };
    let mut out = Output::new();
    let text = layout(game.about(), &review);
    let written = out.answer(text.as_bytes()).and_then(|()| out.finish());
    match (written, refused) {
        (Err(error), _) => output_failed(&error),
        (Ok(status), None) => status,
        (Ok(_), Some(message)) => {
            report(&format_args!("{}: {message}", game.about().name));
            Status::Partial
        }
    }
}

/// The moves from stdin, at most [`MAX_LINE`] bytes; a prompt first at a terminal.
fn read_stdin() -> Result<String, Status> {
    output::prompt(
        &"Type the moves played from the start, split by spaces or commas, then Enter and Ctrl-D:",
    );
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

    /// x 5, o 1, x 9, o 3, then x 7, which lets o win at once: the one mistake.
    #[test]
    fn a_lost_draw_is_the_one_mistake() {
        let game = perfect_play::games::open("tictactoe").unwrap();
        let review = layout(
            game.about(),
            &game.review(None, &["5", "1", "9", "3", "7"]).unwrap(),
        );
        assert!(review.contains("start"), "{review}");
        let mistakes = review.split("Mistakes:").nth(1).unwrap();
        assert_eq!(
            mistakes.lines().filter(|l| !l.is_empty()).count(),
            1,
            "{review}"
        );
        assert!(
            mistakes.contains("5. x 7 turned a draw into a loss"),
            "{review}"
        );
    }
}
