//! Table files (`perfect_play::file`, written by `perfect-play-generate`'s one writer):
//! what a file answers against the compiled table and against a reference, that the bytes
//! do not depend on the road (the tier solver, the flat solver, the build script's
//! compiled table), the threads or an interrupted solve, and that a damaged, truncated or
//! foreign file is refused.
//!
//! Where the expectations come from:
//! - The compiled Connect Four 4x4 table (`CONNECT4_4X4`), itself checked position by
//!   position against a plain reference solver in `tests/connect4.rs`; here every key of
//!   the 4x4 key space (2^20) is asked of both, so a position no game reaches must be a
//!   miss in the file too.
//! - `tests/common/connect4_reference.rs`, a solver that shares no code with the crate:
//!   the 5x4 file's records of a seeded sample of positions.
//! - `../shared/fixtures/connect-four-facts.md` (John Tromp's table): 161,029 positions on
//!   4x4, a draw; 3,945,711 on 5x4, a draw.
//! - (A family at a size solved into a file and walked against the registry: in
//!   `cli/tests/cli_table_file.rs`, solved by `perfect-play solve`.)
//! - The shipped opening book (`src/games/connect4_7x6.book`), whose records
//!   `tests/connect4_7x6.rs` checks: here only that it is a table file and not a table.
//! - Connect Four's family (`ConnectFour`, its size chosen at run time) solved by tiers:
//!   the same bytes as each fixed-size type's file, and at another line length the same
//!   as the flat solver's (a different solver, which `tests/families.rs` checks against a
//!   reference on every position).
//! - A corridor race (`Corridor`, written here, with an endless side room): its records
//!   from a plain level-by-level retrograde analysis in this file, every position of the
//!   file that packs them one byte by parity and of the misère one that cannot.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stderr
)] // test code: a panic is a failed test; the benchmark-scale sample says its count

#[path = "common/connect4_reference.rs"]
mod reference;
#[path = "common/rng.rs"]
mod rng;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use perfect_play::file::{self, Refusal};
use perfect_play::games::connect4::Connect4;
use perfect_play::games::{self, CONNECT4_4X4, ConnectFour, DODGEM, Dodgem, TypeVisitor};
use perfect_play::{Game, Value};
use perfect_play_core::family::{Args, Family};
use perfect_play_core::file::FormatError;
use perfect_play_generate::{
    FlatLimits, Options, Phase, Progress, flat_file, solve_file, solve_file_from, solve_flat,
    solve_flat_from,
};

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "perfect-play-table-file-{}-{test}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn quiet(_: Progress) {}

fn options(threads: usize) -> Options<'static> {
    Options {
        threads,
        memory: 1 << 30,
        progress: &quiet,
    }
}

/// The 4x4 file, solved tier by tier.
fn solved_4x4(dir: &Path, threads: usize) -> PathBuf {
    let path = dir.join(format!("c44-{threads}.table"));
    let summary = solve_file::<ConnectFour>("connect4-4x4", &path, &options(threads)).unwrap();
    assert_eq!(summary.positions, 161_029, "John Tromp's count");
    assert_eq!(summary.start.value, Value::Draw);
    assert_eq!(summary.tiers.len(), 17);
    path
}

