//! The one driver on several ranks without MPI: ranks as threads of this test (`Threads`,
//! a transport whose collectives meet at a barrier), so that a plain `cargo test` runs
//! every path a job of MPI ranks takes (the owners' bounds, the children sent to their
//! owners, a walk in passes shared by the ranks, the questions asked in rounds, the join
//! of several segments, a resumed run). `.ci/mpi.sh` runs the same under a real MPI engine.
//!
//! Where the expectations come from: a plain solve of the test's game written here (each
//! tier from the one above, by the rules of a win, a loss and a draw, in a `HashMap`),
//! checked against every record of the file; and the single process's file (`Local`),
//! which every layout must write byte for byte (the property that lets a file's SHA-256 be
//! published whoever solved it).

use std::any::Any;
use std::borrow::Cow;
use std::cell::Cell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use perfect_play_core::file::FileTable;
use perfect_play_core::{Game, Value};

use super::transport::{Collective, Item, Transport};
use super::*;
use crate::{solve_file, solve_file_on};

/// Positions a tier holds at most, past the first tiers.
const WIDTH: u32 = 120_000;
/// The tiers of the game.
const TIERS: u32 = 14;

/// A game of tiers as wide as [`WIDTH`]: a position is a number in its tier, its three
/// moves lead to numbers of the next tier picked by a hash (children shared by many
/// parents, as Connect Four's are), and it is finished in the last tier, or earlier where
/// the hash says, with a result the hash picks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Spread {
    tier: u32,
    at: u32,
}

/// A 64-bit mix (splitmix64's finaliser).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Game for Spread {
    type Move = u8;

    fn start() -> Spread {
        Spread { tier: 0, at: 0 }
    }

    fn key(&self) -> u64 {
        u64::from(self.tier) << 20 | u64::from(self.at)
    }

    fn finished(&self) -> Option<Value> {
        let h = mix(self.key());
        (self.tier + 1 == TIERS || (self.tier > 2 && h % 11 == 0)).then_some(match h % 3 {
            0 => Value::Win,
            1 => Value::Loss,
            _ => Value::Draw,
        })
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Spread)) {
        for m in 0..3u8 {
            let at = (mix(self.key() * 4 + u64::from(m)) % u64::from(WIDTH)) as u32;
            visit(
                m,
                Spread {
                    tier: self.tier + 1,
                    at,
                },
            );
        }
    }

    fn tiers(&self) -> u32 {
        TIERS
    }

    fn key_bits(&self) -> u32 {
        25
    }

    fn tier(&self) -> u32 {
        self.tier
    }

    fn at_key(&self, key: u64) -> Option<Spread> {
        let (tier, at) = ((key >> 20) as u32, (key & 0xF_FFFF) as u32);
        (tier < TIERS && at < WIDTH).then_some(Spread { tier, at })
    }
}

/// Every position's value and remoteness, the plain way: tier by tier from the last, a
/// position a win if a move leads to a loss (the soonest), else a draw if one leads to a
/// draw (the longest), else a loss (the longest).
fn reference() -> HashMap<u64, (Value, u16)> {
    let mut tiers = vec![vec![Spread::start()]];
    for t in 0..TIERS - 1 {
        let mut next: Vec<Spread> = Vec::new();
        for p in &tiers[t as usize] {
            if p.finished().is_none() {
                p.moves(&mut |_, c| next.push(c));
            }
        }
        next.sort_by_key(Spread::key);
        next.dedup();
        tiers.push(next);
    }
    let mut solved: HashMap<u64, (Value, u16)> = HashMap::new();
    for tier in tiers.iter().rev() {
        for p in tier {
            let record = match p.finished() {
                Some(value) => (value, 0),
                None => {
                    let mut kids = Vec::new();
                    p.moves(&mut |_, c| kids.push(solved[&c.key()]));
                    let of = |value: Value| kids.iter().filter(move |k| k.0 == value).map(|k| k.1);
                    if let Some(r) = of(Value::Loss).min() {
                        (Value::Win, r + 1)
                    } else if let Some(r) = of(Value::Draw).max() {
                        (Value::Draw, r + 1)
                    } else {
                        (Value::Loss, of(Value::Win).max().unwrap() + 1)
                    }
                }
            };
            solved.insert(p.key(), record);
        }
    }
    solved
}

/// What every rank of a [`Threads`] job shares: a slot a rank, and a barrier that says
/// when a stopped rank would leave the others waiting.
struct Meeting {
    ranks: usize,
    slots: Mutex<Vec<Option<Box<dyn Any + Send>>>>,
    /// How many ranks have come to the barrier of its generation.
    arrived: Mutex<(usize, u64)>,
    turn: Condvar,
}

