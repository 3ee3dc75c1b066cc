//! Connect Four on small boards: `W` columns and `H` rows, any size up to 64 cells with a
//! spare row (`W * (H + 1) <= 64`) and 9 columns.
//!
//! Two players, `x` (who moves first) and `o`, take turns dropping a disc into a column
//! that is not full; it falls to the lowest empty cell. Four discs of one player in a
//! row, horizontally, vertically or diagonally, win; a full board without one is a draw.
//! The 4x4 board is a draw with perfect play (161,029 positions are reachable, finished
//! ones included).
//!
//! # Notation
//!
//! A position is the board's rows from the top, split by `/`, `x` and `o` for the
//! players' discs and `.` for an empty cell: the 4x4 start is `..../..../..../....`. The
//! side to move follows from the counts (`x` when both have as many discs). A move is a
//! column number, 1 to `W` from the left.
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
use core::str::FromStr;

use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
use perfect_play_core::notation::{
    Notation, ParseError, ParseErrorKind, Side, after_grid, line_in_row, parse_end, parse_grid,
    parse_number, write_grid,
};
use perfect_play_core::{Game, Line, MoveShape, Value};

use super::registered::{Compiled, Layout, Registered};

/// A Connect Four position on `W` columns and `H` rows: each player's discs as a bit mask.
///
/// Bit `c * (H + 1) + r` is the cell of column `c` (from the left) and row `r` (from the
/// bottom); the spare bit on top of each column stays clear, so a line of four never
/// wraps from one column into the next. Only boards where every disc rests on another or
/// on the bottom can be made, so [`Game::key`] is one-to-one.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Connect4<const W: usize, const H: usize> {
    /// The discs of `x`, the first player.
    x: u64,
    /// The discs of `o`, the second player.
    o: u64,
}

/// Connect Four on 4 columns and 4 rows, the game of one size `connect4-4x4` (161,029
/// positions, a draw): the family at its default size ([`Game::start`] is 4x4).
pub type Connect4On4x4 = ConnectFour;
/// Connect Four as people play it, 7 columns and 6 rows: answered by search (feature
/// `search`), as no table of it fits one machine.
pub type Connect4On7x6 = Connect4<7, 6>;

impl<const W: usize, const H: usize> Connect4<W, H> {
    /// Stops the build on a board that does not fit the masks or the notation.
    const FITS: () = assert!(
        W >= 1 && H >= 1 && W <= 9 && W * (H + 1) <= 64,
        "Connect4<W, H> needs 1..=9 columns and W * (H + 1) <= 64"
    );
    /// One bit per column: the bottom cells.
    pub(crate) const BOTTOM: u64 = {
        let mut bottom = 0;
        let mut c = 0;
        while c < W {
            bottom |= 1 << (c * (H + 1));
            c += 1;
        }
        bottom
    };

    /// The mask bit of column `c` and row `r` from the bottom.
    const fn bit(c: usize, r: usize) -> u64 {
        1 << (c * (H + 1) + r)
    }

    /// How many discs column `c` holds.
    fn height(&self, c: usize) -> usize {
        let column = ((self.x | self.o) >> (c * (H + 1))) & ((1 << H) - 1);
        column.count_ones() as usize
    }

    /// Whether `discs` holds four in a row in any direction.
    pub(crate) const fn four(discs: u64) -> bool {
        // Up a column, along a row, and the two diagonals.
        let mut steps: &[usize] = &[1, H + 1, H, H + 2];
        while let [d, rest @ ..] = steps {
            let pairs = discs & (discs >> *d);
            if pairs & (pairs >> (2 * *d)) != 0 {
                return true;
            }
            steps = rest;
        }
        false
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
        Some(Connect4 { x, o })
    }

    /// Whether `o` moves next (`x` moves when both have as many discs).
    fn o_to_move(&self) -> bool {
        self.x.count_ones() > self.o.count_ones()
    }
}

impl<const W: usize, const H: usize> Game for Connect4<W, H> {
    /// The column a disc is dropped into, 0 to `W - 1` from the left.
    type Move = u8;

