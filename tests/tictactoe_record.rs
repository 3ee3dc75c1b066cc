//! The game record of every game (`PlayedGame`, `Ply`, `Verdict`, `Sentence`), on
//! tic-tac-toe, against a reference written plainly here.
//!
//! Where the expectations come from: the rules (x moves first, players alternate, play
//! stops at the first three in a row or a full board) and the definition of perfect play
//! (the side that can win wins as fast as it can, the side that must lose holds out as
//! long as it can). The reference below is a recursive minimax over boards as nine bytes
//! that calls nothing in the crate's solver; the verdict of a move follows from it (best:
//! as good as the best child; mistake: a worse win/draw/loss for the mover; otherwise an
//! inaccuracy), and so does the sentence each ply prints, in the forms `Sentence`'s docs
//! give: plies counted as the board labels a move, from the position before it, the move
//! included. `every_label_agrees_with_its_sentence` checks that promise on its own: the
//! label `Solved::ranked_moves` gives the move played is the number its sentence states.
//!
//! Every complete game is walked, move by move, with `PlayedGame::play`, `undo` and
//! `redo`, and every ply of each is checked: nothing is sampled. The count of
//! complete games, 255,168, is the published figure in ../shared/fixtures/tictactoe-facts.md
//! (copied to tests/data). A seeded pseudo-random run of play, undo and redo, legal and
//! not, is checked against a plain model of an editor's undo stack.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use std::collections::HashMap;

use perfect_play::games::tictactoe::{Board, Player};
use perfect_play::games::{Side, TICTACTOE};
use perfect_play::{PlayError, PlayedGame, Record, Value, Verdict};

/// The record of a tic-tac-toe game: nine plies hold every game.
type Game = PlayedGame<Board, 9>;
type Ply = perfect_play::Ply<Board>;

// ---------------------------------------------------------------------------------------
// The reference (tests/common/tictactoe.rs): boards as nine bytes, 0 empty, 1 x, 2 o.
// ---------------------------------------------------------------------------------------

mod common;

use common::Rng;
use common::tictactoe::{Cells, is_over as finished, mover};

/// The solution of a board: who wins with perfect play (0 for a draw) and in how many plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Solved {
    winner: u8,
    plies: u8,
}

/// How much `player` likes a solution: any win beats a draw beats any loss; wins are
/// better sooner, losses later.
fn score(player: u8, solved: Solved) -> i32 {
    let plies = i32::from(solved.plies);
    if solved.winner == 0 {
        0
    } else if solved.winner == player {
        100 - plies
    } else {
        plies - 100
    }
}

/// `player`'s value of a solution: 2 win, 1 draw, 0 loss.
fn value(player: u8, solved: Solved) -> u8 {
    match solved.winner {
        0 => 1,
        w if w == player => 2,
        _ => 0,
    }
}

struct Reference {
    memo: HashMap<Cells, common::tictactoe::Value>,
}

impl Reference {
    fn solve(&mut self, cells: Cells) -> Solved {
        let (winner, plies) = common::tictactoe::solve(&cells, &mut self.memo);
        Solved { winner, plies }
    }

    /// The verdict on `player` marking `cell` on `cells`.
    fn verdict(&mut self, cells: Cells, cell: usize) -> Verdict {
        let player = mover(&cells);
        let before = self.solve(cells);
        let mut after = cells;
        after[cell] = player;
        let after = self.solve(after);
        let best = (0..9)
            .filter(|&c| cells[c] == 0)
            .map(|c| {
                let mut child = cells;
                child[c] = player;
                score(player, self.solve(child))
            })
            .max()
            .expect("a move was made, so a cell was empty");
        if score(player, after) == best {
            Verdict::Best
        } else if value(player, after) < value(player, before) {
            Verdict::Mistake
        } else {
            Verdict::Inaccuracy
        }
    }
}

