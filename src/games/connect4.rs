//! Connect Four at any size: `connect-four:rows=4,columns=5,x_in_row=4`, any board of up
//! to 9 columns and 7 rows with a spare row (`columns * (rows + 1) <= 64`), any line length.
//!
//! Two players, `x` (who moves first) and `o`, take turns dropping a disc into a column
//! that is not full; it falls to the lowest empty cell. A line of `x_in_row` discs of one
//! player (four, as people play it), horizontally, vertically or diagonally, wins; a full
//! board without one is a draw. The 4x4 board is a draw with perfect play (161,029
//! positions are reachable, finished ones included).
//!
//! The rules are written once, for a position [`Discs`] on a board of any [`Shape`]: the
//! family's size chosen at run time ([`ConnectFour`], what the catalogue serves and every
//! table is solved with) or fixed in the type ([`Connect4<W, H>`](Connect4), four in a row:
//! the search engine's monomorphised position, `connect4-7x6`).
//!
//! # Parameters
//!
//! `rows` from 1 to 7, `columns` from 1 to 9, `x_in_row` from 1 to 7 (at most the longer
//! side); the defaults are 4, 4 and 4: OpenSpiel's `connect_four(rows, columns,
//! x_in_row)`. A size of four in a row is also called by its classic name, `connect4-WxH`
//! (W columns, H rows: [`ConnectFour::classic`]), the name its table files carry.
//! `connect4-4x4` is compiled in (and `connect4-5x4`, `connect4-4x5` with `large-games`),
//! `connect4-7x6` answered by search; every other size is solved on first use (5x4:
//! 3,945,711 positions, as OpenSpiel counts them) or by tiers into a table file
//! (`perfect-play solve connect4-6x4`).
//!
//! # Notation
//!
//! A position is the board's rows from the top, split by `/`, `x` and `o` for the
//! players' discs and `.` for an empty cell: the 4x4 start is `..../..../..../....`. The
//! side to move follows from the counts (`x` when both have as many discs). A move is a
//! column number, 1 from the left.
//!
//! ```
//! use perfect_play::games::{CONNECT4_4X4, Connect4On4x4, Notation, ShowMove};
//! use perfect_play::{Game, Value};
//!
//! let start: Connect4On4x4 = "..../..../..../....".parse()?;
//! assert_eq!(start, Connect4On4x4::start());
//! assert_eq!(CONNECT4_4X4.probe(&start).map(|r| r.value), Some(Value::Draw));
//! let next = start.play(Connect4On4x4::parse_move("2")?);
//! assert_eq!(next.map(|p| p.to_string()).as_deref(), Some("..../..../..../.x.."));
//! assert_eq!(ShowMove::<Connect4On4x4>(1).to_string(), "2");
//! # Ok::<(), perfect_play::games::ParseError>(())
//! ```

use core::fmt;
use core::hash::Hash;
use core::str::FromStr;

use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
use perfect_play_core::notation::{Notation, ParseError, Side, parse_number, last_line, parse_marks, write_board};
use perfect_play_core::{Game, Line, MoveShape, Value};

use super::grid::rows_and_columns;
use super::registered::{Compiled, Layout, Registered};

/// A board's size and the line that wins, as [`Discs`] reads them: in the type
/// ([`Fixed`]) or chosen at run time ([`RunTime`]).
pub trait Shape: Copy + Eq + Hash + Send + Sync + 'static {
    /// The size of [`Game::start`].
    const START: Self;
    /// The most columns a move names without a position ([`Notation::parse_move`]).
    const MOST_COLUMNS: usize;

    /// The board's columns.
    fn columns(self) -> usize;
    /// The board's rows.
    fn rows(self) -> usize;
    /// How many discs in a row win.
    fn x_in_row(self) -> usize;
    /// One bit per column, its bottom cell.
    fn bottom(self) -> u64;
}

/// A size fixed in the type: `W` columns, `H` rows, four in a row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Fixed<const W: usize, const H: usize>;

