//! A rectangular board of two players' pieces at a size chosen at run time, up to 40
//! cells (3^40 still fits a `u64` key): what the families played on squares or hexagons share (Clobber, Breakthrough,
//! Domineering, Hex, Othello): cells, the base-3 key, and the notation's rows.
//!
//! Shared with `build.rs` through `#[path]`: `core` only.

use core::fmt;

use perfect_play_core::MoveShape;
use perfect_play_core::family::{Arg, Args, Param, ParamKind};

use perfect_play_core::notation::{
    self, ParseError, ParseErrorKind, Side, Spelling, after_grid, parse_grid, parse_number,
    parse_position, parse_side, write_grid,
};

/// A family's `rows` and `columns` parameters, each given as its least value, its
/// greatest and its default: what the families on a rectangle take.
pub const fn rows_and_columns(rows: [u32; 3], columns: [u32; 3]) -> [Param; 2] {
    [
        Param {
            name: "rows",
            kind: ParamKind::Integer,
            min: rows[0],
            max: rows[1],
            default: Arg::Int(rows[2]),
            doc: "the board's rows",
        },
        Param {
            name: "columns",
            kind: ParamKind::Integer,
            min: columns[0],
            max: columns[1],
            default: Arg::Int(columns[2]),
            doc: "the board's columns",
        },
    ]
}

/// The four orthogonal steps, as (rows down, columns right): up, left, right, down.
pub const ORTHOGONAL: [(i8, i8); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// The four diagonal steps: up left, up right, down left, down right.
pub const DIAGONAL: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The eight steps to a cell's neighbours, row by row from the top left: a king's.
pub const EIGHT_WAYS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// A move from cell `from` to cell `to` (`None`: off the board), as data.
pub fn from_to(from: u8, to: Option<u8>) -> MoveShape {
    MoveShape::FromTo {
        from: u16::from(from),
        to: to.map(u16::from),
    }
}

/// A board of `width` columns and `height` rows; each player's pieces as a mask, bit
/// `cell` for the cell numbered row-major from the top left, from 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// The first player's pieces.
    pub first: u64,
    /// The second player's pieces.
    pub second: u64,
}

impl Grid {
    /// The empty board of `width` columns and `height` rows.
    pub const fn empty(width: u8, height: u8) -> Grid {
        Grid {
            width,
            height,
            first: 0,
            second: 0,
        }
    }

    /// The empty board of the size of `args`, a family's [`rows_and_columns`] first.
    pub fn of_size(args: &Args) -> Grid {
        let side = |index| u8::try_from(args.get(index).int()).unwrap_or(u8::MAX);
        Grid::empty(side(1), side(0))
    }

    /// How many cells.
    pub fn cells(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// Whose piece stands on `cell`.
    #[inline]
    pub fn get(&self, cell: usize) -> Option<Side> {
        let bit = 1u64.checked_shl(cell as u32)?;
        Side::owner([self.first, self.second], bit)
    }

    /// Puts `piece` on `cell` (empties it for `None`).
    pub fn set(&mut self, cell: usize, piece: Option<Side>) {
        let bit = u32::try_from(cell)
            .ok()
            .and_then(|c| 1u64.checked_shl(c))
            .unwrap_or(0);
        self.first &= !bit;
        self.second &= !bit;
        match piece {
            Some(Side::First) => self.first |= bit,
            Some(Side::Second) => self.second |= bit,
            None => {}
        }
    }

    /// `side`'s pieces, as a mask.
    pub const fn of_side(&self, side: Side) -> u64 {
        match side {
            Side::First => self.first,
            Side::Second => self.second,
        }
    }

    /// The cell `rows` down and `columns` right of `cell` (negative: up, left), if on the
    /// board.
    pub fn step(&self, cell: usize, rows: i32, columns: i32) -> Option<usize> {
        let (w, h) = (i32::from(self.width), i32::from(self.height));
        let cell = i32::try_from(cell).ok()?;
        let (r, c) = (cell / w + rows, cell % w + columns);
        if r < 0 || c < 0 || r >= h || c >= w {
            return None;
        }
        usize::try_from(r * w + c).ok()
    }

    /// Each step of one of `side`'s pieces by one of `steps` (rows down, columns right)
    /// onto a cell of the board that `lands` allows, given the step and whose piece stands
    /// there: the cell it leaves and the cell it reaches, from cell 0 up, each piece's in
    /// the order of `steps`. What the families whose pieces step one cell move by.
    pub fn steps<'a>(
        &'a self,
        side: Side,
        steps: &'a [(i8, i8)],
        lands: impl Fn((i8, i8), Option<Side>) -> bool + Copy + 'a,
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        (0..self.cells())
            .filter(move |&from| self.get(from) == Some(side))
            .flat_map(move |from| {
                steps.iter().filter_map(move |&(rows, columns)| {
                    let to = self.step(from, rows.into(), columns.into())?;
                    lands((rows, columns), self.get(to)).then_some((from, to))
                })
            })
    }

