//! Solving a game without tiers (a loopy one: positions repeat) into a table file at a
//! scale the in-memory solvers cannot hold: hundreds of millions of positions in about
//! 26 bytes a position at the peak (6.1 GiB for Dōbutsu shōgi's 246.8 M), resumable by phase (feature `tiers`). Any [`Game`] whose keys
//! fit 48 bits and whose [`Game::at_key`] turns a key back into its position.
//!
//! 1. **Walk** from the start, breadth first, one canonical form per class of symmetric
//!    positions ([`Game::canonical`]). The set of keys found is one open-addressing table
//!    of `u64` (half the memory budget, any number of slots), filled by every core at
//!    once; a key is stored mixed by an invertible hash, so its slot is what it holds
//!    scaled to the table.
//!    Finished positions are kept but not expanded. The table is then squeezed in place
//!    and sorted: the positions' indices are their ranks in mixed order, found by a
//!    directory of the mixed keys' top bits (a bucket of about 8 keys: one or two cache
//!    lines a lookup). Kept: `FILE.parts/walk.keys`, 8 bytes a position.
//! 2. **Solve**, by backward induction with child counts, as GamesmanOne's `bi.c` does, over
//!    a reverse graph of the unfinished positions alone. A first pass over them records
//!    what their finished children decide (a finished loss below a position makes it a
//!    win; finished wins only raise a loss's remoteness), counts the unfinished children
//!    and each position's unfinished parents and keeps the unfinished children's indices;
//!    a second pass files the parents from them in one compressed array (4 bytes a move
//!    between unfinished positions), the index let go meanwhile and read back from
//!    `walk.keys` after, so the moves are generated and looked up once. Then positions
//!    are settled level by level of remoteness: a win as soon as a child is a loss, a loss
//!    when the last child is settled a win; what never settles is a draw (its longest
//!    drawing line when every one ends, [`ENDLESS`] when one can repeat). Records are
//!    `u16` ([`Record::pack_in`] with 14 bits of remoteness). Kept: `FILE.parts/records`.
//! 3. **Write**: each key unmixed beside its record in one `u64`, sorted in place, and
//!    written through the one writer of the format.
//!
//! A stopped solve run again with the same command resumes after the last finished phase.
//! The bytes depend on the game alone, never on the threads: the walk finds the same set
//! whatever order the cores insert in, and the records do not depend on the order
//! parents are filed in.

use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::vec::Vec;

use perfect_play_core::{ENDLESS, Game, Record, Value, odd_inverse};
use rayon::prelude::*;

use crate::file_write::{FileError, FileHeader, write_key_index};
use crate::parallel;
use crate::tiers::parts::{Parts, join_file, read_part, write_atomically};
use crate::tiers::{Options, Phase, Progress, SolveFileError, Summary};

/// The widest key this solver takes: a key and its 16-bit record share a `u64` when the
/// file is written.
pub const LOOPY_KEY_BITS: u32 = 48;

/// Bytes a position costs while solving, besides 4 a move between unfinished positions
/// (8 while the parents are filed, the index then let go): its mixed key (8), record
/// (2), child count (1), parents' offset (4) and the directory.
pub const LOOPY_BYTES_PER_POSITION: u64 = 16;

/// Remoteness bits of a record while solving: a `u16` holds the value and 14 bits.
const BITS: u32 = 14;

/// The solve's steps, reported as [`Phase::Step`] (which names them) so that a long solve
/// says when each starts.
const SOLVE_STEPS: u32 = 5;

/// Positions a parallel task takes at a time.
const CHUNK: usize = 1 << 16;

/// The most moves a position may have: its children are looked up in one batch.
const BATCH: usize = 256;

/// The most parents a position's count holds (its unfinished children, and finished
/// draws below it).
const MAX_CHILDREN: u32 = u8::MAX as u32;

/// Multipliers of the mixing function (MurmurHash3's 64-bit finalizer) and their inverses
/// modulo 2^64.
const M1: u64 = 0xff51_afd7_ed55_8ccd;
const M2: u64 = 0xc4ce_b9fe_1a85_ec53;
const M1_INV: u64 = odd_inverse(M1);
const M2_INV: u64 = odd_inverse(M2);

/// A key mixed: a bijection of `u64` whose top bits are spread evenly.
const fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(M1);
    x ^= x >> 33;
    x = x.wrapping_mul(M2);
    x ^ (x >> 33)
}

/// The key `mix` was given.
const fn unmix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(M2_INV);
    x ^= x >> 33;
    x = x.wrapping_mul(M1_INV);
    x ^ (x >> 33)
}

/// A game's error, as a sentence.
fn game_error(what: String) -> SolveFileError {
    SolveFileError::Game(what)
}

