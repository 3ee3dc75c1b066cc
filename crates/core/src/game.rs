//! The interface a game implements to be solved at compile time, and the record the
//! solver keeps for each position.
//!
//! Shared with `build.rs` through `#[path]`: it uses nothing but `core`, so the solver
//! (at build time) and the lookups (at run time) read the one definition.

/// How a position ends for the side to move, with perfect play from both sides.
///
/// Ordered from worst to best for the side to move: `Loss < Draw < Win`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// The side to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins.
    Win,
}

impl Value {
    /// The same result seen from the other side: a win becomes a loss and back.
    #[must_use]
    pub const fn flip(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        }
    }

    /// The value in lowercase: `win`, `loss` or `draw`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        }
    }
}

/// `win`, `loss` or `draw`.
impl core::fmt::Display for Value {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `win in 3 plies`, `loss in 1 ply`, `draw in 9 plies`, `draw, endless`: the record for
/// the side to move, as a person reads it.
impl core::fmt::Display for Record {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match (self.value, self.remoteness) {
            (Value::Draw, ENDLESS) => f.write_str("draw, endless"),
            (value, 1) => write!(f, "{value} in 1 ply"),
            (value, plies) => write!(f, "{value} in {plies} plies"),
        }
    }
}

/// The remoteness of a draw that can go on for ever: a loopy game whose drawing lines
/// never have to end. Such a position has no "plies left". Also the largest remoteness a
/// table can hold is one less.
pub const ENDLESS: u16 = 0x3fff;

/// What the solver knows about one position, from the side to move.
///
/// `remoteness` is the number of plies left with perfect play: the winner wins as fast as
/// it can, the loser holds out as long as it can. For a draw it is the longest drawing line
/// (every drawing move keeps the draw, so the drawing side may as well play on), or
/// [`ENDLESS`] when a drawing line can repeat for ever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// Win, loss or draw for the side to move.
    pub value: Value,
    /// Plies left with perfect play (at most `ENDLESS`).
    pub remoteness: u16,
}

impl Record {
    /// The record packed as a table entry with `remoteness_bits` bits of remoteness (at
    /// most 14): bits 0..2 are the value (1 win, 2 loss, 3 draw), the next
    /// `remoteness_bits` the remoteness, [`ENDLESS`] written as all ones. The bits above are
    /// the game's own (see [`Table`](crate::Table)). `None` if the remoteness does not fit.
    #[must_use]
    pub const fn pack_in(self, remoteness_bits: u32) -> Option<u32> {
        let value = match self.value {
            Value::Win => 1,
            Value::Loss => 2,
            Value::Draw => 3,
        };
        let all_ones = (1u32 << remoteness_bits) - 1;
        let remoteness = if self.remoteness == ENDLESS {
            all_ones
        } else if (self.remoteness as u32) < all_ones {
            self.remoteness as u32
        } else {
            return None;
        };
        Some(value | (remoteness << 2))
    }

    /// The record in the low `2 + remoteness_bits` bits of a packed entry (see
    /// [`Record::pack_in`]), or `None` if its value bits are 0 (not an entry).
    #[must_use]
    pub const fn unpack_in(bits: u32, remoteness_bits: u32) -> Option<Record> {
        let value = match bits & 3 {
            1 => Value::Win,
            2 => Value::Loss,
            3 => Value::Draw,
            _ => return None,
        };
        let all_ones = (1u32 << remoteness_bits) - 1;
        let remoteness = (bits >> 2) & all_ones;
        Some(Record {
            value,
            remoteness: if remoteness == all_ones {
                ENDLESS
            } else {
                remoteness as u16
            },
        })
    }

    /// The record packed as its remoteness alone, in `remoteness_bits` bits (8 or 16, a
    /// record's byte or two):
    /// `remoteness + 1`, [`ENDLESS`] written as all ones, 0 never (not an entry). The value
    /// is the remoteness's parity: a win is an odd number of plies from the end, a loss an
    /// even number, as in a game whose players alternate, whose finished positions are a
    /// loss for the side to move (or a win one ply away, as a lion that can be taken), and
    /// whose only draws are endless. Half the bits of [`Record::pack_in`]'s for the same
    /// remoteness. `None` if the record breaks that rule (a win an even number of plies
    /// away, a loss an odd one, a draw that ends) or its remoteness does not fit.
    #[must_use]
    pub const fn pack_by_parity(self, remoteness_bits: u32) -> Option<u32> {
        let all_ones = (1u32 << remoteness_bits) - 1;
        let odd = self.remoteness % 2 == 1;
        let fits = (self.remoteness as u32) + 1 < all_ones;
        match self.value {
            Value::Draw if self.remoteness == ENDLESS => Some(all_ones),
            Value::Win if odd && fits => Some(self.remoteness as u32 + 1),
            Value::Loss if !odd && fits => Some(self.remoteness as u32 + 1),
            _ => None,
        }
    }

