//! Search algorithms, generic over the traits in [`crate::game`], one algorithm per file.
//!
//! Every search is a resumable object implementing [`Search`]: the caller runs it in slices with
//! [`Search::step`] under a node or iteration budget, reads progress between slices, and stops
//! whenever it likes. The core never reads a clock; callers measure time. Every search has
//! explicit [`Limits`] and ends with [`Progress::LimitReached`] instead of exhausting memory.
//!
//! **Observers.** A search that reports what it visits is generic over its [`Observer`], with
//! [`NoObserver`] as the default type, so watching costs nothing when it is off. The observer is
//! given when the search is made: `S::new(args)` makes it without one, and
//! `S::with_observer(args, observer)` takes the same arguments and the observer last (BFS, DFS,
//! DLS, A*, expectimax, MCTS, RHEA, alpha-beta); those whose callers read the observer
//! afterwards give it back with `observer()`.
//!
//! **Evaluations** reach the searches as generic function parameters (closures or `fn` items),
//! whose signatures differ because the searches ask different questions: A* takes an
//! admissible lower bound `FnMut(&P) -> Option<u32>` (whole numbers for its bucket queue,
//! `None` for a dead end) and DLS a heuristic score `FnMut(&P) -> f64` (both `FnMut`, so Bait's
//! bound can keep a memo); MCTS and RHEA value where a playout ends for each player,
//! `Fn(&G, usize) -> f64`; expectimax values a cut-off state from player 0's view,
//! `Fn(&G) -> f64`; minimax, alpha-beta and MTD(f) take an [`two_player::Evaluator`], a whole
//! number for the side to move (`Fn(&G, usize) -> i32`: the null windows of MTD(f) and the
//! table's bounds need exact integer comparisons). Each game's knowledge (`games::*::eval`)
//! is written once and adapted to these at the agent that builds the search.

use serde::{Deserialize, Serialize};

pub mod anytime;
pub mod astar;
pub mod baseline;
pub mod bfs;
pub mod committed_plan;
mod depth_first;
pub mod dfs;
pub mod dls;
pub mod expectimax;
pub mod kb_fast_evo;
pub mod mcts;
pub mod node_store;
mod recent_states;
pub mod rhea;
pub mod timeline;

/// Counters every search reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// States whose successors were generated (tree nodes selected, for MCTS).
    pub expanded: u64,
    /// Successor states created (forward-model calls).
    pub generated: u64,
    /// Largest number of states waiting in the frontier at once.
    pub max_frontier: u64,
    /// Deepest depth reached, in actions from the root.
    pub max_depth: u32,
    /// States held in memory now (closed set, tree nodes, population).
    pub stored: u64,
    /// Iterations completed (MCTS playouts, RHEA generations, IDDFS/ID depths).
    pub iterations: u64,
}

/// Hard limits on a search. A search that would exceed one stops with [`Progress::LimitReached`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// Most states expanded over the whole search.
    pub max_nodes: u64,
    /// Most bytes of search memory (estimated from the states stored).
    pub max_memory_bytes: u64,
}

impl Default for Limits {
    /// 50 million expansions and 1 GiB.
    fn default() -> Self {
        Limits {
            max_nodes: 50_000_000,
            max_memory_bytes: 1 << 30,
        }
    }
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Limit {
    /// [`Limits::max_nodes`].
    Nodes,
    /// [`Limits::max_memory_bytes`].
    Memory,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::Nodes => write!(f, "limit reached: node limit"),
            Limit::Memory => write!(f, "limit reached: memory limit"),
        }
    }
}

/// Where a search stands after a call to [`Search::step`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "status", content = "limit")]
pub enum Progress {
    /// Budget used up; call `step` again to go on.
    Running,
    /// A one-shot search found a plan (or proved a value); further steps do nothing.
    Solved,
    /// A one-shot search proved there is no plan within its bounds.
    Exhausted,
    /// A limit stopped the search; the best answer so far is still available.
    LimitReached(Limit),
}

