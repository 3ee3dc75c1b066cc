//! Solve your own small game at compile time, and read the table at run time.
//!
//! The game-agnostic part of this crate, in four files that `build.rs` also compiles
//! through `#[path]` (one source of truth):
//!
//! - [`Game`]: the interface a game implements (start, key, moves, finished result,
//!   optional canonical form), and the [`Record`] kept per position ([`Value`] and
//!   remoteness, packed by [`Record::pack`]).
//! - `solve` (feature `generate`): `solve()` walks every reachable position and solves
//!   them all by retrograde analysis, loopy games included.
//! - `codegen` (feature `generate`): `write_table` turns the solution into Rust source
//!   for a `phf::Map<u32, u32>` in `OUT_DIR`, deterministic byte for byte.
//! - [`Verdict`] and [`Sentence`]: how good a move was, for a game review.
//! - [`Solved`]: the run-time side, `no_std` and allocation-free: a position's record, its
//!   moves ranked best first, a best move, the principal line.
//!
//! # Solving your own game
//!
//! 1. Write your position type and `impl Game for` it in one file, say `src/nim.rs`,
//!    using only `core` and `perfect_play::generate::{Game, Value}`.
//! 2. In `Cargo.toml`: `perfect-play = { version = "0.1", default-features = false }` in
//!    `[dependencies]`, and the same with `features = ["generate"]` in
//!    `[build-dependencies]`, plus `phf = { version = "0.14", default-features = false }`.
//! 3. In `build.rs`: `#[path = "src/nim.rs"] mod nim;`, then
//!    `solve::<nim::Nim>(false)?`, `write_table` into `OUT_DIR`, and print
//!    `cargo:rerun-if-changed=src/nim.rs`.
//! 4. In the library: `include!` the generated file in a module and wrap its map in a
//!    [`Solved`]. `examples/downstream` in this repository is such a crate, with a guide.

#[cfg(feature = "generate")]
mod codegen;
mod game;
mod judge;
mod probe;
#[cfg(feature = "generate")]
mod solve;

#[cfg(feature = "generate")]
pub use codegen::{KeyType, write_map, write_table};
pub use game::{ENDLESS, Game, Record, Value};
pub use judge::{Sentence, Verdict};
pub use probe::Solved;
#[cfg(feature = "generate")]
pub use solve::{Solution, SolveError, solve};