/// The set of mixed keys found by the walk: open addressing, linear probing, 0 empty (the
/// key whose mix is 0, key 0, is kept aside).
struct Found {
    slots: Vec<AtomicU64>,
    zero: AtomicU64,
}

impl Found {
    /// A table of `slots` slots (any number: a key's first slot is its place in the range
    /// scaled to the slots, so the whole memory budget serves, not a power of two below it).
    fn new(slots: usize) -> Found {
        Found {
            slots: (0..slots.max(1)).map(|_| AtomicU64::new(0)).collect(),
            zero: AtomicU64::new(0),
        }
    }

    /// The first slot of `mixed`: its top bits scaled to the table (mixed keys spread evenly).
    fn first_slot(&self, mixed: u64) -> usize {
        ((u128::from(mixed) * self.slots.len() as u128) >> 64) as usize
    }

    /// Adds `mixed`; whether it is new.
    fn insert(&self, mixed: u64) -> bool {
        if mixed == 0 {
            return self.zero.swap(1, Ordering::Relaxed) == 0;
        }
        let mut i = self.first_slot(mixed);
        loop {
            let Some(slot) = self.slots.get(i) else {
                return false;
            };
            match slot.load(Ordering::Relaxed) {
                0 => match slot.compare_exchange(0, mixed, Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => return true,
                    Err(found) if found == mixed => return false,
                    Err(_) => {}
                },
                found if found == mixed => return false,
                _ => {}
            }
            i += 1;
            if i == self.slots.len() {
                i = 0;
            }
        }
    }

    /// What the slot of `mixed` holds now: a load that brings its line in.
    fn peek(&self, mixed: u64) -> u64 {
        self.slots
            .get(self.first_slot(mixed))
            .map_or(0, |slot| slot.load(Ordering::Relaxed))
    }

    /// Every key held, mixed, sorted: the table's own memory, squeezed.
    fn into_sorted(self) -> Vec<u64> {
        let zero = self.zero.into_inner() != 0;
        let mut keys: Vec<u64> = self
            .slots
            .into_iter()
            .map(AtomicU64::into_inner)
            .filter(|&m| m != 0)
            .collect();
        if zero {
            keys.push(0);
        }
        keys.shrink_to_fit();
        keys.par_sort_unstable();
        keys
    }
}

/// Positions by their rank among the sorted mixed keys.
struct Index {
    keys: Vec<u64>,
    directory: Vec<u32>,
    shift: u32,
}

impl Index {
    fn new(keys: Vec<u64>) -> Index {
        let n = keys.len() as u64;
        let bits = (64 - (n / 8).max(1).leading_zeros()).clamp(1, 32);
        let shift = 64 - bits;
        let mut directory = Vec::with_capacity((1usize << bits) + 1);
        let mut at = 0usize;
        for bucket in 0..1u64 << bits {
            while keys.get(at).is_some_and(|&m| m >> shift < bucket) {
                at += 1;
            }
            directory.push(at as u32);
        }
        directory.push(keys.len() as u32);
        Index {
            keys,
            directory,
            shift,
        }
    }

    fn len(&self) -> usize {
        self.keys.len()
    }

    /// The index of the key mixed as `mixed`, if the walk found it.
    fn find(&self, mixed: u64) -> Option<u32> {
        let bucket = (mixed >> self.shift) as usize;
        let lo = *self.directory.get(bucket)? as usize;
        let hi = *self.directory.get(bucket + 1)? as usize;
        let within = self.keys.get(lo..hi)?;
        let at = within.iter().position(|&m| m >= mixed)?;
        (within.get(at) == Some(&mixed)).then_some((lo + at) as u32)
    }

    /// The indices of `mixed` (each a key the walk found, else the error names it) into
    /// `out`, in the same order. In phases over the whole batch (every bucket's bounds,
    /// then every bucket's keys), so the memory waits of a position's children overlap
    /// instead of following one another.
    fn find_all(&self, mixed: &[u64], out: &mut Vec<u32>) -> Result<(), SolveFileError> {
        out.clear();
        let mut bounds = [(0u32, 0u32); BATCH];
        for (b, &m) in bounds.iter_mut().zip(mixed) {
            let bucket = (m >> self.shift) as usize;
            *b = (
                self.directory.get(bucket).copied().unwrap_or(0),
                self.directory.get(bucket + 1).copied().unwrap_or(0),
            );
        }
        // Every bucket's lines asked for before any is searched, so that those waits
        // overlap too.
        let asked = bounds
            .iter()
            .take(mixed.len())
            .fold(0u64, |acc, &(lo, hi)| {
                let first = self.keys.get(lo as usize).copied().unwrap_or(0);
                let last = self
                    .keys
                    .get(hi.saturating_sub(1) as usize)
                    .copied()
                    .unwrap_or(0);
                acc ^ first ^ last
            });
        std::hint::black_box(asked);
        for (&(lo, hi), &m) in bounds.iter().zip(mixed) {
            let within = self.keys.get(lo as usize..hi as usize).unwrap_or(&[]);
            match within.iter().position(|&k| k >= m) {
                Some(at) if within.get(at) == Some(&m) => out.push(lo + at as u32),
                _ => {
                    return Err(game_error(format!(
                        "a child with key {} was not found by the walk: Game::moves and \
                         Game::canonical must give the same positions every time",
                        unmix(m)
                    )));
                }
            }
        }
        Ok(())
    }

