//! What the fuzz targets check, shared by `fuzz_targets/*.rs` and replayed over the kept
//! corpora by the main crate's `tests/fuzz_corpus.rs`.
//!
//! The binary's readers and commands live in the library's hidden `cli` module (behind the
//! `cli` feature), so the targets call the very code the binary runs: the lines, boj and
//! algospot targets run a format reader in process and compare every item it yields with
//! a plain reference reader written here from the format docs (`perfect-play --help`);
//! the footholds target runs the `footholds` command on its input as a file. Run it with
//! `-close_fd_mask=3`: the command writes its answers to stdout and its messages to stderr.
//!
//! Every check panics on failure, which libFuzzer reports as a crash.

use std::io::{self, Read};

use perfect_play::games::tictactoe::Board;
use perfect_play_cli::input::{LineReader, MAX_LINE};
use perfect_play_cli::judges::formats::algospot::Algospot;
use perfect_play_cli::judges::formats::lines::Lines;
use perfect_play_cli::judges::formats::{Format, Item, Items};

// ---------------------------------------------------------------------------------------
// The board parser.

/// A byte that separates rows (`Board::from_ascii`'s docs: `/`, spaces, tabs, line breaks).
fn is_separator(byte: u8) -> bool {
    matches!(byte, b'/' | b' ' | b'\t' | b'\r' | b'\n')
}

/// A cell byte's mark, `x`, `o` or `.`, or `None` for a byte that is not a cell.
fn cell(byte: u8) -> Option<u8> {
    match byte {
        b'x' | b'X' => Some(b'x'),
        b'o' | b'O' => Some(b'o'),
        b'.' | b'-' | b'_' => Some(b'.'),
        _ => None,
    }
}

/// The documented grammar, written plainly: after trimming whitespace, nine cells with no
/// separator, or three rows of three cells split by runs of separators (runs before the
/// first row and after the last ignored). The nine cells as `x`, `o`, `.`, or `None`.
fn reference_board(text: &[u8]) -> Option<Vec<u8>> {
    let text = text.trim_ascii();
    let rows: Vec<&[u8]> = text
        .split(|&b| is_separator(b))
        .filter(|row| !row.is_empty())
        .collect();
    let shape = match rows.as_slice() {
        [nine] => nine.len() == 9 && !text.iter().any(|&b| is_separator(b)),
        [a, b, c] => a.len() == 3 && b.len() == 3 && c.len() == 3,
        _ => false,
    };
    if !shape {
        return None;
    }
    rows.concat().into_iter().map(cell).collect()
}

/// `Board::from_ascii` and `FromStr` on arbitrary bytes: they agree with each other and
/// with the documented grammar, and a board accepted prints (both `Display` forms) as text
/// that parses back to it. The table is asked about every board accepted.
pub fn check_board(data: &[u8]) {
    let parsed = Board::from_ascii(data);
    if let Ok(text) = std::str::from_utf8(data) {
        assert_eq!(
            text.parse::<Board>(),
            parsed.map_err(perfect_play::games::ParseError::from),
            "FromStr and from_ascii disagree"
        );
    }
    let expected = reference_board(data);
    match parsed {
        Ok(board) => {
            let shown = board.to_string();
            assert_eq!(
                Some(shown.as_bytes()),
                expected.as_deref(),
                "accepted {data:?} against the documented grammar, or read the wrong cells"
            );
            assert_eq!(
                shown.parse::<Board>(),
                Ok(board),
                "{shown:?} does not round-trip"
            );
            let rows = format!("{board:#}");
            assert_eq!(
                rows.parse::<Board>(),
                Ok(board),
                "{rows:?} does not round-trip"
            );
            assert_eq!(Board::from_code(board.code()), Some(board));
            let reachable = board.is_reachable();
            assert_eq!(board.lookup().is_ok(), reachable);
            assert_eq!(
                board.lookup().map(|p| p.board()).ok(),
                reachable.then_some(board)
            );
        }
        Err(error) => {
            assert_eq!(expected, None, "rejected {data:?}: {error}");
            assert!(!error.to_string().is_empty());
        }
    }
}

