//! Solves Connect Four positions on 7x6 given as move sequences, one a line (columns 1-7
//! from the left, as in Pascal Pons's test sets: `4453`), and prints each line, its exact
//! score (Pons's scale), the positions searched and the microseconds taken: the engine's
//! side of `benches/connect4_peers.sh`.
//!
//! `cargo run --release --example connect4_solve [--book FILE] [--memory MIB] [--threads N]
//! [--clear] < positions`
//!
//! One transposition table (`--memory`, 256 MiB by default) serves every line, allocated
//! before the first and kept from one to the next, as a batch of questions keeps it;
//! `--clear` empties it before each line instead, so that each line's search stands alone
//! (its time still the search's alone). `--threads` searches each position on that many
//! threads (1 by default).

use std::io::{BufRead, Write};
use std::time::Instant;

use perfect_play::Game;
use perfect_play::games::connect4::Connect4On7x6;
use perfect_play::search::{Bitboard, Book, Engine};

/// The rules version a book of 7x6 is made under.
const RULES_VERSION: u32 = <Connect4On7x6 as Game>::RULES_VERSION;

/// Runs, and says what went wrong in a sentence (not as a `Debug` dump) with a failing
/// exit status.
fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "connect4_solve: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let mut memory = 256usize;
    let mut threads = 1usize;
    let mut clear = false;
    let mut book = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--memory" => memory = args.next().ok_or("--memory MIB")?.parse()?,
            "--threads" => threads = args.next().ok_or("--threads N")?.parse()?,
            "--clear" => clear = true,
            "--book" => {
                let bytes = std::fs::read(args.next().ok_or("--book FILE")?)?;
                // Kept for the whole run, as the engine's book reads from it.
                let bytes: &'static [u8] = Vec::leak(bytes);
                book = Some(Book::read(bytes, "connect4-7x6", RULES_VERSION)?);
            }
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    let mut engine: Engine<Bitboard<7, 6>> = Engine::new(memory << 20).with_threads(threads);
    if let Some(book) = book {
        engine = engine.with_book(book);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line?;
        let moves = line.split_whitespace().next().unwrap_or("");
        let mut position = Bitboard::<7, 6>::start();
        for (i, ch) in moves.chars().enumerate() {
            let column = ch
                .to_digit(10)
                .and_then(|d| d.checked_sub(1))
                .ok_or_else(|| format!("line {}, column {}: not a column 1-7", n + 1, i + 1))?;
            position = position
                .drop_disc(column as usize)
                .ok_or_else(|| format!("line {}, column {}: a full column", n + 1, i + 1))?;
        }
        if n == 0 {
            engine.reserve();
        } else if clear {
            engine.clear();
        }
        let start = Instant::now();
        let (score, nodes) = engine.solve_counted(&position);
        let micros = start.elapsed().as_micros();
        writeln!(out, "{moves} {score} {nodes} {micros}")?;
    }
    Ok(())
}
