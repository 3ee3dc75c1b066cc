//! A solved game as a table file: the layout, defined here once, and its reader over bytes
//! (`no_std`, no allocation, one lookup by bucket and a short binary search). The writer
//! is `perfect-play-generate`'s `file_write`; the checksums are verified by the `std`
//! reader that maps a file (`perfect_play::file`), which hashes what this module lists
//! ([`FileTable::meta_bytes`], [`FileTable::block`]). Every field and its byte order:
//! `docs/table-format.md`.
//!
//! A file holds one section per tier ([`Game::tier`](crate::Game::tier)): the tier's keys,
//! sorted and split into buckets by their high bits (a `u32` offset per bucket, then each
//! key's low bytes), and a record of one or two bytes per key in the same order. A probe
//! finds its bucket, searches the bucket's low bytes for its own and reads the record at
//! the same index: a key that is not in the file is answered `None`, never another key's
//! record. About 3.2 bytes a position for Connect Four (2 bytes of key, 1 of record, a
//! bucket offset for every 16 to 32 keys).

use core::fmt;

use crate::Packing;

/// The first eight bytes of every table file (`\x89PPTB\r\n\x1a`: a high byte, the name,
/// and the line ends and end-of-file mark that a text-mode copy would damage).
pub const MAGIC: [u8; 8] = *b"\x89PPTB\r\n\x1a";
/// The format version this reader reads. A change of any field's meaning or place is a new
/// version; a reader refuses every version but its own.
pub const VERSION: u16 = 1;
/// The header's length in bytes; the game's name follows it.
pub const HEADER_LEN: usize = 64;
/// The bytes of one tier's entry in the directory.
pub const TIER_ENTRY_LEN: usize = 32;
/// The data (the tier sections) is checksummed in blocks of this many bytes (the last
/// block may be shorter).
pub const BLOCK_LEN: usize = 1 << 16;
/// Where the header keeps the checksum of the metadata (header, name, directory, block
/// checksums), which is read as zero while it is computed.
pub const META_CHECKSUM_AT: usize = 56;

/// The header's flags (byte 13): the file holds one entry per class of symmetric
/// positions ([`Packing::canonical`]).
pub const FLAG_CANONICAL: u8 = 1;
/// The header's flags: a record is its remoteness alone, the value its parity
/// ([`Packing::by_parity`]). A reader that does not know a flag refuses the file.
pub const FLAG_BY_PARITY: u8 = 2;

/// A tier's section is placed at a multiple of this many bytes.
pub const SECTION_ALIGN: usize = 8;

/// An `include_bytes!` array aligned to a cache line, for a compiled table file:
/// `static T: &Aligned<[u8]> = &Aligned(*include_bytes!("t.table"));`.
#[repr(C, align(64))]
#[derive(Debug)]
pub struct Aligned<B: ?Sized>(pub B);

/// Why bytes are not a table file this reader can read, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FormatError {
    /// The bytes end before what the header says they hold: `needed` bytes, `len` there.
    Truncated {
        /// The length the header and directory call for.
        needed: u64,
        /// The length there is.
        len: u64,
    },
    /// Not [`MAGIC`] at the start: not a perfect-play table file.
    Magic,
    /// A format version other than [`VERSION`].
    Version {
        /// The version the file says.
        found: u16,
    },
    /// A header field out of its range, at this file offset.
    Field {
        /// The field's file offset.
        at: usize,
        /// What the field is.
        what: &'static str,
    },
    /// A tier's directory entry that does not fit the file.
    Tier {
        /// The tier.
        tier: u32,
        /// The directory entry's file offset.
        at: usize,
        /// What is wrong.
        what: &'static str,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FormatError::Truncated { needed, len } => write!(
                f,
                "truncated: the header says {needed} bytes, the file has {len}"
            ),
            FormatError::Magic => f.write_str(
                "not a perfect-play table file (its first 8 bytes are not the table magic)",
            ),
            FormatError::Version { found } => write!(
                f,
                "a table file of format version {found}; this reader reads version {VERSION}"
            ),
            FormatError::Field { at, what } => {
                write!(f, "at byte {at}: {what}")
            }
            FormatError::Tier { tier, at, what } => {
                write!(f, "tier {tier}'s directory entry (byte {at}): {what}")
            }
        }
    }
}

impl core::error::Error for FormatError {}

/// The little-endian integer of `N` bytes at `at`, or `None` past the end.
const fn le<const N: usize>(bytes: &[u8], at: usize) -> Option<u64> {
    let Some((_, rest)) = bytes.split_at_checked(at) else {
        return None;
    };
    let Some(chunk) = rest.first_chunk::<N>() else {
        return None;
    };
    let mut value = 0u64;
    let mut i = N;
    while i > 0 {
        i -= 1;
        value = (value << 8) | byte(chunk, i) as u64;
    }
    Some(value)
}

/// The byte at `i` of `chunk`, 0 past its end (a const fn cannot call `get`'s `Option` away).
const fn byte(chunk: &[u8], i: usize) -> u8 {
    match chunk.split_at_checked(i) {
        Some((_, [b, ..])) => *b,
        _ => 0,
    }
}

