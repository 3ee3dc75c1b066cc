//! The answer to a game name that names no game: the names there are, and the nearest.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// A name that is no game of this build: it says which names there are and, when one is
/// close (a letter or two off), suggests it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame {
    name: String,
    known: Vec<&'static str>,
    nearest: Option<&'static str>,
}

impl UnknownGame {
    /// The error for `name`, among the `known` names.
    pub(crate) fn new(name: &str, known: impl Iterator<Item = &'static str>) -> UnknownGame {
        let known: Vec<&'static str> = known.collect();
        let lower = name.to_ascii_lowercase();
        // Close means at most a third of the name's letters off (and at least one).
        let budget = (lower.chars().count() / 3).max(1);
        let nearest = known
            .iter()
            .map(|&candidate| (distance(&lower, candidate), candidate))
            .filter(|&(distance, _)| distance <= budget)
            .min_by_key(|&(distance, _)| distance)
            .map(|(_, candidate)| candidate);
        UnknownGame {
            name: name.to_string(),
            known,
            nearest,
        }
    }

    /// The name asked for.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The nearest name of a game, if one is close.
    #[must_use]
    pub fn nearest(&self) -> Option<&'static str> {
        self.nearest
    }

    /// Every game's name, in the order they are registered.
    #[must_use]
    pub fn known(&self) -> &[&'static str] {
        &self.known
    }
}

/// `no game is called "hexapwan" (did you mean hexapawn?): the games are tictactoe, ...`
impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no game is called {:?}", self.name)?;
        if let Some(nearest) = self.nearest {
            write!(f, " (did you mean {nearest}?)")?;
        }
        write!(f, ": the games are {}", self.known.join(", "))
    }
}

impl core::error::Error for UnknownGame {}

/// The Levenshtein distance between two names: edits of one character each.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, cb) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(usize::MAX);
            let left = row.get(j).copied().unwrap_or(usize::MAX);
            let replace = diagonal + usize::from(ca != *cb);
            diagonal = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = replace.min(above + 1).min(left + 1);
            }
        }
    }
    row.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distances of a few pairs, worked out by hand.
    #[test]
    fn distances() {
        assert_eq!(distance("hexapwan", "hexapawn"), 2);
        assert_eq!(distance("dodgm", "dodgem"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("same", "same"), 0);
    }

    /// A near miss is suggested; a far one is not.
    #[test]
    fn suggestions() {
        let known = ["tictactoe", "hexapawn", "dodgem"];
        let near = UnknownGame::new("hexapwan", known.into_iter());
        assert_eq!(near.nearest(), Some("hexapawn"));
        assert_eq!(
            near.to_string(),
            "no game is called \"hexapwan\" (did you mean hexapawn?): the games are tictactoe, hexapawn, dodgem"
        );
        assert_eq!(UnknownGame::new("chess", known.into_iter()).nearest(), None);
    }
}
