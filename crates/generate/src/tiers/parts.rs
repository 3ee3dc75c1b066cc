//! The files of a solve in progress, in `FILE.parts/` beside the table file `FILE`: each
//! rank's segment of each tier's keys and records (`tier-NNN.keys.R`, `.records.R`), each
//! tier's manifest once every rank has written its segment (`tier-NNN.keys.manifest`,
//! `.records.manifest`: the owners' key bounds and each segment's length and CRC-32), the
//! stamp that says whose solve they are (`game`), a walk's scratch keys
//! (`tier-NNN.walked.R`) and, where the solve asks other ranks, the children each rank
//! keeps for its questions (`tier-NNN.asks.R`). Every file is written under a temporary
//! name, synced and renamed, so that a run killed at any point leaves only whole files, and
//! the next run keeps every tier whose manifest and segments agree. One process is rank 0
//! of 1: its segments are its tiers.

use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::string::String;
use std::vec::Vec;

use perfect_play_core::Game;

use super::SolveFileError;
use crate::file_write::{FileError, FileHeader, key_index_of, write_file};

/// An I/O error with its path.
pub(crate) fn io_at(path: &Path) -> impl FnOnce(io::Error) -> SolveFileError + '_ {
    move |error| SolveFileError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// Where a file at `path` is written before it is whole: `PATH.tmp`.
fn temp_of(path: &Path) -> PathBuf {
    let mut temp = path.as_os_str().to_owned();
    temp.push(".tmp");
    PathBuf::from(temp)
}

/// Writes a part file (or any file) at `path` as a whole or not at all: a temporary name
/// beside it, synced, then renamed over it.
///
/// # Errors
/// [`SolveFileError::Io`] with the path.
pub(crate) fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), SolveFileError> {
    let temp = temp_of(path);
    let mut file = File::create(&temp).map_err(io_at(&temp))?;
    write(&mut file).map_err(io_at(&temp))?;
    file.sync_all().map_err(io_at(&temp))?;
    drop(file);
    fs::rename(&temp, path).map_err(io_at(path))
}

/// The bytes of the part file at `path`, or `None` if there is none.
///
/// # Errors
/// [`SolveFileError::Io`]: it is there but cannot be read.
pub(crate) fn read_part(path: &Path) -> Result<Option<Vec<u8>>, SolveFileError> {
    match File::open(path) {
        Ok(mut file) => {
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).map_err(io_at(path))?;
            Ok(Some(bytes))
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(io_at(path)(error)),
    }
}

/// Writes the table file `out` with the one writer ([`write_file`]) from its tiers'
/// counts and sections (`section(t, writer)` writes tier `t`'s keys then records) under a
/// temporary name, synced, then renamed into place; returns its length.
///
/// # Errors
/// [`SolveFileError::File`] from the writer, [`SolveFileError::Io`] with the path.
pub(crate) fn join_file(
    out: &Path,
    header: &FileHeader,
    counts: &[u64],
    section: impl FnMut(u32, &mut dyn Write) -> Result<(), FileError>,
) -> Result<u64, SolveFileError> {
    let temp = temp_of(out);
    let file = File::create(&temp).map_err(io_at(&temp))?;
    let file = write_file(BufWriter::new(file), header, counts, section)?;
    let file = file
        .into_inner()
        .map_err(|e| io_at(&temp)(e.into_error()))?;
    file.sync_all().map_err(io_at(&temp))?;
    let bytes = file.metadata().map_err(io_at(&temp))?.len();
    drop(file);
    fs::rename(&temp, out).map_err(io_at(out))?;
    Ok(bytes)
}

/// The two kinds of a tier's part: its keys, its records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Keys,
    Records,
}

impl Part {
    fn word(self) -> &'static str {
        match self {
            Part::Keys => "keys",
            Part::Records => "records",
        }
    }
}

/// The parts directory of the solve into `out` (`out.parts`), as one rank writes it.
pub(crate) struct Parts {
    pub(crate) dir: PathBuf,
    /// This rank.
    rank: usize,
}

