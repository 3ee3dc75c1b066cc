//! `perfect-play solve GAME --out FILE`: a game solved into a table file by
//! `perfect_play_generate::solve_file_on`, tier by tier on every core within a memory
//! budget, in this process or, under `mpirun` in a build with the `mpi` feature, as one
//! rank of the job (docs/scale.md); with its progress shown (`progress.rs`). It ends
//! with what a publisher of the file needs: positions, the start's value, bytes a position,
//! time, peak memory (by rank under MPI) and the file's SHA-256.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use perfect_play::games::{Registered, Resolved, TypeVisitor};
use perfect_play::{ENDLESS, Value};
use perfect_play_generate::{
    Launched, Local, Options, Progress, SolveFileError, Summary, Transport, launched, solve_file_on,
};

use crate::args::SolveArgs;
use crate::memory::{PeakMemory, peak_memory_kb, return_freed_memory};
use crate::output::{Output, Status, output_failed, report};
use crate::progress::SolveProgress;
use crate::table::sha256;

/// Runs `solve`: in this one process, or as one rank of the MPI job that launched it.
pub fn run(args: &SolveArgs) -> Status {
    return_freed_memory();
    let clock = Instant::now();
    match launched() {
        None => solve_on(args, &Local, false, clock),
        Some(launch) => as_rank(args, launch, clock),
    }
}

/// Runs `solve` as one rank of the MPI job that launched it.
#[cfg(feature = "mpi")]
fn as_rank(args: &SolveArgs, _: Launched, clock: Instant) -> Status {
    let Some(world) = perfect_play_generate::Mpi::initialize() else {
        report(&format_args!(
            "solve {}: MPI could not be initialized (or was already)",
            args.game
        ));
        return Status::Failure;
    };
    solve_on(args, &world, true, clock)
}

/// Refuses to run as one of several ranks of an MPI job, in a build without the `mpi`
/// feature: every rank would solve the whole game into the same file.
#[cfg(not(feature = "mpi"))]
fn as_rank(args: &SolveArgs, launch: Launched, clock: Instant) -> Status {
    let ranks = match launch.ranks {
        Some(1) => return solve_on(args, &Local, false, clock),
        Some(n) => format!("one of {n} ranks"),
        None => "one rank of a job".to_string(),
    };
    report(&format_args!(
        "solve {}: started by an MPI launcher as {ranks}, but this perfect-play was built \
         without the `mpi` feature, so every rank would solve the whole game into the same \
         file; build it with `--features mpi` (see docs/scale.md), or run it without mpirun",
        args.game
    ));
    Status::Failure
}

/// The solve on `ranks` (`job`: launched by MPI, whose closing lines say the ranks); rank
/// 0 shows the progress and writes the closing lines.
fn solve_on<T: Transport>(args: &SolveArgs, ranks: &T, job: bool, clock: Instant) -> Status {
    let shown = if ranks.rank() == 0 {
        SolveProgress::new()
    } else {
        SolveProgress::hidden()
    };
    let show = |progress: Progress| shown.show(progress);
    let options = Options {
        threads: args.threads,
        memory: args.memory,
        progress: &show,
    };
    let solve = FileSolve {
        out: &args.out,
        options: &options,
        ranks,
    };
    let solved = args.game.visit(solve);
    shown.finish();
    let summary = match solved {
        Ok(summary) => summary,
        Err(error) => return failed(args, ranks, &error),
    };
    // What every rank held at its peak.
    let peaks = ranks.gather(peak_memory_kb().unwrap_or(0));
    if ranks.rank() != 0 {
        return Status::Success;
    }
    let seconds = clock.elapsed().as_secs_f64();
    let digest = match sha256(&args.out) {
        Ok(digest) => digest,
        Err(error) => {
            report(&format_args!("{}: {error}", args.out.display()));
            return Status::Failure;
        }
    };
    let by_rank = job.then_some(peaks.as_slice());
    let text = said(args, &summary, seconds, &digest, by_rank);
    let mut out = Output::new();
    match out.answer(text.as_bytes()).and_then(|()| out.finish()) {
        Ok(status) => status,
        Err(error) => output_failed(&error),
    }
}