#[test]
fn every_4x4_key_answers_as_the_compiled_table() {
    let dir = scratch("keys");
    let path = solved_4x4(&dir, 2);
    let table = file::open::<ConnectFour>(&path, "connect4-4x4").unwrap();
    // The same file read into memory (huge pages where there are some) answers the same.
    let loaded = file::load::<ConnectFour>(&path, "connect4-4x4").unwrap();
    assert_eq!(table.len(), 161_029);
    assert_eq!(loaded.len(), 161_029);
    let mut found = 0;
    for key in 0..1u64 << 20 {
        let Some(position) = ConnectFour::start().at_key(key) else {
            continue;
        };
        let compiled = CONNECT4_4X4.probe(&position);
        assert_eq!(table.probe(&position), compiled, "key {key}");
        assert_eq!(loaded.probe(&position), compiled, "key {key}, loaded");
        found += usize::from(compiled.is_some());
    }
    assert_eq!(found, 161_029);
    // Many at once (the file's probes pipelined), in a seeded shuffled order that mixes
    // the tiers, positions no game reaches among them: the same answers.
    let mut positions: Vec<ConnectFour> = (0..1u64 << 20)
        .filter_map(|key| ConnectFour::start().at_key(key))
        .collect();
    let mut rng = rng::Rng(0x9e37_79b9_7f4a_7c15);
    for i in (1..positions.len()).rev() {
        positions.swap(i, rng.below(i + 1));
    }
    let expected: Vec<_> = positions.iter().map(|p| CONNECT4_4X4.probe(p)).collect();
    for solved in [table, loaded, &CONNECT4_4X4] {
        let mut got = vec![None; positions.len()];
        solved.probe_many(&positions, &mut got);
        assert_eq!(got, expected);
        // A shorter answer slice takes the first answers only; a few at a time too.
        let mut few = [None; 3];
        solved.probe_many(&positions, &mut few);
        assert_eq!(few[..], expected[..3]);
    }
    // The file's pipeline itself, without the positions' checks: every key, the same
    // answer as one at a time.
    let raw = table.table().as_file().unwrap();
    let keys: Vec<(u32, u64)> = positions.iter().map(|p| (p.tier(), p.key())).collect();
    let mut got = vec![None; keys.len()];
    raw.get_many(&keys, &mut got);
    let one_by_one: Vec<_> = keys.iter().map(|&(t, k)| raw.get(t, k)).collect();
    assert_eq!(got, one_by_one);
    assert_eq!(got.iter().flatten().count(), 161_029);
    // A tier the file does not have, and keys past its widest, are misses there too.
    let odd = [(99, 0), (u32::MAX, 1), (0, u64::MAX), (3, 1 << 40), (0, 0)];
    let mut got = [Some(0); 5];
    raw.get_many(&odd, &mut got);
    let one_by_one: Vec<_> = odd.iter().map(|&(t, k)| raw.get(t, k)).collect();
    assert_eq!(got[..], one_by_one[..]);
    // The rest of the API, through the same `Solved`.
    let start = ConnectFour::start();
    assert_eq!(table.best_move(&start), CONNECT4_4X4.best_move(&start));
    let mut line = [0u8; 16];
    let mut compiled_line = [0u8; 16];
    assert_eq!(
        table.principal_line(&start, &mut line),
        CONNECT4_4X4.principal_line(&start, &mut compiled_line)
    );
    assert_eq!(line, compiled_line);
}

#[test]
fn the_same_bytes_whatever_the_road_or_the_threads() {
    let dir = scratch("bytes");
    let one = std::fs::read(solved_4x4(&dir, 1)).unwrap();
    let two = std::fs::read(solved_4x4(&dir, 2)).unwrap();
    assert!(one == two, "1 and 2 threads");
    let flat = flat_file(
        "connect4-4x4",
        &solve_flat::<ConnectFour>(FlatLimits::DEFAULT).unwrap(),
    )
    .unwrap();
    assert!(one == flat, "the tier solver and the flat solver");
    let compiled = CONNECT4_4X4.table().as_file().unwrap().bytes();
    assert!(
        one == compiled,
        "the compiled table is the same file, embedded"
    );
    assert!(
        one.len() <= 4 * 161_029,
        "at most 4 bytes a position: {} bytes",
        one.len()
    );
}

#[test]
fn an_interrupted_solve_resumes_and_gives_the_same_file() {
    let dir = scratch("resume");
    let whole = std::fs::read(solved_4x4(&dir, 2)).unwrap();
    let path = dir.join("stopped.table");
    static STOP: AtomicBool = AtomicBool::new(true);
    fn stop_at_tier_8(progress: Progress) {
        if progress.phase == Phase::Solve && progress.tier == 8 && STOP.load(Ordering::SeqCst) {
            panic!("stopped, as a killed process stops");
        }
    }
    let stopping = Options {
        threads: 2,
        memory: 1 << 30,
        progress: &stop_at_tier_8,
    };
    let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        solve_file::<ConnectFour>("connect4-4x4", &path, &stopping)
    }));
    assert!(stopped.is_err());
    assert!(!path.exists(), "no file under the final name");
    STOP.store(false, Ordering::SeqCst);
    let summary = solve_file::<ConnectFour>("connect4-4x4", &path, &options(2)).unwrap();
    // All 17 tiers' keys, and the records of tiers 9 to 16, were kept.
    assert_eq!(summary.resumed, 17 + 8);
    assert!(std::fs::read(&path).unwrap() == whole);
    assert!(!dir.join("stopped.table.parts").exists());
}

