//! The one-line text notation of the games' positions and moves: the [`Notation`] trait
//! every game implements beside its rules, the readers and writers the games share (a
//! grid of cells of any size, [`parse_grid`] and [`write_grid`]; the 3x3 board of the
//! games that grew from tic-tac-toe, [`parse_position`]; a board written as one word,
//! [`board_word`]; the side to move, a cell, a move from one cell to another), and the
//! [`ParseError`] that says what is wrong and where: the board's row and column.
//!
//! A board of cells is written as its rows from the top, split by `/`, one letter per
//! piece and `.` for an empty cell, cells numbered row-major from the top left; where the
//! board alone does not say whose turn it is, a space and the letter of the side to move
//! follow: `ww./..w/b.b b`. A person names cells from 1 (on 3x3, 1 2 3 on the top row, 7 8
//! 9 on the bottom), so moves are written that way: a cell (`5`), or a piece's cell and
//! where it goes (`2-5`; `3-off` for a car driving off the board). Letters may be given in
//! either case; printing uses lowercase. A game whose board is not cells (Nim's piles,
//! Kalah's pits) writes it as one word in a notation of its own. `core` only: a game's
//! rules file, which `build.rs` compiles too, uses it.

use core::fmt;
use core::str::FromStr;

use crate::Game;
use crate::shape::{Geometry, Kind, Line, MoveShape};

/// One of the two sides of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side that moves first.
    First,
    /// The side that moves second.
    Second,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// The second side if `second`, else the first.
    #[must_use]
    pub const fn second_if(second: bool) -> Side {
        if second { Side::Second } else { Side::First }
    }

    /// 0 for the first side, 1 for the second: an index into [`Notation::SIDES`] and
    /// [`Notation::PIECES`].
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    /// The side whose mask in `masks` (the first side's, then the second's) has `bit`, if
    /// either's does: whose piece stands on a cell of a board kept as two masks.
    #[inline]
    #[must_use]
    pub const fn owner(masks: [u64; 2], bit: u64) -> Option<Side> {
        if masks[0] & bit != 0 {
            Some(Side::First)
        } else if masks[1] & bit != 0 {
            Some(Side::Second)
        } else {
            None
        }
    }
}

/// A game's one-line text notation for positions (`Display` and `FromStr`, which round-trip)
/// and moves, and what a board drawing needs: the piece on each cell and the side to move.
pub trait Notation: Game + fmt::Display + FromStr<Err = ParseError> {
    /// The two sides as a person names them, the first to move first: `["white", "black"]`.
    const SIDES: [&'static str; 2];
    /// The letter of each side's pieces in the notation, the first side's first.
    const PIECES: [char; 2];
    /// What a move looks like, for a prompt: `"FROM-TO with cells 1-9, like 2-5"`.
    const MOVE_HELP: &'static str;
    /// The game's name as a title: `"Misère tic-tac-toe"`.
    const TITLE: &'static str;
    /// The rules in a few sentences a person reads before playing: the board, a move, how
    /// the game ends and who wins, including when a side has no move left. One source for
    /// the web page, `perfect-play play` and the Python package.
    const RULES: &'static str;
    /// The board's columns: 3 for the 3x3 games, more for Connect Four.
    const WIDTH: usize = 3;
    /// The board's rows: 3 for the 3x3 games, more for Connect Four.
    const HEIGHT: usize = 3;

    /// The side to move (in a finished position, the side that would move next).
    fn to_move(&self) -> Side;

    /// What a move looks like at this position's size: [`Notation::MOVE_HELP`] unless a
    /// family numbers its cells past what that says (Hexapawn on 4x4 has cells 1-16).
    fn move_help(&self) -> &'static str {
        Self::MOVE_HELP
    }

    /// This position's board columns: [`Notation::WIDTH`] unless the size is chosen at run
    /// time (a [`Family`](crate::family::Family)); 0 for a board without cells (Nim's piles).
    fn width(&self) -> usize {
        Self::WIDTH
    }

