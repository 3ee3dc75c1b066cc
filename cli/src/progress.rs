//! What a long run shows as it goes, on stderr: a bar on a terminal, else (a log, a batch
//! system's file, a rank under `mpirun`) a line as each step starts.

use std::fmt;
use std::io::{self, IsTerminal};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use perfect_play_generate::{Phase, Progress};

/// A bar on stderr when it is a terminal; hidden otherwise.
pub(crate) fn progress_bar() -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
    if let Some(style) = Look::Bar.style() {
        bar.set_style(style);
    }
    bar
}

/// How a step is drawn: a bar when its total is known; else a spinner and the count alone
/// (a bar of unknown length would read `43,514,248/0 positions, 0s left`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    /// `solve tier 3/24 [====>     ] 1,234,567/2,345,678 positions, 456,789/s, 2s left`.
    Bar,
    /// `walk ⠂ 43,514,248 positions, 1,234,567/s`; the spinner alone before the first.
    Count,
}

impl Look {
    /// How a step of `total` positions (`None`: not known yet) is drawn.
    fn of(total: Option<u64>) -> Look {
        match total {
            Some(_) => Look::Bar,
            None => Look::Count,
        }
    }

    /// Its indicatif template (`{rate}` and `{count}` are [`Look::style`]'s keys).
    fn template(self) -> &'static str {
        match self {
            Look::Bar => "{msg} [{wide_bar}] {human_pos}/{human_len} positions, {rate}, {eta} left",
            Look::Count => "{msg} {spinner} {count}",
        }
    }

    /// Its style; `None` if the template does not parse.
    fn style(self) -> Option<ProgressStyle> {
        let style = ProgressStyle::with_template(self.template()).ok()?;
        let rate = |state: &ProgressState, w: &mut dyn fmt::Write| {
            let _ = w.write_str(&rate_text(state.per_sec()));
        };
        let count = |state: &ProgressState, w: &mut dyn fmt::Write| {
            let _ = w.write_str(&count_text(state.pos(), state.per_sec()));
        };
        Some(
            style
                .with_key("rate", rate)
                .with_key("count", count)
                .progress_chars("=> "),
        )
    }
}

/// A rate in whole positions a second (indicatif's own `per_sec` shows four decimals), or
/// a minute when that is fewer than ten (a book's searches).
fn rate_text(per_sec: f64) -> String {
    if per_sec >= 10.0 {
        format!("{}/s", HumanCount(per_sec as u64))
    } else {
        format!("{:.0}/min", per_sec * 60.0)
    }
}

/// The count of a step without a total, and its rate: nothing before the first position
/// (a file's writing counts none, and shows its spinner alone).
fn count_text(done: u64, per_sec: f64) -> String {
    if done == 0 {
        return String::new();
    }
    format!("{} positions, {}", HumanCount(done), rate_text(per_sec))
}

/// Where a solve shows how far it is: a bar on stderr when it is a terminal; else (a log,
/// a batch system's file, and always under `mpirun`, which gives a rank's stderr a pipe) a
/// line on stderr as each step of a tier starts, with the time since the start, so that a
/// solve of hours is never silent. (Open MPI gives a rank's stdout a terminal even when
/// `mpirun`'s own goes to a file, so a bar there would fill the file with its redraws.)
pub(crate) struct SolveProgress {
    bar: ProgressBar,
    /// With no terminal: when the solve started, for the lines.
    lines: Option<Instant>,
    /// What was shown last: reports come from every thread of the solve.
    shown: Mutex<Shown>,
}

/// What a solve's progress showed last.
#[derive(Debug, Default)]
struct Shown {
    /// The step: its phase and tier.
    step: Option<(Phase, u32)>,
    total: Option<u64>,
    done: u64,
}

/// What showing a report changes.
#[derive(Debug, PartialEq, Eq)]
struct Change {
    /// A new step: its text, and a line when there is no terminal.
    step: bool,
    /// The look to draw in from now, when it is a new one.
    look: Option<Look>,
    /// The bar's new length.
    total: Option<u64>,
    /// The count to show; `None` for a report that comes after a later one of its step
    /// (from another thread): a count going back would restart the rate.
    done: Option<u64>,
}

