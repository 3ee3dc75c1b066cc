//! The command line, declared with clap's derive: the doc comments are the help text.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use perfect_play::games::{self, Resolved};

use super::judges::formats::Format;
use super::output::ColorChoice;

/// Perfect play for small two-player games: who wins from any position of every game solved
/// here (`perfect-play games` lists them; each answer an instant table lookup), and the
/// exact answer to the disappearing-footholds game.
///
/// Exit status: 0 when every input was answered, 1 when some could not be (text that is not
/// a board or position, a board no game reaches for `outcome` and `analyze`, a move `review`
/// cannot play) or the input was malformed, 2 for usage and I/O errors. `validity` answers
/// a board no game reaches `invalid`, with status 0; `play` ends 0 however the game ends.
#[derive(Debug, Parser)]
#[command(name = "perfect-play", version, after_help = MAIN_EXAMPLES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

const MAIN_EXAMPLES: &str = "\
Examples:
  echo 'xx.oo....' | perfect-play outcome          # x
  perfect-play validity --format boj --explain boards.txt
  perfect-play analyze 'xx./oo./...'
  perfect-play play --as o";

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Who wins each position under perfect play: tic-tac-toe boards in the judges'
    /// formats (x, o or TIE), or any game's positions with `--game`.
    ///
    /// Reads boards and answers each on its own line, in input order: `x` or `o` (who wins
    /// with perfect play from here), `TIE`, `invalid` (no game reaches the board) or `error`
    /// (not a board). Each `invalid` and `error` is explained on stderr as `FILE:LINE: why`
    /// (`-` is stdin) and makes the exit status 1; the other boards are still answered.
    ///
    /// With `--game NAME`, one position per line in the game's notation (as `analyze
    /// --game` takes it), answered with the name of the side that wins with perfect play
    /// (`white`, `black`...) or `draw`. For every game the same rule: text that is not a
    /// position is `error` (the message names the row and column, or what is missing); a
    /// position that no game reaches is `invalid`, with the game's reason where it has one
    /// (Connect Four's floating disc) or `no game of NAME reaches this position`.
    Outcome(OutcomeArgs),
    /// Whether a game can end on each board (a reachable, finished game): valid or invalid.
    ///
    /// Reads boards and says for each whether a real game can end on it (reachable by legal
    /// play, and over: three in a row or a full board): `valid`, `invalid`, or `error` for
    /// text that is not a board (explained on stderr as `FILE:LINE: why`; exit status 1).
    Validity(ValidityArgs),
    /// Draws one board and what each empty cell leads to under perfect play.
    ///
    /// Each empty cell shows its number as `play` takes it (1-9: 1 2 3 on the top row, 7 8 9
    /// on the bottom; `outcome --json` and the library count cells 0-8 instead), then what
    /// playing there leads to for the player to move: `win N`, `draw` or `loss N` (N counts
    /// the plies left, this move included, under perfect play). Optimal moves are marked
    /// `*` (and bold in colour). Colour is used when stdout
    /// is a terminal and NO_COLOR is not set, or with `--color always`.
    ///
    /// With `--game`, a position of another game, in its notation: the position, who wins
    /// with perfect play and in how many plies, the board with its empty cells numbered,
    /// and every move (as `play` takes it) ranked best first with what it leads to.
    Analyze(AnalyzeArgs),
    /// Plays a game against the table: tic-tac-toe, or another game with `--game`.
    ///
    /// Enter a cell 1-9 (1 2 3 on the top row, 7 8 9 on the bottom, as the board shows them),
    /// `hint` to see what each move leads to, or `quit`. Moves are read one per line, so a
    /// game can also be played from a pipe. The table plays the first of its optimal moves,
    /// so it never loses, unless `--level` asks it to play otherwise.
    /// Other games take moves in their notation: FROM-TO with cells 1-9 (`2-5`; in dodgem
    /// `3-off` drives a car off the board).
    ///
    /// A finished game ends with its review, as `review` prints it: the value under perfect
    /// play after each move, how good each move was, and the mistakes.
    Play(PlayArgs),
    /// Solves a game into a table file, tier by tier on every core, within a memory budget.
    ///
    /// Any game `perfect-play games` lists, any family at any size, and Connect Four at any
    /// size by its classic name `connect4-WxH` (`connect4-6x4`, `connect4-5x5`,
    /// `connect4-7x4`...; W columns up to 9, H rows up to 7).
    /// A game whose moves always add a piece (Connect Four) is solved one tier at a time,
    /// so only the tiers in use are in memory; each finished tier is kept in FILE.parts/,
    /// so a solve that is stopped resumes where it was when the same command runs again;
    /// FILE appears only once whole. A game without tiers (a loopy one) is solved whole in
    /// memory, or refused with what it would need. It ends by printing the positions, the
    /// start's value, bytes a position, time, peak memory and the file's SHA-256; a
    /// progress bar shows on a terminal (elsewhere, as under mpirun, a line on stderr as
    /// each step starts). The file is the same bytes at any thread count.
    Solve(SolveArgs),
    /// Reads a table file: `info` says what it holds, `verify` checks every checksum.
    Table(TableArgs),
    /// Reviews a game from its moves: the value after each move and the mistakes.
    ///
    /// Takes the moves played from the start, as `play` takes them (`5 1 9`, or `5,1,9`;
    /// none or `-` reads them from stdin), and prints the value under perfect play after
    /// each move and how good the move was (best, an inaccuracy or a mistake), then each
    /// mistake in a sentence: the moves that turned a win into a draw or a loss, or a draw
    /// into a loss.
    /// A move that does not parse or cannot be played is said on stderr (exit status 1).
    Review(ReviewArgs),
    /// Solves disappearing-footholds queries (Programmers 92345): total moves under perfect play.
    ///
    /// Reads one JSON object per line, as in the problem
    /// (`{"board":[[1,1,1],[1,1,1],[1,1,1]],"aloc":[1,0],"bloc":[1,2]}`; other fields are
    /// ignored), and answers each with the number of moves both players make under perfect
    /// play. A bad query is answered `error` and explained on stderr as `FILE:LINE: why`
    /// (exit status 1); the rest are still answered.
    Footholds(FootholdsArgs),
    /// Lists the games by name: positions, start outcome, plies.
    ///
    /// One line per game: its name, how many positions it has (every position reachable
    /// from the start; `connect4-7x6`, answered by search, is counted, not tabulated), who
    /// wins from the start with perfect play (`first`, `second` player wins, or `draw`) and
    /// in how many plies (`endless` for a draw that never ends). `--families` lists the
    /// families, whose every size is a game too.
    Games(GamesArgs),
    /// Builds an opening book for a game answered by search: the exact score of every
    /// position up to a ply, the deepest ply searched, each shallower one read from the
    /// ply below.
    ///
    /// Writes the book to OUT (`GAME.book` by default; a table file of the project's
    /// format, one entry per mirror pair, a tier a ply: `table verify` checks it) and, as
    /// it goes, every score found to `OUT.partial`, each as soon as it is found: run the
    /// same command again to resume a stopped build (scores of shallower plies in the
    /// partial file, a shallower book's, are checked against the deeper ply's). Progress
    /// is shown on a terminal.
    #[command(after_help = BOOK_EXAMPLES)]
    Book(BookArgs),
    /// Answers Connect Four 7x6 positions as Pascal Pons's `c4solver` does, byte for byte:
    /// a drop-in for scripts that call it.
    ///
    /// Reads one position a line from stdin, the columns played from the empty board
    /// (`4453`), and prints the line, a space and the score for the side to move (0 a
    /// draw, `22 - n` a win whose winner's last disc is its `n`-th, negated a loss), or
    /// with `-a` the score of each column, -1000 for a full one. A line that is not a
    /// position is said on stderr as `Line L: Invalid move M "LINE"` and not answered;
    /// the exit status is 0 all the same, as `c4solver`'s. Each answer is flushed at once.
    #[command(after_help = C4SOLVER_EXAMPLES)]
    C4solver(C4solverArgs),
    /// Serves the web board: play, analyse and learn every game in a browser.
    ///
    /// Every move on the board shows what it leads to; a chart shows the game's value move
    /// by move and marks each mistake; the computer plays at a chosen level; footholds
    /// games are built, solved and stepped through. Also serves the JSON API behind it,
    /// described by an OpenAPI document at /api/openapi.json. Everything is in the binary:
    /// no network is needed. Stops on Ctrl-C or SIGTERM, within 3 s whatever clients do.
    ///
    /// Bounds on clients: a request head must arrive within 10 s (also the idle timeout of
    /// a kept-alive connection) and within 96 KiB; a body within 10 s and 16 KiB (else 408,
    /// 413); 512 connections at once (more are answered 503 with Retry-After); at most
    /// 1,000 moves in a game's move list. Requests must name this server in Host (its
    /// address, localhost, 127.0.0.1 or `[::1]`, with the port) and come from its own pages
    /// (Origin), else 421 or 403; POST bodies must be application/json (else 415).
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
}