    /// This position's board rows: [`Notation::HEIGHT`] unless the size is chosen at run
    /// time; 0 for a board without cells.
    fn height(&self) -> usize {
        Self::HEIGHT
    }

    /// The board, as a drawing needs it: a `width` by `height` rectangle unless the game
    /// says otherwise.
    fn geometry(&self) -> Geometry {
        Geometry::Rectangle {
            width: u8::try_from(self.width()).unwrap_or(u8::MAX),
            height: u8::try_from(self.height()).unwrap_or(u8::MAX),
        }
    }

    /// What `mv` does on the board, as data: the column it drops in, the cell it takes,
    /// from where to where...
    fn move_shape(&self, mv: Self::Move) -> MoveShape;

    /// How many counters stand at `index` on a board of piles or pits, or whether line
    /// `index` of a board of dots is drawn (1) or not (0), numbered as [`Geometry`] says;
    /// 0 on a board of cells.
    fn count(&self, index: usize) -> u16 {
        let _ = index;
        0
    }

    /// Reads a position at this position's size (the parameters a text alone cannot say,
    /// like m,n,k's `k`): `text.parse()` for a game of one size.
    ///
    /// # Errors
    /// [`ParseError`] saying what is wrong, at which column of `text`.
    fn parse_at(&self, text: &str) -> Result<Self, ParseError> {
        text.parse()
    }

    /// Reads a move at this position's size: [`Notation::parse_move`] unless a family's
    /// sizes number their cells differently (a move to cell 12 is no move on 3x3).
    ///
    /// # Errors
    /// [`ParseError`] saying what is wrong, at which column of `text`.
    fn parse_move_at(&self, text: &str) -> Result<Self::Move, ParseError> {
        Self::parse_move(text)
    }

    /// How a person names `side`: one of [`Notation::SIDES`].
    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => Self::SIDES[0],
            Side::Second => Self::SIDES[1],
        }
    }

    /// The letter of `side`'s pieces: one of [`Notation::PIECES`].
    fn piece_letter(side: Side) -> char {
        match side {
            Side::First => Self::PIECES[0],
            Side::Second => Self::PIECES[1],
        }
    }

    /// Whose piece stands on `cell` (0..WIDTH*HEIGHT, row-major from the top left), or
    /// `None` if it is empty.
    fn piece(&self, cell: u8) -> Option<Side>;

    /// The kind of the piece on `cell`, in a game whose pieces differ (Dōbutsu shōgi);
    /// `None` for an empty cell and in a game whose pieces are all alike (the default).
    fn kind(&self, cell: u8) -> Option<Kind> {
        let _ = cell;
        None
    }

    /// Visits each kind of piece `side` holds in hand, in a game with hands (Dōbutsu
    /// shōgi: a piece captured goes to the captor's hand and may be dropped), with how
    /// many; visits nothing in a game without (the default).
    fn hand(&self, side: Side, visit: &mut dyn FnMut(Kind, u8)) {
        let _ = (side, visit);
    }

    /// Writes `mv` in the notation: `5`, `2-5`, `3-off`.
    ///
    /// # Errors
    /// Only what `out` returns.
    fn write_move(mv: Self::Move, out: &mut dyn fmt::Write) -> fmt::Result;

    /// Reads a move written in the notation. It is not checked against any position: see
    /// [`Game::moves`] for the legal ones.
    ///
    /// # Errors
    /// [`ParseError`] saying what is wrong, at which column of `text` (counted from 1).
    fn parse_move(text: &str) -> Result<Self::Move, ParseError>;

    /// The line of pieces that ended the game here, and whose pieces make it, when the
    /// game ended on one (`k` in a row): what a board highlights. `None` while the game
    /// goes on, for a draw on a full board, and for a game that does not end on a line
    /// (the default). A game whose end is `k` in a row answers [`line_in_row`].
    fn winning_line(&self) -> Option<(Side, Line)> {
        None
    }

    /// The chain of touching pieces that ended the game here, when the game ended on one
    /// (Hex's edge to edge): visits its cells in order from one end to the other, and
    /// answers whose pieces make it and what it joins, in words (`the top and bottom
    /// rows`). `None` (the default) for a game that does not end on a chain.
    fn winning_chain(&self, visit: &mut dyn FnMut(u16)) -> Option<(Side, &'static str)> {
        let _ = visit;
        None
    }
}