impl<const W: usize, const H: usize> Fixed<W, H> {
    /// Stops the build on a board that does not fit the masks or the notation.
    const FITS: () = assert!(
        W >= 1 && H >= 1 && W <= 9 && W * (H + 1) <= 64,
        "Connect4<W, H> needs 1..=9 columns and W * (H + 1) <= 64"
    );
    /// One bit per column: the bottom cells.
    const BOTTOM: u64 = bottom(W, H);
}

impl<const W: usize, const H: usize> Shape for Fixed<W, H> {
    const START: Self = {
        let () = Self::FITS;
        Fixed
    };
    const MOST_COLUMNS: usize = W;

    #[inline]
    fn columns(self) -> usize {
        W
    }

    #[inline]
    fn rows(self) -> usize {
        H
    }

    #[inline]
    fn x_in_row(self) -> usize {
        4
    }

    #[inline]
    fn bottom(self) -> u64 {
        Self::BOTTOM
    }
}

/// A size chosen at run time: the family's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RunTime {
    columns: u8,
    rows: u8,
    x_in_row: u8,
    /// One bit per column, its bottom cell: a function of the size, kept as the key of
    /// every position needs it.
    bottom: u64,
}

impl RunTime {
    /// `rows`, `columns` and `x_in_row` (in their ranges: [`Family::at`] checks them).
    const fn new(rows: u8, columns: u8, x_in_row: u8) -> RunTime {
        RunTime {
            columns,
            rows,
            x_in_row,
            bottom: bottom(columns as usize, rows as usize),
        }
    }
}

impl Shape for RunTime {
    /// 4 rows, 4 columns, four in a row.
    const START: Self = RunTime::new(4, 4, 4);
    const MOST_COLUMNS: usize = 9;

    #[inline]
    fn columns(self) -> usize {
        usize::from(self.columns)
    }

    #[inline]
    fn rows(self) -> usize {
        usize::from(self.rows)
    }

    #[inline]
    fn x_in_row(self) -> usize {
        usize::from(self.x_in_row)
    }

    #[inline]
    fn bottom(self) -> u64 {
        self.bottom
    }
}

/// One bit per column of `columns` columns of `rows` rows and a spare bit: the bottom
/// cells.
const fn bottom(columns: usize, rows: usize) -> u64 {
    let mut bottom = 0;
    let mut c = 0;
    while c < columns {
        bottom |= 1 << (c * (rows + 1));
        c += 1;
    }
    bottom
}

/// Whether `discs`, on a board of `rows` rows (and a spare bit atop each column), hold
/// `k` in a row in any direction: up a column, along a row, and the two diagonals. Four
/// in a row is two shifts a direction; another length doubles runs of 1, 2, 4... discs,
/// then takes the rest by one overlapping shift.
#[inline]
const fn in_a_row(discs: u64, rows: usize, k: usize) -> bool {
    let mut steps: &[usize] = &[1, rows + 1, rows, rows + 2];
    while let [step, rest @ ..] = steps {
        let step = *step;
        steps = rest;
        if k == 4 {
            let pairs = discs & (discs >> step);
            if pairs & (pairs >> (2 * step)) != 0 {
                return true;
            }
            continue;
        }
        let (mut run, mut len) = (discs, 1);
        while 2 * len <= k {
            run &= run >> (step * len);
            len *= 2;
        }
        if len < k {
            run &= run >> (step * (k - len));
        }
        if run != 0 {
            return true;
        }
    }
    false
}

/// A Connect Four position on a board of shape `S`: each player's discs as a bit mask.
///
/// Bit `c * (rows + 1) + r` is the cell of column `c` (from the left) and row `r` (from
/// the bottom); the spare bit on top of each column stays clear, so a line never wraps
/// from one column into the next. Only boards where every disc rests on another or on the
/// bottom can be made by play; one that floats parses, and is unreachable
/// ([`Game::unreachable_reason`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Discs<S: Shape> {
    shape: S,
    /// The discs of `x`, the first player.
    x: u64,
    /// The discs of `o`, the second player.
    o: u64,
}

/// Connect Four as a family, `connect-four:rows=4,columns=5,x_in_row=4`, its size chosen at
/// run time: what the catalogue serves and every table is solved with.
pub type ConnectFour = Discs<RunTime>;

