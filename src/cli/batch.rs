//! The batch commands' pipeline, one board at a time:
//! source -> [`LineReader`] -> format reader -> [`Board`] -> [`Memo`] / table lookup ->
//! [`Answer`] -> [`Output`].
//!
//! A command (`outcome`, `validity`) is an [`Answer`]: how to ask the table about a board
//! ([`Answer::judge`], one phf lookup) and how to write what it said. Everything else,
//! reading, memoising, locating faults and exit statuses, lives here once.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fmt::Display;

use perfect_play::Board;

use super::Status;
use super::formats::{self, Format, Sink, Stop};
use super::input::{LineReader, sources};
use super::output::{Output, OutputError, PADDED};

/// The number of distinct boards: every base-3 code is below this.
const CODES: usize = 19_683;

/// What a batch command says about each board.
pub trait Answer {
    /// What the table says about a board, as much as the answer needs: small and `Copy`,
    /// so that it can be memoised per board.
    type Verdict: Copy;

    /// Asks the solved table about `board`: one phf lookup.
    fn judge(board: Board) -> Self::Verdict;

    /// The answer for `verdict` when it is one fixed line (`\n` included) that needs no
    /// message, such as `x\n`; `None` when [`write`](Answer::write) must run. Asked once
    /// per distinct board: fixed answers are what the memo serves fastest.
    fn fixed(&self, verdict: Self::Verdict) -> Option<Cow<'static, [u8]>>;

    /// Writes the answer for `board`, read at `line`, and any message it needs.
    ///
    /// # Errors
    /// Writing failed.
    fn write(
        &mut self,
        out: &mut Output,
        line: u64,
        board: Board,
        verdict: Self::Verdict,
    ) -> Result<(), OutputError>;

    /// Writes the answer for text that is not a board (`given`, when there is one line of
    /// it) and its message.
    ///
    /// # Errors
    /// Writing failed.
    fn unreadable(
        &self,
        out: &mut Output,
        line: u64,
        given: Option<&[u8]>,
        why: &dyn Display,
    ) -> Result<(), OutputError>;
}

/// A fixed answer line, kept whole and, when short, also padded for
/// [`Output::answer_padded`].
pub struct Fixed {
    text: Box<[u8]>,
    padded: [u8; PADDED],
}

impl Fixed {
    fn new(text: &[u8]) -> Fixed {
        let mut padded = [0; PADDED];
        padded
            .iter_mut()
            .zip(text)
            .for_each(|(to, from)| *to = *from);
        Fixed {
            text: text.into(),
            padded,
        }
    }

    /// Writes the line.
    #[inline(always)]
    fn write(&self, out: &mut Output) -> Result<(), OutputError> {
        if self.text.len() <= PADDED {
            out.answer_padded(&self.padded, self.text.len())
        } else {
            out.answer(&self.text)
        }
    }
}

/// What the memo recalls for a board.
pub enum Recall<'a, V> {
    /// The answer is this fixed line.
    Fixed(&'a Fixed),
    /// The answer must be written from this verdict.
    Verdict(V),
}

/// Answers remembered per board code, filled lazily: the first time a board is seen its
/// verdict comes from the table (one phf lookup), every later time from a dense array of
/// 19,683 one-byte slots. The table stays the source of every answer; the memo only saves
/// hashing the same board twice, and for the few fixed answer lines (`x`, `TIE`,
/// `valid`, ...) the branching and copying of writing them. Disabled, it holds nothing and
/// every board is looked up.
pub struct Memo<V> {
    /// Per board code: [`UNKNOWN`], [`GENERAL`] (the verdict is in `verdicts`), or
    /// [`FIRST_FIXED`] plus the index of its fixed answer in `fixed`.
    slots: Vec<u8>,
    verdicts: Vec<Option<V>>,
    fixed: Vec<Fixed>,
}

const UNKNOWN: u8 = 0;
const GENERAL: u8 = 1;
const FIRST_FIXED: u8 = 2;

