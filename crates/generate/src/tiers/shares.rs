//! How the ranks of a solve share a tier, apart from any transport so that a plain
//! `cargo test` checks it: the ranks' key bounds from a sample of the children, the rank
//! that owns a key, sorted runs merged without repeats, and questions answered along an
//! owner's keys. One process is one rank that owns every key.

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

/// The lower bounds of keys of `parts` even shares of a tier, the ranks' ranges (the
/// first 0): from `sample`, every rank's keys of one sample of the tier's children (each
/// child in or out by its key alone, so a child that several ranks make is in every
/// rank's part or in none), sorted here with the repeats removed, so that the shares are
/// even in distinct positions, the work of the walk and the solve; share `r`'s bound is
/// the sample's `r / parts` point (`u64::MAX`, an empty share, where there is none).
/// Weighing each rank's own children instead counts a child made on two ranks twice, and
/// left rank 0 with 56 % of Connect Four 6x4's largest tier on 2 ranks.
pub(crate) fn distinct_bounds(mut sample: Vec<u64>, parts: usize) -> Vec<u64> {
    sample.sort_unstable();
    sample.dedup();
    (0..parts)
        .map(|r| match r {
            0 => 0,
            _ if sample.is_empty() => u64::MAX,
            _ => sample
                .get(r * sample.len() / parts)
                .copied()
                .unwrap_or(u64::MAX),
        })
        .collect()
}

/// Answers the questions `asked` (`counts[r]` from each rank in turn, each run sorted
/// without repeats) from `keys`, an owner's sorted keys: `answer(at, j)` for each question
/// `asked[at]` that is the `j`-th of `keys`. The runs are merged in key order (a heap over
/// them) and answered along one walk of `keys`: a step a key, where a search a question
/// costs a bucket's miss in memory.
pub(crate) fn answer_runs(
    asked: &[u64],
    counts: &[usize],
    keys: impl Iterator<Item = u64>,
    mut answer: impl FnMut(usize, usize),
) {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    debug_assert!(
        counts
            .iter()
            .scan(0, |start, &c| {
                let run = asked.get(*start..*start + c);
                *start += c;
                Some(run.is_some_and(|run| run.is_sorted_by(|a, b| a < b)))
            })
            .all(|sorted| sorted),
        "each rank's questions, sorted without repeats"
    );
    // Each run's next question: (key, where it is in `asked`, where its run ends).
    let mut heads = BinaryHeap::with_capacity(counts.len());
    let mut start = 0;
    for &c in counts {
        if let Some(&key) = asked.get(start).filter(|_| c > 0) {
            heads.push(Reverse((key, start, start + c)));
        }
        start += c;
    }
    let mut keys = keys.enumerate().peekable();
    while let Some(Reverse((key, at, end))) = heads.pop() {
        while keys.next_if(|&(_, k)| k < key).is_some() {}
        if let Some(&(j, _)) = keys.peek().filter(|&&(_, k)| k == key) {
            answer(at, j);
        }
        if let Some(&next) = asked.get(at + 1).filter(|_| at + 1 < end) {
            heads.push(Reverse((next, at + 1, end)));
        }
    }
}

