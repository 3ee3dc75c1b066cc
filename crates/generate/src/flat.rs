//! A solver for games of millions of positions, fit for a build script: every position
//! reachable from the start, solved exactly, in flat arrays (memory proportional to the
//! positions, no allocation per position).
//!
//! It uses nothing but `perfect-play-core` and `std`.
//!
//! 1. **Walk** breadth first from the start. Keys go into an open-addressing table of
//!    `u32` indices (4 bytes a slot, at most half full); each position's children are
//!    indices in one flat edge array. A key wider than [`FlatLimits::max_key`] or a walk
//!    beyond [`FlatLimits::positions`] stops the walk at once with an error, long before
//!    memory runs out.
//! 2. **Solve.** An acyclic game (no position can repeat) needs no reverse graph: in
//!    reverse topological order, each position takes the best of its children
//!    ([`Record::rank`] of [`Record::before_move`]). When every move leads to a position
//!    found later in the walk (Connect Four, tic-tac-toe) the walk order is already
//!    topological; otherwise Kahn's algorithm finds one. A loopy game (a cycle) is solved
//!    by retrograde analysis over the reversed edges, as `solve` does, and gets the same
//!    records: the nearest win, the farthest loss, the longest drawing line, [`ENDLESS`]
//!    for a draw that can repeat for ever.
//!
//! The records are the ones `solve` gives on every game (a test compares both), so a
//! small game's table does not depend on which solver built it.

use std::fmt;
use std::string::String;
use std::vec::Vec;

use perfect_play_core::{ENDLESS, Game, Record, Value};

use crate::graph::Graph;
use crate::retrograde::retrograde;

/// How far a solve may go before it stops with an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlatLimits {
    /// The most positions the walk may find: a game that never ends, or one far larger than
    /// meant, stops here with [`FlatError::TooManyPositions`] (about 40 bytes a position
    /// while solving, so the default of 40 million is about 1.6 GB).
    pub positions: usize,
    /// The largest key the table may hold (a `phf` table of `u32` keys: `u32::MAX`).
    pub max_key: u64,
}

impl FlatLimits {
    /// 40 million positions, keys up to `u64::MAX` (the binary table's limit).
    pub const DEFAULT: FlatLimits = FlatLimits {
        positions: 40_000_000,
        max_key: u64::MAX,
    };
}

impl Default for FlatLimits {
    fn default() -> FlatLimits {
        FlatLimits::DEFAULT
    }
}

/// Why a game could not be solved: each says what is wrong and with which position (its
/// `Debug` text), so a build script's error reads as a sentence.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FlatError {
    /// Two different positions have the same key.
    KeyCollision {
        /// The key both have.
        key: u64,
        /// The position found first, as `{:?}` shows it.
        first: String,
        /// The other position.
        second: String,
    },
    /// A key is larger than [`FlatLimits::max_key`].
    KeyTooWide {
        /// The key.
        key: u64,
        /// The largest key allowed.
        max: u64,
        /// Its position.
        position: String,
    },
    /// The walk found more positions than [`FlatLimits::positions`].
    TooManyPositions {
        /// The limit.
        limit: usize,
    },
    /// A position that is not finished has no move.
    NoMoves {
        /// Its key.
        key: u64,
        /// The position.
        position: String,
    },
    /// A game where a player may move again ([`Game::moves_again`]) and positions can
    /// repeat: the retrograde analysis of loopy games assumes the players alternate.
    LoopyMovesAgain,
    /// A remoteness too large for a packed record (`ENDLESS - 1` plies or more).
    TooDeep {
        /// The key of a position that deep.
        key: u64,
    },
}

