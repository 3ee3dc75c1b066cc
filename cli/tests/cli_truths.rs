//! What README and `--help` say, checked against what the binary and the repository do
//! (issue 24): help that names only options a command has, exit statuses as said, the
//! review at the end of `play` and on `review`, prompts at a terminal, the messages'
//! prefix and columns, `serve --open` without a browser, scripts that ask cargo where the
//! binary is, and the sentences of README and the guides a newcomer checks.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: it may panic

mod support;

use std::path::Path;
use std::process::Command;

use predicates::prelude::*;
use support::perfect_play;

/// The repository's root.
fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// A file of the repository, as text.
fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// The text `perfect-play ARGS` writes to stdout.
fn stdout_of(args: &[&str], stdin: &str) -> String {
    let output = perfect_play()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn every_option_a_help_names_is_the_commands_own_or_named_with_its_command() {
    let commands = [
        "outcome",
        "validity",
        "analyze",
        "play",
        "review",
        "footholds",
        "games",
        "serve",
    ];
    for command in commands {
        let help = stdout_of(&[command, "--help"], "");
        let words: Vec<&str> = help
            .split(|c: char| c.is_whitespace() || "`(),;:".contains(c))
            .filter(|word| !word.is_empty())
            .collect();
        for (at, word) in words.iter().enumerate() {
            let Some(option) = word.strip_prefix("--") else {
                continue;
            };
            let option: String = option
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            if option.is_empty() || ["help", "version"].contains(&option.as_str()) {
                continue;
            }
            // `outcome --json`: another command's option, named with it.
            if at > 0 && commands.contains(&words[at - 1]) && words[at - 1] != command {
                continue;
            }
            let own = format!("--{option}");
            assert!(
                help.contains(&format!("  {own}")) || help.contains(&format!(", {own}")),
                "`{command} --help` mentions {own}, which `{command}` does not take:\n{help}"
            );
        }
    }
}

#[test]
fn the_exit_statuses_the_top_level_help_states() {
    let help = stdout_of(&["--help"], "");
    assert!(
        help.contains("`validity` answers\na board no game reaches `invalid`, with status 0")
            || help.contains("`validity` answers a board no game reaches `invalid`, with status 0"),
        "{help}"
    );
    // o has more marks than x: no game reaches it.
    perfect_play()
        .arg("validity")
        .write_stdin("oo.x.....\n")
        .assert()
        .code(0)
        .stdout("invalid\n");
    perfect_play()
        .arg("outcome")
        .write_stdin("oo.x.....\n")
        .assert()
        .code(1)
        .stdout("invalid\n");
    perfect_play()
        .args(["analyze", "oo.x....."])
        .assert()
        .code(1);
    perfect_play().args(["review", "5", "5"]).assert().code(1);
    perfect_play()
        .args(["validity", "--no-such-option"])
        .assert()
        .code(2);
    // `play` ends 0 however the game ends: here abandoned.
    perfect_play()
        .arg("play")
        .write_stdin("quit\n")
        .assert()
        .code(0);
}

/// The review part of a text: from `Review:` on.
fn review_part(text: &str) -> &str {
    let at = text
        .find("Review:")
        .unwrap_or_else(|| panic!("no review in:\n{text}"));
    &text[at..]
}

#[test]
fn play_ends_with_the_review_that_review_prints() {
    // The table (x) opens in 1, the first of its optimal moves; o's 2 loses the game.
    let played = stdout_of(&["play", "--as", "o", "--color", "never"], "2\n4\n8\n9\n");
    let review = review_part(&played);
    assert!(
        review.contains("Mistakes:\n  2. o 2 turned a draw into a loss in "),
        "{played}"
    );
    assert!(review.contains("start  draw in 9"), "{review}");
    assert!(review.contains("x won"), "{review}");
    // The moves of that game, as the table played them, reviewed alone.
    let moves: Vec<&str> = review
        .lines()
        .take_while(|line| !line.starts_with("Mistakes"))
        .filter_map(|line| line.trim_start().split_once(". "))
        .filter(|(number, _)| number.parse::<u32>().is_ok())
        .filter_map(|(_, rest)| rest.split_whitespace().nth(1))
        .collect();
    assert!(moves.len() >= 5, "{review}");
    let mut args = vec!["review"];
    args.extend(&moves);
    perfect_play()
        .args(&args)
        .assert()
        .success()
        .stdout(review.to_owned());
    // The same from stdin, split by commas.
    perfect_play()
        .arg("review")
        .write_stdin(moves.join(","))
        .assert()
        .success()
        .stdout(review.to_owned());
}

#[test]
fn a_game_with_no_mistake_says_so() {
    let played = stdout_of(&["play", "--color", "never"], "5\n3\n4\n8\n9\n");
    let review = review_part(&played);
    assert!(review.contains("Mistakes: none"), "{played}");
    assert!(!review.contains("mistake\n"), "{review}");
}

#[test]
fn review_help_examples_say_what_they_do() {
    let help = stdout_of(&["review", "--help"], "");
    assert!(
        help.contains("perfect-play review 5 1 9 3 7                 # x's 7 lost a drawn game")
    );
    let review = stdout_of(&["review", "5", "1", "9", "3", "7"], "");
    assert!(
        // The sentence counts the plies as the board labels a move: the move included.
        review.ends_with("Mistakes:\n  5. x 7 turned a draw into a loss in 2 plies\n"),
        "{review}"
    );
    assert!(help.contains("perfect-play review --game hexapawn 2-5 7-5"));
}

#[test]
fn review_of_another_game_and_its_refusals() {
    let review = stdout_of(&["review", "--game", "hexapawn", "2-5", "7-5"], "");
    assert!(review.starts_with("Review:"), "{review}");
    assert!(review.contains("white 2-5"), "{review}");
    assert!(review.contains("black 7-5"), "{review}");
    perfect_play()
        .args(["review", "--game", "hexapawn", "2-5", "2-5"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("  1. white 2-5"))
        .stderr(predicate::str::starts_with(
            "perfect-play: hexapawn: move 2: `2-5` is not a legal move here: the legal moves are 7-4, 7-5, 9-6, 9-5",
        ));
    perfect_play()
        .args(["review", "5", "5"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "perfect-play: tictactoe: move 2: `5` is not a legal move here: the legal moves are 1, 2, 3, 4, 6, 7, 8, 9",
        ));
    perfect_play()
        .args(["review", "--game", "chess", "e4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no game is called `chess`; the games are ",
        ));
}

/// What `perfect-play ARGS` writes to a terminal (stdin, stdout and stderr a pseudo-terminal
/// made by util-linux's `script`), given `typed` and then Ctrl-D. The typing starts once the
/// prompt has shown, as a person's would: typed earlier, the terminal's echo lands before it.
fn at_a_terminal(args: &str, typed: &str) -> String {
    use std::io::{Read, Write};
    let bin = env!("CARGO_BIN_EXE_perfect-play");
    let mut child = Command::new("script")
        .args(["-qec", &format!("{bin} {args}"), "/dev/null"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("util-linux's `script` runs the binary at a pseudo-terminal");
    let mut stdout = child.stdout.take().unwrap();
    let (sender, received) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut chunk = [0; 4096];
        while let Ok(read @ 1..) = stdout.read(&mut chunk) {
            if sender.send(chunk[..read].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut shown = Vec::new();
    // A bound on the wait only, so a command that never prompts fails the test's
    // assertions instead of hanging it.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !String::from_utf8_lossy(&shown).contains("Ctrl-D") {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match received.recv_timeout(left) {
            Ok(chunk) => shown.extend(chunk),
            Err(_) => break,
        }
    }
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(typed.as_bytes());
    let _ = stdin.write_all(b"\x04");
    std::thread::sleep(std::time::Duration::from_millis(300));
    drop(stdin);
    child.wait().expect("`script` ends");
    reader.join().unwrap();
    shown.extend(received.try_iter().flatten());
    String::from_utf8_lossy(&shown).replace('\r', "")
}

#[test]
fn batch_commands_prompt_at_a_terminal_and_not_from_a_pipe() {
    for (args, typed, answer) in [
        ("outcome", "xx.oo....\n", "x"),
        ("validity", "xxxoo....\n", "valid"),
        ("outcome --game hexapawn", "www/.../bbb w\n", "black"),
        (
            "footholds",
            "{\"board\":[[1,1,1],[1,1,1],[1,1,1]],\"aloc\":[1,0],\"bloc\":[1,2]}\n",
            "5",
        ),
        ("review", "5 1\n", "Review:"),
    ] {
        let shown = at_a_terminal(args, typed);
        let prompt = shown
            .lines()
            .find(|line| line.starts_with("Type "))
            .unwrap_or_else(|| panic!("`{args}` at a terminal shows no prompt:\n{shown}"));
        assert!(
            prompt.ends_with("Ctrl-D to end:") || prompt.ends_with("Ctrl-D:"),
            "{prompt}"
        );
        assert!(shown.contains(answer), "{shown}");
        // From a pipe: no prompt, the answers only.
        let mut command = perfect_play();
        command.args(args.split(' ')).write_stdin(typed);
        command.assert().success().stderr("");
    }
}

#[test]
fn a_file_that_cannot_be_opened_is_said_with_the_prefix() {
    for args in [
        &["outcome"][..],
        &["validity"],
        &["outcome", "--game", "dodgem"],
        &["footholds"],
    ] {
        perfect_play()
            .args(args)
            .arg("nosuchfile")
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with(
                "perfect-play: nosuchfile: cannot open: ",
            ));
    }
}

#[test]
fn every_move_shows_its_plies_and_the_legend_explains_them() {
    // Every move from here draws; each says in how many plies, as `--game misere` does.
    let board = "xo./.x./..o";
    for (args, board) in [
        (&["analyze"][..], board),
        (&["analyze", "--game", "misere"], "x../.../..."),
    ] {
        let mut args = args.to_vec();
        args.extend([board, "--color", "never"]);
        let drawn = stdout_of(&args, "");
        let cells: Vec<&str> = drawn
            .split(['|', '\n'])
            .map(str::trim)
            .filter(|cell| cell.len() > 2 && cell.as_bytes()[1] == b':')
            .collect();
        assert!(cells.len() >= 4, "{drawn}");
        for cell in &cells {
            let words: Vec<&str> = cell[3..].trim_end_matches('*').split(' ').collect();
            assert!(
                matches!(words[..], ["win" | "draw" | "loss", plies] if plies.parse::<u8>().is_ok()),
                "`{cell}` is not `N: value plies`:\n{drawn}"
            );
        }
        assert!(
            drawn.contains("(N = plies to the end, this move included)"),
            "{drawn}"
        );
    }
}

#[test]
fn a_move_error_names_the_move_typed() {
    for typed in ["52", "12-3", "x-2", "1-x", "5"] {
        let played = stdout_of(&["play", "--game", "dodgem"], &format!("{typed}\nquit\n"));
        assert!(
            played.contains(&format!(
                "{typed}\n`{typed}` is not a move: a move is FROM-TO with cells 1-9 or off, like 1-2 or 3-off (or `hint`, `quit`)."
            )),
            "`{typed}`:\n{played}"
        );
    }
}

#[cfg(all(feature = "serve", unix))]
#[test]
fn serve_open_without_a_browser_says_so_and_serves() {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::os::unix::fs::PermissionsExt;
    use std::process::Stdio;

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-browser");
    std::fs::create_dir_all(&dir).unwrap();
    // An opener that finds no browser, as xdg-open does on a machine without one (status 3).
    let opener = dir.join(if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    });
    std::fs::write(&opener, "#!/bin/sh\nexit 3\n").unwrap();
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();
    let empty = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-opener");
    std::fs::create_dir_all(&empty).unwrap();
    for (path, said) in [
        (&dir, "exit status: 3"),
        (&empty, "cannot open a browser ("),
    ] {
        let mut server = Command::new(env!("CARGO_BIN_EXE_perfect-play"))
            .args(["serve", "--addr", "127.0.0.1:0", "--open"])
            .env("PATH", path)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(server.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        // The first line on stderr, or none within 30 s (then the test fails, not hangs).
        let mut stderr = BufReader::new(server.stderr.take().unwrap());
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = stderr.read_line(&mut line);
            let _ = send.send(line);
        });
        let message = receive
            .recv_timeout(std::time::Duration::from_secs(30))
            .unwrap_or_default();
        // Still serving: the page answers.
        let addr = first
            .split("http://")
            .nth(1)
            .unwrap()
            .split('/')
            .next()
            .unwrap();
        let mut socket = std::net::TcpStream::connect(addr).unwrap();
        write!(
            socket,
            "GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut reply = String::new();
        socket.read_to_string(&mut reply).unwrap();
        server.kill().unwrap();
        server.wait().unwrap();
        assert!(
            message.starts_with("perfect-play: cannot open a browser"),
            "{message}"
        );
        assert!(message.contains(said), "{message}");
        assert!(message.contains("yourself"), "{message}");
        assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    }
}

#[test]
fn scripts_that_run_a_built_binary_ask_cargo_where_it_is() {
    let mut checked = 0;
    for dir in [".ci", "benches"] {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            // Scripts only: the figures' history (benches/HISTORY.md) quotes commands as
            // they were run, and runs none.
            if path.extension().is_some_and(|ext| ext == "md") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            if !text.contains("release/perfect-play") || path.ends_with("target-dir.sh") {
                continue;
            }
            checked += 1;
            assert!(
                text.contains("source .ci/target-dir.sh") && text.contains("$(target_dir)"),
                "{} runs the binary without asking cargo where it is",
                path.display()
            );
            for line in text
                .lines()
                .filter(|line| !line.trim_start().starts_with('#'))
            {
                assert!(
                    !line.contains("=target/") && !line.contains("\"target/"),
                    "{}: a fixed target directory: {line}",
                    path.display()
                );
            }
        }
    }
    assert!(checked >= 4, "only {checked} scripts run the binary");
    // And the helper says what cargo says: a CARGO_TARGET_DIR set is honoured.
    let elsewhere = Path::new(env!("CARGO_TARGET_TMPDIR")).join("elsewhere");
    let said = Command::new("bash")
        .args(["-c", "source .ci/target-dir.sh && target_dir"])
        .current_dir(root())
        .env("CARGO", env!("CARGO"))
        .env("CARGO_TARGET_DIR", &elsewhere)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(said.stdout).unwrap().trim(),
        elsewhere.to_str().unwrap(),
        "{}",
        String::from_utf8_lossy(&said.stderr)
    );
}

