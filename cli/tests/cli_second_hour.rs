//! What a person meets in the second hour (issue 29): a move after the end of a game, move
//! and board errors that name the move or the board's row and column, and game names as
//! people type them.
//!
//! Truth: the games' rules as each game's rules text states them (`perfect-play games
//! --json` gives them): Connect Four on 4x4 is won by four discs in a line, so x's fourth
//! disc in column 1 (moves 1, 3, 5, 7 of `1 2 1 2 1 2 1 2`) ends the game at move 7; the
//! boards are as wide and as tall as each game's notation says (3x3; Connect Four 4x4).
//! The games' names are the registry's, as `perfect-play games --json` lists them.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

mod support;

use predicates::prelude::*;
use support::perfect_play;

/// Every game with a board: its name, its rows and columns, a well-formed position's side
/// to move (after a space; empty when the board says it).
const BOARDS: [(&str, usize, usize, &str); 5] = [
    ("tictactoe", 3, 3, ""),
    ("misere", 3, 3, ""),
    ("hexapawn", 3, 3, " w"),
    ("dodgem", 3, 3, " b"),
    ("connect4-4x4", 4, 4, ""),
];

/// An empty board of `rows` rows of `columns` cells, split by `/`.
fn board(rows: usize, columns: usize) -> String {
    vec![".".repeat(columns); rows].join("/")
}

/// What `outcome --game NAME` says on stderr about one line.
fn outcome_error(game: &str, line: &str) -> String {
    let output = perfect_play()
        .args(["outcome", "--game", game])
        .write_stdin(format!("{line}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{game}: {line}");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn a_move_after_the_end_says_where_the_game_ended() {
    perfect_play()
        .args([
            "review",
            "--game",
            "connect4-4x4",
            "1",
            "2",
            "1",
            "2",
            "1",
            "2",
            "1",
            "2",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("  7. x 1    x won"))
        .stdout(predicate::str::contains("  8.").not())
        .stderr(
            "perfect-play: connect4-4x4: the game ended at move 7: x won; move 8 cannot be played\n",
        );
    // Tic-tac-toe the same: x's 1 2 3 is three in a row at move 5.
    perfect_play()
        .args(["review", "1", "4", "2", "5", "3", "6"])
        .assert()
        .code(1)
        .stderr(
            "perfect-play: tictactoe: the game ended at move 5: x won; move 6 cannot be played\n",
        );
}

#[test]
fn a_move_error_names_the_move_and_the_moves_there_are() {
    perfect_play()
        .args(["review", "--game", "connect4-4x4", "5"])
        .assert()
        .code(1)
        .stderr("perfect-play: connect4-4x4: move 1: `5` is not a move: a move is a column 1-4, like 2\n");
    perfect_play()
        .args(["review", "--game", "hexapawn", "2-6"])
        .assert()
        .code(1)
        .stderr(
            "perfect-play: hexapawn: move 1: `2-6` is not a legal move here: the legal moves are 1-4, 2-5, 3-6\n",
        );
    for (game, text) in [
        ("tictactoe", "0"),
        ("misere", "10"),
        ("hexapawn", "2"),
        ("dodgem", "3-up"),
        ("connect4-4x4", "a"),
    ] {
        let output = perfect_play()
            .args(["review", "--game", game, text])
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with(&format!(
                "perfect-play: {game}: move 1: `{text}` is not a move: a move is "
            )),
            "{game}: {stderr}"
        );
        assert!(!stderr.contains("column 1:"), "{game}: {stderr}");
    }
}

#[test]
fn a_board_error_names_its_row_and_column() {
    for (game, rows, columns, side) in BOARDS {
        let mut cells = vec![".".repeat(columns); rows];
        cells[1].replace_range(2..3, "z");
        let line = format!("{}{side}", cells.join("/"));
        let stderr = outcome_error(game, &line);
        assert!(
            stderr.contains("position: row 2, column 3: `z` is not a cell"),
            "{game}: {stderr}"
        );
    }
}

#[test]
fn a_wrong_row_count_and_row_width_are_said_as_such() {
    for (game, rows, columns, side) in BOARDS {
        let stderr = outcome_error(game, &format!("{}{side}", board(rows + 1, columns)));
        assert!(
            stderr.contains(&format!("position: {} rows, expected {rows}\n", rows + 1)),
            "{game}: {stderr}"
        );
        let stderr = outcome_error(game, &format!("{}{side}", board(rows - 1, columns)));
        assert!(
            stderr.contains(&format!("position: {} rows, expected {rows}\n", rows - 1)),
            "{game}: {stderr}"
        );
        let mut wide = vec![".".repeat(columns); rows];
        wide[1].push('.');
        let stderr = outcome_error(game, &format!("{}{side}", wide.join("/")));
        assert!(
            stderr.contains(&format!(
                "position: row 2 has {} cells, expected {columns}\n",
                columns + 1
            )),
            "{game}: {stderr}"
        );
    }
    // The report's case: Hexapawn with a fourth row.
    assert!(outcome_error("hexapawn", "www/.../bbb/... w").contains("4 rows, expected 3"));
}

#[test]
fn game_names_are_read_in_any_case_and_a_near_miss_is_named() {
    perfect_play()
        .args(["review", "--game", "Hexapawn", "2-5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("white 2-5"));
    perfect_play()
        .args(["outcome", "--game", "CONNECT4-4X4"])
        .write_stdin("..../..../..../....\n")
        .assert()
        .success()
        .stdout("draw\n");
    for (typed, meant) in [
        ("hexapwn", "hexapawn"),
        ("dodgen", "dodgem"),
        ("connect4", "connect4-4x4"),
        ("tic-tac-toe", "tictactoe"),
        ("misère", "misere"),
    ] {
        perfect_play()
            .args(["analyze", "--game", typed])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "no game is called `{typed}`: did you mean `{meant}`? The games are tictactoe, misere, hexapawn, dodgem, connect4-4x4"
            )));
    }
    perfect_play()
        .args(["play", "--game", "chess"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no game is called `chess`; the games are tictactoe,",
        ));
}

/// The registry's game names, from `perfect-play games --json`.
fn registry() -> Vec<String> {
    let output = perfect_play().args(["games", "--json"]).output().unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let game: serde_json::Value = serde_json::from_str(line).unwrap();
            game["name"].as_str().unwrap().to_owned()
        })
        .collect()
}

