//! "Thinking" on a terminal while an answer takes more than a moment (`analyze`, `play`,
//! `review`), run under a pseudo-terminal as a person runs them (util-linux's `script`),
//! and through pipes as a script does.
//!
//! Where the expectations come from: the commands' own promise (`src/thinking.rs`): a
//! spinner on standard error once an answer has taken 0.3 s, none before, nothing ever on
//! standard output, so that what a pipe or a file receives is the same as without a
//! terminal. The slow answer is Connect Four 7x6 five plies in, without the book
//! (`--no-book`: seconds of search); the quick one tic-tac-toe's (a lookup).
#![cfg(target_os = "linux")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

mod support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::perfect_play;

/// The binary under test.
const BIN: &str = env!("CARGO_BIN_EXE_perfect-play");

/// Runs `shell` (a command line for `sh -c`) under a pseudo-terminal: what the terminal
/// showed (standard output and error that were not redirected), and how long it took.
fn on_a_terminal(shell: &str) -> (String, Duration) {
    let started = Instant::now();
    let out = Command::new("script")
        .args(["-q", "-e", "-c", shell, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("util-linux's script runs");
    let elapsed = started.elapsed();
    assert!(out.status.success(), "{shell}: {out:?}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), elapsed)
}

/// A position of `connect4-7x6` five plies in (x 4, o 4, x 4, o 4, x 3), answered with
/// `--no-book`: its value and two of its moves take seconds to search.
const SEARCHED: &str = "......./......./...o.../...x.../...o.../..xx...";

#[test]
fn a_quick_answer_shows_nothing_more_on_a_terminal() {
    let piped = perfect_play()
        .args(["analyze", "xx./oo./..."])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let (shown, _) = on_a_terminal(&format!("{BIN} analyze xx./oo./... --color never"));
    assert!(!shown.contains("thinking"), "{shown}");
    assert_eq!(
        shown.replace("\r\n", "\n"),
        String::from_utf8(piped).unwrap(),
        "the terminal shows what a pipe receives"
    );
}

#[test]
fn a_search_says_it_is_thinking_on_the_terminal_and_not_in_the_output() {
    let dir = std::env::temp_dir().join(format!("perfect-play-thinking-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("analysis.txt");
    // Standard output to a file, standard error on the terminal: the file holds the
    // answer alone.
    let (shown, elapsed) = on_a_terminal(&format!(
        "{BIN} analyze --game connect4-7x6 --no-book '{SEARCHED}' > {}",
        file.display()
    ));
    let written = std::fs::read_to_string(&file).unwrap();
    let piped = perfect_play()
        .args(["analyze", "--game", "connect4-7x6", "--no-book", SEARCHED])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(written, String::from_utf8(piped).unwrap());
    assert!(!written.contains("thinking"), "{written}");
    if elapsed > Duration::from_secs(1) {
        assert!(
            shown.contains("thinking: every move's value"),
            "{elapsed:?} without a word: {shown:?}"
        );
    } else if elapsed < Duration::from_millis(250) {
        assert!(!shown.contains("thinking"), "{shown:?}");
    }
    // Piped, nothing but the answer on either stream.
    let quiet = perfect_play()
        .args(["analyze", "--game", "connect4-7x6", "--no-book", SEARCHED])
        .assert()
        .success()
        .get_output()
        .stderr
        .clone();
    assert!(quiet.is_empty(), "{}", String::from_utf8_lossy(&quiet));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_draws_the_move_at_once_and_thinks_aloud_for_the_table_s_reply() {
    // The person plays x: 4, 4 and 3, the table o in between, without the book (which
    // holds every position of up to 8 plies). The table's reply to the third disc ranks
    // positions six plies in: a search of seconds. The person's disc is drawn before the
    // table thinks, and the terminal says it does.
    let shell = format!(
        "printf '4\\n4\\n3\\nquit\\n' | {BIN} play --game connect4-7x6 --no-book --as x --color never"
    );
    let (shown, elapsed) = on_a_terminal(&shell);
    let shown = shown.replace("\r\n", "\n");
    let third = shown
        .find("Your move (x): 3")
        .expect("the third move is asked for");
    let after = &shown[third..];
    // The board with x's third disc comes before the table's reply is said.
    let drawn = after.find("|").expect("a board after the move");
    let reply = after.find("o plays").unwrap_or(after.len());
    assert!(drawn < reply, "{after}");
    if elapsed > Duration::from_secs(2) {
        assert!(
            after.contains("thinking: o's move"),
            "{elapsed:?}: {after:?}"
        );
    }
}
