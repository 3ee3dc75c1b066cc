//! The ranks of an MPI job as a [`Transport`] (feature `mpi`): every MPI call of the
//! solve is here, on rsmpi (the `mpi` crate) over the system's MPI (Open MPI's
//! `libopenmpi-dev`; rsmpi's bindings need libclang). What the ranks say is only what the
//! driver asks of a transport: sums and votes, samples gathered, and the keys and records
//! of a tier exchanged all-to-all (`MPI_Alltoallv`) in rounds of bounded size.

use std::borrow::Cow;
use std::cell::Cell;
use std::vec::Vec;

use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::Universe;
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, CommunicatorCollectives};

use super::SolveFileError;
use super::transport::{Collective, Item, Transport};

/// This process as one rank of an MPI job: made once, before the solve, by
/// [`Mpi::initialize`]; MPI is finalized when it is dropped.
///
/// Every rank of the job runs the same program (`mpirun -np 4 my-solver`):
///
/// ```no_run
/// use perfect_play_generate::{Game, Mpi, Options, Transport, launched, solve_file_on};
/// # fn solve<G: Game + std::fmt::Debug + Send + Sync>(options: &Options) {
/// if launched().is_some() {
///     let Some(world) = Mpi::initialize() else { return };
///     let out = std::path::Path::new("my-game.table");
///     match solve_file_on("my-game", G::start(), out, options, &world) {
///         Ok(summary) if world.rank() == 0 => println!("{} positions", summary.positions),
///         Ok(_) => {}
///         Err(error) => {
///             eprintln!("rank {} failed: {error}", world.rank());
///             world.abort(); // the other ranks would wait for this one for ever
///         }
///     }
/// }
/// # }
/// ```
pub struct Mpi {
    /// The job's ranks (before `universe`, so that it is dropped first).
    world: SimpleCommunicator,
    rank: usize,
    size: usize,
    /// Bytes this rank has sent to the others.
    sent: Cell<u64>,
    /// MPI itself, finalized when dropped.
    _universe: Universe,
}

impl std::fmt::Debug for Mpi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mpi {{ rank: {}, ranks: {} }}", self.rank, self.size)
    }
}

impl Mpi {
    /// MPI initialized, and this process's rank of the job; `None` if MPI could not be
    /// initialized, or already was.
    #[must_use]
    pub fn initialize() -> Option<Mpi> {
        let universe = mpi::initialize()?;
        let world = universe.world();
        let rank = usize::try_from(world.rank()).unwrap_or(0);
        let size = usize::try_from(world.size()).unwrap_or(1).max(1);
        Some(Mpi {
            world,
            rank,
            size,
            sent: Cell::new(0),
            _universe: universe,
        })
    }

    /// All-to-all of variable counts, in rounds of bounded size: `send` holds the items
    /// for rank 0, then rank 1..., `counts[d]` of them for rank `d`. Returns what every
    /// rank sent this one, in rank order, and how many from each.
    fn all_to_all<T: Item>(&self, send: &[T], counts: &[usize]) -> (Vec<T>, Vec<usize>) {
        // At most this many items to one rank a round: every count and displacement of a
        // round stays far below MPI's `int`.
        let batch = (1usize << 28) / self.size;
        let mine = counts.iter().map(|c| c.div_ceil(batch)).max().unwrap_or(0) as u64;
        let mut rounds = 0u64;
        self.world
            .all_reduce_into(&mine, &mut rounds, SystemOperation::max());
        let mut starts = Vec::with_capacity(self.size);
        let mut at = 0usize;
        for &c in counts {
            starts.push(at);
            at += c;
        }
        let whole = counts.iter().sum::<usize>() == send.len() && !send.is_empty();
        let mut got: Vec<Vec<T>> = vec![Vec::new(); self.size];
        for round in 0..rounds as usize {
            let low = round * batch;
            let sc: Vec<i32> = (0..self.size)
                .map(|d| {
                    let c = counts.get(d).copied().unwrap_or(0);
                    c.saturating_sub(low).min(batch) as i32
                })
                .collect();
            let mut rc = vec![0i32; self.size];
            self.world.all_to_all_into(sc.as_slice(), rc.as_mut_slice());
            for (d, &c) in sc.iter().enumerate() {
                if d != self.rank {
                    let bytes = c as u64 * std::mem::size_of::<T>() as u64;
                    self.sent.set(self.sent.get() + bytes);
                }
            }
            // One round sends `send` as it is; rounds send a copy of each rank's slice.
            // Never an empty allocation: an empty `Vec<u8>`'s pointer is 1, Open MPI's
            // `MPI_IN_PLACE`, which `MPI_Alltoallv` refuses (MPI_ERR_ARG).
            let copied: Vec<T>;
            let outgoing: &[T] = if rounds == 1 && whole {
                send
            } else {
                let mut buf =
                    Vec::with_capacity(sc.iter().map(|&c| c as usize).sum::<usize>().max(1));
                for (d, &c) in sc.iter().enumerate() {
                    let from = starts.get(d).copied().unwrap_or(0) + low;
                    buf.extend_from_slice(send.get(from..from + c as usize).unwrap_or(&[]));
                }
                copied = buf;
                &copied
            };
            let sd = displacements(&sc);
            let rd = displacements(&rc);
            let total: usize = rc.iter().map(|&c| c as usize).sum();
            let mut recv: Vec<T> = Vec::with_capacity(total.max(1));
            recv.resize(total, T::default());
            {
                let outgoing = Partition::new(outgoing, sc.as_slice(), sd.as_slice());
                let mut incoming =
                    PartitionMut::new(recv.as_mut_slice(), rc.as_slice(), rd.as_slice());
                self.world
                    .all_to_all_varcount_into(&outgoing, &mut incoming);
            }
            if rounds == 1 {
                // Already in rank order: given as it came, not copied again.
                return (recv, rc.iter().map(|&c| c as usize).collect());
            }
            for ((list, &c), &d) in got.iter_mut().zip(&rc).zip(&rd) {
                let d = d as usize;
                list.extend_from_slice(recv.get(d..d + c as usize).unwrap_or(&[]));
            }
        }
        let counts = got.iter().map(Vec::len).collect();
        (got.concat(), counts)
    }
}