/// The game a word of prose names, by the registry's name: `tic-tac-toe` is `tictactoe`,
/// `Connect Four` is Connect Four at any size.
fn games_named(sentence: &str) -> Vec<&'static str> {
    let text = sentence
        .to_lowercase()
        .replace("misère tic-tac-toe", "misere")
        .replace("misère", "misere");
    let mut named = Vec::new();
    for (game, spellings) in [
        ("tictactoe", &["tictactoe", "tic-tac-toe"][..]),
        ("misere", &["misere"][..]),
        ("hexapawn", &["hexapawn"][..]),
        ("dodgem", &["dodgem"][..]),
        ("connect4", &["connect4", "connect four"][..]),
    ] {
        if spellings.iter().any(|s| text.contains(s)) {
            named.push(game);
        }
    }
    named
}

#[test]
fn every_list_of_games_names_every_game_of_the_registry() {
    // Connect Four's sizes are one game in prose.
    let mut registered: Vec<String> = registry()
        .into_iter()
        .map(|name| {
            if name.starts_with("connect4") {
                "connect4".to_owned()
            } else {
                name
            }
        })
        .collect();
    registered.dedup();
    assert_eq!(
        registered,
        ["tictactoe", "misere", "hexapawn", "dodgem", "connect4"]
    );
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut texts: Vec<(String, String)> = [
        "README.md",
        "docs/README.md",
        "docs/games.md",
        "docs/library.md",
        "docs/terminal.md",
        "Cargo.toml",
        "python/README.md",
        "crates/core/README.md",
        "crates/generate/README.md",
        "src/lib.rs",
        "src/games/mod.rs",
        "cli/src/args.rs",
    ]
    .iter()
    .map(|file| {
        (
            file.to_string(),
            std::fs::read_to_string(format!("{root}/{file}")).unwrap(),
        )
    })
    .collect();
    let mut commands = vec![vec!["--help"]];
    for command in [
        "outcome",
        "validity",
        "analyze",
        "play",
        "review",
        "footholds",
        "games",
    ] {
        commands.push(vec![command, "--help"]);
    }
    for args in commands {
        let output = perfect_play().args(&args).output().unwrap();
        texts.push((args.join(" "), String::from_utf8(output.stdout).unwrap()));
    }
    // A list is a sentence (or a table cell, or a bullet) that names three games or more.
    let mut lists = 0;
    for (source, text) in &texts {
        // Prose only: a fenced code block is an example, not a list.
        let prose = text
            .split("```")
            .step_by(2)
            .collect::<Vec<_>>()
            .join("\n\n")
            .replace("//!", "")
            .replace("///", "");
        for sentence in prose
            .split("\n\n")
            .flat_map(|part| part.split("\n- "))
            .flat_map(|part| part.split('|'))
            .map(|part| part.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .iter()
            .flat_map(|part| part.split(". "))
        {
            let named = games_named(sentence);
            if named.len() >= 3 {
                lists += 1;
                let missing: Vec<&String> = registered
                    .iter()
                    .filter(|g| !named.contains(&g.as_str()))
                    .collect();
                assert!(
                    missing.is_empty(),
                    "{source}: a list of games without {missing:?}: {}",
                    sentence.split_whitespace().collect::<Vec<_>>().join(" ")
                );
            }
        }
    }
    assert!(lists >= 4, "only {lists} lists of games found");
}

#[test]
fn a_position_no_game_reaches_is_invalid_with_its_reason_for_every_game() {
    // Each game: a position its notation reads but no game reaches, and the reason said.
    for (game, position, reason) in [
        (
            "tictactoe",
            "xxx/ooo/...",
            "both x and o have three in a row",
        ),
        (
            "misere",
            "xxx/xxx/...",
            "no game of misere reaches this position",
        ),
        (
            "hexapawn",
            "www/www/bbb w",
            "no game of hexapawn reaches this position",
        ),
        (
            "dodgem",
            "bbb/.../... b",
            "no game of dodgem reaches this position",
        ),
        (
            "connect4-4x4",
            "x.../..../..../....",
            "a disc above an empty cell (discs fall to the bottom)",
        ),
        (
            "connect4-4x4",
            "..../..../..../oo..",
            "x moves first, so x has as many discs as o or one more",
        ),
    ] {
        let output = perfect_play()
            .args(["outcome", "--game", game])
            .write_stdin(format!("{position}\n"))
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            "invalid\n",
            "{game}"
        );
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(reason), "{game}: {stderr}");
        let output = perfect_play()
            .args(["outcome", "--game", game, "--json"])
            .write_stdin(format!("{position}\n"))
            .output()
            .unwrap();
        let answer: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(
            answer["reachable"],
            serde_json::json!(false),
            "{game}: {answer}"
        );
        assert_eq!(
            answer["reason"],
            serde_json::json!(reason),
            "{game}: {answer}"
        );
        assert!(answer.get("error").is_none(), "{game}: {answer}");
    }
    // Text that is not a position stays an error.
    let output = perfect_play()
        .args(["outcome", "--game", "connect4-4x4", "--json"])
        .write_stdin("x.z./..../..../....\n")
        .output()
        .unwrap();
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("row 1, column 3"),
        "{answer}"
    );
}