impl Parts {
    /// The parts of the solve into `out`, as rank `rank` writes them.
    pub(crate) fn of(out: &Path, rank: usize) -> Parts {
        let mut dir = out.as_os_str().to_owned();
        dir.push(".parts");
        Parts {
            dir: PathBuf::from(dir),
            rank,
        }
    }

    /// Rank `rank`'s segment of tier `tier`'s `part`.
    pub(crate) fn segment(&self, part: Part, tier: u32, rank: usize) -> PathBuf {
        self.dir
            .join(format!("tier-{tier:03}.{}.{rank}", part.word()))
    }

    /// This rank's segment of tier `tier`'s `part`.
    pub(crate) fn mine(&self, part: Part, tier: u32) -> PathBuf {
        self.segment(part, tier, self.rank)
    }

    /// Tier `tier`'s manifest of its `part`.
    pub(crate) fn manifest(&self, part: Part, tier: u32) -> PathBuf {
        self.dir
            .join(format!("tier-{tier:03}.{}.manifest", part.word()))
    }

    /// Where this rank keeps its keys of tier `tier` while a walk in passes finds them.
    pub(crate) fn walked(&self, tier: u32) -> PathBuf {
        self.dir
            .join(format!("tier-{tier:03}.walked.{}", self.rank))
    }

    /// Where this rank keeps the children of its range of tier `tier` (its solve's
    /// questions).
    pub(crate) fn asks(&self, tier: u32) -> PathBuf {
        self.dir.join(format!("tier-{tier:03}.asks.{}", self.rank))
    }

    /// The stamp's path.
    pub(crate) fn stamp(&self) -> PathBuf {
        self.dir.join("game")
    }

    /// Makes the directory (if it is not there) and claims it for the solve that `stamp`
    /// describes: a directory another solve claimed is refused. Rank 0's to do.
    ///
    /// # Errors
    /// [`SolveFileError::Parts`] when another solve's parts are there; [`SolveFileError::Io`].
    pub(crate) fn claim(&self, stamp: &str) -> Result<(), SolveFileError> {
        fs::create_dir_all(&self.dir).map_err(io_at(&self.dir))?;
        let path = self.stamp();
        match read_part(&path)? {
            Some(found) if found != stamp.as_bytes() => Err(SolveFileError::Parts {
                path: self.dir.clone(),
                found: String::from_utf8_lossy(&found).trim().into(),
            }),
            Some(_) => Ok(()),
            None => write_atomically(&path, |f| f.write_all(stamp.as_bytes())),
        }
    }

    /// This rank's segment of tier `tier`'s `part` and the tier's manifest, if the manifest
    /// is there, names `ranks` ranks, and the segment matches it (length and CRC-32).
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: a file is there but cannot be read.
    pub(crate) fn read_finished(
        &self,
        part: Part,
        tier: u32,
        ranks: usize,
    ) -> Result<Option<(Manifest, Vec<u8>)>, SolveFileError> {
        let manifest = read_part(&self.manifest(part, tier))?
            .and_then(|bytes| Manifest::parse(&String::from_utf8_lossy(&bytes)))
            .filter(|m| m.segments.len() == ranks);
        let Some(manifest) = manifest else {
            return Ok(None);
        };
        let mine = manifest.segments.get(self.rank).copied();
        let bytes = read_part(&self.mine(part, tier))?;
        Ok(match (mine, bytes) {
            (Some((_, len, crc)), Some(bytes))
                if bytes.len() as u64 == len && crc32fast::hash(&bytes) == crc =>
            {
                Some((manifest, bytes))
            }
            _ => None,
        })
    }

    /// Removes the manifests that tier `tier`'s `part` redone makes stale, of a game of
    /// `tiers` tiers: after a tier's keys, every later tier's keys and every tier's
    /// records; after a tier's records, the records of the tiers below it.
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: one is there and cannot be removed.
    pub(crate) fn forget_after(
        &self,
        part: Part,
        tier: u32,
        tiers: u32,
    ) -> Result<(), SolveFileError> {
        let stale: Vec<PathBuf> = match part {
            Part::Keys => (tier + 1..tiers)
                .map(|t| self.manifest(Part::Keys, t))
                .chain((0..tiers).map(|t| self.manifest(Part::Records, t)))
                .collect(),
            Part::Records => (0..tier).map(|t| self.manifest(Part::Records, t)).collect(),
        };
        for path in stale {
            match fs::remove_file(&path) {
                Ok(()) => {}
                Err(error) if error.kind() == io::ErrorKind::NotFound => {}
                Err(error) => return Err(SolveFileError::Io { path, error }),
            }
        }
        Ok(())
    }