/// How a tier's keys are split: the key's bits from `shift` up choose its bucket among
/// `buckets`, and its low `bytes` bytes are stored (they hold at least the bits below
/// `shift`, so a key is its bucket and its low bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Low bytes stored per key (1..=8).
    pub bytes: u32,
    /// Buckets: `2^(key_bits - shift)`.
    pub buckets: u64,
    /// The bucket is the key shifted right by this many bits.
    pub shift: u32,
}

impl Split {
    /// The split of a tier of `positions` keys of `key_bits` bits: a bucket for about
    /// every 16 keys (`2^floor(log2(positions / 16))` buckets, at most one per key value,
    /// so that a bucket's keys share a cache line or two and the `u32` offsets cost about
    /// a quarter of a byte a key), and as many low bytes as the bits below the bucket need.
    /// One rule, the writer's and every checker's.
    #[must_use]
    pub const fn of(positions: u64, key_bits: u32) -> Split {
        let per_bucket = positions / 16;
        let mut bucket_bits = if per_bucket > 1 {
            per_bucket.ilog2()
        } else {
            0
        };
        if bucket_bits > key_bits {
            bucket_bits = key_bits;
        }
        if bucket_bits > 32 {
            bucket_bits = 32;
        }
        let shift = key_bits - bucket_bits;
        let bytes = if shift <= 8 { 1 } else { shift.div_ceil(8) };
        Split {
            bytes,
            buckets: 1 << bucket_bits,
            shift,
        }
    }

    /// The bytes of a tier's section of `positions` keys with records of `record_bytes`:
    /// the offsets, the low bytes, the records, and the zeros up to [`SECTION_ALIGN`].
    #[must_use]
    pub const fn section_len(self, positions: u64, record_bytes: u32) -> u64 {
        let len = 4 * (self.buckets + 1) + positions * (self.bytes as u64 + record_bytes as u64);
        len.div_ceil(SECTION_ALIGN as u64) * SECTION_ALIGN as u64
    }
}

/// One tier of a file: where its section is and how its keys are split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tier {
    /// Positions in the tier.
    pub positions: u64,
    /// The section's file offset.
    pub offset: u64,
    /// How its keys are split.
    pub split: Split,
}

/// A table file's header and directory over its bytes, read once; the lookups read the
/// sections in place.
#[derive(Clone, Copy)]
pub struct FileTable {
    bytes: &'static [u8],
    record_bytes: u32,
    packing: Packing,
    key_bits: u32,
    tiers: u32,
    rules_version: u32,
    positions: u64,
    name_len: usize,
    blocks: usize,
    data_start: usize,
    /// Where a lone probe guesses its bucket's keys to be before it reads the bucket's
    /// offsets ([`FileTable::with_hints`]); empty for none.
    hints: &'static [u32],
}

impl fmt::Debug for FileTable {
    /// The header, not the bytes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FileTable")
            .field("name", &self.name())
            .field("positions", &self.positions)
            .field("tiers", &self.tiers)
            .field("key_bits", &self.key_bits)
            .field("record_bytes", &self.record_bytes)
            .finish_non_exhaustive()
    }
}

/// The directory's file offset, after the header and the name padded to 8 bytes.
const fn directory_at(name_len: usize) -> usize {
    HEADER_LEN + name_len.div_ceil(8) * 8
}

/// Where the data starts: after the directory and the block checksums, at a multiple of
/// [`SECTION_ALIGN`]. One rule for the writer and the reader.
#[must_use]
pub const fn data_start(name_len: usize, tiers: u32, blocks: usize) -> usize {
    let end = directory_at(name_len) + tiers as usize * TIER_ENTRY_LEN + 4 * blocks;
    end.div_ceil(SECTION_ALIGN) * SECTION_ALIGN
}

