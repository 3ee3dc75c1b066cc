//! `perfect-play solve`, `table info`, `table verify` and `--table FILE`, run as a user
//! runs them: Connect Four 4x3 (no compiled table) solved into a file and answered from it
//! by `outcome`, `analyze` and the web board's API (`serve --table`), against the plain
//! reference solver of `tests/common/connect4_reference.rs`, and the same size solved on
//! first use without the file (a size past that, 6x4, is refused saying how to solve it
//! into a file); 4x4 from a file against the
//! compiled table; a family at a size (`mnk:3,4,3`) solved into a file and answered from
//! it as the same size solved on first use, and six families' files walked position by
//! position against the registry; and files refused: another game's, a damaged one.
//!
//! Where the expectations come from: the reference solver (its own board and win test,
//! no code shared with the crate), John Tromp's count for 4x4 (161,029 positions, a
//! draw: `../shared/fixtures/connect-four-facts.md`), and the compiled 4x4 table, itself
//! checked against the reference in `tests/connect4.rs`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

#[path = "../../tests/common/connect4_reference.rs"]
mod connect4_reference;
mod support;

use std::path::PathBuf;

use assert_cmd::Command;
use connect4_reference::Reference;
use perfect_play::dynamic::DynGame;
use perfect_play::{Value, file, games};
use predicates::prelude::*;
use support::server::Server;

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "perfect-play-cli-table-{}-{test}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn perfect_play() -> Command {
    Command::new(env!("CARGO_BIN_EXE_perfect-play"))
}

/// Solves `game` into `dir/NAME.table` and returns the path and what `solve` printed.
fn solve(dir: &std::path::Path, game: &str) -> (PathBuf, String) {
    let path = dir.join(format!("{}.table", game.replace([':', ','], "-")));
    let out = perfect_play()
        .args(["solve", game, "--out"])
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    (path, String::from_utf8(out).unwrap())
}

/// What `perfect-play ARGS` (with `--table FILE` when given) prints for `input`, having
/// succeeded.
fn answers(args: &[&str], table: Option<&std::path::Path>, input: &str) -> String {
    let mut command = perfect_play();
    command.args(args);
    if let Some(file) = table {
        command.arg("--table").arg(file);
    }
    let out = command
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// `analyze --game GAME --table FILE POSITION` is refused with exit status 2, saying that
/// the file is a table of `found`, not of `wanted`.
fn refused_as_another_games(
    game: &str,
    file: &std::path::Path,
    position: &str,
    found: &str,
    wanted: &str,
) {
    perfect_play()
        .args(["analyze", "--game", game, "--table"])
        .arg(file)
        .arg(position)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "a table of {found}, not of {wanted}"
        )));
}

/// Every position the reference reaches on `w` by `h`, in notation, with its record.
fn reference_positions(w: usize, h: usize) -> Vec<(String, (Value, u16))> {
    let mut reference = Reference::new(w, h);
    let grids = reference.reachable();
    grids
        .iter()
        .map(|grid| (reference.notation(grid), reference.solve(grid)))
        .collect()
}

#[test]
fn a_size_without_a_compiled_table_is_solved_and_answered_from_its_file() {
    let dir = scratch("4x3");
    let (path, said) = solve(&dir, "connect4-4x3");
    let positions = reference_positions(4, 3);
    assert!(
        said.contains(&format!("positions: {} in 13 tiers", positions.len())),
        "{said}"
    );
    assert!(
        said.lines()
            .any(|l| l.starts_with("sha256: ") && l.len() == 8 + 64),
        "{said}"
    );
    // `outcome --json` on every position, against the reference.
    let input: String = positions
        .iter()
        .map(|(text, _)| format!("{text}\n"))
        .collect();
    let said = answers(
        &["outcome", "--game", "connect4-4x3", "--json"],
        Some(&path),
        &input,
    );
    let answers: Vec<serde_json::Value> = said
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(answers.len(), positions.len());
    for ((text, (value, plies)), answer) in positions.iter().zip(&answers) {
        assert_eq!(answer["position"], text.as_str());
        assert_eq!(answer["plies"], *plies, "{text}");
        let to_move = answer["to_move"].as_str().unwrap();
        let expected = match value {
            Value::Draw => "draw".to_owned(),
            Value::Win => to_move.to_owned(),
            Value::Loss => if to_move == "x" { "o" } else { "x" }.to_owned(),
        };
        assert_eq!(answer["outcome"], expected.as_str(), "{text}");
    }
    // Without the file the size is solved on first use, and answers the same.
    let first_use = self::answers(
        &["outcome", "--game", "connect4-4x3", "--json"],
        None,
        &input,
    );
    assert!(
        first_use == said,
        "the size solved on first use answers as its file"
    );
    // A size too large for that (past 10 million positions) says what to do instead.
    perfect_play()
        .args(["outcome", "--game", "connect4-6x4"])
        .write_stdin("....../....../....../......\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "more than 10000000 positions, the most a size is solved on first use: solve it \
             once into a table file (`perfect-play solve connect-four:rows=4,columns=6,x_in_row=4 \
             --out FILE`) and give that file (`--table FILE`)",
        ));
    // The web board serves it like a compiled game.
    let server = Server::start(&["--table", path.to_str().unwrap()]);
    let listed = server.get("/api/games").json();
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["name"] == "connect4-4x3"),
        "{listed}"
    );
    let start = server.get("/api/games/connect4-4x3/position").json();
    assert_eq!(start["position"], "..../..../....");
    let first = answers
        .iter()
        .find(|a| a["position"] == "..../..../....")
        .unwrap();
    assert_eq!(start["plies"], first["plies"]);
    assert_eq!(start["outcome"], first["outcome"]);
    assert_eq!(start["width"], 4);
}

