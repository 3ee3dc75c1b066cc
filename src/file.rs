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

use crate::games::{self, NameError, Registered, Resolved, TypeVisitor};

/// Why a table file was refused: its path and what is wrong, and where.
#[derive(Debug)]
pub struct Refused {
    /// The file.
    pub path: PathBuf,
    /// What is wrong.
    pub kind: Refusal,
}

/// What is wrong with a table file.
#[derive(Debug)]
#[non_exhaustive]
pub enum Refusal {
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
    /// A file of a game this program does not know.
    UnknownGame {
        /// The game the file holds.
        found: String,
        /// Why its name names no game here.
        why: NameError,
    },
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match &self.kind {
            Refusal::Io(error) => write!(f, "{path}: {error}"),
            Refusal::Format(error) => write!(f, "{path}: {error}"),
            Refusal::Meta => write!(
                f,
                "{path}: damaged: the header, directory or block checksums (bytes 0 to the \
                 first tier) do not match the header's checksum"
            ),
            Refusal::Block { index, offset } => write!(
                f,
                "{path}: damaged: block {index} (from byte {offset}) does not match its checksum"
            ),
            Refusal::Game { found, expected } => {
                write!(f, "{path}: a table of {found}, not of {expected}")
            }
            Refusal::Canonical => write!(
                f,
                "{path}: an opening book (one entry per mirror pair), not a table: the search \
                 engine reads it (a game answered by search ships its own)"
            ),
            Refusal::Rules { found, expected } => write!(
                f,
                "{path}: solved under {found}, but this program's game is {expected}: solve it again"
            ),
            Refusal::UnknownGame { found, why } => write!(
                f,
                "{path}: a table of {found}, which this program does not know ({why})"
            ),
        }
    }
}

impl std::error::Error for Refused {}

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
/// [`Refusal::Meta`] or [`Refusal::Block`] with the first that fails.
pub fn verify(table: &FileTable) -> Result<(), Refusal> {
    perfect_play_generate::verify(table).map_err(|damage| match damage {
        Damage::Meta => Refusal::Meta,
        Damage::Block { index, offset } => Refusal::Block { index, offset },
    })
}

/// The table file at `path`, mapped and verified, whatever its game: for `table info`
/// and `table verify`, and before [`open`] checks the game.
///
/// # Errors
/// [`Refused`]: unreadable, not a table file, damaged.
pub fn open_any(path: &Path) -> Result<FileTable, Refused> {
    checked(path, map)
}

/// The table in `path`'s bytes as `read` gives them, its checksums verified.
fn checked(
    path: &Path,
    read: fn(&Path) -> io::Result<&'static [u8]>,
) -> Result<FileTable, Refused> {
    let bytes = read(path).map_err(|e| refused(path, Refusal::Io(e)))?;
    let table = FileTable::parse(bytes).map_err(|e| refused(path, Refusal::Format(e)))?;
    verify(&table).map_err(|kind| refused(path, kind))?;
    Ok(hinted(table))
}

/// `table` with the hints a lone probe guesses its bucket's lines by
/// ([`FileTable::with_hints`]: a 64th of the file's offsets, kept for the rest of the
/// program as the table is); `table` as it is if they cannot be made or help in no tier
/// (Connect Four's files, whose keys bunch).
fn hinted(table: FileTable) -> FileTable {
    let mut hints = vec![0; table.hints_len()];
    let tiers = table.tiers() as usize;
    let helps = |hints: &[u32]| hints.iter().take(tiers).any(|&start| start != u32::MAX);
    if !table.fill_hints(&mut hints) || !helps(&hints) {
        return table;
    }
    table.with_hints(Box::leak(hints.into_boxed_slice()))
}

/// The file at `path` refused for `kind`.
fn refused(path: &Path, kind: Refusal) -> Refused {
    Refused {
        path: path.to_path_buf(),
        kind,
    }
}

/// The table file at `path` of game `G`, called `name` (`connect4-6x4`), mapped,
/// verified and ready to probe, for the rest of the program. A tiered game is checked at
/// the size of [`Game::start`] ([`open_dyn`] opens a family at any size).
///
/// # Errors
/// [`Refused`]: unreadable, not a table file, damaged, of another game or other rules.
pub fn open<G: Game>(path: &Path, name: &str) -> Result<&'static Solved<G>, Refused> {
    solved(path, named(path, name, open_any(path)?)?, &G::start())
}

