//! Connect Four on 5 columns and 4 rows (feature `large-games`), as the registry lists it:
//! the rules and the notation are [`super::connect4`]'s, for `Connect4<5, 4>`.

pub use super::connect4::Connect4On5x4;
