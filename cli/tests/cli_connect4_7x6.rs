//! `connect4-7x6` on the command line and through the server, within the shipped opening
//! book (ten plies), where every answer is a lookup.
//!
//! Where the expectations come from: the published results in
//! `../shared/fixtures/connect-four-facts.md` (the start a first-player win in 41 plies,
//! 4,531,985,219,092 positions; Allis 1988, Allen 1988, Tromp, Böck 2025) and the first
//! moves' values (the centre wins, the columns beside it draw, the outer four lose: Allis
//! 1988, John Tromp's Connect Four page). The server's time bound is checked on a position
//! ten plies in, whose moves (positions of eleven plies) are past the book and take far
//! longer to search than the bound given. `perfect-play book` is checked against the
//! shipped book (itself checked in `tests/connect4_7x6.rs` against those facts and its own
//! consistency), resuming from its scores so that nothing is searched.
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

/// `perfect-play book` resumes from a partial file and writes a table file that `table
/// verify` checks and the engine reads back with the same records; a partial file that is
/// not one is refused with its path and line, nothing written.
#[test]
fn the_book_command_resumes_and_writes_a_checked_table_file() {
    use perfect_play::Game;
    use perfect_play::games::connect4::Connect4On7x6;
    use perfect_play::games::connect4_7x6;
    use perfect_play::search::{Book, Searchable, book_positions};

    let dir = std::env::temp_dir().join(format!("perfect-play-cli-book-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let shipped = connect4_7x6::book().unwrap();
    let mut partial = String::new();
    for position in book_positions::<Connect4On7x6>(1).iter().flatten() {
        let score = shipped.score(position).unwrap();
        partial.push_str(&format!("{:x} {score}\n", position.symmetric_key()));
    }
    let out = dir.join("two.book");
    // A stop in the middle of a write: the last line unfinished (the first line's key
    // and the first digit of its score, here a line already whole above).
    let first = partial.lines().next().unwrap();
    let unfinished = &first[..first.find(' ').unwrap() + 2];
    std::fs::write(
        dir.join("two.book.partial"),
        format!("{partial}{unfinished}"),
    )
    .unwrap();
    let run = perfect_play()
        .args([
            "book",
            "connect4-7x6",
            "--plies",
            "1",
            "--threads",
            "1",
            "--memory",
            "16",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(
        stderr.contains("resuming: 5 positions already solved"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "two.book.partial: byte {}: an unfinished last line",
            partial.len()
        )),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("two.book.partial")).unwrap(),
        partial,
        "the unfinished line is cut off the partial file"
    );
    assert!(stderr.contains("5 positions up to ply 1"), "{stderr}");
    let info = stdout(&["table", "info", out.to_str().unwrap()]);
    let digest = info
        .lines()
        .find_map(|line| line.strip_prefix("sha256: "))
        .unwrap();
    assert!(
        stderr.contains(&format!("SHA-256 {digest}")),
        "the build prints the book's SHA-256: {stderr}"
    );
    assert!(
        !dir.join("two.book.writing").exists(),
        "no half-written book is left"
    );
    perfect_play()
        .args(["table", "verify"])
        .arg(&out)
        .assert()
        .success();
    let bytes: &'static [u8] = Vec::leak(std::fs::read(&out).unwrap());
    let rules = <Connect4On7x6 as Game>::RULES_VERSION;
    let book = Book::read(bytes, connect4_7x6::NAME, rules).unwrap();
    assert_eq!((book.depth(), book.len()), (1, 5));
    for (ply, key, record) in book.entries() {
        let same = shipped.entries().find(|&(p, k, _)| (p, k) == (ply, key));
        assert_eq!(same, Some((ply, key, record)));
    }

    let bad = dir.join("bad.book");
    std::fs::write(dir.join("bad.book.partial"), "40810204081 1\nzz 1\n").unwrap();
    let run = perfect_play()
        .args(["book", "connect4-7x6", "--plies", "1"])
        .arg("--out")
        .arg(&bad)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert!(
        stderr.contains("bad.book.partial:2: not a `KEY SCORE` line"),
        "{stderr}"
    );
    assert!(!bad.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

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
    // Ten discs in, the book's last ply: ranking its moves searches seven positions of
    // eleven plies (`analyze` took 1.3 s on the benchmarks' 2-core machine, the slowest of
    // the 49 ten-ply positions after this game's first eight moves), far longer than 50 ms.
    let deep = "......./......./....o../....x../o...x../xx.oxoo".replace('/', "%2F");
    let refused = server.get(&format!("/api/games/connect4-7x6/position?position={deep}"));
    assert_eq!(refused.status, 503, "{}", refused.text());
    let message = refused.json()["error"].as_str().unwrap().to_owned();
    assert!(message.contains("--solve-time-limit"), "{message}");
}
