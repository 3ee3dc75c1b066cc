//! Reading a generated table at run time: `no_std`, no allocation.

use core::marker::PhantomData;

use crate::{Game, Oracle, Record, Table};

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
        let (tier, key) = position.probe_key(self.table.packing().canonical)?;
        self.table.entry(tier, key)
    }

    /// Win, loss or draw for the side to move, and plies left, or `None` if no game reaches
    /// `position`.
    #[inline]
    #[must_use]
    pub fn probe(&self, position: &G) -> Option<Record> {
        self.table.record(self.entry(position)?)
    }

    /// [`probe`](Solved::probe) of many positions at once: `out[i]` is `positions[i]`'s
    /// record, for as many as both hold. The same answers; from a table file, several
    /// times faster a position than one probe after another, as the probes' waits on
    /// memory overlap ([`FileTable::get_many`](crate::file::FileTable::get_many)).
    pub fn probe_many(&self, positions: &[G], out: &mut [Option<Record>]) {
        /// Positions keyed at a time, on the stack.
        const CHUNK: usize = 256;
        if self.table.as_file().is_none() {
            // A map's probe is one cache line: nothing to overlap.
            for (slot, position) in out.iter_mut().zip(positions) {
                *slot = self.probe(position);
            }
            return;
        }
        let mut keys = [(0u32, 0u64); CHUNK];
        let mut reachable = [false; CHUNK];
        let mut entries = [None; CHUNK];
        for (positions, out) in positions.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
            let n = positions.len().min(out.len());
            for ((slot, ok), position) in keys.iter_mut().zip(&mut reachable).zip(positions) {
                let key = position.probe_key(self.table.packing().canonical);
                *ok = key.is_some();
                // A position no game reaches is not looked up: no file has tier `u32::MAX`.
                *slot = key.unwrap_or((u32::MAX, 0));
            }
            let (keys, entries) = (keys.get(..n).unwrap_or(&[]), entries.get_mut(..n));
            let entries = entries.unwrap_or(&mut []);
            self.table.entry_many(keys, entries);
            for ((slot, entry), &ok) in out.iter_mut().zip(entries.iter()).zip(&reachable) {
                *slot = entry
                    .filter(|_| ok)
                    .and_then(|entry| self.table.record(entry));
            }
        }
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

    /// Every move from `position` ranked best first into `out`: see
    /// [`Oracle::ranked_moves`].
    pub fn ranked_moves(&self, position: &G, out: &mut [(G::Move, Record)]) -> usize {
        Oracle::ranked_moves(self, position, out)
    }

    /// One optimal move from `position`: see [`Oracle::best_move`].
    #[must_use]
    pub fn best_move(&self, position: &G) -> Option<G::Move> {
        Oracle::best_move(self, position)
    }

    /// Whether `mv` from `position` is optimal: see [`Oracle::is_optimal`].
    #[must_use]
    pub fn is_optimal(&self, position: &G, mv: G::Move) -> bool {
        Oracle::is_optimal(self, position, mv)
    }

    /// The principal line from `position` into `out`: see [`Oracle::principal_line`].
    pub fn principal_line(&self, position: &G, out: &mut [G::Move]) -> usize {
        Oracle::principal_line(self, position, out)
    }
}

/// A compiled table answers by one lookup.
impl<G: Game> Oracle<G> for Solved<G> {
    #[inline]
    fn probe(&self, position: &G) -> Option<Record> {
        Solved::probe(self, position)
    }

    fn probe_many(&self, positions: &[G], out: &mut [Option<Record>]) {
        Solved::probe_many(self, positions, out);
    }
}
