//! The agents every single-agent puzzle shares (Bait and every VGDL game), built once here for
//! any such game: DFS and BFS, which need no knowledge of the game; sampleMCTS, sampleRHEA and
//! KB Fast-Evo MCTS, valued by the game's own functions; and plan mode ([`PuzzleAgent::build_plan`]),
//! in which an anytime agent commits to one move after another. A game's `AgentSpec` names its
//! parameters, adds what is its own (Bait's lower bounds and course heuristic) and calls these.

use serde::{Deserialize, Serialize};

use super::Agent;
use crate::field_error::FieldError;
use crate::game::Puzzle;
use crate::rng::Rng;
use crate::search::bfs::{Bfs, BfsOptions};
use crate::search::committed_plan::{CommittedPlan, CommittedPlanOptions, SharedObserver};
use crate::search::dfs::{Dfs, DfsOptions};
use crate::search::kb_fast_evo::{
    kb_fast_evo, new_memory, Distance, FeatureScale, FeatureTypes, KbConfig, Rollouts,
    SharedMemory, Value,
};
use crate::search::mcts::{Mcts, MctsConfig, Rollout};
use crate::search::node_store::KeyMode;
use crate::search::rhea::{Rhea, RheaConfig};
use crate::search::{Limits, Observer, Search};
use crate::sprites::SpriteGame;

/// A state's value to an anytime agent (for MCTS and KB Fast-Evo: the score, a win or a loss
/// beyond any score; for RHEA: GVGAI's `WinScoreHeuristic`).
pub type StateValue<G> = fn(&G) -> f64;

/// KB Fast-Evo's own settings, the same for every game (the link's `rollouts`, `value`, `alpha`,
/// `beta`, `features`, `distance`, `feature-scale` and `keep-weights`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(rename = "KbView"))]
pub struct KbSettings {
    /// Uniform or evolved rollouts.
    pub rollouts: Rollouts,
    /// Score or knowledge value.
    pub value: Value,
    /// Eq. 6's weight of curiosity.
    pub alpha: f64,
    /// Eq. 6's weight of experience.
    pub beta: f64,
    /// The feature sprite types.
    pub features: FeatureTypes,
    /// Straight-line or walking distances.
    pub distance: Distance,
    /// The features' unit.
    pub feature_scale: FeatureScale,
    /// Keep W and its ES between moves.
    pub keep_weights: bool,
}

impl Default for KbSettings {
    /// The paper's agent ([`KbConfig::paper`]).
    fn default() -> Self {
        let paper = KbConfig::paper(1);
        KbSettings {
            rollouts: paper.rollouts,
            value: paper.value,
            alpha: paper.alpha,
            beta: paper.beta,
            features: paper.features,
            distance: paper.distance,
            feature_scale: paper.scale,
            keep_weights: paper.keep_weights,
        }
    }
}

impl KbSettings {
    /// KB Fast-Evo's configuration: these settings on a sampleMCTS tree with constant `uct`,
    /// depth and rollouts of `rollout_depth`, under `limits`.
    pub fn config(&self, uct: f64, rollout_depth: u32, limits: Limits) -> KbConfig {
        let mut config = KbConfig::paper(rollout_depth);
        config.mcts.exploration = uct;
        config.mcts.limits = limits;
        KbConfig {
            rollouts: self.rollouts,
            value: self.value,
            alpha: self.alpha,
            beta: self.beta,
            features: self.features,
            distance: self.distance,
            scale: self.feature_scale,
            keep_weights: self.keep_weights,
            ..config
        }
    }
}

/// Depth-first graph search to the first plan, expanding no state deeper than `max_depth`.
pub fn dfs<G: Puzzle + 'static, O: Observer<G> + 'static>(
    root: G,
    limits: Limits,
    keys: KeyMode,
    max_depth: Option<u32>,
    observer: O,
) -> Box<dyn Search<G>> {
    let options = DfsOptions {
        limits,
        keys,
        max_depth,
    };
    Box::new(Dfs::with_observer(root, options, observer))
}

/// Breadth-first search: a shortest plan.
pub fn bfs<G: Puzzle + 'static, O: Observer<G> + 'static>(
    root: G,
    limits: Limits,
    keys: KeyMode,
    observer: O,
) -> Box<dyn Search<G>> {
    Box::new(Bfs::with_observer(
        root,
        BfsOptions { limits, keys },
        observer,
    ))
}

/// GVGAI's sampleMCTS with exploration constant `uct`, its tree depth and rollouts limited to
/// `rollout_depth`, valuing states by `value`.
pub fn mcts<G: Puzzle + 'static, O: Observer<G> + 'static>(
    root: G,
    (uct, rollout_depth): (f64, u32),
    limits: Limits,
    seed: u64,
    value: StateValue<G>,
    observer: O,
) -> Result<Box<dyn Search<G>>, FieldError> {
    let config = MctsConfig {
        exploration: uct,
        max_tree_depth: Some(rollout_depth),
        rollout: Rollout::UntilDepth(rollout_depth),
        limits,
        ..MctsConfig::gvgai_sample_mcts()
    };
    let value = move |s: &G, _player: usize| value(s);
    let search = Mcts::with_observer(root, config, seed, value, observer)
        .map_err(|e| FieldError::new(e.field, e.reason))?;
    Ok(Box::new(search))
}

