//! The `perfect-play` binary's commands. Not a stable API: a library so that `src/main.rs`,
//! the tests and the fuzz targets call the same code; the library a program links is
//! `perfect-play`.
//!
//! Every game goes through the library's dynamic handle (`perfect_play::games::open`, a
//! `Box<dyn DynGame>` for any game at any size): `games` lists them, `analyze --game`,
//! `play --game`, `review --game` and `outcome --game` ([`outcome`]) take any of them in
//! its notation, through one path each. The judges' adapter ([`judges`]) answers
//! tic-tac-toe boards in the online judges' formats at full speed (`outcome` and
//! `validity` without `--game`). [`batch`] is the one loop over a command's inputs,
//! [`input`] reads lines in constant memory, [`output`] writes answers and messages;
//! [`wire`] holds every JSON shape the binary writes; `footholds` answers the other
//! game's JSON queries ([`queries`] reads them).

pub mod args;
pub mod batch;
pub mod footholds;
pub mod input;
pub mod judges;
pub mod messages;
pub mod outcome;
pub mod output;
pub mod queries;
pub mod solve;
#[cfg(feature = "mpi")]
pub mod solve_mpi;
// The MPI solve's plain parts: with it, and in every `cargo test`.
#[cfg(any(feature = "mpi", test))]
mod shards;
pub mod table;
pub mod wire;

mod analyze;
mod book;
mod c4solver;
mod draw;
mod first_use;
mod games;
mod play;
mod random;
mod review;
#[cfg(feature = "serve")]
mod serve;
mod thinking;

use clap::Parser;

use args::{Cli, Command};
use output::Status;

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
            args.search.apply();
            outcome::run(&args)
        }
        Command::Validity(args) => {
            let style = if args.json {
                judges::validity::Style::Json
            } else if args.explain {
                judges::validity::Style::Explain
            } else {
                judges::validity::Style::Plain
            };
            let render = judges::validity::Validity { style };
            judges::run(
                &args.input.files,
                args.format,
                &render,
                !args.input.no_cache,
            )
        }
        Command::Analyze(args) => {
            args.search.apply();
            analyze::run(&args)
        }
        Command::Play(args) => {
            args.search.apply();
            play::run(&args)
        }
        Command::Review(args) => {
            args.search.apply();
            review::run(&args)
        }
        Command::Footholds(args) => footholds::run(&args),
        Command::Games(args) => games::run(&args),
        // One rank of an MPI job solves with the others (`solve_mpi`, which builds on `solve`).
        #[cfg(feature = "mpi")]
        Command::Solve(args) if solve_mpi::launched() => solve_mpi::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Table(args) => table::run(&args),
        Command::Book(args) => book::run(&args),
        Command::C4solver(args) => {
            args.search.apply();
            c4solver::run(&args)
        }
        #[cfg(feature = "serve")]
        Command::Serve(args) => {
            args.search.apply();
            serve::run(&args)
        }
    }
}
