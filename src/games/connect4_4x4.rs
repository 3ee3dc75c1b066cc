//! Connect Four on 4 columns and 4 rows (a draw, 161,029 positions (finished ones included)), as the registry lists it:
//! the rules and the notation are [`super::connect4`]'s, for `Connect4<4, 4>`.

pub use super::connect4::Connect4On4x4;
