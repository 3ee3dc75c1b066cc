//! `perfect-play validity`: can a real game end on each board (Baekjoon 7682's question).

use std::borrow::Cow;
use std::fmt::Display;
use std::io::Write;

use perfect_play::{Board, NotFinal};

use super::batch::{Answer, LineCache};
use super::outcome::write_error;
use super::output::{Output, OutputError, json_string};

/// How to write each answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// `valid` or `invalid`.
    Plain,
    /// `valid` or `invalid: why`.
    Explain,
    /// One JSON object per board.
    Json,
}

/// Answers `valid`, `invalid` or `error` per board, in the chosen [`Style`].
pub struct Validity {
    style: Style,
    /// The JSON objects, per board.
    cache: LineCache,
}

impl Validity {
    /// Answers in `style`; with `cache`, each board's JSON object is rendered once.
    pub fn new(style: Style, cache: bool) -> Validity {
        Validity {
            style,
            cache: LineCache::new(cache && style == Style::Json),
        }
    }
}

impl Answer for Validity {
    type Verdict = Result<(), NotFinal>;

    #[inline]
    fn judge(board: Board) -> Self::Verdict {
        board.check_final().map(drop)
    }

    fn fixed(&self, verdict: Self::Verdict) -> Option<Cow<'static, [u8]>> {
        match (self.style, verdict) {
            (Style::Plain | Style::Explain, Ok(())) => Some(Cow::Borrowed(b"valid\n")),
            (Style::Plain, Err(_)) => Some(Cow::Borrowed(b"invalid\n")),
            (Style::Explain, Err(why)) => {
                Some(Cow::Owned(format!("invalid: {why}\n").into_bytes()))
            }
            (Style::Json, _) => None,
        }
    }

    #[inline]
    fn write(
        &mut self,
        out: &mut Output,
        _: u64,
        board: Board,
        verdict: Self::Verdict,
    ) -> Result<(), OutputError> {
        match (self.style, verdict) {
            (Style::Plain | Style::Explain, Ok(())) => out.answer(b"valid\n"),
            (Style::Plain, Err(_)) => out.answer(b"invalid\n"),
            (Style::Explain, Err(why)) => {
                // Writing into a Vec cannot fail.
                let _ = writeln!(out.buffer(), "invalid: {why}");
                out.answered()
            }
            (Style::Json, verdict) => self.cache.write(out, board.code(), |buf| {
                let reachable = !matches!(verdict, Err(NotFinal::Unreachable(_)));
                let _ = write!(
                    buf,
                    "{{\"board\":\"{board}\",\"reachable\":{reachable},\"finished\":{},\"valid\":{},\"reason\":",
                    board.is_finished(),
                    verdict.is_ok(),
                );
                match verdict {
                    Ok(()) => buf.extend_from_slice(b"null"),
                    Err(why) => json_string(buf, &why.to_string()),
                }
                buf.extend_from_slice(b"}\n");
            }),
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
        match self.style {
            Style::Plain => out.answer(b"error\n"),
            Style::Explain => {
                let _ = writeln!(out.buffer(), "error: {why}");
                out.answered()
            }
            Style::Json => {
                write_error(out.buffer(), given, why);
                out.answered()
            }
        }
    }
}
