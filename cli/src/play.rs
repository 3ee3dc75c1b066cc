//! `perfect-play play`: a game against the table, one move per line of input: any game of
//! the registry (`--game`, tic-tac-toe by default), its moves typed in the game's notation.

use std::fmt::Display;
use std::io::{self, IsTerminal};

use perfect_play::Level;
use perfect_play::games::{Notation, ShowMove, Side, Visitor};
use perfect_play::{Solved, Value};

use super::args::PlayArgs;
use super::draw::{self, Paint, Style};
use super::input::{Line, LineReader};
use super::output::Status;
use super::output::{Output, OutputError, output_failed, report};
use super::random;
use super::review;
use super::table;

/// What a line of input asks for.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Command {
    /// Play this cell (0..9).
    Cell(u8),
    Hint,
    Quit,
    Unknown,
}

/// Reads one line of the player's input as a command: a cell `1`-`9`, `hint` (`h`, `?`)
/// or `quit` (`q`, `exit`), any case, surrounding whitespace ignored.
pub(crate) fn command(line: &[u8]) -> Command {
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
    let mut session = Session {
        out: &mut out,
        input: &mut input,
        paint,
        echo,
        level: args.level,
        random: random::source(args.seed),
    };
    let side = args.side.to_ascii_lowercase();
    let play = Play {
        side: &side,
        session: &mut session,
    };
    let played = match table::visit(&args.game, args.table.as_deref(), play) {
        Ok(played) => played,
        Err(none) => return none.report(&args.game),
    };
    match played {
        Ok(()) => out.finish().unwrap_or_else(|error| output_failed(&error)),
        Err(Stop::Stdin(error)) => {
            let _ = out.flush();
            report(&format_args!("-: cannot read: {error}"));
            Status::Failure
        }
        Err(Stop::Stdout(error)) => output_failed(&error),
        Err(Stop::Usage(message)) => {
            report(&message);
            Status::Failure
        }
    }
}

/// Why a game stopped before its end (or before it began).
pub(crate) enum Stop {
    /// Stdin failed.
    Stdin(io::Error),
    /// Stdout failed.
    Stdout(OutputError),
    /// The command line asks for what cannot be played: a side the game does not have.
    Usage(String),
}

impl From<OutputError> for Stop {
    fn from(error: OutputError) -> Stop {
        Stop::Stdout(error)
    }
}

/// A game's terminal: stdout, the player's lines, and how to show them.
pub(crate) struct Session<'a, R> {
    pub(crate) out: &'a mut Output,
    pub(crate) input: &'a mut LineReader<R>,
    pub(crate) paint: Paint,
    /// Whether to write each line read after its prompt (stdin is not a terminal, so
    /// nothing shows what was typed).
    pub(crate) echo: bool,
    /// How the table plays: `None` for the first of its optimal moves, always the same.
    pub(crate) level: Option<Level>,
    /// Where a level's random choices come from.
    pub(crate) random: Box<dyn FnMut() -> u32>,
}

impl<R: io::Read> Session<'_, R> {
    /// Writes `text` to stdout.
    pub(crate) fn say(&mut self, text: impl Display) -> Result<(), Stop> {
        Ok(self.out.answer(text.to_string().as_bytes())?)
    }

    /// Shows `prompt` and reads the player's next line, trimmed (empty for a line too
    /// long), or `None` when the input has ended (said on stdout: the game is left
    /// unfinished).
    pub(crate) fn ask(&mut self, prompt: impl Display) -> Result<Option<Vec<u8>>, Stop> {
        self.say(prompt)?;
        self.out.flush()?;
        match self.input.next_line() {
            Ok(Some((_, Line::Text(text)))) => {
                let text = text.trim_ascii().to_vec();
                if self.echo {
                    self.say(format_args!("{}\n", String::from_utf8_lossy(&text)))?;
                }
                Ok(Some(text))
            }
            Ok(Some((_, Line::TooLong(_)))) => {
                if self.echo {
                    self.say("(a line too long)\n")?;
                }
                Ok(Some(Vec::new()))
            }
            Ok(None) => {
                self.say("\nNo more input: the game is left unfinished.\n")?;
                Ok(None)
            }
            Err(error) => Err(Stop::Stdin(error)),
        }
    }

    /// Says how the game ended: `winner` (`None` for a draw), and whether it is the person.
    pub(crate) fn result(&mut self, winner: Option<&str>, person_won: bool) -> Result<(), Stop> {
        let (text, style) = match winner {
            Some(winner) if person_won => {
                (format!("{winner} wins: you beat the table!"), Style::Good)
            }
            Some(winner) => (format!("{winner} wins."), Style::Bad),
            None => ("A draw.".to_owned(), Style::Even),
        };
        let line = draw::styled(&text, self.paint, style);
        self.say(format_args!("\n{line}\n"))
    }
}