impl FileTable {
    /// Reads the header and checks the directory of `bytes` against their length and each
    /// other (the checksums are the `std` reader's to verify).
    ///
    /// # Errors
    /// [`FormatError`]: which field or tier is wrong, and where.
    pub const fn parse(bytes: &'static [u8]) -> Result<FileTable, FormatError> {
        let len = bytes.len() as u64;
        // A file that does not start as a table is foreign, however short; one that does
        // and ends within the header is truncated.
        let mut i = 0;
        while i < MAGIC.len() && i < bytes.len() {
            if byte(bytes, i) != byte(&MAGIC, i) {
                return Err(FormatError::Magic);
            }
            i += 1;
        }
        if len < HEADER_LEN as u64 {
            return Err(FormatError::Truncated {
                needed: HEADER_LEN as u64,
                len,
            });
        }
        let (
            Some(version),
            Some(record_bytes),
            Some(remoteness_bits),
            Some(key_bits),
            Some(flags),
            Some(tiers),
            Some(rules_version),
            Some(block_len),
            Some(positions),
            Some(file_len),
            Some(data_at),
            Some(name_len),
            Some(blocks),
            Some(reserved),
        ) = (
            le::<2>(bytes, 8),
            le::<1>(bytes, 10),
            le::<1>(bytes, 11),
            le::<1>(bytes, 12),
            le::<1>(bytes, 13),
            le::<2>(bytes, 14),
            le::<4>(bytes, 16),
            le::<4>(bytes, 20),
            le::<8>(bytes, 24),
            le::<8>(bytes, 32),
            le::<8>(bytes, 40),
            le::<4>(bytes, 48),
            le::<4>(bytes, 52),
            le::<4>(bytes, 60),
        )
        else {
            return Err(FormatError::Truncated {
                needed: HEADER_LEN as u64,
                len,
            });
        };
        if version != VERSION as u64 {
            return Err(FormatError::Version {
                found: version as u16,
            });
        }
        if file_len != len {
            return Err(FormatError::Truncated {
                needed: file_len,
                len,
            });
        }
        let by_parity = flags & FLAG_BY_PARITY as u64 != 0;
        let value_bits = if by_parity { 0 } else { 2 };
        // Each field out of its range, with its offset and what is wrong, the first found.
        let fields = [
            (
                !(record_bytes == 1 || record_bytes == 2),
                10,
                "record bytes other than 1 or 2",
            ),
            (
                remoteness_bits + value_bits > 8 * record_bytes || remoteness_bits == 0,
                11,
                "remoteness bits that do not fit the record",
            ),
            (
                key_bits == 0 || key_bits > 64,
                12,
                "key bits outside 1..=64",
            ),
            (
                flags & !((FLAG_CANONICAL | FLAG_BY_PARITY) as u64) != 0,
                13,
                "unknown flags",
            ),
            (tiers == 0, 14, "no tier"),
            (
                block_len != BLOCK_LEN as u64,
                20,
                "a block length other than 65536",
            ),
            (reserved != 0, 60, "reserved bytes that are not zero"),
            (name_len > 255, 48, "a game name longer than 255 bytes"),
        ];
        // A const fn: no iterator adaptors, so the slice is walked by hand.
        let mut left: &[(bool, usize, &str)] = &fields;
        while let [(wrong, at, what), rest @ ..] = left {
            if *wrong {
                return Err(FormatError::Field { at: *at, what });
            }
            left = rest;
        }
        let name_len = name_len as usize;
        let start = data_start(name_len, tiers as u32, blocks as usize);
        if data_at != start as u64 {
            return Err(FormatError::Field {
                at: 40,
                what: "a data offset that does not follow the directory",
            });
        }
        if start as u64 > len {
            return Err(FormatError::Truncated {
                needed: start as u64,
                len,
            });
        }
        if (len - start as u64).div_ceil(BLOCK_LEN as u64) != blocks {
            return Err(FormatError::Field {
                at: 52,
                what: "a block count that does not match the data",
            });
        }
        let table = FileTable {
            bytes,
            record_bytes: record_bytes as u32,
            packing: Packing {
                remoteness_bits: remoteness_bits as u32,
                by_parity,
                canonical: flags & FLAG_CANONICAL as u64 != 0,
            },
            key_bits: key_bits as u32,
            tiers: tiers as u32,
            rules_version: rules_version as u32,
            positions,
            name_len,
            blocks: blocks as usize,
            data_start: start,
            hints: &[],
        };
        if core::str::from_utf8(table.name_bytes()).is_err() {
            return Err(FormatError::Field {
                at: HEADER_LEN,
                what: "a game name that is not UTF-8",
            });
        }
        // Each tier where the one before it ends; the positions adding up.
        let mut expected = start as u64;
        let mut total = 0u64;
        let mut t = 0;
        while t < table.tiers {
            let at = directory_at(name_len) + t as usize * TIER_ENTRY_LEN;
            let Some(tier) = table.tier_at(t) else {
                return Err(FormatError::Tier {
                    tier: t,
                    at,
                    what: "unreadable",
                });
            };
            let split = Split::of(tier.positions, table.key_bits);
            if tier.split.bytes != split.bytes || tier.split.buckets != split.buckets {
                return Err(FormatError::Tier {
                    tier: t,
                    at,
                    what: "a key split other than its size gives",
                });
            }
            if tier.offset != expected || tier.positions >= 1 << 32 {
                return Err(FormatError::Tier {
                    tier: t,
                    at,
                    what: "a section that does not follow the one before it",
                });
            }
            expected += split.section_len(tier.positions, table.record_bytes);
            total += tier.positions;
            t += 1;
        }
        if expected != len {
            return Err(FormatError::Truncated {
                needed: expected,
                len,
            });
        }
        if total != positions {
            return Err(FormatError::Field {
                at: 24,
                what: "a position count that is not the tiers' sum",
            });
        }
        Ok(table)
    }