/// The longest line of at least `k` of `side`'s pieces in a row on `position`'s board of
/// cells (a row, a column or a diagonal; the first found, row-major), or `None`: what a
/// game whose end is `k` in a row answers as its [`Notation::winning_line`].
pub fn line_in_row<G: Notation>(position: &G, side: Side, k: usize) -> Option<Line> {
    let (width, height) = (position.width(), position.height());
    let width_u8 = u8::try_from(width).ok()?;
    let owns = |row: isize, column: isize| {
        row >= 0
            && column >= 0
            && (row as usize) < height
            && (column as usize) < width
            && u8::try_from(row as usize * width + column as usize)
                .ok()
                .and_then(|cell| position.piece(cell))
                == Some(side)
    };
    let mut best: Option<Line> = None;
    for cell in 0..width * height {
        let (row, column) = ((cell / width) as isize, (cell % width) as isize);
        for (down, right) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            // Count a run only from its first cell.
            if !owns(row, column) || owns(row - down, column - right) {
                continue;
            }
            let mut length = 1;
            while owns(row + length * down, column + length * right) {
                length += 1;
            }
            let end = (row + (length - 1) * down) as usize * width
                + (column + (length - 1) * right) as usize;
            let longer = best.is_none_or(|line| usize::from(line.length) < length as usize);
            if length as usize >= k.max(1) && longer {
                best = Some(Line {
                    from: u16::try_from(cell).ok()?,
                    to: u16::try_from(end).ok()?,
                    length: u8::try_from(length).ok()?,
                    width: width_u8,
                });
            }
        }
    }
    best
}

/// The `k` in a row that ended the game at `position`, made by the side that moved last,
/// or `None` while the game goes on and for a draw: the [`Notation::winning_line`] of a
/// game whose end is `k` in a row.
pub fn last_line<G: Notation>(position: &G, k: usize) -> Option<(Side, Line)> {
    position.finished()?;
    let side = position.to_move().other();
    line_in_row(position, side, k).map(|line| (side, line))
}

/// A move of game `G`, shown in its notation with `{}`.
pub struct ShowMove<G: Notation>(pub G::Move);

impl<G: Notation> fmt::Display for ShowMove<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        G::write_move(self.0, f)
    }
}

/// Why a text is not a position or a move in a game's notation, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    column: usize,
    kind: ParseErrorKind,
    cell: Option<(usize, usize)>,
}

/// What is wrong with a text given as a position or a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Nothing but whitespace.
    Empty,
    /// A character that is not a cell of the board.
    NotACell {
        /// The character found.
        found: char,
        /// The cells the game knows, for the message: `"w, b or ."`.
        expected: &'static str,
    },
    /// A row (split by `/`) of other than three cells.
    RowLength {
        /// The row, counted from 1 at the top.
        row: usize,
        /// How many cells it has.
        cells: usize,
    },
    /// More than nine cells: the column is the tenth one's.
    TooManyCells,
    /// A board of other than nine cells.
    CellCount {
        /// How many cells it has.
        cells: usize,
    },
    /// The board is not followed by the side to move.
    NoSide {
        /// The sides' letters, for the message: `"w or b"`.
        expected: &'static str,
    },
    /// The side to move is not one of the game's.
    NotASide {
        /// The character found.
        found: char,
        /// The sides' letters, for the message: `"w or b"`.
        expected: &'static str,
    },
    /// Something after the end of the position.
    Trailing {
        /// The first character of it.
        found: char,
    },
    /// Not a move in the notation.
    NotAMove {
        /// What a move looks like, for the message: `"FROM-TO with cells 1-9, like 2-5"`.
        expected: &'static str,
    },
    /// A row (split by `/`) of another width than the board's (boards wider than 3).
    RowWidth {
        /// The row, counted from 1 at the top.
        row: usize,
        /// How many cells it has.
        cells: usize,
        /// How many cells a row has.
        expected: usize,
    },
    /// Another number of rows than the board has (`4 rows, expected 3`).
    RowCount {
        /// How many rows the text has.
        rows: usize,
        /// How many rows the board has.
        expected: usize,
    },
}

