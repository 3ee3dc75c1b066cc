//! The search: negamax with alpha-beta, probed on null windows (MTD(f)) until the exact
//! score is known, over any [`Searchable`] game, with a shared transposition table and an
//! optional opening book; root moves searched in parallel.

use alloc::vec::Vec;
use core::marker::PhantomData;
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

use crate::Value;

use super::book::Book;
use super::searchable::{Children, Searchable};
use super::table::{Bound, DEFAULT_MEMORY, TranspositionTable};

/// A search engine for positions of type `S`: its transposition table (the memory budget
/// it was given, allocated at the first search, so that an engine whose questions its book
/// answers costs nothing), its opening book if any, and how many threads an analysis uses.
#[derive(Debug)]
pub struct Engine<S> {
    table: OnceLock<TranspositionTable>,
    memory: usize,
    book: Option<Book>,
    threads: AtomicUsize,
    game: PhantomData<fn(S)>,
}

impl<S: Searchable> Default for Engine<S> {
    /// [`DEFAULT_MEMORY`], no book, every core the machine offers.
    fn default() -> Self {
        Engine::new(DEFAULT_MEMORY)
    }
}

impl<S: Searchable> Engine<S> {
    /// An engine whose transposition table takes at most `memory` bytes, no book, and as
    /// many threads as the machine has cores.
    #[must_use]
    pub fn new(memory: usize) -> Self {
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        Engine {
            table: OnceLock::new(),
            memory,
            book: None,
            threads: AtomicUsize::new(threads),
            game: PhantomData,
        }
    }

    /// The same engine, analysing with `threads` threads (at least one).
    #[must_use]
    pub fn with_threads(self, threads: usize) -> Self {
        self.set_threads(threads);
        self
    }

    /// Analyses with `threads` threads (at least one) from now on: for an engine already
    /// shared, as a registered game's is.
    pub fn set_threads(&self, threads: usize) {
        self.threads.store(threads.max(1), Ordering::Relaxed);
    }

    /// The same engine, answering the positions `book` holds from it.
    #[must_use]
    pub fn with_book(mut self, book: Book) -> Self {
        self.book = Some(book);
        self
    }

    /// Answers the positions `book` holds from it from now on (none with `None`).
    pub fn set_book(&mut self, book: Option<Book>) {
        self.book = book;
    }