#[test]
fn the_guide_says_what_the_build_and_the_downstream_example_do() {
    let readme = read("docs/your-game.md");
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    // build.rs solves every table with the generator's retrograde solver, not minimax.
    assert!(read("build.rs").contains("let solution = solve::<G>(false)?;"));
    assert!(read("crates/generate/src/solve.rs").starts_with("//! Retrograde analysis"));
    assert!(
        flat.contains("solves them all by retrograde analysis"),
        "docs/your-game.md"
    );
    assert!(!flat.contains("solves each by minimax"));
    // The downstream game: take 1 to 3 from a pile of 21, in a file of 33 lines, 20 of code.
    let game = read("examples/downstream/src/game.rs");
    assert!(game.contains("Pile(21)") && game.contains("1..=self.0.min(3)"));
    let code = game
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with("//"))
        .count();
    assert_eq!((game.lines().count(), code), (33, 20));
    assert!(
        flat.contains(
            "33 lines for its take-1-to-3 game on a pile of 21 counters, 20 of them code"
        )
    );
    assert!(!read("examples/ask/ask.rs").contains("measuring code"));
}

/// `cargo tree` of the workspace, offline (the lock file has every crate).
fn cargo_tree(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO"))
        .arg("tree")
        .args(args)
        .args(["--offline", "--prefix", "none"])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_guide_says_who_compiles_phf_codegen() {
    let readme = read("docs/development.md");
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!flat.contains("never compiles `phf_codegen`"));
    // Every user of `perfect-play` compiles it, for the build script.
    assert!(cargo_tree(&["-p", "perfect-play", "-e", "normal,build"]).contains("phf_codegen"));
    assert!(flat.contains("`phf_codegen` is compiled by every user of `perfect-play`"));
    // A reader of `perfect-play-core` alone compiles phf, phf_shared and siphasher.
    let core = cargo_tree(&["-p", "perfect-play-core", "-e", "normal,build"]);
    let mut crates: Vec<&str> = core
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "perfect-play-core")
        .collect();
    crates.sort_unstable();
    crates.dedup();
    assert_eq!(crates, ["phf", "phf_shared", "siphasher"]);
    assert!(flat.contains("depends on phf, phf_shared and siphasher only"));
}

#[test]
fn the_ask_example_compiles_the_library_alone() {
    // `cargo run --example ask` builds its package: the library, not the root package's
    // dev-dependencies.
    let tree = cargo_tree(&["-p", "perfect-play-ask"]);
    assert!(tree.contains("perfect-play v"), "{tree}");
    for heavy in ["criterion", "proptest", "clap", "tokio", "serde"] {
        assert!(!tree.contains(heavy), "{heavy} in:\n{tree}");
    }
    let guide = read("docs/library.md");
    assert!(guide.contains("`cargo run --example ask -- \"xo./.x./..o\"`"));
}
