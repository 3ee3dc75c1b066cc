//! Reading input in constant memory: named sources (files or stdin) and a line reader over
//! one fixed buffer.
//!
//! Every command reads through [`LineReader`]: it never holds more than [`CAPACITY`] bytes,
//! whatever the input, so a file of any size streams through, and a line longer than
//! [`MAX_LINE`] is reported by its length and skipped to its newline without being kept.
//! A UTF-8 byte order mark at the start of each source is dropped, and so is the `\r` of a
//! CRLF line end.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, Read};

/// The longest line (bytes before its `\n`) a reader hands on; longer ones are skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// The size of a reader's buffer: what one `read` call may fill, and all the memory
/// input ever takes. Larger than [`MAX_LINE`], so a line that fits always fits whole.
pub const CAPACITY: usize = 256 * 1024;

const BOM: &[u8] = b"\xef\xbb\xbf";

/// An input: a file, or stdin when the name is `-`, with the name messages use.
pub struct Source {
    /// The name as given on the command line (`-` for stdin), for `NAME:LINE:` messages.
    pub name: String,
    /// The bytes.
    pub reader: Box<dyn Read>,
}

impl Source {
    /// Standard input, named `-`.
    pub fn stdin() -> Source {
        Source {
            name: "-".to_owned(),
            reader: Box::new(io::stdin().lock()),
        }
    }

    /// Opens `path`, or stdin for `-`.
    pub fn open(path: &OsStr) -> Result<Source, SourceError> {
        if path == "-" {
            return Ok(Source::stdin());
        }
        let name = path.to_string_lossy().into_owned();
        match File::open(path) {
            Ok(file) => Ok(Source {
                name,
                reader: Box::new(file),
            }),
            Err(error) => Err(SourceError { name, error }),
        }
    }
}

/// The inputs a command reads, in order: stdin when none are named.
pub fn sources(files: &[OsString]) -> impl Iterator<Item = Result<Source, SourceError>> + '_ {
    let stdin = files.is_empty().then(|| Ok(Source::stdin()));
    stdin
        .into_iter()
        .chain(files.iter().map(|path| Source::open(path)))
}

/// An input file that could not be opened (a [`Source`] not made).
#[derive(Debug)]
pub struct SourceError {
    /// The name as given.
    pub name: String,
    /// Why.
    pub error: io::Error,
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: cannot open: {}", self.name, self.error)
    }
}

/// One line of input, without its line end.
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// The line's bytes (no `\n`, no trailing `\r`), at most [`MAX_LINE`] long.
    Text(&'a [u8]),
    /// A line longer than [`MAX_LINE`]: its length in bytes. Its text was not kept.
    TooLong(u64),
}

/// Reads lines from `R` through one buffer of [`CAPACITY`] bytes.
///
/// Lines come out of [`LineReader::next_line`] one at a time; a caller with a faster way to
/// read lines of a fixed shape can take a run of them straight from the buffer with
/// [`LineReader::take_run`].
pub struct LineReader<R> {
    source: R,
    buf: Box<[u8]>,
    /// `buf[start..end]` is read but not yet handed on.
    start: usize,
    end: usize,
    /// The source has returned end of file.
    eof: bool,
    /// The byte order mark has been looked for.
    started: bool,
    /// How many bytes at the front of `buf[start..end]` are known to hold no `\n`, so that
    /// a line arriving in small pieces is searched once, not from its start after each.
    searched: usize,
    /// The number of the last line handed on (1-based), 0 before the first.
    line: u64,
}

impl<R: Read> LineReader<R> {
    /// A reader over `source`, with its buffer allocated once here.
    pub fn new(source: R) -> LineReader<R> {
        LineReader {
            source,
            buf: vec![0; CAPACITY].into_boxed_slice(),
            start: 0,
            end: 0,
            eof: false,
            started: false,
            searched: 0,
            line: 0,
        }
    }

    /// The number of the last line handed on, counting from 1; 0 before the first.
    pub fn line_number(&self) -> u64 {
        self.line
    }

    /// The bytes read but not yet handed on. Empty until the first
    /// [`next_line`](LineReader::next_line), which strips the byte order mark.
    #[inline]
    fn buffered(&self) -> &[u8] {
        // start <= end <= the buffer's length always; clamping (rather than `get`) lets the
        // compiler see that and drop the panic path, on the reader's hottest line.
        let end = self.end.min(self.buf.len());
        let start = self.start.min(end);
        self.buf.get(start..end).unwrap_or_default()
    }

    /// Marks the first `bytes` of [`buffered`](LineReader::buffered) as handed on. They must
    /// be exactly `lines` whole lines, each ending in `\n`.
    #[inline]
    fn consume_lines(&mut self, bytes: usize, lines: u64) {
        self.start += bytes;
        self.searched = 0;
        self.line += lines;
    }

