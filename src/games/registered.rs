//! What a game's file declares to be in the catalogue, beside its rules: the sizes
//! compiled into the build, how each is written, and the sizes that have a name of their
//! own (`hexapawn`, `connect4-6x4`). Every game is a [`Family`]; a game of one size is a
//! family without parameters (`tictactoe`).
//!
//! Shared with `build.rs` through `#[path]` (which solves the compiled sizes and names
//! their tables with [`canonical_name`]): `core` only.

use core::fmt;

use perfect_play_core::family::{Args, Family};

/// How `build.rs` writes a compiled size's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A `phf` map in Rust source (games of some thousands of positions), of the family's
    /// default size.
    Phf,
    /// The same, each entry keeping the optimal moves from its position as a mask of cells
    /// (what tic-tac-toe's `Board::lookup` answers from).
    PhfBestCells,
    /// A table file (`docs/table-format.md`, the bytes `perfect-play solve` writes)
    /// embedded with `include_bytes!`: games of more than some tens of thousands of
    /// positions, where Rust source stops being practical.
    Packed,
}

/// A size compiled into the build: its table's name, the file `build.rs` writes it to, its
/// parameters and its layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compiled {
    /// The table's name, a static of `perfect_play::games`: `MNK_3_3_3`.
    pub table: &'static str,
    /// The stem of its files in `OUT_DIR`: `mnk_3_3_3` (`.rs`, and `.table` when packed).
    pub file: &'static str,
    /// The size's parameters in the naming syntax (`m=3,n=3,k=3`; empty for a game
    /// without parameters).
    pub size: &'static str,
    /// How it is written.
    pub layout: Layout,
}

/// A game of the catalogue (`src/games/list.rs` names its module): what its file declares
/// beside its rules. Every item has a default, so a family of no compiled size and no name
/// of its own is `impl Registered for Othello {}`.
pub trait Registered: Family + fmt::Debug + Send + Sync + 'static {
    /// The sizes compiled into the build; any other is solved on first use.
    const COMPILED: &'static [Compiled] = &[];

    /// Sizes called by a name of their own, each with its parameters: `("hexapawn",
    /// "rows=3,columns=3")`. The name is the size's canonical name: what every surface
    /// prints and its table files carry.
    const NAMED: &'static [(&'static str, &'static str)] = &[];

    /// The sizes answered from a table file alone (`perfect-play solve` writes it,
    /// `--table` reads it), each as its parameters: too large to compile in or to solve on
    /// first use (Dōbutsu shōgi's 246.8 million positions). Opening one without its file
    /// says so at once, where a first use would walk until the family's position limit.
    const FILE_ONLY: &'static [&'static str] = &[];

    /// Writes the parameters (as the text after a family's colon:
    /// `rows=4,columns=6,x_in_row=4`) of a size named by a pattern rather than in
    /// [`Registered::NAMED`], Connect Four's `connect4-6x4`, in any case; `false` when `name`
    /// is not of the pattern. The values are checked as any others.
    ///
    /// # Errors
    /// Only what `out` returns.
    fn parse_name(name: &str, out: &mut dyn fmt::Write) -> Result<bool, fmt::Error> {
        let _ = (name, out);
        Ok(false)
    }

    /// Writes the pattern's name of the size at `args`, if it has one (`false` if not):
    /// the inverse of [`Registered::parse_name`].
    ///
    /// # Errors
    /// Only what `out` returns.
    fn write_name(args: &Args, out: &mut dyn fmt::Write) -> Result<bool, fmt::Error> {
        let _ = (args, out);
        Ok(false)
    }
}

/// Writes the canonical name of `G` at `args`: its name in [`Registered::NAMED`], else the
/// pattern's ([`Registered::write_name`]), else the family's name and every parameter
/// named (`mnk:m=4,n=4,k=3`; a game without parameters is its family's name alone).
///
/// # Errors
/// Only what `out` returns.
pub fn canonical_name<G: Registered>(args: &Args, out: &mut dyn fmt::Write) -> fmt::Result {
    if let Some(name) = named_at::<G>(args) {
        return out.write_str(name);
    }
    if G::write_name(args, out)? {
        return Ok(());
    }
    let size = perfect_play_core::family::Size {
        family: G::FAMILY,
        params: G::PARAMS,
        args: *args,
    };
    write!(out, "{size}")
}

/// The name in [`Registered::NAMED`] of `G` at `args`, if it has one.
fn named_at<G: Registered>(args: &Args) -> Option<&'static str> {
    G::NAMED
        .iter()
        .find(|(_, size)| Args::parse(G::PARAMS, size).as_ref() == Ok(args))
        .map(|&(name, _)| name)
}
