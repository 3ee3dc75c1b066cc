//! The opening book: the exact score of every position up to some ply, read from a small
//! file, so that the positions a search would take longest on are one lookup.
//!
//! # File format (version 1)
//! Little-endian throughout:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | the magic `PPBOOK01` |
//! | 1 | board width |
//! | 1 | board height |
//! | 1 | depth: every open position of at most this many plies is in the book |
//! | 1 | 0 (reserved) |
//! | 4 | entry count `n` |
//! | `8 n` | the entries, by key ascending: the position's symmetric key (the smaller of its key and its mirror image's) in the 7 low bytes, its score (an `i8`) in the high byte |
//!
//! This module is the one place that reads or writes the format: a book in another format
//! (the project's table files, once they exist) is a change here alone.

use alloc::vec::Vec;
use core::fmt;

use super::searchable::Searchable;

/// The magic bytes a book file starts with.
const MAGIC: &[u8; 8] = b"PPBOOK01";
/// The header's length in bytes.
const HEADER: usize = 16;

/// Exact scores of the positions up to a ply, for one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    width: u8,
    height: u8,
    depth: u32,
    /// Symmetric key (56 bits) and score (the top byte), sorted.
    entries: Vec<u64>,
}

/// Why bytes are not a book, or not one for this board: the byte offset and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The byte offset of the fault.
    pub offset: usize,
    /// What is wrong there.
    pub reason: &'static str,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "opening book, byte {}: {}", self.offset, self.reason)
    }
}

impl core::error::Error for BookError {}

impl Book {
    /// A book of `depth` plies for a `width` x `height` board from `(symmetric key, score)`
    /// pairs in any order (a key given twice keeps its last score).
    #[must_use]
    pub fn new(
        width: u8,
        height: u8,
        depth: u32,
        scores: impl IntoIterator<Item = (u64, i32)>,
    ) -> Self {
        let mut entries: Vec<u64> = scores
            .into_iter()
            .map(|(key, score)| pack(key, score))
            .collect();
        entries.sort_by_key(|e| e & KEY);
        entries.dedup_by_key(|e| *e & KEY);
        Book {
            width,
            height,
            depth,
            entries,
        }
    }

    /// Reads a book file, checking it is one for a `width` x `height` board.
    ///
    /// # Errors
    /// A [`BookError`] naming the byte where the file stops being a book of this board.
    pub fn read(bytes: &[u8], width: u8, height: u8) -> Result<Self, BookError> {
        let fault = |offset, reason| Err(BookError { offset, reason });
        if bytes.get(..8) != Some(MAGIC.as_slice()) {
            return fault(0, "not an opening book (no PPBOOK01 magic)");
        }
        let header = bytes.get(..HEADER).unwrap_or_default();
        let (Some(&w), Some(&h), Some(&depth)) = (header.get(8), header.get(9), header.get(10))
        else {
            return fault(bytes.len(), "the header ends early");
        };
        if (w, h) != (width, height) {
            return fault(8, "a book for another board size");
        }
        let count = match header.get(12..16).and_then(|b| <[u8; 4]>::try_from(b).ok()) {
            Some(b) => u32::from_le_bytes(b) as usize,
            None => return fault(bytes.len(), "the header ends early"),
        };
        let body = bytes.get(HEADER..).unwrap_or_default();
        if body.len() != count * 8 {
            return fault(
                bytes.len(),
                "the entry count does not match the file's length",
            );
        }
        let mut entries = Vec::with_capacity(count);
        for (i, chunk) in body.chunks_exact(8).enumerate() {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            let entry = u64::from_le_bytes(word);
            if entries
                .last()
                .is_some_and(|&last: &u64| last & KEY >= entry & KEY)
            {
                return fault(HEADER + 8 * i, "the entries are not sorted by key");
            }
            entries.push(entry);
        }
        Ok(Book {
            width,
            height,
            depth: u32::from(depth),
            entries,
        })
    }

    /// The book as a file (see the module docs).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + 8 * self.entries.len());
        out.extend_from_slice(MAGIC);
        let depth = u8::try_from(self.depth).unwrap_or(u8::MAX);
        out.extend_from_slice(&[self.width, self.height, depth, 0]);
        let count = u32::try_from(self.entries.len()).unwrap_or(u32::MAX);
        out.extend_from_slice(&count.to_le_bytes());
        for entry in &self.entries {
            out.extend_from_slice(&entry.to_le_bytes());
        }
        out
    }

    /// The deepest ply the book covers.
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// How many positions the book holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every `(symmetric key, score)` of the book, by key.
    pub fn scores(&self) -> impl Iterator<Item = (u64, i32)> + '_ {
        self.entries.iter().map(|&e| unpack(e))
    }

    /// The exact score of `position` if the book holds it.
    #[inline]
    #[must_use]
    pub fn score<S: Searchable>(&self, position: &S) -> Option<i32> {
        if position.plies() > self.depth {
            return None;
        }
        self.get(position.symmetric_key())
    }

    /// The score stored under `key`.
    #[must_use]
    pub fn get(&self, key: u64) -> Option<i32> {
        let at = self.entries.binary_search_by_key(&key, |e| e & KEY).ok()?;
        self.entries.get(at).map(|&e| unpack(e).1)
    }
}

/// The key bits of an entry.
const KEY: u64 = (1 << 56) - 1;

/// An entry: the key in the low 56 bits, the score as an `i8` above.
fn pack(key: u64, score: i32) -> u64 {
    (key & KEY) | u64::from(score as i8 as u8) << 56
}

/// The key and score of an entry.
fn unpack(entry: u64) -> (u64, i32) {
    (entry & KEY, i32::from((entry >> 56) as u8 as i8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_what_is_not_a_book() {
        let book = Book::new(7, 6, 2, [(5, -3), (1, 18), (9, 0)]);
        let bytes = book.to_bytes();
        assert_eq!(Book::read(&bytes, 7, 6), Ok(book.clone()));
        assert_eq!(book.get(1), Some(18));
        assert_eq!(book.get(5), Some(-3));
        assert_eq!(book.get(4), None);
        assert_eq!(Book::read(&bytes, 6, 7).map_err(|e| e.offset), Err(8));
        assert_eq!(Book::read(b"PPBOOK0", 7, 6).map_err(|e| e.offset), Err(0));
        let short = bytes.get(..bytes.len() - 1).unwrap();
        assert_eq!(
            Book::read(short, 7, 6).map_err(|e| e.reason),
            Err("the entry count does not match the file's length")
        );
    }
}