    /// The key of position `i`.
    fn key(&self, i: usize) -> u64 {
        self.keys.get(i).map_or(0, |&m| unmix(m))
    }
}

/// A record while solving: 0 unsettled, else [`Record::pack_in`] with [`BITS`].
fn pack(record: Record, key: u64) -> Result<u16, SolveFileError> {
    record
        .pack_in(BITS)
        .map(|p| p as u16)
        .ok_or_else(|| too_deep(key))
}

fn too_deep(key: u64) -> SolveFileError {
    game_error(format!(
        "the position with key {key} is {} plies or more from the end: too deep for a record",
        ENDLESS - 1
    ))
}

fn unpack(bits: u16) -> Option<Record> {
    Record::unpack_in(u32::from(bits), BITS)
}

/// The position of key `key`, or the error that says the game cannot give it.
fn position<G: Game>(size: &G, key: u64) -> Result<G, SolveFileError> {
    match size.at_key(key) {
        Some(p) if p.key() == key => Ok(p),
        _ => Err(game_error(format!(
            "Game::at_key gives no position for the key {key} (or one of another key): a \
             game solved without tiers into a file must turn every key back into its position"
        ))),
    }
}

/// What a solve phase reports, counted across threads.
struct Ticker<'a> {
    options: &'a Options<'a>,
    phase: Phase,
    /// The step of the solve (see [`SOLVE_STEPS`]), 0 in the walk.
    step: u32,
    done: AtomicU64,
    total: Option<u64>,
}

impl<'a> Ticker<'a> {
    /// The solve's step `step` (below [`SOLVE_STEPS`]) of `total` positions (where known),
    /// reported as started.
    fn solve_step(options: &'a Options<'a>, step: u32, total: Option<u64>) -> Ticker<'a> {
        let ticker = Ticker {
            options,
            phase: Phase::Step,
            step,
            done: AtomicU64::new(0),
            total,
        };
        ticker.add(0);
        ticker
    }

    fn add(&self, n: u64) {
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        (self.options.progress)(Progress {
            phase: self.phase,
            tier: self.step,
            tiers: if self.phase == Phase::Step {
                SOLVE_STEPS
            } else {
                1
            },
            done,
            total: self.total,
        });
    }
}

