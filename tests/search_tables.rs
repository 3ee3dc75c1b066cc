//! The search against the compiled tables: every position of Connect Four on 4x4 (the
//! `connect4-4x4` table, 161,029 positions, solved by retrograde analysis at build time)
//! and a seeded sample of 5x4 (feature `large-games`) must get the table's record from the
//! search, win, loss or draw and plies; and no position outside the table is reachable.
//! The tables are the family's (`ConnectFour`), the search's positions its typed
//! `Connect4<W, H>`: each is read in the other by its key, the same in both. A sample of
//! 4x4 positions is also ranked with its record at once (`probe_ranked`, one search whose
//! best move gives the record) and must match the table's probe and ranking.

#![cfg(feature = "search")]
#![allow(clippy::unwrap_used)] // test code: a panic is a failed test

use std::collections::HashSet;

use perfect_play::games::connect4::Connect4;
use perfect_play::games::{Args, ConnectFour, Family};
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

/// The family's position of the same discs as `position`.
fn in_family<const W: usize, const H: usize>(position: &Connect4<W, H>) -> ConnectFour {
    let size = Args::parse(ConnectFour::PARAMS, &format!("rows={H},columns={W}")).unwrap();
    let start = ConnectFour::at(&size).unwrap();
    start.at_key(position.key()).unwrap()
}

fn agree<const W: usize, const H: usize>(
    table: &Solved<ConnectFour>,
    positions: &[Connect4<W, H>],
) {
    let searched: Searched<Connect4<W, H>> = Searched::new(Engine::new(16 << 20).with_threads(1));
    for position in positions {
        assert!(position.is_reachable(), "{position:?} is reachable");
        assert_eq!(
            searched.probe(position),
            table.probe(&in_family(position)),
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
        let filler = [(
            0,
            perfect_play::Record {
                value: perfect_play::Value::Draw,
                remoteness: 0,
            },
        ); 4];
        let (mut want, mut got, mut both) = (filler, filler, filler);
        let n = table.ranked_moves(&in_family(position), &mut want);
        assert_eq!(searched.ranked_moves(position, &mut got), n, "{position:?}");
        assert_eq!(got[..n], want[..n], "{position:?}");
        // At once, by one search (the record from the best move): the table's probe and
        // ranking, finished positions included.
        let record = table.probe(&in_family(position)).unwrap();
        assert_eq!(
            searched.probe_ranked(position, &mut both),
            Some((record, n)),
            "{position:?}"
        );
        assert_eq!(both[..n], want[..n], "{position:?}");
    }
}

/// A seeded sample of 5x4 positions from random play (finished ones included): 20,000 of
/// the table's 3.9 million.
#[cfg(feature = "large-games")]
#[test]
fn a_sample_of_5x4_positions_as_the_table_says() {
    // SplitMix64, so the sample is the same on every run.
    let mut state = 0x5eed_u64;
    let mut below = |n: usize| {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    };
    let mut sample = Vec::new();
    while sample.len() < 20_000 {
        let mut position = Connect4::<5, 4>::start();
        let stop = below(21);
        for _ in 0..stop {
            if position.finished().is_some() {
                break;
            }
            let mut moves = Vec::new();
            position.moves(&mut |_, child| moves.push(child));
            position = moves[below(moves.len())];
        }
        sample.push(position);
    }
    agree(&perfect_play::games::CONNECT4_5X4, &sample);
}
