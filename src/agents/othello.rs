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
//! steps too, [`SteppedSolve`], so its progress shows and it can be stopped; a time budget does
//! not cut it short), and a position with a single legal move is answered at once.

use super::params::OTHELLO;
use super::{by_name, check_limits, quoted};
use crate::field_error::FieldError;
use crate::game::Game;
use crate::games::othello::endgame::{NodeLimitReached, Solution, SteppedSolve};
use crate::games::othello::eval::{course_value, strong_value};
use crate::games::othello::{Move, Othello};
use crate::rng::Rng;
use crate::search::anytime::RootActionStat;
use crate::search::fixed_depth::{Deepening, FixedDepth};
use crate::search::iterative_deepening::{self, IterativeDeepening};
use crate::search::mcts::{Mcts, MctsConfig};
use crate::search::two_player::TreeStats;
use crate::search::{Limit, Limits, Progress, Search, Stats};
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

    /// Reads `NAME[:key=value]...` (see the module), with `limits` for its searches. Time
    /// budgets default to `default_ms` (for `mtdf` and `mcts` without a budget).
    pub fn parse(text: &str, default_ms: u64, limits: Limits) -> Result<AgentSpec, FieldError> {
        let mut parts = text.split(':');
        let mut algo = Algorithm::parse(parts.next().unwrap_or_default())?;
        let mut spec = AgentSpec::new(algo, limits);
        if let Budget::Millis(_) = spec.budget {
            spec.budget = Budget::Millis(default_ms);
        }
        let mut budget: Option<(&str, Budget)> = None;
        let mut solve = None;
        let mut given = Vec::new();
        for part in parts {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                FieldError::new(
                    &quoted(part),
                    "expected key=value (keys: depth, ms, nodes, eval, solve, uct, tt)",
                )
            })?;
            let number = || -> Result<u64, FieldError> {
                value.parse::<u64>().map_err(|_| {
                    FieldError::new(key, format!("'{}' is not a whole number", quoted(value)))
                })
            };
            if given.contains(&key) {
                return Err(FieldError::new(key, "given more than once"));
            }
            given.push(key);
            let next_budget = match key {
                "depth" => Some(Budget::Depth(OTHELLO.int("depth", number()?)? as u32)),
                "ms" => Some(Budget::Millis(OTHELLO.int("ms", number()?)?)),
                "nodes" => Some(Budget::Nodes(OTHELLO.int("nodes", number()?)?)),
                "eval" => {
                    spec.eval = EvalKind::parse(value)?;
                    None
                }
                "solve" => {
                    solve = Some(OTHELLO.int("solve", number()?)? as u32);
                    None
                }
                "uct" => {
                    let uct: f64 = value.parse().map_err(|_| {
                        FieldError::new("uct", format!("'{}' is not a number", quoted(value)))
                    })?;
                    spec.uct = OTHELLO.float("uct", uct)?;
                    None
                }
                "tt" => {
                    let on = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(FieldError::new("tt", "expected tt=on or tt=off")),
                    };
                    algo = match (algo, on) {
                        (Algorithm::AlphaBeta | Algorithm::AlphaBetaTt, true) => {
                            Algorithm::AlphaBetaTt
                        }
                        (Algorithm::AlphaBeta | Algorithm::AlphaBetaTt, false) => {
                            Algorithm::AlphaBeta
                        }
                        _ => return Err(FieldError::new("tt", "only alphabeta takes tt")),
                    };
                    spec.algo = algo;
                    None
                }
                _ => {
                    return Err(FieldError::new(
                        &quoted(key),
                        "unknown key (expected depth, ms, nodes, eval, solve, uct or tt)",
                    ))
                }
            };
            if let Some(next) = next_budget {
                if let Some((first, _)) = budget {
                    return Err(FieldError::new(
                        key,
                        format!("give only one budget: {first} or {key}"),
                    ));
                }
                budget = Some((key, next));
            }
        }
        spec.solve = solve.unwrap_or(algo.default_solve());
        if let Some((key, chosen)) = budget {
            spec.budget = chosen;
            if !algo.has_budget() {
                return Err(FieldError::new(
                    key,
                    format!("{} takes no budget", algo.name()),
                ));
            }
            if algo == Algorithm::Mcts && matches!(chosen, Budget::Depth(_)) {
                return Err(FieldError::new(
                    "depth",
                    "mcts takes ms or nodes (playouts), not a depth",
                ));
            }
        }
        if given.contains(&"eval") && !algo.evaluates() {
            return Err(FieldError::new(
                "eval",
                format!("{} uses no evaluation", algo.name()),
            ));
        }
        if given.contains(&"uct") && algo != Algorithm::Mcts {
            return Err(FieldError::new("uct", "only mcts takes uct"));
        }
        if given.contains(&"solve") && matches!(algo, Algorithm::Random | Algorithm::Solver) {
            return Err(FieldError::new(
                "solve",
                format!("{} takes no endgame switch", algo.name()),
            ));
        }
        spec.validate()?;
        Ok(spec)
    }

    /// The settings as the line [`AgentSpec::parse`] reads: the algorithm and every key it
    /// uses (`parse(to_text())` gives these settings back).
    pub fn to_text(&self) -> String {
        let mut text = self.algo.name().to_string();
        if self.algo.has_budget() {
            text.push_str(&match self.budget {
                Budget::Depth(depth) => format!(":depth={depth}"),
                Budget::Millis(ms) => format!(":ms={ms}"),
                Budget::Nodes(nodes) => format!(":nodes={nodes}"),
            });
        }
        if self.algo.evaluates() {
            text.push_str(&format!(":eval={}", self.eval.name()));
        }
        if self.algo == Algorithm::Mcts {
            text.push_str(&format!(":uct={}", self.uct));
        }
        if !matches!(self.algo, Algorithm::Random | Algorithm::Solver) {
            text.push_str(&format!(":solve={}", self.solve));
        }
        text
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

    /// Whether this agent answers `state` with the exact solver.
    pub fn solves(&self, state: &Othello) -> bool {
        self.algo == Algorithm::Solver || state.empty_count() <= self.solve
    }

    /// The thinking for one move from `state`, its random choices drawn from `Rng::new(seed)`.
    /// The exact solver refuses positions with more than [`MAX_SOLVER_EMPTIES`] empty squares.
    pub fn think(&self, state: &Othello, seed: u64) -> Result<Thinking, FieldError> {
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
        let engine = if moves.len() <= 1 {
            Engine::Answered(moves.first().copied())
        } else if self.solves(state) {
            let memory = usize::try_from(self.limits.max_memory_bytes).unwrap_or(usize::MAX);
            let solve = SteppedSolve::new(state.board(), memory, self.limits.max_nodes);
            Engine::Solving(Box::new(solve))
        } else {
            self.engine(state, seed, &moves)
        };
        Ok(Thinking {
            spec: *self,
            root: *state,
            seed,
            only_move: moves.len() == 1,
            fallback: moves.first().copied(),
            engine,
            solver_fell_back: false,
        })
    }

    /// The search this agent runs on `state` (not the solver).
    fn engine(&self, state: &Othello, seed: u64, moves: &[Move]) -> Engine {
        let eval = self.eval.function();
        let limits = self.limits;
        match (self.algo, self.budget) {
            (Algorithm::Random, _) => {
                Engine::Answered(Some(moves[Rng::new(seed).index(moves.len())]))
            }
            (Algorithm::Minimax | Algorithm::AlphaBeta, Budget::Depth(depth)) => {
                let pruning = self.algo == Algorithm::AlphaBeta;
                Engine::Fixed(FixedDepth::new(*state, eval, depth, pruning, limits, seed))
            }
            (Algorithm::Minimax | Algorithm::AlphaBeta, _) => {
                let pruning = self.algo == Algorithm::AlphaBeta;
                Engine::Deepening(Deepening::new(
                    *state, eval, MAX_DEPTH, pruning, limits, seed,
                ))
            }
            (Algorithm::AlphaBetaTt | Algorithm::Mtdf, budget) => {
                let algorithm = if self.algo == Algorithm::Mtdf {
                    iterative_deepening::Algorithm::Mtdf
                } else {
                    iterative_deepening::Algorithm::AlphaBeta
                };
                let max_depth = match budget {
                    Budget::Depth(depth) => depth,
                    _ => MAX_DEPTH,
                };
                Engine::Table(IterativeDeepening::new(
                    *state, algorithm, eval, max_depth, limits, seed,
                ))
            }
            (Algorithm::Mcts, _) => {
                let config = MctsConfig {
                    exploration: self.uct,
                    limits,
                    ..MctsConfig::zero_sum()
                };
                match Mcts::with_returns(*state, config, seed) {
                    Ok(search) => Engine::Mcts(search),
                    // `validate` checked K, so this does not happen; answer rather than panic.
                    Err(_) => Engine::Answered(moves.first().copied()),
                }
            }
            // The solver falls back to its first move when it gives up.
            (Algorithm::Solver, _) => Engine::Answered(moves.first().copied()),
        }
    }
}

