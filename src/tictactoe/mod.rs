//! Tic-tac-toe, solved at compile time.
//!
//! `build.rs` walks every board legal play reaches from the empty board (5,478), solves
//! each by minimax and stores the answers in a perfect-hash table. Here, every question is
//! one lookup in it.
//!
//! Where things live:
//! - `rules.rs`: the board and the rules (shared with `build.rs`);
//! - `entry.rs`: how one answer is packed into the table (shared with `build.rs`);
//! - `solve.rs`: the minimax `build.rs` runs (not part of the library);
//! - `table.rs`: the generated table; `position.rs`: the answer to a lookup;
//! - `validity.rs`: why a board is unreachable or not finished; `text.rs`: parsing and
//!   printing; `symmetry.rs`: rotations and reflections; `cells.rs`: sets of cells.

mod cells;
mod entry;
mod position;
mod rules;
mod symmetry;
mod table;
mod text;
mod validity;

pub use cells::CellSet;
pub use position::{IllegalMove, Position};
pub use rules::{Board, Outcome, Player};
pub use symmetry::Symmetry;
pub use text::ParseBoardError;
#[cfg(feature = "cli")]
pub(crate) use text::parse_row;
pub use validity::{NotFinished, Unreachable};

/// The bytes the solved table takes in a binary that links it: the `phf::Map` and the
/// arrays it points to. `tests/static_size.rs` pins this figure.
#[must_use]
pub fn table_size() -> usize {
    table::static_size()
}
