//! `perfect-play analyze`: one board drawn for a person, with what every move leads to.

use std::io::{self, IsTerminal, Read, Write};

use crate::Board;

use super::Status;
use super::args::AnalyzeArgs;
use super::draw::{self, Paint};
use super::input::MAX_LINE;
use super::messages::NoGame;
use super::output::{Output, output_failed, report};

/// Analyzes the board given (or read from stdin) and prints the drawing.
pub fn run(args: &AnalyzeArgs) -> Status {
    let text = match args.board.as_slice() {
        [] => read_stdin(),
        [dash] if dash == "-" => read_stdin(),
        rows => Ok(rows.join(" ").into_bytes()),
    };
    let text = match text {
        Ok(text) => text,
        Err(status) => return status,
    };
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
    let mut out = Output::new();
    let paint = Paint::new(args.color.enabled(out.is_terminal()));
    let drawn = draw::analysis(position, paint);
    match out.answer(drawn.as_bytes()).and_then(|()| out.finish()) {
        Ok(status) => status,
        Err(error) => output_failed(&error),
    }
}

/// The board text from stdin: at most [`MAX_LINE`] bytes (a board is a few dozen), a byte
/// order mark dropped.
fn read_stdin() -> Result<Vec<u8>, Status> {
    let mut text = Vec::new();
    if io::stdin().is_terminal() {
        // Nothing would show that the command waits for a board.
        let _ = writeln!(
            io::stderr(),
            "Type a board (9 cells like xx.oo...., or 3 rows), then Enter and Ctrl-D:"
        );
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
