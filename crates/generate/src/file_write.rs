//! Writing a table file (`perfect_play_core::file`, every field in `docs/table-format.md`):
//! the one writer of the format, for a tier solve, a flat solve and a build script alike,
//! and beside it the one check of the checksums it writes ([`verify`]).
//! Deterministic byte for byte: the bytes depend on the keys and records alone, never on
//! threads or timing, so a file's SHA-256 can be published.

use std::fmt;
use std::io::{self, Seek, SeekFrom, Write};
use std::string::String;
use std::vec::Vec;

use perfect_play_core::file::{
    BLOCK_LEN, FLAG_BY_PARITY, FLAG_CANONICAL, FileTable, HEADER_LEN, MAGIC, META_CHECKSUM_AT,
    SECTION_ALIGN, Split, TIER_ENTRY_LEN, VERSION, data_start,
};
use perfect_play_core::{Game, Packing, Record};

use crate::flat::SolvedKeys;

/// What a file says of its game and layout, besides its tiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileHeader {
    /// The game's name with its parameters (`connect4-6x4`), at most 255 bytes.
    pub name: String,
    /// The game's [`Game::RULES_VERSION`].
    pub rules_version: u32,
    /// Bits of a key ([`Game::key_bits`], or what the largest key needs).
    pub key_bits: u32,
    /// Bytes of a record: 1 or 2.
    pub record_bytes: u32,
    /// Bits of remoteness in a record: at most `8 * record_bytes - 2`, or `8 *
    /// record_bytes` by parity.
    pub remoteness_bits: u32,
    /// Whether a record is its remoteness alone, the value its parity
    /// ([`Record::pack_by_parity`]).
    pub by_parity: bool,
    /// Whether the file holds one entry per class of symmetric positions.
    pub canonical: bool,
}

impl FileHeader {
    /// The header of a file of game `G` called `name`, with records of `record_bytes`
    /// bytes (the remoteness as wide as they allow) and keys of `key_bits` bits.
    #[must_use]
    pub fn new<G: Game>(name: &str, key_bits: u32, record_bytes: u32) -> FileHeader {
        FileHeader {
            name: name.into(),
            rules_version: G::RULES_VERSION,
            key_bits,
            record_bytes,
            remoteness_bits: 8 * record_bytes - 2,
            by_parity: false,
            canonical: false,
        }
    }

    /// The same header with records of `record_bytes` bytes, each its remoteness alone
    /// (as wide as the record), the value its parity ([`Record::pack_by_parity`]).
    #[must_use]
    pub fn by_parity(self, record_bytes: u32) -> FileHeader {
        FileHeader {
            record_bytes,
            remoteness_bits: 8 * record_bytes,
            by_parity: true,
            ..self
        }
    }

    /// How the file's records read.
    #[must_use]
    pub const fn packing(&self) -> Packing {
        Packing {
            remoteness_bits: self.remoteness_bits,
            by_parity: self.by_parity,
            canonical: self.canonical,
        }
    }

    /// A record as the file stores it (never 0), or `None` if its remoteness does not fit
    /// (or, by parity, it breaks the parity rule).
    #[must_use]
    pub fn pack(&self, record: Record) -> Option<u32> {
        self.packing().pack(record)
    }
}

/// Why a file could not be written.
#[derive(Debug)]
#[non_exhaustive]
pub enum FileError {
    /// Writing failed.
    Io(io::Error),
    /// The keys of a tier are not strictly increasing, or one is wider than the key bits.
    Keys {
        /// The tier.
        tier: u32,
        /// The first key out of order or too wide.
        key: u64,
    },
    /// A record whose remoteness is deeper than the file's records hold.
    Record {
        /// The tier.
        tier: u32,
        /// The position's key.
        key: u64,
    },
    /// A tier of 2^32 positions or more: a section's offsets are `u32`.
    TierTooLarge {
        /// The tier.
        tier: u32,
    },
    /// A tier's section came out another length than its size gives (a bug).
    Section {
        /// The tier.
        tier: u32,
    },
    /// A name longer than 255 bytes, or a record width other than 1 or 2.
    Header(&'static str),
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(error) => write!(f, "writing the table file: {error}"),
            FileError::Keys { tier, key } => write!(
                f,
                "tier {tier}: the key {key} is out of order or wider than the file's keys"
            ),
            FileError::Record { tier, key } => write!(
                f,
                "tier {tier}: the key {key}'s remoteness is deeper than the file's records hold"
            ),
            FileError::TierTooLarge { tier } => write!(
                f,
                "tier {tier} holds 2^32 positions or more: a file's tier holds fewer"
            ),
            FileError::Section { tier } => {
                write!(f, "tier {tier}'s section is not the length its size gives")
            }
            FileError::Header(what) => write!(f, "the file's header: {what}"),
        }
    }
}

