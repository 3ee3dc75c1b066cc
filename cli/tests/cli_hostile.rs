//! Hostile input through the binary: a huge stream of boards, a
//! 100 MB line without a newline, NUL bytes, invalid UTF-8, an algospot count of 10^18,
//! counts smaller and larger than the boards given, Baekjoon input without `end`, deeply
//! nested and huge JSON and a 64x64 grid for `footholds`.
//!
//! Where the expectations come from: the behaviour `perfect-play --help` and the README document and
//! `perfect-play --help` repeats. One answer line per board (or query) in input order, `x`
//! `o` `TIE` `invalid` `error` (validity: `valid` `invalid` `error`; footholds: the number
//! of moves or `error`); a `FILE:LINE: why` message on stderr (`-` for stdin) for each
//! `invalid`/`error` and for a malformed input; exit status 0 when everything was
//! answered, 1 when some input was not a (reachable) board or was malformed, 2 for usage
//! and I/O errors; constant memory whatever the input ("a 10 GB line without a newline must
//! not exhaust memory: report it and move on"). The answers for the boards used are ones a
//! person checks at a glance (`xx.oo....`: x completes the top row).
//!
//! Every run here also checks that the binary did not panic (status 101, or "panicked" on
//! stderr) and was not killed by a signal (a stack overflow aborts). Large inputs are
//! generated on the fly into the child's stdin and never held in memory; while the child
//! runs, its peak resident memory (`VmHWM` in `/proc/PID/status`) is sampled, and on Linux
//! the kernel's own count is read as the child is reaped (`wait4`'s `ru_maxrss`), so that
//! every run there has its peak checked against [`MEMORY_BOUND`], however short. A run still going after [`HANG_GUARD`] is killed
//! and fails the test: a guard against a hang stopping CI, not a claim about speed.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stderr
)] // test code: a panic is a failed test

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The most resident memory any run may reach: the binary reads through one 256 KiB buffer
/// and needs a few MiB in all; 64 MiB is generous.
const MEMORY_BOUND: u64 = 64 * 1024 * 1024;

/// How long a run may go before it counts as hung.
const HANG_GUARD: Duration = Duration::from_secs(600);

/// What became of a run.
struct Finished {
    status: ExitStatus,
    /// The stdout lines the caller kept (for huge outputs, only what its checker flagged).
    stdout: Vec<String>,
    /// How many lines stdout had.
    lines: u64,
    stderr: String,
    /// The peak resident memory, in bytes (always known on Linux; elsewhere `None` where
    /// `/proc` is not available).
    peak: Option<u64>,
}

/// The child's peak resident memory so far (`VmHWM`), in bytes.
fn peak_memory(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The child's exit status and, on Linux, its peak resident memory in bytes as the
/// kernel counted it, once it has exited; `None` while it runs.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn reaped(child: &mut Child) -> Option<(ExitStatus, Option<u64>)> {
    use std::os::unix::process::ExitStatusExt;
    let pid = i32::try_from(child.id()).expect("a pid");
    let mut status = 0;
    // SAFETY: `rusage` is plain integers, for which zero is a value; `wait4` writes only
    // into the two locals it is given, for this test's own child, without blocking.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
    assert!(reaped >= 0, "wait4: {}", io::Error::last_os_error());
    let kib = u64::try_from(usage.ru_maxrss).expect("a peak in KiB");
    (reaped == pid).then(|| (ExitStatus::from_raw(status), Some(kib * 1024)))
}

/// The child's exit status once it has exited; `None` while it runs.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn reaped(child: &mut Child) -> Option<(ExitStatus, Option<u64>)> {
    let status = child.try_wait().expect("wait for the child")?;
    Some((status, None))
}

