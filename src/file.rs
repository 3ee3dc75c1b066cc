//! Table files probed in place (feature `file`): a solved game's file mapped into memory
//! with `memmap2`, every checksum verified once when it is opened, then answered through
//! the same [`Solved`] as a compiled table: the record, the moves ranked, the best move,
//! the principal line, a [`PlayedGame`](crate::PlayedGame), a [`Level`](crate::Level).
//!
//! `perfect-play solve GAME --out FILE` writes such a file, and so does
//! `perfect_play_generate::solve_file` from a program of your own; the format is
//! `perfect_play_core::file`'s (`docs/table-format.md`).
//!
//! A file is refused, with its path and where, when it is not a table file, is
//! truncated, of another format version, damaged (a block whose checksum does not match,
//! by its file offset), or of another game or rules version than the one asked for. The
//! mapping lives until the program ends (a [`Solved`] is `'static`, as every compiled
//! table is): open each file once. [`load`] reads a file into memory on huge pages
//! instead of mapping it: the same checks and answers, probes about twice as fast at
//! random over a large file, the file's length in memory.
//!
//! ```no_run
//! use perfect_play::games::connect4::Connect4;
//! use perfect_play::{Game, Value};
//!
//! let table = perfect_play::file::open::<Connect4<6, 4>>("c64.table".as_ref(), "connect4-6x4")?;
//! let start = table.probe(&Connect4::start()).ok_or("the start is in every file")?;
//! assert_eq!(start.value, Value::Loss); // the second player wins 6x4
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

pub use perfect_play_core::file::{FileTable, FormatError, VERSION};

use perfect_play_core::{Game, Solved, Table};
use perfect_play_generate::Damage;

use perfect_play_core::dynamic::{DynGame, Handle};

use crate::games::{self, Family, Notation, TypeVisitor};

/// Why a table file was refused: its path and what is wrong, and where.
#[derive(Debug)]
pub struct OpenError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong.
    pub kind: OpenErrorKind,
}

/// What is wrong with a table file.
#[derive(Debug)]
#[non_exhaustive]
pub enum OpenErrorKind {
    /// It could not be read.
    Io(io::Error),
    /// Its header or directory is not the format's (truncated, foreign, another version).
    Format(FormatError),
    /// The header, name, directory or block checksums do not match the header's checksum.
    Meta,
    /// A data block does not match its checksum.
    Block {
        /// The block's index.
        index: usize,
        /// Its first byte's file offset.
        offset: usize,
    },
    /// A file of another game (or size).
    Game {
        /// The game the file holds.
        found: String,
        /// The game asked for.
        expected: String,
    },
    /// A file of one entry per mirror pair (an opening book, `perfect-play book`): it
    /// answers through the search engine's book (`perfect_play::search::Book`), not as a table.
    Canonical,
    /// A file of this game made under other rules, or with another key layout.
    Rules {
        /// What the file says.
        found: String,
        /// What this build of the game says.
        expected: String,
    },
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match &self.kind {
            OpenErrorKind::Io(error) => write!(f, "{path}: {error}"),
            OpenErrorKind::Format(error) => write!(f, "{path}: {error}"),
            OpenErrorKind::Meta => write!(
                f,
                "{path}: damaged: the header, directory or block checksums (bytes 0 to the \
                 first tier) do not match the header's checksum"
            ),
            OpenErrorKind::Block { index, offset } => write!(
                f,
                "{path}: damaged: block {index} (from byte {offset}) does not match its checksum"
            ),
            OpenErrorKind::Game { found, expected } => {
                write!(f, "{path}: a table of {found}, not of {expected}")
            }
            OpenErrorKind::Canonical => write!(
                f,
                "{path}: an opening book (one entry per mirror pair), not a table: the search \
                 engine reads it (a game answered by search ships its own)"
            ),
            OpenErrorKind::Rules { found, expected } => write!(
                f,
                "{path}: solved under {found}, but this program's game is {expected}: solve it again"
            ),
        }
    }
}

impl std::error::Error for OpenError {}

/// Maps `path` read-only for the rest of the program.
#[allow(unsafe_code)]
fn map(path: &Path) -> io::Result<&'static [u8]> {
    let file = File::open(path)?;
    // SAFETY: the mapping is read-only and never handed out mutably. The one hazard left
    // is another process changing or truncating the file while it is mapped (a table file
    // is written once, under a temporary name, and renamed into place, so the tools here
    // never do); then reads may see the new bytes or fault, as with every mapped file.
    let mmap = unsafe { memmap2::Mmap::map(&file)? };
    Ok(&Box::leak(Box::new(mmap))[..])
}

