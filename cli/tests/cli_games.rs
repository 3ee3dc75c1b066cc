//! `perfect-play games`, and `analyze` and `play` with `--game`, run as a user runs them.
//!
//! Where the expectations come from: the published results the games' own tests cite
//! (tests/games.rs: misère tic-tac-toe a draw, Hexapawn a second-player win in 6 plies,
//! Dodgem 3x3 a first-player win), tic-tac-toe's 5,478 reachable boards, a draw in 9
//! plies (tests/data/tictactoe-facts.md), and the plain reference solvers of
//! `tests/common/games.rs`, which share no code with the crate. Positions and moves are
//! written here from the notation as README documents it, not with the crate's printer.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::HashMap;

use perfect_play::Value;
use predicates::prelude::*;

#[path = "../../tests/common/mod.rs"]
mod common;
mod support;

use common::Rng;
use common::games::{
    Cars, Solved, dodgem_reference, hexapawn_move_is_legal, hexapawn_reference, misere_reference,
    notation,
};
use support::perfect_play;

fn games(args: &[&str]) -> String {
    let mut all = vec!["games"];
    all.extend_from_slice(args);
    support::stdout_of(&all)
}

#[test]
fn lists_every_game_as_json_lines() {
    let text = games(&["--json"]);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Connect Four 4x4 in every build (its two larger sizes with `large-games`), then 7x6,
    // answered by search.
    assert_eq!(lines.len(), 6);
    for field in ["name", "game"] {
        assert_eq!(lines[0][field], "tictactoe");
    }
    assert_eq!(lines[0]["positions"], 5478);
    assert_eq!(lines[0]["outcome"], "draw");
    assert_eq!(lines[0]["plies"], 9);
    assert_eq!(lines[0]["sides"], serde_json::json!(["x", "o"]));
    // Every game says its start in its notation (cli_outcome_games.rs checks each against
    // `outcome --game`) and its two sides.
    for line in &lines {
        assert!(line["start"].is_string(), "{line}");
        assert_eq!(line["sides"].as_array().map(Vec::len), Some(2), "{line}");
    }
    assert_eq!(lines[1]["game"], "misere");
    assert_eq!(lines[1]["outcome"], "draw");
    assert_eq!(lines[2]["game"], "hexapawn");
    assert_eq!(lines[2]["outcome"], "second");
    assert_eq!(lines[2]["plies"], 6);
    assert_eq!(lines[3]["game"], "dodgem");
    assert_eq!(lines[3]["outcome"], "first");
    // 161,029 positions and a draw: ../shared/fixtures/connect-four-facts.md (P. Kirlin).
    assert_eq!(lines[4]["game"], "connect4-4x4");
    assert_eq!(lines[4]["positions"], 161_029);
    assert_eq!(lines[4]["outcome"], "draw");
    assert_eq!(lines[4]["answered_by"], "table");
    // 4,531,985,219,092 positions, a first-player win in 41 plies: the same fixture.
    assert_eq!(lines[5]["game"], "connect4-7x6");
    assert_eq!(lines[5]["positions"], 4_531_985_219_092u64);
    assert_eq!(lines[5]["outcome"], "first");
    assert_eq!(lines[5]["plies"], 41);
    assert_eq!(lines[5]["answered_by"], "search");
}

