//! The exact solver: negamax with alpha-beta pruning over bitboards, a transposition
//! table, and an exact shortcut once the players can no longer meet.
//!
//! # Scores
//! A search returns the score of the player to move. Winning when the loser is stuck at
//! ply `p` (counted from the root) scores `WIN - p`; losing that way scores `-(WIN - p)`.
//! So a faster win and a slower loss both score higher, which is exactly the problem's
//! objective, and a position's score is the plain negation of its best child's. The table
//! stores scores relative to the position itself (see [`to_table`]), so a stored score is
//! exact wherever the position recurs.
//!
//! # The region
//! Tiles neither player can reach any more play no part in the rest of the game, so a
//! position is searched, and known to the table, by its region alone: the tiles the two
//! players can reach, where each stands, who moves. Two games that differ only in the
//! pockets of tiles they cut off then meet in one entry, and they do all the time: on
//! the slowest start pair of the full 8x8 grid, 80% of the positions searched recur by
//! region, against 10% by all the tiles left, and keying the table by region searches
//! under a third of the positions (benches/HISTORY.md, section 5b). Small regions are not stored:
//! they are searched again faster than looked up.
//!
//! # Bounds
//! The search is fail-soft: called with a window `(alpha, beta)`, it returns a score `s`
//! that is an upper bound on the true score if `s <= alpha`, a lower bound if
//! `s >= beta`, and the true score otherwise. The table records which of the three it
//! stored, and uses an entry only where that is enough. The root is searched by MTD(f):
//! null-window searches that close in on the score from both sides.
//!
//! # Move order
//! Moves are tried best first as far as a cheap guess tells: the table's best move, then
//! the moves after which the mover claims more territory (cells it reaches before the
//! other does, as in the Voronoi heuristic of Tron programs), closer to the other first
//! among equals. Territory costs a flood per move, and pays only where one good move
//! spares the search of the others: at the positions expected to be cut nodes (in the
//! Knuth-Moore sense, from the parent's type). At the expected all nodes, where every
//! move is searched anyway, distance alone orders them. The order changes only the
//! speed of the search, never its result.
//!
//! # Separated players
//! Once the tiles the mover can ever reach no longer include the other player's, neither
//! can touch the other's tiles again: each just walks its own region. The one who must
//! lose walks the longest path it has; the winner needs only to outlast it. The score
//! follows from the two longest paths (`paths.rs`), found by a depth-first search that
//! stops at an upper bound and remembered by region. Whether the players can still meet
//! is a flood of the mover's region, skipped where the parent knows the answer: when
//! the tile its mover left was not one the region hung on, the region is the parent's
//! less that tile.

use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};

use super::bits::{Cells, around, bit, component, coords, index, spread};
use super::budget::Budget;
use super::error::{BadSquare, FootholdsError};
use super::grid::Grid;
use super::paths::{Paths, bound_within};
use super::transposition::{Bound, Entry, Table};

/// A player. A moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FootholdsPlayer {
    /// The player who moves first.
    A,
    /// The player who moves second.
    B,
}

impl FootholdsPlayer {
    /// The other player.
    #[must_use]
    pub const fn other(self) -> FootholdsPlayer {
        match self {
            FootholdsPlayer::A => FootholdsPlayer::B,
            FootholdsPlayer::B => FootholdsPlayer::A,
        }
    }
}

impl fmt::Display for FootholdsPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FootholdsPlayer::A => "A",
            FootholdsPlayer::B => "B",
        })
    }
}

/// How a game ends under perfect play: the problem's answer and how to reach it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FootholdsSolution {
    /// The total number of moves both players make: the judge's answer.
    pub moves: u32,
    /// Who wins: the player who makes the last move (A when `moves` is odd).
    pub winner: FootholdsPlayer,
    /// One optimal line of play: the `(row, col)` each move steps onto, in order, A's first
    /// move first. It holds `moves` moves; after it, the loser cannot move.
    pub line: Vec<(usize, usize)>,
}

