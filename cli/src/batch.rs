//! The batch commands' pipeline, one item at a time:
//! source -> [`LineReader`] -> format reader -> [`Item`] -> [`AnswerCache`] -> [`Output`].
//!
//! A batch command (`outcome`, `validity`) is a [`Render`]: how to write its answer to a
//! board, and to text that is not one. [`run`] reads every item of every input and writes
//! its answer in input order; the messages go to stderr as `NAME:LINE: why`.

use std::ffi::OsString;
use std::fmt::Display;

use super::Status;
use super::cache::{Answer, AnswerCache};
use super::formats::algospot::Algospot;
use super::formats::lines::Lines;
use super::formats::{Format, Item, Items, Unreadable};
use super::input::{LineReader, sources};
use super::output::{Output, OutputError, output_failed};
use perfect_play::games::tictactoe::Board;

/// What a batch command answers.
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
/// `format`. A file that cannot be opened or read is reported and the next one is read.
/// With `cache`, each distinct board is rendered once per run.
pub fn run(files: &[OsString], format: Format, render: &impl Render, cache: bool) -> Status {
    let mut out = Output::new();
    let mut cache = AnswerCache::new(cache);
    for source in sources(files) {
        let source = match source {
            Ok(source) => source,
            Err(error) => {
                out.error(&error);
                continue;
            }
        };
        out.set_input(&source.name);
        let input = LineReader::new(source.reader);
        let read = match format {
            Format::Lines => answer(Lines::new(input, false), render, &mut cache, &mut out),
            Format::Boj => answer(Lines::new(input, true), render, &mut cache, &mut out),
            Format::Algospot => answer(Algospot::new(input), render, &mut cache, &mut out),
        };
        match read {
            Ok(Ok(())) => {}
            // Nothing read at all (a directory, say): the fault is the file's, not a line's.
            Ok(Err((1, error))) => {
                out.error(&format_args!("{}: cannot read: {error}", source.name))
            }
            Ok(Err((line, error))) => out.error(&format_args!(
                "{}:{line}: cannot read: {error}",
                source.name
            )),
            Err(error) => return output_failed(&error),
        }
    }
    out.finish().unwrap_or_else(|error| output_failed(&error))
}

/// Answers every item of one source. The outer error is the output failing; the inner one
/// is the input failing, at a line.
fn answer(
    mut items: impl Items,
    render: &impl Render,
    cache: &mut AnswerCache,
    out: &mut Output,
) -> Result<Result<(), (u64, std::io::Error)>, OutputError> {
    loop {
        // The common case first: the run of plain boards in the reader's buffer.
        items.boards(|line, code| cache.get_code(code, render).write(line, out))?;
        let (line, item) = match items.next_item() {
            Ok(Some(next)) => next,
            Ok(None) => return Ok(Ok(())),
            Err(error) => return Ok(Err((items.line_number() + 1, error))),
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
