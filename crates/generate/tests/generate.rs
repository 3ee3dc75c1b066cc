//! The game-agnostic generator on small made-up games whose answers are worked out by
//! hand in the comments: loopy draws, remoteness in both directions, and the errors a
//! wrong `Game` must give instead of a wrong table.
//!
//! Where the expectations come from: the definitions the solver documents (retrograde
//! analysis as in GamesmanOne: a win takes the nearest lost child, a loss the farthest won
//! one, what is left is a draw; a draw's remoteness is its longest drawing line, or
//! `ENDLESS` if a drawing line can repeat). The generator is the crate
//! `build.rs` calls.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use perfect_play_core::{ENDLESS, Game, Packing, Record, Value};
use perfect_play_generate::{SolveError, solve, write_table};

/// A game given as a list of positions: `EDGES[p]` are p's children, `FINISHED[p]` its
/// result if it is finished. Position 0 is the start.
macro_rules! graph_game {
    ($name:ident, $edges:expr, $finished:expr, $key:expr) => {
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        struct $name(u8);
        impl Game for $name {
            type Move = u8;
            fn start() -> Self {
                $name(0)
            }
            fn key(&self) -> u64 {
                let key: fn(u8) -> u64 = $key;
                key(self.0)
            }
            fn finished(&self) -> Option<Value> {
                let finished: &[Option<Value>] = &$finished;
                finished[usize::from(self.0)]
            }
            fn moves(&self, visit: &mut dyn FnMut(u8, Self)) {
                let edges: &[&[u8]] = &$edges;
                for &to in edges[usize::from(self.0)] {
                    visit(to, $name(to));
                }
            }
        }
    };
}

const W: Option<Value> = Some(Value::Win);
const L: Option<Value> = Some(Value::Loss);
const D: Option<Value> = Some(Value::Draw);

// 0 -> 1 or 2. 1 <-> 3 loop for ever, 3 may also step to 4 (finished: a loss for its side
// to move). 2 -> 5 -> 6, 6 finished draw.
// 4 is lost to move, so 3 wins in 1; 1's only move goes to a won 3: 1 is lost in 2;
// 0 -> 1 wins in 3. 2 is a draw of 2 plies (2 -> 5 -> 6).
graph_game!(
    Loop,
    [&[1, 2], &[3], &[5], &[1, 4], &[], &[6], &[]],
    [None, None, None, None, L, None, D],
    |p| u64::from(p)
);

// A pure cycle: 0 <-> 1, or 0 -> 2 lost for the mover there... no: 2 is a finished win for
// its side to move, so moving there loses; 0 keeps drawing by going to 1.
graph_game!(Endless, [&[1, 2], &[0], &[]], [None, None, W], |p| {
    u64::from(p)
});

#[test]
fn loopy_wins_losses_and_draws() {
    let s = solve::<Loop>(false).unwrap();
    let r = |p| s.get(&Loop(p)).unwrap();
    assert_eq!(
        r(4),
        Record {
            value: Value::Loss,
            remoteness: 0
        }
    );
    assert_eq!(
        r(3),
        Record {
            value: Value::Win,
            remoteness: 1
        }
    );
    assert_eq!(
        r(1),
        Record {
            value: Value::Loss,
            remoteness: 2
        }
    );
    assert_eq!(
        r(0),
        Record {
            value: Value::Win,
            remoteness: 3
        }
    );
    assert_eq!(
        r(2),
        Record {
            value: Value::Draw,
            remoteness: 2
        }
    );
    assert_eq!(
        r(6),
        Record {
            value: Value::Draw,
            remoteness: 0
        }
    );
    assert_eq!(s.len(), 7);
    let ranked = s.ranked_moves(&Loop(0));
    assert_eq!(ranked[0].0, 1);
    assert_eq!(
        ranked[1],
        (
            2,
            Record {
                value: Value::Draw,
                remoteness: 3
            }
        )
    );
}

