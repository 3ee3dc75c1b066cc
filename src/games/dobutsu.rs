//! Dōbutsu shōgi (どうぶつしょうぎ, "animal shogi", Madoka Kitao, 2008), as a family:
//! `dobutsu`, the game as it is played, and smaller variants without the giraffes or the
//! elephants (`dobutsu:giraffes=false`) that a test solves in seconds.
//!
//! # Rules
//!
//! A 3x4 board, three columns and four rows. Each side has a lion, a giraffe, an elephant
//! and a chick: the first player (sente, drawn at the bottom, uppercase) has its elephant,
//! lion and giraffe on the bottom row from the left and its chick in front of the lion;
//! the second player (gote, at the top, lowercase) the same turned around. A piece moves
//! one cell: the lion any way, the giraffe orthogonally, the elephant diagonally, the
//! chick straight forward; a hen (a promoted chick) like a shogi gold, orthogonally or
//! diagonally forward. A piece moved onto an enemy piece captures it into the mover's hand
//! (a hen captured becomes a chick in hand). Instead of moving, a player may drop a piece
//! from the hand onto any empty cell; a chick dropped on the last row stays a chick (and
//! cannot move until captured). A chick that moves onto the last row becomes a hen.
//! A player wins by capturing the enemy lion, or by the *try*: moving the lion onto the
//! far row where it cannot be captured at once. Repetition is a draw. (The rules as
//! pychess-variants documents them, `static/docs/dobutsu.md`, and the Japan Shogi
//! Association's rule sheet for the game.)
//!
//! # When a game is over: Tanaka's convention
//!
//! The positions are counted and the distances measured as Tetsuro Tanaka's strong
//! solution does (田中哲朗「「どうぶつしょうぎ」の完全解析」, IPSJ SIG Technical Report
//! 2009-GI-22(3), 2009; the same convention in the re-solves clausecker/dobutsu and
//! brianhliou/dobutsu-shogi, whose documents give the figures), which is what
//! [`Game::finished`] says here, from the side to move:
//!
//! - if it can capture the enemy lion, it has won, **in 1 ply** (the capture:
//!   [`Game::finished_plies`] is 1); the position is not expanded;
//! - otherwise, if the enemy lion stands on its home row (the enemy's far row: a try the
//!   enemy completed, since it cannot be captured), it has lost, **in 0 plies**;
//! - otherwise the game goes on.
//!
//! So a lion moved onto the far row where it can be captured is simply captured next ply
//! (a win in 1 for the side that captures), and a try is settled one ply after it is made.
//! Moving into an attack is legal (the lion is then captured). This convention reproduces
//! the published count of 246,803,167 positions (`tests/dobutsu.rs`).
//!
//! # Positions as the table keeps them
//!
//! A position is the board and both hands seen from the side to move: a position with the
//! second player to move is the same as its 180° turn with the colours swapped, and a
//! position and its left-right mirror image are one ([`Game::canonical`]: the table holds
//! one entry per class, as Tanaka counts them). [`Game::key`] numbers the board and both
//! hands seen from the side to move as a rank: both lions' cells (12 x 11), then for the
//! giraffes, the elephants and the chicks in turn how many stand on the board, on which of
//! the cells still free, whose each is and whether each chick is a hen, and how many of the
//! rest the mover holds (the opponent holds the others). Every arrangement of the pieces
//! has one number, 1,567,925,964 of them in the full game, 6.4 for each of Tanaka's
//! positions, all below 2^31; the number is spread over its 31 bits by a bijection
//! (multiplications by odd numbers and shifts, undone by [`Game::at_key`]), with bit 31
//! set when the second player is to move (never in a canonical form): 32 bits. The rank
//! keeps the keys dense, so the table file's index keeps one byte of each key (the key's
//! bits below its bucket: 8 of 31); the spreading fills every bucket evenly, where ranks in
//! order would crowd the arrangements of reachable positions into some.
//!
//! # Notation
//!
//! Shogi's SFEN as the USI protocol writes it, at 3x4 (the form vshogi's `animal_shogi`
//! and other Dōbutsu engines read, `gle/1c1/1C1/ELG b - 1` for the start): the rows from
//! the top split by `/`, each a piece letter or a count of empty cells, uppercase for the
//! first player, `L` lion, `G` giraffe, `E` elephant, `C` chick, `+C` hen (`H` is read as
//! a hen too); a space and the side to move, `b` for the first player (sente, "black", who
//! moves first) or `w`; a space and the hands, `-` when both are empty, else the first
//! player's pieces in uppercase then the second's in lowercase, each with its count before
//! it when more than one (`2Cg`); an optional move number after it is read and ignored.
//! The start is written `gle/1c1/1C1/ELG b -`.
//!
//! A move in USI: a cell is its column, `3` `2` `1` from the left as the first player sees
//! the board, and its row, `a` to `d` from the top: `2c2b` moves the first player's chick
//! forward; a drop is the piece's letter, `*` and the cell, `C*2b`. A chick reaching the
//! last row promotes by itself: a `+` after a move is read and ignored.
//!
//! # Published results
//!
//! Tanaka 2009 (with the re-solves above): 246,803,167 positions are reachable from the
//! start; the first player loses in 78 plies (76 after taking the chick at once); the
//! longest win or loss of any position is 173 plies. `tests/dobutsu.rs` checks them
//! against a solved table file.
//!
//! # Sizes
//!
//! | size | positions (canonical) | start (sente to move) | |
//! |---|--:|---|---|
//! | `dobutsu` (`giraffes=true,elephants=true`) | 246,803,167 (Tanaka) | loss in 78 plies (Tanaka) | a table file: `perfect-play solve dobutsu --out dobutsu.table --memory 7G` |
//! | `dobutsu:giraffes=false` | 3,202,071 | draw, endless | a table file (about 10 s, 1.1 GB) |
//! | `dobutsu:elephants=false` | 3,008,273 | draw, endless | a table file (about 10 s, 1.1 GB) |
//! | `dobutsu:giraffes=false,elephants=false` | 24,789 | win in 15 plies | a table file, or first use |
//!
//! The full game is far past what a size may have to be solved on first use (a million
//! positions here, counted without the symmetries): it is answered from a table file, solved once by `perfect-play solve` (the
//! time and memory measured: BENCHMARKS.md, Dōbutsu shōgi) and opened with `--table FILE`.

use core::fmt;

use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
use perfect_play_core::notation::{Notation, ParseError, ParseErrorKind, Side};
use perfect_play_core::{Game, Kind, MoveShape, Value, odd_inverse};

use super::grid::{DIAGONAL, EIGHT_WAYS, ORTHOGONAL};
use super::registered::Registered;

/// The board's columns.
pub const COLUMNS: usize = 3;
/// The board's rows.
pub const ROWS: usize = 4;
/// The board's cells, row-major from the top left.
pub const CELLS: usize = COLUMNS * ROWS;

/// A piece's kind, without its owner: a cell holds `kind | OWNER` for the second
/// player's pieces, 0 when empty.
pub mod kind {
    /// The lion.
    pub const LION: u8 = 1;
    /// The giraffe.
    pub const GIRAFFE: u8 = 2;
    /// The elephant.
    pub const ELEPHANT: u8 = 3;
    /// The chick.
    pub const CHICK: u8 = 4;
    /// The hen, a promoted chick.
    pub const HEN: u8 = 5;
    /// The bit of a cell that says the piece is the second player's.
    pub const OWNER: u8 = 8;
}
use kind::{CHICK, ELEPHANT, GIRAFFE, HEN, LION, OWNER};

/// The kinds a hand holds, in the order of [`Dobutsu`]'s hand counts: giraffes,
/// elephants, chicks.
const HAND_KINDS: [u8; 3] = [GIRAFFE, ELEPHANT, CHICK];

/// A Dōbutsu shōgi position: the board as a person sees it (the first player at the
/// bottom), both hands and the side to move, and which pieces the variant has.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dobutsu {
    /// Each cell, row-major from the top left: 0 empty, else a [`kind`] with
    /// [`OWNER`](kind::OWNER) set for the second player's.
    cells: [u8; CELLS],
    /// Each side's hand (the first player's first): giraffes, elephants, chicks.
    hands: [[u8; 3]; 2],
    /// Whether the second player is to move.
    second: bool,
    /// Bit 0: the game has giraffes; bit 1: elephants.
    pieces: u8,
}