    /// The record in the low `remoteness_bits` bits of an entry
    /// [`Record::pack_by_parity`] packed, or `None` if they are 0 (not an entry).
    #[must_use]
    pub const fn unpack_by_parity(bits: u32, remoteness_bits: u32) -> Option<Record> {
        let all_ones = (1u32 << remoteness_bits) - 1;
        match bits & all_ones {
            0 => None,
            b if b == all_ones => Some(Record {
                value: Value::Draw,
                remoteness: ENDLESS,
            }),
            b => Some(Record {
                value: if b % 2 == 0 { Value::Win } else { Value::Loss },
                remoteness: (b - 1) as u16,
            }),
        }
    }

    /// What playing into a position with this record is worth to the player who moves
    /// there: the other side of the result, one ply further off (an endless draw stays
    /// endless).
    #[must_use]
    pub const fn before_move(self) -> Record {
        Record {
            value: self.value.flip(),
            remoteness: if self.remoteness >= ENDLESS - 1 {
                ENDLESS
            } else {
                self.remoteness + 1
            },
        }
    }

    /// What playing into a position with this record is worth to the player who moves
    /// there, when that player `moves_again` there (a completed box, a last seed in one's
    /// store: [`Game::moves_again`]): the same result one ply further off; otherwise
    /// [`Record::before_move`].
    #[must_use]
    pub const fn before(self, moves_again: bool) -> Record {
        if !moves_again {
            return self.before_move();
        }
        Record {
            value: self.value,
            remoteness: if self.remoteness >= ENDLESS - 1 {
                ENDLESS
            } else {
                self.remoteness + 1
            },
        }
    }

    /// How good this record is for its side to move, as a number to sort by (higher is
    /// better): any win beats any draw beats any loss; a win is better the sooner it comes,
    /// a loss the later, and a draw the later (the drawing side plays on).
    #[must_use]
    pub const fn rank(self) -> i32 {
        let r = self.remoteness as i32;
        match self.value {
            Value::Win => 0x20000 - r,
            Value::Draw => r,
            Value::Loss => r - 0x20000,
        }
    }
}

/// How a table's entries read: the width of the remoteness in a packed entry, whether the
/// value is packed beside it ([`Record::pack_in`]) or is its parity
/// ([`Record::pack_by_parity`]), and whether one entry stands for each class of symmetric
/// positions. A compiled table and a table file each say it once, and every reader asks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packing {
    /// Bits of remoteness in an entry.
    pub remoteness_bits: u32,
    /// Whether the value is the remoteness's parity ([`Record::pack_by_parity`]) rather
    /// than two bits of its own ([`Record::pack_in`]).
    pub by_parity: bool,
    /// Whether the table holds one entry per class of symmetric positions, keyed by the
    /// class's [`Game::canonical`] form.
    pub canonical: bool,
}

impl Packing {
    /// The record in a packed entry (`None` for bits that are not an entry).
    #[inline]
    #[must_use]
    pub const fn record(self, entry: u32) -> Option<Record> {
        if self.by_parity {
            Record::unpack_by_parity(entry, self.remoteness_bits)
        } else {
            Record::unpack_in(entry, self.remoteness_bits)
        }
    }

    /// `record` packed as these entries keep it, or `None` if it does not fit (or, by
    /// parity, breaks the parity rule).
    #[must_use]
    pub const fn pack(self, record: Record) -> Option<u32> {
        if self.by_parity {
            record.pack_by_parity(self.remoteness_bits)
        } else {
            record.pack_in(self.remoteness_bits)
        }
    }

    /// The bits of an entry its record takes: the remoteness's, and the value's two unless
    /// the value is the parity.
    #[must_use]
    pub const fn record_bits(self) -> u32 {
        self.remoteness_bits + if self.by_parity { 0 } else { 2 }
    }

    /// The game's own bits of a packed entry: the bits above the record.
    #[inline]
    #[must_use]
    pub const fn game_bits(self, entry: u32) -> u32 {
        entry >> self.record_bits()
    }
}

/// A small two-player game, in the handful of functions a solver needs.
///
/// Two players move in turn (alternating unless [`Game::moves_again`] says a player moves
/// again); a finished position is a win, a loss or a draw for the
/// side to move; every other position has at least one move. The game may be loopy
/// (positions may repeat). Implement this for your position type, then solve it at build
/// time with `perfect_play_generate::solve`.
pub trait Game: Copy + Eq {
    /// A move: what a player chooses (a cell, a from-to pair...).
    type Move: Copy + Eq;

    /// The position a game starts from.
    fn start() -> Self;

    /// The position's key in the table: different positions must have different keys
    /// (the solver checks). A `phf` table (`write_table`) needs keys that fit a `u32`; a
    /// table file of a large game (`write_file_table`, `solve_file`) takes any `u64` below
    /// `2^key_bits` ([`Game::key_bits`]).
    fn key(&self) -> u64;

