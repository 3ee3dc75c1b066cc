//! Dots and Boxes, `dots-and-boxes:rows=2,columns=2` (rows and columns of boxes).
//!
//! Two players, `x` (who moves first) and `o`, take turns drawing a line between two
//! neighbouring dots of a grid. A player who completes the fourth side of a box owns it
//! and moves again. When every line is drawn, whoever owns more boxes wins; as many is a
//! draw.
//!
//! # Parameters
//!
//! `rows` and `columns` of boxes, from 1 to 3 (at most 24 lines): OpenSpiel's
//! `dots_and_boxes(num_rows, num_cols)`.
//!
//! # Notation
//!
//! The grid's rows from the top split by `/`, alternating a row of dots and a row of
//! boxes. A row of dots has one character a line between two dots: `-` drawn, `.` not. A
//! row of boxes has a line's character (`|` drawn, `.` not), then each box's owner (`x`,
//! `o`, or `.` for none) and the line after it. Then a space and the side to move. The
//! 1x2 start is `../...../.. x`. Dots are numbered row-major from 1 at the top left; a
//! move joins two neighbouring dots, `1-2` (the top left line), `1-4` on a 1x2 grid (the
//! left side).
//!
//! # Published results
//!
//! 2x2 boxes: the first player wins (E. Berlekamp, J. Conway and R. Guy, *Winning Ways
//! for your Mathematical Plays*, 1982); 4x5 boxes: a draw (J. Barker and R. Korf,
//! "Solving Dots-And-Boxes", AAAI 2012).
//!
//! # Sizes
//!
//! | size | positions | start (x to move) | |
//! |---|--:|---|---|
//! | `dots-and-boxes:rows=1,columns=2` | 143 | draw in 7 plies | first use |
//! | `dots-and-boxes:rows=2,columns=2` | 5,559 | win in 12 plies | compiled in |
//! | `dots-and-boxes:rows=2,columns=3` | 211,397 | loss in 17 plies | first use, 0.3 s |
//!
//! A finished board is two positions when either player can have drawn the last line
//! (the side to move differs): OpenSpiel counts it once, so its 5,547 states at 2x2.

use core::fmt;

use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
use perfect_play_core::notation::{Notation, ParseError, ParseErrorKind, Side, board_word, side_after_word};
use perfect_play_core::{Game, Geometry, MoveShape, Value};

use super::registered::{Compiled, Layout, Registered};

/// A Dots and Boxes position: the lines drawn, who owns each completed box, and the side
/// to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct DotsAndBoxes {
    rows: u8,
    columns: u8,
    /// Bit per line: the horizontal ones row-major (`(rows + 1) * columns`), then the
    /// vertical ones row-major (`rows * (columns + 1)`).
    lines: u32,
    /// Bit per box, row-major: owned by `o` (a completed box not set is `x`'s).
    o_boxes: u16,
    second: bool,
}

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &[
    Param {
        name: "rows",
        kind: ParamKind::Integer,
        min: 1,
        max: 3,
        default: Arg::Int(2),
        doc: "the rows of boxes",
    },
    Param {
        name: "columns",
        kind: ParamKind::Integer,
        min: 1,
        max: 3,
        default: Arg::Int(2),
        doc: "the columns of boxes",
    },
];

impl DotsAndBoxes {
    /// How many horizontal lines (they come first).
    fn horizontal(&self) -> usize {
        (usize::from(self.rows) + 1) * usize::from(self.columns)
    }

    /// How many lines.
    fn line_count(&self) -> usize {
        self.horizontal() + usize::from(self.rows) * (usize::from(self.columns) + 1)
    }

    /// Whether line `i` is drawn.
    fn drawn(&self, i: usize) -> bool {
        i < 32 && self.lines & (1 << i) != 0
    }

    /// The four lines of box `(r, c)`: top, bottom, left, right.
    fn sides(&self, r: usize, c: usize) -> [usize; 4] {
        let (cols, h) = (usize::from(self.columns), self.horizontal());
        [
            r * cols + c,
            (r + 1) * cols + c,
            h + r * (cols + 1) + c,
            h + r * (cols + 1) + c + 1,
        ]
    }

    /// Whether box `(r, c)` is complete.
    fn complete(&self, r: usize, c: usize) -> bool {
        self.sides(r, c).iter().all(|&i| self.drawn(i))
    }

    /// The two dots line `i` joins, numbered row-major from 0.
    fn dots(&self, i: usize) -> (u8, u8) {
        let (cols, h) = (usize::from(self.columns), self.horizontal());
        let (a, b) = if i < h {
            let (r, c) = (i / cols, i % cols);
            let a = r * (cols + 1) + c;
            (a, a + 1)
        } else {
            let j = i - h;
            let a = (j / (cols + 1)) * (cols + 1) + j % (cols + 1);
            (a, a + cols + 1)
        };
        (a as u8, b as u8)
    }

