//! The compiled half of the `perfect_play` Python package (`perfect_play._native`): every
//! game of perfect-play's registry and the footholds solver, for Python.
//!
//! Nothing here knows a game: `game::Game` holds the game's dynamic handle
//! (`perfect_play::dynamic::DynGame`, from `perfect_play::games::open`), so a game the
//! registry opens (registered in `src/games/list.rs`, or opened at run time) is in Python
//! with no line written here. The pure-Python half
//! (`python/perfect_play/__init__.py`) re-exports this module; its stubs are
//! `python/perfect_play/_native.pyi`. The bridges to OpenSpiel and PettingZoo
//! (`perfect_play/openspiel.py`, `perfect_play/pettingzoo.py`) are pure Python over
//! `Game.pick`, `Game.policy` (`level.rs`), `Game.labels` (`labels.rs`) and `probe_many`
//! (`batch.rs`, which remembers its answers in `memo.rs`); `text.rs` reads a `str`'s text
//! through the stable ABI of 3.9, the oldest the wheel runs on.

mod batch;
mod error;
mod footholds;
mod game;
mod labels;
mod level;
mod memo;
mod text;

use pyo3::prelude::*;

/// Perfect play for small two-player games: every position legal play reaches, solved when
/// the package was built, each question one lookup.
///
/// `games()` lists every solved game; `game(name)` gives one: probe a position, list and
/// play its moves, or probe many positions at once. `solve_footholds` and
/// `FootholdsSolver` solve the disappearing-footholds game (Programmers 92345) at run time.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::Game>()?;
    m.add_class::<game::Probe>()?;
    m.add_class::<game::RankedMove>()?;
    m.add_class::<game::Piece>()?;
    m.add_function(wrap_pyfunction!(game::games, m)?)?;
    m.add_function(wrap_pyfunction!(game::game, m)?)?;
    m.add_function(wrap_pyfunction!(game::open_table, m)?)?;
    m.add_class::<footholds::FootholdsSolver>()?;
    m.add_class::<footholds::FootholdsSolution>()?;
    m.add_function(wrap_pyfunction!(footholds::solve_footholds, m)?)?;
    let py = m.py();
    m.add("NotationError", py.get_type::<error::NotationError>())?;
    m.add("OutOfBudgetError", py.get_type::<error::OutOfBudgetError>())?;
    m.add("DRAW", batch::DRAW)?;
    m.add("FIRST_WINS", batch::FIRST_WINS)?;
    m.add("SECOND_WINS", batch::SECOND_WINS)?;
    m.add("UNREACHABLE", batch::UNREACHABLE)?;
    m.add("ENDLESS", perfect_play::ENDLESS)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