    /// The children [`Asks`] kept for tier `tier`, if they are there whole (a missing or
    /// damaged file is walked again, never believed).
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: it is there but cannot be read.
    pub(crate) fn kept_asks(&self, tier: u32) -> Result<Option<Vec<u64>>, SolveFileError> {
        let Some(bytes) = read_part(&self.asks(tier))? else {
            return Ok(None);
        };
        let Some((keys, crc)) = bytes.split_last_chunk::<4>() else {
            return Ok(None);
        };
        if keys.len() % 8 != 0 || crc32fast::hash(keys) != u32::from_le_bytes(*crc) {
            return Ok(None);
        }
        Ok(Some(
            keys.chunks_exact(8)
                .map(|k| u64::from_le_bytes(k.try_into().unwrap_or_default()))
                .collect(),
        ))
    }

    /// How many children [`Asks`] kept for tier `tier`, if their file is whole (read in
    /// blocks and checked, never held at once); `None` if it is missing or damaged.
    pub(crate) fn kept_count(&self, tier: u32) -> Option<u64> {
        let mut file = File::open(self.asks(tier)).ok()?;
        let len = file.metadata().map_or(0, |m| m.len());
        if len < 4 || (len - 4) % 8 != 0 {
            return None;
        }
        let mut crc = crc32fast::Hasher::new();
        let mut buf = vec![0u8; 1 << 20];
        let mut left = len - 4;
        while left > 0 {
            let take = usize::try_from(left).unwrap_or(usize::MAX).min(buf.len());
            let block = buf.get_mut(..take)?;
            file.read_exact(block).ok()?;
            crc.update(block);
            left -= take as u64;
        }
        let mut tail = [0u8; 4];
        file.read_exact(&mut tail).ok()?;
        (crc.finalize() == u32::from_le_bytes(tail)).then_some((len - 4) / 8)
    }
}

/// What a parts directory of game `G` called `name`, at `size`'s size, written in files of
/// header `header` by `ranks` ranks, is stamped with (the ranks named only where there are
/// several: one process and a job of one rank write the same parts).
pub(crate) fn stamp<G: Game>(name: &str, size: &G, header: &FileHeader, ranks: usize) -> String {
    let mut stamp = format!(
        "{} rules {} keys {} tiers {} records {}\n",
        name,
        header.rules_version,
        header.key_bits,
        size.tiers(),
        header.record_bytes
    );
    if ranks > 1 {
        let _ = writeln!(stamp, "ranks {ranks}");
    }
    stamp
}

/// A tier's manifest: every rank's key bounds, segment length and CRC-32.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Manifest {
    /// Every rank's lower bound of keys in the tier.
    pub(crate) bounds: Vec<u64>,
    /// Per rank: positions, bytes, CRC-32 of the segment.
    pub(crate) segments: Vec<(u64, u64, u32)>,
}

impl Manifest {
    /// The manifest as its file keeps it.
    pub(crate) fn text(&self) -> String {
        let mut text = String::new();
        let bounds: Vec<String> = self.bounds.iter().map(u64::to_string).collect();
        let _ = writeln!(text, "bounds {}", bounds.join(" "));
        for (rank, (positions, bytes, crc)) in self.segments.iter().enumerate() {
            let _ = writeln!(
                text,
                "rank {rank} positions {positions} bytes {bytes} crc32 {crc:08x}"
            );
        }
        text
    }