#[test]
fn a_flipped_byte_anywhere_is_refused() {
    let dir = scratch("flip");
    let path = solved_4x4(&dir, 2);
    let bytes = std::fs::read(&path).unwrap();
    let damaged = dir.join("damaged.table");
    // Every byte of the header, name, directory and block checksums, then a stride
    // through the data.
    let data_start = error_data_start(&bytes);
    let offsets = (0..data_start).chain((data_start..bytes.len()).step_by(997));
    for at in offsets {
        let mut copy = bytes.clone();
        copy[at] ^= 0x10;
        std::fs::write(&damaged, &copy).unwrap();
        let loaded = file::load::<Connect4<4, 4>>(&damaged, "connect4-4x4").unwrap_err();
        let error = file::open::<Connect4<4, 4>>(&damaged, "connect4-4x4").unwrap_err();
        assert_eq!(
            loaded.to_string(),
            error.to_string(),
            "load and open refuse alike"
        );
        let message = error.to_string();
        assert!(
            message.starts_with(&damaged.display().to_string()),
            "{message}"
        );
        if at >= data_start {
            let block = (at - data_start) / 65536;
            assert!(
                matches!(error.kind, Refusal::Block { index, .. } if index == block),
                "byte {at}: {message}"
            );
            assert!(
                message.contains(&format!("block {block} (from byte")),
                "{message}"
            );
        }
    }
}

/// The data's first byte, as the header says (bytes 40..48).
fn error_data_start(bytes: &[u8]) -> usize {
    u64::from_le_bytes(bytes[40..48].try_into().unwrap()) as usize
}

#[test]
fn a_truncated_file_is_refused_with_its_length() {
    let dir = scratch("truncate");
    let path = solved_4x4(&dir, 2);
    let bytes = std::fs::read(&path).unwrap();
    let cut = dir.join("cut.table");
    for len in [0, 7, 8, 63, 64, 600, bytes.len() / 2, bytes.len() - 1] {
        std::fs::write(&cut, &bytes[..len]).unwrap();
        let loaded = file::load::<Connect4<4, 4>>(&cut, "connect4-4x4").unwrap_err();
        let error = file::open::<Connect4<4, 4>>(&cut, "connect4-4x4").unwrap_err();
        assert_eq!(
            loaded.to_string(),
            error.to_string(),
            "load and open refuse alike"
        );
        match error.kind {
            Refusal::Format(FormatError::Truncated { len: there, .. }) => {
                assert_eq!(there, len as u64);
            }
            other => panic!("{len} bytes: {other:?}"),
        }
    }
    std::fs::write(&cut, b"not a table at all, just text\n").unwrap();
    let error = file::open::<Connect4<4, 4>>(&cut, "connect4-4x4").unwrap_err();
    assert!(
        error.to_string().contains("not a perfect-play table file"),
        "{error}"
    );
}

#[test]
fn a_file_of_another_game_is_refused() {
    let dir = scratch("swap");
    let c44 = solved_4x4(&dir, 2);
    let error = file::open::<Connect4<5, 4>>(&c44, "connect4-5x4").unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "{}: a table of connect4-4x4, not of connect4-5x4",
            c44.display()
        )
    );
    // Dodgem, a loopy game without tiers, solved whole into a file of one tier.
    let dodgem = dir.join("dodgem.table");
    let summary = solve_file::<Dodgem>("dodgem", &dodgem, &options(2)).unwrap();
    assert_eq!(summary.tiers.len(), 1);
    let error = file::open::<Connect4<4, 4>>(&dodgem, "connect4-4x4").unwrap_err();
    assert!(matches!(error.kind, Refusal::Game { .. }), "{error}");
    let table = file::open::<Dodgem>(&dodgem, "dodgem").unwrap();
    assert_eq!(table.len(), DODGEM.len());
    assert_eq!(
        table.probe(&Dodgem::start()),
        DODGEM.probe(&Dodgem::start())
    );
}

/// The shipped opening book of `connect4-7x6` is a table file (one entry per mirror pair,
/// a tier a ply): its checksums verify as any file's, and asked to answer as the game's
/// table it is refused, never read as one (its keys are the search's, not the game's).
#[test]
fn the_shipped_opening_book_is_a_table_file_refused_as_a_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/connect4_7x6.book");
    let table = file::open_any(&path).unwrap();
    assert_eq!(table.name(), "connect4-7x6");
    assert!(table.packing().canonical);
    assert_eq!(
        table.tiers(),
        games::connect4_7x6::BOOK_PLIES + 1,
        "a tier a ply"
    );
    file::verify(&table).unwrap();
    let error = file::open::<Connect4<7, 6>>(&path, "connect4-7x6").unwrap_err();
    assert!(matches!(error.kind, Refusal::Canonical), "{error}");
    assert!(error.to_string().contains("an opening book"), "{error}");
    let Err(error) = file::open_dyn(&games::resolve("connect4-7x6").unwrap(), &path) else {
        panic!("the book is refused as connect4-7x6's table");
    };
    assert!(matches!(error.kind, Refusal::Canonical), "{error}");
}