impl ParseError {
    /// An error at `column` (counted from 1; 0 when it is about the whole text).
    #[must_use]
    pub const fn new(column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            column,
            kind,
            cell: None,
        }
    }

    /// The same error about the board's cell in `row` and `column` (each counted from 1,
    /// rows from the top): what the message names, since a person reads a board by its
    /// rows and columns, not by a character's place in the text.
    #[must_use]
    pub const fn on_cell(self, row: usize, column: usize) -> ParseError {
        ParseError {
            cell: Some((row, column)),
            ..self
        }
    }

    /// The board's row and column (each from 1) of the cell the error is about, if it is
    /// about one cell.
    #[must_use]
    pub const fn cell(&self) -> Option<(usize, usize)> {
        self.cell
    }

    /// The place in the text (in characters, counted from 1) where it goes wrong, or 0
    /// when the error is about the whole text (empty, too few cells): for tools that point
    /// into the text. The message names the board's row and column instead ([`Self::cell`]).
    #[must_use]
    pub const fn column(&self) -> usize {
        self.column
    }

    /// What is wrong.
    #[must_use]
    pub const fn kind(&self) -> ParseErrorKind {
        self.kind
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((row, column)) = self.cell {
            write!(f, "row {row}, column {column}: ")?;
        }
        match self.kind {
            ParseErrorKind::Empty => f.write_str("empty: expected a position"),
            ParseErrorKind::NotACell { found, expected } => {
                write!(f, "`{found}` is not a cell: expected {expected}")
            }
            ParseErrorKind::RowLength { row, cells } => {
                write!(f, "row {row} has {cells} cells, expected 3")
            }
            ParseErrorKind::TooManyCells => f.write_str("expected 9 cells, found more"),
            ParseErrorKind::CellCount { cells } => {
                write!(f, "expected 9 cells, found {cells}")
            }
            ParseErrorKind::NoSide { expected } => write!(
                f,
                "the side to move is missing: expected a space and {expected} after the board"
            ),
            ParseErrorKind::NotASide { found, expected } => {
                write!(f, "`{found}` is not a side to move: expected {expected}")
            }
            ParseErrorKind::Trailing { found } => {
                write!(f, "`{found}` after the end of the position")
            }
            ParseErrorKind::NotAMove { expected } => {
                write!(f, "not a move: expected {expected}")
            }
            ParseErrorKind::RowWidth {
                row,
                cells,
                expected,
            } => write!(f, "row {row} has {cells} cells, expected {expected}"),
            ParseErrorKind::RowCount { rows, expected } => {
                write!(f, "{rows} rows, expected {expected}")
            }
        }
    }
}

impl core::error::Error for ParseError {}

/// How a game spells a position: each side's piece letter, and whether the side to move
/// follows the board.
pub struct Spelling {
    /// Each side's piece letter (lowercase), the first side's first. The side to move, when
    /// it is written, is spelt with the same letters.
    pub pieces: [char; 2],
    /// The cells, for an error message: `"w, b or ."`.
    pub cells: &'static str,
    /// The sides' letters for an error message (`"w or b"`) when the side to move follows
    /// the board; `None` when the board says it.
    pub sides: Option<&'static str>,
}