/// A game of the registry to play, and the side the person asked for.
struct Play<'a, 'b, R> {
    side: &'a str,
    session: &'a mut Session<'b, R>,
}

impl<R: io::Read> Visitor for Play<'_, '_, R> {
    type Output = Result<(), Stop>;

    fn visit<G: Notation + 'static>(
        self,
        name: &'static str,
        table: &'static Solved<G>,
    ) -> Result<(), Stop> {
        // A side by its name, its letter in the notation, or its turn.
        let named = |side: Side| {
            let mut letter = [0; 4];
            [
                G::side_name(side),
                G::piece_letter(side).encode_utf8(&mut letter),
            ]
            .contains(&self.side)
        };
        let human = match self.side {
            "first" => Side::First,
            "second" => Side::Second,
            _ if named(Side::First) => Side::First,
            _ if named(Side::Second) => Side::Second,
            _ => {
                return Err(Stop::Usage(format!(
                    "{name} has no side `{}`: play {} or {} (or first or second)",
                    self.side,
                    G::SIDES[0],
                    G::SIDES[1]
                )));
            }
        };
        game(name, table, human, self.session)
    }
}

/// The game loop, `human` against the table.
fn game<G: Notation, R: io::Read>(
    name: &str,
    table: &Solved<G>,
    human: Side,
    s: &mut Session<R>,
) -> Result<(), Stop> {
    let machine = human.other();
    let ask_for = format!("Enter a move ({}), `hint` or `quit`.", G::MOVE_HELP);
    s.say(format_args!(
        "{}: {}\n\nYou play {}; the table plays {} ({} moves first). {ask_for}\n\n",
        G::TITLE,
        G::RULES,
        G::side_name(human),
        G::side_name(machine),
        G::side_name(Side::First),
    ))?;
    let mut position = G::start();
    let mut steps = Vec::new();
    s.say(draw::board(&position, s.paint, true))?;
    while position.finished().is_none() {
        if position.to_move() == machine {
            // The table's move: at the level asked for, or the first of its optimal moves.
            let chosen = match s.level {
                Some(level) => table.pick(&position, level, &mut s.random),
                None => table.best_move(&position),
            };
            let Some((mv, after)) = chosen.and_then(|mv| Some((mv, position.play(mv)?))) else {
                break;
            };
            steps.extend(review::game_step(table, &position, mv, &after));
            position = after;
            s.say(format_args!(
                "\n{} plays {}.\n\n",
                G::side_name(machine),
                ShowMove::<G>(mv)
            ))?;
            s.say(draw::board(&position, s.paint, true))?;
            continue;
        }
        let Some(line) = s.ask(format_args!("\nYour move ({}): ", G::side_name(human)))? else {
            return Ok(());
        };
        let text = String::from_utf8_lossy(&line);
        match command(&line) {
            Command::Hint => {
                s.say("\n")?;
                s.say(draw::analysis(name, &position, table, s.paint))?;
            }
            Command::Quit => {
                s.say("Game abandoned.\n")?;
                return Ok(());
            }
            Command::Cell(_) | Command::Unknown => match G::parse_move(&text) {
                Err(error) => s.say(format_args!("{error} (or `hint`, `quit`).\n"))?,
                Ok(mv) => match position.play(mv) {
                    Some(after) => {
                        steps.extend(review::game_step(table, &position, mv, &after));
                        position = after;
                        s.say("\n")?;
                        s.say(draw::board(&position, s.paint, true))?;
                    }
                    None => {
                        let mut legal = Vec::new();
                        position.moves(&mut |mv, _| legal.push(ShowMove::<G>(mv).to_string()));
                        s.say(format_args!(
                            "{} is not a legal move here; the legal moves are {}.\n",
                            ShowMove::<G>(mv),
                            legal.join(", ")
                        ))?;
                    }
                },
            },
        }
    }
    let mover = position.to_move();
    let winner = match position.finished() {
        Some(Value::Win) => Some(mover),
        Some(Value::Loss) => Some(mover.other()),
        Some(Value::Draw) | None => None,
    };
    s.result(winner.map(G::side_name), winner == Some(human))?;
    s.say(format_args!(
        "\n{}",
        review::text(&review::game_start(table), &steps)
    ))
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
