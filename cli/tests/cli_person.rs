//! The commands meant for a person (`analyze`, `play`, `--help`), run through pipes as a
//! script or a test harness would.
//!
//! Expectations come from the rules, checked by hand on small boards: in `xx./oo./...`,
//! x to move wins at once in the top right corner, must otherwise block o's row at the
//! middle right (a draw follows), and loses in two plies anywhere on the bottom row; a
//! player facing the table never wins, since the table plays perfectly; every first move
//! on the empty board draws, so the table as x opens in the first cell (cell 1).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use predicates::prelude::*;

#[path = "../../tests/common/mod.rs"]
mod common;
mod support;

use support::perfect_play;

const ANALYSIS: &str = "\
tictactoe: xx.oo....
x to move. With perfect play: x wins in 1 ply.

     x     |     x     | 3: win 1*
-----------+-----------+-----------
     o     |     o     | 6: draw 5
-----------+-----------+-----------
 7: loss 2 | 8: loss 2 | 9: loss 2

Each empty cell: its number (1-9, as `play` takes it), then what playing there leads to
for x (N = plies to the end, this move included). * marks the optimal moves. A move is a cell 1-9, like 5.
";

#[test]
fn analyze_draws_the_board_and_each_move() {
    perfect_play()
        .args(["analyze", "xx./oo./..."])
        .assert()
        .code(0)
        .stdout(ANALYSIS)
        .stderr("");
}

#[test]
fn analyze_reads_the_board_from_stdin_or_in_separate_rows() {
    perfect_play()
        .arg("analyze")
        .write_stdin("\u{feff}xx.\r\noo.\r\n...\r\n")
        .assert()
        .code(0)
        .stdout(ANALYSIS);
    perfect_play()
        .args(["analyze", "-"])
        .write_stdin("XX-OO----")
        .assert()
        .code(0)
        .stdout(ANALYSIS);
    perfect_play()
        .args(["analyze", "xx.", "oo.", "..."])
        .assert()
        .code(0)
        .stdout(ANALYSIS);
}

#[test]
fn analyze_colours_only_when_asked_or_on_a_terminal() {
    // Through a pipe, `auto` means no colour.
    perfect_play()
        .args(["analyze", "xx./oo./..."])
        .env_remove("NO_COLOR")
        .assert()
        .stdout(predicate::str::contains("\x1b[").not());
    let coloured = perfect_play()
        .args(["analyze", "--color", "always", "xx./oo./..."])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let coloured = String::from_utf8(coloured).unwrap();
    assert!(
        coloured.contains("\x1b[1;32m3: win 1*\x1b[0m"),
        "{coloured}"
    );
    // Without the escape codes it is the plain drawing.
    let mut plain = String::new();
    let mut rest = coloured.as_str();
    while let Some(start) = rest.find('\x1b') {
        plain.push_str(&rest[..start]);
        rest = &rest[start..];
        let end = rest.find('m').unwrap();
        rest = &rest[end + 1..];
    }
    plain.push_str(rest);
    assert_eq!(plain, ANALYSIS);
}

#[test]
fn analyze_a_finished_board() {
    perfect_play()
        .args(["analyze", "xxx/oo./..."])
        .assert()
        .code(0)
        .stdout(
            "tictactoe: xxxoo....\nGame over: x wins.\n\n x | x | x\n---+---+---\n o | o |\n---+---+---\n   |   |\n",
        );
}

#[test]
fn analyze_refuses_what_is_not_a_reachable_board() {
    perfect_play()
        .args(["analyze", "xxx/ooo/..."])
        .assert()
        .code(1)
        .stdout("")
        .stderr("perfect-play: both x and o have three in a row: xxxooo...\n");
    perfect_play()
        .args(["analyze", "xx"])
        .assert()
        .code(1)
        .stderr("perfect-play: not a tictactoe position: expected 9 cells, found 2\n");
    perfect_play()
        .arg("analyze")
        .write_stdin("")
        .assert()
        .code(1)
        .stderr(
            "perfect-play: no position given: `analyze --game tictactoe` takes one in the \
             game's notation, such as its start `.........` (`perfect-play games --families` \
             gives every family's)\n",
        );
}

#[test]
fn play_as_o_lets_the_table_open_and_quits_on_request() {
    perfect_play()
        .args(["play", "--as", "o"])
        .write_stdin("quit\n")
        .assert()
        .code(0)
        .stdout(concat!(
            "Tic-tac-toe: Two players, x and o, take turns marking an empty cell of a 3x3 board; x moves first. Cells are numbered 1-9, 1 2 3 on the top row. Three marks of one player in a row, column or diagonal win at once. A full board without three in a row is a draw.\n",
            "\n",
            "You play o; the table plays x (x moves first). Enter a move (a cell 1-9, like 5), `hint` or `quit`.\n",
            "\n",
            " 1 | 2 | 3\n",
            "---+---+---\n",
            " 4 | 5 | 6\n",
            "---+---+---\n",
            " 7 | 8 | 9\n",
            "\n",
            "x plays 1.\n",
            "\n",
            " x | 2 | 3\n",
            "---+---+---\n",
            " 4 | 5 | 6\n",
            "---+---+---\n",
            " 7 | 8 | 9\n",
            "\n",
            "Your move (o): quit\n",
            "Game abandoned.\n",
        ))
        .stderr("");
}