/// Reads `path` into anonymous memory advised for huge pages (2 MiB on x86-64 Linux, where
/// transparent huge pages are enabled for `madvise`), read-only for the rest of the
/// program. A probe at random then walks no page tables for the file's pages: on this
/// project's machine it halved a warm probe of a 302 MB file (benches/HISTORY.md 10).
fn load_bytes(path: &Path) -> io::Result<&'static [u8]> {
    let bytes = std::fs::read(path)?;
    let len = bytes.len();
    let mut memory = memmap2::MmapOptions::new().len(len.max(1)).map_anon()?;
    // Only advice: where the kernel has no huge pages the copy still answers, on 4 KiB pages.
    let _ = memory.advise(memmap2::Advice::HugePage);
    if let Some(to) = memory.get_mut(..len) {
        to.copy_from_slice(&bytes);
    }
    drop(bytes);
    let memory = memory.make_read_only()?;
    Ok(Box::leak(Box::new(memory)).get(..len).unwrap_or(&[]))
}

/// Checks every checksum of `table`: the metadata's, then each data block's.
///
/// # Errors
/// [`OpenErrorKind::Meta`] or [`OpenErrorKind::Block`] with the first that fails.
pub fn verify(table: &FileTable) -> Result<(), OpenErrorKind> {
    perfect_play_generate::verify(table).map_err(|damage| match damage {
        Damage::Meta => OpenErrorKind::Meta,
        Damage::Block { index, offset } => OpenErrorKind::Block { index, offset },
    })
}

/// The table file at `path`, mapped and verified, whatever its game: for `table info`
/// and `table verify`, and before [`open`] checks the game.
///
/// # Errors
/// [`OpenError`]: unreadable, not a table file, damaged.
pub fn open_any(path: &Path) -> Result<FileTable, OpenError> {
    checked(path, map)
}

/// The table in `path`'s bytes as `read` gives them, its checksums verified.
fn checked(
    path: &Path,
    read: fn(&Path) -> io::Result<&'static [u8]>,
) -> Result<FileTable, OpenError> {
    let fail = |kind| OpenError {
        path: path.to_path_buf(),
        kind,
    };
    let bytes = read(path).map_err(|e| fail(OpenErrorKind::Io(e)))?;
    let table = FileTable::parse(bytes).map_err(|e| fail(OpenErrorKind::Format(e)))?;
    verify(&table).map_err(fail)?;
    Ok(table)
}

/// The table file at `path` of game `G`, called `name` (`connect4-6x4`), mapped,
/// verified and ready to probe, for the rest of the program. A tiered game is checked at
/// the size of [`Game::start`] ([`open_dyn`] opens a family at any size).
///
/// # Errors
/// [`OpenError`]: unreadable, not a table file, damaged, of another game or other rules.
pub fn open<G: Game>(path: &Path, name: &str) -> Result<&'static Solved<G>, OpenError> {
    solved(path, name, open_any(path)?, &G::start())
}

/// [`open`] for a family at `size`'s size (any of its positions): its name is the size's
/// (`dobutsu:giraffes=false,elephants=true`), and its layout is checked against the size's.
///
/// # Errors
/// As [`open`].
pub fn open_at<G: Game>(
    path: &Path,
    name: &str,
    size: &G,
) -> Result<&'static Solved<G>, OpenError> {
    solved(path, name, open_any(path)?, size)
}

/// [`open`], but the file read whole into memory backed by huge pages where the system
/// gives them, instead of mapped: it takes the file's length in memory and a read of the
/// whole file up front (which [`open`]'s checksums read anyway), and in return a warm probe
/// at random meets no page-table walks: about half of [`open`]'s on a 302 MB file
/// (benches/HISTORY.md 10). For a server that probes one large table for hours.
///
/// # Errors
/// As [`open`].
pub fn load<G: Game>(path: &Path, name: &str) -> Result<&'static Solved<G>, OpenError> {
    solved(path, name, checked(path, load_bytes)?, &G::start())
}