/// Says why the solve failed on this rank; one rank of several names itself and stops the
/// job, whose other ranks would wait for it for ever.
fn failed<T: Transport>(args: &SolveArgs, ranks: &T, error: &SolveFileError) -> Status {
    if ranks.ranks() > 1 {
        report(&format_args!(
            "solve {}: rank {} of {} failed: {error}; the job is stopped, and the same \
             command run again resumes from the tiers already finished",
            args.game,
            ranks.rank(),
            ranks.ranks()
        ));
        ranks.abort();
    } else {
        report(&format_args!("solve {}: {error}", args.game));
    }
    Status::Failure
}

/// The closing lines; with `by_rank` (a job of MPI ranks: each one's peak in kB), the
/// ranks, the rounds, the bytes they exchanged and each one's peak.
fn said(
    args: &SolveArgs,
    summary: &Summary,
    seconds: f64,
    digest: &str,
    by_rank: Option<&[u64]>,
) -> String {
    let mut text = String::new();
    let start = summary.start;
    let _ = writeln!(text, "game: {}", args.game);
    let _ = writeln!(
        text,
        "positions: {} in {} tiers{}",
        summary.positions,
        summary.tiers.len(),
        match summary.resumed {
            0 => String::new(),
            n => format!(" ({n} tier steps kept from an earlier run)"),
        }
    );
    let side = match start.value {
        Value::Win => "a first-player win",
        Value::Loss => "a second-player win",
        Value::Draw => "a draw",
    };
    let plies = match start.remoteness {
        ENDLESS => " that can go on for ever".to_owned(),
        1 => " in 1 ply".to_owned(),
        plies => format!(" in {plies} plies"),
    };
    let _ = writeln!(text, "start: {side}{plies}");
    if summary.passes > 1 {
        let _ = writeln!(
            text,
            "walk: up to {} passes a tier to keep within --memory (more memory, fewer passes)",
            summary.passes
        );
    }
    let _ = writeln!(text, "file: {}", args.out.display());
    let _ = writeln!(
        text,
        "bytes: {} ({:.2} a position)",
        summary.bytes,
        summary.bytes as f64 / summary.positions.max(1) as f64
    );
    let _ = writeln!(text, "time: {seconds:.1} s");
    let _ = writeln!(text, "peak memory: {}", PeakMemory);
    let _ = writeln!(text, "sha256: {digest}");
    let Some(peaks) = by_rank else {
        return text;
    };
    let _ = writeln!(text, "ranks: {}", peaks.len());
    if summary.rounds > 1 {
        let _ = writeln!(
            text,
            "solved in up to {} rounds a tier (--memory)",
            summary.rounds
        );
    }
    let _ = writeln!(
        text,
        "exchanged: {} bytes between ranks ({:.2} a position)",
        summary.exchanged,
        summary.exchanged as f64 / summary.positions.max(1) as f64
    );
    let peaks: Vec<String> = peaks
        .iter()
        .map(|kb| format!("{} MB", kb.div_ceil(1024)))
        .collect();
    let _ = writeln!(text, "peak memory by rank: {}", peaks.join(", "));
    text
}

/// The solve of the resolved game into the file, on `ranks`, once its type is known.
struct FileSolve<'a, T> {
    out: &'a Path,
    options: &'a Options<'a>,
    ranks: &'a T,
}

impl<T: Transport> TypeVisitor for FileSolve<'_, T> {
    type Output = Result<Summary, SolveFileError>;

    fn visit<G: Registered>(self, game: &Resolved, start: G) -> Self::Output {
        solve_file_on(game.name(), start, self.out, self.options, self.ranks)
    }
}
