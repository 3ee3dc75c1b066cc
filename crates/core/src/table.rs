//! A generated table as the probe reads it: the map a build script wrote and how its
//! entries are laid out. One place for the layout, read by [`Solved`](crate::Solved) and
//! written by `perfect-play-generate`.
//!
//! An entry is a `u32` (stored in 16 bits where it fits):
//!
//! | bits | field |
//! |---|---|
//! | 0..2 | the value for the side to move: 1 win, 2 loss, 3 draw (0: not an entry) |
//! | 2..2+R | the remoteness, [`ENDLESS`](crate::ENDLESS) written as all ones |
//! | 2+R.. | the game's own bits (tic-tac-toe keeps its optimal-move mask there) |
//!
//! R, the remoteness width, is chosen by the generator for each table (tic-tac-toe's 9
//! plies fit in 4 bits) and written beside the map, as is whether the table holds one
//! position per class of symmetric positions ([`Game::canonical`](crate::Game::canonical)):
//! the generated code says it once, and every probe reads it from here.

use crate::file::FileTable;
use crate::{Packing, Record};

/// A table written by `perfect-play-generate`: the map from [`Game::key`](crate::Game::key)
/// to packed entry, and its layout. Build scripts write `static`s of this type; wrap one in
/// a [`Solved`](crate::Solved) to ask it questions.
#[derive(Debug)]
pub struct Table {
    map: Map,
    packing: Packing,
}

/// The maps a table can be made of.
#[derive(Clone, Copy, Debug)]
enum Map {
    /// Keys and entries that fit 16 bits: the smallest phf map.
    U16(&'static phf::Map<u16, u16>),
    /// Keys and entries of up to 32 bits.
    U32(&'static phf::Map<u32, u32>),
    /// A table file (`crate::file`): tiers of sorted keys, compiled in or mapped.
    File(FileTable),
}

impl Table {
    /// A table of 16-bit keys and entries, `remoteness_bits` wide remoteness, one entry
    /// per class of symmetric positions if `canonical`. Called by generated code.
    #[must_use]
    pub const fn phf16(
        map: &'static phf::Map<u16, u16>,
        remoteness_bits: u32,
        canonical: bool,
    ) -> Table {
        Table {
            map: Map::U16(map),
            packing: Packing {
                remoteness_bits,
                by_parity: false,
                canonical,
            },
        }
    }

    /// A table of 32-bit keys and entries; see [`Table::phf16`].
    #[must_use]
    pub const fn phf32(
        map: &'static phf::Map<u32, u32>,
        remoteness_bits: u32,
        canonical: bool,
    ) -> Table {
        Table {
            map: Map::U32(map),
            packing: Packing {
                remoteness_bits,
                by_parity: false,
                canonical,
            },
        }
    }

    /// A table file (see [`crate::file`]): its layout is the file's own.
    #[must_use]
    pub const fn file(table: FileTable) -> Table {
        Table {
            packing: table.packing(),
            map: Map::File(table),
        }
    }

    /// The packed entry under `key` in tier `tier` ([`Game::tier`](crate::Game::tier):
    /// only a table file has tiers, the maps ignore it), or `None` if the table has none (a
    /// key too wide for the map is never in it).
    #[inline]
    #[must_use]
    pub fn entry(&self, tier: u32, key: u64) -> Option<u32> {
        match self.map {
            Map::U16(map) => map
                .get(&u16::try_from(key).ok()?)
                .map(|&bits| u32::from(bits)),
            Map::U32(map) => map.get(&u32::try_from(key).ok()?).copied(),
            Map::File(table) => table.get(tier, key),
        }
    }

    /// [`entry`](Table::entry) of many `(tier, key)`s at once: `out[i]` for `keys[i]`, as
    /// many as both hold. A table file overlaps the probes' waits on memory
    /// ([`FileTable::get_many`]); a map answers one after the other.
    pub fn entry_many(&self, keys: &[(u32, u64)], out: &mut [Option<u32>]) {
        match self.map {
            Map::File(table) => table.get_many(keys, out),
            Map::U16(_) | Map::U32(_) => {
                for (slot, &(tier, key)) in out.iter_mut().zip(keys) {
                    *slot = self.entry(tier, key);
                }
            }
        }
    }

    /// The table file this table reads, if it is one.
    #[must_use]
    pub const fn as_file(&self) -> Option<&FileTable> {
        match &self.map {
            Map::File(table) => Some(table),
            _ => None,
        }
    }

    /// The record in a packed entry (`None` for bits that are not an entry).
    #[inline]
    #[must_use]
    pub const fn record(&self, entry: u32) -> Option<Record> {
        self.packing.record(entry)
    }

    /// How its entries read: the remoteness's width, and whether one entry stands for each
    /// class of symmetric positions.
    #[must_use]
    pub const fn packing(&self) -> Packing {
        self.packing
    }

    /// How many entries the table holds.
    #[must_use]
    pub fn len(&self) -> usize {
        match self.map {
            Map::U16(map) => map.len(),
            Map::U32(map) => map.len(),
            Map::File(table) => table.len() as usize,
        }
    }

    /// Whether the table is empty (never, for a generated one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every `(key, entry)` of the table, in the map's fixed order: a walk over the
    /// solved game.
    pub fn entries(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        let (small, large, file) = match self.map {
            Map::U16(map) => (Some(map), None, None),
            Map::U32(map) => (None, Some(map), None),
            Map::File(table) => (None, None, Some(table)),
        };
        let small = small
            .into_iter()
            .flat_map(|map| map.entries())
            .map(|(&key, &bits)| (u64::from(key), u32::from(bits)));
        let large = large
            .into_iter()
            .flat_map(|map| map.entries())
            .map(|(&key, &bits)| (u64::from(key), bits));
        let file = file
            .into_iter()
            .flat_map(FileTable::iter)
            .map(|(_, key, bits)| (key, bits));
        small.chain(large).chain(file)
    }
}
