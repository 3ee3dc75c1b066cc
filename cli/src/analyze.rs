//! `perfect-play analyze`: one position of any game (`--game`, tic-tac-toe by default),
//! read in the game's notation, drawn for a person with what every move leads to
//! ([`draw::analysis`]).

use std::io::{self, Read};

use perfect_play::dynamic::{DynGame, PositionError};

use super::args::AnalyzeArgs;
use super::draw::{self, Paint};
use super::input::MAX_LINE;
use super::output::{self, Output, Status, output_failed, report};
use super::table;
use super::thinking::thinking;

/// Analyzes the position given (or read from stdin) and prints the drawing.
pub fn run(args: &AnalyzeArgs) -> Status {
    // clap checked the name; a size too large to solve now is refused here, before any
    // input is asked for.
    let game = match table::open(&args.game, args.table.as_deref()) {
        Ok(game) => game,
        Err(unknown) => {
            report(&unknown);
            return Status::Failure;
        }
    };
    let prompt = format!(
        "Type a {} position (rows split by /, then the side to move if the game needs it), then Enter and Ctrl-D:",
        args.game
    );
    let text = match args.board.as_slice() {
        [] => read_stdin(&prompt),
        [dash] if dash == "-" => read_stdin(&prompt),
        rows => Ok(rows.join(" ").into_bytes()),
    };
    let text = match text {
        Ok(text) => text,
        Err(status) => return status,
    };
    let out = Output::new();
    let paint = Paint::new(args.color.enabled(out.is_terminal()));
    match analyse(&*game, &text, paint) {
        Ok(drawn) => write(out, &drawn),
        Err(message) => {
            report(&message);
            Status::Partial
        }
    }
}

/// Writes the drawing and ends the output.
fn write(mut out: Output, drawn: &str) -> Status {
    match out.answer(drawn.as_bytes()).and_then(|()| out.finish()) {
        Ok(status) => status,
        Err(error) => output_failed(&error),
    }
}

/// The drawing of the position `text` holds, or what is wrong with the text.
fn analyse(game: &dyn DynGame, text: &[u8], paint: Paint) -> Result<String, String> {
    let name = &game.about().name;
    let text =
        std::str::from_utf8(text).map_err(|_| format!("not a {name} position: not UTF-8"))?;
    if text.trim().is_empty() {
        // Nothing to read: say what a position of this game looks like.
        return Err(format!(
            "no position given: `analyze --game {name}` takes one in the game's notation, \
             such as its start `{}` (`perfect-play games --families` gives every family's)",
            game.about().start
        ));
    }
    match thinking("every move's value", || game.analyze(text)) {
        Ok(analysis) => Ok(draw::analysis(game.about(), &analysis, paint)),
        Err(PositionError::Notation(error)) => {
            // Several lines that each read as a position are several positions, not the
            // rows of one.
            let lines: Vec<&str> = text
                .lines()
                .filter(|line| !line.trim().is_empty())
                .collect();
            if lines.len() > 1
                && lines
                    .iter()
                    .all(|line| !matches!(game.probe(line), Err(PositionError::Notation(_))))
            {
                Err(format!(
                    "analyze takes one position, but the input holds {}: one per run",
                    lines.len()
                ))
            } else {
                Err(format!("not a {name} position: {error}"))
            }
        }
        Err(PositionError::Unreachable { position, reason }) => {
            Err(format!("{reason}: {position}"))
        }
    }
}

/// The board text from stdin: at most [`MAX_LINE`] bytes (a board is a few dozen), a byte
/// order mark dropped.
fn read_stdin(prompt: &str) -> Result<Vec<u8>, Status> {
    let mut text = Vec::new();
    output::prompt(&prompt);
    let limit = MAX_LINE as u64 + 1;
    if let Err(error) = io::stdin().lock().take(limit).read_to_end(&mut text) {
        report(&format_args!("-: cannot read: {error}"));
        return Err(Status::Failure);
    }
    if text.len() > MAX_LINE {
        report(&format_args!(
            "-: not a board: more than {MAX_LINE} bytes of input"
        ));
        return Err(Status::Partial);
    }
    Ok(match text.strip_prefix(b"\xef\xbb\xbf") {
        Some(rest) => rest.to_vec(),
        None => text,
    })
}
