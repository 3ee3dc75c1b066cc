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
//!   any program (`perfect-play solve` is one); `solve_file_on` (feature `mpi`) the same on
//!   the ranks of an MPI job, the same bytes. The format: `docs/table-format.md`; one
//!   writer for it, [`write_file`], behind every road.
//! - `solve_loopy` (feature `tiers`; what `solve_file` does for a game without tiers that
//!   gives its positions back from their keys): a loopy game of hundreds of millions of
//!   positions (Dōbutsu shōgi) walked into one table of keys, sorted, and solved by
//!   backward induction with child counts in about 16 bytes a position and 4 a move
//!   (8 a move and 7 a position while the parents are filed), resumable by phase.
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

//!
//! # A game past one build: `solve_file` (feature `tiers`)
//!
//! ```ignore
//! let options = Options { threads: 0, memory: 2 << 30, progress: &|p: Progress| eprintln!("{p:?}") };
//! let summary = solve_file::<MyGame>("my-game", Path::new("my-game.table"), &options)?;
//! ```
//!
//! A game with tiers ([`Game::tiers`], every move from tier `t` to `t + 1`) is walked up
//! and solved down one tier at a time, within `options.memory`, each finished tier kept
//! beside the file (`my-game.table.parts/`) so that the same call after a kill resumes
//! there; a game without tiers is solved by [`solve_loopy`] when [`Game::at_key`] gives
//! its positions back from their keys, else whole in memory. `Summary` says what was
//! solved, `Progress` how far it is, `SolveFileError` why it stopped (a budget too
//! small says what it would need). `solve_file_from` starts from a given position (a
//! family's size). With the `mpi` feature, every rank of an MPI job calls
//! `solve_file_on` with `Mpi` (see its example; `launched` says whether this process
//! is one): each rank takes a share of every tier, and rank 0 writes the same file, byte
//! for byte, as `Local`, one process. `Transport` is what the two have in common.
//!
//! # Modules and features
//!
//! The public items above are re-exported at the root; the modules are the crate's own.
//!
//! - `solve.rs` ([`solve`]), `flat.rs` ([`solve_flat`]), over `graph.rs` (a game's moves
//!   in one flat array) and `retrograde.rs` (the backward induction both share);
//! - `codegen.rs` ([`write_table`], [`write_file_table`]): Rust source for `OUT_DIR`;
//! - `file_write.rs` ([`write_file`], [`flat_file`], [`key_index`], [`verify`]): the table
//!   file's one writer and its checksums' one check;
//! - `to_file.rs` (feature `tiers`): `solve_file`, the one entry that picks a game's
//!   solver into a file (tiers, loopy or flat);
//! - `loopy.rs` (feature `tiers`): [`solve_loopy`], a game without tiers by backward
//!   induction with child counts;
//! - `tiers.rs` and `tiers/` (feature `tiers`): what every solve into a file shares
//!   (`Options`, `Progress`, `Summary`, `SolveFileError`) and the one tier driver
//!   (`driver.rs`, with `ask.rs`, a tier solved by asking other ranks), the walk
//!   (`walk.rs`), a tier's records (`settle.rs`), the passes within a budget
//!   (`passes.rs`), how ranks share a tier (`shares.rs`), the files of a solve in progress
//!   (`parts.rs`), and the ranks and their messages (`transport.rs`; `mpi.rs`, feature
//!   `mpi`, every MPI call);
//! - `parallel.rs` (feature `tiers`): the solvers' parallel loops, rayon's machinery
//!   compiled once rather than once a game.
//!
//! Features, all off by default:
//! - `tiers`: `solve_file` and everything beside it (rayon for the threads);
//! - `mpi`: `Mpi` and solves on the ranks of an MPI job (rsmpi, the `mpi` crate, on the
//!   system's MPI library: Open MPI's `libopenmpi-dev`, and libclang for its bindings);
//!   implies `tiers`;
//! - `ptrhash`: [`write_table`] in phf's PtrHash layout (the run-time side must read the
//!   same).

mod codegen;
mod file_write;
mod flat;
mod graph;
#[cfg(feature = "tiers")]
mod loopy;
#[cfg(feature = "tiers")]
mod parallel;
mod retrograde;
mod solve;
#[cfg(feature = "tiers")]
mod tiers;
#[cfg(feature = "tiers")]
mod to_file;

pub use codegen::{PackedFiles, write_file_table, write_table};
pub use file_write::{
    Damage, FileError, FileHeader, flat_file, key_index, record_bytes, verify, write_file,
};
pub use flat::{FlatError, FlatLimits, SolvedKeys, solve_flat, solve_flat_from};
#[cfg(feature = "tiers")]
pub use loopy::{LOOPY_BYTES_PER_POSITION, LOOPY_KEY_BITS, solve_loopy};
pub use perfect_play_core::{Game, Record, Value};
pub use solve::{MAX_POSITIONS, SolveError, SolvedPositions, solve};
#[cfg(feature = "mpi")]
pub use tiers::mpi::Mpi;
#[cfg(feature = "tiers")]
pub use tiers::{
    Launched, Local, Options, Phase, Progress, SolveFileError, Summary, Transport, launched,
};
#[cfg(feature = "tiers")]
pub use to_file::{solve_file, solve_file_from, solve_file_on};
