//! The line that ended a game, as the dynamic handle answers it (`winning_line` of an
//! analysis, from each game's own `Notation::winning_line`), against references written
//! plainly here, which share no code with the crate.
//!
//! Where the expectations come from:
//! - Tic-tac-toe and misère tic-tac-toe, on every one of the 3^9 boards that the handle
//!   answers: the eight lines of three listed by hand (three rows, three columns, two
//!   diagonals); a finished board has a line exactly when one of the eight is all one
//!   player's, and the handle's line is that one, of the player who moved last; in
//!   tic-tac-toe that player won, in misère the other did. The words name the line as a
//!   person would ("top row", "column 2", a corner to a corner), checked by hand for each
//!   of the eight.
//! - Hex: see `hex_chains_join_the_edges`.
//! - Connect Four on 4x4 and the family at 4x5 and at 3x5 with three in a row, and m,n,k at
//!   4,3,3 and 4,4,4: games played at random from a fixed seed to their end; a line is `k`
//!   (`x_in_row`) or more of one player's pieces, each the next's neighbour in one
//!   direction, found by a plain scan of every cell and direction.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

use perfect_play::Level;
use perfect_play::dynamic::DynGame;
use perfect_play::games;

/// The eight lines of three, cells 0-8 row-major, with the words for each.
const LINES: [([u16; 3], &str); 8] = [
    ([0, 1, 2], "three in a row, top row"),
    ([3, 4, 5], "three in a row, row 2 from the top"),
    ([6, 7, 8], "three in a row, bottom row"),
    ([0, 3, 6], "three in a row, column 1"),
    ([1, 4, 7], "three in a row, column 2"),
    ([2, 5, 8], "three in a row, column 3"),
    (
        [0, 4, 8],
        "three in a row, diagonal from the top left corner to the bottom right corner",
    ),
    (
        [2, 4, 6],
        "three in a row, diagonal from the top right corner to the bottom left corner",
    ),
];

/// Every board of nine cells, as text.
fn boards() -> impl Iterator<Item = String> {
    (0..19_683u32).map(|mut code| {
        (0..9)
            .map(|_| {
                let cell = ['.', 'x', 'o'][(code % 3) as usize];
                code /= 3;
                cell
            })
            .collect()
    })
}

fn check_three(game: &dyn DynGame, misere: bool) {
    let (mut lines, mut answered) = (0, 0);
    for board in boards() {
        let Ok(analysis) = game.analyze(&board) else {
            continue;
        };
        answered += 1;
        let cells: Vec<char> = board.chars().collect();
        let xs = cells.iter().filter(|&&c| c == 'x').count();
        let os = cells.iter().filter(|&&c| c == 'o').count();
        let last = if xs > os { 'x' } else { 'o' };
        let other = if last == 'x' { 'o' } else { 'x' };
        let made: Vec<&([u16; 3], &str)> = LINES
            .iter()
            .filter(|(line, _)| line.iter().all(|&cell| cells[usize::from(cell)] == last))
            .collect();
        match &analysis.winning_line {
            None => assert!(made.is_empty(), "{board}: no line answered, but {made:?}"),
            Some(line) => {
                lines += 1;
                let (_, words) = made
                    .iter()
                    .find(|(cells, _)| line.cells == cells)
                    .unwrap_or_else(|| panic!("{board}: {:?} is not a line of {last}", line.cells));
                let winner = if misere { other } else { last };
                let expected = if misere {
                    format!("{winner} won: {last} made {words}")
                } else {
                    format!("{winner} won: {words}")
                };
                assert_eq!(line.sentence, expected, "{board}");
                assert!(analysis.probe.finished, "{board}");
            }
        }
    }
    assert_eq!(answered, 5478, "every reachable board is answered");
    // Boards won on a line: 626 x wins + 316 o wins (the published count of tic-tac-toe's
    // 958 terminal positions less the 16 full boards drawn).
    assert_eq!(lines, 942);
}

#[test]
fn tictactoe_lines_are_the_eight_lines_of_three() {
    check_three(&*games::open("tictactoe").unwrap(), false);
}

#[test]
fn misere_lines_are_the_losers() {
    check_three(&*games::open("misere").unwrap(), true);
}

/// The end of a game played at random (an xorshift from `seed`) through the handle.
fn random_game(game: &dyn DynGame, seed: &mut u32) -> String {
    let mut position = game.about().start.clone();
    let mut random = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 17;
        *seed ^= *seed << 5;
        *seed
    };
    while let Some(mv) = game.pick(&position, Level::Random, &mut random).unwrap() {
        position = game.play(&position, &mv).unwrap();
    }
    position
}

