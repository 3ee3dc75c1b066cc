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
use perfect_play_core::family::{Args, Family};
use perfect_play_generate::{
    FlatLimits, SolvedKeys, SolvedPositions, solve, solve_flat, solve_flat_from, write_file_table,
    write_table,
};

// The board the families on squares share.
#[allow(dead_code, unused_imports)]
#[path = "src/games/grid.rs"]
mod grid;

macro_rules! games {
    ($($(#[cfg(feature = $feature:literal)])? $module:ident $name:literal $file:literal $game:ident $table:ident $writer:ident;)*) => {
        $(
            // The library's whole game file: what only the run time uses is dead here.
            #[allow(dead_code, unused_imports)]
            #[path = $file]
            mod $module;
        )*

        /// Each game of this build's features solved, and its table written into `out_dir`.
        fn games(out_dir: &Path) -> Result<(), Box<dyn Error>> {
            $(
                if true $(&& feature_on($feature))? {
                    let table = Table {
                        out_dir,
                        module: stringify!($module),
                        name: stringify!($table),
                        game: $name,
                        doc: concat!("Every ", $name, " position reachable from the start, solved."),
                    };
                    $writer::<$module::$game>(&table)?;
                }
            )*
            Ok(())
        }
    };
}
include!("src/games/list.rs");

macro_rules! families {
    ($($module:ident $file:literal $game:ident [$($table:ident $stem:literal $size:literal),* $(,)?] $(also $fixed:ident $fixed_size:literal)? $(fixed [$($(#[cfg(feature = $fixed_feature:literal)])? $fixed_name:literal $fixed_at:literal),* $(,)?])?;)*) => {
        $(
            #[allow(dead_code, unused_imports)]
            #[path = $file]
            mod $module;
        )*

        /// Each compiled size of each family solved, and its table written into `out_dir`.
        fn families(out_dir: &Path) -> Result<(), Box<dyn Error>> {
            $($(
                let table = Table {
                    out_dir,
                    module: $stem,
                    name: stringify!($table),
                    game: Box::leak(
                        format!("{}:{}", <$module::$game as Family>::FAMILY, $size).into_boxed_str(),
                    ),
                    doc: concat!("Every position of ", $size, " reachable from its start, solved."),
                };
                let args = Args::parse(<$module::$game as Family>::PARAMS, $size)?;
                packed_from(&table, <$module::$game as Family>::at(&args)?)?;
            )*)*
            Ok(())
        }
    };
}
include!("src/games/family_list.rs");

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/games");
    println!("cargo:rerun-if-env-changed=PERFECT_PLAY_BUILD_TIMES");
    let out_dir = env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR for build scripts")?;
    games(Path::new(&out_dir))?;
    families(Path::new(&out_dir))
}

/// Whether the crate is built with `feature` (a build script sees features only through
/// `CARGO_FEATURE_*`).
fn feature_on(feature: &str) -> bool {
    let name = feature.to_ascii_uppercase().replace('-', "_");
    env::var_os(format!("CARGO_FEATURE_{name}")).is_some()
}

/// Where one game's table goes: `OUT_DIR/<module>.rs` (and `.bin`), `static <name>`.
struct Table<'a> {
    out_dir: &'a Path,
    module: &'static str,
    name: &'static str,
    game: &'static str,
    doc: &'static str,
}

/// A `phf` map in Rust source, with no bits of the game's own.
fn phf<G: Game>(table: &Table) -> Result<(), Box<dyn Error>> {
    phf_with(table, |_: &SolvedPositions<G>, _: &G| 0)
}

/// A `phf` map in Rust source, each entry keeping the optimal moves from its position as a
/// mask of cells (bit `cell`): every move whose child is worth the most to the mover.
fn phf_best_cells<G: Game<Move = u8>>(table: &Table) -> Result<(), Box<dyn Error>> {
    phf_with(table, |solution: &SolvedPositions<G>, position: &G| {
        let ranked = solution.ranked_moves(position);
        let top = ranked.first().map(|(_, record)| record.rank());
        ranked
            .iter()
            .filter(|(_, record)| Some(record.rank()) == top)
            .fold(0, |mask, &(cell, _)| mask | 1 << cell)
    })
}

/// The game solved by retrograde analysis and written as a `phf` map with `bits`.
fn phf_with<G: Game>(
    table: &Table,
    bits: impl Fn(&SolvedPositions<G>, &G) -> u32,
) -> Result<(), Box<dyn Error>> {
    let clock = Clock::start(table.module);
    let solution = solve::<G>(false)?;
    let clock = clock.lap("solve");
    let source = write_table(table.name, table.doc, &solution, |p| bits(&solution, p))?;
    fs::write(table.out_dir.join(format!("{}.rs", table.module)), source)?;
    clock.lap("write");
    Ok(())
}

/// The game solved in flat arrays and written as a table file (the bytes `perfect-play
/// solve` writes for it), with the source that embeds it.
fn packed<G: Game + std::fmt::Debug>(table: &Table) -> Result<(), Box<dyn Error>> {
    let clock = Clock::start(table.module);
    let solution = solve_flat::<G>(FlatLimits::DEFAULT)?;
    write_file(table, &solution, clock.lap("solve"))
}

/// A family's size, from its start, solved and written as [`packed`] does.
fn packed_from<G: Game + std::fmt::Debug>(table: &Table, start: G) -> Result<(), Box<dyn Error>> {
    let clock = Clock::start(table.module);
    let solution = solve_flat_from(start, FlatLimits::DEFAULT)?;
    write_file(table, &solution, clock.lap("solve"))
}

/// The table file of `solution` and the source that embeds it, written into `OUT_DIR`.
fn write_file<G: Game>(
    table: &Table,
    solution: &SolvedKeys<G>,
    clock: Clock,
) -> Result<(), Box<dyn Error>> {
    let files = write_file_table(table.name, table.module, table.game, table.doc, solution)?;
    fs::write(
        table.out_dir.join(format!("{}.table", table.module)),
        files.bytes,
    )?;
    fs::write(
        table.out_dir.join(format!("{}.rs", table.module)),
        files.source,
    )?;
    clock.lap("write");
    Ok(())
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