    fn start() -> Self {
        let () = Self::FITS;
        Connect4 { x: 0, o: 0 }
    }

    /// The column heights and the discs of `x` in `W * (H + 1)` bits: each column's
    /// `x` discs, plus its discs, plus one (a single bit above the column's top disc
    /// tells its height; the bits below it which disc is `x`).
    fn key(&self) -> u64 {
        self.x + (self.x | self.o) + Self::BOTTOM
    }

    /// A disc above an empty cell, or the wrong number of discs for a side.
    fn unreachable_reason(&self) -> Option<&'static str> {
        let discs = self.x | self.o;
        if discs & !((discs << 1) | Self::BOTTOM) != 0 {
            return Some("a disc above an empty cell (discs fall to the bottom)");
        }
        let (xs, os) = (self.x.count_ones(), self.o.count_ones());
        if xs != os && xs != os + 1 {
            return Some("x moves first, so x has as many discs as o or one more");
        }
        None
    }

    /// A tier per number of discs on the board, 0 to `W * H`.
    fn tiers(&self) -> u32 {
        (W * H + 1) as u32
    }

    /// A column's `H` cells and its spare bit.
    fn key_bits(&self) -> u32 {
        (W * (H + 1)) as u32
    }

    /// The number of discs on the board: each move adds one.
    fn tier(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// Each column's top set bit is its height; the bits below it are its `x` discs.
    fn at_key(&self, key: u64) -> Option<Self> {
        if W * (H + 1) < 64 && key >> (W * (H + 1)) != 0 {
            return None;
        }
        let (mut x, mut o) = (0, 0);
        for c in 0..W {
            let column = (key >> (c * (H + 1))) & ((1 << (H + 1)) - 1);
            let top = column.checked_ilog2()?;
            let discs = (1u64 << top) - 1;
            let xs = column ^ (1 << top);
            x |= xs << (c * (H + 1));
            o |= (discs & !xs) << (c * (H + 1));
        }
        let (xs, os) = (x.count_ones(), o.count_ones());
        (xs == os || xs == os + 1).then_some(Connect4 { x, o })
    }

    /// Four in a row was made by the player who just moved: the side to move has lost.
    fn finished(&self) -> Option<Value> {
        let just_moved = if self.o_to_move() { self.x } else { self.o };
        if Self::four(just_moved) {
            Some(Value::Loss)
        } else if (self.x | self.o).count_ones() as usize == W * H {
            Some(Value::Draw)
        } else {
            None
        }
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Self)) {
        let o_moves = self.o_to_move();
        for c in 0..W {
            let h = self.height(c);
            if h < H {
                let bit = Self::bit(c, h);
                let next = if o_moves {
                    Connect4 {
                        x: self.x,
                        o: self.o | bit,
                    }
                } else {
                    Connect4 {
                        x: self.x | bit,
                        o: self.o,
                    }
                };
                visit(c as u8, next);
            }
        }
    }
}

// --- Notation ---------------------------------------------------------------------------

/// The cells, for an error message.
const CELLS: &str = "x, o or .";

