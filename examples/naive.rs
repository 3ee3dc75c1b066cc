//! The naive way to answer `perfect-play outcome` / `validity`, for `benches/throughput.sh`
//! to measure the binary against: a `String` per line (`BufRead::lines`), every board
//! solved from scratch by plain minimax search, one `println!` per answer. It shares no
//! code with the crate, so the script also uses it to cross-check the binary's answers.
//!
//! ```text
//! cargo run --release --example naive -- outcome|validity [lines|algospot|boj] < boards
//! ```
//!
//! It handles well-formed input only (what `gen_boards` writes): a line that is not nine
//! cells of `x`, `o`, `.` is answered `error`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stdout,
    clippy::print_stderr
)] // measuring code: it may panic and print

use std::io::{self, BufRead};
use std::process::ExitCode;

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

fn has_line(cells: &[u8; 9], mark: u8) -> bool {
    LINES
        .iter()
        .any(|line| line.iter().all(|&cell| cells[cell] == mark))
}

fn count(cells: &[u8; 9], mark: u8) -> usize {
    cells.iter().filter(|&&cell| cell == mark).count()
}

/// Whether legal play from the empty board reaches these cells.
fn reachable(cells: &[u8; 9]) -> bool {
    let (x, o) = (count(cells, b'x'), count(cells, b'o'));
    let (x_line, o_line) = (has_line(cells, b'x'), has_line(cells, b'o'));
    (x == o || x == o + 1) && !(x_line && o_line) && (!x_line || x == o + 1) && (!o_line || x == o)
}

/// Who wins with perfect play, `mover` to move: the winner's mark, or `b'.'` for a draw.
/// Plain minimax: every line of play, no memo, no pruning.
fn solve(cells: &mut [u8; 9], mover: u8) -> u8 {
    let other = if mover == b'x' { b'o' } else { b'x' };
    if has_line(cells, other) {
        return other;
    }
    let mut best = None;
    for cell in 0..9 {
        if cells[cell] != b'.' {
            continue;
        }
        cells[cell] = mover;
        let result = solve(cells, other);
        cells[cell] = b'.';
        best = match (best, result) {
            (_, r) if r == mover => Some(r),
            (Some(b), _) if b == mover => Some(b),
            (Some(b'.'), _) | (_, b'.') => Some(b'.'),
            _ => Some(result),
        };
        if best == Some(mover) {
            break;
        }
    }
    best.unwrap_or(b'.')
}

fn answer(line: &str, validity: bool) -> &'static str {
    let Ok(cells) = <[u8; 9]>::try_from(line.trim().to_ascii_lowercase().as_bytes()) else {
        return "error";
    };
    if cells.iter().any(|c| !matches!(c, b'x' | b'o' | b'.')) {
        return "error";
    }
    let ok = reachable(&cells);
    if validity {
        let over = has_line(&cells, b'x') || has_line(&cells, b'o') || !cells.contains(&b'.');
        return if ok && over { "valid" } else { "invalid" };
    }
    if !ok {
        return "invalid";
    }
    let mover = if count(&cells, b'x') > count(&cells, b'o') {
        b'o'
    } else {
        b'x'
    };
    let mut cells = cells;
    match solve(&mut cells, mover) {
        b'x' => "x",
        b'o' => "o",
        _ => "TIE",
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let validity = match args.first().map(String::as_str) {
        Some("outcome") => false,
        Some("validity") => true,
        _ => {
            eprintln!("usage: naive outcome|validity [lines|algospot|boj] < boards");
            return ExitCode::from(2);
        }
    };
    let format = args.get(1).map_or("lines", String::as_str);
    let mut lines = io::stdin().lock().lines().map_while(Result::ok);
    match format {
        "algospot" => {
            let count: usize = lines
                .next()
                .and_then(|l| l.trim().parse().ok())
                .unwrap_or(0);
            for _ in 0..count {
                let board: String = lines.by_ref().take(3).collect();
                println!("{}", answer(&board, validity));
            }
        }
        "boj" => {
            for line in lines.take_while(|line| line.trim() != "end") {
                println!("{}", answer(&line, validity));
            }
        }
        _ => {
            for line in lines.filter(|line| !line.trim().is_empty()) {
                println!("{}", answer(&line, validity));
            }
        }
    }
    ExitCode::SUCCESS
}