/// The search behind one move's thinking.
enum Engine {
    /// The answer is known at once (random, a single legal move, a finished game).
    Answered(Option<Move>),
    /// The exact solver at work.
    Solving(Box<SteppedSolve>),
    /// The exact solver's answer.
    Exact(Solution),
    Fixed(FixedDepth<Othello, Eval>),
    Deepening(Deepening<Othello, Eval>),
    Table(IterativeDeepening<Othello, Eval>),
    Mcts(Mcts<Othello>),
}

/// What the thinking shows: how deep it got, what it thinks the position is worth, and its
/// counters.
#[derive(Clone, Copy, Debug, PartialEq)]
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

/// One move's thinking: a resumable search that the caller steps under its budget, then asks
/// for [`Search::best_action`].
pub struct Thinking {
    spec: AgentSpec,
    root: Othello,
    seed: u64,
    only_move: bool,
    fallback: Option<Move>,
    engine: Engine,
    solver_fell_back: bool,
}

impl Thinking {
    /// The settings it runs with.
    pub fn spec(&self) -> &AgentSpec {
        &self.spec
    }

    /// Where the thinking stands.
    pub fn report(&self) -> Report {
        let mut report = Report {
            depth: 0,
            value: None,
            exact: false,
            solving: false,
            only_move: self.only_move,
            tree: TreeStats::default(),
        };
        match &self.engine {
            Engine::Answered(_) => {}
            Engine::Solving(solve) => {
                report.depth = self.root.empty_count();
                report.solving = true;
                report.tree.nodes = solve.nodes();
            }
            Engine::Exact(exact) => {
                report.depth = self.root.empty_count();
                report.value = Some(f64::from(exact.score));
                report.exact = true;
                report.tree.nodes = exact.nodes;
            }
            Engine::Fixed(search) => {
                report.tree = search.tree_stats();
                if let Some(decision) = search.decision() {
                    report.depth = decision.depth;
                    report.value = Some(f64::from(decision.value));
                }
            }
            Engine::Deepening(search) => {
                report.tree = search.tree_stats();
                if let Some(decision) = search.decision() {
                    report.depth = decision.depth;
                    report.value = Some(f64::from(decision.value));
                }
            }
            Engine::Table(search) => {
                report.tree = search.tree_stats();
                if let Some(decision) = search.decision() {
                    report.depth = decision.depth;
                    report.value = Some(f64::from(decision.value));
                }
            }
            Engine::Mcts(search) => {
                let stats = search.stats();
                report.depth = stats.max_depth;
                report.tree.nodes = stats.iterations;
                report.tree.max_depth = stats.max_depth;
                let best = search.best_action().map(Othello::action_index);
                report.value = search
                    .root_action_stats()
                    .into_iter()
                    .find(|row| Some(row.index) == best)
                    .map(|row| row.value);
            }
        }
        report
    }

