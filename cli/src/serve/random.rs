//! The computer's moves: the level asked for, and the random numbers the library's levels
//! draw from (`crate::random`).

use perfect_play::Level;

use super::error::ApiError;

/// A fresh source of random numbers for the levels of play.
pub fn random() -> impl FnMut() -> u32 {
    crate::random::source(None)
}

/// The `level` parameter of a query string (`perfect` when absent), with the other
/// parameters the caller takes; 400 for anything else.
pub fn level(query: &str) -> Result<Level, ApiError> {
    let mut level = Level::Perfect;
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        match pair.split_once('=') {
            Some(("level", text)) => {
                level = text
                    .replace("%3A", ":")
                    .replace("%3a", ":")
                    .parse()
                    .map_err(|why| ApiError::bad_request(format_args!("level: {why}")))?;
            }
            Some(("position", _)) => {}
            _ => {
                return Err(ApiError::bad_request(format_args!(
                    "unknown parameter {pair:?}: the parameters are level (perfect, safe, skill:N or random) and, for games other than tic-tac-toe, position"
                )));
            }
        }
    }
    Ok(level)
}
