//! A graph over position indices, each position's edges in one flat array: what both
//! solvers keep of a game's moves (`solve.rs` and `flat.rs`).

use std::vec::Vec;

/// A graph over position indices, each position's edges in one flat array.
#[derive(Clone, Debug, Default)]
pub(crate) struct Graph {
    /// Where each position's edges start in `edges`, and one past the last.
    pub(crate) starts: Vec<u32>,
    /// Every position's edges, one after the other.
    pub(crate) edges: Vec<u32>,
}

impl Graph {
    /// The edges of position `i`.
    pub(crate) fn of(&self, i: usize) -> &[u32] {
        let start = self.starts.get(i).map_or(0, |&s| s as usize);
        let end = self.starts.get(i + 1).map_or(start, |&e| e as usize);
        self.edges.get(start..end).unwrap_or(&[])
    }

    /// How many positions.
    pub(crate) fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The reverse graph: each position's parents, once per edge that leads there.
    pub(crate) fn reversed(&self) -> Graph {
        let n = self.len();
        let mut starts = vec![0u32; n + 1];
        for &kid in &self.edges {
            if let Some(count) = starts.get_mut(kid as usize + 1) {
                *count += 1;
            }
        }
        for i in 0..n {
            let before = starts.get(i).copied().unwrap_or(0);
            if let Some(start) = starts.get_mut(i + 1) {
                *start += before;
            }
        }
        let mut fill = starts.clone();
        let mut edges = vec![0u32; self.edges.len()];
        for parent in 0..n {
            for &kid in self.of(parent) {
                if let Some(at) = fill.get_mut(kid as usize) {
                    if let Some(slot) = edges.get_mut(*at as usize) {
                        *slot = parent as u32;
                    }
                    *at += 1;
                }
            }
        }
        Graph { starts, edges }
    }
}