impl Transport for Mpi {
    fn rank(&self) -> usize {
        self.rank
    }

    fn ranks(&self) -> usize {
        self.size
    }

    fn gather(&self, n: u64) -> Vec<u64> {
        let mut all = vec![0u64; self.size];
        self.world.all_gather_into(&n, all.as_mut_slice());
        all
    }

    fn abort(&self) {
        if self.size > 1 {
            self.world.abort(2)
        }
    }
}

impl Collective for Mpi {
    fn all(&self, ok: bool) -> bool {
        let mut all = 0u8;
        self.world
            .all_reduce_into(&u8::from(ok), &mut all, SystemOperation::min());
        all == 1
    }

    fn sum(&self, n: u64) -> u64 {
        let mut sum = 0u64;
        self.world
            .all_reduce_into(&n, &mut sum, SystemOperation::sum());
        sum
    }

    fn max(&self, n: u64) -> u64 {
        let mut most = 0u64;
        self.world
            .all_reduce_into(&n, &mut most, SystemOperation::max());
        most
    }

    fn gather_keys(&self, mine: &[u64]) -> Result<Vec<u64>, SolveFileError> {
        // Every rank gathers the same counts, so keys too many for MPI's `int` are refused
        // by every rank alike.
        let gathered = self.gather(mine.len() as u64);
        let total: u64 = gathered.iter().sum();
        let counts: Vec<i32> = gathered
            .iter()
            .map(|&n| i32::try_from(n).ok())
            .collect::<Option<_>>()
            .filter(|_| i32::try_from(total).is_ok())
            .ok_or_else(|| {
                SolveFileError::Game(format!(
                    "the ranks' samples hold {total} keys, more than one MPI exchange takes"
                ))
            })?;
        let at = displacements(&counts);
        let total = usize::try_from(total).unwrap_or(0);
        // Never an empty allocation (see `exchange`).
        let mut all = vec![0u64; total.max(1)];
        {
            let mut into = PartitionMut::new(all.as_mut_slice(), counts.as_slice(), at.as_slice());
            self.world.all_gather_varcount_into(mine, &mut into);
        }
        all.truncate(total);
        Ok(all)
    }

    fn exchange<'a, I: Item>(&self, send: &'a [I], counts: &[usize]) -> (Cow<'a, [I]>, Vec<usize>) {
        let (got, from) = self.all_to_all(send, counts);
        (Cow::Owned(got), from)
    }

    fn sent(&self) -> u64 {
        self.sent.get()
    }
}

/// Where each of `counts`' parts starts.
pub(crate) fn displacements(counts: &[i32]) -> Vec<i32> {
    let mut at = 0;
    counts
        .iter()
        .map(|&c| {
            let d = at;
            at += c;
            d
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_part_starts_where_the_parts_before_it_end() {
        assert_eq!(displacements(&[3, 0, 2, 1]), [0, 3, 3, 5]);
        assert_eq!(displacements(&[]), Vec::<i32>::new());
    }
}
