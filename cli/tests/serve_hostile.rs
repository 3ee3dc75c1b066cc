//! `perfect-play serve` against hostile clients, through real sockets on 127.0.0.1: slow
//! heads, huge announced bodies, overlong move lists, other hosts and sites, bad options,
//! a stop signal with connections held.
//!
//! The bounds asserted are the server's stated ones (`serve --help`, `src/cli/serve/limits.rs`)
//! plus generous slack: these tests prove a bound holds, never that the server is fast.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use predicates::str::contains;
use support::perfect_play;
use support::server::{Response, Server};

/// The header timeout the server states.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// The body timeout the server states.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// The drain deadline after SIGTERM, plus the wait for solver threads, the server states.
const STOP: Duration = Duration::from_secs(4);
/// What any bound may be overrun by on a loaded machine.
const SLACK: Duration = Duration::from_secs(10);

/// A connection that sends `bytes` and then holds.
fn hold(server: &Server, bytes: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(&server.addr).unwrap();
    stream.write_all(bytes).unwrap();
    stream
}

/// Asserts an error answer: `status`, a JSON `{"error": ..}` and the security headers.
fn assert_json_error(response: &Response, status: u16) -> String {
    assert_eq!(response.status, status, "{}", response.text());
    assert_eq!(response.header("content-type"), Some("application/json"));
    assert_eq!(response.header("x-content-type-options"), Some("nosniff"));
    assert!(
        response
            .header("content-security-policy")
            .is_some_and(|policy| policy.contains("default-src 'self'")),
        "{:?}",
        response.headers
    );
    response.json()["error"].as_str().unwrap().to_owned()
}

#[test]
fn a_slow_header_is_closed_within_the_header_timeout() {
    let server = Server::start(&[]);
    let started = Instant::now();
    // A slowloris client: part of a head, then nothing more.
    let mut stream = hold(&server, b"GET /api/games HTTP/1.1\r\nHost: ");
    stream
        .set_read_timeout(Some(HEADER_TIMEOUT + SLACK + SLACK))
        .unwrap();
    let mut answer = Vec::new();
    let read = stream.read_to_end(&mut answer);
    let took = started.elapsed();
    assert!(read.is_ok(), "the server closes the connection: {read:?}");
    assert!(answer.is_empty(), "{}", String::from_utf8_lossy(&answer));
    assert!(took < HEADER_TIMEOUT + SLACK, "closed after {took:?}");
    // A silent connection is closed the same way.
    let mut silent = TcpStream::connect(&server.addr).unwrap();
    silent
        .set_read_timeout(Some(HEADER_TIMEOUT + SLACK + SLACK))
        .unwrap();
    let started = Instant::now();
    assert_eq!(silent.read(&mut [0; 16]).unwrap(), 0);
    assert!(started.elapsed() < HEADER_TIMEOUT + SLACK);
}