/// A rank of a job of threads.
struct Threads {
    rank: usize,
    meeting: Arc<Meeting>,
    sent: Cell<u64>,
}

impl Threads {
    /// `ranks` ranks, one for each thread of a job.
    fn job(ranks: usize) -> Vec<Threads> {
        let meeting = Arc::new(Meeting {
            ranks,
            slots: Mutex::new((0..ranks).map(|_| None).collect()),
            arrived: Mutex::new((0, 0)),
            turn: Condvar::new(),
        });
        (0..ranks)
            .map(|rank| Threads {
                rank,
                meeting: Arc::clone(&meeting),
                sent: Cell::new(0),
            })
            .collect()
    }

    /// Waits for every rank; a rank that does not come within a minute has stopped, and
    /// the test fails rather than hang.
    fn barrier(&self) {
        let mut arrived = self.meeting.arrived.lock().unwrap();
        let generation = arrived.1;
        arrived.0 += 1;
        if arrived.0 == self.meeting.ranks {
            *arrived = (0, generation + 1);
            self.meeting.turn.notify_all();
            return;
        }
        let (arrived, waited) = self
            .meeting
            .turn
            .wait_timeout_while(arrived, Duration::from_secs(60), |a| a.1 == generation)
            .unwrap();
        assert!(
            !waited.timed_out(),
            "rank {}: another rank stopped",
            self.rank
        );
        drop(arrived);
    }

    /// Every rank's `mine`, in rank order.
    fn all_gather<V: Clone + Send + 'static>(&self, mine: V) -> Vec<V> {
        self.meeting.slots.lock().unwrap()[self.rank] = Some(Box::new(mine));
        self.barrier();
        let slots = self.meeting.slots.lock().unwrap();
        let all = slots
            .iter()
            .map(|slot| slot.as_ref().unwrap().downcast_ref::<V>().unwrap().clone())
            .collect();
        drop(slots);
        self.barrier();
        all
    }

    /// The all-to-all of variable counts, as MPI's.
    fn all_to_all<T: Copy + Send + 'static>(
        &self,
        send: &[T],
        counts: &[usize],
    ) -> (Vec<T>, Vec<usize>) {
        for (d, &c) in counts.iter().enumerate() {
            if d != self.rank {
                self.sent.set(self.sent.get() + (c * size_of::<T>()) as u64);
            }
        }
        let all = self.all_gather((send.to_vec(), counts.to_vec()));
        let mut got = Vec::new();
        let mut from = Vec::new();
        for (theirs, their_counts) in &all {
            let start: usize = their_counts[..self.rank].iter().sum();
            let mine = &theirs[start..start + their_counts[self.rank]];
            got.extend_from_slice(mine);
            from.push(mine.len());
        }
        (got, from)
    }
}

impl Transport for Threads {
    fn rank(&self) -> usize {
        self.rank
    }

    fn ranks(&self) -> usize {
        self.meeting.ranks
    }

    fn gather(&self, n: u64) -> Vec<u64> {
        self.all_gather(n)
    }

    fn abort(&self) {}
}

impl Collective for Threads {
    fn all(&self, ok: bool) -> bool {
        self.all_gather(ok).into_iter().all(|ok| ok)
    }

    fn sum(&self, n: u64) -> u64 {
        self.all_gather(n).into_iter().sum()
    }

    fn max(&self, n: u64) -> u64 {
        self.all_gather(n).into_iter().max().unwrap()
    }

    fn gather_keys(&self, mine: &[u64]) -> Result<Vec<u64>, SolveFileError> {
        Ok(self.all_gather(mine.to_vec()).concat())
    }

    fn exchange<'a, I: Item>(&self, send: &'a [I], counts: &[usize]) -> (Cow<'a, [I]>, Vec<usize>) {
        let (got, from) = self.all_to_all(send, counts);
        (Cow::Owned(got), from)
    }

    fn sent(&self) -> u64 {
        self.sent.get()
    }
}

fn quiet(_: Progress) {}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "perfect-play-generate-tiers-{}-{test}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The game solved into `out` by `ranks` ranks as threads, each with `memory` bytes and
/// one thread of its own; every rank's summary, or every rank's error.
fn on_ranks(ranks: usize, out: &Path, memory: u64) -> Vec<Result<Summary, String>> {
    std::thread::scope(|scope| {
        let runs: Vec<_> = Threads::job(ranks)
            .into_iter()
            .map(|rank| {
                scope.spawn(move || {
                    let options = Options {
                        threads: 1,
                        memory,
                        progress: &quiet,
                    };
                    solve_file_on("spread", Spread::start(), out, &options, &rank)
                        .map_err(|e| e.to_string())
                })
            })
            .collect();
        runs.into_iter().map(|run| run.join().unwrap()).collect()
    })
}

