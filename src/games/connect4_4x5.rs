//! Connect Four on 4 columns and 5 rows (feature `large-games`), as the registry lists it:
//! the rules and the notation are [`super::connect4`]'s, for `Connect4<4, 5>`.

pub use super::connect4::Connect4On4x5;
