//! Bait agents: DFS, depth-limited DFS, BFS, A*, weighted A*, MCTS, RHEA and KB Fast-Evo MCTS,
//! with their parameters and defaults in one place.
//!
//! Planners (`dfs`, `bfs`, `astar`, `wastar`) search to the end and return a plan; `dls` returns
//! the partial plan to its best-scoring leaf (the course's Task 2 agent executes it and plans
//! again); `mcts`, `rhea` and `kbfe` are anytime: the GVGAI loop asks them for one action per tick under
//! a budget ([`Agent::build`]), and to plan ([`PuzzleAgent::build_plan`]) they commit to one move
//! after another, `plan_iterations` of search each. `kbfe` keeps a knowledge base for the whole
//! game: a game's acts share one memory ([`PuzzleAgent::build_kbfe`]; plan mode shares one across
//! its moves), while [`Agent::build`] starts one for its act alone. What Bait shares with every
//! puzzle is built in [`puzzle`](super::puzzle).

use serde::{Deserialize, Serialize};

use super::params::BAIT;
use super::puzzle::{self, KbSettings, PuzzleAgent};
use super::{by_name, check_limits, Agent};
use crate::field_error::check_range;
use crate::field_error::FieldError;
use crate::games::bait::bound_cache::StateBoundCache;
use crate::games::bait::eval::{mcts_value, rhea_value, BaitEval, CourseWeights};
use crate::games::bait::BaitState;
use crate::search::astar::{AStar, AStarOptions, Weight};
use crate::search::dls::{Dls, DlsOptions};
use crate::search::kb_fast_evo::{
    new_memory, Distance, FeatureScale, FeatureTypes, KbConfig, Rollouts, Value,
};
use crate::search::node_store::KeyMode;
use crate::search::{Limits, Observer, Search};

/// DFS's depth bound, when one is given (DLS's is the parameter table's `depth`).
pub const DFS_DEPTH: std::ops::RangeInclusive<u32> = 1..=100_000;

/// The algorithms a Bait agent can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "AlgorithmBait")
)]
pub enum Algorithm {
    /// Depth-first graph search: the first plan found.
    Dfs,
    /// Depth-limited DFS scoring leaves with the course heuristic: a partial plan.
    Dls,
    /// Breadth-first search: a shortest plan.
    Bfs,
    /// A* with an admissible, consistent lower bound: a shortest plan.
    Astar,
    /// Weighted A* (`w > 1`): faster, plans at most `w` times longer than the shortest.
    Wastar,
    /// GVGAI's sampleMCTS (open-loop UCT).
    Mcts,
    /// GVGAI's sampleRHEA (rolling-horizon evolution).
    Rhea,
    /// Knowledge-based Fast-Evolutionary MCTS (Perez et al., CIG 2014).
    Kbfe,
}

impl Algorithm {
    /// Every algorithm, in the order the page lists them.
    pub const ALL: [Algorithm; 8] = [
        Algorithm::Dfs,
        Algorithm::Dls,
        Algorithm::Bfs,
        Algorithm::Astar,
        Algorithm::Wastar,
        Algorithm::Mcts,
        Algorithm::Rhea,
        Algorithm::Kbfe,
    ];

    /// The name used in share links and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Dfs => "dfs",
            Algorithm::Dls => "dls",
            Algorithm::Bfs => "bfs",
            Algorithm::Astar => "astar",
            Algorithm::Wastar => "wastar",
            Algorithm::Mcts => "mcts",
            Algorithm::Rhea => "rhea",
            Algorithm::Kbfe => "kbfe",
        }
    }

    /// The algorithm called `name`.
    pub fn parse(name: &str) -> Result<Algorithm, FieldError> {
        by_name(&Algorithm::ALL, Algorithm::name, name, "algo", "algorithm")
    }

    /// Whether the agent answers one action at a time under a budget (the GVGAI loop).
    pub fn is_anytime(self) -> bool {
        matches!(self, Algorithm::Mcts | Algorithm::Rhea | Algorithm::Kbfe)
    }
}

/// Which admissible lower bound A* uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Bound {
    /// Walls-only distance avatar → key → goal.
    Walls,
    /// The state-aware bound: boxes that can never move and holes no box can reach count as walls.
    State,
}

impl Bound {
    /// Both bounds, the walls-only one first.
    pub const ALL: [Bound; 2] = [Bound::Walls, Bound::State];