/// Solves one game: A at `a`, B at `b` (each `(row, col)`), A to move.
///
/// Makes a fresh [`Solver`] sized for the grid. To answer many queries, keep one
/// [`Solver`] and call [`Solver::solve`]: it allocates its table once, and what it learns
/// carries over.
///
/// # Errors
///
/// [`FootholdsError::Square`] with [`BadSquare::StartOffGrid`] if `a` or `b` lies outside
/// the grid, and [`BadSquare::StartNoTile`] if it is a cell without a tile; A's start is checked
/// first. The grid itself was checked by [`Grid::new`], so nothing else fails.
///
/// ```
/// use perfect_play::footholds::{Grid, FootholdsPlayer, solve};
///
/// // The problem's first example: A wins with its third move, the fifth in all.
/// let grid = Grid::new(&[[1, 1, 1], [1, 1, 1], [1, 1, 1]])?;
/// let solution = solve(&grid, (1, 0), (1, 2))?;
/// assert_eq!(solution.moves, 5);
/// assert_eq!(solution.winner, FootholdsPlayer::A);
/// assert_eq!(solution.line.len(), 5);
/// # Ok::<(), perfect_play::footholds::FootholdsError>(())
/// ```
pub fn solve(
    grid: &Grid,
    a: (usize, usize),
    b: (usize, usize),
) -> Result<FootholdsSolution, FootholdsError> {
    Solver::new().solve(grid, a, b)
}

/// How much work the last [`Solver::solve`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Game positions the search visited (the players still able to meet), including
    /// those revisited to recover the line.
    pub positions: u64,
    /// Steps of the longest-path searches run once the players were separated.
    pub path_steps: u64,
}

/// A reusable solver: its transposition table carries over from one query to the next.
///
/// That is exact, since a position's value depends only on the tiles the players can
/// reach and where they stand, not on the game it came from or the grid's size; and it
/// saves work when queries share positions.
pub struct Solver {
    table: Table,
    paths: Paths,
    max_bits: u32,
    stats: Stats,
    /// Set from outside to stop the queries (see [`Solver::stop_when`]).
    stop: Option<Arc<AtomicBool>>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("table_slots", &self.table.len())
            .field("max_table_bits", &self.max_bits)
            .field("stats", &self.stats)
            .finish()
    }
}

/// Winning with the loser stuck at ply `p` scores `WIN - p`.
const WIN: i32 = 1000;
/// Above any score: the open window of a full search.
const INFINITY: i32 = WIN + 1;

/// A score relative to the root (ply 0), made relative to a position at `ply`.
#[inline]
const fn to_table(score: i32, ply: u32) -> i16 {
    let ply = ply as i32;
    // |score| <= WIN and ply <= 64: the result fits an i16.
    (if score > 0 { score + ply } else { score - ply }) as i16
}

/// A score stored relative to its position, made relative to the root for a position at
/// `ply`.
#[inline]
const fn from_table(score: i16, ply: u32) -> i32 {
    let (score, ply) = (score as i32, ply as i32);
    if score > 0 { score - ply } else { score + ply }
}

impl Solver {
    /// The largest table [`Solver::new`] allows: 2^22 slots of 16 bytes (64 MiB).
    pub const DEFAULT_MAX_TABLE_BITS: u32 = 22;

    /// A solver with no table yet. The table is allocated on the first query, sized for
    /// the grid, and grows with larger grids up to 2^[`Solver::DEFAULT_MAX_TABLE_BITS`]
    /// slots. The sizes chosen stay well below that cap (2^16 slots, 1 MiB, for the
    /// largest grids: small regions are not stored); with the memo of longest walks
    /// (1 MiB), a solver holds about 2 MiB.
    #[must_use]
    pub const fn new() -> Solver {
        Solver::with_max_table_bits(Solver::DEFAULT_MAX_TABLE_BITS)
    }

