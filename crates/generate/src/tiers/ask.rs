//! A tier's solve on one of several ranks: its positions' children's records asked of
//! their owners (batched all-to-all requests, then the answers in the same order), in as
//! many rounds over runs of its positions as the memory budget needs beside the tiers it
//! holds, the same number on every rank (Awari's batched exchanges). One rank, which owns
//! every child, reads their records in place instead (`Driver::solve_tier`).

use std::fmt;
use std::vec::Vec;

use perfect_play_core::Game;
use perfect_play_core::file::KeyIndex;

use super::driver::{Driver, Held};
use super::passes::MIN_WALK_MEMORY;
use super::settle::{record_at, solve_range};
use super::shares::{answer_runs, runs};
use super::transport::Transport;
use super::walk::{Span, count_moves, ticker, walk_range};
use super::{Phase, SolveFileError};
use crate::file_write::key_index;
use crate::parallel;

/// What a question of the solve (a child asked of its owner) takes at most while its round
/// is under way, in bytes: its key here and the owner's copy coming in and kept (8 each),
/// its answer there and here (a record each), and its place in the index of the questions,
/// with room for an exchange of many rounds, which copies what it sends and receives.
const ASK_BYTES: u64 = 40;

/// The most rounds a tier's solve takes: a budget that would need more is refused, naming
/// the heaviest rank (each round walks its run again and exchanges twice).
const MAX_SOLVE_ROUNDS: u64 = 1024;

/// An owner answers a round's questions along one walk of its keys when they are at least
/// one in this many of its keys (a step a key, about 4 ns), else by a search each (a miss
/// in memory, tens of ns): many rounds under a small budget would each walk every key.
const WALK_ANSWERS_ONE_IN: u64 = 8;

