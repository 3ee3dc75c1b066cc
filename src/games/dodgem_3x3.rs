//! Dodgem on 3x3 (a first-player win, 1,963 positions), as the registry lists it: the
//! rules and the notation are the family [`super::dodgem`]'s, at its default size.

pub use super::dodgem::Dodgem3x3;
