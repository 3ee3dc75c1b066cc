//! Nim and misère Nim, `nim:piles=1-3-5-7,misere=false`.
//!
//! Piles of counters; two players, `x` (who moves first) and `o`, take turns taking one
//! or more counters from one pile. In normal play whoever takes the last counter wins; in
//! misère play whoever takes the last counter loses.
//!
//! # Parameters
//!
//! `piles`, 1 to 8 piles of 0 to 15 counters (`1-3-5-7` unless given), and `misere`
//! (`false` unless given): OpenSpiel's `nim(pile_sizes, is_misere)`, whose `"3;4;5"` is
//! `nim:piles=3-4-5` here.
//!
//! # Notation
//!
//! The piles split by `/`, then a space and the side to move: `1/3/5/7 x`. A move is
//! `PILE:COUNT`, the pile numbered from 1: `4:2` takes 2 counters from the fourth pile.
//!
//! # Published results
//!
//! In normal play the side to move loses exactly when the XOR of the pile sizes is 0; in
//! misère play the same, except when every pile has at most one counter, where the side
//! to move loses exactly when an odd number of piles has one (C. L. Bouton, "Nim, a game
//! with a complete mathematical theory", Annals of Mathematics 3, 1901).
//!
//! # Sizes
//!
//! | size | positions | start (x to move) | |
//! |---|--:|---|---|
//! | `nim:piles=1-3-5-7,misere=false` | 752 | loss in 16 plies (1^3^5^7 = 0) | compiled in |
//! | `nim:piles=1-3-5-7,misere=true` | 752 | loss in 15 plies | first use |
//! | `nim:piles=3-4-5,misere=false` | 232 | win in 11 plies | first use |
//!
//! This file is the whole family, rules, notation, docs and its entry in the catalogue,
//! and one line of `list.rs`.

use core::fmt;

use perfect_play_core::family::{Arg, Args, Family, MAX_LIST, Param, ParamKind, SizeError};
use perfect_play_core::notation::{Notation, ParseError, ParseErrorKind, Side, board_word, side_after_word};
use perfect_play_core::{Game, Geometry, MoveShape, Value};

use super::registered::{Compiled, Layout, Registered};

/// A Nim position: the piles, misère or not, and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nim {
    piles: [u8; MAX_LIST],
    len: u8,
    misere: bool,
    second: bool,
}

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &[
    Param {
        name: "piles",
        kind: ParamKind::Integers,
        min: 0,
        max: 15,
        default: Arg::List {
            len: 4,
            items: [1, 3, 5, 7, 0, 0, 0, 0],
        },
        doc: "the counters in each pile at the start",
    },
    Param {
        name: "misere",
        kind: ParamKind::Boolean,
        min: 0,
        max: 1,
        default: Arg::Bool(false),
        doc: "whether taking the last counter loses",
    },
];

impl Nim {
    /// The piles.
    fn piles(&self) -> &[u8] {
        self.piles.get(..usize::from(self.len)).unwrap_or(&[])
    }
}

impl Family for Nim {
    const FAMILY: &'static str = "nim";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<Nim, SizeError> {
        let mut piles = [0; MAX_LIST];
        let list = args.get(0);
        let items = list.items();
        for (slot, &item) in piles.iter_mut().zip(items) {
            *slot = item;
        }
        Ok(Nim {
            piles,
            len: u8::try_from(items.len()).unwrap_or(0),
            misere: args.get(1).bool(),
            second: false,
        })
    }

    fn args(&self) -> Args {
        Args::defaults(PARAMS)
            .with(
                0,
                Arg::List {
                    len: self.len,
                    items: self.piles,
                },
            )
            .with(1, Arg::Bool(self.misere))
    }
}

/// In the catalogue: the default piles compiled in, every other size solved on first use.
impl Registered for Nim {
    const COMPILED: &'static [Compiled] = &[Compiled {
        table: "NIM_1_3_5_7",
        file: "nim_1_3_5_7",
        size: "piles=1-3-5-7,misere=false",
        layout: Layout::Packed,
    }];
}

impl Game for Nim {
    /// The pile (from 0) and how many counters are taken.
    type Move = (u8, u8);

    /// Piles of 1, 3, 5 and 7, normal play.
    fn start() -> Nim {
        Nim::at(&Args::defaults(PARAMS)).unwrap_or(Nim {
            piles: [0; MAX_LIST],
            len: 0,
            misere: false,
            second: false,
        })
    }

