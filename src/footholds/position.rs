//! A footholds game in progress, and what every step from it is worth.
//!
//! [`Solver::solve`] answers a game from its start, A to move. A person playing or
//! stepping through a game asks about any position on the way: the tiles left, where both
//! players stand, whose turn it is. That is the start of another game: when B is to move,
//! it is A's problem with the roles swapped, so [`Solver::analyze`] asks the solver about
//! the position and about each step from it.

use alloc::vec::Vec;

use super::budget::Budget;
use super::error::FootholdsError;
use super::grid::Grid;
use super::solver::{Side, Solver};

/// A footholds game in progress: the tiles left, where A and B stand, whose turn it is.
///
/// ```
/// use perfect_play::footholds::{Budget, Grid, Position, Side, Solver};
///
/// // The problem's first example, after A's first step onto the middle tile.
/// let grid = Grid::new(&[[1, 1, 1], [1, 1, 1], [1, 1, 1]])?;
/// let position = Position::start(&grid, (1, 0), (1, 2))?.step((1, 1))?;
/// assert_eq!(position.to_move(), Side::B);
/// assert!(!position.tiles().has_tile(1, 0));
/// let analysis = Solver::new().analyze(&position, Budget::UNLIMITED)?;
/// assert_eq!((analysis.winner, analysis.moves), (Side::A, 4));
/// assert_eq!(analysis.steps.len(), 3); // B steps up, down, or onto A's tile
/// # Ok::<(), perfect_play::footholds::FootholdsError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    tiles: Grid,
    a: (usize, usize),
    b: (usize, usize),
    to_move: Side,
}

impl Position {
    /// The start of a game: A at `a`, B at `b`, A to move. Fails as [`solve`](super::solve)
    /// does if a square is off the grid or has no tile (A's is checked first).
    pub fn start(
        grid: &Grid,
        a: (usize, usize),
        b: (usize, usize),
    ) -> Result<Position, FootholdsError> {
        if grid.contains(a.0, a.1) && !grid.has_tile(a.0, a.1) {
            return Err(FootholdsError::StartNoTile { side: Side::A, at: a });
        }
        Position::new(grid, a, b, Side::A)
    }

    /// Any position: `tiles` are the tiles left. Both squares must lie on the grid, and
    /// the side not to move must stand on a tile. The side to move may stand where its
    /// tile has vanished (the other just stepped off the square they shared): the game is
    /// then finished and the side to move has lost.
    pub fn new(
        tiles: &Grid,
        a: (usize, usize),
        b: (usize, usize),
        to_move: Side,
    ) -> Result<Position, FootholdsError> {
        for (side, at) in [(Side::A, a), (Side::B, b)] {
            if !tiles.contains(at.0, at.1) {
                return Err(FootholdsError::StartOffGrid { side, at });
            }
            if side != to_move && !tiles.has_tile(at.0, at.1) {
                return Err(FootholdsError::StartNoTile { side, at });
            }
        }
        Ok(Position {
            tiles: *tiles,
            a,
            b,
            to_move,
        })
    }

    /// The tiles left.
    #[must_use]
    pub const fn tiles(&self) -> Grid {
        self.tiles
    }

    /// Where A stands, `(row, col)`.
    #[must_use]
    pub const fn a(&self) -> (usize, usize) {
        self.a
    }

    /// Where B stands, `(row, col)`.
    #[must_use]
    pub const fn b(&self) -> (usize, usize) {
        self.b
    }

    /// Whose turn it is.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// Where the side to move stands, then where the other stands.
    const fn squares(&self) -> ((usize, usize), (usize, usize)) {
        match self.to_move {
            Side::A => (self.a, self.b),
            Side::B => (self.b, self.a),
        }
    }