/// The arguments of `serve`.
#[cfg(feature = "serve")]
#[derive(Debug, Args)]
#[command(after_help = SERVE_EXAMPLES)]
pub struct ServeArgs {
    /// The address to listen on. Only this machine can connect to 127.0.0.1; port 0 takes
    /// any free port (the URL printed says which).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:7682")]
    pub addr: std::net::SocketAddr,

    /// Open the board in the desktop's browser once the server listens.
    #[arg(long)]
    pub open: bool,

    /// Searches run at once, 1 to 64: each footholds solve and each answer of a game
    /// answered by search (connect4-7x6 past its opening book) holds one; more wait their
    /// turn (up to 5 s, then 503 with Retry-After; the board's answers say they wait).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub solves: usize,

    /// The longest one search may take, in milliseconds (1 to 60000): a footholds solve, or
    /// all the searches of one answer of a game answered by search (connect4-7x6: a
    /// position's value and its moves'). Past it the answer is 503 with Retry-After; what
    /// a search proved is kept, so asking again goes further (the board asks by itself).
    #[arg(long, value_name = "MS", default_value_t = 3000)]
    pub solve_time_limit: u64,

    /// Also answer requests whose Host is NAME (any port): the name a reverse proxy or
    /// another machine uses for this server. Repeat for more names.
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,

