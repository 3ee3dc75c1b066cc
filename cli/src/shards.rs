//! How the ranks of an MPI solve share a tier (`solve_mpi`, feature `mpi`), apart from
//! MPI itself so that it is tested by a plain `cargo test`: the ranks' key bounds from
//! weighted samples, the rank that owns a key, sorted runs merged without repeats, and the
//! manifest that ties a tier's segments together.

use std::fmt::Write as _;

/// Where each of `counts`' parts starts.
pub(crate) fn displacements(counts: &[i32]) -> Vec<i32> {
    let mut at = 0;
    counts
        .iter()
        .map(|&c| {
            let d = at;
            at += c;
            d
        })
        .collect()
}

/// The sorted runs of `keys` (`counts[r]` from each rank in turn, each sorted without
/// repeats) merged into one sorted run without repeats, pairwise.
pub(crate) fn merge_runs(keys: Vec<u64>, counts: &[usize]) -> Vec<u64> {
    if counts.iter().filter(|&&c| c > 0).count() <= 1 {
        return keys;
    }
    let mut runs: Vec<Vec<u64>> = Vec::with_capacity(counts.len());
    let mut at = 0;
    for &c in counts.iter().filter(|&&c| c > 0) {
        runs.push(keys.get(at..at + c).unwrap_or(&[]).to_vec());
        at += c;
    }
    drop(keys);
    while runs.len() > 1 {
        let mut next = Vec::with_capacity(runs.len().div_ceil(2));
        let mut pairs = runs.into_iter();
        while let Some(a) = pairs.next() {
            next.push(match pairs.next() {
                Some(b) => merge_two(&a, &b),
                None => a,
            });
        }
        runs = next;
    }
    runs.pop().unwrap_or_default()
}

/// Two sorted runs without repeats merged into one, a key in both kept once.
fn merge_two(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while let (Some(&x), Some(&y)) = (a.get(i), b.get(j)) {
        out.push(x.min(y));
        i += usize::from(x <= y);
        j += usize::from(y <= x);
    }
    out.extend_from_slice(a.get(i..).unwrap_or(&[]));
    out.extend_from_slice(b.get(j..).unwrap_or(&[]));
    out
}

/// The lower bounds of keys of `parts` even shares, the ranks' ranges of a tier (the first
/// 0): `samples` holds `each` keys from each rank in turn (`u64::MAX` where it had none),
/// each standing for `weights[rank] / each` keys; share `r`'s bound is the first sample
/// past `r / parts` of the weight (`u64::MAX`, an empty share, where there is none).
pub(crate) fn weighted_bounds(
    samples: &[u64],
    each: usize,
    weights: &[u64],
    parts: usize,
) -> Vec<u64> {
    let mut weighted: Vec<(u64, u128)> = samples
        .chunks(each.max(1))
        .zip(weights)
        .flat_map(|(keys, &w)| keys.iter().map(move |&k| (k, u128::from(w))))
        .filter(|&(k, _)| k != u64::MAX)
        .collect();
    weighted.sort_unstable();
    let total: u128 = weighted.iter().map(|&(_, w)| w).sum();
    let mut bounds = vec![0u64; parts];
    let mut seen = 0u128;
    let mut next = 1;
    for &(key, w) in &weighted {
        // Share `next` starts at the first sample whose weight lies past its share.
        while next < parts && seen * parts as u128 >= total * next as u128 {
            if let Some(b) = bounds.get_mut(next) {
                *b = key;
            }
            next += 1;
        }
        seen += w;
    }
    for b in bounds.iter_mut().skip(next) {
        *b = u64::MAX;
    }
    bounds
}

/// The rank that owns `key` in a tier whose ranks' lower bounds are `bounds` (rank 0's
/// is 0): the last rank whose bound is at most the key.
pub(crate) fn owner(bounds: &[u64], key: u64) -> usize {
    bounds
        .get(1..)
        .map_or(0, |rest| rest.partition_point(|&b| b <= key))
}

/// How many of `sorted` keys each rank owns (they are sorted, so each rank's are one run).
pub(crate) fn runs(bounds: &[u64], sorted: &[u64], ranks: usize) -> Vec<usize> {
    let mut counts = vec![0usize; ranks];
    for &key in sorted {
        if let Some(c) = counts.get_mut(owner(bounds, key)) {
            *c += 1;
        }
    }
    counts
}

/// A tier's manifest: every rank's key bounds, segment length and CRC-32.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Manifest {
    /// Every rank's lower bound of keys in the tier.
    pub(crate) bounds: Vec<u64>,
    /// Per rank: positions, bytes, CRC-32 of the segment.
    pub(crate) segments: Vec<(u64, u64, u32)>,
}

