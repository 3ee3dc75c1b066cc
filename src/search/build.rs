//! Building an opening book: the open positions of the book's deepest ply searched, each
//! on a thread of its own as soon as one is free, and every shallower ply read from its
//! children by negamax (which also checks any score of a shallower ply a build was given).

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::vec::Vec;
use core::fmt;
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::Notation;

use super::book::Book;
use super::engine::Engine;
use super::searchable::Searchable;
use super::searched::SearchableGame;

/// Where a book's build is: the ply being solved, how many of its positions are solved,
/// and how many it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The ply being solved (the build goes from the deepest to 0).
    pub ply: u32,
    /// Positions of this ply solved so far (those known before the build included).
    pub done: usize,
    /// Positions of this ply to solve, one per mirror pair.
    pub total: usize,
}

/// Why a build's scores cannot make a book: a shallower ply's score that its moves'
/// scores contradict, or a move to a position never solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// A score the build was given for a position short of the deepest ply is not the best
    /// of its moves' scores one ply deeper: the scores given and found disagree.
    Disagrees {
        /// The position's ply.
        ply: u32,
        /// Its symmetric key.
        key: u64,
        /// The score the build was given.
        given: i32,
        /// The best of its moves' scores.
        found: i32,
    },
    /// A position short of the deepest ply has a move to an open position the ply below
    /// has no score for: a search of the deepest ply did not finish.
    Unsolved {
        /// The position's ply.
        ply: u32,
        /// Its symmetric key.
        key: u64,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Disagrees {
                ply,
                key,
                given,
                found,
            } => write!(
                f,
                "ply {ply}, key {key:x}: given the score {given}, but the best of its moves is \
                 worth {found}: the scores given were found by another engine or are damaged"
            ),
            BuildError::Unsolved { ply, key } => write!(
                f,
                "ply {ply}, key {key:x}: a move leads to a position whose search did not finish"
            ),
        }
    }
}

impl core::error::Error for BuildError {}

/// One position of each mirror pair at every ply up to `depth`, from the start: the open
/// positions a book of `depth` plies holds (those [`Searchable::decided`] leaves open).
#[must_use]
pub fn book_positions<G: SearchableGame>(depth: u32) -> Vec<Vec<G::Search>> {
    book_levels::<G>(depth)
        .iter()
        .map(|level| level.iter().map(G::search_position).collect())
        .collect()
}

/// [`book_positions`] as the game's own positions, by ply, each ply in symmetric-key
/// order.
fn book_levels<G: SearchableGame>(depth: u32) -> Vec<Vec<G>> {
    let mut plies = Vec::new();
    let mut level = alloc::vec![G::start()];
    for ply in 0..=depth {
        let open = level
            .iter()
            .filter(|p| p.search_position().decided().is_none())
            .copied()
            .collect();
        plies.push(open);
        if ply == depth {
            break;
        }
        let mut next = BTreeMap::new();
        for position in &level {
            if position.finished().is_none() {
                position.moves(&mut |_, child| {
                    next.entry(child.search_position().symmetric_key())
                        .or_insert(child);
                });
            }
        }
        level = next.into_values().collect();
    }
    plies
}

/// `positions` (all of one ply) in the order a depth-first walk of the game from the start,
/// moves in the game's order, first reaches them: each search then finds much of its tree
/// in the transposition table the one before filled (a third less time than key order on
/// 7x6 positions of 8 plies, `docs/connect4-7x6.md`).
fn in_play_order<G: SearchableGame>(positions: &[G]) -> Vec<G> {
    let Some(ply) = positions.first().map(|p| p.search_position().plies()) else {
        return Vec::new();
    };
    let mut wanted: BTreeSet<u64> = positions
        .iter()
        .map(|p| p.search_position().symmetric_key())
        .collect();
    let mut order = Vec::with_capacity(positions.len());
    let mut stack = alloc::vec![G::start()];
    let mut children = Vec::new();
    while let Some(position) = stack.pop() {
        let search = position.search_position();
        if search.plies() == ply {
            if wanted.remove(&search.symmetric_key()) {
                order.push(position);
            }
            continue;
        }
        if position.finished().is_some() {
            continue;
        }
        children.clear();
        position.moves(&mut |_, child| children.push(child));
        stack.extend(children.iter().rev());
    }
    order
}