#[test]
fn a_loopy_game_too_large_for_the_budget_is_refused_with_what_it_needs() {
    let dir = scratch("budget");
    let tight = Options {
        threads: 1,
        memory: 10_000,
        progress: &quiet,
    };
    let error = solve_file::<Dodgem>("dodgem", &dir.join("d.table"), &tight).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("would need about"), "{message}");
    assert!(message.contains("raise --memory"), "{message}");
}

/// A budget below what a tier's walk would hold at once: the walk goes in passes over
/// ranges of keys, and writes the same bytes; a budget too small even for the most passes
/// is refused, before any file, with what it would need.
#[test]
fn a_tight_budget_walks_in_passes_and_writes_the_same_bytes() {
    let dir = scratch("passes");
    let whole = dir.join("whole.table");
    let summary = solve_file::<Connect4<5, 4>>("connect4-5x4", &whole, &options(2)).unwrap();
    assert_eq!(summary.passes, 1, "1 GiB holds every walk of 5x4 at once");
    // A walk holds each chunk's children without repeats, and room for a chunk in the
    // making on each thread: 18 MiB holds 5x4's largest at once, 8 MiB (the least its
    // solve fits, below) does not.
    let seen = std::sync::Mutex::new(Vec::new());
    let record = |p: Progress| seen.lock().unwrap().push(p);
    let tight = Options {
        threads: 2,
        memory: 8 << 20,
        progress: &record,
    };
    let passes = dir.join("passes.table");
    let summary = solve_file::<Connect4<5, 4>>("connect4-5x4", &passes, &tight).unwrap();
    assert!(summary.passes > 1, "8 MiB holds 5x4's largest walk at once");
    // The progress of a tier walked in passes: the walk given up, then the count and the
    // sample (one phase), then the passes, each phase counted from 0 to its whole total.
    let seen = seen.lock().unwrap().clone();
    let in_passes: Vec<u32> = seen
        .iter()
        .filter(|p| p.phase == Phase::Passes)
        .map(|p| p.tier)
        .collect();
    assert!(!in_passes.is_empty());
    for &tier in &in_passes {
        let phases: Vec<&Progress> = seen.iter().filter(|p| p.tier == tier).collect();
        let order: Vec<Phase> = phases.iter().map(|p| p.phase).fold(Vec::new(), |mut o, p| {
            if o.last() != Some(&p) {
                o.push(p);
            }
            o
        });
        assert_eq!(
            order,
            [Phase::Walk, Phase::Count, Phase::Passes, Phase::Solve],
            "tier {tier}"
        );
        for phase in [Phase::Count, Phase::Passes] {
            let of: Vec<&&Progress> = phases.iter().filter(|p| p.phase == phase).collect();
            let total = of[0].total.unwrap();
            assert!(of.iter().all(|p| p.total == Some(total) && p.done <= total));
            assert_eq!(of.iter().map(|p| p.done).max(), Some(total), "{phase:?}");
        }
    }
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&passes).unwrap()
    );
    let refused = dir.join("refused.table");
    let tiny = Options {
        // The least memory a walk needs beside the tier it walks from (1 MiB).
        memory: 1 << 20,
        progress: &quiet,
        ..tight
    };
    let error = solve_file::<Connect4<5, 4>>("connect4-5x4", &refused, &tiny).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("would need about 2 MB"), "{message}");
    assert!(message.contains("the walk to tier 1"), "{message}");
    assert!(!refused.exists());
}

/// The budget bounds the solve too, not only the walk: only the tiers in use are held (a
/// tier's keys and records and the tier above's). A budget the walks fit in passes but
/// the largest tier's solve does not is refused once every tier is walked, before any is
/// solved; the walked tiers are kept, and the same command with a larger budget goes on
/// from them and writes the same bytes.
#[test]
fn the_budget_bounds_the_solve_and_a_refused_solve_keeps_its_walk() {
    let dir = scratch("solve-budget");
    let whole = dir.join("whole.table");
    solve_file::<Connect4<5, 4>>("connect4-5x4", &whole, &options(2)).unwrap();
    let out = dir.join("tight.table");
    let tight = Options {
        threads: 2,
        memory: 3 << 20,
        progress: &quiet,
    };
    let error = solve_file::<Connect4<5, 4>>("connect4-5x4", &out, &tight).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("the solve of tier "), "{message}");
    assert!(
        message.contains("more than the memory budget of 3 MB"),
        "{message}"
    );
    assert!(!out.exists());
    let enough = Options {
        memory: 8 << 20,
        ..tight
    };
    let summary = solve_file::<Connect4<5, 4>>("connect4-5x4", &out, &enough).unwrap();
    assert_eq!(
        summary.resumed as usize,
        summary.tiers.len(),
        "every tier's walk kept from the refused run"
    );
    assert_eq!(std::fs::read(&whole).unwrap(), std::fs::read(&out).unwrap());
}