/// A move: a piece from one cell to another, or a piece of the hand dropped on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DobutsuMove {
    /// The piece on `from` goes to `to` (capturing what stands there).
    Step {
        /// Where it stands, row-major from 0 at the top left.
        from: u8,
        /// Where it goes.
        to: u8,
    },
    /// A giraffe, elephant or chick of the hand ([`kind`]) put on the empty cell `to`.
    Drop {
        /// The kind dropped.
        kind: u8,
        /// Where.
        to: u8,
    },
}

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &[
    Param {
        name: "giraffes",
        kind: ParamKind::Boolean,
        min: 0,
        max: 1,
        default: Arg::Bool(true),
        doc: "whether each side has its giraffe",
    },
    Param {
        name: "elephants",
        kind: ParamKind::Boolean,
        min: 0,
        max: 1,
        default: Arg::Bool(true),
        doc: "whether each side has its elephant",
    },
];

/// The (row, column) steps of each kind for the first player, who moves up the board;
/// the second player's are the same turned around.
fn steps(kind: u8) -> &'static [(i8, i8)] {
    match kind {
        LION => &LION_STEPS,
        GIRAFFE => &GIRAFFE_STEPS,
        ELEPHANT => &ELEPHANT_STEPS,
        CHICK => &CHICK_STEPS,
        HEN => &HEN_STEPS,
        _ => &[],
    }
}

/// The lion's steps: one any way.
const LION_STEPS: [(i8, i8); 8] = EIGHT_WAYS;
/// The giraffe's: one orthogonally.
const GIRAFFE_STEPS: [(i8, i8); 4] = ORTHOGONAL;
/// The elephant's: one diagonally.
const ELEPHANT_STEPS: [(i8, i8); 4] = DIAGONAL;
/// The chick's: one forward.
const CHICK_STEPS: [(i8, i8); 1] = [(-1, 0)];
/// The hen's: a shogi gold's.
const HEN_STEPS: [(i8, i8); 6] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)];

/// The cell one step from `cell` for `side` (the second player's steps turned around),
/// or `None` off the board.
fn step(cell: usize, (dr, dc): (i8, i8), second: bool) -> Option<usize> {
    let (dr, dc) = if second { (-dr, -dc) } else { (dr, dc) };
    let row = (cell / COLUMNS) as i8 + dr;
    let column = (cell % COLUMNS) as i8 + dc;
    ((0..ROWS as i8).contains(&row) && (0..COLUMNS as i8).contains(&column))
        .then(|| row as usize * COLUMNS + column as usize)
}

/// The far row of `second`'s pieces: the top row for the first player.
const fn far_row(second: bool) -> usize {
    if second { ROWS - 1 } else { 0 }
}

/// The cells of the first player's far row (the top row), as a mask (bit `c` for cell `c`).
const FAR_ROW: u16 = ((1 << COLUMNS) - 1) << (COLUMNS * far_row(false));

/// The board as one number, cell `c` in byte `c` (bytes 12 to 15 zero): the census, the
/// turn and the mirror work on it a word at a time, without a branch on what a cell holds
/// (a branch a cell, taken at random, cost more than the rest of a key).
type Word = u128;

/// `byte` in each of the board's 12 bytes of a [`Word`].
const fn each_cell(byte: u8) -> Word {
    let mut word = 0;
    let mut cell = 0;
    while cell < CELLS {
        word |= (byte as Word) << (8 * cell);
        cell += 1;
    }
    word
}

/// `byte` in the bytes of the left column's cells (0, 3, 6, 9) of a [`Word`].
const fn left_column(byte: u8) -> Word {
    let mut word = 0;
    let mut row = 0;
    while row < ROWS {
        word |= (byte as Word) << (8 * COLUMNS * row);
        row += 1;
    }
    word
}

/// The cells of the left column, whole bytes.
const LEFT: Word = left_column(0xff);
/// The cells of the middle column, whole bytes.
const MIDDLE: Word = LEFT << 8;

/// The cells as a [`Word`].
fn word(cells: &[u8; CELLS]) -> Word {
    let mut bytes = [0; 16];
    if let Some(board) = bytes.first_chunk_mut::<CELLS>() {
        *board = *cells;
    }
    Word::from_le_bytes(bytes)
}

/// The cells of a [`Word`].
fn cells_of(word: Word) -> [u8; CELLS] {
    word.to_le_bytes().first_chunk::<CELLS>().copied().unwrap_or([0; CELLS])
}

/// The board turned 180° with the colours swapped: the cells in reverse order, the owner
/// bit of every piece flipped (a kind of 1 to 5 plus 7 carries into bit 3; empty does not).
const fn turned_word(word: Word) -> Word {
    let reversed = word.swap_bytes() >> (8 * (16 - CELLS));
    let seven = each_cell(7);
    reversed ^ (((reversed & seven) + seven) & each_cell(OWNER))
}

/// The board's left-right mirror image: the outer columns' bytes swapped.
const fn mirrored_word(word: Word) -> Word {
    (word & MIDDLE) | ((word & LEFT) << 16) | ((word >> 16) & LEFT)
}

/// Whether the left-right mirror image of the board has the smaller board number (the
/// cells' digits read as one number in base 11 from the top left): the first row whose
/// outer cells' digits differ decides, as the middle column stays where it is. So the
/// outer columns' digits are compared as two numbers, the top row's digit the highest.
const fn mirror_is_smaller(word: Word) -> bool {
    // Each cell's digit (0 empty, the first player's kinds 1 to 5, the second's 6 to 10):
    // a byte's kind plus 5 for its owner bit, never carrying out of its byte.
    let digits = (word & each_cell(7)) + 5 * ((word >> 3) & each_cell(1));
    let left = (digits & LEFT).swap_bytes();
    let right = ((digits >> 16) & LEFT).swap_bytes();
    right < left
}

/// The cells of a [`Word`] whose byte has bit `bit` set, as a mask (bit `c` for cell `c`):
/// each byte's bit moved to its byte's lowest, then the eight bytes of each half gathered
/// into the top byte by one multiplication (byte `i` lands at bit `56 + i`, no two terms
/// overlapping, so nothing carries).
const fn plane(word: Word, bit: u32) -> u16 {
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let ones = (word >> bit) & each_cell(1);
    let low = (ones as u64).wrapping_mul(GATHER) >> 56;
    let high = ((ones >> 64) as u64).wrapping_mul(GATHER) >> 56;
    (low | high << 8) as u16
}

/// How many cells of the board a mask holds, by the mask: `count_ones` is a dozen
/// instructions where the CPU's own is not assumed (the x86-64 baseline has none), and a
/// key counts up to eleven masks. Evaluated at compile time, where an index out of bounds
/// is a compile error.
#[allow(clippy::indexing_slicing)]
static CELLS_IN: [u8; 1 << CELLS] = {
    let mut table = [0; 1 << CELLS];
    let mut mask = 1;
    while mask < 1 << CELLS {
        table[mask] = table[mask >> 1] + (mask & 1) as u8;
        mask += 1;
    }
    table
};

/// How many cells `mask` holds (its bits past the board's ignored).
fn cells_in(mask: u16) -> u32 {
    u32::from(CELLS_IN.get(usize::from(mask) & ((1 << CELLS) - 1)).copied().unwrap_or(0))
}

/// The numbers a key spreads: those below 2^31, where every rank falls.
const BELOW_31: u64 = (1 << 31) - 1;

/// The odd multipliers of [`spread`] (splitmix64's), and their inverses (modulo 2^64, so
/// modulo 2^31 too).
const SPREAD: [u64; 2] = [0xbf58_476d_1ce4_e5b9, 0x94d0_49bb_1331_11eb];
const UNSPREAD: [u64; 2] = [odd_inverse(SPREAD[0]), odd_inverse(SPREAD[1])];

/// A number below 2^31 mixed into another, a bijection whose top bits depend on every
/// bit: a shift by 16 (more than half of 31, so it undoes itself), a multiplication by an
/// odd number modulo 2^31, twice, and a last shift.
const fn spread(mut x: u64) -> u64 {
    x ^= x >> 16;
    x = x.wrapping_mul(SPREAD[0]) & BELOW_31;
    x ^= x >> 16;
    x = x.wrapping_mul(SPREAD[1]) & BELOW_31;
    x ^ (x >> 16)
}

/// The number [`spread`] was given.
const fn unspread(mut x: u64) -> u64 {
    x ^= x >> 16;
    x = x.wrapping_mul(UNSPREAD[1]) & BELOW_31;
    x ^= x >> 16;
    x = x.wrapping_mul(UNSPREAD[0]) & BELOW_31;
    x ^ (x >> 16)
}

