//! Tic-tac-toe until `src/games/list.rs` registers it: the registry's visitor does not know
//! it yet, so what the registry would do with it is done here, in one place, each reached
//! from one line of the generic command (`None` from `games::visit`). Deleted when
//! tic-tac-toe is registered (issue 20): then `games::visit("tictactoe", ..)` answers it
//! like every game, through the same drawing, game loop and shapes.

use std::fmt::Write as _;
use std::io;

use perfect_play::games::tictactoe::{Board, Outcome, Player, Position};

use crate::draw::{
    BEST_DRAW, BEST_LOSS, BEST_WIN, BOLD, DIM, DRAW, LOSS, NARROW, O_MARK, Paint, WIDE, WIN,
    X_MARK, grid,
};
use crate::messages::NoGame;
use crate::play::{Command, Session, Stop, command};
use crate::review;

/// Tic-tac-toe's start position in its notation.
pub const START: &str = ".........";

/// Tic-tac-toe's sides, the first to move first.
pub const SIDES: [&str; 2] = ["x", "o"];

/// `analyze`'s drawing of a tic-tac-toe board, or what is wrong with the text.
pub fn analysis(text: &[u8], paint: Paint) -> Result<String, String> {
    let board = match Board::from_ascii(text) {
        Ok(board) => board,
        Err(error) => {
            let boards = text
                .split(|&byte| byte == b'\n')
                .filter(|line| Board::from_ascii(line).is_ok())
                .count();
            return Err(if boards > 1 {
                format!(
                    "analyze takes one board, but the input holds {boards}; for many boards, use `perfect-play outcome --json`"
                )
            } else {
                format!("not a board: {error}")
            });
        }
    };
    let position = board.lookup().map_err(|why| NoGame(why).to_string())?;
    Ok(board_analysis(position, paint))
}

/// `play`'s game of tic-tac-toe, the person playing `side`.
pub fn play<R: io::Read>(side: &str, session: &mut Session<R>) -> Result<(), Stop> {
    match side {
        "x" | "first" => game(Player::X, session),
        "o" | "second" => game(Player::O, session),
        _ => Err(Stop::Usage(format!(
            "tictactoe has no side `{side}`: play x or o (or first or second)"
        ))),
    }
}

/// The style of a player's mark.
fn mark_style(player: Player) -> &'static str {
    match player {
        Player::X => X_MARK,
        Player::O => O_MARK,
    }
}

/// A cell's mark as drawn, or `None` for an empty cell.
fn mark(board: Board, cell: u8) -> Option<(String, &'static str)> {
    board
        .at(cell)
        .map(|player| (player.symbol().to_string(), mark_style(player)))
}

/// The board with empty cells numbered 1-9, as `play` shows it.
fn numbered(board: Board, paint: Paint) -> String {
    let cells = std::array::from_fn(|cell| {
        let cell = cell as u8;
        mark(board, cell).unwrap_or_else(|| ((cell + 1).to_string(), DIM))
    });
    let mut out = String::new();
    grid(&mut out, paint, NARROW, &cells);
    out
}

/// What playing `cell` leads to for the player to move, as drawn: `win N`, `draw N` or
/// `loss N` (N the plies left after the move, the move included), `*` when optimal.
fn annotation(position: Position, cell: u8, mover: Player) -> Option<(String, &'static str)> {
    let after = position.play(cell).ok()?;
    let plies = u32::from(after.plies()) + 1;
    let optimal = position.best_moves().contains(cell);
    let star = if optimal { "*" } else { "" };
    // The number a person types for the cell (1-9), then what it leads to.
    let number = cell + 1;
    Some(match after.outcome() {
        Outcome::Win(winner) if winner == mover => (
            format!("{number}: win {plies}{star}"),
            if optimal { BEST_WIN } else { WIN },
        ),
        Outcome::Win(_) => (
            format!("{number}: loss {plies}{star}"),
            if optimal { BEST_LOSS } else { LOSS },
        ),
        Outcome::Draw => (
            format!("{number}: draw {plies}{star}"),
            if optimal { BEST_DRAW } else { DRAW },
        ),
    })
}