#[test]
fn a_5x4_sample_agrees_with_the_reference() {
    let dir = scratch("5x4");
    let path = dir.join("c54.table");
    let summary = solve_file::<Connect4<5, 4>>("connect4-5x4", &path, &options(2)).unwrap();
    assert_eq!(summary.positions, 3_945_711, "John Tromp's count");
    assert_eq!(summary.start.value, Value::Draw);
    // A seeded walk: random games from the start, every position from the sixth ply on
    // (the reference solves each from scratch, so its memo stays small).
    sample_against_reference::<5, 4>(&path, "connect4-5x4", 6, 2_000);
}

/// Checks `sample` positions of the file at `path` (of `Connect4<W, H>`) against the
/// reference: random games from the start (seeded), every position from ply `from` on.
fn sample_against_reference<const W: usize, const H: usize>(
    path: &Path,
    name: &str,
    from: usize,
    sample: usize,
) {
    let table = file::open::<Connect4<W, H>>(path, name).unwrap();
    let mut reference = reference::Reference::new(W, H);
    let mut rng = rng::Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    let mut asked = Vec::new();
    while checked < sample {
        let mut grid = reference.empty();
        for ply in 0.. {
            if ply >= from {
                let text = reference.notation(&grid);
                let position: Connect4<W, H> = text.parse().unwrap();
                let record = table.probe(&position).unwrap();
                assert_eq!(
                    (record.value, record.remoteness),
                    reference.solve(&grid),
                    "{text}"
                );
                asked.push((position, record));
                checked += 1;
            }
            let children = reference.children(&grid);
            if reference.over(&grid).is_some() || children.is_empty() {
                break;
            }
            grid = children[rng.below(children.len())].1.clone();
        }
    }
    // The same positions at once (a file larger than the cache: pipelined).
    let positions: Vec<Connect4<W, H>> = asked.iter().map(|&(position, _)| position).collect();
    let mut many = vec![None; positions.len()];
    table.probe_many(&positions, &mut many);
    let expected: Vec<_> = asked.iter().map(|&(_, record)| Some(record)).collect();
    assert_eq!(many, expected);
    eprintln!("{name}: {checked} positions agree with the reference");
}

/// A benchmark-scale file (`benches/table_sample.sh` solves it): 10,000 positions of
/// `PERFECT_PLAY_SAMPLE_GAME` (`connect4-5x5` or `connect4-6x4`) from the file at
/// `PERFECT_PLAY_SAMPLE_TABLE`, each from the twelfth ply on, against the reference.
#[test]
#[ignore = "needs a solved 5x5 or 6x4 file: run by benches/table_sample.sh"]
fn a_large_file_agrees_with_the_reference_on_a_sample() {
    let path = PathBuf::from(std::env::var_os("PERFECT_PLAY_SAMPLE_TABLE").unwrap());
    let game = std::env::var("PERFECT_PLAY_SAMPLE_GAME").unwrap();
    match game.as_str() {
        "connect4-5x5" => sample_against_reference::<5, 5>(&path, &game, 12, 10_000),
        "connect4-6x4" => sample_against_reference::<6, 4>(&path, &game, 12, 10_000),
        other => panic!("no sample for {other}"),
    }
}

/// Many positions at once through the dynamic handle (what Python's `probe_many` asks):
/// the same answers as one at a time, a text that is not a position and one no game
/// reaches each answered in its place; the file opened by its own name too.
#[test]
fn many_positions_through_the_handle_answer_as_one_at_a_time() {
    let dir = scratch("many");
    let path = solved_4x4(&dir, 2);
    let mut texts: Vec<String> = (0..1u64 << 20)
        .step_by(7)
        .filter_map(|key| ConnectFour::start().at_key(key))
        .map(|position| position.to_string())
        .collect();
    let reachable = texts.len();
    texts.insert(10, "not a board".to_owned());
    texts.insert(20, String::new());
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let by_name = file::open_dyn(&games::resolve("connect4-4x4").unwrap(), &path).unwrap();
    let by_file = file::open_dyn_any(&path).unwrap();
    let compiled = games::open("connect4-4x4").unwrap();
    assert_eq!(by_file.about().name, "connect4-4x4");
    let one_by_one: Vec<String> = texts
        .iter()
        .map(|text| format!("{:?}", compiled.probe(text)))
        .collect();
    for game in [&by_name, &by_file, &compiled] {
        let many: Vec<String> = game
            .probe_many(&texts)
            .iter()
            .map(|answer| format!("{answer:?}"))
            .collect();
        assert_eq!(many, one_by_one);
    }
    let found = one_by_one.iter().filter(|a| a.starts_with("Ok")).count();
    assert!(found > 1000 && found < reachable, "{found} of {reachable}");
    assert!(one_by_one[10].contains("Notation") && one_by_one[20].contains("Notation"));
}