impl<const W: usize, const H: usize> Notation for Connect4<W, H> {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = ['x', 'o'];
    const TITLE: &'static str = "Connect Four";
    const RULES: &'static str = "Two players, x and o, take turns dropping a disc into a column that is not full; x moves first. The disc falls to the lowest empty cell of its column. Four discs of one player in a row, horizontally, vertically or diagonally, win at once. A full board without four in a row is a draw.";
    const MOVE_HELP: &'static str = match W {
        4 => "a column 1-4, like 2",
        5 => "a column 1-5, like 3",
        6 => "a column 1-6, like 3",
        7 => "a column 1-7, like 4",
        _ => "a column number, 1 from the left",
    };
    const WIDTH: usize = W;
    const HEIGHT: usize = H;

    fn to_move(&self) -> Side {
        Side::second_if(self.o_to_move())
    }

    fn piece(&self, cell: u8) -> Option<Side> {
        let (row, c) = (usize::from(cell) / W, usize::from(cell) % W);
        let r = H.checked_sub(row + 1)?;
        let bit = Self::bit(c, r);
        if self.x & bit != 0 {
            Some(Side::First)
        } else if self.o & bit != 0 {
            Some(Side::Second)
        } else {
            None
        }
    }

    fn move_shape(&self, column: u8) -> MoveShape {
        MoveShape::Drop { column }
    }

    fn write_move(column: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", u16::from(column) + 1)
    }

    fn parse_move(text: &str) -> Result<u8, ParseError> {
        let leading = text.chars().take_while(|c| c.is_whitespace()).count();
        let trimmed = text.trim();
        match trimmed.as_bytes() {
            [d @ b'1'..=b'9'] if usize::from(d - b'0') <= W => Ok(d - b'1'),
            _ => {
                let column = if trimmed.is_empty() { 0 } else { leading + 1 };
                let expected = Self::MOVE_HELP;
                Err(ParseError::new(
                    column,
                    ParseErrorKind::NotAMove { expected },
                ))
            }
        }
    }

    /// The four in a row that ended the game, made by the side that moved last.
    fn winning_line(&self) -> Option<(Side, Line)> {
        self.finished()?;
        let side = Notation::to_move(self).other();
        line_in_row(self, side, 4).map(|line| (side, line))
    }
}

impl<const W: usize, const H: usize> fmt::Display for Connect4<W, H> {
    /// The rows from the top split by `/`: `..../..../..../.x..`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..H {
            if row > 0 {
                f.write_str("/")?;
            }
            for c in 0..W {
                let cell = (row * W + c) as u8;
                let letter = match self.piece(cell) {
                    Some(Side::First) => 'x',
                    Some(Side::Second) => 'o',
                    None => '.',
                };
                fmt::Write::write_char(f, letter)?;
            }
        }
        Ok(())
    }
}

impl<const W: usize, const H: usize> fmt::Debug for Connect4<W, H> {
    /// The board size and the notation, `Connect4<4, 4>(..../..../..../.x..)`: what a
    /// solver's error names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Connect4<{W}, {H}>({self})")
    }
}

impl<const W: usize, const H: usize> FromStr for Connect4<W, H> {
    type Err = ParseError;

    /// Reads the rows from the top split by `/` (whitespace around them is ignored). A board
    /// that no game reaches (a floating disc, too many discs of one side) is still a
    /// position: [`Game::unreachable_reason`] says why no game reaches it.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let () = Self::FITS;
        match Self::read_plain(text.trim_ascii().as_bytes()) {
            Some(position) => Ok(position),
            None => Self::read(text),
        }
    }
}

impl<const W: usize, const H: usize> Connect4<W, H> {
    /// The board of a text written exactly as [`Display`](fmt::Display) writes one (`H`
    /// rows of `W` cells split by `/`; `x` and `o` in either case, `.`), read without a
    /// branch on the cells, which are as good as random and would mispredict one branch in
    /// two (`probe_many` of a table file spent a fifth of its time here); `None` for any
    /// other text, which [`Connect4::read`] reads or refuses, saying where.
    fn read_plain(text: &[u8]) -> Option<Self> {
        if text.len() != H * (W + 1) - 1 {
            return None;
        }
        let (mut x, mut o, mut cells) = (0u64, 0u64, true);
        for (row, line) in text.split(|&b| b == b'/').enumerate() {
            if line.len() != W || row >= H {
                return None;
            }
            for (c, &byte) in line.iter().enumerate() {
                let lower = byte | 0x20;
                let bit = Self::bit(c, H - 1 - row);
                x |= bit * u64::from(lower == b'x');
                o |= bit * u64::from(lower == b'o');
                cells &= (lower == b'x') | (lower == b'o') | (byte == b'.');
            }
        }
        cells.then_some(Connect4 { x, o })
    }