/// Connect Four of `W` columns and `H` rows, four in a row, its size in the type: the
/// search engine's position (`Bitboard::of` reads its discs), where every bound is a
/// constant.
pub type Connect4<const W: usize, const H: usize> = Discs<Fixed<W, H>>;

/// Connect Four on 4 columns and 4 rows, the game of one size `connect4-4x4` (161,029
/// positions, a draw): the family at its default size ([`Game::start`] is 4x4).
pub type Connect4On4x4 = ConnectFour;

/// Connect Four as people play it, 7 columns and 6 rows: answered by search (feature
/// `search`), as no table of it fits one machine.
pub type Connect4On7x6 = Connect4<7, 6>;

impl<S: Shape> Discs<S> {
    /// The empty board of `shape`.
    const fn empty(shape: S) -> Discs<S> {
        Discs { shape, x: 0, o: 0 }
    }

    /// The mask bit of column `c` and row `r` from the bottom.
    #[inline]
    fn bit(&self, c: usize, r: usize) -> u64 {
        1 << (c * (self.shape.rows() + 1) + r)
    }

    /// Whether `o` moves next (`x` moves when both have as many discs).
    #[inline]
    fn o_to_move(&self) -> bool {
        self.x.count_ones() > self.o.count_ones()
    }

    /// The board of a text written exactly as [`Display`](fmt::Display) writes one (`rows`
    /// rows of `columns` cells split by `/`; `x` and `o` in either case, `.`), read without
    /// a branch on the cells, which are as good as random and would mispredict one branch
    /// in two (`probe_many` of a table file spent a fifth of its time here); `None` for
    /// any other text, which core's grid reader reads or refuses, saying where.
    fn read_plain(&self, text: &[u8]) -> Option<Discs<S>> {
        let (w, h) = (self.shape.columns(), self.shape.rows());
        if text.len() != h * (w + 1) - 1 {
            return None;
        }
        let (mut x, mut o, mut cells) = (0u64, 0u64, true);
        for (row, line) in text.split(|&b| b == b'/').enumerate() {
            if line.len() != w || row >= h {
                return None;
            }
            for (c, &byte) in line.iter().enumerate() {
                let lower = byte | 0x20;
                let bit = self.bit(c, h - 1 - row);
                x |= bit * u64::from(lower == b'x');
                o |= bit * u64::from(lower == b'o');
                cells &= (lower == b'x') | (lower == b'o') | (byte == b'.');
            }
        }
        cells.then_some(Discs { x, o, ..*self })
    }
}

impl<const W: usize, const H: usize> Connect4<W, H> {
    /// One bit per column: the bottom cells.
    pub(crate) const BOTTOM: u64 = Fixed::<W, H>::BOTTOM;

    /// Whether `discs` holds four in a row in any direction: what the search's bitboards
    /// test.
    #[cfg_attr(not(feature = "search"), allow(dead_code))]
    pub(crate) const fn four(discs: u64) -> bool {
        in_a_row(discs, H, 4)
    }

    /// The discs of `x` and of `o` as bit masks (bit `c * (H + 1) + r` for column `c` and
    /// row `r` from the bottom): what a search engine's bitboards start from.
    #[must_use]
    pub const fn discs(&self) -> (u64, u64) {
        (self.x, self.o)
    }

    /// The position with these discs, or `None` unless every disc rests on another or on the
    /// bottom, no cell holds both, no disc is outside the board, and `x` has as many discs as
    /// `o` or one more.
    #[must_use]
    pub const fn from_discs(x: u64, o: u64) -> Option<Self> {
        let discs = x | o;
        let board = Self::BOTTOM * ((1 << H) - 1);
        let (xs, os) = (x.count_ones(), o.count_ones());
        if x & o != 0 || discs & !board != 0 || discs & !((discs << 1) | Self::BOTTOM) != 0 {
            return None;
        }
        if xs != os && xs != os + 1 {
            return None;
        }
        Some(Discs {
            shape: Fixed,
            x,
            o,
        })
    }
}

impl<S: Shape> Game for Discs<S> {
    /// The column a disc is dropped into, 0 from the left.
    type Move = u8;

    fn start() -> Discs<S> {
        Discs::empty(S::START)
    }

