//! Othello agents: an algorithm, an evaluation, a budget and an endgame switch, written as one
//! line (`alphabeta:depth=6:eval=course`, `mtdf:ms=1000:eval=strong:solve=16`) that the command
//! line (`searchlab othello match --black ... --white ...`) and the page's share links both
//! read, so an agent seen on the page can be written on the command line as it stands. (Each
//! picks its moves' seeds its own way: the page from the link's seed and the move number, a
//! match from its seed and the game number.)
//!
//! Grammar: `NAME[:key=value]...`
//! - `NAME`: `random`, `minimax`, `alphabeta`, `alphabeta_tt` (alpha-beta with a transposition
//!   table), `mtdf`, `mcts` or `solver` (the exact endgame solver).
//! - budget, one of: `depth=D` (plies; a fixed-depth search), `ms=N` (iterative deepening, or
//!   MCTS playouts, for N milliseconds per move; the caller keeps the time) or `nodes=N`
//!   (iterative deepening for N nodes per move, or N MCTS playouts). MCTS takes `ms` or `nodes`.
//! - `eval=course|strong`: the course's heuristic or ours (`games::othello::eval`; default
//!   strong). `solve=E`: the exact solver from E empty squares on (0 = never, at most 30;
//!   default 16 for `mtdf`, 0 for the others). `uct=K`: MCTS's exploration constant (default √2).
//!   `tt=on|off`: `alphabeta:tt=on` is `alphabeta_tt`.
//!
//! One move's thinking is a [`Thinking`], a resumable [`Search`] run in node slices: minimax
//! and alpha-beta at a fixed depth with `search::fixed_depth` (resumable after any node, so
//! their counts are exact and a page can show them live), iteratively deepened for `ms` and
//! `nodes`; alpha-beta with a table and MTD(f) with `search::iterative_deepening`; MCTS with
//! [`MctsConfig::zero_sum`]. At `solve` empties or fewer the exact solver answers instead (in
//! steps too, `games::othello::endgame::SteppedSolve`, so its progress shows and it can be
//! stopped; a time budget does not cut it short), and a position with a single legal move is
//! answered at once.
//!
//! Files: this one (the settings), `text.rs` (the one-line form: [`AgentSpec::parse`],
//! [`AgentSpec::to_text`]), `thinking.rs` ([`AgentSpec::think`] and [`Thinking`]) and
//! `engines.rs` (the searches behind a thinking, built in one place).

mod engines;
#[cfg(test)]
mod tests;
mod text;
mod thinking;

pub use engines::EngineObserver;
pub use thinking::{Report, Thinking, REPORT_NOTE};

use super::params::OTHELLO;
use super::{by_name, check_limits, Agent};
use crate::field_error::FieldError;
use crate::games::othello::eval::{course_value, strong_value};
use crate::games::othello::Othello;
use crate::search::mcts::MctsConfig;
use crate::search::{Limits, Observer, Search};
use serde::{Deserialize, Serialize};

/// The algorithms an Othello agent can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "AlgorithmOthello")
)]
pub enum Algorithm {
    /// A uniformly random legal move.
    Random,
    /// Minimax: every node to the depth.
    Minimax,
    /// Alpha-beta without a table.
    #[serde(rename = "alphabeta")]
    AlphaBeta,
    /// Alpha-beta with a transposition table, iteratively deepened.
    #[serde(rename = "alphabeta_tt")]
    AlphaBetaTt,
    /// MTD(f): null-window alpha-beta passes with a table, iteratively deepened.
    Mtdf,
    /// Monte Carlo tree search with random playouts to the end of the game.
    Mcts,
    /// The exact endgame solver.
    Solver,
}

impl Algorithm {
    /// Every algorithm, in the order the page lists them.
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaTt,
        Algorithm::Mtdf,
        Algorithm::Mcts,
        Algorithm::Solver,
        Algorithm::Random,
    ];

    /// The name on the command line and in links.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Random => "random",
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::AlphaBetaTt => "alphabeta_tt",
            Algorithm::Mtdf => "mtdf",
            Algorithm::Mcts => "mcts",
            Algorithm::Solver => "solver",
        }
    }

    /// The algorithm called `name`.
    pub fn parse(name: &str) -> Result<Algorithm, FieldError> {
        by_name(&Algorithm::ALL, Algorithm::name, name, "algo", "algorithm")
    }

    /// Whether the algorithm searches a tree with an evaluation at its horizon.
    pub fn evaluates(self) -> bool {
        matches!(
            self,
            Algorithm::Minimax | Algorithm::AlphaBeta | Algorithm::AlphaBetaTt | Algorithm::Mtdf
        )
    }

    /// Whether the algorithm takes a budget (depth, time or nodes).
    pub fn has_budget(self) -> bool {
        self.evaluates() || self == Algorithm::Mcts
    }

    /// The budget the algorithm has when none is given.
    pub fn default_budget(self) -> Budget {
        match self {
            Algorithm::Minimax => Budget::Depth(3),
            Algorithm::AlphaBeta | Algorithm::AlphaBetaTt => Budget::Depth(6),
            _ => Budget::Millis(1000),
        }
    }

    /// The empties from which the exact solver answers when none is given.
    pub fn default_solve(self) -> u32 {
        match self {
            Algorithm::Mtdf => 16,
            _ => 0,
        }
    }
}

