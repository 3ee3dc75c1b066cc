//! `perfect-play outcome --game NAME` for every game of the registry, and `games --json`,
//! run as a user runs them.
//!
//! Where the expectations come from: the plain reference solvers of `tests/common/games.rs`
//! (written from the rules again, sharing no code with the crate): every reachable
//! position of misère tic-tac-toe and of Hexapawn with its value and plies, every reachable
//! position of Dodgem with its value (a fixed point; no plies). Positions are written here
//! from the notation as README documents it (rows from the top split by `/`, then the side
//! to move where the board does not say it), not with the crate's printer; moves as `play`
//! takes them (a cell 1-9, or FROM-TO). The bad-line messages are the judges' formats'
//! (`-:LINE: why`, the column in the why) as `cli_bad_input.rs` pins them.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::{BTreeSet, HashMap};

use perfect_play::Value;
use serde_json::{Value as Json, json};

#[path = "../../tests/common/mod.rs"]
mod common;
mod support;

use common::games::{
    Cars, Solved, dodgem_reference, hexapawn_move_is_legal, hexapawn_reference, misere_reference,
    notation,
};
use support::perfect_play;

/// `perfect-play outcome --game GAME [ARGS]` on `input`: stdout's lines, which must be
/// as many as the input's, and the run must succeed quietly.
fn outcome(game: &str, args: &[&str], input: &str) -> Vec<String> {
    let out = perfect_play()
        .args(["outcome", "--game", game])
        .args(args)
        .write_stdin(input.to_owned())
        .assert()
        .code(0)
        .stderr("")
        .get_output()
        .stdout
        .clone();
    let lines: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(lines.len(), input.lines().count());
    lines
}