    /// The column heights and the discs of `x` in `columns * (rows + 1)` bits: each
    /// column's `x` discs, plus its discs, plus one (a single bit above the column's top
    /// disc tells its height; the bits below it which disc is `x`).
    #[inline]
    fn key(&self) -> u64 {
        self.x + (self.x | self.o) + self.shape.bottom()
    }

    /// A disc above an empty cell, or the wrong number of discs for a side.
    fn unreachable_reason(&self) -> Option<&'static str> {
        let discs = self.x | self.o;
        if discs & !((discs << 1) | self.shape.bottom()) != 0 {
            return Some("a disc above an empty cell (discs fall to the bottom)");
        }
        let (xs, os) = (self.x.count_ones(), self.o.count_ones());
        (xs != os && xs != os + 1).then_some("x moves first, so x has as many discs as o or one more")
    }

    /// A tier per number of discs on the board, 0 to `rows * columns`.
    fn tiers(&self) -> u32 {
        (self.shape.rows() * self.shape.columns() + 1) as u32
    }

    /// A column's cells and its spare bit, `columns * (rows + 1)`.
    fn key_bits(&self) -> u32 {
        (self.shape.columns() * (self.shape.rows() + 1)) as u32
    }

    /// The number of discs on the board: each move adds one.
    #[inline]
    fn tier(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// Each column's top set bit is its height; the bits below it are its `x` discs.
    #[inline]
    fn at_key(&self, key: u64) -> Option<Discs<S>> {
        let bits = self.key_bits();
        if bits < 64 && key >> bits != 0 {
            return None;
        }
        let step = self.shape.rows() + 1;
        let (mut x, mut o) = (0, 0);
        for c in 0..self.shape.columns() {
            let column = (key >> (c * step)) & ((1 << step) - 1);
            let top = column.checked_ilog2()?;
            let discs = (1u64 << top) - 1;
            let xs = column ^ (1 << top);
            x |= xs << (c * step);
            o |= (discs & !xs) << (c * step);
        }
        let (xs, os) = (x.count_ones(), o.count_ones());
        (xs == os || xs == os + 1).then_some(Discs { x, o, ..*self })
    }

    /// `x_in_row` was made by the player who just moved: the side to move has lost.
    #[inline]
    fn finished(&self) -> Option<Value> {
        let just_moved = if self.o_to_move() { self.x } else { self.o };
        let (rows, columns) = (self.shape.rows(), self.shape.columns());
        if in_a_row(just_moved, rows, self.shape.x_in_row()) {
            Some(Value::Loss)
        } else if (self.x | self.o).count_ones() as usize == rows * columns {
            Some(Value::Draw)
        } else {
            None
        }
    }

    #[inline]
    fn moves(&self, visit: &mut dyn FnMut(u8, Discs<S>)) {
        let o_moves = self.o_to_move();
        let h = self.shape.rows();
        for c in 0..self.shape.columns() {
            let column = ((self.x | self.o) >> (c * (h + 1))) & ((1 << h) - 1);
            let height = column.count_ones() as usize;
            if height < h {
                let bit = self.bit(c, height);
                let (x, o) = if o_moves { (self.x, self.o | bit) } else { (self.x | bit, self.o) };
                visit(c as u8, Discs { x, o, ..*self });
            }
        }
    }
}

// --- Notation -----------------------------------------------------------------------------

/// The cells, for an error message.
const CELLS: &str = "x, o or .";

/// What a move looks like on a board of `columns` columns.
const fn move_help(columns: usize) -> &'static str {
    match columns {
        4 => "a column 1-4, like 2",
        5 => "a column 1-5, like 3",
        6 => "a column 1-6, like 3",
        7 => "a column 1-7, like 4",
        _ => "a column number, 1 from the left",
    }
}

impl<S: Shape> Notation for Discs<S> {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = ['x', 'o'];
    const TITLE: &'static str = "Connect Four";
    const RULES: &'static str = "Two players, x and o, take turns dropping a disc into a column that is not full; x moves first. The disc falls to the lowest empty cell of its column. A line of four discs of one player (x_in_row of them, at another size), horizontally, vertically or diagonally, wins at once. A full board without one is a draw.";
    const MOVE_HELP: &'static str = move_help(S::MOST_COLUMNS);

