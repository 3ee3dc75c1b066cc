//! Solves every game of this crate at compile time and writes each table as a `phf` map
//! into `OUT_DIR`: tic-tac-toe (`table.rs`), then each game of `src/games/list.rs`.
//!
//! Thin on purpose: the solver, the code generator and every game's rules come from the
//! library's own source through `#[path]` (`src/generate/`, `src/games/`,
//! `src/tictactoe/`), so the tables and the runtime cannot disagree.

use std::error::Error;
use std::time::Instant;

use game::Game as _;
use std::{env, fs, path::Path};

#[path = "src/generate/codegen.rs"]
mod codegen;
#[allow(dead_code)]
#[path = "src/tictactoe/entry.rs"]
mod entry;
#[allow(dead_code)]
#[path = "src/generate/game.rs"]
mod game;
#[allow(dead_code)]
#[path = "src/games/notation.rs"]
mod notation;
#[allow(dead_code)]
#[path = "src/tictactoe/rules.rs"]
mod rules;
#[allow(dead_code)]
#[path = "src/generate/solve.rs"]
mod solve;
#[path = "src/games/tictactoe.rs"]
mod tictactoe_game;

/// The paths the game files use, as in the library.
mod generate {
    pub(crate) use super::game::{Game, Value};
}
mod tictactoe {
    pub(crate) use super::rules::{Board, Player, Value};
}

const SOURCES: [&str; 9] = [
    "build.rs",
    "src/generate/codegen.rs",
    "src/generate/game.rs",
    "src/generate/solve.rs",
    "src/games/list.rs",
    "src/games/notation.rs",
    "src/games/tictactoe.rs",
    "src/tictactoe/entry.rs",
    "src/tictactoe/rules.rs",
];

macro_rules! games {
    ($($module:ident $file:literal $game:ident $table:ident;)*) => {
        $(
            #[allow(dead_code)]
            #[path = $file]
            mod $module;
        )*

        /// Each game's file, and its table written into `out_dir`.
        fn games(out_dir: &Path) -> Result<(), Box<dyn Error>> {
            $(
                println!("cargo:rerun-if-changed=src/games/{}", $file);
                let clock = Clock::start(stringify!($module));
                let solution = solve::solve::<$module::$game>(false)?;
                let clock = clock.lap("solve");
                let source = codegen::write_table(
                    stringify!($table),
                    concat!("every ", stringify!($game), " position reachable from the start"),
                    &solution,
                    |_| 0,
                )?;
                fs::write(out_dir.join(concat!(stringify!($module), ".rs")), source)?;
                clock.lap("codegen and write");
            )*
            Ok(())
        }
    };
}
include!("src/games/list.rs");

fn main() -> Result<(), Box<dyn Error>> {
    for source in SOURCES {
        println!("cargo:rerun-if-changed={source}");
    }
    println!("cargo:rerun-if-env-changed=PERFECT_PLAY_BUILD_TIMES");
    let out_dir = env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR for build scripts")?;
    let out_dir = Path::new(&out_dir);

    // Tic-tac-toe keeps its own 16-bit entry: outcome, plies and the optimal-move mask.
    let clock = Clock::start("tictactoe");
    let solution = solve::solve::<rules::Board>(false)?;
    let clock = clock.lap("solve");
    let entries = solution.iter().map(|(key, board, record)| {
        let outcome = match record.value {
            game::Value::Draw => rules::Outcome::Draw,
            game::Value::Win => rules::Outcome::Win(board.turn()),
            game::Value::Loss => rules::Outcome::Win(board.turn().other()),
        };
        // The optimal moves: those whose child is worth the most to the mover.
        let (mut best, mut top) = (0u16, i32::MIN);
        if board.finished().is_none() {
            board.moves(&mut |cell, child| {
                let Some(rank) = solution.get(&child).map(|r| r.before_move().rank()) else {
                    return;
                };
                if rank > top {
                    (best, top) = (0, rank);
                }
                if rank == top {
                    best |= 1 << cell;
                }
            });
        }
        let plies = u8::try_from(record.remoteness).unwrap_or(u8::MAX);
        (
            key,
            u64::from(entry::Entry::new(outcome, plies, best).bits()),
        )
    });
    let table = codegen::write_map(
        "TABLE",
        "every tic-tac-toe board reachable by legal play, keyed by its base-3 code, to its \
         packed entry (src/tictactoe/entry.rs)",
        codegen::KeyType::U16,
        "u16",
        entries,
    )?;
    fs::write(out_dir.join("table.rs"), table)?;
    clock.lap("best moves, codegen and write");

    games(out_dir)
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
