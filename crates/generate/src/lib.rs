//! Solve a small two-player game in a build script, and write its table for run time.
//!
//! The build-time half of [perfect-play](https://crates.io/crates/perfect-play): your game
//! implements [`perfect_play_core::Game`] in a file of its own; your `build.rs` brings that
//! file in with `#[path]`, calls [`solve`] and writes the table with [`write_table`] into
//! `OUT_DIR`; your library `include!`s it and reads it through
//! [`perfect_play_core::Solved`], `no_std` and allocation-free.
//!
//! - [`solve`]: walks every position reachable from [`Game::start`] and solves them all by
//!   retrograde analysis (GamesmanOne's backward induction over the reverse graph), loopy
//!   games included, into a [`SolvedPositions`].
//! - [`write_table`]: the solution as Rust source for a `phf` map and its layout,
//!   deterministic byte for byte: for games of up to some tens of thousands of positions.
//! - [`solve_flat`] and [`write_file_table`]: games of millions of positions, solved in
//!   flat arrays (acyclic games without a reverse graph; a position limit instead of running
//!   out of memory; errors that name the positions) and written as a table file (about 3.2
//!   bytes a position for Connect Four) that the library embeds with `include_bytes!`.
//! - `solve_file` (feature `tiers`): a game of any size the machine can hold solved
//!   into a table file, tier by tier on every core, within a memory budget, resumable, from
//!   any program (`perfect-play solve` is one). The format: `docs/table-format.md`; one
//!   writer for it, [`write_file`], behind both roads.
//! - `solve_loopy` (feature `tiers`; what `solve_file` does for a game without tiers that
//!   gives its positions back from their keys): a loopy game of hundreds of millions of
//!   positions (Dōbutsu shōgi) walked into one table of keys, sorted, and solved by
//!   backward induction with child counts in about 16 bytes a position and 4 a move,
//!   resumable by phase.
//!
//! # Solving your own game
//!
//! 1. Write your position type and `impl Game for` it in one file, say `src/nim.rs`,
//!    using only `core` and `perfect_play_core::{Game, Value}`.
//! 2. In `Cargo.toml`: `perfect-play-core` and `phf = { version = "0.14",
//!    default-features = false }` in `[dependencies]`; `perfect-play-core` and
//!    `perfect-play-generate` in `[build-dependencies]`.
//! 3. In `build.rs`: `#[path = "src/nim.rs"] mod nim;`, then `solve::<nim::Nim>(false)?`,
//!    `write_table` into `OUT_DIR`, and print `cargo:rerun-if-changed=src/nim.rs`.
//! 4. In the library: `include!` the generated file in a module and wrap its map in a
//!    [`Solved`](perfect_play_core::Solved). `examples/downstream` in this repository is
//!    such a crate, with a guide.

//!
//! # A game of millions of positions
//!
//! Rust source stops being practical above some tens of thousands of positions: a
//! `phf_codegen` map of 1,000,000 keys takes rustc minutes and gigabytes. Instead:
//!
//! ```ignore
//! // build.rs
//! let solution = solve_flat::<game::Connect4>(FlatLimits::DEFAULT)?;
//! let files = write_file_table("CONNECT4", "connect4", "connect4-5x4", "every position", &solution)?;
//! fs::write(out_dir.join("connect4.table"), files.bytes)?;
//! fs::write(out_dir.join("connect4.rs"), files.source)?;
//! // the library: include!(concat!(env!("OUT_DIR"), "/connect4.rs")), then
//! // static SOLVED: Solved<Connect4> = Solved::new(&CONNECT4);
//! ```
//!
//! A build script is compiled without optimisation by default, and the solver and the hash
//! search run about 6 times faster optimised. Put this in the `Cargo.toml` of the crate
//! whose `build.rs` solves the game:
//!
//! ```toml
//! [profile.dev.build-override]
//! opt-level = 3
//! [profile.release.build-override]
//! opt-level = 3
//! ```
//!
//! What it costs (perfect-play's own build script on a 2-core AMD EPYC, its benches/HISTORY.md
//! section 8): Connect Four on 5x4, 3.9 million positions, solves and packs in about 2.3 s
//! with 200 MB of peak memory (14 s unoptimised), into a table of 5.6 bytes a position
//! (22 MB) looked up in under 100 ns (figures of the binary table the table file
//! replaced; the file's are in BENCHMARKS.md's section on table files).

mod codegen;
mod file_write;
mod flat;
mod graph;
#[cfg(feature = "tiers")]
mod loopy;
mod retrograde;
mod solve;
#[cfg(feature = "tiers")]
mod tiers;
#[cfg(feature = "tiers")]
mod to_file;

pub use codegen::{PackedFiles, write_file_table, write_table};
pub use file_write::{
    Damage, FileError, FileHeader, flat_file, key_index, key_index_of, record_bytes, verify,
    write_file, write_key_index,
};
pub use flat::{FlatError, FlatLimits, SolvedKeys, solve_flat, solve_flat_from};
#[cfg(feature = "tiers")]
pub use loopy::{LOOPY_BYTES_PER_POSITION, LOOPY_KEY_BITS, solve_loopy};
/// A tier's sorted keys as a table file keeps them, which [`walk_range`] and
/// [`solve_range`] take.
#[cfg(feature = "tiers")]
pub use perfect_play_core::file::KeyIndex;
pub use perfect_play_core::{Game, Record, Value};
pub use solve::{MAX_POSITIONS, SolveError, SolvedPositions, solve};
#[cfg(feature = "tiers")]
pub use tiers::{
    MAX_WALK_PASSES, MIN_WALK_MEMORY, Options, Phase, Progress, SAMPLE_ONE_IN, SolveFileError,
    Summary, WALK_BYTES_PER_MOVE, WalkedKeys, claim_parts, count_moves, join_file, parts_dir,
    parts_stamp, pass_bounds, pass_ranges, read_part, record_at, sample_children, sampled,
    shared_pass_bounds, solve_range, ticker, tier_header, walk_least_budget, walk_passes,
    walk_range, walk_within, write_atomically,
};
#[cfg(feature = "tiers")]
pub use to_file::{solve_file, solve_file_from};
