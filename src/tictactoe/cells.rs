//! A set of cells, such as a board's optimal moves.

use core::fmt;

/// A set of cells (0..9, row-major), such as the optimal moves of a position.
///
/// Iterating yields the cells in increasing order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet(u16);

impl CellSet {
    /// The set of the cells whose bits are set in `mask` (bit `i` is cell `i`; bits above
    /// 8 are ignored).
    #[must_use]
    pub const fn from_mask(mask: u16) -> CellSet {
        CellSet(mask & 0x1ff)
    }

    /// The set as a bit mask: bit `i` is cell `i`.
    #[must_use]
    pub const fn mask(self) -> u16 {
        self.0
    }

    /// Whether `cell` is in the set.
    #[must_use]
    pub const fn contains(self, cell: u8) -> bool {
        cell < 9 && self.0 & (1 << cell) != 0
    }

    /// How many cells are in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl Iterator for CellSet {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let cell = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(cell)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // Not `self.len()`: on `&CellSet` that resolves to `ExactSizeIterator::len`, which
        // calls back here.
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for CellSet {}
impl core::iter::FusedIterator for CellSet {}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}
