//! A set of cells, such as a board's optimal moves.

use core::fmt;

use perfect_play_core::Bits;

/// A set of cells (0..9, row-major from the top left), such as the optimal moves of a
/// position.
///
/// A small `Copy` value (a 9-bit mask). Iterate over it with `for cell in set` or
/// [`CellSet::iter`]: the cells come in increasing order. It prints as `{0, 4, 8}` with
/// `{}` and `{:?}` alike (`{}` when empty).
///
/// ```
/// use perfect_play::games::tictactoe::CellSet;
///
/// let diagonal: CellSet = [8, 0, 4].into_iter().collect();
/// assert_eq!(diagonal.to_string(), "{0, 4, 8}");
/// assert_eq!(diagonal.iter().collect::<Vec<u8>>(), [0, 4, 8]);
/// assert_eq!(diagonal.first(), Some(0));
/// assert!(diagonal.contains(4) && !diagonal.contains(9));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet(u16);

impl CellSet {
    /// The set with no cells.
    pub const EMPTY: CellSet = CellSet(0);

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

    /// The lowest-numbered cell in the set, or `None` if it is empty.
    #[must_use]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8)
        }
    }

    /// The cells in increasing order.
    #[must_use]
    pub const fn iter(self) -> CellSetIter {
        Bits(self.0 as u64)
    }
}

impl IntoIterator for CellSet {
    type Item = u8;
    type IntoIter = CellSetIter;

    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

/// The set of the cells `0..9` among the items; other numbers are ignored.
impl FromIterator<u8> for CellSet {
    fn from_iter<I: IntoIterator<Item = u8>>(cells: I) -> CellSet {
        let mask = cells
            .into_iter()
            .filter(|&cell| cell < 9)
            .fold(0, |mask, cell| mask | 1 << cell);
        CellSet(mask)
    }
}

/// The cells of a [`CellSet`], in increasing order: from [`CellSet::iter`] or
/// `for cell in set`. The games' one bit-set iterator ([`Bits`]).
pub type CellSetIter = Bits;

/// `{0, 4, 8}`: the cells in increasing order, or `{}` for the empty set.
impl fmt::Display for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (index, cell) in self.iter().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{cell}")?;
        }
        f.write_str("}")
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
