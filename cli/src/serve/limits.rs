//! Every bound the server puts on a client, in one place, with why each value.
//!
//! The values are stated in `perfect-play serve --help` and in the OpenAPI document; a test
//! checks each against a real server (`tests/serve_hostile.rs`).

use std::ops::RangeInclusive;
use std::time::Duration;

/// How long a client has to send a request's whole head (request line and headers), from
/// the moment the server waits for it: on a new connection and between the requests of a
/// kept-alive one. So it is also the idle timeout. A browser sends a head in one packet;
/// 10 s is generous for a slow link and ends slowloris clients and silent connections.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a request's body may take to arrive (tower-http's body timeout): a footholds
/// query is a few hundred bytes, so 10 s is generous; past it the answer is 408.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest request body read: a footholds query of an 8x8 grid is about 200 bytes.
/// Larger is 413 (before reading, when `Content-Length` announces it).
pub const MAX_BODY: usize = 16 * 1024;

/// The most bytes of a request head the server buffers (hyper's `max_buf_size`): room for
/// the longest URI hyper takes (65,534 bytes; longer is hyper's 414), so that an overlong
/// move list reaches the application and gets a JSON answer saying why it is refused;
/// beyond it hyper answers 431 itself.
pub const MAX_HEAD: usize = 96 * 1024;

/// Connections served at once. Past it a new connection is answered 503 with
/// `Retry-After` at once and closed, instead of waiting unanswered in the backlog. 512
/// keeps the worst case of held heads near 512 x [`MAX_HEAD`] = 48 MiB and the file
/// descriptors well under a default limit of 1,024.
pub const MAX_CONNECTIONS: usize = 512;

/// After SIGTERM or Ctrl-C, how long requests in flight may take to finish before the
/// server stops anyway, whatever its clients do.
pub const DRAIN: Duration = Duration::from_secs(3);

/// After the drain, how long the runtime waits for solver threads before it exits; they
/// stop at their next budget check once their request is gone, so well within this.
pub const THREADS: Duration = Duration::from_secs(1);

/// The most moves a game's move list may hold (`moves=` of `/api/games/{game}`). Dodgem
/// is loopy: a game can go round a cycle for ever, and each move costs the answer a
/// position of every move's value (about 630 bytes). 1,000 moves is far past any game a
/// person plays (Dodgem has 1,963 positions; its perfect game is 19 plies) and bounds an
/// answer near 640 KB and 60 ms of work (measured on a 1,000-move cycle, BENCHMARKS.md).
pub const MAX_REVIEW_MOVES: usize = 1000;

/// Game reviews (`/api/games/{game}`) run at once, on blocking threads: each is at most
/// [`MAX_REVIEW_MOVES`] moves (about 60 ms and 640 KB), so 4 bound their memory to a few MB and
/// leave the async workers free for cheap requests. More wait their turn.
pub const REVIEWS: usize = 4;

/// How long a review waits for its turn before it is answered 503 with `Retry-After`.
pub const REVIEW_WAIT: Duration = Duration::from_secs(5);

/// The seconds a busy client is told to wait (`Retry-After`).
pub const RETRY_AFTER: u64 = 1;

/// Footholds solves at once (`--solves`): at least one, at most 64 (each holds a thread
/// and a table of up to 64 MiB, so more than the cores is only waiting).
pub const SOLVES: RangeInclusive<usize> = 1..=64;

/// The time bound of one footholds solve in milliseconds (`--solve-time-limit`): at least
/// 1 ms, at most 60 s.
pub const SOLVE_TIME: RangeInclusive<u64> = 1..=60_000;