impl<V: Copy> Memo<V> {
    /// A memo with every slot empty, or a disabled one.
    pub fn new(enabled: bool) -> Memo<V> {
        let size = if enabled { CODES } else { 0 };
        Memo {
            slots: vec![UNKNOWN; size],
            verdicts: vec![None; size],
            fixed: Vec::new(),
        }
    }

    /// The answer for the board with this code: remembered, or asked of the table and
    /// remembered.
    #[inline(always)]
    pub fn recall<A: Answer<Verdict = V>>(&mut self, code: u16, answer: &A) -> Recall<'_, V> {
        let index = usize::from(code);
        match self.slots.get(index) {
            Some(&slot) if slot >= FIRST_FIXED => {
                match self.fixed.get(usize::from(slot - FIRST_FIXED)) {
                    Some(fixed) => Recall::Fixed(fixed),
                    None => Recall::Verdict(A::judge(board(code))),
                }
            }
            Some(&GENERAL) => match self.verdicts.get(index) {
                Some(&Some(verdict)) => Recall::Verdict(verdict),
                _ => Recall::Verdict(A::judge(board(code))),
            },
            Some(_) => self.learn(index, board(code), answer),
            None => Recall::Verdict(A::judge(board(code))),
        }
    }

    /// Asks the table about a board seen for the first time and fills its slot.
    #[cold]
    fn learn<A: Answer<Verdict = V>>(
        &mut self,
        code: usize,
        board: Board,
        answer: &A,
    ) -> Recall<'_, V> {
        let verdict = A::judge(board);
        let slot = match answer.fixed(verdict) {
            Some(line) => {
                let known = self.fixed.iter().position(|fixed| *fixed.text == *line);
                let index = known.unwrap_or_else(|| {
                    self.fixed.push(Fixed::new(&line));
                    self.fixed.len() - 1
                });
                // Past 254 distinct lines (never, for the answers here), fall back.
                u8::try_from(index)
                    .ok()
                    .and_then(|index| index.checked_add(FIRST_FIXED))
                    .unwrap_or(GENERAL)
            }
            None => GENERAL,
        };
        if let Some(stored) = self.slots.get_mut(code) {
            *stored = slot;
        }
        if let Some(stored) = self.verdicts.get_mut(code) {
            *stored = Some(verdict);
        }
        match self.fixed.get(usize::from(slot.wrapping_sub(FIRST_FIXED))) {
            Some(fixed) if slot >= FIRST_FIXED => Recall::Fixed(fixed),
            _ => Recall::Verdict(verdict),
        }
    }
}

/// Answer lines rendered once per board code and copied every later time: for answers
/// that are the same whenever the board comes back but too many to be [`Answer::fixed`]
/// (a JSON object per board). At most 19,683 lines of about a hundred bytes. Disabled
/// (with the memo), every line is rendered afresh.
pub struct LineCache {
    lines: Vec<Option<Box<[u8]>>>,
}

impl LineCache {
    /// An empty cache, or a disabled one.
    pub fn new(enabled: bool) -> LineCache {
        LineCache {
            lines: if enabled {
                vec![None; CODES]
            } else {
                Vec::new()
            },
        }
    }

    /// Writes the line for the board with this code: cached, or rendered by `render`
    /// (which appends one line to the buffer it is given) and cached.
    ///
    /// # Errors
    /// Writing failed.
    pub fn write(
        &mut self,
        out: &mut Output,
        code: u16,
        render: impl FnOnce(&mut Vec<u8>),
    ) -> Result<(), OutputError> {
        match self.lines.get_mut(usize::from(code)) {
            Some(Some(line)) => out.answer(line),
            Some(slot) => {
                let mut line = Vec::new();
                render(&mut line);
                out.answer(slot.insert(line.into_boxed_slice()))
            }
            None => {
                render(out.buffer());
                out.answered()
            }
        }
    }
}