/// An evaluation of positions at the search horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum EvalKind {
    /// The course's `OthelloState.heuristic()` (`eval::course_value`).
    Course,
    /// Our evaluation (`eval::strong_value`).
    Strong,
}

impl EvalKind {
    /// Both evaluations, the course's first.
    pub const ALL: [EvalKind; 2] = [EvalKind::Course, EvalKind::Strong];

    /// The name on the command line and in links.
    pub fn name(self) -> &'static str {
        match self {
            EvalKind::Course => "course",
            EvalKind::Strong => "strong",
        }
    }

    /// The evaluation called `name`.
    pub fn parse(name: &str) -> Result<EvalKind, FieldError> {
        by_name(&EvalKind::ALL, EvalKind::name, name, "eval", "evaluation")
    }

    /// The evaluation as a search evaluator.
    pub fn function(self) -> Eval {
        match self {
            EvalKind::Course => course_value,
            EvalKind::Strong => strong_value,
        }
    }
}

/// An evaluator: the value of a position from a player's view.
pub type Eval = fn(&Othello, usize) -> i32;

/// How much an agent may think about one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed-depth search of this many plies (MTD(f) and alpha-beta with a table deepen to it).
    Depth(u32),
    /// Iterative deepening (or MCTS) for this many milliseconds, which the caller measures.
    Millis(u64),
    /// Iterative deepening for this many nodes (MCTS: playouts).
    Nodes(u64),
}

/// Deepest depth an agent may ask for, in plies.
pub const MAX_DEPTH: u32 = 60;
/// Longest think time an agent may ask for, in milliseconds (one hour).
pub const MAX_MILLIS: u64 = 3_600_000;
/// Most empty squares the exact solver takes (as an algorithm or with `solve`): beyond that a
/// solve takes hours.
pub const MAX_SOLVER_EMPTIES: u32 = 30;

/// An agent's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgentSpec {
    /// The algorithm.
    pub algo: Algorithm,
    /// The evaluation at the horizon (searches with one only).
    pub eval: EvalKind,
    /// The budget per move (searches and MCTS only).
    pub budget: Budget,
    /// The exact solver answers from this many empty squares on (0: never).
    pub solve: u32,
    /// MCTS: UCT's exploration constant K.
    pub uct: f64,
    /// Nodes (MCTS: playouts; the solver: positions) and table memory (transposition table,
    /// MCTS tree, solver table) of one move's search.
    pub limits: Limits,
}

impl AgentSpec {
    /// The algorithm with its defaults: strong evaluation, its default budget and endgame
    /// switch, K = √2, and the given limits.
    pub fn new(algo: Algorithm, limits: Limits) -> AgentSpec {
        AgentSpec {
            algo,
            eval: EvalKind::Strong,
            budget: algo.default_budget(),
            solve: algo.default_solve(),
            uct: MctsConfig::zero_sum().exploration,
            limits,
        }
    }

    /// Checks every setting, naming the first bad one.
    pub fn validate(&self) -> Result<(), FieldError> {
        match self.budget {
            Budget::Depth(depth) => {
                OTHELLO.int("depth", depth)?;
            }
            Budget::Millis(ms) => {
                OTHELLO.int("ms", ms)?;
            }
            Budget::Nodes(nodes) => {
                OTHELLO.int("nodes", nodes)?;
            }
        }
        if self.algo == Algorithm::Mcts && matches!(self.budget, Budget::Depth(_)) {
            return Err(FieldError::new(
                "depth",
                "mcts takes ms or nodes (playouts), not a depth",
            ));
        }
        OTHELLO.int("solve", self.solve)?;
        OTHELLO.float("uct", self.uct)?;
        check_limits(&self.limits)
    }

    /// Work units (nodes) per step of a recorded run (`search::timeline`): 1, but 1024 for
    /// alpha-beta with a table and MTD(f), which restart an unfinished depth at each slice (the
    /// table makes that cheap) and so would never finish a depth in slices of one node. Their
    /// runs then depend on how they are sliced: a live run matches the timeline when stepped by
    /// this many nodes at a time.
    pub fn timeline_unit(&self) -> u64 {
        match self.algo {
            Algorithm::AlphaBetaTt | Algorithm::Mtdf => 1024,
            _ => 1,
        }
    }

    /// Whether this agent answers `state` with the exact solver.
    pub fn solves(&self, state: &Othello) -> bool {
        self.algo == Algorithm::Solver || state.empty_count() <= self.solve
    }
}

impl Agent<Othello> for AgentSpec {
    /// [`AgentSpec::think_observed`], boxed: MCTS reports its tree walks to `observer`, the
    /// tree searches each node's window and each cutoff; the solver reports nothing (the page
    /// shows a thinking's [`Thinking::report`]).
    fn build<O: Observer<Othello> + 'static>(
        &self,
        root: &Othello,
        seed: u64,
        observer: O,
    ) -> Result<Box<dyn Search<Othello>>, FieldError> {
        Ok(Box::new(self.think_observed(
            root,
            seed,
            Some(Box::new(observer)),
        )?))
    }
}