    /// A solver whose table never exceeds 2^`bits` slots of 16 bytes (`bits` is held to
    /// 10..=26, so at most 1 GiB). A smaller table costs only time, never exactness.
    #[must_use]
    pub const fn with_max_table_bits(bits: u32) -> Solver {
        let bits = if bits < 10 {
            10
        } else if bits > 26 {
            26
        } else {
            bits
        };
        Solver {
            table: Table::new(),
            paths: Paths::new(),
            max_bits: bits,
            stats: Stats {
                positions: 0,
                path_steps: 0,
            },
            stop: None,
        }
    }

    /// Stops every query of this solver once `flag` is set (from another thread), as if its
    /// budget had run out: the query fails with [`FootholdsError::OutOfBudget`]. A server
    /// sets it when the client that asked has gone, so no work is done for no one.
    ///
    /// The flag is read when the budget is checked, so only a query with a limited
    /// [`Budget`] stops (within 1,024 positions of the flag for a budget of time).
    pub fn stop_when(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// How much work the last [`Solver::solve`] did.
    #[must_use]
    pub const fn stats(&self) -> Stats {
        self.stats
    }

    /// Forgets every position learned so far (the table keeps its size).
    pub fn clear(&mut self) {
        self.table.clear();
        self.paths.clear();
    }

    /// Solves one game: A at `a`, B at `b` (each `(row, col)`), A to move.
    ///
    /// Fails if a start is off the grid or on a cell without a tile (A is checked first).
    /// Every grid up to 8x8 is answered; see [`Solver::solve_within`] to cap the work.
    pub fn solve(
        &mut self,
        grid: &Grid,
        a: (usize, usize),
        b: (usize, usize),
    ) -> Result<FootholdsSolution, FootholdsError> {
        self.solve_within(grid, a, b, Budget::UNLIMITED)
    }

    /// Solves one game as [`Solver::solve`] does, but gives up with
    /// [`FootholdsError::OutOfBudget`] once the search has used up `budget`.
    ///
    /// An answer found within the budget is exactly the unlimited answer. What the search
    /// learned before it gave up stays in the table (it is exact), so asking again with a
    /// larger budget does not start from nothing. [`Solver::stats`] then tells the work
    /// done by the query that gave up.
    pub fn solve_within(
        &mut self,
        grid: &Grid,
        a: (usize, usize),
        b: (usize, usize),
        budget: Budget,
    ) -> Result<FootholdsSolution, FootholdsError> {
        let a = start(grid, FootholdsPlayer::A, a)?;
        let b = start(grid, FootholdsPlayer::B, b)?;
        self.table
            .prepare(table_bits(grid.tile_count()).min(self.max_bits));
        self.paths.prepare(path_bits(grid.tile_count()));
        self.paths.steps = 0;
        let mut search = Search {
            table: &mut self.table,
            paths: &mut self.paths,
            stats: Stats::default(),
            budget,
            check_at: budget.next_check(0),
            stop: self.stop.as_deref(),
            stopped: false,
            root_skip: mirrored_moves(grid, grid.tiles(), a, b),
        };
        let tiles = grid.tiles();
        let score = search.root(tiles, a, b);
        let line = if search.stopped {
            Vec::new()
        } else {
            search.line(tiles, a, b, score)
        };
        let stopped = search.stopped;
        self.stats = search.stats;
        self.stats.path_steps = self.paths.steps;
        if stopped {
            return Err(FootholdsError::OutOfBudget {
                positions: self.stats.positions,
            });
        }
        // A win scores WIN - moves; a loss, -(WIN - moves).
        let moves = (WIN - score.abs()).unsigned_abs();
        let winner = if score > 0 {
            FootholdsPlayer::A
        } else {
            FootholdsPlayer::B
        };
        Ok(FootholdsSolution {
            moves,
            winner,
            line,
        })
    }
}

/// The cell index of a player's start, checked against the grid.
pub(crate) fn start(
    grid: &Grid,
    side: FootholdsPlayer,
    at: (usize, usize),
) -> Result<u8, FootholdsError> {
    let bad = |why| FootholdsError::Square { side, at, why };
    if !grid.contains(at.0, at.1) {
        return Err(bad(BadSquare::StartOffGrid));
    }
    if !grid.has_tile(at.0, at.1) {
        return Err(bad(BadSquare::StartNoTile));
    }
    Ok(index(at.0, at.1))
}

/// The table size (as a power of two) worth having for a grid of `tiles` tiles. Only
/// positions whose shared region holds at least [`TABLE_CELLS`] tiles are stored, so the
/// table stays small enough to answer from the processor's cache.
const fn table_bits(tiles: u32) -> u32 {
    match tiles {
        0..=16 => 10,
        17..=25 => 12,
        26..=36 => 15,
        _ => TABLE_BITS_LARGE,
    }
}

/// The table size for grids of more than 36 tiles (2^16 slots of 16 bytes: 1 MiB).
const TABLE_BITS_LARGE: u32 = 16;

/// Positions whose shared region has fewer tiles than this are neither looked up nor
/// stored: their subtrees are small, and searching them again costs less than a probe.
const TABLE_CELLS: u32 = 8;

/// The size of the longest-walk memo worth having for a grid of `tiles` tiles, as a power
/// of two: 2^16 slots of 16 bytes (1 MiB) for the largest grids, and as little as 16 KiB
/// for small ones, where a fresh solver's allocation would otherwise cost more than its
/// search (a one-off `solve` of a 5x5 grid takes microseconds).
const fn path_bits(tiles: u32) -> u32 {
    match tiles {
        0..=25 => 10,
        26..=36 => 12,
        _ => 16,
    }
}

/// What a position's parent tells its search.
#[derive(Clone, Copy)]
struct Hint {
    /// Whether the position is expected to be a cut node (one good move settles it),
    /// rather than an all node (every move is searched): see [`order_moves`].
    cut: bool,
    /// The tiles the player to move can reach, its own included, when the parent knows
    /// them: else 0, and the position floods them. The position's region if they include
    /// the other player's tile; else the players are apart.
    region: u64,
}

impl Hint {
    /// Nothing known: the root, and the positions of the line.
    const ROOT: Hint = Hint {
        cut: true,
        region: 0,
    };
}

/// One search: the table it reads and writes, and its work so far.
struct Search<'t> {
    table: &'t mut Table,
    paths: &'t mut Paths,
    stats: Stats,
    /// The work the query may do.
    budget: Budget,
    /// The count of positions at which to ask the budget next.
    check_at: u64,
    /// Read with the budget: once set, the search stops as if the budget had run out.
    stop: Option<&'t AtomicBool>,
    /// Set once the budget is used up: from then on every search returns at once, with a
    /// score that means nothing and that nothing stores.
    stopped: bool,
    /// Moves of the root not searched: each the image of another move under a symmetry
    /// of the grid that leaves the root position as it is.
    root_skip: u64,
}