/// Solves game `G` from `start` into the table file `out` by walking its keys and
/// backward induction with child counts (see the module docs), resuming from
/// `out.parts/` after the last finished phase. What `solve_file` calls for a game
/// without tiers.
///
/// # Errors
/// [`SolveFileError`]: the budget is too small (with what it would need), a key wider than
/// [`LOOPY_KEY_BITS`], a game that does not give its positions back from their keys, a
/// file that cannot be written.
pub fn solve_loopy<G: Game + fmt::Debug + Send + Sync>(
    name: &str,
    start: G,
    out: &Path,
    options: &Options,
) -> Result<Summary, SolveFileError> {
    if start.key_bits() > LOOPY_KEY_BITS && start.key_bits() != 64 {
        return Err(game_error(format!(
            "{name}'s keys take {} bits; a game without tiers is solved into a file with \
             keys of at most {LOOPY_KEY_BITS} bits",
            start.key_bits()
        )));
    }
    let parts = Parts::of(out, 0);
    parts.claim(&format!(
        "{name} rules {} loopy keys {}\n",
        G::RULES_VERSION,
        start.key_bits()
    ))?;
    let dir = &parts.dir;
    let keys_path = dir.join("walk.keys");
    let records_path = dir.join("records");
    let mut resumed = 0;

    // 1. The walk.
    let (keys, symmetric) = if let Some(kept) = read_keys(&keys_path)? {
        resumed += 1;
        kept
    } else {
        let (keys, symmetric) = walk(&start, options)?;
        write_atomically(&keys_path, |file| {
            let mut w = BufWriter::new(file);
            for &m in keys.iter().chain(&[u64::from(symmetric)]) {
                w.write_all(&m.to_le_bytes())?;
            }
            w.flush()
        })?;
        (keys, symmetric)
    };
    let mut index = Index::new(keys);
    let n = index.len();
    if n >= u32::MAX as usize {
        return Err(game_error(format!(
            "{name} has {n} positions: this solver indexes fewer than 2^32"
        )));
    }
    if resumed > 0 {
        (options.progress)(Progress {
            phase: Phase::Resumed,
            tier: 0,
            tiers: 1,
            done: n as u64,
            total: Some(n as u64),
        });
    }

    // 2. The solve.
    let records: Vec<u16> = if let Some(bytes) = read_part(&records_path)? {
        resumed += 1;
        if bytes.len() != 2 * n {
            return Err(game_error(format!(
                "{} is damaged: delete it",
                records_path.display()
            )));
        }
        bytes
            .chunks_exact(2)
            .map(|w| {
                u16::from_le_bytes([
                    w.first().copied().unwrap_or(0),
                    w.get(1).copied().unwrap_or(0),
                ])
            })
            .collect()
    } else {
        let records;
        (records, index) = solve(&start, index, &keys_path, options)?;
        write_atomically(&records_path, |file| {
            let mut w = BufWriter::new(file);
            for &r in &records {
                w.write_all(&r.to_le_bytes())?;
            }
            w.flush()
        })?;
        records
    };

    // 3. The file: a sort, the key index in two passes and the records, none of which
    // counts positions cheaply; no total, as a tiered solve's writing says.
    (options.progress)(Progress {
        phase: Phase::Write,
        tier: 0,
        tiers: 1,
        done: 0,
        total: None,
    });
    let start_key = start.canonical().key();
    let start_record = index
        .find(mix(start_key))
        .and_then(|i| records.get(i as usize).copied())
        .and_then(unpack)
        .ok_or_else(|| game_error(format!("the start (key {start_key}) was not solved")))?;
    let deepest = records
        .iter()
        .filter_map(|&r| unpack(r))
        .map(|r| r.remoteness)
        .filter(|&r| r != ENDLESS)
        .max()
        .unwrap_or(0);
    let by_parity = records
        .iter()
        .filter_map(|&r| unpack(r))
        .all(|r| r.pack_by_parity(8).is_some());
    let mut entries = index.keys;
    with_records(&mut entries, &records);
    drop(records);
    entries.par_sort_unstable();
    let widest = entries.last().map_or(0, |&e| e >> 16);
    let key_bits = (u64::BITS - widest.leading_zeros()).max(1);
    // Records of one byte where the value and the remoteness fit in it, or where the
    // remoteness alone fits and every value is its parity (a game whose last mover wins,
    // as Dōbutsu shōgi's 173 plies); else two.
    let one_byte = FileHeader::new::<G>(name, key_bits, 1);
    let mut header = if deepest < 63 {
        one_byte
    } else if by_parity {
        one_byte.by_parity(1)
    } else {
        FileHeader::new::<G>(name, key_bits, 2)
    };
    header.canonical = symmetric;
    let width = header.record_bytes;
    let bytes = join_file(out, &header, &[n as u64], |_, w| {
        write_key_index(
            0,
            n as u64,
            || entries.iter().map(|&e| e >> 16),
            key_bits,
            w,
        )?;
        let mut piece = Vec::with_capacity(1 << 16);
        for &e in &entries {
            let record = unpack(e as u16).ok_or(FileError::Record {
                tier: 0,
                key: e >> 16,
            })?;
            let packed = header.pack(record).ok_or(FileError::Record {
                tier: 0,
                key: e >> 16,
            })?;
            piece.extend_from_slice(packed.to_le_bytes().get(..width as usize).unwrap_or(&[]));
            if piece.len() >= 1 << 16 {
                w.write_all(&piece)?;
                piece.clear();
            }
        }
        w.write_all(&piece)?;
        Ok(())
    })?;
    std::fs::remove_dir_all(dir).map_err(|error| SolveFileError::Io {
        path: dir.clone(),
        error,
    })?;
    Ok(Summary {
        positions: n as u64,
        start: start_record,
        bytes,
        tiers: vec![n as u64],
        resumed,
        passes: 1,
        rounds: 1,
        exchanged: 0,
    })
}

/// The walk's keys kept in `path` (mixed, sorted) and its flag of symmetry, or `None` if
/// there is no such file: read a piece at a time, so that only the keys are held.
fn read_keys(path: &Path) -> Result<Option<(Vec<u64>, bool)>, SolveFileError> {
    let io = |error| SolveFileError::Io {
        path: path.to_path_buf(),
        error,
    };
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(io(error)),
    };
    let len = file.metadata().map_err(io)?.len();
    let mut keys = Vec::with_capacity((len / 8) as usize);
    let mut reader = BufReader::with_capacity(1 << 20, file);
    let mut word = [0u8; 8];
    for _ in 0..len / 8 {
        reader.read_exact(&mut word).map_err(io)?;
        keys.push(u64::from_le_bytes(word));
    }
    let symmetric = keys.pop() == Some(1);
    Ok(Some((keys, symmetric)))
}

