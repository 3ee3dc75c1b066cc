//! Writes random reachable tic-tac-toe boards in one of the binary's input formats, for
//! `benches/throughput.sh`.
//!
//! ```text
//! cargo run --release --example gen_boards -- [--format lines|algospot|boj] [--count N] [--seed S] [--crlf]
//! ```
//!
//! Each board is drawn uniformly from the 5,478 boards legal play reaches (the library's
//! [`Position::all`]), with a fixed-seed xorshift generator, so a given seed always writes
//! the same file. Boards are written as 9 cells of `x`, `o` and `.`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stdout,
    clippy::print_stderr
)] // measuring code: it may panic and print

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use perfect_play::games::tictactoe::{Board, Position};

/// Options from the command line.
struct Options {
    format: String,
    count: u64,
    seed: u64,
    crlf: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        format: "lines".to_owned(),
        count: 2_000_000,
        seed: 0x5eed,
        crlf: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--format" => options.format = value("--format")?,
            "--count" => {
                options.count = value("--count")?
                    .parse()
                    .map_err(|e| format!("--count: {e}"))?;
            }
            "--seed" => {
                options.seed = value("--seed")?
                    .parse()
                    .map_err(|e| format!("--seed: {e}"))?;
            }
            "--crlf" => options.crlf = true,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    match options.format.as_str() {
        "lines" | "algospot" | "boj" => Ok(options),
        other => Err(format!("unknown format {other:?}: lines, algospot or boj")),
    }
}

/// xorshift64*: small, fast, and plenty for picking boards.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("gen_boards: {message}");
            return ExitCode::from(2);
        }
    };
    let mut boards: Vec<Board> = Position::all().map(Position::board).collect();
    boards.sort_by_key(|board| board.code());
    let texts: Vec<String> = boards.iter().map(ToString::to_string).collect();
    let end = if options.crlf { "\r\n" } else { "\n" };
    let mut rng = Rng(options.seed | 1);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let result = (|| -> io::Result<()> {
        if options.format == "algospot" {
            write!(out, "{}{end}", options.count)?;
        }
        for _ in 0..options.count {
            let text = &texts[(rng.next() % texts.len() as u64) as usize];
            if options.format == "algospot" {
                for row in text.as_bytes().chunks(3) {
                    out.write_all(row)?;
                    out.write_all(end.as_bytes())?;
                }
            } else {
                write!(out, "{text}{end}")?;
            }
        }
        if options.format == "boj" {
            write!(out, "end{end}")?;
        }
        out.flush()
    })();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("gen_boards: {error}");
            ExitCode::from(2)
        }
    }
}