impl Search<'_> {
    /// The score of the player to move, standing on `mover` while the other stands on
    /// `other`, with `tiles` left, `ply` moves after the root, searched with the window
    /// `(alpha, beta)` (see the module docs).
    fn negamax(
        &mut self,
        tiles: u64,
        mover: u8,
        other: u8,
        ply: u32,
        (mut alpha, beta): (i32, i32),
        hint: Hint,
    ) -> i32 {
        self.stats.positions += 1;
        if self.stopped {
            return 0;
        }
        if self.stats.positions >= self.check_at {
            let stop = self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed));
            if stop || self.budget.exceeded(self.stats.positions) {
                self.stopped = true;
                return 0;
            }
            self.check_at = self.budget.next_check(self.stats.positions);
        }
        let ply_score = ply as i32;
        // Our tile vanished under us (the other stepped off the tile we shared), or no
        // neighbour has a tile: we have lost.
        let moves = spread(bit(mover)) & tiles;
        if tiles & bit(mover) == 0 || moves == 0 {
            return -(WIN - ply_score);
        }
        // Wherever we step, the other then stands on the tile we just left (if we shared
        // it) or has no tile beside it: we win with this move, as fast as a win can be.
        if mover == other || spread(bit(other)) & tiles & !bit(mover) == 0 {
            return WIN - (ply_score + 1);
        }
        // Otherwise the game lasts at least our move and the other's, and a win takes at
        // least three moves: where the window lies outside those, that settles it.
        let worst = -(WIN - (ply_score + 2));
        if worst >= beta {
            return worst;
        }
        let best_possible = WIN - (ply_score + 3);
        if best_possible <= alpha {
            return best_possible;
        }
        // Tiles neither player can reach play no part: from here on, the game is played on
        // the region alone.
        let region = if hint.region != 0 {
            hint.region
        } else {
            component(bit(mover), tiles)
        };
        if region & bit(other) == 0 {
            return self.separated(tiles, mover, region, other, ply, (alpha, beta));
        }
        let cut = hint.cut;
        let mut first = None;
        let size = region.count_ones();
        let use_table = size >= TABLE_CELLS;
        if let Some(entry) = if use_table {
            self.table.get(region, mover, other)
        } else {
            None
        } {
            let score = from_table(entry.score, ply);
            match entry.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
            first = Some(entry.best);
        }
        // The table did not settle it: the moves are searched. What the other can reach
        // after our move, whichever it is: the region less the tile we leave, if the region
        // does not hang on it; else a flood finds out, once for every move.
        let after = region & !bit(mover);
        let child_region = if splits(mover, after) {
            component(bit(other), after)
        } else {
            after
        };

        let alpha_in = alpha;
        let mut best = -INFINITY;
        let mut best_move = 0;
        // At the root, a move that a symmetry of the position maps onto another move is
        // worth no more than that one (never all of them: the mover can move).
        let moves = if ply == 0 {
            moves & !self.root_skip
        } else {
            moves
        };
        let (order, count) = if moves & (moves - 1) == 0 {
            // One move: nothing to order.
            ([moves.trailing_zeros() as u8, 0, 0, 0], 1)
        } else {
            order_moves(moves, after, other, first, cut)
        };
        for (index, &step) in order.iter().take(count).enumerate() {
            // The first child of an expected cut node is expected to fail low; the children
            // of an expected all node, and the later ones of a cut node whose first child
            // did not cut, are expected to cut.
            let child = Hint {
                cut: !cut || index > 0,
                region: child_region,
            };
            let score = -self.negamax(after, other, step, ply + 1, (-beta, -alpha), child);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = step;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let entry = Entry {
            score: to_table(best, ply),
            bound,
            best: best_move,
        };
        if use_table {
            self.table.put(region, size, mover, other, entry);
        }
        best
    }

    /// The exact score of the root, by MTD(f): a series of searches with a null window
    /// (`beta - 1`, `beta`), each of which only says whether the score reaches `beta`, and
    /// so is much cheaper than one search with a wide window. Each answer is a bound; the
    /// next window is placed at it; the bounds meet at the score. The table carries what
    /// each search learned to the next.
    ///
    /// The bound the first search ("who wins?") returns is seldom tight: the winner found
    /// a win, not its fastest. So the second search asks for a result two plies better
    /// than that bound (one ply is the same question: a player's wins all end on plies of
    /// one parity). Over all 528 start pairs of the full 8x8 grid that searches as many
    /// positions in all, and 16% fewer on the slowest pair.
    fn root(&mut self, tiles: u64, a: u8, b: u8) -> i32 {
        let (mut lower, mut upper) = (-INFINITY, INFINITY);
        // No score is 0: the first search asks who wins.
        let mut guess = 0;
        let mut searches = 0;
        while lower < upper {
            let mut beta = if guess == lower { guess + 1 } else { guess };
            if searches == 1 {
                beta = if guess == lower { beta + 2 } else { beta - 2 }.clamp(lower + 1, upper);
            }
            searches += 1;
            guess = self.negamax(tiles, a, b, 0, (beta - 1, beta), Hint::ROOT);
            if self.stopped {
                break;
            }
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
        }
        guess
    }

    /// The score when the players' regions no longer touch (see the module docs), as the
    /// window `(alpha, beta)` needs it: `region` is every tile the mover can reach, its own
    /// included. The mover has at least one move.
    ///
    /// With `m` and `t` the longest walks of the mover and of the other, the other is stuck
    /// first if `t < m` (a win after `2t + 1` more plies), else the mover is (a loss after
    /// `2m`). A null window asks only whether the score reaches `beta`, and that needs the
    /// walks only up to a length: a walk search stops as soon as it reaches its cap, so the
    /// tighter the caps, the sooner the answer.
    fn separated(
        &mut self,
        tiles: u64,
        mover: u8,
        region: u64,
        other: u8,
        ply: u32,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        // Each walks the cells it can reach, less the one it stands on.
        let mine = region & !bit(mover);
        let theirs = component(bit(other), tiles) & !bit(other);
        let ply = ply as i32;
        let win = |t: i32| WIN - (ply + 2 * t + 1);
        let loss = |m: i32| -(WIN - (ply + 2 * m));
        // Walk lengths are at most 63, and every cap below lies in 0..=64: the casts are
        // exact. `longest` answers the walk's length, or its cap if that is shorter.
        let their_bound = || bound_within(other, theirs) as i32;
        if beta > 0 {
            let my_bound = bound_within(mover, mine) as i32;
            // Only a win reaches beta, and only with `t <= fast`; and a win needs `t < m`.
            let fast = (WIN - ply - 1 - beta).div_euclid(2);
            let cap = (fast + 1).min(my_bound).max(0);
            let t = self.paths.longest(other, theirs, cap as u32) as i32;
            if t < cap {
                // `t` is exact: see whether we outlast it.
                let m = self.paths.longest(mover, mine, (t + 1) as u32) as i32;
                return if m > t { win(t) } else { loss(m) };
            }
            // The score falls short of beta: at best a win with `t = cap`, if we can
            // outlast that, else a loss with our longest walk at most `my_bound`.
            let upper = if my_bound > cap {
                win(cap)
            } else {
                loss(my_bound)
            };
            if upper <= alpha {
                return upper;
            }
        } else {
            // Every win reaches beta, and a loss does with `m >= long`.
            let long = (WIN + beta - ply + 1).div_euclid(2).max(1);
            let their_bound = their_bound();
            let cap = long.min(their_bound + 1);
            let m = self.paths.longest(mover, mine, cap as u32) as i32;
            if m < cap {
                // `m` is exact: see whether the other outlasts it.
                let t = self.paths.longest(other, theirs, m as u32) as i32;
                return if t < m { win(t) } else { loss(m) };
            }
            // The score reaches beta: we outlast the other's every walk (a win), or we
            // lose no sooner than after `long` moves of ours.
            return if cap > their_bound {
                win(their_bound)
            } else {
                loss(long)
            };
        }
        // A wide window (recovering the line) needs the exact score.
        let m = self.paths.longest(mover, mine, (their_bound() + 1) as u32) as i32;
        let t = self.paths.longest(other, theirs, m as u32) as i32;
        if t < m { win(t) } else { loss(m) }
    }

    /// One optimal line from the root, whose score is `score`: from each position, a move
    /// to a child whose score is exactly the one that position's score requires.
    fn line(
        &mut self,
        mut tiles: u64,
        mut mover: u8,
        mut other: u8,
        score: i32,
    ) -> Vec<(usize, usize)> {
        let mut line = Vec::new();
        let mut ply = 0;
        let mut want = score;
        while tiles & bit(mover) != 0 {
            let after = tiles & !bit(mover);
            let moves = spread(bit(mover)) & tiles;
            // The child must score -want for the other player. Searched with the window
            // just around that, its result equals it exactly when its true score does.
            want = -want;
            // The move the table remembers as best is nearly always the one: try it first.
            let region = component(bit(mover), tiles);
            let first = self.table.get(region, mover, other).map(|entry| entry.best);
            let (order, count) = order_moves(moves, after, other, first, true);
            let found = order.into_iter().take(count).find(|&step| {
                self.negamax(
                    after,
                    other,
                    step,
                    ply + 1,
                    (want - 1, want + 1),
                    Hint::ROOT,
                ) == want
            });
            let Some(step) = found else {
                break;
            };
            if self.stopped {
                break;
            }
            line.push(coords(step));
            tiles = after;
            (mover, other) = (other, step);
            ply += 1;
        }
        line
    }
}

