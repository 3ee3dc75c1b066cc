//! `perfect-play solve GAME --out FILE`: a game solved into a table file, tier by tier on
//! every core within a memory budget (`perfect_play_generate::solve_file`), with a
//! progress bar on a terminal (a line a step elsewhere); it ends with what a publisher of
//! the file needs: positions, the start's value, bytes a position, time, peak memory and
//! the file's SHA-256.

use std::fmt::{self, Write as _};
use std::io::{self, IsTerminal};
use std::path::Path;
use std::time::Instant;

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use perfect_play::games::{self, Notation, TypeVisitor};
use perfect_play::{ENDLESS, Value};
use perfect_play_generate::{Options, Phase, Progress, SolveFileError, Summary, solve_file_from};

use crate::args::SolveArgs;
use crate::output::{Output, Status, output_failed, report};
use crate::table::sha256;

/// How many ranks an MPI launcher (`mpirun`, or Slurm's `srun` with PMI) started, if this
/// process is one of them.
#[cfg(not(feature = "mpi"))]
fn launched_ranks() -> Option<u64> {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"]
        .iter()
        .find_map(|name| std::env::var(name).ok()?.parse().ok())
}

/// Runs `solve` in this one process (under `mpirun`, the build with `mpi` runs
/// `solve_mpi` instead).
pub fn run(args: &SolveArgs) -> Status {
    return_freed_memory();
    #[cfg(not(feature = "mpi"))]
    if let Some(ranks) = launched_ranks().filter(|&n| n > 1) {
        report(&format_args!(
            "solve {}: started by an MPI launcher as one of {ranks} ranks, but this \
             perfect-play was built without the `mpi` feature, so every rank would solve \
             the whole game into the same file; build it with `--features mpi` (see \
             docs/scale.md), or run it without mpirun",
            args.game
        ));
        return Status::Failure;
    }
    let clock = Instant::now();
    let shown = Shown::new();
    let show = |progress: Progress| shown.show(progress);
    let options = Options {
        threads: args.threads,
        memory: args.memory,
        progress: &show,
    };
    let solving = Solving {
        out: &args.out,
        options: &options,
    };
    let solved = games::visit_type(&args.game, solving);
    shown.finish();
    let summary = match solved {
        Ok(Ok(summary)) => summary,
        Ok(Err(error)) => {
            report(&format_args!("solve {}: {error}", args.game));
            return Status::Failure;
        }
        Err(error) => {
            report(&format_args!("solve {}: {error}", args.game));
            return Status::Failure;
        }
    };
    let seconds = clock.elapsed().as_secs_f64();
    let digest = match sha256(&args.out) {
        Ok(digest) => digest,
        Err(error) => {
            report(&format_args!("{}: {error}", args.out.display()));
            return Status::Failure;
        }
    };
    let text = said(args, &summary, seconds, &digest);
    let mut out = Output::new();
    match out.answer(text.as_bytes()).and_then(|()| out.finish()) {
        Ok(status) => status,
        Err(error) => output_failed(&error),
    }
}

/// The closing lines.
pub(crate) fn said(args: &SolveArgs, summary: &Summary, seconds: f64, digest: &str) -> String {
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
    text
}