    /// Hands `each` the values `parse` reads one after another from the start of
    /// what is buffered and not yet handed on, each with its first line's number, until `parse`
    /// finds none or `each` fails (its error is returned); then marks what was read as
    /// handed on, in one step for the whole run. `parse` gives a value and its length, which
    /// must be `lines` whole lines. Returns how many values were read.
    #[inline(always)]
    pub fn take_run<T, E>(
        &mut self,
        lines: u64,
        parse: impl Fn(&[u8]) -> Option<(T, usize)>,
        mut each: impl FnMut(u64, T) -> Result<(), E>,
    ) -> Result<u64, E> {
        let text = self.buffered();
        let first = self.line + 1;
        let (mut taken, mut count, mut result) = (0, 0, Ok(()));
        while let Some((value, length)) = text.get(taken..).and_then(&parse) {
            result = each(first + lines * count, value);
            taken += length;
            count += 1;
            if result.is_err() {
                break;
            }
        }
        self.consume_lines(taken, lines * count);
        result.map(|()| count)
    }

    /// Whether the input, after a byte order mark and whitespace, starts with `byte`;
    /// reads only as far as needed to tell, and hands nothing on.
    ///
    /// # Errors
    /// A read error from the source.
    pub fn starts_with(&mut self, byte: u8) -> io::Result<bool> {
        if !self.started {
            self.skip_bom()?;
        }
        loop {
            let pending = self.buffered();
            if let Some(&first) = pending.iter().find(|b| !b.is_ascii_whitespace()) {
                return Ok(first == byte);
            }
            if self.eof || pending.len() >= CAPACITY {
                return Ok(false);
            }
            self.fill()?;
        }
    }

    /// Appends the rest of the input, unsplit, to `text`: at most `limit` bytes and one
    /// more, so that a caller can tell the input was longer. Counts no lines.
    ///
    /// # Errors
    /// A read error from the source.
    pub fn read_rest(&mut self, text: &mut Vec<u8>, limit: u64) -> io::Result<()> {
        if !self.started {
            self.skip_bom()?;
        }
        text.extend_from_slice(self.buffered());
        self.start = self.end;
        self.searched = 0;
        let room = (limit + 1).saturating_sub(text.len() as u64);
        (&mut self.source).take(room).read_to_end(text)?;
        self.eof = true;
        Ok(())
    }

    /// Stops reading: whatever is buffered is dropped and the source is not read again.
    pub fn stop(&mut self) {
        self.start = self.end;
        self.searched = 0;
        self.eof = true;
    }

    /// The next line with its number (counting from 1), or `None` at the end of the input.
    ///
    /// # Errors
    /// A read error from the source (`Interrupted` is retried).
    pub fn next_line(&mut self) -> io::Result<Option<(u64, Line<'_>)>> {
        if !self.started {
            self.skip_bom()?;
        }
        loop {
            let pending = self.buffered();
            let unsearched = pending.get(self.searched..).unwrap_or_default();
            if let Some(found) = memchr::memchr(b'\n', unsearched) {
                let newline = self.searched + found;
                let begin = self.start;
                self.start += newline + 1;
                self.searched = 0;
                self.line += 1;
                if newline > MAX_LINE {
                    return Ok(Some((self.line, Line::TooLong(newline as u64))));
                }
                return Ok(Some((self.line, self.text(begin, begin + newline))));
            }
            let pending = pending.len();
            self.searched = pending;
            if pending > MAX_LINE {
                let length = self.skip_line()?;
                return Ok(Some((self.line, Line::TooLong(length))));
            }
            if self.eof {
                if pending == 0 {
                    return Ok(None);
                }
                // The last line, without a newline.
                let begin = self.start;
                self.start = self.end;
                self.searched = 0;
                self.line += 1;
                return Ok(Some((self.line, self.text(begin, self.end))));
            }
            self.fill()?;
        }
    }