/// Whether taking away the tile at `cell` may split `rest` (the tiles left without it),
/// as far as its eight surrounding cells tell: not when the tiles beside it are linked
/// through those cells. A local test, cheaper than a flood of the region: a `false`
/// means every two tiles that were linked through `cell` still are. The answer for each
/// pattern of the eight cells is worked out once, in [`SPLITS`].
#[inline]
fn splits(cell: u8, rest: u64) -> bool {
    let ring = around(cell) & rest;
    // Turn the 3x3 window so that its top-left cell is bit 0 (cells off the grid hold no
    // tile, so what wraps around is zero), then gather its three rows into nine bits.
    let window = ring.rotate_right(u32::from(cell).wrapping_add(55) & 63);
    let pattern = (window & 0x7) | ((window >> 5) & 0x38) | ((window >> 10) & 0x1C0);
    // Truncation is exact: `pattern` < 512.
    SPLITS.get(pattern as usize).copied().unwrap_or(true)
}

/// For each pattern of a 3x3 window (bit `3 * row + col`, the centre bit 4 ignored):
/// whether the tiles orthogonally beside the centre are not all linked through the
/// window's other tiles.
static SPLITS: [bool; 512] = split_patterns();

const fn split_patterns() -> [bool; 512] {
    // The four cells beside the centre, and which window cells touch which.
    const BESIDE: u32 = (1 << 1) | (1 << 3) | (1 << 5) | (1 << 7);
    const fn touching(cells: u32) -> u32 {
        let mut out = 0;
        let mut cell = 0;
        while cell < 9 {
            if cells & (1 << cell) != 0 {
                let (row, col) = (cell / 3, cell % 3);
                if row > 0 {
                    out |= 1 << (cell - 3);
                }
                if row < 2 {
                    out |= 1 << (cell + 3);
                }
                if col > 0 {
                    out |= 1 << (cell - 1);
                }
                if col < 2 {
                    out |= 1 << (cell + 1);
                }
            }
            cell += 1;
        }
        out
    }
    let mut table = [false; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let ring = pattern & !(1 << 4);
        let beside = ring & BESIDE;
        let mut reached = beside & beside.wrapping_neg();
        loop {
            let next = (reached | touching(reached)) & ring;
            if next == reached {
                break;
            }
            reached = next;
        }
        // Run at compile time only (it fills a static), where an index out of bounds
        // would stop the build; and `pattern < 512` anyway.
        #[allow(clippy::indexing_slicing)]
        {
            table[pattern as usize] = beside & !reached != 0;
        }
        pattern += 1;
    }
    table
}

