//! The generator's edges (issue 29): each is a table or a clear error, never a panic or a
//! wrong table. A start that is already over, a game of one position, a loopy game whose
//! every position is a draw, keys at `u64::MAX`, `moves` giving the same move twice, and a
//! move that leads back to its own position.
//!
//! Where the expectations come from: the definitions the solver documents (a finished
//! position's record is its result with remoteness 0; a win takes the nearest lost child,
//! a loss the farthest won one; what is left is a draw, `ENDLESS` when a drawing line can
//! repeat), worked by hand on each small graph below; both solvers (`solve` for `phf`
//! tables, `solve_flat` for binary ones) must agree with them and with each other.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use perfect_play_core::{ENDLESS, Game, Record, Value};
use perfect_play_generate::{
    FlatError, FlatLimits, SolveError, solve, solve_flat, write_file_table, write_table,
};

/// A game given as a graph: `edges[p]` are p's children (in order, repeats allowed),
/// `finished[p]` its result if it is over. Position 0 is the start; its key is `key(p)`.
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

const fn record(value: Value, remoteness: u16) -> Record {
    Record { value, remoteness }
}

/// Both solvers' record of every position `0..count` of `G`, which must agree.
fn records<G: Game + std::fmt::Debug>(count: u8, make: fn(u8) -> G) -> Vec<Record> {
    let graph = solve::<G>(false).unwrap();
    let flat = solve_flat::<G>(FlatLimits::DEFAULT).unwrap();
    assert_eq!(graph.len(), usize::from(count));
    assert_eq!(flat.len(), usize::from(count));
    (0..count)
        .map(|p| {
            let position = make(p);
            let found = graph.get(&position).unwrap();
            assert_eq!(flat.get(&position), Some(found), "{position:?}");
            found
        })
        .collect()
}

// The start is over: a win, a loss or a draw for the side to move, and the game has that
// one position (its moves are never asked for).
graph_game!(WonAtStart, [&[1]], [W], u64::from);
graph_game!(LostAtStart, [&[1]], [L], u64::from);
graph_game!(DrawnAtStart, [&[]], [D], u64::from);

#[test]
fn a_start_already_over_is_a_table_of_one_position() {
    assert_eq!(records(1, WonAtStart), [record(Value::Win, 0)]);
    assert_eq!(records(1, LostAtStart), [record(Value::Loss, 0)]);
    assert_eq!(records(1, DrawnAtStart), [record(Value::Draw, 0)]);
    // And the writers write it.
    let table = write_table(
        "ONE",
        "one position",
        &solve::<WonAtStart>(false).unwrap(),
        |_| 0,
    )
    .unwrap();
    assert!(table.contains("ONE"), "{table}");
    let flat = solve_flat::<LostAtStart>(FlatLimits::DEFAULT).unwrap();
    let files = write_file_table("ONE", "one", "one", "one position", &flat).unwrap();
    assert!(!files.bytes.is_empty());
}

// A game of one position that goes on: its only move leads back to itself, so it never
// ends: a draw, endless.
graph_game!(Alone, [&[0]], [None], u64::from);

#[test]
fn a_game_of_one_position_that_goes_on_is_an_endless_draw() {
    assert_eq!(records(1, Alone), [record(Value::Draw, ENDLESS)]);
}

// Every position a draw: 0 -> 1 -> 2 -> 0, nothing ever finishes.
graph_game!(Carousel, [&[1], &[2], &[0]], [None, None, None], u64::from);

#[test]
fn a_loopy_game_whose_every_position_is_a_draw() {
    assert_eq!(records(3, Carousel), [record(Value::Draw, ENDLESS); 3]);
}

// Keys at the top of u64: 0 is u64::MAX, 1 is u64::MAX - 1 (finished, lost): 0 wins in 1.
graph_game!(TopKeys, [&[1], &[]], [None, L], |p| u64::MAX - u64::from(p));

#[test]
fn keys_at_u64_max_are_a_binary_table_and_a_clear_error_for_phf() {
    let flat = solve_flat::<TopKeys>(FlatLimits::DEFAULT).unwrap();
    assert_eq!(flat.get(&TopKeys(0)), Some(record(Value::Win, 1)));
    assert_eq!(
        flat.iter().map(|(key, _)| key).collect::<Vec<_>>(),
        [u64::MAX - 1, u64::MAX]
    );
    let files = write_file_table("TOP", "top", "top", "keys at u64::MAX", &flat).unwrap();
    assert!(!files.bytes.is_empty());
    // A phf table holds u32 keys: the key is refused, named.
    let graph = solve::<TopKeys>(false).unwrap();
    match write_table("TOP", "top", &graph, |_| 0) {
        Err(SolveError::KeyOutOfRange { key, .. }) => assert!(key > u64::from(u32::MAX)),
        other => panic!("{other:?}"),
    }
    // And a flat walk told to keep keys to u32 stops at the first one.
    let narrow = FlatLimits {
        max_key: u64::from(u32::MAX),
        ..FlatLimits::DEFAULT
    };
    match solve_flat::<TopKeys>(narrow) {
        Err(error @ FlatError::KeyTooWide { .. }) => {
            assert!(error.to_string().contains(&u64::MAX.to_string()), "{error}")
        }
        other => panic!("{other:?}"),
    }
}

// `moves` gives the same move twice: 0 -> 1, 1 (1 finished, won for its mover) and 0 -> 2
// twice (2 lost for its mover): the same table as with each move once. 0 wins in 1.
graph_game!(Twice, [&[1, 1, 2, 2], &[], &[]], [None, W, L], u64::from);
graph_game!(Once, [&[1, 2], &[], &[]], [None, W, L], u64::from);
// A loss that must count its won children right even when one is given twice: 0 -> 1, 1,
// 2; 1 and 2 are won for their movers (finished): 0 is lost in 1.
graph_game!(LossTwice, [&[1, 1, 2], &[], &[]], [None, W, W], u64::from);

#[test]
fn a_move_given_twice_is_one_move() {
    assert_eq!(records(3, Twice), records(3, Once));
    assert_eq!(records(3, Twice)[0], record(Value::Win, 1));
    assert_eq!(records(3, LossTwice)[0], record(Value::Loss, 1));
}

// A move that leads to its own position: 0 -> 0 or 1, 1 over and lost for its mover: 0
// wins in 1 (staying put is a drawing line it does not need). In the second, 1 is won for
// its mover, so 0 stays put for ever: a draw.
graph_game!(SelfLoop, [&[0, 1], &[]], [None, L], u64::from);
graph_game!(SelfLoopDraw, [&[0, 1], &[]], [None, W], u64::from);

#[test]
fn a_move_back_to_its_own_position() {
    assert_eq!(records(2, SelfLoop)[0], record(Value::Win, 1));
    assert_eq!(
        records(2, SelfLoopDraw),
        [record(Value::Draw, ENDLESS), record(Value::Win, 0)]
    );
}
