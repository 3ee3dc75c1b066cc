//! What the integration tests share: the one plain reference per game, and a seeded
//! generator. Each test crate compiles this module and uses part of it (the binary's
//! tests in `cli/tests` through `#[path]`).
#![allow(dead_code)]

pub mod footholds;
pub mod games;
pub mod tictactoe;

mod rng;
#[allow(unused_imports)] // not every test crate draws at random
pub use rng::Rng;
