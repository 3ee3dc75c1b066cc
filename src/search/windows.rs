//! Which null windows a question probes, and what their answers prove: the score's
//! narrowing, MTD(f) (Plaat, Schaeffer, Pijls and de Bruin, 1996), kept apart from who
//! probes, so that one thread probes one window after another and several probe several
//! windows at once by the same rule.

use crate::Value;

/// Scores lie within this, either way.
pub(super) const SCORE_LIMIT: i32 = 64;

/// What a question wants to know of a position's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Question {
    /// The score itself.
    Exact,
    /// Only its sign: won, drawn or lost. Each probe is cheaper than the exact score's
    /// narrowing, and a win takes one.
    Sign,
}

/// What the probes answered so far proves of a position's score: it lies in
/// `min..=max`. A probe at `beta` asks whether the score is at least `beta` (a search
/// within `(beta - 1, beta)`); its answer, below `beta` or not, is a bound either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Known {
    /// The least score the position can have.
    pub(super) min: i32,
    /// The highest.
    pub(super) max: i32,
    /// The last answer, where the next probe starts (MTD(f)'s guess).
    guess: i32,
    /// Whether the last answer raised the least score (the narrowing is climbing), so
    /// that a second window is tried on that side first.
    rising: bool,
    /// Whether the next answer is expected to settle the score: the first probe above a
    /// floor from the book, which is most often the score itself. A second window would
    /// then be probed for nothing, and a second thread helps with the first instead.
    settling: bool,
}

impl Known {
    /// Nothing known yet but `floor`, a least score the book proved (`-SCORE_LIMIT` if
    /// none). A floor from the book is most often the score itself (the move that led here
    /// was the parent's best): the first probe asks whether it is exceeded; without one
    /// the first asks whether the score is at least 0, as hard positions' scores are
    /// mostly near 0 (halving the range, as Pons's solver does, searched 11 % more
    /// positions 8 to 12 plies into 7x6; benches/HISTORY.md 13d).
    pub(super) fn new(floor: i32) -> Self {
        Known {
            min: floor,
            max: SCORE_LIMIT,
            guess: if floor > -SCORE_LIMIT { floor } else { 0 },
            rising: true,
            settling: floor > -SCORE_LIMIT,
        }
    }

    /// A score known without a probe (a decided position's).
    pub(super) fn exactly(score: i32) -> Self {
        Known {
            min: score,
            max: score,
            guess: score,
            rising: true,
            settling: true,
        }
    }

    /// Learns the answer `score` of a probe at `beta`.
    pub(super) fn learn(&mut self, beta: i32, score: i32) {
        if score < beta {
            self.max = self.max.min(score);
            self.rising = false;
        } else {
            self.min = self.min.max(score);
            self.rising = true;
        }
        self.guess = score;
        self.settling = false;
    }

    /// Whether `question` is answered.
    pub(super) fn settled(&self, question: Question) -> bool {
        match question {
            Question::Exact => self.min >= self.max,
            Question::Sign => self.min >= 1 || self.max <= -1 || (self.min >= 0 && self.max <= 0),
        }
    }

    /// Whether a probe at `beta` would still tell something: its answer is not implied.
    pub(super) fn open(&self, beta: i32) -> bool {
        self.min < beta && beta <= self.max
    }

    /// The probes `question` wants next, most wanted first: the first is the one a lone
    /// thread probes; the others are what a second thread probes meanwhile (the windows
    /// the first one's answer will most likely ask next), none while the first is
    /// expected to settle the score. Only windows still [`Known::open`], none once
    /// settled.
    pub(super) fn wanted(&self, question: Question) -> impl Iterator<Item = i32> + '_ {
        // The first window, the side to try beside it first, how far to go: each next
        // one steps away from the first, that side first, then the other.
        let (first, step, last) = match question {
            // Is the score at least 1 (a win)? If not, at least 0?
            Question::Sign => (1, -1, 1),
            // Whether the score is beyond the last answer; then the windows beside it,
            // the side the narrowing is moving to first.
            Question::Exact => (
                self.guess.max(self.min + 1).min(self.max),
                if self.rising { 1 } else { -1 },
                if self.settling { 0 } else { 2 * SCORE_LIMIT },
            ),
        };
        let last = if self.settled(question) { -1 } else { last };
        (0..=last)
            .map(move |distance| {
                first + (distance + 1) / 2 * if distance % 2 == 1 { step } else { -step }
            })
            .filter(|&beta| self.open(beta))
    }

    /// The most wanted probe of [`Known::wanted`], if `question` is not settled.
    pub(super) fn next(&self, question: Question) -> Option<i32> {
        self.wanted(question).next()
    }

    /// The answer once settled: the score, for [`Question::Exact`].
    pub(super) fn score(&self) -> i32 {
        self.min
    }

    /// The answer once settled, for [`Question::Sign`].
    pub(super) fn value(&self) -> Value {
        if self.min >= 1 {
            Value::Win
        } else if self.max <= -1 {
            Value::Loss
        } else {
            Value::Draw
        }
    }
}

