//! Breadth-first search: a shortest plan (fewest actions) for any [`Puzzle`].
//!
//! States are expanded in order of depth from a FIFO queue; each child is tested against the
//! goal as it is generated, so the search stops one layer early, and is queued only if its
//! [`Puzzle::key`] is new (graph search). With unit action costs the first solved state found
//! lies at the least depth, so the plan is shortest. Plans are rebuilt from parent pointers
//! (id and action per state), never stored whole.
//!
//! Fits every puzzle; its memory grows with the number of states up to the goal's depth, so it
//! suits small levels and serves as the reference for the other searches.
//!
//! Memory estimate: the node store (table, keys, parent pointers; see
//! [`node_store`](super::node_store)) and the queue's states, heap bytes included. Before each
//! expansion both grow only if the grown estimate stays within the memory limit.
//!
//! Reference: Russell and Norvig, *Artificial Intelligence: A Modern Approach*, 4th ed., §3.4.1.

use std::collections::VecDeque;

use super::node_store::{KeyMode, Lookup, Node, NodeStore, NO_PARENT};
use super::{
    Limit, Limits, Line, NoObserver, Observer, PathEnd, Progress, Search, Stats, StepDone, Visit,
};
use crate::game::Puzzle;

/// Settings of a breadth-first search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BfsOptions {
    /// Node and memory limits.
    pub limits: Limits,
    /// How visited states are remembered.
    pub keys: KeyMode,
}

/// A resumable breadth-first search from one root state.
pub struct Bfs<P: Puzzle, O = NoObserver> {
    options: BfsOptions,
    observer: O,
    nodes: NodeStore<P::Key, Node<P::Action>>,
    queue: VecDeque<(P, u32)>,
    /// Heap bytes owned by the queued states ([`Game::heap_bytes`](crate::game::Game::heap_bytes)).
    queued_heap: u64,
    actions: Vec<P::Action>,
    stats: Stats,
    /// Id of the state expanded last (the principal variation while running).
    last_expanded: u32,
    /// The plan, once solved.
    plan: Vec<P::Action>,
    outcome: Option<Progress>,
}

impl<P: Puzzle> Bfs<P> {
    /// A search from `root` with no observer.
    pub fn new(root: P, options: BfsOptions) -> Self {
        Self::with_observer(root, options, NoObserver)
    }
}

impl<P: Puzzle, O: Observer<P>> Bfs<P, O> {
    /// A search from `root` that reports every expansion and queued state to `observer`
    /// (visit value 0).
    pub fn with_observer(root: P, options: BfsOptions, observer: O) -> Self {
        let mut search = Bfs {
            options,
            observer,
            nodes: NodeStore::new(options.keys),
            queue: VecDeque::new(),
            queued_heap: 0,
            actions: Vec::new(),
            stats: Stats::default(),
            last_expanded: 0,
            plan: Vec::new(),
            outcome: None,
        };
        if root.is_solved() {
            search.outcome = Some(Progress::Solved);
        } else if root.is_terminal() {
            search.outcome = Some(Progress::Exhausted);
        } else {
            let root_node = Node {
                parent: NO_PARENT,
                depth: 0,
                action: None,
                closed: false,
            };
            // The store is empty, so the root gets id 0.
            let _ = search.nodes.find_or_insert(root.key(), 0, root_node);
            search.observer.generated(
                &root,
                Visit {
                    depth: 0,
                    value: 0.0,
                },
            );
            search.queued_heap = root.heap_bytes() as u64;
            search.queue.push_back((root, 0));
            search.stats.max_frontier = 1;
            search.stats.stored = 1;
        }
        search
    }

    /// The observer.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// Estimated bytes held (see the module documentation).
    pub fn memory_bytes(&self) -> u64 {
        self.nodes.memory_bytes()
            + (self.queue.capacity() * std::mem::size_of::<(P, u32)>()) as u64
            + self.queued_heap
    }

    fn finish(&mut self, progress: Progress) -> Progress {
        self.outcome = Some(progress);
        progress
    }

    /// Grows the store and the queue for `children` more states now, if that keeps the
    /// estimate within the memory limit.
    fn make_room(&mut self, children: usize) -> bool {
        let limit = self.options.limits.max_memory_bytes;
        if !self
            .nodes
            .reserve(children, limit.saturating_sub(self.memory_bytes()))
        {
            return false;
        }
        let (length, capacity) = (self.queue.len(), self.queue.capacity());
        if length + children <= capacity {
            return true;
        }
        let more = (length / 2).max(children).max(64);
        let bytes = ((length + more - capacity) * std::mem::size_of::<(P, u32)>()) as u64;
        if bytes > limit.saturating_sub(self.memory_bytes()) {
            return false;
        }
        self.queue.reserve_exact(more);
        true
    }