impl std::error::Error for FileError {}

impl From<io::Error> for FileError {
    fn from(error: io::Error) -> FileError {
        FileError::Io(error)
    }
}

/// Which checksum of a table file does not match ([`verify`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Damage {
    /// The header, name, directory or block checksums do not match the header's checksum.
    Meta,
    /// A data block does not match its checksum.
    Block {
        /// The block's index.
        index: usize,
        /// Its first byte's file offset.
        offset: usize,
    },
}

/// Checks every checksum of `table` as [`write_file`] wrote them: the metadata's, then
/// each data block's.
///
/// # Errors
/// The first [`Damage`] found.
pub fn verify(table: &FileTable) -> Result<(), Damage> {
    let meta = table.meta_bytes();
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(meta.get(..META_CHECKSUM_AT).unwrap_or(&[]));
    hasher.update(&[0; 4]);
    hasher.update(meta.get(META_CHECKSUM_AT + 4..).unwrap_or(&[]));
    if hasher.finalize() != table.meta_checksum() {
        return Err(Damage::Meta);
    }
    for index in 0..table.blocks() {
        let (offset, data, sum) = table
            .block(index)
            .ok_or(Damage::Block { index, offset: 0 })?;
        if crc32fast::hash(data) != sum {
            return Err(Damage::Block { index, offset });
        }
    }
    Ok(())
}

/// A tier's keys as its section keeps them ([`perfect_play_core::file::KeyIndex`]): the
/// bucket offsets and each key's low bytes, from keys strictly increasing.
///
/// # Errors
/// [`FileError::Keys`] for a key out of order or too wide, [`FileError::TierTooLarge`].
pub fn key_index(tier: u32, keys: &[u64], key_bits: u32) -> Result<Vec<u8>, FileError> {
    key_index_of(tier, keys.len() as u64, keys.iter().copied(), key_bits)
}

/// [`key_index`] of the `positions` keys that `keys` gives, strictly increasing: for keys
/// streamed from a file or from other sections, never all held as `u64`s at once.
///
/// # Errors
/// As [`key_index`]; [`FileError::Section`] when `keys` gives another count.
pub(crate) fn key_index_of(
    tier: u32,
    positions: u64,
    keys: impl IntoIterator<Item = u64>,
    key_bits: u32,
) -> Result<Vec<u8>, FileError> {
    let split = index_split(tier, positions, key_bits)?;
    let width = split.bytes as usize;
    let mut offsets = Vec::with_capacity(4 * (split.buckets as usize + 1));
    let mut lows = Vec::with_capacity(positions as usize * width + 8);
    let each_key = |key: u64| push_low(&mut lows, key, width);
    bucket_offsets(tier, positions, split, key_bits, keys, each_key, |offset| {
        offsets.extend_from_slice(&offset.to_le_bytes());
    })?;
    offsets.extend_from_slice(&lows);
    Ok(offsets)
}

