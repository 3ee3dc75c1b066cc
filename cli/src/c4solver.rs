//! `perfect-play c4solver`: Pascal Pons's `c4solver` (github.com/PascalPons/connect4) as a
//! drop-in: the same input, the same output byte for byte, answered by this crate's
//! engine and opening book.
//!
//! Input: one position a line, the columns played from the empty 7x6 board, `1` to `7`
//! (`4453`; an empty line is the empty board). Output: the line, a space and the
//! position's score (Pons's: 0 for a draw, `22 - n` for a win whose winner's last disc is
//! its `n`-th, negated for a loss: the side to move's), a line a position, flushed at
//! once so that a program can talk to it through a pipe. With `-a`, the score of every
//! column instead, each the score the move gives the side to move, `-1000` for a full
//! column. With `-w` (weak), a win 1, a draw 0 and a loss -1, except a win at once, scored
//! exactly as Pons's weak solver scores it (Pons's own prints some other positive or
//! negative numbers for wins and losses, whatever its search proved first: the signs are
//! the same).
//!
//! A line that is not a position (a character that is not a column, a full column, a move
//! after which the game would be over) is answered only on stderr, as Pons's is: `Line L:
//! Invalid move M "LINE"`, M the first move that cannot be played. As Pons's, the exit
//! status is 0 however many lines were refused (2 when the input cannot be read or the
//! book is refused).

use std::fs;
use std::io::{self, BufRead, Write};
use std::path::Path;

use perfect_play::Game;
use perfect_play::Value;
use perfect_play::games::connect4::Connect4;
use perfect_play::games::connect4_7x6;
use perfect_play::search::{Bitboard, Book, DEFAULT_MEMORY, Engine, Searchable};

use crate::args::C4solverArgs;
use crate::output::Status;

/// The board's columns.
const WIDTH: usize = 7;

/// What Pons's `-a` prints for a column that is full.
const FULL_COLUMN: i32 = -1000;

/// A position as the engine searches it.
type Position = Bitboard<7, 6>;

/// Answers stdin's lines as `c4solver` does.
pub fn run(args: &C4solverArgs) -> Status {
    // `--no-book` and `--threads` are already applied to the shared engine.
    let owned;
    let engine: &Engine<Position> = match &args.book {
        None => connect4_7x6::searched().engine(),
        Some(path) => match read_book(path) {
            Ok(book) => {
                let engine = Engine::new(DEFAULT_MEMORY).with_book(book);
                if let Some(threads) = args.search.threads {
                    engine.set_threads(usize::from(threads));
                }
                owned = engine;
                &owned
            }
            Err(why) => {
                let _ = writeln!(io::stderr(), "perfect-play c4solver: {why}");
                return Status::Failure;
            }
        },
    };
    match answer(engine, args, io::stdin().lock(), &mut io::stdout().lock()) {
        Ok(()) => Status::Success,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Status::Success,
        Err(error) => {
            let _ = writeln!(io::stderr(), "perfect-play c4solver: {error}");
            Status::Failure
        }
    }
}

/// The book at `path`, whole and checked, or a sentence saying why it is not read.
fn read_book(path: &Path) -> Result<Book, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bytes: &'static [u8] = Vec::leak(bytes);
    let rules = <Connect4<7, 6> as Game>::RULES_VERSION;
    Book::read(bytes, connect4_7x6::NAME, rules).map_err(|error| {
        format!(
            "{}: not read: -b takes an opening book of perfect-play's format (`perfect-play \
             book` writes one; Pons's own 7x6.book is another format): {error}",
            path.display()
        )
    })
}

/// Answers every line of `input` into `out`, a refused line on stderr.
fn answer(
    engine: &Engine<Position>,
    args: &C4solverArgs,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        let position = match play(&line) {
            Ok(position) => position,
            Err(played) => {
                let mut message =
                    format!("Line {number}: Invalid move {} \"", played + 1).into_bytes();
                message.extend_from_slice(&line);
                message.extend_from_slice(b"\"\n");
                io::stderr().write_all(&message)?;
                continue;
            }
        };
        let mut answer = line.clone();
        let scores = if args.all {
            columns(engine, &position, args.weak)
        } else {
            vec![score(engine, &position, args.weak)]
        };
        for score in scores {
            answer.extend_from_slice(format!(" {score}").as_bytes());
        }
        answer.push(b'\n');
        out.write_all(&answer)?;
        out.flush()?;
    }
    Ok(())
}

/// The position `moves` reaches from the empty board, or how many moves it played before
/// one that is not a column `1` to `7`, falls into a full column or ends the game (Pons's
/// `Position::play`: such a position is not asked about).
fn play(moves: &[u8]) -> Result<Position, usize> {
    let mut position = Position::start();
    for (played, &byte) in moves.iter().enumerate() {
        let column = usize::from(byte.wrapping_sub(b'1'));
        let Some(next) = (column < WIDTH)
            .then(|| position.drop_disc(column))
            .flatten()
        else {
            return Err(played);
        };
        if wins(&next) {
            return Err(played);
        }
        position = next;
    }
    Ok(position)
}

/// Whether the move that reached `child` made four: its side to move has lost.
fn wins(child: &Position) -> bool {
    child.decided().is_some_and(|score| score < 0)
}

/// The position's score, or with `weak` its sign (a win at once scored exactly, as Pons's
/// weak solver does).
fn score(engine: &Engine<Position>, position: &Position, weak: bool) -> i32 {
    if let Some(score) = position.decided() {
        return score;
    }
    if weak {
        sign(engine.value(position))
    } else {
        engine.solve(position)
    }
}

/// Win 1, draw 0, loss -1.
fn sign(value: Value) -> i32 {
    match value {
        Value::Win => 1,
        Value::Draw => 0,
        Value::Loss => -1,
    }
}

/// What each column is worth to the side to move: [`FULL_COLUMN`] if full, else the
/// negation of its child's [`score`] (its children searched on the engine's threads).
fn columns(engine: &Engine<Position>, position: &Position, weak: bool) -> Vec<i32> {
    let children: Vec<Option<Position>> = (0..WIDTH)
        .map(|column| position.drop_disc(column))
        .collect();
    let open: Vec<Position> = children
        .iter()
        .flatten()
        .filter(|child| child.decided().is_none())
        .copied()
        .collect();
    let searched = if weak {
        engine.values(&open).into_iter().map(sign).collect()
    } else {
        engine.solve_all(&open)
    };
    let mut searched = searched.into_iter();
    children
        .iter()
        .map(|child| match child {
            None => FULL_COLUMN,
            Some(child) => match child.decided() {
                Some(score) => -score,
                None => searched.next().map_or(0, |score| -score),
            },
        })
        .collect()
}
