//! What answers a position's record exactly, whatever holds the answers: a table compiled
//! into the program ([`Solved`](crate::Solved)), a table file probed in place, or a search.
//! Everything else a player asks (moves ranked, a best move, the principal line, a move at
//! a level of play) is derived from that one question here, once for every answerer.

use crate::{Game, Level, Record, Value};

/// The most moves [`Oracle::pick`] weighs from one position. The shipped games have at
/// most a few dozen moves from any position.
pub const MAX_BRANCHING: usize = 64;

/// How an [`Oracle`] finds its answers, which says what a question costs: one lookup in a
/// table, or a search that may take seconds to minutes near the start of a large game (a
/// server bounds it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnsweredBy {
    /// A solved table, compiled in, read from a file or solved on first use: a lookup.
    Table,
    /// A search (with an opening book): exact, but not always instant.
    Search,
}

impl AnsweredBy {
    /// Its name on every surface: `table` or `search`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            AnsweredBy::Table => "table",
            AnsweredBy::Search => "search",
        }
    }
}

/// Anything that knows every reachable position's [`Record`] of a game `G`: implement
/// [`Oracle::probe`] and the rest comes with it, each ranking costing one probe a move.
///
/// Object safe: `&dyn Oracle<G>` answers like the type behind it.
pub trait Oracle<G: Game> {
    /// Win, loss or draw for the side to move, and plies left, or `None` if no game
    /// reaches `position`.
    fn probe(&self, position: &G) -> Option<Record>;

    /// [`probe`](Oracle::probe) of many positions at once: `out[i]` is `positions[i]`'s
    /// record, for as many as both hold. One probe after another unless the oracle can do
    /// better (a table file overlaps their waits on memory).
    fn probe_many(&self, positions: &[G], out: &mut [Option<Record>]) {
        for (slot, position) in out.iter_mut().zip(positions) {
            *slot = self.probe(position);
        }
    }

    /// How the answers are found: a table unless said otherwise.
    fn answered_by(&self) -> AnsweredBy {
        AnsweredBy::Table
    }

    /// Writes every move from `position` with what it is worth to the side to move into
    /// `out`, best first (ties in the game's move order), and returns how many there are.
    /// Moves beyond `out`'s length are ranked but not kept.
    fn ranked_moves(&self, position: &G, out: &mut [(G::Move, Record)]) -> usize {
        let mut len = 0;
        if position.finished().is_some() {
            return 0;
        }
        position.moves(&mut |mv, child| {
            let Some(record) = self.probe(&child) else {
                return;
            };
            let item = (mv, record.before(position.moves_again(&child)));
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

    /// `position`'s record and its moves ranked into `out` as
    /// [`ranked_moves`](Oracle::ranked_moves) ranks them (with how many there are), at
    /// once: what an analysis shows. A probe, then the moves' unless the oracle can do
    /// better (a search ranks the moves and takes the position's record from the best,
    /// one search instead of two). `None` if no game reaches `position`.
    fn probe_ranked(&self, position: &G, out: &mut [(G::Move, Record)]) -> Option<(Record, usize)> {
        let record = self.probe(position)?;
        Some((record, self.ranked_moves(position, out)))
    }

    /// One optimal move from `position` (the first in the game's move order), or `None` if
    /// the game is finished there or the position is unreachable.
    #[must_use]
    fn best_move(&self, position: &G) -> Option<G::Move> {
        let mut best: Option<(G::Move, i32)> = None;
        if position.finished().is_some() {
            return None;
        }
        position.moves(&mut |mv, child| {
            if let Some(record) = self.probe(&child) {
                let rank = record.before(position.moves_again(&child)).rank();
                if best.is_none_or(|(_, r)| rank > r) {
                    best = Some((mv, rank));
                }
            }
        });
        best.map(|(mv, _)| mv)
    }

    /// Whether `mv` from `position` is optimal: it keeps the position's record.
    #[must_use]
    fn is_optimal(&self, position: &G, mv: G::Move) -> bool {
        let Some(record) = self.probe(position) else {
            return false;
        };
        let mut optimal = false;
        position.moves(&mut |m, child| {
            if m == mv {
                optimal |= self
                    .probe(&child)
                    .map(|r| r.before(position.moves_again(&child)))
                    == Some(record);
            }
        });
        optimal
    }

    /// Writes the principal line from `position` into `out`: both sides playing
    /// [`Oracle::best_move`] until the game is finished or `out` is full. Returns how many
    /// moves were written (an endless draw fills `out`).
    fn principal_line(&self, position: &G, out: &mut [G::Move]) -> usize {
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

    /// A move from `position` chosen at `level`, drawing from `random` (uniform `u32`s from
    /// the caller's generator), or `None` if the game is finished there or the position is
    /// unreachable. See [`Level`].
    ///
    /// The moves are ranked into a buffer on the stack of [`MAX_BRANCHING`] (64) moves; a
    /// game with more moves from one position would have only its 64 best weighed.
    fn pick(&self, position: &G, level: Level, random: &mut dyn FnMut() -> u32) -> Option<G::Move> {
        if position.finished().is_some() {
            return None;
        }
        // Any move fills the buffer before `ranked_moves` overwrites it.
        let mut filler = None;
        position.moves(&mut |mv, _| {
            filler = filler.or(Some(mv));
        });
        let filler = (
            filler?,
            Record {
                value: Value::Draw,
                remoteness: 0,
            },
        );
        let mut moves = [filler; MAX_BRANCHING];
        let len = self.ranked_moves(position, &mut moves);
        level.pick(moves.get(..len.min(MAX_BRANCHING))?, &mut || random())
    }
}

/// A reference answers like what it points to (`Handle::new(name, &TABLE, ..)`).
impl<G: Game, T: Oracle<G> + ?Sized> Oracle<G> for &T {
    #[inline]
    fn probe(&self, position: &G) -> Option<Record> {
        (**self).probe(position)
    }

    fn probe_many(&self, positions: &[G], out: &mut [Option<Record>]) {
        (**self).probe_many(positions, out);
    }

    fn answered_by(&self) -> AnsweredBy {
        (**self).answered_by()
    }

    fn ranked_moves(&self, position: &G, out: &mut [(G::Move, Record)]) -> usize {
        (**self).ranked_moves(position, out)
    }

    fn probe_ranked(&self, position: &G, out: &mut [(G::Move, Record)]) -> Option<(Record, usize)> {
        (**self).probe_ranked(position, out)
    }

    fn best_move(&self, position: &G) -> Option<G::Move> {
        (**self).best_move(position)
    }
}