    /// The table in `bytes`, for a `static`: a malformed table stops the build there.
    ///
    /// # Panics
    /// If `bytes` are not a table file ([`FileTable::parse`] for a `Result`); in a
    /// `static` or `const` that is a compile error, never a run-time panic.
    #[must_use]
    #[allow(clippy::panic)] // evaluated at compile time: a bad table is a build error
    pub const fn new(bytes: &'static [u8]) -> FileTable {
        match FileTable::parse(bytes) {
            Ok(table) => table,
            Err(_) => panic!("not a perfect-play table file of format version 1"),
        }
    }

    /// The game's name bytes.
    const fn name_bytes(&self) -> &'static [u8] {
        match self.bytes.split_at_checked(HEADER_LEN) {
            Some((_, rest)) => match rest.split_at_checked(self.name_len) {
                Some((name, _)) => name,
                None => &[],
            },
            None => &[],
        }
    }

    /// The game's name with its parameters (`connect4-6x4`), as the file says.
    #[must_use]
    pub fn name(&self) -> &'static str {
        core::str::from_utf8(self.name_bytes()).unwrap_or("")
    }

    /// The game's rules version the file was solved under.
    #[must_use]
    pub const fn rules_version(&self) -> u32 {
        self.rules_version
    }

    /// How many positions the file holds.
    #[must_use]
    pub const fn len(&self) -> u64 {
        self.positions
    }

    /// Whether the file holds no position (never, for a written one).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.positions == 0
    }

    /// How many tiers.
    #[must_use]
    pub const fn tiers(&self) -> u32 {
        self.tiers
    }

    /// Bits of a key.
    #[must_use]
    pub const fn key_bits(&self) -> u32 {
        self.key_bits
    }

    /// Bytes of a record (1 or 2).
    #[must_use]
    pub const fn record_bytes(&self) -> u32 {
        self.record_bytes
    }

    /// How its records read: bits of remoteness in a record, and whether the file holds one
    /// entry per class of symmetric positions.
    #[must_use]
    pub const fn packing(&self) -> Packing {
        self.packing
    }

    /// The whole file's bytes.
    #[must_use]
    pub const fn bytes(&self) -> &'static [u8] {
        self.bytes
    }

    /// The checksum the header keeps over the metadata (and so over every block's
    /// checksum): the file's checksum.
    #[must_use]
    pub fn meta_checksum(&self) -> u32 {
        le::<4>(self.bytes, META_CHECKSUM_AT).unwrap_or(0) as u32
    }

    /// The metadata the header's checksum covers: the header (its checksum field read as
    /// zero by the hasher: hash `..META_CHECKSUM_AT`, four zeros, then the rest), the
    /// name, the directory and the block checksums, up to the data.
    #[must_use]
    pub fn meta_bytes(&self) -> &'static [u8] {
        self.bytes.get(..self.data_start).unwrap_or(&[])
    }

    /// How many data blocks the file has.
    #[must_use]
    pub const fn blocks(&self) -> usize {
        self.blocks
    }

    /// Data block `i`: its file offset, its bytes and the checksum the file lists for it.
    #[must_use]
    pub fn block(&self, i: usize) -> Option<(usize, &'static [u8], u32)> {
        let start = self.data_start.checked_add(i.checked_mul(BLOCK_LEN)?)?;
        let end = start.saturating_add(BLOCK_LEN).min(self.bytes.len());
        let data = self.bytes.get(start..end)?;
        let table = directory_at(self.name_len) + self.tiers as usize * TIER_ENTRY_LEN;
        let sum = le::<4>(self.bytes, table + 4 * i)? as u32;
        Some((start, data, sum))
    }

    /// Tier `t`'s directory entry.
    #[must_use]
    pub const fn tier_at(&self, t: u32) -> Option<Tier> {
        let at = directory_at(self.name_len) + t as usize * TIER_ENTRY_LEN;
        let (Some(positions), Some(offset), Some(bytes), Some(buckets)) = (
            le::<8>(self.bytes, at),
            le::<8>(self.bytes, at + 8),
            le::<1>(self.bytes, at + 16),
            le::<8>(self.bytes, at + 24),
        ) else {
            return None;
        };
        let split = Split::of(positions, self.key_bits);
        Some(Tier {
            positions,
            offset,
            split: Split {
                bytes: bytes as u32,
                buckets,
                shift: split.shift,
            },
        })
    }

    /// The packed record ([`Record::unpack_in`](crate::Record::unpack_in) reads it) of the
    /// key in tier `tier`, or `None` if the file does not hold it.
    #[inline]
    #[must_use]
    pub fn get(&self, tier: u32, key: u64) -> Option<u32> {
        let (section, index) = self.tier_index(tier)?;
        if !self.hints.is_empty() {
            self.prefetch_guessed(tier, section, index, key);
        }
        self.get_in(section, index, key)
    }

    /// How many `u32`s [`fill_hints`](FileTable::fill_hints) writes for this file.
    #[must_use]
    pub fn hints_len(&self) -> usize {
        let blocks: u64 = (0..self.tiers)
            .filter_map(|t| self.tier_at(t))
            .map(|tier| hint_block_len(tier.split.buckets) as u64)
            .sum();
        self.tiers as usize + blocks as usize
    }

    /// Writes the hints of [`with_hints`](FileTable::with_hints) into `out` (of
    /// [`hints_len`](FileTable::hints_len)), from the file's offsets: first,
    /// for each tier, where its block starts in `out` (`u32::MAX` for a tier whose
    /// guesses would not help, or too small to need them); then each tier's block: how far
    /// the guesses stray (twice their root mean square error, in keys; `u32::MAX` where
    /// they stray too far to help, as where keys bunch; measured on every
    /// [`HINT_SAMPLE_STRIDE`]-th bucket), and the offset of every
    /// [`HINT_SPAN`]-th bucket. Returns `false`, leaving `out` unfinished, if it is too
    /// short or the file's offsets cannot be read.
    pub fn fill_hints(&self, out: &mut [u32]) -> bool {
        let mut at = self.tiers as usize;
        for t in 0..self.tiers {
            let Some((_, index)) = self.tier_index(t) else {
                return false;
            };
            let buckets = index.split.buckets;
            let offset = |bucket: u64| le::<4>(index.bytes, 4 * bucket as usize);
            let len = hint_block_len(buckets);
            let Some(block) = out.get_mut(at..at + len) else {
                return false;
            };
            let (head, marks) = block.split_at_mut(1);
            for (j, mark) in marks.iter_mut().enumerate() {
                let Some(value) = offset((j as u64 * HINT_SPAN).min(buckets)) else {
                    return false;
                };
                *mark = value as u32;
            }
            let (mut squares, mut sampled) = (0f64, 0u32);
            for bucket in (0..buckets).step_by(HINT_SAMPLE_STRIDE) {
                let Some(actual) = offset(bucket) else {
                    return false;
                };
                let guess = guess(marks, bucket).map_or(0, |(start, _)| start);
                let miss = actual as f64 - guess as f64;
                squares += miss * miss;
                sampled += 1;
            }
            let spread = 2.0 * square_root(squares / f64::from(sampled.max(1))) + 1.0;
            let helps = spread <= f64::from(HINT_MARGIN_MAX) && buckets >= HINT_MIN_BUCKETS;
            if let Some(margin) = head.first_mut() {
                *margin = if helps { spread as u32 } else { u32::MAX };
            }
            let Some(slot) = out.get_mut(t as usize) else {
                return false;
            };
            *slot = if helps { at as u32 } else { u32::MAX };
            at += len;
        }
        true
    }

    /// This file with `hints` ([`fill_hints`](FileTable::fill_hints)'s): a lone probe
    /// ([`get`](FileTable::get)) then guesses where its bucket's keys and records lie from
    /// the hints, which stay in the caches, and asks for those lines at once with its
    /// bucket's offsets, so that its two waits on memory overlap instead of following each
    /// other. Hints change no answer: a wrong one only asks for lines not read.
    #[must_use]
    pub const fn with_hints(self, hints: &'static [u32]) -> FileTable {
        FileTable { hints, ..self }
    }

    /// Asks for the lines of `key`'s bucket's low bytes and records where the hints guess
    /// they are, if the file has hints and they help in `tier`.
    // Not inlined: a file without hints (Connect Four's) keeps its probe's code as short
    // as it was, every instruction of which the CPU's run ahead to the next probe counts.
    #[inline(never)]
    fn prefetch_guessed(&self, tier: u32, section: &[u8], index: KeyIndex<'_>, key: u64) {
        // A tier whose guesses stray too far starts at `u32::MAX`: no block, one load.
        let Some((&margin, marks)) = self
            .hints
            .get(tier as usize)
            .and_then(|&start| self.hints.get(start as usize..))
            .and_then(<[u32]>::split_first)
        else {
            return;
        };
        let Some((guess, per_bucket)) = index
            .bucket(key)
            .filter(|_| margin <= HINT_MARGIN_MAX)
            .and_then(|bucket| guess(marks, bucket as u64))
        else {
            return;
        };
        let from = guess.saturating_sub(u64::from(margin)) as usize;
        let to = (guess + per_bucket + u64::from(margin)) as usize;
        let width = index.split.bytes as usize;
        let lows_at = 4 * (index.split.buckets as usize + 1);
        let rb = self.record_bytes as usize;
        for (at, len) in [(lows_at, width), (index.len_bytes(), rb)] {
            let first = (at + from * len) & !(LINE - 1);
            let lines = (at + to * len).saturating_sub(first).div_ceil(LINE);
            for line in 0..lines.min(GUESSED_LINES) {
                prefetch(section, first + line * LINE);
            }
        }
    }

    /// [`get`](FileTable::get) in a tier's section and keys, as
    /// [`tier_index`](FileTable::tier_index) gives them.
    #[inline]
    fn get_in(&self, section: &[u8], index: KeyIndex<'_>, key: u64) -> Option<u32> {
        let records_at = index.len_bytes();
        let rb = self.record_bytes as usize;
        // The bucket's records are fetched while its low bytes are searched: one wait on
        // memory for both, not one after the other.
        let found = index.find_with(key, |from, to| {
            prefetch(section, records_at + from * rb);
            prefetch(section, (records_at + to * rb).saturating_sub(1));
        })?;
        let bits = match self.record_bytes {
            1 => le::<1>(section, records_at + found)?,
            _ => le::<2>(section, records_at + 2 * found)?,
        };
        match bits {
            0 => None,
            bits => Some(bits as u32),
        }
    }

    /// [`get`](FileTable::get) for many keys at once: `out[i]` is the packed record of
    /// `keys[i]` (`(tier, key)`), for as many as both slices hold; the same answers, found
    /// faster. A probe waits on memory two or three times (the bucket's offsets, then its
    /// low bytes and records); here each probe asks for its offsets 16 probes before its
    /// answer and for its bucket 8 before, so that the waits of many probes overlap.
    pub fn get_many(&self, keys: &[(u32, u64)], out: &mut [Option<u32>]) {
        let n = keys.len().min(out.len());
        let keys = keys.get(..n).unwrap_or(&[]);
        let at = |i: Option<usize>| i.and_then(|i| keys.get(i)).copied();
        // The first tiers' sections, read from the directory once for the whole batch.
        let mut tiers = [None; CACHED_TIERS];
        let mut tier_index = |tier: u32| match tiers.get_mut(tier as usize) {
            Some(slot) => *slot.get_or_insert_with(|| self.tier_index(tier)),
            None => self.tier_index(tier),
        };
        let mut slots = out.iter_mut();
        for i in 0..n + 2 * AHEAD {
            if let Some((tier, key)) = at(Some(i))
                && let Some((_, index)) = tier_index(tier)
            {
                index.prefetch_offsets(key);
            }
            if let Some((tier, key)) = at(i.checked_sub(AHEAD))
                && let Some((section, index)) = tier_index(tier)
            {
                self.prefetch_bucket(section, index, key);
            }
            if let Some((tier, key)) = at(i.checked_sub(2 * AHEAD))
                && let Some(slot) = slots.next()
            {
                *slot =
                    tier_index(tier).and_then(|(section, index)| self.get_in(section, index, key));
            }
        }
    }

    /// Tier `tier`'s section and its keys, or `None` if the file has no such tier.
    #[inline]
    fn tier_index(&self, tier: u32) -> Option<(&'static [u8], KeyIndex<'static>)> {
        if tier >= self.tiers {
            return None;
        }
        let t = self.tier_at(tier)?;
        let section = self.bytes.get(t.offset as usize..)?;
        Some((section, KeyIndex::new(section, t.positions, self.key_bits)?))
    }

    /// Asks for the lines of `key`'s bucket's low bytes and records in a tier's `section`
    /// and `index`, its offsets read (asked for [`AHEAD`] probes before):
    /// [`get_many`](FileTable::get_many)'s second step.
    #[inline]
    fn prefetch_bucket(&self, section: &[u8], index: KeyIndex<'_>, key: u64) {
        let Some((from, to)) = index.bucket(key).and_then(|bucket| index.range(bucket)) else {
            return;
        };
        let width = index.split.bytes as usize;
        let lows_at = 4 * (index.split.buckets as usize + 1);
        let records_at = index.len_bytes();
        let rb = self.record_bytes as usize;
        prefetch(section, lows_at + from * width);
        prefetch(section, (lows_at + to * width).saturating_sub(1));
        prefetch(section, records_at + from * rb);
        prefetch(section, (records_at + to * rb).saturating_sub(1));
    }

    /// Every `(tier, key, packed record)` in the file, tier by tier, keys increasing.
    pub fn iter(self) -> impl Iterator<Item = (u32, u64, u32)> {
        (0..self.tiers).flat_map(move |t| {
            let tier = self.tier_at(t);
            let section = tier
                .and_then(|tier| self.bytes.get(tier.offset as usize..))
                .unwrap_or(&[]);
            let index = tier.and_then(|tier| KeyIndex::new(section, tier.positions, self.key_bits));
            let records_at = index.map_or(0, |index| index.len_bytes());
            let rb = self.record_bytes as usize;
            index
                .into_iter()
                .flat_map(|index| index.keys(0))
                .enumerate()
                .filter_map(move |(i, key)| {
                    let bits = read_le(section, records_at + i * rb, rb)? as u32;
                    Some((t, key, bits))
                })
        })
    }
}