    /// Boxes owned by `x` and by `o`.
    fn scores(&self) -> (u32, u32) {
        let (mut x, mut o) = (0, 0);
        for r in 0..usize::from(self.rows) {
            for c in 0..usize::from(self.columns) {
                if self.complete(r, c) {
                    if self.o_boxes & (1 << (r * usize::from(self.columns) + c)) != 0 {
                        o += 1;
                    } else {
                        x += 1;
                    }
                }
            }
        }
        (x, o)
    }
}

impl Family for DotsAndBoxes {
    const FAMILY: &'static str = "dots-and-boxes";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<DotsAndBoxes, SizeError> {
        Ok(DotsAndBoxes {
            rows: u8::try_from(args.get(0).int()).unwrap_or(2),
            columns: u8::try_from(args.get(1).int()).unwrap_or(2),
            lines: 0,
            o_boxes: 0,
            second: false,
        })
    }

    fn args(&self) -> Args {
        Args::defaults(PARAMS)
            .with(0, Arg::Int(u32::from(self.rows)))
            .with(1, Arg::Int(u32::from(self.columns)))
    }
}

/// In the catalogue: 2x2 boxes compiled in, every other size solved on first use.
impl Registered for DotsAndBoxes {
    const COMPILED: &'static [Compiled] = &[Compiled {
        table: "DOTS_AND_BOXES_2X2",
        file: "dots_and_boxes_2x2",
        size: "rows=2,columns=2",
        layout: Layout::Packed,
    }];
}

impl Game for DotsAndBoxes {
    /// The two dots joined (numbered row-major from 0), the smaller first.
    type Move = (u8, u8);

    /// 2x2 boxes.
    fn start() -> DotsAndBoxes {
        DotsAndBoxes {
            rows: 2,
            columns: 2,
            lines: 0,
            o_boxes: 0,
            second: false,
        }
    }

    /// The lines, the boxes of `o` and the side to move: one-to-one at one size.
    fn key(&self) -> u64 {
        u64::from(self.lines) | u64::from(self.o_boxes) << 24 | u64::from(self.second) << 40
    }

    /// Every line drawn: more boxes win.
    fn finished(&self) -> Option<Value> {
        if (0..self.line_count()).any(|i| !self.drawn(i)) {
            return None;
        }
        let (x, o) = self.scores();
        let (mine, theirs) = if self.second { (o, x) } else { (x, o) };
        Some(match mine.cmp(&theirs) {
            core::cmp::Ordering::Greater => Value::Win,
            core::cmp::Ordering::Less => Value::Loss,
            core::cmp::Ordering::Equal => Value::Draw,
        })
    }

    fn moves(&self, visit: &mut dyn FnMut((u8, u8), DotsAndBoxes)) {
        for i in (0..self.line_count()).filter(|&i| !self.drawn(i)) {
            let mut next = *self;
            next.lines |= 1 << i;
            let mut completed = false;
            for r in 0..usize::from(self.rows) {
                for c in 0..usize::from(self.columns) {
                    if !self.complete(r, c) && next.complete(r, c) {
                        completed = true;
                        if self.second {
                            next.o_boxes |= 1 << (r * usize::from(self.columns) + c);
                        }
                    }
                }
            }
            next.second = self.second == completed;
            visit(self.dots(i), next);
        }
    }

    /// A player who completes a box moves again.
    fn moves_again(&self, child: &DotsAndBoxes) -> bool {
        self.second == child.second
    }
}

impl Notation for DotsAndBoxes {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = ['x', 'o'];
    const TITLE: &'static str = "Dots and Boxes";
    const RULES: &'static str = "Two players, x and o, take turns drawing a line between two neighbouring dots; x moves first. A player who completes the fourth side of a box owns it and moves again. When every line is drawn, whoever owns more boxes wins; as many is a draw.";
    const MOVE_HELP: &'static str = "DOT-DOT, two neighbouring dots numbered from 1 at the top left, like 1-2";
    const WIDTH: usize = 0;
    const HEIGHT: usize = 0;

    fn to_move(&self) -> Side {
        Side::second_if(self.second)
    }

    /// The boxes, each owned or not.
    fn width(&self) -> usize {
        usize::from(self.columns)
    }

    fn height(&self) -> usize {
        usize::from(self.rows)
    }

    fn geometry(&self) -> Geometry {
        Geometry::Dots {
            rows: self.rows,
            columns: self.columns,
        }
    }

    /// 1 if line `index` is drawn (the horizontal lines row-major, then the vertical
    /// ones: [`Geometry::Dots`]), else 0.
    fn count(&self, index: usize) -> u16 {
        u16::from(index < self.line_count() && self.drawn(index))
    }

