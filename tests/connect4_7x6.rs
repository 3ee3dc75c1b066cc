//! Connect Four as people play it (`connect4-7x6`), through the registry every surface
//! uses: the shipped opening book, the published facts, and bad input.
//!
//! Where the expectations come from:
//! - The count of positions (4,531,985,219,092) and the start's result, a first-player win
//!   in 41 plies: John Tromp's Connect Four pages and OEIS A212693, Allis 1988 and Allen
//!   1988, Böck 2025 (arXiv 2507.05267) for the 41 plies; all in
//!   `../shared/fixtures/connect-four-facts.md`.
//! - The first moves: the centre column wins, the two beside it let the second player
//!   draw, the four outer ones let the second player win (Allis 1988; John Tromp's page).
//! - The book's own consistency: every position of the book short of its depth is worth
//!   the best of its moves, each move's worth read from the book's next ply (or decided
//!   at once by the rules, here by a plain four-in-a-row check of this file: the move
//!   wins, or the reply to it does).
//! - Bad input: the same refusals every Connect Four size gives (`tests/connect4.rs`).
//! - An analysis (one search: the moves ranked) against the same handle's probe of the
//!   position (a search of the position itself) on seeded games: the two must agree.
//! - The positions of 8 plies: the UCI "Connect-4" data set (John Tromp, UCI Machine
//!   Learning Repository, 1995) holds 67,557, "all legal 8-ply positions in which neither
//!   player has won yet, and in which the next move is not forced", a mirror pair once;
//!   counted here by a plain walk of this file's own bit masks, which must also find
//!   exactly the positions a book of 8 plies would solve.
//!
//! The search itself is checked against a plain alpha-beta in `tests/search_reference.rs`
//! and against the small sizes' tables in `tests/search_tables.rs`.

#![cfg(feature = "search")]
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

use perfect_play::dynamic::PositionError;
use perfect_play::games::connect4::Connect4On7x6;
use perfect_play::games::{self, connect4_7x6};
use perfect_play::search::{Searchable, SearchableGame, book_positions};
use perfect_play::{AnsweredBy, Game, Value};

/// The empty 7x6 board in the notation.
const START: &str = "......./......./......./......./......./.......";

#[test]
fn the_registry_names_it_in_both_spellings() {
    assert!(
        games::listed()
            .iter()
            .any(|game| game.name() == "connect4-7x6")
    );
    let names = [
        "connect4-7x6",
        "CONNECT4-7X6",
        "connect-four:6,7,4",
        "connect-four:rows=6,columns=7",
    ];
    for name in names {
        let game = games::open(name).unwrap();
        assert_eq!(game.about().name, "connect4-7x6", "{name}");
        assert_eq!(game.about().positions, Some(4_531_985_219_092), "{name}");
        assert_eq!(game.about().start, START, "{name}");
        assert_eq!(game.about().answered_by, AnsweredBy::Search, "{name}");
    }
}

#[test]
fn the_shipped_book_is_whole_and_holds_every_open_position_to_its_depth() {
    let book = connect4_7x6::book().expect("the shipped book reads");
    assert_eq!(book.depth(), connect4_7x6::BOOK_PLIES);
    let plies = book_positions::<Connect4On7x6>(book.depth());
    let open: usize = plies.iter().map(Vec::len).sum();
    assert_eq!(
        book.len(),
        open,
        "one entry per open position, mirror pairs once"
    );
    for (ply, positions) in plies.iter().enumerate() {
        for position in positions {
            assert!(
                book.score(position).is_some(),
                "ply {ply}: {position:?} not in the book"
            );
        }
    }
}

#[test]
fn the_start_is_won_in_41_plies_by_the_centre_column_only() {
    let game = games::open("connect4-7x6").unwrap();
    let analysis = game.analyze(START).unwrap();
    assert_eq!(analysis.probe.record.value, Value::Win);
    assert_eq!(analysis.probe.record.remoteness, 41);
    let worth = |column: &str| {
        let found = analysis.moves.iter().find(|m| m.name == column).unwrap();
        found.record.value
    };
    assert_eq!(analysis.moves[0].name, "4");
    assert_eq!(analysis.moves[0].record.remoteness, 41);
    assert_eq!(worth("4"), Value::Win);
    for column in ["3", "5"] {
        assert_eq!(worth(column), Value::Draw, "column {column}");
    }
    for column in ["1", "2", "6", "7"] {
        assert_eq!(worth(column), Value::Loss, "column {column}");
    }
}

