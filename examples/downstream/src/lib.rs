//! Games of our own, solved at compile time by `perfect-play`'s generator: a small one
//! (a pile of 21 counters) and a large one (Nim on four piles: a million positions, in a
//! binary table; see "A game of a million positions" below).
//!
//! # How to do this for your game
//!
//! 1. **Write the rules** in one file (`src/game.rs` here): a `Copy + Eq` position type
//!    implementing [`perfect_play_core::Game`]: the start position, an injective
//!    integer key (it must fit a `u32`), the result for the side to move when the game is
//!    finished, and every move with the position it leads to. Loopy games are fine.
//!    Optionally, `canonical` maps a position to one representative of its symmetric
//!    images: solve with `canonical = true` and the table keeps one entry per class (the
//!    table says so itself: the probe canonicalizes when it must).
//! 2. **Depend on the two halves** in `Cargo.toml`: `perfect-play-core` in
//!    `[dependencies]` (the probe: `no_std`, no allocation), and `perfect-play-core` with
//!    `perfect-play-generate` in `[build-dependencies]` (the solver and phf_codegen, which
//!    stay out of your library).
//! 3. **Solve in `build.rs`**: bring the rules in with `#[path = "src/game.rs"] mod game;`,
//!    call `solve::<game::Pile>(false)?` and `write_table(..)`, write the source into
//!    `OUT_DIR`, and print `cargo:rerun-if-changed` for `build.rs` and the rules. A wrong
//!    game (two positions with one key, a key too large, an unfinished position with no
//!    move) fails the build with a message, never a wrong table.
//! 4. **Read the table**: `include!` the generated file in a module, wrap its table in a
//!    [`Solved`], and ask it: [`Solved::probe`] (win, loss or draw for the side to move,
//!    and plies left), [`Solved::ranked_moves`], [`Solved::best_move`],
//!    [`Solved::principal_line`].
//!
//! # A game of a million positions
//!
//! `src/nim.rs` is solved with `solve_flat` (flat arrays, a position limit) and written with
//! `write_file_table` into `OUT_DIR/nim.table` (a table file, the format `perfect-play
//! solve` writes) and `nim.rs`, which embeds it with
//! `include_bytes!`: no giant source file for rustc. The build script is optimised
//! (`[profile.*.build-override] opt-level = 3` in `Cargo.toml`), which makes it several
//! times faster. Its cost, measured with `/usr/bin/time -v` on perfect-play's 2-core
//! machine, is in the repository's BENCHMARKS.md (build cost).
//!
//! ```
//! use downstream::{NIM, Nim};
//! use perfect_play_core::Value;
//!
//! // Bouton: the side to move loses exactly when the piles' XOR is 0.
//! assert_eq!(NIM.probe(&Nim([1, 2, 3, 0])).map(|r| r.value), Some(Value::Loss));
//! assert_eq!(NIM.probe(&Nim([31, 31, 31, 31])).map(|r| r.value), Some(Value::Loss));
//! assert_eq!(NIM.len(), 1_048_576);
//! ```
//!
//! ```
//! use downstream::{Pile, SOLVED};
//! use perfect_play_core::Value;
//!
//! // 21 counters: the first player wins by taking 1, leaving a multiple of 4.
//! let record = SOLVED.probe(&Pile(21)).unwrap();
//! assert_eq!(record.value, Value::Win);
//! assert_eq!(SOLVED.best_move(&Pile(21)), Some(1));
//! ```
#![no_std]

mod game;
mod nim;

pub use game::Pile;
pub use nim::{Nim, Take};
use perfect_play_core::Solved;

mod table {
    //! The tables `build.rs` generated: every pile size to its packed record, and every
    //! Nim position in a table file.
    #![allow(clippy::unreadable_literal)]
    include!(concat!(env!("OUT_DIR"), "/pile.rs"));
    include!(concat!(env!("OUT_DIR"), "/nim.rs"));
}

/// Every pile from 21 counters down, solved.
pub static SOLVED: Solved<Pile> = Solved::new(&table::PILE);

/// Every Nim position of four piles of up to 31 counters (1,048,576), solved.
pub static NIM: Solved<Nim> = Solved::new(&table::NIM);