/// The root's moves that need no search: for each symmetry of the grid (its rows and
/// columns mirrored, and on a square grid, the two diagonals too) under which the tiles
/// and both players stay where they are, the moves it maps onto a lower-numbered move.
/// Such a move leads to the mirror image of that move's position, of the same value.
fn mirrored_moves(grid: &Grid, tiles: u64, a: u8, b: u8) -> u64 {
    let (rows, cols) = (grid.rows(), grid.cols());
    let image = |which: u32, cell: u8| -> u8 {
        let (row, col) = coords(cell);
        let (row, col) = if which & 4 != 0 {
            (col, row)
        } else {
            (row, col)
        };
        // `row < rows` and `col < cols` (and the grid is square where they swap).
        let row = if which & 1 != 0 { rows - 1 - row } else { row };
        let col = if which & 2 != 0 { cols - 1 - col } else { col };
        index(row, col)
    };
    let moves = spread(bit(a)) & tiles;
    let mut skip = 0;
    for which in 1..8 {
        if which & 4 != 0 && rows != cols {
            continue;
        }
        let mapped = Cells(tiles).fold(0, |set, cell| set | bit(image(which, cell)));
        if mapped != tiles || image(which, a) != a || image(which, b) != b {
            continue;
        }
        for step in Cells(moves) {
            let twin = image(which, step);
            if twin < step && moves & bit(twin) != 0 {
                skip |= bit(step);
            }
        }
    }
    skip
}

