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
//! Memory estimate: the visited store (table, keys and one `u32` depth per state; see
//! [`node_store`](super::node_store)) and the path's states and actions, checked after each
//! expansion.
//!
//! Reference: Russell and Norvig, *Artificial Intelligence: A Modern Approach*, 4th ed., §3.4.3.

use super::node_store::{KeyMode, Lookup, NodeStore, PathStack};
use super::{Limit, Limits, NoObserver, Observer, Progress, Search, Stats, Visit};
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
    /// Each visited state with the least depth it was entered at.
    visited: NodeStore<P::Key, u32>,
    path: PathStack<P>,
    /// The root, until the first step expands it.
    root: Option<P>,
    stats: Stats,
    plan: Vec<P::Action>,
    outcome: Option<Progress>,
}

impl<P: Puzzle> Dfs<P> {
    /// A search from `root` with no observer.
    pub fn new(root: P, options: DfsOptions) -> Self {
        Self::with_observer(root, options, NoObserver)
    }
}

impl<P: Puzzle, O: Observer<P>> Dfs<P, O> {
    /// A search from `root` that reports every expansion and entered state to `observer`
    /// (visit value 0).
    pub fn with_observer(root: P, options: DfsOptions, observer: O) -> Self {
        let mut search = Dfs {
            options,
            observer,
            visited: NodeStore::new(options.keys),
            path: PathStack::new(),
            root: None,
            stats: Stats::default(),
            plan: Vec::new(),
            outcome: None,
        };
        if root.is_solved() {
            search.outcome = Some(Progress::Solved);
        } else if root.is_terminal() {
            search.outcome = Some(Progress::Exhausted);
        } else if search.admit(&root, 0).is_none() {
            search.outcome = Some(Progress::LimitReached(Limit::Memory));
        } else {
            search.observer.generated(
                &root,
                Visit {
                    depth: 0,
                    value: 0.0,
                },
            );
            search.root = Some(root);
        }
        search
    }

    /// The observer.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// The observer, to drain what it collected.
    pub fn observer_mut(&mut self) -> &mut O {
        &mut self.observer
    }

    /// Estimated bytes held (see the module documentation).
    pub fn memory_bytes(&self) -> u64 {
        self.visited.memory_bytes() + self.path.memory_bytes()
    }

    fn finish(&mut self, progress: Progress) -> Progress {
        self.outcome = Some(progress);
        self.stats.stored = self.visited.len() as u64;
        progress
    }

    /// Records `state` as visited at `depth`; false if it was visited already (at a depth no
    /// greater than `depth`, when a maximum depth is set). `None` when storing it would pass the
    /// memory limit.
    fn admit(&mut self, state: &P, depth: u32) -> Option<bool> {
        let headroom = self
            .options
            .limits
            .max_memory_bytes
            .saturating_sub(self.memory_bytes());
        if !self.visited.reserve(1, headroom) {
            return None;
        }
        Some(match self.visited.find_or_insert(state.key(), depth)? {
            Lookup::Inserted(_) => true,
            Lookup::Found(_) if self.options.max_depth.is_none() => false,
            Lookup::Found(id) => {
                let known = self.visited.value_mut(id);
                let shallower = depth < *known;
                if shallower {
                    *known = depth;
                }
                shallower
            }
        })
    }

    /// The next state to expand and its depth, or how the search ends.
    fn next_to_expand(&mut self) -> Result<(P, u32), Progress> {
        if let Some(root) = self.root.take() {
            return Ok((root, 0));
        }
        loop {
            let Some((_, child)) = self.path.next_child() else {
                return Err(Progress::Exhausted);
            };
            // The child hangs below the deepest state left on the path.
            let depth = self.path.len() as u32;
            self.stats.generated += 1;
            self.stats.max_depth = self.stats.max_depth.max(depth);
            if child.is_solved() {
                self.path.path_to_last_child(&mut self.plan);
                return Err(Progress::Solved);
            }
            if child.is_terminal() {
                continue;
            }
            match self.admit(&child, depth) {
                None => return Err(Progress::LimitReached(Limit::Memory)),
                Some(false) => continue,
                Some(true) => {}
            }
            self.observer.generated(&child, Visit { depth, value: 0.0 });
            if self.options.max_depth.is_some_and(|max| depth >= max) {
                continue;
            }
            return Ok((child, depth));
        }
    }
}

impl<P: Puzzle, O: Observer<P>> Search<P> for Dfs<P, O> {
    /// Expands at most `budget` states.
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(outcome) = self.outcome {
            return outcome;
        }
        for _ in 0..budget {
            let (state, depth) = match self.next_to_expand() {
                Ok(next) => next,
                Err(end) => return self.finish(end),
            };
            if self.stats.expanded >= self.options.limits.max_nodes {
                return self.finish(Progress::LimitReached(Limit::Nodes));
            }
            self.path.push(state);
            self.stats.expanded += 1;
            if let Some(top) = self.path.top() {
                self.observer.expanded(top, Visit { depth, value: 0.0 });
            }
            self.stats.max_frontier = self.stats.max_frontier.max(self.path.len() as u64);
            self.stats.stored = self.visited.len() as u64;
            if self.memory_bytes() > self.options.limits.max_memory_bytes {
                return self.finish(Progress::LimitReached(Limit::Memory));
            }
        }
        Progress::Running
    }

    fn best_action(&self) -> Option<P::Action> {
        self.principal_variation().first().copied()
    }

    /// The plan once solved; before, the current path (root to the deepest state on the stack).
    fn principal_variation(&self) -> Vec<P::Action> {
        if self.outcome == Some(Progress::Solved) {
            self.plan.clone()
        } else {
            self.path.path()
        }
    }

    fn stats(&self) -> Stats {
        self.stats
    }
}