/// Runs `perfect-play ARGS`, feeding stdin from `feed` on one thread and handing each
/// stdout line to `keep` on another (lines it maps to `Some` are kept); samples the
/// child's memory until it exits. Checks the run did not panic, die of a signal or exceed
/// [`MEMORY_BOUND`].
fn run<F, K>(args: &[&str], feed: F, mut keep: K) -> Finished
where
    F: FnOnce(&mut dyn Write) -> io::Result<()> + Send + 'static,
    K: FnMut(&str) -> Option<String> + Send + 'static,
{
    let mut child: Child = Command::new(env!("CARGO_BIN_EXE_perfect-play"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let pid = child.id();
    let mut stdin = child.stdin.take().expect("piped stdin");
    let stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");

    // The child may stop reading early (that is for the test to judge): a closed pipe only
    // ends the feeding. The last sample is taken with all the input written, before stdin
    // closes: the child cannot have exited yet.
    let writer = thread::spawn(move || {
        let _ = feed(&mut stdin);
        let last = peak_memory(pid);
        drop(stdin);
        last
    });
    let reader = thread::spawn(move || {
        let (mut kept, mut lines) = (Vec::new(), 0);
        for line in BufReader::new(stdout).split(b'\n') {
            let line = line.expect("stdout reads");
            let line = String::from_utf8(line).expect("answers are UTF-8");
            kept.extend(keep(&line));
            lines += 1;
        }
        (kept, lines)
    });
    let errors = thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });

    let started = Instant::now();
    let mut peak = None;
    let status = loop {
        if let Some((status, at_exit)) = reaped(&mut child) {
            peak = peak.max(at_exit);
            break status;
        }
        peak = peak.max(peak_memory(pid));
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!("perfect-play {args:?} still running after {HANG_GUARD:?}: hung");
        }
        thread::sleep(Duration::from_millis(5));
    };
    let peak = peak.max(writer.join().expect("the feeding thread"));
    let (stdout, lines) = reader.join().expect("the stdout thread");
    let finished = Finished {
        status,
        stdout,
        lines,
        stderr: errors.join().expect("the stderr thread"),
        peak,
    };
    assert_ne!(status.code(), Some(101), "panicked: {}", finished.stderr);
    assert!(
        !finished.stderr.contains("panicked"),
        "panicked: {}",
        finished.stderr
    );
    assert!(status.code().is_some(), "killed by a signal: {status:?}");
    // Linux always says the peak (`reaped`): there a run without one fails.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    assert!(peak.is_some(), "perfect-play {args:?}: no peak memory");
    if let Some(peak) = peak {
        assert!(
            peak < MEMORY_BOUND,
            "perfect-play {args:?} reached {} KiB of memory",
            peak / 1024
        );
    }
    finished
}

/// Runs with `input` on stdin and keeps every stdout line.
fn run_with(args: &[&str], input: impl Into<Vec<u8>>) -> Finished {
    let input = input.into();
    run(
        args,
        move |stdin| stdin.write_all(&input),
        |line| Some(line.to_owned()),
    )
}

/// Writes `total` bytes made of `pattern` repeated (cut short at the end), 1 MiB at a time.
fn write_repeated(stdin: &mut dyn Write, pattern: &[u8], total: u64) -> io::Result<()> {
    let per_block = (1 << 20) / pattern.len();
    let block = pattern.repeat(per_block);
    let mut left = total;
    while left > 0 {
        let take = left.min(block.len() as u64) as usize;
        stdin.write_all(&block[..take])?;
        left -= take as u64;
    }
    Ok(())
}

/// A scratch file under cargo's directory for integration tests.
fn scratch(name: &str, contents: &[u8]) -> String {
    let path = format!("{}/hostile-{name}", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, contents).expect("the scratch file is written");
    path
}

/// A memory figure for the test's report (`--nocapture` shows it).
fn mib(bytes: Option<u64>) -> String {
    bytes.map_or("unknown".into(), |b| {
        format!("{:.1} MiB", b as f64 / 1048576.0)
    })
}