/// The memory budget the walk needs a position: its table of 8-byte slots takes half the
/// budget and is filled to 3/4 at most (16 x 4/3, rounded up).
const WALK_BYTES_PER_POSITION: u64 = 22;

/// The walk: every position reachable from `start`, canonical, as sorted mixed keys, and
/// whether any position was not its own canonical form (the file then says so).
fn walk<G: Game + fmt::Debug + Send + Sync>(
    start: &G,
    options: &Options,
) -> Result<(Vec<u64>, bool), SolveFileError> {
    // Half the budget for the table, 8 bytes a slot, filled at most to 3/4.
    let slots = (options.memory / 2 / 8).clamp(4, 1 << 40);
    let found = Found::new(usize::try_from(slots).unwrap_or(usize::MAX));
    let limit = slots / 4 * 3;
    let first = start.canonical();
    let symmetric = AtomicU64::new(u64::from(first != *start));
    found.insert(mix(first.key()));
    let mut frontier = vec![first.key()];
    let mut total = 1u64;
    let ticker = Ticker {
        options,
        phase: Phase::Walk,
        step: 0,
        done: AtomicU64::new(1),
        total: None,
    };
    let bits = start.key_bits().min(LOOPY_KEY_BITS);
    let wide = |key: u64| {
        (key >> bits != 0).then(|| {
            game_error(format!(
                "the key {key} is wider than {bits} bits (Game::key_bits, or the most this \
                 solver takes)"
            ))
        })
    };
    if let Some(error) = wide(first.key()) {
        return Err(error);
    }
    while !frontier.is_empty() {
        let next = parallel::try_map_pieces(&frontier, CHUNK / 16, &|_, chunk| {
            let mut new = Vec::new();
            let mut error = None;
            let mut kids: Vec<(u64, u64)> = Vec::new();
            for &key in chunk {
                let p = position(start, key)?;
                if p.finished().is_some() {
                    continue;
                }
                kids.clear();
                p.moves(&mut |_, child| {
                    let c = child.canonical();
                    if c != child {
                        symmetric.store(1, Ordering::Relaxed);
                    }
                    let k = c.key();
                    if let Some(e) = wide(k) {
                        error.get_or_insert(e);
                    }
                    kids.push((k, mix(k)));
                });
                if kids.is_empty() {
                    return Err(game_error(format!(
                        "{p:?} (key {key}) is not finished but has no move: \
                             Game::finished must give its result"
                    )));
                }
                if let Some(e) = error.take() {
                    return Err(e);
                }
                // Every slot asked for first, so that their waits overlap.
                let seen = kids.iter().fold(0u64, |acc, &(_, m)| acc ^ found.peek(m));
                std::hint::black_box(seen);
                for &(k, m) in &kids {
                    if found.insert(m) {
                        new.push(k);
                    }
                }
            }
            ticker.add(new.len() as u64);
            Ok(new)
        });
        frontier = next?.concat();
        total += frontier.len() as u64;
        if total > limit {
            // A lower bound: the walk stops at the first level past the table's fill.
            return Err(SolveFileError::Memory {
                needed: total * WALK_BYTES_PER_POSITION,
                budget: options.memory,
                what: format!(
                    "the walk of a game without tiers (at least {total} positions, \
                     {WALK_BYTES_PER_POSITION} bytes of budget a position: a table of 8-byte \
                     slots in half of it, filled to 3/4)"
                ),
            });
        }
    }
    // The count is complete. Then the sort, the keys' file and the index (about 10 s at
    // 246.8 M positions, nothing to count), shown as `Phase::Sort`.
    (options.progress)(Progress {
        phase: Phase::Walk,
        tier: 0,
        tiers: 1,
        done: total,
        total: Some(total),
    });
    (options.progress)(Progress {
        phase: Phase::Sort,
        tier: 0,
        tiers: 1,
        done: 0,
        total: None,
    });
    let symmetric = symmetric.into_inner() != 0;
    Ok((found.into_sorted(), symmetric))
}

/// The mixed keys of `p`'s children's canonical forms into `out` (at most [`BATCH`]).
fn children_of<G: Game + fmt::Debug>(p: &G, out: &mut Vec<u64>) -> Result<(), SolveFileError> {
    out.clear();
    p.moves(&mut |_, child| out.push(mix(child.canonical().key())));
    if out.len() > BATCH {
        return Err(game_error(format!(
            "{p:?} has more than {BATCH} moves: too many for this solver"
        )));
    }
    Ok(())
}