// ---------------------------------------------------------------------------------------
// The lines, boj and algospot readers.

/// What a format reader yields, in order.
#[derive(Debug, PartialEq, Eq, Clone)]
pub enum Event {
    /// A board (its code) read at a line.
    Board(u64, u16),
    /// A blank line of the `lines` format.
    Blank(u64),
    /// Text that is not a board, at a line, with the one line of text shown (if any).
    Unreadable(u64, Option<Vec<u8>>),
    /// A fault in the input's shape, at a line.
    Problem(u64),
}

/// Every item a reader yields, as events, and the message of each item that has one.
fn record(mut items: impl Items) -> (Vec<Event>, Vec<String>) {
    let (mut events, mut messages) = (Vec::new(), Vec::new());
    loop {
        let run = items.boards(|line, code| {
            events.push(Event::Board(line, code));
            Ok::<(), ()>(())
        });
        assert_eq!(run, Ok(()));
        let (line, item) = match items.next_item() {
            Ok(Some(next)) => next,
            Ok(None) => return (events, messages),
            Err(error) => panic!("reading from memory failed: {error}"),
        };
        events.push(match item {
            Item::Board(board) => Event::Board(line, board.code()),
            Item::Blank => Event::Blank(line),
            Item::NotABoard(unreadable) => {
                messages.push(unreadable.why.to_string());
                Event::Unreadable(line, unreadable.text.map(Vec::from))
            }
            Item::Fault(fault) => {
                messages.push(fault.to_string());
                Event::Problem(line)
            }
        });
    }
}

/// A source that hands out at most `step` bytes per read, as a pipe may.
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

/// The lines of `data` as the docs define them: split at `\n`, a UTF-8 byte order mark at
/// the start dropped, a last line without `\n` still a line. Each with its number and its
/// length before the `\n` (a CR included); the text has a trailing CR removed.
fn reference_lines(data: &[u8]) -> Vec<(u64, usize, &[u8])> {
    let data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|last| last.is_empty()) {
        lines.pop();
    }
    lines
        .into_iter()
        .enumerate()
        .map(|(index, line)| {
            let text = line.strip_suffix(b"\r").unwrap_or(line);
            (index as u64 + 1, line.len(), text)
        })
        .collect()
}

/// The events the `lines` format (or with `until_end`, `boj`) must give for `data`: one
/// per line, a board or an `error` (a blank line is a blank answer in `lines`, skipped in
/// `boj`); a line longer than `MAX_LINE` is an `error` by its length. `boj` stops at a line
/// `end` and reports a line that is not blank after it, or the `end` line missing.
fn reference_lines_events(data: &[u8], until_end: bool) -> Vec<Event> {
    let lines = reference_lines(data);
    let mut events = Vec::new();
    let mut rest = lines.iter();
    for &(number, length, text) in rest.by_ref() {
        if length > MAX_LINE {
            events.push(Event::Unreadable(number, None));
            continue;
        }
        let trimmed = text.trim_ascii();
        if trimmed.is_empty() {
            if !until_end {
                events.push(Event::Blank(number));
            }
            continue;
        }
        if until_end && trimmed.eq_ignore_ascii_case(b"end") {
            if let Some(&(number, _, _)) =
                rest.find(|&&(_, length, text)| length > MAX_LINE || !text.trim_ascii().is_empty())
            {
                events.push(Event::Problem(number));
            }
            return events;
        }
        events.push(match reference_board(trimmed) {
            Some(_) => Event::Board(number, code_of(trimmed)),
            None => Event::Unreadable(number, Some(trimmed.to_vec())),
        });
    }
    if until_end {
        events.push(Event::Problem(lines.len() as u64 + 1));
    }
    events
}

/// The code of a board the reference grammar accepts, computed from its cells.
fn code_of(text: &[u8]) -> u16 {
    let cells = reference_board(text).unwrap_or_default();
    cells.iter().rev().fold(0, |code, &mark| {
        code * 3
            + match mark {
                b'x' => 1,
                b'o' => 2,
                _ => 0,
            }
    })
}