/// The characters of `text`, each with its column (counted from 1).
fn columns(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    text.chars().enumerate().map(|(i, c)| (i + 1, c))
}

/// Reads a position: a 3x3 grid (nine cells, or three rows of three split by `/`) and, if
/// the spelling says so, a space and the side to move; whitespace around it is ignored.
/// Returns the two sides' pieces as 9-bit masks (bit `i` is cell `i`), the first side's
/// first, and the side to move (the first when the spelling does not write it).
pub fn parse_position(text: &str, spelling: &Spelling) -> Result<([u16; 2], Side), ParseError> {
    let mut masks = [0u16; 2];
    let (mut cells, mut rows, mut in_row, mut split) = (0usize, 0usize, 0usize, false);
    let mut end = 0;
    for (column, c) in columns(text) {
        if c.is_whitespace() {
            if end > 0 {
                break;
            }
            continue;
        }
        end = column;
        if c == '/' {
            if in_row != 3 {
                let kind = ParseErrorKind::RowLength {
                    row: rows + 1,
                    cells: in_row,
                };
                return Err(ParseError::new(column, kind));
            }
            rows += 1;
            in_row = 0;
            split = true;
            if rows == 3 {
                // A fourth row: say how many rows the board has.
                let board = text.trim_start().split(char::is_whitespace).next();
                let rows = board.map_or(4, |board| board.split('/').count());
                let kind = ParseErrorKind::RowCount { rows, expected: 3 };
                return Err(ParseError::new(column, kind));
            }
            continue;
        }
        let lower = c.to_ascii_lowercase();
        let side = spelling.pieces.iter().position(|&p| p == lower);
        if side.is_none() && lower != '.' {
            let kind = ParseErrorKind::NotACell {
                found: c,
                expected: spelling.cells,
            };
            let (row, col) = if split {
                (rows + 1, in_row + 1)
            } else {
                (cells / 3 + 1, cells % 3 + 1)
            };
            return Err(ParseError::new(column, kind).on_cell(row, col));
        }
        if cells == 9 || (split && in_row == 3) {
            let kind = if split {
                ParseErrorKind::RowLength {
                    row: rows + 1,
                    cells: in_row + 1,
                }
            } else {
                ParseErrorKind::CellCount { cells: cells + 1 }
            };
            return Err(ParseError::new(column, kind));
        }
        if let Some(mask) = side.and_then(|side| masks.get_mut(side)) {
            *mask |= 1 << cells;
        }
        cells += 1;
        in_row += 1;
    }
    if end == 0 {
        return Err(ParseError::new(0, ParseErrorKind::Empty));
    }
    if split && rows < 2 {
        let kind = ParseErrorKind::RowCount {
            rows: rows + 1,
            expected: 3,
        };
        return Err(ParseError::new(0, kind));
    }
    if split && in_row != 3 {
        let kind = ParseErrorKind::RowLength {
            row: rows + 1,
            cells: in_row,
        };
        return Err(ParseError::new(end + 1, kind));
    }
    if cells != 9 {
        return Err(ParseError::new(0, ParseErrorKind::CellCount { cells }));
    }
    // What follows the grid: the side to move if the spelling writes it, then nothing.
    let mut rest = columns(text).skip(end).filter(|(_, c)| !c.is_whitespace());
    let side = match spelling.sides {
        None => Side::First,
        Some(expected) => match rest.next() {
            None => return Err(ParseError::new(0, ParseErrorKind::NoSide { expected })),
            Some((column, c)) => match spelling
                .pieces
                .iter()
                .position(|&l| l == c.to_ascii_lowercase())
            {
                Some(0) => Side::First,
                Some(_) => Side::Second,
                None => {
                    let kind = ParseErrorKind::NotASide { found: c, expected };
                    return Err(ParseError::new(column, kind));
                }
            },
        },
    };
    match rest.next() {
        Some((column, found)) => Err(ParseError::new(column, ParseErrorKind::Trailing { found })),
        None => Ok((masks, side)),
    }
}

