//! Every game of the registry through the game routes (`/api/games/{game}`, `/position`,
//! `/pick`, `/stream`), on a seeded sample of positions reached by random play through the API
//! itself, against the plain references in `tests/common/games.rs` (written from the
//! rules, no code shared with the crate); bad input answered with the JSON error; and a
//! position no game reaches answered as the binary's own `outcome --game NAME --json`
//! answers it (issue 29's one rule: `{"position", "reachable": false, "reason"}`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../../tests/common/connect4_reference.rs"]
mod connect4_reference;
mod support;

use std::collections::HashMap;

use common::Rng;
use common::games::{dodgem_reference, hexapawn_reference, misere_reference};
use perfect_play::Value as V;
use serde_json::Value;
use support::server::Server;

/// A query value percent-encoded as a browser would.
fn encode(text: &str) -> String {
    text.replace('%', "%25")
        .replace('/', "%2F")
        .replace(' ', "%20")
        .replace(',', "%2C")
}

/// The cells of a 3x3 notation (`ww./.../bbb w`): 0 empty, 1 the first piece letter, 2
/// the second; and the side letter after the board, if any.
fn cells_of(text: &str, pieces: [char; 2]) -> ([u8; 9], Option<char>) {
    let (board, side) = text.split_once(' ').unwrap_or((text, ""));
    let letters: Vec<char> = board.chars().filter(|&c| c != '/').collect();
    assert_eq!(letters.len(), 9, "{text}");
    let mut cells = [0; 9];
    for (cell, letter) in letters.iter().enumerate() {
        cells[cell] = pieces
            .iter()
            .position(|piece| piece == letter)
            .map_or(0, |index| index as u8 + 1);
    }
    (cells, side.chars().next())
}

/// A game's reference: a position's text to its value for the side to move and its plies
/// (`None` where the reference does not count them).
type Reference = Box<dyn FnMut(&str) -> (V, Option<u16>)>;

/// The reference of the game called `game`.
fn reference(game: &str) -> Reference {
    match game {
        "tictactoe" => {
            let mut memo = HashMap::new();
            Box::new(move |text| {
                let cells = cells_of(text, ['x', 'o']).0;
                let (winner, plies) = common::tictactoe::solve(&cells, &mut memo);
                let mover = common::tictactoe::mover(&cells);
                let value = match winner {
                    common::tictactoe::EMPTY => V::Draw,
                    mark if mark == mover => V::Win,
                    _ => V::Loss,
                };
                (value, Some(u16::from(plies)))
            })
        }
        "misere" => {
            let mut memo = HashMap::new();
            Box::new(move |text| {
                let (value, plies) = misere_reference(cells_of(text, ['x', 'o']).0, &mut memo);
                (value, Some(plies))
            })
        }
        "hexapawn" => {
            let mut memo = HashMap::new();
            Box::new(move |text| {
                let (cells, side) = cells_of(text, ['w', 'b']);
                let (value, plies) = hexapawn_reference(cells, side == Some('b'), &mut memo);
                (value, Some(plies))
            })
        }
        "dodgem" => {
            let values: HashMap<String, Option<V>> = dodgem_reference()
                .into_iter()
                .map(|(cars, value)| (cars.notation(), value))
                .collect();
            Box::new(move |text| {
                let value = values
                    .get(text)
                    .unwrap_or_else(|| panic!("dodgem {text}: not in the reference"));
                (value.unwrap_or(V::Draw), None)
            })
        }
        "connect4-4x4" => {
            let mut reference = connect4_reference::Reference::new(4, 4);
            Box::new(move |text| {
                // The notation's rows run from the top; the reference's row 0 is the bottom.
                let grid: Vec<char> = text.split('/').rev().flat_map(str::chars).collect();
                let (value, plies) = reference.solve(&grid);
                (value, Some(plies))
            })
        }
        game => panic!("no reference for {game}: add one to tests/common/games.rs"),
    }
}

/// Who wins, as the API spells it, when `value` is worth it to `mover`.
fn name(value: V, mover: &str, sides: &[String]) -> String {
    let other = if mover == sides[0] {
        &sides[1]
    } else {
        &sides[0]
    };
    match value {
        V::Win => mover.to_owned(),
        V::Loss => other.clone(),
        V::Draw => "draw".to_owned(),
    }
}

