//! The eight symmetries of the board: four rotations, each with or without a mirror.

use super::rules::Board;

/// One of the 8 rotations and reflections of the square board.
///
/// Every symmetry maps reachable boards to reachable boards with the same outcome and
/// plies left, and optimal moves to optimal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn counterclockwise.
    Rotate270,
    /// Mirrors left and right.
    FlipHorizontal,
    /// Mirrors top and bottom.
    FlipVertical,
    /// Mirrors in the diagonal from the top left to the bottom right.
    Transpose,
    /// Mirrors in the diagonal from the top right to the bottom left.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where the symmetry takes `cell` (0..9). Cells outside 0..9 stay where they are.
    #[must_use]
    pub const fn cell(self, cell: u8) -> u8 {
        if cell >= 9 {
            return cell;
        }
        let (row, col) = (cell / 3, cell % 3);
        let (row, col) = match self {
            Symmetry::Identity => (row, col),
            Symmetry::Rotate90 => (col, 2 - row),
            Symmetry::Rotate180 => (2 - row, 2 - col),
            Symmetry::Rotate270 => (2 - col, row),
            Symmetry::FlipHorizontal => (row, 2 - col),
            Symmetry::FlipVertical => (2 - row, col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (2 - col, 2 - row),
        };
        row * 3 + col
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// The image of a cell mask (bit `i` is cell `i`).
    #[must_use]
    pub const fn mask(self, mask: u16) -> u16 {
        let (mut image, mut cell) = (0, 0);
        while cell < 9 {
            if mask & (1 << cell) != 0 {
                image |= 1 << self.cell(cell);
            }
            cell += 1;
        }
        image
    }
}

impl Board {
    /// The board as the symmetry moves it.
    #[must_use]
    pub fn transform(self, symmetry: Symmetry) -> Board {
        let x = symmetry.mask(self.mask(super::Player::X));
        let o = symmetry.mask(self.mask(super::Player::O));
        match Board::from_masks(x, o) {
            Some(board) => board,
            None => self,
        }
    }

    /// The canonical form of the board under the 8 symmetries: the image with the smallest
    /// [`Board::code`]. Boards that are rotations or reflections of each other share it.
    #[must_use]
    pub fn canonical(self) -> Board {
        Symmetry::ALL
            .iter()
            .map(|&symmetry| self.transform(symmetry))
            .min_by_key(|image| image.code())
            .unwrap_or(self)
    }
}
