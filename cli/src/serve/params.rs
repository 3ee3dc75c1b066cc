//! Query strings, read one way for every route: [`Params<T>`], a typed extractor that
//! percent-decodes the pairs and deserializes them into a serde struct `T` (unknown
//! parameters refused by `deny_unknown_fields`), its rejection an [`ApiError`] that names
//! the parameter. The query structs of every route are here too.
//!
//! (axum's own `Query<T>` would bring serde_urlencoded into the tree for the same work;
//! percent-encoding and serde_json are here already.)

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use perfect_play::Level;

use super::error::ApiError;

/// A request's query string as `T`; 400 with the parameter's name when it cannot be.
#[derive(Debug)]
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        read(parts.uri.query().unwrap_or("")).map(Params)
    }
}

/// `query` (`a=1&b=two`, percent-encoded, `+` a space) as `T`. A parameter given twice
/// counts once, the last.
pub fn read<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    let mut pairs = Map::new();
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        pairs.insert(decode(key)?, Value::String(decode(value)?));
    }
    serde_json::from_value(Value::Object(pairs)).map_err(|why| {
        ApiError::bad_request(
            why.to_string()
                .replace("unknown field", "unknown parameter"),
        )
    })
}

/// A query key or value, percent-decoded (`+` is a space).
fn decode(text: &str) -> Result<String, ApiError> {
    percent_encoding::percent_decode_str(&text.replace('+', " "))
        .decode_utf8()
        .map(|text| text.into_owned())
        .map_err(|_| ApiError::bad_request("a parameter is not UTF-8 once decoded"))
}

/// `?start=POSITION&moves=M1,M2` of a game's review (`/api/games/{game}`, and
/// `/api/tictactoe/game` with a board and cells 0-8).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewQuery {
    /// Where the game starts; the game's start when absent.
    pub start: Option<String>,
    /// The moves, comma-separated, in the game's notation.
    pub moves: Option<String>,
}

/// `?position=POSITION` of `/api/games/{game}/position`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionQuery {
    /// The position, in the game's notation; the game's start when absent.
    pub position: Option<String>,
}

/// `?position=POSITION&level=LEVEL` of the computer's move (`/api/games/{game}/pick`;
/// `/api/tictactoe/{board}/pick` takes the board from its path and ignores `position`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PickQuery {
    /// The position, in the game's notation; the game's start when absent.
    pub position: Option<String>,
    /// The level of play (the library's spellings); `perfect` when absent.
    #[serde(default, deserialize_with = "level")]
    pub level: Option<Level>,
}

impl PickQuery {
    /// The level asked for, `perfect` when absent.
    pub fn level(&self) -> Level {
        self.level.unwrap_or(Level::Perfect)
    }
}

/// A level of play, as [`Level`]'s `FromStr` reads it.
fn level<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Level>, D::Error> {
    let text = String::deserialize(deserializer)?;
    text.parse()
        .map(Some)
        .map_err(|why| D::Error::custom(format_args!("level: {why}")))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// Keys and values are percent-decoded, unknown keys and bad levels refused by name.
    #[test]
    fn every_parameter_is_decoded_and_checked() {
        let review: ReviewQuery = read("start=www%2F...%2Fbbb+w&moves=2-5%2C1-4").unwrap();
        assert_eq!(review.start.as_deref(), Some("www/.../bbb w"));
        assert_eq!(review.moves.as_deref(), Some("2-5,1-4"));
        let pick: PickQuery = read("level=skill%3A50").unwrap();
        assert_eq!(pick.level(), "skill:50".parse().unwrap());
        assert_eq!(read::<PickQuery>("").unwrap().level(), Level::Perfect);
        let words = |query: &str| match read::<PickQuery>(query) {
            Err(ApiError::BadRequest(why)) => why,
            other => panic!("{query}: {other:?}"),
        };
        assert!(words("colour=red").contains("unknown parameter `colour`"));
        assert!(words("level=genius").starts_with("level: "));
        assert!(words("level=%FF").contains("not UTF-8"));
    }
}
