//! The opening book: the exact record of every open position up to some ply, read from a
//! small file, so that the positions a search would take longest on are one lookup.
//!
//! # File format
//! A book is a table file of the project's format (`docs/table-format.md`, the one format
//! of every solved game's file): its magic and version, the game's name and rules version
//! (a book of `connect4-7x6` answers for no other game), a checksum over the header and
//! one over every block, so that a damaged book is refused, never believed. What makes it
//! a book:
//!
//! - tier `t` holds the open positions of `t` plies, so a book of `n` plies has `n + 1`
//!   tiers;
//! - it is canonical: one entry per mirror pair, keyed by [`Searchable::book_key`] (for
//!   Connect Four a code of each column's discs, 22 bits at 8 plies, so that a position
//!   takes 3 to 4 bytes of the file);
//! - each record is the position's value and plies to the end, as every table gives them.
//!
//! This module is the one place that reads or writes a book: the file's bytes go through
//! the generator's writer and checksum check, as every table file's do.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use std::io::Cursor;

use perfect_play_core::file::{FileTable, FormatError};
use perfect_play_generate::{
    Damage, FileError, FileHeader, key_index, record_bytes, verify, write_file,
};

use super::searchable::Searchable;
use crate::Record;

/// Exact records of the open positions up to a ply, for one game.
#[derive(Clone, Debug)]
pub struct Book {
    store: Store,
}

/// Where a book's records are: built in memory, or a file's bytes read in place.
#[derive(Clone, Debug)]
enum Store {
    /// By ply: the book keys, sorted, each with its position's record ([`Book::new`]).
    Memory(Vec<Vec<(u64, Record)>>),
    /// A book file's table, its checksums verified, probed in place ([`Book::read`]):
    /// nothing decoded or copied, so a book of a million positions is ready at once.
    File(FileTable),
}

/// Two books are the same when they hold the same records to the same depth, wherever
/// each keeps them.
impl PartialEq for Book {
    fn eq(&self, other: &Book) -> bool {
        self.depth() == other.depth() && self.entries().eq(other.entries())
    }
}

impl Eq for Book {}

/// Why bytes are not a book of the game asked for: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BookError {
    /// Not a table file this reader reads (foreign, truncated, another version): which
    /// field or tier, at which byte.
    Format(FormatError),
    /// A checksum does not match: the book is damaged.
    Damaged(Damage),
    /// A table file of another game, or of this game under other rules.
    Game {
        /// The game (and rules version) the file holds.
        found: String,
        /// The game asked for.
        expected: String,
    },
    /// A table file of the game, but not a book: not one entry per mirror pair.
    NotCanonical,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("opening book: ")?;
        match self {
            BookError::Format(error) => error.fmt(f),
            BookError::Damaged(Damage::Meta) => f.write_str(
                "damaged: the header, directory or block checksums do not match the header's checksum",
            ),
            BookError::Damaged(Damage::Block { index, offset }) => write!(
                f,
                "damaged: block {index} (from byte {offset}) does not match its checksum"
            ),
            BookError::Game { found, expected } => {
                write!(f, "a table of {found}, not of {expected}")
            }
            BookError::NotCanonical => {
                f.write_str("a table file with every position, not a book of one per mirror pair")
            }
        }
    }
}

impl core::error::Error for BookError {}

impl Book {
    /// A book of `depth` plies from `(ply, book key, record)` triples in any order (a
    /// key given twice keeps one record; a ply past `depth` is left out).
    #[must_use]
    pub fn new(depth: u32, entries: impl IntoIterator<Item = (u32, u64, Record)>) -> Self {
        let mut plies: Vec<Vec<(u64, Record)>> = alloc::vec![Vec::new(); depth as usize + 1];
        for (ply, key, record) in entries {
            if let Some(tier) = plies.get_mut(ply as usize) {
                tier.push((key, record));
            }
        }
        for tier in &mut plies {
            tier.sort_by_key(|&(key, _)| key);
            tier.dedup_by_key(|&mut (key, _)| key);
        }
        Book {
            store: Store::Memory(plies),
        }
    }

    /// Reads a book file of the game `name` under rules version `rules_version` (the
    /// game's [`Game::RULES_VERSION`](crate::Game::RULES_VERSION)), its checksums
    /// verified. The book is probed in place, nothing copied (a million positions are
    /// ready in the time their checksums take), so `bytes` live as long as the program:
    /// compiled in, or a file's read into memory and leaked, as a mapped table's are.
    ///
    /// # Errors
    /// A [`BookError`] saying what is wrong and where: not a table file, damaged, of
    /// another game or rules, or not a book.
    pub fn read(bytes: &'static [u8], name: &str, rules_version: u32) -> Result<Self, BookError> {
        let table = FileTable::parse(bytes).map_err(BookError::Format)?;
        verify(&table).map_err(BookError::Damaged)?;
        if table.name() != name || table.rules_version() != rules_version {
            return Err(BookError::Game {
                found: alloc::format!("{} (rules {})", table.name(), table.rules_version()),
                expected: alloc::format!("{name} (rules {rules_version})"),
            });
        }
        if !table.packing().canonical {
            return Err(BookError::NotCanonical);
        }
        Ok(Book {
            store: Store::File(table),
        })
    }

