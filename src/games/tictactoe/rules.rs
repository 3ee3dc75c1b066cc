//! The rules of tic-tac-toe: the board, whose turn it is, the eight lines, who has won.
//!
//! This file is the one source of truth for the game. It is compiled twice: as part of
//! `perfect_play::games::tictactoe` in the library and, through `#[path]`, inside
//! `build.rs`, which walks and solves every reachable board with it. So it uses nothing but
//! `core` and `perfect-play-core`, and everything here is a `const fn` on plain bit masks.

use core::fmt;

use perfect_play_core::family::{Args, Family, Param, SizeError};
use perfect_play_core::{Bits, Game, Value};

use super::registered::{Compiled, Layout, Registered};

// The board as text and tic-tac-toe's notation: a child of the rules, so that `build.rs`,
// which compiles this file alone, has them too (misère's notation is read through them).
#[path = "text.rs"]
mod text;
#[doc(hidden)]
pub use text::parse_row;
pub use text::ParseBoardError;

/// One of the two players. `X` always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Player {
    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The player's mark as a lowercase letter: `'x'` or `'o'`.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Player::X => 'x',
            Player::O => 'o',
        }
    }
}

/// The player's mark: `x` or `o`.
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::X => "x",
            Player::O => "o",
        })
    }
}

/// How a game ends, as both players see it: a win for one of them, or a draw.
///
/// For how it ends from one player's side (win, draw or loss), see [`Outcome::value_for`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player gets three in a row.
    Win(Player),
    /// The board fills with no three in a row.
    Draw,
}

impl Outcome {
    /// The player who wins the game, or `None` for a draw.
    ///
    /// On a [`Position`](crate::games::tictactoe::Position)'s outcome this is who wins *with perfect play
    /// from here*, which may be nobody yet on the board; for who has three in a row on the
    /// board now, see [`Position::three_in_a_row`](crate::games::tictactoe::Position::three_in_a_row).
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(player) => Some(player),
            Outcome::Draw => None,
        }
    }

    /// The outcome from `player`'s side: a win, a draw or a loss.
    ///
    /// ```
    /// use perfect_play::Value;
    /// use perfect_play::games::tictactoe::{Outcome, Player};
    ///
    /// assert_eq!(Outcome::Win(Player::X).value_for(Player::O), Value::Loss);
    /// assert_eq!(Outcome::Draw.value_for(Player::X), Value::Draw);
    /// ```
    #[must_use]
    pub const fn value_for(self, player: Player) -> Value {
        match (self, player) {
            (Outcome::Draw, _) => Value::Draw,
            (Outcome::Win(Player::X), Player::X) | (Outcome::Win(Player::O), Player::O) => {
                Value::Win
            }
            (Outcome::Win(_), _) => Value::Loss,
        }
    }
}

/// `x wins`, `o wins` or `draw`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win(Player::X) => "x wins",
            Outcome::Win(Player::O) => "o wins",
            Outcome::Draw => "draw",
        })
    }
}

/// The mask of all nine cells. Cell `i` (0..9, row-major from the top left) is bit `i`.
pub(crate) const ALL_CELLS: u16 = 0x1ff;

/// The eight lines of three: three rows, three columns, two diagonals.
pub(crate) const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Number of distinct boards: each of 9 cells is empty, x or o.
pub(crate) const CODES: usize = 19_683;

/// `TERNARY[mask]` is the sum of `3^i` over the cells `i` in `mask`.
#[allow(clippy::indexing_slicing)] // evaluated at compile time: a bad index fails the build
const TERNARY: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let (mut cell, mut weight, mut sum) = (0, 1u16, 0u16);
        while cell < 9 {
            if mask & (1 << cell) != 0 {
                sum += weight;
            }
            weight *= 3;
            cell += 1;
        }
        table[mask] = sum;
        mask += 1;
    }
    table
};

/// Cells `first..first + N` of every base-3 number `0..3^N`, as `(x, o)` masks: the two
/// halves of [`Board::from_code`].
#[allow(clippy::indexing_slicing)] // evaluated at compile time: a bad index fails the build
const fn digit_masks<const N: usize>(first: u32) -> [(u16, u16); N] {
    let mut table = [(0, 0); N];
    let mut code = 0;
    while code < N {
        let (mut rest, mut cell, mut x, mut o) = (code, first, 0, 0);
        while rest > 0 {
            match rest % 3 {
                1 => x |= 1 << cell,
                2 => o |= 1 << cell,
                _ => {}
            }
            rest /= 3;
            cell += 1;
        }
        table[code] = (x, o);
        code += 1;
    }
    table
}
const LOW_DIGITS: [(u16, u16); 243] = digit_masks(0);
const HIGH_DIGITS: [(u16, u16); 81] = digit_masks(5);

/// A tic-tac-toe board: any placement of x and o marks, whether or not a game can reach it.
///
/// Cells are numbered 0..9 row-major from the top left:
///
/// ```text
/// 0 1 2
/// 3 4 5
/// 6 7 8
/// ```
///
/// Parse one from text with [`str::parse`] and print it with `{}` (9 cells) or `{:#}`
/// (three rows); ask the solved table about it with [`Board::lookup`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    x: u16,
    o: u16,
}

