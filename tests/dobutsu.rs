//! Dōbutsu shōgi (`src/games/dobutsu.rs`) against a reference written separately here, and
//! the full game's table file against the published figures.
//!
//! Where the expectations come from:
//! - A reference solver below that shares no code with the crate: its own board (signed
//!   cells seen from the side to move), move generator, mirror, Tanaka's terminal rule and
//!   a plain retrograde analysis over parent lists. Every position of the variant of lions
//!   and chicks alone (`dobutsu:giraffes=false,elephants=false`; with `--ignored` also the
//!   one without giraffes, 3.2 million positions) is solved by both, the crate's through
//!   `solve_file_from` (the loopy solver, `crates/generate/src/loopy.rs`) into a table
//!   file, and every record must agree, as must the count.
//! - `../shared/fixtures/dobutsu-facts.md` (Tanaka 2009, with the re-solves
//!   clausecker/dobutsu and brianhliou/dobutsu-shogi): 246,803,167 positions, the start a
//!   loss in 78 plies, 76 after the chick capture, the longest decided position 173
//!   plies, the split of wins, losses and draws. Those need the solved file (about 10 minutes
//!   on two cores: `perfect-play solve dobutsu --out dobutsu.table --memory 7G`): the test runs
//!   when `DOBUTSU_TABLE` gives its path and says it is skipped otherwise. With it, a
//!   seeded sample of the file's positions is checked against the reference's one-ply rule
//!   (each record the best of its children's).
//! - The file reader's hints (`FileTable::with_hints`) against the file's own offsets,
//!   read from its bytes as docs/table-format.md lays them out, and every key's answer
//!   with and without them.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stderr
)] // test code: a panic is a failed test; a skipped test says so

#[path = "common/rng.rs"]
mod rng;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use perfect_play::games::{Dobutsu, Notation};
use perfect_play::{ENDLESS, Game, Record, Value};
use perfect_play_core::family::{Arg, Args, Family};
use perfect_play_generate::{Options, Progress, Summary, solve_file_from};

// --- The reference ------------------------------------------------------------------------

/// Lion, giraffe, elephant, chick, hen: a cell is +kind for the side to move, -kind for
/// the other, 0 empty; row 0 is the top, the side to move plays up from row 3.
const L: i8 = 1;
const G: i8 = 2;
const E: i8 = 3;
const C: i8 = 4;
const H: i8 = 5;

/// A position from the side to move: 12 cells row-major, then the mover's hand and the
/// other's (giraffes, elephants, chicks).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
struct Pos {
    cells: [i8; 12],
    hands: [[u8; 3]; 2],
}

fn deltas(kind: i8) -> &'static [(i8, i8)] {
    const KING: [(i8, i8); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    match kind {
        L => &KING,
        G => &[(-1, 0), (1, 0), (0, -1), (0, 1)],
        E => &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
        C => &[(-1, 0)],
        H => &[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)],
        _ => unreachable!(),
    }
}

/// Cells a piece of the side to move (`up`) or of the other side (`!up`) on `at` reaches.
fn reach(kind: i8, at: usize, up: bool) -> Vec<usize> {
    let (r, c) = ((at / 3) as i8, (at % 3) as i8);
    deltas(kind)
        .iter()
        .map(|&(dr, dc)| {
            if up {
                (r + dr, c + dc)
            } else {
                (r - dr, c - dc)
            }
        })
        .filter(|&(r, c)| (0..4).contains(&r) && (0..3).contains(&c))
        .map(|(r, c)| (r * 3 + c) as usize)
        .collect()
}

impl Pos {
    fn start(giraffes: bool, elephants: bool) -> Pos {
        let g = if giraffes { G } else { 0 };
        let e = if elephants { E } else { 0 };
        Pos {
            cells: [-g, -L, -e, 0, -C, 0, 0, C, 0, e, L, g],
            hands: [[0; 3]; 2],
        }
    }