    fn to_move(&self) -> Side {
        Side::second_if(self.o_to_move())
    }

    /// A column within this board: `a column 1-7, like 4`.
    fn move_help(&self) -> &'static str {
        move_help(self.shape.columns())
    }

    fn width(&self) -> usize {
        self.shape.columns()
    }

    fn height(&self) -> usize {
        self.shape.rows()
    }

    fn piece(&self, cell: u8) -> Option<Side> {
        let (w, h) = (self.shape.columns(), self.shape.rows());
        let (row, c) = (usize::from(cell) / w, usize::from(cell) % w);
        let bit = self.bit(c, h.checked_sub(row + 1)?);
        Side::owner([self.x, self.o], bit)
    }

    fn move_shape(&self, column: u8) -> MoveShape {
        MoveShape::Drop { column }
    }

    fn write_move(column: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", u16::from(column) + 1)
    }

    fn parse_move(text: &str) -> Result<u8, ParseError> {
        let column = parse_number(text, S::MOST_COLUMNS, Self::MOVE_HELP)?;
        Ok(u8::try_from(column).unwrap_or(u8::MAX))
    }

    /// A column of this board: on 4 columns, 1-4 alone.
    fn parse_move_at(&self, text: &str) -> Result<u8, ParseError> {
        let column = parse_number(text, self.shape.columns(), self.move_help())?;
        Ok(u8::try_from(column).unwrap_or(u8::MAX))
    }

    /// The `x_in_row` in a row that ended the game, made by the side that moved last.
    fn winning_line(&self) -> Option<(Side, Line)> {
        last_line(self, self.shape.x_in_row())
    }

    /// Reads the rows at this size, whitespace around them ignored (a floating disc or the
    /// wrong counts parse, and are unreachable: [`Game::unreachable_reason`]).
    fn parse_at(&self, text: &str) -> Result<Discs<S>, ParseError> {
        match self.read_plain(text.trim_ascii().as_bytes()) {
            Some(position) => Ok(position),
            None => self.read_grid(text),
        }
    }
}

impl<S: Shape> Discs<S> {
    /// Reads any text [`Notation::parse_at`] takes with core's grid reader, and says what
    /// is wrong with one it does not.
    fn read_grid(&self, text: &str) -> Result<Discs<S>, ParseError> {
        let (w, h) = (self.width(), self.height());
        let bit = |cell: usize| self.bit(cell % w, h - 1 - cell / w);
        let [x, o] = parse_marks(text, (w, h), &Self::PIECES, CELLS, &bit)?;
        Ok(Discs { x, o, ..*self })
    }
}

impl<S: Shape> fmt::Display for Discs<S> {
    /// The rows from the top split by `/`: `..../..../..../.x..`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, self)
    }
}

impl<S: Shape> fmt::Debug for Discs<S> {
    /// The size and the board: what a solver's error names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h, k) = (self.shape.columns(), self.shape.rows(), self.shape.x_in_row());
        write!(f, "connect-four:rows={h},columns={w},x_in_row={k} {self}")
    }
}

impl<S: Shape> FromStr for Discs<S> {
    type Err = ParseError;

    /// Reads a position at the size of [`Game::start`] (the family's default, 4x4).
    fn from_str(text: &str) -> Result<Discs<S>, ParseError> {
        Self::start().parse_at(text)
    }
}

// --- The family and its entry in the catalogue --------------------------------------------

/// The family's parameters, in the order positional values take them: the board's rows
/// and columns, and the line that wins.
const PARAMS: &[Param] = {
    let [rows, columns] = rows_and_columns([1, 7, 4], [1, 9, 4]);
    &[
        rows,
        columns,
        Param {
            name: "x_in_row",
            kind: ParamKind::Integer,
            min: 1,
            max: 7,
            default: Arg::Int(4),
            doc: "how many discs in a row win",
        },
    ]
};

