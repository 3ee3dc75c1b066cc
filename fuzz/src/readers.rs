//! The binary's line reader and format readers, compiled from `src/cli/` exactly as the
//! binary compiles them, under a module that mirrors the one sibling they name.
#![allow(dead_code, unreachable_pub)]

#[path = "../../src/cli/input.rs"]
pub mod input;

#[path = "../../src/cli/formats.rs"]
pub mod formats;

/// The one item of `src/cli/output.rs` the readers name.
pub mod output {
    /// Writing the answers failed (never, here: the sink records in memory).
    #[derive(Debug)]
    pub struct OutputError(pub std::io::Error);
}