/// A tier's sorted keys as a section keeps them: `buckets + 1` little-endian `u32`
/// offsets (bucket `b`'s keys are `offsets[b]..offsets[b + 1]`), then each key's low
/// `split.bytes` bytes, little-endian. The file's reader and the solver, which keeps every
/// tier's keys this way while it works, both read keys through it.
#[derive(Clone, Copy, Debug)]
pub struct KeyIndex<'a> {
    bytes: &'a [u8],
    split: Split,
    positions: u64,
}

impl<'a> KeyIndex<'a> {
    /// The index of `positions` keys of `key_bits` bits at the start of `bytes` (which may
    /// go on past it), or `None` if `bytes` are too short.
    #[must_use]
    pub fn new(bytes: &'a [u8], positions: u64, key_bits: u32) -> Option<KeyIndex<'a>> {
        let split = Split::of(positions, key_bits);
        let len = 4 * (split.buckets as usize + 1) + positions as usize * split.bytes as usize;
        Some(KeyIndex {
            bytes: bytes.get(..len)?,
            split,
            positions,
        })
    }

    /// The bytes of the index: offsets and low bytes.
    #[must_use]
    pub const fn len_bytes(&self) -> usize {
        self.bytes.len()
    }

    /// The position of `key` among the keys (0 for the smallest), or `None` if it is not
    /// one of them.
    #[inline]
    #[must_use]
    pub fn find(&self, key: u64) -> Option<usize> {
        self.find_with(key, |_, _| {})
    }

    /// [`find`](KeyIndex::find), calling `fetch(from, to)` with the range of the key's
    /// bucket (its keys are the `from`-th to the `to - 1`-th) before searching it, so that
    /// a caller can ask for what it will read next (the file's reader, the bucket's
    /// records). The bucket's low bytes are prefetched the same way.
    #[inline]
    pub fn find_with(&self, key: u64, fetch: impl FnOnce(usize, usize)) -> Option<usize> {
        let low_bits = 8 * self.split.bytes;
        let low = if low_bits >= 64 {
            key
        } else {
            key & ((1 << low_bits) - 1)
        };
        let (from, to) = self.range(self.bucket(key)?)?;
        let lows = self.bytes.get(4 * (self.split.buckets as usize + 1)..)?;
        let width = self.split.bytes as usize;
        prefetch(lows, from * width);
        prefetch(lows, (to * width).saturating_sub(1));
        fetch(from, to);
        match self.split.bytes {
            2 => search::<2>(lows, from, to, low),
            1 => search::<1>(lows, from, to, low),
            3 => search::<3>(lows, from, to, low),
            4 => search::<4>(lows, from, to, low),
            width => search_wide(lows, width as usize, from, to, low),
        }
    }

    /// The bucket `key` falls in, or `None` if it is wider than the keys.
    #[inline]
    fn bucket(&self, key: u64) -> Option<usize> {
        let bucket = key.checked_shr(self.split.shift).unwrap_or(0);
        if bucket >= self.split.buckets {
            return None;
        }
        usize::try_from(bucket).ok()
    }

    /// Asks for the line of `key`'s bucket offsets: [`FileTable::get_many`]'s first step.
    #[inline]
    fn prefetch_offsets(&self, key: u64) {
        if let Some(bucket) = self.bucket(key) {
            prefetch(self.bytes, 4 * bucket);
        }
    }

    /// Bucket `bucket`'s keys: the `from`-th to the `to - 1`-th.
    #[inline]
    fn range(&self, bucket: usize) -> Option<(usize, usize)> {
        let from = le::<4>(self.bytes, 4 * bucket)? as usize;
        let to = le::<4>(self.bytes, 4 * bucket + 4)? as usize;
        Some((from, to))
    }

    /// The keys from the `from`-th on, in increasing order.
    pub fn keys(self, from: usize) -> impl Iterator<Item = u64> + 'a {
        let width = self.split.bytes as usize;
        let lows_at = 4 * (self.split.buckets as usize + 1);
        // The bucket of the `from`-th key: the last whose offset is at most `from`.
        let (mut low, mut high) = (0u64, self.split.buckets);
        while high - low > 1 {
            let mid = low + (high - low) / 2;
            match le::<4>(self.bytes, 4 * mid as usize) {
                Some(offset) if offset as usize <= from => low = mid,
                _ => high = mid,
            }
        }
        let mut bucket = low;
        let bytes = self.bytes;
        let shift = self.split.shift;
        let below = 1u64.checked_shl(shift).map_or(u64::MAX, |bit| bit - 1);
        (from..self.positions as usize).map_while(move |i| {
            while le::<4>(bytes, 4 * (bucket as usize + 1))? as usize <= i {
                bucket += 1;
            }
            let low = read_le(bytes, lows_at + i * width, width)?;
            Some(bucket.checked_shl(shift).unwrap_or(0) | (low & below))
        })
    }
}