    /// The same position for the other side to move: turned 180°, signs swapped.
    fn flipped(&self) -> Pos {
        let mut cells = [0; 12];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = -self.cells[11 - i];
        }
        Pos {
            cells,
            hands: [self.hands[1], self.hands[0]],
        }
    }

    fn canonical(&self) -> Pos {
        let mut mirror = *self;
        for r in 0..4 {
            mirror.cells.swap(r * 3, r * 3 + 2);
        }
        (*self).min(mirror)
    }

    /// Tanaka's rule: a win in 1 if the mover can take the other lion, a loss in 0 if the
    /// other lion stands on row 3, else not over.
    fn terminal(&self) -> Option<(Value, u16)> {
        let their_lion = self.cells.iter().position(|&p| p == -L).unwrap();
        for (at, &p) in self.cells.iter().enumerate() {
            if p > 0 && reach(p, at, true).contains(&their_lion) {
                return Some((Value::Win, 1));
            }
        }
        (their_lion / 3 == 3).then_some((Value::Loss, 0))
    }

    /// Every position after a move, from the next mover's side.
    fn children(&self) -> Vec<Pos> {
        let mut out = Vec::new();
        for (at, &p) in self.cells.iter().enumerate() {
            if p <= 0 {
                continue;
            }
            for to in reach(p, at, true) {
                let target = self.cells[to];
                if target > 0 {
                    continue;
                }
                let mut next = *self;
                if target < 0 {
                    let slot = match -target {
                        G => 0,
                        E => 1,
                        C | H => 2,
                        _ => unreachable!("a lion is taken only in a finished position"),
                    };
                    next.hands[0][slot] += 1;
                }
                next.cells[at] = 0;
                next.cells[to] = if p == C && to / 3 == 0 { H } else { p };
                out.push(next.flipped());
            }
        }
        for (slot, kind) in [G, E, C].into_iter().enumerate() {
            if self.hands[0][slot] == 0 {
                continue;
            }
            for to in 0..12 {
                if self.cells[to] == 0 {
                    let mut next = *self;
                    next.hands[0][slot] -= 1;
                    next.cells[to] = kind;
                    out.push(next.flipped());
                }
            }
        }
        out
    }

    /// SFEN with the side to move as the first player (its pieces uppercase).
    fn sfen(&self) -> String {
        let mut s = String::new();
        for r in 0..4 {
            if r > 0 {
                s.push('/');
            }
            let mut empty = 0;
            for c in 0..3 {
                let p = self.cells[r * 3 + c];
                if p == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                let letter = ["", "L", "G", "E", "C", "+C"][p.unsigned_abs() as usize];
                s.push_str(&if p > 0 {
                    letter.to_string()
                } else {
                    letter.to_lowercase()
                });
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
        }
        s.push_str(" b ");
        let mut hand = String::new();
        for (side, held) in self.hands.iter().enumerate() {
            for (n, letter) in held.iter().zip(["G", "E", "C"]) {
                if *n > 1 {
                    hand.push_str(&n.to_string());
                }
                if *n > 0 {
                    hand.push_str(&if side == 0 {
                        letter.to_string()
                    } else {
                        letter.to_lowercase()
                    });
                }
            }
        }
        s.push_str(if hand.is_empty() { "-" } else { &hand });
        s
    }
}

/// Every canonical position reachable from the start with its record (value, remoteness),
/// by a walk and a plain retrograde analysis.
fn reference(giraffes: bool, elephants: bool) -> Vec<(Pos, Value, u16)> {
    let start = Pos::start(giraffes, elephants).canonical();
    let mut index: HashMap<Pos, u32> = HashMap::from([(start, 0)]);
    let mut positions = vec![start];
    let mut kids: Vec<Vec<u32>> = Vec::new();
    let mut i = 0;
    while i < positions.len() {
        let p = positions[i];
        let mut mine = Vec::new();
        if p.terminal().is_none() {
            for child in p.children() {
                let child = child.canonical();
                let next = positions.len() as u32;
                let k = *index.entry(child).or_insert_with(|| {
                    positions.push(child);
                    next
                });
                mine.push(k);
            }
        }
        kids.push(mine);
        i += 1;
    }
    let n = positions.len();
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (p, ks) in kids.iter().enumerate() {
        for &k in ks {
            parents[k as usize].push(p as u32);
        }
    }
    let mut record: Vec<Option<(Value, u16)>> = positions.iter().map(Pos::terminal).collect();
    let mut left: Vec<usize> = kids.iter().map(Vec::len).collect();
    // Settled in order of remoteness: a queue per level.
    let mut levels: Vec<Vec<u32>> = vec![Vec::new(); 2];
    for (i, r) in record.iter().enumerate() {
        if let Some((_, d)) = r {
            levels[*d as usize].push(i as u32);
        }
    }
    let mut d = 0;
    while d < levels.len() {
        let level = std::mem::take(&mut levels[d]);
        for &child in &level {
            let (value, _) = record[child as usize].unwrap();
            for &parent in &parents[child as usize] {
                let parent = parent as usize;
                if record[parent].is_some() {
                    continue;
                }
                let settled = match value {
                    Value::Loss => Some(Value::Win),
                    Value::Win => {
                        left[parent] -= 1;
                        (left[parent] == 0).then_some(Value::Loss)
                    }
                    Value::Draw => None,
                };
                if let Some(v) = settled {
                    record[parent] = Some((v, d as u16 + 1));
                    if levels.len() <= d + 1 {
                        levels.push(Vec::new());
                    }
                    levels[d + 1].push(parent as u32);
                }
            }
        }
        d += 1;
    }
    positions
        .into_iter()
        .zip(record)
        .map(|(p, r)| {
            let (v, d) = r.unwrap_or((Value::Draw, ENDLESS));
            (p, v, d)
        })
        .collect()
}

