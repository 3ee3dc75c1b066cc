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
        if position.unreachable_reason().is_some() {
            return None;
        }
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
}
