//! The solver for large games (`crates/generate/src/flat.rs`) against the retrograde solver
//! (`crates/generate/src/solve.rs`) on every game the crate ships, and its limits and errors.
//!
//! Where the expectations come from: `solve.rs` is the reference (its own tests check it
//! against hand-worked games and the tic-tac-toe facts); both must give every position
//! the same record, loopy Dodgem included, so a table does not depend on which solver
//! built it. The errors are the ones `flat.rs` documents. Both solvers are the crate
//! `build.rs` calls; the games are the library's.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::fmt;

use perfect_play::{Game, Value};
use perfect_play_generate::{FlatError, FlatLimits, solve, solve_flat};

/// A game's position seen through `Debug` by its key (tic-tac-toe's `Board` has its
/// `Debug` only in the library).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Keyed<G>(G);

impl<G: Game> fmt::Debug for Keyed<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position {}", self.0.key())
    }
}

impl<G: Game> Game for Keyed<G> {
    type Move = G::Move;
    fn start() -> Self {
        Keyed(G::start())
    }
    fn key(&self) -> u64 {
        self.0.key()
    }
    fn finished(&self) -> Option<Value> {
        self.0.finished()
    }
    fn moves(&self, visit: &mut dyn FnMut(G::Move, Self)) {
        self.0.moves(&mut |mv, child| visit(mv, Keyed(child)));
    }
}

/// Both solvers on `G`: the same positions with the same records.
fn same_records<G: Game>() -> usize {
    let retrograde = solve::<G>(false).unwrap();
    let flat = solve_flat::<Keyed<G>>(FlatLimits::DEFAULT).unwrap();
    assert_eq!(flat.len(), retrograde.len());
    for ((key, _, expected), (flat_key, record)) in retrograde.iter().zip(flat.iter()) {
        assert_eq!(flat_key, key);
        assert_eq!(record, expected, "key {key}");
    }
    assert_eq!(Some(flat.start()), retrograde.get(&G::start()));
    flat.len()
}

#[test]
fn tictactoe_is_solved_the_same() {
    assert_eq!(
        same_records::<perfect_play::games::tictactoe::Board>(),
        5_478
    );
}

#[test]
fn misere_is_solved_the_same() {
    same_records::<perfect_play::games::Misere>();
}

#[test]
fn hexapawn_is_solved_the_same() {
    same_records::<perfect_play::games::Hexapawn>();
}

#[test]
fn loopy_dodgem_is_solved_the_same() {
    // Dodgem is loopy: some position comes back four plies later (a car goes up, a car
    // of the other side goes left, both come back), so the flat solver takes its
    // retrograde path.
    let plies = |from: perfect_play::games::Dodgem, n: usize| {
        let mut frontier = vec![from];
        for _ in 0..n {
            let mut next = Vec::new();
            for p in &frontier {
                if p.finished().is_none() {
                    p.moves(&mut |_, child| next.push(child));
                }
            }
            frontier = next;
        }
        frontier
    };
    let early: Vec<perfect_play::games::Dodgem> = (0..4)
        .flat_map(|n| plies(perfect_play::games::Dodgem::start(), n))
        .collect();
    assert!(early.iter().any(|&p| plies(p, 4).contains(&p)));
    same_records::<perfect_play::games::Dodgem>();
}

#[test]
fn connect4_4x4_is_solved_the_same() {
    assert_eq!(
        same_records::<perfect_play::games::Connect4On4x4>(),
        161_029
    );
}

/// A game that never ends: each position leads to the next, for ever.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Forever(u64);

impl Game for Forever {
    type Move = ();
    fn start() -> Self {
        Forever(0)
    }
    fn key(&self) -> u64 {
        self.0
    }
    fn finished(&self) -> Option<Value> {
        None
    }
    fn moves(&self, visit: &mut dyn FnMut((), Self)) {
        visit((), Forever(self.0 + 1));
    }
}

