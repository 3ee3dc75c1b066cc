//! What the server was started with and what its handlers share: the handlers
//! (`games.rs`, `footholds.rs`) and the router (`routes.rs`) all look down to it.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use super::limits::REVIEWS;

/// Bounds on the work the server takes on for strangers.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Searches run at once (footholds solves, and the answers of a game answered by
    /// search); more wait their turn, up to a point.
    pub solves: usize,
    /// The longest one search may take: a footholds solve, or all the searches of one
    /// answer of a game answered by search.
    pub solve_time: Duration,
}

/// What handlers share: the searches' permits and time bound, the game reviews' permits.
#[derive(Clone, Debug)]
pub struct Shared {
    /// One permit per search that may run at once (a footholds solve, an answer of a game
    /// answered by search).
    pub solves: Arc<Semaphore>,
    /// One permit per game review that may run at once ([`REVIEWS`]).
    pub reviews: Arc<Semaphore>,
    /// The limits the server was started with.
    pub limits: Limits,
}

impl Shared {
    /// The permits for a server started with `limits`.
    pub fn new(limits: &Limits) -> Shared {
        Shared {
            solves: Arc::new(Semaphore::new(limits.solves.max(1))),
            reviews: Arc::new(Semaphore::new(REVIEWS)),
            limits: *limits,
        }
    }
}
