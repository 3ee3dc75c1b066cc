//! Solves Connect Four at one size by tiers into a table file, with the size fixed in the
//! type (`Connect4<W, H>`, where every bound is a constant) or chosen at run time
//! (`ConnectFour`, the family, what `perfect-play solve` runs): the one rule written once,
//! monomorphised twice. Prints the positions and the time; the file's bytes are the same
//! either way. BENCHMARKS.md times the two in turns: whether the fixed type would pay in
//! the tier solver.
//!
//! `cargo run --release --example connect4_shapes -- fixed|family 5x4|6x4|5x5 OUT`

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use perfect_play::Game;
use perfect_play::games::connect4::Connect4;
use perfect_play::games::{Args, ConnectFour, Family};
use perfect_play_generate::{Options, Summary, solve_file_from};

/// Runs, and says what went wrong in a sentence with a failing exit status.
fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "connect4_shapes: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [shape, size, out] = args.as_slice() else {
        return Err("usage: connect4_shapes fixed|family 5x4|6x4|5x5 OUT".into());
    };
    let out = Path::new(out);
    let name = format!("connect4-{size}");
    let quiet = |_| {};
    let options = Options {
        threads: 0,
        memory: 2 << 30,
        progress: &quiet,
    };
    let clock = Instant::now();
    let summary: Summary = match (shape.as_str(), size.as_str()) {
        ("fixed", "5x4") => solve_file_from(&name, Connect4::<5, 4>::start(), out, &options)?,
        ("fixed", "6x4") => solve_file_from(&name, Connect4::<6, 4>::start(), out, &options)?,
        ("fixed", "5x5") => solve_file_from(&name, Connect4::<5, 5>::start(), out, &options)?,
        ("family", _) => {
            let (columns, rows) = size.split_once('x').ok_or("a size is WxH")?;
            let text = format!("rows={rows},columns={columns}");
            let start = ConnectFour::at(&Args::parse(ConnectFour::PARAMS, &text)?)?;
            solve_file_from(&name, start, out, &options)?
        }
        _ => return Err(format!("no {shape} {size}: fixed 5x4, 6x4, 5x5, or family").into()),
    };
    let seconds = clock.elapsed().as_secs_f64();
    writeln!(
        std::io::stdout(),
        "{shape} {name}: {} positions, {seconds:.2} s",
        summary.positions
    )?;
    Ok(())
}