/// GVGAI's sampleRHEA: `population` plans of `horizon` actions, valued by `value` at their end.
pub fn rhea<G: Puzzle + 'static, O: Observer<G> + 'static>(
    root: G,
    (population, horizon): (usize, usize),
    limits: Limits,
    seed: u64,
    value: StateValue<G>,
    observer: O,
) -> Result<Box<dyn Search<G>>, FieldError> {
    let config = RheaConfig {
        population_size: population,
        horizon,
        limits,
        ..RheaConfig::default()
    };
    let value = move |s: &G, _player: usize| value(s);
    let search = Rhea::with_observer(root, config, seed, value, observer)
        .map_err(|e| FieldError::new(e.field, e.reason))?;
    Ok(Box::new(search))
}

/// A puzzle's agent settings, which build its one-decision search ([`Agent::build`]) and, from
/// the parts here, KB Fast-Evo's act with the game's memory and plan mode.
pub trait PuzzleAgent<G: Puzzle + SpriteGame + 'static>: Agent<G> + Copy + 'static {
    /// Checks every parameter the algorithm reads, naming the first bad one.
    fn check(&self) -> Result<(), FieldError>;
    /// Whether the algorithm answers one action at a time (MCTS, RHEA, KB Fast-Evo).
    fn is_anytime(&self) -> bool;
    /// Whether the algorithm is KB Fast-Evo MCTS.
    fn is_kbfe(&self) -> bool;
    /// KB Fast-Evo's configuration from these settings.
    fn kb_config(&self) -> KbConfig;
    /// Plan mode: iterations searched before each committed move.
    fn plan_iterations(&self) -> u64;
    /// The node limit of a whole search (a plan: over all its moves).
    fn max_nodes(&self) -> u64;
    /// Most moves a plan from `state` may hold (the game's tick limit and one).
    fn max_plan_length(state: &G) -> usize;

    /// KB Fast-Evo's search for one act from `state`, with the game's `memory` (its knowledge
    /// base, and W when kept), seeded with `seed`, reporting its tree walks to `observer`.
    fn build_kbfe<O: Observer<G> + 'static>(
        &self,
        state: &G,
        seed: u64,
        memory: SharedMemory,
        observer: O,
    ) -> Result<Box<dyn Search<G>>, FieldError> {
        self.check()?;
        let search = kb_fast_evo(state.clone(), self.kb_config(), seed, memory, observer)
            .map_err(|e| FieldError::new(e.field, e.reason))?;
        Ok(Box::new(search))
    }

    /// The search that plans a whole game from `state` ("Plan, then play"). Planners: the
    /// search of [`Agent::build`]. Anytime agents: a [`CommittedPlan`] that searches each move
    /// anew for [`Self::plan_iterations`] iterations (move `n` seeded with `Rng::derive(seed,
    /// n)`), commits to its move and goes on until the level is won or lost (at the latest at
    /// its tick limit), or after [`Self::max_nodes`] expansions over all the moves. Every move's
    /// search reports to `observer`.
    fn build_plan<O: Observer<G> + 'static>(
        &self,
        state: &G,
        seed: u64,
        observer: O,
    ) -> Result<Box<dyn Search<G>>, FieldError> {
        self.build_plan_with_memory(state, seed, new_memory::<G>(), observer)
    }

    /// [`Self::build_plan`], KB Fast-Evo's moves sharing `memory` (ignored by the other
    /// algorithms), so the caller can watch what it learns.
    fn build_plan_with_memory<O: Observer<G> + 'static>(
        &self,
        state: &G,
        seed: u64,
        memory: SharedMemory,
        observer: O,
    ) -> Result<Box<dyn Search<G>>, FieldError> {
        if !self.is_anytime() {
            return self.build(state, seed, observer);
        }
        self.check()?;
        let options = CommittedPlanOptions {
            step_budget: self.plan_iterations(),
            max_plan_length: Self::max_plan_length(state),
            max_nodes: self.max_nodes(),
        };
        let spec = *self;
        let shared = SharedObserver::new(observer);
        let factory = move |at: &G, move_number: u64| {
            let seed = Rng::derive(seed, move_number);
            if spec.is_kbfe() {
                spec.build_kbfe(at, seed, memory.clone(), shared.clone())
            } else {
                spec.build(at, seed, shared.clone())
            }
        };
        Ok(Box::new(CommittedPlan::new(
            state.clone(),
            options,
            factory,
        )?))
    }
}
