//! `perfect-play footholds` against the four official examples of Programmers 92345
//! (`tests/data/programmers92345-examples.json`, a copy of `../shared/fixtures`): the
//! expected answers are the problem's own `result` fields. Bad queries are checked against
//! the documented behaviour: `error` in place, `FILE:LINE: why` on stderr, status 1.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use predicates::prelude::*;
use serde_json::Value;

#[path = "../../tests/common/mod.rs"]
mod common;
mod support;

use support::perfect_play;

fn examples() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/programmers92345-examples.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str::<Vec<Value>>(&text).unwrap()
}

/// The examples as JSON lines, the `result` field left in (the command ignores it).
fn example_lines() -> String {
    examples()
        .iter()
        .map(|example| format!("{example}\n"))
        .collect()
}

#[test]
fn the_official_examples_give_the_judges_answers() {
    let expected: String = examples()
        .iter()
        .map(|e| format!("{}\n", e["result"]))
        .collect();
    assert_eq!(expected, "5\n4\n4\n0\n");
    perfect_play()
        .arg("footholds")
        .write_stdin(example_lines())
        .assert()
        .code(0)
        .stdout(expected)
        .stderr("");
}

#[test]
fn json_answers_give_a_line_of_play_as_long_as_the_answer() {
    let output = perfect_play()
        .args(["footholds", "--json"])
        .write_stdin(example_lines())
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let output = String::from_utf8(output).unwrap();
    for (example, line) in examples().iter().zip(output.lines()) {
        let answer: Value = serde_json::from_str(line).unwrap();
        let moves = example["result"].as_u64().unwrap();
        assert_eq!(answer["moves"], moves);
        // The player who makes the last move wins; A moves first.
        assert_eq!(answer["winner"], if moves % 2 == 1 { "A" } else { "B" });
        let steps = answer["line"].as_array().unwrap();
        assert_eq!(steps.len() as u64, moves);
        // Each step is onto a tile of the board.
        for step in steps {
            let (row, col) = (step[0].as_u64().unwrap(), step[1].as_u64().unwrap());
            assert_eq!(example["board"][row as usize][col as usize], 1, "{example}");
        }
    }
    assert_eq!(output.lines().count(), 4);
}

#[test]
fn bad_queries_are_answered_error_and_the_rest_still_solved() {
    let nested = "[".repeat(10_000) + &"]".repeat(10_000);
    let wide = format!(
        r#"{{"board":[{}],"aloc":[0,0],"bloc":[0,1]}}"#,
        vec![format!("[{}]", vec!["1"; 64].join(",")); 64].join(",")
    );
    let input = [
        r#"{"board":[[1,1,1],[1,1,1],[1,1,1]],"aloc":[1,0],"bloc":[1,2]}"#,
        r#"{"board":[[1,-1]],"aloc":[0,0],"bloc":[0,0]}"#,
        r#"{"board":[[1.5]],"aloc":[0,0],"bloc":[0,0]}"#,
        r#"{"board":[["1"]],"aloc":[0,0],"bloc":[0,0]}"#,
        r#"{"board":[[300]],"aloc":[0,0],"bloc":[0,0]}"#,
        r#"{"board":[[2]],"aloc":[0,0],"bloc":[0,0]}"#,
        r#"{"board":[[1,1],[1]],"aloc":[0,0],"bloc":[0,0]}"#,
        r#"{"board":[[1,0]],"aloc":[0,1],"bloc":[0,0]}"#,
        r#"{"board":[[1]],"aloc":[5,0],"bloc":[0,0]}"#,
        r#"{"board":[[1]],"aloc":[0,-1],"bloc":[0,0]}"#,
        r#"{"board":[],"aloc":[0,0],"bloc":[0,0]}"#,
        r#"{"board":[[1]],"aloc":[0,0]}"#,
        "not json",
        &nested,
        &wide,
        r#"{"board":[[1]],"aloc":[0,0],"bloc":[0,0]}"#,
    ]
    .join("\n");
    let output = perfect_play()
        .arg("footholds")
        .write_stdin(input)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let mut expected = vec!["5"];
    expected.extend(["error"; 14]);
    expected.push("0");
    assert_eq!(stdout.lines().collect::<Vec<_>>(), expected);
    let messages: Vec<&str> = stderr.lines().collect();
    assert_eq!(messages.len(), 14, "{stderr}");
    for (message, (line, says)) in messages.iter().zip([
        (
            2,
            "cell (0, 1) is -1, but a cell must be 0 (no tile) or 1 (tile)",
        ),
        (3, "cell (0, 0) is 1.5"),
        (4, "cell (0, 0) is \"1\""),
        (5, "cell (0, 0) is 300"),
        (6, "cell (0, 0) is 2"),
        (7, "row 1 has 1 cells"),
        (8, "A starts at (0, 1), which has no tile"),
        (9, "A starts at (5, 0), which is off the grid"),
        (10, "\"aloc\" is [0,-1]"),
        (11, "the grid is empty"),
        (12, "no \"bloc\""),
        (13, "not JSON"),
        (14, "not JSON"),
        (15, "the grid is 64x64"),
    ]) {
        // A message names its line, and for text that is not JSON the column too.
        let (prefix, column) = (format!("-:{line}: "), format!("-:{line}:"));
        let placed =
            message.starts_with(&prefix) || (says == "not JSON" && message.starts_with(&column));
        assert!(placed && message.contains(says), "{message}: {says}");
    }
}

#[test]
fn footholds_json_errors_are_objects() {
    perfect_play()
        .args(["footholds", "--json"])
        .write_stdin("{\"board\":[[1]]}\n")
        .assert()
        .code(1)
        .stdout("{\"error\":\"the query has no \\\"aloc\\\"\"}\n")
        .stderr(predicate::str::starts_with(
            "-:1: the query has no \"aloc\"",
        ));
}

#[test]
fn files_are_read_in_order_and_named_in_messages() {
    // The four examples, a blank line (skipped), and a query without "aloc" on line 6.
    let dir = std::env::temp_dir().join(format!("perfect-play-footholds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let queries = dir.join("queries.jsonl");
    std::fs::write(&queries, example_lines() + "\n{\"board\":[[1]]}\n").unwrap();
    let queries = queries.to_str().unwrap();
    let missing = dir.join("missing.jsonl");
    let missing = missing.to_str().unwrap();

    let mut expected = examples()
        .iter()
        .map(|example| format!("{}\n", example["result"]))
        .collect::<String>();
    expected.push_str("error\n");
    let both = expected.repeat(2);
    perfect_play()
        .args(["footholds", queries, "-", queries])
        .write_stdin("")
        .assert()
        .code(1)
        .stdout(both)
        .stderr(format!(
            "{queries}:6: the query has no \"aloc\"\n{queries}:6: the query has no \"aloc\"\n"
        ));

    // A file that cannot be read is an I/O error (status 2); the others are still answered.
    perfect_play()
        .args(["footholds", missing, queries])
        .assert()
        .code(2)
        .stdout(expected)
        .stderr(predicate::str::contains(missing).and(predicate::str::contains("cannot open")));
    perfect_play()
        .args(["footholds", "--no-such-flag"])
        .assert()
        .code(2);
    std::fs::remove_dir_all(&dir).unwrap();
}