impl Board {
    /// The board before the first move.
    pub const EMPTY: Board = Board { x: 0, o: 0 };

    /// A board from the cells holding x and the cells holding o, as bit masks (bit `i` is
    /// cell `i`). `None` if a mask has bits above cell 8 or a cell is in both.
    #[must_use]
    pub const fn from_masks(x: u16, o: u16) -> Option<Board> {
        if (x | o) & !ALL_CELLS != 0 || x & o != 0 {
            None
        } else {
            Some(Board { x, o })
        }
    }

    /// A board from masks its caller built cell by cell, so that they are 9-bit and
    /// disjoint. Cannot fail: bits outside the nine cells are dropped, and a cell in both
    /// masks (which the callers never build) would count as x.
    #[must_use]
    #[doc(hidden)]
    pub const fn from_disjoint_masks(x: u16, o: u16) -> Board {
        let x = x & ALL_CELLS;
        Board {
            x,
            o: o & ALL_CELLS & !x,
        }
    }

    /// A board from its nine cells, row-major; `None` is an empty cell.
    #[must_use]
    pub fn from_cells(cells: [Option<Player>; 9]) -> Board {
        let (mut x, mut o) = (0, 0);
        for (cell, mark) in cells.into_iter().enumerate() {
            match mark {
                Some(Player::X) => x |= 1 << cell,
                Some(Player::O) => o |= 1 << cell,
                None => {}
            }
        }
        Board { x, o }
    }

    /// The nine cells, row-major; `None` is an empty cell.
    #[must_use]
    pub fn cells(self) -> [Option<Player>; 9] {
        core::array::from_fn(|cell| self.at(cell as u8))
    }

    /// The mark in `cell` (0..9), or `None` if it is empty or there is no such cell.
    #[must_use]
    pub const fn at(self, cell: u8) -> Option<Player> {
        if cell >= 9 {
            None
        } else if self.x & (1 << cell) != 0 {
            Some(Player::X)
        } else if self.o & (1 << cell) != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The cells holding `player`'s marks, as a bit mask (bit `i` is cell `i`).
    #[must_use]
    pub const fn mask(self, player: Player) -> u16 {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// The empty cells, as a bit mask (bit `i` is cell `i`).
    #[must_use]
    pub const fn empty_mask(self) -> u16 {
        ALL_CELLS & !(self.x | self.o)
    }

    /// How many marks `player` has on the board.
    #[must_use]
    pub const fn count(self, player: Player) -> u32 {
        self.mask(player).count_ones()
    }

    /// Whether `player` has three in a row.
    #[must_use]
    pub fn has_line(self, player: Player) -> bool {
        let marks = self.mask(player);
        LINES.into_iter().any(|line| line & !marks == 0)
    }

    /// Whose turn it is by counting marks: o when x has more marks than o, else x.
    ///
    /// On a reachable board whose game goes on, that is the player to move. It says nothing
    /// about whether the game is finished or the board reachable.
    #[must_use]
    pub const fn turn(self) -> Player {
        if self.x.count_ones() > self.o.count_ones() {
            Player::O
        } else {
            Player::X
        }
    }

    /// Whether the game is finished on this board by the rules: someone has three in a
    /// row, or the board is full. Play stops on a finished board.
    ///
    /// This looks at the board alone, reachable or not; for "a game reaches this board
    /// and finishes on it", see [`Board::is_final`].
    #[must_use]
    pub fn is_finished(self) -> bool {
        self.has_line(Player::X) || self.has_line(Player::O) || self.empty_mask() == 0
    }

    /// The board with `player`'s mark added in `cell`, whatever was there.
    /// `cell` must be below 9: callers iterate over [`Board::empty_mask`].
    #[must_use]
    pub const fn with(self, cell: u8, player: Player) -> Board {
        let bit = 1 << cell;
        match player {
            Player::X => Board {
                x: self.x | bit,
                o: self.o & !bit,
            },
            Player::O => Board {
                x: self.x & !bit,
                o: self.o | bit,
            },
        }
    }

    /// The board's number in base 3: cell `i` is digit `i` (0 empty, 1 x, 2 o).
    ///
    /// Every board has its own code in `0..19_683`; the solved table is keyed by it.
    #[must_use]
    pub const fn code(self) -> u16 {
        // x and o are 9-bit masks (every constructor sees to it); the mask only lets the
        // compiler see that too, and drop the bounds checks.
        let (x, o) = ((self.x & ALL_CELLS) as usize, (self.o & ALL_CELLS) as usize);
        #[allow(clippy::indexing_slicing)] // below 512: masked to nine bits
        let code = TERNARY[x] + 2 * TERNARY[o];
        code
    }

    /// The board whose [`Board::code`] is `code`, or `None` if `code` is 19,683 or more.
    ///
    /// Two table loads, not nine divisions: the low five base-3 digits (cells 0-4) and the
    /// high four (cells 5-8) each index a table of their cells' x and o masks.
    #[must_use]
    #[allow(clippy::indexing_slicing)] // code < 3^9, so code % 243 < 243 and code / 243 < 81
    pub const fn from_code(code: u16) -> Option<Board> {
        if code as usize >= CODES {
            return None;
        }
        let (low, high) = (
            LOW_DIGITS[code as usize % 243],
            HIGH_DIGITS[code as usize / 243],
        );
        Some(Board::from_disjoint_masks(low.0 | high.0, low.1 | high.1))
    }
}

/// Why no legal game reaches a board.
///
/// Every board outside the solved table has at least one of these faults; the first that
/// applies, in the order listed, is the one reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unreachable {
    /// o has more marks than x, but x moves first.
    MoreOThanX,
    /// x has two or more marks more than o, but the players alternate.
    XTooFarAhead,
    /// Both players have three in a row, but the game stops at the first.
    BothHaveLines,
    /// A player has three in a row, yet the other moved after it: x won but o has as many
    /// marks, or o won but x has one more.
    PlayedAfterWin(Player),
}

impl Unreachable {
    /// The fault of a board that the table does not hold.
    ///
    /// The checks below cover every unreachable board: a board with 0 or 1 more x than o,
    /// at most one player with a line, and that player the last to move is reached by legal
    /// play. The exhaustive tests confirm it for all 19,683 boards.
    pub(crate) fn of(board: Board) -> Unreachable {
        let (x, o) = (board.count(Player::X), board.count(Player::O));
        if o > x {
            Unreachable::MoreOThanX
        } else if x > o + 1 {
            Unreachable::XTooFarAhead
        } else if board.has_line(Player::X) && board.has_line(Player::O) {
            Unreachable::BothHaveLines
        } else if board.has_line(Player::X) {
            Unreachable::PlayedAfterWin(Player::X)
        } else {
            Unreachable::PlayedAfterWin(Player::O)
        }
    }
}

impl Unreachable {
    /// The fault the rules alone find in `board`, if any: every board with one is outside
    /// the table, and (the exhaustive tests confirm it) every board outside it has one.
    #[must_use]
    pub fn find(board: Board) -> Option<Unreachable> {
        let (x, o) = (board.count(Player::X), board.count(Player::O));
        let (x_line, o_line) = (board.has_line(Player::X), board.has_line(Player::O));
        if o > x {
            Some(Unreachable::MoreOThanX)
        } else if x > o + 1 {
            Some(Unreachable::XTooFarAhead)
        } else if x_line && o_line {
            Some(Unreachable::BothHaveLines)
        } else if x_line && x == o {
            Some(Unreachable::PlayedAfterWin(Player::X))
        } else if o_line && x > o {
            Some(Unreachable::PlayedAfterWin(Player::O))
        } else {
            None
        }
    }

