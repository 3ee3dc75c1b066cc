//! What a long run shows as it goes, on stderr: a bar on a terminal, else (a log, a batch
//! system's file, a rank under `mpirun`) a line as each step starts.

use std::fmt;
use std::io::{self, IsTerminal};
use std::time::Instant;

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use perfect_play_generate::{Phase, Progress};

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
pub(crate) struct SolveProgress {
    bar: ProgressBar,
    /// With no terminal: the step last written as a line, and when the solve started.
    lines: Option<std::sync::Mutex<Step>>,
}

/// The step of a solve last written as a line, and when the solve started.
struct Step {
    last: Option<(Phase, u32)>,
    start: Instant,
}

impl SolveProgress {
    /// Progress for a solve starting now.
    pub(crate) fn new() -> SolveProgress {
        let (bar, lines) = if io::stderr().is_terminal() {
            (progress_bar(), None)
        } else {
            let step = std::sync::Mutex::new(Step {
                last: None,
                start: Instant::now(),
            });
            (ProgressBar::hidden(), Some(step))
        };
        SolveProgress { bar, lines }
    }

    /// No progress shown at all (an MPI rank other than 0).
    pub(crate) fn hidden() -> SolveProgress {
        SolveProgress {
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