#[test]
fn every_game_answers_through_the_game_routes_as_the_references_say() {
    let server = Server::start(&[]);
    let games = server.get("/api/games").json();
    let mut served = 0;
    for game in games.as_array().unwrap() {
        let game_name = game["name"].as_str().unwrap();
        if game["answered_by"] == "search" {
            // Random play leaves the opening book at once, where ranking a position's moves
            // takes minutes: cli_connect4_7x6.rs serves it within the book, and
            // tests/search_reference.rs checks the search on positions deep in the game.
            continue;
        }
        let start = server.get(&format!("/api/games/{game_name}"));
        assert_eq!(start.status, 200, "{game_name}: {}", start.text());
        let start = start.json();
        let sides: Vec<String> = serde_json::from_value(start["sides"].clone()).unwrap();
        assert_eq!(
            start["positions"][0]["position"], game["start"],
            "{game_name}"
        );
        let mut reference = reference(game_name);
        let mut rng = Rng(0x5eed ^ game_name.len() as u64);
        for _ in 0..12 {
            let (mut text, mut moves) = (game["start"].as_str().unwrap().to_owned(), Vec::new());
            let mut seen = Vec::new();
            for _ in 0..rng.below(14) {
                let path = format!("/api/games/{game_name}/position?position={}", encode(&text));
                let answer = server.get(&path);
                assert_eq!(answer.status, 200, "{path}: {}", answer.text());
                let answer = answer.json();
                let mover = answer["to_move"].as_str().unwrap().to_owned();
                let (value, plies) = reference(&text);
                assert_eq!(answer["position"], text.as_str());
                assert_eq!(
                    answer["outcome"],
                    name(value, &mover, &sides),
                    "{game_name} {text}"
                );
                if let Some(plies) = plies {
                    assert_eq!(answer["plies"], plies, "{game_name} {text}");
                }
                let options = answer["moves"].as_array().unwrap().clone();
                for option in &options {
                    let (child, child_plies) = reference(option["position"].as_str().unwrap());
                    let for_mover = match child {
                        V::Win => V::Loss,
                        V::Loss => V::Win,
                        V::Draw => V::Draw,
                    };
                    assert_eq!(
                        option["outcome"],
                        name(for_mover, &mover, &sides),
                        "{text} {option}"
                    );
                    if let Some(plies) = child_plies {
                        assert_eq!(option["plies"], plies + 1, "{text} {option}");
                    }
                }
                let pick = server.get(&format!(
                    "/api/games/{game_name}/pick?position={}&level=perfect",
                    encode(&text)
                ));
                seen.push(answer.clone());
                if options.is_empty() {
                    assert_eq!(pick.status, 422, "{text}: {}", pick.text());
                    break;
                }
                assert_eq!(pick.status, 200, "{text}: {}", pick.text());
                let best = answer["best_moves"].as_array().unwrap();
                assert!(
                    best.contains(&pick.json()["move"]),
                    "{text}: {} of {best:?}",
                    pick.text()
                );
                let chosen = &options[rng.below(options.len())];
                moves.push(chosen["move"].as_str().unwrap().to_owned());
                text = chosen["position"].as_str().unwrap().to_owned();
            }
            // The review of the same moves holds the same positions, each as `/position`
            // answers it.
            let review = server.get(&format!(
                "/api/games/{game_name}?moves={}",
                encode(&moves.join(","))
            ));
            assert_eq!(review.status, 200, "{moves:?}: {}", review.text());
            let review = review.json();
            assert_eq!(review["plies"].as_array().unwrap().len(), moves.len());
            for (index, position) in seen.iter().enumerate() {
                assert_eq!(
                    &review["positions"][index], position,
                    "{game_name} {moves:?}"
                );
            }
        }
        served += 1;
    }
    assert!(served >= 3, "the registry's games were served");
}