#[test]
fn a_cycle_nobody_must_leave_is_an_endless_draw() {
    let s = solve::<Endless>(false).unwrap();
    assert_eq!(
        s.get(&Endless(0)),
        Some(Record {
            value: Value::Draw,
            remoteness: ENDLESS
        })
    );
    assert_eq!(
        s.get(&Endless(1)),
        Some(Record {
            value: Value::Draw,
            remoteness: ENDLESS
        })
    );
    assert_eq!(s.get(&Endless(2)).unwrap().value, Value::Win);
}

graph_game!(Collide, [&[1, 2], &[], &[]], [None, L, L], |p| u64::from(
    p.min(1)
));
graph_game!(Stuck, [&[1], &[]], [None, None], |p| u64::from(p));
graph_game!(Huge, [&[1], &[]], [None, L], |p| u64::from(p) << 40);

#[test]
fn wrong_games_are_errors_not_tables() {
    let collision = solve::<Collide>(false).unwrap_err();
    assert_eq!(collision, SolveError::KeyCollision { key: 1 });
    assert!(collision.to_string().contains("injective"));

    let stuck = solve::<Stuck>(false).unwrap_err();
    assert_eq!(stuck, SolveError::NoMoves { key: 1 });
    assert!(stuck.to_string().contains("no move"));

    let huge = solve::<Huge>(false).unwrap();
    let error = write_table("HUGE", "test", &huge, |_| 0).unwrap_err();
    assert_eq!(
        error,
        SolveError::KeyOutOfRange {
            key: 1 << 40,
            max: u64::from(u32::MAX)
        }
    );
    assert!(error.to_string().contains("out of range"));

    // Game bits that push an entry past 32 bits.
    let small = solve::<Loop>(false).unwrap();
    let error = write_table("WIDE", "test", &small, |_| u32::MAX);
    assert!(matches!(
        error,
        Err(SolveError::EntryOutOfRange {
            max: 0xffff_ffff,
            ..
        })
    ));
}

#[test]
fn generated_source_is_deterministic_and_complete() {
    let s = solve::<Loop>(false).unwrap();
    let a = write_table("LOOP", "a test", &s, |_| 0).unwrap();
    let b = write_table("LOOP", "a test", &solve::<Loop>(false).unwrap(), |_| 0).unwrap();
    assert_eq!(a, b);
    assert!(a.starts_with("// @generated by build.rs: a test (7 entries).\n"));
    // Small keys and records: the 16-bit layout, 3 bits of remoteness (the deepest
    // finite remoteness here is 3, and all ones stand for ENDLESS).
    assert!(a.contains("pub static LOOP_MAP: ::perfect_play_core::phf::Map<u16, u16> = "));
    assert!(a.contains("Table::phf16(&LOOP_MAP, 3, false)"), "{a}");
    // Every key appears with its packed record.
    let win3 = Record {
        value: Value::Win,
        remoteness: 3,
    }
    .pack_in(3)
    .unwrap();
    assert!(a.contains(&format!("(0, {win3:#06x})")), "{a}");
}

// Canonical forms: positions 1 and 2 are mirror images; one entry stands for both.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Mirror(u8);
impl Game for Mirror {
    type Move = u8;
    fn start() -> Self {
        Mirror(0)
    }
    fn key(&self) -> u64 {
        u64::from(self.0)
    }
    fn finished(&self) -> Option<Value> {
        (self.0 != 0).then_some(Value::Loss)
    }
    fn moves(&self, visit: &mut dyn FnMut(u8, Self)) {
        visit(1, Mirror(1));
        visit(2, Mirror(2));
    }
    fn canonical(&self) -> Self {
        Mirror(self.0.min(1))
    }
}

#[test]
fn canonical_forms_store_one_entry_per_class() {
    assert_eq!(solve::<Mirror>(false).unwrap().len(), 3);
    let s = solve::<Mirror>(true).unwrap();
    assert_eq!(s.len(), 2);
    assert!(s.is_canonical());
    assert_eq!(s.get(&Mirror(2)), s.get(&Mirror(1)));
    assert_eq!(
        s.get(&Mirror(0)).unwrap(),
        Record {
            value: Value::Win,
            remoteness: 1
        }
    );
}

