//! What [`Dfs`](super::dfs::Dfs) and [`Dls`](super::dls::Dls) share: the explicit path, the
//! store of reached states with the least depth each was reached at, the counters, the outcome,
//! the bookkeeping of one expansion under the node and memory limits, and the loop that runs
//! expansions under a budget ([`step`]). Each search keeps its own rule for which child to enter
//! and what it remembers about leaves ([`DepthFirstSearch::enters`]).
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
use super::{Limit, Limits, Observer, Progress, Stats, Visit};
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
    /// How the search ended, once it has.
    pub(crate) outcome: Option<Progress>,
    /// The plan to the win, once found.
    pub(crate) win_plan: Vec<P::Action>,
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
            outcome: None,
            win_plan: Vec::new(),
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
    /// and not at a greater depth when revisits are allowed). The memory limit when storing it
    /// would pass it.
    pub(crate) fn admit(&mut self, state: &P, depth: u32) -> Result<bool, Progress> {
        const MEMORY: Progress = Progress::LimitReached(Limit::Memory);
        let headroom = self
            .limits
            .max_memory_bytes
            .saturating_sub(self.memory_bytes());
        if !self.reached.reserve(1, headroom) {
            return Err(MEMORY);
        }
        let key = state.key();
        let key_heap = P::key_heap_bytes(&key);
        let found = self.reached.find_or_insert(key, key_heap, depth);
        let admitted = match found.ok_or(MEMORY)? {
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
        Ok(admitted)
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

    /// The next child below the path that is not a win, with its depth: states whose branches
    /// are all tried leave the path first, each reported to `observer` as expanded (visit value
    /// 0). Ends the search as exhausted when no child is left, and as solved at a winning child,
    /// with the plan to it in `win_plan`.
    fn next_unsolved_child(
        &mut self,
        observer: &mut impl Observer<P>,
    ) -> Result<(P, u32), Progress> {
        let popped = |state: &P, depth| observer.expanded(state, Visit { depth, value: 0.0 });
        let (child, depth) = self.next_child(popped).ok_or(Progress::Exhausted)?;
        if child.is_solved() {
            self.path.path_to_last_child(&mut self.win_plan);
            return Err(Progress::Solved);
        }
        Ok((child, depth))
    }

    /// Enters `state`, reached at `depth`: puts it on the path, counts it and reports it to
    /// `observer` as generated (visit value 0). The node limit when the search may expand no
    /// more, the memory limit when it then holds more than it allows.
    fn enter(
        &mut self,
        state: P,
        depth: u32,
        observer: &mut impl Observer<P>,
    ) -> Result<(), Progress> {
        if self.stats.expanded >= self.limits.max_nodes {
            return Err(Progress::LimitReached(Limit::Nodes));
        }
        self.path.push(state);
        self.stats.expanded += 1;
        self.stats.max_frontier = self.stats.max_frontier.max(self.path.len() as u64);
        let top = self.path.top().ok_or(Progress::Exhausted)?;
        observer.generated(top, Visit { depth, value: 0.0 });
        if self.memory_bytes() > self.limits.max_memory_bytes {
            Err(Progress::LimitReached(Limit::Memory))
        } else {
            Ok(())
        }
    }
}

/// A depth-first search run by [`step`]: its shared state, its observer and its own rule for
/// which child to enter.
pub(crate) trait DepthFirstSearch<P: Puzzle> {
    /// Who is told what the search expands.
    type Observer: Observer<P>;

    /// The shared state and the observer.
    fn parts(&mut self) -> (&mut DepthFirst<P>, &mut Self::Observer);

    /// Whether to enter `child` (generated at `depth`, not a win); a child not entered is dealt
    /// with here (reported, scored). An error ends the search (the memory limit).
    fn enters(&mut self, child: &P, depth: u32) -> Result<bool, Progress>;
}

/// The next state to expand and its depth: the root first, then the next child `search` enters.
fn next_to_expand<P: Puzzle>(search: &mut impl DepthFirstSearch<P>) -> Result<(P, u32), Progress> {
    if let Some(root) = search.parts().0.root.take() {
        return Ok((root, 0));
    }
    loop {
        let (core, observer) = search.parts();
        let (child, depth) = core.next_unsolved_child(observer)?;
        if search.enters(&child, depth)? {
            return Ok((child, depth));
        }
    }
}

/// Expands at most `budget` states of `search`, each the next it chooses, entered on the path;
/// the outcome once the search has ended (kept, so later steps return it again).
pub(crate) fn step<P: Puzzle>(search: &mut impl DepthFirstSearch<P>, budget: u64) -> Progress {
    if let Some(outcome) = search.parts().0.outcome {
        return outcome;
    }
    for _ in 0..budget {
        let entered = next_to_expand(search).and_then(|(state, depth)| {
            let (core, observer) = search.parts();
            core.enter(state, depth, observer)
        });
        if let Err(end) = entered {
            search.parts().0.outcome = Some(end);
            return end;
        }
    }
    Progress::Running
}