// --- The checks ---------------------------------------------------------------------------

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "perfect-play-dobutsu-{}-{test}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn quiet(_: Progress) {}

/// The family at `giraffes`, `elephants`.
fn variant(giraffes: bool, elephants: bool) -> Dobutsu {
    let args = Args::defaults(Dobutsu::PARAMS)
        .with(0, Arg::Bool(giraffes))
        .with(1, Arg::Bool(elephants));
    Dobutsu::at(&args).unwrap()
}

/// Solves the variant `start` into the file `path` with the crate's loopy solver, on two
/// threads within 1 GiB.
fn solve_variant(start: Dobutsu, path: &Path) -> Summary {
    let options = Options {
        threads: 2,
        memory: 1 << 30,
        progress: &quiet,
    };
    solve_file_from(&start.sized().to_string(), start, path, &options).unwrap()
}

/// Solves the variant into a file with the crate's loopy solver and checks every position
/// the reference finds, and the count; returns the count.
fn agrees_with_the_reference(giraffes: bool, elephants: bool, test: &str) -> usize {
    let dir = scratch(test);
    let path = dir.join("variant.table");
    let start = variant(giraffes, elephants);
    let name = start.sized().to_string();
    let summary = solve_variant(start, &path);
    let expected = reference(giraffes, elephants);
    assert_eq!(summary.positions, expected.len() as u64, "positions");
    let table = perfect_play::file::open_at(&path, &name, &start).unwrap();
    for (position, value, remoteness) in &expected {
        let text = position.sfen();
        let ours = start.parse_at(&text).unwrap();
        assert_eq!(ours.to_string(), text, "the notation round-trips");
        assert_eq!(ours.unreachable_reason(), None, "{text}");
        assert_eq!(
            table.probe(&ours),
            Some(Record {
                value: *value,
                remoteness: *remoteness
            }),
            "{text}"
        );
    }
    let decided = expected
        .iter()
        .filter(|(_, v, _)| *v != Value::Draw)
        .count();
    eprintln!(
        "{name}: {} positions, {decided} decided, start {}",
        expected.len(),
        summary.start
    );
    let _ = std::fs::remove_dir_all(&dir);
    expected.len()
}

/// Lions and chicks alone: drops, promotion, tries and repetition, in every `cargo test`.
#[test]
fn lions_and_chicks_agree_with_the_reference_on_every_position() {
    let n = agrees_with_the_reference(false, false, "chicks");
    assert!(n > 1_000, "{n} positions");
}

