//! What a person meets in the first hour at the shell, as the help texts and the README
//! promise it: one numbering of cells for people (1-9) beside the 0-8 of `--json`, help
//! examples that do what they say, the shipped footholds examples answered as the judge
//! answers them (5 4 4 0, from `../shared/fixtures/programmers92345-examples.json`, copied
//! to `tests/data/`), and messages that name one place each.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

#[path = "../../tests/common/mod.rs"]
mod common;
mod support;

use predicates::prelude::*;
use support::perfect_play;

#[test]
fn footholds_reads_the_examples_file_as_shipped() {
    let examples = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/programmers92345-examples.json"
    );
    perfect_play()
        .args(["footholds", examples])
        .assert()
        .success()
        .stdout("5\n4\n4\n0\n")
        .stderr("");
}

#[test]
fn footholds_messages_name_one_place() {
    // An array: the element's index.
    perfect_play()
        .arg("footholds")
        .write_stdin(r#"[{"board":[[1]],"aloc":[0,0],"bloc":[0,0]}, {"board":[[2]],"aloc":[0,0],"bloc":[0,0]}]"#)
        .assert()
        .code(1)
        .stdout("0\nerror\n")
        .stderr("-:[1]: cell (0, 0) is 2, but a cell must be 0 (no tile) or 1 (tile)\n");
    // An array that is not JSON: its line and column, once.
    perfect_play()
        .arg("footholds")
        .write_stdin("[{\"board\":[[1]],\n \"aloc\":[0,0")
        .assert()
        .code(1)
        .stdout("")
        .stderr("-:2:12: not JSON: EOF while parsing a list\n");
    // JSON lines: line and column, and no second line number inside the message.
    perfect_play()
        .arg("footholds")
        .write_stdin("{\"board\":[[1]],\"aloc\":[0,0],\"bloc\":[0,0]}\n{\"board\": x}\n")
        .assert()
        .code(1)
        .stdout("0\nerror\n")
        .stderr("-:2:11: not JSON: expected value\n");
}

#[test]
fn play_help_example_plays_a_whole_game() {
    let help = perfect_play().args(["play", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let example = help
        .lines()
        .find(|line| line.contains("printf") && line.contains("perfect-play play"))
        .expect("play --help shows a piped game");
    let moves = example.split('\'').nth(1).unwrap().replace("\\n", "\n");
    perfect_play()
        .args(["play", "--as", "O"])
        .write_stdin(moves)
        .assert()
        .success()
        .stdout(predicate::str::contains("\nA draw.\n\nReview:"))
        .stdout(predicate::str::ends_with(
            "Mistakes: none, no move gave away the value it had.\n",
        ))
        .stdout(predicate::str::contains("is taken").not());
}

#[test]
fn analyze_shows_the_numbers_play_takes() {
    perfect_play()
        .args(["analyze", "--color", "never", "xx./oo./..."])
        .assert()
        .success()
        .stdout(predicate::str::contains("3: win 1*"))
        .stdout(predicate::str::contains("7: loss 2"));
    perfect_play()
        .args(["analyze", "--color", "never", "xox/xoo/oxx"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "tictactoe: xoxxoooxx\nGame over: a draw.\n",
        ));
}

#[test]
fn analyze_says_it_takes_one_board() {
    perfect_play()
        .arg("analyze")
        .write_stdin("xx.oo....\nxo.......\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "analyze takes one position, but the input holds 2",
        ));
}

#[test]
fn baekjoon_end_in_upper_case_ends_the_input() {
    perfect_play()
        .args(["validity", "--format", "boj"])
        .write_stdin("xxxoo....\nEND\n")
        .assert()
        .success()
        .stdout("valid\n")
        .stderr("");
}

#[test]
fn a_directory_is_reported_without_a_line_number() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    for args in [&["outcome"][..], &["footholds"]] {
        perfect_play()
            .args(args)
            .arg(dir)
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with(format!(
                "perfect-play: {dir}: cannot read: "
            )));
    }
}

#[test]
fn validity_invalid_is_an_answer_not_a_fault() {
    perfect_play()
        .arg("validity")
        .write_stdin("xx.oo....\n")
        .assert()
        .success()
        .stdout("invalid\n")
        .stderr("");
}

#[test]
fn footholds_gives_up_on_a_query_past_its_budget() {
    // A full 6x6 grid takes tens of thousands of positions; 100 is not enough.
    let full =
        "[[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1]]";
    let queries = format!(
        "{{\"board\":{full},\"aloc\":[3,2],\"bloc\":[2,3]}}\n{{\"board\":[[1]],\"aloc\":[0,0],\"bloc\":[0,0]}}\n"
    );
    perfect_play()
        .args(["footholds", "--max-positions", "100"])
        .write_stdin(queries.clone())
        .assert()
        .code(1)
        .stdout("error\n0\n")
        .stderr(predicate::str::starts_with(
            "-:1: not solved within the budget: gave up after searching ",
        ));
    // A generous budget changes nothing.
    let unlimited = perfect_play()
        .arg("footholds")
        .write_stdin(queries.clone())
        .output()
        .unwrap();
    perfect_play()
        .args([
            "footholds",
            "--max-positions",
            "1000000000",
            "--time-limit",
            "600000",
        ])
        .write_stdin(queries)
        .assert()
        .success()
        .stdout(unlimited.stdout);
}