impl ConnectFour {
    /// The columns and rows of a size named the classic way, `connect4-WxH` in any case (W
    /// columns, H rows, four in a row): `connect4-6x4` is
    /// `connect-four:rows=4,columns=6,x_in_row=4`. `None` for any other name; the ranges
    /// are checked when the size is opened.
    ///
    /// ```
    /// use perfect_play::games::ConnectFour;
    ///
    /// assert_eq!(ConnectFour::classic("Connect4-6x4"), Some((6, 4)));
    /// assert_eq!(ConnectFour::classic("connect4"), None);
    /// ```
    #[must_use]
    pub fn classic(name: &str) -> Option<(u32, u32)> {
        let prefix = name.get(..9).filter(|p| p.eq_ignore_ascii_case("connect4-"))?;
        let (columns, rows) = name.get(prefix.len()..)?.split_once(['x', 'X'])?;
        let number = |text: &str| -> Option<u32> {
            let digits = (1..=3).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit());
            text.parse().ok().filter(|_| digits)
        };
        Some((number(columns)?, number(rows)?))
    }
}

impl Family for ConnectFour {
    const FAMILY: &'static str = "connect-four";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<ConnectFour, SizeError> {
        let (rows, columns, k) = (args.get(0).int(), args.get(1).int(), args.get(2).int());
        if columns * (rows + 1) > 64 {
            return Err(SizeError::together(
                "columns times (rows + 1) must be at most 64",
            ));
        }
        if k > rows.max(columns) {
            return Err(SizeError::together(
                "x_in_row is longer than both sides of the board",
            ));
        }
        let byte = |n: u32| u8::try_from(n).unwrap_or(4);
        Ok(Discs::empty(RunTime::new(byte(rows), byte(columns), byte(k))))
    }

    fn args(&self) -> Args {
        let int = |n: u8| Arg::Int(u32::from(n));
        Args::defaults(PARAMS)
            .with(0, int(self.shape.rows))
            .with(1, int(self.shape.columns))
            .with(2, int(self.shape.x_in_row))
    }
}

