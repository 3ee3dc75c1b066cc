//! Published counts about tic-tac-toe, recomputed from the library.
//!
//! Where the expectations come from: the table in `tests/data/tictactoe-facts.md` (a copy
//! of `../shared/fixtures/tictactoe-facts.md`), which cites Wikipedia ("Game complexity",
//! "Tic-tac-toe"), OEIS A008907, A317573, A317574, A317576 and A061526, the UCI
//! Tic-Tac-Toe Endgame data set and DeepMind OpenSpiel. The numbers are read from that
//! file's table, not retyped here, so this test checks the library against the published
//! source itself.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::{BTreeMap, HashSet};

use perfect_play::games::tictactoe::{Board, Outcome, Player, Position};

const FACTS: &str = include_str!("data/tictactoe-facts.md");

/// The value column of the one table row whose fact column contains `fact`.
fn fact(fact: &str) -> &'static str {
    let rows: Vec<&str> = FACTS
        .lines()
        .filter_map(|line| {
            let columns: Vec<&str> = line.split('|').map(str::trim).collect();
            // "| fact | value | published in |" splits into 5 pieces.
            match columns[..] {
                ["", name, value, _, ""] if name.contains(fact) => Some(value),
                _ => None,
            }
        })
        .collect();
    assert_eq!(
        rows.len(),
        1,
        "rows of tictactoe-facts.md matching {fact:?}: {rows:?}"
    );
    rows[0]
}

/// A number written with thousands separators: `255,168`.
fn number(text: &str) -> usize {
    text.trim()
        .replace(',', "")
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {text:?}"))
}

/// A list of numbers split by `", "` (a comma inside a number has no space after it).
fn list(text: &str) -> Vec<usize> {
    text.split(", ").map(number).collect()
}

/// Numbers split by `" / "`.
fn split(text: &str) -> Vec<usize> {
    text.split(" / ").map(number).collect()
}

fn reachable() -> Vec<Position> {
    Position::all().collect()
}

fn marks(board: Board) -> usize {
    (board.count(Player::X) + board.count(Player::O)) as usize
}

/// How many of `boards` have 0..=9 marks.
fn by_marks(boards: impl IntoIterator<Item = Board>) -> Vec<usize> {
    let mut counts = vec![0; 10];
    for board in boards {
        counts[marks(board)] += 1;
    }
    counts
}

/// The distinct canonical forms of the positions that satisfy `keep`.
fn up_to_symmetry(keep: impl Fn(&Position) -> bool) -> HashSet<Board> {
    reachable()
        .iter()
        .filter(|p| keep(p))
        .map(|p| p.board().canonical())
        .collect()
}

#[test]
fn reachable_positions() {
    let expected = number(fact("positions reachable from the empty board"));
    assert_eq!(reachable().len(), expected);
    let strings = (0..19_683)
        .filter_map(Board::from_code)
        .filter(|b| b.is_reachable())
        .count();
    assert_eq!(strings, expected);
}

#[test]
fn reachable_positions_up_to_symmetry() {
    let all = up_to_symmetry(|_| true);
    assert_eq!(
        all.len(),
        number(fact("distinct up to the 8 rotations and reflections"))
    );
    assert_eq!(
        by_marks(all),
        list(fact("by number of marks 0..9, up to symmetry"))
    );
}

#[test]
fn finished_positions() {
    let finished: Vec<Position> = reachable()
        .into_iter()
        .filter(|p| p.is_finished())
        .collect();
    assert_eq!(
        finished.len(),
        number(fact("positions where the game has ended"))
    );
    let wins = |who| {
        finished
            .iter()
            .filter(|p| p.three_in_a_row() == who)
            .count()
    };
    let split_got = vec![wins(Some(Player::X)), wins(Some(Player::O)), wins(None)];
    assert_eq!(split_got, split(fact("x has won / o has won / draw")));
}

#[test]
fn finished_positions_up_to_symmetry() {
    // "138 (91 x, 44 o, 3 draws)"
    let text = fact("distinct up to symmetry");
    let (total, detail) = text.split_once(" (").expect("total (detail)");
    let detail: Vec<usize> = detail
        .trim_end_matches(')')
        .split(", ")
        .map(|part| number(part.split_whitespace().next().unwrap()))
        .collect();
    let finished = up_to_symmetry(|p| p.is_finished());
    assert_eq!(finished.len(), number(total));
    let won_by = |who| {
        finished
            .iter()
            .filter(|b| b.lookup().unwrap().three_in_a_row() == who)
            .count()
    };
    assert_eq!(
        vec![
            won_by(Some(Player::X)),
            won_by(Some(Player::O)),
            won_by(None)
        ],
        detail
    );
    assert_eq!(
        by_marks(finished),
        list(fact("up to symmetry, by number of marks 0..9"))
    );
}

#[test]
fn forced_wins_up_to_symmetry() {
    let x = up_to_symmetry(|p| p.outcome() == Outcome::Win(Player::X));
    assert_eq!(by_marks(x), list(fact("x can force a win from")));
    let o = up_to_symmetry(|p| p.outcome() == Outcome::Win(Player::O));
    assert_eq!(by_marks(o), list(fact("the same for o")));
}

#[test]
fn complete_games() {
    /// Counts the games from `position` by how they end, moving through `play`.
    fn count(position: Position, games: &mut BTreeMap<Option<Player>, usize>) {
        if position.is_finished() {
            *games.entry(position.three_in_a_row()).or_default() += 1;
            return;
        }
        for cell in 0..9 {
            if position.board().at(cell).is_none() {
                count(position.play(cell).expect("an empty cell"), games);
            }
        }
    }
    let mut games = BTreeMap::new();
    count(Position::START, &mut games);
    let total: usize = games.values().sum();
    assert_eq!(total, number(fact("complete games (move sequences)")));
    let got = vec![
        games[&Some(Player::X)],
        games[&Some(Player::O)],
        games[&None],
    ];
    assert_eq!(got, split(fact("won by x / won by o / drawn")));
}

#[test]
fn the_empty_board_is_a_draw() {
    assert_eq!(fact("value of the empty board under perfect play"), "draw");
    let start = Board::EMPTY.lookup().unwrap();
    assert_eq!(start.outcome(), Outcome::Draw);
    assert_eq!(start.plies(), 9, "a draw fills the board");
    assert_eq!(Position::START, start);
}