/// How many of `sorted` keys each rank owns, the ranks' lower bounds of keys being
/// `bounds` (rank 0's is 0): a key is the last rank's whose bound is at most the key, and
/// as the keys are sorted, each rank's are one run, found by a search a rank.
pub(crate) fn runs(bounds: &[u64], sorted: &[u64], ranks: usize) -> Vec<usize> {
    let mut start = 0;
    let mut starts: Vec<usize> = (1..ranks)
        .map(|r| {
            let at = bounds
                .get(r)
                .map_or(sorted.len(), |&b| sorted.partition_point(|&k| k < b));
            start = start.max(at);
            start
        })
        .collect();
    starts.push(sorted.len());
    let mut from = 0;
    starts
        .into_iter()
        .map(|to| {
            let count = to - from;
            from = to;
            count
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rank that owns `key`, key by key: the last rank whose bound is at most the key.
    fn owner(bounds: &[u64], key: u64) -> usize {
        bounds
            .get(1..)
            .map_or(0, |rest| rest.partition_point(|&b| b <= key))
    }

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
        // Every run as `owner` counts it, key by key, at repeated bounds, empty ranks and
        // keys at the top.
        let keys: Vec<u64> = (0..200).map(|k| k * 7).chain([u64::MAX]).collect();
        for bounds in [
            vec![0],
            vec![0, 700],
            vec![0, 7, 9, 9],
            vec![0, 350, 350, 1_000, u64::MAX],
            vec![0, u64::MAX, u64::MAX],
        ] {
            let mut counted = vec![0; bounds.len()];
            for &key in &keys {
                counted[owner(&bounds, key)] += 1;
            }
            assert_eq!(runs(&bounds, &keys, bounds.len()), counted, "{bounds:?}");
        }
    }

    #[test]
    fn bounds_split_the_distinct_keys_evenly() {
        // Rank 0 made keys 0..300, rank 1 keys 200..400: 400 distinct positions, so each
        // of 2 ranks owns 200, however many copies of 200..300 the ranks made.
        let mut sample: Vec<u64> = (0..300).collect();
        sample.extend(200..400);
        assert_eq!(distinct_bounds(sample.clone(), 2), [0, 200]);
        assert_eq!(distinct_bounds(sample, 4), [0, 100, 200, 300]);
        // Fewer keys than ranks: some ranks own nothing, and the bounds still rise.
        assert_eq!(distinct_bounds(vec![7, 7, 9], 4), [0, 7, 9, 9]);
        // No children anywhere: every later rank owns nothing.
        assert_eq!(distinct_bounds(Vec::new(), 3), [0, u64::MAX, u64::MAX]);
    }

    #[test]
    fn questions_are_answered_along_the_owners_keys() {
        // Seeded runs of questions from 3 ranks, some keys asked by several, some the owner
        // does not have; the expectation: each question's place among the owner's keys, by
        // a plain search.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % 5_000
        };
        let mut owner: Vec<u64> = (0..2_000).map(|_| next()).collect();
        owner.sort_unstable();
        owner.dedup();
        let mut asked = Vec::new();
        let mut counts = Vec::new();
        for size in [700, 0, 1_300] {
            let mut run: Vec<u64> = (0..size).map(|_| next()).collect();
            run.sort_unstable();
            run.dedup();
            counts.push(run.len());
            asked.extend(run);
        }
        let mut got = vec![None; asked.len()];
        answer_runs(&asked, &counts, owner.iter().copied(), |at, j| {
            assert!(got[at].replace(j).is_none(), "question {at} answered twice");
        });
        let expected: Vec<Option<usize>> = asked
            .iter()
            .map(|key| owner.binary_search(key).ok())
            .collect();
        assert_eq!(got, expected);
        assert!(expected.iter().filter(|j| j.is_some()).count() > 500);
        assert!(expected.iter().filter(|j| j.is_none()).count() > 500);
    }

    #[test]
    fn questions_past_the_ends_and_empty_runs_are_answered_alike() {
        // Hand-made: empty first and last runs, a question above every key the owner
        // has, one below, the same key asked by two ranks, and an owner with no keys.
        let owner = [10, 20, 30];
        let asked = [5, 20, 99, 10, 20, 30];
        let counts = [0, 3, 3, 0];
        let mut got = vec![None; asked.len()];
        answer_runs(&asked, &counts, owner.iter().copied(), |at, j| {
            got[at] = Some(j)
        });
        assert_eq!(got, [None, Some(1), None, Some(0), Some(1), Some(2)]);
        let mut none = vec![None; asked.len()];
        answer_runs(&asked, &counts, std::iter::empty(), |at, j| {
            none[at] = Some(j)
        });
        assert_eq!(none, [None; 6]);
        answer_runs(&[], &[0, 0], owner.iter().copied(), |_, _| {
            panic!("no question, no answer")
        });
    }

    #[test]
    fn runs_merge_sorted_without_repeats() {
        let keys = vec![1, 4, 9, 2, 4, 10, 0, 9, 11];
        assert_eq!(merge_runs(keys, &[3, 0, 3, 3]), [0, 1, 2, 4, 9, 10, 11]);
        assert_eq!(merge_runs(vec![3, 5], &[0, 2]), [3, 5]);
        assert_eq!(merge_runs(Vec::new(), &[0, 0]), Vec::<u64>::new());
    }
}