/// The cells left to the other pieces once both lions stand.
const FREE: usize = CELLS - 2;

/// How a variant's ranks split ([`Dobutsu::rank`]), kind by kind of [`HAND_KINDS`].
struct Ranks {
    /// `after[k][f]`: how many ways the kinds from the `k`-th on can stand over `f` free
    /// cells and the two hands (1 once none is left, `k == 3`).
    after: [[u64; FREE + 1]; 4],
    /// `first[k][f][n]`: the first of those numbers whose `n` pieces of the `k`-th kind
    /// stand on the board.
    first: [[[u64; 3]; FREE + 1]; 3],
}

impl Ranks {
    /// The tables of the variant whose [`Dobutsu::pieces`] bits are `pieces`. Evaluated
    /// at compile time only, where an index out of bounds is a compile error.
    #[allow(clippy::indexing_slicing)]
    const fn of(pieces: u8) -> Ranks {
        let totals = [2 * (pieces & 1) as u64, (pieces & 2) as u64, 2];
        let mut ranks = Ranks {
            after: [[0; FREE + 1]; 4],
            first: [[[0; 3]; FREE + 1]; 3],
        };
        let mut f = 0;
        while f <= FREE {
            ranks.after[3][f] = 1;
            f += 1;
        }
        let mut k = 3;
        while k > 0 {
            k -= 1;
            let mut f = 0;
            while f <= FREE {
                let mut sum = 0;
                let mut n = 0;
                while n < 3 {
                    ranks.first[k][f][n] = sum;
                    if n as u64 <= totals[k] && n <= f {
                        let hens = if k == 2 { 1 << n } else { 1 };
                        let ways = choose(f as u64, n as u64) * (1 << n) * hens * (totals[k] - n as u64 + 1);
                        sum += ways * ranks.after[k + 1][f - n];
                    }
                    n += 1;
                }
                ranks.after[k][f] = sum;
                f += 1;
            }
        }
        ranks
    }

    /// `after[k][f]`, 0 past the tables.
    fn after(&self, k: usize, f: usize) -> u64 {
        self.after.get(k).and_then(|row| row.get(f)).copied().unwrap_or(0)
    }

    /// `first[k][f][n]`, past every number when out of the tables.
    fn first(&self, k: usize, f: usize, n: usize) -> u64 {
        self.first
            .get(k)
            .and_then(|row| row.get(f))
            .and_then(|row| row.get(n))
            .copied()
            .unwrap_or(u64::MAX)
    }
}

/// The tables of every variant, by its [`Dobutsu::pieces`] bits.
const RANKS: [Ranks; 4] = [Ranks::of(0), Ranks::of(1), Ranks::of(2), Ranks::of(3)];

/// The ways to choose `n` of `f` (`n` at most 2, all a rank needs).
const fn choose(f: u64, n: u64) -> u64 {
    match n {
        0 => 1,
        1 => f,
        _ => f * f.saturating_sub(1) / 2,
    }
}

/// The free cell (of those not in `used`) that is the `index`-th from the top left.
fn free_cell(used: u16, index: u64) -> Option<usize> {
    (0..CELLS)
        .filter(|&cell| used & 1 << cell == 0)
        .nth(usize::try_from(index).ok()?)
}

/// Where a position's pieces stand, as bit masks of cells (bit `c` for cell `c`).
#[derive(Clone, Copy, Default)]
struct Census {
    /// Each side's lions, the first player's first.
    lions: [u16; 2],
    /// The giraffes, the elephants, the chicks and hens, of either side.
    kinds: [u16; 3],
    /// The hens.
    hens: u16,
    /// The second player's pieces other than its lion.
    second: u16,
}

impl Census {
    /// The census of a board: each bit of the cells' bytes as a mask (a kind's three bits,
    /// the owner's), then each kind as those masks' combination (a lion 1, a giraffe 2, an
    /// elephant 3, a chick 4, a hen 5: no cell holds 6 or 7).
    const fn of(board: Word) -> Census {
        let (one, two, four, owner) = (
            plane(board, 0),
            plane(board, 1),
            plane(board, 2),
            plane(board, 3),
        );
        let lions = one & !two & !four;
        Census {
            lions: [lions & !owner, lions & owner],
            kinds: [two & !one, two & one, four],
            hens: four & one,
            second: owner & !lions,
        }
    }
}

impl Dobutsu {
    /// Whether the variant has pieces of `kind` (lions and chicks always).
    const fn has(&self, kind: u8) -> bool {
        match kind {
            GIRAFFE => self.pieces & 1 != 0,
            ELEPHANT => self.pieces & 2 != 0,
            _ => true,
        }
    }

    /// How many pieces of `kind` (a hen counted as a chick) the game has: 2, or 0 for a
    /// kind the variant leaves out.
    const fn total(&self, kind: u8) -> u8 {
        if self.has(kind) { 2 } else { 0 }
    }

    /// The piece on `cell`, 0 when empty or off the board.
    fn get(&self, cell: usize) -> u8 {
        self.cells.get(cell).copied().unwrap_or(0)
    }

    /// Whether the piece `piece` (not empty) is the second player's.
    const fn owner_second(piece: u8) -> bool {
        piece & OWNER != 0
    }

    /// The cell of `second`'s lion, if it has one on the board.
    fn lion(&self, second: bool) -> Option<usize> {
        let lion = LION | if second { OWNER } else { 0 };
        self.cells.iter().position(|&p| p == lion)
    }

    /// Whether a piece of `second`'s attacks `target`.
    fn attacks(&self, second: bool, target: usize) -> bool {
        self.cells.iter().enumerate().any(|(cell, &piece)| {
            piece != 0
                && Self::owner_second(piece) == second
                && steps(piece & !OWNER)
                    .iter()
                    .any(|&d| step(cell, d, second) == Some(target))
        })
    }

    /// The same position seen from the other side: turned 180°, the colours and hands
    /// swapped, the other side to move.
    fn turned(&self) -> Dobutsu {
        Dobutsu {
            cells: cells_of(turned_word(word(&self.cells))),
            hands: [self.hands[1], self.hands[0]],
            second: !self.second,
            pieces: self.pieces,
        }
    }

    /// The left-right mirror image.
    #[cfg(test)]
    fn mirrored(&self) -> Dobutsu {
        Dobutsu {
            cells: cells_of(mirrored_word(word(&self.cells))),
            ..*self
        }
    }

    /// The position as the side to move sees it: itself with the first player to move,
    /// else turned around.
    #[cfg(test)]
    fn seen_by_mover(&self) -> Dobutsu {
        if self.second { self.turned() } else { *self }
    }

    /// The board as the side to move sees it (see [`Dobutsu::turned`]), and that side's
    /// hand: what the key and the canonical form read, without building the position.
    fn mover_view(&self) -> (Word, [u8; 3]) {
        let board = word(&self.cells);
        if self.second {
            (turned_word(board), self.hands[1])
        } else {
            (board, self.hands[0])
        }
    }

    /// Where the pieces stand, the board as it is.
    #[cfg(test)]
    fn census(&self) -> Census {
        Census::of(word(&self.cells))
    }