    /// Takes in what a step of the exact solve gave: its solution, or more work to do; if the
    /// solve gave up at its node limit, the agent's own search takes over.
    fn settle_solve(&mut self, outcome: Result<Option<Solution>, NodeLimitReached>) -> Progress {
        match outcome {
            Ok(None) => Progress::Running,
            Ok(Some(solution)) => {
                self.engine = Engine::Exact(solution);
                Progress::Solved
            }
            Err(_) => {
                let mut moves = Vec::new();
                self.root.legal_actions(&mut moves);
                self.solver_fell_back = true;
                self.engine = self.spec.engine(&self.root, self.seed, &moves);
                if self.spec.algo == Algorithm::Solver {
                    Progress::LimitReached(Limit::Nodes)
                } else {
                    Progress::Running
                }
            }
        }
    }

    /// Whether the exact solver is at work: a caller keeping a time budget lets it finish.
    pub fn solving(&self) -> bool {
        matches!(self.engine, Engine::Solving(_))
    }

    /// Whether the solver gave up and the agent's search took over.
    pub fn solver_gave_up(&self) -> bool {
        self.solver_fell_back
    }

    /// Work the search has done: nodes of a tree search, MCTS playouts (the solver's nodes are
    /// not counted against a node budget).
    fn work(&self) -> u64 {
        match &self.engine {
            Engine::Answered(_) | Engine::Solving(_) | Engine::Exact(_) => 0,
            Engine::Fixed(search) => search.tree_stats().nodes,
            Engine::Deepening(search) => search.tree_stats().nodes,
            Engine::Table(search) => search.tree_stats().nodes,
            Engine::Mcts(search) => search.stats().iterations,
        }
    }
}