#[test]
fn lists_every_game_as_text() {
    let text = games(&[]);
    assert!(
        text.starts_with("tictactoe: 5478 positions, draw, 9 plies\n"),
        "{text}"
    );
    assert!(
        text.contains("hexapawn: 135 positions, second player wins, 6 plies\n"),
        "{text}"
    );
    assert!(
        text.contains("connect4-4x4: 161029 positions, draw, 16 plies\n"),
        "{text}"
    );
    assert!(
        text.ends_with("connect4-7x6: 4531985219092 positions, first player wins, 41 plies\n"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 6);
}

// --- analyze --game -----------------------------------------------------------------------

/// What `perfect-play ARGS` writes with `input` on stdin; it must succeed quietly.
fn stdout_of(args: &[&str], input: &str) -> String {
    let out = perfect_play()
        .args(args)
        .write_stdin(input.to_owned())
        .assert()
        .code(0)
        .stderr("")
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// `perfect-play analyze --game GAME POSITION`'s stdout.
fn analyze(game: &str, position: &str) -> String {
    stdout_of(&["analyze", "--game", game, position], "")
}

/// The moves drawn in their cells (a game whose every move is a placement): (cell as
/// `play` takes it, `win`/`loss`/`draw`, plies, optimal), in cell order.
fn cell_moves(analysis: &str) -> Vec<(String, String, u16, bool)> {
    analysis
        .lines()
        .filter(|l| l.contains('|'))
        .flat_map(|l| l.split('|'))
        .filter_map(|cell| {
            let (mv, rest) = cell.trim().split_once(": ")?;
            let (value, plies) = rest.split_once(' ')?;
            let optimal = plies.ends_with('*');
            let plies = plies.trim_end_matches('*').parse().unwrap();
            Some((mv.to_owned(), value.to_owned(), plies, optimal))
        })
        .collect()
}

/// The moves of an analysis: listed best first under the board, or drawn in their cells.
fn analysis_moves(analysis: &str) -> Vec<(String, String, u16, bool)> {
    if analysis.contains("Moves, best first") {
        move_lines(analysis)
    } else {
        cell_moves(analysis)
    }
}

/// The move lines of an analysis: (move, `win`/`loss`/`draw`, plies, optimal), in order.
fn move_lines(analysis: &str) -> Vec<(String, String, u16, bool)> {
    analysis
        .lines()
        .skip_while(|l| !l.starts_with("Moves, best first"))
        .skip(2)
        .take_while(|l| !l.trim_start().starts_with('*'))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let optimal = words[2].ends_with('*');
            let plies = words[2].trim_end_matches('*').parse().unwrap();
            (words[0].to_owned(), words[1].to_owned(), plies, optimal)
        })
        .collect()
}

/// What a reference result for the side to move says in the headline.
fn headline(mover: &str, other: &str, (value, plies): Solved) -> String {
    let unit = if plies == 1 { "ply" } else { "plies" };
    let result = match value {
        Value::Win => format!("{mover} wins in {plies} {unit}"),
        Value::Loss => format!("{other} wins in {plies} {unit}"),
        Value::Draw => format!("a draw in {plies} {unit}"),
    };
    format!("{mover} to move. With perfect play: {result}.")
}

/// What a move to a child with reference result `child` is worth to the mover.
fn before_move((value, plies): Solved) -> (String, u16) {
    let value = match value {
        Value::Win => "loss",
        Value::Loss => "win",
        Value::Draw => "draw",
    };
    (value.to_owned(), plies + 1)
}

/// Checks one analysis against the reference: the headline, then every move (found by
/// `child` from its text) worth what the reference says, listed best first, the optimal
/// ones starred, and as many as the reference has.
fn check_analysis(
    analysis: &str,
    mover: &str,
    other: &str,
    result: Solved,
    children: usize,
    child: impl Fn(&str) -> Solved,
) {
    assert_eq!(
        analysis.lines().nth(1),
        Some(headline(mover, other, result).as_str()),
        "{analysis}"
    );
    let lines = analysis_moves(analysis);
    // Listed moves come best first; moves in their cells come in cell order.
    let ranked = analysis.contains("Moves, best first");
    assert_eq!(lines.len(), children, "{analysis}");
    let rank = |(value, plies): (&str, u16)| match value {
        "win" => 1000 - i32::from(plies),
        "draw" => i32::from(plies),
        _ => i32::from(plies) - 1000,
    };
    let best = (result.0, result.1);
    for (i, (mv, value, plies, optimal)) in lines.iter().enumerate() {
        assert_eq!(
            before_move(child(mv)),
            (value.clone(), *plies),
            "{mv}: {analysis}"
        );
        let keeps = match best.0 {
            Value::Win => value == "win",
            Value::Loss => value == "loss",
            Value::Draw => value == "draw",
        } && *plies == best.1;
        assert_eq!(*optimal, keeps, "{mv}: {analysis}");
        if ranked && i > 0 {
            let before = &lines[i - 1];
            assert!(
                rank((&before.1, before.2)) >= rank((value, *plies)),
                "{analysis}"
            );
        }
    }
}

