//! Kalah, `kalah:pits=3,seeds=2`: a sowing game where a last seed in one's own store
//! moves again.
//!
//! Each side has a row of pits, `seeds` seeds in each at the start, and a store on its
//! right. A move takes every seed of one of one's pits and sows them one a pit
//! counterclockwise: along one's own pits, into one's own store, along the other side's
//! pits (never into the other's store), and round again. A last seed in one's own store
//! moves again. A last seed in one of one's own pits that was empty, opposite a pit of
//! the other side with seeds, captures both into one's store. When either side's pits are
//! all empty, each side's remaining seeds go to its own store and the game ends: more
//! seeds in the store wins, as many is a draw. `x` (the bottom row) moves first.
//!
//! # Parameters
//!
//! `pits` a side from 1 to 6 and `seeds` a pit from 1 to 6 (as long as the counts fit a
//! 64-bit key). OpenSpiel's `mancala` is Kalah with 6 pits and 4 seeds.
//!
//! # Notation
//!
//! `x`'s pits from its left split by `-`, `/`, `x`'s store, `/`, `o`'s pits from its left
//! (the order the seeds go round), `/`, `o`'s store, then a space and the side to move:
//! the 3-pit start is `2-2-2/0/2-2-2/0 x`. Pits are numbered in the same order from 1:
//! `x`'s are 1 to `pits`, `o`'s `pits + 1` to `2 * pits`; a move is a pit's number.
//!
//! # Published results
//!
//! Kalah(6,4): the first player wins by 10; Kalah(6,5): by 12; Kalah(6,6): by 2 (G. Irving,
//! H. H. L. M. Donkers and J. W. H. M. Uiterwijk, "Solving Kalah", ICGA Journal 23, 2000;
//! M. Rawlings, 2015). They count seeds; this table says who wins, not by how much.
//!
//! # Sizes
//!
//! | size | positions | start (x to move) | |
//! |---|--:|---|---|
//! | `kalah:pits=3,seeds=2` | 3,426 | win in 8 plies | first use |
//! | `kalah:pits=4,seeds=2` | 303,327 | win in 11 plies | first use, 0.4 s |

use core::fmt;

use perfect_play_core::family::{Arg, Args, Family, Param, ParamKind, SizeError};
use perfect_play_core::notation::{Notation, ParseError, ParseErrorKind, Side, parse_number, board_word, side_after_word};
use perfect_play_core::{Game, Geometry, MoveShape, Value};

use super::registered::Registered;

/// The most pits a side has.
const MAX_PITS: usize = 6;

/// A Kalah position: the seeds in every pit and store, and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kalah {
    pits: u8,
    seeds: u8,
    /// The pits in sowing order: `x`'s from its left, then `o`'s from its left.
    board: [u8; 2 * MAX_PITS],
    /// `x`'s store, `o`'s store.
    stores: [u8; 2],
    second: bool,
}

/// The parameters, in the order positional values take them.
const PARAMS: &[Param] = &[
    Param {
        name: "pits",
        kind: ParamKind::Integer,
        min: 1,
        max: 6,
        default: Arg::Int(3),
        doc: "the pits on each side",
    },
    Param {
        name: "seeds",
        kind: ParamKind::Integer,
        min: 1,
        max: 6,
        default: Arg::Int(2),
        doc: "the seeds in each pit at the start",
    },
];

impl Kalah {
    /// How many pits in all.
    fn all(&self) -> usize {
        2 * usize::from(self.pits)
    }

    /// The bits a count takes in the key: enough for every seed in one pit.
    fn bits(&self) -> u32 {
        let total = 2 * u32::from(self.pits) * u32::from(self.seeds);
        u32::BITS - total.leading_zeros()
    }

    /// Whether pit `i` is `side`'s.
    fn owns(&self, side: Side, i: usize) -> bool {
        (i < usize::from(self.pits)) == (side == Side::First)
    }

    /// The seeds in `side`'s pits.
    fn on_side(&self, side: Side) -> u32 {
        (0..self.all())
            .filter(|&i| self.owns(side, i))
            .map(|i| u32::from(self.board.get(i).copied().unwrap_or(0)))
            .sum()
    }

    /// `side`'s pits all empty: each side's seeds go to its own store.
    fn sweep(&mut self) {
        if self.on_side(Side::First) > 0 && self.on_side(Side::Second) > 0 {
            return;
        }
        let pits = usize::from(self.pits);
        for (i, seeds) in self.board.iter_mut().enumerate().take(2 * pits) {
            let store = usize::from(i >= pits);
            if let Some(s) = self.stores.get_mut(store) {
                *s += *seeds;
            }
            *seeds = 0;
        }
    }

