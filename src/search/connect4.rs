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

use super::searchable::{Bounds, Children, Open, Searchable};
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

/// What [`Searchable::open`] found out about a position that its moves need, found once:
/// the cells of the moves worth searching, and the empty cells where the opponent would
/// make four.
#[derive(Clone, Copy, Debug)]
pub struct Opened {
    /// The cells of the moves that do not lose at once.
    cells: u64,
    /// The empty cells where the opponent would make four.
    theirs: u64,
}

impl<const W: usize, const H: usize> Bitboard<W, H> {
    /// The cells of rows 1, 3, 5, ... from the bottom (counting from 0): the cells the
    /// second player is given by answering every move in the same column.
    const EVEN_ROWS: u64 = {
        let mut column = 0;
        let mut r = 1;
        while r < H {
            column |= 1 << r;
            r += 2;
        }
        Self::BOTTOM * column
    };

    /// The first cell of each four in a row of `discs` along `step` (the one with the
    /// lowest bit).
    const fn fours(discs: u64, step: usize) -> u64 {
        let pairs = discs & (discs >> step);
        pairs & (pairs >> (2 * step))
    }

    /// The cells of `cells` and every cell above one of them in its column.
    const fn and_above(cells: u64) -> u64 {
        let mut above = cells;
        let mut r = 1;
        while r < H {
            above |= (above << 1) & Self::BOARD;
            r += 1;
        }
        above
    }

    /// The lowest row, counting from 0, holding a cell of `cells` (`H` if none).
    const fn lowest_row(cells: u64) -> usize {
        let mut r = 0;
        while r < H {
            if cells & (Self::BOTTOM << r) != 0 {
                return r;
            }
            r += 1;
        }
        H
    }

    /// Allis's *claimeven* as a bound on the score of the first player to move (an even
    /// number of plies, an even number of rows): the second player can answer every move
    /// in the column it was played in, which gives it every empty cell of an odd row
    /// (counting from 0) above each column's next cell; when an odd number of discs
    /// stands in a column, the first player's disc there may take such a cell, and the
    /// second answers it in another such column (there is an even number of them), so
    /// that again it keeps the cells above. The first player then has at most the other
    /// cells. If it cannot make four there, or each four it could make lies above one of
    /// the second player's along the same line in the same columns (whose cells are all
    /// filled first), the second player wins, at the latest when the last cell of its
    /// lowest four is filled; if neither can make four, the first player draws at best.
    /// `None` when the first player could make four the second player does not forestall.
    fn claimeven_bound(&self) -> Option<i32> {
        let empty = Self::BOARD & !self.mask;
        let theirs = (self.current ^ self.mask) | (empty & Self::EVEN_ROWS & !self.playable());
        let mine = Self::BOARD & !theirs;
        if Self::fours(mine, 1) != 0 {
            return None;
        }
        // The lowest top row of the second player's fours: a vertical four's is three
        // above its first cell, as is a rising diagonal's.
        let mut top = Self::lowest_row(Self::fours(theirs, 1)) + 3;
        let mut steps: &[usize] = &[H + 1, H, H + 2];
        while let [step, rest @ ..] = steps {
            let (ours, others) = (Self::fours(mine, *step), Self::fours(theirs, *step));
            if ours & !Self::and_above(others) != 0 {
                return None;
            }
            let rise = if *step == H + 2 { 3 } else { 0 };
            top = top.min(Self::lowest_row(others) + rise);
            steps = rest;
        }
        if top >= H {
            return Some(0);
        }
        // The last cell of that four is filled while the cells above its top stay empty.
        let t = Self::CELLS - (H - 1 - top) as u32;
        Some(-Self::win_score(t))
    }

    /// The first cells of the lines of four cells on the board along `step`.
    const fn lines(step: usize) -> u64 {
        let b = Self::BOARD;
        b & (b >> step) & (b >> (2 * step)) & (b >> (3 * step))
    }

    /// The discs whose colour no longer matters: every line of four cells through one
    /// is full (or leaves the board), so no four in a row to come can pass through it.
    /// Steininger's `c4` keys its table with such discs all given to one side, so that
    /// positions that differ only there share an entry; this is the plainest sound kind
    /// of them (`c4` finds more, by patterns).
    #[inline]
    fn dead(&self) -> u64 {
        let empty = Self::BOARD & !self.mask;
        let mut alive = 0;
        let mut steps: &[usize] = &[1, H + 1, H, H + 2];
        while let [step, rest @ ..] = steps {
            let s = *step;
            // The lines along `s` with an empty cell, by their first cell; then every
            // cell they pass through.
            let open = (empty | empty >> s | empty >> (2 * s) | empty >> (3 * s)) & Self::lines(s);
            alive |= open | open << s | open << (2 * s) | open << (3 * s);
            steps = rest;
        }
        self.mask & !alive
    }