/// The events the `algospot` format must give for `data`: the first line that is not
/// blank is the count; after it every three rows that are not blank make one board (an
/// `error` at the first bad row if any row is not three cells), answered at its first
/// row's line; rows left over are one `error` at the first of them; a count that is not a number, or that does
/// not match the boards, is a problem at the count line; no count line at all is a
/// problem at the line after the end.
fn reference_algospot_events(data: &[u8]) -> Vec<Event> {
    let lines = reference_lines(data);
    let mut events = Vec::new();
    let mut rows = lines
        .iter()
        .filter(|&&(_, length, text)| length > MAX_LINE || !text.trim_ascii().is_empty());
    let Some(&(count_line, length, text)) = rows.next() else {
        return vec![Event::Problem(lines.len() as u64 + 1)];
    };
    let text = text.trim_ascii();
    let count = (length <= MAX_LINE && !text.is_empty() && text.iter().all(u8::is_ascii_digit))
        .then(|| std::str::from_utf8(text).ok()?.parse::<u64>().ok())
        .flatten();
    if count.is_none() {
        events.push(Event::Problem(count_line));
    }
    let rows: Vec<_> = rows.collect();
    let mut boards = 0u64;
    for board in rows.chunks(3) {
        boards += 1;
        let first = board[0].0;
        let bad = board.iter().find(|&&&(_, length, text)| {
            let row = text.trim_ascii();
            length > MAX_LINE || row.len() != 3 || row.iter().any(|&b| cell(b).is_none())
        });
        events.push(match (board.len(), bad) {
            // Cut short by the end of the input: the error is at the board's first row.
            (1 | 2, _) => Event::Unreadable(first, None),
            (_, Some(&&(line, _, _))) => Event::Unreadable(line, None),
            (_, None) => {
                let cells: Vec<u8> = board
                    .iter()
                    .flat_map(|(_, _, text)| text.trim_ascii())
                    .copied()
                    .collect();
                Event::Board(first, code_of(&cells))
            }
        });
    }
    if count.is_some_and(|count| count != boards) {
        events.push(Event::Problem(count_line));
    }
    events
}

/// The events the reference reader of `format` gives for `data`.
fn reference_events(format: Format, data: &[u8]) -> Vec<Event> {
    match format {
        Format::Lines => reference_lines_events(data, false),
        Format::Boj => reference_lines_events(data, true),
        Format::Algospot => reference_algospot_events(data),
    }
}

/// Whether the reference reader of `format` finds in `data` text that is not a board or a
/// fault in the input's shape: what makes a batch command's run partial (exit status 1)
/// whatever its boards are.
pub fn reference_faults(format: Format, data: &[u8]) -> bool {
    reference_events(format, data)
        .iter()
        .any(|event| matches!(event, Event::Unreadable(..) | Event::Problem(..)))
}

