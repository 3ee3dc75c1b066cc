//! `perfect-play analyze`: one board drawn for a person, with what every move leads to.
//! Tic-tac-toe's board is drawn with each move in its cell; another game's position
//! (`--game`, read in the game's notation) is drawn with its moves listed best first.

use std::io::{self, IsTerminal, Read, Write};

use perfect_play::Solved;
use perfect_play::games::tictactoe::Board;
use perfect_play::games::{self, Notation, Visitor};

use super::Status;
use super::args::AnalyzeArgs;
use super::draw::{self, Paint};
use super::input::MAX_LINE;
use super::messages::NoGame;
use super::output::{Output, output_failed, report};

/// Analyzes the board given (or read from stdin) and prints the drawing.
pub fn run(args: &AnalyzeArgs) -> Status {
    let prompt = if args.game == "tictactoe" {
        "Type a board (9 cells like xx.oo...., or 3 rows), then Enter and Ctrl-D:"
    } else {
        "Type a position (rows split by /, then the side to move), then Enter and Ctrl-D:"
    };
    let text = match args.board.as_slice() {
        [] => read_stdin(prompt),
        [dash] if dash == "-" => read_stdin(prompt),
        rows => Ok(rows.join(" ").into_bytes()),
    };
    let text = match text {
        Ok(text) => text,
        Err(status) => return status,
    };
    if args.game != "tictactoe" {
        return other_game(args, &text);
    }
    let board = match Board::from_ascii(&text) {
        Ok(board) => board,
        Err(error) => {
            let boards = text
                .split(|&byte| byte == b'\n')
                .filter(|line| Board::from_ascii(line).is_ok())
                .count();
            if boards > 1 {
                report(&format_args!(
                    "analyze takes one board, but the input holds {boards}; for many boards, use `perfect-play outcome --json`"
                ));
            } else {
                report(&format_args!("not a board: {error}"));
            }
            return Status::Partial;
        }
    };
    let position = match board.lookup() {
        Ok(position) => position,
        Err(why) => {
            report(&NoGame(why));
            return Status::Partial;
        }
    };
    let out = Output::new();
    let paint = Paint::new(args.color.enabled(out.is_terminal()));
    write(out, &draw::analysis(position, paint))
}

/// Writes the drawing and ends the output.
fn write(mut out: Output, drawn: &str) -> Status {
    match out.answer(drawn.as_bytes()).and_then(|()| out.finish()) {
        Ok(status) => status,
        Err(error) => output_failed(&error),
    }
}

/// Analyzes a position of a game of [`crate::games`], given in its notation.
fn other_game(args: &AnalyzeArgs, text: &[u8]) -> Status {
    let Ok(text) = std::str::from_utf8(text) else {
        report(&format_args!("not a {} position: not UTF-8", args.game));
        return Status::Partial;
    };
    let out = Output::new();
    let paint = Paint::new(args.color.enabled(out.is_terminal()));
    match games::visit(&args.game, Analysis { text, paint }) {
        Some(Ok(drawn)) => write(out, &drawn),
        Some(Err(message)) => {
            report(&message);
            Status::Partial
        }
        // `--game` names a game that `perfect-play games` lists.
        None => {
            report(&format_args!("no such game: {}", args.game));
            Status::Failure
        }
    }
}

/// The analysis of one position: the drawing, or what is wrong with the text.
struct Analysis<'a> {
    text: &'a str,
    paint: Paint,
}

impl Visitor for Analysis<'_> {
    type Output = Result<String, String>;

    fn visit<G: Notation + 'static>(
        self,
        name: &'static str,
        table: &'static Solved<G>,
    ) -> Result<String, String> {
        let position: G = self
            .text
            .parse()
            .map_err(|error| format!("not a {name} position: {error}"))?;
        if table.probe(&position).is_none() {
            return Err(format!(
                "no game of {name} reaches this position: {position}"
            ));
        }
        Ok(draw::game_analysis(name, &position, table, self.paint))
    }
}

/// The board text from stdin: at most [`MAX_LINE`] bytes (a board is a few dozen), a byte
/// order mark dropped.
fn read_stdin(prompt: &str) -> Result<Vec<u8>, Status> {
    let mut text = Vec::new();
    if io::stdin().is_terminal() {
        // Nothing would show that the command waits for a board.
        let _ = writeln!(io::stderr(), "{prompt}");
    }
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
