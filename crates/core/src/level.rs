//! How well a computer player plays: perfect, safe, a skill probability, or random.
//!
//! Game-agnostic, `no_std` and allocation-free: a [`Level`] picks among moves already
//! ranked by a solved table ([`Solved::ranked_moves`](crate::Solved::ranked_moves),
//! [`Position::ranked_moves`](crate::Position::ranked_moves)), drawing from a random
//! source the caller supplies, so the library holds no generator of its own.

use core::fmt;
use core::str::FromStr;

use crate::{Game, Oracle, Record, Solved, Value};

/// How well a computer player plays.
///
/// [`Level::pick`] chooses one of a position's moves, given what each is worth and a
/// source of uniform random `u32`s (any generator: the library has none).
///
/// ```
/// use perfect_play_core::{Level, Record, Value};
///
/// // A tiny xorshift generator as the random source.
/// let mut state = 0x2545_f491_u32;
/// let mut random = move || {
///     state ^= state << 13;
///     state ^= state >> 17;
///     state ^= state << 5;
///     state
/// };
/// // Three moves, as a solved table ranks them: a win in 3, a draw, a loss in 2.
/// let win = Record { value: Value::Win, remoteness: 3 };
/// let draw = Record { value: Value::Draw, remoteness: 6 };
/// let loss = Record { value: Value::Loss, remoteness: 2 };
/// let moves = [('a', win), ('b', draw), ('c', loss)];
/// let level: Level = "perfect".parse()?;
/// assert_eq!(level.pick(&moves, &mut random), Some('a'));
/// // "safe" never picks a losing move while another is left.
/// assert_ne!(Level::Safe.pick(&moves, &mut random), Some('c'));
/// assert_eq!("skill:75".parse::<Level>()?, Level::Skill(75));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Perfect play: wins as fast as it can, loses as slowly as it can, never throws away a
    /// draw; ties among equally good moves broken at random.
    Perfect,
    /// Random among the moves that do not lose (value Win or Draw for the mover); any move
    /// when every move loses.
    Safe,
    /// With probability N% (0..=100) a perfect move, otherwise a uniformly random legal
    /// move.
    Skill(u8),
    /// A uniformly random legal move.
    Random,
}

/// A uniform index below `n` (`n > 0`) from one random `u32`: Lemire's multiply-shift,
/// whose bias (at most `n / 2^32`) is far too small to matter for a game.
fn index(n: usize, random: &mut impl FnMut() -> u32) -> usize {
    ((u64::from(random()) * n as u64) >> 32) as usize
}

/// The `k`-th (from 0) of `moves` that `keep` accepts.
fn nth_kept<M: Copy>(moves: &[(M, Record)], keep: impl Fn(&Record) -> bool, k: usize) -> Option<M> {
    moves
        .iter()
        .filter(|(_, record)| keep(record))
        .nth(k)
        .map(|&(mv, _)| mv)
}

/// A uniformly random one of the moves `keep` accepts, or `None` if it accepts none.
fn uniform<M: Copy>(
    moves: &[(M, Record)],
    keep: impl Fn(&Record) -> bool + Copy,
    random: &mut impl FnMut() -> u32,
) -> Option<M> {
    let count = moves.iter().filter(|(_, record)| keep(record)).count();
    if count == 0 {
        return None;
    }
    nth_kept(moves, keep, index(count, random))
}

/// A perfect move: one of those of the highest [`Record::rank`], at random.
fn perfect<M: Copy>(moves: &[(M, Record)], random: &mut impl FnMut() -> u32) -> Option<M> {
    let best = moves.iter().map(|(_, record)| record.rank()).max()?;
    uniform(moves, |record| record.rank() == best, random)
}

impl Level {
    /// The levels a menu or a help text offers, strongest first: `perfect`, `safe`, two
    /// representative `skill:N` and `random` (any N from 0 to 100 is accepted too).
    pub const MENU: [Level; 5] = [
        Level::Perfect,
        Level::Safe,
        Level::Skill(75),
        Level::Skill(40),
        Level::Random,
    ];

    /// Picks a move among `moves` (each with the [`Record`] it is worth to the side to move,
    /// as [`Solved::ranked_moves`](crate::Solved::ranked_moves) yields; any
    /// order), drawing from `random` (uniform `u32`s, supplied by the caller: no RNG in
    /// the library). `None` when `moves` is empty.
    ///
    /// "Perfect" means the moves of the highest [`Record::rank`]: the fastest win, else the
    /// longest draw, else the slowest loss. A [`Level::Skill`] above 100 plays as 100.
    pub fn pick<M: Copy>(
        self,
        moves: &[(M, Record)],
        random: &mut impl FnMut() -> u32,
    ) -> Option<M> {
        match self {
            Level::Perfect => perfect(moves, random),
            Level::Safe => uniform(moves, |record| record.value != Value::Loss, random)
                .or_else(|| uniform(moves, |_| true, random)),
            Level::Skill(percent) => {
                if moves.is_empty() {
                    None
                } else if index(100, random) < usize::from(percent) {
                    perfect(moves, random)
                } else {
                    uniform(moves, |_| true, random)
                }
            }
            Level::Random => uniform(moves, |_| true, random),
        }
    }
}