/// Connect Four's family at `params` (`rows,columns,x_in_row`).
fn connect_four(params: &str) -> ConnectFour {
    ConnectFour::at(&Args::parse(ConnectFour::PARAMS, params).unwrap()).unwrap()
}

/// The family at `W` columns and `H` rows, four in a row, solved by tiers: the very bytes
/// of the fixed-size type's file, and every key back to its position.
fn family_as_fixed<const W: usize, const H: usize>(dir: &Path) {
    let name = format!("connect4-{W}x{H}");
    let family = connect_four(&format!("{H},{W},4"));
    let fixed = Connect4::<W, H>::start();
    assert_eq!(
        (family.tiers(), family.key_bits()),
        (fixed.tiers(), fixed.key_bits()),
        "{name}"
    );
    let (a, b) = (
        dir.join(format!("{name}-fixed")),
        dir.join(format!("{name}-family")),
    );
    let one = solve_file::<Connect4<W, H>>(&name, &a, &options(2)).unwrap();
    let two = solve_file_from(&name, family, &b, &options(2)).unwrap();
    assert_eq!(one.positions, two.positions, "{name}");
    assert!(
        std::fs::read(&a).unwrap() == std::fs::read(&b).unwrap(),
        "{name}: the family's file is the fixed size's"
    );
    let table = file::open::<Connect4<W, H>>(&a, &name).unwrap();
    for (key, _) in table.table().entries() {
        let position = family.at_key(key).unwrap();
        assert_eq!(position.key(), key, "{name}: {position}");
        assert_eq!(position.to_string(), fixed.at_key(key).unwrap().to_string());
    }
}

#[test]
fn connect_fours_family_solves_by_tiers_as_each_fixed_size() {
    let dir = scratch("family-fixed");
    family_as_fixed::<4, 3>(&dir);
    family_as_fixed::<3, 4>(&dir);
    family_as_fixed::<5, 3>(&dir);
    family_as_fixed::<4, 4>(&dir);
    // Not a key of the size: a column without its height's bit, a bit past the board.
    let family = connect_four("4,4,4");
    assert_eq!(family.at_key(0), None);
    assert_eq!(family.at_key(1 << 20), None);
}

/// At three and two in a row (no fixed type has them) the tier solver's file is the flat
/// solver's, whose every record `tests/families.rs` checks against a reference at these
/// sizes.
#[test]
fn connect_fours_family_at_another_line_length_solves_by_tiers_as_the_flat_solver() {
    let dir = scratch("family-flat");
    for params in ["3,4,3", "4,3,3", "3,5,3", "4,4,2"] {
        let family = connect_four(params);
        let name = family.sized().to_string();
        let path = dir.join(params.replace(',', "-"));
        let summary = solve_file_from(&name, family, &path, &options(2)).unwrap();
        let flat = solve_flat_from(family, FlatLimits::DEFAULT).unwrap();
        assert_eq!(summary.positions, flat.len() as u64, "{name}");
        assert_eq!(summary.start, flat.start(), "{name}");
        assert!(
            std::fs::read(&path).unwrap() == flat_file(&name, &flat).unwrap(),
            "{name}: the tiers' file is the flat solver's"
        );
        // It opens as the size's table (with two in a row the last tiers are empty, and
        // not in the file), answering every position as the flat solver.
        let table = file::open_dyn(&games::resolve(&name).unwrap(), &path).unwrap();
        let start = table.about().start.clone();
        assert_eq!(table.probe(&start).unwrap().record, flat.start(), "{name}");
        for (key, record) in flat.iter() {
            let position = family.at_key(key).unwrap().to_string();
            assert_eq!(
                table.probe(&position).unwrap().record,
                record,
                "{name}: {position}"
            );
        }
    }
}

/// Names a game's type as [`games::Resolved::visit`] gives it: its name, tiers and key bits.
struct Layout;

impl TypeVisitor for Layout {
    type Output = (String, u32, u32);

    fn visit<G: games::Registered>(self, game: &games::Resolved, start: G) -> Self::Output {
        (game.name().to_owned(), start.tiers(), start.key_bits())
    }
}