    /// Also serve the game of this table file (`perfect-play solve` writes one; its game
    /// is the one the file names, `connect4-6x4` say), played and analysed like a compiled
    /// game. Repeat for more files.
    #[arg(long, value_name = "FILE")]
    pub table: Vec<std::path::PathBuf>,

    /// Searches (connect4-7x6): threads and opening book.
    #[command(flatten)]
    pub search: SearchArgs,
}

#[cfg(feature = "serve")]
const SERVE_EXAMPLES: &str = "\
Examples:
  perfect-play serve --open                 # then play in the browser
  perfect-play serve --addr 127.0.0.1:0     # any free port
  perfect-play serve --addr 0.0.0.0:7682 --allow-host board.lan   # for the whole network
  curl -s http://127.0.0.1:7682/api/tictactoe/xo.x..o..";

/// The arguments of `c4solver`, spelled as Pons's.
#[derive(Debug, Args)]
pub struct C4solverArgs {
    /// Weak solver: the score's sign alone (1 a win, 0 a draw, -1 a loss; a win at once
    /// scored exactly, as Pons's), found faster.
    #[arg(short = 'w')]
    pub weak: bool,

    /// Every column's score, each the score its move gives the side to move (-1000 for a
    /// full column).
    #[arg(short = 'a')]
    pub all: bool,