/// Without a terminal (a log, a batch system's file, a rank under `mpirun`), a solve
/// writes a line on stderr as each step of a tier starts, in order, with the time since
/// the start, and nothing of a bar: Connect Four 4x4's 17 tiers (0 to 16, John Tromp's
/// count of discs) walked up, solved down, then the file written.
#[test]
fn a_solve_without_a_terminal_says_each_step_on_a_line() {
    let dir = scratch("lines");
    let output = perfect_play()
        .args(["solve", "connect4-4x4", "--threads", "1", "--out"])
        .arg(dir.join("c44.table"))
        .assert()
        .success()
        .get_output()
        .clone();
    let said = String::from_utf8(output.stderr).unwrap();
    let lines: Vec<&str> = said.lines().collect();
    assert!(!said.contains('\r') && !said.contains('\x1b'), "{said:?}");
    let steps: Vec<String> = lines
        .iter()
        .map(|line| line.split(" (").next().unwrap().to_string())
        .collect();
    let walk: Vec<String> = (1..=16).map(|t| format!("walk tier {t}/16")).collect();
    let solve: Vec<String> = (0..=16)
        .rev()
        .map(|t| format!("solve tier {t}/16"))
        .collect();
    assert_eq!(steps[..16], walk[..], "{said}");
    assert_eq!(steps[16..33], solve[..], "{said}");
    assert_eq!(steps[33..], ["write the file".to_string()], "{said}");
    for line in &lines {
        assert!(line.ends_with(" s in)"), "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn info_verify_and_the_refusals_say_which_file_and_where() {
    let dir = scratch("4x4");
    let (path, said) = solve(&dir, "connect4-4x4");
    assert!(said.contains("positions: 161029 in 17 tiers"), "{said}");
    assert!(said.contains("start: a draw in 16 plies"), "{said}");
    perfect_play()
        .args(["table", "info"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("game: connect4-4x4"))
        .stdout(predicate::str::contains("positions: 161029"))
        .stdout(predicate::str::contains("bytes: 511592 (3.18 a position)"));
    perfect_play()
        .args(["table", "verify"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("ok"));
    // The file answers as the compiled table.
    let positions = "..../..../..../....\n..../..../..../.x..\n..../..x./.ox./oxox\n";
    assert_eq!(
        answers(
            &["outcome", "--game", "connect4-4x4", "--json"],
            None,
            positions
        ),
        answers(
            &["outcome", "--game", "connect4-4x4", "--json"],
            Some(&path),
            positions
        ),
    );
    // Another game's file.
    refused_as_another_games(
        "connect4-5x4",
        &path,
        "...../...../...../.....",
        "connect4-4x4",
        "connect4-5x4",
    );
    // A damaged one: a byte flipped in the third block.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[200_000] ^= 1;
    let damaged = dir.join("damaged.table");
    std::fs::write(&damaged, &bytes).unwrap();
    perfect_play()
        .args(["table", "verify"])
        .arg(&damaged)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("damaged: block 3 (from byte "));
    perfect_play()
        .args(["outcome", "--game", "connect4-4x4", "--table"])
        .arg(&damaged)
        .write_stdin(positions)
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn a_family_at_a_size_is_solved_into_a_file_and_answered_from_it() {
    let dir = scratch("families");
    let (path, said) = solve(&dir, "mnk:3,4,3");
    assert!(said.starts_with("game: mnk:m=3,n=4,k=3\n"), "{said}");
    assert!(said.contains("positions: 111973 in 1 tiers"), "{said}");
    // Every position of a line of play, and a few off it, as `analyze` of the same size
    // solved on first use says them.
    let positions = [
        ".../.../.../...",
        "x../.../.../...",
        "xo./.x./.../...",
        "xo./.x./..o/...",
    ];
    for position in positions {
        assert_eq!(
            answers(&["analyze", "--game", "mnk:3,4,3", position], None, ""),
            answers(
                &["analyze", "--game", "mnk:m=3,n=4,k=3", position],
                Some(&path),
                ""
            ),
            "{position}"
        );
    }
    // Another size of the family is refused; a size the family has not, said and not
    // solved.
    refused_as_another_games(
        "mnk:3,3,3",
        &path,
        ".../.../...",
        "mnk:m=3,n=4,k=3",
        "mnk:m=3,n=3,k=3",
    );
    perfect_play()
        .args(["solve", "mnk:9,9,9", "--out"])
        .arg(dir.join("none.table"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("m is 9, but goes from 1 to 6"));
    assert!(!dir.join("none.table").exists());
}

/// Every position play reaches in `expected`, walked through its moves: `got` analyses
/// each the same (record, moves and their records, in order). Returns how many.
fn agree_everywhere(got: &dyn DynGame, expected: &dyn DynGame) -> usize {
    let start = expected.about().start.clone();
    assert_eq!(got.about().start, start);
    let mut seen = std::collections::HashSet::from([start.clone()]);
    let mut queue = vec![start];
    while let Some(text) = queue.pop() {
        let (a, b) = (
            got.analyze(&text).unwrap(),
            expected.analyze(&text).unwrap(),
        );
        assert_eq!(a, b, "{text}");
        for mv in expected.moves(&text).unwrap() {
            let next = expected.play(&text, &mv).unwrap();
            if seen.insert(next.clone()) {
                queue.push(next);
            }
        }
    }
    seen.len()
}

/// Families at sizes not compiled in (each solved on first use by the registry), a loopy
/// family at its compiled size and the registry's game of one size that is it, and one
/// whose turns do not alternate: each solved by `perfect-play solve` into a file that
/// answers every position play reaches as the registry does (itself checked against the
/// plain references of `tests/common/games.rs` in `tests/families.rs`).
#[test]
fn every_family_solved_into_a_file_answers_as_the_registry_everywhere() {
    let dir = scratch("every-family");
    for (name, sized) in [
        ("mnk:3,4,3", "mnk:m=3,n=4,k=3"),
        ("hexapawn:3,4", "hexapawn:rows=3,columns=4"),
        ("othello:4,4", "othello:rows=4,columns=4"),
        ("dodgem:3", "dodgem:n=3"),
        ("dodgem", "dodgem"),
        ("kalah:3,2", "kalah:pits=3,seeds=2"),
    ] {
        let (path, said) = solve(&dir, name);
        assert!(said.starts_with(&format!("game: {sized}\n")), "{said}");
        let positions: u64 = said
            .lines()
            .find_map(|line| line.strip_prefix("positions: "))
            .and_then(|rest| rest.split(' ').next())
            .and_then(|count| count.parse().ok())
            .unwrap_or_else(|| panic!("no count of positions in {said}"));
        let from_file = file::open_dyn(name, &path).unwrap();
        let registry = games::open(name).unwrap();
        assert_eq!(from_file.about().name, registry.about().name);
        assert_eq!(from_file.about().family, registry.about().family, "{name}");
        assert_eq!(from_file.about().params, registry.about().params, "{name}");
        assert_eq!(
            from_file.about().positions,
            registry.about().positions,
            "{name}"
        );
        assert_eq!(Some(positions), registry.about().positions, "{name}");
        let walked = agree_everywhere(&*from_file, &*registry);
        assert!(walked > 1, "{name}");
        // The file names its size: another size of the family is refused.
        let other = file::open_dyn("mnk:4,4,3", &path).err().unwrap();
        assert!(
            other
                .to_string()
                .contains(&format!("a table of {sized}, not of mnk:m=4,n=4,k=3")),
            "{other}"
        );
    }
}