#[test]
fn every_board_is_drawn_piles_pits_and_dots_too() {
    // Nim's start, 1-3-5-7 (the family's default, `games --families`): each pile a line,
    // its number as a move names it, a stroke a counter and the count.
    let nim = perfect_play()
        .args(["analyze", "--game", "nim", "1/3/5/7 x"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let nim = String::from_utf8(nim).unwrap();
    for pile in [
        "pile 1: |               1",
        "pile 2: | | |           3",
        "pile 3: | | | | |       5",
        "pile 4: | | | | | | |   7",
    ] {
        assert!(nim.contains(pile), "{pile:?} missing from\n{nim}");
    }
    // Playing Nim draws the piles as they shrink: 3 counters from the fourth pile.
    perfect_play()
        .args(["play", "--game", "nim"])
        .write_stdin("4:3\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("pile 4: | | | |     4"));
    // Kalah's start, 3 pits of 2 seeds (its notation: x's pits, x's store, o's pits,
    // o's store): o's pits along the top numbered 6 5 4, x's along the bottom 1 2 3.
    perfect_play()
        .args(["analyze", "--game", "kalah", "2-2-2/0/2-2-2/0 x"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "     6   5   4\n    [ 2][ 2][ 2]  o\n[ 0]            [ 0]\n    [ 2][ 2][ 2]  x\n     1   2   3\n",
        ));
    // Dots and Boxes on 1x2 boxes: the dots numbered as moves name them, each line as it
    // is drawn, a box by its owner's letter.
    perfect_play()
        .args(["play", "--game", "dots-and-boxes:1,2", "--as", "o"])
        .write_stdin("")
        .assert()
        .success()
        .stdout(predicate::str::contains("1   2   3\n\n4   5   6\n"));
    perfect_play()
        .args([
            "analyze",
            "--game",
            "dots-and-boxes:1,2",
            "--",
            "-./|o|../-. o",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("1---2   3\n| o |\n4---5   6\n"));
}

#[test]
fn analyze_without_a_position_says_what_one_looks_like() {
    perfect_play()
        .args(["analyze", "--game", "nim"])
        .write_stdin("")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "no position given: `analyze --game nim:piles=1-3-5-7,misere=false` takes one in \
             the game's notation, such as its start `1/3/5/7 x`",
        ));
}

#[test]
fn an_option_after_the_position_is_an_option_and_a_dash_position_follows_two_dashes() {
    // Where the expectations come from: Unix convention (options anywhere, `--` ends them)
    // and the position's own text. `--color never` after the board is the option.
    perfect_play()
        .args(["analyze", "xx./oo./...", "--color", "never"])
        .assert()
        .success()
        .stdout(predicate::str::contains("3: win 1*"));
    // A Dots and Boxes position whose first line is drawn starts with `-`: after `--` it
    // is the position, and the drawing shows that line between dots 1 and 2.
    perfect_play()
        .args(["analyze", "--game", "dots-and-boxes", "--color", "never"])
        .args(["--", "-./...../../...../.. o"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "dots-and-boxes:rows=2,columns=2: -./...../../...../.. o\n",
        ))
        .stdout(predicate::str::contains("1---2"));
    // Without `--`, clap says how to pass it.
    perfect_play()
        .args([
            "analyze",
            "--game",
            "dots-and-boxes",
            "-./...../../...../.. o",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--"));
}

#[test]
fn games_families_gives_each_family_a_start_and_a_move_that_work_as_written() {
    // Where the expectations come from: what a newcomer does with the list, typing the
    // start into `analyze` and the move into `review`; each command's own answer is the
    // truth (the tables are checked against references elsewhere). A default answered
    // from a table file alone (`needs_table`: Dōbutsu shōgi's full game) is refused
    // without its file, with the command that makes it and what that costs.
    let listed = perfect_play()
        .args(["games", "--families", "--json"])
        .output()
        .unwrap();
    assert!(listed.status.success());
    let text = String::from_utf8(listed.stdout).unwrap();
    let mut checked = 0;
    for line in text.lines() {
        let family: serde_json::Value = serde_json::from_str(line).unwrap();
        let name = family["family"].as_str().unwrap();
        let start = family["start"].as_str().unwrap();
        let example = family["example_move"].as_str().unwrap();
        if let Some(size) = support::default_needs_table(&family) {
            let memory = size["solve_memory"]
                .as_str()
                .map_or_else(String::new, |memory| format!(" --memory {memory}"));
            let solve = format!(
                "perfect-play solve {} --out FILE{memory}`",
                size["game"].as_str().unwrap()
            );
            perfect_play()
                .args(["analyze", "--game", name, "--", start])
                .assert()
                .code(2)
                .stderr(predicate::str::contains(solve))
                .stderr(predicate::str::contains(
                    size["solve_cost"].as_str().unwrap(),
                ));
            continue;
        }
        perfect_play()
            .args(["analyze", "--game", name, "--color", "never", "--", start])
            .assert()
            .success();
        perfect_play()
            .args(["review", "--game", name, example])
            .assert()
            .success();
        checked += 1;
    }
    assert!(checked >= 14, "{text}");
    let people = perfect_play()
        .args(["games", "--families"])
        .output()
        .unwrap();
    let people = String::from_utf8(people.stdout).unwrap();
    assert!(people.contains("start: 1/3/5/7 x, a move: 1:1"), "{people}");
}