    /// A manifest's file read back; `None` if it is not one.
    pub(crate) fn parse(text: &str) -> Option<Manifest> {
        let mut lines = text.lines();
        let bounds = lines
            .next()?
            .strip_prefix("bounds ")?
            .split(' ')
            .map(|b| b.parse().ok())
            .collect::<Option<Vec<u64>>>()?;
        let segments = lines
            .enumerate()
            .map(|(rank, line)| {
                let words: Vec<&str> = line.split(' ').collect();
                match words.as_slice() {
                    ["rank", r, "positions", n, "bytes", b, "crc32", c]
                        if r.parse::<usize>().ok()? == rank =>
                    {
                        Some((
                            n.parse().ok()?,
                            b.parse().ok()?,
                            u32::from_str_radix(c, 16).ok()?,
                        ))
                    }
                    _ => None,
                }
            })
            .collect::<Option<Vec<_>>>()?;
        (bounds.len() == segments.len()).then_some(Manifest { bounds, segments })
    }
}

/// The children of this rank's range of a tier (its solve's questions), kept as they are
/// found, pass by pass: little-endian keys, then their CRC-32, written under a temporary
/// name and renamed into place when whole.
pub(crate) struct Asks {
    path: PathBuf,
    temp: PathBuf,
    file: BufWriter<File>,
    crc: crc32fast::Hasher,
    /// The last key pushed.
    last: Option<u64>,
}

impl Asks {
    /// An empty file of questions for `path`.
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: it cannot be created.
    pub(crate) fn create(path: PathBuf) -> Result<Asks, SolveFileError> {
        let temp = temp_of(&path);
        let file = File::create(&temp).map_err(io_at(&temp))?;
        Ok(Asks {
            path,
            temp,
            file: BufWriter::new(file),
            crc: crc32fast::Hasher::new(),
            last: None,
        })
    }

    /// Appends `kids`, sorted, each above every key pushed before.
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: the write failed.
    pub(crate) fn push(&mut self, kids: &[u64]) -> Result<(), SolveFileError> {
        debug_assert!(kids.is_sorted_by(|a, b| a < b), "a pass's children, sorted");
        debug_assert!(
            self.last
                .is_none_or(|last| kids.first().is_none_or(|&k| k > last)),
            "each pass above the one before"
        );
        self.last = kids.last().copied().or(self.last);
        for block in kids.chunks(1 << 13) {
            let bytes: Vec<u8> = block.iter().flat_map(|k| k.to_le_bytes()).collect();
            self.crc.update(&bytes);
            self.file.write_all(&bytes).map_err(io_at(&self.temp))?;
        }
        Ok(())
    }

    /// The CRC-32 written, the file synced and renamed into place.
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: a write, the sync or the rename failed.
    pub(crate) fn finish(self) -> Result<(), SolveFileError> {
        let Asks {
            path,
            temp,
            mut file,
            crc,
            ..
        } = self;
        file.write_all(&crc.finalize().to_le_bytes())
            .map_err(io_at(&temp))?;
        let file = file
            .into_inner()
            .map_err(|e| io_at(&temp)(e.into_error()))?;
        file.sync_all().map_err(io_at(&temp))?;
        drop(file);
        fs::rename(&temp, &path).map_err(io_at(&path))
    }
}

/// The keys of a walk in passes, kept on disk as the passes find them (8 bytes a key), so
/// that memory holds one pass's at a time beside the tier walked from, then read back as
/// the tier's key index once that tier is let go. The scratch file is removed when read
/// back, or when the walk fails and this is dropped; a run killed outright leaves it for
/// the next walk of the same tier to [`discard`](Self::discard).
#[derive(Debug)]
pub(crate) struct WalkedKeys {
    path: PathBuf,
    file: BufWriter<File>,
    positions: u64,
    /// Read back and removed.
    done: bool,
}

impl Drop for WalkedKeys {
    fn drop(&mut self) {
        // Not read back (a failed walk): nothing will read it.
        if !self.done {
            let _ = fs::remove_file(&self.path);
        }
    }
}

