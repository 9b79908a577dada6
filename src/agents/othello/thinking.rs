//! One move's thinking: [`AgentSpec::think`] builds a [`Thinking`], a resumable [`Search`] the
//! caller steps under its budget and asks for [`Search::best_action`], with a [`Report`] of how
//! deep it got and what it thinks the position is worth. Behind it runs one engine
//! (`super::engines`); the thinking adds what every engine shares: the node budget, the first
//! legal move as a fallback, and the hand-over from an exact solve that gave up to the agent's
//! own search.

use super::engines::{self, Engine, EngineObserver};
use super::{AgentSpec, Algorithm, Budget, MAX_SOLVER_EMPTIES};
use crate::field_error::FieldError;
use crate::game::Game;
use crate::games::othello::{Move, Othello};
use crate::search::anytime::RootActionStat;
use crate::search::two_player::TreeStats;
use crate::search::{Limit, Progress, Search, Stats};

/// What the thinking shows: how deep it got, what it thinks the position is worth, and its
/// counters.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Report {
    /// The last completed depth in plies (the solver: the empty squares; MCTS: the tree's
    /// deepest node).
    pub depth: u32,
    /// The root's value for the side to move: in the evaluation's units, the exact final disc
    /// difference (solver), or the mean final disc difference of the playouts (MCTS); `None`
    /// before a first answer.
    pub value: Option<f64>,
    /// Whether `value` is the exact final disc difference under perfect play.
    pub exact: bool,
    /// Whether the exact solver is still at work (`depth` is then the empties it solves).
    pub solving: bool,
    /// The position has a single legal move, played without thinking.
    pub only_move: bool,
    /// Tree counters (the solver fills `nodes` only; MCTS `nodes` = playouts).
    pub tree: TreeStats,
}

/// Numbers in a [`Report`] as a timeline note ([`Report::note`]).
pub const REPORT_NOTE: usize = 12;

impl Report {
    /// The report as numbers, for a timeline's per-step notes
    /// ([`crate::search::timeline::Noted`]); [`Report::from_note`] reads them back exactly.
    pub fn note(&self) -> [u64; REPORT_NOTE] {
        let tree = &self.tree;
        [
            u64::from(self.depth),
            u64::from(self.value.is_some()),
            self.value.map_or(0, f64::to_bits),
            u64::from(self.exact),
            u64::from(self.solving),
            u64::from(self.only_move),
            tree.nodes,
            tree.leaves,
            tree.cutoffs,
            tree.pruned,
            tree.table_cutoffs,
            u64::from(tree.max_depth),
        ]
    }

    /// The report [`Report::note`] made `note` from (the counters it does not keep are 0).
    pub fn from_note(note: [u64; REPORT_NOTE]) -> Report {
        Report {
            depth: note[0] as u32,
            value: (note[1] != 0).then(|| f64::from_bits(note[2])),
            exact: note[3] != 0,
            solving: note[4] != 0,
            only_move: note[5] != 0,
            tree: TreeStats {
                nodes: note[6],
                leaves: note[7],
                cutoffs: note[8],
                pruned: note[9],
                table_cutoffs: note[10],
                max_depth: note[11] as u32,
                ..TreeStats::default()
            },
        }
    }
}

/// One move's thinking: a resumable search that the caller steps under its budget, then asks
/// for [`Search::best_action`].
pub struct Thinking {
    spec: AgentSpec,
    root: Othello,
    seed: u64,
    only_move: bool,
    fallback: Option<Move>,
    engine: Box<dyn Engine>,
    solver_fell_back: bool,
    /// The observer MCTS or a tree search reports to, until its engine takes it.
    observer: EngineObserver,
}

impl AgentSpec {
    /// The thinking for one move from `state`, its random choices drawn from `Rng::new(seed)`.
    /// The exact solver refuses positions with more than [`MAX_SOLVER_EMPTIES`] empty squares.
    pub fn think(&self, state: &Othello, seed: u64) -> Result<Thinking, FieldError> {
        self.think_observed(state, seed, None)
    }

