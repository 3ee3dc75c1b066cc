//! A game opened by name, with a family's size that is not compiled in solved on first use
//! (`perfect_play::games::open_with`) and shown on a terminal: a spinner on standard error
//! once the solve has taken a second, then one line with what was solved; nothing at all
//! when standard error is not a terminal, so that scripts see only their answers.

use std::io::{self, IsTerminal, Write as _};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use perfect_play::dynamic::DynGame;
use perfect_play::games::{self, OpenError, Solving};

/// How long a solve on first use runs before the terminal shows it.
const QUIET: Duration = Duration::from_secs(1);

/// The game called `name` (see [`games::open`]), a solve on first use shown on a terminal.
///
/// # Errors
/// As [`games::open`].
pub fn open(name: &str) -> Result<Box<dyn DynGame>, OpenError> {
    if !io::stderr().is_terminal() {
        return games::open(name);
    }
    let mut shown = Spinner::default();
    let opened = games::open_with(name, &mut |event| shown.see(event));
    shown.end(None);
    opened
}

/// The spinner of the solve under way, if one is.
#[derive(Default)]
struct Spinner {
    running: Option<Running>,
}

/// A solve under way: its clock, and the thread that shows the spinner after [`QUIET`].
struct Running {
    started: Instant,
    stop: mpsc::Sender<()>,
    shower: JoinHandle<bool>,
}

impl Spinner {
    /// Starts the clock (and the delayed spinner) when a solve starts, ends it when it ends.
    fn see(&mut self, event: Solving<'_>) {
        match event {
            Solving::Started { name } => {
                self.end(None);
                let (stop, stopped) = mpsc::channel();
                let message = format!("solving {name} on first use (it is not compiled in)");
                let shower = thread::spawn(move || spin(&message, &stopped));
                self.running = Some(Running {
                    started: Instant::now(),
                    stop,
                    shower,
                });
            }
            Solving::Done { name, positions } => self.end(Some((name, positions))),
        }
    }

    /// Stops the spinner; if it was shown, says what was solved and how long it took.
    fn end(&mut self, done: Option<(&str, u64)>) {
        let Some(running) = self.running.take() else {
            return;
        };
        let _ = running.stop.send(());
        let was_shown = running.shower.join().unwrap_or(false);
        if let (true, Some((name, positions))) = (was_shown, done) {
            let seconds = running.started.elapsed().as_secs_f64();
            // A terminal that cannot be written to loses only this line.
            let _ = writeln!(
                io::stderr().lock(),
                "solved {name} on first use: {positions} positions in {seconds:.1} s"
            );
        }
    }
}

/// Waits [`QUIET`] for `stopped`; if the solve is still running then, spins with `message`
/// until it ends. Whether the spinner was shown.
fn spin(message: &str, stopped: &mpsc::Receiver<()>) -> bool {
    match stopped.recv_timeout(QUIET) {
        Ok(()) | Err(RecvTimeoutError::Disconnected) => return false,
        Err(RecvTimeoutError::Timeout) => {}
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
        bar.set_style(style);
    }
    bar.set_message(message.to_owned());
    bar.enable_steady_tick(Duration::from_millis(120));
    let _ = stopped.recv();
    bar.finish_and_clear();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solve_within_a_second_shows_nothing() {
        let (stop, stopped) = mpsc::channel();
        stop.send(()).unwrap();
        assert!(!spin("solving", &stopped));
    }

    #[test]
    fn a_solve_past_a_second_shows_the_spinner_until_it_ends() {
        let (stop, stopped) = mpsc::channel();
        let shower = thread::spawn(move || spin("solving", &stopped));
        thread::sleep(QUIET + Duration::from_millis(300));
        stop.send(()).unwrap();
        assert!(shower.join().unwrap());
    }

    #[test]
    fn a_compiled_game_opens_without_a_solve() {
        let mut shown = Spinner::default();
        let game = games::open_with("tictactoe", &mut |event| shown.see(event)).unwrap();
        assert!(shown.running.is_none());
        assert_eq!(game.about().name, "tictactoe");
    }
}