    /// Why no game reaches the position whose board, seen by the side to move (see
    /// [`Dobutsu::mover_view`]; its mirror image answers the same), has the census
    /// `census`: [`Game::unreachable_reason`]'s rules, once for it and for
    /// [`Game::probe_key`].
    fn reason_in(&self, census: &Census) -> Option<&'static str> {
        for lions in census.lions {
            match cells_in(lions) {
                0 => return Some("a side has no lion"),
                1 => {}
                _ => return Some("two lions for one side"),
            }
        }
        let reasons = [
            (
                "more giraffes than the game has",
                "fewer giraffes than the game has",
            ),
            (
                "more elephants than the game has",
                "fewer elephants than the game has",
            ),
            (
                "more chicks and hens than the game has",
                "fewer chicks and hens than the game has",
            ),
        ];
        for (k, (&kind, (more, fewer))) in HAND_KINDS.iter().zip(reasons).enumerate() {
            let on_board = census.kinds.get(k).map_or(0, |&cells| cells_in(cells));
            let held = |hand: &[u8; 3]| u32::from(hand.get(k).copied().unwrap_or(0));
            let n = on_board + held(&self.hands[0]) + held(&self.hands[1]);
            let total = u32::from(self.total(kind));
            if n > total {
                return Some(more);
            }
            if n < total {
                return Some(fewer);
            }
        }
        // The mover's lion is the first player's in its own view: its far row the top.
        if census.lions[0] & FAR_ROW != 0 {
            return Some("the side to move's lion stands on the far row: the try ended the game");
        }
        None
    }

    /// The position's [`Dobutsu::rank_of`], for a position with the first player to move.
    #[cfg(test)]
    fn rank(&self) -> u64 {
        self.rank_of(&self.census(), &self.hands[0])
    }

    /// The number among every arrangement of the variant's pieces (see the module docs)
    /// of the board whose census is `census`, the first player to move and holding `held`:
    /// below 1,567,925,964 for the full game. A position no game reaches (a lion missing,
    /// a kind with more pieces than the game has) gets a number too, shared with another.
    fn rank_of(&self, census: &Census, held: &[u8; 3]) -> u64 {
        let Some(ranks) = RANKS.get(usize::from(self.pieces)) else {
            return 0;
        };
        // The first lion of each side (cell 0 if it has none).
        let lion = |mask: u16| if mask == 0 { 0 } else { mask.trailing_zeros() as usize };
        let (mine, theirs) = (lion(census.lions[0]), lion(census.lions[1]));
        let mut used: u16 = 1 << mine | 1 << theirs;
        let theirs = (theirs - usize::from(theirs > mine)).min(FREE);
        let mut rank = (mine * (CELLS - 1) + theirs) as u64 * ranks.after(0, FREE);
        let mut free = FREE;
        for (k, (&cells, &kind)) in census.kinds.iter().zip(&HAND_KINDS).enumerate() {
            let total = u64::from(self.total(kind));
            // The kind's first two cells from the top left (cell 16, past the board, for
            // one not there: no mask has its bit), each one's index among the cells still
            // free, whose it is, whether it is a hen: the same few operations however many
            // stand (measured level with a loop over the kind's cells; kept for its even
            // time whatever the position).
            let after_first = cells & cells.wrapping_sub(1);
            let n = usize::from(cells != 0) + usize::from(after_first != 0);
            let [low, high] = [cells, after_first].map(|rest| rest.trailing_zeros().min(16));
            let [low_index, high_index] = [low, high]
                .map(|cell| u64::from(cell - cells_in(used & ((1u32 << cell) - 1) as u16)));
            let of = |mask: u16, cell: u32| u64::from(u32::from(mask) >> cell & 1);
            let owners = of(census.second, low) | of(census.second, high) << 1;
            let promoted = of(census.hens, low) | of(census.hens, high) << 1;
            used |= cells & !(after_first & after_first.wrapping_sub(1));
            let hens = if k == 2 { n } else { 0 };
            let subset = match n {
                0 => 0,
                1 => low_index,
                _ => choose(high_index, 2) + low_index,
            };
            let held = u64::from(held.get(k).copied().unwrap_or(0));
            let spare = (total + 1).saturating_sub(n as u64).max(1);
            let local = (((subset << n | owners) << hens | promoted) * spare) + held.min(spare - 1);
            rank += ranks.first(k, free, n) + local * ranks.after(k + 1, free.saturating_sub(n));
            free = free.saturating_sub(n);
        }
        rank
    }

    /// The position (the first player to move) whose [`Dobutsu::rank`] is `rank`, in the
    /// variant of `self`, or `None` when `rank` is past the variant's last.
    fn unrank(&self, rank: u64) -> Option<Dobutsu> {
        let ranks = RANKS.get(usize::from(self.pieces))?;
        let whole = ranks.after(0, FREE);
        let lions = usize::try_from(rank / whole).ok()?;
        let mut rest = rank % whole;
        if lions >= CELLS * (CELLS - 1) {
            return None;
        }
        let mine = lions / (CELLS - 1);
        let theirs = lions % (CELLS - 1);
        let theirs = theirs + usize::from(theirs >= mine);
        let mut position = Dobutsu {
            cells: [0; CELLS],
            hands: [[0; 3]; 2],
            second: false,
            pieces: self.pieces,
        };
        *position.cells.get_mut(mine)? = LION;
        *position.cells.get_mut(theirs)? = LION | OWNER;
        let mut used: u16 = 1 << mine | 1 << theirs;
        let mut free = FREE;
        for (k, &kind) in HAND_KINDS.iter().enumerate() {
            let total = position.total(kind);
            let most = usize::from(total).min(free);
            let n = (0..=most).rev().find(|&n| ranks.first(k, free, n) <= rest)?;
            rest -= ranks.first(k, free, n);
            let below = ranks.after(k + 1, free - n);
            let mut local = rest / below;
            rest %= below;
            let spare = u64::from(total) + 1 - n as u64;
            let held = (local % spare) as u8;
            local /= spare;
            let hens = if k == 2 { n } else { 0 };
            let promoted = local & ((1 << hens) - 1);
            local >>= hens;
            let owners = local & ((1 << n) - 1);
            let subset = local >> n;
            if subset >= choose(free as u64, n as u64) {
                return None;
            }
            let index = match n {
                0 => [0, 0],
                1 => [subset, 0],
                _ => {
                    let high = (1..free as u64).rev().find(|&i| choose(i, 2) <= subset)?;
                    [subset - choose(high, 2), high]
                }
            };
            let cells: [Option<usize>; 2] = index.map(|i| free_cell(used, i));
            for (j, cell) in cells.iter().take(n).enumerate() {
                let cell = (*cell)?;
                let piece = if owners >> j & 1 == 1 { OWNER } else { 0 }
                    | if promoted >> j & 1 == 1 { HEN } else { kind };
                *position.cells.get_mut(cell)? = piece;
            }
            for cell in cells.iter().take(n) {
                used |= 1 << (*cell)?;
            }
            free -= n;
            *position.hands[0].get_mut(k)? = held;
            *position.hands[1].get_mut(k)? = total - n as u8 - held;
        }
        Some(position)
    }

    /// The piece `kind` of the side to move, as a cell holds it.
    const fn mine(&self, kind: u8) -> u8 {
        if self.second { kind | OWNER } else { kind }
    }

    /// The hand of the side to move.
    fn hand_mut(&mut self, second: bool) -> &mut [u8; 3] {
        if second {
            &mut self.hands[1]
        } else {
            &mut self.hands[0]
        }
    }

    /// The piece on `cell` (0..12, row-major from the top left) as its [`kind`] and whether
    /// it is the second player's, or `None` when the cell is empty: what a board drawing
    /// needs beside [`Notation::piece`].
    #[must_use]
    pub fn piece_at(&self, cell: u8) -> Option<(u8, Side)> {
        let piece = self.get(usize::from(cell));
        (piece != 0).then(|| {
            (
                piece & !OWNER,
                Side::second_if(Self::owner_second(piece)),
            )
        })
    }

    /// How many giraffes, elephants and chicks (in that order) `side` holds in hand.
    #[must_use]
    pub fn hand(&self, side: Side) -> [u8; 3] {
        self.hands.get(side.index()).copied().unwrap_or([0; 3])
    }
}

impl Family for Dobutsu {
    const FAMILY: &'static str = "dobutsu";
    const PARAMS: &'static [Param] = PARAMS;
    /// A million: lions and chicks alone are solved on first use; the full game (and the
    /// variants without giraffes or without elephants) is far larger, and answered from a
    /// table file alone ([`Registered::FILE_ONLY`]).
    const MAX_POSITIONS: usize = 1_000_000;

    /// The full game's solve on the 2-core machine of the benchmarks (`solve dobutsu`
    /// with `--memory 7G`: 9 min 17 s, a 6.1 GiB peak; BENCHMARKS.md); the variants without
    /// giraffes or without elephants as benches/HISTORY.md sections 17, 19 and 20 measured
    /// them (8 s to 77 s by the version and the machine's load, 1.1 GB).
    fn solve_cost(&self) -> Option<&'static str> {
        match (self.has(GIRAFFE), self.has(ELEPHANT)) {
            (true, true) => Some("about 10 minutes on two cores, about 6.5 GB at its peak"),
            (false, true) | (true, false) => {
                Some("about ten seconds on two cores, about 1 GB at its peak")
            }
            (false, false) => None,
        }
    }

    /// The full game needs more than `solve`'s default 2 GiB (its walk 22 bytes of budget a
    /// position, 5.4 GB; its peak 6.1 GiB, measured at `7G`); the variants fit in it.
    fn solve_memory(&self) -> Option<&'static str> {
        (self.has(GIRAFFE) && self.has(ELEPHANT)).then_some("7G")
    }

    fn at(args: &Args) -> Result<Dobutsu, SizeError> {
        let pieces = u8::from(args.get(0).bool()) | u8::from(args.get(1).bool()) << 1;
        let mut cells = [0; CELLS];
        let mut put = |cell: usize, piece: u8| {
            if let Some(c) = cells.get_mut(cell) {
                *c = piece;
            }
        };
        let has = |kind: u8| Dobutsu {
            cells: [0; CELLS],
            hands: [[0; 3]; 2],
            second: false,
            pieces,
        }
        .has(kind);
        // The second player's row on top (giraffe, lion, elephant from the left), its chick
        // below the lion; the first player's the same turned around.
        if has(GIRAFFE) {
            put(0, GIRAFFE | OWNER);
            put(11, GIRAFFE);
        }
        put(1, LION | OWNER);
        put(10, LION);
        if has(ELEPHANT) {
            put(2, ELEPHANT | OWNER);
            put(9, ELEPHANT);
        }
        put(4, CHICK | OWNER);
        put(7, CHICK);
        Ok(Dobutsu {
            cells,
            hands: [[0; 3]; 2],
            second: false,
            pieces,
        })
    }

    fn args(&self) -> Args {
        Args::defaults(PARAMS)
            .with(0, Arg::Bool(self.has(GIRAFFE)))
            .with(1, Arg::Bool(self.has(ELEPHANT)))
    }
}