impl fmt::Display for FlatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FlatError::KeyCollision { key, first, second } => write!(
                f,
                "two different positions have the key {key}: {first} and {second} \
                 (Game::key must give different positions different keys)"
            ),
            FlatError::KeyTooWide { key, max, position } => write!(
                f,
                "the key {key} of {position} is too wide: the table's keys go up to {max}"
            ),
            FlatError::TooManyPositions { limit } => write!(
                f,
                "more than {limit} positions reachable: stopped at the position limit \
                 (does the game always end? raise FlatLimits::positions if it is that large)"
            ),
            FlatError::NoMoves { key, position } => write!(
                f,
                "{position} (key {key}) is not finished but has no move: \
                 Game::finished must give its result"
            ),
            FlatError::LoopyMovesAgain => f.write_str(
                "a player moves again in a game whose positions can repeat: \
                 the solver handles moving again only in games that always end",
            ),
            FlatError::TooDeep { key } => write!(
                f,
                "the position with key {key} is {} plies or more from the end: \
                 too deep for a packed record",
                ENDLESS - 1
            ),
        }
    }
}

impl std::error::Error for FlatError {}

/// Every reachable position's key and [`Record`], in increasing key order: what a table
/// writer needs, 16 bytes a position.
#[derive(Clone, Debug)]
pub struct SolvedKeys<G: Game> {
    entries: Vec<(u64, Record)>,
    start: Record,
    /// The position solved from: its size is the table's (a family's tiers and keys).
    from: G,
}

impl<G: Game> SolvedKeys<G> {
    /// How many positions were solved.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no position was solved (never: the start is always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The largest finite remoteness: what a table's records must hold.
    #[must_use]
    pub fn deepest(&self) -> u16 {
        self.entries
            .iter()
            .map(|&(_, record)| record.remoteness)
            .filter(|&r| r != ENDLESS)
            .max()
            .unwrap_or(0)
    }

    /// The start position's record.
    #[must_use]
    pub fn start(&self) -> Record {
        self.start
    }

    /// The position solved from: a position of the table's size.
    #[must_use]
    pub fn solved_from(&self) -> G {
        self.from
    }

    /// The record of `position`, or `None` if it is not reachable.
    #[must_use]
    pub fn get(&self, position: &G) -> Option<Record> {
        let key = position.key();
        let i = self.entries.binary_search_by_key(&key, |&(k, _)| k).ok()?;
        self.entries.get(i).map(|&(_, record)| record)
    }

    /// Every solved position's key with its record, in increasing key order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (u64, Record)> + '_ {
        self.entries.iter().copied()
    }
}

/// No index in a slot of the key table.
const EMPTY: u32 = u32::MAX;

/// Key to index: open addressing with linear probing over `u32` indices into `keys`, kept
/// at most half full.
struct KeyTable {
    slots: Vec<u32>,
    /// `64 - log2(slots.len())`: the multiplicative hash's shift.
    shift: u32,
}

impl KeyTable {
    fn new() -> KeyTable {
        KeyTable {
            slots: vec![EMPTY; 1 << 10],
            shift: 64 - 10,
        }
    }

    /// Where `key`'s probe sequence starts.
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    /// The index of `key` among `keys`, or the free slot where it goes.
    fn find(&self, key: u64, keys: &[u64]) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let mut at = self.home(key);
        loop {
            match self.slots.get(at).copied() {
                Some(EMPTY) | None => return Err(at),
                Some(i) if keys.get(i as usize) == Some(&key) => return Ok(i),
                Some(_) => at = (at + 1) & mask,
            }
        }
    }

    /// Puts index `i` (the last of `keys`) in `slot`, growing the table when half full.
    fn insert(&mut self, slot: usize, i: u32, keys: &[u64]) {
        if let Some(s) = self.slots.get_mut(slot) {
            *s = i;
        }
        if keys.len() * 2 > self.slots.len() {
            let bits = 64 - self.shift + 1;
            *self = KeyTable {
                slots: vec![EMPTY; 1 << bits],
                shift: 64 - bits,
            };
            let mask = self.slots.len() - 1;
            for (j, &key) in keys.iter().enumerate() {
                let mut at = self.home(key);
                while self.slots.get(at).is_some_and(|&s| s != EMPTY) {
                    at = (at + 1) & mask;
                }
                if let Some(s) = self.slots.get_mut(at) {
                    *s = j as u32;
                }
            }
        }
    }
}