    /// The name on the command line (`--heuristic`) and in links.
    pub fn name(self) -> &'static str {
        match self {
            Bound::Walls => "walls",
            Bound::State => "state",
        }
    }

    /// The bound called `name` (`walls` or `state`).
    pub fn parse(name: &str) -> Result<Bound, FieldError> {
        by_name(&Bound::ALL, Bound::name, name, "heuristic", "heuristic")
    }
}

/// An agent's settings. Fields that do not apply to the chosen algorithm are ignored.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AgentSpec {
    /// The algorithm.
    pub algo: Algorithm,
    /// DLS: the depth limit (default 5). DFS: the deepest state expanded (none by default).
    pub depth: Option<u32>,
    /// A* and weighted A*: the lower bound (default `state`).
    pub heuristic: Bound,
    /// Weighted A*: the weight w in f = g + w·h (default 2; A* always uses 1).
    pub weight: f64,
    /// DLS: the course heuristic's weights.
    pub course: CourseWeights,
    /// MCTS and KB Fast-Evo: UCT's exploration constant K (default √2).
    pub uct: f64,
    /// MCTS and KB Fast-Evo: tree depth limit and rollout horizon (default 10).
    pub rollout_depth: u32,
    /// KB Fast-Evo: uniform or evolved rollouts (default evolved).
    pub rollouts: Rollouts,
    /// KB Fast-Evo: score or knowledge value (default knowledge).
    pub value: Value,
    /// KB Fast-Evo: eq. 6's weight of curiosity (default 0.66).
    pub alpha: f64,
    /// KB Fast-Evo: eq. 6's weight of experience (default 0.33).
    pub beta: f64,
    /// KB Fast-Evo: the feature sprite types (default the paper's).
    pub features: FeatureTypes,
    /// KB Fast-Evo: straight-line or walking distances (default straight lines).
    pub distance: Distance,
    /// KB Fast-Evo: the features' unit (default cells / (width + height)).
    pub feature_scale: FeatureScale,
    /// KB Fast-Evo: keep W and its ES between moves (default off, as the paper).
    pub keep_weights: bool,
    /// RHEA: individuals (default 10).
    pub population: usize,
    /// RHEA: genes per individual (default 10).
    pub horizon: usize,
    /// MCTS and RHEA planning: iterations (MCTS playouts, RHEA evaluated plans) searched
    /// before each committed move.
    pub plan_iterations: u64,
    /// Node and memory limits.
    pub limits: Limits,
    /// How planners remember visited states.
    pub keys: KeyMode,
}

impl Default for AgentSpec {
    /// A* with the state-aware bound, and the parameter table's defaults (GVGAI's sample-agent
    /// settings for MCTS and RHEA).
    fn default() -> Self {
        AgentSpec {
            algo: Algorithm::Astar,
            depth: None,
            heuristic: Bound::State,
            weight: BAIT.float_default("weight"),
            course: CourseWeights::default(),
            uct: BAIT.float_default("uct"),
            rollout_depth: BAIT.int_default("rollout-depth") as u32,
            rollouts: Rollouts::Evolved,
            value: Value::Knowledge,
            alpha: BAIT.float_default("alpha"),
            beta: BAIT.float_default("beta"),
            features: FeatureTypes::Paper,
            distance: Distance::Euclidean,
            feature_scale: FeatureScale::Grid,
            keep_weights: false,
            population: BAIT.int_default("population") as usize,
            horizon: BAIT.int_default("horizon") as usize,
            plan_iterations: BAIT.int_default("plan-iterations"),
            limits: Limits::default(),
            keys: KeyMode::Exact,
        }
    }
}

/// The part of a memory limit of `max_memory` bytes that A* with the state-aware bound gives to
/// its [`StateBoundCache`]: a 64th, at most 16 MiB (level 3 uses under 1 MiB of it).
pub fn bound_cache_budget(max_memory: u64) -> u64 {
    (max_memory / 64).min(16 << 20)
}

impl AgentSpec {
    /// Depth-limited DFS's depth limit: the one given, else the table's default.
    pub fn dls_depth(&self) -> u32 {
        self.depth.unwrap_or(BAIT.int_default("depth") as u32)
    }

