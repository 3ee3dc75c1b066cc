//! Writing answers and messages: one buffer for stdout, one for stderr, flushed together.
//!
//! Answers are appended to a buffer and written in large blocks through the locked stdout
//! (line by line when stdout is a terminal, so a person typing boards sees each answer at
//! once). Messages about the input, `NAME:LINE: what is wrong`, gather in a second buffer
//! that is written to stderr just before each block of answers, so the two streams stay
//! roughly in step. A write to stderr that fails is ignored: there is nowhere left to say so.

use std::fmt::{self, Display};
use std::io::{self, IsTerminal, StderrLock, StdoutLock, Write};

/// How a run ended, in increasing order of trouble; the exit status is the worst reached.
/// [`Output`] keeps it as answers and messages are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// 0: every board answered.
    Success,
    /// 1: some input was not a (reachable) board, or the input was malformed.
    Partial,
    /// 2: a usage or I/O error.
    Failure,
}

impl Status {
    /// The process exit status.
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Partial => 1,
            Status::Failure => 2,
        }
    }
}

/// Says on stderr what went wrong, as `perfect-play: why`, in one write (stderr is
/// unbuffered: written piece by piece, the lines of processes sharing it, the ranks of an
/// MPI job, interleave mid-line). A failure to write to stderr is ignored: there is nowhere
/// left to report it.
pub fn report(why: &dyn Display) {
    let line = format!("perfect-play: {why}\n");
    let _ = io::stderr().write_all(line.as_bytes());
}

/// Writes `text` as one line to stderr in one write, when stdin is a terminal: nothing
/// else would show that the command waits for input. One write keeps the terminal's echo
/// of what the person types from landing inside the prompt.
pub fn prompt(text: &dyn Display) {
    if io::stdin().is_terminal() {
        let line = format!("{text}\n");
        let _ = io::stderr().write_all(line.as_bytes());
    }
}

/// The status after stdout failed: a closed pipe is the reader's way of saying it has
/// enough (status 0, nothing said); anything else is reported (status 2).
pub fn output_failed(error: &OutputError) -> Status {
    if error.is_broken_pipe() {
        Status::Success
    } else {
        report(error);
        Status::Failure
    }
}

/// Answers are written to stdout once this many bytes are buffered.
const FLUSH_AT: usize = 64 * 1024;

/// Messages are written to stderr once this many bytes are buffered.
const NOTES_FLUSH_AT: usize = 8 * 1024;

/// Writing to stdout failed: the reader went away (a closed pipe) or the device did.
#[derive(Debug)]
pub struct OutputError(pub io::Error);

impl OutputError {
    /// Whether the reader closed the pipe: the normal end of `perfect-play ... | head`.
    pub fn is_broken_pipe(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

impl Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write output: {}", self.0)
    }
}

/// Where answers and messages go, and the exit status they add up to.
pub struct Output {
    stdout: StdoutLock<'static>,
    /// `answers[..filled]` is waiting to be written; the buffer never grows.
    answers: Box<[u8]>,
    filled: usize,
    /// Where a formatted answer is written before it joins `answers`.
    scratch: Vec<u8>,
    stderr: StderrLock<'static>,
    notes: Vec<u8>,
    /// Flush after every answer (stdout is a terminal).
    line_buffered: bool,
    /// Answers are written out once this many bytes are buffered: [`FLUSH_AT`], or 1 on a
    /// terminal (every answer at once).
    flush_at: usize,
    /// The name of the input being read, for messages.
    name: String,
    status: Status,
}

impl Output {
    /// Locks stdout and stderr for the life of the command.
    #[allow(clippy::new_without_default)] // takes the process's locks: no default value
    pub fn new() -> Output {
        let stdout = io::stdout();
        let line_buffered = stdout.is_terminal();
        Output {
            stdout: stdout.lock(),
            answers: vec![0; FLUSH_AT + PADDED].into_boxed_slice(),
            filled: 0,
            scratch: Vec::new(),
            stderr: io::stderr().lock(),
            notes: Vec::new(),
            line_buffered,
            flush_at: if line_buffered { 1 } else { FLUSH_AT },
            name: "-".to_owned(),
            status: Status::Success,
        }
    }

    /// Names the input that the next messages are about.
    pub fn set_input(&mut self, name: &str) {
        name.clone_into(&mut self.name);
    }

    /// Appends to the answers. Callers end each answer with `\n`.
    ///
    /// # Errors
    /// Writing to stdout failed.
    pub fn answer(&mut self, text: &[u8]) -> Result<(), OutputError> {
        match self.answers.get_mut(self.filled..self.filled + text.len()) {
            Some(room) => {
                room.copy_from_slice(text);
                self.filled += text.len();
            }
            None => {
                // Too big for what is left of the buffer: write what is there, then this.
                self.flush()?;
                self.stdout.write_all(text).map_err(OutputError)?;
            }
        }
        self.answered()
    }

