//! Connect Four as the search sees it: two bit masks (the side to move's discs and every
//! disc), a win found by four shifts, moves ordered by the threats they make.
//!
//! The layout is [`Connect4`]'s: bit `c * (H + 1) + r` is column `c`, row `r` from the
//! bottom, with a spare bit on top of each column.
//!
//! # Scores
//! As in Pascal Pons's solver: a position the side to move wins has a positive score, the
//! more the sooner (`(W * H + 2 - t) / 2`, rounded down, when the winning disc is the
//! `t`-th of the game); a lost one its opposite; a draw 0. The winner's disc count fixes
//! `t`, so a score is an exact [`Record`]: plies left `t` minus the discs on the board, and
//! a draw always runs to a full board.

use crate::games::connect4::Connect4;
use crate::{Game, Record, Value};

use std::collections::HashSet;

use super::searchable::{Bounds, Children, Searchable};
use super::searched::SearchableGame;

/// A Connect Four position on `W` columns and `H` rows for the search: the discs of the
/// side to move, every disc, and how many there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bitboard<const W: usize, const H: usize> {
    /// The discs of the side to move.
    current: u64,
    /// Every disc.
    mask: u64,
    /// How many discs are on the board.
    plies: u32,
}

impl<const W: usize, const H: usize> Bitboard<W, H> {
    /// Stops the build on a board the masks and shifts do not fit.
    const FITS: () = assert!(
        W >= 1 && H >= 1 && W <= 9 && W * (H + 1) <= 56 && 3 * (H + 2) < 64,
        "Bitboard<W, H> needs 1..=9 columns and W * (H + 1) <= 56"
    );
    /// The cells of the board.
    const CELLS: u32 = (W * H) as u32;
    /// The bottom cell of each column.
    const BOTTOM: u64 = Connect4::<W, H>::BOTTOM;
    /// Every cell of the board (no spare bit).
    const BOARD: u64 = Self::BOTTOM * ((1 << H) - 1);
    /// The columns from the centre out, alternately left and right: the order moves of
    /// equal promise are tried in.
    #[allow(clippy::indexing_slicing)] // evaluated at compile time: a bad index fails the build
    const ORDER: [usize; W] = {
        let mut order = [0; W];
        let mut i = 0;
        while i < W {
            let step = i.div_ceil(2);
            order[i] = if i % 2 == 1 {
                W / 2 - step
            } else {
                W / 2 + step
            };
            i += 1;
        }
        order
    };

    /// The empty board.
    #[must_use]
    pub const fn start() -> Self {
        let () = Self::FITS;
        Bitboard {
            current: 0,
            mask: 0,
            plies: 0,
        }
    }

    /// The position of `position`, for the search.
    #[must_use]
    pub fn of(position: &Connect4<W, H>) -> Self {
        let () = Self::FITS;
        let (x, o) = position.discs();
        let mask = x | o;
        let plies = mask.count_ones();
        let current = if plies % 2 == 0 { x } else { o };
        Bitboard {
            current,
            mask,
            plies,
        }
    }

    /// The cells of column `c`.
    const fn column(c: usize) -> u64 {
        ((1 << H) - 1) << (c * (H + 1))
    }

    /// The cells where `discs` would make four in a row (taken or not).
    const fn threats(discs: u64) -> u64 {
        // Vertical: three below.
        let mut r = (discs << 1) & (discs << 2) & (discs << 3);
        // Horizontal and the two diagonals: a gap at either end or inside.
        let mut steps: &[usize] = &[H + 1, H, H + 2];
        while let [s, rest @ ..] = steps {
            let s = *s;
            let p = (discs << s) & (discs << (2 * s));
            r |= p & (discs << (3 * s));
            r |= p & (discs >> s);
            let p = (discs >> s) & (discs >> (2 * s));
            r |= p & (discs << s);
            r |= p & (discs >> (3 * s));
            steps = rest;
        }
        r & Self::BOARD
    }

    /// The cell each column's next disc would fill.
    const fn playable(&self) -> u64 {
        (self.mask + Self::BOTTOM) & Self::BOARD
    }

    /// The empty cells where the side to move would make four.
    const fn own_threats(&self) -> u64 {
        Self::threats(self.current) & !self.mask
    }

    /// The empty cells where the opponent would make four.
    const fn their_threats(&self) -> u64 {
        Self::threats(self.current ^ self.mask) & !self.mask
    }

    /// Whether the side to move wins with its next disc.
    #[must_use]
    pub const fn wins_at_once(&self) -> bool {
        self.own_threats() & self.playable() != 0
    }

    /// Whether the opponent has a cell it would win on with its next disc, playable now:
    /// unless the side to move wins at once, its reply is forced (or, with two such
    /// cells, every reply loses). The UCI data set's "the next move is forced".
    #[must_use]
    pub const fn must_block(&self) -> bool {
        self.their_threats() & self.playable() != 0
    }