#[test]
fn analyze_hexapawn_matches_the_reference_on_every_reachable_position() {
    let mut memo = HashMap::new();
    let start = [1, 1, 1, 0, 0, 0, 2, 2, 2];
    hexapawn_reference(start, false, &mut memo);
    let entries: Vec<_> = memo.iter().map(|(&k, &v)| (k, v)).collect();
    assert_eq!(entries.len(), 135);
    for ((cells, black), result) in entries {
        let side = if black { 'b' } else { 'w' };
        let position = format!("{} {side}", notation(cells, ['.', 'w', 'b']));
        let analysis = analyze("hexapawn", &position);
        assert_eq!(
            analysis.lines().next(),
            Some(format!("hexapawn: {position}").as_str())
        );
        let (mover, other) = if black {
            ("black", "white")
        } else {
            ("white", "black")
        };
        if analysis.contains("Game over") {
            assert_eq!((result.0, result.1), (Value::Loss, 0), "{analysis}");
            assert!(
                analysis.contains(&format!("Game over: {other} wins.")),
                "{analysis}"
            );
            continue;
        }
        let me = if black { 2 } else { 1 };
        let children = (0..9)
            .flat_map(|from| (0..9).map(move |to| (from, to)))
            .filter(|&(from, to)| hexapawn_move_is_legal(cells, black, from, to))
            .count();
        check_analysis(&analysis, mover, other, result, children, |mv| {
            let (from, to) = mv.split_once('-').unwrap();
            let from: usize = from.parse::<usize>().unwrap() - 1;
            let to: usize = to.parse::<usize>().unwrap() - 1;
            let mut next = cells;
            next[from] = 0;
            next[to] = me;
            memo[&(next, !black)]
        });
    }
}

#[test]
fn analyze_misere_matches_the_reference_on_sampled_boards() {
    let mut memo = HashMap::new();
    misere_reference([0; 9], &mut memo);
    let mut boards: Vec<([u8; 9], Solved)> = memo.iter().map(|(&k, &v)| (k, v)).collect();
    boards.sort();
    let mut rng = Rng(12);
    for _ in 0..40 {
        let (cells, result) = boards[rng.below(boards.len())];
        let position = notation(cells, ['.', 'x', 'o']);
        let analysis = analyze("misere", &position);
        if result.1 == 0 {
            assert!(analysis.contains("Game over"), "{analysis}");
            continue;
        }
        let xs = cells.iter().filter(|&&c| c == 1).count();
        let os = cells.iter().filter(|&&c| c == 2).count();
        let (mover, other, mark) = if xs > os {
            ("o", "x", 2)
        } else {
            ("x", "o", 1)
        };
        let empty = cells.iter().filter(|&&c| c == 0).count();
        check_analysis(&analysis, mover, other, result, empty, |mv| {
            let mut next = cells;
            next[mv.parse::<usize>().unwrap() - 1] = mark;
            memo[&next]
        });
    }
    // The published result: a draw, and only the centre holds it.
    let start = analyze("misere", ".../.../...");
    assert!(
        start.contains("x to move. With perfect play: a draw in 9 plies."),
        "{start}"
    );
    // Every move is a placement: each drawn in its cell.
    let lines = cell_moves(&start);
    assert_eq!(lines.len(), 9, "{start}");
    assert_eq!(lines[4], ("5".to_owned(), "draw".to_owned(), 9, true));
    assert!(
        lines.iter().filter(|l| l.0 != "5").all(|l| l.1 == "loss"),
        "{start}"
    );
}