/// Solves every position reachable from [`Game::start`] (no canonical forms: one entry
/// per position), within `limits`.
///
/// # Errors
/// [`FlatError`]: two positions share a key, a key is wider than `limits.max_key`, more
/// positions than `limits.positions`, a position that is not finished has no move, or a
/// remoteness too deep for a record.
pub fn solve_flat<G: Game + fmt::Debug>(limits: FlatLimits) -> Result<SolvedKeys<G>, FlatError> {
    solve_flat_from(G::start(), limits)
}

/// Solves every position reachable from `start` (a family at a size chosen at run time:
/// its start is not [`Game::start`]), within `limits`; see [`solve_flat`].
///
/// # Errors
/// [`FlatError`], as [`solve_flat`].
pub fn solve_flat_from<G: Game + fmt::Debug>(
    start: G,
    limits: FlatLimits,
) -> Result<SolvedKeys<G>, FlatError> {
    let start_position = start;
    let limit = limits.positions.min(EMPTY as usize - 1);
    let check = |position: &G| {
        let key = position.key();
        if key > limits.max_key {
            return Err(FlatError::KeyTooWide {
                key,
                max: limits.max_key,
                position: format!("{position:?}"),
            });
        }
        Ok(key)
    };

    // 1. The walk, breadth first; `again` marks the edges where the mover moves again.
    let mut again: Vec<bool> = Vec::new();
    let mut keys: Vec<u64> = vec![check(&start)?];
    let mut positions: Vec<G> = vec![start];
    let mut table = KeyTable::new();
    if let Err(slot) = table.find(keys.first().copied().unwrap_or(0), &[]) {
        table.insert(slot, 0, &keys);
    }
    let mut starts: Vec<u32> = Vec::new();
    let mut edges: Vec<u32> = Vec::new();
    let mut finished: Vec<Option<Record>> = Vec::new();
    let mut found: Vec<G> = Vec::new();
    let mut next = 0;
    while let Some(&position) = positions.get(next) {
        starts.push(edges.len() as u32);
        let record = position.finished_record();
        finished.push(record);
        if record.is_none() {
            found.clear();
            position.moves(&mut |_, child| found.push(child));
            again.extend(found.iter().map(|child| position.moves_again(child)));
            if found.is_empty() {
                return Err(FlatError::NoMoves {
                    key: position.key(),
                    position: format!("{position:?}"),
                });
            }
            for child in &found {
                let key = check(child)?;
                let i = match table.find(key, &keys) {
                    Ok(i) => {
                        match positions.get(i as usize) {
                            Some(known) if known != child => {
                                return Err(FlatError::KeyCollision {
                                    key,
                                    first: format!("{known:?}"),
                                    second: format!("{child:?}"),
                                });
                            }
                            _ => {}
                        }
                        i
                    }
                    Err(slot) => {
                        if keys.len() >= limit {
                            return Err(FlatError::TooManyPositions {
                                limit: limits.positions,
                            });
                        }
                        let i = keys.len() as u32;
                        keys.push(key);
                        positions.push(*child);
                        table.insert(slot, i, &keys);
                        i
                    }
                };
                edges.push(i);
            }
        }
        if edges.len() >= EMPTY as usize {
            return Err(FlatError::TooManyPositions {
                limit: limits.positions,
            });
        }
        next += 1;
    }
    starts.push(edges.len() as u32);
    drop((table, positions, found));
    let graph = Graph { starts, edges };

    // 2. The solve.
    let records = match topological_order(&graph) {
        Some(order) => solve_acyclic(&graph, &again, &finished, &keys, order)?,
        None if again.contains(&true) => return Err(FlatError::LoopyMovesAgain),
        None => retrograde(&graph, &finished).map_err(|i| FlatError::TooDeep {
            key: keys.get(i).copied().unwrap_or(0),
        })?,
    };
    let start = records.first().copied().unwrap_or(Record {
        value: Value::Draw,
        remoteness: 0,
    });
    let mut entries: Vec<(u64, Record)> = keys.into_iter().zip(records).collect();
    entries.sort_unstable_by_key(|&(key, _)| key);
    Ok(SolvedKeys {
        entries,
        start,
        from: start_position,
    })
}

