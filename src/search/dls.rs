//! Depth-limited search with a heuristic (the GVGAI course's Task 2), and an agent that plays a
//! puzzle by re-planning with it.
//!
//! [`Dls`] searches depth-first from the current state down to depth `D`, in legal-action order,
//! on an explicit stack. A child is skipped when it was already reached in this search at a depth
//! no greater than its own (which covers the states on the current path). Every leaf (a state at
//! depth `D`, or a terminal one) is scored with a heuristic `h(state) -> f64`, higher is better;
//! the result is the partial plan to the best leaf, ties going to the shallower leaf, then to the
//! first found. A solved state ends the search at once with a full plan to it:
//!
//! ```text
//! plan = argmax over leaves l (depth(l) <= D) of ( h(l), -depth(l), -discovery order(l) )
//! ```
//!
//! [`DlsAgent`] executes that partial plan action by action and re-plans from where it stands
//! when the plan runs out (or after every move, if configured), until it wins, loses, gets stuck
//! or reaches its move cap. A greedy agent like this can cycle for ever on some levels (two
//! leaves that each look better from the other side); the move cap is what ends it then.
//!
//! Fits any puzzle with a scoring heuristic (a Bait evaluation, minus a distance to the goal).
//!
//! Memory estimate: the reached store and the path (see `search::depth_first`),
//! checked after each expansion.
//!
//! Reference: Russell and Norvig, *Artificial Intelligence: A Modern Approach*, 4th ed., §3.4.4
//! (depth-limited search) and §5.3 (cutting search off with an evaluation function).

use super::depth_first::{self, DepthFirst, DepthFirstSearch, Revisit};
use super::node_store::KeyMode;
use super::{Limits, NoObserver, Observer, Progress, Search, Stats, Visit};
use crate::game::Puzzle;

/// Settings of a depth-limited search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DlsOptions {
    /// The depth limit `D`: states at this depth are scored, not expanded.
    pub depth: u32,
    /// Node and memory limits.
    pub limits: Limits,
    /// How reached states are remembered.
    pub keys: KeyMode,
}

impl Default for DlsOptions {
    /// Depth 5 under the default limits.
    fn default() -> Self {
        DlsOptions {
            depth: 5,
            limits: Limits::default(),
            keys: KeyMode::Exact,
        }
    }
}

/// A resumable depth-limited search from one root state, scoring leaves with `H`.
///
/// Ends with [`Progress::Solved`] (a win within `D`; the principal variation is the full plan) or
/// [`Progress::Exhausted`] (no win within `D`; the principal variation is the plan to the best
/// leaf). The heuristic's NaN counts as minus infinity.
pub struct Dls<P: Puzzle, H, O = NoObserver> {
    options: DlsOptions,
    heuristic: H,
    observer: O,
    core: DepthFirst<P>,
    /// Score and depth of the best leaf so far.
    best: Option<(f64, u32)>,
    best_plan: Vec<P::Action>,
}

impl<P: Puzzle, H: FnMut(&P) -> f64> Dls<P, H> {
    /// A search from `root` with no observer.
    pub fn new(root: P, heuristic: H, options: DlsOptions) -> Self {
        Self::with_observer(root, heuristic, options, NoObserver)
    }
}