/// Streams `megabytes` (10^6 bytes, rounded up to whole patterns) of boards through
/// `outcome`: four boards in four spellings (the fast path, the general path, a CRLF line
/// end, a draw), answered `x x x TIE` over and over. Checks every answer without keeping
/// them.
fn stream_of_boards(megabytes: u64) {
    const PATTERN: &[u8] = b"xx.oo....\nxo./.x./..o\nXXXOO....\r\n.........\n";
    const ANSWERS: [&str; 4] = ["x", "x", "x", "TIE"];
    let patterns = (megabytes * 1_000_000).div_ceil(PATTERN.len() as u64);
    let total = patterns * PATTERN.len() as u64;
    let mut seen = 0u64;
    let finished = run(
        &["outcome"],
        move |stdin| write_repeated(stdin, PATTERN, total),
        move |line| {
            let expected = ANSWERS[(seen % 4) as usize];
            seen += 1;
            (line != expected).then(|| format!("answer {seen}: {line:?}, expected {expected:?}"))
        },
    );
    assert_eq!(finished.stdout, Vec::<String>::new(), "wrong answers");
    assert_eq!(finished.lines, patterns * 4, "one answer per board");
    assert_eq!(finished.stderr, "");
    assert_eq!(finished.status.code(), Some(0));
    eprintln!(
        "{total} bytes ({} boards) through `outcome`: peak memory {}",
        patterns * 4,
        mib(finished.peak)
    );
}

/// A 1 GB stream. About 7 s here (2 cores, one busy): cheap enough for every run.
#[test]
fn a_1_gb_stream_of_boards_is_answered_in_constant_memory() {
    stream_of_boards(1000);
}

/// 100 MB of `x` with no newline: one line, too long to be a board. It is measured,
/// answered `error` with its length on stderr, and the reading moves on past it.
#[test]
fn a_100_mb_line_without_a_newline_is_one_error_in_constant_memory() {
    const LONG: u64 = 100_000_000;
    // At the end of the input, with no newline after it.
    let finished = run(
        &["outcome"],
        |stdin| {
            stdin.write_all(b"xx.oo....\n")?;
            write_repeated(stdin, b"x", LONG)
        },
        |line| Some(line.to_owned()),
    );
    assert_eq!(finished.stdout, ["x", "error"]);
    assert_eq!(finished.stderr, "-:2: line too long (100000000 bytes)\n");
    assert_eq!(finished.status.code(), Some(1));
    eprintln!("a 100 MB line: peak memory {}", mib(finished.peak));

    // In the middle, ended by a newline: the boards after it are answered.
    let finished = run(
        &["validity", "--format", "boj"],
        |stdin| {
            write_repeated(stdin, b".", LONG)?;
            stdin.write_all(b"\nXXXOO....\nend\n")
        },
        |line| Some(line.to_owned()),
    );
    assert_eq!(finished.stdout, ["error", "valid"]);
    assert_eq!(finished.stderr, "-:1: line too long (100000000 bytes)\n");
    assert_eq!(finished.status.code(), Some(1));

    // As an algospot count line, and as a footholds query.
    let finished = run(
        &["outcome", "--format", "algospot"],
        |stdin| {
            write_repeated(stdin, b"9", LONG)?;
            stdin.write_all(b"\nxx.\noo.\n...\n")
        },
        |line| Some(line.to_owned()),
    );
    assert_eq!(finished.stdout, ["x"]);
    assert_eq!(
        finished.stderr,
        "-:1: expected the number of boards, found a line too long (100000000 bytes)\n"
    );
    assert_eq!(finished.status.code(), Some(1));
    let finished = run(
        &["footholds"],
        |stdin| write_repeated(stdin, b"{", LONG),
        |line| Some(line.to_owned()),
    );
    assert_eq!(finished.stdout, ["error"]);
    assert_eq!(finished.stderr, "-:1: line too long (100000000 bytes)\n");
    assert_eq!(finished.status.code(), Some(1));

    // A footholds file that starts with `[` is one JSON array, read whole up to 16 MiB.
    let finished = run(
        &["footholds"],
        |stdin| write_repeated(stdin, b"[", LONG),
        |line| Some(line.to_owned()),
    );
    assert!(finished.stdout.is_empty(), "{:?}", finished.stdout);
    assert_eq!(
        finished.stderr,
        "-:1: a JSON array of queries is read up to 16777216 bytes; this one is larger\n"
    );
    assert_eq!(finished.status.code(), Some(1));
    eprintln!("a 100 MB JSON array: peak memory {}", mib(finished.peak));
}

const NOT_A_CELL: &str = "a cell is x, o or . (- and _ also mean empty)";