/// Runs one format reader over `data`, read whole and read a few bytes at a time (the
/// step taken from the data's length, so that a saved input replays exactly), and checks
/// both against the reference reader.
pub fn check_format(format: Format, data: &[u8]) {
    let expected = reference_events(format, data);
    for step in [usize::MAX, 1 + data.len() % 13] {
        let input = LineReader::new(Trickle { data, step });
        let (events, messages) = match format {
            Format::Lines => record(Lines::new(input, false)),
            Format::Boj => record(Lines::new(input, true)),
            Format::Algospot => record(Algospot::new(input)),
        };
        assert_eq!(events, expected, "{format:?}, read {step} bytes at a time");
        for message in &messages {
            assert!(
                !message.is_empty() && !message.contains('\n'),
                "{message:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// The footholds reader, through the command.

/// Whether one line is a query the solver answers, by the rules in the command's help and
/// `Grid::new`'s docs, written plainly: a JSON object with `board` an array of 1 to 8 rows
/// of the same 1 to 8 cells, each 0 or 1, and `aloc` and `bloc` each `[row, col]` on a tile.
fn reference_query_ok(text: &[u8]) -> bool {
    let Ok(serde_json::Value::Object(query)) = serde_json::from_slice(text) else {
        return false;
    };
    let rows: Option<Vec<Vec<u64>>> = query.get("board").and_then(|board| {
        board
            .as_array()?
            .iter()
            .map(|row| {
                row.as_array()?
                    .iter()
                    .map(serde_json::Value::as_u64)
                    .collect()
            })
            .collect()
    });
    let Some(rows) = rows else { return false };
    let cols = rows.first().map_or(0, Vec::len);
    let grid_ok = (1..=8).contains(&rows.len())
        && (1..=8).contains(&cols)
        && rows
            .iter()
            .all(|row| row.len() == cols && row.iter().all(|&c| c <= 1));
    let on_tile = |field: &str| {
        let at: Option<Vec<u64>> = query.get(field).and_then(|at| {
            at.as_array()?
                .iter()
                .map(serde_json::Value::as_u64)
                .collect()
        });
        match at.as_deref() {
            Some(&[row, col]) => {
                rows.get(usize::try_from(row).unwrap_or(usize::MAX))
                    .and_then(|cells| cells.get(usize::try_from(col).unwrap_or(usize::MAX)))
                    == Some(&1)
            }
            _ => false,
        }
    };
    grid_ok && on_tile("aloc") && on_tile("bloc")
}

/// The number of cells of a grid the solver would be asked to solve, if `text` is such a
/// query (for skipping grids too large to solve quickly: their answers are the solver's
/// business, tested and benchmarked elsewhere).
fn solvable_cells(text: &[u8]) -> usize {
    if !reference_query_ok(text) {
        return 0;
    }
    let Ok(query) = serde_json::from_slice::<serde_json::Value>(text) else {
        return 0;
    };
    let rows = query["board"].as_array().map_or(0, Vec::len);
    let cols = query["board"][0].as_array().map_or(0, Vec::len);
    rows * cols
}

/// The exit status `perfect-play footholds` must give for `data` as its input file: 0 when
/// every query is one the reference accepts, else 1 (never 2: the file is there and stdout
/// works). The queries are the lines that are not blank (JSON lines) or, when the first
/// character after a byte order mark and whitespace is `[`, the elements of one JSON array
/// (a file that is not such an array is 1). `None` when the input holds a query of more than
/// 25 cells (the problem's 5x5 limit): a large grid's answer is the solver's business,
/// tested and benchmarked elsewhere, and solving it would only slow the search.
pub fn footholds_status(data: &[u8]) -> Option<u8> {
    let text = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
    if text.trim_ascii_start().starts_with(b"[") {
        let Ok(values) = serde_json::from_slice::<Vec<serde_json::Value>>(text) else {
            return Some(1);
        };
        let queries: Vec<Vec<u8>> = values
            .iter()
            .map(|value| serde_json::to_vec(value).unwrap_or_default())
            .collect();
        if queries.iter().any(|query| solvable_cells(query) > 25) {
            return None;
        }
        return Some(if queries.iter().all(|query| reference_query_ok(query)) {
            0
        } else {
            1
        });
    }
    let lines = reference_lines(data);
    if lines
        .iter()
        .any(|&(_, length, text)| length <= MAX_LINE && solvable_cells(text) > 25)
    {
        return None;
    }
    let all_ok = lines.iter().all(|&(_, length, text)| {
        length <= MAX_LINE && (text.trim_ascii().is_empty() || reference_query_ok(text))
    });
    Some(if all_ok { 0 } else { 1 })
}

/// `perfect-play footholds FILE` and `perfect-play footholds --json FILE`, in process, on
/// `data`: neither panics, and both exit with [`footholds_status`].
pub fn check_footholds(data: &[u8]) {
    let Some(want) = footholds_status(data) else {
        return;
    };
    let path = std::env::temp_dir().join(format!("perfect-play-fuzz-{}.jsonl", std::process::id()));
    if std::fs::write(&path, data).is_err() {
        return;
    }
    for json in [false, true] {
        let mut args = vec!["perfect-play".as_ref(), "footholds".as_ref()];
        if json {
            args.push("--json".as_ref());
        }
        args.push(path.as_os_str());
        let status = perfect_play_cli::run_from(args).code();
        assert_eq!(status, want, "exit status with --json {json}");
    }
}
