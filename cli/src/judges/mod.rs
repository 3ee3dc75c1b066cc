//! The judges' adapter: tic-tac-toe boards in the online judges' input formats (`lines`,
//! Baekjoon 7682's `boj`, algospot TICTACTOE's `algospot`), answered in their spellings
//! (`x`, `o`, `TIE`; `valid`, `invalid`) at a hundred million boards a second. This is
//! `perfect-play outcome` and `perfect-play validity` without `--game`; every game,
//! tic-tac-toe included, is answered in its own notation by `outcome --game`
//! ([`crate::outcome`]).
//!
//! One board's way: [`crate::input`] reads lines in constant memory, a reader of
//! [`formats`] turns them into items (a board, text that is not one, a fault in the input's
//! shape), and `answer` answers each through the [`cache`] with the command's [`Render`]
//! ([`outcome`], [`validity`]), writing through [`crate::output`]; the messages go to
//! stderr as `NAME:LINE: why`.

pub mod cache;
pub mod formats;
pub mod outcome;
pub mod validity;

use std::ffi::OsString;
use std::fmt::Display;

use perfect_play::games::tictactoe::Board;

use crate::batch::{self, Answered, ReadFailed};
use crate::output::{Output, Status};
use cache::{Answer, AnswerCache};
use formats::algospot::Algospot;
use formats::lines::Lines;
use formats::{Format, Item, Items, Unreadable};

/// What a judges' command answers.
pub trait Render {
    /// The answer to `board`: the line to write (`\n` included), and the message for
    /// stderr when the board gets no real answer (no game reaches it). Rendered once per
    /// distinct board of a run, so it may take its time.
    fn board(&self, board: Board) -> Answer;

    /// Appends the answer line for text that is not a board (`text`, when one line holds
    /// it), which `why` explains.
    fn not_a_board(&self, line: &mut Vec<u8>, text: Option<&[u8]>, why: &dyn Display);
}

/// Answers every board of `files` (stdin when empty; `-` is stdin), in order, read in
/// `format`. With `cache`, each distinct board is rendered once per run.
pub fn run(files: &[OsString], format: Format, render: &impl Render, cache: bool) -> Status {
    let mut cache = AnswerCache::new(cache);
    let prompt = match format {
        Format::Lines => "Type tic-tac-toe boards, one a line (`xx.oo....` or `xx./oo./...`)",
        Format::Boj => "Type tic-tac-toe boards, one a line (`xxxoo....`), and `end`",
        Format::Algospot => {
            "Type the number of boards, then each board as three rows (`xx.`, `oo.`, `...`)"
        }
    };
    batch::run(files, &prompt, |input, out| match format {
        Format::Lines => answer(Lines::new(input, false), render, &mut cache, out),
        Format::Boj => answer(Lines::new(input, true), render, &mut cache, out),
        Format::Algospot => answer(Algospot::new(input), render, &mut cache, out),
    })
}

/// Answers every item of one source.
fn answer(
    mut items: impl Items,
    render: &impl Render,
    cache: &mut AnswerCache,
    out: &mut Output,
) -> Answered {
    loop {
        // The common case first: the run of plain boards in the reader's buffer.
        items.boards(|line, code| cache.get_code(code, render).write(line, out))?;
        let (line, item) = match items.next_item() {
            Ok(Some(next)) => next,
            Ok(None) => return Ok(Ok(())),
            Err(error) => {
                let after_line = items.line_number();
                return Ok(Err(ReadFailed { after_line, error }));
            }
        };
        match item {
            Item::Board(board) => cache.get_code(board.code(), render).write(line, out)?,
            Item::Blank => out.answer(b"\n")?,
            Item::NotABoard(unreadable) => {
                let Unreadable { text, why } = *unreadable;
                out.note(line, &why)?;
                render.not_a_board(out.buffer(), text.as_deref(), &why);
                out.answered()?;
            }
            Item::Fault(fault) => out.note(line, &fault)?,
        }
    }
}
