//! `perfect-play c4solver` against Pascal Pons's `c4solver` (github.com/PascalPons/connect4,
//! `main.cpp`): its input (the columns played, `1` to `7`, one position a line), its
//! output (the line, then the score or with `-a` every column's, -1000 for a full one), its
//! refusal of a line (`Line L: Invalid move M "LINE"` on stderr, a move into a full column,
//! off the board or ending the game), its weak solver's signs.
//!
//! Where the expectations come from:
//! - A plain alpha-beta over an array board written here (no code shared with the crate),
//!   scoring as Pons's solver does (0 a draw; a win `(43 - n) / 2` for the side to move
//!   whose winning disc is the game's `n + 1`-th... that is `22 - d` for its `d`-th disc),
//!   on seeded random positions 30 to 40 plies in, where it is fast.
//! - The start and its moves (the centre wins in 41 plies, the columns beside it draw, the
//!   next ones lose in 42, the outer ones in 40: Allis 1988, John Tromp's Connect Four page,
//!   `../shared/fixtures/connect-four-facts.md`), in Pons's scores: `1`, `-2 -1 0 1 0 -1 -2`.
//! - Pons's own binary, when `PONS_C4SOLVER` names one (built from his repository, outside
//!   this one: AGPL): the same input through both, stdout compared byte for byte (`-a`
//!   too), `-w` by sign, on seeded random positions 16 to 40 plies in (his solver has no
//!   book here, so nothing shallower), and the refused lines' messages.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // test code: a panic is a failed test

mod support;

use support::perfect_play;

const WIDTH: usize = 7;
const HEIGHT: usize = 6;

/// A plain board: `cells[column][row]`, 0 empty, 1 the first player, 2 the second.
#[derive(Clone)]
struct Board {
    cells: [[u8; HEIGHT]; WIDTH],
    heights: [usize; WIDTH],
    plies: usize,
}

impl Board {
    fn new() -> Self {
        Board {
            cells: [[0; HEIGHT]; WIDTH],
            heights: [0; WIDTH],
            plies: 0,
        }
    }

    fn mover(&self) -> u8 {
        1 + (self.plies % 2) as u8
    }

    fn playable(&self, column: usize) -> bool {
        self.heights[column] < HEIGHT
    }

    /// Whether the side to move makes four by playing `column`.
    fn wins(&self, column: usize) -> bool {
        let me = self.mover();
        let (c, r) = (column as i32, self.heights[column] as i32);
        let at = |c: i32, r: i32| {
            (0..WIDTH as i32).contains(&c)
                && (0..HEIGHT as i32).contains(&r)
                && self.cells[c as usize][r as usize] == me
        };
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
            let count = |sign: i32| {
                (1..4)
                    .take_while(|&k| at(c + sign * k * dc, r + sign * k * dr))
                    .count()
            };
            count(1) + count(-1) >= 3
        })
    }

    fn play(&mut self, column: usize) {
        self.cells[column][self.heights[column]] = self.mover();
        self.heights[column] += 1;
        self.plies += 1;
    }

    fn undo(&mut self, column: usize) {
        self.heights[column] -= 1;
        self.cells[column][self.heights[column]] = 0;
        self.plies -= 1;
    }

    /// Pons's score of a win at once.
    fn win_now(&self) -> i32 {
        (43 - self.plies as i32) / 2
    }

    /// The exact score for the side to move, by plain alpha-beta.
    fn score(&mut self) -> i32 {
        self.negamax(-100, 100)
    }

    /// Fail-soft alpha-beta: exact within `(alpha, beta)`, a bound outside it.
    fn negamax(&mut self, mut alpha: i32, beta: i32) -> i32 {
        if self.plies == WIDTH * HEIGHT {
            return 0;
        }
        if (0..WIDTH).any(|c| self.playable(c) && self.wins(c)) {
            return self.win_now();
        }
        let mut best = -100;
        for c in [3, 2, 4, 1, 5, 0, 6] {
            if !self.playable(c) {
                continue;
            }
            self.play(c);
            let score = -self.negamax(-beta, -alpha);
            self.undo(c);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// `-w`'s score: a win at once exactly, else the sign.
    fn weak(&mut self) -> i32 {
        if (0..WIDTH).any(|c| self.playable(c) && self.wins(c)) {
            self.win_now()
        } else {
            self.score().signum()
        }
    }

    /// `-a`'s scores: each column's worth to the side to move.
    fn columns(&mut self, weak: bool) -> Vec<i32> {
        (0..WIDTH)
            .map(|c| {
                if !self.playable(c) {
                    -1000
                } else if self.wins(c) {
                    self.win_now()
                } else {
                    self.play(c);
                    let score = if weak { self.weak() } else { self.score() };
                    self.undo(c);
                    -score
                }
            })
            .collect()
    }
}

/// A small seeded generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A random position of `plies` moves that no move of it ended, as a move string and a
/// board: each move random among those that neither fill a full column nor win.
fn random_position(rng: &mut Rng, plies: usize) -> (String, Board) {
    'again: loop {
        let mut board = Board::new();
        let mut moves = String::new();
        while board.plies < plies {
            let choices: Vec<usize> = (0..WIDTH)
                .filter(|&c| board.playable(c) && !board.wins(c))
                .collect();
            if choices.is_empty() {
                continue 'again;
            }
            let c = choices[(rng.next() % choices.len() as u64) as usize];
            board.play(c);
            moves.push(char::from(b'1' + c as u8));
        }
        return (moves, board);
    }
}