/// The sentence a ply prints, built from the reference in the forms `Sentence`'s docs
/// give: the mover and the cell as a person names it (1-9), plies counted from before the
/// move, the move included (one more than the reference's plies after it).
fn sentence(player: u8, cell: usize, verdict: Verdict, before: Solved, after: Solved) -> String {
    let name = if player == 1 { "x" } else { "o" };
    let phrase = |solved: Solved| -> String {
        let article = ["a loss", "a draw", "a win"][usize::from(value(player, solved))];
        match (solved.winner, solved.plies + 1) {
            (0, _) => article.to_string(),
            (_, 1) => format!("{article} in 1 ply"),
            (_, plies) => format!("{article} in {plies} plies"),
        }
    };
    let what = match verdict {
        Verdict::Best if after.plies == 0 && after.winner == player => "won the game".to_string(),
        Verdict::Best if after.plies == 0 => "drew the game".to_string(),
        Verdict::Best => format!("was best: {}", phrase(after)),
        Verdict::Inaccuracy => {
            let verb = if value(player, after) == 2 {
                "delayed the win"
            } else {
                "hastened the loss"
            };
            format!("{verb}: {} instead of {}", phrase(after), before.plies)
        }
        Verdict::Mistake => {
            let from = ["a loss", "a draw", "a win"][usize::from(value(player, before))];
            format!("turned {from} into {}", phrase(after))
        }
    };
    format!("{name} {} {what}", cell + 1)
}

fn side(code: u8) -> Side {
    if code == 1 { Side::First } else { Side::Second }
}

fn cells_of(board: Board) -> Cells {
    board.cells().map(|mark| match mark {
        Some(Player::X) => 1,
        Some(Player::O) => 2,
        None => 0,
    })
}

// ---------------------------------------------------------------------------------------
// The checks.
// ---------------------------------------------------------------------------------------

/// Checks one ply against the reference: `cells` is the board before it.
fn check_ply(reference: &mut Reference, ply: Ply, number: usize, cells: Cells, cell: u8) {
    let who = mover(&cells);
    let before = reference.solve(cells);
    let mut next = cells;
    next[usize::from(cell)] = who;
    let after = reference.solve(next);
    let verdict = reference.verdict(cells, usize::from(cell));
    let value_of = |solved| [Value::Loss, Value::Draw, Value::Win][usize::from(value(who, solved))];

    assert_eq!(ply.number(), number, "{cells:?} {cell}");
    assert_eq!(ply.mover(), side(who), "{cells:?} {cell}");
    assert_eq!(ply.played(), cell);
    assert_eq!(cells_of(ply.before()), cells);
    assert_eq!(cells_of(ply.after()), next);
    assert_eq!(
        ply.value_before(side(who)),
        value_of(before),
        "{cells:?} {cell}"
    );
    assert_eq!(
        ply.value_after(side(who)),
        value_of(after),
        "{cells:?} {cell}"
    );
    // The other side's view is the mover's, turned round.
    let other = side(3 - who);
    assert_eq!(ply.value_before(other), value_of(before).flip());
    assert_eq!(ply.value_after(other), value_of(after).flip());
    assert_eq!(
        ply.best().remoteness,
        u16::from(before.plies),
        "{cells:?} {cell}"
    );
    assert_eq!(
        ply.chosen().remoteness,
        u16::from(after.plies) + 1,
        "{cells:?} {cell}"
    );
    assert_eq!(
        ply.delta_plies(),
        i32::from(after.plies) + 1 - i32::from(before.plies),
        "{cells:?} {cell}"
    );
    assert_eq!(ply.verdict(), verdict, "{cells:?} {cell}");
    assert_eq!(ply.verdict().is_best(), verdict == Verdict::Best);
    assert_eq!(
        ply.to_string(),
        sentence(who, usize::from(cell), verdict, before, after),
        "{cells:?} {cell}"
    );
}

/// Checks the whole record of a game whose moves are `moves`.
fn check_game(reference: &mut Reference, game: &Game, moves: &[u8]) {
    assert!(game.moves().eq(moves.iter().copied()));
    assert_eq!(game.len(), moves.len());
    let positions: Vec<Board> = game.positions().collect();
    assert_eq!(positions.len(), moves.len() + 1);
    let history = game.history();
    assert_eq!(history.len(), moves.len());
    let mut cells = [0u8; 9];
    for (index, (ply, &cell)) in history.zip(moves).enumerate() {
        assert_eq!(positions[index], ply.before());
        assert_eq!(positions[index + 1], ply.after());
        check_ply(reference, ply, index + 1, cells, cell);
        cells[usize::from(cell)] = mover(&cells);
    }
    assert_eq!(cells_of(game.position()), cells);
    let backwards: Vec<u8> = game.history().rev().map(|ply| ply.played()).collect();
    assert!(backwards.iter().rev().eq(moves.iter()));
    let mistakes: Vec<usize> = game.mistakes().map(|ply| ply.number()).collect();
    let expected: Vec<usize> = game
        .history()
        .filter(|ply| ply.verdict() == Verdict::Mistake)
        .map(|ply| ply.number())
        .collect();
    assert_eq!(mistakes, expected);
}