/// Every record of the file at `path` against the plain solve.
fn agrees_with_the_reference(path: &Path, reference: &HashMap<u64, (Value, u16)>) {
    let bytes: &'static [u8] = Box::leak(std::fs::read(path).unwrap().into_boxed_slice());
    let file = FileTable::parse(bytes).unwrap();
    assert_eq!(file.len(), reference.len() as u64);
    for (_, key, packed) in file.iter() {
        let record = file.packing().record(packed).unwrap();
        assert_eq!(
            (record.value, record.remoteness),
            reference[&key],
            "key {key:#x}"
        );
    }
}

/// One process, then 1, 2 and 3 ranks, at a budget that holds every walk at once and at
/// one that takes passes or rounds (1 and 2 ranks within 1,500 KiB walk in 3 passes, 2
/// ranks solve in 4 rounds; 3 within 1,300 KiB each solve in 3): every file the single
/// process's, byte for byte, and every record the plain solve's.
#[test]
fn every_layout_writes_the_single_process_bytes() {
    let dir = scratch("layouts");
    let reference = reference();
    let single = dir.join("single.table");
    let options = Options {
        threads: 2,
        memory: 1 << 30,
        progress: &quiet,
    };
    let summary = solve_file::<Spread>("spread", &single, &options).unwrap();
    assert_eq!(
        (summary.passes, summary.rounds, summary.exchanged),
        (1, 1, 0)
    );
    let start = reference[&Spread::start().key()];
    assert_eq!((summary.start.value, summary.start.remoteness), start);
    agrees_with_the_reference(&single, &reference);
    let whole = std::fs::read(&single).unwrap();
    let layouts = [
        (1, 1 << 30, false, false),
        (1, 1500 << 10, true, false),
        (2, 1 << 30, false, false),
        (2, 1500 << 10, true, true),
        (3, 1 << 30, false, false),
        (3, 1300 << 10, false, true),
    ];
    for (ranks, memory, passes, rounds) in layouts {
        let out = dir.join(format!("{ranks}-{memory}.table"));
        let said = format!("{ranks} ranks within {memory} bytes");
        for summary in on_ranks(ranks, &out, memory) {
            let summary = summary.unwrap();
            assert_eq!(
                (summary.start.value, summary.start.remoteness),
                start,
                "{said}"
            );
            assert_eq!(summary.bytes, whole.len() as u64, "{said}");
            assert_eq!(
                summary.passes > 1,
                passes,
                "{said}: {} passes",
                summary.passes
            );
            assert_eq!(
                summary.rounds > 1,
                rounds,
                "{said}: {} rounds",
                summary.rounds
            );
            assert_eq!(summary.exchanged > 0, ranks > 1, "{said}");
        }
        assert!(std::fs::read(&out).unwrap() == whole, "{said}: other bytes");
        assert!(!dir.join(format!("{ranks}-{memory}.table.parts")).exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// On 2 ranks: a budget too small for a walk stops both ranks alike, naming the heaviest
/// (1,100 KiB); one that holds the walks but not a tier's solve with a round of questions
/// (1,300 KiB) stops them once every tier is walked, before any is solved; the same solve
/// with more memory keeps every tier walked and writes the single process's bytes.
#[test]
fn a_budget_too_small_stops_every_rank_and_a_larger_one_resumes() {
    let dir = scratch("budgets");
    let whole = dir.join("whole.table");
    let options = Options {
        threads: 1,
        memory: 1 << 30,
        progress: &quiet,
    };
    solve_file::<Spread>("spread", &whole, &options).unwrap();
    let out = dir.join("two.table");
    let walk = on_ranks(2, &out, 1100 << 10);
    let solve = on_ranks(2, &out, 1300 << 10);
    for (errors, what) in [(walk, "the walk to tier "), (solve, "the solve of tier ")] {
        let errors: Vec<String> = errors.into_iter().map(Result::unwrap_err).collect();
        assert_eq!(errors[0], errors[1], "every rank says the same");
        let error = &errors[0];
        assert!(error.contains(&format!("'s share of {what}")), "{error}");
        assert!(
            error.starts_with("rank 0's") || error.starts_with("rank 1's"),
            "{error}"
        );
        assert!(
            error.contains("with more ranks, each share is smaller"),
            "{error}"
        );
        assert!(!out.exists());
    }
    let summaries = on_ranks(2, &out, 1500 << 10);
    let summary = summaries[0].as_ref().unwrap();
    assert_eq!(
        summary.resumed as usize,
        summary.tiers.len(),
        "every walk kept"
    );
    assert!(std::fs::read(&out).unwrap() == std::fs::read(&whole).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}