/// Builds the book of every open position up to `depth` plies: the open positions of ply
/// `depth` searched by `engine` on `workers` threads at once (sharing its transposition
/// table), in the order a walk of the game reaches them; then each shallower ply from the
/// one below, a position worth the best of its moves (each move's worth from the book's
/// next ply, or from the rules when the move ends the game or wins at once).
///
/// `known` holds scores already found, by symmetric key (a build that was stopped, read
/// back from what `solved` was given): those of ply `depth` are not searched again, and
/// those of a shallower ply must equal what the ply below gives (a shallower book's scores
/// check the deeper one). `solved` is called with the build's [`Progress`] when a ply
/// begins, then after each position solved with its `(symmetric key, score)`, so that it
/// keeps each as soon as it is found: a stop loses only the positions being searched.
///
/// # Errors
/// The first error `solved` returns (the searches under way are finished first, their
/// scores not kept); a [`BuildError`] when a known score of a shallower ply is not the best
/// of its moves'.
pub fn build_book<G, E, F>(
    engine: &Engine<G::Search>,
    depth: u32,
    known: impl IntoIterator<Item = (u64, i32)>,
    workers: usize,
    mut solved: F,
) -> Result<Book, E>
where
    G: SearchableGame + Notation,
    E: From<BuildError>,
    F: FnMut(Progress, &[(u64, i32)]) -> Result<(), E>,
{
    let levels = book_levels::<G>(depth);
    let known: BTreeMap<u64, i32> = known.into_iter().collect();
    let mut scores: Vec<BTreeMap<u64, i32>> = alloc::vec![BTreeMap::new(); levels.len()];
    // The deepest ply: searched.
    let leaves = levels.last().map_or(&[][..], Vec::as_slice);
    let mut deepest_scores = BTreeMap::new();
    let mut todo = Vec::new();
    for leaf in leaves {
        let key = leaf.search_position().symmetric_key();
        match known.get(&key) {
            Some(&score) => {
                deepest_scores.insert(key, score);
            }
            None => todo.push(*leaf),
        }
    }
    let total = leaves.len();
    let mut done = total - todo.len();
    solved(
        Progress {
            ply: depth,
            done,
            total,
        },
        &[],
    )?;
    let todo: Vec<G::Search> = in_play_order(&todo)
        .iter()
        .map(G::search_position)
        .collect();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(u64, i32)>();
    let outcome = std::thread::scope(|scope| {
        for _ in 0..workers.clamp(1, todo.len().max(1)) {
            let send = send.clone();
            let (next, stop, todo) = (&next, &stop, &todo);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Some(position) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let score = engine.solve(position);
                    if send.send((position.symmetric_key(), score)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for (key, score) in receive {
            deepest_scores.insert(key, score);
            done += 1;
            if let Err(error) = solved(
                Progress {
                    ply: depth,
                    done,
                    total,
                },
                &[(key, score)],
            ) {
                stop.store(true, Ordering::Relaxed);
                return Err(error);
            }
        }
        Ok(())
    });
    outcome?;
    if let Some(deepest) = scores.last_mut() {
        *deepest = deepest_scores;
    }
    // Every shallower ply: each position the best of its moves.
    for ply in (0..depth).rev() {
        let (shallower, deeper) = scores.split_at_mut(ply as usize + 1);
        let (Some(here), Some(below)) = (shallower.last_mut(), deeper.first()) else {
            continue;
        };
        let positions = levels.get(ply as usize).map_or(&[][..], Vec::as_slice);
        let total = positions.len();
        for position in positions {
            let search = position.search_position();
            let key = search.symmetric_key();
            let found =
                best_of_moves(position, below).ok_or(E::from(BuildError::Unsolved { ply, key }))?;
            if let Some(&given) = known.get(&key) {
                if given != found {
                    return Err(BuildError::Disagrees {
                        ply,
                        key,
                        given,
                        found,
                    }
                    .into());
                }
            }
            here.insert(key, found);
        }
        solved(
            Progress {
                ply,
                done: total,
                total,
            },
            &[],
        )?;
    }
    let mut entries = Vec::new();
    for (ply, (level, ply_scores)) in levels.iter().zip(&scores).enumerate() {
        for position in level {
            let search = position.search_position();
            if let Some(&score) = ply_scores.get(&search.symmetric_key()) {
                entries.push((ply as u32, search.book_key(), search.record(score)));
            }
        }
    }
    Ok(Book::new(depth, entries))
}

/// The score of an open position: the best of its moves, each the negation of its
/// child's score, from the rules when the child is decided at once (finished, or won by
/// its side to move at once), else from `below`, the next ply's scores by symmetric key
/// (`None` if a child is missing there).
fn best_of_moves<G: SearchableGame>(position: &G, below: &BTreeMap<u64, i32>) -> Option<i32> {
    let mut best = Some(i32::MIN);
    position.moves(&mut |_, child| {
        let search = child.search_position();
        let score = search
            .decided()
            .or_else(|| below.get(&search.symmetric_key()).copied());
        best = best.zip(score).map(|(best, score)| best.max(-score));
    });
    best
}