/// In the catalogue: 4x4 compiled in (and 5x4 and 4x5 with `large-games`), every size of
/// four in a row called by its classic name, `connect4-WxH` (the name its table files
/// carry), every other size solved on first use or by tiers into a table file.
impl Registered for ConnectFour {
    const COMPILED: &'static [Compiled] = &[
        Compiled {
            table: "CONNECT4_4X4",
            file: "connect4_4x4",
            size: "rows=4,columns=4,x_in_row=4",
            layout: Layout::Packed,
        },
        #[cfg(feature = "large-games")]
        Compiled {
            table: "CONNECT4_5X4",
            file: "connect4_5x4",
            size: "rows=4,columns=5,x_in_row=4",
            layout: Layout::Packed,
        },
        #[cfg(feature = "large-games")]
        Compiled {
            table: "CONNECT4_4X5",
            file: "connect4_4x5",
            size: "rows=5,columns=4,x_in_row=4",
            layout: Layout::Packed,
        },
    ];

    /// `connect4-WxH`: `rows=H,columns=W,x_in_row=4`.
    fn parse_name(name: &str, out: &mut dyn fmt::Write) -> Result<bool, fmt::Error> {
        let Some((columns, rows)) = ConnectFour::classic(name) else {
            return Ok(false);
        };
        write!(out, "rows={rows},columns={columns},x_in_row=4")?;
        Ok(true)
    }

    /// A size of four in a row: `connect4-WxH`.
    fn write_name(args: &Args, out: &mut dyn fmt::Write) -> Result<bool, fmt::Error> {
        let (rows, columns, k) = (args.get(0).int(), args.get(1).int(), args.get(2).int());
        if k != 4 {
            return Ok(false);
        }
        write!(out, "connect4-{columns}x{rows}")?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    //! The branch-free reader against core's grid reader (whose own expectations are the
    //! notation tests' in `tests/connect4.rs` and core's), on seeded texts, at fixed and
    //! run-time sizes.

    extern crate std;
    use std::string::{String, ToString};

    use super::{Connect4, ConnectFour, Discs, Shape};
    use perfect_play_core::Game;
    use perfect_play_core::family::{Args, Family};

    /// A seeded xorshift, so that the texts are the same on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// A text that is mostly a board of `w` columns and `h` rows as `Display` writes one,
    /// sometimes in capitals, with whitespace around it, and sometimes damaged: a cell no
    /// board has (`\x0e` is `.` with bit 5 cleared, `X` and `O` are cells), a row too short
    /// or too long, a stray `/`, whitespace inside, a vertical tab.
    fn text(w: usize, h: usize, rng: &mut Rng) -> String {
        const CELLS: &[char] = &['x', 'o', '.', '.', 'X', 'O'];
        const ODD: &[char] = &['\x0e', 'y', 'N', '/', ' ', '\x0b', 'é', '.'];
        let mut out = String::new();
        for _ in 0..rng.below(3) {
            out.push([' ', '\n', '\t', '\x0b'][rng.below(4)]);
        }
        for row in 0..h {
            if row > 0 {
                out.push('/');
            }
            let width = if rng.below(20) == 0 { w + 1 - rng.below(3) } else { w };
            for _ in 0..width {
                let odd = rng.below(40) == 0;
                out.push(if odd { ODD[rng.below(ODD.len())] } else { CELLS[rng.below(CELLS.len())] });
            }
        }
        for _ in 0..rng.below(3) {
            out.push([' ', '\n', '\r', '\x0c'][rng.below(4)]);
        }
        out
    }

    /// Where the branch-free reader answers, it answers as the grid reader does; and every
    /// board as `Display` writes it takes the branch-free road.
    fn plain_reads_as_the_grid_reader<S: Shape>(size: Discs<S>, seed: u64) {
        let (w, h) = (size.shape.columns(), size.shape.rows());
        let mut rng = Rng(seed);
        let mut plain = 0;
        for _ in 0..100_000 {
            let text = text(w, h, &mut rng);
            if let Some(position) = size.read_plain(text.trim_ascii().as_bytes()) {
                plain += 1;
                assert_eq!(size.read_grid(&text), Ok(position), "{text:?}");
                let written = position.to_string();
                assert_eq!(size.read_plain(written.as_bytes()), Some(position));
            }
        }
        assert!(plain > 10_000, "only {plain} texts took the branch-free road");
    }

    #[test]
    fn plain_reads_as_the_grid_reader_on_4x4_and_7x6() {
        plain_reads_as_the_grid_reader(Connect4::<4, 4>::start(), 0x9e37_79b9_7f4a_7c15);
        plain_reads_as_the_grid_reader(Connect4::<7, 6>::start(), 0x2545_f491_4f6c_dd1d);
        let seven_by_six = Args::parse(ConnectFour::PARAMS, "rows=6,columns=7").unwrap();
        let family = ConnectFour::at(&seven_by_six).unwrap();
        plain_reads_as_the_grid_reader(family, 0x2545_f491_4f6c_dd1d);
        plain_reads_as_the_grid_reader(ConnectFour::start(), 0x9e37_79b9_7f4a_7c15);
    }

    /// The fixed type and the family at its size are the same game: the same key, moves,
    /// end and text for every position of 4x4 play reaches (John Tromp's 161,029).
    #[test]
    fn a_fixed_size_plays_as_the_family_there() {
        let mut todo = std::vec![(Connect4::<4, 4>::start(), ConnectFour::start())];
        let mut seen = std::collections::HashSet::new();
        while let Some((fixed, family)) = todo.pop() {
            if !seen.insert(fixed.key()) {
                continue;
            }
            assert_eq!(fixed.key(), family.key());
            assert_eq!(fixed.finished(), family.finished());
            assert_eq!(fixed.to_string(), family.to_string());
            assert_eq!(family.at_key(fixed.key()), Some(family));
            if fixed.finished().is_some() {
                continue;
            }
            let mut children = std::vec::Vec::new();
            fixed.moves(&mut |mv, child| children.push((mv, child)));
            let mut index = 0;
            family.moves(&mut |mv, child| {
                let (fixed_mv, fixed_child) = children[index];
                assert_eq!((mv, child.key()), (fixed_mv, fixed_child.key()));
                index += 1;
                todo.push((fixed_child, child));
            });
            assert_eq!(index, children.len());
        }
        assert_eq!(seen.len(), 161_029);
}
}
