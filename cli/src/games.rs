//! `perfect-play games`: every game solved at compile time, one line each.

use std::fmt::Write as _;

use perfect_play::games::{self, GameInfo};
use perfect_play::{ENDLESS, Value};

use super::Status;
use super::args::GamesArgs;
use super::output::{Output, output_failed};

/// Lists the games, as text or JSON lines.
pub fn run(args: &GamesArgs) -> Status {
    let mut text = String::new();
    for game in games::all() {
        line(&mut text, &game, args.json);
    }
    let mut out = Output::new();
    match out.answer(text.as_bytes()).and_then(|()| out.finish()) {
        Ok(status) => status,
        Err(error) => output_failed(&error),
    }
}

/// Who wins from the start: the first player (to move there), the second, or a draw.
fn outcome(value: Value) -> &'static str {
    match value {
        Value::Win => "first",
        Value::Loss => "second",
        Value::Draw => "draw",
    }
}

/// One game's line, ended by `\n`.
fn line(text: &mut String, game: &GameInfo, json: bool) {
    let plies = (game.start.remoteness != ENDLESS).then_some(game.start.remoteness);
    let outcome = outcome(game.start.value);
    if json {
        let _ = writeln!(text, "{}", object(game));
    } else {
        let outcome = match game.start.value {
            Value::Draw => "draw".to_owned(),
            _ => format!("{outcome} player wins"),
        };
        let plies = plies.map_or_else(|| "endless".to_owned(), |p| format!("{p} plies"));
        let _ = writeln!(
            text,
            "{}: {} positions, {outcome}, {plies}",
            game.name, game.positions
        );
    }
}

/// One game as a JSON object: `game`, `positions`, `outcome` (`first`, `second` or
/// `draw`) and `plies` (null for an endless draw). The web API lists the same objects.
pub fn object(game: &GameInfo) -> serde_json::Value {
    let plies = (game.start.remoteness != ENDLESS).then_some(game.start.remoteness);
    serde_json::json!({
        "game": game.name,
        "positions": game.positions,
        "outcome": outcome(game.start.value),
        "plies": plies,
    })
}