/// Writes a position: the grid's three rows split by `/`, then, if the spelling says so, a
/// space and the side to move.
pub fn write_position(
    masks: [u16; 2],
    to_move: Side,
    spelling: &Spelling,
    f: &mut dyn fmt::Write,
) -> fmt::Result {
    for cell in 0..9 {
        if cell > 0 && cell % 3 == 0 {
            f.write_char('/')?;
        }
        let letter = match piece_in(masks, cell) {
            Some(Side::First) => spelling.pieces[0],
            Some(Side::Second) => spelling.pieces[1],
            None => '.',
        };
        f.write_char(letter)?;
    }
    if spelling.sides.is_some() {
        let letter = match to_move {
            Side::First => spelling.pieces[0],
            Side::Second => spelling.pieces[1],
        };
        write!(f, " {letter}")?;
    }
    Ok(())
}

/// Whose piece in `masks` (the first side's, then the second's) stands on `cell`.
pub fn piece_in(masks: [u16; 2], cell: u8) -> Option<Side> {
    let bit = 1u16.checked_shl(u32::from(cell))?;
    Side::owner(masks.map(u64::from), u64::from(bit))
}

/// A cell 1-9 as a person names it, read as 0..9.
fn parse_cell(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [d @ b'1'..=b'9'] => Some(d - b'1'),
        _ => None,
    }
}

/// Reads a move that is a cell, 1-9 (returned 0..9); whitespace around it is ignored.
pub fn parse_one_cell(text: &str, expected: &'static str) -> Result<u8, ParseError> {
    let leading = text.len() - text.trim_start().len();
    parse_cell(text.trim()).ok_or_else(|| {
        let column = if text.trim().is_empty() {
            0
        } else {
            leading + 1
        };
        ParseError::new(column, ParseErrorKind::NotAMove { expected })
    })
}

/// Reads a move `FROM-TO`, each a cell 1-9 (returned 0..9), TO also `off` (returned as
/// `None`) where `off` is allowed; whitespace around the move is ignored.
pub fn parse_from_to(
    text: &str,
    off: bool,
    expected: &'static str,
) -> Result<(u8, Option<u8>), ParseError> {
    let leading = text.chars().take_while(|c| c.is_whitespace()).count();
    let trimmed = text.trim();
    let error = |column| ParseError::new(column, ParseErrorKind::NotAMove { expected });
    // After a good FROM cell the fault is where `-` should be (`52`, `12-3`: column 2).
    let from_column = leading + 1;
    let fault = match trimmed.chars().next() {
        None => 0,
        Some('1'..='9') => from_column + 1,
        Some(_) => from_column,
    };
    let Some((from, to)) = trimmed.split_once('-') else {
        return Err(error(fault));
    };
    let to_column = from_column + from.chars().count() + 1;
    let from = parse_cell(from).ok_or(error(fault))?;
    let to = match parse_cell(to) {
        Some(to) => Some(to),
        None if off && to.eq_ignore_ascii_case("off") => None,
        None => return Err(error(to_column)),
    };
    Ok((from, to))
}

/// Writes a move `FROM-TO` with cells as a person numbers them (1-9), `off` for `None`.
pub fn write_from_to(from: u8, to: Option<u8>, out: &mut dyn fmt::Write) -> fmt::Result {
    write!(out, "{}-", u16::from(from) + 1)?;
    match to {
        Some(to) => write!(out, "{}", u16::from(to) + 1),
        None => out.write_str("off"),
    }
}