/// Walks every game from the game's current board with play, undo and redo, checking
/// each complete game; returns how many complete games there are.
fn walk(reference: &mut Reference, game: &mut Game, moves: &mut Vec<u8>) -> u64 {
    let cells = cells_of(game.position());
    if finished(&cells) {
        check_game(reference, game, moves);
        assert_eq!(Game::from_moves(&TICTACTOE, moves).as_ref(), Ok(&*game));
        assert_eq!(game.play(0), Err(PlayError::Finished));
        assert!(game.is_finished());
        assert_eq!(game.record().map(|r| r.remoteness), Some(0));
        return 1;
    }
    let mut games = 0;
    for cell in 0..9u8 {
        if cells[usize::from(cell)] != 0 {
            assert_eq!(game.play(cell), Err(PlayError::Illegal));
            continue;
        }
        let before = game.position();
        let after = game
            .play(cell)
            .expect("an empty cell of an unfinished game");
        assert_eq!(game.position(), after);
        moves.push(cell);
        games += walk(reference, game, moves);
        moves.pop();
        assert_eq!(game.undo(), Some(cell));
        assert_eq!(game.position(), before);
        assert_eq!(game.redo_moves().next(), Some(cell));
        assert_eq!(game.redo(), Some(cell));
        assert_eq!(game.position(), after);
        assert_eq!(game.undo(), Some(cell));
    }
    assert_eq!(game.play(9), Err(PlayError::Illegal));
    games
}

#[test]
fn every_complete_game_matches_the_reference() {
    let mut reference = Reference {
        memo: HashMap::new(),
    };
    let mut game = Game::new(&TICTACTOE);
    let games = walk(&mut reference, &mut game, &mut Vec::new());
    assert_eq!(games, 255_168);
    assert!(game.is_empty());
    assert_eq!(game.undo(), None);
}

/// An editor's undo stack, written plainly: the moves played and the moves to redo.
#[derive(Default)]
struct Model {
    played: Vec<u8>,
    undone: Vec<u8>,
}

#[test]
fn undo_and_redo_behave_like_an_editor() {
    let mut rng = Rng(0x5eed);
    let (mut game, mut model) = (Game::new(&TICTACTOE), Model::default());
    for _ in 0..200_000 {
        let mut cells = [0u8; 9];
        for &cell in &model.played {
            cells[usize::from(cell)] = mover(&cells);
        }
        match rng.below(4) {
            0 => assert_eq!(
                game.undo(),
                model.played.pop().inspect(|&c| model.undone.push(c))
            ),
            1 => assert_eq!(
                game.redo(),
                model.undone.pop().inspect(|&c| model.played.push(c))
            ),
            _ => {
                let cell = rng.below(10) as u8;
                let expected = if finished(&cells) {
                    Err(PlayError::Finished)
                } else if cell >= 9 || cells[usize::from(cell)] != 0 {
                    Err(PlayError::Illegal)
                } else {
                    // Playing the move redo would replay keeps the rest; any other forgets.
                    if model.undone.last() == Some(&cell) {
                        model.undone.pop();
                    } else {
                        model.undone.clear();
                    }
                    model.played.push(cell);
                    Ok(())
                };
                assert_eq!(game.play(cell).map(drop), expected, "{:?}", model.played);
            }
        }
        assert!(game.moves().eq(model.played.iter().copied()));
        assert!(game.redo_moves().eq(model.undone.iter().rev().copied()));
        assert_eq!(
            Game::from_moves(&TICTACTOE, &model.played).map(|g| g.position()),
            Ok(game.position())
        );
    }
}

#[test]
fn from_moves_reports_the_first_illegal_move() {
    assert_eq!(
        Game::from_moves(&TICTACTOE, &[4, 4]),
        Err(PlayError::Illegal)
    );
    assert_eq!(
        Game::from_moves(&TICTACTOE, &[4, 12]),
        Err(PlayError::Illegal)
    );
    // x wins on the top row with its third mark; o cannot move after it.
    assert_eq!(
        Game::from_moves(&TICTACTOE, &[0, 3, 1, 4, 2, 5]),
        Err(PlayError::Finished)
    );
}

#[test]
fn games_compare_by_start_moves_and_redo_moves_only() {
    let mut a = Game::from_moves(&TICTACTOE, &[4, 0, 8]).expect("legal");
    let b = Game::from_moves(&TICTACTOE, &[4, 0]).expect("legal");
    assert_ne!(a, b);
    a.undo();
    assert_ne!(a, b, "a can still redo 8");
    a.play(2).expect("legal");
    a.undo();
    let mut c = b.clone();
    c.play(2).expect("legal");
    c.undo();
    assert_eq!(a, c, "stale slots past the redo list do not count");
    let elsewhere = Game::from_position(&TICTACTOE, "x........".parse().unwrap()).unwrap();
    assert_ne!(elsewhere, Game::from_moves(&TICTACTOE, &[0]).unwrap());
}

