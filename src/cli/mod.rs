//! The `perfect-play` binary's module tree (not part of the library).
//!
//! One board's way through a batch command: [`input`] reads lines in constant memory,
//! [`formats`] turns them into [`perfect_play::Board`]s, [`batch`] asks the table (through a
//! memo) and hands the verdict to the command ([`outcome`], [`validity`]), which writes its
//! answer through [`output`]. [`analyze`] and [`play`] draw boards for a person with
//! [`draw`]; [`footholds`] answers the other game's JSON queries.

pub mod args;

mod analyze;
mod batch;
mod draw;
mod footholds;
mod formats;
mod input;
mod outcome;
mod output;
mod play;
mod validity;

use std::fmt::Display;
use std::io::Write;

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

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Status {
    match cli.command {
        Command::Outcome(args) => {
            let (files, memo) = (&args.input.files, !args.input.no_memo);
            if args.json {
                batch::run(files, args.format, outcome::Json::new(memo), memo)
            } else {
                batch::run(files, args.format, outcome::Text, memo)
            }
        }
        Command::Validity(args) => {
            let style = if args.json {
                validity::Style::Json
            } else if args.explain {
                validity::Style::Explain
            } else {
                validity::Style::Plain
            };
            let memo = !args.input.no_memo;
            batch::run(
                &args.input.files,
                args.format,
                validity::Validity::new(style, memo),
                memo,
            )
        }
        Command::Analyze(args) => analyze::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Footholds(args) => footholds::run(&args),
    }
}

/// Says on stderr what went wrong, as `perfect-play: why`. A failure to write to stderr is
/// ignored: there is nowhere left to report it.
pub fn report(why: &dyn Display) {
    let _ = writeln!(std::io::stderr(), "perfect-play: {why}");
}