    /// An opening book of this project's format (`perfect-play book` writes one) instead
    /// of the shipped one. A file that is not one (Pons's own `7x6.book`, say) is refused
    /// whole, with why, before any line is read.
    #[arg(short = 'b', value_name = "BOOK")]
    pub book: Option<std::path::PathBuf>,

    /// Searches, opening book and threads.
    #[command(flatten)]
    pub search: SearchArgs,
}

const C4SOLVER_EXAMPLES: &str = "\
Examples:
  echo 2252576253462244111563 | perfect-play c4solver     # ...563 -2
  echo 2252576253462244111563 | perfect-play c4solver -a  # ...563 -4 -1000 -9 -2 -4 -10 -4
  perfect-play c4solver -w < positions.txt     # win 1, draw 0, loss -1";

/// The arguments of `book`.
#[derive(Debug, Args)]
pub struct BookArgs {
    /// The game: `connect4-7x6`.
    #[arg(value_parser = ["connect4-7x6"])]
    pub game: String,

    /// Every position up to this many plies goes into the book.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=42))]
    pub plies: u32,

    /// Where the book goes (its partial file is OUT.partial).
    #[arg(long, value_name = "OUT")]
    pub out: Option<std::path::PathBuf>,

    /// Positions searched at once, each on a thread of its own.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub threads: usize,

    /// The transposition table's budget, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 256)]
    pub memory: usize,
}

const BOOK_EXAMPLES: &str = "\
Examples:
  perfect-play book connect4-7x6 --plies 2                  # connect4-7x6.book
  perfect-play book connect4-7x6 --plies 12 --out deep.book # stop and rerun to resume";

/// The arguments of `games`.
#[derive(Debug, Args)]
pub struct GamesArgs {
    /// One JSON object per line instead: name (and game, the same), positions, start (the
    /// start position in the game's notation), sides (the two sides' names, the first to
    /// move first), outcome from the start (`first`, `second` or `draw`), plies (null for an
    /// endless draw).
    #[arg(long)]
    pub json: bool,

    /// List the game families instead, each with its parameters (name, kind, range,
    /// default), the sizes compiled in, and its default size's start in the game's
    /// notation with a legal move from it: any size within the ranges is named
    /// `FAMILY:P=V,...` (`mnk:m=4,n=4,k=3`, or by position `mnk:4,4,3`) on every command,
    /// and a size not compiled in is solved on first use.
    #[arg(long)]
    pub families: bool,
}

/// The arguments of `solve`.
#[derive(Debug, Args)]
#[command(after_help = SOLVE_EXAMPLES)]
pub struct SolveArgs {
    /// The game: a name `perfect-play games` lists, `connect4-WxH`, or a family at any size
    /// (`mnk:m=4,n=4,k=3`; `games --families` lists them).
    #[arg(value_name = "GAME", value_parser = game)]
    pub game: Resolved,

    /// The table file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,

    /// Threads to solve with; 0, the default, for one per core.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,

    /// The most memory the solve may hold: bytes, or with K, M, G or T (2G).
    #[arg(long, value_name = "SIZE", default_value = "2G", value_parser = memory_size)]
    pub memory: u64,
}

const SOLVE_EXAMPLES: &str = "\
Examples:
  perfect-play solve connect4-6x4 --out c64.table
  perfect-play outcome --game connect4-6x4 --table c64.table --json
  perfect-play solve connect4-5x5 --out c55.table --threads 2 --memory 1500M";

/// The arguments of `table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// What to do with the file.
    #[command(subcommand)]
    pub command: TableCommand,
}