    /// The squares the side to move can step onto: the neighbours up, left, right and
    /// down (row-major order) that have a tile; none if its own tile has vanished.
    pub fn steps(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let ((row, col), _) = self.squares();
        let standing = self.tiles.has_tile(row, col);
        let up = row.checked_sub(1).map(|up| (up, col));
        let left = col.checked_sub(1).map(|left| (row, left));
        [up, left, Some((row, col + 1)), Some((row + 1, col))]
            .into_iter()
            .flatten()
            .filter(move |&(r, c)| standing && self.tiles.has_tile(r, c))
    }

    /// Whether the game is over: the side to move has no step, and has lost.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.steps().next().is_none()
    }

    /// The position after the side to move steps onto `to`: the tile it leaves vanishes
    /// and the other side is to move.
    ///
    /// # Errors
    ///
    /// [`FootholdsError::IllegalStep`] if `to` is not one of [`Position::steps`].
    pub fn step(&self, to: (usize, usize)) -> Result<Position, FootholdsError> {
        let (from, _) = self.squares();
        if !self.steps().any(|step| step == to) {
            return Err(FootholdsError::IllegalStep { from, to });
        }
        let tiles = self.tiles.without_tile(from.0, from.1);
        Ok(match self.to_move {
            Side::A => Position {
                tiles,
                a: to,
                b: self.b,
                to_move: Side::B,
            },
            Side::B => Position {
                tiles,
                a: self.a,
                b: to,
                to_move: Side::A,
            },
        })
    }
}

/// What a position is worth with perfect play, and what each step leads to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Analysis {
    /// Who wins with perfect play from here.
    pub winner: Side,
    /// Moves left, both players', with perfect play (0 when the game is finished: the side
    /// to move has lost).
    pub moves: u32,
    /// Every step the side to move can take, best first for it: winning steps fastest
    /// first, then losing steps slowest first; ties in row-major order.
    pub steps: Vec<StepValue>,
    /// One optimal line from here: the squares stepped onto, in order, `moves` long.
    pub line: Vec<(usize, usize)>,
}

/// One step and where it leads with perfect play afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepValue {
    /// The square stepped onto.
    pub to: (usize, usize),
    /// Who wins after this step, with perfect play.
    pub winner: Side,
    /// Moves left in all, this step included.
    pub moves: u32,
}

impl Solver {
    /// Analyses a position in progress: who wins, in how many moves, one optimal line,
    /// and every step with its value.
    ///
    /// The solver is asked about the position and about the position after each step, so
    /// a [`Budget`] of positions caps each of those searches; a time budget is a deadline
    /// for them all.
    ///
    /// # Errors
    ///
    /// [`FootholdsError::OutOfBudget`] if a search used up the budget.
    pub fn analyze(
        &mut self,
        position: &Position,
        budget: Budget,
    ) -> Result<Analysis, FootholdsError> {
        let (winner, moves, line) = self.value(position, budget)?;
        let mut steps = Vec::new();
        for to in position.steps() {
            let (winner, later, _) = self.value(&position.step(to)?, budget)?;
            steps.push(StepValue {
                to,
                winner,
                moves: later + 1,
            });
        }
        let mover = position.to_move();
        // Stable: equally good steps keep their row-major order.
        steps.sort_by_key(|step| {
            if step.winner == mover {
                (0, i64::from(step.moves))
            } else {
                (1, -i64::from(step.moves))
            }
        });
        Ok(Analysis {
            winner,
            moves,
            steps,
            line,
        })
    }

    /// Who wins from `position`, in how many moves, and one optimal line.
    fn value(
        &mut self,
        position: &Position,
        budget: Budget,
    ) -> Result<(Side, u32, Vec<(usize, usize)>), FootholdsError> {
        let mover = position.to_move();
        let (here, there) = position.squares();
        if !position.tiles().has_tile(here.0, here.1) {
            return Ok((mover.other(), 0, Vec::new()));
        }
        // The side to move plays A's part.
        let solution = self.solve_within(&position.tiles(), here, there, budget)?;
        let winner = match solution.winner {
            Side::A => mover,
            Side::B => mover.other(),
        };
        Ok((winner, solution.moves, solution.line))
    }
}