/// A plain scan: the longest run of `piece` on a `width`-column board, as its cells.
fn longest_run(cells: &[char], width: usize, piece: char) -> Vec<u16> {
    let height = cells.len() / width;
    let at = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < height
            && (c as usize) < width
            && cells[r as usize * width + c as usize] == piece
    };
    let mut best = Vec::new();
    for r in 0..height as isize {
        for c in 0..width as isize {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                if !at(r, c) || at(r - dr, c - dc) {
                    continue;
                }
                let run: Vec<u16> = (0..)
                    .take_while(|&i| at(r + i * dr, c + i * dc))
                    .map(|i| ((r + i * dr) as usize * width + (c + i * dc) as usize) as u16)
                    .collect();
                if run.len() > best.len() {
                    best = run;
                }
            }
        }
    }
    best
}

#[test]
fn connect_four_and_mnk_lines_are_k_in_a_row() {
    let mut won = 0;
    for name in [
        "connect4-4x4",
        "connect-four:rows=4,columns=5",
        "connect-four:rows=3,columns=5,x_in_row=3",
    ] {
        let Ok(game) = games::open(name) else {
            panic!("{name} opens");
        };
        let width = game.about().width;
        let k = if name.contains("x_in_row=3") || name.contains("k=3") {
            3
        } else {
            4
        };
        let mut seed = 92_345u32;
        for _ in 0..40 {
            let position = random_game(&*game, &mut seed);
            let analysis = game.analyze(&position).unwrap();
            let cells: String = position.split(' ').next().unwrap().replace('/', "");
            let cells: Vec<char> = cells.chars().collect();
            let last = if cells.iter().filter(|&&c| c == 'x').count()
                > cells.iter().filter(|&&c| c == 'o').count()
            {
                'x'
            } else {
                'o'
            };
            let run = longest_run(&cells, width, last);
            match &analysis.winning_line {
                Some(line) => {
                    won += 1;
                    assert_eq!(line.cells, run, "{name} {position}");
                    assert!(
                        line.sentence.starts_with(&format!("{last} won: ")),
                        "{}",
                        line.sentence
                    );
                }
                None => assert!(run.len() < k, "{name} {position}: {run:?} not answered"),
            }
        }
    }
    assert!(won > 60, "many random games are won: {won}");
}

/// Hex (`hex:rows=3,columns=3` and `hex:rows=3,columns=4`), games played at random to their
/// end: the chain is the last mover's stones, each touching the next by the rules' six
/// neighbours (left, right, up, up-right, down, down-left: Hex's rules text), from one of
/// its edges to the other (top and bottom rows for x, left and right columns for o).
#[test]
fn hex_chains_join_the_edges() {
    for name in ["hex:rows=3,columns=3", "hex:rows=3,columns=4"] {
        let game = games::open(name).unwrap();
        let (width, height) = (game.about().width, game.about().height);
        let mut seed = 7682u32;
        for _ in 0..30 {
            let position = random_game(&*game, &mut seed);
            let analysis = game.analyze(&position).unwrap();
            let cells: Vec<char> = position.replace('/', "").chars().collect();
            let xs = cells.iter().filter(|&&c| c == 'x').count();
            let last = if xs > cells.len() - xs - cells.iter().filter(|&&c| c == '.').count() {
                'x'
            } else {
                'o'
            };
            let line = analysis.winning_line.expect("every game of Hex is won");
            let chain: Vec<usize> = line.cells.iter().map(|&c| usize::from(c)).collect();
            assert!(
                chain.iter().all(|&c| cells[c] == last),
                "{position} {chain:?}"
            );
            for pair in chain.windows(2) {
                let (r0, c0) = ((pair[0] / width) as i32, (pair[0] % width) as i32);
                let (r1, c1) = ((pair[1] / width) as i32, (pair[1] % width) as i32);
                let step = (r1 - r0, c1 - c0);
                assert!(
                    [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, -1)].contains(&step),
                    "{position} {chain:?}"
                );
            }
            let (first, end) = (chain[0], chain[chain.len() - 1]);
            let edges = if last == 'x' {
                let rows = [first / width, end / width];
                rows.contains(&0) && rows.contains(&(height - 1))
            } else {
                let columns = [first % width, end % width];
                columns.contains(&0) && columns.contains(&(width - 1))
            };
            assert!(edges, "{position} {chain:?}");
            let joins = if last == 'x' {
                "the top and bottom rows"
            } else {
                "the left and right columns"
            };
            assert_eq!(
                line.sentence,
                format!("{last} won: a chain of {} joining {joins}", chain.len())
            );
        }
    }
}
