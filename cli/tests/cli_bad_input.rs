//! Every kind of bad input through the binary, as a user would feed it: each gets the
//! answer line, the `FILE:LINE:` message and the exit status that `perfect-play --help`
//! and the README document (0 all answered, 1 some input not a reachable board or
//! malformed, 2 usage or I/O error), and none panics (status 101).
//!
//! The expected lines are written out by hand from the documented behaviour; where a
//! board's answer is needed, it is one a person can check at a glance (`xx.oo....`: x
//! completes the top row).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::io::{Read, Write};
use std::process::{Command as Std, Stdio};

use predicates::prelude::*;

#[path = "../../tests/common/mod.rs"]
mod common;
mod support;

use support::perfect_play;

/// A file under cargo's scratch directory for integration tests.
fn scratch(name: &str, contents: &[u8]) -> String {
    let path = format!("{}/{name}", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn lines_mixing_boards_and_faults_are_all_answered_in_order() {
    let input = "xx.oo....\n\n  xo./.x./..o  \nxxxooo...\nxqo......\nxx.oo\nx.\no..o.o..o\n";
    perfect_play()
        .arg("outcome")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("x\n\nx\ninvalid\nerror\nerror\nerror\ninvalid\n")
        .stderr(
            "-:4: no game reaches this board: both x and o have three in a row\n\
             -:5: not a board: unexpected 'q' at column 2: a cell is x, o or . (- and _ also mean empty)\n\
             -:6: not a board: expected 9 cells, found 5\n\
             -:7: not a board: expected 9 cells, found 2\n\
             -:8: no game reaches this board: o has more marks than x, but x moves first\n",
        );
}

#[test]
fn unreachable_boards_are_invalid_for_outcome_but_answered_for_validity() {
    perfect_play()
        .arg("validity")
        .write_stdin("xxxooo...\nxxxoo....\n")
        .assert()
        .code(0)
        .stdout("invalid\nvalid\n")
        .stderr("");
    perfect_play()
        .args(["validity", "--explain"])
        .write_stdin("xxxooo...\nxx.oo....\nzzz\n")
        .assert()
        .code(1)
        .stdout(
            "invalid: both x and o have three in a row\ninvalid: the game is not finished\n\
             error: not a board: unexpected 'z' at column 1: a cell is x, o or . (- and _ also mean empty)\n",
        );
}

#[test]
fn json_answers_carry_the_error_for_what_cannot_be_answered() {
    let output = perfect_play()
        .args(["outcome", "--json"])
        .write_stdin("xxxooo...\n\"x\\\u{e9}\n")
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let lines: Vec<serde_json::Value> = String::from_utf8(output)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["board"], "xxxooo...");
    assert_eq!(
        lines[0]["error"],
        "no game reaches this board: both x and o have three in a row"
    );
    // Quotes, backslashes and non-ASCII text survive as JSON.
    assert_eq!(lines[1]["board"], "\"x\\\u{e9}");
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("not a board: unexpected '\"'")
    );
    assert_eq!(lines.len(), 2);
}

#[test]
fn invalid_utf8_and_nul_bytes_are_errors_located_by_column() {
    perfect_play()
        .arg("outcome")
        .write_stdin(&b"x\xffo......\nxx.oo..\x00.\nxx.oo....\n"[..])
        .assert()
        .code(1)
        .stdout("error\nerror\nx\n")
        .stderr(
            "-:1: not a board: unexpected byte 0xff at column 2: a cell is x, o or . (- and _ also mean empty)\n\
             -:2: not a board: unexpected '\\0' at column 8: a cell is x, o or . (- and _ also mean empty)\n",
        );
}

