//! Opens each family at the sizes named on the command line (the naming syntax of
//! `perfect_play::games`) and prints its canonical name, positions, the start's record and
//! how long opening took (a size not compiled in is solved then): the figures of the
//! families' docs and benches/HISTORY.md section 12.
//!
//! `cargo run --profile test --example family_sizes -- mnk:4,3,3 nim hex:3,4`

use std::io::Write;
use std::time::Instant;

/// Runs, and says what went wrong in a sentence (not as a `Debug` dump) with a failing
/// exit status.
fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "family_sizes: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    for name in std::env::args().skip(1) {
        let clock = Instant::now();
        let game = perfect_play::games::open(&name)?;
        let opened = clock.elapsed().as_secs_f64();
        let about = game.about();
        let start = game.probe(&about.start)?;
        writeln!(
            out,
            "{} | {} | {} to move: {} | {opened:.3} s",
            about.name,
            about.positions.unwrap_or(0),
            about.sides.get(start.to_move.index()).unwrap_or(&"?"),
            start.record,
        )?;
    }
    Ok(())
}
