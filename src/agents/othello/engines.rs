//! The searches behind one move's thinking, each an [`Engine`]: an answer known at once, the
//! exact endgame solver, minimax and alpha-beta at a fixed depth or iteratively deepened,
//! alpha-beta with a table and MTD(f), and MCTS. [`first_engine`] and [`search_engine`] are the
//! one place that picks an engine for the agent's settings; [`super::Thinking`] then drives any
//! of them through the trait.

use super::thinking::Report;
use super::{AgentSpec, Algorithm, Budget, Eval, MAX_DEPTH};
use crate::game::Game;
use crate::games::othello::endgame::{Solution, SteppedSolve};
use crate::games::othello::{Move, Othello};
use crate::rng::Rng;
use crate::search::anytime::{returns_value, ValueFn};
use crate::search::committed_plan::SharedObserver;
use crate::search::fixed_depth::{Deepening, FixedDepth};
use crate::search::iterative_deepening::{self, IterativeDeepening};
use crate::search::mcts::{Mcts, MctsConfig};
use crate::search::two_player::{Decision, TreeStats};
use crate::search::Observer;
use crate::search::{Limit, Progress, Search, Stats};

/// A search that can run one move's thinking: a [`Search`] that also says what the thinking
/// reports and how much of a node budget it has used.
pub(super) trait Engine: Search<Othello> {
    /// Depth, value, exactness and counters so far (`only_move` is the thinking's to set).
    fn report(&self) -> Report;

    /// Work counted against a `nodes=N` budget (tree nodes, MCTS playouts); `None` for an
    /// engine that such a budget does not cut short (an answer known at once, the solver).
    fn budgeted_work(&self) -> Option<u64>;

    /// Whether the exact solver is at work.
    fn solving(&self) -> bool {
        false
    }

    /// Whether the exact solver gave up at its node limit, so another engine must answer.
    fn gave_up(&self) -> bool {
        false
    }
}

/// The observer a thinking's MCTS, minimax or alpha-beta reports to (`None`: none, and they
/// run unobserved).
pub type EngineObserver = Option<Box<dyn Observer<Othello>>>;

/// The observer handed to minimax and alpha-beta (their deepening clones it per depth).
type SharedEngineObserver = SharedObserver<Box<dyn Observer<Othello>>>;

/// The engine a thinking starts with on `state`, whose legal moves are `moves`: the answer at
/// once when there is at most one move, the exact solver when the agent solves `state`, else
/// the agent's search.
pub(super) fn first_engine(
    spec: &AgentSpec,
    state: &Othello,
    seed: u64,
    moves: &[Move],
    observer: &mut EngineObserver,
) -> Box<dyn Engine> {
    if moves.len() <= 1 {
        Box::new(Answered(moves.first().copied()))
    } else if spec.solves(state) {
        let memory = usize::try_from(spec.limits.max_memory_bytes).unwrap_or(usize::MAX);
        Box::new(ExactSolve {
            empties: state.empty_count(),
            stage: Stage::Working(Box::new(SteppedSolve::new(
                state.board(),
                memory,
                spec.limits.max_nodes,
            ))),
        })
    } else {
        search_engine(spec, state, seed, moves, observer)
    }
}