    /// Reports the expansion just made to the observer ([`Observer::step_done`]); whether to
    /// go on.
    fn report_step(&mut self) -> bool {
        let end = self.nodes.path_end(self.last_expanded);
        let done = StepDone {
            stats: self.stats,
            end: Some(end.map_action(P::action_index)),
        };
        self.observer.step_done(&done)
    }

    /// Expands one state; `Some` when the search ends.
    fn expand(&mut self, state: P, id: u32) -> Option<Progress> {
        let depth = self.nodes.value(id).depth;
        self.last_expanded = id;
        self.stats.expanded += 1;
        self.observer.expanded(&state, Visit { depth, value: 0.0 });
        state.legal_actions(&mut self.actions);
        if self.memory_bytes() > self.options.limits.max_memory_bytes
            || !self.make_room(self.actions.len())
        {
            return Some(Progress::LimitReached(Limit::Memory));
        }
        for index in 0..self.actions.len() {
            let action = self.actions[index];
            let child = state.child(action);
            self.stats.generated += 1;
            self.stats.max_depth = self.stats.max_depth.max(depth + 1);
            if child.is_solved() {
                self.plan = self.nodes.path_to(id);
                self.plan.push(action);
                return Some(Progress::Solved);
            }
            if child.is_terminal() {
                continue;
            }
            let node = Node {
                parent: id,
                depth: depth + 1,
                action: Some(action),
                closed: false,
            };
            let key = child.key();
            let key_heap = P::key_heap_bytes(&key);
            let child_id = match self.nodes.find_or_insert(key, key_heap, node) {
                None => return Some(Progress::LimitReached(Limit::Memory)),
                Some(Lookup::Found(_)) => continue,
                Some(Lookup::Inserted(child_id)) => child_id,
            };
            let visit = Visit {
                depth: depth + 1,
                value: 0.0,
            };
            self.observer.generated(&child, visit);
            self.queued_heap += child.heap_bytes() as u64;
            self.queue.push_back((child, child_id));
        }
        self.stats.stored = self.nodes.len() as u64;
        self.stats.max_frontier = self.stats.max_frontier.max(self.queue.len() as u64);
        None
    }
}

impl<P: Puzzle, O: Observer<P>> Search<P> for Bfs<P, O> {
    /// Expands at most `budget` states.
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(outcome) = self.outcome {
            return outcome;
        }
        for _ in 0..budget {
            let Some((state, id)) = self.queue.pop_front() else {
                return self.finish(Progress::Exhausted);
            };
            self.queued_heap -= state.heap_bytes() as u64;
            if self.stats.expanded >= self.options.limits.max_nodes {
                return self.finish(Progress::LimitReached(Limit::Nodes));
            }
            if let Some(end) = self.expand(state, id) {
                self.stats.stored = self.nodes.len() as u64;
                return self.finish(end);
            }
            if self.observer.takes_steps() && !self.report_step() {
                break;
            }
        }
        Progress::Running
    }

    fn best_action(&self) -> Option<P::Action> {
        self.principal_variation().first().copied()
    }

    fn best_and_line(&self, line: &mut Line<P::Action>) -> Option<P::Action> {
        if self.outcome == Some(Progress::Solved) || self.stats.expanded == 0 {
            line.set(self.plan.clone());
        } else {
            self.nodes.update_path(self.last_expanded, line);
        }
        line.actions().first().copied()
    }

    fn line_end(&self) -> Option<PathEnd<P::Action>> {
        if self.outcome == Some(Progress::Solved) || self.stats.expanded == 0 {
            return None;
        }
        Some(self.nodes.path_end(self.last_expanded))
    }

    /// The plan once solved; otherwise (running, exhausted or stopped by a limit) the path to
    /// the state expanded last.
    fn principal_variation(&self) -> Vec<P::Action> {
        if self.outcome == Some(Progress::Solved) || self.stats.expanded == 0 {
            self.plan.clone()
        } else {
            self.nodes.path_to(self.last_expanded)
        }
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn reports_steps(&self) -> bool {
        self.observer.takes_steps()
    }
}
