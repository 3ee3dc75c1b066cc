//! Reading a generated table at run time: `no_std`, no allocation.

use core::marker::PhantomData;

use crate::{Game, Record, Table};

/// A game's generated [`Table`] and the questions it answers: a tablebase probe. Make one
/// from the table a build script wrote, as `static SOLVED: Solved<MyGame> =
/// Solved::new(&table::MY_GAME);` (`examples/downstream` in this repository does exactly
/// that).
#[derive(Debug)]
pub struct Solved<G: Game> {
    table: &'static Table,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> Solved<G> {
    /// The solved game whose table is `table`.
    #[must_use]
    pub const fn new(table: &'static Table) -> Solved<G> {
        Solved {
            table,
            game: PhantomData,
        }
    }

    /// The table, for what it says of its layout and to walk its entries.
    #[must_use]
    pub const fn table(&self) -> &'static Table {
        self.table
    }

    /// The packed entry of `position` (see [`Table`]), or `None` if no game reaches it.
    #[inline]
    #[must_use]
    pub fn entry(&self, position: &G) -> Option<u32> {
        let position = if self.table.is_canonical() {
            position.canonical()
        } else {
            *position
        };
        self.table.entry(position.tier(), position.key())
    }

    /// Win, loss or draw for the side to move, and plies left, or `None` if no game reaches
    /// `position`.
    #[inline]
    #[must_use]
    pub fn probe(&self, position: &G) -> Option<Record> {
        self.table.record(self.entry(position)?)
    }

    /// How many positions (or classes) the table holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table is empty (never, for a generated one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Writes every move from `position` with what it is worth to the side to move into
    /// `out`, best first (ties in the game's move order), and returns how many there are.
    /// Moves beyond `out`'s length are ranked but not kept.
    pub fn ranked_moves(&self, position: &G, out: &mut [(G::Move, Record)]) -> usize {
        let mut len = 0;
        if position.finished().is_some() {
            return 0;
        }
        position.moves(&mut |mv, child| {
            let Some(record) = self.probe(&child) else {
                return;
            };
            let item = (mv, record.before_move());
            // Insert after every kept move at least as good; when `out` is full, the
            // worst kept move falls off the end.
            let slot = if len < out.len() {
                len += 1;
                len - 1
            } else if out
                .last()
                .is_some_and(|(_, last)| last.rank() < item.1.rank())
            {
                len - 1
            } else {
                return;
            };
            if let Some(kept) = out.get_mut(..=slot) {
                let at = kept
                    .iter()
                    .take(slot)
                    .take_while(|(_, r)| r.rank() >= item.1.rank())
                    .count();
                if let Some(tail) = kept.get_mut(at..) {
                    tail.rotate_right(1);
                    if let Some(first) = tail.first_mut() {
                        *first = item;
                    }
                }
            }
        });
        len
    }

    /// One optimal move from `position` (the first in the game's move order), or `None` if
    /// the game is finished there or the position is unreachable.
    #[must_use]
    pub fn best_move(&self, position: &G) -> Option<G::Move> {
        let mut best: Option<(G::Move, i32)> = None;
        if position.finished().is_some() {
            return None;
        }
        position.moves(&mut |mv, child| {
            if let Some(record) = self.probe(&child) {
                let rank = record.before_move().rank();
                if best.is_none_or(|(_, r)| rank > r) {
                    best = Some((mv, rank));
                }
            }
        });
        best.map(|(mv, _)| mv)
    }

    /// Whether `mv` from `position` is optimal: it keeps the position's record.
    #[must_use]
    pub fn is_optimal(&self, position: &G, mv: G::Move) -> bool {
        let Some(record) = self.probe(position) else {
            return false;
        };
        let mut optimal = false;
        position.moves(&mut |m, child| {
            if m == mv {
                optimal |= self.probe(&child).map(Record::before_move) == Some(record);
            }
        });
        optimal
    }

    /// Writes the principal line from `position` into `out`: both sides playing
    /// [`Solved::best_move`] until the game is finished or `out` is full. Returns how many
    /// moves were written (an endless draw fills `out`).
    pub fn principal_line(&self, position: &G, out: &mut [G::Move]) -> usize {
        let mut position = *position;
        let mut len = 0;
        for slot in out.iter_mut() {
            let Some(mv) = self.best_move(&position) else {
                break;
            };
            let Some(next) = position.play(mv) else { break };
            *slot = mv;
            position = next;
            len += 1;
        }
        len
    }
}