/// [`key_index_of`] written to `out` as it is made, in two passes over the keys that
/// `keys()` gives (the bucket offsets, then each key's low bytes): nothing held but what
/// `keys` reads from, where the index made first would hold the tier's keys a second time
/// (an MPI solve's join of the ranks' segments).
///
/// # Errors
/// As [`key_index_of`], the second pass's keys checked against the first's count;
/// [`FileError::Io`] from `out`.
#[cfg(feature = "tiers")]
pub(crate) fn write_key_index<I: Iterator<Item = u64>>(
    tier: u32,
    positions: u64,
    keys: impl Fn() -> I,
    key_bits: u32,
    out: &mut dyn Write,
) -> Result<(), FileError> {
    // Written a piece at a time from a buffer of this size, not a call through `out` for
    // each offset and key.
    const PIECE: usize = 1 << 16;
    let split = index_split(tier, positions, key_bits)?;
    let mut piece: Vec<u8> = Vec::with_capacity(PIECE + 8);
    let mut failed = None;
    let offset = |offset: u32| {
        piece.extend_from_slice(&offset.to_le_bytes());
        if piece.len() >= PIECE {
            if failed.is_none() {
                failed = out.write_all(&piece).err();
            }
            piece.clear();
        }
    };
    let checked = bucket_offsets(tier, positions, split, key_bits, keys(), |_| {}, offset);
    // A failed write is the error to tell, whatever the keys were.
    if let Some(error) = failed {
        return Err(FileError::Io(error));
    }
    checked?;
    let width = split.bytes as usize;
    let mut count = 0u64;
    keys().try_for_each(|key| {
        count += 1;
        push_low(&mut piece, key, width);
        if piece.len() >= PIECE {
            out.write_all(&piece)?;
            piece.clear();
        }
        Ok::<_, std::io::Error>(())
    })?;
    out.write_all(&piece)?;
    if count != positions {
        return Err(FileError::Section { tier });
    }
    Ok(())
}

/// Appends `key`'s low `width` bytes (little-endian) to `bytes`: eight bytes, then cut
/// back, a copy of a length known at build time, not a call to `memcpy` for each key.
fn push_low(bytes: &mut Vec<u8>, key: u64, width: usize) {
    let end = bytes.len() + width;
    bytes.extend_from_slice(&key.to_le_bytes());
    bytes.truncate(end);
}

/// The key index's layout for `positions` keys of `key_bits` bits, or
/// [`FileError::TierTooLarge`] when its `u32` offsets cannot count them.
fn index_split(tier: u32, positions: u64, key_bits: u32) -> Result<Split, FileError> {
    if positions >= 1 << 32 {
        return Err(FileError::TierTooLarge { tier });
    }
    Ok(Split::of(positions, key_bits))
}

/// The one pass that checks a tier's keys (strictly increasing, within `key_bits`, exactly
/// `positions` of them) and gives each bucket's offset to `offset` (the first 0, then the
/// keys before each bucket's end, `split.buckets + 1` in all) and each key to `key`.
fn bucket_offsets(
    tier: u32,
    positions: u64,
    split: Split,
    key_bits: u32,
    keys: impl IntoIterator<Item = u64>,
    mut key: impl FnMut(u64),
    mut offset: impl FnMut(u32),
) -> Result<(), FileError> {
    let mut bucket = 0u64;
    let mut last = None;
    let mut count = 0u64;
    offset(0);
    // `try_for_each`, not a `for` loop: keys joined from segments (a `flat_map`) go through
    // its internal iteration, not a `next` through each layer a key.
    keys.into_iter().try_for_each(|k| {
        if last.is_some_and(|l| l >= k) || (key_bits < 64 && k >> key_bits != 0) {
            return Err(FileError::Keys { tier, key: k });
        }
        if count == positions {
            return Err(FileError::Section { tier });
        }
        last = Some(k);
        let high = k.checked_shr(split.shift).unwrap_or(0);
        while bucket < high {
            offset(count as u32);
            bucket += 1;
        }
        key(k);
        count += 1;
        Ok(())
    })?;
    if count != positions {
        return Err(FileError::Section { tier });
    }
    while bucket < split.buckets {
        offset(positions as u32);
        bucket += 1;
    }
    Ok(())
}

/// Packed records as a section keeps them: `record_bytes` bytes each, little-endian.
#[must_use]
pub fn record_bytes(records: &[u32], record_bytes: u32) -> Vec<u8> {
    let width = record_bytes as usize;
    let mut bytes = Vec::with_capacity(records.len() * width);
    for &record in records {
        bytes.extend_from_slice(record.to_le_bytes().get(..width).unwrap_or(&[]));
    }
    bytes
}

/// Copies `bytes` into `buf` at `at` (a place the caller sized).
fn put(buf: &mut [u8], at: usize, bytes: &[u8]) {
    if let Some(slot) = buf.get_mut(at..at + bytes.len()) {
        slot.copy_from_slice(bytes);
    }
}

/// A writer that checksums what passes through it in blocks of [`BLOCK_LEN`] bytes.
struct Blocks<W> {
    out: W,
    sums: Vec<u32>,
    hasher: crc32fast::Hasher,
    in_block: usize,
    written: u64,
}