    /// `buf[begin..end]` as a line, without a trailing `\r`.
    fn text(&self, begin: usize, end: usize) -> Line<'_> {
        let text = self.buf.get(begin..end).unwrap_or_default();
        Line::Text(text.strip_suffix(b"\r").unwrap_or(text))
    }

    /// Drops a byte order mark at the start of the input.
    ///
    /// Reads again only while the bytes so far could still be the start of one: a person at
    /// a terminal hands over one short line at a time (`5` and Enter is two bytes), and the
    /// answer to it must not wait for the next line.
    fn skip_bom(&mut self) -> io::Result<()> {
        loop {
            let pending = self.buffered();
            if pending.starts_with(BOM) {
                self.start += BOM.len();
                break;
            }
            if self.eof || !BOM.starts_with(pending) {
                break;
            }
            self.fill()?;
        }
        self.started = true;
        Ok(())
    }

    /// Moves the pending bytes to the front of the buffer and reads once after them.
    fn fill(&mut self) -> io::Result<()> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        let Some(room) = self.buf.get_mut(self.end..) else {
            return Ok(());
        };
        loop {
            match self.source.read(room) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(read) => {
                    self.end += read.min(room.len());
                    return Ok(());
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
    }

    /// Drops the pending bytes, a line already too long, and reads on to its newline
    /// (or the end) keeping nothing but the count. Returns the line's length.
    fn skip_line(&mut self) -> io::Result<u64> {
        let mut length = (self.end - self.start) as u64;
        self.line += 1;
        self.searched = 0;
        loop {
            self.start = 0;
            self.end = 0;
            if self.eof {
                return Ok(length);
            }
            self.fill()?;
            if let Some(newline) = memchr::memchr(b'\n', self.buffered()) {
                length += newline as u64;
                self.start = newline + 1;
                self.searched = 0;
                return Ok(length);
            }
            length += self.end as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A source that hands out at most `step` bytes per read, as a pipe might.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.data.len());
            let (head, rest) = self.data.split_at(n);
            buf[..n].copy_from_slice(head);
            self.data = rest;
            Ok(n)
        }
    }

    fn lines(data: &[u8], step: usize) -> Vec<Result<Vec<u8>, u64>> {
        let mut reader = LineReader::new(Trickle { data, step });
        let mut out = Vec::new();
        while let Some((_, line)) = reader.next_line().unwrap() {
            out.push(match line {
                Line::Text(text) => Ok(text.to_vec()),
                Line::TooLong(length) => Err(length),
            });
        }
        out
    }

    #[test]
    fn splits_lines_whatever_the_read_sizes() {
        let data = b"\xef\xbb\xbfone\r\ntwo\n\nthree";
        let want: Vec<Result<Vec<u8>, u64>> = vec![
            Ok(b"one".to_vec()),
            Ok(b"two".to_vec()),
            Ok(Vec::new()),
            Ok(b"three".to_vec()),
        ];
        for step in 1..=data.len() {
            assert_eq!(lines(data, step), want, "step {step}");
        }
    }

    #[test]
    fn a_line_too_long_is_measured_and_skipped() {
        let mut data = b"a\n".to_vec();
        data.extend(std::iter::repeat_n(b'z', CAPACITY * 2 + 5));
        data.extend_from_slice(b"\nb\n");
        data.extend(std::iter::repeat_n(b'y', MAX_LINE + 1));
        data.extend_from_slice(b"\nc\n");
        data.extend(std::iter::repeat_n(b'w', MAX_LINE));
        data.extend_from_slice(b"\n");
        data.extend(std::iter::repeat_n(b'v', CAPACITY + 1));
        let want = vec![
            Ok(b"a".to_vec()),
            Err(CAPACITY as u64 * 2 + 5),
            Ok(b"b".to_vec()),
            Err(MAX_LINE as u64 + 1),
            Ok(b"c".to_vec()),
            Ok(vec![b'w'; MAX_LINE]),
            Err(CAPACITY as u64 + 1),
        ];
        for step in [7, 4096, CAPACITY] {
            assert_eq!(lines(&data, step), want, "step {step}");
        }
    }

    /// A source that hands out its chunks one per read, then fails: as a terminal, which
    /// has nothing more until the person types it.
    struct Typed<'a>(std::collections::VecDeque<&'a [u8]>);

    impl Read for Typed<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let chunk = self.0.pop_front().ok_or(io::ErrorKind::WouldBlock)?;
            buf[..chunk.len()].copy_from_slice(chunk);
            Ok(chunk.len())
        }
    }

    #[test]
    fn a_short_first_line_is_handed_on_without_waiting_for_more() {
        let mut reader = LineReader::new(Typed([&b"5\n"[..]].into()));
        assert_eq!(reader.next_line().unwrap(), Some((1, Line::Text(b"5"))));
        // A byte order mark split across reads is still dropped.
        let mut reader = LineReader::new(Typed([&b"\xef"[..], b"\xbb", b"\xbf1\n"].into()));
        assert_eq!(reader.next_line().unwrap(), Some((1, Line::Text(b"1"))));
    }

    #[test]
    fn counts_lines() {
        let mut reader = LineReader::new(&b"a\nb\nc"[..]);
        let mut numbers = Vec::new();
        while let Some((number, _)) = reader.next_line().unwrap() {
            numbers.push(number);
            assert_eq!(number, reader.line_number());
        }
        assert_eq!(numbers, [1, 2, 3]);
    }
}