/// `table info` and `table verify`.
#[derive(Debug, Subcommand)]
pub enum TableCommand {
    /// What a table file holds: its game, rules version, positions, layout, tiers,
    /// checksums (verified) and SHA-256.
    Info {
        /// The table file.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Checks every checksum of a table file: exit status 0 if it is whole, 2 (with which
    /// block, from which byte) if not.
    Verify {
        /// The table file.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

/// The game a command takes (`--game NAME`, `solve GAME`), resolved once here, in any case:
/// one `perfect-play games` lists, a family at any size, or Connect Four at any size by its
/// classic name (`connect4-6x4`); else the message that lists the games and names the
/// nearest. Nothing is solved or opened here: a size that is not compiled in is solved
/// when the command opens it (shown on a terminal), unless `--table` gives its file.
fn game(name: &str) -> Result<Resolved, String> {
    games::resolve(name).map_err(|error| error.to_string())
}

/// A memory size: a number of bytes, or with K, M, G or T (powers of 1024).
fn memory_size(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let (digits, unit) = match trimmed.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => trimmed.split_at(at),
        None => (trimmed, ""),
    };
    let shift = match unit.trim().to_ascii_uppercase().trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("`{unit}` is not a unit: use K, M, G or T, like 2G")),
    };
    let number: u64 = digits
        .parse()
        .map_err(|_| format!("`{text}` is not a size: a number, then K, M, G or T, like 2G"))?;
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("`{text}` is too large"))
}

/// The arguments of `outcome`.
#[derive(Debug, Args)]
#[command(after_help = OUTCOME_EXAMPLES)]
pub struct OutcomeArgs {
    /// The judges' input format (tic-tac-toe without `--game`).
    #[arg(long, short, value_enum, default_value_t = Format::Lines)]
    pub format: Format,

    /// Positions of this game, one per line in its notation (`perfect-play games` lists
    /// the games), instead of tic-tac-toe boards in a judges' format.
    #[arg(long, value_name = "NAME", value_parser = game, conflicts_with = "format")]
    pub game: Option<Resolved>,

    /// Answer from this table file (`perfect-play solve` writes one) instead of the
    /// compiled table: any game `solve` takes, `connect4-6x4` included. The file's game
    /// must be the one named.
    #[arg(long, value_name = "FILE", requires = "game")]
    pub table: Option<PathBuf>,

    /// With `--game`: one JSON object per position instead: position (in the game's
    /// notation), to_move, finished, winner (in a finished position, else null), outcome
    /// (a side's name or "draw"), plies (null for a draw that never ends), best_moves (as
    /// `play` takes them); for a position no game reaches, position, reachable (false) and
    /// reason; for a line that is not a position, position (the line) and error.
    ///
    /// Without `--game`: one JSON object per board: board, to_move, finished, winner, outcome
    /// ("x", "o" or "draw"), plies (left under perfect play), best_moves (cells 0-8, not the 1-9 of `play`,
    /// row-major); or board and error for a board that cannot be answered. In an error,
    /// board is the nine cells (x, o, .) of a board no game reaches, the line as given for
    /// text that is not a board, and null where there is no one line to show (an algospot
    /// board, a line too long).
    #[arg(long)]
    pub json: bool,

    /// Searches (connect4-7x6): threads and opening book.
    #[command(flatten)]
    pub search: SearchArgs,

    /// Where the boards come from.
    #[command(flatten)]
    pub input: Input,
}