/// NUL bytes are not cells, not separators and not whitespace: a line holding one is an
/// `error` located by line and column, in a file as on stdin, and the other lines are
/// answered.
#[test]
fn nul_bytes_are_errors_located_by_file_line_and_column() {
    let file = scratch(
        "nul.txt",
        b"\0\0\0\0\0\0\0\0\0\nxx.oo....\0\n\0xx.oo....\nxx.\0oo....\n\0\nxx.oo....\n",
    );
    let finished = run_with(&["outcome", &file], "");
    assert_eq!(
        finished.stdout,
        ["error", "error", "error", "error", "error", "x"]
    );
    assert_eq!(
        finished.stderr,
        format!(
            "{file}:1: not a board: unexpected '\\0' at column 1: {NOT_A_CELL}\n\
             {file}:2: not a board: unexpected '\\0' at column 10: {NOT_A_CELL}\n\
             {file}:3: not a board: unexpected '\\0' at column 1: {NOT_A_CELL}\n\
             {file}:4: not a board: unexpected '\\0' at column 4: {NOT_A_CELL}\n\
             {file}:5: not a board: unexpected '\\0' at column 1: {NOT_A_CELL}\n"
        )
    );
    assert_eq!(finished.status.code(), Some(1));

    // algospot: the row with the NUL spoils its board; the next board is answered.
    let finished = run_with(
        &["outcome", "--format", "algospot"],
        &b"2\nxx.\n\0o.\n...\nxx.\noo.\n...\n"[..],
    );
    assert_eq!(finished.stdout, ["error", "x"]);
    assert_eq!(
        finished.stderr,
        format!("-:3: not a board: unexpected '\\0' at column 1: {NOT_A_CELL}\n")
    );
    assert_eq!(finished.status.code(), Some(1));

    // boj: a NUL line is not blank and not `end`.
    let finished = run_with(
        &["validity", "--format", "boj"],
        &b"XXXOO....\n\0\nend\n"[..],
    );
    assert_eq!(finished.stdout, ["valid", "error"]);
    assert_eq!(
        finished.stderr,
        format!("-:2: not a board: unexpected '\\0' at column 1: {NOT_A_CELL}\n")
    );
    assert_eq!(finished.status.code(), Some(1));

    // footholds: NUL after a query, as the whole line, and raw inside a JSON string.
    let finished = run_with(
        &["footholds"],
        &b"{\"board\":[[1]],\"aloc\":[0,0],\"bloc\":[0,0]}\0\n\0\n\
           {\"board\":[[1]],\"aloc\":[0,0],\"bloc\":[0,0],\"note\":\"a\0b\"}\n\
           {\"board\":[[1]],\"aloc\":[0,0],\"bloc\":[0,0]}\n"[..],
    );
    assert_eq!(finished.stdout, ["error", "error", "error", "0"]);
    let lines: Vec<&str> = finished.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", finished.stderr);
    for (line, number) in lines.iter().zip(1..) {
        assert!(is_json_fault(line, number, ""), "{line}");
    }
    assert_eq!(finished.status.code(), Some(1));
}