impl Progress {
    /// Whether further steps would do nothing.
    pub fn is_finished(self) -> bool {
        !matches!(self, Progress::Running)
    }
}

/// What a search tells its [`Observer`] about one state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Visit {
    /// Actions from the root.
    pub depth: u32,
    /// The search's value of the state (f for A*, heuristic score for DLS, 0 when none).
    pub value: f64,
}

/// The window `(alpha, beta)` an alpha-beta node is searched with, in the view of the player
/// whose value the node computes (for a leaf, its parent's mover), at `depth` plies from the root.
/// A full window's bounds are `∓two_player::INFINITY`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Window {
    pub depth: u32,
    pub alpha: i32,
    pub beta: i32,
}

/// Watches a search: the page uses it to shade what a search explored, and a
/// [`timeline::Recorder`] to record a run. The default methods do nothing, and [`NoObserver`]
/// compiles away (the searches build what they pass from data they keep anyway). Puzzle
/// searches report a state as generated when it joins their frontier and as expanded when it
/// leaves it, so that generated minus expanded is the frontier (BFS and A*: their queue; DFS
/// and depth-limited DFS: their stack).
pub trait Observer<G> {
    /// `state` was expanded (DFS and depth-limited DFS: left the stack).
    fn expanded(&mut self, _state: &G, _visit: Visit) {}
    /// `state` was generated and queued in the frontier (DFS and depth-limited DFS: went onto
    /// the stack).
    fn generated(&mut self, _state: &G, _visit: Visit) {}
    /// MCTS finished an iteration: its walk from the root and the rewards it backed up.
    fn iteration(&mut self, _walk: &mcts::Walk<'_>) {}
    /// RHEA finished a generation (or evaluated its first population): each individual's
    /// actions and value, best first.
    fn generation(&mut self, _population: &rhea::Population<'_>) {}
    /// The alpha-beta family visited a node with this window.
    fn window(&mut self, _window: Window) {}
    /// The alpha-beta family cut off the rest of a node's moves: its window once alpha reached
    /// beta.
    fn cutoff(&mut self, _window: Window) {}
    /// Whether this observer takes [`Observer::step_done`] (false: a search need not build
    /// what it passes).
    fn takes_steps(&self) -> bool {
        false
    }
    /// A search that reports its steps (BFS, A*) calls this, when [`Observer::takes_steps`], at the
    /// end of every unit of work of [`Search::step`] that leaves it running, with what
    /// [`Search::stats`] and [`Search::line_end`] give then; the unit that finishes it is not
    /// reported. Such a search keeps no root action statistics. It goes on with its slice only
    /// if this returns true, else returns [`Progress::Running`] at once. A
    /// [`timeline::Recorder`] closes the recorded step here, so that a recorded run goes on
    /// within one slice instead of one slice per step.
    fn step_done(&mut self, _done: &StepDone) -> bool {
        true
    }
}

/// What a search reports at the end of a unit of its work ([`Observer::step_done`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepDone {
    /// [`Search::stats`].
    pub stats: Stats,
    /// [`Search::line_end`], its action as an action index.
    pub end: Option<PathEnd<u32>>,
}

/// A boxed observer is an observer (so `Box<dyn Observer<G>>` fits wherever one does).
impl<G, O: Observer<G> + ?Sized> Observer<G> for Box<O> {
    fn expanded(&mut self, state: &G, visit: Visit) {
        (**self).expanded(state, visit);
    }
    fn generated(&mut self, state: &G, visit: Visit) {
        (**self).generated(state, visit);
    }
    fn iteration(&mut self, walk: &mcts::Walk<'_>) {
        (**self).iteration(walk);
    }
    fn generation(&mut self, population: &rhea::Population<'_>) {
        (**self).generation(population);
    }
    fn window(&mut self, window: Window) {
        (**self).window(window);
    }
    fn cutoff(&mut self, window: Window) {
        (**self).cutoff(window);
    }
    fn takes_steps(&self) -> bool {
        (**self).takes_steps()
    }
    fn step_done(&mut self, done: &StepDone) -> bool {
        (**self).step_done(done)
    }
}

/// An observer that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<G> Observer<G> for NoObserver {}

/// A resumable search over states of `G`.
pub trait Search<G: crate::game::Game> {
    /// Runs for at most `budget` units of work (expansions, or iterations for anytime searches).
    fn step(&mut self, budget: u64) -> Progress;