/// The hints a lone probe guesses its bucket's lines by (`FileTable::with_hints`), on
/// the file of lions and chicks, whose keys spread evenly: the file's reader makes them
/// and uses them (the margin is finite); each mark is the file's own offset of every
/// `HINT_SPAN`-th bucket, read here from the bytes as docs/table-format.md lays them out;
/// and every key answers the same through the hints, without them, and through hints of
/// seeded junk (a hint is a guess of where to look, never an answer).
#[test]
fn a_probe_guided_by_hints_answers_as_one_without() {
    use perfect_play_core::file::{FileTable, HINT_SPAN};
    let dir = scratch("hints");
    let path = dir.join("variant.table");
    solve_variant(variant(false, false), &path);
    let hinted = perfect_play::file::open_any(&path).unwrap();
    let bytes: &'static [u8] = Box::leak(std::fs::read(&path).unwrap().into_boxed_slice());
    let plain = FileTable::parse(bytes).unwrap();

    let mut hints = vec![0; plain.hints_len()];
    assert!(plain.fill_hints(&mut hints));
    assert!(
        !plain.fill_hints(&mut vec![0; plain.hints_len() - 1]),
        "too short"
    );
    assert_eq!(plain.tiers(), 1);
    let block = hints[0] as usize;
    let tier = plain.tier_at(0).unwrap();
    assert!(
        tier.split.buckets >= 4 * HINT_SPAN,
        "{} buckets: too few to test",
        tier.split.buckets
    );
    assert!(
        hints[block] < 128,
        "the margin {}: the hints unused",
        hints[block]
    );
    let offset = |bucket: u64| {
        let at = tier.offset as usize + 4 * bucket as usize;
        u64::from(u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()))
    };
    let marks = &hints[block + 1..];
    assert_eq!(
        marks.len() as u64,
        tier.split.buckets.div_ceil(HINT_SPAN) + 1
    );
    for (j, &mark) in marks.iter().enumerate() {
        let bucket = (j as u64 * HINT_SPAN).min(tier.split.buckets);
        assert_eq!(u64::from(mark), offset(bucket), "mark {j}");
    }

    let mut random = rng::Rng(0x4149_4e54_5345_4544);
    // Junk where the tier's block starts, then junk within its block, small numbers
    // for the margin so that the guesses are followed.
    let junk: Vec<u32> = (0..hints.len()).map(|_| random.next() as u32).collect();
    let mut junk_block = junk.clone();
    junk_block[0] = hints[0];
    junk_block[block] = 40;
    let junked = plain.with_hints(Box::leak(junk.into_boxed_slice()));
    let junk_blocked = plain.with_hints(Box::leak(junk_block.into_boxed_slice()));
    let mut keys = 0;
    for (t, key, record) in plain.iter() {
        assert_eq!(hinted.get(t, key), Some(record), "key {key}");
        assert_eq!(junked.get(t, key), Some(record), "key {key}");
        assert_eq!(junk_blocked.get(t, key), Some(record), "key {key}");
        assert_eq!(plain.get(t, key), Some(record), "key {key}");
        // A key the file does not hold: none of the three finds it.
        let absent = key ^ 1 << 30;
        let expected = plain.get(t, absent);
        assert_eq!(hinted.get(t, absent), expected);
        assert_eq!(junked.get(t, absent), expected);
        assert_eq!(junk_blocked.get(t, absent), expected);
        keys += 1;
    }
    assert!(keys > 1_000, "{keys} keys");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without giraffes: 3,202,071 positions, a few minutes in the test profile; run with
/// `cargo test --features file --test dobutsu -- --ignored`.
#[test]
#[ignore = "3.2 million positions: minutes; run with --ignored"]
fn the_variant_without_giraffes_agrees_with_the_reference_on_every_position() {
    assert_eq!(
        agrees_with_the_reference(false, true, "giraffes"),
        3_202_071
    );
}

/// The moves of the start as the notation writes them, and a drop and a promotion.
#[test]
fn the_notation_reads_and_writes_usi_moves() {
    let start = Dobutsu::start();
    assert_eq!(start.to_string(), "gle/1c1/1C1/ELG b -");
    assert_eq!("gle/1c1/1C1/ELG b - 1".parse::<Dobutsu>().unwrap(), start);
    let mut moves = Vec::new();
    start.moves(&mut |mv, _| moves.push(perfect_play::games::ShowMove::<Dobutsu>(mv).to_string()));
    moves.sort();
    assert_eq!(moves, ["1d1c", "2c2b", "2d1c", "2d3c"]);
    let after = start.play(Dobutsu::parse_move("2c2b").unwrap()).unwrap();
    assert_eq!(after.to_string(), "gle/1C1/3/ELG w C");
    // A drop, read back.
    let drop = Dobutsu::parse_move("C*2c").unwrap();
    let mut written = String::new();
    Dobutsu::write_move(drop, &mut written).unwrap();
    assert_eq!(written, "C*2c");
    assert!(
        Dobutsu::parse_move("L*2c").is_err(),
        "a lion is never in hand"
    );
    assert!(Dobutsu::parse_move("4a1b").is_err());
}

