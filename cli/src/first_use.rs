//! A game opened by name, with a family's size that is not compiled in solved on first use
//! (`perfect_play::games::open_with`) and shown on a terminal: a spinner on standard error
//! ([`crate::thinking::spin`]) once the solve has taken a second, then one line with what
//! was solved; nothing at all
//! when standard error is not a terminal, so that scripts see only their answers.

use std::io::{self, IsTerminal, Write as _};
use std::sync::mpsc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use perfect_play::dynamic::DynGame;
use perfect_play::games::{self, OpenError, Solving};

use super::thinking::spin;

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
    let mut shown = Shown::default();
    let opened = games::open_with(name, &mut |event| shown.see(event));
    shown.end(None);
    opened
}

/// The spinner of the solve under way, if one is.
#[derive(Default)]
struct Shown {
    running: Option<Running>,
}

/// A solve under way: its clock, and the thread that shows the spinner after [`QUIET`].
struct Running {
    started: Instant,
    stop: mpsc::Sender<()>,
    shower: JoinHandle<bool>,
}

impl Shown {
    /// Starts the clock (and the delayed spinner) when a solve starts, ends it when it ends.
    fn see(&mut self, event: Solving<'_>) {
        match event {
            Solving::Started { name } => {
                self.end(None);
                let (stop, stopped) = mpsc::channel();
                let message = format!("solving {name} on first use (it is not compiled in)");
                let shower = thread::spawn(move || spin(&message, &stopped, QUIET));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compiled_game_opens_without_a_solve() {
        let mut shown = Shown::default();
        let game = games::open_with("tictactoe", &mut |event| shown.see(event)).unwrap();
        assert!(shown.running.is_none());
        assert_eq!(game.about().name, "tictactoe");
    }
}
