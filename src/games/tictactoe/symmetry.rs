//! The eight symmetries of the board: four rotations, each with or without a mirror.

use core::fmt;

use super::position::Position;
use super::rules::{Board, Player};

/// One of the 8 rotations and reflections of the square board.
///
/// Every symmetry maps reachable boards to reachable boards with the same outcome and
/// plies left, and optimal moves to optimal moves. It prints as its name in words:
/// `identity`, `rotate 90`, `rotate 180`, `rotate 270`, `flip horizontal`,
/// `flip vertical`, `transpose`, `anti-transpose`.
///
/// A move found on a board's canonical form maps back to the board itself through the
/// inverse of the symmetry that made the canonical form:
///
/// ```
/// use perfect_play::games::tictactoe::{Board, Symmetry};
///
/// let board: Board = "..x/.o./...".parse()?;
/// let (canonical, symmetry) = board.canonical_with_symmetry();
/// assert_eq!(canonical, "x../.o./...".parse()?);
/// assert_eq!(symmetry, Symmetry::Rotate270);
/// assert_eq!(symmetry.to_string(), "rotate 270");
///
/// // A move on the canonical board, say its cell 8, is this cell on the board itself:
/// assert_eq!(symmetry.inverse().cell(8), 6);
/// # Ok::<(), perfect_play::games::ParseError>(())
/// ```
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

/// The symmetry in words: `rotate 90`, `flip horizontal`, ... (see [`Symmetry`]).
impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate 90",
            Symmetry::Rotate180 => "rotate 180",
            Symmetry::Rotate270 => "rotate 270",
            Symmetry::FlipHorizontal => "flip horizontal",
            Symmetry::FlipVertical => "flip vertical",
            Symmetry::Transpose => "transpose",
            Symmetry::AntiTranspose => "anti-transpose",
        })
    }
}

impl Board {
    /// The board as the symmetry moves it.
    #[must_use]
    pub fn transform(self, symmetry: Symmetry) -> Board {
        let x = symmetry.mask(self.mask(Player::X));
        let o = symmetry.mask(self.mask(Player::O));
        match Board::from_masks(x, o) {
            Some(board) => board,
            None => self,
        }
    }

    /// The canonical form of the board under the 8 symmetries: the image with the smallest
    /// [`Board::code`]. Boards that are rotations or reflections of each other share it.
    #[must_use]
    pub fn canonical(self) -> Board {
        self.canonical_with_symmetry().0
    }

    /// The canonical form ([`Board::canonical`]) together with the symmetry that makes
    /// it: `self.transform(symmetry) == canonical`.
    ///
    /// When several symmetries give the canonical form (a symmetric board), the first in
    /// [`Symmetry::ALL`] is returned, so the empty board gives [`Symmetry::Identity`]. A
    /// cell of the canonical board maps back with `symmetry.inverse().cell(..)`.
    #[must_use]
    pub fn canonical_with_symmetry(self) -> (Board, Symmetry) {
        let mut best = (self, Symmetry::Identity);
        for symmetry in Symmetry::ALL {
            let image = self.transform(symmetry);
            if image.code() < best.0.code() {
                best = (image, symmetry);
            }
        }
        best
    }
}

impl Position {
    /// The position of the board as the symmetry moves it: the same outcome and plies,
    /// the optimal moves moved with it. No lookup needed.
    #[must_use]
    pub fn transform(self, symmetry: Symmetry) -> Position {
        let entry = self
            .entry()
            .with_best_moves(symmetry.mask(self.best_moves().mask()));
        Position::from_parts(self.board().transform(symmetry), entry)
    }

    /// The position of the board's canonical form ([`Board::canonical`]).
    #[must_use]
    pub fn canonical(self) -> Position {
        self.canonical_with_symmetry().0
    }

    /// The position of the board's canonical form, with the symmetry that makes it (see
    /// [`Board::canonical_with_symmetry`]).
    #[must_use]
    pub fn canonical_with_symmetry(self) -> (Position, Symmetry) {
        let symmetry = self.board().canonical_with_symmetry().1;
        (self.transform(symmetry), symmetry)
    }
}