    /// Sows pit `from` for the side to move: the position after, and whether the last
    /// seed fell in the mover's store.
    fn sow(&self, from: usize) -> (Kalah, bool) {
        let side = self.to_move();
        let (pits, all) = (usize::from(self.pits), self.all());
        let mut next = *self;
        let mut hand = next.board.get(from).copied().unwrap_or(0);
        if let Some(pit) = next.board.get_mut(from) {
            *pit = 0;
        }
        // Where each seed goes: the next pit, or the mover's store (`None`) after its
        // last pit; never the other side's store.
        let last = if side == Side::First { pits - 1 } else { all - 1 };
        let mut place = Some(from);
        while hand > 0 {
            place = match place {
                Some(i) if i == last => None,
                Some(i) => Some((i + 1) % all),
                None => Some((last + 1) % all),
            };
            let slot = match place {
                Some(i) => next.board.get_mut(i),
                None => next.stores.get_mut(side.index()),
            };
            if let Some(slot) = slot {
                *slot += 1;
            }
            hand -= 1;
        }
        let in_store = place.is_none();
        if let Some(at) = place.filter(|&at| self.owns(side, at)) {
            if next.board.get(at) == Some(&1) {
                let opposite = all - 1 - at;
                let taken = next.board.get(opposite).copied().unwrap_or(0);
                if taken > 0 {
                    if let Some(pit) = next.board.get_mut(opposite) {
                        *pit = 0;
                    }
                    if let Some(pit) = next.board.get_mut(at) {
                        *pit = 0;
                    }
                    if let Some(s) = next.stores.get_mut(side.index()) {
                        *s += taken + 1;
                    }
                }
            }
        }
        next.second = if in_store { self.second } else { !self.second };
        next.sweep();
        (next, in_store)
    }
}

impl Family for Kalah {
    const FAMILY: &'static str = "kalah";
    const PARAMS: &'static [Param] = PARAMS;

    fn at(args: &Args) -> Result<Kalah, SizeError> {
        let pits = u8::try_from(args.get(0).int()).unwrap_or(3);
        let seeds = u8::try_from(args.get(1).int()).unwrap_or(2);
        let mut board = [0; 2 * MAX_PITS];
        for pit in board.iter_mut().take(2 * usize::from(pits)) {
            *pit = seeds;
        }
        let kalah = Kalah {
            pits,
            seeds,
            board,
            stores: [0, 0],
            second: false,
        };
        if (2 * u32::from(pits) + 1) * kalah.bits() + 1 > 64 {
            return Err(SizeError::together(
                "too many seeds for the key: pits times seeds must be smaller",
            ));
        }
        Ok(kalah)
    }

    fn args(&self) -> Args {
        Args::defaults(PARAMS)
            .with(0, Arg::Int(u32::from(self.pits)))
            .with(1, Arg::Int(u32::from(self.seeds)))
    }
}

/// In the catalogue: every size solved on first use.
impl Registered for Kalah {}

impl Game for Kalah {
    /// Seeds are never added nor taken away.
    fn unreachable_reason(&self) -> Option<&'static str> {
        let total: u32 = self.board.iter().chain(&self.stores).map(|&n| u32::from(n)).sum();
        (total != 2 * u32::from(self.pits) * u32::from(self.seeds))
            .then_some("the seeds do not add up to the start's")
    }


    /// The pit sown, numbered in sowing order from 0.
    type Move = u8;

    /// 3 pits a side, 2 seeds a pit.
    fn start() -> Kalah {
        Kalah::at(&Args::defaults(PARAMS)).unwrap_or(Kalah {
            pits: 3,
            seeds: 2,
            board: [0; 2 * MAX_PITS],
            stores: [0, 0],
            second: false,
        })
    }

    /// Every pit's count and `x`'s store (`o`'s is what is left), then the side to move.
    fn key(&self) -> u64 {
        let bits = self.bits();
        self.board
            .iter()
            .take(self.all())
            .chain(self.stores.first())
            .fold(u64::from(self.second), |key, &n| key << bits | u64::from(n))
    }

    /// Every pit empty: more seeds in the store wins.
    fn finished(&self) -> Option<Value> {
        if self.on_side(Side::First) + self.on_side(Side::Second) > 0 {
            return None;
        }
        let [x, o] = self.stores;
        let (mine, theirs) = if self.second { (o, x) } else { (x, o) };
        Some(match mine.cmp(&theirs) {
            core::cmp::Ordering::Greater => Value::Win,
            core::cmp::Ordering::Less => Value::Loss,
            core::cmp::Ordering::Equal => Value::Draw,
        })
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Kalah)) {
        let side = self.to_move();
        for pit in 0..self.all() {
            if self.owns(side, pit) && self.board.get(pit).is_some_and(|&n| n > 0) {
                visit(pit as u8, self.sow(pit).0);
            }
        }
    }

    /// A last seed in one's own store moves again.
    fn moves_again(&self, child: &Kalah) -> bool {
        self.second == child.second
    }
}

