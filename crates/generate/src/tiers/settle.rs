//! A tier's solve: the records of a range of its positions, each the best of its
//! children's records, in parallel over fixed chunks, each writing its own slots: the
//! same records whatever the threads. Where the children's records come from (the tier
//! above in memory, or the answers of their owners) is the driver's to say.

use std::fmt;
use std::vec::Vec;

use crate::parallel;
use perfect_play_core::{Game, Record};

use super::SolveFileError;
use super::walk::{CHUNK, Span};
use crate::file_write::FileHeader;

/// The record at place `j` of `records` (`header.record_bytes` bytes each), if there and
/// valid.
#[must_use]
pub(crate) fn record_at(records: &[u8], j: usize, header: &FileHeader) -> Option<Record> {
    let width = header.record_bytes as usize;
    let at = j.checked_mul(width)?;
    let mut buf = [0u8; 4];
    buf.get_mut(..width)?
        .copy_from_slice(records.get(at..at.checked_add(width)?)?);
    Record::unpack_in(u32::from_le_bytes(buf), header.remoteness_bits)
}

/// The records of the span's positions as the file keeps them (packed, [`FileHeader::pack`],
/// `header.record_bytes` bytes each), each the best of its children's records, which
/// `child` gives by key (`None`: not a position of the next tier, an error). `tick` is told
/// how many positions each chunk did.
///
/// # Errors
/// [`SolveFileError::Game`]: a key the game cannot turn back into a position, a child
/// without a record, a position neither finished nor with a move, a record too deep.
pub(crate) fn solve_range<G: Game + fmt::Debug + Send + Sync>(
    span: &Span<'_, G>,
    header: &FileHeader,
    child: &(dyn Fn(u64) -> Option<Record> + Sync),
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Vec<u8>, SolveFileError> {
    let width = (header.record_bytes as usize).clamp(1, 4);
    let t = span.tier;
    let mut records = vec![0u8; span.places.len() * width];
    let settle = |key: u64| -> Result<u32, SolveFileError> {
        let p = span.position(key)?;
        let record = if let Some(record) = p.finished_record() {
            record
        } else {
            let mut best: Option<Record> = None;
            let mut missing = None;
            p.moves(&mut |_, c| match child(c.key()) {
                Some(record) => {
                    let mine = record.before_move();
                    if best.is_none_or(|b| mine.rank() > b.rank()) {
                        best = Some(mine);
                    }
                }
                None => {
                    missing.get_or_insert(c);
                }
            });
            if let Some(c) = missing {
                return Err(SolveFileError::Game(format!(
                    "{c:?}, a child of {p:?}, is not among tier {}'s positions",
                    t + 1
                )));
            }
            best.ok_or_else(|| {
                SolveFileError::Game(format!(
                    "{p:?} (key {key}) is not finished but has no move: Game::finished must \
                     give its result"
                ))
            })?
        };
        header.pack(record).ok_or_else(|| {
            SolveFileError::Game(format!("{p:?} is too deep for the file's records"))
        })
    };
    let from = span.places.start;
    parallel::try_map_pieces_mut(&mut records, CHUNK * width, &|c, slots| {
        let slots = slots.chunks_exact_mut(width);
        let len = slots.len();
        for (slot, key) in slots.zip(span.index.keys(from + c * CHUNK)) {
            let packed = settle(key)?.to_le_bytes();
            for (byte, &b) in slot.iter_mut().zip(&packed) {
                *byte = b;
            }
        }
        tick(len as u64);
        Ok::<(), SolveFileError>(())
    })?;
    Ok(records)
}