#[test]
fn every_book_position_short_of_its_depth_is_worth_its_best_move() {
    let book = connect4_7x6::book().unwrap();
    // Every position of the plies short of the depth, walked here from the start, a
    // mirror pair once (a position and its mirror image are worth the same).
    let mut level = vec![Connect4On7x6::start()];
    for ply in 0..book.depth() {
        let mut next = std::collections::HashMap::new();
        for position in &level {
            let score = book.score(&position.search_position()).unwrap();
            let mut best = i32::MIN;
            position.moves(&mut |_, child| {
                let (x, o) = child.discs();
                // The child's side to move: x after an even number of discs.
                let replier = if (ply + 1) % 2 == 0 { x } else { o };
                let value = if four(x) || four(o) {
                    // Won by this move's disc, the `ply + 1`-th: the sooner, the more.
                    (42 + 2 - (ply as i32 + 1)) / 2
                } else if landing(x | o).any(|cell| four(replier | cell)) {
                    // The reply wins at once, with the `ply + 2`-th disc (no book holds
                    // such a position: it is not open).
                    -(42 + 2 - (ply as i32 + 2)) / 2
                } else {
                    let found = book.score(&child.search_position());
                    next.insert(child.search_position().symmetric_key(), child);
                    -found.unwrap_or_else(|| panic!("ply {}: {child} not in the book", ply + 1))
                };
                best = best.max(value);
            });
            assert_eq!(score, best, "{position}");
        }
        level = next.into_values().collect();
    }
}

/// An analysis is one search through the handle every surface uses (the moves ranked, the
/// position worth its best: `Oracle::probe_ranked` through a reference to the search): its
/// record must be the position's own probe and its best move's, on seeded games of up to 7
/// plies (every move of which the book answers).
#[test]
fn an_analysis_is_worth_its_best_move_and_its_probe() {
    let game = games::open("connect4-7x6").unwrap();
    let mut rng = Rng(52);
    for _ in 0..40 {
        let mut position = START.to_string();
        for _ in 0..rng.below(8) {
            let moves = game.moves(&position).unwrap();
            if moves.is_empty() {
                break;
            }
            position = game
                .play(&position, &moves[rng.below(moves.len())])
                .unwrap();
        }
        let analysis = game.analyze(&position).unwrap();
        assert_eq!(analysis.probe, game.probe(&position).unwrap(), "{position}");
        if let Some(best) = analysis.moves.first() {
            assert_eq!(analysis.probe.record, best.record, "{position}");
            assert!(
                analysis
                    .moves
                    .windows(2)
                    .all(|pair| pair[0].record.rank() >= pair[1].record.rank()),
                "{position}: best first"
            );
        }
    }
}

#[test]
fn bad_input_is_refused_as_on_every_size() {
    let game = games::open("connect4-7x6").unwrap();
    let floating = "......./......./......./......./...x.../.......";
    let Err(PositionError::Unreachable { reason, .. }) = game.analyze(floating) else {
        panic!("{floating} is refused as a position no game reaches");
    };
    assert!(reason.contains("above an empty cell"), "{reason}");
    let short = "......./.......";
    assert!(matches!(
        game.analyze(short),
        Err(PositionError::Notation(_))
    ));
    // x has two discs more than o: no game reaches it.
    let lopsided = "......./......./......./......./......./xx.....";
    assert!(matches!(
        game.analyze(lopsided),
        Err(PositionError::Unreachable { .. })
    ));
    // A full column takes no disc (30 discs in, where the search is quick).
    let full = "..xo.o./..ox.o./o.xo.x./o.oxxxo/xxooxxx/ooxxxoo";
    let refused = game.play(full, "4").unwrap_err();
    assert!(refused.to_string().contains('4'), "{refused}");
    // A finished game: x's four in the bottom row; no move is left to play.
    let won = "......./......./......./......./ooo..../xxxx...";
    let analysis = game.analyze(won).unwrap();
    assert!(analysis.probe.finished);
    assert!(analysis.moves.is_empty());
    assert!(game.play(won, "5").is_err());
}

