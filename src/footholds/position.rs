//! A game in progress, any side to move, and its analysis: what each step is worth.

use alloc::vec::Vec;

use super::bits::{Cells, bit, coords, index, spread};
use super::budget::Budget;
use super::error::{BadSquare, FootholdsError};
use super::grid::Grid;
use super::solver::{FootholdsPlayer, Solver};

/// A footholds game in progress: the tiles left, where A and B stand, whose turn it is.
///
/// ```
/// use perfect_play::footholds::{Grid, Position, FootholdsPlayer};
///
/// let grid = Grid::new(&[[1, 1, 1], [1, 1, 1], [1, 1, 1]])?;
/// let start = Position::start(&grid, (1, 0), (1, 2))?;
/// assert_eq!(start.steps().collect::<Vec<_>>(), [(0, 0), (1, 1), (2, 0)]);
/// let next = start.step((1, 1))?;
/// assert_eq!(next.to_move(), FootholdsPlayer::B);
/// assert!(!next.tiles().has_tile(1, 0)); // the tile A left vanished
/// # Ok::<(), perfect_play::footholds::FootholdsError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    tiles: Grid,
    a: (usize, usize),
    b: (usize, usize),
    to_move: FootholdsPlayer,
}

impl Position {
    /// The start of a game: A to move.
    ///
    /// # Errors
    ///
    /// As [`solve`](super::solve)'s: [`FootholdsError::Square`] with
    /// [`BadSquare::StartOffGrid`](BadSquare::StartOffGrid) or
    /// [`BadSquare::StartNoTile`](BadSquare::StartNoTile), A checked first.
    pub fn start(
        grid: &Grid,
        a: (usize, usize),
        b: (usize, usize),
    ) -> Result<Position, FootholdsError> {
        for (side, at) in [(FootholdsPlayer::A, a), (FootholdsPlayer::B, b)] {
            super::solver::start(grid, side, at)?;
        }
        Ok(Position {
            tiles: *grid,
            a,
            b,
            to_move: FootholdsPlayer::A,
        })
    }

    /// Any position: `tiles` are the tiles left. Both squares must lie on the grid; the
    /// side not to move must stand on a tile; the side to move may stand on a square whose
    /// tile has vanished (the other just stepped off the square they shared): the game is
    /// then finished and the side to move has lost.
    ///
    /// # Errors
    ///
    /// [`FootholdsError::Square`] with [`BadSquare::StandsOffGrid`](BadSquare::StandsOffGrid)
    /// if a square is off the grid (A checked first), or with
    /// [`BadSquare::StandsNoTile`](BadSquare::StandsNoTile) if the side not to move
    /// stands without a tile.
    pub fn new(
        tiles: &Grid,
        a: (usize, usize),
        b: (usize, usize),
        to_move: FootholdsPlayer,
    ) -> Result<Position, FootholdsError> {
        for (side, at) in [(FootholdsPlayer::A, a), (FootholdsPlayer::B, b)] {
            if !tiles.contains(at.0, at.1) {
                let why = BadSquare::StandsOffGrid;
                return Err(FootholdsError::Square { side, at, why });
            }
        }
        let waiting = to_move.other();
        let at = if waiting == FootholdsPlayer::A { a } else { b };
        if !tiles.has_tile(at.0, at.1) {
            let why = BadSquare::StandsNoTile;
            return Err(FootholdsError::Square {
                side: waiting,
                at,
                why,
            });
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
    pub const fn to_move(&self) -> FootholdsPlayer {
        self.to_move
    }

    /// Where the side to move stands, and where the other does.
    const fn squares(&self) -> ((usize, usize), (usize, usize)) {
        match self.to_move {
            FootholdsPlayer::A => (self.a, self.b),
            FootholdsPlayer::B => (self.b, self.a),
        }
    }

    /// The squares the side to move can step onto (orthogonal neighbours with a tile;
    /// none if its own tile has vanished), in row-major order.
    pub fn steps(&self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (from, _) = self.squares();
        let mask = if self.tiles.has_tile(from.0, from.1) {
            spread(bit(index(from.0, from.1))) & self.tiles.tiles()
        } else {
            0
        };
        Cells(mask).map(coords)
    }

    /// Whether the game is finished: the side to move has no step, and has lost.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.steps().next().is_none()
    }

    /// The position after the side to move steps onto `to`: its tile left behind
    /// vanishes, the other side is to move.
    ///
    /// # Errors
    ///
    /// [`FootholdsError::IllegalStep`] if `to` is not one of [`Position::steps`].
    pub fn step(&self, to: (usize, usize)) -> Result<Position, FootholdsError> {
        let (from, _) = self.squares();
        if !self.steps().any(|step| step == to) {
            return Err(FootholdsError::IllegalStep { from, to });
        }
        let (a, b) = match self.to_move {
            FootholdsPlayer::A => (to, self.b),
            FootholdsPlayer::B => (self.a, to),
        };
        Ok(Position {
            tiles: self.tiles.without_tile(from.0, from.1),
            a,
            b,
            to_move: self.to_move.other(),
        })
    }
}

/// What a position is worth with perfect play, and what each step leads to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Analysis {
    /// Who wins with perfect play from here.
    pub winner: FootholdsPlayer,
    /// Moves left, both players', with perfect play (0 when finished: the side to move has
    /// lost).
    pub moves: u32,
    /// Every legal step, best first for the side to move (winning steps fastest first,
    /// then losing steps slowest first; ties in row-major order).
    pub steps: Vec<StepValue>,
    /// One optimal line from here (the squares stepped onto, in order), `moves` long.
    pub line: Vec<(usize, usize)>,
}

