//! Retrograde analysis: every position reachable from the start, solved exactly, loopy
//! games included.
//!
//! A build script calls it through this crate, a build-dependency. The method is
//! GamesmanOne's backward
//! induction over a reverse graph: walk every reachable position, keep each one's parents,
//! then settle positions from the finished ones backwards in order of remoteness. A
//! position is a win as soon as one child is a loss for the side to move there (the
//! first one settled is the nearest); it is a loss once every child is a win (the last one
//! settled is the farthest). What is never settled is a draw: neither side can force a
//! win. A draw's remoteness is the longest drawing line when every drawing line ends (in
//! tic-tac-toe: a drawn game fills the board), and [`ENDLESS`] when one can repeat.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::vec::Vec;

use perfect_play_core::{ENDLESS, Game, Record};

use crate::graph::Graph;
use crate::retrograde::retrograde;

/// The most positions [`solve`] walks before it stops with
/// [`SolveError::TooManyPositions`]: about 4 GB of its memory (`solve_flat` needs about 40
/// bytes a position, and takes a limit of the caller's).
pub const MAX_POSITIONS: usize = 10_000_000;

/// Why a game could not be solved.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// Two different positions have the same key.
    KeyCollision {
        /// The key both have.
        key: u64,
    },
    /// A key does not fit the table's key type.
    KeyOutOfRange {
        /// The key.
        key: u64,
        /// The largest key the table can hold.
        max: u64,
    },
    /// A packed entry does not fit the table's value type.
    EntryOutOfRange {
        /// The position's key.
        key: u64,
        /// The entry.
        entry: u64,
        /// The largest entry the table can hold.
        max: u64,
    },
    /// A position that is not finished has no move.
    NoMoves {
        /// The position's key.
        key: u64,
    },
    /// More positions than [`MAX_POSITIONS`]: a game that never ends, or one far larger
    /// than meant, stops here instead of running out of memory.
    TooManyPositions,
    /// A remoteness too large for a packed record (0x3ffe plies or more).
    TooDeep {
        /// The key of a position that deep.
        key: u64,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::KeyCollision { key } => write!(
                f,
                "two different positions have the key {key}: Game::key must be injective"
            ),
            SolveError::KeyOutOfRange { key, max } => write!(
                f,
                "the key {key} is out of range: table keys go up to {max}"
            ),
            SolveError::EntryOutOfRange { key, entry, max } => write!(
                f,
                "the entry {entry:#x} of the position with key {key} is out of range: \
                 table entries go up to {max:#x}"
            ),
            SolveError::NoMoves { key } => write!(
                f,
                "the position with key {key} is not finished but has no move: \
                 Game::finished must give its result"
            ),
            SolveError::TooManyPositions => write!(
                f,
                "more than {MAX_POSITIONS} positions: a game that never ends, or larger than \
                 meant (solve_flat takes a limit of your own, in less memory a position)"
            ),
            SolveError::TooDeep { key } => write!(
                f,
                "the position with key {key} is {} plies or more from the end: \
                 too deep for a packed record",
                ENDLESS - 1
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// A hasher for keys that are already well spread integers: one multiply (the Fx hash of
/// rustc), far cheaper than SipHash in a build script compiled without optimizations.
#[derive(Clone, Copy, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Key to index into a solution's positions.
type Index = HashMap<u64, u32, BuildHasherDefault<KeyHasher>>;

/// Every reachable position of a game with its [`Record`], in key order.
#[derive(Clone, Debug)]
pub struct SolvedPositions<G: Game> {
    /// Key to index into `positions` and `records`.
    index: Index,
    /// Every key with its index, in increasing key order.
    order: Vec<(u64, u32)>,
    positions: Vec<G>,
    records: Vec<Record>,
    canonical: bool,
}

impl<G: Game> SolvedPositions<G> {
    /// How many positions (or classes of symmetric positions) were solved.
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no position was solved (never: the start is always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Whether positions were solved one per class of symmetric positions.
    #[must_use]
    pub fn is_canonical(&self) -> bool {
        self.canonical
    }

    /// The record of `position` (canonicalized first if the solution is), or `None` if
    /// it is not reachable.
    #[must_use]
    pub fn get(&self, position: &G) -> Option<Record> {
        let position = if self.canonical {
            position.canonical()
        } else {
            *position
        };
        let &i = self.index.get(&position.key())?;
        self.records.get(i as usize).copied()
    }

    /// Every solved position with its record, in increasing key order.
    pub fn iter(&self) -> impl Iterator<Item = (u64, &G, Record)> + '_ {
        self.order.iter().filter_map(|&(key, i)| {
            let i = i as usize;
            Some((key, self.positions.get(i)?, *self.records.get(i)?))
        })
    }

    /// Every move from `position` with what it is worth to the side to move, best first
    /// (ties keep the game's move order).
    #[must_use]
    pub fn ranked_moves(&self, position: &G) -> Vec<(G::Move, Record)> {
        let mut moves = Vec::new();
        if position.finished().is_none() {
            position.moves(&mut |mv, child| {
                if let Some(record) = self.get(&child) {
                    moves.push((mv, record.before_move()));
                }
            });
        }
        moves.sort_by_key(|&(_, record)| -record.rank());
        moves
    }
}

/// Solves every position reachable from [`Game::start`], one entry per position, or per
/// class of symmetric positions if `canonical` (then [`Game::canonical`] picks the class
/// representative).
///
/// # Errors
/// [`SolveError`] if two positions share a key, or a position that is not finished has
/// no move.
pub fn solve<G: Game>(canonical: bool) -> Result<SolvedPositions<G>, SolveError> {
    let canon = |p: G| if canonical { p.canonical() } else { p };

    // Walk the graph breadth first, keeping each position's children.
    let mut index = Index::default();
    let mut positions: Vec<G> = Vec::new();
    let mut children = Graph::default();
    let start = canon(G::start());
    index.insert(start.key(), 0);
    positions.push(start);
    let mut next = 0;
    let mut found = Vec::new();
    // Each position's result if the game is finished there, asked once.
    let mut finished: Vec<Option<Record>> = Vec::new();
    while let Some(&position) = positions.get(next) {
        children.starts.push(children.edges.len() as u32);
        let record = position.finished_record();
        finished.push(record);
        if record.is_none() {
            found.clear();
            position.moves(&mut |_, child| found.push(canon(child)));
            if found.is_empty() {
                return Err(SolveError::NoMoves {
                    key: position.key(),
                });
            }
            for &child in &found {
                let key = child.key();
                let i = match index.get(&key) {
                    Some(&i) => {
                        if positions.get(i as usize) != Some(&child) {
                            return Err(SolveError::KeyCollision { key });
                        }
                        i
                    }
                    None => {
                        if positions.len() >= MAX_POSITIONS {
                            return Err(SolveError::TooManyPositions);
                        }
                        let i = u32::try_from(positions.len())
                            .map_err(|_| SolveError::TooManyPositions)?;
                        index.insert(key, i);
                        positions.push(child);
                        i
                    }
                };
                children.edges.push(i);
            }
        }
        next += 1;
    }
    children
        .starts
        .push(u32::try_from(children.edges.len()).map_err(|_| SolveError::TooManyPositions)?);

    let records = retrograde(&children, &finished).map_err(|i| SolveError::TooDeep {
        key: positions.get(i).map_or(0, Game::key),
    })?;
    let mut order: Vec<(u64, u32)> = index.iter().map(|(&key, &i)| (key, i)).collect();
    order.sort_unstable();
    Ok(SolvedPositions {
        index,
        order,
        positions,
        records,
        canonical,
    })
}

/// The message, as `Display` says it: a build script's `main` returning this error prints
/// its `Debug`, and a person reads the sentence there, not the variant.
impl fmt::Debug for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