/// [`open`] for a family at `size`'s size (any of its positions): its name is the size's
/// (`dobutsu:giraffes=false,elephants=true`), and its layout is checked against the size's.
///
/// # Errors
/// As [`open`].
pub fn open_at<G: Game>(path: &Path, name: &str, size: &G) -> Result<&'static Solved<G>, Refused> {
    solved(path, named(path, name, open_any(path)?)?, size)
}

/// [`open`], but the file read whole into memory backed by huge pages where the system
/// gives them, instead of mapped: it takes the file's length in memory and a read of the
/// whole file up front (which [`open`]'s checksums read anyway), and in return a warm probe
/// at random meets no page-table walks: about half of [`open`]'s on a 302 MB file
/// (benches/HISTORY.md 10). For a server that probes one large table for hours.
///
/// # Errors
/// As [`open`].
pub fn load<G: Game>(path: &Path, name: &str) -> Result<&'static Solved<G>, Refused> {
    solved(
        path,
        named(path, name, checked(path, load_bytes)?)?,
        &G::start(),
    )
}

/// `table`, read from `path`, if it is of the game called `name`.
fn named(path: &Path, name: &str, table: FileTable) -> Result<FileTable, Refused> {
    if table.name() != name {
        return Err(refused(
            path,
            Refusal::Game {
                found: table.name().into(),
                expected: name.into(),
            },
        ));
    }
    Ok(table)
}

/// `table`, read from `path`, as the table of game `G` at `size`'s size (any of its
/// positions), once its rules and layout are checked.
fn solved<G: Game>(path: &Path, table: FileTable, size: &G) -> Result<&'static Solved<G>, Refused> {
    let fail = |kind| refused(path, kind);
    // A game without tiers solved by `solve_loopy` keeps one entry per class of symmetric
    // positions (the probe asks for the canonical form); a canonical file of a tiered game
    // is an opening book, keyed by the search engine.
    if table.packing().canonical && size.tiers() > 1 {
        return Err(fail(Refusal::Canonical));
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
        return Err(fail(Refusal::Rules {
            found,
            expected: say(expected),
        }));
    }
    let table: &'static Table = Box::leak(Box::new(Table::file(table)));
    Ok(Box::leak(Box::new(Solved::new(table))))
}

/// The game `game` with its table read from the file at `path`, behind the dynamic handle
/// every surface uses: any game [`games::resolve`] gives, compiled or not. The file's game
/// is `game`'s by any of its names (a file of `dodgem:n=3` is `dodgem`'s).
///
/// # Errors
/// [`Refused`]: the file cannot be opened as `game`'s table.
pub fn open_dyn(game: &Resolved, path: &Path) -> Result<Box<dyn DynGame>, Refused> {
    game.visit(Opening { path, table: None })
}

/// The game of the table file at `path`, whichever it is (the file names it), behind the
/// dynamic handle: [`open_dyn`] for a caller that names no game (Python's `open_table`).
///
/// # Errors
/// [`Refused`]: the file cannot be opened, or no game of this build has its name.
pub fn open_dyn_any(path: &Path) -> Result<Box<dyn DynGame>, Refused> {
    let table = open_any(path)?;
    let game = games::resolve(table.name()).map_err(|why| {
        let found = table.name().into();
        refused(path, Refusal::UnknownGame { found, why })
    })?;
    game.visit(Opening {
        path,
        table: Some(table),
    })
}

/// Opens the file at `path` as the visited game's table: `table` when it is mapped and
/// verified already.
struct Opening<'a> {
    path: &'a Path,
    table: Option<FileTable>,
}

impl TypeVisitor for Opening<'_> {
    type Output = Result<Box<dyn DynGame>, Refused>;

    fn visit<G: Registered>(self, game: &Resolved, start: G) -> Self::Output {
        let table = match self.table {
            Some(table) => table,
            None => open_any(self.path)?,
        };
        let same =
            |name: &str| name == game.name() || games::resolve(name).is_ok_and(|g| g == *game);
        if !same(table.name()) {
            return Err(refused(
                self.path,
                Refusal::Game {
                    found: table.name().into(),
                    expected: game.name().into(),
                },
            ));
        }
        let table = solved(self.path, table, &start)?;
        let positions = u64::try_from(table.len()).ok();
        let handle = Handle::with_start(game.name(), table, positions, start);
        Ok(Box::new(handle.in_family(G::FAMILY, game.params())))
    }
}