    /// The fault in words, as `Display` writes it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Unreachable::MoreOThanX => "o has more marks than x, but x moves first",
            Unreachable::XTooFarAhead => "x has two or more marks more than o",
            Unreachable::BothHaveLines => "both x and o have three in a row",
            Unreachable::PlayedAfterWin(Player::X) => {
                "x has three in a row, yet o moved after it (o has as many marks as x)"
            }
            Unreachable::PlayedAfterWin(Player::O) => {
                "o has three in a row, yet x moved after it (x has more marks than o)"
            }
        }
    }
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::error::Error for Unreachable {}

/// Tic-tac-toe as the solver sees it: x moves first, a move marks an empty cell.
impl Game for Board {
    type Move = u8;

    fn start() -> Board {
        Board::EMPTY
    }

    fn key(&self) -> u64 {
        u64::from(self.code())
    }

    /// Three in a row was made by the player who just moved: the side to move has lost.
    fn finished(&self) -> Option<Value> {
        if self.has_line(Player::X) || self.has_line(Player::O) {
            Some(Value::Loss)
        } else if self.empty_mask() == 0 {
            Some(Value::Draw)
        } else {
            None
        }
    }

    /// The fault the rules find in the board ([`Unreachable::find`]), in words.
    fn unreachable_reason(&self) -> Option<&'static str> {
        Unreachable::find(*self).map(Unreachable::as_str)
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Board)) {
        let mover = self.turn();
        for cell in Bits(u64::from(self.empty_mask())) {
            visit(cell, self.with(cell, mover));
        }
    }
}

/// A game of one size: a family without parameters.
impl Family for Board {
    const FAMILY: &'static str = "tictactoe";
    const PARAMS: &'static [Param] = &[];

    fn at(_: &Args) -> Result<Board, SizeError> {
        Ok(Board::EMPTY)
    }

    fn args(&self) -> Args {
        Args::defaults(&[])
    }
}

/// In the catalogue: compiled in, each entry keeping its best moves as a mask of cells
/// (what [`Board::lookup`](super::Board::lookup) answers from).
impl Registered for Board {
    const COMPILED: &'static [Compiled] = &[Compiled {
        table: "TICTACTOE",
        file: "tictactoe",
        size: "",
        layout: Layout::PhfBestCells,
    }];
}