/// The stream of a game's answers (`/api/games/{game}/stream`) says what the game's
/// review says, each answer once, in the stream's order: the game drawn first with nothing
/// valued, every position's value, the last position's every move and then the position
/// whole, every ply judged once the values on both sides of it are in, `done` last. The
/// review is the reference here (checked against the plain references above); random games
/// of every game answered by a table, and the first plies of `connect4-7x6` (its book's).
#[test]
fn every_game_streams_the_answers_its_review_gives() {
    let server = Server::start(&[]);
    let games = server.get("/api/games").json();
    let mut streamed = 0;
    for game in games.as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        let searched = game["answered_by"] == "search";
        let mut rng = Rng(0x57ea ^ name.len() as u64);
        for round in 0..6 {
            // Random moves through the review itself (within the book of a game answered by
            // search: two plies).
            let mut moves: Vec<String> = Vec::new();
            let plies = if searched { 2 } else { rng.below(12) };
            for _ in 0..plies {
                let review = server
                    .get(&format!(
                        "/api/games/{name}?moves={}",
                        encode(&moves.join(","))
                    ))
                    .json();
                let last = review["positions"]
                    .as_array()
                    .unwrap()
                    .last()
                    .unwrap()
                    .clone();
                let options = last["moves"].as_array().unwrap();
                if options.is_empty() {
                    break;
                }
                moves.push(
                    options[rng.below(options.len())]["move"]
                        .as_str()
                        .unwrap()
                        .to_owned(),
                );
            }
            let query = encode(&moves.join(","));
            let review = server.get(&format!("/api/games/{name}?moves={query}"));
            assert_eq!(review.status, 200, "{name} {moves:?}: {}", review.text());
            let review = review.json();
            let stream = server.get(&format!("/api/games/{name}/stream?moves={query}"));
            assert_eq!(stream.status, 200, "{name} {moves:?}: {}", stream.text());
            assert_eq!(stream.header("content-type"), Some("application/x-ndjson"));
            let events = stream.lines();
            let at = format!("{name} {moves:?} (round {round})");
            check_stream(&events, &review, &at);
        }
        streamed += 1;
    }
    assert!(streamed >= 4, "the registry's games were streamed");
}

