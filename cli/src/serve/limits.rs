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
/// answer near 640 KB and 60 ms of work (measured on a 1,000-move cycle, benches/HISTORY.md 7b).
pub const MAX_REVIEW_MOVES: usize = 1000;

/// Game reviews (`/api/games/{game}`) run at once, on blocking threads: each is at most
/// [`MAX_REVIEW_MOVES`] moves (about 60 ms and 640 KB), so 4 bound their memory to a few MB and
/// leave the async workers free for cheap requests. More wait their turn.
pub const REVIEWS: usize = 4;

/// How long a stream (`/api/games/{game}/stream`) lets one probe search before it moves
/// on, in its first pass over a position and its moves: a finished position, a book's,
/// a win in one or a position the transposition table holds answers in microseconds, so
/// those are shown before any long search starts; 20 ms a probe keeps the pass under
/// 0.2 s for a position of 7 moves.
pub const AT_ONCE: Duration = Duration::from_millis(20);

/// How long a stream spends in all on the earlier positions' values in its first pass
/// (each probe [`AT_ONCE`] at most): a game's history is mostly the book's and the
/// transposition table's, so its chart fills at once, but a long game of positions that
/// need a search does not hold up the current position's answers for more than this.
pub const HISTORY_AT_ONCE: Duration = Duration::from_millis(100);

/// The first slice a stream's search runs in: between two, the stream sees whether its
/// client is still there, so a board that moved on frees its search (and its `--solves`
/// permit). A search stopped at a slice's end keeps what it proved in the transposition
/// table, so the next slice goes on from there; each slice is twice the last, up to
/// [`SEARCH_SLICE_MOST`], so that a long search restarts a few times only.
pub const SEARCH_SLICE: Duration = Duration::from_millis(500);

/// The longest slice of a stream's search: a client that left is noticed within this.
pub const SEARCH_SLICE_MOST: Duration = Duration::from_secs(2);

/// How long a review waits for its turn before it is answered 503 with `Retry-After`.
pub const REVIEW_WAIT: Duration = Duration::from_secs(5);

/// The seconds a busy client is told to wait (`Retry-After`).
pub const RETRY_AFTER: u64 = 1;

/// Searches at once (`--solves`: footholds solves, and the answers of a game answered by
/// search): at least one, at most 64 (each holds a thread or more and memory, so more than
/// the cores is only waiting).
pub const SOLVES: RangeInclusive<usize> = 1..=64;

/// The time bound of one search in milliseconds (`--solve-time-limit`: a footholds solve,
/// or all the searches of one answer of a game answered by search): at least 1 ms, at most
/// 60 s.
pub const SOLVE_TIME: RangeInclusive<u64> = 1..=60_000;