    /// The board with the piece on `from` moved to `to`, whatever stood there taken.
    pub fn moved(&self, from: usize, to: usize) -> Grid {
        let mut next = *self;
        next.set(to, self.get(from));
        next.set(from, None);
        next
    }

    /// The board in base 3 (0 empty, 1 first, 2 second), cell 0 the lowest digit:
    /// one-to-one at one size.
    pub fn key(&self) -> u64 {
        (0..self.cells()).rev().fold(0, |key, cell| {
            key * 3 + (self.first >> cell & 1) + 2 * (self.second >> cell & 1)
        })
    }

    /// The board in base 3 ([`Grid::key`]), then the side to move: one-to-one at one size
    /// while `3^cells * 2` fits 64 bits.
    pub fn key_and_side(&self, second_to_move: bool) -> u64 {
        self.key() * 2 + u64::from(second_to_move)
    }

    /// Writes the rows from the top split by `/`, `letters` for the pieces.
    pub fn write(&self, f: &mut dyn fmt::Write, letters: [char; 2]) -> fmt::Result {
        write_grid(
            f,
            usize::from(self.width),
            usize::from(self.height),
            &|cell| match self.get(cell) {
                Some(Side::First) => letters[0],
                Some(Side::Second) => letters[1],
                None => '.',
            },
        )
    }

    /// The values of [`rows_and_columns`] at this board's size, the other `params` at
    /// their defaults.
    pub fn size_args(&self, params: &[Param]) -> Args {
        Args::defaults(params)
            .with(0, Arg::Int(u32::from(self.height)))
            .with(1, Arg::Int(u32::from(self.width)))
    }

    /// `on_3x3` on a board of at most 9 cells (numbered 1-9), else `larger`: a move's help
    /// for the families that grew from a 3x3 game.
    pub fn move_help(&self, on_3x3: &'static str, larger: &'static str) -> &'static str {
        if self.cells() <= 9 { on_3x3 } else { larger }
    }

    /// The board as two masks and the side to move, `first | second << n | side << 2n`
    /// for `n` cells: one-to-one at one size while `2n + 1 <= 64` (and, on 3x3, the key
    /// the games of one size had before they became families, so their tables stay).
    pub fn mask_key(&self, second_to_move: bool) -> u64 {
        let n = u32::try_from(self.cells()).unwrap_or(u32::MAX);
        let shift = |value: u64, by: u32| value.checked_shl(by).unwrap_or(0);
        self.first | shift(self.second, n) | shift(u64::from(second_to_move), 2 * n)
    }

    /// Reads a board of this one's size and the side to move after it, spelt with
    /// `spelling`'s letters. A 3x3 board reads as the games of one size always read it
    /// (also as its nine cells without `/`, with the same messages).
    pub fn parse_sided(&self, text: &str, spelling: &Spelling) -> Result<(Grid, Side), ParseError> {
        if (self.width, self.height) == (3, 3) {
            let ([first, second], side) = parse_position(text, spelling)?;
            let grid = Grid {
                first: u64::from(first),
                second: u64::from(second),
                ..*self
            };
            return Ok((grid, side));
        }
        self.parse_with_side(text, spelling)
    }

    /// Reads a board of this one's size (rows from the top split by `/`) and, after it, the
    /// side to move, spelt with `spelling`'s letters.
    pub fn parse_with_side(
        &self,
        text: &str,
        spelling: &Spelling,
    ) -> Result<(Grid, Side), ParseError> {
        let (grid, rest) = self.parse(text, spelling.pieces, spelling.cells)?;
        let side = parse_side(rest, spelling.pieces, spelling.sides.unwrap_or(""))?;
        Ok((grid, side))
    }

    /// Writes the rows from the top split by `/` and, after a space, the side to move, in
    /// `letters`.
    pub fn write_sided(
        &self,
        f: &mut dyn fmt::Write,
        letters: [char; 2],
        to_move: Side,
    ) -> fmt::Result {
        self.write(f, letters)?;
        let side = match to_move {
            Side::First => letters[0],
            Side::Second => letters[1],
        };
        write!(f, " {side}")
    }

    /// Reads a board of this one's size (rows from the top split by `/`, `letters` for
    /// the pieces), and the text after it as [`after_grid`] gives it.
    pub fn parse<'t>(
        &self,
        text: &'t str,
        letters: [char; 2],
        expected: &'static str,
    ) -> Result<(Grid, impl Iterator<Item = (usize, char)> + 't), ParseError> {
        let mut grid = Grid::empty(self.width, self.height);
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        let end = parse_grid(text, w, h, &letters, expected, &mut |cell, letter, _| {
            grid.set(cell, Some(Side::second_if(letter == 1)));
        })?;
        Ok((grid, after_grid(text, end)))
    }
}