#[test]
fn positions_no_game_reaches_say_why() {
    for (text, why) in [
        ("gle/1c1/1C1/ELL b -", "two lions for one side"),
        ("gle/1c1/1C1/EGG b -", "a side has no lion"),
        ("gle/1c1/1C1/ELG b G", "more giraffes than the game has"),
        (
            "gle/3/1C1/ELG b -",
            "fewer chicks and hens than the game has",
        ),
        (
            "gLe/1c1/1C1/ElG w -",
            "the side to move's lion stands on the far row: the try ended the game",
        ),
    ] {
        let position: Dobutsu = text.parse().unwrap();
        assert_eq!(position.unreachable_reason(), Some(why), "{text}");
    }
    for bad in [
        "gle/1c1/1C1/EL b -",
        "gle/1c1/1C1/ELG x -",
        "gle/1c1/1C1/ELG b Q",
        "gle/1c1/1C1/ELG",
    ] {
        assert!(bad.parse::<Dobutsu>().is_err(), "{bad}");
    }
}

/// The published figures, from the solved file (`DOBUTSU_TABLE`).
#[test]
fn the_full_game_matches_tanakas_figures() {
    let Some(path) = std::env::var_os("DOBUTSU_TABLE") else {
        eprintln!(
            "skipped: set DOBUTSU_TABLE to a file solved by \
             `perfect-play solve dobutsu --out dobutsu.table --memory 7G`"
        );
        return;
    };
    let path = Path::new(&path);
    let start = Dobutsu::start();
    let name = start.sized().to_string();
    let table = perfect_play::file::open_at(path, &name, &start).unwrap();
    assert_eq!(table.len(), 246_803_167, "positions (Tanaka)");
    let at_start = table.probe(&start).unwrap();
    assert_eq!(
        at_start,
        Record {
            value: Value::Loss,
            remoteness: 78
        }
    );
    // The first moves: the chick capture loses in 76, the other three in 78 (for the
    // first player: wins in 77 and 75 for the second).
    start.moves(&mut |mv, child| {
        let r = table.probe(&child).unwrap();
        let text = perfect_play::games::ShowMove::<Dobutsu>(mv).to_string();
        let plies = if text == "2c2b" { 75 } else { 77 };
        assert_eq!(
            r,
            Record {
                value: Value::Win,
                remoteness: plies
            },
            "{text}"
        );
    });
    // The split, and the longest decided position, over every key of the file.
    let size = start;
    let (mut wins, mut losses, mut draws, mut longest) = (0u64, 0u64, 0u64, 0u16);
    let (mut open_wins, mut open_losses, mut open_draws) = (0u64, 0u64, 0u64);
    let mut rng = rng::Rng(0x5eed_d0b0_7500_0001);
    let mut sampled = 0;
    let entries = table.table();
    for (key, entry) in entries.entries() {
        let record = entries.record(entry).unwrap();
        let p = size.at_key(key).unwrap();
        let open = p.finished().is_none();
        match record.value {
            Value::Win => {
                wins += 1;
                open_wins += u64::from(open);
            }
            Value::Loss => {
                losses += 1;
                open_losses += u64::from(open);
            }
            Value::Draw => {
                draws += 1;
                open_draws += u64::from(open);
            }
        }
        if record.remoteness != ENDLESS {
            longest = longest.max(record.remoteness);
        }
        // A seeded sample: each record is the best of its children's (the reference's
        // rule, one ply at a time).
        if rng.next() % 20_000 == 0 {
            sampled += 1;
            let text = p.to_string();
            let mine = Pos::from_ours(&p);
            assert_eq!(mine.sfen(), text);
            match mine.terminal() {
                Some((value, d)) => assert_eq!(
                    record,
                    Record {
                        value,
                        remoteness: d
                    },
                    "{text}"
                ),
                None => {
                    let best = mine
                        .children()
                        .into_iter()
                        .map(|c| {
                            let ours = size.parse_at(&c.sfen()).unwrap();
                            table.probe(&ours).unwrap().before_move()
                        })
                        .max_by_key(|r| r.rank())
                        .unwrap();
                    assert_eq!(record, best, "{text}");
                }
            }
        }
    }
    eprintln!("sampled {sampled} positions against their children");
    assert_eq!((wins, losses, draws), (196_773_087, 47_347_380, 2_682_700));
    assert_eq!(
        (open_wins, open_draws, open_losses),
        (56_474_473, 2_682_700, 40_328_395)
    );
    assert_eq!(longest, 173, "the longest decided position");
}

