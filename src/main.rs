//! The `perfect-play` command: tic-tac-toe answers by the million from the solved table,
//! a board analysed for a person, a game against the table, and disappearing-footholds
//! queries. See `perfect-play --help`; the code is in `src/cli/`.

// No input may panic the binary (exit status 101): the same lints as the library.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]
// `print!` and `eprint!` panic when the stream is closed: all output goes through
// `cli::output`, which treats a closed pipe as the end.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match cli::args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            // Help and version go to stdout (status 0), usage errors to stderr (status 2).
            // Help that cannot be written (a full disk) is an I/O error; a closed pipe
            // (`--help | head -1`) is a normal end.
            let status = match error.print() {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => 2,
                _ => u8::try_from(error.exit_code()).unwrap_or(2),
            };
            return ExitCode::from(status);
        }
    };
    ExitCode::from(cli::run(cli).code())
}
