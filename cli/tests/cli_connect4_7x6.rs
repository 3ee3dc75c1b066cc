//! `connect4-7x6` on the command line and through the server, within the shipped opening
//! book (three plies), where every answer is a lookup.
//!
//! Where the expectations come from: the published results in
//! `../shared/fixtures/connect-four-facts.md` (the start a first-player win in 41 plies,
//! 4,531,985,219,092 positions; Allis 1988, Allen 1988, Tromp, Böck 2025) and the first
//! moves' values (the centre wins, the columns beside it draw, the outer four lose: Allis
//! 1988, John Tromp's Connect Four page). The server's time bound is checked on a position
//! three plies in, whose moves (positions of four plies) are past the book and take far
//! longer to search than the bound given.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

mod support;

use support::server::Server;
use support::{perfect_play, stdout_of as stdout};

const START: &str = "......./......./......./......./......./.......";

#[test]
fn analyze_shows_the_centre_column_winning_in_41_plies() {
    let text = stdout(&["analyze", "--game", "connect4-7x6", START]);
    assert!(text.contains("x wins in 41 plies"), "{text}");
    let moves: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("  ") && line.trim().len() > 2)
        .map(str::trim)
        .filter(|line| line.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(moves[0], "4  win 41*", "{text}");
    for line in [
        "3  draw 42",
        "5  draw 42",
        "2  loss 42",
        "6  loss 42",
        "1  loss 40",
        "7  loss 40",
    ] {
        assert!(moves.contains(&line), "{line} in {text}");
    }
    // The family's spelling is the same game; --threads is taken.
    let same = stdout(&[
        "analyze",
        "--game",
        "connect-four:6,7,4",
        "--threads",
        "1",
        START,
    ]);
    assert_eq!(same, text);
}

#[test]
fn games_lists_it_as_answered_by_search() {
    let text = stdout(&["games", "--json"]);
    let line = text
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|game| game["name"] == "connect4-7x6")
        .expect("connect4-7x6 is listed");
    assert_eq!(line["positions"], 4_531_985_219_092u64);
    assert_eq!(line["outcome"], "first");
    assert_eq!(line["plies"], 41);
    assert_eq!(line["answered_by"], "search");
    assert_eq!(line["start"], START);
}

#[test]
fn outcome_review_and_bad_input() {
    let floating = "......./......./......./......./...x.../.......";
    let out = perfect_play()
        .args(["outcome", "--game", "connect4-7x6"])
        .write_stdin(format!("{START}\n{floating}\nfoo\n"))
        .assert()
        .code(1)
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        ["x", "invalid", "error"],
        "{text}"
    );
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(
        errors.contains("-:2: ") && errors.contains("a disc above an empty cell"),
        "{errors}"
    );
    assert!(
        errors.contains("-:3: ") && errors.contains("row 1, column 1"),
        "{errors}"
    );

    // One move: the review ranks the moves of every position on the way, the last one's
    // included, so a longer one would leave the book.
    let review = stdout(&["review", "--game", "connect4-7x6", "4"]);
    assert!(review.contains("x wins in 41"), "{review}");
    assert!(review.contains("Mistakes: none"), "{review}");
    let blunder = stdout(&["review", "--game", "connect4-7x6", "1"]);
    assert!(blunder.contains("o wins in 39"), "{blunder}");
    assert!(
        blunder.contains("turned a win into a loss in 40 plies"),
        "{blunder}"
    );

    perfect_play()
        .args(["analyze", "--game", "connect4-7x6", "--threads", "0", START])
        .assert()
        .code(2);
}

#[test]
fn the_server_answers_within_the_book_and_bounds_a_search() {
    let server = Server::start(&["--solve-time-limit", "50"]);
    let start = server.get("/api/games/connect4-7x6/position");
    assert_eq!(start.status, 200, "{}", start.text());
    let answer = start.json();
    assert_eq!(answer["moves"][0]["move"], "4", "{answer}");
    assert_eq!(answer["moves"].as_array().unwrap().len(), 7);
    let pick = server.get("/api/games/connect4-7x6/pick").json();
    assert_eq!(pick["move"], "4", "{pick}");
    // Three discs in: ranking its moves searches seven positions of four plies, which
    // takes far longer than 50 ms on any machine.
    let deep = "......./......./......./......./......./..xox..".replace('/', "%2F");
    let refused = server.get(&format!("/api/games/connect4-7x6/position?position={deep}"));
    assert_eq!(refused.status, 503, "{}", refused.text());
    let message = refused.json()["error"].as_str().unwrap().to_owned();
    assert!(message.contains("--solve-time-limit"), "{message}");
}
