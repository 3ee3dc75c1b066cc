//! `perfect-play games`: every game of the registry, one line each (or one
//! [`wire::GameInfo`] per line with `--json`).

use std::fmt::Write as _;

use perfect_play::games;

use crate::args::GamesArgs;
use crate::output::{Output, Status, output_failed};
use crate::wire;

/// Lists the games (or the families), as text or JSON lines.
pub fn run(args: &GamesArgs) -> Status {
    let mut text = Vec::new();
    if args.families {
        for family in games::families() {
            let shape = wire::FamilyInfo::of(family);
            if args.json {
                wire::line(&mut text, &shape);
            } else {
                text.extend_from_slice(family_line(&shape).as_bytes());
            }
        }
        return finish(&text);
    }
    let listed = games::listed()
        .into_iter()
        .filter_map(|game| game.open().ok())
        .filter_map(|game| wire::GameInfo::of(&*game));
    for game in listed {
        if args.json {
            wire::line(&mut text, &game);
        } else {
            text.extend_from_slice(line(&game).as_bytes());
        }
    }
    finish(&text)
}

/// Writes the list and ends the output.
fn finish(text: &[u8]) -> Status {
    let mut out = Output::new();
    match out.answer(text).and_then(|()| out.finish()) {
        Ok(status) => status,
        Err(error) => output_failed(&error),
    }
}

/// One family's line for a person, ended by `\n`: `mnk (m,n,k-game): m 1-6 = 3, ...;
/// compiled in: m=3,n=3,k=3`, and the sizes answered from a table file alone.
fn family_line(family: &wire::FamilyInfo) -> String {
    let params: Vec<String> = family
        .parameters
        .iter()
        .map(|p| format!("{} {}-{} = {} ({})", p.name, p.min, p.max, p.default, p.doc))
        .collect();
    let compiled = if family.compiled.is_empty() {
        "none".to_owned()
    } else {
        family.compiled.join("; ")
    };
    let example = family
        .example_move
        .as_deref()
        .map_or_else(String::new, |mv| format!(", a move: {mv}"));
    let needs_table: Vec<String> = family
        .needs_table
        .iter()
        .map(|size| match size.solve_cost {
            Some(cost) => format!("{} (solved in {cost})", size.size),
            None => size.size.to_owned(),
        })
        .collect();
    let needs_table = if needs_table.is_empty() {
        String::new()
    } else {
        format!("; a table file only: {}", needs_table.join("; "))
    };
    format!(
        "{} ({}): {}; compiled in: {compiled}{needs_table}; start: {}{example}\n",
        family.family,
        family.title,
        params.join(", "),
        family.start
    )
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