#[test]
fn binary_garbage_is_answered_line_by_line_without_a_panic() {
    // Deterministic pseudo-random bytes, newlines included, every byte value likely.
    let mut state = 0x1234_5678_9abc_def0_u64;
    let garbage: Vec<u8> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect();
    let nonblank: Vec<&[u8]> = garbage
        .split(|&b| b == b'\n')
        .filter(|l| !l.trim_ascii().is_empty())
        .collect();
    let lines = nonblank.len();
    let every_line = garbage
        .strip_suffix(b"\n")
        .unwrap_or(&garbage)
        .split(|&b| b == b'\n')
        .count();
    // What the readers must make of it: lines answers every line (a blank one with an
    // empty line); Baekjoon answers each line that is not blank (there is no `end`);
    // algospot reads the first line as a (bad) count, then a board per three rows, the
    // last one short.
    assert!(!nonblank.iter().any(|l| l.trim_ascii() == b"end"));
    assert!(!garbage.starts_with(b"\n") && (lines - 1) % 3 != 0);
    let boards = |format: &str| match format {
        "algospot" => (lines - 1).div_ceil(3),
        "lines" => every_line,
        _ => lines,
    };
    for format in ["lines", "boj", "algospot"] {
        let output = perfect_play()
            .args(["outcome", "--format", format])
            .write_stdin(garbage.clone())
            .assert()
            .code(1)
            .get_output()
            .clone();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stdout
                .lines()
                .all(|l| ["x", "o", "TIE", "invalid", "error"].contains(&l)
                    || (format == "lines" && l.is_empty()))
        );
        assert_eq!(stdout.lines().count(), boards(format), "{format}");
        // Each message names its line, in input order: one for every `error`, and for the
        // judges' formats one more for the malformed whole (no `end`; a bad count).
        let numbers: Vec<u64> = stderr
            .lines()
            .map(|l| {
                let rest = l
                    .strip_prefix("-:")
                    .unwrap_or_else(|| panic!("{format}: {l}"));
                rest.split(':').next().unwrap().parse().unwrap()
            })
            .collect();
        assert!(
            numbers.windows(2).all(|w| w[0] < w[1]),
            "{format}: {numbers:?}"
        );
        let errors = stdout
            .lines()
            .filter(|&l| l == "error" || l == "invalid")
            .count();
        let extra = usize::from(format != "lines");
        assert_eq!(numbers.len(), errors + extra, "{format}");
    }
}

#[test]
fn an_empty_input_is_no_boards_for_lines_and_malformed_for_the_judges_formats() {
    let empty = scratch("empty.txt", b"");
    perfect_play()
        .args(["outcome", &empty])
        .assert()
        .code(0)
        .stdout("")
        .stderr("");
    perfect_play()
        .args(["validity", "--format", "boj", &empty])
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
            "{empty}:1: the input ended without the `end` line\n"
        ));
    perfect_play()
        .args(["outcome", "--format", "algospot", &empty])
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
            "{empty}:1: the input is empty: expected the number of boards\n"
        ));
}

#[test]
fn a_line_too_long_is_reported_by_length_and_skipped() {
    let mut input = b"xx.oo....\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 100_000));
    input.extend_from_slice(b"\nxx.oo....\n");
    // A last line with no newline, longer than the reader's whole buffer.
    input.extend(std::iter::repeat_n(b'.', 1_000_000));
    perfect_play()
        .arg("outcome")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("x\nerror\nx\nerror\n")
        .stderr("-:2: line too long (100000 bytes)\n-:4: line too long (1000000 bytes)\n");
}

#[test]
fn a_missing_file_among_several_is_reported_and_the_others_answered() {
    let first = scratch("first.txt", b"xx.oo....\n");
    let second = scratch("second.txt", b"oo.xx.x..\n");
    let missing = format!("{}/no-such-file.txt", env!("CARGO_TARGET_TMPDIR"));
    perfect_play()
        .args(["outcome", &first, &missing, "-", &second])
        .write_stdin("xxxoo....\n")
        .assert()
        .code(2)
        .stdout("x\nx\no\n")
        .stderr(predicate::str::starts_with(format!(
            "perfect-play: {missing}: cannot open: "
        )));
}