/// Bytes that are not UTF-8 (a lone continuation byte, a sequence cut short, an overlong
/// encoding, a UTF-16 surrogate, a code point past U+10FFFF) are reported as bytes, by
/// line and column; a byte order mark is dropped at the start of the input only.
#[test]
fn invalid_utf8_is_an_error_located_by_line_and_column() {
    let finished = run_with(
        &["outcome"],
        &b"\xef\xbb\xbfxx.oo....\n\x80xx.oo...\nxx.oo...\xc3\n\xc0\xafxx.oo...\n\
           xx.\xed\xa0\x80oo.\nxx.oo....\xf4\x90\x80\x80\n\xef\xbb\xbfxx.oo....\nxx.oo....\n"[..],
    );
    assert_eq!(
        finished.stdout,
        [
            "x", "error", "error", "error", "error", "error", "error", "x"
        ]
    );
    assert_eq!(
        finished.stderr,
        format!(
            "-:2: not a board: unexpected byte 0x80 at column 1: {NOT_A_CELL}\n\
             -:3: not a board: unexpected byte 0xc3 at column 9: {NOT_A_CELL}\n\
             -:4: not a board: unexpected byte 0xc0 at column 1: {NOT_A_CELL}\n\
             -:5: not a board: unexpected byte 0xed at column 4: {NOT_A_CELL}\n\
             -:6: not a board: unexpected byte 0xf4 at column 10: {NOT_A_CELL}\n\
             -:7: not a board: unexpected '\\u{{feff}}' at column 1: {NOT_A_CELL}\n"
        )
    );
    assert_eq!(finished.status.code(), Some(1));

    // With --json, the board as given is still valid JSON (the bytes replaced).
    let finished = run_with(&["outcome", "--json"], &b"x\xff\"\\\n"[..]);
    assert_eq!(finished.stdout.len(), 1);
    let answer: serde_json::Value =
        serde_json::from_str(&finished.stdout[0]).expect("the answer is JSON");
    assert_eq!(answer["board"], "x\u{fffd}\"\\");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("unexpected byte 0xff at column 2")
    );
    assert_eq!(finished.status.code(), Some(1));

    let finished = run_with(
        &["outcome", "--format", "algospot"],
        &b"\xef\xbb\xbf1\r\nxx.\r\no\xffo\r\n...\r\n"[..],
    );
    assert_eq!(finished.stdout, ["error"]);
    assert_eq!(
        finished.stderr,
        format!("-:3: not a board: unexpected byte 0xff at column 2: {NOT_A_CELL}\n")
    );
    assert_eq!(finished.status.code(), Some(1));

    let finished = run_with(
        &["footholds"],
        &b"{\"board\":[[1]],\"aloc\":[0,0],\"bloc\":[0,0],\"note\":\"\xff\"}\n\xfe\n"[..],
    );
    assert_eq!(finished.stdout, ["error", "error"]);
    assert!(
        is_json_fault(&finished.stderr, 1, ""),
        "{}",
        finished.stderr
    );
    assert!(
        finished
            .stderr
            .lines()
            .nth(1)
            .is_some_and(|line| is_json_fault(line, 2, "")),
        "{}",
        finished.stderr
    );
    assert_eq!(finished.status.code(), Some(1));
}

/// A count of 10^18 boards in algospot input: nothing is sized by it; the boards given are
/// answered and the mismatch reported at the count line. Also with no boards at all.
#[test]
fn an_algospot_count_of_10_to_the_18_reserves_nothing() {
    let finished = run_with(
        &["outcome", "--format", "algospot"],
        "1000000000000000000\nxx.\noo.\n...\n...\n...\n...\n",
    );
    assert_eq!(finished.stdout, ["x", "TIE"]);
    assert_eq!(
        finished.stderr,
        "-:1: the count says 1000000000000000000 boards, but the input holds 2\n"
    );
    assert_eq!(finished.status.code(), Some(1));

    let finished = run_with(
        &["outcome", "--format", "algospot"],
        "1000000000000000000\n",
    );
    assert_eq!(finished.stdout, Vec::<String>::new());
    assert_eq!(
        finished.stderr,
        "-:1: the count says 1000000000000000000 boards, but the input holds 0\n"
    );
    assert_eq!(finished.status.code(), Some(1));
}

/// A count smaller than the boards given: every board is still answered; a larger one:
/// the boards given are answered. Either way the count line is reported and the status
/// is 1.
#[test]
fn algospot_counts_smaller_and_larger_than_the_boards_given() {
    let finished = run_with(
        &["outcome", "--format", "algospot"],
        "2\nxx.\noo.\n...\n...\n...\n...\noo.\nxx.\nx..\n",
    );
    assert_eq!(finished.stdout, ["x", "TIE", "o"]);
    assert_eq!(
        finished.stderr,
        "-:1: the count says 2 boards, but the input holds 3\n"
    );
    assert_eq!(finished.status.code(), Some(1));

    let finished = run_with(
        &["outcome", "--format", "algospot"],
        "5\nxx.\noo.\n...\n...\n...\n...\n",
    );
    assert_eq!(finished.stdout, ["x", "TIE"]);
    assert_eq!(
        finished.stderr,
        "-:1: the count says 5 boards, but the input holds 2\n"
    );
    assert_eq!(finished.status.code(), Some(1));

    // The judge's sample, with its count right, is the control: status 0, nothing said.
    let finished = run_with(
        &["outcome", "--format", "algospot"],
        "3\n...\n...\n...\nxx.\noo.\n...\nxox\noo.\nx.x\n",
    );
    assert_eq!(finished.stdout, ["TIE", "x", "o"]);
    assert_eq!(finished.stderr, "");
    assert_eq!(finished.status.code(), Some(0));
}

