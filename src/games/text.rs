//! The text code every family writes alike, written once: the items of `Debug` and
//! `FromStr` (`family_text!`), and of `Notation` for a board of cells kept in a `Grid`
//! (`grid_board!`), for a `Grid` and a side to move (`sided_grid!`), for a move that is one
//! numbered cell (`cell_moves!`) and for one from a cell to another (`from_to_moves!`).
//! Macros, as the items are trait items of each game's own type.
//!
//! Shared with `build.rs` through `#[path]`: `core` only.

/// `Debug` (the size and the position: what a solver's error names, `mnk:m=3,n=3,k=3
/// x../.../...`) and `FromStr` (a position at the family's default size; `parse_at` reads
/// one at another) for the family's position type `$game`.
macro_rules! family_text {
    ($game:ty) => {
        impl core::fmt::Debug for $game {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                let size = perfect_play_core::family::Family::sized(self);
                write!(f, "{size} {self}")
            }
        }

        impl core::str::FromStr for $game {
            type Err = perfect_play_core::notation::ParseError;

            fn from_str(text: &str) -> Result<$game, Self::Err> {
                let start = <$game as perfect_play_core::Game>::start();
                perfect_play_core::notation::Notation::parse_at(&start, text)
            }
        }
    };
}

/// Inside `impl Notation`: the board's columns, rows and pieces, those of the `Grid` at
/// `self.$field`.
macro_rules! grid_board {
    ($field:tt) => {
        fn width(&self) -> usize {
            usize::from(self.$field.width)
        }

        fn height(&self) -> usize {
            usize::from(self.$field.height)
        }

        fn piece(&self, cell: u8) -> Option<perfect_play_core::notation::Side> {
            self.$field.get(usize::from(cell))
        }
    };
}

/// Inside `impl Notation` of a game whose move (a `u8`) marks one cell, numbered from 1 at
/// the top left, row by row: its shape and how it is written, and with `$most` how it is
/// read too (cells up to `$most`).
macro_rules! cell_moves {
    () => {
        fn move_shape(&self, cell: u8) -> perfect_play_core::MoveShape {
            perfect_play_core::MoveShape::Place {
                cell: u16::from(cell),
            }
        }

        fn write_move(cell: u8, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
            write!(out, "{}", u16::from(cell) + 1)
        }
    };
    ($most:expr) => {
        cell_moves!();

        fn parse_move(text: &str) -> Result<u8, perfect_play_core::notation::ParseError> {
            let cell = perfect_play_core::notation::parse_number(text, $most, Self::MOVE_HELP)?;
            Ok(u8::try_from(cell).unwrap_or(u8::MAX))
        }
    };
}

/// Inside `impl Notation` of a position that is a `Grid` (field `grid`) and whether the
/// second side is to move (field `second`), written as the grid's rows and, after a space,
/// the side to move, spelt as the `SPELLING` in scope says: the side to move, the board's
/// size and pieces, and how a position is read at this size.
macro_rules! sided_grid {
    () => {
        fn to_move(&self) -> perfect_play_core::notation::Side {
            perfect_play_core::notation::Side::second_if(self.second)
        }

        grid_board!(grid);

        /// Reads the rows at this position's size and the side to move.
        fn parse_at(&self, text: &str) -> Result<Self, perfect_play_core::notation::ParseError> {
            let (grid, side) = self.grid.parse_with_side(text, &SPELLING)?;
            let second = side == perfect_play_core::notation::Side::Second;
            Ok(Self { grid, second })
        }
    };
}

/// Inside `impl Notation` of a game whose move (a `(u8, u8)`) takes a piece from one cell
/// to another, numbered from 1 at the top left (`FROM-TO`): its shape, how it is written,
/// and how it is read (cells up to `$most`).
macro_rules! from_to_moves {
    ($most:expr) => {
        fn move_shape(&self, (from, to): (u8, u8)) -> perfect_play_core::MoveShape {
            super::grid::from_to(from, Some(to))
        }

        fn write_move((from, to): (u8, u8), out: &mut dyn core::fmt::Write) -> core::fmt::Result {
            super::grid::write_from_to(from, to, out)
        }

        fn parse_move(text: &str) -> Result<(u8, u8), perfect_play_core::notation::ParseError> {
            super::grid::parse_from_to(text, $most, Self::MOVE_HELP)
        }
    };
}