    /// The moves (as the cell each fills) that do not lose at once: a move must block an
    /// opponent's four it could complete next, and must not fill the cell under one.
    const fn safe_moves(&self) -> u64 {
        let theirs = self.their_threats();
        let mut moves = self.playable();
        let forced = moves & theirs;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                // Two fours to block: every move loses.
                return 0;
            }
            moves = forced;
        }
        moves & !(theirs >> 1)
    }

    /// The position after the side to move fills `cell`.
    #[must_use]
    const fn after(&self, cell: u64) -> Self {
        Bitboard {
            current: self.current ^ self.mask,
            mask: self.mask | cell,
            plies: self.plies + 1,
        }
    }

    /// The position after a disc into column `c`, or `None` if the column is full.
    #[must_use]
    pub const fn drop_disc(&self, c: usize) -> Option<Self> {
        if c >= W {
            return None;
        }
        let cell = self.playable() & Self::column(c);
        if cell == 0 {
            None
        } else {
            Some(self.after(cell))
        }
    }

    /// The score of a win whose winning disc is the `t`-th of the game.
    const fn win_score(t: u32) -> i32 {
        ((Self::CELLS + 2 - t) / 2) as i32
    }

    /// The columns swapped left for right: the mirror image's key.
    fn mirrored(bits: u64) -> u64 {
        let column = (1u64 << (H + 1)) - 1;
        (0..W).fold(0, |out, c| {
            let part = (bits >> (c * (H + 1))) & column;
            out | part << ((W - 1 - c) * (H + 1))
        })
    }
}

/// What [`Searchable::open`] found that [`Searchable::order`] needs: the moves worth
/// searching and the side to move's threats, found once a position.
#[derive(Clone, Copy, Debug)]
pub struct Opened {
    /// The cells of the moves that do not lose at once.
    cells: u64,
    /// The empty cells where the side to move would make four.
    own: u64,
}

impl<const W: usize, const H: usize> Searchable for Bitboard<W, H> {
    /// The cell the disc fills (one bit).
    type Move = u64;
    /// The cells of the moves that do not lose at once, with the side to move's threats
    /// ([`Opened`]).
    type Moves = Opened;

    /// The discs of the side to move plus every disc plus the bottom row: one bit above
    /// each column's top disc, the side to move's discs below it.
    #[inline]
    fn key(&self) -> u64 {
        self.current + self.mask + Self::BOTTOM
    }

    fn symmetric_key(&self) -> u64 {
        let key = self.key();
        key.min(Self::mirrored(key))
    }

    /// Each column's discs from the bottom, each a 1 then 1 if the side to move's, the
    /// columns parted by a 0, for the position as it is or mirrored, whichever is smaller:
    /// `2p + W - 1` bits at `p` plies (22 at 8 plies on 7x6, where the key takes 49), so a
    /// book takes 3 to 4 bytes a position. One-to-one among positions of one ply up to
    /// `(64 - W + 1) / 2` plies (29 on 7x6), all an opening book holds.
    fn book_key(&self) -> u64 {
        let key = self.key();
        let column = (1u64 << (H + 1)) - 1;
        let code = |columns: &mut dyn Iterator<Item = usize>| {
            let mut code = 0u64;
            for (i, c) in columns.enumerate() {
                if i > 0 {
                    code <<= 1;
                }
                let discs = (key >> (c * (H + 1))) & column;
                // The bit above the column's top disc.
                let height = u64::BITS - 1 - discs.leading_zeros();
                for row in 0..height {
                    code = code << 2 | 2 | (discs >> row & 1);
                }
            }
            code
        };
        code(&mut (0..W)).min(code(&mut (0..W).rev()))
    }

    fn plies(&self) -> u32 {
        self.plies
    }

    fn decided(&self) -> Option<i32> {
        if Connect4::<W, H>::four(self.current ^ self.mask) {
            // The last disc made four: the side to move has lost.
            Some(-Self::win_score(self.plies))
        } else if self.plies >= Self::CELLS {
            Some(0)
        } else if self.wins_at_once() {
            Some(Self::win_score(self.plies + 1))
        } else {
            None
        }
    }

    #[inline]
    fn open(&self) -> (Bounds, Opened) {
        let moves = self.safe_moves();
        let settled = Opened { cells: 0, own: 0 };
        if moves == 0 {
            // Whatever it plays, the opponent makes four with its next disc.
            let score = -Self::win_score(self.plies + 2);
            return (
                Bounds {
                    min: score,
                    max: score,
                },
                settled,
            );
        }
        if self.plies + 2 >= Self::CELLS {
            // Two discs or fewer to go and nobody can make four: a draw.
            return (Bounds { min: 0, max: 0 }, settled);
        }
        // A safe move under two of its own threats, one above the other, wins with the
        // disc after next: the opponent must block the lower, and that lets it play
        // the upper (the best an open position can do).
        let own = self.own_threats();
        if moves & (own >> 1) & (own >> 2) != 0 {
            let score = Self::win_score(self.plies + 3);
            return (
                Bounds {
                    min: score,
                    max: score,
                },
                settled,
            );
        }
        // At best a win with its next disc but one (it cannot win at once); at worst a
        // loss to the opponent's disc after next (no move loses at once).
        let bounds = Bounds {
            min: -Self::win_score(self.plies + 4),
            max: Self::win_score(self.plies + 3),
        };
        (bounds, Opened { cells: moves, own })
    }

