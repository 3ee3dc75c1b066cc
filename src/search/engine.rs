//! The search: negamax with alpha-beta, probed on null windows (MTD(f)) until the exact
//! score is known, over any [`Searchable`] game, with a transposition table shared by
//! every thread and kept between questions, and an optional opening book. One position is
//! searched by every thread at once (lazy SMP); a batch spreads its positions over them.

use alloc::vec::Vec;
use core::marker::PhantomData;
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

use crate::Value;

use super::book::Book;
use super::searchable::{Children, MAX_CHILDREN, Open, Searchable};
use super::transposition::{Bound, DEFAULT_MEMORY, Entry, Read, TranspositionTable};

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

    /// Allocates the transposition table now, rather than at the first search: for a
    /// benchmark that times the search alone.
    pub fn reserve(&self) {
        let _ = self.table();
    }

    /// Forgets what the transposition table holds (the book stays). Never needed for a
    /// right answer: what the table holds stays true, and each question's entries give
    /// way to the next question's.
    pub fn clear(&self) {
        if let Some(table) = self.table.get() {
            table.clear();
        }
    }

    /// The transposition table, allocated at the first call.
    fn table(&self) -> &TranspositionTable {
        self.table
            .get_or_init(|| TranspositionTable::new(self.memory))
    }

    /// The exact score of `position` for its side to move, searched on the engine's
    /// threads.
    #[must_use]
    pub fn solve(&self, position: &S) -> i32 {
        self.solve_counted(position).0
    }

    /// The exact score of `position` and how many positions the search visited (on every
    /// thread).
    #[must_use]
    pub fn solve_counted(&self, position: &S) -> (i32, u64) {
        self.question();
        self.on_every_thread(position, None, |run| self.exact(position, run))
            .map_or((0, 0), |(score, nodes)| (score, nodes))
    }

    /// Whether `position` is won, drawn or lost for its side to move, without the plies:
    /// at most two null-window probes around 0 (is the score at least 1? if not, at least
    /// 0?), each cheaper than the exact score's narrowing. What a check against published
    /// win/draw/loss results needs.
    #[must_use]
    pub fn value(&self, position: &S) -> Value {
        self.value_counted(position).0
    }

    /// [`Engine::value`] and how many positions the search visited (on every thread).
    #[must_use]
    pub fn value_counted(&self, position: &S) -> (Value, u64) {
        self.question();
        self.on_every_thread(position, None, |run| self.sign(position, run))
            .map_or((Value::Draw, 0), |(value, nodes)| (value, nodes))
    }

    /// [`Engine::value`] of every position of `positions`, solved on the engine's threads
    /// at once, one position a thread (they share the transposition table).
    #[must_use]
    pub fn values(&self, positions: &[S]) -> Vec<Value> {
        self.question();
        self.on_threads(positions, None, |position, run| self.sign(position, run))
            .unwrap_or_default()
    }

    /// The exact score of `position`, or `None` if the search is not over by `deadline`:
    /// what a server asks, whose every request has a time limit. What the search proved
    /// before it stopped stays in the transposition table, so asking again goes on from
    /// there.
    #[must_use]
    pub fn solve_within(&self, position: &S, deadline: Instant) -> Option<i32> {
        self.question();
        self.on_every_thread(position, Some(deadline), |run| self.exact(position, run))
            .map(|(score, _)| score)
    }

    /// The exact score of every position of `positions`, each for its own side to move,
    /// solved on the engine's threads at once, one position a thread (they share the
    /// transposition table).
    #[must_use]
    pub fn solve_all(&self, positions: &[S]) -> Vec<i32> {
        self.solve_all_within(positions, None).unwrap_or_default()
    }

    /// [`Engine::solve_all`], given up at `deadline` (`None` if any position is not solved
    /// by then; never without a deadline).
    #[must_use]
    pub fn solve_all_within(&self, positions: &[S], deadline: Option<Instant>) -> Option<Vec<i32>> {
        self.question();
        self.on_threads(positions, deadline, |position, run| {
            self.exact(position, run)
        })
    }

    /// Starts a question: the transposition table's entries so far give way to its.
    fn question(&self) {
        self.table().age();
    }

    /// `search` on every one of the engine's threads at once, over one transposition
    /// table (lazy SMP): the first thread, searching as the game orders its moves, and
    /// helpers whose orders near the root are shuffled a little, so that they search
    /// other parts of the tree first and fill the table with what the first thread will
    /// need next. The first thread to finish answers and stops the others. `None` if the
    /// search is not over by `deadline`; with the answer, the positions visited.
    fn on_every_thread<T: Copy + Send + Sync>(
        &self,
        position: &S,
        deadline: Option<Instant>,
        search: impl Fn(&mut Run<'_>) -> Option<T> + Sync,
    ) -> Option<(T, u64)> {
        let threads = self.threads();
        // A position settled without a search needs no helpers.
        if threads <= 1 || position.decided().is_some() {
            let mut run = Run::new(deadline, None, 0);
            return search(&mut run).map(|answer| (answer, run.nodes));
        }
        let done = AtomicBool::new(false);
        let answer = OnceLock::new();
        let nodes = AtomicUsize::new(0);
        let work = |id: usize| {
            let mut run = Run::new(deadline, Some(&done), id as u64);
            if let Some(found) = search(&mut run) {
                let _ = answer.set(found);
                done.store(true, Ordering::Relaxed);
            }
            nodes.fetch_add(run.nodes as usize, Ordering::Relaxed);
        };
        std::thread::scope(|scope| {
            for id in 1..threads {
                scope.spawn(move || work(id));
            }
            work(0);
        });
        let nodes = nodes.load(Ordering::Relaxed) as u64;
        answer.get().map(|&found| (found, nodes))
    }

    /// `solve` of every position of `positions` on the engine's threads, each with a run
    /// of its own that stops at `deadline`: `None` if any position is not solved by then.
    fn on_threads<T: Copy + Send>(
        &self,
        positions: &[S],
        deadline: Option<Instant>,
        solve: impl Fn(&S, &mut Run<'_>) -> Option<T> + Sync,
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
                match solve(position, &mut Run::new(deadline, None, 0)) {
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

    /// Win, draw or loss by null windows: `None` if `run` stopped first.
    fn sign(&self, position: &S, run: &mut Run<'_>) -> Option<Value> {
        if let Some(score) = position.decided() {
            return Some(position.record(score).value);
        }
        let table = self.table();
        // Is the score at least `beta`? One null window.
        let at_least = |beta: i32, run: &mut Run<'_>| {
            let score = self.search(table, position, beta - 1, beta, run);
            (!run.stopped).then_some(score >= beta)
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

    /// The exact score by null-window probes, MTD(f) (Plaat, Schaeffer, Pijls and de Bruin,
    /// 1996): the first probe asks whether the score is at least 0, each next one whether
    /// it is beyond the bound the last answer proved. Hard positions' scores are mostly
    /// near 0, where this takes few probes (halving the range, as Pons's solver does,
    /// searched 11 % more positions 8 to 12 plies into 7x6; benches/HISTORY.md 13d).
    fn exact(&self, position: &S, run: &mut Run<'_>) -> Option<i32> {
        if let Some(score) = position.decided() {
            return Some(score);
        }
        let table = self.table();
        let (mut min, mut max) = (-SCORE_LIMIT, SCORE_LIMIT);
        let mut guess = 0;
        while min < max {
            let beta = guess.max(min + 1);
            let score = self.search(table, position, beta - 1, beta, run);
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

    /// The score of an open position (not decided) within `(alpha, beta)`, as
    /// [`Engine::negamax`] gives it.
    fn search(
        &self,
        table: &TranspositionTable,
        position: &S,
        alpha: i32,
        beta: i32,
        run: &mut Run<'_>,
    ) -> i32 {
        run.root = position.plies();
        match self.settle(*position, alpha, beta) {
            Settled::Score(score) => score,
            Settled::Open(node) if node.flipped => -self.negamax(table, &node, -beta, -alpha, run),
            Settled::Open(node) => self.negamax(table, &node, alpha, beta, run),
        }
    }

    /// What is known of `position` (open, not decided) without searching it, within the
    /// window `(alpha, beta)` as [`Engine::negamax`] scores: the moves forced on either
    /// side played (no table entry is made for them), the position's bounds from the game
    /// and the book. A score when that settles it, or the position to search.
    #[inline]
    fn settle(&self, mut position: S, mut alpha: i32, mut beta: i32) -> Settled<S> {
        let mut flipped = false;
        let signed = |flipped: bool, score: i32| if flipped { -score } else { score };
        loop {
            let (bounds, moves) = match position.open() {
                Open::Settled(score) => return Settled::Score(signed(flipped, score)),
                Open::Forced(mv) => {
                    position = position.play(mv);
                    flipped = !flipped;
                    (alpha, beta) = (-beta, -alpha);
                    continue;
                }
                Open::Moves(bounds, moves) => (bounds, moves),
            };
            if let Some(score) = self.book.as_ref().and_then(|book| book.score(&position)) {
                return Settled::Score(signed(flipped, score));
            }
            let node = Node {
                position,
                flipped,
                moves,
                min: bounds.min,
                max: bounds.max,
                probed: false,
                key: 0,
                mirrored: false,
                hint: None,
            };
            return match node.cut(alpha, beta) {
                Some(score) => Settled::Score(signed(flipped, score)),
                None => Settled::Open(node),
            };
        }
    }

    /// Negamax with alpha-beta on an open node that [`Engine::settle`] left open: a score
    /// `s <= alpha` when the true score is at most `alpha`, and then the true score is at
    /// most `s`; `s >= beta` when it is at least `beta`, and then at least `s`; the true
    /// score in between. What MTD(f) in [`Engine::exact`] narrows its range by.
    ///
    /// Every child is settled first (the moves forced after it played out, its bounds,
    /// then the table's word on it, every child's bucket read before any is looked into):
    /// a child settled may cut at once, and the others' bounds narrow the window before
    /// any is searched (Steininger's `c4` does the same).
    fn negamax(
        &self,
        table: &TranspositionTable,
        node: &Node<S>,
        alpha: i32,
        beta: i32,
        run: &mut Run<'_>,
    ) -> i32 {
        run.nodes += 1;
        if run.nodes % CHECK_EVERY == 0 {
            run.check();
        }
        if run.stopped {
            return 0;
        }
        let first = run.nodes;
        let mut node = *node;
        if !node.probed {
            node.find_key();
            node.apply(table.read(node.key));
        }
        if let Some(score) = node.cut(alpha, beta) {
            return score;
        }
        let (mut alpha, mut beta) = (alpha.max(node.min), beta.min(node.max));
        let (alpha0, beta0) = (alpha, beta);
        let position = node.position;
        let mut moves = Children::default();
        position.moves(node.moves, &mut moves);
        // The children to search, with their moves.
        let mut open: [Option<(Node<S>, S::Move)>; MAX_CHILDREN] = [None; MAX_CHILDREN];
        let mut count = 0;
        let mut best = (i32::MIN, 0u8);
        // The most any child may be worth.
        let mut most = i32::MIN;
        for &mv in moves.as_slice() {
            match self.settle(position.play(mv), -beta, -alpha) {
                Settled::Score(score) => {
                    most = most.max(-score);
                    if -score > best.0 {
                        best = (-score, position.tag(mv, node.mirrored));
                    }
                    if -score > alpha {
                        alpha = -score;
                        if alpha >= beta {
                            return alpha;
                        }
                    }
                }
                Settled::Open(child) => {
                    if let Some(slot) = open.get_mut(count) {
                        *slot = Some((child, mv));
                        count += 1;
                    }
                }
            }
        }
        let open = open.get_mut(..count).unwrap_or_default();
        // What the table holds of the children: every bucket read, then looked into; but
        // not in the last three eighths of a game (15 plies of 7x6, as `c4`), where most
        // lookups find nothing: a child there is looked up only if it is searched.
        if position.plies() + S::MAX_PLIES * 3 / 8 < S::MAX_PLIES {
            for (child, _) in open.iter_mut().flatten() {
                child.find_key();
            }
            let mut reads = [None; MAX_CHILDREN];
            for (read, (child, _)) in reads.iter_mut().zip(open.iter().flatten()) {
                *read = Some(table.read(child.key));
            }
            for (read, (child, _)) in reads.into_iter().zip(open.iter_mut().flatten()) {
                if let Some(read) = read {
                    child.apply(read);
                }
            }
        }
        // How promising each child looks.
        let mut promises = [i32::MIN; MAX_CHILDREN];
        let mut kept = 0;
        for i in 0..open.len() {
            let Some(Some((child, mv))) = open.get(i).copied() else {
                continue;
            };
            // What the child's bounds say of this move, for this position.
            let (low, high) = if child.flipped {
                (child.min, child.max)
            } else {
                (-child.max, -child.min)
            };
            most = most.max(high);
            if low > best.0 {
                best = (low, position.tag(mv, node.mirrored));
            }
            if low > alpha {
                alpha = low;
                if alpha >= beta {
                    return alpha;
                }
            }
            if low >= high || high <= alpha {
                // Settled by the table, or it cannot raise this position's score: what
                // it can be worth counts as an upper bound all the same.
                if high > best.0 {
                    best = (high, position.tag(mv, node.mirrored));
                }
                continue;
            }
            let hint = node.hint == Some(position.tag(mv, node.mirrored));
            let promise = position.promise(&node.moves, mv)
                + if hint { HINT } else { 0 }
                + run.jitter(position.plies());
            if let (Some(slot), Some(p)) = (open.get_mut(kept), promises.get_mut(kept)) {
                *slot = Some((child, mv));
                *p = promise;
                kept += 1;
            }
        }
        let open = open.get_mut(..kept).unwrap_or_default();
        // No child is worth more than `most`: nor is this position. With every child
        // settled, that is its score.
        beta = beta.min(most);
        if alpha >= beta || open.is_empty() {
            return most;
        }
        // Most promising first; equals keep the game's order (an insertion sort: a few
        // moves).
        for i in 1..open.len() {
            let mut j = i;
            while j > 0 && promises.get(j - 1) < promises.get(j) {
                open.swap(j - 1, j);
                promises.swap(j - 1, j);
                j -= 1;
            }
        }
        for &(child, mv) in open.iter().flatten() {
            let score = if child.flipped {
                self.negamax(table, &child, alpha, beta, run)
            } else {
                -self.negamax(table, &child, -beta, -alpha, run)
            };
            if run.stopped {
                // A stopped search proves nothing: nothing goes into the table.
                return 0;
            }
            if score > best.0 {
                best = (score, position.tag(mv, node.mirrored));
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        let (score, tag) = best;
        let bound = if score <= alpha0 {
            // At most `score`: exact if the table knew it was at least that.
            if score <= node.min {
                Bound::Exact(node.min)
            } else {
                Bound::Upper(score)
            }
        } else if score >= beta0 {
            if score >= node.max {
                Bound::Exact(node.max)
            } else {
                Bound::Lower(score)
            }
        } else {
            Bound::Exact(score)
        };
        table.put(node.key, Entry { bound, tag }, run.nodes - first + 1);
        score
    }
}

/// Scores lie within this, either way.
const SCORE_LIMIT: i32 = 64;

/// What the transposition table's best move adds to a move's promise: it goes first.
const HINT: i32 = 1 << 20;

/// How many positions the search visits between two looks at the clock.
const CHECK_EVERY: u64 = 4096;

/// A position as the search holds it: settled as far as it goes without a search, with
/// what it found.
#[derive(Clone, Copy)]
struct Node<S: Searchable> {
    /// The position, after the moves forced on either side.
    position: S,
    /// Whether an odd number of forced moves was played to reach it: its scores are the
    /// negation of the position it was settled from.
    flipped: bool,
    /// Its moves, as the game found them.
    moves: S::Moves,
    /// The lowest score it can have.
    min: i32,
    /// The highest.
    max: i32,
    /// Whether the transposition table was asked about it.
    probed: bool,
    /// Its key in the transposition table, once asked.
    key: u64,
    /// Whether the table sees its moves in a mirror.
    mirrored: bool,
    /// The best move the table kept for it, by tag.
    hint: Option<u8>,
}

impl<S: Searchable> Node<S> {
    /// Finds the node's key in the transposition table.
    #[inline]
    fn find_key(&mut self) {
        let (key, mirrored) = self.position.table_key();
        self.probed = true;
        self.key = key;
        self.mirrored = mirrored;
    }

    /// Narrows the bounds by what the transposition table holds (`read` at the node's
    /// key).
    #[inline]
    fn apply(&mut self, read: Read) {
        if let Some(entry) = read.entry() {
            match entry.bound {
                Bound::Exact(score) => (self.min, self.max) = (score, score),
                Bound::Lower(score) => {
                    self.min = self.min.max(score);
                    self.hint = Some(entry.tag);
                }
                Bound::Upper(score) => self.max = self.max.min(score),
            }
        }
    }

    /// The score that settles the node within `(alpha, beta)` (its own side's view), if
    /// its bounds do.
    #[inline]
    fn cut(&self, alpha: i32, beta: i32) -> Option<i32> {
        if self.min >= beta || self.min >= self.max {
            Some(self.min)
        } else if self.max <= alpha {
            Some(self.max)
        } else {
            None
        }
    }
}

/// What [`Engine::settle`] found.
enum Settled<S: Searchable> {
    /// A score within the window's meaning, for the position settled.
    Score(i32),
    /// The position to search.
    Open(Node<S>),
}

/// One thread's search: the positions it visited, when it must stop, and how it shuffles
/// its moves.
struct Run<'a> {
    nodes: u64,
    deadline: Option<Instant>,
    /// Set when another thread has the answer.
    done: Option<&'a AtomicBool>,
    stopped: bool,
    /// The shuffle's state (0 for none: the first thread).
    random: u64,
    /// The plies of the position searched.
    root: u32,
}

impl<'a> Run<'a> {
    /// A search that must be over by `deadline` (never, with `None`) or when `done` is
    /// set, the `id`-th of its threads.
    fn new(deadline: Option<Instant>, done: Option<&'a AtomicBool>, id: u64) -> Self {
        Run {
            nodes: 0,
            deadline,
            done,
            stopped: false,
            random: id.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            root: 0,
        }
    }

    /// Stops the search if its deadline has passed or another thread has the answer.
    fn check(&mut self) {
        self.stopped |= self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.done.is_some_and(|done| done.load(Ordering::Relaxed));
    }

    /// What a helper thread adds to a move's promise at a position of `plies` plies: a
    /// little noise near the root, none deeper or on the first thread.
    #[inline]
    fn jitter(&mut self, plies: u32) -> i32 {
        if self.random == 0 || plies >= self.root + JITTER_PLIES {
            return 0;
        }
        // xorshift64
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        (self.random % JITTER) as i32
    }
}

/// How deep below the root a helper thread shuffles its moves.
const JITTER_PLIES: u32 = 8;

/// The most a helper's noise adds to a move's promise: less than one threat's worth.
const JITTER: u64 = 24;