/// What `perfect-play c4solver ARGS` prints for `input`: stdout, stderr; it must exit 0.
fn c4solver(args: &[&str], input: &str) -> (String, String) {
    let out = perfect_play()
        .arg("c4solver")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// The answer lines the plain reference gives `positions`, as `-a`/`-w` ask.
fn reference(positions: &mut [(String, Board)], all: bool, weak: bool) -> String {
    let mut out = String::new();
    for (moves, board) in positions {
        out.push_str(moves);
        let scores = if all {
            board.columns(weak)
        } else if weak {
            vec![board.weak()]
        } else {
            vec![board.score()]
        };
        for score in scores {
            out.push_str(&format!(" {score}"));
        }
        out.push('\n');
    }
    out
}

#[test]
fn scores_match_a_plain_alpha_beta_on_random_positions_late_in_the_game() {
    let mut rng = Rng(0x0c45_0100);
    let mut positions: Vec<(String, Board)> = (0..60)
        .map(|i| random_position(&mut rng, 30 + i % 11))
        .collect();
    let input: String = positions.iter().map(|(m, _)| format!("{m}\n")).collect();
    for (args, all, weak) in [
        (&[][..], false, false),
        (&["-a"][..], true, false),
        (&["-w"][..], false, true),
        (&["-a", "-w"][..], true, true),
    ] {
        let (stdout, stderr) = c4solver(args, &input);
        assert_eq!(stderr, "", "{args:?}");
        let expected = reference(&mut positions, all, weak);
        assert_eq!(stdout, expected, "{args:?}");
        if all {
            assert!(expected.contains(" -1000"), "a full column is among them");
        }
    }
}

#[test]
fn the_start_and_its_moves_are_scored_as_published() {
    // The empty line is the empty board; `4`: the centre played, the second player loses
    // to the first's 21st disc.
    let (stdout, _) = c4solver(&[], "\n4\n3\n");
    assert_eq!(stdout, " 1\n4 -1\n3 0\n");
    let (stdout, _) = c4solver(&["-a"], "\n");
    assert_eq!(stdout, " -2 -1 0 1 0 -1 -2\n");
    let (stdout, _) = c4solver(&["-w"], "\n4\n3\n1\n");
    assert_eq!(stdout, " 1\n4 -1\n3 0\n1 1\n");
}

#[test]
fn a_line_that_is_not_a_position_is_refused_on_stderr_as_pons_does() {
    // Off the board, a full column (the 7th disc of column 4), a move that wins (x's
    // fourth in the bottom row), a carriage return, then a position still answered.
    let mut last = [random_position(&mut Rng(7), 34)];
    let input = format!("8\n4444444\n1122334\n44\r\n0\n{}\n", last[0].0);
    let (stdout, stderr) = c4solver(&[], &input);
    assert_eq!(
        stdout,
        reference(&mut last, false, false),
        "only the position is answered"
    );
    assert_eq!(
        stderr,
        "Line 1: Invalid move 1 \"8\"\n\
         Line 2: Invalid move 7 \"4444444\"\n\
         Line 3: Invalid move 7 \"1122334\"\n\
         Line 4: Invalid move 3 \"44\r\"\n\
         Line 5: Invalid move 1 \"0\"\n"
    );
    // The last line without its newline is still a line, as `getline` reads it.
    let (stdout, _) = c4solver(&[], last[0].0.as_str());
    assert_eq!(stdout, reference(&mut last, false, false));
}

#[test]
fn a_book_it_cannot_read_is_refused_whole_and_its_own_format_is_read() {
    let dir = std::env::temp_dir().join(format!("perfect-play-c4solver-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The head of a book of Pons's format: width, height, depth, key and value sizes,
    // log2 of its size; then entries.
    let pons = dir.join("7x6.book");
    let mut bytes = vec![7u8, 6, 14, 3, 1, 23];
    bytes.extend((0..4096u32).map(|i| (i * 37 % 251) as u8));
    std::fs::write(&pons, &bytes).unwrap();
    let out = perfect_play()
        .arg("c4solver")
        .arg("-b")
        .arg(&pons)
        .write_stdin("4453\n")
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty(), "no line answered");
    assert!(
        stderr.contains("7x6.book: not read: -b takes an opening book of perfect-play's format"),
        "{stderr}"
    );
    // A book of this project's format: the shipped one's bytes.
    let ours = dir.join("ours.book");
    std::fs::copy(
        format!(
            "{}/../src/games/connect4_7x6.book",
            env!("CARGO_MANIFEST_DIR")
        ),
        &ours,
    )
    .unwrap();
    let out = perfect_play()
        .arg("c4solver")
        .arg("-b")
        .arg(&ours)
        .write_stdin("\n4\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), " 1\n4 -1\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// With `PONS_C4SOLVER` naming Pons's binary: both on the same input, byte for byte.
#[test]
fn the_same_bytes_as_pons_c4solver_when_given_its_binary() {
    let Some(pons) = std::env::var_os("PONS_C4SOLVER") else {
        eprintln!("PONS_C4SOLVER not set: Pons's binary not compared (the plain reference is)");
        return;
    };
    let mut rng = Rng(0x9045);
    let positions: Vec<String> = (0..120)
        .map(|i| random_position(&mut rng, 16 + i % 25).0)
        .collect();
    let mut input: String = positions.iter().map(|m| format!("{m}\n")).collect();
    input.push_str("8\n4444444\n1122334\n44\r\n");
    let run_pons = |args: &[&str]| {
        let out = std::process::Command::new(&pons)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().unwrap().write_all(input.as_bytes())?;
                child.wait_with_output()
            })
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let refusals: String = stderr
            .lines()
            .filter(|line| line.starts_with("Line "))
            .map(|line| format!("{line}\n"))
            .collect();
        (String::from_utf8(out.stdout).unwrap(), refusals)
    };
    for args in [&[][..], &["-a"][..]] {
        let (ours, our_refusals) = c4solver(args, &input);
        let (theirs, their_refusals) = run_pons(args);
        assert_eq!(ours, theirs, "{args:?}");
        assert_eq!(our_refusals, their_refusals, "{args:?}");
    }
    // Weak: Pons's magnitudes are whatever its search proved first; the signs agree.
    let signs = |text: &str| -> Vec<i32> {
        text.split_whitespace()
            .enumerate()
            .filter(|(i, _)| i % 2 == 1)
            .map(|(_, s)| s.parse::<i32>().unwrap().signum())
            .collect()
    };
    let (ours, _) = c4solver(&["-w"], &input);
    let (theirs, _) = run_pons(&["-w"]);
    assert_eq!(signs(&ours), signs(&theirs));
}