/// Has glibc's allocator give every freed block of 128 KiB or more back to the system at
/// once, so that a solve's peak stays within its `--memory`: by default glibc raises that
/// threshold to the largest block freed so far (up to 32 MiB), and then keeps the walk's
/// freed lists of one phase while the next phase allocates anew. Measured on 6x4
/// (benches/HISTORY.md 10): the peak halves, 640 MB to 315 MB at the default budget, for about
/// 5 % more time. To be called before the solve's threads start.
pub(crate) fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` sets one of the allocator's parameters; it is called here before
    // the solve starts any thread, as its documentation asks (MT-Unsafe init).
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// The process's peak resident memory in kB, as Linux reports it (`VmHWM`).
pub(crate) fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
}

/// The process's peak resident memory, as Linux reports it (`VmHWM`), else `unknown`.
pub(crate) struct PeakMemory;

impl fmt::Display for PeakMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match peak_memory_kb() {
            Some(kb) => write!(f, "{} MB", kb.div_ceil(1024)),
            None => f.write_str("unknown"),
        }
    }
}

/// A bar on stderr when it is a terminal; hidden otherwise.
pub(crate) fn progress_bar() -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{msg} [{wide_bar}] {human_pos}/{human_len} positions, {rate}, {eta} left",
    ) {
        // Whole positions a second (indicatif's own `per_sec` shows four decimals), or a
        // minute when that is fewer than ten (a book's searches).
        let rate = |state: &ProgressState, w: &mut dyn fmt::Write| {
            let per_sec = state.per_sec();
            let _ = if per_sec >= 10.0 {
                write!(w, "{}/s", HumanCount(per_sec as u64))
            } else {
                write!(w, "{:.0}/min", per_sec * 60.0)
            };
        };
        bar.set_style(style.with_key("rate", rate).progress_chars("=> "));
    }
    bar
}

/// Where a solve shows how far it is: a bar on stderr when it is a terminal; else (a log,
/// a batch system's file, and always under `mpirun`, which gives a rank's stderr a pipe) a
/// line on stderr as each step of a tier starts, with the time since the start, so that a
/// solve of hours is never silent. (Open MPI gives a rank's stdout a terminal even when
/// `mpirun`'s own goes to a file, so a bar there would fill the file with its redraws.)
pub(crate) struct Shown {
    bar: ProgressBar,
    /// With no terminal: the step last written as a line, and when the solve started.
    lines: Option<std::sync::Mutex<Step>>,
}

/// The step of a solve last written as a line, and when the solve started.
struct Step {
    last: Option<(Phase, u32)>,
    start: Instant,
}

impl Shown {
    /// Progress for a solve starting now.
    pub(crate) fn new() -> Shown {
        let (bar, lines) = if io::stderr().is_terminal() {
            (progress_bar(), None)
        } else {
            let step = std::sync::Mutex::new(Step {
                last: None,
                start: Instant::now(),
            });
            (ProgressBar::hidden(), Some(step))
        };
        Shown { bar, lines }
    }

    /// No progress shown at all (an MPI rank other than 0).
    #[cfg(feature = "mpi")]
    pub(crate) fn hidden() -> Shown {
        Shown {
            bar: ProgressBar::hidden(),
            lines: None,
        }
    }

    /// Shows `progress`: moves the bar, or writes a line if its step is a new one.
    pub(crate) fn show(&self, progress: Progress) {
        self.bar.set_message(step_text(progress));
        if let Some(total) = progress.total {
            self.bar.set_length(total);
        }
        self.bar.set_position(progress.done);
        let Some(lines) = &self.lines else { return };
        let Ok(mut step) = lines.lock() else { return };
        let now = (progress.phase, progress.tier);
        if step.last != Some(now) {
            step.last = Some(now);
            let seconds = step.start.elapsed().as_secs_f64();
            // A line a step, on a log that cannot take a bar; a failed write loses only it.
            let line = format!("{} ({seconds:.1} s in)\n", step_text(progress));
            let _ = io::Write::write_all(&mut io::stderr().lock(), line.as_bytes());
        }
    }

    /// Clears the bar, before the summary is written.
    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The step `progress` is at, as the bar and the lines say it: `walk tier 13/24`, or
/// `write the file`.
fn step_text(progress: Progress) -> String {
    let what = match progress.phase {
        Phase::Walk => "walk",
        Phase::Count => "count the moves to",
        Phase::Passes => "walk in passes",
        Phase::Solve => "solve",
        Phase::Write => return "write the file".to_string(),
        Phase::Resumed => "kept",
    };
    let tiers = progress.tiers.saturating_sub(1);
    format!("{what} tier {}/{tiers}", progress.tier)
}

/// The solve, with the game's type.
struct Solving<'a> {
    out: &'a Path,
    options: &'a Options<'a>,
}

impl TypeVisitor for Solving<'_> {
    type Output = Result<Summary, SolveFileError>;

    fn visit<G: Notation + fmt::Debug + Send + Sync + 'static>(
        self,
        name: &str,
        start: G,
    ) -> Self::Output {
        solve_file_from(name, start, self.out, self.options)
    }
}
