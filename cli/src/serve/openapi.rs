//! The OpenAPI document checked against the wire structs: for every path it documents,
//! values of the structs the handler answers (made by the handlers' own functions, over
//! every game of the registry) are validated against the schema of its 200 answer, and
//! every error against `Error`. The checker is small and hand-written: `$ref`, `allOf`, `oneOf`, `type`, `additionalProperties: true`,
//! `nullable`, `required`, `properties` (a field the document does not name is an error
//! too, so a field added to a struct must be documented), `items`, `minItems`/`maxItems`,
//! `minLength`/`maxLength`, `minimum`/`maximum` and `enum`; `pattern` is left to
//! schemathesis (`.ci/web.sh`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use perfect_play::Level;
use perfect_play::PlayedGame;
use perfect_play::dynamic::{DynGame, PositionError};
use perfect_play::footholds::{Budget, FootholdsPlayer, Grid, Position as Footholds, Solver};
use perfect_play::games;
use perfect_play::games::TICTACTOE;
use perfect_play::games::tictactoe::Board;

use crate::wire::api::{
    AnalysedPosition, FootholdsAnalysis, GamePick, OrUnreachable, StreamEvent, TicTacToeGame,
    TicTacToePick, TicTacToePosition,
};
use crate::wire::{FootholdsSolution, UnreachablePosition, Validity};

use super::error::ApiError;
use super::games::{list_families, list_games, open, review};
use super::stream;

/// The document the server serves.
fn document() -> Value {
    serde_json::from_str(include_str!("web/openapi.json")).unwrap()
}

/// Why `value` does not match `schema` (empty when it does), each with where.
fn check(document: &Value, schema: &Value, value: &Value, at: &str, why: &mut Vec<String>) {
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference.trim_start_matches("#/components/schemas/");
        let target = &document["components"]["schemas"][name];
        assert!(target.is_object(), "{at}: no schema {reference}");
        return check(document, target, value, &format!("{at}<{name}>"), why);
    }
    if value.is_null() {
        if schema["nullable"] != true {
            why.push(format!("{at}: null, but not nullable"));
        }
        return;
    }
    if let Some(options) = schema.get("oneOf").and_then(Value::as_array) {
        let fits = options
            .iter()
            .filter(|option| {
                let mut misfits = Vec::new();
                check(document, option, value, at, &mut misfits);
                misfits.is_empty()
            })
            .count();
        if fits != 1 {
            why.push(format!("{at}: {value} fits {fits} of the oneOf, not 1"));
        }
        return;
    }
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        for part in parts {
            check(document, part, value, at, why);
        }
        return;
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        if !options.contains(value) {
            why.push(format!("{at}: {value} is not one of {options:?}"));
        }
    }
    let bound = |key: &str| schema.get(key).and_then(Value::as_f64);
    let within = |size: f64, low: &str, high: &str, why: &mut Vec<String>| {
        if bound(low).is_some_and(|low| size < low) || bound(high).is_some_and(|high| size > high) {
            why.push(format!("{at}: {value} is outside {low}/{high} of {schema}"));
        }
    };
    match (schema["type"].as_str(), value) {
        (Some("object"), Value::Object(fields)) => {
            for name in schema["required"].as_array().into_iter().flatten() {
                if !fields.contains_key(name.as_str().unwrap()) {
                    why.push(format!("{at}: lacks the required {name}"));
                }
            }
            for (name, field) in fields {
                match schema["properties"].get(name) {
                    Some(property) => {
                        check(document, property, field, &format!("{at}.{name}"), why)
                    }
                    // A field the document leaves open (`additionalProperties: true`).
                    None if schema["additionalProperties"] == true => {}
                    None => why.push(format!("{at}: {name} is not in the document")),
                }
            }
        }
        (Some("array"), Value::Array(items)) => {
            within(items.len() as f64, "minItems", "maxItems", why);
            for (index, item) in items.iter().enumerate() {
                check(
                    document,
                    &schema["items"],
                    item,
                    &format!("{at}[{index}]"),
                    why,
                );
            }
        }
        (Some("string"), Value::String(text)) => {
            within(text.chars().count() as f64, "minLength", "maxLength", why);
        }
        (Some("integer"), Value::Number(number)) if number.is_u64() || number.is_i64() => {
            within(number.as_f64().unwrap(), "minimum", "maximum", why);
        }
        (Some("number"), Value::Number(number)) => {
            within(number.as_f64().unwrap(), "minimum", "maximum", why);
        }
        (Some("boolean"), Value::Bool(_)) => {}
        (None, _) => why.push(format!("{at}: the schema has no type: {schema}")),
        (Some(kind), value) => why.push(format!("{at}: {value} is not {kind}")),
    }
}

