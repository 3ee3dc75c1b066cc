//! `perfect-play book`: builds an opening book by search, resumable, with progress on a
//! terminal.
//!
//! The scores found so far go to `OUT.partial` as they are found, one `KEY SCORE` line each
//! (the position's symmetric key in hex), flushed at once: a build stopped any way loses
//! only the positions being searched and is resumed by running the same command again; a
//! shallower book's scores in the file are checked against the deeper ply's.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, BufWriter, IsTerminal, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use perfect_play::Game;
use perfect_play::games::connect4::Connect4;
use perfect_play::search::{BuildError, Engine, Progress, build_book};

use crate::args::BookArgs;
use crate::output::{Status, report};
use crate::solve::{PeakMemory, progress_bar};
use crate::table::sha256;

/// Builds the book `args` asks for.
pub fn run(args: &BookArgs) -> Status {
    match build(args) {
        Ok(()) => Status::Success,
        Err(error) => {
            report(&error);
            Status::Failure
        }
    }
}

/// Why a build stopped.
#[derive(Debug)]
enum BookFailure {
    /// A file could not be read or written.
    Io(PathBuf, io::Error),
    /// A line of the partial file is not `KEY SCORE`.
    Partial(PathBuf, usize),
    /// The scores found disagree with each other.
    Build(BuildError),
}

impl fmt::Display for BookFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookFailure::Io(path, error) => write!(f, "{}: {error}", path.display()),
            BookFailure::Partial(path, line) => write!(
                f,
                "{}:{line}: not a `KEY SCORE` line of a stopped build (remove the file to start over)",
                path.display()
            ),
            BookFailure::Build(error) => error.fmt(f),
        }
    }
}

impl From<BuildError> for BookFailure {
    fn from(error: BuildError) -> Self {
        BookFailure::Build(error)
    }
}

fn build(args: &BookArgs) -> Result<(), BookFailure> {
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.book", args.game)));
    let mut partial_path = out.clone().into_os_string();
    partial_path.push(".partial");
    let partial_path = PathBuf::from(partial_path);
    let mut stderr = io::stderr();
    let Partial {
        scores: known,
        kept,
    } = read_partial(&partial_path)?;
    let resumed = known.len();
    let file = OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(&partial_path)
        .map_err(|e| BookFailure::Io(partial_path.clone(), e))?;
    if let Some(kept) = kept {
        // A write the stop cut short: its line is dropped (its position is searched
        // again), never read as a shorter score.
        let _ = writeln!(
            stderr,
            "{}: byte {kept}: an unfinished last line (a stopped write), dropped",
            partial_path.display()
        );
        file.set_len(kept)
            .map_err(|e| BookFailure::Io(partial_path.clone(), e))?;
    }
    let mut partial = BufWriter::new(file);
    partial
        .seek(SeekFrom::End(0))
        .map_err(|e| BookFailure::Io(partial_path.clone(), e))?;
    // One thread a search, `--threads` searches at once.
    let engine = Engine::new(args.memory << 20).with_threads(1);
    let started = Instant::now();
    if resumed > 0 {
        let _ = writeln!(stderr, "resuming: {resumed} positions already solved");
    }
    let bar = progress_bar();
    let terminal = io::stderr().is_terminal();
    let solved = |progress: Progress, found: &[(u64, i32)]| -> Result<(), BookFailure> {
        for (key, score) in found {
            writeln!(partial, "{key:x} {score}")
                .map_err(|e| BookFailure::Io(partial_path.clone(), e))?;
        }
        partial
            .flush()
            .map_err(|e| BookFailure::Io(partial_path.clone(), e))?;
        let Progress { ply, done, total } = progress;
        if found.is_empty() {
            // A ply begins: the rate and the time left count from here, not from the
            // positions a stopped build already solved.
            bar.set_message(format!("book ply {ply}"));
            bar.set_length(total as u64);
            bar.set_position(done as u64);
            bar.reset_eta();
        } else {
            bar.set_position(done as u64);
        }
        if done == total {
            let elapsed = started.elapsed().as_secs();
            let line = format!(
                "ply {ply}: {total} positions, {}m{:02}s",
                elapsed / 60,
                elapsed % 60
            );
            if terminal {
                bar.println(line);
            } else {
                let _ = writeln!(io::stderr(), "{line}");
            }
        }
        Ok(())
    };
    let built =
        build_book::<Connect4<7, 6>, _, _>(&engine, args.plies, known, args.threads, solved);
    bar.finish_and_clear();
    let book = built?;
    let name = perfect_play::games::connect4_7x6::NAME;
    let rules = <Connect4<7, 6> as Game>::RULES_VERSION;
    let bytes = book
        .to_bytes(name, rules)
        .map_err(|e| BookFailure::Io(out.clone(), io::Error::other(e)))?;
    // Written whole under another name, then renamed: never half a book under the name.
    let mut part = out.clone().into_os_string();
    part.push(".writing");
    let part = PathBuf::from(part);
    fs::write(&part, &bytes).map_err(|e| BookFailure::Io(part.clone(), e))?;
    fs::rename(&part, &out).map_err(|e| BookFailure::Io(out.clone(), e))?;
    let digest = sha256(&out).map_err(|e| BookFailure::Io(out.clone(), e))?;
    let _ = writeln!(
        stderr,
        "{}: {} positions up to ply {}, {} bytes, {:.1} s, peak memory {}\nSHA-256 {digest}",
        out.display(),
        book.len(),
        book.depth(),
        bytes.len(),
        started.elapsed().as_secs_f64(),
        PeakMemory,
    );
    Ok(())
}

/// What a stopped build left in its partial file.
struct Partial {
    /// The scores of its whole lines.
    scores: Vec<(u64, i32)>,
    /// Where its whole lines end, if an unfinished line follows them.
    kept: Option<u64>,
}

/// The scores a stopped build found, from its partial file (none if there is no file).
/// Only whole lines count: a stop in the middle of a write leaves an unfinished last line,
/// which could read as another score (`3f 1` of `3f 12`).
fn read_partial(path: &Path) -> Result<Partial, BookFailure> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Partial {
                scores: Vec::new(),
                kept: None,
            });
        }
        Err(e) => return Err(BookFailure::Io(path.to_owned(), e)),
    };
    let whole = text.rfind('\n').map_or(0, |end| end + 1);
    let kept = (whole < text.len()).then_some(whole as u64);
    let scores = text
        .get(..whole)
        .unwrap_or_default()
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let mut fields = line.split_whitespace();
            let key = fields.next().and_then(|k| u64::from_str_radix(k, 16).ok());
            let score = fields.next().and_then(|s| s.parse().ok());
            match (key, score, fields.next()) {
                (Some(key), Some(score), None) => Ok((key, score)),
                _ => Err(BookFailure::Partial(path.to_owned(), i + 1)),
            }
        })
        .collect::<Result<_, _>>()?;
    Ok(Partial { scores, kept })
}