impl Level {
    /// The chance, from 0 to 1, that [`Level::pick`] picks each of `moves`, in their order:
    /// the level as a policy, for a caller that reports one (OpenSpiel's
    /// `step_with_policy`, a curriculum's expected strength). The chances of non-empty
    /// `moves` add up to 1.
    ///
    /// ```
    /// use perfect_play_core::{Level, Record, Value};
    ///
    /// let win = Record { value: Value::Win, remoteness: 3 };
    /// let loss = Record { value: Value::Loss, remoteness: 2 };
    /// let moves = [('a', win), ('b', win), ('c', loss), ('d', loss)];
    /// let chances: Vec<f64> = Level::Skill(50).chances(&moves).collect();
    /// assert_eq!(chances, [0.375, 0.375, 0.125, 0.125]);
    /// ```
    pub fn chances<M: Copy>(self, moves: &[(M, Record)]) -> impl Iterator<Item = f64> + '_ {
        let best = moves.iter().map(|(_, record)| record.rank()).max();
        let is_best = move |record: &Record| Some(record.rank()) == best;
        let safe = |record: &Record| record.value != Value::Loss;
        let count = |keep: &dyn Fn(&Record) -> bool| {
            moves.iter().filter(|(_, record)| keep(record)).count() as f64
        };
        let (all, bests, safes) = (moves.len() as f64, count(&is_best), count(&safe));
        moves.iter().map(move |(_, record)| {
            let perfect = if is_best(record) { 1.0 / bests } else { 0.0 };
            match self {
                Level::Perfect => perfect,
                Level::Safe if safes > 0.0 => {
                    if safe(record) {
                        1.0 / safes
                    } else {
                        0.0
                    }
                }
                Level::Safe | Level::Random => 1.0 / all,
                Level::Skill(percent) => {
                    let p = f64::from(percent.min(100)) / 100.0;
                    p * perfect + (1.0 - p) / all
                }
            }
        })
    }
}

/// The level's spelling, as [`Level::from_str`] reads it: `perfect`, `safe`, `skill:N`,
/// `random`.
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Perfect => f.write_str("perfect"),
            Level::Safe => f.write_str("safe"),
            Level::Skill(percent) => write!(f, "skill:{percent}"),
            Level::Random => f.write_str("random"),
        }
    }
}

/// Why a text is not a [`Level`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseLevelError {
    /// Not one of the level names.
    Unknown,
    /// `skill:` followed by something other than a whole number from 0 to 100.
    BadSkill,
}

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseLevelError::Unknown => "not a level",
            ParseLevelError::BadSkill => "the skill must be a whole number from 0 to 100",
        })?;
        f.write_str(": the levels are perfect, safe, skill:N (N from 0 to 100) and random")
    }
}

impl core::error::Error for ParseLevelError {}

/// Reads `perfect`, `safe`, `random` or `skill:N` (N from 0 to 100), in any case.
impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(text: &str) -> Result<Level, ParseLevelError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("perfect") {
            return Ok(Level::Perfect);
        }
        if text.eq_ignore_ascii_case("safe") {
            return Ok(Level::Safe);
        }
        if text.eq_ignore_ascii_case("random") {
            return Ok(Level::Random);
        }
        let (name, number) = text.split_once(':').ok_or(ParseLevelError::Unknown)?;
        if !name.trim().eq_ignore_ascii_case("skill") {
            return Err(ParseLevelError::Unknown);
        }
        let number = number.trim();
        if number.is_empty() || !number.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(ParseLevelError::BadSkill);
        }
        match number.parse::<u8>() {
            Ok(percent) if percent <= 100 => Ok(Level::Skill(percent)),
            _ => Err(ParseLevelError::BadSkill),
        }
    }
}

impl<G: Game> Solved<G> {
    /// A move from `position` chosen at `level`: see [`Oracle::pick`].
    pub fn pick(
        &self,
        position: &G,
        level: Level,
        random: &mut impl FnMut() -> u32,
    ) -> Option<G::Move> {
        Oracle::pick(self, position, level, random)
    }
}