/// `table`, read from `path`, as the table of game `G` called `name` at `size`'s size (any
/// of its positions), once its game, rules and layout are checked.
fn solved<G: Game>(
    path: &Path,
    name: &str,
    table: FileTable,
    size: &G,
) -> Result<&'static Solved<G>, OpenError> {
    let fail = |kind| OpenError {
        path: path.to_path_buf(),
        kind,
    };
    if table.name() != name {
        return Err(fail(OpenErrorKind::Game {
            found: table.name().into(),
            expected: name.into(),
        }));
    }
    // A game without tiers solved by `solve_loopy` keeps one entry per class of symmetric
    // positions (the probe asks for the canonical form); a canonical file of a tiered game
    // is an opening book, keyed by the search engine.
    if table.is_canonical() && size.tiers() > 1 {
        return Err(fail(OpenErrorKind::Canonical));
    }
    let found = (table.rules_version(), table.tiers(), table.key_bits());
    let expected = (G::RULES_VERSION, size.tiers(), size.key_bits());
    // A tiered game's file has a section per tier up to its last with a position (a game
    // that always ends early, as Connect Four on 4x4 with two in a row, has empty tiers
    // above), and its tier 0 is the start alone: a file of one tier holding more was
    // solved before the game had tiers (a family's size solved by an earlier version),
    // and its positions would be looked for in the wrong tier.
    let layout_matters = size.tiers() > 1;
    let start_alone = table.tier_at(0).is_some_and(|tier| tier.positions == 1);
    let layout_fits = found.1 <= expected.1 && found.2 == expected.2 && start_alone;
    if found.0 != expected.0 || (layout_matters && !layout_fits) {
        let say = |(rules, tiers, bits): (u32, u32, u32)| {
            format!("rules version {rules} ({tiers} tiers, {bits}-bit keys)")
        };
        let found = match (layout_matters, start_alone) {
            (true, false) => format!("{} with every position in tier 0", say(found)),
            _ => say(found),
        };
        return Err(fail(OpenErrorKind::Rules {
            found,
            expected: say(expected),
        }));
    }
    let table: &'static Table = Box::leak(Box::new(Table::file(table)));
    Ok(Box::leak(Box::new(Solved::new(table))))
}

/// Why [`open_dyn`] opened no game: the name, or the file.
#[derive(Debug)]
pub enum OpenDynError {
    /// No game or family has the name, or its parameters name no size.
    Game(games::OpenError),
    /// The file was refused (with its path and where).
    File(OpenError),
}

impl fmt::Display for OpenDynError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenDynError::Game(error) => error.fmt(f),
            OpenDynError::File(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for OpenDynError {}

/// The game called `name` (any game [`games::visit_type`] knows: a compiled game,
/// `connect4-6x4`, a family at any size as `mnk:m=4,n=4,k=3`) with its table read from the
/// file at `path`, behind the dynamic handle every surface uses.
///
/// # Errors
/// [`OpenDynError`]: no game has that name, or the file cannot be opened as its table.
pub fn open_dyn(name: &str, path: &Path) -> Result<Box<dyn DynGame>, OpenDynError> {
    dyn_handle(name, path, None)
}

/// The game of the table file at `path`, whichever it is (the file names it), behind the
/// dynamic handle: [`open_dyn`] for a caller that names no game (Python's `open_table`).
///
/// # Errors
/// [`OpenDynError`]: the file cannot be opened, or no game of this build has its name.
pub fn open_dyn_any(path: &Path) -> Result<Box<dyn DynGame>, OpenDynError> {
    let table = open_any(path).map_err(OpenDynError::File)?;
    dyn_handle(table.name(), path, Some(table))
}

/// The game called `name` with its table from `path`: `table` when it is mapped and
/// verified already, else opened here.
fn dyn_handle(
    name: &str,
    path: &Path,
    table: Option<FileTable>,
) -> Result<Box<dyn DynGame>, OpenDynError> {
    /// Opens the file as the visited game's.
    struct Opening<'a> {
        path: &'a Path,
        table: Option<FileTable>,
    }
    impl Opening<'_> {
        /// The table of `G` called `name`, at `start`'s size.
        fn table<G: Game>(self, name: &str, start: &G) -> Result<&'static Solved<G>, OpenError> {
            let table = match self.table {
                Some(table) => table,
                None => open_any(self.path)?,
            };
            solved(self.path, name, table, start)
        }
    }
    impl TypeVisitor for Opening<'_> {
        type Output = Result<Box<dyn DynGame>, OpenError>;

        fn visit<G: Notation + fmt::Debug + Send + Sync + 'static>(
            self,
            name: &str,
            start: G,
        ) -> Self::Output {
            let table = self.table(name, &start)?;
            let positions = u64::try_from(table.len()).ok();
            Ok(Box::new(Handle::with_start(name, table, positions, start)))
        }

        fn visit_family<G: Family + fmt::Debug + Send + Sync + 'static>(
            self,
            name: &str,
            start: G,
        ) -> Self::Output {
            let table = self.table(name, &start)?;
            let positions = u64::try_from(table.len()).ok();
            let params = G::PARAMS
                .iter()
                .copied()
                .zip(start.args().values().iter().copied())
                .collect();
            let handle = Handle::with_start(name, table, positions, start);
            Ok(Box::new(handle.in_family(G::FAMILY, params)))
        }
    }
    games::visit_type(name, Opening { path, table })
        .map_err(OpenDynError::Game)?
        .map_err(OpenDynError::File)
}