#[test]
fn analyze_dodgem_matches_the_fixed_point_reference_on_sampled_positions() {
    let reference = dodgem_reference();
    let mut positions: Vec<(Cars, Option<Value>)> =
        reference.iter().map(|(&k, &v)| (k, v)).collect();
    positions.sort_by_key(|(cars, _)| format!("{cars:?}"));
    let text = Cars::notation;
    let mut rng = Rng(7);
    for _ in 0..40 {
        let (cars, value) = positions[rng.below(positions.len())];
        let analysis = analyze("dodgem", &text(&cars));
        let (mover, other) = if cars.red_to_move {
            ("red", "blue")
        } else {
            ("blue", "red")
        };
        let children = cars.children();
        if cars.last_car_left() {
            // The side that moved its last car off has won.
            assert!(
                analysis.contains(&format!("Game over: {other} wins.")),
                "{analysis}"
            );
            continue;
        }
        if children.is_empty() {
            assert!(
                analysis.contains(&format!("Game over: {mover} wins.")),
                "{analysis}"
            );
            continue;
        }
        let winner = match value.unwrap() {
            Value::Win => mover,
            _ => other,
        };
        assert!(
            analysis
                .lines()
                .nth(1)
                .unwrap()
                .contains(&format!("perfect play: {winner} wins in")),
            "{analysis}"
        );
        // Each move's outcome is the reference's for the position it leads to.
        let lines = move_lines(&analysis);
        let mut expected: Vec<(String, String)> = children
            .iter()
            .map(|child| {
                let worth = match reference[child].unwrap() {
                    Value::Win => "loss",
                    _ => "win",
                };
                (dodgem_move(&cars, child), worth.to_owned())
            })
            .collect();
        expected.sort();
        let mut got: Vec<(String, String)> =
            lines.iter().map(|l| (l.0.clone(), l.1.clone())).collect();
        got.sort();
        assert_eq!(got, expected, "{analysis}");
    }
    // The published result: the first player wins.
    let start = analyze("dodgem", "b../b../.rr b");
    assert!(
        start.contains("blue to move. With perfect play: blue wins in"),
        "{start}"
    );
}

/// The move from `cars` to `child` in the notation: the car's cell and where it went
/// (cells 1-9), or `off`.
fn dodgem_move(cars: &Cars, child: &Cars) -> String {
    let (before, after) = if cars.red_to_move {
        (cars.red, child.red)
    } else {
        (cars.blue, child.blue)
    };
    let cell = |(r, c): (i32, i32)| (r * 3 + c + 1).to_string();
    let from = before
        .iter()
        .flatten()
        .find(|&&car| !after.contains(&Some(car)))
        .unwrap();
    let to = after
        .iter()
        .flatten()
        .find(|&&car| !before.contains(&Some(car)));
    format!(
        "{}-{}",
        cell(*from),
        to.map_or("off".to_owned(), |&to| cell(to))
    )
}

#[test]
fn analyze_refuses_what_is_not_a_position_of_the_game() {
    for (game, position, why) in [
        (
            "hexapawn",
            "www/.x./bbb w",
            "not a hexapawn position: row 2, column 2: `x` is not a cell: expected w, b or .",
        ),
        (
            "dodgem",
            "b../b../.rr",
            "not a dodgem position: the side to move is missing: expected a space and b or r after the board",
        ),
        (
            "misere",
            "",
            "no position given: `analyze --game misere` takes one in the game's notation, \
             such as its start `.../.../...` (`perfect-play games --families` gives every family's)",
        ),
        // Well formed, but no game gets there: three blue cars; more o than x.
        (
            "dodgem",
            "bbb/.../.rr r",
            "no game of dodgem reaches this position: bbb/.../.rr r",
        ),
        (
            "misere",
            "ooo/.../...",
            "no game of misere reaches this position: ooo/.../...",
        ),
    ] {
        perfect_play()
            .args(["analyze", "--game", game, position])
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!("perfect-play: {why}\n"));
    }
    // An unknown game is a usage error that names the games there are.
    for command in ["analyze", "play"] {
        perfect_play()
            .args([command, "--game", "chess"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "the games are tictactoe, misere, hexapawn, dodgem",
            ));
    }
}

