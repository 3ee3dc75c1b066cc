//! Every `console` example of README.md and the guides in docs/ runs as written: each `$ `
//! line is run by `sh` from the repository's root (with the `perfect-play` this test built
//! first on `PATH`), and what it writes (stdout, then stderr) must be the lines that follow
//! it, up to the next `$ ` line or the end of the block.
//!
//! Where the expectations come from: the documents themselves, which promise that a reader
//! who types an example sees what is printed under it. The answers in them were checked
//! against the independent references of the other tests (the tables against plain
//! solvers, the published results of `../shared/fixtures`), so this test keeps the
//! documents true to the binary, and the other tests keep the binary true.
//!
//! Two wildcards, as trycmd spells them: a line `...` stands for any number of lines, and
//! `[..]` inside a line for any text on that line (a time, a path, a checksum). A command
//! that asks a web server (`curl http://127.0.0.1:7682/...`) is sent to a server this test
//! starts on a free port. A block fenced as `sh` instead of `console` is shown, not run
//! (installs, a server left running, a game played at the keyboard).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: it may panic

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root.
fn root() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).to_path_buf()
}

/// One `$ ` line of a document and the lines printed under it.
struct Example {
    /// The document and the line of the `$ `, for the failure's message.
    at: String,
    /// The command, as `sh -c` runs it.
    command: String,
    /// What it must print, with the wildcards.
    expected: Vec<String>,
}

/// Every example of the `console` blocks of the markdown text `text` of `file`.
fn examples(file: &str, text: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut in_console = false;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_console = !in_console && trimmed.trim_end() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            found.push(Example {
                at: format!("{file}:{}", index + 1),
                command: command.to_owned(),
                expected: Vec::new(),
            });
        } else if let Some(example) = found.last_mut() {
            example.expected.push(line.to_owned());
        } else {
            panic!(
                "{file}:{}: a console block must start with a `$ ` line",
                index + 1
            );
        }
    }
    found
}

/// Whether `line` is `pattern`, where `[..]` in the pattern stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (at, part) in parts.iter().enumerate() {
        if at + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(found) => rest = &rest[found + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether `lines` are `patterns`, where a pattern `...` stands for any number of lines.
fn lines_match(patterns: &[String], lines: &[&str]) -> bool {
    match patterns.split_first() {
        None => lines.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..]))
        }
        Some((first, rest)) => lines
            .split_first()
            .is_some_and(|(line, others)| line_matches(first, line) && lines_match(rest, others)),
    }
}

/// The documents whose examples run: README.md and every guide of docs/.
fn documents() -> Vec<String> {
    let mut files = vec!["README.md".to_owned()];
    let mut guides: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    guides.sort();
    files.extend(guides);
    files
}

#[cfg(feature = "serve")]
type Served = Option<support::server::Server>;
#[cfg(not(feature = "serve"))]
type Served = Option<()>;

/// The command as it runs here: a web request sent to this test's server.
fn localised(command: &str, server: &mut Served) -> Option<String> {
    if !command.contains("http://127.0.0.1:7682") {
        return Some(command.to_owned());
    }
    #[cfg(feature = "serve")]
    {
        let server = server.get_or_insert_with(|| support::server::Server::start(&[]));
        Some(command.replace("127.0.0.1:7682", &server.addr))
    }
    #[cfg(not(feature = "serve"))]
    {
        let _ = server;
        None
    }
}

#[test]
fn every_console_example_of_the_documents_prints_what_they_say() {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_perfect-play"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    let scratch = std::env::temp_dir().join(format!("perfect-play-docs-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut server: Served = None;
    let mut failures = Vec::new();
    let mut ran = 0;
    for file in documents() {
        let text = std::fs::read_to_string(root().join(&file)).unwrap();
        for example in examples(&file, &text) {
            let Some(command) = localised(&example.command, &mut server) else {
                continue;
            };
            let output = Command::new("sh")
                .arg("-c")
                .arg(&command)
                .current_dir(root())
                .env("PATH", &path)
                .env("SCRATCH", &scratch)
                .env("NO_COLOR", "1")
                .env_remove("CLICOLOR_FORCE")
                .output()
                .unwrap();
            ran += 1;
            let printed = format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            let lines: Vec<&str> = printed.lines().collect();
            if !lines_match(&example.expected, &lines) {
                failures.push(format!(
                    "{}: `{}` printed\n{printed}\nwhere the document says\n{}\n",
                    example.at,
                    example.command,
                    example.expected.join("\n")
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(ran > 0, "no console example found in {:?}", documents());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_wildcards_match_what_they_say_and_nothing_else() {
    let patterns = |list: &[&str]| list.iter().map(|p| (*p).to_owned()).collect::<Vec<_>>();
    assert!(line_matches("solved in [..] s", "solved in 3.2 s"));
    assert!(line_matches("[..]", ""));
    assert!(line_matches("a[..]b[..]c", "a1b2c"));
    assert!(!line_matches("a[..]b[..]c", "a1b2"));
    assert!(!line_matches("x", "xy"));
    assert!(lines_match(
        &patterns(&["a", "...", "d"]),
        &["a", "b", "c", "d"]
    ));
    assert!(lines_match(&patterns(&["a", "..."]), &["a"]));
    assert!(!lines_match(&patterns(&["a", "...", "d"]), &["a", "b"]));
    assert!(!lines_match(&patterns(&["a"]), &["a", "b"]));
}