/// `outcome --game GAME --json` on `input`, one object per line.
fn outcome_json(game: &str, input: &str) -> Vec<Json> {
    outcome(game, &["--json"], input)
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Who wins when the side to move (`mover`, the other `other`) has `value`.
fn winner<'a>(value: Value, mover: &'a str, other: &'a str) -> &'a str {
    match value {
        Value::Win => mover,
        Value::Loss => other,
        Value::Draw => "draw",
    }
}

/// The moves that keep `result`: each child's reference result, as the mover sees it
/// after the move, is the position's own.
fn optimal(result: Solved, children: &[(String, Solved)]) -> BTreeSet<String> {
    children
        .iter()
        .filter(|(_, (value, plies))| {
            let before = match value {
                Value::Win => Value::Loss,
                Value::Loss => Value::Win,
                Value::Draw => Value::Draw,
            };
            (before, plies + 1) == result
        })
        .map(|(mv, _)| mv.clone())
        .collect()
}

/// The strings of a JSON array, as a set.
fn strings(value: &Json) -> BTreeSet<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn misere_every_reachable_position_against_the_reference() {
    let mut memo = HashMap::new();
    misere_reference([0; 9], &mut memo);
    let mut boards: Vec<([u8; 9], Solved)> = memo.iter().map(|(&k, &v)| (k, v)).collect();
    boards.sort();
    let input: String = boards
        .iter()
        .map(|(cells, _)| notation(*cells, ['.', 'x', 'o']) + "\n")
        .collect();
    let words = outcome("misere", &[], &input);
    let objects = outcome_json("misere", &input);
    for (((cells, result), word), object) in boards.iter().zip(&words).zip(&objects) {
        let xs = cells.iter().filter(|&&c| c == 1).count();
        let os = cells.iter().filter(|&&c| c == 2).count();
        let (mover, other, mark) = if xs > os {
            ("o", "x", 2)
        } else {
            ("x", "o", 1)
        };
        let expected = winner(result.0, mover, other);
        assert_eq!(word, expected, "{cells:?}");
        let finished = result.1 == 0;
        let children: Vec<(String, Solved)> = if finished {
            Vec::new()
        } else {
            (0..9)
                .filter(|&i| cells[i] == 0)
                .map(|i| {
                    let mut next = *cells;
                    next[i] = mark;
                    ((i + 1).to_string(), memo[&next])
                })
                .collect()
        };
        assert_eq!(object["position"], notation(*cells, ['.', 'x', 'o']));
        assert_eq!(object["to_move"], mover);
        assert_eq!(object["finished"], finished);
        assert_eq!(object["outcome"], expected);
        assert_eq!(object["plies"], result.1);
        // In misère, whoever completes a line loses: the side to move has won.
        let won = (finished && result.0 == Value::Win).then_some(mover);
        assert_eq!(object["winner"], json!(won), "{object}");
        assert_eq!(strings(&object["best_moves"]), optimal(*result, &children));
    }
}

#[test]
fn hexapawn_every_position_against_the_reference() {
    let mut memo = HashMap::new();
    hexapawn_reference([1, 1, 1, 0, 0, 0, 2, 2, 2], false, &mut memo);
    let mut entries: Vec<(([u8; 9], bool), Solved)> = memo.iter().map(|(&k, &v)| (k, v)).collect();
    entries.sort();
    assert_eq!(entries.len(), 135);
    let text = |(cells, black): ([u8; 9], bool)| {
        let side = if black { 'b' } else { 'w' };
        format!("{} {side}", notation(cells, ['.', 'w', 'b']))
    };
    let input: String = entries.iter().map(|&(key, _)| text(key) + "\n").collect();
    let words = outcome("hexapawn", &[], &input);
    let objects = outcome_json("hexapawn", &input);
    for ((&((cells, black), result), word), object) in entries.iter().zip(&words).zip(&objects) {
        let (mover, other, me) = if black {
            ("black", "white", 2)
        } else {
            ("white", "black", 1)
        };
        let expected = winner(result.0, mover, other);
        assert_eq!(word, expected, "{cells:?} {black}");
        let children: Vec<(String, Solved)> = if result.1 == 0 {
            Vec::new()
        } else {
            (0..9)
                .flat_map(|from| (0..9).map(move |to| (from, to)))
                .filter(|&(from, to)| hexapawn_move_is_legal(cells, black, from, to))
                .map(|(from, to)| {
                    let mut next = cells;
                    next[from] = 0;
                    next[to] = me;
                    (format!("{}-{}", from + 1, to + 1), memo[&(next, !black)])
                })
                .collect()
        };
        assert_eq!(object["position"], text((cells, black)));
        assert_eq!(object["to_move"], mover);
        assert_eq!(object["finished"], result.1 == 0, "{object}");
        assert_eq!(object["outcome"], expected);
        assert_eq!(object["plies"], result.1);
        let won = (result.1 == 0).then_some(other);
        assert_eq!(object["winner"], json!(won), "{object}");
        assert_eq!(strings(&object["best_moves"]), optimal(result, &children));
    }
}

#[test]
fn dodgem_every_position_against_the_fixed_point_reference() {
    let reference = dodgem_reference();
    let mut positions: Vec<(Cars, Option<Value>)> =
        reference.iter().map(|(&k, &v)| (k, v)).collect();
    positions.sort_by_key(|(cars, _)| format!("{cars:?}"));
    let text = Cars::notation;
    let input: String = positions
        .iter()
        .map(|(cars, _)| text(cars) + "\n")
        .collect();
    let words = outcome("dodgem", &[], &input);
    let objects = outcome_json("dodgem", &input);
    for (((cars, value), word), object) in positions.iter().zip(&words).zip(&objects) {
        let (mover, other) = if cars.red_to_move {
            ("red", "blue")
        } else {
            ("blue", "red")
        };
        // A position the fixed point never settles is a draw that can go on for ever.
        let expected = winner(value.unwrap_or(Value::Draw), mover, other);
        assert_eq!(word, expected, "{}", text(cars));
        assert_eq!(object["position"], text(cars));
        assert_eq!(object["to_move"], mover);
        assert_eq!(object["outcome"], expected);
        let finished = cars.children().is_empty();
        assert_eq!(object["finished"], finished, "{object}");
        if value.is_none() {
            assert_eq!(object["plies"], Json::Null, "{object}");
        } else {
            assert!(object["plies"].is_u64(), "{object}");
        }
        // A best move keeps the outcome: from a win, every best move leads to a position
        // the reference says the opponent loses, so there are at most as many as those.
        let best = strings(&object["best_moves"]);
        assert_eq!(best.is_empty(), finished, "{object}");
        if *value == Some(Value::Win) && !finished {
            let losing = cars
                .children()
                .iter()
                .filter(|child| reference[child] == Some(Value::Loss))
                .count();
            assert!(best.len() <= losing && losing > 0, "{object}");
        }
    }
}

#[test]
fn bad_lines_are_placed_by_line_and_column_and_the_rest_answered() {
    let input = "www/.../bbb w\nwwq/.../bbb w\n\nwww/www/bbb w\nwww/.../bbb\n.../.../... b\n";
    perfect_play()
        .args(["outcome", "--game", "hexapawn"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("black\nerror\n\ninvalid\nerror\ninvalid\n")
        .stderr(
            "-:2: not a hexapawn position: row 1, column 3: `q` is not a cell: expected w, b or .\n\
             -:4: no game of hexapawn reaches this position: www/www/bbb w\n\
             -:5: not a hexapawn position: the side to move is missing: expected a space and w or b after the board\n\
             -:6: no game of hexapawn reaches this position: .../.../... b\n",
        );
}

#[test]
fn bad_lines_in_json_say_the_position_and_the_error() {
    let output = perfect_play()
        .args(["outcome", "--game", "misere", "--json"])
        .write_stdin("xxx/oo./...\nxx\n")
        .assert()
        .code(1)
        .get_output()
        .clone();
    let lines: Vec<Json> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines[0],
        // x completed a line, and in misère that loses: o, to move, has won.
        json!({"position": "xxx/oo./...", "to_move": "o", "finished": true, "winner": "o",
               "outcome": "o", "plies": 0, "best_moves": []})
    );
    assert_eq!(
        lines[1],
        json!({"position": "xx", "error": "not a misere position: expected 9 cells, found 2"})
    );
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "-:2: not a misere position: expected 9 cells, found 2\n"
    );
}

#[test]
fn files_are_read_in_order_and_a_missing_one_is_an_error() {
    let dir = std::env::temp_dir().join(format!("pp-outcome-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.txt");
    std::fs::write(&file, "b../b../.rr b\n").unwrap();
    let file = file.to_str().unwrap();
    perfect_play()
        .args(["outcome", "--game", "dodgem", file, "no-such-file", "-"])
        .write_stdin("b../b../.rr b\n")
        .assert()
        .code(2)
        .stdout("blue\nblue\n")
        .stderr(predicates::str::contains("no-such-file: cannot open"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_exit_2() {
    perfect_play()
        .args(["outcome", "--game", "chess"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no game is called `"));
    perfect_play()
        .args(["outcome", "--game", "misere", "--format", "algospot"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot be used with"));
}

#[test]
fn games_json_lists_every_game_with_its_start_and_sides() {
    let out = perfect_play()
        .args(["games", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let games: Vec<Json> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let names: Vec<&str> = games.iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "tictactoe",
            "misere",
            "hexapawn",
            "dodgem",
            "connect4-4x4",
            "connect4-7x6"
        ]
    );
    // The rules, the game's own text: Hexapawn's says how a pawn captures and how a game is
    // won (Gardner's rules, as the module docs give them).
    let mut hexapawn = games[2].clone();
    let rules = hexapawn["rules"].take();
    assert!(rules.as_str().unwrap().contains("capturing it"), "{rules}");
    assert!(rules.as_str().unwrap().contains("has no move"), "{rules}");
    assert_eq!(
        hexapawn,
        json!({"name": "hexapawn", "game": "hexapawn", "family": "hexapawn",
               "parameters": {"rows": 3, "columns": 3}, "title": "Hexapawn",
               "rules": null, "positions": 135,
               "start": "www/.../bbb w", "sides": ["white", "black"],
               "outcome": "second", "plies": 6, "answered_by": "table"})
    );
    assert_eq!(games[0]["positions"], 5478);
    assert_eq!(games[0]["sides"], json!(["x", "o"]));
    assert_eq!(games[3]["start"], "b../b../.rr b");
    assert_eq!(games[3]["sides"], json!(["blue", "red"]));
    assert_eq!(games[1]["start"], ".../.../...");
    // Every registered game answers its own start through `outcome --game` as the list says.
    for game in &games[1..] {
        let name = game["name"].as_str().unwrap();
        let start = game["start"].as_str().unwrap();
        let object = &outcome_json(name, &format!("{start}\n"))[0];
        assert_eq!(object["position"], game["start"]);
        assert_eq!(object["plies"], game["plies"]);
        let first = game["sides"][0].as_str().unwrap();
        let second = game["sides"][1].as_str().unwrap();
        let expected = match game["outcome"].as_str().unwrap() {
            "first" => first,
            "second" => second,
            _ => "draw",
        };
        assert_eq!(object["outcome"], expected, "{name}");
    }
}

#[test]
fn lines_too_long_and_bytes_that_are_not_utf8_are_errors_and_the_rest_answered() {
    // The limit on a line is 64 KiB (README); the third line is Dodgem's start.
    let mut input = b"\xff../b../.rr b\n".to_vec();
    input.extend(std::iter::repeat_n(b'.', 70_000));
    input.extend_from_slice(b"\nb../b../.rr b\n");
    perfect_play()
        .args(["outcome", "--game", "dodgem", "--json"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(predicates::str::contains(
            "{\"position\":\"\u{fffd}../b../.rr b\",\"error\":\"not a dodgem position: not UTF-8\"}\n\
             {\"position\":null,\"error\":\"line too long (70000 bytes)\"}\n\
             {\"position\":\"b../b../.rr b\",\"to_move\":\"blue\",",
        ))
        .stderr(
            "-:1: not a dodgem position: not UTF-8\n\
             -:2: line too long (70000 bytes)\n",
        );
}