/// In the catalogue: the full game and the variants without giraffes or without
/// elephants (246.8, 3.2 and 3.0 million positions) are answered from a table file alone;
/// lions and chicks (24,789 positions) are solved on first use.
impl Registered for Dobutsu {
    const FILE_ONLY: &'static [&'static str] = &[
        "giraffes=true,elephants=true",
        "giraffes=false,elephants=true",
        "giraffes=true,elephants=false",
    ];
}

impl Game for Dobutsu {
    type Move = DobutsuMove;

    /// The game as it is played: every piece.
    fn start() -> Dobutsu {
        Dobutsu::at(&Args::defaults(PARAMS)).unwrap_or(Dobutsu {
            cells: [0; CELLS],
            hands: [[0; 3]; 2],
            second: false,
            pieces: 3,
        })
    }

    /// The rank of the position seen from the side to move, spread, and bit 31 when the
    /// second player is to move (see the module docs).
    fn key(&self) -> u64 {
        let (board, held) = self.mover_view();
        spread(self.rank_of(&Census::of(board), &held)) | u64::from(self.second) << 31
    }

    fn key_bits(&self) -> u32 {
        32
    }

    /// 2 since the keys became ranks (2026-11-28): a file of the keys before holds the
    /// same results under other numbers, and is refused.
    const RULES_VERSION: u32 = 2;

    /// Tanaka's convention (see the module docs): a win when the side to move can capture
    /// the enemy lion, a loss when the enemy lion stands on its home row and cannot be,
    /// and a loss when it has no move at all (no position of the game has none).
    fn finished(&self) -> Option<Value> {
        let me = self.second;
        let Some(enemy_lion) = self.lion(!me) else {
            return Some(Value::Win);
        };
        if self.attacks(me, enemy_lion) {
            return Some(Value::Win);
        }
        if enemy_lion / COLUMNS == far_row(!me) {
            return Some(Value::Loss);
        }
        if self.lion(me).is_none() {
            return Some(Value::Loss);
        }
        None
    }

    /// 1 for a win (the lion's capture is one ply), 0 for a completed try.
    fn finished_plies(&self) -> u16 {
        u16::from(self.finished() == Some(Value::Win))
    }

    fn moves(&self, visit: &mut dyn FnMut(DobutsuMove, Dobutsu)) {
        let me = self.second;
        for from in 0..CELLS {
            let piece = self.get(from);
            if piece == 0 || Self::owner_second(piece) != me {
                continue;
            }
            let kind = piece & !OWNER;
            for &d in steps(kind) {
                let Some(to) = step(from, d, me) else {
                    continue;
                };
                let target = self.get(to);
                if target != 0 && Self::owner_second(target) == me {
                    continue;
                }
                let mut next = *self;
                if target != 0 {
                    let taken = match target & !OWNER {
                        HEN => CHICK,
                        k => k,
                    };
                    if let Some(slot) = HAND_KINDS.iter().position(|&k| k == taken) {
                        if let Some(n) = next.hand_mut(me).get_mut(slot) {
                            *n += 1;
                        }
                    }
                }
                let promoted = if kind == CHICK && to / COLUMNS == far_row(me) {
                    self.mine(HEN)
                } else {
                    piece
                };
                if let Some(c) = next.cells.get_mut(from) {
                    *c = 0;
                }
                if let Some(c) = next.cells.get_mut(to) {
                    *c = promoted;
                }
                next.second = !me;
                visit(
                    DobutsuMove::Step {
                        from: from as u8,
                        to: to as u8,
                    },
                    next,
                );
            }
        }
        let hand = self.hand(Side::second_if(me));
        for (slot, &kind) in HAND_KINDS.iter().enumerate() {
            if hand.get(slot).copied().unwrap_or(0) == 0 {
                continue;
            }
            for to in 0..CELLS {
                if self.get(to) != 0 {
                    continue;
                }
                let mut next = *self;
                if let Some(n) = next.hand_mut(me).get_mut(slot) {
                    *n -= 1;
                }
                if let Some(c) = next.cells.get_mut(to) {
                    *c = self.mine(kind);
                }
                next.second = !me;
                visit(
                    DobutsuMove::Drop {
                        kind,
                        to: to as u8,
                    },
                    next,
                );
            }
        }
    }

    /// Why no game reaches a position that parses: a side with no lion or two, more or
    /// fewer pieces of a kind than the game has, or the side to move's lion already on the
    /// far row (the try ended the game a ply before).
    fn unreachable_reason(&self) -> Option<&'static str> {
        let (board, _) = self.mover_view();
        self.reason_in(&Census::of(board))
    }

    /// The position seen from the side to move, and of it and its mirror image the one
    /// with the smaller board number.
    fn canonical(&self) -> Dobutsu {
        let (board, held) = self.mover_view();
        let board = if mirror_is_smaller(board) {
            mirrored_word(board)
        } else {
            board
        };
        let other = if self.second { self.hands[0] } else { self.hands[1] };
        Dobutsu {
            cells: cells_of(board),
            hands: [held, other],
            second: false,
            pieces: self.pieces,
        }
    }

    /// [`Game::unreachable_reason`], [`Game::canonical`] and [`Game::key`] in one pass
    /// (a probe's work before its lookup): the board seen by the mover, mirrored if that
    /// is smaller, read into one census that both the checks and the rank read.
    fn probe_key(&self, canonical: bool) -> Option<(u32, u64)> {
        let (board, held) = self.mover_view();
        let board = if canonical && mirror_is_smaller(board) {
            mirrored_word(board)
        } else {
            board
        };
        let census = Census::of(board);
        if self.reason_in(&census).is_some() {
            return None;
        }
        // The canonical form has the first player to move: no bit 31.
        let second = u64::from(self.second && !canonical) << 31;
        Some((0, spread(self.rank_of(&census, &held)) | second))
    }

    /// The position (the first player to move) whose key is `key`, at this size.
    fn at_key(&self, key: u64) -> Option<Dobutsu> {
        let second = key >> 31 & 1 == 1;
        let position = self.unrank(unspread(key & BELOW_31))?;
        if position.unreachable_reason().is_some() {
            return None;
        }
        Some(if second { position.turned() } else { position })
    }
}

// --- Notation ---------------------------------------------------------------------------

/// A piece's letter in the notation (uppercase; the second player's in lowercase), a hen
/// written `+C`.
const fn letter(kind: u8) -> char {
    match kind {
        LION => 'L',
        GIRAFFE => 'G',
        ELEPHANT => 'E',
        _ => 'C',
    }
}

/// The kind of a piece letter (either case; `H` a hen), or `None`.
fn kind_of(c: char) -> Option<u8> {
    match c.to_ascii_uppercase() {
        'L' => Some(LION),
        'G' => Some(GIRAFFE),
        'E' => Some(ELEPHANT),
        'C' => Some(CHICK),
        'H' => Some(HEN),
        _ => None,
    }
}

/// Writes `cell` in USI: its column `3`-`1` from the left, its row `a`-`d` from the top.
fn write_cell(cell: u8, out: &mut dyn fmt::Write) -> fmt::Result {
    let column = usize::from(cell) % COLUMNS;
    let row = usize::from(cell) / COLUMNS;
    let file = char::from(b'0' + (COLUMNS - column) as u8);
    let rank = char::from(b'a' + row as u8);
    write!(out, "{file}{rank}")
}