#[cfg(test)]
mod tests {
    //! The narrowing against a score the tests know: every answer a probe gives is the
    //! score (or a true bound of it), and the narrowing must end at the score.
    use super::*;
    use alloc::vec::Vec;

    /// The sequence a lone thread probes, answering each probe with `score` itself.
    fn alone(question: Question, floor: i32, score: i32) -> (Known, Vec<i32>) {
        let mut known = Known::new(floor);
        let mut probes = Vec::new();
        while let Some(beta) = known.next(question) {
            probes.push(beta);
            known.learn(beta, score);
            assert!(probes.len() <= 130, "the narrowing does not end");
        }
        (known, probes)
    }

    #[test]
    fn a_lone_thread_ends_at_the_score() {
        for score in -SCORE_LIMIT + 1..SCORE_LIMIT {
            let (known, probes) = alone(Question::Exact, -SCORE_LIMIT, score);
            assert_eq!(known.score(), score);
            // MTD(f) from 0 with exact answers: two probes for any score.
            assert!(probes.len() <= 2, "{score}: {probes:?}");
            let (known, _) = alone(Question::Sign, -SCORE_LIMIT, score);
            let value = match score.signum() {
                1 => Value::Win,
                -1 => Value::Loss,
                _ => Value::Draw,
            };
            assert_eq!(known.value(), value, "{score}");
        }
    }

    #[test]
    fn the_weakest_bounds_still_end_at_the_score() {
        // A fail-hard search answers a probe at `beta` with `beta` itself (at least) or
        // `beta - 1` (below): the least a bound can say. MTD(f) then steps one score at a
        // time from its first guess, 0: `|score| + 2` probes at most, for any score.
        for score in -SCORE_LIMIT + 1..SCORE_LIMIT {
            let mut known = Known::new(-SCORE_LIMIT);
            let mut probes = 0;
            while let Some(beta) = known.next(Question::Exact) {
                probes += 1;
                known.learn(beta, if score >= beta { beta } else { beta - 1 });
                assert!(probes <= score.abs() + 2, "{score}: {probes} probes");
            }
            assert_eq!(known.score(), score);
        }
    }

    #[test]
    fn a_floor_from_the_book_is_probed_alone() {
        // The floor is most often the score: one window, until an answer says otherwise.
        let mut known = Known::new(3);
        assert_eq!(known.wanted(Question::Exact).collect::<Vec<_>>(), [4]);
        known.learn(4, 6);
        let wanted: Vec<_> = known.wanted(Question::Exact).take(3).collect();
        assert_eq!(wanted, [7, 8, 9], "6 is proved: not asked");
    }

    #[test]
    fn a_second_thread_takes_the_window_beside() {
        let known = Known::new(-SCORE_LIMIT);
        let wanted: Vec<_> = known.wanted(Question::Exact).take(4).collect();
        assert_eq!(wanted, [0, 1, -1, 2]);
        let mut falling = known;
        falling.learn(0, -3);
        let wanted: Vec<_> = falling.wanted(Question::Exact).take(3).collect();
        // -2 is not open: the score is at most -3.
        assert_eq!(wanted, [-3, -4, -5]);
        // Only the windows still open: at most 0, at least 0 leaves none.
        let mut known = Known::new(-SCORE_LIMIT);
        known.learn(1, 0);
        known.learn(0, 0);
        assert!(known.settled(Question::Exact));
        assert_eq!(known.next(Question::Exact), None);
        let mut sign = Known::new(-SCORE_LIMIT);
        assert_eq!(sign.wanted(Question::Sign).collect::<Vec<_>>(), [1, 0]);
        sign.learn(1, -2);
        assert!(sign.settled(Question::Sign));
        assert_eq!(sign.value(), Value::Loss);
    }
}