/// The moves in `moves` in the order to try them: the table's best move first; then, at
/// an expected cut node (`cut`), where one good move spares searching the rest, the moves
/// after which the mover reaches more cells before the other does, and among those the
/// moves closer to the other player (they fight for shared tiles). At an expected all
/// node every move is searched anyway, so the costly territory count is skipped and the
/// moves closer to the other go first.
#[inline]
fn order_moves(
    moves: u64,
    after: u64,
    other: u8,
    first: Option<u8>,
    cut: bool,
) -> ([u8; 4], usize) {
    let mut keyed = [(0i32, 0u8); 4];
    let mut count = 0;
    for (slot, step) in keyed.iter_mut().zip(Cells(moves)) {
        let key = if Some(step) == first {
            i32::MIN
        } else {
            let (row, col) = coords(step);
            let (other_row, other_col) = coords(other);
            let distance = (row.abs_diff(other_row) + col.abs_diff(other_col)) as i32;
            if cut {
                -territory(step, other, after) * 32 + distance
            } else {
                distance
            }
        };
        *slot = (key, step);
        count += 1;
    }
    match keyed.get_mut(..count) {
        // Two moves, the most common case: one comparison.
        Some([first, second]) if *second < *first => core::mem::swap(first, second),
        Some([_, _]) => {}
        Some(keyed) => keyed.sort_unstable(),
        None => {}
    }
    (keyed.map(|(_, step)| step), count)
}

