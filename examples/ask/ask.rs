//! A Rust program that links perfect-play and asks it about a board.
//!
//! ```text
//! cargo run --example ask -- "xx./oo./..."
//! ```
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stdout,
    clippy::print_stderr
)] // an example: it may panic and print

use std::process::ExitCode;

use perfect_play::games::tictactoe::{Board, Outcome};

fn main() -> ExitCode {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "xo./.x./..o".to_owned());
    let board: Board = match text.parse() {
        Ok(board) => board,
        Err(error) => {
            eprintln!("{text:?} is not a board: {error}");
            return ExitCode::from(2);
        }
    };
    println!("{board:#}\n");

    // One table lookup answers everything, or says why no game reaches the board.
    let position = match board.lookup() {
        Ok(position) => position,
        Err(why) => {
            println!("no legal game reaches this board: {why}");
            return ExitCode::FAILURE;
        }
    };
    match position.to_move() {
        None => println!("the game is finished"),
        Some(player) => println!("{} to move", player.symbol()),
    }
    match position.outcome() {
        Outcome::Win(winner) => println!(
            "{} wins with perfect play, {} plies from here",
            winner.symbol(),
            position.plies()
        ),
        Outcome::Draw => println!("a draw with perfect play"),
    }
    let best: Vec<String> = position
        .best_moves()
        .iter()
        .map(|cell| cell.to_string())
        .collect();
    if !best.is_empty() {
        println!("optimal moves (cells 0-8, row-major): {}", best.join(" "));
    }
    println!(
        "canonical form under the 8 symmetries: {}",
        board.canonical()
    );
    ExitCode::SUCCESS
}
