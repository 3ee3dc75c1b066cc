//! The search: negamax with alpha-beta, probed on null windows (MTD(f)) until the exact
//! score is known, over any [`Searchable`] game, with a transposition table shared by
//! every thread and kept between questions, and an optional opening book. One position is
//! searched by every thread at once (two windows at once, more threads helping, as
//! `Engine::narrow` says); a batch spreads its positions over them.

use alloc::vec::Vec;
use core::marker::PhantomData;
use core::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use crate::Value;

use super::book::Book;
use super::searchable::{Children, MAX_CHILDREN, Open, Searchable};
use super::transposition::{Bound, DEFAULT_MEMORY, Entry, Read, TranspositionTable};
use super::windows::{Known, Question, SCORE_LIMIT};

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
        let mut nodes = 0;
        let score = self.answer(position, Question::Exact, None, &mut nodes);
        (score.map_or(0, |known| known.score()), nodes)
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
        let mut nodes = 0;
        let value = self.answer(position, Question::Sign, None, &mut nodes);
        (value.map_or(Value::Draw, |known| known.value()), nodes)
    }

    /// [`Engine::value`] of every position of `positions`, solved on the engine's threads
    /// at once, one position a thread (they share the transposition table).
    #[must_use]
    pub fn values(&self, positions: &[S]) -> Vec<Value> {
        self.question();
        self.on_threads(positions, None, |position, run| {
            alone(position, Question::Sign, -SCORE_LIMIT, |beta| {
                self.probe_on(position, beta, run).ok()
            })
            .map(|known| known.value())
        })
        .unwrap_or_default()
    }

    /// The exact score of `position`, or `None` if the search is not over by `deadline`:
    /// what a server asks, whose every request has a time limit. What the search proved
    /// before it stopped stays in the transposition table, so asking again goes on from
    /// there.
    #[must_use]
    pub fn solve_within(&self, position: &S, deadline: Instant) -> Option<i32> {
        self.question();
        let mut nodes = 0;
        self.answer(position, Question::Exact, Some(deadline), &mut nodes)
            .map(|known| known.score())
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
            alone(position, Question::Exact, self.floor(position), |beta| {
                self.probe_on(position, beta, run).ok()
            })
            .map(|known| known.score())
        })
    }

    /// The least score of `position` its parents in the book prove, one ply past its
    /// depth: minus each parent's score (a position is worth at least what each of its
    /// moves gives). The least score of any position otherwise.
    fn floor(&self, position: &S) -> i32 {
        let mut floor = -SCORE_LIMIT;
        if let Some(book) = &self.book {
            if position.plies() == book.depth() + 1 {
                position.parents(&mut |parent| {
                    if let Some(score) = book.score(&parent) {
                        floor = floor.max(-score);
                    }
                });
            }
        }
        floor
    }

    /// Starts a question: the transposition table's entries so far give way to its.
    fn question(&self) {
        self.table().age();
    }

    /// `question` of `position` answered on the engine's threads (a decided position at
    /// once), from the least score its parents in the book prove.
    fn answer(
        &self,
        position: &S,
        question: Question,
        deadline: Option<Instant>,
        nodes: &mut u64,
    ) -> Option<Known> {
        match position.decided() {
            Some(score) => Some(Known::exactly(score)),
            None => self.narrow(position, question, self.floor(position), deadline, nodes),
        }
    }

    /// Narrows the score of `position` (open, not decided) from `floor` until `question`
    /// is answered, by null-window probes on every one of the engine's threads over one
    /// transposition table. One thread probes one window after another (MTD(f)). With
    /// more, each thread takes the most wanted window no other thread is probing
    /// ([`Known::wanted`]: the one the sequence asks next, then the one beside it that the
    /// answer will most likely ask after), and a thread finding both taken helps with the
    /// most wanted one with a little noise in its move order near the root (lazy SMP, as
    /// c4's pool does), searching other parts of the tree first and filling the table with
    /// what the others need next. A probe whose answer another's implies is stopped, the
    /// probes in flight are kept. `None` if the question is not answered by `deadline`;
    /// the positions visited are added to `nodes`.
    fn narrow(
        &self,
        position: &S,
        question: Question,
        floor: i32,
        deadline: Option<Instant>,
        nodes: &mut u64,
    ) -> Option<Known> {
        let threads = self.threads();
        if threads <= 1 {
            let mut run = Run::new(deadline, None, 0);
            let known = narrow_alone(question, Known::new(floor), |beta| {
                self.probe_on(position, beta, &mut run).ok()
            });
            *nodes += run.nodes;
            return known;
        }
        let shared = Mutex::new(Shared {
            known: Known::new(floor),
            probing: alloc::vec![None; threads],
            out_of_time: false,
        });
        let stops: Vec<AtomicBool> = (0..threads).map(|_| AtomicBool::new(false)).collect();
        let visited = AtomicU64::new(0);
        let work = |id: usize| {
            let Some(stop) = stops.get(id) else {
                return;
            };
            let told = || stop.load(Ordering::Relaxed);
            loop {
                let (beta, helping) = {
                    let mut shared = lock(&shared);
                    if shared.out_of_time {
                        break;
                    }
                    let Some((beta, helping)) = shared.choose(question) else {
                        break;
                    };
                    if let Some(probing) = shared.probing.get_mut(id) {
                        *probing = Some(beta);
                    }
                    stop.store(false, Ordering::Relaxed);
                    (beta, helping)
                };
                let mut run = Run::new(deadline, Some(&told), noise(id, helping));
                let answer = self.probe_on(position, beta, &mut run);
                visited.fetch_add(run.nodes, Ordering::Relaxed);
                let mut shared = lock(&shared);
                if let Some(probing) = shared.probing.get_mut(id) {
                    *probing = None;
                }
                match answer {
                    Ok(score) => {
                        shared.known.learn(beta, score);
                        let known = shared.known;
                        let settled = known.settled(question);
                        for (probing, stop) in shared.probing.iter().zip(&stops) {
                            if probing.is_some_and(|beta| settled || !known.open(beta)) {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                    Err(Stop::OutOfTime) => {
                        shared.out_of_time = true;
                        for stop in &stops {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    // Stopped as another probe's answer implied this one's.
                    Err(Stop::Told) => {}
                }
            }
        };
        std::thread::scope(|scope| {
            for id in 1..threads {
                scope.spawn(move || work(id));
            }
            work(0);
        });
        *nodes += visited.load(Ordering::Relaxed);
        let known = lock(&shared).known;
        known.settled(question).then_some(known)
    }

    /// One null-window probe of `position`, `(beta - 1, beta)`, by `run` alone, or why it
    /// stopped first.
    fn probe_on(&self, position: &S, beta: i32, run: &mut Run<'_>) -> Result<i32, Stop> {
        let score = self.search(self.table(), position, beta - 1, beta, run);
        match run.stopped {
            Some(stop) => Err(stop),
            None => Ok(score),
        }
    }

    /// `solve` of every position of `positions` on the engine's threads, each with a run
    /// of its own that stops at `deadline`: `None` if any position is not solved by then.
    /// Each thread takes the next position no thread has taken, so a long one does not
    /// hold up the rest; a thread that finds none left helps with the first one still
    /// being solved (lazy SMP: the same question, its move order jittered), and whichever
    /// answers first answers for both. One that runs out of time stops them all.
    fn on_threads<T: Copy + Send + Sync>(
        &self,
        positions: &[S],
        deadline: Option<Instant>,
        solve: impl Fn(&S, &mut Run<'_>) -> Option<T> + Sync,
    ) -> Option<Vec<T>> {
        let threads = self.threads().min(positions.len()).max(1);
        let next = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        let answers: Vec<OnceLock<T>> = positions.iter().map(|_| OnceLock::new()).collect();
        let work = |id: usize| {
            while !stopped.load(Ordering::Relaxed) {
                let taken = next.fetch_add(1, Ordering::Relaxed);
                let (i, helping) = if taken < positions.len() {
                    (taken, false)
                } else {
                    match answers.iter().position(|answer| answer.get().is_none()) {
                        Some(i) => (i, true),
                        None => break,
                    }
                };
                let (Some(position), Some(answer)) = (positions.get(i), answers.get(i)) else {
                    break;
                };
                let answered = || answer.get().is_some();
                let mut run = Run::new(deadline, Some(&answered), noise(id, helping));
                match solve(position, &mut run) {
                    Some(found) => {
                        let _ = answer.set(found);
                    }
                    // Out of time: the whole batch is.
                    None if run.stopped == Some(Stop::OutOfTime) => {
                        stopped.store(true, Ordering::Relaxed);
                    }
                    // Another thread answered it first.
                    None => {}
                }
            }
        };
        if threads == 1 {
            work(0);
        } else {
            std::thread::scope(|scope| {
                for id in 1..threads {
                    scope.spawn(move || work(id));
                }
                work(0);
            });
        }
        // A position unanswered (out of time) makes the whole `None`.
        answers
            .into_iter()
            .map(|answer| answer.into_inner())
            .collect()
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
        match self.settle(*position, alpha, beta) {
            Settled::Score(score) => score,
            Settled::Open(node) if node.flipped => {
                -self.negamax(table, &node, -beta, -alpha, run.jitter, run)
            }
            Settled::Open(node) => self.negamax(table, &node, alpha, beta, run.jitter, run),
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
            // The book first: it holds the positions whose reply is forced too, which the
            // search would otherwise follow past the book's last ply.
            if let Some(score) = self.book.as_ref().and_then(|book| book.score(&position)) {
                return Settled::Score(signed(flipped, score));
            }
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
        jitter: u32,
        run: &mut Run<'_>,
    ) -> i32 {
        run.nodes += 1;
        if run.nodes % CHECK_EVERY == 0 {
            run.check();
        }
        if run.stopped.is_some() {
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
            let promise =
                position.promise(&node.moves, mv) + if hint { HINT } else { 0 } + run.noise(jitter);
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
        let promises = promises.get(..open.len()).unwrap_or_default();
        for (i, &(child, mv)) in open.iter().flatten().enumerate() {
            let below = passed_on(promises, i, jitter);
            let score = if child.flipped {
                self.negamax(table, &child, alpha, beta, below, run)
            } else {
                -self.negamax(table, &child, -beta, -alpha, below, run)
            };
            if run.stopped.is_some() {
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

/// `question` of `position` answered by one thread's probes, `probe(beta)` the score of a
/// search within `(beta - 1, beta)` (`None` if it stopped first), from `floor`: what
/// [`Engine::narrow`] does on one thread, and each thread of a batch does for its own
/// position.
fn alone<S: Searchable>(
    position: &S,
    question: Question,
    floor: i32,
    probe: impl FnMut(i32) -> Option<i32>,
) -> Option<Known> {
    match position.decided() {
        Some(score) => Some(Known::exactly(score)),
        None => narrow_alone(question, Known::new(floor), probe),
    }
}

/// Probes one window after another, the most wanted first, until `question` is answered.
fn narrow_alone(
    question: Question,
    mut known: Known,
    mut probe: impl FnMut(i32) -> Option<i32>,
) -> Option<Known> {
    while let Some(beta) = known.next(question) {
        known.learn(beta, probe(beta)?);
    }
    Some(known)
}

/// What the threads narrowing one position share.
struct Shared {
    /// What their answers proved.
    known: Known,
    /// The window each thread is probing, if any.
    probing: Vec<Option<i32>>,
    /// Set when the deadline passed.
    out_of_time: bool,
}

impl Shared {
    /// The window a thread takes next, and whether it helps another thread's probe of it
    /// (every window wanted is taken): `None` once `question` is answered.
    fn choose(&self, question: Question) -> Option<(i32, bool)> {
        let mut wanted = self.known.wanted(question).take(WINDOWS_AT_ONCE).peekable();
        let first = *wanted.peek()?;
        Some(
            match wanted.find(|beta| !self.probing.contains(&Some(*beta))) {
                Some(free) => (free, false),
                None => (first, true),
            },
        )
    }
}

/// Locks what the threads share: a thread that panicked (the search has no panics) leaves
/// it as it was, still true.
fn lock(shared: &Mutex<Shared>) -> std::sync::MutexGuard<'_, Shared> {
    shared
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// How many windows are probed at once at most: a window further from the last answer is
/// seldom asked, so further threads help with the most wanted one instead.
const WINDOWS_AT_ONCE: usize = 2;

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

/// Why a search stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// Its deadline passed.
    OutOfTime,
    /// Another thread's answer made it needless.
    Told,
}

/// The noise of thread `id`'s run: none for the thread that takes a search up first, so
/// that one thread always searches in the game's own order; a helper's its own, never
/// none, so that no two threads on one search share an order (numbered from 1: thread 0
/// helps too).
fn noise(id: usize, helping: bool) -> usize {
    if helping { id + 1 } else { 0 }
}

/// One thread's search: the positions it visited, when it must stop, and how it shuffles
/// its moves.
struct Run<'a> {
    nodes: u64,
    deadline: Option<Instant>,
    /// Says when another thread's answer makes this search needless.
    told: Option<&'a dyn Fn() -> bool>,
    /// Why it stopped, once it has.
    stopped: Option<Stop>,
    /// The shuffle's state.
    random: u64,
    /// The thread's noise at the root: decimal digits, the last for the root, each next
    /// one a level further down the moves its noise may reorder (0 for the first thread,
    /// none).
    jitter: u32,
}

impl<'a> Run<'a> {
    /// A search that must be over by `deadline` (never, with `None`) or when `told` says
    /// so, with move-order noise number `noise` ([`noise`]; none for 0).
    fn new(deadline: Option<Instant>, told: Option<&'a dyn Fn() -> bool>, noise: usize) -> Self {
        let id = noise as u64;
        // As c4 numbers its threads' noise for a null window (`Pool::get_score_jitter`):
        // the helpers differ from each other at the first levels.
        let jitter = if id == 0 {
            0
        } else {
            (id % 2) * 100 + (id % 3) * 10 + (id % 4)
        } as u32;
        Run {
            nodes: 0,
            deadline,
            told,
            stopped: None,
            random: (id + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            jitter,
        }
    }

    /// Stops the search if its deadline has passed or another thread's answer made it
    /// needless. Seldom called: kept out of the search's loop.
    #[cold]
    #[inline(never)]
    fn check(&mut self) {
        if self.stopped.is_none() {
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stopped = Some(Stop::OutOfTime);
            } else if self.told.is_some_and(|told| told()) {
                self.stopped = Some(Stop::Told);
            }
        }
    }

    /// What a helper's noise adds to a move's promise at a node of noise `jitter`: up to
    /// `jitter`'s last digit times [`NOISE`].
    #[inline]
    fn noise(&mut self, jitter: u32) -> i32 {
        let most = jitter % 10;
        if most == 0 {
            return 0;
        }
        // xorshift64
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        NOISE * (self.random % u64::from(most + 1)) as i32
    }
}

/// The noise a helper's search passes to the `i`-th of its moves (by `promises`, most
/// promising first) at a node of noise `jitter`: its own where no neighbour's promise is
/// within the noise's reach, as the noise could not have moved that move (`c4`'s rule),
/// else its next digit. The first thread's, 0, stays 0.
fn passed_on(promises: &[i32], i: usize, jitter: u32) -> u32 {
    if jitter == 0 {
        return 0;
    }
    let reach = NOISE * (jitter % 10) as i32;
    let here = promises.get(i).copied().unwrap_or(0);
    let above = i.checked_sub(1).and_then(|j| promises.get(j));
    let apart = above.is_none_or(|&p| p > here + reach)
        && promises.get(i + 1).is_none_or(|&p| p < here - reach);
    if apart { jitter } else { jitter / 10 }
}

/// One step of a helper's noise: half a threat's worth, six columns nearer the centre.
/// From 3 to 24 the second thread's share changed within the runs' spread
/// (benches/HISTORY.md 13j); `c4`'s step is 0.3 of a threat.
const NOISE: i32 = 6;