/// The cells `mine` reaches (over `free`) strictly before `theirs` does; `theirs` moves
/// first. (The cells `theirs` reaches first are the rest of what either reaches, nearly
/// the same set whichever move `mine` stands for, so they add nothing to the order; and
/// the race is over once `mine` can claim no more.)
#[inline]
fn territory(mine: u8, theirs: u8, free: u64) -> i32 {
    let (mut m, mut o) = (bit(mine), bit(theirs));
    let mut free = free & !m & !o;
    loop {
        let no = spread(o) & free;
        free &= !no;
        o |= no;
        let nm = spread(m) & free;
        if nm == 0 {
            break;
        }
        free &= !nm;
        m |= nm;
    }
    m.count_ones() as i32
}

#[cfg(test)]
mod tests {
    //! The split test's table against its definition: a flood of the eight cells around the
    //! centre, for every cell of the board and every pattern of those cells (and random
    //! tiles farther away, which must not matter).
    use super::{Vec, around, bit, component, splits, spread};

    fn splits_by_flood(cell: u8, rest: u64) -> bool {
        let ring = around(cell) & rest;
        let beside = spread(bit(cell)) & rest;
        let lowest = beside & beside.wrapping_neg();
        beside & !component(lowest, ring) != 0
    }

    #[test]
    fn the_table_agrees_with_a_flood_everywhere() {
        let mut noise = 0x9E37_79B9_7F4A_7C15_u64;
        for cell in 0..64u8 {
            let centre = bit(cell);
            let window = around(cell) & !centre;
            let cells: Vec<u64> = (0..64)
                .map(|i| 1u64 << i)
                .filter(|b| window & b != 0)
                .collect();
            for pattern in 0..1u32 << cells.len() {
                let mut rest = 0;
                for (i, b) in cells.iter().enumerate() {
                    if pattern & (1 << i) != 0 {
                        rest |= b;
                    }
                }
                noise ^= noise << 13;
                noise ^= noise >> 7;
                noise ^= noise << 17;
                let rest = rest | (noise & !window & !centre);
                assert_eq!(
                    splits(cell, rest),
                    splits_by_flood(cell, rest),
                    "cell {cell}, tiles {rest:#x}"
                );
            }
        }
    }
}