impl Shown {
    /// How the step shown is drawn, if one is.
    fn look(&self) -> Option<Look> {
        self.step.map(|_| Look::of(self.total))
    }

    /// What showing `progress` changes, now taken as shown.
    fn change(&mut self, progress: Progress) -> Change {
        let step = Some((progress.phase, progress.tier));
        let new_step = self.step != step;
        let look = Look::of(progress.total);
        let new_look = self.look() != Some(look);
        let total = progress
            .total
            .filter(|_| new_look || self.total != progress.total);
        let done = (new_step || progress.done > self.done).then_some(progress.done);
        *self = Shown {
            step,
            total: progress.total,
            done: done.unwrap_or(self.done),
        };
        Change {
            step: new_step,
            look: new_look.then_some(look),
            total,
            done,
        }
    }
}

impl SolveProgress {
    /// Progress for a solve starting now.
    pub(crate) fn new() -> SolveProgress {
        let (bar, lines) = if io::stderr().is_terminal() {
            (progress_bar(), None)
        } else {
            (ProgressBar::hidden(), Some(Instant::now()))
        };
        SolveProgress {
            bar,
            lines,
            shown: Mutex::new(Shown::default()),
        }
    }

    /// No progress shown at all (an MPI rank other than 0).
    pub(crate) fn hidden() -> SolveProgress {
        SolveProgress {
            bar: ProgressBar::hidden(),
            lines: None,
            shown: Mutex::new(Shown::default()),
        }
    }

    /// Shows `progress`: moves the bar, or writes a line if its step is a new one.
    pub(crate) fn show(&self, progress: Progress) {
        let Ok(mut shown) = self.shown.lock() else {
            return;
        };
        let change = shown.change(progress);
        if let Some(look) = change.look {
            self.restyle(look);
        }
        if let Some(total) = change.total {
            self.bar.set_length(total);
        }
        if change.step {
            self.bar.set_message(step_text(progress));
        }
        if let Some(done) = change.done {
            self.bar.set_position(done);
        }
        let ended = change.done.is_some() && change.done == progress.total;
        if change.step || change.look.is_some() || ended {
            // The draws above are rate-limited: a step's first frame and its last must not
            // be lost, or a stale one would stay on screen through a step that counts
            // nothing (a file's writing) or a tail that does not count (keys read back).
            self.bar.force_draw();
        }
        if let (true, Some(start)) = (change.step, self.lines) {
            let seconds = start.elapsed().as_secs_f64();
            // A line a step, on a log that cannot take a bar; a failed write loses only it.
            let line = format!("{} ({seconds:.1} s in)\n", step_text(progress));
            let _ = io::Write::write_all(&mut io::stderr().lock(), line.as_bytes());
        }
    }

    /// Draws in `look` from now: a count alone keeps its spinner turning, so that a step
    /// that reports rarely (or never, as the file's writing) still shows it is alive.
    fn restyle(&self, look: Look) {
        if self.bar.is_hidden() {
            return;
        }
        if let Some(style) = look.style() {
            self.bar.set_style(style);
        }
        match look {
            Look::Bar => self.bar.disable_steady_tick(),
            Look::Count => {
                self.bar.unset_length();
                self.bar.enable_steady_tick(Duration::from_millis(100));
            }
        }
    }

    /// Clears the bar, before the summary is written.
    pub(crate) fn finish(&self) {
        self.bar.disable_steady_tick();
        self.bar.finish_and_clear();
    }
}

/// The step `progress` is at, as the bar and the lines say it: `walk tier 13/24`, `solve
/// step 3/4` (a game without tiers), `write the file`.
fn step_text(progress: Progress) -> String {
    let last = progress.tiers.saturating_sub(1);
    let what = match progress.phase {
        Phase::Walk => "walk",
        Phase::Sort => return "sort the keys".to_string(),
        Phase::Count => "count the moves to",
        Phase::Passes => "walk in passes",
        Phase::Solve => "solve",
        Phase::Step => return format!("solve step {}/{last}", progress.tier),
        Phase::Write => return "write the file".to_string(),
        Phase::Resumed => "kept",
        // A phase this build does not know by name (the generator's enum may grow).
        _ => "work",
    };
    // A game without tiers is walked as one tier: `tier 0/0` would say nothing.
    if progress.tiers <= 1 {
        return what.to_string();
    }
    format!("{what} tier {}/{last}", progress.tier)
}

