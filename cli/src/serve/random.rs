//! The computer's moves: the random numbers the library's levels draw from
//! (`crate::random`); the level is read with the query ([`super::params`]).

/// A fresh source of random numbers for the levels of play.
pub fn random() -> impl FnMut() -> u32 {
    crate::random::source(None)
}