    /// The book as a table file of the game `name` under rules version `rules_version`
    /// (see the module docs): the same bytes for the same book, whatever built it.
    ///
    /// # Errors
    /// [`FileError`]: a name longer than 255 bytes, or a remoteness past what two bytes
    /// hold.
    pub fn to_bytes(&self, name: &str, rules_version: u32) -> Result<Vec<u8>, FileError> {
        let widest = self.entries().map(|(_, key, _)| key).max().unwrap_or(0);
        let deepest = self
            .entries()
            .map(|(_, _, record)| record.remoteness)
            .max()
            .unwrap_or(0);
        let width = if deepest < 63 { 1 } else { 2 };
        let header = FileHeader {
            name: name.into(),
            rules_version,
            key_bits: (u64::BITS - widest.leading_zeros()).max(1),
            record_bytes: width,
            remoteness_bits: 8 * width - 2,
            by_parity: false,
            canonical: true,
        };
        let mut plies: Vec<Vec<(u64, Record)>> = alloc::vec![Vec::new(); self.depth() as usize + 1];
        for (ply, key, record) in self.entries() {
            if let Some(entries) = plies.get_mut(ply as usize) {
                entries.push((key, record));
            }
        }
        let counts: Vec<u64> = plies.iter().map(|ply| ply.len() as u64).collect();
        let out = write_file(Cursor::new(Vec::new()), &header, &counts, |t, out| {
            let ply = plies.get(t as usize).map_or(&[][..], Vec::as_slice);
            let keys: Vec<u64> = ply.iter().map(|&(key, _)| key).collect();
            let mut records = Vec::with_capacity(ply.len());
            for &(key, record) in ply {
                records.push(
                    header
                        .pack(record)
                        .ok_or(FileError::Record { tier: t, key })?,
                );
            }
            out.write_all(&key_index(t, &keys, header.key_bits)?)?;
            out.write_all(&record_bytes(&records, header.record_bytes))?;
            Ok(())
        })?;
        Ok(out.into_inner())
    }

    /// The deepest ply the book covers.
    #[must_use]
    pub fn depth(&self) -> u32 {
        match &self.store {
            Store::Memory(plies) => (plies.len() as u32).saturating_sub(1),
            Store::File(table) => table.tiers().saturating_sub(1),
        }
    }

    /// How many positions the book holds.
    #[must_use]
    pub fn len(&self) -> usize {
        match &self.store {
            Store::Memory(plies) => plies.iter().map(Vec::len).sum(),
            Store::File(table) => table.len() as usize,
        }
    }

    /// Whether the book holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every `(ply, book key, record)` of the book, by ply, then by key.
    pub fn entries(&self) -> impl Iterator<Item = (u32, u64, Record)> + '_ {
        let (memory, file) = match &self.store {
            Store::Memory(plies) => (Some(plies), None),
            Store::File(table) => (None, Some(*table)),
        };
        let memory = memory.into_iter().flat_map(|plies| {
            plies.iter().enumerate().flat_map(|(ply, entries)| {
                entries
                    .iter()
                    .map(move |&(key, record)| (ply as u32, key, record))
            })
        });
        let file = file.into_iter().flat_map(|table| {
            let packing = table.packing();
            table
                .iter()
                .filter_map(move |(ply, key, packed)| Some((ply, key, packing.record(packed)?)))
        });
        memory.chain(file)
    }

    /// The record of `position` if the book holds it.
    #[must_use]
    pub fn record<S: Searchable>(&self, position: &S) -> Option<Record> {
        // The search asks at every node: past the book's depth, the answer is no before
        // the key is computed.
        let ply = position.plies();
        if ply > self.depth() {
            return None;
        }
        let key = position.book_key();
        match &self.store {
            Store::Memory(plies) => {
                let ply = plies.get(ply as usize)?;
                let at = ply.binary_search_by_key(&key, |&(k, _)| k).ok()?;
                ply.get(at).map(|&(_, record)| record)
            }
            Store::File(table) => {
                let packed = table.get(ply, key)?;
                table.packing().record(packed)
            }
        }
    }

    /// The exact score of `position` if the book holds it.
    #[inline]
    #[must_use]
    pub fn score<S: Searchable>(&self, position: &S) -> Option<i32> {
        self.record(position).map(|record| position.score(record))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Value;

    fn leak(bytes: Vec<u8>) -> &'static [u8] {
        Vec::leak(bytes)
    }

    #[test]
    fn round_trips_and_refuses_what_is_not_a_book() {
        let win = Record {
            value: Value::Win,
            remoteness: 5,
        };
        let draw = Record {
            value: Value::Draw,
            remoteness: 40,
        };
        let book = Book::new(2, [(2, 5, win), (1, 1, draw), (2, 9, draw), (7, 3, win)]);
        assert_eq!(book.depth(), 2);
        assert_eq!(book.len(), 3, "a ply past the depth is left out");
        let bytes = leak(book.to_bytes("game", 3).unwrap());
        assert_eq!(Book::read(bytes, "game", 3), Ok(book.clone()));
        assert!(matches!(
            Book::read(bytes, "other", 3),
            Err(BookError::Game { .. })
        ));
        assert!(matches!(
            Book::read(bytes, "game", 4),
            Err(BookError::Game { .. })
        ));
        assert!(matches!(
            Book::read(b"PPBOOK01", "game", 3),
            Err(BookError::Format(FormatError::Magic))
        ));
        let short = leak(bytes.get(..bytes.len() - 1).unwrap().to_vec());
        assert!(matches!(
            Book::read(short, "game", 3),
            Err(BookError::Format(FormatError::Truncated { .. }))
        ));
        // Every byte flipped in turn is refused: each is under a checksum.
        for at in 0..bytes.len() {
            let mut damaged = bytes.to_vec();
            damaged[at] ^= 0x40;
            assert!(Book::read(leak(damaged), "game", 3).is_err(), "byte {at}");
        }
    }
}