/// What a position's finished children decide, from the first pass.
#[derive(Default)]
struct Seeds {
    /// Positions settled by a finished child, at a remoteness: (level, position, value).
    settled: Vec<(u16, u32, Value)>,
    /// Positions whose loss would come later than a ply after their last child's win:
    /// (position, least remoteness of a loss), above 2 only.
    floors: Vec<(u32, u16)>,
    /// Positions with finished draws below: (position, how many, longest line through one).
    draws: Vec<(u32, u8, u16)>,
    /// Each unfinished position's unfinished children, in order, each list ended by
    /// [`END`]: what pass 2 files the parents from, without generating the moves again.
    forward: Vec<u32>,
}

/// The end of a position's list of children in [`Seeds::forward`]: no position's index.
const END: u32 = u32::MAX;

/// The records of every position of `index`, in its order.
/// The index is let go while the parents are filed and read back from `keys_path` (the
/// walk's keys) after, so that it and the moves of both passes are never held at once; it
/// is given back.
fn solve<G: Game + fmt::Debug + Send + Sync>(
    size: &G,
    index: Index,
    keys_path: &Path,
    options: &Options,
) -> Result<(Vec<u16>, Index), SolveFileError> {
    let n = index.len();
    let need = n as u64 * LOOPY_BYTES_PER_POSITION;
    if need > options.memory {
        return Err(SolveFileError::Memory {
            needed: need,
            budget: options.memory,
            what: format!("solving {n} positions without tiers"),
        });
    }
    let ticker = Ticker::solve_step(options, 0, Some(n as u64));

    // The finished positions' records.
    let mut records = vec![0u16; n];
    parallel::try_map_pieces_mut(&mut records, CHUNK, &|c, chunk| {
        for (j, slot) in chunk.iter_mut().enumerate() {
            let key = index.key(c * CHUNK + j);
            let p = position(size, key)?;
            if let Some(record) = p.finished_record() {
                *slot = pack(record, key)?;
            }
        }
        ticker.add(chunk.len() as u64);
        Ok::<(), SolveFileError>(())
    })?;

    // Pass 1: what finished children decide; unfinished children and parents counted.
    let ticker = Ticker::solve_step(options, 1, Some(n as u64));
    let parents: Vec<AtomicU32> = (0..=n).map(|_| AtomicU32::new(0)).collect();
    let mut children = vec![0u8; n];
    let mut seeds: Vec<Seeds> = parallel::try_map_pieces_mut(&mut children, CHUNK, &|c, chunk| {
        let mut seeds = Seeds::default();
        let (mut mixed, mut found) = (Vec::new(), Vec::new());
        for (j, count) in chunk.iter_mut().enumerate() {
            let i = c * CHUNK + j;
            if records.get(i).copied().unwrap_or(1) != 0 {
                continue;
            }
            let key = index.key(i);
            let p = position(size, key)?;
            let (mut win_at, mut floor, mut unfinished) = (u16::MAX, 0u16, 0u32);
            let (mut draws, mut draw_line) = (0u32, 0u16);
            children_of(&p, &mut mixed)?;
            index.find_all(&mixed, &mut found)?;
            let mut kids = [0u16; BATCH];
            let forward = &mut seeds.forward;
            for (r, &k) in kids.iter_mut().zip(&found) {
                *r = records.get(k as usize).copied().unwrap_or(0);
            }
            // The unfinished children's counts asked for before the first is added
            // to: an atomic addition waits for its line, so these waits would not
            // overlap otherwise.
            let asked = found.iter().zip(&kids).fold(0u32, |acc, (&k, &r)| {
                let count = parents.get(k as usize).filter(|_| r == 0);
                acc ^ count.map_or(0, |p| p.load(Ordering::Relaxed))
            });
            std::hint::black_box(asked);
            for (&k, &r) in found.iter().zip(&kids) {
                match unpack(r) {
                    Some(r) => {
                        let after = r.remoteness.saturating_add(1);
                        match r.value {
                            Value::Loss => win_at = win_at.min(after),
                            Value::Win => floor = floor.max(after),
                            Value::Draw => {
                                draws += 1;
                                draw_line = draw_line.max(after);
                            }
                        }
                    }
                    None => {
                        unfinished += 1;
                        forward.push(k);
                        if let Some(p) = parents.get(k as usize) {
                            p.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
            }
            forward.push(END);
            if unfinished + draws > MAX_CHILDREN {
                return Err(game_error(format!(
                    "{p:?} has more than {MAX_CHILDREN} moves: too many for this solver"
                )));
            }
            *count = (unfinished + draws) as u8;
            if win_at != u16::MAX {
                seeds.settled.push((win_at, i as u32, Value::Win));
            } else if unfinished + draws == 0 {
                seeds.settled.push((floor, i as u32, Value::Loss));
            } else if floor > 2 {
                seeds.floors.push((i as u32, floor));
            }
            if draws > 0 {
                seeds.draws.push((i as u32, draws as u8, draw_line));
            }
        }
        ticker.add(chunk.len() as u64);
        Ok(seeds)
    })?;

    // The parents' offsets: each position's end, counted down as pass 2 files them.
    let mut edges = 0u64;
    for p in &parents {
        edges += u64::from(p.load(Ordering::Relaxed));
        if edges >= u64::from(u32::MAX) {
            return Err(game_error(
                "2^32 moves or more between unfinished positions: too many for this solver".into(),
            ));
        }
        p.store(edges as u32, Ordering::Relaxed);
    }
    // Each chunk's unfinished children, as pass 1 found them, in the chunk's order.
    // Each list squeezed to its length: grown by doubling, they held up to twice it.
    let forward: Vec<Vec<u32>> = seeds
        .iter_mut()
        .map(|s| {
            let mut forward = std::mem::take(&mut s.forward);
            forward.shrink_to_fit();
            forward
        })
        .collect();
    let kept = forward.iter().map(|f| f.len() as u64).sum::<u64>() * 4;
    // The most held at once: in pass 1 (the index and what it found), in pass 2 (what it
    // found and the parents filed, without the index), and after.
    let need = (need + kept)
        .max(n as u64 * 7 + edges * 4 + kept)
        .max(need + edges * 4);
    if need > options.memory {
        return Err(SolveFileError::Memory {
            needed: need,
            budget: options.memory,
            what: format!("solving {n} positions and {edges} moves without tiers"),
        });
    }

    // Pass 2: every unfinished position filed as a parent of its unfinished children.
    let ticker = Ticker::solve_step(options, 2, Some(n as u64));
    // The index let go before the parents' list is made: never both held.
    drop(index);
    let filed: Vec<AtomicU32> = (0..edges).map(|_| AtomicU32::new(0)).collect();
    parallel::for_each_item(&forward, &|c, found| {
        let chunk = c * CHUNK..((c + 1) * CHUNK).min(n);
        let open = chunk
            .clone()
            .filter(|&i| records.get(i).copied().unwrap_or(1) == 0);
        for (i, kids) in open.zip(found.split(|&k| k == END)) {
            // As in pass 1: the lines asked for before the first atomic subtraction.
            let asked = kids.iter().fold(0u32, |acc, &k| {
                acc ^ parents
                    .get(k as usize)
                    .map_or(0, |p| p.load(Ordering::Relaxed))
            });
            std::hint::black_box(asked);
            for &k in kids {
                if let Some(end) = parents.get(k as usize) {
                    let at = end.fetch_sub(1, Ordering::Relaxed).wrapping_sub(1);
                    if let Some(slot) = filed.get(at as usize) {
                        slot.store(i as u32, Ordering::Relaxed);
                    }
                }
            }
        }
        ticker.add(chunk.len() as u64);
    });
    drop(forward);
    let index = Index::new(
        read_keys(keys_path)?
            .ok_or_else(|| {
                game_error(format!(
                    "{} went away during the solve: run it again",
                    keys_path.display()
                ))
            })?
            .0,
    );
    if index.len() != n {
        return Err(game_error(format!(
            "{} changed during the solve: delete it",
            keys_path.display()
        )));
    }
    let offsets: Vec<u32> = parents.into_iter().map(AtomicU32::into_inner).collect();
    let filed: Vec<u32> = filed.into_iter().map(AtomicU32::into_inner).collect();
    let parents_of = |i: u32| -> &[u32] {
        let from = offsets.get(i as usize).copied().unwrap_or(0) as usize;
        let to = offsets.get(i as usize + 1).copied().unwrap_or(0) as usize;
        filed.get(from..to).unwrap_or(&[])
    };

    // Backward induction, level by level of remoteness.
    let open = records.iter().filter(|&&r| r == 0).count() as u64;
    let ticker = Ticker::solve_step(options, 3, Some(open));
    let mut pending: BTreeMap<u16, Vec<(u32, Value)>> = BTreeMap::new();
    let mut floors: BTreeMap<u32, u16> = BTreeMap::new();
    let mut draws = Vec::new();
    for s in seeds {
        for (level, i, value) in s.settled {
            pending.entry(level).or_default().push((i, value));
        }
        floors.extend(s.floors);
        draws.extend(s.draws);
    }
    let mut level: Vec<u32> = Vec::new();
    let mut depth = 0u16;
    // The key is read only for the error: a read of the keys is a miss to memory.
    let settle = |records: &mut Vec<u16>, i: u32, value: Value, remoteness: u16| {
        let packed = (remoteness < ENDLESS - 1)
            .then(|| Record { value, remoteness }.pack_in(BITS))
            .flatten()
            .ok_or_else(|| too_deep(index.key(i as usize)))?;
        if let Some(slot) = records.get_mut(i as usize) {
            *slot = packed as u16;
        }
        Ok::<(), SolveFileError>(())
    };
    loop {
        if let Some(seeded) = pending.remove(&depth) {
            for (i, value) in seeded {
                if records.get(i as usize) == Some(&0) {
                    settle(&mut records, i, value, depth)?;
                    level.push(i);
                }
            }
        }
        if level.is_empty() && pending.is_empty() {
            break;
        }
        let mut next = Vec::new();
        for &child in &level {
            let value = records
                .get(child as usize)
                .copied()
                .and_then(unpack)
                .map(|r| r.value);
            for &parent in parents_of(child) {
                if records.get(parent as usize) != Some(&0) {
                    continue;
                }
                match value {
                    Some(Value::Loss) => {
                        settle(&mut records, parent, Value::Win, depth + 1)?;
                        next.push(parent);
                    }
                    Some(Value::Win) => {
                        let Some(count) = children.get_mut(parent as usize) else {
                            continue;
                        };
                        *count -= 1;
                        if *count == 0 {
                            let at = floors.get(&parent).copied().unwrap_or(0).max(depth + 1);
                            if at == depth + 1 {
                                settle(&mut records, parent, Value::Loss, at)?;
                                next.push(parent);
                            } else {
                                pending.entry(at).or_default().push((parent, Value::Loss));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        ticker.add(level.len() as u64);
        level = next;
        depth = depth.checked_add(1).ok_or_else(|| too_deep(index.key(0)))?;
    }

    // What is left draws: its longest line through drawing children, settled backwards
    // from the finished draws; what never settles can draw for ever. How many settle is
    // known only at the end: the count alone is reported.
    let ticker = Ticker::solve_step(options, 4, None);
    let draw_record = |remoteness: u16| Record {
        value: Value::Draw,
        remoteness,
    };
    let mut queue = Vec::new();
    for (i, count, line) in draws {
        if records.get(i as usize) != Some(&0) {
            continue;
        }
        settle(&mut records, i, Value::Draw, line)?;
        if let Some(c) = children.get_mut(i as usize) {
            *c -= count;
            if *c == 0 {
                queue.push(i);
            }
        }
    }
    let is_open_draw = |bits: Option<&u16>| {
        bits.is_some_and(|&b| b == 0 || unpack(b).is_some_and(|r| r.value == Value::Draw))
    };
    let mut head = 0;
    while let Some(&child) = queue.get(head) {
        head += 1;
        if head % CHUNK == 0 {
            ticker.add(CHUNK as u64);
        }
        let through = records
            .get(child as usize)
            .copied()
            .and_then(unpack)
            .map_or(0, |r| r.remoteness)
            .saturating_add(1);
        for &parent in parents_of(child) {
            if !is_open_draw(records.get(parent as usize)) {
                continue;
            }
            let so_far = records
                .get(parent as usize)
                .copied()
                .and_then(unpack)
                .map_or(0, |r| r.remoteness);
            settle(&mut records, parent, Value::Draw, so_far.max(through))?;
            if let Some(c) = children.get_mut(parent as usize) {
                *c -= 1;
                if *c == 0 {
                    queue.push(parent);
                }
            }
        }
    }
    ticker.add((head % CHUNK) as u64);
    endless_where_open(&mut records, &children, pack(draw_record(ENDLESS), 0)?);
    Ok((records, index))
}

/// The sorted mixed keys made the file's entries: each key unmixed, then its record's 16
/// bits. Not generic (nor its loop's closure), so compiled once for every game.
fn with_records(entries: &mut [u64], records: &[u16]) {
    entries
        .par_iter_mut()
        .zip(records.par_iter())
        .for_each(|(m, &r)| *m = unmix(*m) << 16 | u64::from(r));
}

/// The positions no induction decided, and the draws with a child still waiting, made
/// `endless` draws (repetition). Not generic, so compiled once for every game.
fn endless_where_open(records: &mut [u16], children: &[u8], endless: u16) {
    records
        .par_iter_mut()
        .zip(children.par_iter())
        .for_each(|(r, &waiting)| {
            let open = *r == 0 || unpack(*r).is_some_and(|rec| rec.value == Value::Draw);
            if open && (*r == 0 || waiting > 0) {
                *r = endless;
            }
        });
}

#[cfg(test)]
mod tests {
    use super::{mix, unmix};

    #[test]
    fn mixing_is_undone() {
        for x in [0u64, 1, 2, 12345, u64::MAX, 1 << 47, 0xdead_beef] {
            assert_eq!(unmix(mix(x)), x);
        }
    }
}
