//! What a game implements to be searched instead of tabulated: a position type that knows
//! its key, what is decided without search, and which children are worth searching.

use crate::Record;

/// The most children [`Searchable::moves`] may give one position.
pub const MAX_CHILDREN: usize = 16;

/// A game position the [`Engine`](super::Engine) can search: negamax with alpha-beta over
/// integer scores, higher better for the side to move, the same scale at every depth (a
/// child's score is the negation of what the move is worth to the parent).
///
/// The contract the engine relies on, beyond the types:
/// - [`Searchable::key`] is one-to-one on positions and below `2^56`;
///   [`Searchable::table_key`] is below `2^56` too, and two positions with one table key
///   have one score;
/// - scores lie in `-63..=63`, a win above 0, a draw 0 and a loss below
///   ([`Engine::value`](super::Engine::value) reads the sign alone);
/// - [`Searchable::open`] is only called on positions [`Searchable::decided`] leaves
///   open, and the moves it gives lead to open positions (the game prunes what it can
///   decide at once: a move that wins at once is decided at the parent, a move that loses
///   at once is left out when another move does not).
pub trait Searchable: Copy + Send + Sync {
    /// One move, as [`Searchable::play`] takes it.
    type Move: Copy + Default;
    /// What [`Searchable::open`] found out about a position that its moves need (for
    /// Connect Four, the cells of the moves worth searching and the threats on the board):
    /// cheap to find, as a transposition table hit often makes ordering them needless.
    type Moves: Copy;

    /// The most plies a game lasts.
    const MAX_PLIES: u32;

    /// The position's key: one-to-one, below `2^56`.
    fn key(&self) -> u64;

    /// The key shared by the position and its mirror images: what an opening book is keyed
    /// by. The default is no symmetry.
    fn symmetric_key(&self) -> u64 {
        self.key()
    }

    /// The key the transposition table keeps the position under, and whether the moves
    /// are seen in a mirror there ([`Searchable::tag`]): positions with one table key have
    /// one score. The default is [`Searchable::key`], no mirror.
    fn table_key(&self) -> (u64, bool) {
        (self.key(), false)
    }

    /// The key an opening book files the position under: shared by the position and its
    /// mirror images, one-to-one among the positions of one ply (the book's tier), and as
    /// small as the game can make it, since the book stores it. The default is
    /// [`Searchable::symmetric_key`].
    fn book_key(&self) -> u64 {
        self.symmetric_key()
    }

    /// How many plies have been played to reach the position (a child's is one more):
    /// an opening book holds the positions up to some ply.
    fn plies(&self) -> u32;

    /// The exact score of a finished position or one the side to move wins at once, or
    /// `None` when only a search can tell.
    fn decided(&self) -> Option<i32>;

    /// What is known of an open position without a search: its score, or the one move
    /// that does not lose at once, or the bounds on its score and the moves worth
    /// searching.
    fn open(&self) -> Open<Self>;

    /// Writes the moves of `moves` into `children`, in the game's own order.
    fn moves(&self, moves: Self::Moves, children: &mut Children<Self::Move>);

    /// How promising `mv` looks, higher first: the engine searches the moves it must
    /// search in this order (after the transposition table's best move).
    fn promise(&self, moves: &Self::Moves, mv: Self::Move) -> i32;

    /// The move's number in the transposition table, below 16, as seen in a mirror if
    /// `mirrored` ([`Searchable::table_key`]).
    fn tag(&self, mv: Self::Move, mirrored: bool) -> u8;

    /// The position after `mv`, one of the moves [`Searchable::moves`] gave.
    fn play(&self, mv: Self::Move) -> Self;

    /// The score as a [`Record`]: win, loss or draw, and plies left with the winner
    /// fastest and the loser slowest.
    fn record(&self, score: i32) -> Record;

    /// The score of a [`Record`] of this position: the inverse of [`Searchable::record`].
    fn score(&self, record: Record) -> i32;

    /// Visits each position one move before this one (whose move leads here): an opening
    /// book's score of any of them, negated, is a least score for this one. None by
    /// default.
    fn parents(&self, visit: &mut dyn FnMut(Self))
    where
        Self: Sized,
    {
        let _ = visit;
    }
}

/// What [`Searchable::open`] knows of a position without a search.
#[derive(Clone, Copy, Debug)]
pub enum Open<S: Searchable> {
    /// The exact score.
    Settled(i32),
    /// The only move that does not lose at once: the position is worth what it leads to.
    Forced(S::Move),
    /// The scores the position can still have, and the moves worth searching (at least
    /// two).
    Moves(Bounds, S::Moves),
}

/// The lowest and highest score an open position can still have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The lowest score possible.
    pub min: i32,
    /// The highest score possible.
    pub max: i32,
}

/// The moves from one position, in the order to search them: at most [`MAX_CHILDREN`], on
/// the stack.
#[derive(Clone, Copy, Debug)]
pub struct Children<M> {
    items: [M; MAX_CHILDREN],
    len: usize,
}

impl<M: Copy + Default> Default for Children<M> {
    fn default() -> Self {
        Children {
            items: [M::default(); MAX_CHILDREN],
            len: 0,
        }
    }
}

impl<M: Copy> Children<M> {
    /// Adds a move after those already there. A game with more than [`MAX_CHILDREN`]
    /// moves cannot be searched: the extra move is refused with `false`.
    pub fn push(&mut self, child: M) -> bool {
        match self.items.get_mut(self.len) {
            Some(slot) => {
                *slot = child;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// The moves, in search order.
    #[must_use]
    pub fn as_slice(&self) -> &[M] {
        self.items.get(..self.len).unwrap_or_default()
    }

    /// The moves, to reorder them.
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        self.items.get_mut(..self.len).unwrap_or_default()
    }

    /// How many moves there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}