/// Reads a board of `width` columns and `height` rows written as its rows from the top
/// split by `/`, each cell one of `letters` (in either case) or `.`, whitespace before it
/// ignored: what every family of a run-time size spells its board with. Calls `put` with
/// each occupied cell (row-major from the top left, from 0), its letter's index in
/// `letters` and its column in `text`. Returns the column of the board's last character (the side to move or
/// anything else follows it: see [`after_grid`]).
///
/// # Errors
/// [`ParseError`] at the column of the first character that does not fit.
pub fn parse_grid(
    text: &str,
    width: usize,
    height: usize,
    letters: &[char],
    expected: &'static str,
    put: &mut dyn FnMut(usize, usize, usize),
) -> Result<usize, ParseError> {
    let (mut row, mut c, mut end) = (0usize, 0usize, 0usize);
    for (column, ch) in columns(text) {
        if ch.is_whitespace() {
            if end > 0 {
                break;
            }
            continue;
        }
        end = column;
        if ch == '/' {
            if c != width {
                let kind = ParseErrorKind::RowWidth {
                    row: row + 1,
                    cells: c,
                    expected: width,
                };
                return Err(ParseError::new(column, kind));
            }
            row += 1;
            c = 0;
            if row == height {
                let kind = ParseErrorKind::RowCount {
                    rows: height + 1,
                    expected: height,
                };
                return Err(ParseError::new(column, kind));
            }
            continue;
        }
        let lower = ch.to_ascii_lowercase();
        let letter = letters.iter().position(|&l| l == lower);
        if letter.is_none() && lower != '.' {
            let kind = ParseErrorKind::NotACell {
                found: ch,
                expected,
            };
            return Err(ParseError::new(column, kind).on_cell(row + 1, c + 1));
        }
        if c == width {
            let kind = ParseErrorKind::RowWidth {
                row: row + 1,
                cells: width + 1,
                expected: width,
            };
            return Err(ParseError::new(column, kind));
        }
        if let Some(letter) = letter {
            put(row * width + c, letter, column);
        }
        c += 1;
    }
    if end == 0 {
        return Err(ParseError::new(0, ParseErrorKind::Empty));
    }
    if c != width {
        let kind = ParseErrorKind::RowWidth {
            row: row + 1,
            cells: c,
            expected: width,
        };
        return Err(ParseError::new(end + 1, kind));
    }
    if row + 1 != height {
        let kind = ParseErrorKind::RowCount {
            rows: row + 1,
            expected: height,
        };
        return Err(ParseError::new(0, kind));
    }
    Ok(end)
}

/// The characters of `text` after column `end` that are not whitespace, each with its
/// column: what follows a board read by [`parse_grid`].
pub fn after_grid(text: &str, end: usize) -> impl Iterator<Item = (usize, char)> + '_ {
    columns(text).skip(end).filter(|(_, c)| !c.is_whitespace())
}

/// Reads the side to move after a board (the first of `rest`), spelt with `letters` (the
/// first side's first), and checks that nothing follows it.
///
/// # Errors
/// [`ParseError`]: no side, not a side, or something after it.
pub fn parse_side(
    mut rest: impl Iterator<Item = (usize, char)>,
    letters: [char; 2],
    expected: &'static str,
) -> Result<Side, ParseError> {
    let side = match rest.next() {
        None => return Err(ParseError::new(0, ParseErrorKind::NoSide { expected })),
        Some((column, c)) => match c.to_ascii_lowercase() {
            l if l == letters[0] => Side::First,
            l if l == letters[1] => Side::Second,
            _ => {
                let kind = ParseErrorKind::NotASide { found: c, expected };
                return Err(ParseError::new(column, kind));
            }
        },
    };
    parse_end(rest)?;
    Ok(side)
}

/// A position's board written as one word (Nim's piles, Kalah's pits, Dots and Boxes'
/// lines), the side to move after it: the word, and how many columns of `text` come before
/// it.
///
/// # Errors
/// [`ParseErrorKind::Empty`] for a text of whitespace alone.
pub fn board_word(text: &str) -> Result<(usize, &str), ParseError> {
    let trimmed = text.trim_start();
    let before = text.chars().count() - trimmed.chars().count();
    match trimmed.split_whitespace().next() {
        Some(board) => Ok((before, board)),
        None => Err(ParseError::new(0, ParseErrorKind::Empty)),
    }
}