/// The cell of the USI square `file`, `rank` (`2`, `c`), or `None`.
fn cell_of(file: char, rank: char) -> Option<u8> {
    let file = file.to_digit(10)? as usize;
    let rank = (rank.to_ascii_lowercase() as usize).checked_sub('a' as usize)?;
    if !(1..=COLUMNS).contains(&file) || rank >= ROWS {
        return None;
    }
    Some((rank * COLUMNS + COLUMNS - file) as u8)
}

/// The error for row `row` (from 0) of `cells` cells, at `column` of the text.
const fn row_width(column: usize, row: usize, cells: usize) -> ParseError {
    ParseError::new(
        column,
        ParseErrorKind::RowWidth {
            row: row + 1,
            cells,
            expected: COLUMNS,
        },
    )
}

/// What a move looks like.
const MOVE_HELP: &str = "FROMTO in USI (columns 3-1 from the left, rows a-d from the top), like 2c2b, or a drop PIECE*CELL, like C*2b";

/// The error for a text that is not a position, at `column`.
const fn bad(column: usize, found: char, expected: &'static str) -> ParseError {
    ParseError::new(column, ParseErrorKind::NotACell { found, expected })
}

impl Notation for Dobutsu {
    const SIDES: [&'static str; 2] = ["sente", "gote"];
    const PIECES: [char; 2] = ['L', 'l'];
    const MOVE_HELP: &'static str = MOVE_HELP;
    const TITLE: &'static str = "Dōbutsu shōgi";
    const RULES: &'static str = "On a 3x4 board each side has a lion (L: one step any way), a giraffe (G: one step orthogonally), an elephant (E: one step diagonally) and a chick (C: one step forward); sente, at the bottom, moves first. A piece moved onto an enemy piece captures it into the mover's hand; instead of moving, a player may drop a piece from the hand onto any empty cell. A chick that moves onto the last row becomes a hen (+C: one step orthogonally or diagonally forward); a hen captured goes to the hand as a chick. A player wins by capturing the enemy lion, or by moving the lion onto the far row where it cannot be captured at once (the try). Positions can repeat: a game that never ends is a draw. Solved as Tanaka counts it: a side that can capture the enemy lion has won in 1, and a try is won a ply after it is made.";
    const WIDTH: usize = COLUMNS;
    const HEIGHT: usize = ROWS;

    fn to_move(&self) -> Side {
        Side::second_if(self.second)
    }

    fn piece(&self, cell: u8) -> Option<Side> {
        self.piece_at(cell).map(|(_, side)| side)
    }

    fn kind(&self, cell: u8) -> Option<Kind> {
        self.piece_at(cell)
            .map(|(kind, side)| drawing::of(kind, side == Side::Second))
    }

    fn hand(&self, side: Side, visit: &mut dyn FnMut(Kind, u8)) {
        for (&kind, &count) in HAND_KINDS.iter().zip(&self.hand(side)) {
            if count > 0 {
                visit(drawing::of(kind, side == Side::Second), count);
            }
        }
    }

    fn move_shape(&self, mv: DobutsuMove) -> MoveShape {
        match mv {
            DobutsuMove::Step { from, to } => MoveShape::FromTo {
                from: u16::from(from),
                to: Some(u16::from(to)),
            },
            DobutsuMove::Drop { kind, to } => MoveShape::FromHand {
                piece: drawing::of(kind, false).letter,
                cell: u16::from(to),
            },
        }
    }

    fn write_move(mv: DobutsuMove, out: &mut dyn fmt::Write) -> fmt::Result {
        match mv {
            DobutsuMove::Step { from, to } => {
                write_cell(from, out)?;
                write_cell(to, out)
            }
            DobutsuMove::Drop { kind, to } => {
                write!(out, "{}*", letter(kind))?;
                write_cell(to, out)
            }
        }
    }

    /// Reads `2c2b` (a `+` after it ignored) or `C*2b`.
    fn parse_move(text: &str) -> Result<DobutsuMove, ParseError> {
        let not_a_move = |column| {
            ParseError::new(
                column,
                ParseErrorKind::NotAMove {
                    expected: MOVE_HELP,
                },
            )
        };
        let trimmed = text.trim();
        let lead = text.len() - text.trim_start().len();
        let chars: heapless_chars::Chars = heapless_chars::Chars::of(trimmed);
        let at = |i: usize| chars.get(i);
        match chars.len() {
            4 if at(1) == Some('*') => {
                let kind = at(0).and_then(kind_of).filter(|k| HAND_KINDS.contains(k));
                let Some(kind) = kind else {
                    return Err(not_a_move(lead + 1));
                };
                let to = cell_of(at(2).unwrap_or(' '), at(3).unwrap_or(' '))
                    .ok_or_else(|| not_a_move(lead + 3))?;
                Ok(DobutsuMove::Drop { kind, to })
            }
            4 | 5 if chars.len() == 4 || at(4) == Some('+') => {
                let from = cell_of(at(0).unwrap_or(' '), at(1).unwrap_or(' '))
                    .ok_or_else(|| not_a_move(lead + 1))?;
                let to = cell_of(at(2).unwrap_or(' '), at(3).unwrap_or(' '))
                    .ok_or_else(|| not_a_move(lead + 3))?;
                Ok(DobutsuMove::Step { from, to })
            }
            0 => Err(ParseError::new(0, ParseErrorKind::Empty)),
            _ => Err(not_a_move(lead + 1)),
        }
    }

    /// Reads a position in SFEN at this position's size.
    fn parse_at(&self, text: &str) -> Result<Dobutsu, ParseError> {
        let mut position = Dobutsu {
            cells: [0; CELLS],
            hands: [[0; 3]; 2],
            second: false,
            pieces: self.pieces,
        };
        let mut chars = text
            .char_indices()
            .map(|(i, c)| (text.get(..i).map_or(i, |s| s.chars().count()) + 1, c))
            .skip_while(|&(_, c)| c.is_whitespace())
            .peekable();
        if chars.peek().is_none() {
            return Err(ParseError::new(0, ParseErrorKind::Empty));
        }
        // The board.
        let (mut row, mut column) = (0usize, 0usize);
        let mut promoted = false;
        let mut last = 0;
        for (col, c) in chars.by_ref() {
            last = col;
            if c == ' ' {
                break;
            }
            let here = |e: ParseError| e.on_cell(row + 1, column + 1);
            match c {
                '/' => {
                    if column != COLUMNS || promoted {
                        return Err(row_width(col, row, column));
                    }
                    row += 1;
                    column = 0;
                }
                '+' if !promoted => promoted = true,
                '1'..='3' if !promoted => column += c as usize - '0' as usize,
                c => {
                    let kind = kind_of(c).ok_or_else(|| {
                        here(bad(col, c, "L, G, E, C, +C or H (l, g, e, c, +c, h), or 1-3"))
                    })?;
                    let kind = match (promoted, kind) {
                        (true, CHICK) => HEN,
                        (true, _) => {
                            return Err(here(bad(col, c, "C or c after +: only a chick promotes")));
                        }
                        (false, k) => k,
                    };
                    promoted = false;
                    let owner = if c.is_ascii_lowercase() { OWNER } else { 0 };
                    if row >= ROWS || column >= COLUMNS {
                        return Err(row_width(col, row, column + 1));
                    }
                    if let Some(cell) = position.cells.get_mut(row * COLUMNS + column) {
                        *cell = kind | owner;
                    }
                    column += 1;
                }
            }
            if column > COLUMNS {
                return Err(row_width(col, row, column));
            }
            if row >= ROWS {
                return Err(ParseError::new(
                    col,
                    ParseErrorKind::RowCount {
                        rows: row + 1,
                        expected: ROWS,
                    },
                ));
            }
        }
        if row + 1 != ROWS || column != COLUMNS {
            return Err(if row + 1 != ROWS {
                ParseError::new(
                    last,
                    ParseErrorKind::RowCount {
                        rows: row + 1,
                        expected: ROWS,
                    },
                )
            } else {
                row_width(last, row, column)
            });
        }
        // The side to move.
        let sides = "b (sente, the first player) or w";
        let mut chars = chars.skip_while(|&(_, c)| c == ' ');
        position.second = match chars.next() {
            Some((_, 'b' | 'B')) => false,
            Some((_, 'w' | 'W')) => true,
            Some((col, found)) => {
                return Err(ParseError::new(
                    col,
                    ParseErrorKind::NotASide {
                        found,
                        expected: sides,
                    },
                ));
            }
            None => return Err(ParseError::new(0, ParseErrorKind::NoSide { expected: sides })),
        };
        // The hands: `-`, or counts and letters.
        let mut chars = chars.skip_while(|&(_, c)| c == ' ').peekable();
        let hand_help = "the hands: - or pieces G, E, C (g, e, c), a count before one held twice";
        match chars.peek().copied() {
            None => {}
            Some((_, '-')) => {
                chars.next();
            }
            Some(_) => {
                let mut count = None;
                while let Some(&(col, c)) = chars.peek() {
                    if c == ' ' {
                        break;
                    }
                    chars.next();
                    if let Some(d) = c.to_digit(10).filter(|d| (1..=2).contains(d)) {
                        if count.is_some() {
                            return Err(bad(col, c, hand_help));
                        }
                        count = Some(d as u8);
                        continue;
                    }
                    let kind = kind_of(c).filter(|k| HAND_KINDS.contains(k));
                    let slot = kind.and_then(|k| HAND_KINDS.iter().position(|&h| h == k));
                    let Some(slot) = slot else {
                        return Err(bad(col, c, hand_help));
                    };
                    let side = usize::from(c.is_ascii_lowercase());
                    if let Some(n) = position.hands.get_mut(side).and_then(|h| h.get_mut(slot)) {
                        *n = n.saturating_add(count.take().unwrap_or(1)).min(2);
                    }
                }
                if let Some(d) = count {
                    return Err(bad(last, char::from(b'0' + d), hand_help));
                }
            }
        }
        // An optional move number, then nothing.
        let mut chars = chars.skip_while(|&(_, c)| c == ' ').peekable();
        while chars.peek().is_some_and(|&(_, c)| c.is_ascii_digit()) {
            chars.next();
        }
        if let Some((col, found)) = chars.find(|&(_, c)| !c.is_whitespace()) {
            return Err(ParseError::new(col, ParseErrorKind::Trailing { found }));
        }
        Ok(position)
    }
}

/// A small fixed buffer of a move's characters (a move is at most 5): no allocation.
mod heapless_chars {
    /// Up to 8 characters of a text, and how many it has (more than 8 counts as 9).
    pub struct Chars {
        chars: [char; 8],
        len: usize,
    }