/// One step and where it leads with perfect play afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepValue {
    /// The square stepped onto, `(row, col)`.
    pub to: (usize, usize),
    /// Who wins with perfect play after this step.
    pub winner: FootholdsPlayer,
    /// Moves left counting this step, with perfect play afterwards.
    pub moves: u32,
}

impl Solver {
    /// Analyses a position in progress: who wins, in how many moves, what every step is
    /// worth, and one optimal line.
    ///
    /// Built on [`Solver::solve_within`], once a step: the position after a step is a
    /// start with the other player to move, so it is solved with the roles swapped (the
    /// player to move as "A"); a step off a square both players share wins at once, in 1
    /// move. `budget` caps the whole analysis: the positions each search uses are taken
    /// off what the next may use, and a deadline holds for all. Past it, the answer is
    /// [`FootholdsError::OutOfBudget`] with the positions of every search so far.
    /// [`Solver::stats`] afterwards tells the work of the last search only.
    ///
    /// # Errors
    ///
    /// Only [`FootholdsError::OutOfBudget`].
    ///
    /// ```
    /// use perfect_play::footholds::{Budget, Grid, Position, FootholdsPlayer, Solver};
    ///
    /// // The problem's first example, after A's first step to the middle.
    /// let grid = Grid::new(&[[1, 1, 1], [1, 1, 1], [1, 1, 1]])?;
    /// let position = Position::start(&grid, (1, 0), (1, 2))?.step((1, 1))?;
    /// let analysis = Solver::new().analyze(&position, Budget::UNLIMITED)?;
    /// assert_eq!((analysis.winner, analysis.moves), (FootholdsPlayer::A, 4));
    /// assert_eq!(analysis.line.len(), 4);
    /// # Ok::<(), perfect_play::footholds::FootholdsError>(())
    /// ```
    pub fn analyze(
        &mut self,
        position: &Position,
        budget: Budget,
    ) -> Result<Analysis, FootholdsError> {
        let mover = position.to_move();
        let mut used = 0u64;
        let mut found: Vec<(StepValue, Vec<(usize, usize)>)> = Vec::new();
        for to in position.steps() {
            let next = position.step(to)?;
            if next.is_finished() {
                found.push((
                    StepValue {
                        to,
                        winner: mover,
                        moves: 1,
                    },
                    alloc::vec![to],
                ));
                continue;
            }
            // The other player moves first from `next`: it is "A" of the search.
            let (first, second) = next.squares();
            let solution = match self.solve_within(&next.tiles(), first, second, budget.less(used))
            {
                Ok(solution) => solution,
                Err(FootholdsError::OutOfBudget { positions }) => {
                    return Err(FootholdsError::OutOfBudget {
                        positions: used.saturating_add(positions),
                    });
                }
                Err(error) => return Err(error),
            };
            used = used.saturating_add(self.stats().positions);
            let winner = if solution.winner == FootholdsPlayer::A {
                mover.other()
            } else {
                mover
            };
            let mut line = Vec::with_capacity(solution.line.len() + 1);
            line.push(to);
            line.extend(solution.line);
            found.push((
                StepValue {
                    to,
                    winner,
                    moves: solution.moves.saturating_add(1),
                },
                line,
            ));
        }
        // Stable: equally good steps keep their row-major order.
        found.sort_by_key(|(step, _)| {
            if step.winner == mover {
                (0, i64::from(step.moves))
            } else {
                (1, -i64::from(step.moves))
            }
        });
        let (winner, moves, line) = match found.first() {
            Some((best, line)) => (best.winner, best.moves, line.clone()),
            None => (mover.other(), 0, Vec::new()),
        };
        Ok(Analysis {
            winner,
            moves,
            steps: found.into_iter().map(|(step, _)| step).collect(),
            line,
        })
    }
}
