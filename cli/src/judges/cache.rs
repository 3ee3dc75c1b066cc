//! The answers of one run, per board: each distinct board is rendered once, and every time
//! it comes back its answer is copied. The solved table stays the source of every answer;
//! the cache saves rendering (and hashing) the same board twice.

use std::collections::HashMap;

use super::Render;
use crate::output::{Output, OutputError, PADDED};
use perfect_play::games::tictactoe::Board;

/// Every board has a code below this ([`Board::code`]).
const CODES: usize = 19_683;

/// A batch command's answer to one board: the line to write and, when the board gets no
/// real answer, the message for stderr.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    line: AnswerLine,
    note: Option<Box<str>>,
}

/// An answer line, kept padded when short so that writing it is one fixed-size copy.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum AnswerLine {
    Short { padded: [u8; PADDED], len: u8 },
    Long(Box<[u8]>),
}

impl Answer {
    /// The answer `line` (`\n` included), with `note` for stderr if the board gets no real
    /// answer.
    pub fn new(line: &[u8], note: Option<String>) -> Answer {
        let mut padded = [0; PADDED];
        let line = match (padded.get_mut(..line.len()), u8::try_from(line.len())) {
            (Some(room), Ok(len)) => {
                room.copy_from_slice(line);
                AnswerLine::Short { padded, len }
            }
            _ => AnswerLine::Long(line.into()),
        };
        Answer {
            line,
            note: note.map(String::into_boxed_str),
        }
    }

    /// Writes the answer to the board at `line`: its note to stderr, if any, and its line.
    ///
    /// # Errors
    /// Writing failed.
    #[inline(always)]
    pub fn write(&self, line: u64, out: &mut Output) -> Result<(), OutputError> {
        if let Some(note) = self.note.as_deref() {
            out.note(line, &note)?;
        }
        match &self.line {
            AnswerLine::Short { padded, len } => out.answer_padded(padded, usize::from(*len)),
            AnswerLine::Long(line) => out.answer(line),
        }
    }
}

/// The answers rendered so far in a run, per board.
pub struct AnswerCache {
    /// Per board code: 0 while not rendered, else 1 + the index of its answer.
    slots: Vec<u16>,
    /// The distinct answers, each once (thousands of boards share `x\n`).
    answers: Vec<Answer>,
    /// Where each answer is in `answers`, to keep them distinct.
    known: HashMap<Answer, u16>,
}

impl AnswerCache {
    /// An empty cache; a disabled one renders every board afresh (for measuring).
    pub fn new(enabled: bool) -> AnswerCache {
        AnswerCache {
            slots: if enabled { vec![0; CODES] } else { Vec::new() },
            answers: Vec::new(),
            known: HashMap::new(),
        }
    }

    /// The answer to the board whose [`Board::code`] is `code` (the cache's key, which the
    /// batch readers compute without building the board): remembered, or rendered now and
    /// remembered.
    #[inline(always)]
    #[allow(clippy::indexing_slicing)] // `learn` only returns indices into `answers`
    pub fn get_code(&mut self, code: u16, render: &impl Render) -> &Answer {
        let index = match self.slots.get(usize::from(code)) {
            Some(&slot) if slot != 0 => usize::from(slot - 1),
            _ => self.learn(code, render),
        };
        &self.answers[index]
    }

    /// Renders a board met for the first time, and fills its slot.
    #[cold]
    #[inline(never)]
    fn learn(&mut self, code: u16, render: &impl Render) -> usize {
        let answer = match Board::from_code(code) {
            Some(board) => render.board(board),
            // Every code the readers hand on is a board's (below 3^9). Were one not, it is
            // answered as an error, never as some other board.
            None => {
                let why = format!("internal error: board code {code} is not below 3^9");
                let mut line = Vec::new();
                render.not_a_board(&mut line, None, &why);
                Answer::new(&line, Some(why))
            }
        };
        let Some(slot) = self.slots.get_mut(usize::from(code)) else {
            // Disabled: the one answer kept is this board's.
            self.answers.clear();
            self.answers.push(answer);
            return 0;
        };
        let index = match self.known.get(&answer) {
            Some(&index) => index,
            None => {
                // Each answer was learnt for another board code: fewer than 19,683 of them.
                let index = self.answers.len() as u16;
                self.known.insert(answer.clone(), index);
                self.answers.push(answer);
                index
            }
        };
        *slot = index + 1;
        usize::from(index)
    }
}