    /// The result for the side to move if the game is finished here, or `None` if it goes
    /// on (then the position must have a move).
    fn finished(&self) -> Option<Value>;

    /// Calls `visit` with every legal move and the position it leads to. Not called on a
    /// finished position.
    fn moves(&self, visit: &mut dyn FnMut(Self::Move, Self));

    /// The plies a finished position still counts to its end: its record's remoteness,
    /// 0 unless the game says otherwise. A game whose rules call a position over one forced
    /// ply early says 1 there: Dōbutsu shōgi as Tanaka counts it, where a side that can take
    /// the enemy lion has won in 1 (the capture) and the position is not expanded. Every
    /// solver seeds its analysis with this remoteness ([`Game::finished_record`]), so the
    /// distances count that ply.
    fn finished_plies(&self) -> u16 {
        0
    }

    /// The record of a finished position, [`Game::finished`]'s value at
    /// [`Game::finished_plies`]' remoteness, or `None` if the game goes on: what every
    /// solver seeds its analysis with.
    fn finished_record(&self) -> Option<Record> {
        self.finished().map(|value| Record {
            value,
            remoteness: self.finished_plies(),
        })
    }

    /// The position `mv` leads to, or `None` if `mv` is not a legal move here (none is
    /// once the game is finished).
    fn play(&self, mv: Self::Move) -> Option<Self> {
        if self.finished().is_some() {
            return None;
        }
        let mut next = None;
        self.moves(&mut |m, child| {
            if m == mv && next.is_none() {
                next = Some(child);
            }
        });
        next
    }

    /// Whether the side that moves here moves again in `child` (a position [`Game::moves`]
    /// gives for this one): a player who completes a box in Dots and Boxes, or whose last
    /// seed lands in their own store in Kalah. `false` unless the game says so: the
    /// players alternate. The solver and every ranking read a child's record through
    /// [`Record::before`] with this.
    fn moves_again(&self, child: &Self) -> bool {
        let _ = child;
        false
    }

    /// Why no game reaches this position, in a few words, when the rules alone can tell
    /// (Connect Four's `a disc above an empty cell`); `None` otherwise, the default. A
    /// table never answers such a position ([`Solved::probe`](crate::Solved::probe) asks
    /// first, since its key may not be unique), and every surface says `invalid` with this
    /// reason, or `no game of NAME reaches this position` when there is none.
    fn unreachable_reason(&self) -> Option<&'static str> {
        None
    }

    /// How many tiers the positions of this position's size fall into (see
    /// [`Game::tier`]); 1, the default, for a game without tiers. A method, not a
    /// constant, so that a family's sizes differ (Connect Four on 6x4 has 25 tiers, on
    /// 5x4 21): any position of the size answers the same.
    fn tiers(&self) -> u32 {
        1
    }

    /// How many bits a [`Game::key`] of this position's size takes at most: the keys of a
    /// table file are split by this width, so a tiered game must say it (64, the default,
    /// is any `u64`).
    fn key_bits(&self) -> u32 {
        64
    }

    /// The version of the game's rules: a table file solved under other rules is refused.
    /// Raise it whenever a change of the rules changes any position's result, or a change
    /// of [`Game::key`] gives a position another key (a file of the old keys would answer
    /// for the wrong positions).
    const RULES_VERSION: u32 = 1;

    /// The position's tier, below [`Game::tiers`]: every move leads from tier `t` to tier
    /// `t + 1` (Connect Four's tier is its number of discs), so a game of many tiers is
    /// solved one tier at a time, each from the one above it, and a table file keeps a
    /// section per tier. The default, 0, is a game without tiers.
    fn tier(&self) -> u32 {
        0
    }

    /// The position of this one's size whose key is `key`, or `None` if no position has
    /// it: what the tier solver walks a tier by, as it keeps keys, not positions. A tiered
    /// game must give it; the default (`None`) is a game without tiers.
    fn at_key(&self, key: u64) -> Option<Self> {
        let _ = key;
        None
    }

    /// The one position that stands for this one and all its symmetric images. Only used
    /// when the table is built and read with canonical forms; the default is no symmetry.
    fn canonical(&self) -> Self {
        *self
    }

    /// Where a table looks this position up: `None` if no game reaches it (see
    /// [`Game::unreachable_reason`]), else the [`Game::tier`] and [`Game::key`] of its
    /// [`Game::canonical`] form when `canonical` (the table was built with canonical
    /// forms), of itself otherwise. The default asks those methods in turn, and every
    /// override must answer the same; a game whose checks, canonical form and key read
    /// the same things may do them in one pass (Dōbutsu shōgi's census), as this is all
    /// of a probe's work before its wait on memory.
    fn probe_key(&self, canonical: bool) -> Option<(u32, u64)> {
        if self.unreachable_reason().is_some() {
            return None;
        }
        let position = if canonical { self.canonical() } else { *self };
        Some((position.tier(), position.key()))
    }
}