    /// The owner of box `cell` (row-major), if complete.
    fn piece(&self, cell: u8) -> Option<Side> {
        let cols = usize::from(self.columns);
        let (r, c) = (usize::from(cell) / cols, usize::from(cell) % cols);
        if r >= usize::from(self.rows) || !self.complete(r, c) {
            return None;
        }
        Some(Side::second_if(self.o_boxes & (1 << cell) != 0))
    }

    fn move_shape(&self, (from, to): (u8, u8)) -> MoveShape {
        MoveShape::Edge {
            from: u16::from(from),
            to: u16::from(to),
        }
    }

    fn write_move((from, to): (u8, u8), out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}-{}", u16::from(from) + 1, u16::from(to) + 1)
    }

    fn parse_move(text: &str) -> Result<(u8, u8), ParseError> {
        let (a, b) = super::grid::parse_from_to(text, 16, Self::MOVE_HELP)?;
        Ok((a.min(b), a.max(b)))
    }

    /// Reads the rows of dots and boxes at this size and the side to move, and checks
    /// that exactly the complete boxes have an owner.
    fn parse_at(&self, text: &str) -> Result<DotsAndBoxes, ParseError> {
        let mut position = DotsAndBoxes {
            lines: 0,
            o_boxes: 0,
            ..*self
        };
        let (rows, cols, h) = (
            usize::from(self.rows),
            usize::from(self.columns),
            self.horizontal(),
        );
        let word = board_word(text)?;
        let (offset, board) = word;
        let mut owned = 0u16;
        let mut column = offset + 1;
        let mut count = 0;
        for (row, line) in board.split('/').enumerate() {
            count += 1;
            let want = if row % 2 == 0 { cols } else { 2 * cols + 1 };
            if row > 2 * rows || line.chars().count() != want {
                let kind = ParseErrorKind::RowWidth {
                    row: row + 1,
                    cells: line.chars().count(),
                    expected: want,
                };
                return Err(ParseError::new(column, kind));
            }
            for (i, ch) in line.chars().enumerate() {
                let (line_index, expected) = if row % 2 == 0 {
                    (Some((row / 2) * cols + i), "- or .")
                } else if i % 2 == 0 {
                    (Some(h + (row / 2) * (cols + 1) + i / 2), "| or .")
                } else {
                    (None, "x, o or .")
                };
                let ok = match (line_index, ch.to_ascii_lowercase()) {
                    (_, '.') => true,
                    (Some(l), '-') if row % 2 == 0 => {
                        position.lines |= 1 << l;
                        true
                    }
                    (Some(l), '|') if row % 2 == 1 => {
                        position.lines |= 1 << l;
                        true
                    }
                    (None, owner @ ('x' | 'o')) => {
                        let b = (row / 2) * cols + i / 2;
                        owned |= 1 << b;
                        if owner == 'o' {
                            position.o_boxes |= 1 << b;
                        }
                        true
                    }
                    _ => false,
                };
                if !ok {
                    let kind = ParseErrorKind::NotACell { found: ch, expected };
                    return Err(ParseError::new(column + i, kind));
                }
            }
            column += line.len() + 1;
        }
        if count != 2 * rows + 1 {
            let kind = ParseErrorKind::RowCount {
                rows: count,
                expected: 2 * rows + 1,
            };
            return Err(ParseError::new(0, kind));
        }
        for b in 0..rows * cols {
            if (owned & (1 << b) != 0) != position.complete(b / cols, b % cols) {
                // A box is written with its owner exactly when its four lines are drawn.
                let kind = ParseErrorKind::NotACell {
                    found: if owned & (1 << b) != 0 { 'x' } else { '.' },
                    expected: "an owner (x or o) in a box exactly when its four lines are drawn",
                };
                return Err(ParseError::new(0, kind));
            }
        }
        position.second = side_after_word(text, word, Self::PIECES, "x or o")? == Side::Second;
        Ok(position)
    }
}

impl fmt::Display for DotsAndBoxes {
    /// Rows of dots and rows of boxes split by `/`, then the side to move:
    /// `-./|x|../.. o`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rows, cols, h) = (
            usize::from(self.rows),
            usize::from(self.columns),
            self.horizontal(),
        );
        for row in 0..=2 * rows {
            if row > 0 {
                f.write_str("/")?;
            }
            if row % 2 == 0 {
                for c in 0..cols {
                    let drawn = self.drawn((row / 2) * cols + c);
                    f.write_str(if drawn { "-" } else { "." })?;
                }
            } else {
                let r = row / 2;
                for c in 0..=cols {
                    let drawn = self.drawn(h + r * (cols + 1) + c);
                    f.write_str(if drawn { "|" } else { "." })?;
                    if c < cols {
                        let owner = match self.piece((r * cols + c) as u8) {
                            Some(Side::First) => "x",
                            Some(Side::Second) => "o",
                            None => ".",
                        };
                        f.write_str(owner)?;
                    }
                }
            }
        }
        write!(f, " {}", if self.second { 'o' } else { 'x' })
    }
}

family_text!(DotsAndBoxes);
