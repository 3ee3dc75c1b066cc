//! Levels of play for a computer player: from perfect down to random, for any solved game.
//!
//! A level picks one move among a position's moves, each given with what it is worth to
//! the side to move (a [`Record`], as [`Solved::ranked_moves`](crate::generate::Solved::ranked_moves)
//! and [`Position::ranked_moves`](crate::Position::ranked_moves) give them). The random
//! numbers come from the caller, so the library stays `no_std` and carries no generator:
//! pass any closure that returns uniformly distributed `u32`s.
//!
//! ```
//! use perfect_play::Level;
//!
//! // A tiny xorshift as the random source.
//! let mut state = 0x2545_f491_u32;
//! let mut random = move || {
//!     state ^= state << 13;
//!     state ^= state >> 17;
//!     state ^= state << 5;
//!     state
//! };
//! let position = "xx./oo./...".parse::<perfect_play::Board>()?.lookup()?;
//! // Perfect play takes the win at once; a random player may not.
//! assert_eq!(position.pick(Level::Perfect, &mut random), Some(2));
//! let level: Level = "skill:75".parse()?;
//! assert_eq!(level, Level::Skill(75));
//! assert!(position.pick(level, &mut random).is_some());
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use crate::generate::{Record, Value};

/// How well a computer player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Perfect play: wins as fast as it can, loses as slowly as it can, never throws away
    /// a draw; ties among equally good moves broken at random.
    Perfect,
    /// Random among the moves that do not lose (a win or a draw for the mover); any move
    /// when every move loses.
    Safe,
    /// With probability N% (0 to 100) a perfect move, otherwise any legal move at random.
    Skill(u8),
    /// Any legal move at random.
    Random,
}

impl Level {
    /// The levels a menu offers, strongest first.
    pub const MENU: [Level; 5] = [
        Level::Perfect,
        Level::Safe,
        Level::Skill(75),
        Level::Skill(40),
        Level::Random,
    ];

    /// Picks a move among `moves`, each with the record it is worth to the side to move
    /// (in any order), drawing from `random` (uniform `u32`s). `None` when there is no
    /// move.
    pub fn pick<M: Copy>(self, moves: &[(M, Record)], random: &mut impl FnMut() -> u32) -> Option<M> {
        let best = moves.iter().map(|(_, record)| record.rank()).max()?;
        match self {
            Level::Perfect => choose(moves, random, |record| record.rank() == best),
            Level::Safe => {
                let safe = |record: &Record| record.value != Value::Loss;
                if moves.iter().any(|(_, record)| safe(record)) {
                    choose(moves, random, safe)
                } else {
                    choose(moves, random, |_| true)
                }
            }
            Level::Skill(percent) => {
                // A draw below `percent` in a hundred plays perfectly.
                if below(random, 100) < u32::from(percent.min(100)) {
                    choose(moves, random, |record| record.rank() == best)
                } else {
                    choose(moves, random, |_| true)
                }
            }
            Level::Random => choose(moves, random, |_| true),
        }
    }
}

/// A uniformly random move among those whose record `keep` accepts.
fn choose<M: Copy>(
    moves: &[(M, Record)],
    random: &mut impl FnMut() -> u32,
    keep: impl Fn(&Record) -> bool,
) -> Option<M> {
    let count = moves.iter().filter(|(_, record)| keep(record)).count();
    let index = below(random, u32::try_from(count).ok()?) as usize;
    moves
        .iter()
        .filter(|(_, record)| keep(record))
        .nth(index)
        .map(|&(mv, _)| mv)
}

/// A number below `n` (0 when `n` is 0): Lemire's multiply-shift, without a division.
fn below(random: &mut impl FnMut() -> u32, n: u32) -> u32 {
    ((u64::from(random()) * u64::from(n)) >> 32) as u32
}

/// `perfect`, `safe`, `skill:N` or `random`: what [`Level::from_str`] reads.
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

impl FromStr for Level {
    type Err = ParseLevelError;

    /// Reads `perfect`, `safe`, `skill:N` (N from 0 to 100) or `random`, in any case.
    fn from_str(text: &str) -> Result<Level, ParseLevelError> {
        let word = |name: &str| text.eq_ignore_ascii_case(name);
        if word("perfect") {
            return Ok(Level::Perfect);
        }
        if word("safe") {
            return Ok(Level::Safe);
        }
        if word("random") {
            return Ok(Level::Random);
        }
        let percent = text
            .get(..6)
            .filter(|head| head.eq_ignore_ascii_case("skill:"))
            .and_then(|_| text.get(6..))
            .map(|digits| digits.parse::<u8>().ok().filter(|&n| n <= 100));
        match percent {
            Some(Some(percent)) => Ok(Level::Skill(percent)),
            Some(None) => Err(ParseLevelError::Percent),
            None => Err(ParseLevelError::Unknown),
        }
    }
}

/// Why text is not a [`Level`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseLevelError {
    /// Not one of the level names.
    Unknown,
    /// `skill:` followed by something other than a whole number from 0 to 100.
    Percent,
}

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseLevelError::Unknown => f.write_str(
                "not a level: the levels are perfect, safe, skill:N (N from 0 to 100) and random",
            ),
            ParseLevelError::Percent => {
                f.write_str("skill:N takes a whole number N from 0 to 100 (skill:75)")
            }
        }
    }
}

impl core::error::Error for ParseLevelError {}