impl<P: Puzzle, H: FnMut(&P) -> f64, O: Observer<P>> Dls<P, H, O> {
    /// A search from `root` that reports its stack to `observer`: each state as `generated` when
    /// it goes onto the path and as `expanded` when it leaves it, a scored leaf as both at once
    /// (see `search::depth_first`). Visit value: the leaf's score at leaves, 0 elsewhere.
    pub fn with_observer(root: P, heuristic: H, options: DlsOptions, observer: O) -> Self {
        let mut search = Dls {
            options,
            heuristic,
            observer,
            core: DepthFirst::new(options.limits, options.keys, Revisit::WhenShallower),
            best: None,
            best_plan: Vec::new(),
        };
        if root.is_solved() {
            search.core.outcome = Some(Progress::Solved);
            return search;
        }
        if let Err(limit) = search.core.admit(&root, 0) {
            search.core.outcome = Some(limit);
        } else if search.is_leaf(&root, 0) {
            search.score_leaf(&root, 0, false);
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

    /// The best leaf's score so far (`None` before any leaf).
    pub fn best_score(&self) -> Option<f64> {
        self.best.map(|(score, _)| score)
    }

    /// Estimated bytes held (see the module documentation).
    pub fn memory_bytes(&self) -> u64 {
        self.core.memory_bytes()
    }

    fn is_leaf(&self, state: &P, depth: u32) -> bool {
        depth >= self.options.depth || state.is_terminal()
    }

    /// Scores a leaf and keeps it if it beats the best so far. `below_path` says whether the leaf
    /// is the child last generated (rather than the root).
    fn score_leaf(&mut self, leaf: &P, depth: u32, below_path: bool) {
        let raw = (self.heuristic)(leaf);
        let score = if raw.is_nan() { f64::NEG_INFINITY } else { raw };
        let visit = Visit {
            depth,
            value: score,
        };
        self.observer.generated(leaf, visit);
        self.observer.expanded(leaf, visit);
        let better = match self.best {
            None => true,
            Some((best, best_depth)) => score > best || (score == best && depth < best_depth),
        };
        if better {
            self.best = Some((score, depth));
            if below_path {
                self.core.path.path_to_last_child(&mut self.best_plan);
            } else {
                self.best_plan.clear();
            }
        }
    }
}

impl<P: Puzzle, H: FnMut(&P) -> f64, O: Observer<P>> DepthFirstSearch<P> for Dls<P, H, O> {
    type Observer = O;

    fn parts(&mut self) -> (&mut DepthFirst<P>, &mut O) {
        (&mut self.core, &mut self.observer)
    }

    /// Not a child reached before at no greater depth, nor a leaf: a leaf is scored instead.
    fn enters(&mut self, child: &P, depth: u32) -> Result<bool, Progress> {
        if !self.core.admit(child, depth)? {
            return Ok(false);
        }
        if self.is_leaf(child, depth) {
            self.score_leaf(child, depth, true);
            return Ok(false);
        }
        Ok(true)
    }
}

impl<P: Puzzle, H: FnMut(&P) -> f64, O: Observer<P>> Search<P> for Dls<P, H, O> {
    /// Expands at most `budget` states (leaves are scored, not expanded).
    fn step(&mut self, budget: u64) -> Progress {
        depth_first::step(self, budget)
    }

    fn best_action(&self) -> Option<P::Action> {
        self.principal_variation().first().copied()
    }

    /// The full plan after a win; otherwise the plan to the best leaf so far.
    fn principal_variation(&self) -> Vec<P::Action> {
        if self.core.outcome == Some(Progress::Solved) {
            self.core.win_plan.clone()
        } else {
            self.best_plan.clone()
        }
    }

    fn stats(&self) -> Stats {
        self.core.stats
    }
}

/// When a [`DlsAgent`] plans again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Replan {
    /// Once the current partial plan is used up.
    #[default]
    WhenPlanRunsOut,
    /// After every move (a plan that reaches a win is still followed to the end).
    EveryMove,
}

/// Settings of a [`DlsAgent`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DlsAgentOptions {
    /// Settings of each planning search (limits apply per plan).
    pub search: DlsOptions,
    /// When to plan again.
    pub replan: Replan,
    /// The agent stops after this many moves.
    pub max_moves: u32,
}

impl Default for DlsAgentOptions {
    /// Default search, re-plan when the plan runs out, at most 1000 moves.
    fn default() -> Self {
        DlsAgentOptions {
            search: DlsOptions::default(),
            replan: Replan::WhenPlanRunsOut,
            max_moves: 1000,
        }
    }
}