/// Reads the side to move after the board word `board`, which [`board_word`] found after
/// `before` columns of `text`, and checks that nothing follows it: as [`parse_side`].
///
/// # Errors
/// As [`parse_side`].
pub fn side_after_word(
    text: &str,
    (before, board): (usize, &str),
    letters: [char; 2],
    expected: &'static str,
) -> Result<Side, ParseError> {
    parse_side(
        after_grid(text, before + board.chars().count()),
        letters,
        expected,
    )
}

/// Checks that nothing is left of a position's text.
///
/// # Errors
/// [`ParseErrorKind::Trailing`] at the first character left.
pub fn parse_end(mut rest: impl Iterator<Item = (usize, char)>) -> Result<(), ParseError> {
    match rest.next() {
        Some((column, found)) => Err(ParseError::new(column, ParseErrorKind::Trailing { found })),
        None => Ok(()),
    }
}

/// Writes a board of `width` columns and `height` rows as its rows from the top split by
/// `/`, each cell the letter `letter(cell)` gives (`.` for an empty one).
///
/// # Errors
/// Only what `f` returns.
pub fn write_grid(
    f: &mut dyn fmt::Write,
    width: usize,
    height: usize,
    letter: &dyn Fn(usize) -> char,
) -> fmt::Result {
    for row in 0..height {
        if row > 0 {
            f.write_char('/')?;
        }
        for c in 0..width {
            f.write_char(letter(row * width + c))?;
        }
    }
    Ok(())
}

/// Reads a board of `width` columns and `height` rows (as [`parse_grid`]) whose pieces are
/// the two sides' marks, in `letters`, and checks that nothing follows it: each side's
/// mask, `bit(cell)` being the mask bit of a cell (row-major from the top left, from 0).
///
/// # Errors
/// As [`parse_grid`], and [`ParseErrorKind::Trailing`] for what follows the board.
pub fn parse_marks(
    text: &str,
    (width, height): (usize, usize),
    letters: &[char; 2],
    expected: &'static str,
    bit: &dyn Fn(usize) -> u64,
) -> Result<[u64; 2], ParseError> {
    let mut masks = [0u64; 2];
    let end = parse_grid(
        text,
        width,
        height,
        letters,
        expected,
        &mut |cell, letter, _| {
            if let Some(mask) = masks.get_mut(letter) {
                *mask |= bit(cell);
            }
        },
    )?;
    parse_end(after_grid(text, end))?;
    Ok(masks)
}

/// Writes `position`'s board of cells as its rows from the top split by `/`, each cell its
/// piece's letter ([`Notation::PIECES`]) or `.`.
///
/// # Errors
/// Only what `f` returns.
pub fn write_board<G: Notation>(f: &mut dyn fmt::Write, position: &G) -> fmt::Result {
    write_grid(f, position.width(), position.height(), &|cell| {
        let piece = u8::try_from(cell)
            .ok()
            .and_then(|cell| position.piece(cell));
        piece.map_or('.', G::piece_letter)
    })
}

/// Reads a move that is one number from 1 to `max` (returned from 0), whitespace around it
/// ignored: a cell, a column, a pit.
///
/// # Errors
/// [`ParseErrorKind::NotAMove`] with `expected`.
pub fn parse_number(text: &str, max: usize, expected: &'static str) -> Result<u16, ParseError> {
    let leading = text.chars().take_while(|c| c.is_whitespace()).count();
    let trimmed = text.trim();
    match trimmed.parse::<u16>() {
        Ok(n) if n >= 1 && usize::from(n) <= max => Ok(n - 1),
        _ => {
            let column = if trimmed.is_empty() { 0 } else { leading + 1 };
            Err(ParseError::new(
                column,
                ParseErrorKind::NotAMove { expected },
            ))
        }
    }
}