    /// Four bits a pile and the side to move: one-to-one at one size.
    fn key(&self) -> u64 {
        self.piles()
            .iter()
            .fold(u64::from(self.second), |key, &pile| key << 4 | u64::from(pile))
    }

    /// No counter left: whoever took the last one won (normal play) or lost (misère).
    fn finished(&self) -> Option<Value> {
        if self.piles().iter().any(|&pile| pile > 0) {
            None
        } else if self.misere {
            Some(Value::Win)
        } else {
            Some(Value::Loss)
        }
    }

    fn moves(&self, visit: &mut dyn FnMut((u8, u8), Nim)) {
        for (i, &pile) in self.piles().iter().enumerate() {
            for take in 1..=pile {
                let mut next = *self;
                if let Some(slot) = next.piles.get_mut(i) {
                    *slot = pile - take;
                }
                next.second = !self.second;
                visit((i as u8, take), next);
            }
        }
    }
}

impl Notation for Nim {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = ['x', 'o'];
    const TITLE: &'static str = "Nim";
    const RULES: &'static str = "Piles of counters. Two players, x and o, take turns taking one or more counters from one pile; x moves first. In normal play whoever takes the last counter wins; in misère play whoever takes it loses.";
    const MOVE_HELP: &'static str = "PILE:COUNT, like 2:3 (3 counters from the second pile)";
    const WIDTH: usize = 0;
    const HEIGHT: usize = 0;

    fn to_move(&self) -> Side {
        Side::second_if(self.second)
    }

    fn geometry(&self) -> Geometry {
        Geometry::Piles { piles: self.len }
    }

    fn count(&self, index: usize) -> u16 {
        self.piles().get(index).map_or(0, |&pile| u16::from(pile))
    }

    fn piece(&self, _cell: u8) -> Option<Side> {
        None
    }

    fn move_shape(&self, (pile, count): (u8, u8)) -> MoveShape {
        MoveShape::Take { pile, count }
    }

    fn write_move((pile, count): (u8, u8), out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}:{count}", u16::from(pile) + 1)
    }

    fn parse_move(text: &str) -> Result<(u8, u8), ParseError> {
        let leading = text.chars().take_while(|c| c.is_whitespace()).count();
        let error = ParseError::new(
            leading + 1,
            ParseErrorKind::NotAMove {
                expected: Self::MOVE_HELP,
            },
        );
        let (pile, count) = text.trim().split_once(':').ok_or(error)?;
        let pile: u8 = pile.parse().map_err(|_| error)?;
        let count: u8 = count.parse().map_err(|_| error)?;
        match pile.checked_sub(1) {
            Some(pile) if count > 0 => Ok((pile, count)),
            _ => Err(error),
        }
    }

    /// Reads the piles split by `/` and the side to move, as many piles as this size has,
    /// each at most its size at the start is not checked: any pile up to 15 is a position.
    fn parse_at(&self, text: &str) -> Result<Nim, ParseError> {
        let mut position = Nim {
            piles: [0; MAX_LIST],
            ..*self
        };
        let word = board_word(text)?;
        let (offset, board) = word;
        let mut column = offset + 1;
        let mut count = 0;
        for pile in board.split('/') {
            let n: Option<u8> = pile.parse().ok().filter(|&n| n <= 15);
            let slot = position.piles.get_mut(count);
            match (n, slot) {
                (Some(n), Some(slot)) if count < usize::from(self.len) => *slot = n,
                (None, _) => {
                    let kind = ParseErrorKind::NotACell {
                        found: pile.chars().next().unwrap_or('/'),
                        expected: "a pile of 0 to 15 counters",
                    };
                    return Err(ParseError::new(column, kind));
                }
                _ => {
                    let kind = ParseErrorKind::RowCount {
                        rows: count + 1,
                        expected: usize::from(self.len),
                    };
                    return Err(ParseError::new(column, kind));
                }
            }
            column += pile.len() + 1;
            count += 1;
        }
        if count != usize::from(self.len) {
            let kind = ParseErrorKind::RowCount {
                rows: count,
                expected: usize::from(self.len),
            };
            return Err(ParseError::new(0, kind));
        }
        position.second = side_after_word(text, word, Self::PIECES, "x or o")? == Side::Second;
        Ok(position)
    }
}

impl fmt::Display for Nim {
    /// The piles split by `/`, then the side to move: `1/3/5/7 x`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, pile) in self.piles().iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            write!(f, "{pile}")?;
        }
        write!(f, " {}", if self.second { 'o' } else { 'x' })
    }
}

family_text!(Nim);
