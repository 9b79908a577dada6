//! The agents of any VGDL game ([`VgdlPlay`]): DFS, depth-limited DFS, BFS, A* with h = 0
//! (uniform-cost search: no game-independent lower bound is admissible for every VGDL game, so
//! none is offered), MCTS and RHEA. BFS and A* plans are the shortest; DFS's is some plan;
//! DLS's a partial plan scored by the game's score; MCTS and RHEA answer one move at a time.

use serde::{Deserialize, Serialize};

use super::params::VGDL;
use super::{by_name, check_limits, Agent};
use crate::field_error::FieldError;
use crate::games::vgdl::Outcome;
use crate::games::vgdl_play::VgdlPlay;
use crate::search::astar::{AStar, AStarOptions, Weight};
use crate::search::bfs::{Bfs, BfsOptions};
use crate::search::dfs::{Dfs, DfsOptions};
use crate::search::dls::{Dls, DlsOptions};
use crate::search::mcts::{Mcts, MctsConfig, Rollout};
use crate::search::node_store::KeyMode;
use crate::search::rhea::{Rhea, RheaConfig};
use crate::search::{Limits, Observer, Search};

/// The algorithms a VGDL agent can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "AlgorithmVgdl")
)]
pub enum Algorithm {
    /// Depth-first graph search: the first plan found.
    Dfs,
    /// Depth-limited DFS scoring leaves by the game's score: a partial plan.
    Dls,
    /// Breadth-first search: a shortest plan.
    Bfs,
    /// A* with h = 0 (uniform-cost search): a shortest plan.
    Astar,
    /// GVGAI's sampleMCTS (open-loop UCT), one move at a time.
    Mcts,
    /// GVGAI's sampleRHEA (rolling-horizon evolution), one move at a time.
    Rhea,
}

impl Algorithm {
    /// Every algorithm, in the order the page lists them.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Dfs,
        Algorithm::Dls,
        Algorithm::Bfs,
        Algorithm::Astar,
        Algorithm::Mcts,
        Algorithm::Rhea,
    ];

    /// The name in links.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Dfs => "dfs",
            Algorithm::Dls => "dls",
            Algorithm::Bfs => "bfs",
            Algorithm::Astar => "astar",
            Algorithm::Mcts => "mcts",
            Algorithm::Rhea => "rhea",
        }
    }

    /// The algorithm called `name`.
    pub fn parse(name: &str) -> Result<Algorithm, FieldError> {
        by_name(&Algorithm::ALL, Algorithm::name, name, "algo", "algorithm")
    }

    /// Whether the agent answers one action at a time under a budget (MCTS, RHEA); the others
    /// plan to the end.
    pub fn is_anytime(self) -> bool {
        matches!(self, Algorithm::Mcts | Algorithm::Rhea)
    }
}

/// A VGDL agent's settings (fields the algorithm does not read are ignored).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgentSpec {
    pub algo: Algorithm,
    /// DLS's depth limit.
    pub depth: u32,
    /// MCTS's exploration constant K.
    pub uct: f64,
    /// MCTS's tree depth limit and rollout horizon.
    pub rollout_depth: u32,
    /// RHEA's individuals.
    pub population: usize,
    /// RHEA's genes per individual.
    pub horizon: usize,
    pub limits: Limits,
}

impl AgentSpec {
    /// Checks every parameter the algorithm reads, naming the first bad one.
    pub fn validate(&self) -> Result<(), FieldError> {
        match self.algo {
            Algorithm::Dls => {
                VGDL.int("depth", self.depth)?;
            }
            Algorithm::Mcts => {
                VGDL.float("uct", self.uct)?;
                VGDL.int("rollout-depth", self.rollout_depth)?;
            }
            Algorithm::Rhea => {
                VGDL.int("population", self.population as u64)?;
                VGDL.int("horizon", self.horizon as u64)?;
            }
            Algorithm::Dfs | Algorithm::Bfs | Algorithm::Astar => {}
        }
        check_limits(&self.limits)
    }
}

/// The value MCTS backs up: the score, with a win or a loss beyond any score (as Bait's agents).
pub fn mcts_value(state: &VgdlPlay) -> f64 {
    let score = f64::from(state.state().score());
    match state.state().outcome() {
        Outcome::Won => score + 1e7,
        Outcome::Lost => score - 1e7,
        Outcome::Running => score,
    }
}

/// GVGAI sampleRHEA's `WinScoreHeuristic`: 1000 if won, -1000 if lost, else the score.
pub fn rhea_value(state: &VgdlPlay) -> f64 {
    match state.state().outcome() {
        Outcome::Won => 1000.0,
        Outcome::Lost => -1000.0,
        Outcome::Running => f64::from(state.state().score()),
    }
}

impl Agent<VgdlPlay> for AgentSpec {
    /// The search these settings describe; only MCTS and RHEA draw from `seed`.
    fn build<O: Observer<VgdlPlay> + 'static>(
        &self,
        state: &VgdlPlay,
        seed: u64,
        observer: O,
    ) -> Result<Box<dyn Search<VgdlPlay>>, FieldError> {
        self.validate()?;
        let root = state.clone();
        let limits = self.limits;
        let keys = KeyMode::Exact;
        Ok(match self.algo {
            Algorithm::Dfs => Box::new(Dfs::with_observer(
                root,
                DfsOptions {
                    limits,
                    keys,
                    max_depth: None,
                },
                observer,
            )),
            Algorithm::Bfs => Box::new(Bfs::with_observer(
                root,
                BfsOptions { limits, keys },
                observer,
            )),
            Algorithm::Dls => {
                let options = DlsOptions {
                    depth: self.depth,
                    limits,
                    keys,
                };
                Box::new(Dls::with_observer(root, mcts_value, options, observer))
            }
            Algorithm::Astar => {
                let options = AStarOptions {
                    limits,
                    keys,
                    weight: Weight::ONE,
                };
                let zero = |_: &VgdlPlay| Some(0);
                Box::new(AStar::with_observer(root, zero, options, observer))
            }
            Algorithm::Mcts => {
                let config = MctsConfig {
                    exploration: self.uct,
                    max_tree_depth: Some(self.rollout_depth),
                    rollout: Rollout::UntilDepth(self.rollout_depth),
                    limits,
                    ..MctsConfig::gvgai_sample_mcts()
                };
                let value = |s: &VgdlPlay, _player: usize| mcts_value(s);
                let search = Mcts::with_observer(root, config, seed, value, observer)
                    .map_err(|e| FieldError::new(e.field, e.reason))?;
                Box::new(search)
            }
            Algorithm::Rhea => {
                let config = RheaConfig {
                    population_size: self.population,
                    horizon: self.horizon,
                    limits,
                    ..RheaConfig::default()
                };
                let value = |s: &VgdlPlay, _player: usize| rhea_value(s);
                let search = Rhea::with_observer(root, config, seed, value, observer)
                    .map_err(|e| FieldError::new(e.field, e.reason))?;
                Box::new(search)
            }
        })
    }
}