impl<W: Write> Write for Blocks<W> {
    fn write(&mut self, mut buf: &[u8]) -> io::Result<usize> {
        let len = buf.len();
        self.out.write_all(buf)?;
        while !buf.is_empty() {
            let take = (BLOCK_LEN - self.in_block).min(buf.len());
            let (now, rest) = buf.split_at(take);
            self.hasher.update(now);
            self.in_block += take;
            if self.in_block == BLOCK_LEN {
                let hasher = std::mem::take(&mut self.hasher);
                self.sums.push(hasher.finalize());
                self.in_block = 0;
            }
            buf = rest;
        }
        self.written += len as u64;
        Ok(len)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Writes a whole table file into `out` (from its start): `tiers` gives each tier's
/// position count, and `section(t, writer)` writes tier `t`'s key index
/// ([`key_index`]) then its records ([`record_bytes`]); the padding is added here. The
/// data is written once, checksummed on the way; the header, directory and block
/// checksums are written last, at the start.
///
/// # Errors
/// [`FileError`]: writing failed, a section of the wrong length, a bad header.
pub fn write_file<W: Write + Seek>(
    mut out: W,
    header: &FileHeader,
    tiers: &[u64],
    mut section: impl FnMut(u32, &mut dyn Write) -> Result<(), FileError>,
) -> Result<W, FileError> {
    if header.name.len() > 255 {
        return Err(FileError::Header("a game name longer than 255 bytes"));
    }
    if !matches!(header.record_bytes, 1 | 2)
        || header.packing().record_bits() > 8 * header.record_bytes
    {
        return Err(FileError::Header(
            "records of 1 or 2 bytes, remoteness within them",
        ));
    }
    let tier_count = u16::try_from(tiers.len())
        .ok()
        .filter(|&t| t > 0)
        .ok_or(FileError::Header("1 to 65535 tiers"))?;
    let splits: Vec<Split> = tiers
        .iter()
        .map(|&n| Split::of(n, header.key_bits))
        .collect();
    let lens: Vec<u64> = tiers
        .iter()
        .zip(&splits)
        .map(|(&n, split)| split.section_len(n, header.record_bytes))
        .collect();
    let data_len: u64 = lens.iter().sum();
    let blocks = data_len.div_ceil(BLOCK_LEN as u64) as usize;
    let start = data_start(header.name.len(), u32::from(tier_count), blocks);
    out.seek(SeekFrom::Start(start as u64))?;
    let mut data = Blocks {
        out,
        sums: Vec::with_capacity(blocks),
        hasher: crc32fast::Hasher::new(),
        in_block: 0,
        written: 0,
    };
    for (t, &len) in lens.iter().enumerate() {
        let before = data.written;
        section(t as u32, &mut data)?;
        let pad = (before + len)
            .checked_sub(data.written)
            .filter(|&pad| pad < SECTION_ALIGN as u64)
            .ok_or(FileError::Section { tier: t as u32 })?;
        data.write_all([0; SECTION_ALIGN].get(..pad as usize).unwrap_or(&[]))?;
    }
    if data.in_block > 0 {
        let hasher = std::mem::take(&mut data.hasher);
        data.sums.push(hasher.finalize());
    }
    let Blocks { mut out, sums, .. } = data;

    let mut meta = Vec::with_capacity(start);
    meta.extend_from_slice(&MAGIC);
    meta.extend_from_slice(&VERSION.to_le_bytes());
    meta.push(header.record_bytes as u8);
    meta.push(header.remoteness_bits as u8);
    meta.push(header.key_bits as u8);
    meta.push(
        if header.canonical { FLAG_CANONICAL } else { 0 }
            | if header.by_parity { FLAG_BY_PARITY } else { 0 },
    );
    meta.extend_from_slice(&tier_count.to_le_bytes());
    meta.extend_from_slice(&header.rules_version.to_le_bytes());
    meta.extend_from_slice(&(BLOCK_LEN as u32).to_le_bytes());
    meta.extend_from_slice(&tiers.iter().sum::<u64>().to_le_bytes());
    meta.extend_from_slice(&(start as u64 + data_len).to_le_bytes());
    meta.extend_from_slice(&(start as u64).to_le_bytes());
    meta.extend_from_slice(&(header.name.len() as u32).to_le_bytes());
    meta.extend_from_slice(&(blocks as u32).to_le_bytes());
    meta.extend_from_slice(&[0; 8]); // the checksum, then the reserved word
    debug_assert_eq!(meta.len(), HEADER_LEN);
    meta.extend_from_slice(header.name.as_bytes());
    meta.resize(HEADER_LEN + header.name.len().div_ceil(8) * 8, 0);
    let mut offset = start as u64;
    for ((&positions, split), len) in tiers.iter().zip(&splits).zip(&lens) {
        let mut entry = [0u8; TIER_ENTRY_LEN];
        put(&mut entry, 0, &positions.to_le_bytes());
        put(&mut entry, 8, &offset.to_le_bytes());
        put(&mut entry, 16, &[split.bytes as u8]);
        put(&mut entry, 24, &split.buckets.to_le_bytes());
        meta.extend_from_slice(&entry);
        offset += len;
    }
    for sum in sums {
        meta.extend_from_slice(&sum.to_le_bytes());
    }
    meta.resize(start, 0);
    let sum = crc32fast::hash(&meta);
    put(&mut meta, META_CHECKSUM_AT, &sum.to_le_bytes());
    out.seek(SeekFrom::Start(0))?;
    out.write_all(&meta)?;
    out.flush()?;
    Ok(out)
}

/// The bytes of a table file of a game solved whole (`solve_flat`), its tiers from
/// [`Game::at_key`] when the game has them at the size solved (else one tier): the road
/// of a build script's compiled table and of a game without tiers.
///
/// # Errors
/// [`FileError`] (a tiered game whose `at_key` fails on its own key is
/// [`FileError::Keys`]).
pub fn flat_file<G: Game>(name: &str, solution: &SolvedKeys<G>) -> Result<Vec<u8>, FileError> {
    let deepest = solution.deepest();
    let widest = solution.iter().map(|(key, _)| key).max().unwrap_or(0);
    let size = solution.solved_from();
    let tiered = size.tiers() > 1;
    let key_bits = if tiered {
        size.key_bits()
    } else {
        (u64::BITS - widest.leading_zeros()).max(1)
    };
    let width = if deepest < 63 { 1 } else { 2 };
    let header = FileHeader::new::<G>(name, key_bits, width);
    let mut tiers: Vec<(Vec<u64>, Vec<u32>)> =
        vec![(Vec::new(), Vec::new()); size.tiers() as usize];
    for (key, record) in solution.iter() {
        let tier = if tiered {
            size.at_key(key)
                .map(|p| p.tier())
                .ok_or(FileError::Keys { tier: 0, key })?
        } else {
            0
        };
        let (keys, records) = tiers
            .get_mut(tier as usize)
            .ok_or(FileError::Keys { tier, key })?;
        keys.push(key);
        records.push(header.pack(record).ok_or(FileError::Record { tier, key })?);
    }
    // Up to the last tier with a position, as the tier solver writes it.
    while tiers.len() > 1 && tiers.last().is_some_and(|(keys, _)| keys.is_empty()) {
        tiers.pop();
    }
    let counts: Vec<u64> = tiers.iter().map(|(keys, _)| keys.len() as u64).collect();
    let out = write_file(io::Cursor::new(Vec::new()), &header, &counts, |t, out| {
        let (keys, records) = tiers
            .get(t as usize)
            .ok_or(FileError::Section { tier: t })?;
        out.write_all(&key_index(t, keys, header.key_bits)?)?;
        out.write_all(&record_bytes(records, header.record_bytes))?;
        Ok(())
    })?;
    Ok(out.into_inner())
}

#[cfg(all(test, feature = "tiers"))]
mod tests {
    use perfect_play_core::file::KeyIndex;

    use super::*;

    /// A tier's keys joined from the segments of several ranks, streamed into the file in two
    /// passes (`write_key_index`, the join of several ranks' segments): the same bytes as the index of every
    /// key at once (the writer's own `key_index`), at every width of low bytes (key bits 8 to
    /// 64, so 1 to 8 bytes a key) and from 1 to 3 segments; every segment's keys read back
    /// through `KeyIndex::keys` from every start are the keys written (the expectation: the
    /// seeded keys themselves); a count that is not the keys', or keys out of order, refused.
    #[test]
    fn keys_joined_from_segments_stream_into_the_same_index() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        // A seeded generator (splitmix64), so that every run checks the same keys.
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        // Every width with small tiers; two with a tier large enough that both passes fill
        // the writer's 64 KiB pieces many times (300,000 keys: 16,384 buckets, 5 and 8 bytes
        // a key).
        let sizes = [8, 13, 20, 24, 33, 40, 48, 57, 64]
            .into_iter()
            .flat_map(|bits| [0usize, 1, 17, 300, 5_000].map(|count| (bits, count)))
            .chain([(40, 300_000), (64, 300_000)]);
        {
            for (key_bits, count) in sizes {
                let mask = if key_bits == 64 {
                    u64::MAX
                } else {
                    (1 << key_bits) - 1
                };
                let mut keys: Vec<u64> = (0..count).map(|_| next() & mask).collect();
                keys.sort_unstable();
                keys.dedup();
                let whole = key_index(3, &keys, key_bits).unwrap();
                for parts in 1..=3 {
                    let cuts: Vec<usize> = (0..=parts).map(|p| p * keys.len() / parts).collect();
                    let segments: Vec<Vec<u8>> = cuts
                        .windows(2)
                        .map(|w| key_index(3, &keys[w[0]..w[1]], key_bits).unwrap())
                        .collect();
                    let indexes: Vec<KeyIndex<'_>> = segments
                        .iter()
                        .zip(cuts.windows(2))
                        .map(|(bytes, w)| {
                            KeyIndex::new(bytes, (w[1] - w[0]) as u64, key_bits).unwrap()
                        })
                        .collect();
                    for (index, w) in indexes.iter().zip(cuts.windows(2)) {
                        let mine = &keys[w[0]..w[1]];
                        for from in [
                            0,
                            1,
                            mine.len() / 2,
                            mine.len().saturating_sub(1),
                            mine.len(),
                        ] {
                            let read: Vec<u64> = index.keys(from).collect();
                            assert_eq!(
                                read,
                                mine.get(from..).unwrap_or(&[]),
                                "{key_bits} bits from {from}"
                            );
                        }
                    }
                    let total = keys.len() as u64;
                    let stream = || indexes.iter().flat_map(|index| index.keys(0));
                    let mut out = Vec::new();
                    write_key_index(3, total, stream, key_bits, &mut out).unwrap();
                    assert_eq!(
                        out,
                        whole,
                        "{key_bits} bits, {} keys in {parts} segments",
                        keys.len()
                    );
                    if total > 0 {
                        let mut out = Vec::new();
                        assert!(write_key_index(3, total + 1, stream, key_bits, &mut out).is_err());
                        assert!(write_key_index(3, total - 1, stream, key_bits, &mut out).is_err());
                    }
                }
            }
        }
        let backwards = || [9u64, 5].into_iter();
        assert!(write_key_index(3, 2, backwards, 8, &mut Vec::new()).is_err());
        // A writer that fails partway, in the offsets' pass or the keys': the error is its own,
        // even when the keys are wrong too.
        struct FailsAfter(usize);
        impl std::io::Write for FailsAfter {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                if buf.len() > self.0 {
                    return Err(std::io::Error::other("disk full"));
                }
                self.0 -= buf.len();
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let many = || (0..300_000u64).map(|k| k * 3);
        // No room: the offsets' first piece fails; 70,000 bytes: the keys' first; 200,000: a
        // later one.
        for room in [0, 70_000, 200_000] {
            let error = write_key_index(3, 300_000, many, 24, &mut FailsAfter(room)).unwrap_err();
            assert!(error.to_string().contains("disk full"), "{error}");
        }
        // A write that failed before the keys were found wrong is what is told (the last key
        // in the last bucket, so that the offsets' first piece is written before the count
        // is found short).
        let to_the_top = || (0..299_999u64).map(|k| k * 3).chain([(1 << 24) - 1]);
        let error = write_key_index(3, 300_001, to_the_top, 24, &mut FailsAfter(0)).unwrap_err();
        assert!(error.to_string().contains("disk full"), "{error}");
        let too_wide = || [1u64 << 9].into_iter();
        assert!(write_key_index(3, 1, too_wide, 8, &mut Vec::new()).is_err());
    }
}