/// How many buckets apart [`FileTable::fill_hints`] marks a tier's offsets: one `u32` for
/// 64 buckets (one to two thousand keys), so that a file's hints are a 64th of its offsets
/// (512 KiB for Dōbutsu shōgi's 32 MiB) and stay in the caches.
pub const HINT_SPAN: u64 = 64;

/// The fewest buckets a tier must have for [`FileTable::fill_hints`] to guess in it: a
/// smaller tier's offsets take at most a KiB, which the caches keep.
const HINT_MIN_BUCKETS: u64 = 4 * HINT_SPAN;

/// Every how many buckets [`FileTable::fill_hints`] measures how far the guesses stray: a
/// sample (137,000 buckets of Dōbutsu shōgi's 8.4 million, a few milliseconds at open),
/// the stride prime so that it meets every place within a span.
pub const HINT_SAMPLE_STRIDE: usize = 61;

/// The farthest a tier's guesses may stray (twice their root mean square error, in keys)
/// for a lone probe to follow them: past it, the lines asked for would be many and mostly
/// wasted. Keys spread evenly (Dōbutsu shōgi's) stray about 34; Connect Four's bunch, and
/// most of its tiers go without.
const HINT_MARGIN_MAX: u32 = 128;

/// The most lines a lone probe asks for on a guess, of low bytes and of records each: a
/// guess of Dōbutsu shōgi's spans four or five of low bytes and two or three of records.
const GUESSED_LINES: usize = 8;