    /// Checks every parameter the algorithm uses, naming the first bad one.
    pub fn validate(&self) -> Result<(), FieldError> {
        match self.algo {
            Algorithm::Dls => {
                BAIT.int("depth", self.dls_depth())?;
            }
            Algorithm::Dfs => {
                if let Some(depth) = self.depth {
                    check_range("depth", depth, DFS_DEPTH)?;
                }
            }
            Algorithm::Wastar => {
                BAIT.float("weight", self.weight)?;
            }
            Algorithm::Mcts => {
                BAIT.float("uct", self.uct)?;
                BAIT.int("rollout-depth", self.rollout_depth)?;
                BAIT.int("plan-iterations", self.plan_iterations)?;
            }
            Algorithm::Kbfe => {
                BAIT.float("uct", self.uct)?;
                BAIT.int("rollout-depth", self.rollout_depth)?;
                BAIT.float("alpha", self.alpha)?;
                BAIT.float("beta", self.beta)?;
                BAIT.int("plan-iterations", self.plan_iterations)?;
            }
            Algorithm::Rhea => {
                BAIT.int("population", self.population as u64)?;
                BAIT.int("horizon", self.horizon as u64)?;
                BAIT.int("plan-iterations", self.plan_iterations)?;
            }
            Algorithm::Bfs | Algorithm::Astar => {}
        }
        check_limits(&self.limits)
    }
}

impl PuzzleAgent<BaitState> for AgentSpec {
    fn check(&self) -> Result<(), FieldError> {
        self.validate()
    }

    fn is_anytime(&self) -> bool {
        self.algo.is_anytime()
    }

    fn is_kbfe(&self) -> bool {
        self.algo == Algorithm::Kbfe
    }

    fn kb_config(&self) -> KbConfig {
        let settings = KbSettings {
            rollouts: self.rollouts,
            value: self.value,
            alpha: self.alpha,
            beta: self.beta,
            features: self.features,
            distance: self.distance,
            feature_scale: self.feature_scale,
            keep_weights: self.keep_weights,
        };
        settings.config(self.uct, self.rollout_depth, self.limits)
    }

    fn plan_iterations(&self) -> u64 {
        self.plan_iterations
    }

    fn max_nodes(&self) -> u64 {
        self.limits.max_nodes
    }

    fn max_plan_length(state: &BaitState) -> usize {
        state.level().tick_limit() as usize + 1
    }
}

impl Agent<BaitState> for AgentSpec {
    /// The search this spec describes (only MCTS and RHEA draw random numbers). Every search
    /// reports to `observer`: planners their expansions and queued states, MCTS its tree walks,
    /// RHEA the states its plans reach.
    fn build<O: Observer<BaitState> + 'static>(
        &self,
        state: &BaitState,
        seed: u64,
        observer: O,
    ) -> Result<Box<dyn Search<BaitState>>, FieldError> {
        self.validate()?;
        let root = state.clone();
        let limits = self.limits;
        let keys = self.keys;
        Ok(match self.algo {
            Algorithm::Dfs => puzzle::dfs(root, limits, keys, self.depth, observer),
            Algorithm::Bfs => puzzle::bfs(root, limits, keys, observer),
            Algorithm::Dls => {
                let eval = BaitEval::new(state.level());
                let weights = self.course;
                let options = DlsOptions {
                    depth: self.dls_depth(),
                    limits,
                    keys,
                };
                let heuristic = move |s: &BaitState| eval.course_value(s, &weights);
                Box::new(Dls::with_observer(root, heuristic, options, observer))
            }
            Algorithm::Astar | Algorithm::Wastar => {
                let weight = match self.algo {
                    Algorithm::Astar => Weight::ONE,
                    _ => Weight::from_f64(self.weight)
                        .map_err(|e| FieldError::new("weight", e.to_string()))?,
                };
                let mut options = AStarOptions {
                    limits,
                    keys,
                    weight,
                    ..AStarOptions::default()
                };
                let eval = BaitEval::new(state.level());
                match self.heuristic {
                    Bound::Walls => {
                        let h = move |s: &BaitState| eval.walls_only_lower_bound(s);
                        Box::new(AStar::with_observer(root, h, options, observer))
                    }
                    Bound::State => {
                        // The bound's memo takes its share of the memory limit from A*'s.
                        let budget = bound_cache_budget(limits.max_memory_bytes);
                        options.limits.max_memory_bytes -= budget;
                        let mut cache = StateBoundCache::new(eval, budget);
                        let h = move |s: &BaitState| cache.lower_bound(s);
                        Box::new(AStar::with_observer(root, h, options, observer))
                    }
                }
            }
            Algorithm::Mcts => {
                let shape = (self.uct, self.rollout_depth);
                puzzle::mcts(root, shape, limits, seed, mcts_value, observer)?
            }
            Algorithm::Kbfe => {
                return self.build_kbfe(state, seed, new_memory::<BaitState>(), observer);
            }
            Algorithm::Rhea => {
                let shape = (self.population, self.horizon);
                puzzle::rhea(root, shape, limits, seed, rhea_value, observer)?
            }
        })
    }
}