const OUTCOME_EXAMPLES: &str = "\
Examples:
  $ printf 'xx.oo....\\nxo./.x./..o\\n' | perfect-play outcome
  x
  x
  $ perfect-play outcome --format algospot tictactoe.in
  $ echo 'xx./oo./...' | perfect-play outcome --json
  {\"board\":\"xx.oo....\",\"to_move\":\"x\",\"finished\":false,\"winner\":null,\"outcome\":\"x\",\"plies\":1,\"best_moves\":[2]}
  $ echo 'www/.../bbb w' | perfect-play outcome --game hexapawn
  black";

/// The arguments of `validity`.
#[derive(Debug, Args)]
#[command(after_help = VALIDITY_EXAMPLES)]
pub struct ValidityArgs {
    /// The input format.
    #[arg(long, short, value_enum, default_value_t = Format::Lines)]
    pub format: Format,

    /// Add the reason after a colon: `invalid: the game is not finished`.
    #[arg(long, short)]
    pub explain: bool,

    /// One JSON object per board instead: board, reachable, finished (three in a row or a
    /// full board), valid, reason (null when valid); or board and error for text that is
    /// not a board.
    #[arg(long)]
    pub json: bool,

    /// Where the boards come from.
    #[command(flatten)]
    pub input: Input,
}

const VALIDITY_EXAMPLES: &str = "\
Examples:
  $ printf 'xxxoo....\\nxxoo.....\\nend\\n' | perfect-play validity --format boj --explain
  valid
  invalid: the game is not finished";

/// The inputs of a batch command.
#[derive(Debug, Args)]
pub struct Input {
    /// Files to read, in order; `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,

    /// Render every board's answer afresh, without the per-run cache (for measuring the
    /// table alone).
    #[arg(long, hide = true)]
    pub no_cache: bool,
}

/// The arguments of `analyze`.
#[derive(Debug, Args)]
#[command(after_help = ANALYZE_EXAMPLES)]
pub struct AnalyzeArgs {
    /// The position. For tic-tac-toe, the board: 9 cells (`xx.oo....`), or rows split by
    /// `/` or spaces (also as separate arguments: `xx. oo. ...`). For another game, its
    /// one-line notation (`perfect-play games` lists them; README says each notation):
    /// rows split by `/`, then the side to move where the board does not say it
    /// (`www/.../bbb w`). `-` or none reads it from stdin (tic-tac-toe's rows may be on
    /// separate lines). A position that starts with `-` (a line drawn in Dots and Boxes)
    /// goes after `--`, as in `analyze --game dots-and-boxes -- '-./...../../...../.. o'`.
    #[arg(value_name = "POSITION")]
    pub board: Vec<String>,

    /// The game, in any case (`perfect-play games` lists them; tictactoe when not given;
    /// with `--table`, any game `solve` takes).
    #[arg(long, value_name = "NAME", default_value = "tictactoe", value_parser = game)]
    pub game: Resolved,

    /// Answer from this table file (`perfect-play solve` writes one) instead of the
    /// compiled table: any game `solve` takes, `connect4-6x4` included. The file's game
    /// must be the one named.
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,

    /// When to colour the drawing.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// How the games answered by search (`connect4-7x6`) search.
    #[command(flatten)]
    pub search: SearchArgs,
}

const ANALYZE_EXAMPLES: &str = "\
Examples:
  $ perfect-play analyze 'xx./oo./...'
  $ perfect-play analyze xx. oo. ...
  $ printf 'xx.\\noo.\\n...\\n' | perfect-play analyze
  $ perfect-play analyze --game hexapawn 'www/.../bbb w'
  $ perfect-play analyze --game dodgem 'b../b../.rr b'";

/// The options of a game answered by search (`connect4-7x6`), where a position near the
/// start can take seconds to minutes.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Threads a search ranks a position's moves on, one move each at a time (every core
    /// by default). Games answered by tables ignore it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,

    /// Answer without the opening book (connect4-7x6): every position searched, for
    /// benchmarks of the search.
    #[arg(long)]
    pub no_book: bool,
}

impl SearchArgs {
    /// Tells the searched games how many threads to use and whether to use their book, as
    /// the command line says.
    pub fn apply(&self) {
        if self.no_book {
            perfect_play::games::connect4_7x6::without_book();
        }
        if let Some(threads) = self.threads {
            perfect_play::games::set_search_threads(usize::from(threads));
        }
    }
}

/// The arguments of `play`.
#[derive(Debug, Args)]
#[command(after_help = PLAY_EXAMPLES)]
pub struct PlayArgs {
    /// The side you play, either case: its name (x or o in tic-tac-toe, x moving first;
    /// `perfect-play games --json` gives every game's sides) or its letter in the game's
    /// notation, or `first` or `second` in any game.
    #[arg(long = "as", default_value = "first", value_name = "SIDE")]
    pub side: String,