/// Checks a stream's `events` against the `review` of the same moves.
fn check_stream(events: &[Value], review: &Value, at: &str) {
    let kinds: Vec<&str> = events
        .iter()
        .map(|event| event["event"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.first(), Some(&"game"), "{at}: {kinds:?}");
    assert_eq!(kinds.last(), Some(&"done"), "{at}: {kinds:?}");
    let positions = review["positions"].as_array().unwrap();
    let last = positions.len() - 1;
    // The game drawn: the review's positions without their values, moves in the game's
    // order (the review's are ranked).
    let drawn = &events[0]["game"];
    for field in [
        "game",
        "family",
        "parameters",
        "title",
        "rules",
        "sides",
        "pieces",
        "move_help",
        "moves",
    ] {
        assert_eq!(drawn[field], review[field], "{at}: {field}");
    }
    for (sketch, position) in drawn["positions"].as_array().unwrap().iter().zip(positions) {
        for field in [
            "position",
            "to_move",
            "finished",
            "winner",
            "cells",
            "width",
            "height",
            "geometry",
            "counts",
            "winning_line",
        ] {
            assert_eq!(sketch[field], position[field], "{at}: {field}");
        }
        assert!(
            sketch.get("outcome").is_none(),
            "{at}: a sketch has no value"
        );
        let mut sketched: Vec<String> = sketch["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|mv| mv.to_string())
            .collect();
        let mut reviewed: Vec<String> = position["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|mv| {
                let mut mv = mv.clone();
                let fields = mv.as_object_mut().unwrap();
                fields.remove("outcome");
                fields.remove("plies");
                mv.to_string()
            })
            .collect();
        sketched.sort();
        reviewed.sort();
        assert_eq!(sketched, reviewed, "{at}");
    }
    assert_eq!(
        drawn["positions"].as_array().unwrap().len(),
        positions.len(),
        "{at}"
    );
    assert_eq!(
        drawn["plies"].as_array().unwrap().len(),
        review["plies"].as_array().unwrap().len(),
        "{at}"
    );
    // Every value once, the review's.
    let mut valued = vec![0; positions.len()];
    for event in events.iter().filter(|event| event["event"] == "value") {
        let index = event["index"].as_u64().unwrap() as usize;
        valued[index] += 1;
        assert_eq!(
            event["outcome"], positions[index]["outcome"],
            "{at}: {event}"
        );
        assert_eq!(event["plies"], positions[index]["plies"], "{at}: {event}");
    }
    assert!(
        valued.iter().all(|&count| count == 1),
        "{at}: values {valued:?}"
    );
    // Every move of the last position once, before the position whole.
    let whole = kinds
        .iter()
        .position(|&kind| kind == "position")
        .expect("the position whole");
    let moves = positions[last]["moves"].as_array().unwrap();
    let mut found = Vec::new();
    for (index, event) in events
        .iter()
        .enumerate()
        .filter(|(_, event)| event["event"] == "move")
    {
        assert!(index < whole, "{at}: {event} after the position whole");
        assert_eq!(event["index"], last, "{at}: {event}");
        let reviewed = moves
            .iter()
            .find(|mv| mv["move"] == event["move"])
            .unwrap_or_else(|| panic!("{at}: {event}"));
        assert_eq!(
            (&event["outcome"], &event["plies"]),
            (&reviewed["outcome"], &reviewed["plies"]),
            "{at}"
        );
        found.push(event["move"].as_str().unwrap().to_owned());
    }
    found.sort();
    found.dedup();
    assert_eq!(found.len(), moves.len(), "{at}: every move once");
    assert_eq!(events[whole]["index"], last, "{at}");
    assert_eq!(&events[whole]["analysis"], &positions[last], "{at}");
    // Every ply once, the review's, after the values on both sides of it.
    let plies: Vec<&Value> = events
        .iter()
        .filter(|event| event["event"] == "ply")
        .map(|event| &event["ply"])
        .collect();
    let mut plies: Vec<Value> = plies.into_iter().cloned().collect();
    plies.sort_by_key(|ply| ply["number"].as_u64());
    assert_eq!(&Value::from(plies), &review["plies"], "{at}");
}

#[test]
fn bad_game_requests_are_json_errors_that_say_where() {
    let server = Server::start(&[]);
    let too_many = vec!["1-2"; 1001].join(",");
    for (path, status, words) in [
        (
            "/api/games/chess",
            404,
            "no game is called `chess`; the games are ",
        ),
        (
            "/api/games/chess/position",
            404,
            "the games are tictactoe, misere",
        ),
        ("/api/games/chess/pick", 404, "no game"),
        ("/api/games/hexapawn?moves=2-5,%20x", 400, "move 2: "),
        (
            "/api/games/hexapawn?moves=2-5,%20x",
            400,
            "at column 6 of moves",
        ),
        (
            "/api/games/connect4-4x4?moves=1,2,1,2,1,2,1,2",
            422,
            "the game ended at move 7: x won; move 8 cannot be played (at column 15 of moves)",
        ),
        (
            "/api/games/hexapawn?moves=2-5,5-1",
            422,
            "move 2: `5-1` is not a legal move here: the legal moves are 7-4, 7-5, 9-6, 9-5",
        ),
        // The stream says what is wrong before it starts, as the review does.
        ("/api/games/chess/stream", 404, "no game is called `chess`"),
        (
            "/api/games/hexapawn/stream?moves=2-5,%20x",
            400,
            "at column 6 of moves",
        ),
        (
            "/api/games/connect4-4x4/stream?moves=1,2,1,2,1,2,1,2",
            422,
            "the game ended at move 7: x won; move 8 cannot be played (at column 15 of moves)",
        ),
        (
            &format!("/api/games/dodgem/stream?moves={too_many}"),
            400,
            "at most 1000",
        ),
        (
            "/api/games/hexapawn/stream?start=www%2F...%2Fbbx%20w",
            400,
            "row 3, column 3",
        ),
        (
            "/api/games/hexapawn/stream?position=x",
            400,
            "unknown parameter",
        ),
        (
            &format!("/api/games/dodgem?moves={too_many}"),
            400,
            "at most 1000",
        ),
        (
            "/api/games/hexapawn/position?position=www",
            400,
            "position: ",
        ),
        (
            "/api/games/hexapawn/position?start=x",
            400,
            "unknown parameter `start`",
        ),
        ("/api/games/hexapawn/pick?level=genius", 400, "level: "),
        ("/api/games/hexapawn/pick?position=%FF", 400, "not UTF-8"),
    ] {
        let response = server.get(path);
        assert_eq!(response.status, status, "{path}: {}", response.text());
        assert_eq!(
            response.header("content-type"),
            Some("application/json"),
            "{path}"
        );
        let error = response.json()["error"].as_str().unwrap().to_owned();
        assert!(error.contains(words), "{path}: {error}");
    }
    // The start, analysed, is the first position of an empty review.
    for game in ["misere", "hexapawn", "dodgem"] {
        let position = server.get(&format!("/api/games/{game}/position")).json();
        let review = server.get(&format!("/api/games/{game}")).json();
        assert_eq!(review["positions"][0], position, "{game}");
        assert!(!position.get("cells").unwrap_or(&Value::Null).is_null());
    }
}

/// A position that parses but that no game reaches is answered 200 by `/position`, `/pick`
/// and a review's `start`, in the shape and words of `outcome --game NAME --json` (run
/// here as a user runs it); text that is not a position stays a 400 naming where.
#[test]
fn unreachable_positions_answer_as_the_cli_does() {
    let server = Server::start(&[]);
    for (game, position) in [
        ("hexapawn", "bbb/.../www w"),
        ("misere", "xxx/ooo/..."),
        ("tictactoe", "oo./.../..."),
        ("connect4-4x4", "x.../..../..../...."),
    ] {
        let out = support::perfect_play()
            .args(["outcome", "--game", game, "--json"])
            .write_stdin(format!("{position}\n"))
            .output()
            .unwrap();
        let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(cli["reachable"], false, "{game} {position}: {cli}");
        for path in [
            format!("/api/games/{game}/position?position={}", encode(position)),
            format!("/api/games/{game}/pick?position={}", encode(position)),
            format!("/api/games/{game}?start={}", encode(position)),
        ] {
            let response = server.get(&path);
            assert_eq!(response.status, 200, "{path}: {}", response.text());
            assert_eq!(response.json(), cli, "{path}");
        }
        // The stream's one line says the same.
        let path = format!("/api/games/{game}/stream?start={}", encode(position));
        let response = server.get(&path);
        assert_eq!(response.status, 200, "{path}: {}", response.text());
        let lines = response.lines();
        assert_eq!(lines.len(), 1, "{path}: {lines:?}");
        assert_eq!(lines[0]["event"], "unreachable", "{path}");
        assert_eq!(lines[0]["unreachable"], cli, "{path}");
    }
    // Not a position: an error, with where.
    let response = server.get("/api/games/hexapawn/position?position=www%2F...%2Fbbb%2F...%20w");
    assert_eq!(response.status, 400, "{}", response.text());
    assert!(
        response.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("position: "),
        "{}",
        response.text()
    );
}

/// Each move carries its shape as the game declares it, checked here against the move's
/// written form, which each game's docs define: a cell `N` is placed on cell `N - 1`, a
/// column `N` is the drop into column `N - 1`, `A-B` moves from cell `A - 1` to `B - 1`
/// (`A-off` leaves the board).
#[test]
fn every_move_says_its_shape() {
    let server = Server::start(&[]);
    for (game, kind) in [
        ("tictactoe", "place"),
        ("misere", "place"),
        ("connect4-4x4", "drop"),
        ("hexapawn", "from-to"),
        ("dodgem", "from-to"),
    ] {
        let answer = server.get(&format!("/api/games/{game}/position")).json();
        let moves = answer["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{game}");
        for mv in moves {
            let name = mv["move"].as_str().unwrap();
            assert_eq!(mv["kind"], kind, "{game} {mv}");
            let number = |text: &str| text.parse::<u64>().ok().map(|n| n - 1);
            let (from, to, column) = match kind {
                "place" => (None, number(name), None),
                "drop" => (None, None, number(name)),
                _ => {
                    let (a, b) = name.split_once('-').unwrap();
                    (number(a), number(b), None)
                }
            };
            assert_eq!(mv["from"].as_u64(), from, "{game} {mv}");
            assert_eq!(mv["to"].as_u64(), to, "{game} {mv}");
            assert_eq!(mv["column"].as_u64(), column, "{game} {mv}");
        }
    }
}

/// `/api/families` lists what `perfect-play games --families --json` lists, and every
/// family opens at its default size through the game routes by its name and a colon, answered
/// with its geometry, the counts a board without cells draws, and each move's whole
/// shape, whose `kind` is the move's `kind` and whose cells are its `from`, `to` and
/// `column`.
#[test]
fn every_family_opens_by_name_with_its_geometry_and_the_shapes_of_its_moves() {
    let server = Server::start(&[]);
    let listed = server.get("/api/families").json();
    let cli: Vec<Value> = support::stdout_of(&["games", "--families", "--json"])
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(listed.as_array().unwrap(), &cli);
    let games: Vec<String> = server
        .get("/api/games")
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["name"].as_str().unwrap().to_owned())
        .collect();
    let mut kinds = std::collections::BTreeSet::new();
    for family in &cli {
        let name = family["family"].as_str().unwrap();
        // `hexapawn:` is the family's default size, called by every parameter or by the
        // size's own name where it has one (`hexapawn`, `connect4-4x4`: a game listed).
        // A default answered from a table file alone (`needs_table`: Dōbutsu shōgi's full
        // game) is a 404 without its file, saying which size and what its file costs.
        if let Some(size) = support::default_needs_table(family) {
            let missing = server.get(&format!("/api/games/{name}:"));
            assert_eq!(missing.status, 404);
            let body: Value = serde_json::from_slice(&missing.body).unwrap();
            assert_eq!(&body["needs_table"], size, "{body}");
            let said = body["error"].as_str().unwrap();
            assert!(said.contains("perfect-play solve"), "{said}");
            continue;
        }
        let review = server.get(&format!("/api/games/{name}:")).json();
        assert_eq!(review["family"], name, "{review}");
        let game = review["game"].as_str().unwrap();
        assert!(
            game.starts_with(&format!("{name}:")) || games.contains(&game.to_owned()),
            "{name}: {game}"
        );
        assert_eq!(review["title"], family["title"]);
        for parameter in family["parameters"].as_array().unwrap() {
            assert!(
                review["parameters"]
                    .get(parameter["name"].as_str().unwrap())
                    .is_some()
            );
        }
        let start = &review["positions"][0];
        let geometry = &start["geometry"];
        let counts = start["counts"].as_array().unwrap().len() as u64;
        let cells = start["cells"].as_str().unwrap().len() as u64;
        match geometry["kind"].as_str().unwrap() {
            "rectangle" | "hex-rhombus" => {
                assert_eq!(
                    cells,
                    geometry["width"].as_u64().unwrap() * geometry["height"].as_u64().unwrap()
                );
                assert_eq!(counts, 0);
            }
            "piles" => assert_eq!((cells, counts), (0, geometry["piles"].as_u64().unwrap())),
            "pits" => assert_eq!(
                (cells, counts),
                (0, 2 * geometry["pits"].as_u64().unwrap() + 2)
            ),
            "dots" => {
                let (rows, columns) = (
                    geometry["rows"].as_u64().unwrap(),
                    geometry["columns"].as_u64().unwrap(),
                );
                assert_eq!(
                    (cells, counts),
                    (rows * columns, (rows + 1) * columns + rows * (columns + 1))
                );
            }
            other => panic!("{name}: geometry {other}"),
        }
        kinds.insert(geometry["kind"].as_str().unwrap().to_owned());
        for mv in start["moves"].as_array().unwrap() {
            let shape = &mv["shape"];
            assert_eq!(shape["kind"], mv["kind"], "{name} {mv}");
            match shape["kind"].as_str().unwrap() {
                "place" => assert_eq!((&mv["from"], &mv["to"]), (&Value::Null, &shape["cell"])),
                "from-to" => assert_eq!((&mv["from"], &mv["to"]), (&shape["from"], &shape["to"])),
                "drop" => assert_eq!(mv["column"], shape["column"]),
                _ => assert_eq!(
                    (&mv["from"], &mv["to"], &mv["column"]),
                    (&Value::Null, &Value::Null, &Value::Null)
                ),
            }
        }
    }
    let every: Vec<&str> = kinds.iter().map(String::as_str).collect();
    assert_eq!(every, ["dots", "hex-rhombus", "piles", "pits", "rectangle"]);
}