    /// Threats made first (the cells where the mover would then make four; one fewer for
    /// a disc under a cell where it would make four already, as the opponent blocks it
    /// there), the centre first among equals: a stable insertion sort.
    #[inline]
    fn order(&self, opened: Opened, children: &mut Children<u64>) {
        let mut promise = [0i32; super::searchable::MAX_CHILDREN];
        let Opened { cells: moves, own } = opened;
        for &c in &Self::ORDER {
            let cell = moves & Self::column(c);
            if cell == 0 {
                continue;
            }
            let made = Self::threats(self.current | cell) & !(self.mask | cell);
            // A disc under one's own threat lets the opponent block it: tried later.
            let threats = made.count_ones() as i32 - i32::from(own & (cell << 1) != 0);
            let at = children.len();
            if !children.push(cell) {
                break;
            }
            let kept = children.as_mut_slice();
            let mut i = at;
            while i > 0 && promise.get(i - 1).is_some_and(|&p| p < threats) {
                kept.swap(i - 1, i);
                promise.swap(i - 1, i);
                i -= 1;
            }
            if let Some(p) = promise.get_mut(i) {
                *p = threats;
            }
        }
    }

    /// Drops the side to move's disc into `cell`, the next free cell of its column.
    #[inline]
    fn play(&self, cell: u64) -> Self {
        self.after(cell)
    }

    fn record(&self, score: i32) -> Record {
        let parity = |t: u32, even: bool| if (t % 2 == 0) == even { t } else { t - 1 };
        // The winning disc's number: `CELLS + 2 - 2s` or one less, whichever the winner
        // places (the side to move places the discs of the other parity to `plies`).
        let end = |s: i32, mover_wins: bool| {
            let t = Self::CELLS + 2 - 2 * s.unsigned_abs();
            let winner_even = (self.plies % 2 == 1) == mover_wins;
            parity(t, winner_even)
        };
        let (value, t) = match score {
            0 => (Value::Draw, Self::CELLS),
            s if s > 0 => (Value::Win, end(s, true)),
            s => (Value::Loss, end(s, false)),
        };
        Record {
            value,
            remoteness: t.saturating_sub(self.plies) as u16,
        }
    }

    fn score(&self, record: Record) -> i32 {
        let t = self.plies + u32::from(record.remoteness);
        match record.value {
            Value::Draw => 0,
            Value::Win => Self::win_score(t),
            Value::Loss => -Self::win_score(t),
        }
    }
}

impl<const W: usize, const H: usize> SearchableGame for Connect4<W, H> {
    type Search = Bitboard<W, H>;

    fn search_position(&self) -> Bitboard<W, H> {
        Bitboard::of(self)
    }

    /// Whether every disc rests on another or on the bottom, the counts are right (what
    /// [`Game::unreachable_reason`] checks: the search's masks assume both), and the discs
    /// can be taken back one at a time, last mover's first and each from the top of its
    /// column, down to the empty board, without passing a position where someone has four
    /// in a row (play stops there). A depth-first search that remembers the positions it
    /// found no way back from.
    fn is_reachable(&self) -> bool {
        if self.unreachable_reason().is_some() {
            return false;
        }
        let (x, o) = self.discs();
        let mut dead = HashSet::new();
        Self::back_to_start(x, o, &mut dead)
    }
}

impl<const W: usize, const H: usize> Connect4<W, H> {
    /// Whether the position of discs `x` and `o` (no one with four in a row but perhaps the
    /// last mover) can be taken back to the empty board; `dead` holds the keys of positions
    /// known not to.
    fn back_to_start(x: u64, o: u64, dead: &mut HashSet<u64>) -> bool {
        let mask = x | o;
        if mask == 0 {
            return true;
        }
        let key = x + mask + Bitboard::<W, H>::BOTTOM;
        if dead.contains(&key) {
            return false;
        }
        let x_moved_last = mask.count_ones() % 2 == 1;
        let (mover, other) = if x_moved_last { (x, o) } else { (o, x) };
        if Connect4::<W, H>::four(other) {
            dead.insert(key);
            return false;
        }
        // The top disc of each column: the highest set bit of the column's cells.
        for c in 0..W {
            let column = mask & Bitboard::<W, H>::column(c);
            if column == 0 {
                continue;
            }
            let top = 1u64 << (63 - column.leading_zeros());
            if mover & top == 0 || Connect4::<W, H>::four(mover & !top) {
                continue;
            }
            let (x, o) = if x_moved_last {
                (x & !top, o)
            } else {
                (x, o & !top)
            };
            if Self::back_to_start(x, o, dead) {
                return true;
            }
        }
        dead.insert(key);
        false
    }
}