impl Search<Othello> for Thinking {
    /// Runs about `budget` nodes (MCTS: playouts; the solver: positions, see
    /// [`SteppedSolve::step`]) of the search. Under a node budget (`nodes=N`) the thinking ends
    /// with [`Progress::LimitReached`] once the search has done N nodes, keeping its last answer
    /// (the solver's positions do not count against it).
    fn step(&mut self, budget: u64) -> Progress {
        let budget = match self.spec.budget {
            Budget::Nodes(allowed)
                if !matches!(
                    self.engine,
                    Engine::Answered(_) | Engine::Solving(_) | Engine::Exact(_)
                ) =>
            {
                let done = self.work();
                if done >= allowed {
                    return Progress::LimitReached(Limit::Nodes);
                }
                budget.min(allowed - done)
            }
            _ => budget,
        };
        match &mut self.engine {
            Engine::Answered(_) | Engine::Exact(_) => Progress::Solved,
            Engine::Solving(solve) => {
                let outcome = solve.step(budget);
                self.settle_solve(outcome)
            }
            Engine::Fixed(search) => search.step(budget),
            Engine::Deepening(search) => search.step(budget),
            Engine::Table(search) => search.step(budget),
            Engine::Mcts(search) => search.step(budget),
        }
    }

    /// The search's move, or the first legal move until the search has one.
    fn best_action(&self) -> Option<Move> {
        let found = match &self.engine {
            Engine::Answered(action) => *action,
            Engine::Exact(exact) => exact.best_move,
            Engine::Solving(_) => None,
            Engine::Fixed(search) => search.best_action(),
            Engine::Deepening(search) => search.best_action(),
            Engine::Table(search) => search.best_action(),
            Engine::Mcts(search) => search.best_action(),
        };
        found.or(self.fallback)
    }

    fn principal_variation(&self) -> Vec<Move> {
        match &self.engine {
            Engine::Answered(action) => action.iter().copied().collect(),
            Engine::Exact(exact) => exact.pv.clone(),
            Engine::Solving(_) => Vec::new(),
            Engine::Fixed(search) => search.principal_variation(),
            Engine::Deepening(search) => search.principal_variation(),
            Engine::Table(search) => search.principal_variation(),
            Engine::Mcts(search) => search.principal_variation(),
        }
    }