impl WalkedKeys {
    /// Removes what a run killed in the middle of a walk left at `path` (never read: a
    /// walk starts again from nothing), before the walk that would write it again.
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: the file is there and cannot be removed.
    pub(crate) fn discard(path: &Path) -> Result<(), SolveFileError> {
        match fs::remove_file(path) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(io_at(path)(error)),
            _ => Ok(()),
        }
    }

    /// An empty scratch file at `path`, in place of any there.
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: it cannot be created.
    pub(crate) fn create(path: &Path) -> Result<Self, SolveFileError> {
        Ok(Self {
            file: BufWriter::new(File::create(path).map_err(io_at(path))?),
            path: path.to_path_buf(),
            positions: 0,
            done: false,
        })
    }

    /// Appends `keys` (sorted, each above every key appended before).
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: the write failed.
    pub(crate) fn push(&mut self, keys: &[u64]) -> Result<(), SolveFileError> {
        for key in keys {
            self.file
                .write_all(&key.to_le_bytes())
                .map_err(io_at(&self.path))?;
        }
        self.positions += keys.len() as u64;
        Ok(())
    }

    /// Tier `tier`'s key index ([`key_index`](crate::key_index)) of every key appended, and how many there
    /// are; the scratch file removed.
    ///
    /// # Errors
    /// [`SolveFileError::Io`]: the file could not be written, read or removed;
    /// [`SolveFileError::File`]: the keys are not increasing.
    pub(crate) fn into_index(
        mut self,
        tier: u32,
        key_bits: u32,
    ) -> Result<(Vec<u8>, u64), SolveFileError> {
        let path = self.path.clone();
        let positions = self.positions;
        self.file.flush().map_err(io_at(&path))?;
        let mut read = io::BufReader::new(File::open(&path).map_err(io_at(&path))?);
        let mut failed = None;
        let keys = std::iter::from_fn(|| {
            let mut key = [0u8; 8];
            match read.read_exact(&mut key) {
                Ok(()) => Some(u64::from_le_bytes(key)),
                Err(error) => {
                    failed = Some(error);
                    None
                }
            }
        })
        .take(usize::try_from(positions).unwrap_or(usize::MAX));
        let bytes = key_index_of(tier, positions, keys, key_bits);
        if let Some(error) = failed {
            return Err(io_at(&path)(error));
        }
        let bytes = bytes?;
        fs::remove_file(&path).map_err(io_at(&path))?;
        self.done = true;
        Ok((bytes, positions))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_reads_back() {
        let manifest = Manifest {
            bounds: vec![0, 77],
            segments: vec![(3, 40, 0xdead_beef), (0, 8, 1)],
        };
        assert_eq!(Manifest::parse(&manifest.text()), Some(manifest));
        assert_eq!(
            Manifest::parse("bounds 0 1\nrank 1 positions 1 bytes 1 crc32 0\n"),
            None
        );
    }

    /// The scratch file of a walk in passes: the passes' keys read back as one index (the
    /// same bytes as the index of every key at once, built by the writer's own
    /// `key_index`), and the file gone afterwards; gone too when a walk fails or stops with
    /// it unread, and keys out of order refused.
    #[test]
    fn a_walks_scratch_keys_read_back_whole_and_never_left_behind() {
        let dir = std::env::temp_dir().join(format!(
            "perfect-play-generate-parts-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("tier-007.walked.0");
        let keys: Vec<u64> = (0..50_000u64).map(|k| k * 37 + 5).collect();
        let mut walked = WalkedKeys::create(&path).unwrap();
        for pass in keys.chunks(12_345) {
            walked.push(pass).unwrap();
        }
        let (bytes, positions) = walked.into_index(7, 24).unwrap();
        assert_eq!(positions, keys.len() as u64);
        assert_eq!(bytes, crate::key_index(7, &keys, 24).unwrap());
        assert!(!path.exists());

        let mut stopped = WalkedKeys::create(&path).unwrap();
        stopped.push(&keys[..10]).unwrap();
        drop(stopped);
        assert!(!path.exists(), "a walk that stops leaves no scratch file");

        let mut unordered = WalkedKeys::create(&path).unwrap();
        unordered.push(&[5, 9]).unwrap();
        unordered.push(&[7]).unwrap();
        assert!(unordered.into_index(7, 24).is_err());
        assert!(!path.exists());

        // What a killed run left is removed before the walk writes it again.
        fs::write(&path, b"left by a killed run").unwrap();
        WalkedKeys::discard(&path).unwrap();
        assert!(!path.exists());
        WalkedKeys::discard(&path).unwrap();
        let _ = fs::remove_dir_all(&dir);
    }
}
