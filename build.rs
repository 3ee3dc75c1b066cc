//! Solves every game of `src/games/list.rs` at compile time and writes each table into
//! `OUT_DIR` (`<module>.rs`), with `perfect-play-generate`.
//!
//! Thin on purpose: each game's rules come from the library's own file through `#[path]`
//! (one source of truth, so the tables and the run time cannot disagree); the trait they
//! implement, the solver and the table writer are crates.

use std::error::Error;
use std::path::Path;
use std::time::Instant;
use std::{env, fs};

use perfect_play_core::Game;
use perfect_play_generate::{Solution, solve, write_table};

macro_rules! games {
    ($($module:ident $name:literal $file:literal $game:ident $table:ident $bits:ident;)*) => {
        $(
            // The library's whole game file: what only the run time uses is dead here.
            #[allow(dead_code, unused_imports)]
            #[path = $file]
            mod $module;
        )*

        /// Each game solved, and its table written into `out_dir`.
        fn games(out_dir: &Path) -> Result<(), Box<dyn Error>> {
            $(
                let clock = Clock::start($name);
                let solution = solve::<$module::$game>(false)?;
                let clock = clock.lap("solve");
                let doc = concat!("Every ", $name, " position reachable from the start, solved.");
                let source = write_table(stringify!($table), doc, &solution, |p| $bits(&solution, p))?;
                fs::write(out_dir.join(concat!(stringify!($module), ".rs")), source)?;
                clock.lap("write");
            )*
            Ok(())
        }
    };
}
include!("src/games/list.rs");

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/games");
    println!("cargo:rerun-if-env-changed=PERFECT_PLAY_BUILD_TIMES");
    let out_dir = env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR for build scripts")?;
    let out_dir = Path::new(&out_dir);

    games(out_dir)
}

/// No bits of the game's own.
fn no_bits<G: Game>(_: &Solution<G>, _: &G) -> u32 {
    0
}

/// The optimal moves from `position` as a mask of cells (bit `cell`): every move whose
/// child is worth the most to the mover. None on a finished position.
fn best_cells<G: Game<Move = u8>>(solution: &Solution<G>, position: &G) -> u32 {
    let ranked = solution.ranked_moves(position);
    let top = ranked.first().map(|(_, record)| record.rank());
    ranked
        .iter()
        .filter(|(_, record)| Some(record.rank()) == top)
        .fold(0, |mask, &(cell, _)| mask | 1 << cell)
}

/// With `PERFECT_PLAY_BUILD_TIMES` set, how long each step of a table takes, said as a
/// cargo warning (`cargo build -vv` shows them too); otherwise nothing.
struct Clock {
    table: &'static str,
    at: Option<Instant>,
}

impl Clock {
    /// A clock for `table`, running if `PERFECT_PLAY_BUILD_TIMES` is set.
    fn start(table: &'static str) -> Clock {
        let on = env::var_os("PERFECT_PLAY_BUILD_TIMES").is_some();
        Clock {
            table,
            at: on.then(Instant::now),
        }
    }

    /// Says how long `step` took since the start or the last lap, and starts again.
    fn lap(self, step: &str) -> Clock {
        let at = self.at.map(|at| {
            let ms = at.elapsed().as_secs_f64() * 1e3;
            println!("cargo:warning={}: {step} {ms:.1} ms", self.table);
            Instant::now()
        });
        Clock { at, ..self }
    }
}