/// Connect Four at any size, by its classic name or its family's: the tiers and keys of
/// the size, and the classic name on the file whenever the line is four.
#[test]
fn connect_four_at_any_size_is_named_as_its_files_are() {
    let layout = |name: &str| {
        games::resolve(name)
            .map(|game| game.visit(Layout))
            .map_err(|e| e.to_string())
    };
    let six_by_four = Ok(("connect4-6x4".to_owned(), 25, 30));
    assert_eq!(layout("connect4-6x4"), six_by_four);
    assert_eq!(layout("Connect4-6X4"), six_by_four);
    assert_eq!(layout("connect-four:4,6"), six_by_four);
    assert_eq!(
        layout("connect-four:rows=4,columns=6,x_in_row=4"),
        six_by_four
    );
    assert_eq!(
        layout("connect4-9x5"),
        Ok(("connect4-9x5".to_owned(), 46, 54))
    );
    assert_eq!(
        layout("connect-four:rows=5,columns=6,x_in_row=3"),
        Ok((
            "connect-four:rows=5,columns=6,x_in_row=3".to_owned(),
            31,
            36
        ))
    );
    // The compiled size is the family at that size, with the same layout.
    assert_eq!(
        layout("connect4-4x4"),
        Ok(("connect4-4x4".to_owned(), 17, 20))
    );
    assert_eq!(
        layout("connect4-10x4"),
        Err("connect-four: columns is 10, but goes from 1 to 9".to_owned())
    );
    assert_eq!(
        layout("connect4-8x8"),
        Err("connect-four: rows is 8, but goes from 1 to 7".to_owned())
    );
    assert!(
        layout("connect4-6x")
            .unwrap_err()
            .starts_with("no game is called")
    );
}

/// Connect Four's family as it was before it had tiers: every position in one tier.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Untiered(ConnectFour);

impl Game for Untiered {
    type Move = u8;

    fn start() -> Untiered {
        Untiered(connect_four("3,4,3"))
    }

    fn key(&self) -> u64 {
        self.0.key()
    }

    fn finished(&self) -> Option<Value> {
        self.0.finished()
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Untiered)) {
        self.0.moves(&mut |mv, child| visit(mv, Untiered(child)));
    }
}

/// A file of a family's size solved before the family had tiers (one tier of every
/// position, keys as wide as the size's) is refused, never read in the wrong tier.
#[test]
fn a_file_solved_before_the_game_had_tiers_is_refused() {
    let dir = scratch("untiered");
    let family = connect_four("3,4,3");
    let name = family.sized().to_string();
    let old = flat_file(
        &name,
        &solve_flat_from(Untiered::start(), FlatLimits::DEFAULT).unwrap(),
    )
    .unwrap();
    let path = dir.join("old.table");
    std::fs::write(&path, &old).unwrap();
    let table = file::open_any(&path).unwrap();
    assert_eq!((table.tiers(), table.key_bits()), (1, family.key_bits()));
    let game = games::resolve(&name).unwrap();
    let refused = file::open_dyn(&game, &path).err().unwrap().to_string();
    assert!(
        refused.contains("(1 tiers, 16-bit keys) with every position in tier 0")
            && refused.ends_with("solve it again"),
        "{refused}"
    );
}

/// The corridor's last cell.
const CORRIDOR: u8 = 200;
/// The side room, entered from cell 2 alone and left back to it alone.
const ROOM: u8 = CORRIDOR + 1;

/// A race along a corridor of cells 0 to [`CORRIDOR`]: the side to move steps the token one
/// or two cells on, or from cell 2 into a side room ([`ROOM`]) whose only way out is back
/// to cell 2 (so lines can repeat for ever); the token on the last cell is a loss for the
/// side to move, its opponent having moved it there, or with `MISERE` a win. Over a hundred
/// plies deep, with endless draws: the loopy solver's writer packs its records in one byte
/// by parity (every win an odd number of plies away, every loss even, every draw endless),
/// and the misère corridor's (a win 0 plies away) in two bytes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Corridor<const MISERE: bool>(u8);

impl<const MISERE: bool> Game for Corridor<MISERE> {
    type Move = u8;

    fn start() -> Self {
        Corridor(0)
    }

    fn key(&self) -> u64 {
        u64::from(self.0)
    }

    fn finished(&self) -> Option<Value> {
        (self.0 == CORRIDOR).then_some(if MISERE { Value::Win } else { Value::Loss })
    }

    fn moves(&self, visit: &mut dyn FnMut(u8, Self)) {
        for to in corridor_moves(self.0) {
            visit(to, Corridor(to));
        }
    }