#[cfg(test)]
mod tests {
    use super::{Change, Look, Phase, Progress, Shown, count_text, rate_text, step_text};

    fn report(phase: Phase, tier: u32, tiers: u32, done: u64, total: Option<u64>) -> Progress {
        Progress {
            phase,
            tier,
            tiers,
            done,
            total,
        }
    }

    #[test]
    fn a_total_unknown_shows_the_count_alone() {
        let walk = report(Phase::Walk, 0, 1, 43_514_248, None);
        assert_eq!(Look::of(walk.total), Look::Count);
        let template = Look::Count.template();
        for key in ["{wide_bar}", "{human_len}", "{eta}"] {
            assert!(!template.contains(key), "{template}");
        }
        assert!(template.contains("{spinner}"), "{template}");
        assert_eq!(
            count_text(43_514_248, 1_234_567.4),
            "43,514,248 positions, 1,234,567/s"
        );
        assert_eq!(count_text(0, 0.0), "", "a step that counts nothing");
    }

    #[test]
    fn a_total_known_shows_the_bar() {
        let solve = report(Phase::Solve, 3, 25, 1_234_567, Some(2_345_678));
        assert_eq!(Look::of(solve.total), Look::Bar);
        let template = Look::Bar.template();
        for key in ["{wide_bar}", "{human_pos}/{human_len}", "{eta}"] {
            assert!(template.contains(key), "{template}");
        }
        assert!(Look::Bar.style().is_some() && Look::Count.style().is_some());
        assert_eq!(rate_text(456_789.9), "456,789/s");
        assert_eq!(rate_text(0.5), "30/min");
    }

    /// A loopy solve's reports in their order: the look changes where the total's being
    /// known does, within a step too, and a report arriving late never moves the count back.
    #[test]
    fn the_look_follows_the_total_from_step_to_step() {
        let n = 3_202_071;
        let mut shown = Shown::default();
        let mut change = |p| shown.change(p);
        let change_of = |step, look, total, done| Change {
            step,
            look,
            total,
            done,
        };
        let walk = |done, total| report(Phase::Walk, 0, 1, done, total);
        let step = |tier, done, total| report(Phase::Step, tier, 5, done, total);
        let steps = [
            (
                walk(1, None),
                change_of(true, Some(Look::Count), None, Some(1)),
            ),
            (walk(500, None), change_of(false, None, None, Some(500))),
            (walk(400, None), change_of(false, None, None, None)),
            (
                walk(n, Some(n)),
                change_of(false, Some(Look::Bar), Some(n), Some(n)),
            ),
            (step(0, 0, Some(n)), change_of(true, None, None, Some(0))),
            (
                step(0, 65_536, Some(n)),
                change_of(false, None, None, Some(65_536)),
            ),
            (step(3, 0, Some(9)), change_of(true, None, Some(9), Some(0))),
            (
                step(4, 0, None),
                change_of(true, Some(Look::Count), None, Some(0)),
            ),
            (step(4, 0, None), change_of(false, None, None, None)),
            (
                report(Phase::Write, 0, 1, 0, None),
                change_of(true, None, None, Some(0)),
            ),
        ];
        for (progress, expected) in steps {
            assert_eq!(change(progress), expected, "{progress:?}");
        }
    }

    #[test]
    fn a_game_without_tiers_says_its_steps_not_tiers() {
        assert_eq!(step_text(report(Phase::Walk, 0, 1, 9, None)), "walk");
        assert_eq!(
            step_text(report(Phase::Sort, 0, 1, 0, None)),
            "sort the keys"
        );
        assert_eq!(
            step_text(report(Phase::Step, 3, 5, 0, Some(9))),
            "solve step 3/4"
        );
        assert_eq!(
            step_text(report(Phase::Write, 0, 1, 0, None)),
            "write the file"
        );
        assert_eq!(
            step_text(report(Phase::Walk, 13, 25, 0, Some(9))),
            "walk tier 13/24"
        );
        assert_eq!(
            step_text(report(Phase::Solve, 3, 25, 0, Some(9))),
            "solve tier 3/24"
        );
    }
}