#[test]
fn a_game_that_never_ends_stops_at_the_position_limit() {
    let limits = FlatLimits {
        positions: 100_000,
        ..FlatLimits::DEFAULT
    };
    let error = solve_flat::<Forever>(limits).unwrap_err();
    assert_eq!(error, FlatError::TooManyPositions { limit: 100_000 });
    assert!(error.to_string().contains("more than 100000 positions"));
}

#[test]
fn a_key_too_wide_is_found_when_first_seen() {
    // The first key above 1,000 is the 1,001st position: the walk stops there.
    let limits = FlatLimits {
        positions: 10_000,
        max_key: 1_000,
    };
    let error = solve_flat::<Forever>(limits).unwrap_err();
    assert_eq!(
        error,
        FlatError::KeyTooWide {
            key: 1_001,
            max: 1_000,
            position: "Forever(1001)".to_owned()
        }
    );
    assert!(error.to_string().contains("Forever(1001)"), "{error}");
}

/// Two positions with one key: 1 and 2 both have key 1.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Clash(u8);

impl Game for Clash {
    type Move = u8;
    fn start() -> Self {
        Clash(0)
    }
    fn key(&self) -> u64 {
        u64::from(self.0.min(1))
    }
    fn finished(&self) -> Option<Value> {
        (self.0 > 0).then_some(Value::Loss)
    }
    fn moves(&self, visit: &mut dyn FnMut(u8, Self)) {
        visit(1, Clash(1));
        visit(2, Clash(2));
    }
}

#[test]
fn a_key_collision_names_both_positions() {
    let error = solve_flat::<Clash>(FlatLimits::DEFAULT).unwrap_err();
    let text = error.to_string();
    assert!(
        text.contains("Clash(1)") && text.contains("Clash(2)"),
        "{text}"
    );
    assert!(
        text.starts_with("two different positions have the key 1"),
        "{text}"
    );
}

/// A position that is not finished but has no move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Stuck;

impl Game for Stuck {
    type Move = ();
    fn start() -> Self {
        Stuck
    }
    fn key(&self) -> u64 {
        0
    }
    fn finished(&self) -> Option<Value> {
        None
    }
    fn moves(&self, _: &mut dyn FnMut((), Self)) {}
}

#[test]
fn a_position_without_moves_is_named() {
    let error = solve_flat::<Stuck>(FlatLimits::DEFAULT).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("Stuck (key 0) is not finished")
    );
}

/// An acyclic game whose walk order is not topological: 0 -> 1 -> 2 -> 3 and 0 -> 3,
/// so 3 is found before 2 leads to it; Kahn's algorithm must order it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Detour(u8);

impl Game for Detour {
    type Move = u8;
    fn start() -> Self {
        Detour(0)
    }
    fn key(&self) -> u64 {
        u64::from(self.0)
    }
    fn finished(&self) -> Option<Value> {
        (self.0 == 4).then_some(Value::Loss)
    }
    fn moves(&self, visit: &mut dyn FnMut(u8, Self)) {
        let to: &[u8] = match self.0 {
            0 => &[3, 1],
            1 => &[2],
            2 => &[3],
            _ => &[4],
        };
        for &t in to {
            visit(t, Detour(t));
        }
    }
}

#[test]
fn an_acyclic_walk_out_of_order_is_solved_like_retrograde() {
    same_records::<Detour>();
    let flat = solve_flat::<Detour>(FlatLimits::DEFAULT).unwrap();
    // 3 wins in 1 (to the finished 4); 2 loses in 2; 1 wins in 3; 0 can only move to a
    // win for the other side (3 or 1), so it loses, holding out longest through 1.
    assert_eq!(
        flat.get(&Detour(3)).map(|r| (r.value, r.remoteness)),
        Some((Value::Win, 1))
    );
    assert_eq!(
        flat.get(&Detour(2)).map(|r| (r.value, r.remoteness)),
        Some((Value::Loss, 2))
    );
    assert_eq!(
        flat.get(&Detour(1)).map(|r| (r.value, r.remoteness)),
        Some((Value::Win, 3))
    );
    assert_eq!(
        flat.get(&Detour(0)).map(|r| (r.value, r.remoteness)),
        Some((Value::Loss, 4))
    );
}