/// An order of the positions where every move goes forward, or `None` if a position can
/// repeat. `Order::Walk` when the walk order already is one.
enum Order {
    /// Every edge goes from a position to one found later in the walk.
    Walk,
    /// An order found by Kahn's algorithm.
    Kahn(Vec<u32>),
}

/// A topological order of `graph`, or `None` if it has a cycle.
fn topological_order(graph: &Graph) -> Option<Order> {
    let n = graph.len();
    if (0..n).all(|i| graph.of(i).iter().all(|&k| k as usize > i)) {
        return Some(Order::Walk);
    }
    let mut incoming = vec![0u32; n];
    for &kid in &graph.edges {
        if let Some(count) = incoming.get_mut(kid as usize) {
            *count += 1;
        }
    }
    let mut order: Vec<u32> = (0..n as u32)
        .filter(|&i| incoming.get(i as usize) == Some(&0))
        .collect();
    let mut head = 0;
    while let Some(&i) = order.get(head) {
        head += 1;
        for &kid in graph.of(i as usize) {
            if let Some(count) = incoming.get_mut(kid as usize) {
                *count -= 1;
                if *count == 0 {
                    order.push(kid);
                }
            }
        }
    }
    (order.len() == n).then_some(Order::Kahn(order))
}

/// A record with a remoteness checked against [`ENDLESS`].
fn deep(value: Value, remoteness: u32, key: u64) -> Result<Record, FlatError> {
    match u16::try_from(remoteness) {
        Ok(remoteness) if remoteness < ENDLESS - 1 => Ok(Record { value, remoteness }),
        _ => Err(FlatError::TooDeep { key }),
    }
}

/// Solves an acyclic game backwards along `order`: each position takes its best child.
fn solve_acyclic(
    graph: &Graph,
    again: &[bool],
    finished: &[Option<Record>],
    keys: &[u64],
    order: Order,
) -> Result<Vec<Record>, FlatError> {
    let n = graph.len();
    let mut records = vec![
        Record {
            value: Value::Draw,
            remoteness: 0,
        };
        n
    ];
    let mut settle = |i: usize| -> Result<(), FlatError> {
        let record = match finished.get(i).copied().flatten() {
            Some(record) => record,
            None => {
                // The best child, as the mover sees it: its record one ply further off.
                let mut best: Option<Record> = None;
                let first = graph.starts.get(i).map_or(0, |&s| s as usize);
                for (e, &kid) in graph.of(i).iter().enumerate() {
                    if let Some(child) = records.get(kid as usize) {
                        let mine = child.before(again.get(first + e).copied().unwrap_or(false));
                        if best.is_none_or(|b| mine.rank() > b.rank()) {
                            best = Some(mine);
                        }
                    }
                }
                let best = best.unwrap_or(Record {
                    value: Value::Draw,
                    remoteness: 0,
                });
                let key = keys.get(i).copied().unwrap_or(0);
                deep(best.value, u32::from(best.remoteness), key)?
            }
        };
        if let Some(slot) = records.get_mut(i) {
            *slot = record;
        }
        Ok(())
    };
    match order {
        Order::Walk => (0..n).rev().try_for_each(&mut settle)?,
        Order::Kahn(order) => order.iter().rev().try_for_each(|&i| settle(i as usize))?,
    }
    Ok(records)
}

/// A solution answers like a table: what `perfect-play` uses for a family at a size solved
/// on first use (a binary search of the keys, `O(log n)`).
impl<G: Game> perfect_play_core::Oracle<G> for SolvedKeys<G> {
    fn probe(&self, position: &G) -> Option<Record> {
        self.get(position)
    }
}

/// The message, as `Display` says it: a build script's `main` returning this error prints
/// its `Debug`, and a person reads the sentence there, not the variant.
impl fmt::Debug for FlatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