/// Where a [`DlsAgent`]'s game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AgentStatus {
    /// The game goes on.
    Playing,
    /// The state is solved.
    Won,
    /// The state is terminal and not solved.
    Lost,
    /// [`DlsAgentOptions::max_moves`] moves were made without an end.
    MoveCapReached,
    /// The planner proposed no action: no legal action, every one leads back to the state, or
    /// the planning search could not start within its memory limit.
    Stuck,
}

/// Plays a puzzle by repeated depth-limited planning. Each planning search runs to its end (or
/// its limits) in one go; a search that stops at a limit still supplies its best partial plan.
pub struct DlsAgent<P: Puzzle, H> {
    state: P,
    heuristic: H,
    options: DlsAgentOptions,
    /// The current plan and how much of it was executed.
    plan: Vec<P::Action>,
    executed: usize,
    /// Whether the current plan ends in a win.
    plan_wins: bool,
    moves: Vec<P::Action>,
    planning: Stats,
    status: AgentStatus,
}

impl<P: Puzzle, H: FnMut(&P) -> f64> DlsAgent<P, H> {
    /// An agent about to play from `start`.
    pub fn new(start: P, heuristic: H, options: DlsAgentOptions) -> Self {
        let mut agent = DlsAgent {
            state: start,
            heuristic,
            options,
            plan: Vec::new(),
            executed: 0,
            plan_wins: false,
            moves: Vec::new(),
            planning: Stats::default(),
            status: AgentStatus::Playing,
        };
        agent.status = agent.judge();
        agent
    }

    /// The current state.
    pub fn state(&self) -> &P {
        &self.state
    }

    /// The moves made so far.
    pub fn moves(&self) -> &[P::Action] {
        &self.moves
    }

    /// The part of the current plan not executed yet.
    pub fn remaining_plan(&self) -> &[P::Action] {
        &self.plan[self.executed..]
    }

    /// Where the game stands.
    pub fn status(&self) -> AgentStatus {
        self.status
    }

    /// Counters over all planning searches: expanded and generated are sums, max_frontier,
    /// max_depth and stored are maxima, and iterations counts the plans made.
    pub fn planning_stats(&self) -> Stats {
        self.planning
    }

    fn judge(&self) -> AgentStatus {
        if self.state.is_solved() {
            AgentStatus::Won
        } else if self.state.is_terminal() {
            AgentStatus::Lost
        } else if self.moves.len() >= self.options.max_moves as usize {
            AgentStatus::MoveCapReached
        } else {
            AgentStatus::Playing
        }
    }

    fn replan(&mut self) {
        let mut search = Dls::new(self.state.clone(), &mut self.heuristic, self.options.search);
        let progress = search.step(u64::MAX);
        let stats = search.stats();
        self.plan = search.principal_variation();
        self.executed = 0;
        self.plan_wins = progress == Progress::Solved;
        let total = &mut self.planning;
        total.expanded += stats.expanded;
        total.generated += stats.generated;
        total.max_frontier = total.max_frontier.max(stats.max_frontier);
        total.max_depth = total.max_depth.max(stats.max_depth);
        total.stored = total.stored.max(stats.stored);
        total.iterations += 1;
    }

    /// Makes one move (planning first if needed) and returns the new status.
    pub fn advance(&mut self) -> AgentStatus {
        if self.status != AgentStatus::Playing {
            return self.status;
        }
        let used_up = self.executed >= self.plan.len();
        if used_up || (self.options.replan == Replan::EveryMove && !self.plan_wins) {
            self.replan();
        }
        let Some(&action) = self.plan.get(self.executed) else {
            self.status = AgentStatus::Stuck;
            return self.status;
        };
        self.executed += 1;
        self.state.apply(action);
        self.moves.push(action);
        self.status = self.judge();
        self.status
    }

    /// Moves until the game is won, lost, stuck or capped.
    pub fn run(&mut self) -> AgentStatus {
        while self.advance() == AgentStatus::Playing {}
        self.status
    }
}
