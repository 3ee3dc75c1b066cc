//! Hexapawn on Gardner's 3x3 board (a second-player win, 135 positions), as the registry
//! lists it: the rules and the notation are the family [`super::hexapawn`]'s, at its
//! default size.

pub use super::hexapawn::Hexapawn3x3;
