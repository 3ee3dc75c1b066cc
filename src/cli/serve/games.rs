//! The list of games, as `games --json` gives it.

use crate::games;

use super::reply::{self, Reply};

/// `GET /api/games`: every game solved at compile time, `[{"game":..,"positions":..,
/// "outcome":..,"plies":..},..]`, the objects of `perfect-play games --json`.
pub async fn list() -> Reply {
    let objects: Vec<serde_json::Value> = games::all().map(|game| crate::cli::games::object(&game)).collect();
    reply::ok(serde_json::Value::Array(objects).to_string().into_bytes())
}
