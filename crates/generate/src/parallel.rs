//! The solvers' parallel loops, written once for every game.
//!
//! Each is a rayon loop over numbered chunks of work that calls one `&dyn Fn` a chunk. A
//! rayon chain written inside a solver generic over the game (`par_chunks_mut(..).map(..)`)
//! is compiled again for every game, rayon's machinery with it: in the CLI, which can solve
//! seventeen games into files, that machinery was 0.95 of its 2.0 million lines of LLVM IR
//! (benches/HISTORY.md 29). Behind these functions it is compiled once for each kind of
//! answer, and the game's own work stays monomorphic inside the closure; one dynamic call a
//! chunk of thousands of positions costs nothing measurable.

use rayon::prelude::*;

/// The work on one piece of a slice: the piece's number, its items, an answer or an error.
type Piece<'a, T, R, E> = dyn Fn(usize, &[T]) -> Result<R, E> + Sync + 'a;

/// [`Piece`] with the items written to.
type PieceMut<'a, T, R, E> = dyn Fn(usize, &mut [T]) -> Result<R, E> + Sync + 'a;

/// `work(i, item)` for every item of `items` on the current pool: the answers in the
/// items' order, or the first error found (the items not yet begun then skipped).
pub(crate) fn try_map_each<T: Sync, R: Send, E: Send>(
    items: &[T],
    work: &(dyn Fn(usize, &T) -> Result<R, E> + Sync),
) -> Result<Vec<R>, E> {
    items
        .par_iter()
        .enumerate()
        .map(|(i, item)| work(i, item))
        .collect()
}

/// `work(i, item)` for every item of `items` on the current pool.
pub(crate) fn for_each_item<T: Sync>(items: &[T], work: &(dyn Fn(usize, &T) + Sync)) {
    items
        .par_iter()
        .enumerate()
        .for_each(|(i, item)| work(i, item));
}

/// `work(c, piece)` for the `c`-th piece of `size` items of `items` (the last may be
/// shorter) on the current pool: the answers in the pieces' order, or the first error.
pub(crate) fn try_map_pieces<T: Sync, R: Send, E: Send>(
    items: &[T],
    size: usize,
    work: &Piece<'_, T, R, E>,
) -> Result<Vec<R>, E> {
    items
        .par_chunks(size)
        .enumerate()
        .map(|(c, piece)| work(c, piece))
        .collect()
}

/// [`try_map_pieces`] with each piece written to.
pub(crate) fn try_map_pieces_mut<T: Send, R: Send, E: Send>(
    items: &mut [T],
    size: usize,
    work: &PieceMut<'_, T, R, E>,
) -> Result<Vec<R>, E> {
    items
        .par_chunks_mut(size)
        .enumerate()
        .map(|(c, piece)| work(c, piece))
        .collect()
}

/// `work()` on `pool`'s threads: every parallel loop inside it runs on them.
pub(crate) fn install<R: Send>(pool: &rayon::ThreadPool, work: &(dyn Fn() -> R + Sync)) -> R {
    pool.install(work)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers come back in the chunks' order however the pool ran them, and an error
    /// stops the loop.
    #[test]
    fn answers_keep_their_order_and_errors_stop() {
        let items: Vec<usize> = (0..1000).collect();
        let squares = try_map_each::<usize, usize, ()>(&items, &|i, &item| Ok(i * item)).unwrap();
        assert_eq!(squares, (0..1000).map(|c| c * c).collect::<Vec<_>>());
        let failed = try_map_each(&items, &|_, &item| {
            if item == 700 { Err(item) } else { Ok(item) }
        });
        assert_eq!(failed, Err(700));

        let sums = try_map_pieces::<usize, usize, ()>(&items, 64, &|c, piece| {
            assert_eq!(piece.first(), Some(&(c * 64)));
            Ok(piece.iter().sum())
        })
        .unwrap();
        assert_eq!(sums.len(), 16);
        assert_eq!(sums.iter().sum::<usize>(), 1000 * 999 / 2);

        let mut written: Vec<usize> = (0..1001).collect();
        let lens = try_map_pieces_mut::<usize, usize, ()>(&mut written, 10, &|c, piece| {
            for item in piece.iter_mut() {
                *item += c;
            }
            Ok(piece.len())
        })
        .unwrap();
        assert_eq!(lens.len(), 101);
        assert_eq!(lens.last(), Some(&1));
        assert!(
            written
                .iter()
                .enumerate()
                .all(|(i, &item)| item == i + i / 10)
        );

        let seen = std::sync::atomic::AtomicUsize::new(0);
        for_each_item(&items, &|i, &item| {
            seen.fetch_add(i + item, std::sync::atomic::Ordering::Relaxed);
        });
        assert_eq!(seen.into_inner(), 1000 * 999);

        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        assert_eq!(install(&pool, &rayon::current_num_threads), 2);
    }
}