    /// The action the search recommends now at the root, if it has one.
    fn best_action(&self) -> Option<G::Action>;

    /// The plan (one-shot searches) or the expected line of play (anytime searches) so far.
    fn principal_variation(&self) -> Vec<G::Action>;

    /// Counters so far.
    fn stats(&self) -> Stats;

    /// [`Search::best_action`], with [`Search::principal_variation`] written into `line`,
    /// which holds what an earlier call wrote (a recorded run reads both after every step).
    /// Searches whose line is a path in their node store override it to rewrite only the part
    /// that changed, and to build the line once when the best action is its first.
    fn best_and_line(&self, line: &mut Line<G::Action>) -> Option<G::Action> {
        line.set(self.principal_variation());
        self.best_action()
    }

    /// When the line ([`Search::principal_variation`]) is the path to a node of the search's
    /// node store: that node, its parent and the action between them (none at the root,
    /// whose line is empty), read without walking the path; `None` otherwise. The best action
    /// is then the line's first. A recorded run uses it to record the line as "the line it had
    /// when `parent` was the end, and `action`" without reading the line.
    fn line_end(&self) -> Option<PathEnd<G::Action>> {
        None
    }

    /// Per root action, what an anytime search knows of it (visits and value); empty for
    /// searches that keep no such statistics.
    fn root_action_stats(&self) -> Vec<anytime::RootActionStat> {
        Vec::new()
    }

    /// [`Search::root_action_stats`] written into `stats`, replacing what it held. A recorded
    /// run reads them after every step; searches that keep such statistics override it to fill
    /// the caller's buffer without allocating, and wrappers to pass it on.
    fn root_action_stats_into(&self, stats: &mut Vec<anytime::RootActionStat>) {
        *stats = self.root_action_stats();
    }

    /// Whether [`Search::root_action_stats`] change only by the MCTS walks the search reports
    /// to its observer ([`Observer::iteration`]): each walk's root child
    /// ([`mcts::Walk::root_child`]) gains its row, or has it replaced, and nothing else changes
    /// them. A recorded run then takes the rows from the walks instead of reading them after
    /// every step. False by default; wrappers that pass the statistics on unchanged pass it on.
    fn root_stats_follow_walks(&self) -> bool {
        false
    }

    /// Whether the search reports the end of each unit of work to its observer
    /// ([`Observer::step_done`]) from its first step, so that a recorded run closes its steps
    /// in whole slices from the first. False by default; wrappers pass it on.
    fn reports_steps(&self) -> bool {
        false
    }
}

/// The end of a line that is a path in a search's node store (see [`Search::line_end`]):
/// node ids are the search's own and never reused in a run, and a node's path never changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathEnd<A> {
    pub node: u32,
    /// The node's parent (meaningless at the root).
    pub parent: u32,
    /// The action from the parent; `None` at the root, whose line is empty.
    pub action: Option<A>,
}

impl<A> PathEnd<A> {
    /// The same end with its action mapped by `f` (to the action's index, as events carry it).
    pub fn map_action<B>(self, f: impl FnOnce(A) -> B) -> PathEnd<B> {
        PathEnd {
            node: self.node,
            parent: self.parent,
            action: self.action.map(f),
        }
    }
}

