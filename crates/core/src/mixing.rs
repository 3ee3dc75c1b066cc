//! Undoing a key's mixing: a multiplication by an odd number is a bijection modulo any power
//! of two, and its inverse is this one's. The loopy solver mixes keys with it, and a game
//! may spread its keys with it (Dōbutsu shōgi's).

/// The inverse of odd `m` modulo 2^64, so also modulo any smaller power of two:
/// `m.wrapping_mul(odd_inverse(m)) == 1`. Newton's iteration, each step doubling the bits
/// that are right from the 3 of `m` itself (3, 6, 12, 24, 48, 96). An even `m` has no
/// inverse; what it gives is then meaningless.
///
/// ```
/// use perfect_play_core::odd_inverse;
///
/// let m: u64 = 0xff51_afd7_ed55_8ccd;
/// assert_eq!(m.wrapping_mul(odd_inverse(m)), 1);
/// assert_eq!(12345u64.wrapping_mul(m).wrapping_mul(odd_inverse(m)), 12345);
/// ```
#[must_use]
pub const fn odd_inverse(m: u64) -> u64 {
    let mut x = m;
    let mut step = 0;
    while step < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(m.wrapping_mul(x)));
        step += 1;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::odd_inverse;

    /// Every odd number below 2^16 and a seeded sample of the rest: the product is 1.
    #[test]
    fn an_odd_number_times_its_inverse_is_one() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let sample = (0..100_000).map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x | 1
        });
        for m in (1..1u64 << 16).step_by(2).chain(sample).chain([u64::MAX]) {
            assert_eq!(m.wrapping_mul(odd_inverse(m)), 1, "{m}");
        }
    }
}