/// The full analysis of a position: a headline, the board with every empty cell marked
/// with what playing there leads to, and a legend.
fn board_analysis(position: Position, paint: Paint) -> String {
    let board = position.board();
    let mut out = String::new();
    let Some(mover) = position.to_move() else {
        let verdict = match position.three_in_a_row() {
            Some(winner) => format!("{} has three in a row", winner.symbol()),
            None => "the board is full, a draw".to_owned(),
        };
        paint.push(&mut out, &format!("Game over: {verdict}."), BOLD);
        out.push_str("\n\n");
        let cells = std::array::from_fn(|cell| {
            mark(board, cell as u8).unwrap_or_else(|| (String::new(), ""))
        });
        grid(&mut out, paint, NARROW, &cells);
        return out;
    };
    let plies = position.plies();
    let unit = if plies == 1 { "ply" } else { "plies" };
    let result = match position.outcome() {
        Outcome::Win(winner) => format!("{} wins in {plies} {unit}", winner.symbol()),
        Outcome::Draw => format!("a draw ({plies} {unit} to a full board)"),
    };
    paint.push(
        &mut out,
        &format!("{} to move. With perfect play: {result}.", mover.symbol()),
        BOLD,
    );
    out.push_str("\n\n");
    let cells = std::array::from_fn(|cell| {
        let cell = cell as u8;
        mark(board, cell)
            .or_else(|| annotation(position, cell, mover))
            .unwrap_or_else(|| (String::new(), ""))
    });
    grid(&mut out, paint, WIDE, &cells);
    let _ = write!(
        out,
        "\nEach empty cell: its number (1-9, as `play` takes it), then what playing there leads to\nfor {} (N = plies to the end, this move included). ",
        mover.symbol()
    );
    paint.push(&mut out, "*", BOLD);
    out.push_str(" marks the optimal moves.\n");
    out
}

/// The game loop of tic-tac-toe, `human` against the table.
fn game<R: io::Read>(human: Player, s: &mut Session<R>) -> Result<(), Stop> {
    let table = human.other();
    s.say(format_args!(
        "You play {}; the table plays {} (x moves first). Enter a cell 1-9, `hint` or `quit`.\n\n",
        human.symbol(),
        table.symbol()
    ))?;
    let mut position = Position::START;
    let mut steps = Vec::new();
    s.say(numbered(position.board(), s.paint))?;
    while let Some(mover) = position.to_move() {
        if mover == table {
            // The table's move: at the level asked for, or the first of its optimal moves.
            let chosen = match s.level {
                Some(level) => position.pick(level, &mut s.random),
                None => position.best_move(),
            };
            let Some((cell, after)) =
                chosen.and_then(|cell| Some((cell, position.play(cell).ok()?)))
            else {
                break;
            };
            steps.extend(review::tictactoe_step(position, cell, after));
            position = after;
            s.say(format_args!("\n{} plays {}.\n\n", table.symbol(), cell + 1))?;
            s.say(numbered(position.board(), s.paint))?;
            continue;
        }
        let Some(line) = s.ask(format_args!("\nYour move ({}): ", human.symbol()))? else {
            return Ok(());
        };
        match command(&line) {
            Command::Cell(cell) => match position.play(cell) {
                Ok(after) => {
                    steps.extend(review::tictactoe_step(position, cell, after));
                    position = after;
                    s.say("\n")?;
                    s.say(numbered(position.board(), s.paint))?;
                }
                // The only move `play` refuses here: the game goes on and the cell is 0..9.
                Err(_) => s.say(format_args!(
                    "Cell {} is taken: pick an empty cell.\n",
                    cell + 1
                ))?,
            },
            Command::Hint => {
                s.say("\n")?;
                s.say(board_analysis(position, s.paint))?;
            }
            Command::Quit => {
                s.say("Game abandoned.\n")?;
                return Ok(());
            }
            Command::Unknown => s.say("Enter a cell 1-9, `hint` or `quit`.\n")?,
        }
    }
    let winner = position.outcome().winner();
    s.result(
        winner.map(Player::symbol).map(|c| c.to_string()).as_deref(),
        winner == Some(human),
    )?;
    s.say(format_args!(
        "\n{}",
        review::text(&review::tictactoe_start(), &steps)
    ))
}