    /// Reads any text [`FromStr`] takes, and says what is wrong with one it does not.
    fn read(text: &str) -> Result<Self, ParseError> {
        let (mut x, mut o) = (0u64, 0u64);
        let (mut row, mut c, mut end) = (0usize, 0usize, 0usize);
        let mut chars = text.chars().enumerate().map(|(i, ch)| (i + 1, ch));
        for (column, ch) in chars.by_ref() {
            if ch.is_whitespace() {
                if end > 0 {
                    break;
                }
                continue;
            }
            end = column;
            if ch == '/' {
                if c != W {
                    let kind = ParseErrorKind::RowWidth {
                        row: row + 1,
                        cells: c,
                        expected: W,
                    };
                    return Err(ParseError::new(column, kind));
                }
                row += 1;
                c = 0;
                if row == H {
                    let board = text.trim_start().split(char::is_whitespace).next();
                    let rows = board.map_or(H + 1, |board| board.split('/').count());
                    let kind = ParseErrorKind::RowCount { rows, expected: H };
                    return Err(ParseError::new(column, kind));
                }
                continue;
            }
            let disc = match ch.to_ascii_lowercase() {
                'x' => Some(true),
                'o' => Some(false),
                '.' => None,
                _ => {
                    let kind = ParseErrorKind::NotACell {
                        found: ch,
                        expected: CELLS,
                    };
                    return Err(ParseError::new(column, kind).on_cell(row + 1, c + 1));
                }
            };
            if c == W {
                let kind = ParseErrorKind::RowWidth {
                    row: row + 1,
                    cells: W + 1,
                    expected: W,
                };
                return Err(ParseError::new(column, kind));
            }
            let r = H - 1 - row;
            match disc {
                Some(true) => x |= Self::bit(c, r),
                Some(false) => o |= Self::bit(c, r),
                None => {}
            }
            c += 1;
        }
        if end == 0 {
            return Err(ParseError::new(0, ParseErrorKind::Empty));
        }
        if c != W {
            let kind = ParseErrorKind::RowWidth {
                row: row + 1,
                cells: c,
                expected: W,
            };
            return Err(ParseError::new(end + 1, kind));
        }
        if row + 1 != H {
            let kind = ParseErrorKind::RowCount {
                rows: row + 1,
                expected: H,
            };
            return Err(ParseError::new(0, kind));
        }
        if let Some((column, found)) = chars.find(|(_, ch)| !ch.is_whitespace()) {
            return Err(ParseError::new(column, ParseErrorKind::Trailing { found }));
        }
        Ok(Connect4 { x, o })
    }
}

// --- The family: any size and any line length, chosen at run time ------------------------

/// Connect Four as a family, `connect-four:rows=4,columns=5,x_in_row=4`: the same rules
/// and notation as [`Connect4`], with the board's size and the line that wins chosen at
/// run time (OpenSpiel's `connect_four(rows, columns, x_in_row)`). `rows` go from 1 to 7,
/// `columns` from 1 to 9 (with a spare row, at most 64 bits), `x_in_row` from 1 to 7; the
/// defaults are 4, 4 and 4. A size of four in a row is also named the classic way,
/// `connect4-WxH` (W columns, H rows: [`ConnectFour::classic`]), and its table files
/// carry that name. The fixed sizes `connect4-4x4` (and `connect4-5x4`, `connect4-4x5`
/// with `large-games`) are compiled in under their own names, and the family at those
/// sizes (`connect-four:4,4`) answers from their tables; every other size is solved on
/// first use (4x4: 161,029 positions, 5x4: 3,945,711 with four in a row, as OpenSpiel
/// counts them), or by tiers into a table file (`perfect-play solve connect4-6x4`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    columns: u8,
    rows: u8,
    x_in_row: u8,
    /// The discs of `x`; bit `c * (rows + 1) + r` is column `c`, row `r` from the bottom.
    x: u64,
    /// The discs of `o`.
    o: u64,
    /// One bit per column, its bottom cell: a function of the size, kept as the key of
    /// every position needs it.
    bottom: u64,
}