/// Baekjoon input without its `end` line: every board is answered, and the missing `end`
/// is reported at the line where it should have been (status 1). With or without a final
/// newline, and for an input of no lines.
#[test]
fn boj_input_without_end_is_answered_and_reported() {
    for (input, line) in [
        ("XXXOO....\nXOXOXOXOX\n", 3),
        ("XXXOO....\nXOXOXOXOX", 3),
        ("XXXOO....\r\nXOXOXOXOX\r\n\r\n", 4),
    ] {
        let finished = run_with(&["validity", "--format", "boj"], input);
        assert_eq!(finished.stdout, ["valid", "valid"], "{input:?}");
        assert_eq!(
            finished.stderr,
            format!("-:{line}: the input ended without the `end` line\n"),
            "{input:?}"
        );
        assert_eq!(finished.status.code(), Some(1), "{input:?}");
    }
    let finished = run_with(&["validity", "--format", "boj"], "");
    assert_eq!(finished.stdout, Vec::<String>::new());
    assert_eq!(
        finished.stderr,
        "-:1: the input ended without the `end` line\n"
    );
    assert_eq!(finished.status.code(), Some(1));
    // The control: with `end`, status 0.
    let finished = run_with(&["validity", "--format", "boj"], "XXXOO....\nend\n");
    assert_eq!(
        (finished.stderr.as_str(), finished.status.code()),
        ("", Some(0))
    );
}

/// A valid query, answered 0: the line after a hostile one shows the reading went on.
const ONE_TILE: &str = r#"{"board":[[1]],"aloc":[0,0],"bloc":[0,0]}"#;

/// Deep nesting (arrays, objects, inside `board`), short enough to be read as one line
/// and far too long: each is an `error` with a message, never a stack overflow.
#[test]
fn deeply_nested_json_is_an_error_not_a_stack_overflow() {
    let depth = 30_000; // 60,000 bytes: under the 64 KiB line limit, so JSON must refuse it
    // The first line makes the file JSON lines (a file that starts with `[` is one JSON
    // array of queries: that case is at the end).
    let lines = [
        ONE_TILE.to_owned(),
        "[".repeat(depth) + &"]".repeat(depth),
        "{\"a\":".repeat(depth / 5) + "1" + &"}".repeat(depth / 5),
        format!(
            "{{\"board\":{}{},\"aloc\":[0,0],\"bloc\":[0,0]}}",
            "[".repeat(depth),
            "]".repeat(depth)
        ),
        "[".repeat(depth),
        "[".repeat(1_000_000) + &"]".repeat(1_000_000),
        ONE_TILE.to_owned(),
    ];
    let finished = run_with(&["footholds"], lines.join("\n") + "\n");
    assert_eq!(
        finished.stdout,
        ["0", "error", "error", "error", "error", "error", "0"]
    );
    let messages: Vec<&str> = finished.stderr.lines().collect();
    assert_eq!(messages.len(), 5, "{}", finished.stderr);
    for (message, number) in messages[..4].iter().zip(2..) {
        assert!(
            is_json_fault(message, number, "recursion limit exceeded"),
            "{message}"
        );
    }
    assert_eq!(messages[4], "-:6: line too long (2000000 bytes)");
    assert_eq!(finished.status.code(), Some(1));

    // A whole file that is one deeply nested array: one message, no answer.
    let finished = run_with(&["footholds"], "[".repeat(depth) + &"]".repeat(depth));
    assert!(finished.stdout.is_empty(), "{:?}", finished.stdout);
    assert!(
        is_json_fault(&finished.stderr, 1, "recursion limit exceeded"),
        "{}",
        finished.stderr
    );
    assert_eq!(finished.status.code(), Some(1));
}

/// Whether `message` is a footholds message that the JSON at `line` is not JSON, placed by
/// line and column (`-:LINE:COLUMN: not JSON: why`), with `why` starting `reason`.
fn is_json_fault(message: &str, line: u64, reason: &str) -> bool {
    let Some(rest) = message.strip_prefix(&format!("-:{line}:")) else {
        return false;
    };
    let Some((column, why)) = rest.split_once(": not JSON: ") else {
        return false;
    };
    !column.is_empty() && column.bytes().all(|b| b.is_ascii_digit()) && why.starts_with(reason)
}