#[test]
fn play_a_whole_game_through_a_pipe() {
    // x tries every cell in turn until the game ends: taken cells are refused, the rest
    // played, and the table cannot lose.
    let moves = "nonsense\nhint\n".to_owned() + &"1\n2\n3\n4\n5\n6\n7\n8\n9\n".repeat(2);
    let output = perfect_play()
        .arg("play")
        .write_stdin(moves)
        .assert()
        .code(0)
        .stderr("")
        .get_output()
        .stdout
        .clone();
    let output = String::from_utf8(output).unwrap();
    assert!(output.contains(
        "Your move (x): nonsense\n`nonsense` is not a move: a move is a cell 1-9, like 5 (or `hint`, `quit`).\n"
    ));
    assert!(output.contains("x to move. With perfect play: a draw in 9 plies."));
    // The result, then the game's review.
    let (game, review) = output.split_once("\n\nReview:").unwrap();
    let last = game.lines().last().unwrap();
    assert!(last == "o wins." || last == "A draw.", "{output}");
    assert!(review.contains("\nMistakes"), "{output}");
}

#[test]
fn play_stops_when_the_input_ends() {
    perfect_play()
        .arg("play")
        .write_stdin("5\n")
        .assert()
        .code(0)
        .stdout(predicate::str::ends_with(
            "Your move (x): \nNo more input: the game is left unfinished.\n",
        ));
}

#[test]
fn play_answers_each_move_as_it_is_typed() {
    // A person types one line and waits for the reply: the move must be answered while the
    // input is still open, with nothing more to read. The input here is a pipe held open, as
    // a terminal is; the reply is awaited for up to a minute (a stalled reader never sends it).
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command as Std, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;

    let mut child = Std::new(env!("CARGO_BIN_EXE_perfect-play"))
        .arg("play")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, received) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    stdin.write_all(b"5\n").unwrap();
    stdin.flush().unwrap();
    let reply = loop {
        match received.recv_timeout(Duration::from_secs(60)) {
            Ok(line) if line.starts_with("o plays ") => break Some(line),
            Ok(_) => {}
            Err(_) => break None,
        }
    };
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    reader.join().unwrap();
    assert!(
        reply.is_some(),
        "no reply to the move 5 while the input stayed open"
    );
    assert!(status.success());
}

/// Plays x's moves 1 to 9 in order (skipping taken cells is the table's business: an
/// occupied cell is refused and the next line tried) against the table at `level`.
fn play_at_level(level: &str, seed: &str) -> String {
    let moves = "1\n2\n3\n4\n5\n6\n7\n8\n9\n".repeat(2);
    let output = perfect_play()
        .args(["play", "--level", level, "--seed", seed])
        .write_stdin(moves)
        .output()
        .unwrap();
    assert!(output.status.success(), "{level}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn play_at_a_level_replays_with_its_seed_and_perfect_never_loses() {
    for level in ["perfect", "safe", "skill:50", "random"] {
        let game = play_at_level(level, "7682");
        assert_eq!(
            game,
            play_at_level(level, "7682"),
            "{level}: the seed replays the game"
        );
        assert!(
            game.contains("o wins.")
                || game.contains("you beat the table")
                || game.contains("A draw."),
            "{level}: the game ends\n{game}"
        );
        if level == "perfect" {
            // x plays 1, 2, 3... without looking: the perfect table wins or draws.
            assert!(!game.contains("you beat the table"), "{game}");
        }
    }
    // Random play differs from seed to seed somewhere in 20 seeds.
    let games: std::collections::HashSet<String> = (0..20)
        .map(|seed| play_at_level("random", &seed.to_string()))
        .collect();
    assert!(games.len() > 1);
    // A level that does not exist is a usage error.
    perfect_play()
        .args(["play", "--level", "genius"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("perfect, safe"));
}

#[test]
fn every_command_has_help_with_an_example() {
    for command in [
        &[][..],
        &["outcome"],
        &["validity"],
        &["analyze"],
        &["play"],
        &["footholds"],
    ] {
        let help = perfect_play()
            .args(command)
            .arg("--help")
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone();
        let help = String::from_utf8(help).unwrap();
        // The examples come after the options, and each subcommand's show it being run.
        let examples = help
            .split_once("Examples:\n")
            .map(|(_, examples)| examples)
            .unwrap_or_else(|| panic!("no examples in the help of {command:?}:\n{help}"));
        let run = format!("perfect-play {}", command.first().unwrap_or(&""));
        assert!(examples.contains(run.trim_end()), "{command:?}: {examples}");
    }
}