/// The family's parameters, in the order positional values take them.
const CONNECT_FOUR_PARAMS: &[Param] = &[
    Param {
        name: "rows",
        kind: ParamKind::Integer,
        min: 1,
        max: 7,
        default: Arg::Int(4),
        doc: "the board's rows",
    },
    Param {
        name: "columns",
        kind: ParamKind::Integer,
        min: 1,
        max: 9,
        default: Arg::Int(4),
        doc: "the board's columns",
    },
    Param {
        name: "x_in_row",
        kind: ParamKind::Integer,
        min: 1,
        max: 7,
        default: Arg::Int(4),
        doc: "how many discs in a row win",
    },
];

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

    /// The mask bit of column `c` and row `r` from the bottom.
    fn bit(&self, c: usize, r: usize) -> u64 {
        1 << (c * (usize::from(self.rows) + 1) + r)
    }

    /// The empty board of `rows`, `columns` and `x_in_row`.
    fn empty(rows: u8, columns: u8, x_in_row: u8) -> ConnectFour {
        let step = u32::from(rows) + 1;
        let bottom = (0..u32::from(columns)).fold(0, |mask, c| mask | 1 << (c * step));
        ConnectFour {
            columns,
            rows,
            x_in_row,
            x: 0,
            o: 0,
            bottom,
        }
    }

    /// Whether `discs` hold `x_in_row` in a row in any direction: runs of 1, 2, 4... discs
    /// by doubling (as [`Connect4`]'s four), then the rest by one overlapping shift. Four
    /// in a row, the solves' case, is written out.
    #[inline]
    fn line(&self, discs: u64) -> bool {
        let h = u32::from(self.rows);
        let k = u32::from(self.x_in_row);
        if k == 4 {
            return [1, h + 1, h, h + 2].into_iter().any(|step| {
                let pairs = discs & (discs >> step);
                pairs & (pairs >> (2 * step)) != 0
            });
        }
        [1, h + 1, h, h + 2].into_iter().any(|step| {
            let (mut run, mut len) = (discs, 1);
            while 2 * len <= k {
                run &= run >> (step * len);
                len *= 2;
            }
            if len < k {
                run &= run >> (step * (k - len));
            }
            run != 0
        })
    }

    /// Whether `o` moves next.
    fn o_to_move(&self) -> bool {
        self.x.count_ones() > self.o.count_ones()
    }
}

