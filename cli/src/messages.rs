//! What more than one command says: the message for a board no game reaches, and the
//! pieces of JSON answers.

use std::fmt::{self, Display};
use std::io::Write;

use perfect_play::games::tictactoe::{Outcome, Player, Position, Unreachable};

/// The message for a board no game reaches.
pub struct NoGame(pub Unreachable);

impl Display for NoGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no game reaches this board: {}", self.0)
    }
}

/// `{"board":..,"error":..}` and a line end: the text given (null when there is no one line
/// to show) and why it has no answer.
pub fn json_error(line: &mut Vec<u8>, text: Option<&[u8]>, why: &dyn Display) {
    line.extend_from_slice(b"{\"board\":");
    match text {
        Some(text) => json_string(line, &String::from_utf8_lossy(text)),
        None => line.extend_from_slice(b"null"),
    }
    line.extend_from_slice(b",\"error\":");
    json_string(line, &why.to_string());
    line.extend_from_slice(b"}\n");
}

/// Appends `text` as a JSON string, quoted and escaped.
pub fn json_string(line: &mut Vec<u8>, text: &str) {
    // Serializing a `str` into a `Vec` cannot fail.
    let _ = serde_json::to_writer(line, text);
}

/// A player as JSON: `"x"`, `"o"`, or `null` for nobody.
pub fn player_json(player: Option<Player>) -> &'static str {
    match player {
        Some(Player::X) => "\"x\"",
        Some(Player::O) => "\"o\"",
        None => "null",
    }
}

/// An outcome as JSON spells it: who wins with perfect play, `x` or `o`, or `draw`.
pub fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Player::X) => "x",
        Outcome::Win(Player::O) => "o",
        Outcome::Draw => "draw",
    }
}

/// A position's fields, without the braces around them, as `outcome --json` and the web
/// API both write them:
/// `"board":..,"to_move":..,"finished":..,"winner":..,"outcome":..,"plies":..,"best_moves":[..]`.
pub fn position_fields(line: &mut Vec<u8>, position: Position) {
    // Writing into a Vec cannot fail.
    let _ = write!(
        line,
        "\"board\":\"{}\",\"to_move\":{},\"finished\":{},\"winner\":{},\"outcome\":\"{}\",\"plies\":{},\"best_moves\":[",
        position.board(),
        player_json(position.to_move()),
        position.is_finished(),
        player_json(position.three_in_a_row()),
        outcome_name(position.outcome()),
        position.plies(),
    );
    for (index, cell) in position.best_moves().iter().enumerate() {
        if index > 0 {
            line.push(b',');
        }
        line.push(b'0' + cell);
    }
    line.push(b']');
}
