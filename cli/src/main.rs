//! The `perfect-play` command: batch answers by the million (`outcome`, `validity`, the
//! judges' formats), any game's position analysed, played or reviewed (`analyze`, `play`,
//! `review`), the catalogue (`games`), a game solved into a table file and one checked
//! (`solve`, `table`), Connect Four 7x6's opening book and its c4solver-style answers
//! (`book`, `c4solver`), disappearing-footholds queries (`footholds`), and the web board
//! and JSON API (`serve`). See `perfect-play --help`. The commands live in this crate's
//! library, where the tests and the fuzz targets can reach them too.

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(perfect_play_cli::main().code())
}