    impl Chars {
        /// The first 8 characters of `text`.
        pub fn of(text: &str) -> Chars {
            let mut chars = [' '; 8];
            let mut len = 0;
            for c in text.chars() {
                if let Some(slot) = chars.get_mut(len) {
                    *slot = c;
                }
                len += 1;
            }
            Chars {
                chars,
                len: len.min(9),
            }
        }

        /// How many characters (9 for more than 8).
        pub fn len(&self) -> usize {
            self.len
        }

        /// The `i`-th character.
        pub fn get(&self, i: usize) -> Option<char> {
            (i < self.len).then(|| self.chars.get(i).copied()).flatten()
        }
    }
}

impl fmt::Display for Dobutsu {
    /// SFEN: `gle/1c1/1C1/ELG b -`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, row) in self.cells.chunks_exact(COLUMNS).enumerate() {
            if r > 0 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for &piece in row {
                if piece == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                let kind = piece & !OWNER;
                if kind == HEN {
                    f.write_str("+")?;
                }
                let c = letter(kind);
                let c = if Self::owner_second(piece) {
                    c.to_ascii_lowercase()
                } else {
                    c
                };
                write!(f, "{c}")?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        f.write_str(if self.second { " w " } else { " b " })?;
        if self.hands == [[0; 3]; 2] {
            return f.write_str("-");
        }
        for (side, hand) in self.hands.iter().enumerate() {
            for (&kind, &n) in HAND_KINDS.iter().zip(hand) {
                if n == 0 {
                    continue;
                }
                if n > 1 {
                    write!(f, "{n}")?;
                }
                let c = letter(kind);
                let c = if side == 1 { c.to_ascii_lowercase() } else { c };
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

family_text!(Dobutsu);

/// Each kind as a drawing shows it ([`Notation::kind`], [`Notation::hand`]): its letter,
/// its name and its steps on the board as drawn, the second player's turned around.
mod drawing {
    use super::{
        CHICK, CHICK_STEPS, ELEPHANT, ELEPHANT_STEPS, GIRAFFE, GIRAFFE_STEPS, HEN, HEN_STEPS,
        LION_STEPS, Kind,
    };

    /// `steps` turned around: the second player's. Evaluated at compile time only, where
    /// an index out of bounds is a compile error.
    #[allow(clippy::indexing_slicing)]
    const fn turned<const N: usize>(steps: [(i8, i8); N]) -> [(i8, i8); N] {
        let mut out = steps;
        let mut i = 0;
        while i < N {
            out[i] = (-steps[i].0, -steps[i].1);
            i += 1;
        }
        out
    }

    /// The kinds for the first player, then for the second: lion, giraffe, elephant,
    /// chick, hen.
    const KINDS: [[Kind; 5]; 2] = [
        [
            Kind { letter: "L", name: "lion", steps: &LION_STEPS },
            Kind { letter: "G", name: "giraffe", steps: &GIRAFFE_STEPS },
            Kind { letter: "E", name: "elephant", steps: &ELEPHANT_STEPS },
            Kind { letter: "C", name: "chick", steps: &CHICK_STEPS },
            Kind { letter: "+C", name: "hen", steps: &HEN_STEPS },
        ],
        [
            Kind { letter: "l", name: "lion", steps: &turned(LION_STEPS) },
            Kind { letter: "g", name: "giraffe", steps: &turned(GIRAFFE_STEPS) },
            Kind { letter: "e", name: "elephant", steps: &turned(ELEPHANT_STEPS) },
            Kind { letter: "c", name: "chick", steps: &turned(CHICK_STEPS) },
            Kind { letter: "+c", name: "hen", steps: &turned(HEN_STEPS) },
        ],
    ];

    /// The kind `kind` (a [`super::kind`] without its owner bit), the second player's if
    /// `second`.
    pub(super) fn of(kind: u8, second: bool) -> Kind {
        let index = match kind {
            GIRAFFE => 1,
            ELEPHANT => 2,
            CHICK => 3,
            HEN => 4,
            _ => 0,
        };
        let side = usize::from(second);
        KINDS
            .get(side)
            .and_then(|kinds| kinds.get(index))
            .copied()
            .unwrap_or(Kind { letter: "L", name: "lion", steps: &LION_STEPS })
    }
}

#[cfg(test)]
mod tests {
    use super::kind::{CHICK, ELEPHANT, GIRAFFE, HEN, LION, OWNER};
    use super::{
        BELOW_31, CELLS, COLUMNS, Census, Dobutsu, FREE, RANKS, cells_in, spread, unspread,
    };
    use perfect_play_core::Game;
    use perfect_play_core::family::{Arg, Args, Family};

    /// A seeded stream of numbers (xorshift64).
    fn numbers(mut x: u64) -> impl Iterator<Item = u64> {
        core::iter::repeat_with(move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
    }

    /// The variant with giraffes and elephants as asked.
    fn variant(giraffes: bool, elephants: bool) -> Dobutsu {
        let args = Args::defaults(super::PARAMS)
            .with(0, Arg::Bool(giraffes))
            .with(1, Arg::Bool(elephants));
        Dobutsu::at(&args).unwrap()
    }

    /// `spread` is a bijection of the numbers below 2^31: it stays below, and `unspread`
    /// undoes it (on the ends and a seeded sample; `tests/families.rs` checks `at_key`
    /// against `key` on positions).
    #[test]
    fn spread_is_undone_and_stays_below_2_to_the_31() {
        let sample = numbers(0x2545_f491_4f6c_dd1d).take(100_000).map(|x| x & BELOW_31);
        for n in [0, 1, BELOW_31 - 1, BELOW_31].into_iter().chain(sample) {
            assert!(spread(n) <= BELOW_31, "{n}");
            assert_eq!(unspread(spread(n)), n);
        }
    }

    /// How many arrangements each variant has, counted here piece by piece (both lions'
    /// cells; each other piece on a free cell with an owner, a chick as a hen or not, or
    /// in a hand; two of a kind alike): the full game's is below 2^31.
    #[test]
    fn the_ranks_count_every_arrangement_once() {
        // Of `t` pieces of a kind over `f` free cells: `n` on the board (unordered, each
        // with an owner and, for chicks, a side of the card), the rest split between hands.
        let kind = |t: u64, f: u64, n: u64, chick: bool| -> u64 {
            let cells = (0..n).fold(1, |c, i| c * (f - i)) / if n == 2 { 2 } else { 1 };
            cells * (if chick { 4u64 } else { 2 }).pow(n as u32) * (t - n + 1)
        };
        for (pieces, expected) in [(0, None), (1, None), (2, None), (3, Some(1_567_925_964))] {
            let totals = [2 * (pieces & 1), pieces & 2, 2];
            let mut all = 0;
            for g in 0..=totals[0] {
                for e in 0..=totals[1] {
                    for c in 0..=totals[2] {
                        let f = FREE as u64;
                        all += kind(totals[0], f, g, false)
                            * kind(totals[1], f - g, e, false)
                            * kind(totals[2], f - g - e, c, true);
                    }
                }
            }
            let all = all * (CELLS * (CELLS - 1)) as u64;
            assert_eq!(RANKS[pieces as usize].after[0][FREE] * 132, all, "{pieces}");
            if let Some(expected) = expected {
                assert_eq!(all, expected);
                assert!(all <= BELOW_31);
            }
        }
    }

    /// Every rank of lions and chicks (106,000 of them), and a seeded sample of the full
    /// game's, is an arrangement whose rank is itself; past the last there is none.
    #[test]
    fn a_rank_is_its_arrangements_and_back() {
        for (game, sample) in [(variant(false, false), false), (variant(true, true), true)] {
            let total = RANKS[usize::from(game.pieces)].after[0][FREE] * 132;
            let check = |rank: u64| {
                let position = game.unrank(rank).unwrap();
                assert_eq!(position.rank(), rank, "{position}");
            };
            if sample {
                numbers(0x9e37_79b9_7f4a_7c15)
                    .take(200_000)
                    .for_each(|x| check(x % total));
            } else {
                (0..total).for_each(check);
            }
            check(total - 1);
            assert!(game.unrank(total).is_none());
        }
    }

    /// `count` positions of a game played at random from the start (again from the start
    /// when one is over), seeded by `seed`.
    fn played(seed: u64, count: usize) -> impl Iterator<Item = Dobutsu> {
        played_from(Dobutsu::start(), seed, count)
    }

    /// [`played`] from `start`'s start (a variant's).
    fn played_from(start: Dobutsu, seed: u64, count: usize) -> impl Iterator<Item = Dobutsu> {
        let mut random = numbers(seed);
        let mut position = start;
        core::iter::repeat_with(move || {
            if position.finished().is_some() {
                position = start;
            }
            let now = position;
            let mut moves = 0;
            now.moves(&mut |_, _| moves += 1);
            let pick = random.next().unwrap_or(0) % moves;
            let mut seen = 0;
            now.moves(&mut |_, child| {
                if seen == pick {
                    position = child;
                }
                seen += 1;
            });
            now
        })
        .take(count)
    }

    /// A seeded walk of the full game: each position's key is below 2^32, and `at_key`
    /// gives the position back (turned to its side to move's view and back).
    #[test]
    fn keys_of_played_positions_come_back() {
        for position in played(0x1234_5678_9abc_def1, 50_000) {
            let key = position.key();
            assert!(key < 1 << position.key_bits(), "{position}");
            assert_eq!(position.at_key(key), Some(position), "{position}");
        }
    }

    /// The canonical form is, of the position seen by its mover and that seen in a
    /// mirror, the one whose cells' digits read as one number in base 11 from the top
    /// left are the smaller (the module docs' rule, computed here cell by cell as the plain
    /// number, the turn and the mirror too, where `canonical` works on the board a word at
    /// a time), over 50,000 positions of a seeded game.
    #[test]
    fn the_canonical_form_has_the_smaller_board_number() {
        // The digits as the module docs define them, written out here.
        let digit = |piece: u8| match piece {
            0 => 0,
            p if p & OWNER == 0 => u64::from(p),
            p => u64::from(p & !OWNER) + 5,
        };
        let number = |p: &Dobutsu| p.cells.iter().fold(0u64, |n, &piece| n * 11 + digit(piece));
        let turned = |p: &Dobutsu| Dobutsu {
            cells: core::array::from_fn(|i| match p.cells[CELLS - 1 - i] {
                0 => 0,
                piece => piece ^ OWNER,
            }),
            hands: [p.hands[1], p.hands[0]],
            second: !p.second,
            pieces: p.pieces,
        };
        let mirrored = |p: &Dobutsu| Dobutsu {
            cells: core::array::from_fn(|i| p.cells[i / COLUMNS * COLUMNS + COLUMNS - 1 - i % COLUMNS]),
            ..*p
        };
        for position in played(0x0bad_cafe_f00d_5eed, 50_000) {
            let mover = if position.second { turned(&position) } else { position };
            assert_eq!(position.seen_by_mover(), mover, "{position}");
            let mirrored = mirrored(&mover);
            assert_eq!(mover.mirrored(), mirrored, "{position}");
            let smaller = if number(&mirrored) < number(&mover) {
                mirrored
            } else {
                mover
            };
            assert_eq!(position.canonical(), smaller, "{position}");
        }
    }

    /// `probe_key` in one pass answers as the trait's default would, the checks, the
    /// canonical form and the key asked in turn (written out here), with and without the
    /// canonical form: on positions of seeded games of each variant, each also changed
    /// once at random (a cell given any piece of either side, two cells swapped, a hand
    /// count moved by one, the other side to move), so that some no game reaches.
    #[test]
    fn probe_key_answers_as_its_parts_do() {
        let parts = |p: &Dobutsu, canonical: bool| {
            if p.unreachable_reason().is_some() {
                return None;
            }
            let c = if canonical { p.canonical() } else { *p };
            Some((c.tier(), c.key()))
        };
        let pieces = [0, LION, GIRAFFE, ELEPHANT, CHICK, HEN];
        let mut random = numbers(0x7e57_ab1e_d00d_f00d);
        let mut next = move |below: u64| (random.next().unwrap() % below) as usize;
        let (mut reached, mut not) = (0, 0);
        for (giraffes, elephants) in [(true, true), (true, false), (false, true), (false, false)] {
            let start = variant(giraffes, elephants);
            for position in played_from(start, 0x0dd_ba11_5eed, 30_000) {
                let mut changed = position;
                match next(4) {
                    0 => {
                        let piece = pieces[next(6)];
                        let owner = if piece != 0 && next(2) == 1 { OWNER } else { 0 };
                        changed.cells[next(CELLS as u64)] = piece | owner;
                    }
                    1 => changed.cells.swap(next(CELLS as u64), next(CELLS as u64)),
                    2 => {
                        let count = &mut changed.hands[next(2)][next(3)];
                        *count = if next(2) == 1 { *count + 1 } else { count.saturating_sub(1) };
                    }
                    _ => changed.second = !changed.second,
                }
                for p in [position, changed] {
                    if p.unreachable_reason().is_some() {
                        not += 1;
                    } else {
                        reached += 1;
                    }
                    for canonical in [false, true] {
                        assert_eq!(p.probe_key(canonical), parts(&p, canonical), "{p} {canonical}");
                    }
                }
            }
        }
        // Both answers met often: the sample checks the checks as well as the keys.
        assert!(reached > 100_000 && not > 10_000, "{reached} reached, {not} not");
    }

    /// The table of cell counts against the CPU's count, for every mask of the board.
    #[test]
    fn cells_in_counts_every_mask() {
        for mask in 0..1u16 << CELLS {
            assert_eq!(cells_in(mask), mask.count_ones(), "{mask:#b}");
        }
    }

    #[test]
    fn the_census_is_each_cell_read_in_turn() {
        for position in played(0x005e_ed0f_ce45, 50_000) {
            let mut expected = Census::default();
            for (cell, &piece) in position.cells.iter().enumerate() {
                let bit = 1u16 << cell;
                let second = piece & OWNER != 0;
                match piece & !OWNER {
                    0 => continue,
                    LION => expected.lions[usize::from(second)] |= bit,
                    GIRAFFE => expected.kinds[0] |= bit,
                    ELEPHANT => expected.kinds[1] |= bit,
                    CHICK => expected.kinds[2] |= bit,
                    HEN => {
                        expected.kinds[2] |= bit;
                        expected.hens |= bit;
                    }
                    other => panic!("no piece {other}"),
                }
                if second && piece & !OWNER != LION {
                    expected.second |= bit;
                }
            }
            let census = position.census();
            assert_eq!(
                (census.lions, census.kinds, census.hens, census.second),
                (expected.lions, expected.kinds, expected.hens, expected.second),
                "{position}"
            );
        }
    }
}
