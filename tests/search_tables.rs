//! The search against the compiled tables: every position of Connect Four on 4x4 (the
//! `connect4-4x4` table, 161,029 positions, solved by retrograde analysis at build time)
//! and a seeded sample of 5x4 (feature `large-games`) must get the table's record from the
//! search, win, loss or draw and plies; and no position outside the table is reachable.

#![cfg(feature = "search")]

use std::collections::HashSet;

use perfect_play::games::connect4::Connect4;
use perfect_play::search::{Engine, SearchableGame, Searched};
use perfect_play::{Game, Solved};

/// Every position reachable from the start, finished ones included.
fn reachable<G: Game + std::hash::Hash>() -> Vec<G> {
    let mut seen = HashSet::new();
    let mut todo = vec![G::start()];
    seen.insert(G::start());
    let mut all = Vec::new();
    while let Some(position) = todo.pop() {
        all.push(position);
        if position.finished().is_some() {
            continue;
        }
        position.moves(&mut |_, child| {
            if seen.insert(child) {
                todo.push(child);
            }
        });
    }
    all
}

fn agree<const W: usize, const H: usize>(
    table: &Solved<Connect4<W, H>>,
    positions: &[Connect4<W, H>],
) {
    let searched: Searched<Connect4<W, H>> = Searched::new(Engine::new(16 << 20).with_threads(1));
    for position in positions {
        assert!(position.is_reachable(), "{position:?} is reachable");
        assert_eq!(
            searched.probe(position),
            table.probe(position),
            "{position:?}"
        );
    }
}

#[test]
fn every_4x4_position_as_the_table_says() {
    let all = reachable::<Connect4<4, 4>>();
    assert_eq!(all.len(), 161_029);
    agree(&perfect_play::games::CONNECT4_4X4, &all);
}

#[test]
fn ranked_moves_as_the_table_ranks_them() {
    let table = &perfect_play::games::CONNECT4_4X4;
    let searched: Searched<Connect4<4, 4>> = Searched::new(Engine::new(16 << 20).with_threads(2));
    for position in reachable::<Connect4<4, 4>>().iter().step_by(97) {
        let mut want = [(
            0,
            perfect_play::Record {
                value: perfect_play::Value::Draw,
                remoteness: 0,
            },
        ); 4];
        let mut got = want;
        let n = table.ranked_moves(position, &mut want);
        assert_eq!(searched.ranked_moves(position, &mut got), n, "{position:?}");
        assert_eq!(got[..n], want[..n], "{position:?}");
    }
}