/// A boxed search is a search (so `Box<dyn Search<G>>` fits wherever a search does).
impl<G: crate::game::Game, S: Search<G> + ?Sized> Search<G> for Box<S> {
    fn step(&mut self, budget: u64) -> Progress {
        (**self).step(budget)
    }

    fn best_action(&self) -> Option<G::Action> {
        (**self).best_action()
    }

    fn principal_variation(&self) -> Vec<G::Action> {
        (**self).principal_variation()
    }

    fn stats(&self) -> Stats {
        (**self).stats()
    }

    fn best_and_line(&self, line: &mut Line<G::Action>) -> Option<G::Action> {
        (**self).best_and_line(line)
    }

    fn line_end(&self) -> Option<PathEnd<G::Action>> {
        (**self).line_end()
    }

    fn root_action_stats(&self) -> Vec<anytime::RootActionStat> {
        (**self).root_action_stats()
    }

    fn root_action_stats_into(&self, stats: &mut Vec<anytime::RootActionStat>) {
        (**self).root_action_stats_into(stats);
    }

    fn root_stats_follow_walks(&self) -> bool {
        (**self).root_stats_follow_walks()
    }

    fn reports_steps(&self) -> bool {
        (**self).reports_steps()
    }
}

/// A line of play kept between calls of [`Search::best_and_line`]: the actions and, for lines
/// that are paths in a search's node store, the node each action leads to.
#[derive(Clone, Debug)]
pub struct Line<A> {
    actions: Vec<A>,
    /// Per action, the node it leads to (empty when the line is not such a path).
    nodes: Vec<u32>,
    /// What the search that wrote `nodes` needs to tell whether they still hold (MCTS: its
    /// tree's epoch and iterations then).
    stamp: Option<(u64, u64)>,
    /// How many leading actions the last write left as they were (at most the common prefix of
    /// the line before and after it).
    kept: usize,
    /// Lines that left the root by another node, kept by the search that wrote `nodes` for
    /// when that node leads the line again (MCTS, whose best move can change every other
    /// iteration); at most one per first node.
    branches: Vec<Branch<A>>,
}

/// A [`Line`]'s earlier path through another first node, with what tells whether it still
/// holds (MCTS: the tree's epoch and that node's visits when it was put aside).
#[derive(Clone, Debug)]
struct Branch<A> {
    actions: Vec<A>,
    nodes: Vec<u32>,
    stamp: (u64, u64),
}

impl<A> Default for Line<A> {
    fn default() -> Self {
        Line {
            actions: Vec::new(),
            nodes: Vec::new(),
            stamp: None,
            kept: 0,
            branches: Vec::new(),
        }
    }
}

impl<A: PartialEq> Line<A> {
    /// The actions.
    pub fn actions(&self) -> &[A] {
        &self.actions
    }

    /// How many leading actions the last write ([`Line::set`] or a search's
    /// [`Search::best_and_line`]) kept: the actions from there on may have changed, those
    /// before it did not. A line is unchanged by a write that kept all of it and kept its
    /// length.
    pub fn kept(&self) -> usize {
        self.kept
    }

    /// Replaces the line by `actions` (not a path of known nodes).
    pub fn set(&mut self, actions: Vec<A>) {
        self.kept = self
            .actions
            .iter()
            .zip(&actions)
            .take_while(|(old, new)| old == new)
            .count();
        self.actions = actions;
        self.nodes.clear();
        self.stamp = None;
    }
}

/// Steps `search` until it finishes, in slices of `slice` units. Returns the final progress.
pub fn run_to_end<G: crate::game::Game>(search: &mut dyn Search<G>, slice: u64) -> Progress {
    loop {
        let progress = search.step(slice);
        if progress.is_finished() {
            return progress;
        }
    }
}

pub mod alphabeta;
pub mod fixed_depth;
pub mod iterative_deepening;
pub mod minimax;
pub mod mtdf;
pub mod tt;
pub mod two_player;
