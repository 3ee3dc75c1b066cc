//! The `perfect-play` binary's commands. Not a stable API: a library so that `src/main.rs`,
//! the tests and the fuzz targets call the same code; the library a program links is
//! `perfect-play`.
//!
//! One board's way through a batch command: [`input`] reads lines in constant memory,
//! a reader of [`formats`] turns them into items (a board, text that is not one, a fault
//! in the input's shape), and [`batch`] answers each through the [`cache`] with the
//! command's renderer ([`outcome`], [`validity`]), writing through [`output`]. `analyze`
//! and `play` draw boards for a person; `footholds` answers the other game's JSON queries.

pub mod args;
pub mod batch;
pub mod cache;
pub mod footholds;
pub mod formats;
pub mod input;
pub mod messages;
pub mod outcome;
pub mod output;
pub mod validity;

mod analyze;
mod draw;
mod games;
mod play;
mod random;
#[cfg(feature = "serve")]
mod serve;

use clap::Parser;

use args::{Cli, Command};

/// How a run ended, in increasing order of trouble; the exit status is the worst reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// 0: every board answered.
    Success,
    /// 1: some input was not a (reachable) board, or the input was malformed.
    Partial,
    /// 2: a usage or I/O error.
    Failure,
}

impl Status {
    /// The process exit status.
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Partial => 1,
            Status::Failure => 2,
        }
    }
}

/// Parses the process's command line and runs it: the whole binary.
pub fn main() -> Status {
    run_from(std::env::args_os())
}

/// Parses a command line (the program's name first) and runs it.
pub fn run_from<I, T>(args: I) -> Status
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            // Help and version go to stdout (status 0), usage errors to stderr (status 2).
            // Help that cannot be written (a full disk) is an I/O error; a closed pipe
            // (`--help | head -1`) is a normal end.
            return match error.print() {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Status::Failure,
                _ if error.exit_code() == 0 => Status::Success,
                _ => Status::Failure,
            };
        }
    };
    run(cli)
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Status {
    match cli.command {
        Command::Outcome(args) => {
            let render = outcome::Outcomes { json: args.json };
            batch::run(
                &args.input.files,
                args.format,
                &render,
                !args.input.no_cache,
            )
        }
        Command::Validity(args) => {
            let style = if args.json {
                validity::Style::Json
            } else if args.explain {
                validity::Style::Explain
            } else {
                validity::Style::Plain
            };
            let render = validity::Validity { style };
            batch::run(
                &args.input.files,
                args.format,
                &render,
                !args.input.no_cache,
            )
        }
        Command::Analyze(args) => analyze::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Footholds(args) => footholds::run(&args),
        Command::Games(args) => games::run(&args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(&args),
    }
}
