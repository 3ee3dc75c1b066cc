//! Building an opening book: every open position up to a ply, solved by the engine from
//! the deepest ply up (each ply's search stops at the ply below it, already in the book).

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

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

/// One position of each mirror pair at every ply up to `depth`, from the start: the open
/// positions a book of `depth` plies holds (those [`Searchable::decided`] leaves open).
#[must_use]
pub fn book_positions<G: SearchableGame>(depth: u32) -> Vec<Vec<G::Search>> {
    let mut plies = Vec::new();
    let mut level = alloc::vec![G::start()];
    for ply in 0..=depth {
        let open = level
            .iter()
            .map(G::search_position)
            .filter(|p| p.decided().is_none())
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

/// Builds the book of every open position up to `depth` plies with `engine`.
///
/// `known` holds scores already found, by symmetric key (a build that was stopped, read
/// back from what `solved` was given): they are not searched again. `solved` is called
/// after each batch of positions with the build's [`Progress`] and the batch's new
/// `(symmetric key, score)` pairs, to keep them and to show how far the build is; an
/// error from it stops the build. The engine's book is replaced by the scores found as
/// the build goes.
///
/// # Errors
/// The first error `solved` returns.
pub fn build_book<G, E, F>(
    engine: &mut Engine<G::Search>,
    depth: u32,
    known: impl IntoIterator<Item = (u64, i32)>,
    mut solved: F,
) -> Result<Book, E>
where
    G: SearchableGame + Notation,
    F: FnMut(Progress, &[(u64, i32)]) -> Result<(), E>,
{
    let levels = book_positions::<G>(depth);
    // Each book position by its key, to give a score its ply and its record.
    let found_at: BTreeMap<u64, (u32, G::Search)> = levels
        .iter()
        .enumerate()
        .flat_map(|(ply, positions)| {
            positions
                .iter()
                .map(move |&p| (p.symmetric_key(), (ply as u32, p)))
        })
        .collect();
    let book_of = |scores: &BTreeMap<u64, i32>| {
        Book::new(
            depth,
            scores.iter().filter_map(|(key, &score)| {
                let &(ply, position) = found_at.get(key)?;
                Some((ply, *key, position.record(score)))
            }),
        )
    };
    let mut scores: BTreeMap<u64, i32> = known.into_iter().collect();
    let batch = engine.threads() * 2;
    for (ply, positions) in levels.iter().enumerate().rev() {
        let ply = ply as u32;
        engine.set_book(Some(book_of(&scores)));
        let todo: Vec<G::Search> = positions
            .iter()
            .filter(|p| !scores.contains_key(&p.symmetric_key()))
            .copied()
            .collect();
        let mut done = positions.len() - todo.len();
        let total = positions.len();
        solved(Progress { ply, done, total }, &[])?;
        for chunk in todo.chunks(batch.max(1)) {
            let found: Vec<(u64, i32)> = chunk
                .iter()
                .map(Searchable::symmetric_key)
                .zip(engine.solve_all(chunk))
                .collect();
            scores.extend(found.iter().copied());
            done += chunk.len();
            solved(Progress { ply, done, total }, &found)?;
        }
    }
    let book = book_of(&scores);
    engine.set_book(Some(book.clone()));
    Ok(book)
}