#[test]
fn records_pack_and_unpack() {
    for value in [Value::Win, Value::Loss, Value::Draw] {
        for remoteness in [0, 1, 9, 255, ENDLESS] {
            let record = Record { value, remoteness };
            let packed = record.pack_in(14).unwrap();
            assert_eq!(Record::unpack_in(packed | 0xabcd << 16, 14), Some(record));
            // A remoteness too wide for the layout is refused, never cut.
            if remoteness != ENDLESS && remoteness >= 15 {
                assert_eq!(record.pack_in(4), None);
            } else {
                assert_eq!(
                    Record::unpack_in(record.pack_in(4).unwrap(), 4),
                    Some(record)
                );
            }
        }
    }
    assert_eq!(Record::unpack_in(0, 14), None);
}

/// Records by parity (a win an odd number of plies away, a loss an even one, a draw
/// endless: `Record::pack_by_parity`'s rule, written out here) come back from one byte, each
/// packed as its remoteness plus one; every record that breaks the rule or does not fit is
/// refused, never packed as another.
#[test]
fn records_pack_by_parity_and_unpack() {
    let packing = Packing {
        remoteness_bits: 8,
        by_parity: true,
        canonical: false,
    };
    let mut packed_values = std::collections::HashSet::new();
    for value in [Value::Win, Value::Loss, Value::Draw] {
        for remoteness in (0..300).chain([ENDLESS - 1, ENDLESS]) {
            let record = Record { value, remoteness };
            let follows_rule = match value {
                Value::Win => remoteness % 2 == 1 && remoteness < 254,
                Value::Loss => remoteness % 2 == 0 && remoteness < 254,
                Value::Draw => remoteness == ENDLESS,
            };
            let packed = packing.pack(record);
            assert_eq!(packed.is_some(), follows_rule, "{record:?}");
            if let Some(bits) = packed {
                assert!((1..=255).contains(&bits), "{record:?} packed as {bits}");
                let expected = if value == Value::Draw {
                    255
                } else {
                    u32::from(remoteness) + 1
                };
                assert_eq!(bits, expected, "{record:?}");
                assert!(
                    packed_values.insert(bits),
                    "{record:?} packed as another's {bits}"
                );
                // The bits above the record are the game's, and ignored.
                assert_eq!(packing.record(bits | 0x5a << 8), Some(record));
                assert_eq!(packing.game_bits(bits | 0x5a << 8), 0x5a);
            }
        }
    }
    assert_eq!(packed_values.len(), 255, "every byte but 0 is a record");
    assert_eq!(packing.record(0), None);
}

// A countdown from 20,000: the start is lost in 20,000 plies, more than a packed record's
// 14 bits of remoteness hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Countdown(u16);
impl Game for Countdown {
    type Move = ();
    fn start() -> Self {
        Countdown(20_000)
    }
    fn key(&self) -> u64 {
        u64::from(self.0)
    }
    fn finished(&self) -> Option<Value> {
        (self.0 == 0).then_some(Value::Loss)
    }
    fn moves(&self, visit: &mut dyn FnMut((), Self)) {
        visit((), Countdown(self.0 - 1));
    }
}

#[test]
fn too_deep_for_a_record_is_an_error() {
    let error = solve::<Countdown>(false).unwrap_err();
    assert!(matches!(error, SolveError::TooDeep { .. }), "{error:?}");
    assert!(error.to_string().contains("too deep"));
}

/// A game that never ends: every position leads to a new one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Forever(u64);
impl Game for Forever {
    type Move = u8;
    fn start() -> Self {
        Forever(0)
    }
    fn key(&self) -> u64 {
        self.0
    }
    fn finished(&self) -> Option<Value> {
        None
    }
    fn moves(&self, visit: &mut dyn FnMut(u8, Self)) {
        visit(0, Forever(self.0 + 1));
    }
}

#[test]
fn a_game_that_never_ends_stops_at_the_limit_with_a_sentence() {
    let error = solve::<Forever>(false).unwrap_err();
    assert_eq!(error, SolveError::TooManyPositions);
    // `main` returning the error prints its Debug: the sentence, not the variant.
    assert!(
        format!("{error:?}").starts_with("more than 10000000 positions: a game that never ends"),
        "{error:?}"
    );
}
