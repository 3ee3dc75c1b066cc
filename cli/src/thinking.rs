//! "Thinking" said on a terminal while an answer takes more than a moment: a spinner on
//! standard error with what is being worked out and the seconds it has taken, cleared
//! when the answer comes. Nothing at all when standard error is not a terminal, and never
//! on standard output, so that piped output and scripts see only their answers. `play`,
//! `review` and `analyze` wrap every question that may search in [`thinking`]; a solve on
//! first use ([`crate::first_use`]) shows the same spinner.

use std::io::{self, IsTerminal};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long an answer may take before the terminal says it is thinking: a lookup never
/// shows the spinner, a search a person would notice always does.
pub const MOMENT: Duration = Duration::from_millis(300);

/// Runs `work` and returns its answer; if standard error is a terminal and `work` takes
/// more than [`MOMENT`], a spinner says `thinking: {what}` until it ends.
///
/// The work runs on a thread of its own and the spinner on the caller's: a command's
/// output holds standard error's lock for its whole life (`Output`), and only the thread
/// that holds it may write there.
pub fn thinking<T: Send>(what: &str, work: impl FnOnce() -> T + Send) -> T {
    if !io::stderr().is_terminal() {
        return work();
    }
    let message = format!("thinking: {what}");
    thread::scope(|scope| {
        let (stop, stopped) = mpsc::channel();
        let worker = scope.spawn(move || {
            let answer = work();
            let _ = stop.send(());
            answer
        });
        spin(&message, &stopped, MOMENT);
        match worker.join() {
            Ok(answer) => answer,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Waits `quiet` for `stopped`; if the work still runs then, spins with `message` on
/// standard error until it ends, and clears the line. Whether the spinner was shown.
pub fn spin(message: &str, stopped: &mpsc::Receiver<()>, quiet: Duration) -> bool {
    match stopped.recv_timeout(quiet) {
        Ok(()) | Err(RecvTimeoutError::Disconnected) => return false,
        Err(RecvTimeoutError::Timeout) => {}
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}\u{2026} {elapsed}") {
        bar.set_style(style);
    }
    bar.set_message(message.to_owned());
    // Ticked from here, not from a thread of indicatif's: this thread may be the one that
    // holds standard error's lock.
    loop {
        match stopped.recv_timeout(Duration::from_millis(120)) {
            Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) => bar.tick(),
        }
    }
    bar.finish_and_clear();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_within_a_moment_shows_nothing() {
        let (stop, stopped) = mpsc::channel();
        stop.send(()).unwrap();
        assert!(!spin("thinking", &stopped, MOMENT));
    }

    #[test]
    fn an_answer_past_a_moment_shows_the_spinner_until_it_comes() {
        let (stop, stopped) = mpsc::channel();
        let shower = thread::spawn(move || spin("thinking", &stopped, MOMENT));
        thread::sleep(MOMENT + Duration::from_millis(300));
        stop.send(()).unwrap();
        assert!(shower.join().unwrap());
    }

    #[test]
    fn the_answer_is_the_work_s() {
        assert_eq!(thinking("adding", || 2 + 2), 4);
    }
}