    fn at_key(&self, key: u64) -> Option<Self> {
        u8::try_from(key)
            .ok()
            .filter(|&cell| cell <= ROOM)
            .map(Corridor)
    }
}

/// The cells the token may go to from `cell`.
fn corridor_moves(cell: u8) -> Vec<u8> {
    match cell {
        ROOM => vec![2],
        2 => vec![3, 4, ROOM],
        _ => [cell + 1, cell + 2]
            .into_iter()
            .filter(|&c| c <= CORRIDOR)
            .collect(),
    }
}

/// The corridor solved here by plain retrograde analysis, level by level (a position is a
/// win in `r` plies when a move reaches a loss in `r - 1`, a loss in `r` when every move
/// reaches a win and the longest in `r - 1`; what is never settled is an endless draw),
/// sharing nothing with the crate's solvers.
fn corridor_reference(misere: bool) -> Vec<perfect_play::Record> {
    let n = usize::from(ROOM) + 1;
    let mut settled: Vec<Option<(Value, u16)>> = vec![None; n];
    settled[usize::from(CORRIDOR)] = Some((if misere { Value::Win } else { Value::Loss }, 0));
    for r in 1..4 * n as u16 {
        let before = settled.clone();
        for cell in (0..=ROOM).filter(|&c| c != CORRIDOR) {
            if before[usize::from(cell)].is_some() {
                continue;
            }
            let children: Vec<_> = corridor_moves(cell)
                .into_iter()
                .map(|c| before[usize::from(c)])
                .collect();
            if children.contains(&Some((Value::Loss, r - 1))) {
                settled[usize::from(cell)] = Some((Value::Win, r));
            } else if children.iter().all(|c| matches!(c, Some((Value::Win, _))))
                && children.contains(&Some((Value::Win, r - 1)))
            {
                settled[usize::from(cell)] = Some((Value::Loss, r));
            }
        }
    }
    settled
        .into_iter()
        .map(|s| {
            let (value, remoteness) = s.unwrap_or((Value::Draw, perfect_play::ENDLESS));
            perfect_play::Record { value, remoteness }
        })
        .collect()
}

/// A loopy game whose records need more than the 6 bits of remoteness a byte holds beside
/// the value, but whose values are their remoteness's parity, is written with one byte a
/// record by parity (and says so); one whose wins break the parity with two bytes. Each
/// file answers every position as the reference above.
#[test]
fn deep_records_take_one_byte_by_parity_where_the_values_allow() {
    fn check<const MISERE: bool>(dir: &Path) {
        let reference = corridor_reference(MISERE);
        let deepest = reference
            .iter()
            .filter(|r| r.remoteness != perfect_play::ENDLESS)
            .map(|r| r.remoteness)
            .max()
            .unwrap();
        // The premise: deeper than one byte holds beside the value, within what it holds
        // alone, and endless draws among the records where cell 2 is lost in the race.
        assert!((63..254).contains(&deepest), "{deepest}");
        assert_eq!(reference.iter().any(|r| r.value == Value::Draw), !MISERE);
        let path = dir.join(format!("corridor-{MISERE}.table"));
        solve_file::<Corridor<MISERE>>("corridor", &path, &options(2)).unwrap();
        let any = file::open_any(&path).unwrap();
        let packing = any.packing();
        assert_eq!(
            (
                any.record_bytes(),
                packing.by_parity,
                packing.remoteness_bits
            ),
            if MISERE { (2, false, 14) } else { (1, true, 8) }
        );
        let table = file::open::<Corridor<MISERE>>(&path, "corridor").unwrap();
        for (cell, expected) in reference.iter().enumerate() {
            let position = Corridor::<MISERE>(cell as u8);
            assert_eq!(table.probe(&position), Some(*expected), "cell {cell}");
        }
        if !MISERE {
            // A flag this reader does not know (as a parity file is to a reader older than
            // the flag) is refused by its byte; so is the parity flag taken away, which
            // leaves 8 bits of remoteness beside a value in one byte.
            let bytes = std::fs::read(&path).unwrap();
            for (flags, refusal) in [
                (bytes[13] | 4, "at byte 13: unknown flags"),
                (
                    bytes[13] & !2,
                    "at byte 11: remoteness bits that do not fit the record",
                ),
            ] {
                let mut damaged = bytes.clone();
                damaged[13] = flags;
                let damaged_path = dir.join("corridor-flags.table");
                std::fs::write(&damaged_path, &damaged).unwrap();
                let error = file::open_any(&damaged_path).unwrap_err().to_string();
                assert!(error.ends_with(refusal), "{error}");
            }
        }
    }
    let dir = scratch("corridor");
    check::<false>(&dir);
    check::<true>(&dir);
}