impl Family for ConnectFour {
    const FAMILY: &'static str = "connect-four";
    const PARAMS: &'static [Param] = CONNECT_FOUR_PARAMS;

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
        Ok(ConnectFour::empty(
            u8::try_from(rows).unwrap_or(4),
            u8::try_from(columns).unwrap_or(4),
            u8::try_from(k).unwrap_or(4),
        ))
    }

    fn args(&self) -> Args {
        Args::defaults(CONNECT_FOUR_PARAMS)
            .with(0, Arg::Int(u32::from(self.rows)))
            .with(1, Arg::Int(u32::from(self.columns)))
            .with(2, Arg::Int(u32::from(self.x_in_row)))
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

impl Game for ConnectFour {
    /// A disc above an empty cell, or the wrong number of discs for a side.
    fn unreachable_reason(&self) -> Option<&'static str> {
        let discs = self.x | self.o;
        if discs & !((discs << 1) | self.bottom) != 0 {
            return Some("a disc above an empty cell (discs fall to the bottom)");
        }
        let (xs, os) = (self.x.count_ones(), self.o.count_ones());
        (xs != os && xs != os + 1).then_some("x moves first, so x has as many discs as o or one more")
    }

    /// The column a disc is dropped into, 0 from the left.
    type Move = u8;

    /// 4 rows, 4 columns, four in a row.
    fn start() -> ConnectFour {
        ConnectFour::empty(4, 4, 4)
    }

    /// The same key as [`Connect4`]'s: each column's `x` discs, plus its discs, plus one.
    #[inline]
    fn key(&self) -> u64 {
        self.x + (self.x | self.o) + self.bottom
    }

    /// As [`Connect4`]'s: a tier per number of discs, 0 to `rows * columns`.
    fn tiers(&self) -> u32 {
        u32::from(self.rows) * u32::from(self.columns) + 1
    }

    /// As [`Connect4`]'s: a column's cells and its spare bit, `columns * (rows + 1)`.
    fn key_bits(&self) -> u32 {
        u32::from(self.columns) * (u32::from(self.rows) + 1)
    }

    /// The number of discs on the board: each move adds one.
    #[inline]
    fn tier(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// As [`Connect4`]'s: each column's top set bit is its height, the bits below it its
    /// `x` discs.
    #[inline]
    fn at_key(&self, key: u64) -> Option<ConnectFour> {
        let bits = self.key_bits();
        if bits < 64 && key >> bits != 0 {
            return None;
        }
        let step = usize::from(self.rows) + 1;
        let (mut x, mut o) = (0, 0);
        for c in 0..usize::from(self.columns) {
            let column = (key >> (c * step)) & ((1 << step) - 1);
            let top = column.checked_ilog2()?;
            let discs = (1u64 << top) - 1;
            let xs = column ^ (1 << top);
            x |= xs << (c * step);
            o |= (discs & !xs) << (c * step);
        }
        let (xs, os) = (x.count_ones(), o.count_ones());
        (xs == os || xs == os + 1).then_some(ConnectFour { x, o, ..*self })
    }

    /// `x_in_row` was made by the player who just moved: the side to move has lost.
    #[inline]
    fn finished(&self) -> Option<Value> {
        let just_moved = if self.o_to_move() { self.x } else { self.o };
        if self.line(just_moved) {
            Some(Value::Loss)
        } else if (self.x | self.o).count_ones() == u32::from(self.rows) * u32::from(self.columns)
        {
            Some(Value::Draw)
        } else {
            None
        }
    }

    #[inline]
    fn moves(&self, visit: &mut dyn FnMut(u8, ConnectFour)) {
        let o_moves = self.o_to_move();
        let h = usize::from(self.rows);
        for c in 0..usize::from(self.columns) {
            let column = ((self.x | self.o) >> (c * (h + 1))) & ((1 << h) - 1);
            let height = column.count_ones() as usize;
            if height < h {
                let bit = self.bit(c, height);
                let mut next = *self;
                if o_moves {
                    next.o |= bit;
                } else {
                    next.x |= bit;
                }
                visit(c as u8, next);
            }
        }
    }
}

impl Notation for ConnectFour {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = ['x', 'o'];
    const TITLE: &'static str = "Connect Four";
    const RULES: &'static str = "Two players, x and o, take turns dropping a disc into a column that is not full; x moves first. The disc falls to the lowest empty cell of its column. A line of x_in_row discs of one player, horizontally, vertically or diagonally, wins at once. A full board without one is a draw.";
    const MOVE_HELP: &'static str = "a column number, 1 from the left";

    fn to_move(&self) -> Side {
        Side::second_if(self.o_to_move())
    }

    /// A column within this board: `a column 1-7, like 4`.
    fn move_help(&self) -> &'static str {
        match self.columns {
            4 => "a column 1-4, like 2",
            5 => "a column 1-5, like 3",
            6 => "a column 1-6, like 3",
            7 => "a column 1-7, like 4",
            _ => Self::MOVE_HELP,
        }
    }

    fn width(&self) -> usize {
        usize::from(self.columns)
    }

    fn height(&self) -> usize {
        usize::from(self.rows)
    }

    fn piece(&self, cell: u8) -> Option<Side> {
        let (w, h) = (usize::from(self.columns), usize::from(self.rows));
        let (row, c) = (usize::from(cell) / w, usize::from(cell) % w);
        let bit = self.bit(c, h.checked_sub(row + 1)?);
        if self.x & bit != 0 {
            Some(Side::First)
        } else if self.o & bit != 0 {
            Some(Side::Second)
        } else {
            None
        }
    }

    fn move_shape(&self, column: u8) -> MoveShape {
        MoveShape::Drop { column }
    }

    fn write_move(column: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", u16::from(column) + 1)
    }

    fn parse_move(text: &str) -> Result<u8, ParseError> {
        let column = parse_number(text, 9, Self::MOVE_HELP)?;
        Ok(u8::try_from(column).unwrap_or(u8::MAX))
    }

    /// A column of this board: on 4 columns, 1-4 alone.
    fn parse_move_at(&self, text: &str) -> Result<u8, ParseError> {
        let column = parse_number(text, usize::from(self.columns), self.move_help())?;
        Ok(u8::try_from(column).unwrap_or(u8::MAX))
    }

    /// The `x_in_row` in a row that ended the game, made by the side that moved last.
    fn winning_line(&self) -> Option<(Side, Line)> {
        self.finished()?;
        let side = Notation::to_move(self).other();
        line_in_row(self, side, usize::from(self.x_in_row)).map(|line| (side, line))
    }

    /// Reads the rows at this size (a floating disc or the wrong counts parse, and are
    /// unreachable: [`Game::unreachable_reason`]).
    fn parse_at(&self, text: &str) -> Result<ConnectFour, ParseError> {
        let mut position = ConnectFour { x: 0, o: 0, ..*self };
        let (w, h) = (self.width(), self.height());
        let end = parse_grid(text, w, h, &Self::PIECES, CELLS, &mut |cell, letter, _| {
            let bit = position.bit(cell % w, h - 1 - cell / w);
            if letter == 0 {
                position.x |= bit;
            } else {
                position.o |= bit;
            }
        })?;
        parse_end(after_grid(text, end))?;
        Ok(position)
    }
}

