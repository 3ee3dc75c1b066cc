//! Every input kept under `fuzz/corpus/`, replayed in plain `cargo test` through the same
//! checks the fuzz targets make (`fuzz/src/lib.rs`, compiled in here): the board parser
//! and each format reader against the plain reference readers written there from the
//! format docs, and the binary itself on every input. The fuzzers' finds become regression
//! tests without cargo-fuzz or a nightly feature.
//!
//! When a fuzz target finds a crash, its input goes into `fuzz/corpus/TARGET/` (named for
//! what it found) and this test runs it from then on. Beside the reference, the binary is
//! held to what holds for any input (`perfect-play --help`): no panic (status 101) and no
//! signal, status 0 or 1, 1 exactly when there is a message, every message on stderr of the
//! form `FILE:LINE: why`, naming the file the input was read from and a line in it (or the
//! one after its last, for input that ends too soon); and the status the reference readers
//! give (1 where they find text that is not a board or a fault in the input's shape;
//! `validity` answers every board, so 0 otherwise; `outcome` also says `invalid` to a board
//! no game reaches). The corpus is not packaged, so neither is this test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

#[allow(dead_code, missing_docs)]
#[path = "../../fuzz/src/lib.rs"]
mod fuzz_checks;

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The files of `fuzz/corpus/TARGET`, sorted.
fn corpus(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} is empty", dir.display());
    files
}

/// Runs `perfect-play ARGS FILE` and checks what holds for any input; returns its status.
fn replay(args: &[&str], file: &Path) -> i32 {
    let output = Command::new(env!("CARGO_BIN_EXE_perfect-play"))
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    let shown = format!("perfect-play {} {}", args.join(" "), file.display());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{shown}: {:?}\n{stderr}",
        output.status
    );
    assert_eq!(
        output.status.code() == Some(1),
        !stderr.is_empty(),
        "{shown}: status 1 exactly when there is a message\n{stderr}"
    );
    let lines = fs::read(file).unwrap().split(|&b| b == b'\n').count() as u64;
    let prefix = format!("{}:", file.display());
    for message in stderr.lines() {
        let line = message
            .strip_prefix(&prefix)
            .and_then(|rest| rest.split(':').next())
            .and_then(|number| number.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("{shown}: not FILE:LINE: {message}"));
        // A message about the end of the input (no `end`, too few boards) names the line
        // after the last, where more was expected.
        assert!(
            (1..=lines + 1).contains(&line),
            "{shown}: line {line} of {lines}: {message}"
        );
    }
    output.status.code().unwrap()
}

#[test]
fn board_corpus_agrees_with_the_reference_grammar() {
    for file in corpus("board") {
        fuzz_checks::check_board(&fs::read(&file).unwrap());
    }
}

#[test]
fn reader_corpora_agree_with_the_reference_readers() {
    use perfect_play_cli::judges::formats::Format;
    for (name, format) in [
        ("lines", Format::Lines),
        ("boj", Format::Boj),
        ("algospot", Format::Algospot),
    ] {
        for file in corpus(name) {
            fuzz_checks::check_format(format, &fs::read(&file).unwrap());
        }
    }
}

#[test]
fn reader_corpora_replay_through_every_batch_command() {
    use perfect_play_cli::judges::formats::Format;
    for (name, format) in [
        ("lines", Format::Lines),
        ("boj", Format::Boj),
        ("algospot", Format::Algospot),
    ] {
        for file in corpus(name) {
            let faults = fuzz_checks::reference_faults(format, &fs::read(&file).unwrap());
            let shown = file.display();
            for json in [&[][..], &["--json"]] {
                let args = [&["outcome"], json, &["--format", name]].concat();
                let status = replay(&args, &file);
                if faults {
                    assert_eq!(status, 1, "{args:?} {shown}: the reference finds a fault");
                }
            }
            let status = replay(&["validity", "--explain", "--format", name], &file);
            assert_eq!(status, i32::from(faults), "validity {name} {shown}");
        }
    }
}

#[test]
fn footholds_corpus_replays_through_the_command_with_the_reference_status() {
    for file in corpus("footholds") {
        let want = fuzz_checks::footholds_status(&fs::read(&file).unwrap());
        for args in [&["footholds"][..], &["footholds", "--json"]] {
            let status = replay(args, &file);
            if let Some(want) = want {
                assert_eq!(status, i32::from(want), "{args:?} {}", file.display());
            }
        }
    }
}