/// A record started elsewhere judges every move from there, numbered from 1; a board no
/// game reaches cannot start one.
#[test]
fn a_record_starts_anywhere_the_table_holds() {
    let start: Board = "xx./oo./...".parse().unwrap();
    let mut game = Game::from_position(&TICTACTOE, start).unwrap();
    game.play(8).unwrap();
    let ply = game.history().next().unwrap();
    assert_eq!(ply.number(), 1);
    assert_eq!(ply.verdict(), Verdict::Mistake);
    // x could win at once; o wins on its next move instead: both counted from before x 9.
    assert_eq!(ply.to_string(), "x 9 turned a win into a loss in 2 plies");
    assert_eq!(
        ply.best(),
        Record {
            value: Value::Win,
            remoteness: 1
        }
    );
    let unreachable: Board = "xxx/ooo/...".parse().unwrap();
    assert_eq!(
        Game::from_position(&TICTACTOE, unreachable),
        Err(PlayError::Unreachable)
    );
}

/// The bug the issue reports (moves 0, 1, 3, 2, then cell 7 on the web board), and the
/// documented game of four mistakes, in the sentences a person reads.
#[test]
fn the_sentences_of_known_games() {
    let game = Game::from_moves(&TICTACTOE, &[0, 1, 3, 2, 7]).unwrap();
    let last = game.history().next_back().unwrap();
    assert_eq!(
        last.chosen(),
        Record {
            value: Value::Win,
            remoteness: 5
        }
    );
    assert_eq!(
        last.to_string(),
        "x 8 delayed the win: a win in 5 plies instead of 1"
    );
    let game = Game::from_moves(&TICTACTOE, &[4, 1, 0, 8, 2, 6, 3, 5, 7]).unwrap();
    let mistakes: Vec<String> = game.mistakes().map(|ply| ply.to_string()).collect();
    assert_eq!(
        mistakes,
        [
            "o 2 turned a draw into a loss in 6 plies",
            "x 3 turned a win into a draw",
            "x 4 turned a draw into a loss in 2 plies",
            "o 6 turned a win into a draw",
        ]
    );
}

/// The label a board shows for a move (its value and plies among `Solved::ranked_moves`,
/// as `win 5`) and the sentence on that move state the same numbers: walked over every
/// ply of every complete game.
#[test]
fn every_label_agrees_with_its_sentence() {
    fn walk(game: &mut Game, checked: &mut u64) {
        let position = game.position();
        let mut ranked = [(
            0u8,
            Record {
                value: Value::Draw,
                remoteness: 0,
            },
        ); 9];
        let len = TICTACTOE.ranked_moves(&position, &mut ranked);
        for &(cell, label) in &ranked[..len] {
            game.play(cell).unwrap();
            let ply = game.history().next_back().unwrap();
            assert_eq!(ply.chosen(), label);
            assert_eq!(ply.best(), ranked[0].1, "the best label is the first");
            let sentence = ply.to_string();
            let finished = ply.after().is_finished();
            let stated = match (label.value, label.remoteness) {
                (Value::Draw, _) => "a draw".to_string(),
                (_, 1) => format!("a {} in 1 ply", label.value),
                (_, plies) => format!("a {} in {plies} plies", label.value),
            };
            if finished && ply.verdict().is_best() {
                // "won the game": the label of a move that ends the game says 1 ply.
                assert!(
                    label.value == Value::Draw || label.remoteness == 1,
                    "{sentence}"
                );
            } else if label.value != Value::Draw {
                assert!(
                    sentence.contains(&format!(": {stated}")) || sentence.ends_with(&stated),
                    "{sentence} against label {} {}",
                    label.value,
                    label.remoteness
                );
                if ply.verdict() == Verdict::Inaccuracy {
                    let best = ranked[0].1.remoteness;
                    assert!(
                        sentence.ends_with(&format!(" instead of {best}")),
                        "{sentence}"
                    );
                }
            }
            *checked += 1;
            walk(game, checked);
            game.undo();
        }
    }
    let mut checked = 0;
    walk(&mut Game::new(&TICTACTOE), &mut checked);
    // One check per move of every game tree node: every ply of every complete game.
    assert_eq!(checked, 549_945);
}