    /// Appends the first `len` bytes of `text` (at most [`PADDED`]), copying all
    /// [`PADDED`] bytes at once: one fixed-size store instead of a `memcpy` call, for the
    /// short fixed answers that batch commands write by the million.
    ///
    /// # Errors
    /// Writing to stdout failed.
    #[inline(always)]
    pub fn answer_padded(&mut self, text: &[u8; PADDED], len: usize) -> Result<(), OutputError> {
        // The buffer keeps PADDED bytes of room past FLUSH_AT and is flushed once it
        // reaches FLUSH_AT, so there is always room here.
        if let Some(room) = self.answers.get_mut(self.filled..self.filled + PADDED) {
            room.copy_from_slice(text);
            self.filled += len.min(PADDED);
        }
        if self.filled >= self.flush_at {
            self.flush()
        } else {
            Ok(())
        }
    }

    /// A buffer to write one answer into with `write!` or serde_json; call
    /// [`answered`](Output::answered) after.
    pub fn buffer(&mut self) -> &mut Vec<u8> {
        &mut self.scratch
    }

    /// Moves what [`buffer`](Output::buffer) holds to the answers, and flushes if enough
    /// answers are buffered (or after each one on a terminal).
    ///
    /// # Errors
    /// Writing to stdout failed.
    #[inline]
    pub fn answered(&mut self) -> Result<(), OutputError> {
        if !self.scratch.is_empty() {
            let scratch = std::mem::take(&mut self.scratch);
            let written = self.answer(&scratch);
            self.scratch = scratch;
            self.scratch.clear();
            return written;
        }
        if self.filled >= self.flush_at {
            self.flush()
        } else {
            Ok(())
        }
    }

    /// Says on stderr what is wrong at `line` of the current input, as `NAME:LINE: why`,
    /// and marks the run as partial (exit status 1).
    ///
    /// # Errors
    /// Writing to stdout failed (messages flush the answers before them).
    pub fn note(&mut self, line: u64, why: &dyn Display) -> Result<(), OutputError> {
        self.note_at(&line, why)
    }

    /// Says on stderr what is wrong at `place` of the current input (`LINE`,
    /// `LINE:COLUMN`, `[INDEX]`), as `NAME:PLACE: why`, and marks the run as partial.
    ///
    /// # Errors
    /// Writing to stdout failed (messages flush the answers before them).
    pub fn note_at(&mut self, place: &dyn Display, why: &dyn Display) -> Result<(), OutputError> {
        self.raise(Status::Partial);
        // Writing into a Vec cannot fail.
        let _ = writeln!(self.notes, "{}:{place}: {why}", self.name);
        if self.line_buffered || self.notes.len() >= NOTES_FLUSH_AT {
            self.flush()?;
        }
        Ok(())
    }

    /// Says on stderr that something failed outside any one line (a file that cannot be
    /// opened or read), and marks the run as failed (exit status 2).
    pub fn error(&mut self, why: &dyn Display) {
        self.raise(Status::Failure);
        let _ = writeln!(self.notes, "{why}");
    }

    /// Raises the exit status to at least `status`.
    pub fn raise(&mut self, status: Status) {
        self.status = self.status.max(status);
    }

    /// Writes out everything buffered: the messages, then the answers.
    ///
    /// # Errors
    /// Writing to stdout failed.
    pub fn flush(&mut self) -> Result<(), OutputError> {
        if !self.notes.is_empty() {
            let _ = self.stderr.write_all(&self.notes);
            self.notes.clear();
        }
        let filled = std::mem::take(&mut self.filled);
        if let Some(answers) = self.answers.get(..filled).filter(|a| !a.is_empty()) {
            self.stdout.write_all(answers).map_err(OutputError)?;
        }
        self.stdout.flush().map_err(OutputError)
    }

    /// Flushes and returns the exit status the run earned.
    ///
    /// # Errors
    /// Writing to stdout failed.
    pub fn finish(mut self) -> Result<Status, OutputError> {
        self.flush()?;
        Ok(self.status)
    }

    /// Whether stdout is a terminal.
    pub fn is_terminal(&self) -> bool {
        self.line_buffered
    }
}

/// The size of [`Output::answer_padded`]'s fixed store: the longest short answer.
pub const PADDED: usize = 16;

/// Whether to colour output meant for a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when stdout is a terminal and `NO_COLOR` is not set.
    Auto,
    /// Always colour (ANSI escape codes).
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether to colour, given whether stdout is a terminal: `auto` colours a terminal
    /// unless `NO_COLOR` is set to anything but the empty string (<https://no-color.org>).
    pub fn enabled(self, terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                terminal && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
            }
        }
    }
}