#[test]
fn analyze_reads_the_position_from_stdin_and_in_separate_arguments() {
    let expected = analyze("hexapawn", "www/.../bbb w");
    perfect_play()
        .args(["analyze", "--game", "hexapawn"])
        .write_stdin("\u{feff}WWW/.../BBB w\r\n")
        .assert()
        .code(0)
        .stdout(expected.clone());
    perfect_play()
        .args(["analyze", "--game", "hexapawn", "www/.../bbb", "w"])
        .assert()
        .code(0)
        .stdout(expected);
}

// --- play --game --------------------------------------------------------------------------

/// `perfect-play play ARGS`'s stdout with `input` typed.
fn play(args: &[&str], input: &str) -> String {
    stdout_of(&[&["play"], args].concat(), input)
}

/// A finished game's output up to its review (`play` ends with one).
fn before_review(output: &str) -> &str {
    let (game, review) = output
        .split_once("\n\nReview:")
        .expect("a finished game is reviewed");
    assert!(review.contains("\nMistakes"), "{review}");
    game
}

#[test]
fn play_hexapawn_as_white_loses_to_the_table() {
    // White tries every move in turn until the game ends: illegal ones are refused, the
    // rest played, and black, the second player, wins (Gardner).
    let mut moves = String::from("nonsense\nhint\n");
    for _ in 0..4 {
        for from in 1..=9 {
            for to in 1..=9 {
                moves.push_str(&format!("{from}-{to}\n"));
            }
        }
    }
    let output = play(&["--game", "hexapawn"], &moves);
    assert!(
        output.contains("\n\nYou play white; the table plays black (white moves first)."),
        "{output}"
    );
    assert!(output.contains("Your move (white): nonsense\n`nonsense` is not a move: a move is FROM-TO with cells 1-9, like 2-5 (or `hint`, `quit`).\n"), "{output}");
    assert!(output.contains("white to move. With perfect play: black wins in 6 plies."));
    assert!(
        output.contains("`1-1` is not a legal move here: the legal moves are"),
        "{output}"
    );
    assert_eq!(
        before_review(&output).lines().last(),
        Some("black wins."),
        "{output}"
    );
}

/// Dōbutsu shōgi's lions and chicks (the full game needs a table file): each piece drawn
/// as the SFEN writes it (README's notation: uppercase sente's, lowercase gote's), gote's
/// hand above the board and sente's below; by the rules, a chick captured goes to the
/// captor's hand.
#[test]
fn analyze_and_play_dobutsu_draw_the_pieces_and_the_hands() {
    let game = "dobutsu:giraffes=false,elephants=false";
    let rows = |drawn: &str| -> Vec<String> {
        drawn
            .lines()
            .filter(|line| line.contains('|'))
            .map(str::to_owned)
            .collect()
    };
    // Sente has taken gote's chick with its own: the chick in sente's hand.
    let drawn = analyze(game, "1l1/1C1/3/1L1 w C");
    assert!(
        drawn.contains("\ngote holds: nothing\n   | l |\n"),
        "{drawn}"
    );
    assert_eq!(
        rows(&drawn),
        ["   | l |", "   | C |", "   |   |", "   | L |"]
    );
    assert!(drawn.contains("   | L |\nsente holds: C\n"), "{drawn}");
    // Played: sente's chick takes gote's, gote's lion takes it back; each holds a chick.
    let output = play(&["--game", game], "2c2b\n");
    assert!(output.contains("gote plays "), "{output}");
    assert!(output.contains("\nsente holds: C\n"), "{output}");
    let last = output.rsplit("gote plays ").next().unwrap();
    if last.starts_with("2a2b.") {
        assert!(last.contains("gote holds: c\n"), "{output}");
        assert_eq!(rows(last), ["   |   |", "   | l |", "   |   |", "   | L |"]);
    }
}