impl fmt::Display for ConnectFour {
    /// The rows from the top split by `/`: `..../..../..../.x..`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(f, self.width(), self.height(), &|cell| {
            match self.piece(cell as u8) {
                Some(Side::First) => 'x',
                Some(Side::Second) => 'o',
                None => '.',
            }
        })
    }
}

impl fmt::Debug for ConnectFour {
    /// The size and the board: what a solver's error names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {self}", self.sized())
    }
}

impl FromStr for ConnectFour {
    type Err = ParseError;

    /// Reads a position at the default size, 4x4 with four in a row.
    fn from_str(text: &str) -> Result<ConnectFour, ParseError> {
        ConnectFour::start().parse_at(text)
    }
}

#[cfg(test)]
mod tests {
    //! The branch-free reader against the general one (whose own expectations are the
    //! notation tests' in `tests/connect4.rs`), on seeded texts.

    extern crate std;
    use std::string::{String, ToString};

    use super::Connect4;

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

    /// A text that is mostly a board as `Display` writes one, sometimes in capitals, with
    /// whitespace around it, and sometimes damaged: a cell no board has (`\x0e` is `.` with
    /// bit 5 cleared, `X` and `O` are cells), a row too short or too long, a stray `/`,
    /// whitespace inside, a vertical tab.
    fn text<const W: usize, const H: usize>(rng: &mut Rng) -> String {
        const CELLS: &[char] = &['x', 'o', '.', '.', 'X', 'O'];
        const ODD: &[char] = &['\x0e', 'y', 'N', '/', ' ', '\x0b', 'é', '.'];
        let mut out = String::new();
        for _ in 0..rng.below(3) {
            out.push([' ', '\n', '\t', '\x0b'][rng.below(4)]);
        }
        for row in 0..H {
            if row > 0 {
                out.push('/');
            }
            let width = if rng.below(20) == 0 { W + 1 - rng.below(3) } else { W };
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

    /// Where the branch-free reader answers, it answers as the general reader does (whose
    /// own expectations are the notation tests'); and every board as `Display` writes it
    /// takes the branch-free road.
    fn plain_reads_as_the_general_reader<const W: usize, const H: usize>(seed: u64) {
        let mut rng = Rng(seed);
        let mut plain = 0;
        for _ in 0..100_000 {
            let text = text::<W, H>(&mut rng);
            if let Some(position) = Connect4::<W, H>::read_plain(text.trim_ascii().as_bytes()) {
                plain += 1;
                assert_eq!(Connect4::<W, H>::read(&text), Ok(position), "{text:?}");
                let written = position.to_string();
                assert_eq!(Connect4::<W, H>::read_plain(written.as_bytes()), Some(position));
            }
        }
        assert!(plain > 10_000, "only {plain} texts took the branch-free road");
    }

    #[test]
    fn plain_reads_as_the_general_reader_on_4x4_and_7x6() {
        plain_reads_as_the_general_reader::<4, 4>(0x9e37_79b9_7f4a_7c15);
        plain_reads_as_the_general_reader::<7, 6>(0x2545_f491_4f6c_dd1d);
    }
}