/// The agent's own search on `state` (not the solver: as an algorithm it answers with the first
/// legal move once its solve has given up). MCTS and the tree searches take `observer`.
pub(super) fn search_engine(
    spec: &AgentSpec,
    state: &Othello,
    seed: u64,
    moves: &[Move],
    observer: &mut EngineObserver,
) -> Box<dyn Engine> {
    let eval = spec.eval.function();
    let limits = spec.limits;
    match (spec.algo, spec.budget) {
        (Algorithm::Random, _) => {
            Box::new(Answered(Some(moves[Rng::new(seed).index(moves.len())])))
        }
        (Algorithm::Minimax | Algorithm::AlphaBeta, Budget::Depth(depth)) => {
            let pruning = spec.algo == Algorithm::AlphaBeta;
            match observer.take() {
                None => Box::new(FixedDepth::new(*state, eval, depth, pruning, limits, seed)),
                Some(observer) => Box::new(FixedDepth::with_observer(
                    *state,
                    eval,
                    depth,
                    pruning,
                    limits,
                    seed,
                    SharedObserver::new(observer),
                )),
            }
        }
        (Algorithm::Minimax | Algorithm::AlphaBeta, _) => {
            let pruning = spec.algo == Algorithm::AlphaBeta;
            match observer.take() {
                None => Box::new(Deepening::new(
                    *state, eval, MAX_DEPTH, pruning, limits, seed,
                )),
                Some(observer) => Box::new(Deepening::with_observer(
                    *state,
                    eval,
                    MAX_DEPTH,
                    pruning,
                    limits,
                    seed,
                    SharedObserver::new(observer),
                )),
            }
        }
        (Algorithm::AlphaBetaTt | Algorithm::Mtdf, budget) => {
            let algorithm = if spec.algo == Algorithm::Mtdf {
                iterative_deepening::Algorithm::Mtdf
            } else {
                iterative_deepening::Algorithm::AlphaBeta
            };
            let max_depth = match budget {
                Budget::Depth(depth) => depth,
                _ => MAX_DEPTH,
            };
            match observer.take() {
                None => Box::new(IterativeDeepening::new(
                    *state, algorithm, eval, max_depth, limits, seed,
                )),
                Some(observer) => Box::new(IterativeDeepening::with_observer(
                    *state, algorithm, eval, max_depth, limits, seed, observer,
                )),
            }
        }
        (Algorithm::Mcts, _) => {
            let config = MctsConfig {
                exploration: spec.uct,
                limits,
                ..MctsConfig::zero_sum()
            };
            let value: ValueFn<Othello> = returns_value;
            let made = match observer.take() {
                None => {
                    Mcts::new(*state, config, seed, value).map(|m| Box::new(m) as Box<dyn Engine>)
                }
                Some(observer) => Mcts::with_observer(*state, config, seed, value, observer)
                    .map(|m| Box::new(m) as Box<dyn Engine>),
            };
            // `validate` checked K, so an error does not happen; answer rather than panic.
            made.unwrap_or_else(|_| Box::new(Answered(moves.first().copied())))
        }
        (Algorithm::Solver, _) => Box::new(Answered(moves.first().copied())),
    }
}

/// The answer is known at once (random, a single legal move, a finished game).
struct Answered(Option<Move>);

impl Search<Othello> for Answered {
    fn step(&mut self, _budget: u64) -> Progress {
        Progress::Solved
    }
    fn best_action(&self) -> Option<Move> {
        self.0
    }
    fn principal_variation(&self) -> Vec<Move> {
        self.0.iter().copied().collect()
    }
    fn stats(&self) -> Stats {
        Stats::default()
    }
}

impl Engine for Answered {
    fn report(&self) -> Report {
        Report::default()
    }
    fn budgeted_work(&self) -> Option<u64> {
        None
    }
}

/// The exact solver on a position with `empties` empty squares, in steps.
struct ExactSolve {
    empties: u32,
    stage: Stage,
}

/// Where an [`ExactSolve`] stands.
enum Stage {
    Working(Box<SteppedSolve>),
    Solved(Solution),
    GaveUp,
}