impl Manifest {
    pub(crate) fn text(&self) -> String {
        let mut text = String::new();
        let bounds: Vec<String> = self.bounds.iter().map(u64::to_string).collect();
        let _ = writeln!(text, "bounds {}", bounds.join(" "));
        for (rank, (positions, bytes, crc)) in self.segments.iter().enumerate() {
            let _ = writeln!(
                text,
                "rank {rank} positions {positions} bytes {bytes} crc32 {crc:08x}"
            );
        }
        text
    }

    pub(crate) fn parse(text: &str) -> Option<Manifest> {
        let mut lines = text.lines();
        let bounds = lines
            .next()?
            .strip_prefix("bounds ")?
            .split(' ')
            .map(|b| b.parse().ok())
            .collect::<Option<Vec<u64>>>()?;
        let segments = lines
            .enumerate()
            .map(|(rank, line)| {
                let words: Vec<&str> = line.split(' ').collect();
                match words.as_slice() {
                    ["rank", r, "positions", n, "bytes", b, "crc32", c]
                        if r.parse::<usize>().ok()? == rank =>
                    {
                        Some((
                            n.parse().ok()?,
                            b.parse().ok()?,
                            u32::from_str_radix(c, 16).ok()?,
                        ))
                    }
                    _ => None,
                }
            })
            .collect::<Option<Vec<_>>>()?;
        (bounds.len() == segments.len()).then_some(Manifest { bounds, segments })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples from each rank, as the MPI solve takes them.
    const SAMPLES: usize = 256;

    #[test]
    fn owners_follow_the_bounds() {
        let bounds = [0, 10, 20];
        assert_eq!(owner(&bounds, 0), 0);
        assert_eq!(owner(&bounds, 9), 0);
        assert_eq!(owner(&bounds, 10), 1);
        assert_eq!(owner(&bounds, 25), 2);
        // Tier 0: rank 0 owns every key.
        assert_eq!(owner(&[0, u64::MAX, u64::MAX], 12345), 0);
        assert_eq!(runs(&bounds, &[1, 2, 11, 30], 3), [2, 1, 1]);
    }

    #[test]
    fn bounds_weigh_each_ranks_samples_by_its_children() {
        // Rank 0 made three times the children of rank 1: its samples weigh three times
        // as much, so rank 1's range starts two thirds of the way into rank 0's samples.
        let mut samples: Vec<u64> = (0..SAMPLES as u64).collect();
        samples.extend((0..SAMPLES as u64).map(|k| 1000 + k));
        let bounds = weighted_bounds(&samples, SAMPLES, &[300, 100], 2);
        let half = (SAMPLES * 4).div_ceil(2 * 3) as u64; // 3 x n >= 4 x SAMPLES / 2
        assert_eq!(bounds, [0, half]);
        // Equal weights: the plain median.
        assert_eq!(weighted_bounds(&samples, SAMPLES, &[1, 1], 2), [0, 1000]);
        // No children anywhere: every later rank owns nothing.
        let none = vec![u64::MAX; SAMPLES * 3];
        assert_eq!(
            weighted_bounds(&none, SAMPLES, &[0, 0, 0], 3),
            [0, u64::MAX, u64::MAX]
        );
    }

    #[test]
    fn each_part_starts_where_the_parts_before_it_end() {
        assert_eq!(displacements(&[3, 0, 2, 1]), [0, 3, 3, 5]);
        assert_eq!(displacements(&[]), Vec::<i32>::new());
    }

    #[test]
    fn runs_merge_sorted_without_repeats() {
        let keys = vec![1, 4, 9, 2, 4, 10, 0, 9, 11];
        assert_eq!(merge_runs(keys, &[3, 0, 3, 3]), [0, 1, 2, 4, 9, 10, 11]);
        assert_eq!(merge_runs(vec![3, 5], &[0, 2]), [3, 5]);
        assert_eq!(merge_runs(Vec::new(), &[0, 0]), Vec::<u64>::new());
    }

    #[test]
    fn a_manifest_reads_back() {
        let manifest = Manifest {
            bounds: vec![0, 77],
            segments: vec![(3, 40, 0xdead_beef), (0, 8, 1)],
        };
        assert_eq!(Manifest::parse(&manifest.text()), Some(manifest));
        assert_eq!(
            Manifest::parse("bounds 0 1\nrank 1 positions 1 bytes 1 crc32 0\n"),
            None
        );
    }
}
