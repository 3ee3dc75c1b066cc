//! `perfect-play play`: a game against the table, one move per line of input: any game of
//! the registry (`--game`, tic-tac-toe by default), its moves typed in the game's notation.

use std::fmt::Display;
use std::io::{self, IsTerminal};

use perfect_play::Level;
use perfect_play::dynamic::{About, DynGame, PositionAnalysis, ReviewError, Sketch};
use perfect_play::games::Side;

use super::args::PlayArgs;
use super::draw::{self, Board, Paint, Style};
use super::input::{Line, LineReader};
use super::output::Status;
use super::output::{Output, OutputError, output_failed, report};
use super::random;
use super::review;
use super::table;
use super::thinking::thinking;

/// What a line of input asks for besides a move.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Command {
    /// Show the table's analysis of the position.
    Hint,
    /// Leave the game.
    Quit,
    /// Anything else: a move to read in the game's notation.
    Move,
}

/// Reads one line of the player's input: `hint` (`h`, `?`) or `quit` (`q`, `exit`), any
/// case, surrounding whitespace ignored; anything else is a move for the game to read.
pub(crate) fn command(line: &[u8]) -> Command {
    match line.trim_ascii().to_ascii_lowercase().as_slice() {
        b"hint" | b"h" | b"?" => Command::Hint,
        b"quit" | b"q" | b"exit" => Command::Quit,
        _ => Command::Move,
    }
}

/// Plays one game on stdin and stdout.
pub fn run(args: &PlayArgs) -> Status {
    // clap checked the name; a size too large to solve now is refused below. Opened before
    // the output locks standard error, where a solve on first use shows its spinner.
    let opened = table::open(&args.game, args.table.as_deref());
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
    let played = match opened {
        Ok(game) => {
            human_side(game.about(), &side).and_then(|human| play(&*game, human, &mut session))
        }
        Err(unknown) => Err(Stop::Usage(unknown.to_string())),
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
    pub(crate) random: Box<dyn FnMut() -> u32 + Send>,
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

/// The side a person asked for by its name, its letter in the notation, or its turn
/// (`first`, `second`).
fn human_side(about: &About, asked: &str) -> Result<Side, Stop> {
    let named = |side: Side| {
        let mut letter = [0; 4];
        [
            about.side_name(side),
            about.piece(side).encode_utf8(&mut letter),
        ]
        .contains(&asked)
    };
    match asked {
        "first" => Ok(Side::First),
        "second" => Ok(Side::Second),
        _ if named(Side::First) => Ok(Side::First),
        _ if named(Side::Second) => Ok(Side::Second),
        _ => Err(Stop::Usage(format!(
            "{} has no side `{asked}`: play {} or {} (or first or second)",
            about.name,
            about.side_name(Side::First),
            about.side_name(Side::Second)
        ))),
    }
}

/// The game loop, `human` against the table. Each position is drawn at once (its
/// sketch: nothing searched); its answers are asked for only when needed (the table's
/// move, a hint, the review at the end), each behind [`thinking`].
fn play<R: io::Read>(game: &dyn DynGame, human: Side, s: &mut Session<R>) -> Result<(), Stop> {
    let about = game.about();
    let name = |side: Side| about.side_name(side);
    let machine = human.other();
    let ask_for = format!("Enter a move ({}), `hint` or `quit`.", about.move_help);
    s.say(format_args!(
        "{}: {}\n\nYou play {}; the table plays {} ({} moves first). {ask_for}\n\n",
        about.title,
        about.rules,
        name(human),
        name(machine),
        name(Side::First),
    ))?;
    let mut moves: Vec<String> = Vec::new();
    let mut sketch = sketched(game, &about.start, None)?;
    s.say(draw::board(about, Board::of_sketch(&sketch), s.paint))?;
    while !sketch.finished {
        if sketch.to_move == machine {
            // The table's move: at the level asked for, or the first of its optimal moves.
            let what = format!("{}'s move", name(machine));
            let chosen = thinking(&what, || match s.level {
                Some(level) => game.pick(&sketch.position, level, &mut s.random),
                None => game
                    .analyze(&sketch.position)
                    .map(|analysis| analysis.moves.first().map(|mv| mv.name.clone())),
            })
            .map_err(|error| Stop::Usage(format!("{}: {error}", about.name)))?;
            let Some(mv) = chosen else { break };
            sketch = sketched(game, &sketch.position, Some(&mv))?;
            s.say(format_args!("\n{} plays {mv}.\n\n", name(machine)))?;
            moves.push(mv);
            s.say(draw::board(about, Board::of_sketch(&sketch), s.paint))?;
            continue;
        }
        let Some(line) = s.ask(format_args!("\nYour move ({}): ", name(human)))? else {
            return Ok(());
        };
        let text = String::from_utf8_lossy(&line);
        match command(&line) {
            Command::Hint => {
                let analysis = thinking("every move's value", || analyse(game, &sketch.position))?;
                s.say("\n")?;
                s.say(draw::analysis(about, &analysis, s.paint))?;
            }
            Command::Quit => {
                s.say("Game abandoned.\n")?;
                return Ok(());
            }
            Command::Move => match game.sketch_game(Some(&sketch.position), &[&text]) {
                Ok(mut after) => {
                    let Some(next) = after.positions.pop() else {
                        return Err(Stop::Usage(format!(
                            "{}: a move without a position",
                            about.name
                        )));
                    };
                    sketch = next;
                    moves.push(text.trim().to_owned());
                    s.say("\n")?;
                    s.say(draw::board(about, Board::of_sketch(&sketch), s.paint))?;
                }
                Err(ReviewError::Move { refusal, .. }) => {
                    s.say(format_args!("{refusal} (or `hint`, `quit`).\n"))?;
                }
                Err(error) => s.say(format_args!("{error} (or `hint`, `quit`).\n"))?,
            },
        }
    }
    let winner = sketch.winner;
    s.result(winner.map(name), winner == Some(human))?;
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let review = thinking("the review of the game", || game.review(None, &moves))
        .map_err(|error| Stop::Usage(error.to_string()))?;
    s.say(format_args!("\n{}", review::layout(about, &review)))
}

/// The position `mv` (if any) leads to from `position`, drawn and its moves listed, nothing
/// searched. A failure here is the game's (a move its own analysis chose, refused), said as
/// such.
fn sketched(game: &dyn DynGame, position: &str, mv: Option<&str>) -> Result<Sketch, Stop> {
    let moves: Vec<&str> = mv.into_iter().collect();
    game.sketch_game(Some(position), &moves)
        .map_err(|error| Stop::Usage(format!("{}: {error}", game.about().name)))?
        .positions
        .pop()
        .ok_or_else(|| Stop::Usage(format!("{}: a game without a position", game.about().name)))
}

/// The analysis of a position the game itself reached: a failure here is the game's
/// (a table without a position its own moves lead to), said as such.
fn analyse(game: &dyn DynGame, position: &str) -> Result<PositionAnalysis, Stop> {
    game.analyze(position)
        .map_err(|error| Stop::Usage(format!("{}: {error}", game.about().name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        assert_eq!(command(b" hint "), Command::Hint);
        assert_eq!(command(b" 5 "), Command::Move);
        assert_eq!(command(b"a1-b2"), Command::Move);
        assert_eq!(command(b"HINT"), Command::Hint);
        assert_eq!(command(b" ? "), Command::Hint);
        assert_eq!(command(b"q"), Command::Quit);
        assert_eq!(command(b"5"), Command::Move);
        assert_eq!(command(b"2-5"), Command::Move);
        assert_eq!(command(b"Exit"), Command::Quit);
    }
}
