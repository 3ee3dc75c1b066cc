//! Sets of cells as `u64` bitboards: cell `(row, col)` is bit `row * 8 + col`, whatever
//! the grid's width, so a neighbour is always one shift away.

/// Every cell of column 0.
const COL0: u64 = 0x0101_0101_0101_0101;
/// Every cell of column 7.
const COL7: u64 = COL0 << 7;
/// The cells of the light squares of a chessboard colouring: `(row + col)` even. A step
/// always changes colour, which bounds how long a path can be.
pub(crate) const EVEN: u64 = 0xAA55_AA55_AA55_AA55;

/// The bit of the cell with index `cell` (`0..64`).
#[inline]
pub(crate) const fn bit(cell: u8) -> u64 {
    1u64 << (cell & 63)
}

/// The index of cell `(row, col)`; callers check `row, col < 8`.
#[inline]
pub(crate) const fn index(row: usize, col: usize) -> u8 {
    ((row & 7) * 8 + (col & 7)) as u8
}

/// The `(row, col)` of the cell with index `cell`.
#[inline]
pub(crate) const fn coords(cell: u8) -> (usize, usize) {
    ((cell / 8 % 8) as usize, (cell % 8) as usize)
}

/// The cells orthogonally next to any cell of `cells` (the cells themselves only when
/// they are next to one another).
#[inline]
pub(crate) const fn spread(cells: u64) -> u64 {
    (cells << 8) | (cells >> 8) | ((cells << 1) & !COL0) | ((cells >> 1) & !COL7)
}

/// The cells of the 3x3 square centred on `cell` that lie on the board, `cell` included.
#[inline]
pub(crate) const fn around(cell: u8) -> u64 {
    let centre = bit(cell);
    let row = centre | ((centre << 1) & !COL0) | ((centre >> 1) & !COL7);
    row | (row << 8) | (row >> 8)
}

/// The cells of `set` connected to `seed` through orthogonal steps within `set`.
#[inline]
pub(crate) fn component(seed: u64, set: u64) -> u64 {
    let mut reached = seed & set;
    loop {
        let next = (reached | spread(reached)) & set;
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

/// Iterates over the indices of the cells of a set, lowest first: the crate's one bit-set
/// iterator, from `perfect-play-core`.
pub(crate) use perfect_play_core::Bits as Cells;