/// Reads a move `FROM-TO`, each a cell numbered from 1 to `max` (returned from 0),
/// whitespace around it ignored.
pub fn parse_from_to(
    text: &str,
    max: usize,
    expected: &'static str,
) -> Result<(u8, u8), ParseError> {
    let leading = text.chars().take_while(|c| c.is_whitespace()).count();
    let trimmed = text.trim();
    let error = |column| ParseError::new(column, ParseErrorKind::NotAMove { expected });
    let Some((from, to)) = trimmed.split_once('-') else {
        return Err(error(leading + 1));
    };
    let from = parse_number(from, max, expected).map_err(|_| error(leading + 1))?;
    let to =
        parse_number(to, max, expected).map_err(|_| error(leading + from_width(trimmed) + 2))?;
    Ok((
        u8::try_from(from).unwrap_or(u8::MAX),
        u8::try_from(to).unwrap_or(u8::MAX),
    ))
}

/// Reads a move `FROM-TO` as the games of one size on 3x3 read it (cells 1-9, TO also
/// `off` where `off` is allowed, with their messages), else with cells from 1 to `max`
/// (`max` 9 or less: as on 3x3 alone): the families that grew from a 3x3 game.
pub fn parse_cells_move(
    text: &str,
    off: bool,
    max: usize,
    expected: &'static str,
) -> Result<(u8, Option<u8>), ParseError> {
    notation::parse_from_to(text, off, expected).or_else(|first| {
        let general = if max <= 9 {
            Err(first)
        } else if off {
            parse_from_to_off(text, max, expected)
        } else {
            parse_from_to(text, max, expected).map(|(from, to)| (from, Some(to)))
        };
        general.map_err(|_| first)
    })
}

/// Reads a move `FROM-TO` where TO may also be `off` (returned as `None`), cells numbered
/// from 1 to `max` (returned from 0), whitespace around it ignored.
pub fn parse_from_to_off(
    text: &str,
    max: usize,
    expected: &'static str,
) -> Result<(u8, Option<u8>), ParseError> {
    let trimmed = text.trim();
    match trimmed.rsplit_once('-') {
        Some((from, to)) if to.trim().eq_ignore_ascii_case("off") => {
            let leading = text.chars().take_while(|c| c.is_whitespace()).count();
            let from = parse_number(from, max, expected)
                .map_err(|_| ParseError::new(leading + 1, ParseErrorKind::NotAMove { expected }))?;
            Ok((u8::try_from(from).unwrap_or(u8::MAX), None))
        }
        _ => parse_from_to(text, max, expected).map(|(from, to)| (from, Some(to))),
    }
}

/// How many characters the FROM of a `FROM-TO` takes.
fn from_width(text: &str) -> usize {
    text.chars().take_while(|&c| c != '-').count()
}

/// Writes a move `FROM-TO` with cells numbered from 1.
pub fn write_from_to(from: u8, to: u8, out: &mut dyn fmt::Write) -> fmt::Result {
    write!(out, "{}-{}", u16::from(from) + 1, u16::from(to) + 1)
}