#[test]
fn an_idle_kept_alive_connection_is_closed_within_the_header_timeout() {
    let server = Server::start(&[]);
    let mut stream = hold(
        &server,
        format!("GET /api/games HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr).as_bytes(),
    );
    stream
        .set_read_timeout(Some(HEADER_TIMEOUT + SLACK + SLACK))
        .unwrap();
    let mut answer = Vec::new();
    stream.read_exact(&mut [0; 12]).unwrap();
    let started = Instant::now();
    assert!(stream.read_to_end(&mut answer).is_ok());
    assert!(
        started.elapsed() < HEADER_TIMEOUT + SLACK,
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_64_kb_move_list_is_refused_quickly_with_json() {
    let server = Server::start(&[]);
    // 15,000 moves, 60 KB: no game worth reviewing is that long (a loopy Dodgem game can
    // be, round a cycle), so the list is refused unread, whatever its moves.
    let moves = vec!["1-2"; 15_000].join(",");
    let started = Instant::now();
    let response = server.get(&format!("/api/games/dodgem?moves={moves}"));
    let error = assert_json_error(&response, 400);
    assert!(error.contains("at most 1000"), "{error}");
    assert!(started.elapsed() < SLACK, "{:?}", started.elapsed());
    // Past 64 KiB of URI hyper answers 414 itself, before the application: no body, as
    // the serve module and the OpenAPI document say.
    let moves = vec!["1-2"; 16_500].join(",");
    let response = server.get(&format!("/api/games/dodgem?moves={moves}"));
    assert_eq!(response.status, 414);
    // A list within the bound is read as usual (here: refused at its first illegal move).
    let response = server.get("/api/games/dodgem?moves=1-2,1-2");
    let error = assert_json_error(&response, 422);
    assert!(error.starts_with("move 2:"), "{error}");
}

#[test]
fn too_large_and_not_json_bodies_are_json_errors() {
    let server = Server::start(&[]);
    // 413 before the body is read: 10 MB announced, 2 bytes sent.
    let request = format!(
        "POST /api/footholds HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\nConnection: close\r\n\r\n{{}}",
        server.addr
    );
    let started = Instant::now();
    let error = assert_json_error(&server.raw(request.as_bytes()), 413);
    assert!(error.contains("16384 bytes"), "{error}");
    assert!(started.elapsed() < SLACK);
    // 415 for a body that is not JSON, and for one with no content type.
    for content_type in ["Content-Type: text/plain\r\n", ""] {
        let request = format!(
            "POST /api/footholds/position HTTP/1.1\r\nHost: {}\r\n{content_type}Content-Length: 2\r\nConnection: close\r\n\r\n{{}}",
            server.addr
        );
        let error = assert_json_error(&server.raw(request.as_bytes()), 415);
        assert!(error.contains("application/json"), "{error}");
    }
    // 405 and 404 are JSON with the security headers too.
    assert_json_error(&server.get("/api/footholds"), 405);
    assert_json_error(&server.get("/nope"), 404);
}

#[test]
fn a_body_that_stops_arriving_is_408_within_the_body_timeout() {
    let server = Server::start(&[]);
    let started = Instant::now();
    // 100 bytes announced, 1 sent.
    let response = server.raw(
        format!(
            "POST /api/footholds HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{{",
            server.addr
        )
        .as_bytes(),
    );
    let error = assert_json_error(&response, 408);
    assert!(error.contains("10 s"), "{error}");
    assert!(
        started.elapsed() < BODY_TIMEOUT + SLACK,
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_cross_site_post_is_refused() {
    let server = Server::start(&[]);
    let example = br#"{"board":[[1,1,1],[1,1,1],[1,1,1]],"aloc":[1,0],"bloc":[1,2]}"#;
    let post = |origin: &str, content_type: &str| {
        let mut request = format!(
            "POST /api/footholds HTTP/1.1\r\nHost: {}\r\n{origin}Content-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            server.addr,
            example.len()
        )
        .into_bytes();
        request.extend_from_slice(example);
        server.raw(&request)
    };
    // A page of another site, with the form's text/plain or with JSON.
    for content_type in ["text/plain", "application/json"] {
        let response = post("Origin: http://evil.example\r\n", content_type);
        let error = assert_json_error(&response, 403);
        assert!(error.contains("other sites"), "{error}");
    }
    // `null` (a sandboxed page, a file) and the right host on another scheme are other sites.
    for origin in ["null", &format!("https://{}", server.addr)] {
        let response = post(&format!("Origin: {origin}\r\n"), "application/json");
        assert_json_error(&response, 403);
    }
    // Without an Origin but as a form sends it: 415.
    assert_json_error(&post("", "text/plain"), 415);
    // The server's own page is admitted.
    let own = post(
        &format!("Origin: http://{}\r\n", server.addr),
        "application/json",
    );
    assert_eq!(own.status, 200, "{}", own.text());
}

#[test]
fn a_wrong_host_is_refused_unless_allowed() {
    let get = |server: &Server, host: &str| {
        server.raw(
            format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
    };
    let server = Server::start(&[]);
    let port = server.addr.rsplit(':').next().unwrap().to_owned();
    // A DNS name rebound to 127.0.0.1, and the right address on another port.
    for host in [
        "rebound.example",
        &format!("rebound.example:{port}"),
        "127.0.0.1:1",
    ] {
        let error = assert_json_error(&get(&server, host), 421);
        assert!(error.contains("--allow-host"), "{error}");
    }
    for host in [
        server.addr.clone(),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ] {
        assert_eq!(get(&server, &host).status, 200, "{host}");
    }
    let allowing = Server::start(&["--allow-host", "board.example"]);
    assert_eq!(get(&allowing, "board.example").status, 200);
    assert_eq!(get(&allowing, "board.example:8080").status, 200);
    assert_json_error(&get(&allowing, "other.example"), 421);
}

#[test]
fn options_out_of_range_exit_2_before_serving() {
    for args in [
        &["--solves", "0"][..],
        &["--solves", "65"],
        &["--solves", "18446744073709551615"],
        &["--solve-time-limit", "0"],
        &["--solve-time-limit", "60001"],
        &["--allow-host", ""],
        &["--allow-host", "board.example:8080"],
    ] {
        let flag = args[0];
        perfect_play()
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .timeout(SLACK)
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains(format!("perfect-play: {flag}")));
    }
}

#[test]
fn sigterm_with_held_connections_exits_within_the_stated_time() {
    let mut server = Server::start(&[]);
    let mut held = Vec::new();
    for _ in 0..20 {
        // Slowloris heads, and bodies announced but never sent.
        held.push(hold(&server, b"GET / HTTP/1.1\r\nX-Slow: "));
        held.push(hold(
            &server,
            format!(
                "POST /api/footholds HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{",
                server.addr
            )
            .as_bytes(),
        ));
    }
    // A kept-alive connection, idle after its answer.
    let mut idle = hold(
        &server,
        format!("GET /api/games HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr).as_bytes(),
    );
    idle.read_exact(&mut [0; 12]).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let took = server.terminate(STOP + SLACK);
    assert!(
        took.is_some(),
        "the server still runs {:?} after SIGTERM",
        STOP + SLACK
    );
    drop(held);
}

#[test]
fn connections_over_the_cap_are_answered_busy() {
    let server = Server::start(&[]);
    // The cap is 512: hold that many kept-alive connections (each has had an answer, so
    // each is counted), then ask once more.
    let request = format!("GET /api/games HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    let mut held = Vec::new();
    for _ in 0..512 {
        let mut stream = hold(&server, request.as_bytes());
        stream.read_exact(&mut [0; 12]).unwrap();
        held.push(stream);
    }
    let response = server.get("/api/games");
    let error = assert_json_error(&response, 503);
    assert!(error.contains("512"), "{error}");
    assert_eq!(response.header("retry-after"), Some("1"));
    // Once connections end, new ones are served again.
    drop(held);
    let started = Instant::now();
    while server.get("/api/games").status != 200 {
        assert!(started.elapsed() < SLACK, "still busy");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A stream of answers (`/api/games/{game}/stream`) is bounded as every request is: its
/// searches stop at `--solve-time-limit` in all (a bound of 1 ms no search of a position
/// past the opening book meets), its last line then says why with `retry_after`, and a
/// 503 of the one-answer routes carries `Retry-After` too.
#[test]
fn a_stream_s_searches_stop_at_the_time_bound_and_say_so() {
    let server = Server::start(&["--solve-time-limit", "1"]);
    // Positions 10 to 16 plies into random games (seeded): past any opening book, each of
    // their moves needs a search of its own.
    let mut seed = 0x5157_u64;
    let mut column = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % 7 + 1).to_string()
    };
    let mut stopped = 0;
    for plies in 10..=16 {
        let moves: Vec<String> = (0..plies).map(|_| column()).collect();
        let path = format!("/api/games/connect4-7x6/stream?moves={}", moves.join(","));
        let started = Instant::now();
        let response = server.get(&path);
        if response.status == 422 {
            continue; // a full column, or a game already won: not a position to search
        }
        assert_eq!(response.status, 200, "{path}: {}", response.text());
        assert!(started.elapsed() < SLACK, "{path}: {:?}", started.elapsed());
        let events = response.lines();
        assert_eq!(events[0]["event"], "game", "{path}");
        let last = events.last().unwrap();
        match last["event"].as_str() {
            Some("error") => {
                stopped += 1;
                assert_eq!(last["status"], 503, "{last}");
                assert_eq!(last["retry_after"], 1, "{last}");
                let why = last["error"].as_str().unwrap();
                assert!(why.contains("--solve-time-limit"), "{why}");
            }
            Some("done") => {}
            other => panic!("{path}: the stream ended with {other:?}"),
        }
    }
    assert!(stopped > 0, "no stream met the 1 ms bound");
    let position = "......./......./......./..o..../..xo.../..xxo..".replace('/', "%2F");
    let refused = server.get(&format!(
        "/api/games/connect4-7x6/position?position={position}"
    ));
    if refused.status == 503 {
        assert_eq!(
            refused.header("retry-after"),
            Some("1"),
            "{}",
            refused.text()
        );
    }
}

/// A board that moves on leaves its stream: the server stops that stream's search at the
/// end of a slice of it (at most 2 s) and frees its `--solves` permit, so that with one
/// permit the next question gets it within the 5 s a request waits for one, rather than
/// after the first search's bound of a minute.
#[test]
fn a_stream_left_by_its_client_frees_its_search() {
    // Without the opening book: the stream's searches (the position eight plies in, its
    // moves, then every position back to the start) take minutes in all, far past the 5 s
    // the next question waits for the one permit.
    let server = Server::start(&["--solves", "1", "--solve-time-limit", "60000", "--no-book"]);
    let path = "/api/games/connect4-7x6/stream?moves=5,4,1,7,5,1,2,6";
    let mut stream = hold(
        &server,
        format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            server.addr
        )
        .as_bytes(),
    );
    // The head and the game drawn (its `game` event, a line) arrive at once; then the
    // searches begin, and the client leaves.
    stream.set_read_timeout(Some(SLACK)).unwrap();
    let mut seen = Vec::new();
    let mut byte = [0; 1];
    let drawn = |seen: &[u8]| {
        let text = String::from_utf8_lossy(seen);
        text.find("\"event\":\"game\"")
            .is_some_and(|at| text[at..].contains('\n'))
    };
    while !drawn(&seen) {
        assert_eq!(
            stream.read(&mut byte).unwrap(),
            1,
            "{}",
            String::from_utf8_lossy(&seen)
        );
        seen.push(byte[0]);
    }
    assert!(String::from_utf8_lossy(&seen).starts_with("HTTP/1.1 200"));
    std::thread::sleep(Duration::from_millis(200));
    drop(stream);
    // The one permit is free again within a slice: a question that needs it (a search of
    // milliseconds, 30 discs in) is answered (a 503 after 5 s if it were not).
    let deep = "..xo.o./..ox.o./o.xo.x./o.oxxxo/xxooxxx/ooxxxoo".replace('/', "%2F");
    let answer = server.get(&format!("/api/games/connect4-7x6/position?position={deep}"));
    assert_eq!(answer.status, 200, "{}", answer.text());
}