/// A cache line's bytes.
const LINE: usize = 64;

/// A tier's block of hints for `buckets` buckets: its margin, then the offset of every
/// [`HINT_SPAN`]-th bucket and of the end.
const fn hint_block_len(buckets: u64) -> usize {
    2 + buckets.div_ceil(HINT_SPAN) as usize
}

/// Where bucket `bucket`'s keys start, guessed from `marks` (every [`HINT_SPAN`]-th
/// bucket's offset) by a straight line between the two marks around it, and how many keys
/// a bucket holds there on average.
#[inline]
fn guess(marks: &[u32], bucket: u64) -> Option<(u64, u64)> {
    let j = (bucket / HINT_SPAN) as usize;
    let (low, high) = (u64::from(*marks.get(j)?), u64::from(*marks.get(j + 1)?));
    let keys = high.saturating_sub(low);
    Some((
        low + keys * (bucket % HINT_SPAN) / HINT_SPAN,
        keys.div_ceil(HINT_SPAN),
    ))
}

/// The square root, by Newton's method: `core` has none for `f64` without `std`.
fn square_root(x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    let mut r = if x > 1.0 { x / 2.0 } else { 1.0 };
    for _ in 0..64 {
        r = 0.5 * (r + x / r);
    }
    r
}

/// How many probes ahead of its answer [`FileTable::get_many`] asks for a probe's bucket
/// (and twice as many for its offsets): enough misses in flight to keep memory busy, few
/// enough that the lines asked for are still in the cache when they are read.
const AHEAD: usize = 8;

