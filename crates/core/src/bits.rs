//! The one iterator over the cells of a bit set: every game's boards are masks.

use core::iter::FusedIterator;

/// The indices of the set bits of a `u64`, lowest first: the cells of a board kept as a
/// mask (bit `i` is cell `i`).
///
/// ```
/// use perfect_play_core::Bits;
///
/// assert_eq!(Bits(0b1001_0001).collect::<Vec<u8>>(), [0, 4, 7]);
/// assert_eq!(Bits(0).next(), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let cell = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(cell)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for Bits {}
impl FusedIterator for Bits {}