    /// How many threads an analysis uses.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads.load(Ordering::Relaxed)
    }

    /// The transposition table's budget in bytes: it takes at most this much.
    #[must_use]
    pub fn memory(&self) -> usize {
        self.memory
    }

    /// The opening book, if the engine has one.
    #[must_use]
    pub fn book(&self) -> Option<&Book> {
        self.book.as_ref()
    }

    /// Allocates the transposition table now and writes every slot, rather than at the
    /// first search and page by page as the search reaches them: for a benchmark that
    /// times the search alone.
    pub fn reserve(&self) {
        self.table
            .get_or_init(|| TranspositionTable::new(self.memory))
            .clear();
    }

    /// Forgets what the transposition table holds (the book stays).
    pub fn clear(&self) {
        if let Some(table) = self.table.get() {
            table.clear();
        }
    }

    /// The exact score of `position` for its side to move.
    #[must_use]
    pub fn solve(&self, position: &S) -> i32 {
        self.solve_counted(position).0
    }

    /// The exact score of `position` and how many positions the search visited.
    #[must_use]
    pub fn solve_counted(&self, position: &S) -> (i32, u64) {
        let mut run = Run::new(None);
        let score = self.exact(position, &mut run).unwrap_or(0);
        (score, run.nodes)
    }

    /// Whether `position` is won, drawn or lost for its side to move, without the plies:
    /// at most two null-window probes around 0 (is the score at least 1? if not, at least
    /// 0?), each cheaper than the exact score's narrowing. What a check against published
    /// win/draw/loss results needs.
    #[must_use]
    pub fn value(&self, position: &S) -> Value {
        self.value_counted(position).0
    }

    /// [`Engine::value`] and how many positions the search visited.
    #[must_use]
    pub fn value_counted(&self, position: &S) -> (Value, u64) {
        let mut run = Run::new(None);
        let value = self.sign(position, &mut run).unwrap_or(Value::Draw);
        (value, run.nodes)
    }

    /// [`Engine::value`] of every position of `positions`, solved on the engine's threads
    /// at once (they share the transposition table).
    #[must_use]
    pub fn values(&self, positions: &[S]) -> Vec<Value> {
        self.on_threads(positions, None, |position, run| self.sign(position, run))
            .unwrap_or_default()
    }

    /// Win, draw or loss by null windows: `None` if `run` stopped first.
    fn sign(&self, position: &S, run: &mut Run) -> Option<Value> {
        let score = match position.decided() {
            Some(score) => Some(score),
            None => self.book.as_ref().and_then(|book| book.score(position)),
        };
        if let Some(score) = score {
            return Some(position.record(score).value);
        }
        let (bounds, _) = position.open();
        let table = self
            .table
            .get_or_init(|| TranspositionTable::new(self.memory));
        // Is the score at least `beta`? Known from the bounds, or one null window.
        let at_least = |beta: i32, run: &mut Run| {
            if bounds.min >= beta {
                Some(true)
            } else if bounds.max < beta {
                Some(false)
            } else {
                let score = self.negamax(table, position, beta - 1, beta, run);
                (!run.stopped).then_some(score >= beta)
            }
        };
        // Wins first: most open positions early in Connect Four are won, and a win takes
        // one probe.
        Some(if at_least(1, run)? {
            Value::Win
        } else if at_least(0, run)? {
            Value::Draw
        } else {
            Value::Loss
        })
    }

    /// The exact score of `position`, or `None` if the search is not over by `deadline`:
    /// what a server asks, whose every request has a time limit. What the search proved
    /// before it stopped stays in the transposition table, so asking again goes on from
    /// there.
    #[must_use]
    pub fn solve_within(&self, position: &S, deadline: Instant) -> Option<i32> {
        self.exact(position, &mut Run::new(Some(deadline)))
    }

    /// The exact score of every position of `positions`, each for its own side to move,
    /// solved on the engine's threads at once (they share the transposition table).
    #[must_use]
    pub fn solve_all(&self, positions: &[S]) -> Vec<i32> {
        self.solve_all_within(positions, None).unwrap_or_default()
    }

    /// [`Engine::solve_all`], given up at `deadline` (`None` if any position is not solved
    /// by then; never without a deadline).
    #[must_use]
    pub fn solve_all_within(&self, positions: &[S], deadline: Option<Instant>) -> Option<Vec<i32>> {
        self.on_threads(positions, deadline, |position, run| {
            self.exact(position, run)
        })
    }

    /// `solve` of every position of `positions` on the engine's threads, each with a run
    /// of its own that stops at `deadline`: `None` if any position is not solved by then.
    fn on_threads<T: Copy + Send>(
        &self,
        positions: &[S],
        deadline: Option<Instant>,
        solve: impl Fn(&S, &mut Run) -> Option<T> + Sync,
    ) -> Option<Vec<T>> {
        let threads = self.threads().min(positions.len()).max(1);
        // Each thread takes the next unsolved position, so a long one does not hold up
        // the rest; one that runs out of time stops them all.
        let next = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        let work = || {
            let mut mine = Vec::new();
            while !stopped.load(Ordering::Relaxed) {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(position) = positions.get(i) else {
                    break;
                };
                match solve(position, &mut Run::new(deadline)) {
                    Some(answer) => mine.push((i, answer)),
                    None => stopped.store(true, Ordering::Relaxed),
                }
            }
            mine
        };
        let solved: Vec<Vec<(usize, T)>> = if threads == 1 {
            alloc::vec![work()]
        } else {
            std::thread::scope(|scope| {
                let workers: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
                // A worker that panicked (it cannot: the search has no panics) leaves its
                // positions unsolved, which the count below sees.
                workers
                    .into_iter()
                    .map(|w| w.join().unwrap_or_default())
                    .collect()
            })
        };
        let mut answers = alloc::vec![None; positions.len()];
        for (i, answer) in solved.into_iter().flatten() {
            if let Some(slot) = answers.get_mut(i) {
                *slot = Some(answer);
            }
        }
        answers.into_iter().collect()
    }

    /// The exact score by null-window probes, MTD(f) (Plaat, Schaeffer, Pijls and de Bruin,
    /// 1996): the first probe asks whether the score is at least 0, each next one whether
    /// it is beyond the bound the last answer proved. Hard positions' scores are mostly
    /// near 0, where this takes few probes (halving the range, as Pons's solver does,
    /// searched 11 % more positions 8 to 12 plies into 7x6; benches/HISTORY.md 13d).
    fn exact(&self, position: &S, run: &mut Run) -> Option<i32> {
        if let Some(score) = position.decided() {
            return Some(score);
        }
        if let Some(score) = self.book.as_ref().and_then(|book| book.score(position)) {
            return Some(score);
        }
        let (bounds, _) = position.open();
        let (mut min, mut max) = (bounds.min, bounds.max);
        let table = self
            .table
            .get_or_init(|| TranspositionTable::new(self.memory));
        let mut guess = 0.clamp(min, max);
        while min < max {
            let beta = guess.max(min + 1);
            let score = self.negamax(table, position, beta - 1, beta, run);
            if run.stopped {
                return None;
            }
            if score < beta {
                max = score;
            } else {
                min = score;
            }
            guess = score;
        }
        Some(min)
    }

    /// Negamax with alpha-beta on an open position (not decided): a score `s <= alpha`
    /// when the true score is at most `alpha`, and then the true score is at most `s`;
    /// `s >= beta` when it is at least `beta`, and then at least `s`; the true score in
    /// between. What MTD(f) in [`Engine::exact`] narrows its range by.
    fn negamax(
        &self,
        table: &TranspositionTable,
        position: &S,
        mut alpha: i32,
        mut beta: i32,
        run: &mut Run,
    ) -> i32 {
        run.nodes += 1;
        if run.nodes % CHECK_EVERY == 0 {
            run.check();
        }
        if run.stopped {
            return 0;
        }
        let (bounds, moves) = position.open();
        let (mut min, mut max) = (bounds.min, bounds.max);
        if min >= max {
            return min;
        }
        // The table keeps the positions of an even ply only; a position of an odd ply
        // asks it about its children instead (enhanced transposition cutoff, below). One
        // memory access or one round of them a position, not both, and twice the
        // positions in the same memory: fewer lookups saved more time than the 25 % more
        // positions searched cost (benches/HISTORY.md 13d; bitbully does the same).
        let key = (position.plies() % 2 == 0).then(|| position.key());
        if let Some(key) = key {
            match table.get(key) {
                Some(Bound::Lower(score)) => min = min.max(score),
                Some(Bound::Upper(score)) => max = max.min(score),
                None => {}
            }
        }
        if let Some(score) = self.book.as_ref().and_then(|book| book.score(position)) {
            return score;
        }
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let mut children = Children::default();
        position.order(moves, &mut children);
        // Enhanced transposition cutoff: a child the table already bounds from above
        // bounds this position from below, and may settle it without a search. Its
        // children are the positions the table keeps.
        if key.is_none() {
            for &mv in children.as_slice() {
                if let Some(Bound::Upper(score)) = table.get(position.play(mv).key()) {
                    if -score >= beta {
                        return -score;
                    }
                }
            }
        }
        for &mv in children.as_slice() {
            let score = -self.negamax(table, &position.play(mv), -beta, -alpha, run);
            if run.stopped {
                // A stopped search proves nothing: nothing goes into the table.
                return 0;
            }
            if score >= beta {
                if let Some(key) = key {
                    table.put(key, Bound::Lower(score));
                }
                return score;
            }
            alpha = alpha.max(score);
        }
        if let Some(key) = key {
            table.put(key, Bound::Upper(alpha));
        }
        alpha
    }
}

/// How many positions the search visits between two looks at the clock.
const CHECK_EVERY: u64 = 4096;

/// One search's own state: the positions it visited, and when it must stop.
struct Run {
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl Run {
    /// A search that must be over by `deadline` (never, with `None`).
    fn new(deadline: Option<Instant>) -> Self {
        Run {
            nodes: 0,
            deadline,
            stopped: false,
        }
    }

    /// Stops the search if its deadline has passed.
    fn check(&mut self) {
        self.stopped |= self.deadline.is_some_and(|d| Instant::now() >= d);
    }
}