/// How many of a file's first tiers [`FileTable::get_many`] reads from the directory once
/// a batch (Connect Four's tiers are its disc counts: 43 on 7x6).
const CACHED_TIERS: usize = 64;

/// Asks the processor to bring the cache line of `bytes[at]` in, if there is one: a hint
/// that changes no result, so that a probe's misses to memory overlap instead of waiting
/// on each other. Nothing on processors other than x86-64.
#[inline(always)]
fn prefetch(bytes: &[u8], at: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(byte) = bytes.get(at) {
        #[allow(unsafe_code)]
        // SAFETY: a prefetch reads nothing into the program, cannot fault (and the address
        // is of a live byte anyway), and SSE, which has it, is in every x86-64 processor.
        unsafe {
            core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
                core::ptr::from_ref(byte).cast(),
            );
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (bytes, at);
}

/// The little-endian integer of `width` bytes (at most 8) at `at`.
fn read_le(bytes: &[u8], at: usize, width: usize) -> Option<u64> {
    // Eight bytes at once where there are eight, masked to `width`: no copy of a length
    // known only at run time, which is a call to `memcpy` (a key index's walk spent most
    // of its time there).
    if let Some(word) = bytes.get(at..).and_then(<[u8]>::first_chunk::<8>) {
        return match width {
            8 => Some(u64::from_le_bytes(*word)),
            0..8 => Some(u64::from_le_bytes(*word) & ((1 << (8 * width)) - 1)),
            _ => None,
        };
    }
    let mut buf = [0u8; 8];
    buf.get_mut(..width)?
        .copy_from_slice(bytes.get(at..at.checked_add(width)?)?);
    Some(u64::from_le_bytes(buf))
}

/// The index of `low` among the `N`-byte values `from..to` of `lows` (sorted), if there.
#[inline]
fn search<const N: usize>(lows: &[u8], mut from: usize, mut to: usize, low: u64) -> Option<usize> {
    while from < to {
        let mid = from + (to - from) / 2;
        let value = le::<N>(lows, mid * N)?;
        match value.cmp(&low) {
            core::cmp::Ordering::Less => from = mid + 1,
            core::cmp::Ordering::Greater => to = mid,
            core::cmp::Ordering::Equal => return Some(mid),
        }
    }
    None
}

/// [`search`] for widths of 5 to 8 bytes.
fn search_wide(
    lows: &[u8],
    width: usize,
    mut from: usize,
    mut to: usize,
    low: u64,
) -> Option<usize> {
    while from < to {
        let mid = from + (to - from) / 2;
        let value = read_le(lows, mid * width, width)?;
        match value.cmp(&low) {
            core::cmp::Ordering::Less => from = mid + 1,
            core::cmp::Ordering::Greater => to = mid,
            core::cmp::Ordering::Equal => return Some(mid),
        }
    }
    None
}