/// Huge JSON: a 10 MB query (a long string field), a query of 60,000 bytes whose grid is
/// 2x10,000, numbers of 50,000 digits and beyond any start, 3,000 fields. Each is an `error` with a
/// message, in bounded memory, and the next query is answered.
#[test]
fn huge_json_is_an_error_in_bounded_memory() {
    let row = vec!["1"; 10_000].join(",");
    let lines = [
        format!("{{\"board\":[[{row}],[{row}]],\"aloc\":[0,0],\"bloc\":[0,1]}}"),
        format!(
            "{{\"board\":[[1{}]],\"aloc\":[0,0],\"bloc\":[0,0]}}",
            "0".repeat(50_000)
        ),
        r#"{"board":[[1]],"aloc":[0,1e999999],"bloc":[0,0]}"#.to_owned(),
        r#"{"board":[[1]],"aloc":[0,18446744073709551616],"bloc":[0,0]}"#.to_owned(),
        format!(
            "{{{}\"board\":[[1]],\"aloc\":[0,0],\"bloc\":[0,0]}}",
            (0..3000)
                .map(|i| format!("\"k{i}\":{i},"))
                .collect::<String>()
        ),
    ];
    let mut input = lines.join("\n").into_bytes();
    input.push(b'\n');
    const PAD: &[u8] = br#"{"board":[[1]],"aloc":[0,0],"bloc":[0,0],"pad":""#;
    let long = PAD.len() + 10_000_000 + 2;
    let tail = format!("\n{ONE_TILE}\n");
    let finished = run(
        &["footholds"],
        move |stdin| {
            stdin.write_all(&input)?;
            stdin.write_all(PAD)?;
            write_repeated(stdin, b"a", 10_000_000)?;
            stdin.write_all(b"\"}")?;
            stdin.write_all(tail.as_bytes())
        },
        |line| Some(line.to_owned()),
    );
    assert_eq!(
        finished.stdout,
        ["error", "error", "error", "error", "0", "error", "0"]
    );
    let messages: Vec<&str> = finished.stderr.lines().collect();
    assert_eq!(messages.len(), 5, "{}", finished.stderr);
    assert_eq!(
        messages[0],
        "-:1: the grid is 2x10000, larger than the 8x8 the solver takes"
    );
    assert!(is_json_fault(messages[1], 2, ""), "{}", messages[1]);
    assert!(is_json_fault(messages[2], 3, ""), "{}", messages[2]);
    assert!(
        messages[3].starts_with("-:4: \"aloc\" is "),
        "{}",
        messages[3]
    );
    assert_eq!(messages[4], format!("-:6: line too long ({long} bytes)"));
    assert_eq!(finished.status.code(), Some(1));
    eprintln!("huge JSON: peak memory {}", mib(finished.peak));
}

/// A 64x64 grid (12 KB of JSON, read whole) is refused before any solving: the solver
/// takes grids up to 8x8. With `--json` the answer is an error object.
#[test]
fn a_64x64_footholds_grid_is_refused_before_solving() {
    let row = format!("[{}]", vec!["1"; 64].join(","));
    let grid = vec![row; 64].join(",");
    let query = format!("{{\"board\":[{grid}],\"aloc\":[0,0],\"bloc\":[63,63]}}");
    let message = "the grid is 64x64, larger than the 8x8 the solver takes";
    let finished = run_with(&["footholds"], format!("{query}\n{ONE_TILE}\n"));
    assert_eq!(finished.stdout, ["error", "0"]);
    assert_eq!(finished.stderr, format!("-:1: {message}\n"));
    assert_eq!(finished.status.code(), Some(1));

    let file = scratch("64x64.jsonl", query.as_bytes());
    let finished = run_with(&["footholds", "--json", &file], "");
    assert_eq!(finished.stdout, [format!("{{\"error\":\"{message}\"}}")]);
    assert_eq!(finished.stderr, format!("{file}:1: {message}\n"));
    assert_eq!(finished.status.code(), Some(1));
}