/// Columns and rows of the board, and the bit layout of this file's walk: bit
/// `c * (ROWS + 1) + r` is column `c`, row `r` from the bottom, a spare bit on top.
const COLUMNS: u32 = 7;
const ROWS: u32 = 6;

/// Whether `discs` hold four in a row, by shifts along each direction.
fn four(discs: u64) -> bool {
    [1, ROWS + 1, ROWS, ROWS + 2].iter().any(|&s| {
        let pairs = discs & (discs >> s);
        pairs & (pairs >> (2 * s)) != 0
    })
}

/// The bottom cell of every column.
const BOTTOM: u64 = {
    let mut cells = 0;
    let mut c = 0;
    while c < COLUMNS {
        cells |= 1 << (c * (ROWS + 1));
        c += 1;
    }
    cells
};

/// The cells where the next disc of each open column would land.
fn landing(mask: u64) -> impl Iterator<Item = u64> {
    (0..COLUMNS).filter_map(move |c| {
        let column = ((1u64 << ROWS) - 1) << (c * (ROWS + 1));
        let cell = (mask + BOTTOM) & column;
        (cell != 0).then_some(cell)
    })
}

/// The key of the mirror pair of (`mover`, `mask`): the mover's discs plus every disc plus
/// the bottom row, the smaller of it and its mirror image.
fn pair_key(mover: u64, mask: u64) -> u64 {
    let key = mover + mask + BOTTOM;
    let column = (1u64 << (ROWS + 1)) - 1;
    let mirrored = (0..COLUMNS).fold(0, |out, c| {
        out | ((key >> (c * (ROWS + 1))) & column) << ((COLUMNS - 1 - c) * (ROWS + 1))
    });
    key.min(mirrored)
}

#[test]
fn the_eighth_ply_holds_the_uci_data_sets_positions() {
    // Every game of 8 plies that nobody has won, as (side to move's discs, every disc).
    let mut level = std::collections::HashSet::from([(0u64, 0u64)]);
    for _ in 0..8 {
        let mut next = std::collections::HashSet::new();
        for &(mover, mask) in &level {
            for cell in landing(mask) {
                if !four(mover | cell) {
                    next.insert((mover ^ mask, mask | cell));
                }
            }
        }
        level = next;
    }
    let wins_next = |discs: u64, mask: u64| landing(mask).any(|cell| four(discs | cell));
    let mut open = std::collections::BTreeSet::new();
    let mut unforced = std::collections::BTreeSet::new();
    for &(mover, mask) in &level {
        if wins_next(mover, mask) {
            continue;
        }
        open.insert(pair_key(mover, mask));
        if !wins_next(mover ^ mask, mask) {
            unforced.insert(pair_key(mover, mask));
        }
    }
    assert_eq!(unforced.len(), 67_557, "the UCI data set's count");
    assert_eq!(open.len(), 77_715);
    // A book of 8 plies solves exactly these.
    let book: std::collections::BTreeSet<u64> = book_positions::<Connect4On7x6>(8)[8]
        .iter()
        .map(Searchable::symmetric_key)
        .collect();
    assert_eq!(book, open);
    // And the engine's `must_block` leaves exactly the data set's (what
    // `examples/connect4_uci.rs` checks the search's results on).
    let not_forced: std::collections::BTreeSet<u64> = book_positions::<Connect4On7x6>(8)[8]
        .iter()
        .filter(|p| !p.must_block())
        .map(Searchable::symmetric_key)
        .collect();
    assert_eq!(not_forced, unforced);
}

