//! `perfect-play outcome`: who wins each board under perfect play.

use std::borrow::Cow;
use std::fmt::{self, Display};
use std::io::Write;

use perfect_play::{Board, Outcome, Player, Position, Unreachable};

use super::batch::{Answer, LineCache};
use super::output::{Output, OutputError, json_string};

/// Answers `x`, `o`, `TIE` (the judges' spelling), `invalid` or `error`, one per line.
pub struct Text;

impl Answer for Text {
    type Verdict = Result<Outcome, Unreachable>;

    #[inline]
    fn judge(board: Board) -> Self::Verdict {
        board.lookup().map(Position::outcome)
    }

    fn fixed(&self, verdict: Self::Verdict) -> Option<Cow<'static, [u8]>> {
        match verdict {
            Ok(Outcome::Win(Player::X)) => Some(Cow::Borrowed(b"x\n")),
            Ok(Outcome::Win(Player::O)) => Some(Cow::Borrowed(b"o\n")),
            Ok(Outcome::Draw) => Some(Cow::Borrowed(b"TIE\n")),
            Err(_) => None,
        }
    }

    #[inline]
    fn write(
        &mut self,
        out: &mut Output,
        line: u64,
        _: Board,
        verdict: Self::Verdict,
    ) -> Result<(), OutputError> {
        match verdict {
            Ok(Outcome::Win(Player::X)) => out.answer(b"x\n"),
            Ok(Outcome::Win(Player::O)) => out.answer(b"o\n"),
            Ok(Outcome::Draw) => out.answer(b"TIE\n"),
            Err(why) => {
                out.note(line, &NoGame(why))?;
                out.answer(b"invalid\n")
            }
        }
    }

    fn unreadable(
        &self,
        out: &mut Output,
        line: u64,
        _: Option<&[u8]>,
        why: &dyn Display,
    ) -> Result<(), OutputError> {
        out.note(line, why)?;
        out.answer(b"error\n")
    }
}

/// Answers one JSON object per line: everything the table knows about the board.
pub struct Json {
    cache: LineCache,
}

impl Json {
    /// With `cache`, each board's object is rendered once and copied after.
    pub fn new(cache: bool) -> Json {
        Json {
            cache: LineCache::new(cache),
        }
    }
}

impl Answer for Json {
    type Verdict = Result<Position, Unreachable>;

    fn judge(board: Board) -> Self::Verdict {
        board.lookup()
    }

    fn fixed(&self, _: Self::Verdict) -> Option<Cow<'static, [u8]>> {
        None
    }

    fn write(
        &mut self,
        out: &mut Output,
        line: u64,
        board: Board,
        verdict: Self::Verdict,
    ) -> Result<(), OutputError> {
        match verdict {
            Ok(position) => self.cache.write(out, board.code(), |buf| {
                write_position(buf, position);
            }),
            Err(why) => {
                let why = NoGame(why);
                out.note(line, &why)?;
                write_error(out.buffer(), Some(board.to_string().as_bytes()), &why);
                out.answered()
            }
        }
    }

    fn unreadable(
        &self,
        out: &mut Output,
        line: u64,
        given: Option<&[u8]>,
        why: &dyn Display,
    ) -> Result<(), OutputError> {
        out.note(line, why)?;
        write_error(out.buffer(), given, why);
        out.answered()
    }
}

/// `{"board":..,"to_move":..,"finished":..,"winner":..,"outcome":..,"plies":..,"best_moves":[..]}`
fn write_position(buf: &mut Vec<u8>, position: Position) {
    let player = |player: Option<Player>| match player {
        Some(Player::X) => "\"x\"",
        Some(Player::O) => "\"o\"",
        None => "null",
    };
    let outcome = match position.outcome() {
        Outcome::Win(Player::X) => "x",
        Outcome::Win(Player::O) => "o",
        Outcome::Draw => "draw",
    };
    // Writing into a Vec cannot fail.
    let _ = write!(
        buf,
        "{{\"board\":\"{}\",\"to_move\":{},\"finished\":{},\"winner\":{},\"outcome\":\"{outcome}\",\"plies\":{},\"best_moves\":[",
        position.board(),
        player(position.to_move()),
        position.is_finished(),
        player(position.three_in_a_row()),
        position.plies(),
    );
    for (index, cell) in position.best_moves().iter().enumerate() {
        if index > 0 {
            buf.push(b',');
        }
        buf.push(b'0' + cell);
    }
    buf.extend_from_slice(b"]}\n");
}

/// `{"board":..,"error":..}`: the text as given (or null when there is none to show) and
/// why it has no answer.
pub fn write_error(buf: &mut Vec<u8>, given: Option<&[u8]>, why: &dyn Display) {
    buf.extend_from_slice(b"{\"board\":");
    match given {
        Some(text) => json_string(buf, &String::from_utf8_lossy(text)),
        None => buf.extend_from_slice(b"null"),
    }
    buf.extend_from_slice(b",\"error\":");
    json_string(buf, &why.to_string());
    buf.extend_from_slice(b"}\n");
}

/// The message for a board no game reaches.
pub struct NoGame(pub Unreachable);

impl Display for NoGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no game reaches this board: {}", self.0)
    }
}