/// The board with this code (below 19,683: every code a format reader hands on is).
///
/// Two small tables instead of [`Board::from_code`]'s nine divisions by 3, which
/// profiling showed costing twice the phf lookup itself: the code is split into its low
/// five base-3 digits (cells 0-4) and its high four (cells 5-8), and each part's x and o
/// masks are read from a table. The unit tests check it against [`Board::from_code`] on
/// every code.
#[inline]
fn board(code: u16) -> Board {
    /// Cells `FIRST..FIRST + N` of every code `0..3^N`, as `(x, o)` masks.
    #[allow(clippy::indexing_slicing)] // only evaluated at compile time, for LOW and HIGH
    const fn masks<const N: usize>(first: u32) -> [(u16, u16); N] {
        let mut table = [(0, 0); N];
        let mut code = 0;
        while code < N {
            let (mut rest, mut cell, mut x, mut o) = (code, first, 0, 0);
            while rest > 0 {
                match rest % 3 {
                    1 => x |= 1 << cell,
                    2 => o |= 1 << cell,
                    _ => {}
                }
                rest /= 3;
                cell += 1;
            }
            table[code] = (x, o);
            code += 1;
        }
        table
    }
    const LOW: [(u16, u16); 243] = masks(0);
    const HIGH: [(u16, u16); 81] = masks(5);
    let low = LOW
        .get(usize::from(code % 243))
        .copied()
        .unwrap_or_default();
    let high = HIGH
        .get(usize::from(code / 243))
        .copied()
        .unwrap_or_default();
    Board::from_masks(low.0 | high.0, low.1 | high.1).unwrap_or(Board::EMPTY)
}

/// A command's answers wired to the output: the [`Sink`] the format readers feed.
struct Batch<A: Answer> {
    answer: A,
    memo: Memo<A::Verdict>,
    out: Output,
}

impl<A: Answer> Sink for Batch<A> {
    #[inline(always)]
    fn board(&mut self, line: u64, code: u16) -> Result<(), OutputError> {
        match self.memo.recall(code, &self.answer) {
            Recall::Fixed(fixed) => fixed.write(&mut self.out),
            Recall::Verdict(verdict) => {
                self.answer.write(&mut self.out, line, board(code), verdict)
            }
        }
    }

    fn unreadable(
        &mut self,
        line: u64,
        given: Option<&[u8]>,
        why: &dyn Display,
    ) -> Result<(), OutputError> {
        self.answer.unreadable(&mut self.out, line, given, why)
    }

    fn problem(&mut self, line: u64, why: &dyn Display) -> Result<(), OutputError> {
        self.out.note(line, why)
    }
}

/// Answers every board of `files` (stdin when empty; `-` is stdin), in order, read in
/// `format`. A file that cannot be opened or read is reported and the next one is read.
pub fn run<A: Answer>(files: &[OsString], format: Format, answer: A, memo: bool) -> Status {
    let mut batch = Batch {
        answer,
        memo: Memo::new(memo),
        out: Output::new(),
    };
    for source in sources(files) {
        let source = match source {
            Ok(source) => source,
            Err(error) => {
                batch.out.error(&error);
                continue;
            }
        };
        batch.out.set_input(&source.name);
        let mut reader = LineReader::new(source.reader);
        match formats::read(format, &mut reader, &mut batch) {
            Ok(()) => {}
            Err(Stop::Input(error)) => batch.out.error(&format_args!(
                "{}:{}: cannot read: {error}",
                source.name,
                reader.line_number() + 1
            )),
            Err(Stop::Output(error)) => return output_failed(&error),
        }
    }
    batch
        .out
        .finish()
        .unwrap_or_else(|error| output_failed(&error))
}

/// The status after stdout failed: a closed pipe is the reader's way of saying it has
/// enough (status 0, nothing said); anything else is reported (status 2).
pub fn output_failed(error: &OutputError) -> Status {
    if error.is_broken_pipe() {
        Status::Success
    } else {
        super::report(error);
        Status::Failure
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_from_code_agrees_with_the_library() {
        for code in 0..CODES as u16 {
            assert_eq!(Some(board(code)), Board::from_code(code), "code {code}");
        }
    }
}
