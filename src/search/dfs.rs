//! Depth-first search: the first plan found by going deep, in the game's legal-action order.
//!
//! Graph search on an explicit stack (no recursion): the stack holds the current path, each
//! state with its untried actions, and children are produced lazily in legal-action order, so
//! the search visits states exactly as the recursive textbook DFS would. Each child is tested
//! against the goal as it is generated, and entered only if its [`Puzzle::key`] has not been
//! visited. The plan returned is the first one found, not a shortest one (as the GVGAI course's
//! DFS agent does).
//!
//! With a maximum depth `d`, states at depth `d` are generated but not expanded, and a visited
//! state is entered again when reached at a smaller depth than before (otherwise a state first
//! met deep, at the cut-off, would hide the shallower routes through it).
//!
//! Fits every puzzle; memory is the visited set plus the current path.
//!
//! Memory estimate: the visited store and the path (see `search::depth_first`),
//! checked after each expansion.
//!
//! Reference: Russell and Norvig, *Artificial Intelligence: A Modern Approach*, 4th ed., §3.4.3.

use super::depth_first::{self, DepthFirst, DepthFirstSearch, Revisit};
use super::node_store::KeyMode;
use super::{Limits, NoObserver, Observer, Progress, Search, Stats, Visit};
use crate::game::Puzzle;

/// Settings of a depth-first search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DfsOptions {
    /// Node and memory limits.
    pub limits: Limits,
    /// How visited states are remembered.
    pub keys: KeyMode,
    /// States at this depth are not expanded; `None` for no bound.
    pub max_depth: Option<u32>,
}

/// A resumable depth-first search from one root state.
pub struct Dfs<P: Puzzle, O = NoObserver> {
    options: DfsOptions,
    observer: O,
    core: DepthFirst<P>,
}

impl<P: Puzzle> Dfs<P> {
    /// A search from `root` with no observer.
    pub fn new(root: P, options: DfsOptions) -> Self {
        Self::with_observer(root, options, NoObserver)
    }
}

impl<P: Puzzle, O: Observer<P>> Dfs<P, O> {
    /// A search from `root` that reports its stack to `observer` (visit value 0): each state
    /// as `generated` when it goes onto the path and as `expanded` when it leaves it, a state at
    /// the depth bound as both at once (see `search::depth_first`).
    pub fn with_observer(root: P, options: DfsOptions, observer: O) -> Self {
        let revisit = if options.max_depth.is_some() {
            Revisit::WhenShallower
        } else {
            Revisit::Never
        };
        let mut search = Dfs {
            options,
            observer,
            core: DepthFirst::new(options.limits, options.keys, revisit),
        };
        if root.is_solved() {
            search.core.outcome = Some(Progress::Solved);
        } else if root.is_terminal() {
            search.core.outcome = Some(Progress::Exhausted);
        } else if let Err(limit) = search.core.admit(&root, 0) {
            search.core.outcome = Some(limit);
        } else {
            search.core.set_root(root);
        }
        search
    }

    /// The observer.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// The states on the stack (the current path), root first: what the observer was told is
    /// generated and not yet expanded.
    pub fn stack(&self) -> impl Iterator<Item = &P> {
        self.core.path.states()
    }

    /// Estimated bytes held (see the module documentation).
    pub fn memory_bytes(&self) -> u64 {
        self.core.memory_bytes()
    }
}

impl<P: Puzzle, O: Observer<P>> DepthFirstSearch<P> for Dfs<P, O> {
    type Observer = O;

    fn parts(&mut self) -> (&mut DepthFirst<P>, &mut O) {
        (&mut self.core, &mut self.observer)
    }

    /// Not a terminal child, nor one reached before (or, under a depth bound, at no greater
    /// depth); a child at the bound is reported as generated and expanded at once.
    fn enters(&mut self, child: &P, depth: u32) -> Result<bool, Progress> {
        if child.is_terminal() || !self.core.admit(child, depth)? {
            return Ok(false);
        }
        if self.options.max_depth.is_some_and(|max| depth >= max) {
            let visit = Visit { depth, value: 0.0 };
            self.observer.generated(child, visit);
            self.observer.expanded(child, visit);
            return Ok(false);
        }
        Ok(true)
    }
}

impl<P: Puzzle, O: Observer<P>> Search<P> for Dfs<P, O> {
    /// Expands at most `budget` states.
    fn step(&mut self, budget: u64) -> Progress {
        depth_first::step(self, budget)
    }

    fn best_action(&self) -> Option<P::Action> {
        self.principal_variation().first().copied()
    }

    /// The plan once solved; before, the current path (root to the deepest state on the stack).
    fn principal_variation(&self) -> Vec<P::Action> {
        if self.core.outcome == Some(Progress::Solved) {
            self.core.win_plan.clone()
        } else {
            self.core.path.path()
        }
    }

    fn stats(&self) -> Stats {
        self.core.stats
    }
}