    fn stats(&self) -> Stats {
        match &self.engine {
            Engine::Answered(_) => Stats::default(),
            Engine::Solving(solve) => Stats {
                expanded: solve.nodes(),
                generated: solve.nodes(),
                ..Stats::default()
            },
            Engine::Exact(exact) => Stats {
                expanded: exact.nodes,
                generated: exact.nodes,
                iterations: 1,
                ..Stats::default()
            },
            Engine::Fixed(search) => search.stats(),
            Engine::Deepening(search) => search.stats(),
            Engine::Table(search) => search.stats(),
            Engine::Mcts(search) => search.stats(),
        }
    }

    /// MCTS: each root move's visits and mean final disc difference for the side to move.
    fn root_action_stats(&self) -> Vec<RootActionStat> {
        match &self.engine {
            Engine::Mcts(search) => search.root_action_stats(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::endgame::Solver;
    use crate::search::run_to_end;

    const LIMITS: Limits = Limits {
        max_nodes: u64::MAX,
        max_memory_bytes: 4 << 20,
    };

    fn parse(text: &str) -> Result<AgentSpec, FieldError> {
        AgentSpec::parse(text, 1000, LIMITS)
    }

    #[test]
    fn specs_parse_with_defaults() {
        let course = parse("alphabeta:depth=6:eval=course").unwrap();
        assert_eq!(course.algo, Algorithm::AlphaBeta);
        assert_eq!(
            (course.budget, course.eval, course.solve),
            (Budget::Depth(6), EvalKind::Course, 0)
        );
        let strong = parse("mtdf:ms=1000").unwrap();
        assert_eq!(
            (strong.budget, strong.eval, strong.solve),
            (Budget::Millis(1000), EvalKind::Strong, 16)
        );
        let solver_off = parse("mtdf:nodes=5000:solve=0").unwrap();
        assert_eq!(
            (solver_off.budget, solver_off.solve),
            (Budget::Nodes(5000), 0)
        );
        assert_eq!(parse("random").unwrap().algo, Algorithm::Random);
        assert_eq!(
            parse("alphabeta:tt=on").unwrap().algo,
            Algorithm::AlphaBetaTt
        );
        assert_eq!(parse("minimax").unwrap().budget, Budget::Depth(3));
        let mcts = AgentSpec::parse("mcts:uct=0.5", 250, LIMITS).unwrap();
        assert_eq!((mcts.budget, mcts.uct), (Budget::Millis(250), 0.5));
        assert_eq!(parse("solver").unwrap().algo, Algorithm::Solver);
    }

    #[test]
    fn text_round_trips() {
        for text in [
            "minimax:depth=3:eval=strong:solve=0",
            "alphabeta:depth=6:eval=course:solve=0",
            "alphabeta_tt:ms=500:eval=strong:solve=12",
            "mtdf:nodes=5000:eval=course:solve=16",
            "mcts:ms=1000:uct=1.4142135623730951:solve=0",
            "solver",
            "random",
        ] {
            assert_eq!(parse(text).unwrap().to_text(), text);
        }
        assert_eq!(
            parse("mtdf").unwrap().to_text(),
            "mtdf:ms=1000:eval=strong:solve=16"
        );
    }

    #[test]
    fn bad_specs_name_the_field() {
        for (text, field, needle) in [
            ("foo", "algo", "unknown algorithm 'foo'"),
            ("minimax:depth=x", "depth", "'x' is not a whole number"),
            ("minimax:depth=0", "depth", "between 1 and 60"),
            ("mtdf:eval=best", "eval", "unknown evaluation 'best'"),
            ("alphabeta:speed=3", "speed", "unknown key"),
            ("alphabeta:depth", "depth", "expected key=value"),
            ("mtdf:depth=3:ms=10", "ms", "only one budget"),
            ("random:depth=2", "depth", "random takes no budget"),
            ("solver:ms=2", "ms", "solver takes no budget"),
            ("mcts:depth=4", "depth", "not a depth"),
            ("mcts:eval=course", "eval", "mcts uses no evaluation"),
            ("alphabeta:uct=1", "uct", "only mcts"),
            ("mcts:uct=NaN", "uct", "finite"),
            ("mtdf:tt=on", "tt", "only alphabeta"),
            ("mtdf:solve=31", "solve", "between 0 and 30"),
            ("solver:solve=3", "solve", "no endgame switch"),
            ("mtdf:ms=0", "ms", "between 1 and 3600000"),
            ("mtdf:eval=course:eval=strong", "eval", "more than once"),
        ] {
            let error = parse(text).unwrap_err();
            assert_eq!(error.field, field, "{text}: {error}");
            assert!(error.message.contains(needle), "{text}: {error}");
        }
    }

    fn after(moves: &[&str]) -> Othello {
        let mut state = Othello::start();
        for text in moves {
            state.try_apply(text.parse().unwrap()).unwrap();
        }
        state
    }

    #[test]
    fn a_fixed_depth_search_reports_its_depth_value_and_counters() {
        let state = after(&["f5", "d6", "c3"]);
        let spec = parse("alphabeta:depth=4:eval=course").unwrap();
        let mut thinking = spec.think(&state, 1).unwrap();
        assert_eq!(thinking.report().value, None);
        assert_eq!(run_to_end(&mut thinking, 50), Progress::Solved);
        let report = thinking.report();
        assert_eq!(report.depth, 4);
        assert!(report.tree.cutoffs > 0 && report.tree.nodes > 0);
        assert_eq!(thinking.principal_variation().len(), 4);
        let best = thinking.best_action().unwrap();
        assert_eq!(thinking.principal_variation()[0], best);
        assert!(state.is_legal(best));
        // The same seed gives the same move and counts; minimax finds the same value.
        let mut again = spec.think(&state, 1).unwrap();
        run_to_end(&mut again, 1 << 20);
        assert_eq!(again.report(), report);
        let minimax = AgentSpec {
            algo: Algorithm::Minimax,
            ..spec
        };
        let mut full = minimax.think(&state, 1).unwrap();
        run_to_end(&mut full, 1 << 20);
        assert_eq!(full.report().value, report.value);
        assert_eq!(full.report().tree.cutoffs, 0);
        assert!(full.report().tree.nodes > report.tree.nodes);
    }

    #[test]
    fn the_endgame_switch_answers_exactly() {
        let state = random_game_to(4, 12);
        if state.is_terminal() {
            return;
        }
        let spec = parse("mtdf:nodes=100:solve=14").unwrap();
        assert!(spec.solves(&state));
        let mut thinking = spec.think(&state, 3).unwrap();
        let progress = run_to_end(&mut thinking, 1);
        let report = thinking.report();
        if report.only_move {
            return;
        }
        assert_eq!(progress, Progress::Solved);
        assert!(report.exact);
        let mut solver = Solver::new(1 << 20, u64::MAX);
        let solution = solver.solve(state.board()).unwrap();
        assert_eq!(report.value, Some(f64::from(solution.score)));
        assert_eq!(report.depth, 12);
        assert_eq!(thinking.best_action(), solution.best_move);
    }

    /// The position after a seeded random game down to `empties` empty squares.
    fn random_game_to(seed: u64, empties: u32) -> Othello {
        let mut state = Othello::start();
        let mut rng = Rng::new(seed);
        let mut moves = Vec::new();
        while state.empty_count() > empties && !state.is_terminal() {
            state.legal_actions(&mut moves);
            state.apply(moves[rng.index(moves.len())]);
        }
        state
    }

    #[test]
    fn a_solver_that_gives_up_hands_over_to_the_search() {
        let state = (0..20)
            .map(|seed| random_game_to(seed, 20))
            .find(|state| {
                let mut moves = Vec::new();
                state.legal_actions(&mut moves);
                moves.len() > 1
            })
            .unwrap();
        let limits = Limits {
            max_nodes: 50,
            ..LIMITS
        };
        let spec = AgentSpec::parse("alphabeta:depth=2:solve=20", 1000, limits).unwrap();
        let mut thinking = spec.think(&state, 0).unwrap();
        for _ in 0..10 {
            assert_eq!(thinking.step(10), Progress::Running);
            if thinking.solver_gave_up() {
                break;
            }
            assert!(thinking.solving() && thinking.report().solving);
        }
        assert!(thinking.solver_gave_up());
        assert!(!thinking.solving());
        assert_eq!(run_to_end(&mut thinking, 10), Progress::Solved);
        assert_eq!(thinking.report().depth, 2);
        assert!(!thinking.report().exact);
        let solver = AgentSpec::parse("solver", 1000, limits).unwrap();
        let mut thinking = solver.think(&state, 0).unwrap();
        assert_eq!(
            run_to_end(&mut thinking, 10),
            Progress::LimitReached(Limit::Nodes)
        );
        assert!(
            state.is_legal(thinking.best_action().unwrap()),
            "a legal move still"
        );
    }

    #[test]
    fn the_solver_refuses_positions_with_too_many_empties() {
        let error = parse("solver")
            .unwrap()
            .think(&Othello::start(), 0)
            .err()
            .unwrap();
        assert_eq!(error.field, "algo");
        assert!(
            error.message.contains("at most 30 empty squares"),
            "{error}"
        );
    }

    #[test]
    fn a_node_budget_ends_the_thinking_with_its_last_answer() {
        let state = after(&["f5", "d6"]);
        for text in [
            "alphabeta:nodes=3000",
            "mtdf:nodes=3000:solve=0",
            "mcts:nodes=300",
        ] {
            let spec = parse(text).unwrap();
            let mut thinking = spec.think(&state, 2).unwrap();
            let progress = run_to_end(&mut thinking, 64);
            assert_eq!(progress, Progress::LimitReached(Limit::Nodes), "{text}");
            let allowed = if text.starts_with("mcts") { 300 } else { 3000 };
            // Iterative deepening with a table counts the node at which its slice ends.
            let work = thinking.work();
            assert!(
                (allowed..=allowed + 1).contains(&work),
                "{text}: {work} nodes"
            );
            assert!(state.is_legal(thinking.best_action().unwrap()), "{text}");
            assert!(thinking.report().value.is_some(), "{text}");
        }
    }

    #[test]
    fn mcts_and_random_answer_with_legal_moves() {
        let state = after(&["f5"]);
        let mut mcts = parse("mcts:nodes=200").unwrap().think(&state, 5).unwrap();
        mcts.step(200);
        let report = mcts.report();
        assert_eq!(report.tree.nodes, 200);
        assert!(report.value.is_some());
        assert_eq!(mcts.root_action_stats().len(), 3);
        assert!(state.is_legal(mcts.best_action().unwrap()));
        let mut random = parse("random").unwrap().think(&state, 5).unwrap();
        assert_eq!(random.step(1), Progress::Solved);
        assert!(state.is_legal(random.best_action().unwrap()));
    }

    #[test]
    fn a_single_legal_move_is_played_without_thinking() {
        // White to move with only a pass: Black's discs fill the board but for two squares.
        let state = Othello::parse(
            "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO--",
            "O",
        )
        .unwrap();
        let spec = parse("mtdf:ms=50").unwrap();
        let mut thinking = spec.think(&state, 0).unwrap();
        assert!(thinking.report().only_move);
        assert_eq!(thinking.step(1), Progress::Solved);
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        assert_eq!(legal.len(), 1);
        assert_eq!(thinking.best_action(), Some(legal[0]));
    }
}
