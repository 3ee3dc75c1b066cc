//! `perfect-play games`: every game of the registry, one line each (or one
//! [`wire::GameInfo`] per line with `--json`).

use std::fmt::Write as _;

use perfect_play::games;

use crate::args::GamesArgs;
use crate::output::{Output, Status, output_failed};
use crate::wire;

/// Lists the games, as text or JSON lines.
pub fn run(args: &GamesArgs) -> Status {
    let mut text = Vec::new();
    let listed = games::names()
        .filter_map(|name| games::open(name).ok())
        .filter_map(|game| wire::GameInfo::of(&*game));
    for game in listed {
        if args.json {
            wire::line(&mut text, &game);
        } else {
            text.extend_from_slice(line(&game).as_bytes());
        }
    }
    let mut out = Output::new();
    match out.answer(&text).and_then(|()| out.finish()) {
        Ok(status) => status,
        Err(error) => output_failed(&error),
    }
}

/// One game's line for a person, ended by `\n`:
/// `hexapawn: 135 positions, second player wins, 6 plies`.
fn line(game: &wire::GameInfo) -> String {
    let outcome = match game.outcome {
        "draw" => "draw".to_owned(),
        side => format!("{side} player wins"),
    };
    let plies = game
        .plies
        .map_or_else(|| "endless".to_owned(), |p| format!("{p} plies"));
    let mut text = String::new();
    let positions = game.positions.map_or_else(
        || "answered by search".to_owned(),
        |count| format!("{count} positions"),
    );
    let _ = writeln!(text, "{}: {positions}, {outcome}, {plies}", game.name);
    text
}
