//! What [`Dfs`](super::dfs::Dfs) and [`Dls`](super::dls::Dls) share: the explicit path, the
//! store of reached states with the least depth each was reached at, the counters, and the
//! bookkeeping of one expansion under the node and memory limits. Each search keeps its own
//! rule for which child to enter and what it remembers about leaves.
//!
//! **The stack as the frontier.** Both searches report their stack (the path) to their observer
//! as BFS and A* report their queue: a state is `generated` when it goes onto the path and
//! `expanded` when it leaves it, so generated minus expanded is exactly what the path holds. A
//! leaf (a state at the depth bound) goes on and off at once: `generated`, then `expanded`.
//! [`Stats::max_frontier`] is the deepest the path got.
//!
//! Memory estimate: the reached store (table, keys and one `u32` depth per state; see
//! [`node_store`](super::node_store)) and the path's states and actions.

use super::node_store::{KeyMode, Lookup, NodeStore, PathStack};
use super::{Limit, Limits, Progress, Stats};
use crate::game::Puzzle;

/// Whether a state reached again is entered again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Revisit {
    /// Never: each state is entered once.
    Never,
    /// When reached at a smaller depth than before (needed under a depth bound, where a state
    /// first met deep would otherwise hide the shallower routes through it).
    WhenShallower,
}

/// The shared state of a depth-first search (see the module doc).
pub(crate) struct DepthFirst<P: Puzzle> {
    limits: Limits,
    revisit: Revisit,
    /// Each reached state with the least depth it was reached at.
    reached: NodeStore<P::Key, u32>,
    pub(crate) path: PathStack<P>,
    /// The root, until the first expansion takes it.
    root: Option<P>,
    pub(crate) stats: Stats,
}

impl<P: Puzzle> DepthFirst<P> {
    pub(crate) fn new(limits: Limits, keys: KeyMode, revisit: Revisit) -> Self {
        DepthFirst {
            limits,
            revisit,
            reached: NodeStore::new(keys),
            path: PathStack::new(),
            root: None,
            stats: Stats::default(),
        }
    }

    /// Estimated bytes held (see the module doc).
    pub(crate) fn memory_bytes(&self) -> u64 {
        self.reached.memory_bytes() + self.path.memory_bytes()
    }

    /// Makes `root` the first state to expand.
    pub(crate) fn set_root(&mut self, root: P) {
        self.root = Some(root);
    }

    /// Records `state` as reached at `depth`; false if it must not be entered (reached before,
    /// and not at a greater depth when revisits are allowed). `None` when storing it would pass
    /// the memory limit.
    pub(crate) fn admit(&mut self, state: &P, depth: u32) -> Option<bool> {
        let headroom = self
            .limits
            .max_memory_bytes
            .saturating_sub(self.memory_bytes());
        if !self.reached.reserve(1, headroom) {
            return None;
        }
        let key = state.key();
        let key_heap = P::key_heap_bytes(&key);
        let admitted = match self.reached.find_or_insert(key, key_heap, depth)? {
            Lookup::Inserted(_) => true,
            Lookup::Found(_) if self.revisit == Revisit::Never => false,
            Lookup::Found(id) => {
                let known = self.reached.value_mut(id);
                let shallower = depth < *known;
                if shallower {
                    *known = depth;
                }
                shallower
            }
        };
        self.stats.stored = self.reached.len() as u64;
        Some(admitted)
    }

    /// The root, the first time (it is expanded before anything else).
    pub(crate) fn take_root(&mut self) -> Option<P> {
        self.root.take()
    }

    /// The next child below the path with its depth (counted as generated); `None` once every
    /// branch is tried. States whose branches are all tried leave the path first, each handed
    /// to `popped` with its depth.
    pub(crate) fn next_child(&mut self, popped: impl FnMut(&P, u32)) -> Option<(P, u32)> {
        let (_, child) = self.path.next_child(popped)?;
        // The child hangs below the deepest state left on the path.
        let depth = self.path.len() as u32;
        self.stats.generated += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        Some((child, depth))
    }

    /// Expands `state`: puts it on the path and counts it. Returns the state on the path, or the
    /// node limit when the search may expand no more.
    pub(crate) fn expand(&mut self, state: P) -> Result<&P, Progress> {
        if self.stats.expanded >= self.limits.max_nodes {
            return Err(Progress::LimitReached(Limit::Nodes));
        }
        self.path.push(state);
        self.stats.expanded += 1;
        self.stats.max_frontier = self.stats.max_frontier.max(self.path.len() as u64);
        self.path.top().ok_or(Progress::Exhausted)
    }

    /// The memory limit, if the search holds more than it allows.
    pub(crate) fn check_memory(&self) -> Result<(), Progress> {
        if self.memory_bytes() > self.limits.max_memory_bytes {
            Err(Progress::LimitReached(Limit::Memory))
        } else {
            Ok(())
        }
    }
}
