//! The batch commands' one loop over their inputs: every source named on the command line
//! (stdin when none; `-` is stdin) read in order through a [`LineReader`], answered through
//! one [`Output`], with the same messages for a source that cannot be opened or read.
//!
//! What a command does with each source's lines is its own: the judges' formats
//! ([`crate::judges`]), a game's positions ([`crate::outcome`]), footholds queries
//! ([`crate::footholds`]).

use std::ffi::OsString;
use std::fmt::Display;
use std::io::{self, Read};

use super::input::{LineReader, sources};
use super::output::{self, Output, OutputError, Status, output_failed};

/// Reading a source failed after some of it was answered.
#[derive(Debug)]
pub struct ReadFailed {
    /// The last line read whole (0 when nothing was read: the fault is the file's).
    pub after_line: u64,
    /// Why.
    pub error: io::Error,
}

/// What answering one source came to: the inner error is the input failing at a line (the
/// rest of the source is lost, the next source is read); the outer one is the output
/// failing (the run ends).
pub type Answered = Result<Result<(), ReadFailed>, OutputError>;

/// Answers every source of `files` in order with `answer`, then flushes. A source that
/// cannot be opened or read is reported (exit status 2) and the next one is read. When
/// stdin is read from a terminal, `prompt` first says on stderr what to type and how to
/// end (`Type tic-tac-toe boards, one a line`: the rest is added here).
pub fn run(
    files: &[OsString],
    prompt: &dyn Display,
    mut answer: impl FnMut(LineReader<Box<dyn Read>>, &mut Output) -> Answered,
) -> Status {
    let mut out = Output::new();
    for source in sources(files) {
        let source = match source {
            Ok(source) => source,
            Err(error) => {
                out.error(&format_args!("perfect-play: {error}"));
                continue;
            }
        };
        if source.name == "-" {
            output::prompt(&format_args!("{prompt}, then Ctrl-D to end:"));
        }
        out.set_input(&source.name);
        match answer(LineReader::new(source.reader), &mut out) {
            Ok(Ok(())) => {}
            Ok(Err(ReadFailed {
                after_line: 0,
                error,
            })) => out.error(&format_args!(
                "perfect-play: {}: cannot read: {error}",
                source.name
            )),
            Ok(Err(ReadFailed { after_line, error })) => out.error(&format_args!(
                "perfect-play: {}:{}: cannot read: {error}",
                source.name,
                after_line + 1
            )),
            Err(error) => return output_failed(&error),
        }
    }
    out.finish().unwrap_or_else(|error| output_failed(&error))
}
