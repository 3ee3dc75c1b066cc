//! What a board looks like and what a move does on it, as data: each game declares them
//! ([`Notation::geometry`](crate::Notation::geometry),
//! [`Notation::move_shape`](crate::Notation::move_shape)) so that no surface guesses a
//! move's meaning from its text, and a board is drawn from its geometry alone.
//!
//! Cells are numbered row-major from the top left, from 0, on every geometry with cells;
//! a move's cells use the same numbers.

/// The board of a game, as a drawing needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Geometry {
    /// A grid of `width` columns and `height` rows of square cells.
    Rectangle {
        /// Columns.
        width: u8,
        /// Rows.
        height: u8,
    },
    /// Hex's rhombus: `width` columns and `height` rows of hexagons, each row shifted half a
    /// cell right of the one above; a cell touches six: left, right, the two above (same
    /// column and one right) and the two below (same column and one left).
    HexRhombus {
        /// Columns.
        width: u8,
        /// Rows.
        height: u8,
    },
    /// Piles of counters (Nim): [`Notation::count`](crate::Notation::count) gives each
    /// pile's size.
    Piles {
        /// How many piles.
        piles: u8,
    },
    /// A sowing board: `pits` pits a side and a store each. Pits are numbered 0 to
    /// `2 * pits - 1`: the first side's from its left (the bottom row, left to right), then
    /// the second side's from its left (the top row, right to left); the first side's
    /// store is `2 * pits`, the second's `2 * pits + 1`. [`Notation::count`] gives the
    /// seeds in each.
    ///
    /// [`Notation::count`]: crate::Notation::count
    Pits {
        /// Pits a side.
        pits: u8,
    },
    /// Dots and Boxes: `rows` by `columns` boxes, so `(rows + 1) * (columns + 1)` dots
    /// numbered row-major from the top left; a move joins two neighbouring dots. The
    /// lines are numbered the horizontal ones first, row by row from the top and each row
    /// from the left (`(rows + 1) * columns` of them), then the vertical ones, row by row
    /// and each row from the left (`rows * (columns + 1)`): [`Notation::count`] gives 1
    /// for a line drawn and 0 for one not. A box's owner is the piece on its cell (the
    /// boxes are `columns` wide and `rows` high, row-major).
    ///
    /// [`Notation::count`]: crate::Notation::count
    Dots {
        /// Rows of boxes.
        rows: u8,
        /// Columns of boxes.
        columns: u8,
    },
}

/// What one move does, as data: the cells it names on the game's [`Geometry`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveShape {
    /// A disc dropped into a column (0 from the left); it falls to the lowest empty cell.
    Drop {
        /// The column.
        column: u8,
    },
    /// A piece put on an empty cell.
    Place {
        /// The cell.
        cell: u16,
    },
    /// A piece moved from one cell to another, or off the board (`to` is `None`); what
    /// stood on `to` is taken, if anything.
    FromTo {
        /// Where the piece stands.
        from: u16,
        /// Where it goes, or `None` off the board.
        to: Option<u16>,
    },
    /// A domino laid on two neighbouring empty cells.
    Domino {
        /// One cell (the top or left one).
        first: u16,
        /// The other.
        second: u16,
    },
    /// `count` counters taken from pile `pile` (0 first).
    Take {
        /// The pile.
        pile: u8,
        /// How many counters.
        count: u8,
    },
    /// A line drawn between two neighbouring dots.
    Edge {
        /// One dot (the top or left one).
        from: u16,
        /// The other.
        to: u16,
    },
    /// The seeds of a pit sown, one a pit, counterclockwise.
    Sow {
        /// The pit (numbered as [`Geometry::Pits`] says).
        pit: u8,
    },
    /// A piece of the mover's hand put on an empty cell (a shogi drop): `piece` is the
    /// [`Kind::letter`] of what it drops as the first side's would be written (`C`), one
    /// for either side, as the notation names a drop.
    FromHand {
        /// The kind dropped, by its letter.
        piece: &'static str,
        /// The cell.
        cell: u16,
    },
    /// No move on the board: the side to move passes.
    Pass,
}

impl MoveShape {
    /// `drop`, `place`, `from-to`, `domino`, `take`, `edge`, `sow`, `from-hand` or `pass`:
    /// the kind of move, as the JSON surfaces name it.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            MoveShape::Drop { .. } => "drop",
            MoveShape::Place { .. } => "place",
            MoveShape::FromTo { .. } => "from-to",
            MoveShape::Domino { .. } => "domino",
            MoveShape::Take { .. } => "take",
            MoveShape::Edge { .. } => "edge",
            MoveShape::Sow { .. } => "sow",
            MoveShape::FromHand { .. } => "from-hand",
            MoveShape::Pass => "pass",
        }
    }
}

impl Geometry {
    /// `rectangle`, `hex-rhombus`, `piles`, `pits` or `dots`: the kind of board, as the
    /// JSON surfaces name it.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Geometry::Rectangle { .. } => "rectangle",
            Geometry::HexRhombus { .. } => "hex-rhombus",
            Geometry::Piles { .. } => "piles",
            Geometry::Pits { .. } => "pits",
            Geometry::Dots { .. } => "dots",
        }
    }
}

/// A kind of piece, in a game whose pieces differ (Dōbutsu shōgi's lion, giraffe...), as
/// a drawing shows it: [`Notation::kind`](crate::Notation::kind) on a cell,
/// [`Notation::hand`](crate::Notation::hand) in a hand. A game whose pieces are all alike
/// has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kind {
    /// Its letter as the notation writes it for its owner (Dōbutsu shōgi's `L`, `+C` for
    /// a hen, the second side's `l`, `+c`).
    pub letter: &'static str,
    /// Its name: `lion`.
    pub name: &'static str,
    /// The (row, column) steps it can make, row down and column right positive, as its
    /// owner moves it on the board as drawn (the second side's turned around): what a
    /// drawing marks around it.
    pub steps: &'static [(i8, i8)],
}

/// A straight line of cells on a board of cells, one end to the other: the `k` in a row
/// that ended a game ([`Notation::winning_line`](crate::Notation::winning_line)). Its cells
/// are equally spaced along a row, a column or a diagonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// The cell at one end: the first of the line in row-major order.
    pub from: u16,
    /// The cell at the other end.
    pub to: u16,
    /// How many cells it has, both ends included (at least 1).
    pub length: u8,
    /// The board's columns, which the cells are numbered by.
    pub width: u8,
}

impl Line {
    /// The cell's row and column, from 0.
    const fn place(&self, cell: u16) -> (i32, i32) {
        let width = if self.width == 0 {
            1
        } else {
            self.width as u16
        };
        ((cell / width) as i32, (cell % width) as i32)
    }

    /// The rows and columns from one cell of the line to the next.
    #[must_use]
    pub const fn step(&self) -> (i32, i32) {
        let ((r0, c0), (r1, c1)) = (self.place(self.from), self.place(self.to));
        let gaps = if self.length > 1 {
            self.length as i32 - 1
        } else {
            1
        };
        ((r1 - r0) / gaps, (c1 - c0) / gaps)
    }

    /// The line's cells, row-major from 0, from [`Line::from`] to [`Line::to`].
    pub fn cells(&self) -> impl Iterator<Item = u16> + '_ {
        let ((row, column), (down, right)) = (self.place(self.from), self.step());
        (0..i32::from(self.length)).filter_map(move |i| {
            let (r, c) = (row + i * down, column + i * right);
            u16::try_from(r * i32::from(self.width) + c).ok()
        })
    }
}
