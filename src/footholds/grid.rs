//! The validated board: which cells have a tile.

use super::bits::{Cells, bit, coords, index};
use super::error::FootholdsError;

/// A board of 1 to 8 rows and 1 to 8 columns, each cell with or without a tile.
///
/// Built only by [`Grid::new`], so every `Grid` is one the solver takes. Inside, the tiles
/// are one `u64` bitboard.
///
/// ```
/// use perfect_play::footholds::Grid;
///
/// let grid = Grid::new(&[[1, 1, 1], [1, 0, 1]])?;
/// assert_eq!((grid.rows(), grid.cols()), (2, 3));
/// assert!(grid.has_tile(0, 1));
/// assert!(!grid.has_tile(1, 1));
/// # Ok::<(), perfect_play::footholds::FootholdsError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: u8,
    cols: u8,
    tiles: u64,
}

impl Grid {
    /// The most rows, and the most columns, a grid may have: the tiles fit one `u64`.
    pub const MAX_SIDE: usize = 8;

    /// Checks and stores a grid given row by row, each cell `0` (no tile) or `1` (tile).
    ///
    /// The checks run in this order, and the first that fails is reported: at least one
    /// row and one column ([`FootholdsError::Empty`]); at most [`Grid::MAX_SIDE`] rows and
    /// columns, counted on the first row ([`FootholdsError::TooLarge`]); then row by row,
    /// the row's length ([`FootholdsError::Ragged`]) and its cells
    /// ([`FootholdsError::BadCell`]).
    pub fn new<R: AsRef<[u8]>>(rows: &[R]) -> Result<Grid, FootholdsError> {
        let cols = rows.first().map_or(0, |row| row.as_ref().len());
        if cols == 0 {
            return Err(FootholdsError::Empty);
        }
        if rows.len() > Grid::MAX_SIDE || cols > Grid::MAX_SIDE {
            return Err(FootholdsError::TooLarge {
                rows: rows.len(),
                cols,
                max: Grid::MAX_SIDE,
            });
        }
        let mut tiles = 0;
        for (row, cells) in rows.iter().enumerate() {
            let cells = cells.as_ref();
            if cells.len() != cols {
                return Err(FootholdsError::Ragged {
                    row,
                    len: cells.len(),
                    expected: cols,
                });
            }
            for (col, &value) in cells.iter().enumerate() {
                match value {
                    0 => {}
                    1 => tiles |= bit(index(row, col)),
                    _ => return Err(FootholdsError::BadCell { row, col, value }),
                }
            }
        }
        Ok(Grid {
            // Both are at most MAX_SIDE (8), checked above.
            rows: rows.len() as u8,
            cols: cols as u8,
            tiles,
        })
    }

    /// How many rows the grid has (1 to 8).
    #[must_use]
    pub const fn rows(&self) -> usize {
        self.rows as usize
    }

    /// How many columns the grid has (1 to 8).
    #[must_use]
    pub const fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Whether cell `(row, col)` has a tile; `false` off the grid.
    #[must_use]
    pub const fn has_tile(&self, row: usize, col: usize) -> bool {
        self.contains(row, col) && self.tiles & bit(index(row, col)) != 0
    }

    /// How many cells have a tile.
    #[must_use]
    pub const fn tile_count(&self) -> u32 {
        self.tiles.count_ones()
    }

    /// The same grid with the tile at `(row, col)` taken away (unchanged if there is none
    /// there, or the cell is off the grid): the board after a player steps off that cell.
    #[must_use]
    pub const fn without_tile(&self, row: usize, col: usize) -> Grid {
        if !self.contains(row, col) {
            return *self;
        }
        Grid {
            tiles: self.tiles & !bit(index(row, col)),
            ..*self
        }
    }

    /// The cells with a tile, `(row, col)`, in row-major order.
    pub fn tiles_iter(&self) -> impl Iterator<Item = (usize, usize)> {
        Cells(self.tiles).map(coords)
    }

    /// Whether `(row, col)` lies on the grid.
    pub(crate) const fn contains(&self, row: usize, col: usize) -> bool {
        row < self.rows() && col < self.cols()
    }

    /// The tiles as a bitboard (see `bits.rs` for the layout).
    pub(crate) const fn tiles(&self) -> u64 {
        self.tiles
    }
}
