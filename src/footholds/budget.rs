//! How much work one query may do before the solver gives up.

/// A limit on one query: at most so many positions searched, and (with the `std` feature)
/// an instant after which the search stops.
///
/// A query that runs out fails with [`FootholdsError::OutOfBudget`](super::FootholdsError::OutOfBudget)
/// instead of running on; one that finishes within it gives exactly the answer an
/// unlimited query gives. Meant for callers that answer untrusted queries, such as a web
/// server: every grid up to 8x8 is solvable, but a caller may want a hard ceiling anyway.
///
/// Positions are counted as [`Stats::positions`](super::Stats::positions) counts them;
/// the longest-walk searches run once the players are separated are not counted (each is
/// short, and they run only from counted positions). The clock is read once every 1,024
/// positions, so a deadline may be overrun by the time those take (well under a
/// millisecond).
///
/// ```
/// use perfect_play::footholds::{Budget, FootholdsError, Grid, Solver};
///
/// let grid = Grid::new(&[[1u8; 8]; 8])?;
/// let mut solver = Solver::new();
/// // Ten positions are not enough for the full 8x8 grid...
/// let error = solver.solve_within(&grid, (3, 3), (4, 4), Budget::positions(10));
/// assert!(matches!(error, Err(FootholdsError::OutOfBudget { .. })));
/// // ...but plenty are: the same answer as without a budget.
/// let grid = Grid::new(&[[1u8; 4]; 4])?;
/// let within = solver.solve_within(&grid, (0, 0), (3, 3), Budget::positions(1_000_000))?;
/// let without = solver.solve(&grid, (0, 0), (3, 3))?;
/// assert_eq!((within.moves, within.winner), (without.moves, without.winner));
/// # Ok::<(), perfect_play::footholds::FootholdsError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Budget {
    /// The most positions the query may search; `None` for no limit.
    positions: Option<u64>,
    /// When the query must stop; `None` for no limit.
    #[cfg(feature = "std")]
    deadline: Option<std::time::Instant>,
}

impl Budget {
    /// No limit at all: what [`Solver::solve`](super::Solver::solve) uses.
    pub const UNLIMITED: Budget = Budget {
        positions: None,
        #[cfg(feature = "std")]
        deadline: None,
    };

    /// At most `max` positions searched (see [`Stats::positions`](super::Stats::positions)).
    #[must_use]
    pub const fn positions(max: u64) -> Budget {
        Budget {
            positions: Some(max),
            #[cfg(feature = "std")]
            deadline: None,
        }
    }

    /// This budget, with the query also stopped once the clock passes `at`.
    #[cfg(feature = "std")]
    #[must_use]
    pub const fn until(self, at: std::time::Instant) -> Budget {
        Budget {
            deadline: Some(at),
            ..self
        }
    }

    /// A budget of `limit` from now on the clock, and no limit on positions.
    #[cfg(feature = "std")]
    #[must_use]
    pub fn time(limit: core::time::Duration) -> Budget {
        let now = std::time::Instant::now();
        // An instant too far ahead to represent is no limit.
        Budget {
            positions: None,
            deadline: now.checked_add(limit),
        }
    }

    /// The most positions the query may search, if limited.
    #[must_use]
    pub const fn max_positions(&self) -> Option<u64> {
        self.positions
    }

    /// What is left of this budget once `used` positions are spent: fewer positions, the
    /// same deadline. Lets one analysis of many searches share one budget.
    #[must_use]
    pub(crate) const fn less(self, used: u64) -> Budget {
        Budget {
            positions: match self.positions {
                Some(max) => Some(max.saturating_sub(used)),
                None => None,
            },
            ..self
        }
    }

    /// Whether the work so far (`positions` searched) is past the budget. Reads the clock
    /// only when `positions` is a multiple of 1,024.
    #[inline]
    pub(crate) fn exceeded(&self, positions: u64) -> bool {
        if let Some(max) = self.positions {
            if positions > max {
                return true;
            }
        }
        #[cfg(feature = "std")]
        if let Some(deadline) = self.deadline {
            if positions % 1024 == 0 && std::time::Instant::now() >= deadline {
                return true;
            }
        }
        false
    }

    /// The first count of positions after `positions` at which [`Budget::exceeded`] may
    /// say yes, so that the search need not ask before: one comparison a position.
    #[inline]
    pub(crate) fn next_check(&self, positions: u64) -> u64 {
        let mut next = u64::MAX;
        if let Some(max) = self.positions {
            next = max.saturating_add(1).max(positions.saturating_add(1));
        }
        #[cfg(feature = "std")]
        if self.deadline.is_some() {
            next = next.min((positions / 1024).saturating_add(1).saturating_mul(1024));
        }
        next
    }
}
