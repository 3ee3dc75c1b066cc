//! The `perfect-play` command: tic-tac-toe answers by the million from the solved table,
//! a board analysed for a person, a game against the table, and disappearing-footholds
//! queries. See `perfect-play --help`. The commands live in this crate's library,
//! where the tests and the fuzz targets can reach them too.

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(perfect_play_cli::main().code())
}