impl Notation for Kalah {
    const SIDES: [&'static str; 2] = ["x", "o"];
    const PIECES: [char; 2] = ['x', 'o'];
    const TITLE: &'static str = "Kalah";
    const RULES: &'static str = "Each side has a row of pits and a store on its right; x (the bottom row) moves first. A move sows every seed of one of one's pits one a pit counterclockwise, into one's own store but never the other's. A last seed in one's own store moves again; a last seed in one's own empty pit captures it and the seeds opposite, if any. When either side's pits are empty, each side keeps what is left on its side and the game ends: more seeds in the store wins.";
    const MOVE_HELP: &'static str = "a pit: x's are 1 to PITS from x's left, o's PITS+1 to 2*PITS from o's left";
    const WIDTH: usize = 0;
    const HEIGHT: usize = 0;

    fn to_move(&self) -> Side {
        Side::second_if(self.second)
    }

    fn geometry(&self) -> Geometry {
        Geometry::Pits { pits: self.pits }
    }

    fn count(&self, index: usize) -> u16 {
        let all = self.all();
        let n = if index < all {
            self.board.get(index)
        } else {
            self.stores.get(index - all)
        };
        n.map_or(0, |&n| u16::from(n))
    }

    fn piece(&self, _cell: u8) -> Option<Side> {
        None
    }

    fn move_shape(&self, pit: u8) -> MoveShape {
        MoveShape::Sow { pit }
    }

    fn write_move(pit: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", u16::from(pit) + 1)
    }

    fn parse_move(text: &str) -> Result<u8, ParseError> {
        let pit = parse_number(text, 2 * MAX_PITS, Self::MOVE_HELP)?;
        Ok(u8::try_from(pit).unwrap_or(u8::MAX))
    }

    /// Reads the pits and stores at this size and the side to move, and checks that the
    /// seeds add up to the start's.
    fn parse_at(&self, text: &str) -> Result<Kalah, ParseError> {
        let mut position = Kalah {
            board: [0; 2 * MAX_PITS],
            stores: [0, 0],
            ..*self
        };
        let pits = usize::from(self.pits);
        let word = board_word(text)?;
        let (offset, board) = word;
        let parts: [&str; 4] = {
            let mut parts = ["", "", "", ""];
            let mut split = board.split('/');
            for part in &mut parts {
                *part = split.next().unwrap_or("");
            }
            if split.next().is_some() || parts.iter().any(|p| p.is_empty()) {
                let kind = ParseErrorKind::RowCount { rows: board.split('/').count(), expected: 4 };
                return Err(ParseError::new(0, kind));
            }
            parts
        };
        let mut column = offset + 1;
        let not_a = |found: &str, column| {
            let kind = ParseErrorKind::NotACell {
                found: found.chars().next().unwrap_or('/'),
                expected: "a count of seeds",
            };
            ParseError::new(column, kind)
        };
        for (index, part) in parts.iter().enumerate() {
            if index % 2 == 0 {
                let counts: usize = part.split('-').count();
                if counts != pits {
                    let kind = ParseErrorKind::RowWidth { row: index + 1, cells: counts, expected: pits };
                    return Err(ParseError::new(column, kind));
                }
                let mut at = column;
                for (i, count) in part.split('-').enumerate() {
                    let n: u8 = count.parse().map_err(|_| not_a(count, at))?;
                    if let Some(slot) = position.board.get_mut(index / 2 * pits + i) {
                        *slot = n;
                    }
                    at += count.len() + 1;
                }
            } else {
                let n: u8 = part.parse().map_err(|_| not_a(part, column))?;
                if let Some(slot) = position.stores.get_mut(index / 2) {
                    *slot = n;
                }
            }
            column += part.len() + 1;
        }
        position.second = side_after_word(text, word, Self::PIECES, "x or o")? == Side::Second;
        Ok(position)
    }
}

impl fmt::Display for Kalah {
    /// `x`'s pits, its store, `o`'s pits, its store, the side to move: `2-2-2/0/2-2-2/0 x`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pits = usize::from(self.pits);
        for side in 0..2 {
            if side > 0 {
                f.write_str("/")?;
            }
            for i in 0..pits {
                if i > 0 {
                    f.write_str("-")?;
                }
                write!(f, "{}", self.board.get(side * pits + i).copied().unwrap_or(0))?;
            }
            write!(f, "/{}", self.stores.get(side).copied().unwrap_or(0))?;
        }
        write!(f, " {}", if self.second { 'o' } else { 'x' })
    }
}

family_text!(Kalah);
