//! The `perfect-play` command: tic-tac-toe answers by the million from the solved table,
//! a board analysed for a person, a game against the table, and disappearing-footholds
//! queries. See `perfect-play --help`. The commands live in the library's hidden `cli`
//! module (behind the `cli` feature), where the fuzz targets can reach them too.

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(perfect_play::cli::main().code())
}