    /// [`AgentSpec::think`] whose MCTS (the agent's, also after a solve gave up) reports its
    /// tree walks to `observer`, and whose minimax, alpha-beta (fixed depth or deepened, with
    /// or without a table) or MTD(f) reports each node's window and each cutoff; the other
    /// engines report nothing.
    pub fn think_observed(
        &self,
        state: &Othello,
        seed: u64,
        mut observer: EngineObserver,
    ) -> Result<Thinking, FieldError> {
        self.validate()?;
        if self.algo == Algorithm::Solver && state.empty_count() > MAX_SOLVER_EMPTIES {
            return Err(FieldError::new(
                "algo",
                format!(
                    "the exact solver takes positions with at most {MAX_SOLVER_EMPTIES} empty \
                     squares; this one has {}",
                    state.empty_count()
                ),
            ));
        }
        let mut moves = Vec::new();
        state.legal_actions(&mut moves);
        Ok(Thinking {
            spec: *self,
            root: *state,
            seed,
            only_move: moves.len() == 1,
            fallback: moves.first().copied(),
            engine: engines::first_engine(self, state, seed, &moves, &mut observer),
            solver_fell_back: false,
            observer,
        })
    }
}

impl Thinking {
    /// The settings it runs with.
    pub fn spec(&self) -> &AgentSpec {
        &self.spec
    }

    /// Where the thinking stands.
    pub fn report(&self) -> Report {
        Report {
            only_move: self.only_move,
            ..self.engine.report()
        }
    }

    /// Whether the exact solver is at work: a caller keeping a time budget lets it finish.
    pub fn solving(&self) -> bool {
        self.engine.solving()
    }

    /// Whether the solver gave up and the agent's search took over.
    pub fn solver_gave_up(&self) -> bool {
        self.solver_fell_back
    }

    /// Work the search has done: nodes of a tree search, MCTS playouts (the solver's nodes are
    /// not counted against a node budget).
    pub fn work(&self) -> u64 {
        self.engine.budgeted_work().unwrap_or(0)
    }

    /// After an exact solve gave up at its node limit: the agent's own search takes over (the
    /// solver as an algorithm answers with the first legal move).
    fn hand_over_from_the_solver(&mut self) -> Progress {
        let mut moves = Vec::new();
        self.root.legal_actions(&mut moves);
        self.solver_fell_back = true;
        self.engine = engines::search_engine(
            &self.spec,
            &self.root,
            self.seed,
            &moves,
            &mut self.observer,
        );
        if self.spec.algo == Algorithm::Solver {
            Progress::LimitReached(Limit::Nodes)
        } else {
            Progress::Running
        }
    }
}

impl Search<Othello> for Thinking {
    /// Runs about `budget` nodes (MCTS: playouts; the solver: positions, see
    /// [`crate::games::othello::endgame::SteppedSolve::step`]) of the search. Under a node
    /// budget (`nodes=N`) the thinking ends with [`Progress::LimitReached`] once the search
    /// has done N nodes, keeping its last answer (the solver's positions do not count against
    /// it).
    fn step(&mut self, budget: u64) -> Progress {
        let budget = match (self.spec.budget, self.engine.budgeted_work()) {
            (Budget::Nodes(allowed), Some(done)) => {
                if done >= allowed {
                    return Progress::LimitReached(Limit::Nodes);
                }
                budget.min(allowed - done)
            }
            _ => budget,
        };
        let progress = self.engine.step(budget);
        if self.engine.gave_up() {
            return self.hand_over_from_the_solver();
        }
        match (self.spec.budget, self.engine.budgeted_work()) {
            (Budget::Nodes(allowed), Some(done)) if progress == Progress::Running => {
                if done >= allowed {
                    return Progress::LimitReached(Limit::Nodes);
                }
                progress
            }
            _ => progress,
        }
    }

    /// The search's move, or the first legal move until the search has one.
    fn best_action(&self) -> Option<Move> {
        self.engine.best_action().or(self.fallback)
    }

    fn principal_variation(&self) -> Vec<Move> {
        self.engine.principal_variation()
    }

    fn stats(&self) -> Stats {
        self.engine.stats()
    }

    /// MCTS: each root move's visits and mean final disc difference for the side to move.
    fn root_action_stats(&self) -> Vec<RootActionStat> {
        self.engine.root_action_stats()
    }

    fn root_action_stats_into(&self, stats: &mut Vec<RootActionStat>) {
        self.engine.root_action_stats_into(stats);
    }
}
