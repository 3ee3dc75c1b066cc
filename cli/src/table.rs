//! Table files from the command line: `perfect-play table info FILE` and `table verify
//! FILE`, the SHA-256 a file is published with, and `--table FILE`, which gives any
//! command a game's table from a file instead of the compiled one ([`open`]).

use std::fmt::{self, Write as _};
use std::io::Read;
use std::path::Path;

use perfect_play::dynamic::DynGame;
use perfect_play::file::{self, FileTable, Refused, VERSION};
use perfect_play::games::{Resolved, Unsolved};
use sha2::{Digest, Sha256};

use crate::args::{TableArgs, TableCommand};
use crate::output::{Output, Status, output_failed, report};

/// The SHA-256 of the file at `path`, in lowercase hex.
///
/// # Errors
/// The file cannot be read.
pub fn sha256(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = file.read(&mut buf)?;
        let Some(read) = buf.get(..n).filter(|read| !read.is_empty()) else {
            break;
        };
        hasher.update(read);
    }
    let mut hex = String::with_capacity(64);
    for byte in hasher.finalize() {
        let _ = write!(hex, "{byte:02x}");
    }
    Ok(hex)
}

/// Why a game could not be given its table: no compiled table and too large to solve on
/// first use (the library's sentence, which says how to solve it into a file), or its file
/// was refused.
pub enum NoTable {
    /// A game with no compiled table and too large to solve on first use, or answered from
    /// a table file alone, asked for without `--table`.
    NotCompiled(Unsolved),
    /// The file was refused.
    File(Refused),
}

impl fmt::Display for NoTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoTable::NotCompiled(unsolved) => write!(f, "{unsolved}"),
            NoTable::File(error) => write!(f, "{error}"),
        }
    }
}

/// `game` behind the dynamic handle, its table from the file `table` when given (a file
/// of that game: any game `solve` takes), else the compiled one, or for a size that is not
/// compiled in, solved now (shown on a terminal past a second).
///
/// # Errors
/// [`NoTable`]: no compiled table, or the file was refused (the message says which and
/// where).
pub fn open(game: &Resolved, table: Option<&Path>) -> Result<Box<dyn DynGame>, NoTable> {
    match table {
        Some(path) => file::open_dyn(game, path).map_err(NoTable::File),
        None => crate::first_use::open(game).map_err(NoTable::NotCompiled),
    }
}

/// Runs `table info` or `table verify`.
pub fn run(args: &TableArgs) -> Status {
    let (path, verify) = match &args.command {
        TableCommand::Info { file } => (file, false),
        TableCommand::Verify { file } => (file, true),
    };
    let table = match file::open_any(path) {
        Ok(table) => table,
        Err(error) => {
            report(&error);
            return Status::Failure;
        }
    };
    let digest = match sha256(path) {
        Ok(digest) => digest,
        Err(error) => {
            report(&format_args!("{}: {error}", path.display()));
            return Status::Failure;
        }
    };
    let text = if verify {
        format!(
            "{}: ok: the header's checksum and all {} blocks' match\nsha256: {digest}\n",
            path.display(),
            table.blocks()
        )
    } else {
        info(&table, &digest)
    };
    let mut out = Output::new();
    match out.answer(text.as_bytes()).and_then(|()| out.finish()) {
        Ok(status) => status,
        Err(error) => output_failed(&error),
    }
}

/// What `table info` prints.
fn info(table: &FileTable, digest: &str) -> String {
    let mut text = String::new();
    let bytes = table.bytes().len();
    let _ = writeln!(text, "game: {}", table.name());
    let _ = writeln!(text, "format version: {VERSION}");
    let _ = writeln!(text, "rules version: {}", table.rules_version());
    let _ = writeln!(text, "positions: {}", table.len());
    let _ = writeln!(
        text,
        "bytes: {bytes} ({:.2} a position)",
        bytes as f64 / table.len().max(1) as f64
    );
    let _ = writeln!(
        text,
        "layout: {} tiers, {}-bit keys, {}-byte records ({} bits of remoteness{}){}",
        table.tiers(),
        table.key_bits(),
        table.record_bytes(),
        table.packing().remoteness_bits,
        if table.packing().by_parity {
            ", the value its parity"
        } else {
            ""
        },
        if table.packing().canonical {
            ", one entry per symmetry class"
        } else {
            ""
        }
    );
    let tiers: Vec<String> = (0..table.tiers())
        .filter_map(|t| table.tier_at(t))
        .map(|tier| tier.positions.to_string())
        .collect();
    let _ = writeln!(text, "positions by tier: {}", tiers.join(" "));
    let _ = writeln!(
        text,
        "checksums: {} blocks of 64 KiB (CRC-32 each), header checksum {:08x}: verified",
        table.blocks(),
        table.meta_checksum()
    );
    let _ = writeln!(text, "sha256: {digest}");
    text
}