impl Search<Othello> for ExactSolve {
    /// Runs about `budget` positions of the solve (see [`SteppedSolve::step`]).
    fn step(&mut self, budget: u64) -> Progress {
        let Stage::Working(solve) = &mut self.stage else {
            return match self.stage {
                Stage::GaveUp => Progress::LimitReached(Limit::Nodes),
                _ => Progress::Solved,
            };
        };
        match solve.step(budget) {
            Ok(None) => Progress::Running,
            Ok(Some(solution)) => {
                self.stage = Stage::Solved(solution);
                Progress::Solved
            }
            Err(_) => {
                self.stage = Stage::GaveUp;
                Progress::LimitReached(Limit::Nodes)
            }
        }
    }
    fn best_action(&self) -> Option<Move> {
        match &self.stage {
            Stage::Solved(solution) => solution.best_move,
            _ => None,
        }
    }
    fn principal_variation(&self) -> Vec<Move> {
        match &self.stage {
            Stage::Solved(solution) => solution.pv.clone(),
            _ => Vec::new(),
        }
    }
    /// `expanded` and `generated`: the positions solved; `iterations`: 1 once solved.
    fn stats(&self) -> Stats {
        let (nodes, iterations) = match &self.stage {
            Stage::Working(solve) => (solve.nodes(), 0),
            Stage::Solved(solution) => (solution.nodes, 1),
            Stage::GaveUp => (0, 0),
        };
        Stats {
            expanded: nodes,
            generated: nodes,
            iterations,
            ..Stats::default()
        }
    }
}

impl Engine for ExactSolve {
    fn report(&self) -> Report {
        let mut report = Report {
            depth: self.empties,
            ..Report::default()
        };
        match &self.stage {
            Stage::Working(solve) => {
                report.solving = true;
                report.tree.nodes = solve.nodes();
            }
            Stage::Solved(solution) => {
                report.value = Some(f64::from(solution.score));
                report.exact = true;
                report.tree.nodes = solution.nodes;
            }
            Stage::GaveUp => {}
        }
        report
    }
    fn budgeted_work(&self) -> Option<u64> {
        None
    }
    fn solving(&self) -> bool {
        matches!(self.stage, Stage::Working(_))
    }
    fn gave_up(&self) -> bool {
        matches!(self.stage, Stage::GaveUp)
    }
}

/// A tree search's report: its counters, and its last completed depth and value.
fn tree_report(tree: TreeStats, decision: Option<&Decision<Move>>) -> Report {
    Report {
        depth: decision.map_or(0, |decision| decision.depth),
        value: decision.map(|decision| f64::from(decision.value)),
        tree,
        ..Report::default()
    }
}

/// The tree searches (minimax and alpha-beta, fixed or deepened; alpha-beta with a table and
/// MTD(f)) report their counters and last decision, and count their nodes against a budget.
macro_rules! tree_engine {
    ($($search:ty),+) => {$(
        impl Engine for $search {
            fn report(&self) -> Report {
                tree_report(self.tree_stats(), self.decision())
            }
            fn budgeted_work(&self) -> Option<u64> {
                Some(self.tree_stats().nodes)
            }
        }
    )+};
}

tree_engine!(
    FixedDepth<Othello, Eval>,
    FixedDepth<Othello, Eval, SharedEngineObserver>,
    Deepening<Othello, Eval>,
    Deepening<Othello, Eval, SharedEngineObserver>,
    IterativeDeepening<Othello, Eval>,
    IterativeDeepening<Othello, Eval, Box<dyn Observer<Othello>>>
);

impl<O: Observer<Othello>> Engine for Mcts<Othello, ValueFn<Othello>, O> {
    /// The tree's deepest node as the depth, playouts as nodes, and the move's mean final disc
    /// difference as the value.
    fn report(&self) -> Report {
        let stats = self.stats();
        let best = self.best_action().map(Othello::action_index);
        let value = self
            .root_action_stats()
            .into_iter()
            .find(|row| Some(row.index) == best)
            .map(|row| row.value);
        Report {
            depth: stats.max_depth,
            value,
            tree: TreeStats {
                nodes: stats.iterations,
                max_depth: stats.max_depth,
                ..TreeStats::default()
            },
            ..Report::default()
        }
    }
    fn budgeted_work(&self) -> Option<u64> {
        Some(self.stats().iterations)
    }
}