impl Pos {
    /// The reference's position from the crate's (first player to move).
    fn from_ours(p: &Dobutsu) -> Pos {
        let text = p.to_string();
        let mut cells = [0i8; 12];
        let (board, rest) = text.split_once(' ').unwrap();
        let mut at = 0;
        let mut promoted = false;
        for c in board.chars() {
            match c {
                '/' => {}
                '+' => promoted = true,
                '1'..='3' => at += c as usize - '0' as usize,
                _ => {
                    let kind = match c.to_ascii_uppercase() {
                        'L' => L,
                        'G' => G,
                        'E' => E,
                        'C' if promoted => H,
                        _ => C,
                    };
                    promoted = false;
                    cells[at] = if c.is_ascii_uppercase() { kind } else { -kind };
                    at += 1;
                }
            }
        }
        assert!(rest.starts_with('b'), "{text}");
        let mut hands = [[0u8; 3]; 2];
        let mut count = 1;
        for c in rest[2..].chars() {
            if let Some(d) = c.to_digit(10) {
                count = d as u8;
                continue;
            }
            let slot = match c.to_ascii_uppercase() {
                'G' => 0,
                'E' => 1,
                'C' => 2,
                _ => continue,
            };
            hands[usize::from(c.is_ascii_lowercase())][slot] = count;
            count = 1;
        }
        Pos { cells, hands }
    }
}

/// A solve stopped in a phase resumes after the last finished one (the walk's keys, then
/// the records kept in `FILE.parts/`), and gives the same bytes as one run through, at one
/// thread or two.
#[test]
fn a_stopped_loopy_solve_resumes_by_phase_and_gives_the_same_file() {
    use perfect_play_generate::Phase;
    use std::sync::atomic::{AtomicU8, Ordering};

    let dir = scratch("resume");
    let start = variant(false, false);
    let name = start.sized().to_string();
    let whole = dir.join("whole.table");
    // What a run through reports, in order: the walk's count (complete at its end), the
    // keys' sort, the solve's steps, the file's writing; no stretch without a phase.
    static SEEN: std::sync::Mutex<Vec<Progress>> = std::sync::Mutex::new(Vec::new());
    fn record(progress: Progress) {
        SEEN.lock().unwrap().push(progress);
    }
    let one_thread = Options {
        threads: 1,
        memory: 1 << 30,
        progress: &record,
    };
    let summary = solve_file_from(&name, start, &whole, &one_thread).unwrap();
    assert_eq!(summary.resumed, 0);
    let seen = SEEN.lock().unwrap().clone();
    let mut phases: Vec<Phase> = seen.iter().map(|p| p.phase).collect();
    phases.dedup();
    assert_eq!(
        phases,
        [Phase::Walk, Phase::Sort, Phase::Step, Phase::Write],
        "{seen:?}"
    );
    let walked = seen.iter().rfind(|p| p.phase == Phase::Walk).unwrap();
    assert_eq!(
        (walked.done, walked.total),
        (summary.positions, Some(summary.positions))
    );
    let whole = std::fs::read(&whole).unwrap();

    // 0: stop at the solve; 1: stop at the file's writing; 2: go on.
    static STOP: AtomicU8 = AtomicU8::new(0);
    fn stop(progress: Progress) {
        let at = match progress.phase {
            Phase::Step => 0,
            Phase::Write => 1,
            _ => return,
        };
        if STOP.load(Ordering::SeqCst) == at {
            panic!("stopped, as a killed process stops");
        }
    }
    let stopping = Options {
        threads: 2,
        memory: 1 << 30,
        progress: &stop,
    };
    let path = dir.join("stopped.table");
    for (phase, kept) in [(0, 0), (1, 1)] {
        STOP.store(phase, Ordering::SeqCst);
        let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            solve_file_from(&name, start, &path, &stopping)
        }));
        assert!(stopped.is_err(), "stopped in phase {phase}");
        assert!(!path.exists(), "no file under the final name");
        let parts = std::fs::read_dir(dir.join("stopped.table.parts"))
            .unwrap()
            .count();
        assert_eq!(
            parts,
            2 + kept,
            "the stamp, the walk's keys, then the records"
        );
    }
    STOP.store(2, Ordering::SeqCst);
    let summary = solve_file_from(&name, start, &path, &stopping).unwrap();
    assert_eq!(summary.resumed, 2, "the walk and the solve kept");
    assert!(std::fs::read(&path).unwrap() == whole, "the same bytes");
    assert!(!dir.join("stopped.table.parts").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
