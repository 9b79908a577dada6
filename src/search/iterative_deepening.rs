//! Iterative deepening for two-player zero-sum games: alpha-beta with a table, or MTD(f), to
//! depth 1, 2, 3, ... as an anytime [`Search`], run in node-budgeted slices.
//!
//! Each completed depth gives a best move, a value and a principal variation, and seeds the
//! next depth: its best move is searched first, and MTD(f) starts from its value. A slice that
//! ends inside a depth abandons that depth's recursion; the next slice restarts the depth,
//! and the transposition table, which kept every subtree finished before the interruption,
//! makes the restart cheap (only the path to the interruption is searched again). The
//! answer is always the last completed depth's, so the caller can stop between any two slices
//! (the caller measures time; the search counts nodes).
//!
//! The search is `Solved` when it completes `max_depth`, or a depth in which no leaf was cut
//! by the horizon (every line reached the end of the game, so the value is exact).

use super::alphabeta::{AlphaBeta, Stop};
use super::mtdf::{shuffle, Mtdf};
use super::two_player::{Decision, Evaluator, TreeStats};
use super::{Limits, NoObserver, Observer, Progress, Search, Stats};
use crate::game::{Game, ZeroSum};
use crate::rng::Rng;
use std::hash::Hash;

/// Which fixed-depth search each iteration runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Full-window alpha-beta with a transposition table.
    AlphaBeta,
    /// MTD(f) (null-window alpha-beta with a table), first guess = the last depth's value.
    Mtdf,
}

enum Engine<G: Game, E, O> {
    AlphaBeta(AlphaBeta<G, E, O>),
    Mtdf(Mtdf<G, E, O>),
}

/// An anytime iterative-deepening search from one root state, reporting to `O`.
pub struct IterativeDeepening<G: Game, E, O = NoObserver> {
    engine: Engine<G, E, O>,
    root: G,
    max_depth: u32,
    depth: u32,
    root_order: Vec<G::Action>,
    rng: Rng,
    completed: Option<Decision<G::Action>>,
    horizon_at_depth_start: u64,
    progress: Progress,
}

impl<G: Game + ZeroSum + Hash + Eq, E: Evaluator<G>> IterativeDeepening<G, E> {
    /// Searches `root` to depths 1..=`max_depth` with `algorithm`, scoring leaves with
    /// `evaluator`, within `limits` (nodes over the whole search, table memory), breaking ties
    /// between equal root moves with an RNG seeded by `seed`.
    pub fn new(
        root: G,
        algorithm: Algorithm,
        evaluator: E,
        max_depth: u32,
        limits: Limits,
        seed: u64,
    ) -> Self {
        Self::with_observer(
            root, algorithm, evaluator, max_depth, limits, seed, NoObserver,
        )
    }
}

impl<G: Game + ZeroSum + Hash + Eq, E: Evaluator<G>, O: Observer<G>> IterativeDeepening<G, E, O> {
    /// [`IterativeDeepening::new`] whose searches report each node's window and each cutoff to
    /// `observer` (see [`AlphaBeta::with_observer`]); a depth restarted after a slice ended
    /// inside it reports the nodes it visits again.
    pub fn with_observer(
        root: G,
        algorithm: Algorithm,
        evaluator: E,
        max_depth: u32,
        limits: Limits,
        seed: u64,
        observer: O,
    ) -> Self {
        let mut rng = Rng::new(seed);
        let mut root_order = Vec::new();
        root.legal_actions(&mut root_order);
        shuffle(&mut root_order, &mut rng);
        let engine = match algorithm {
            Algorithm::AlphaBeta => {
                Engine::AlphaBeta(AlphaBeta::with_table_observed(evaluator, limits, observer))
            }
            Algorithm::Mtdf => Engine::Mtdf(Mtdf::with_observer(evaluator, limits, observer)),
        };
        IterativeDeepening {
            engine,
            root,
            max_depth: max_depth.max(1),
            depth: 1,
            root_order,
            rng,
            completed: None,
            horizon_at_depth_start: 0,
            progress: Progress::Running,
        }
    }

    /// The last completed depth's answer (value, move, PV, depth), if any depth completed.
    pub fn decision(&self) -> Option<&Decision<G::Action>> {
        self.completed.as_ref()
    }

    /// Tree counters over all depths so far.
    pub fn tree_stats(&self) -> TreeStats {
        match &self.engine {
            Engine::AlphaBeta(engine) => engine.stats(),
            Engine::Mtdf(engine) => engine.stats(),
        }
    }

    fn stored(&self) -> u64 {
        match &self.engine {
            Engine::AlphaBeta(engine) => engine.stored(),
            Engine::Mtdf(engine) => engine.stored(),
        }
    }

    /// Runs the current depth once (from its start), stopping at node `slice_end`.
    fn run_depth(&mut self, slice_end: u64) -> Result<Decision<G::Action>, Stop> {
        // A restarted depth replays the same random choices.
        let mut rng = self.rng.clone();
        let result = match &mut self.engine {
            Engine::AlphaBeta(engine) => {
                engine.set_slice_end(slice_end);
                engine.search_ordered(&self.root, self.depth, &self.root_order, &mut rng)
            }
            Engine::Mtdf(engine) => {
                engine.set_slice_end(slice_end);
                let guess = self.completed.as_ref().map_or(0, |d| d.value);
                engine.search_resumable(&self.root, self.depth, guess, &mut rng)
            }
        };
        if result.is_ok() {
            self.rng = rng;
        }
        result
    }
}

impl<G: Game + ZeroSum + Hash + Eq, E: Evaluator<G>, O: Observer<G>> Search<G>
    for IterativeDeepening<G, E, O>
{
    /// Runs at most about `budget` nodes (a slice may end inside a depth).
    fn step(&mut self, budget: u64) -> Progress {
        if self.progress.is_finished() {
            return self.progress;
        }
        let slice_end = self.tree_stats().nodes.saturating_add(budget.max(1));
        loop {
            match self.run_depth(slice_end) {
                Ok(decision) => {
                    let stats = self.tree_stats();
                    let exact = stats.leaves_at_horizon == self.horizon_at_depth_start;
                    self.horizon_at_depth_start = stats.leaves_at_horizon;
                    if let Some(best) = decision.best_action {
                        if let Some(position) = self.root_order.iter().position(|&a| a == best) {
                            self.root_order[..=position].rotate_right(1);
                        }
                    }
                    let terminal = decision.best_action.is_none();
                    self.completed = Some(decision);
                    if terminal || exact || self.depth >= self.max_depth {
                        self.progress = Progress::Solved;
                        return self.progress;
                    }
                    self.depth += 1;
                    if stats.nodes >= slice_end {
                        return Progress::Running;
                    }
                }
                Err(Stop::SliceEnd) => return Progress::Running,
                Err(Stop::Limit(limit)) => {
                    self.progress = Progress::LimitReached(limit);
                    return self.progress;
                }
            }
        }
    }

    fn best_action(&self) -> Option<G::Action> {
        self.completed.as_ref().and_then(|d| d.best_action)
    }

    fn principal_variation(&self) -> Vec<G::Action> {
        self.completed
            .as_ref()
            .map_or_else(Vec::new, |d| d.pv.clone())
    }

    fn stats(&self) -> Stats {
        let tree = self.tree_stats();
        Stats {
            expanded: tree.nodes - tree.leaves,
            generated: tree.nodes,
            max_frontier: 0,
            max_depth: tree.max_depth,
            stored: self.stored(),
            iterations: self.completed.as_ref().map_or(0, |d| u64::from(d.depth)),
        }
    }
}
