//! A game answered by search, in the shape of a solved table: [`Searched::probe`] and
//! [`Searched::ranked_moves`] as [`Solved`](crate::Solved) has them.

use alloc::vec::Vec;
use std::time::Instant;

use crate::{AnsweredBy, Game, Oracle, Record};

use super::deadline::{self, OutOfTime};
use super::engine::Engine;
use super::searchable::Searchable;

/// A game whose positions can be searched: how its position becomes the search's, and
/// which positions a game can reach (what a table answers by holding them or not).
pub trait SearchableGame: Game {
    /// The position as the search sees it.
    type Search: Searchable;

    /// This position for the search.
    fn search_position(&self) -> Self::Search;

    /// Whether some game from the start reaches this position.
    fn is_reachable(&self) -> bool;
}

/// The answers of a [`Solved`](crate::Solved) table for a game too large to tabulate:
/// each found by the [`Engine`] when asked (or in its opening book).
#[derive(Debug, Default)]
pub struct Searched<G: SearchableGame> {
    engine: Engine<G::Search>,
}

impl<G: SearchableGame> Searched<G> {
    /// Answers found by `engine`.
    #[must_use]
    pub fn new(engine: Engine<G::Search>) -> Self {
        Searched { engine }
    }

    /// The engine that finds the answers.
    #[must_use]
    pub fn engine(&self) -> &Engine<G::Search> {
        &self.engine
    }

    /// Win, loss or draw for the side to move, and plies left, or `None` if no game reaches
    /// `position` (or if the search gave up at the deadline of [`within`](super::within)).
    #[must_use]
    pub fn probe(&self, position: &G) -> Option<Record> {
        if !position.is_reachable() {
            return None;
        }
        let search = position.search_position();
        let score = match deadline::current() {
            None => self.engine.solve(&search),
            Some(deadline) => {
                let Some(score) = self.engine.solve_within(&search, deadline) else {
                    deadline::gave_up();
                    return None;
                };
                score
            }
        };
        Some(search.record(score))
    }

    /// [`Searched::probe`], but given up at `deadline`: `Err(OutOfTime)` if the search is
    /// not over by then (what it proved stays in the transposition table).
    ///
    /// # Errors
    /// [`OutOfTime`] when the deadline passes first.
    pub fn probe_within(
        &self,
        position: &G,
        deadline: Instant,
    ) -> Result<Option<Record>, OutOfTime> {
        if !position.is_reachable() {
            return Ok(None);
        }
        let search = position.search_position();
        let score = self
            .engine
            .solve_within(&search, deadline)
            .ok_or(OutOfTime)?;
        Ok(Some(search.record(score)))
    }

    /// Writes every move from `position` with what it is worth to the side to move into
    /// `out`, best first (ties in the game's move order), and returns how many there are;
    /// moves beyond `out`'s length are ranked but not kept. The moves are searched on the
    /// engine's threads at once. None for a finished or unreachable position.
    pub fn ranked_moves(&self, position: &G, out: &mut [(G::Move, Record)]) -> usize {
        copied(&self.ranked(position), out)
    }

    /// One optimal move from `position` (the first in the game's move order), or `None` if
    /// the game is finished there or the position is unreachable.
    #[must_use]
    pub fn best_move(&self, position: &G) -> Option<G::Move> {
        self.ranked(position).first().map(|&(mv, _)| mv)
    }

    /// [`Searched::probe`] and [`Searched::ranked_moves`] at once, by one search: the moves
    /// searched on the engine's threads, the position worth its best move's record (its
    /// score is the best of its moves', negated). `None` if no game reaches `position` (or
    /// if the search gave up at the deadline of [`within`](super::within)).
    pub fn probe_ranked(
        &self,
        position: &G,
        out: &mut [(G::Move, Record)],
    ) -> Option<(Record, usize)> {
        if position.finished().is_some() {
            // Decided by the rules: nothing to search.
            return Some((self.probe(position)?, 0));
        }
        let ranked = self.ranked(position);
        // Empty: unreachable, or given up at the deadline.
        let &(_, best) = ranked.first()?;
        Some((best, copied(&ranked, out)))
    }

    /// Every move from `position` and what it is worth, best first.
    fn ranked(&self, position: &G) -> Vec<(G::Move, Record)> {
        if position.finished().is_some() || !position.is_reachable() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        position.moves(&mut |mv, child| {
            moves.push((mv, child.search_position(), position.moves_again(&child)));
        });
        let children: Vec<G::Search> = moves.iter().map(|&(_, child, _)| child).collect();
        let Some(scores) = self.engine.solve_all_within(&children, deadline::current()) else {
            deadline::gave_up();
            return Vec::new();
        };
        let mut ranked: Vec<(G::Move, Record)> = moves
            .iter()
            .zip(scores)
            .map(|(&(mv, child, again), score)| (mv, child.record(score).before(again)))
            .collect();
        // Stable: ties keep the game's move order.
        ranked.sort_by_key(|(_, record)| core::cmp::Reverse(record.rank()));
        ranked
    }
}

/// A search answers like a table: every surface that takes an [`Oracle`] (the dynamic
/// handle, a game record) takes a search too. Its ranking searches the moves on every
/// thread at once instead of one probe a move.
impl<G: SearchableGame> Oracle<G> for Searched<G> {
    fn probe(&self, position: &G) -> Option<Record> {
        Searched::probe(self, position)
    }

    fn answered_by(&self) -> AnsweredBy {
        AnsweredBy::Search
    }

    fn ranked_moves(&self, position: &G, out: &mut [(G::Move, Record)]) -> usize {
        Searched::ranked_moves(self, position, out)
    }

    fn probe_ranked(&self, position: &G, out: &mut [(G::Move, Record)]) -> Option<(Record, usize)> {
        Searched::probe_ranked(self, position, out)
    }

    fn best_move(&self, position: &G) -> Option<G::Move> {
        Searched::best_move(self, position)
    }
}

/// Copies as many of `ranked` as `out` holds into it; returns how many `ranked` has.
fn copied<M: Copy>(ranked: &[(M, Record)], out: &mut [(M, Record)]) -> usize {
    for (slot, item) in out.iter_mut().zip(ranked) {
        *slot = *item;
    }
    ranked.len()
}