/// Samples of every answer, by the path the document names.
#[derive(Default)]
struct Samples(BTreeMap<&'static str, Vec<Value>>);

impl Samples {
    /// Adds `shape` as an answer of `path`.
    fn add(&mut self, path: &'static str, shape: &impl Serialize) {
        let value = serde_json::to_value(shape).unwrap();
        self.0.entry(path).or_default().push(value);
    }
}

/// Samples of one game of the registry: its start and a perfect game to its end (or 30
/// plies of one), reviewed, each position analysed, each move picked.
fn sample(samples: &mut Samples, game: &dyn DynGame) {
    // A game answered by search is sampled within its opening book, where each answer is
    // a lookup: a position past it may take minutes to rank.
    let plies = if game.about().answered_by == perfect_play::AnsweredBy::Search {
        1
    } else {
        30
    };
    let mut position = game.about().start.clone();
    let mut moves = Vec::new();
    loop {
        let analysis = game.analyze(&position).unwrap();
        samples.add(
            "/api/games/{game}/position",
            &AnalysedPosition::of(game.about(), &analysis),
        );
        let Some(mv) = game.pick(&position, Level::Perfect, &mut || 0).unwrap() else {
            break;
        };
        if moves.len() == plies {
            break;
        }
        samples.add(
            "/api/games/{game}/pick",
            &GamePick {
                mv: mv.clone(),
                level: Level::Perfect.to_string(),
            },
        );
        position = game.play(&position, &mv).unwrap();
        moves.push((1, mv));
    }
    samples.add("/api/games/{game}", &review(game, None, &moves).unwrap());
    for line in stream::lines(game, None, &moves).unwrap() {
        let event: Value = serde_json::from_slice(&line).unwrap();
        samples
            .0
            .entry("/api/games/{game}/stream")
            .or_default()
            .push(event);
    }
    samples.add(
        "/api/games/{game}",
        &review(game, Some(&position), &[]).unwrap(),
    );
    // A game at the random level, from a fixed seed, to an end a perfect game does not
    // reach (a won line, in the games that have one).
    let mut position = game.about().start.clone();
    let mut seed = 7682u32;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    for _ in 0..plies {
        let analysis = game.analyze(&position).unwrap();
        samples.add(
            "/api/games/{game}/position",
            &AnalysedPosition::of(game.about(), &analysis),
        );
        let Some(mv) = game.pick(&position, Level::Random, &mut random).unwrap() else {
            break;
        };
        position = game.play(&position, &mv).unwrap();
    }
}

/// Every answer the handlers give, from their own functions.
fn samples() -> Samples {
    let mut samples = Samples::default();
    // A position no game reaches, as each of the three answers it.
    let misere = games::open("misere").unwrap();
    let unreachable = "xxx/ooo/...";
    assert!(matches!(
        review(&*misere, Some(unreachable), &[]).unwrap(),
        OrUnreachable::Unreachable(_)
    ));
    samples.add(
        "/api/games/{game}",
        &review(&*misere, Some(unreachable), &[]).unwrap(),
    );
    let lines = stream::lines(&*misere, Some(unreachable), &[]).unwrap();
    assert_eq!(
        lines.len(),
        1,
        "an unreachable start is the stream's one line"
    );
    for line in lines {
        let event: Value = serde_json::from_slice(&line).unwrap();
        assert_eq!(event["event"], "unreachable", "{event}");
        samples
            .0
            .entry("/api/games/{game}/stream")
            .or_default()
            .push(event);
    }
    // The events a stream sends only when the server is busy or out of time.
    samples.add(
        "/api/games/{game}/stream",
        &StreamEvent::Waiting {
            why: "all 2 searches of the server are running".to_owned(),
        },
    );
    samples.add(
        "/api/games/{game}/stream",
        &StreamEvent::Error {
            status: 503,
            error: "not solved within the time limit".to_owned(),
            retry_after: 1,
        },
    );
    let PositionError::Unreachable { position, reason } = misere.analyze(unreachable).unwrap_err()
    else {
        panic!("{unreachable} parses");
    };
    for path in ["/api/games/{game}/position", "/api/games/{game}/pick"] {
        let answer = OrUnreachable::<AnalysedPosition>::Unreachable(UnreachablePosition::new(
            position.clone(),
            reason.clone(),
        ));
        samples.add(path, &answer);
    }
    samples.add("/api/games", &list_games());
    let mut registered = 0;
    for game in games::listed() {
        sample(&mut samples, &*game.open().unwrap());
        registered += 1;
    }
    assert!(registered >= 3, "the registry's games are sampled");
    // Every family at its default size: every geometry and every move's shape. A default
    // answered from a table file alone (Dōbutsu shōgi's full game) is sampled at a smaller
    // size below.
    samples.add("/api/families", &list_families());
    for family in games::families() {
        if family.file_only.is_empty() {
            sample(&mut samples, &*games::open(family.name).unwrap());
        }
    }
    // Pieces of kinds, the hands and a drop from one: Dōbutsu shōgi's lions and chicks,
    // and a position where sente holds a chick.
    let dobutsu = games::open("dobutsu:giraffes=false,elephants=false").unwrap();
    sample(&mut samples, &*dobutsu);
    let analysis = dobutsu.analyze("1l1/3/1C1/1L1 b C").unwrap();
    assert!(analysis.moves.iter().any(|mv| mv.name == "C*2b"));
    samples.add(
        "/api/games/{game}/position",
        &AnalysedPosition::of(dobutsu.about(), &analysis),
    );
    for code in 0..19_683u16 {
        let board = Board::from_code(code).unwrap();
        samples.add("/api/tictactoe/{board}/validity", &Validity::of(board));
        if let Ok(position) = board.lookup() {
            samples.add("/api/tictactoe/{board}", &TicTacToePosition::of(position));
            if let Some(cell) = position.pick(Level::Perfect, &mut || 0) {
                let pick = TicTacToePick {
                    cell,
                    level: Level::Perfect.to_string(),
                };
                samples.add("/api/tictactoe/{board}/pick", &pick);
            }
        }
    }
    let mut game = PlayedGame::<Board, 9>::new(&TICTACTOE);
    for cell in [4, 0, 8, 2, 6, 3, 5] {
        game.play(cell).unwrap();
        samples.add("/api/tictactoe/game", &TicTacToeGame::of(&game, 0));
    }
    let grid = Grid::new(&[[1u8, 1, 1], [1, 1, 1], [1, 1, 1]]).unwrap();
    let solution = Solver::new()
        .solve_within(&grid, (1, 0), (1, 2), Budget::UNLIMITED)
        .unwrap();
    samples.add("/api/footholds", &FootholdsSolution::of(&solution));
    for turn in [FootholdsPlayer::A, FootholdsPlayer::B] {
        let position = Footholds::new(&grid, (1, 0), (1, 2), turn).unwrap();
        let analysis = Solver::new().analyze(&position, Budget::UNLIMITED).unwrap();
        samples.add(
            "/api/footholds/position",
            &FootholdsAnalysis::of(&position, &analysis),
        );
    }
    samples
}

/// Every answer of every documented path matches the schema of its 200; every error
/// matches `Error`; every documented path has samples, and every sampled path is
/// documented.
#[test]
fn the_document_describes_what_the_structs_write() {
    let document = document();
    let samples = samples();
    let paths = document["paths"].as_object().unwrap();
    let mut why = Vec::new();
    // Every error's body: words alone, or a size answered from a table file alone (each
    // family's first such size, opened without its file).
    let mut errors = vec![ApiError::NotFound("why".to_owned())];
    for family in games::families() {
        if let Some(size) = family.file_only.first() {
            let Err(error) = open(&format!("{}:{size}", family.name)) else {
                panic!("{}:{size} is answered without its table file", family.name);
            };
            assert!(matches!(error, ApiError::NeedsTable(..)), "{error:?}");
            errors.push(error);
        }
    }
    assert!(
        errors.len() > 1,
        "a size answered from a table file alone is sampled"
    );
    let errors: Vec<Value> = errors
        .into_iter()
        .map(|error| serde_json::to_value(error.body()).unwrap())
        .collect();
    for (path, item) in paths {
        let answers = samples
            .0
            .get(path.as_str())
            .unwrap_or_else(|| panic!("{path} is documented but has no samples here"));
        for operation in item.as_object().unwrap().values() {
            // JSON, or one JSON object a line (NDJSON): each sample is one.
            let content = &operation["responses"]["200"]["content"];
            let schema = match content.get("application/x-ndjson") {
                Some(lines) => &lines["schema"],
                None => &content["application/json"]["schema"],
            };
            for answer in answers {
                check(&document, schema, answer, path, &mut why);
            }
            for status in ["400", "404", "422"] {
                let error =
                    &operation["responses"][status]["content"]["application/json"]["schema"];
                if error.is_object() {
                    for body in &errors {
                        check(
                            &document,
                            error,
                            body,
                            &format!("{path} {status}"),
                            &mut why,
                        );
                    }
                }
            }
        }
    }
    for path in samples.0.keys() {
        assert!(
            paths.contains_key(*path),
            "{path} is served but not documented"
        );
    }
    why.sort();
    why.dedup();
    assert!(
        why.is_empty(),
        "{} mismatches:\n{}",
        why.len(),
        why.join("\n")
    );
}

/// The checker itself finds what it is to find: a missing field, a field the document
/// does not name, a wrong type, a null where none may be, a value out of bounds.
#[test]
fn the_checker_finds_mismatches() {
    let document = document();
    let schema = serde_json::json!({"$ref": "#/components/schemas/GamePick"});
    let mut why = Vec::new();
    for (value, words) in [
        (serde_json::json!({"move": "1"}), "lacks the required"),
        (
            serde_json::json!({"move": "1", "level": "perfect", "x": 1}),
            "not in the document",
        ),
        (
            serde_json::json!({"move": 1, "level": "perfect"}),
            "is not string",
        ),
        (
            serde_json::json!({"move": null, "level": "perfect"}),
            "not nullable",
        ),
    ] {
        why.clear();
        check(&document, &schema, &value, "GamePick", &mut why);
        assert!(
            why.iter().any(|why| why.contains(words)),
            "{value}: {why:?}"
        );
    }
    why.clear();
    let move_schema = serde_json::json!({"$ref": "#/components/schemas/TicTacToeMove"});
    let value = serde_json::json!({"cell": 9, "outcome": "x", "plies": 1});
    check(&document, &move_schema, &value, "TicTacToeMove", &mut why);
    assert!(why.iter().any(|why| why.contains("outside")), "{why:?}");
    why.clear();
    let value = serde_json::json!({"cell": 1, "outcome": "y", "plies": 1});
    check(&document, &move_schema, &value, "TicTacToeMove", &mut why);
    assert!(
        why.iter().any(|why| why.contains("is not one of")),
        "{why:?}"
    );
}