/// The full game without its table file: every command says how to make it, the command
/// with its time and memory.
#[test]
fn dobutsu_without_its_table_says_how_to_solve_it() {
    perfect_play()
        .args(["analyze", "--game", "dobutsu", "gle/1c1/1C1/ELG b -"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "(`perfect-play solve dobutsu:giraffes=true,elephants=true --out FILE --memory 7G`, about 10 \
             minutes on two cores, about 6.5 GB at its peak) and give that file (`--table FILE`)",
        ));
}

#[test]
fn play_hexapawn_as_black_the_table_opens_with_the_longest_defence() {
    let output = play(&["--game", "hexapawn", "--as", "Black"], "quit\n");
    assert!(output.contains("\nwhite plays 2-5.\n"), "{output}");
    // The side's letter in the notation names it too.
    assert_eq!(play(&["--game", "hexapawn", "--as", "b"], "quit\n"), output);
    assert!(
        output.ends_with("Your move (black): quit\nGame abandoned.\n"),
        "{output}"
    );
    // The reference agrees that 2-5 holds out longest: black wins in 5 more plies.
    let mut memo = HashMap::new();
    hexapawn_reference([1, 1, 1, 0, 0, 0, 2, 2, 2], false, &mut memo);
    assert_eq!(memo[&([1, 0, 1, 0, 1, 0, 2, 2, 2], true)], (Value::Win, 5));
}

#[test]
fn play_dodgem_as_red_loses_to_the_table() {
    // Red tries every move in turn; blue, the first player, wins (Winning Ways).
    let mut moves = String::new();
    for _ in 0..40 {
        for from in 1..=9 {
            for to in ["off", "1", "2", "3", "4", "5", "6", "7", "8", "9"] {
                moves.push_str(&format!("{from}-{to}\n"));
            }
        }
    }
    let output = play(&["--game", "dodgem", "--as", "red"], &moves);
    assert!(
        output.contains("\n\nYou play red; the table plays blue (blue moves first)."),
        "{output}"
    );
    assert!(output.contains("\nblue plays 1-2.\n"), "{output}");
    assert_eq!(
        before_review(&output).lines().last(),
        Some("blue wins."),
        "{output}"
    );
    // The table's opening is a win by the reference: red loses from there.
    let reference = dodgem_reference();
    let after = Cars {
        blue: [Some((0, 1)), Some((1, 0))],
        red: [Some((2, 1)), Some((2, 2))],
        red_to_move: true,
    };
    assert_eq!(reference[&after], Some(Value::Loss));
}

#[test]
fn play_misere_never_lets_the_person_win() {
    let moves = "1\n2\n3\n4\n5\n6\n7\n8\n9\n".repeat(2);
    let output = play(&["--game", "misere", "--as", "second"], &moves);
    assert!(
        output.contains("\n\nYou play o; the table plays x (x moves first)."),
        "{output}"
    );
    // The table's opening is the centre, the only move that does not lose.
    assert!(output.contains("\nx plays 5.\n"), "{output}");
    let last = before_review(&output).lines().last().unwrap();
    assert!(last == "x wins." || last == "A draw.", "{output}");
}

#[test]
fn play_refuses_a_side_the_game_does_not_have() {
    perfect_play()
        .args(["play", "--game", "dodgem", "--as", "white"])
        .write_stdin("")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "perfect-play: dodgem has no side `white`: play blue or red (or first or second)\n",
        );
}