    /// The game, in any case (`perfect-play games` lists them; tictactoe when not given;
    /// with `--table`, any game `solve` takes).
    #[arg(long, value_name = "NAME", default_value = "tictactoe", value_parser = game)]
    pub game: Resolved,

    /// Answer from this table file (`perfect-play solve` writes one) instead of the
    /// compiled table: any game `solve` takes, `connect4-6x4` included. The file's game
    /// must be the one named.
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,

    /// How well the table plays: `perfect` (optimal moves, ties broken at random), `safe`
    /// (any move that does not lose), `skill:N` (perfect N times in a hundred, otherwise any
    /// move) or `random`. Without it, the table plays the first of its optimal moves, the
    /// same every game.
    #[arg(long, value_name = "LEVEL")]
    pub level: Option<perfect_play::Level>,

    /// Seed the level's random choices, so that a game replays the same.
    #[arg(long, value_name = "N", requires = "level")]
    pub seed: Option<u64>,

    /// When to colour the board.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// How the games answered by search (`connect4-7x6`) search.
    #[command(flatten)]
    pub search: SearchArgs,
}

const PLAY_EXAMPLES: &str = "\
Examples:
  $ perfect-play play
  $ printf '5\\nhint\\n3\\n4\\n8\\n' | perfect-play play --as o    # ends in a draw
  $ perfect-play play --game hexapawn --as black          # moves as FROM-TO: 8-5
  $ perfect-play play --game dodgem                       # 1-2, or 3-off to leave the board
  $ perfect-play play --level skill:60                    # a table that makes mistakes";

/// The arguments of `review`.
#[derive(Debug, Args)]
#[command(after_help = REVIEW_EXAMPLES)]
pub struct ReviewArgs {
    /// The moves played from the start, in the game's notation, split by spaces or commas;
    /// `-` or none reads them from stdin.
    #[arg(value_name = "MOVES")]
    pub moves: Vec<String>,

    /// The game, in any case (`perfect-play games` lists them; tictactoe when not given;
    /// with `--table`, any game `solve` takes).
    #[arg(long, value_name = "NAME", default_value = "tictactoe", value_parser = game)]
    pub game: Resolved,

    /// Answer from this table file (`perfect-play solve` writes one) instead of the
    /// compiled table: any game `solve` takes, `connect4-6x4` included. The file's game
    /// must be the one named.
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,

    /// How the games answered by search (`connect4-7x6`) search.
    #[command(flatten)]
    pub search: SearchArgs,
}

const REVIEW_EXAMPLES: &str = "\
Examples:
  $ perfect-play review 5 1 9 3 7                 # x's 7 lost a drawn game
  $ perfect-play review --game hexapawn 2-5 7-5
  $ echo '5,1,9' | perfect-play review";

/// The arguments of `footholds`.
#[derive(Debug, Args)]
#[command(after_help = FOOTHOLDS_EXAMPLES)]
pub struct FootholdsArgs {
    /// One JSON object per query instead: moves, winner ("A" or "B") and line (the cells
    /// stepped onto, in order, as [row, col]); or error.
    #[arg(long)]
    pub json: bool,

    /// Give up on a query after searching this many positions: it is answered `error`
    /// ("not solved within the budget") and the rest are still answered. The slowest start
    /// pair of the full 8x8 grid takes about 12 million.
    #[arg(long, value_name = "N")]
    pub max_positions: Option<u64>,

    /// Give up on a query after this many milliseconds, as with `--max-positions`.
    #[arg(long, value_name = "MS")]
    pub time_limit: Option<u64>,

    /// Files to read, in order; `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

const FOOTHOLDS_EXAMPLES: &str = "\
Examples:
  $ echo '{\"board\":[[1,1,1],[1,1,1],[1,1,1]],\"aloc\":[1,0],\"bloc\":[1,2]}' | perfect-play footholds
  5";