#[test]
fn a_directory_is_an_io_error() {
    perfect_play()
        .args(["outcome", env!("CARGO_TARGET_TMPDIR")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
}

#[test]
fn algospot_counts_that_do_not_match_are_reported_and_every_board_answered() {
    // Too many boards: all answered.
    perfect_play()
        .args(["outcome", "--format", "algospot"])
        .write_stdin("1\nxx.\noo.\n...\n...\n...\n...\n")
        .assert()
        .code(1)
        .stdout("x\nTIE\n")
        .stderr("-:1: the count says 1 board, but the input holds 2\n");
    // Too few, with a count of 10^18: no attempt to make room for them.
    perfect_play()
        .args(["outcome", "--format", "algospot"])
        .write_stdin("1000000000000000000\nxx.\noo.\n...\n")
        .assert()
        .code(1)
        .stdout("x\n")
        .stderr("-:1: the count says 1000000000000000000 boards, but the input holds 1\n");
    // Beyond any count: read to the end.
    perfect_play()
        .args(["outcome", "--format", "algospot"])
        .write_stdin("99999999999999999999999\nxx.\noo.\n...\n")
        .assert()
        .code(1)
        .stdout("x\n")
        .stderr(
            "-:1: the number of boards 99999999999999999999999 is too large; reading boards to the end\n",
        );
    // Not a number.
    perfect_play()
        .args(["outcome", "--format", "algospot"])
        .write_stdin("three\nxx.\noo.\n...\n")
        .assert()
        .code(1)
        .stdout("x\n")
        .stderr("-:1: expected the number of boards, found \"three\"; reading boards to the end\n");
}

#[test]
fn algospot_short_and_foreign_rows_spoil_one_board_each() {
    perfect_play()
        .args(["outcome", "--format", "algospot"])
        .write_stdin("4\nxx\noo.\n...\n\nxx.\noo.\n...\nx?.\n...\n...\nxx.\noo.\n")
        .assert()
        .code(1)
        .stdout("error\nx\nerror\nerror\n")
        .stderr(
            "-:2: not a board: row 1 has 2 cells, expected 3\n\
             -:9: not a board: unexpected '?' at column 2: a cell is x, o or . (- and _ also mean empty)\n\
             -:12: not a board: the input ended after 2 of the board's 3 rows\n",
        );
}

#[test]
fn boj_without_end_or_with_text_after_it_is_malformed() {
    perfect_play()
        .args(["validity", "--format", "boj"])
        .write_stdin("XXXOO....\n")
        .assert()
        .code(1)
        .stdout("valid\n")
        .stderr("-:2: the input ended without the `end` line\n");
    perfect_play()
        .args(["validity", "--format", "boj"])
        .write_stdin("XXXOO....\nend\n\nXXXOO....\n")
        .assert()
        .code(1)
        .stdout("valid\n")
        .stderr("-:4: text after the `end` line; ignored from here on\n");
}

#[test]
fn usage_errors_exit_2() {
    perfect_play().assert().code(2);
    perfect_play()
        .args(["outcome", "--format", "csv"])
        .assert()
        .code(2);
    perfect_play()
        .args(["outcome", "--frobnicate"])
        .assert()
        .code(2);
    perfect_play().args(["play", "--as", "z"]).assert().code(2);
}

#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    let input = "xx.oo....\n".repeat(300_000);
    let mut child = Std::new(env!("CARGO_BIN_EXE_perfect-play"))
        .arg("outcome")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The reader may be gone before all is written: that is the point.
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut first = [0; 2];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The stdout pipe is closed here, as `| head -1` would.
    assert_eq!(&first, b"x\n");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert_eq!(status.code(), Some(0));
    assert_eq!(stderr, "");
}

#[test]
fn columns_count_from_the_line_as_given_in_every_format() {
    // Leading whitespace is part of the line: the '?' below is the eighth byte.
    for (format, input) in [("lines", "   xo.x?....\n"), ("boj", "   xo.x?....\nend\n")] {
        perfect_play()
            .args(["outcome", "--format", format])
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout("error\n")
            .stderr(predicate::str::starts_with(
                "-:1: not a board: unexpected '?' at column 8: ",
            ));
    }
    perfect_play()
        .args(["outcome", "--format", "algospot"])
        .write_stdin("1\nxo.\n  x?.\n...\n")
        .assert()
        .code(1)
        .stdout("error\n")
        .stderr(predicate::str::starts_with(
            "-:3: not a board: unexpected '?' at column 4: ",
        ));
}

#[test]
fn a_blank_line_is_answered_by_an_empty_line_so_answers_line_up() {
    perfect_play()
        .arg("outcome")
        .write_stdin("xx.oo....\n\n   \nxo.......\n")
        .assert()
        .success()
        .stdout("x\n\n\nx\n")
        .stderr("");
    perfect_play()
        .args(["outcome", "--json"])
        .write_stdin("\nxxxoo....\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("\n{\"board\":\"xxxoo....\""));
}