#[test]
fn the_book_key_is_one_to_one_on_the_mirror_pairs_of_each_ply() {
    // Every position of up to 8 plies nobody has won, walked with this file's own masks:
    // the book key must be the same for a position and its mirror image (this file's
    // `pair_key`), differ between pairs, and take at most 2p + 6 bits at ply p.
    let mut level = std::collections::HashSet::from([(0u64, 0u64)]);
    for ply in 0..=8u32 {
        let mut pair_of = std::collections::HashMap::new();
        let mut key_of = std::collections::HashMap::new();
        for &(mover, mask) in &level {
            let (x, o) = if ply % 2 == 0 {
                (mover, mover ^ mask)
            } else {
                (mover ^ mask, mover)
            };
            let position = Connect4On7x6::from_discs(x, o).unwrap().search_position();
            let book_key = position.book_key();
            assert!(book_key < 1 << (2 * ply + 6), "ply {ply}: {book_key:#x}");
            let pair = pair_key(mover, mask);
            assert_eq!(*key_of.entry(pair).or_insert(book_key), book_key, "mirrors");
            assert_eq!(*pair_of.entry(book_key).or_insert(pair), pair, "pairs");
        }
        let mut next = std::collections::HashSet::new();
        for &(mover, mask) in &level {
            for cell in landing(mask) {
                if !four(mover | cell) {
                    next.insert((mover ^ mask, mask | cell));
                }
            }
        }
        level = next;
    }
}

#[test]
fn the_book_counts_the_uci_data_sets_results() {
    // The UCI "Connect-4" data set's totals (see the module docs), counted from the book:
    // its positions of 8 plies where the side to move (the first player) need not block.
    let book = connect4_7x6::book().unwrap();
    assert!(book.depth() >= 8, "a book of {} plies", book.depth());
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for position in &book_positions::<Connect4On7x6>(8)[8] {
        if position.must_block() {
            continue;
        }
        match book.record(position).unwrap().value {
            Value::Win => wins += 1,
            Value::Loss => losses += 1,
            Value::Draw => draws += 1,
        }
    }
    assert_eq!((wins, losses, draws), (44_473, 16_635, 6_449));
}

#[test]
fn a_book_position_whose_reply_is_forced_is_a_lookup() {
    // The positions of the book's last ply whose side to move must block: the book holds
    // them, so the engine answers each without visiting a position (it once followed the
    // forced move past the book's last ply and searched: seconds for some).
    let book = connect4_7x6::book().unwrap();
    let engine = connect4_7x6::searched().engine();
    let plies = book_positions::<Connect4On7x6>(connect4_7x6::BOOK_PLIES);
    let forced = plies[connect4_7x6::BOOK_PLIES as usize]
        .iter()
        .filter(|p| p.must_block())
        .take(500)
        .collect::<Vec<_>>();
    assert_eq!(forced.len(), 500);
    for position in forced {
        let (score, visited) = engine.solve_counted(position);
        assert_eq!(visited, 0, "{position:?} searched");
        assert_eq!(Some(score), book.score(position));
    }
}

#[test]
fn one_ply_past_the_book_the_search_agrees_with_a_search_without_it() {
    // The engine starts a position one ply past the book from its parents' book scores
    // (each negated is a least score for it): on every move of seeded positions of the
    // book's last ply, its scores must be those of an engine without the book.
    use perfect_play::search::{Bitboard, Engine};
    let with = Engine::<Bitboard<7, 6>>::new(64 << 20).with_book(connect4_7x6::book().unwrap());
    let without = Engine::<Bitboard<7, 6>>::new(64 << 20);
    let mut seed = 0x9e37_79b9_u64;
    let mut random = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as usize % n
    };
    let mut checked = 0;
    while checked < 6 {
        let mut position = Connect4On7x6::start();
        for _ in 0..connect4_7x6::BOOK_PLIES {
            let mut children = Vec::new();
            position.moves(&mut |_, child| children.push(child));
            position = children[random(children.len())];
        }
        if position.finished().is_some() {
            continue;
        }
        position.moves(&mut |_, child| {
            if child.finished().is_none() {
                let child = child.search_position();
                assert_eq!(with.solve(&child), without.solve(&child), "{child:?}");
            }
        });
        checked += 1;
    }
}
