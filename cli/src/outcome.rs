//! `perfect-play outcome`: who wins each position under perfect play. With `--game NAME`,
//! positions of any game of the registry, one per line in the game's notation, answered
//! with the winning side's name or `draw` (with `--json`, a [`wire::GamePosition`] per
//! line). Without `--game`, tic-tac-toe boards in the judges' formats ([`crate::judges`]).
//!
//! A line that is not a position is answered `error` (a line no game reaches, `invalid`)
//! and explained on stderr as `NAME:LINE: why`, the board's row and column in the why; the rest are still
//! answered, and the exit status is 1. A blank line gets a blank answer.

use std::fmt::Display;
use std::io::Read;

use perfect_play::dynamic::{DynGame, PositionAnalysis, PositionError, Probe};

use crate::args::OutcomeArgs;
use crate::batch::{self, Answered, ReadFailed};
use crate::input::{Line, LineReader};
use crate::judges;
use crate::output::{Output, OutputError, Status, report};
use crate::table;
use crate::wire;

/// Runs `outcome`: through the registry with `--game`, else the judges' adapter.
pub fn run(args: &OutcomeArgs) -> Status {
    let Some(name) = &args.game else {
        let render = judges::outcome::Outcomes { json: args.json };
        return judges::run(
            &args.input.files,
            args.format,
            &render,
            !args.input.no_cache,
        );
    };
    // clap checked the name; a size too large to solve now is refused here.
    let game = match table::open(name, args.table.as_deref()) {
        Ok(game) => game,
        Err(unknown) => {
            report(&unknown);
            return Status::Failure;
        }
    };
    let about = game.about();
    let prompt = format!(
        "Type {} positions, one a line in its notation (the start is `{}`)",
        about.name, about.start
    );
    batch::run(&args.input.files, &prompt, |input, out| {
        answer(input, out, &*game, args.json)
    })
}

/// Answers every line of one source.
fn answer(
    mut input: LineReader<Box<dyn Read>>,
    out: &mut Output,
    game: &dyn DynGame,
    json: bool,
) -> Answered {
    let about = game.about();
    let name = &about.name;
    loop {
        let (number, line) = match input.next_line() {
            Ok(Some(next)) => next,
            Ok(None) => return Ok(Ok(())),
            Err(error) => {
                let after_line = input.line_number();
                return Ok(Err(ReadFailed { after_line, error }));
            }
        };
        let text = match line {
            Line::TooLong(length) => {
                fault(
                    out,
                    number,
                    None,
                    &format_args!("line too long ({length} bytes)"),
                    json,
                )?;
                continue;
            }
            Line::Text(text) => text,
        };
        let Ok(text) = std::str::from_utf8(text) else {
            let why = format!("not a {name} position: not UTF-8");
            let shown = String::from_utf8_lossy(text).trim().to_owned();
            fault(out, number, Some(shown), &why, json)?;
            continue;
        };
        let text = text.trim();
        if text.is_empty() {
            out.answer(b"\n")?;
            continue;
        }
        // The text answer is who wins alone: a probe, never the ranking of every move
        // that `--json`'s best moves need (for a game answered by search, a search of
        // each move).
        let answer = if json {
            game.analyze(text)
                .map(|analysis| Answer::Analysis(Box::new(analysis)))
        } else {
            game.probe(text).map(Answer::Probe)
        };
        let answer = match answer {
            Ok(answer) => answer,
            Err(PositionError::Notation(error)) => {
                let why = format!("not a {name} position: {error}");
                fault(out, number, Some(text.to_owned()), &why, json)?;
                continue;
            }
            Err(PositionError::Unreachable { position, reason }) => {
                let why = format!("{reason}: {position}");
                out.note(number, &why)?;
                let buf = out.buffer();
                if json {
                    let unreachable = wire::UnreachablePosition::new(position, reason);
                    wire::line(buf, &unreachable);
                } else {
                    buf.extend_from_slice(b"invalid\n");
                }
                out.answered()?;
                continue;
            }
        };
        let buf = out.buffer();
        match answer {
            Answer::Analysis(analysis) => {
                wire::line(buf, &wire::GamePosition::of(about, &analysis));
            }
            Answer::Probe(probe) => {
                buf.extend_from_slice(
                    wire::winner(about, probe.to_move, probe.record.value).as_bytes(),
                );
                buf.push(b'\n');
            }
        }
        out.answered()?;
    }
}

/// What a line is answered from: the whole analysis for `--json` (its best moves), the
/// probe alone for the winner's name.
enum Answer {
    Analysis(Box<PositionAnalysis>),
    Probe(Probe),
}

/// Answers a line that is not a position: `error`, or its [`wire::PositionError`]; and
/// says why on stderr.
fn fault(
    out: &mut Output,
    line: u64,
    text: Option<String>,
    why: &dyn Display,
    json: bool,
) -> Result<(), OutputError> {
    out.note(line, why)?;
    let buf = out.buffer();
    if json {
        let error = wire::PositionError {
            position: text,
            error: why.to_string(),
        };
        wire::line(buf, &error);
    } else {
        buf.extend_from_slice(b"error\n");
    }
    out.answered()
}
