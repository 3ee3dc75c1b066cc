//! Connect Four on the boards of the `large-games` feature, 5x4 and 4x5, against the plain
//! reference solver of `tests/common/connect4_reference.rs` on a seeded sample of
//! positions, and against published results.
//!
//! Where the expectations come from:
//! - The reference solver (its own board and negamax, sharing no code with the crate;
//!   see its module docs), on the positions of 400 seeded random games, every ply, and
//!   its own count of the reachable positions.
//! - Published results: both boards are a draw with perfect play. The table of results
//!   by board size in the README of ChristopheSteininger/c4 (github.com, "Width x Height"
//!   table, extending John Tromp's results for small boards) gives "Draw" for width 5,
//!   height 4 and for width 4, height 5. No published count of reachable positions was
//!   found for these sizes, so the counts are checked against the reference alone.
#![cfg(feature = "large-games")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

#[path = "common/connect4_reference.rs"]
mod reference;
#[path = "common/rng.rs"]
mod rng;

use perfect_play::games::{Args, CONNECT4_4X5, CONNECT4_5X4, ConnectFour, Family, Notation};
use perfect_play::{Solved, Value};
use reference::Reference;
use rng::Rng;

/// Connect Four's family at `w` columns and `h` rows, four in a row: the start of the
/// compiled size.
fn start(w: usize, h: usize) -> ConnectFour {
    let size = Args::parse(ConnectFour::PARAMS, &format!("rows={h},columns={w}")).unwrap();
    ConnectFour::at(&size).unwrap()
}

/// Every position of `games` seeded random games, compared with the reference.
fn sample(table: &Solved<ConnectFour>, w: usize, h: usize, games: usize) -> usize {
    let size = start(w, h);
    let mut reference = Reference::new(w, h);
    let mut rng = Rng(0x5eed_0000 + (w * 10 + h) as u64);
    let mut checked = 0;
    for _ in 0..games {
        let mut grid = reference.empty();
        loop {
            let text = reference.notation(&grid);
            let position = size.parse_at(&text).unwrap();
            assert_eq!(position.to_string(), text);
            let record = table.probe(&position).unwrap();
            assert_eq!(
                (record.value, record.remoteness),
                reference.solve(&grid),
                "{text}"
            );
            checked += 1;
            if reference.over(&grid).is_some() {
                break;
            }
            let children = reference.children(&grid);
            grid = children[rng.below(children.len())].1.clone();
        }
    }
    checked
}

#[test]
fn connect4_5x4_matches_the_reference_on_a_seeded_sample() {
    assert!(sample(&CONNECT4_5X4, 5, 4, 400) > 400 * 8);
}

#[test]
fn connect4_4x5_matches_the_reference_on_a_seeded_sample() {
    assert!(sample(&CONNECT4_4X5, 4, 5, 400) > 400 * 8);
}

#[test]
fn both_boards_are_draws_as_published() {
    let five_by_four = CONNECT4_5X4.probe(&start(5, 4)).unwrap();
    assert_eq!(five_by_four.value, Value::Draw);
    let four_by_five = CONNECT4_4X5.probe(&start(4, 5)).unwrap();
    assert_eq!(four_by_five.value, Value::Draw);
}

#[test]
fn the_tables_hold_every_reachable_position() {
    assert_eq!(CONNECT4_5X4.len(), Reference::new(5, 4).count_reachable());
    assert_eq!(CONNECT4_4X5.len(), Reference::new(4, 5).count_reachable());
}
