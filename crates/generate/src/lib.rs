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
//!   games included, into a [`Solution`].
//! - [`write_table`]: the solution as Rust source for a `phf` map and its layout,
//!   deterministic byte for byte.
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

mod codegen;
mod flat;
mod packed_write;
mod solve;

pub use codegen::{PackedFiles, write_packed_table, write_table};
pub use flat::{FlatError, FlatSolution, Limits, solve_flat};
pub use packed_write::{PackError, write_packed};
pub use perfect_play_core::{Game, Record, Value};
pub use solve::{Solution, SolveError, solve};
