//! `perfect-play play`: a game against the table, one move per line of input.

use std::fmt::Display;
use std::io::{self, IsTerminal};

use crate::{Outcome, Player, Position};

use super::Status;
use super::args::{Mark, PlayArgs};
use super::draw::{self, Paint, Style};
use super::input::{Line, LineReader};
use super::output::{Output, OutputError, output_failed, report};

/// What a line of input asks for.
#[derive(Debug, PartialEq, Eq)]
enum Command {
    /// Play this cell (0..9).
    Cell(u8),
    Hint,
    Quit,
    Unknown,
}

/// Reads one line of the player's input as a command: a cell `1`-`9`, `hint` (`h`, `?`)
/// or `quit` (`q`, `exit`), any case, surrounding whitespace ignored.
fn command(line: &[u8]) -> Command {
    match line.trim_ascii().to_ascii_lowercase().as_slice() {
        [digit @ b'1'..=b'9'] => Command::Cell(digit - b'1'),
        b"hint" | b"h" | b"?" => Command::Hint,
        b"quit" | b"q" | b"exit" => Command::Quit,
        _ => Command::Unknown,
    }
}

/// Plays one game on stdin and stdout.
pub fn run(args: &PlayArgs) -> Status {
    let mut out = Output::new();
    let paint = Paint::new(args.color.enabled(out.is_terminal()));
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = LineReader::new(stdin.lock());
    match game(args, paint, echo, &mut out, &mut input) {
        Ok(Ok(())) => out.finish().unwrap_or_else(|error| output_failed(&error)),
        Ok(Err(error)) => {
            let _ = out.flush();
            report(&format_args!("-: cannot read: {error}"));
            Status::Failure
        }
        Err(error) => output_failed(&error),
    }
}

/// Writes `text` to stdout.
fn say(out: &mut Output, text: impl Display) -> Result<(), OutputError> {
    out.answer(text.to_string().as_bytes())
}

/// The game loop. With `echo` (stdin is not a terminal, so nothing shows what was typed),
/// each line read is written after its prompt. The outer error is stdout failing, the
/// inner one stdin.
fn game<R: io::Read>(
    args: &PlayArgs,
    paint: Paint,
    echo: bool,
    out: &mut Output,
    input: &mut LineReader<R>,
) -> Result<io::Result<()>, OutputError> {
    let human = match args.mark {
        Mark::X => Player::X,
        Mark::O => Player::O,
    };
    let table = human.other();
    say(
        out,
        format_args!(
            "You play {}; the table plays {} (x moves first). Enter a cell 1-9, `hint` or `quit`.\n\n",
            human.symbol(),
            table.symbol()
        ),
    )?;
    let mut position = Position::START;
    say(out, draw::numbered(position.board(), paint))?;
    while let Some(mover) = position.to_move() {
        if mover == table {
            // The table's move: the first of its optimal moves.
            let Some((cell, after)) = position
                .best_move()
                .and_then(|cell| Some((cell, position.play(cell).ok()?)))
            else {
                break;
            };
            position = after;
            say(
                out,
                format_args!("\n{} plays {}.\n\n", table.symbol(), cell + 1),
            )?;
            say(out, draw::numbered(position.board(), paint))?;
            continue;
        }
        say(out, format_args!("\nYour move ({}): ", human.symbol()))?;
        out.flush()?;
        let line = match input.next_line() {
            Ok(Some((_, Line::Text(text)))) => {
                if echo {
                    say(
                        out,
                        format_args!("{}\n", String::from_utf8_lossy(text.trim_ascii())),
                    )?;
                }
                command(text)
            }
            Ok(Some((_, Line::TooLong(_)))) => {
                if echo {
                    say(out, "(a line too long)\n")?;
                }
                Command::Unknown
            }
            Ok(None) => {
                say(out, "\nNo more input: the game is left unfinished.\n")?;
                return Ok(Ok(()));
            }
            Err(error) => return Ok(Err(error)),
        };
        match line {
            Command::Cell(cell) => match position.play(cell) {
                Ok(after) => {
                    position = after;
                    say(out, "\n")?;
                    say(out, draw::numbered(position.board(), paint))?;
                }
                // The only move `play` refuses here: the game goes on and the cell is 0..9.
                Err(_) => say(
                    out,
                    format_args!("Cell {} is taken: pick an empty cell.\n", cell + 1),
                )?,
            },
            Command::Hint => {
                say(out, "\n")?;
                say(out, draw::analysis(position, paint))?;
            }
            Command::Quit => {
                say(out, "Game abandoned.\n")?;
                return Ok(Ok(()));
            }
            Command::Unknown => say(out, "Enter a cell 1-9, `hint` or `quit`.\n")?,
        }
    }
    let (text, style) = match position.outcome() {
        Outcome::Win(winner) if winner == human => (
            format!("{} wins: you beat the table!", winner.symbol()),
            Style::Good,
        ),
        Outcome::Win(winner) => (format!("{} wins.", winner.symbol()), Style::Bad),
        Outcome::Draw => ("A draw.".to_owned(), Style::Even),
    };
    say(
        out,
        format_args!("\n{}\n", draw::styled(&text, paint, style)),
    )?;
    Ok(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        assert_eq!(command(b" 5 "), Command::Cell(4));
        assert_eq!(command(b"1"), Command::Cell(0));
        assert_eq!(command(b"0"), Command::Unknown);
        assert_eq!(command(b"HINT"), Command::Hint);
        assert_eq!(command(b"q"), Command::Quit);
        assert_eq!(command(b"55"), Command::Unknown);
    }
}