    /// The column of `cell`, one bit.
    const fn column_of(cell: u64) -> usize {
        cell.trailing_zeros() as usize / (H + 1)
    }
}

impl<const W: usize, const H: usize> Searchable for Bitboard<W, H> {
    /// The cell the disc fills (one bit).
    type Move = u64;
    /// The cells of the moves that do not lose at once, with the opponent's threats
    /// ([`Opened`]).
    type Moves = Opened;

    const MAX_PLIES: u32 = Self::CELLS;

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

    /// [`Bitboard::key`] with the discs whose colour no longer matters given to the side
    /// to move (`Bitboard::dead`), and of the position and its mirror image the smaller.
    #[inline]
    fn table_key(&self) -> (u64, bool) {
        let key = (self.current | self.dead()) + self.mask + Self::BOTTOM;
        let mirror = Self::mirrored(key);
        if mirror < key {
            (mirror, true)
        } else {
            (key, false)
        }
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
    fn open(&self) -> Open<Self> {
        let theirs = self.their_threats();
        let playable = self.playable();
        // Never a disc under a cell where the opponent would make four.
        let safe = playable & !(theirs >> 1);
        let lost = Open::Settled(-Self::win_score(self.plies + 2));
        let blocks = playable & theirs;
        if blocks != 0 {
            // The opponent makes four with its next disc unless this one blocks it: two
            // such cells, or one under another, and every move loses.
            if blocks & (blocks - 1) != 0 || blocks & safe == 0 {
                return lost;
            }
            return Open::Forced(blocks);
        }
        if safe == 0 {
            return lost;
        }
        if safe & (safe - 1) == 0 {
            return Open::Forced(safe);
        }
        if self.plies + 2 >= Self::CELLS {
            // Two discs to go, nobody can make four with either: a draw.
            return Open::Settled(0);
        }
        // A safe move under two of its own threats, one above the other, wins with the
        // disc after next: the opponent must block the lower, and that lets it play
        // the upper (the best an open position can do).
        let own = self.own_threats();
        if safe & (own >> 1) & (own >> 2) != 0 {
            return Open::Settled(Self::win_score(self.plies + 3));
        }
        // At best a win with its next disc but one (it cannot win at once); at worst a
        // loss to the opponent's disc after next (no move loses at once); a draw at best
        // for a side that could not make four with every empty cell.
        let empty = Self::BOARD & !self.mask;
        let mut max = Self::win_score(self.plies + 3);
        let mut min = -Self::win_score(self.plies + 4);
        if !Connect4::<W, H>::four(self.current | empty) {
            max = 0;
        }
        if !Connect4::<W, H>::four((self.current ^ self.mask) | empty) {
            min = 0;
        }
        if H % 2 == 0 && self.plies % 2 == 0 && max > 0 {
            if let Some(bound) = self.claimeven_bound() {
                max = max.min(bound);
            }
        }
        Open::Moves(
            Bounds { min, max },
            Opened {
                cells: safe,
                theirs,
            },
        )
    }

    /// The columns from the centre out.
    #[inline]
    fn moves(&self, opened: Opened, children: &mut Children<u64>) {
        for &c in &Self::ORDER {
            let cell = opened.cells & Self::column(c);
            if cell != 0 && !children.push(cell) {
                break;
            }
        }
    }

    /// The threats the move makes, counted as Steininger's `c4` weighs them: cells where
    /// the mover would make four that the opponent cannot spoil by making its own four
    /// just below, most for one right above a column's next cell (the opponent cannot
    /// fill the cell below it without giving it up), less for one two above, least for
    /// any other; the centre first among equals.
    #[inline]
    fn promise(&self, opened: &Opened, cell: u64) -> i32 {
        let mask = self.mask | cell;
        let made = Self::threats(self.current | cell) & !mask & !(opened.theirs << 1);
        let next = ((mask + Self::BOTTOM) & Self::BOARD) << 1;
        let one_above = made & next;
        let two_above = made & ((next & Self::BOARD) << 1);
        let column = Self::column_of(cell);
        let centre = (column.min(W - 1 - column)) as i32;
        48 * one_above.count_ones() as i32
            + 20 * two_above.count_ones() as i32
            + 12 * made.count_ones() as i32
            + centre
    }

    #[inline]
    fn tag(&self, cell: u64, mirrored: bool) -> u8 {
        let column = Self::column_of(cell);
        (if mirrored { W - 1 - column } else { column }) as u8
    }

    /// Drops the side to move's disc into `cell`, the next free cell of its column.
    #[inline]
    fn play(&self, cell: u64) -> Self {
        self.after(cell)
    }

    /// The top disc of each column taken back, where it is the last mover's.
    fn parents(&self, visit: &mut dyn FnMut(Self)) {
        let theirs = self.current ^ self.mask;
        // Below each column's landing cell: its top disc (nothing for an empty column,
        // whose landing cell is its bottom one).
        let mut tops = ((self.mask + Self::BOTTOM) >> 1) & theirs;
        while tops != 0 {
            let cell = tops & tops.wrapping_neg();
            tops ^= cell;
            visit(Bitboard {
                current: theirs & !cell,
                mask: self.mask & !cell,
                plies: self.plies.saturating_sub(1),
            });
        }
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

#[cfg(test)]
mod tests {
    //! The bounds and keys the search trusts without searching, against the compiled
    //! table of every Connect Four position on 4x4 (solved by retrograde analysis at
    //! build time, sharing no code with the search).

    use super::*;
    use crate::games::{CONNECT4_4X4, ConnectFour};
    use perfect_play_core::family::{Args, Family};
    use std::collections::HashMap;

    /// The 4x4 position of the search's type as the compiled table's (the family's type,
    /// at its default size), through its key.
    fn in_table(position: &Connect4<4, 4>) -> ConnectFour {
        let start = ConnectFour::at(&Args::defaults(ConnectFour::PARAMS)).expect("4x4");
        start.at_key(position.key()).expect("a position of 4x4")
    }

    /// Every open position of 4x4 (nobody has four, the board not full, no win at once
    /// for the side to move): the positions the search settles.
    fn open_positions() -> Vec<(Bitboard<4, 4>, i32)> {
        let mut seen = HashSet::new();
        let mut todo = vec![Connect4::<4, 4>::start()];
        let mut out = Vec::new();
        while let Some(position) = todo.pop() {
            if !seen.insert(position) || position.finished().is_some() {
                continue;
            }
            let board = Bitboard::of(&position);
            if board.decided().is_none() {
                let record = CONNECT4_4X4
                    .probe(&in_table(&position))
                    .expect("every position is in the table");
                out.push((board, board.score(record)));
            }
            position.moves(&mut |_, child| todo.push(child));
        }
        out
    }

    /// The game's position of a search's.
    fn game(board: Bitboard<4, 4>) -> Connect4<4, 4> {
        let other = board.current ^ board.mask;
        let (x, o) = if board.plies % 2 == 0 {
            (board.current, other)
        } else {
            (other, board.current)
        };
        Connect4::from_discs(x, o).expect("a position")
    }

    #[test]
    fn open_settles_nothing_the_table_contradicts() {
        let positions = open_positions();
        assert!(positions.len() > 100_000);
        let mut bounded = 0;
        for (board, score) in positions {
            match board.open() {
                Open::Settled(s) => assert_eq!(s, score, "{board:?}"),
                Open::Forced(cell) => {
                    let child = board.play(cell);
                    let record = CONNECT4_4X4
                        .probe(&in_table(&game(child)))
                        .expect("in the table");
                    assert_eq!(-child.score(record), score, "{board:?} forced");
                }
                Open::Moves(bounds, _) => {
                    assert!(
                        bounds.min <= score && score <= bounds.max,
                        "{board:?}: {bounds:?} {score}"
                    );
                    let first_to_move = board.plies % 2 == 0;
                    if let Some(bound) = board.claimeven_bound().filter(|_| first_to_move) {
                        assert!(
                            score <= bound,
                            "{board:?}: claimeven {bound}, score {score}"
                        );
                        bounded += 1;
                    }
                }
            }
        }
        // The bound is not idle on 4x4.
        assert!(bounded > 1000, "{bounded}");
    }

    #[test]
    fn one_table_key_one_score() {
        let mut by_key: HashMap<u64, i32> = HashMap::new();
        let mut shared = 0;
        for (board, score) in open_positions() {
            let (key, _) = board.table_key();
            if let Some(&other) = by_key.get(&key) {
                assert_eq!(other, score, "{board:?}");
                shared += 1;
            }
            by_key.insert(key, score);
        }
        // Dead discs and mirror images do join positions.
        assert!(shared > 1000, "{shared}");
    }
}