impl<T: Transport> Driver<'_, T> {
    /// `Driver::solve_tier` on one of several ranks: its positions' children's records
    /// asked of their owners (`held.next` and `held.above` are this rank's range of tier
    /// `t + 1` and its records), in as many rounds as the budget needs beside the segments held (Awari's
    /// batched exchanges): each round a contiguous run of this rank's positions, its
    /// children asked and answered in one exchange, then settled. Every rank takes the same
    /// number of rounds (the exchanges are collective), the most any rank's share needs; a
    /// budget that does not hold even the segments stops every rank, naming the heaviest.
    pub(super) fn ask_tier<G: Game + fmt::Debug + Send + Sync>(
        &self,
        size: &G,
        t: u32,
        tiers: &Held<'_>,
    ) -> Result<Vec<u8>, SolveFileError> {
        let ranks = self.ranks;
        let width = u64::from(self.header.record_bytes);
        let Held { mine, next, above } = *tiers;
        let span = mine.span(size, t, self.header.key_bits)?;
        let n = span.places.end;
        let held = mine.bytes.len() as u64
            + mine.positions * width
            + next.map_or(0, |s| s.bytes.len() as u64)
            + above.len() as u64;
        // The questions: how many, from the children the walk kept if their file is whole
        // (else counted: the moves, an upper bound).
        let kept = match next {
            Some(_) => self.parts.kept_count(t),
            None => None,
        };
        let asks = match (kept, next) {
            (_, None) => 0,
            (Some(kids), Some(_)) => kids,
            (None, Some(_)) => parallel::install(&self.pool, &|| count_moves(&span, &|_| {}))?,
        };
        let need = asks * ASK_BYTES;
        let available = self.memory.saturating_sub(held);
        let fits = available >= MIN_WALK_MEMORY || need == 0;
        if !ranks.all(fits) {
            let (heaviest, needed) = self.heaviest(held + need.min(MIN_WALK_MEMORY));
            return Err(SolveFileError::Memory {
                needed,
                budget: self.memory,
                what: format!(
                    "{}the solve of tier {t} (its segments of tiers {t} and {}, and a round of \
                     its questions{})",
                    self.whose(heaviest),
                    t + 1,
                    self.more_ranks()
                ),
            });
        }
        let mut total = need;
        if total.div_ceil(available.max(1)) > 1 && kept.is_some() {
            // A round keeps its own run's children without repeats, and fewer repeat
            // within a run than within the tier: the rounds are sized by the moves, which
            // bound every run's children.
            let moves = parallel::install(&self.pool, &|| count_moves(&span, &|_| {}))?;
            total = moves * ASK_BYTES;
        }
        let wanted = total.div_ceil(available.max(1)).max(1);
        let rounds = ranks.max(wanted).max(1);
        if rounds > MAX_SOLVE_ROUNDS {
            let (heaviest, needed) = self.heaviest(held + total.div_ceil(MAX_SOLVE_ROUNDS));
            return Err(SolveFileError::Memory {
                needed,
                budget: self.memory,
                what: format!(
                    "{}the solve of tier {t} in {MAX_SOLVE_ROUNDS} rounds{}",
                    self.whose(heaviest),
                    self.more_ranks()
                ),
            });
        }
        self.rounds.set(self.rounds.get().max(rounds));
        let tick = ticker(self.progress, Phase::Solve, t, self.tiers, mine.positions);
        if rounds == 1 {
            let kids = match next {
                Some(_) => match self.parts.kept_asks(t)? {
                    Some(kids) => kids,
                    None => parallel::install(&self.pool, &|| {
                        walk_range(&span, (0, u64::MAX), &|_| {})
                    })?,
                },
                None => Vec::new(),
            };
            return self.ask_round(&span, kids, tiers, &tick);
        }
        let mut records = Vec::with_capacity(n * width as usize);
        let rounds = usize::try_from(rounds).unwrap_or(usize::MAX);
        let at = |round: usize| (n as u128 * round as u128 / rounds as u128) as usize;
        for round in 0..rounds {
            let run = Span {
                places: at(round)..at(round + 1),
                ..span.clone()
            };
            let kids = match next {
                Some(_) => {
                    parallel::install(&self.pool, &|| walk_range(&run, (0, u64::MAX), &|_| {}))?
                }
                None => Vec::new(),
            };
            records.extend(self.ask_round(&run, kids, tiers, &tick)?);
        }
        Ok(records)
    }

    /// One round of [`Driver::ask_tier`]: the records of this rank's positions `span`,
    /// whose children are `kids` (sorted, without repeats), asked of their owners (the
    /// ranks of `tiers.next`'s bounds) in one exchange (both ways) that every rank takes.
    fn ask_round<G: Game + fmt::Debug + Send + Sync>(
        &self,
        span: &Span<'_, G>,
        kids: Vec<u64>,
        tiers: &Held<'_>,
        tick: &(dyn Fn(u64) + Sync),
    ) -> Result<Vec<u8>, SolveFileError> {
        let Held { next, above, .. } = *tiers;
        let t = span.tier;
        let ranks = self.ranks;
        let key_bits = self.header.key_bits;
        let width = self.header.record_bytes as usize;
        let bounds = next.map_or(&[][..], |s| s.bounds.as_slice());
        let counts = runs(bounds, &kids, ranks.ranks());
        let (asked, asked_counts) = ranks.exchange(&kids, &counts);
        // The answers, in the order asked: each key's record, or zeros (no record).
        let mut answers = vec![0u8; asked.len() * width];
        if let Some(next) = next {
            let their = next.index(key_bits, t + 1)?;
            let mut answer = |at: usize, j: usize| {
                let record = above.get(j * width..(j + 1) * width);
                let slot = answers.get_mut(at * width..(at + 1) * width);
                if let (Some(record), Some(slot)) = (record, slot) {
                    slot.copy_from_slice(record);
                }
            };
            if asked.len() as u64 * WALK_ANSWERS_ONE_IN >= next.positions {
                // Each rank's questions come sorted: answered along one walk of this
                // rank's sorted keys, a step a key, not a search (a miss in memory) a
                // question.
                answer_runs(&asked, &asked_counts, their.keys(0), answer);
            } else {
                // Few questions (one round of many under a small budget): a search each,
                // not a walk of every key each round.
                for (at, &key) in asked.iter().enumerate() {
                    if let Some(j) = their.find(key) {
                        answer(at, j);
                    }
                }
            }
        }
        drop(asked);
        let answer_counts: Vec<usize> = asked_counts.iter().map(|&c| c * width).collect();
        // Owned wherever there are other ranks to answer: never copied.
        let records = ranks.exchange(&answers, &answer_counts).0.into_owned();
        drop(answers);
        // The children's keys as the file keeps a tier's (bucketed by their high bits), so
        // that finding a child's answer is a bucket and a short search, as in the
        // single-process solve, not a binary search over every child (1.5x slower).
        let asked_index = key_index(t + 1, &kids, key_bits)?;
        let asked = KeyIndex::new(&asked_index, kids.len() as u64, key_bits)
            .ok_or_else(|| SolveFileError::Game(format!("tier {t}'s children are damaged")))?;
        drop(kids);
        let header = &self.header;
        let child = |key: u64| asked.find(key).and_then(|j| record_at(&records, j, header));
        parallel::install(&self.pool, &|| solve_range(span, header, &child, tick))
    }
}
