//! The agents of any VGDL game ([`VgdlPlay`]): DFS, depth-limited DFS, BFS, A* with the
//! interpreter's admissible lower bound ([`LowerBound`], read off the game's rules; h = 0 for a
//! game it does not cover, which makes A* uniform-cost search), MCTS, RHEA and KB Fast-Evo MCTS. BFS and A* plans are the shortest; DFS's is
//! some plan; DLS's a partial plan scored by the game's score; MCTS, RHEA and KB Fast-Evo answer
//! one move at a time, or plan by committing to one move after another
//! ([`PuzzleAgent::build_plan`]). What VGDL games share with every puzzle is built in
//! [`puzzle`](super::puzzle).

use serde::{Deserialize, Serialize};

use super::params::VGDL;
use super::puzzle::{self, KbSettings, PuzzleAgent};
use super::{by_name, check_limits, Agent};
use crate::field_error::FieldError;
use crate::games::vgdl::heuristic::LowerBound;
use crate::games::vgdl::{Outcome, GVGAI_TICK_LIMIT};
use crate::games::vgdl_play::VgdlPlay;
use crate::search::astar::{AStar, AStarOptions, Weight};
use crate::search::dls::{Dls, DlsOptions};
use crate::search::kb_fast_evo::{new_memory, KbConfig};
use crate::search::node_store::KeyMode;
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
    /// A* with the interpreter's admissible lower bound (h = 0 where it has none): a shortest
    /// plan.
    Astar,
    /// GVGAI's sampleMCTS (open-loop UCT), one move at a time.
    Mcts,
    /// GVGAI's sampleRHEA (rolling-horizon evolution), one move at a time.
    Rhea,
    /// Knowledge-based Fast-Evolutionary MCTS (Perez et al., CIG 2014), one move at a time.
    Kbfe,
}

impl Algorithm {
    /// Every algorithm, in the order the page lists them.
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Dfs,
        Algorithm::Dls,
        Algorithm::Bfs,
        Algorithm::Astar,
        Algorithm::Mcts,
        Algorithm::Rhea,
        Algorithm::Kbfe,
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
            Algorithm::Kbfe => "kbfe",
        }
    }

    /// The algorithm called `name`.
    pub fn parse(name: &str) -> Result<Algorithm, FieldError> {
        by_name(&Algorithm::ALL, Algorithm::name, name, "algo", "algorithm")
    }

    /// Whether the agent answers one action at a time under a budget (MCTS, RHEA, KB
    /// Fast-Evo); the others plan to the end.
    pub fn is_anytime(self) -> bool {
        matches!(self, Algorithm::Mcts | Algorithm::Rhea | Algorithm::Kbfe)
    }
}

/// A VGDL agent's settings (fields the algorithm does not read are ignored).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgentSpec {
    pub algo: Algorithm,
    /// DLS's depth limit.
    pub depth: u32,
    /// MCTS's and KB Fast-Evo's exploration constant K.
    pub uct: f64,
    /// MCTS's and KB Fast-Evo's tree depth limit and rollout horizon.
    pub rollout_depth: u32,
    /// RHEA's individuals.
    pub population: usize,
    /// RHEA's genes per individual.
    pub horizon: usize,
    /// KB Fast-Evo's own settings.
    pub kb: KbSettings,
    /// Plan mode: iterations searched before each committed move (MCTS, RHEA, KB Fast-Evo).
    pub plan_iterations: u64,
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
                VGDL.int("plan-iterations", self.plan_iterations)?;
            }
            Algorithm::Kbfe => {
                VGDL.float("uct", self.uct)?;
                VGDL.int("rollout-depth", self.rollout_depth)?;
                VGDL.float("alpha", self.kb.alpha)?;
                VGDL.float("beta", self.kb.beta)?;
                VGDL.int("plan-iterations", self.plan_iterations)?;
            }
            Algorithm::Rhea => {
                VGDL.int("population", self.population as u64)?;
                VGDL.int("horizon", self.horizon as u64)?;
                VGDL.int("plan-iterations", self.plan_iterations)?;
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

impl PuzzleAgent<VgdlPlay> for AgentSpec {
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
        self.kb.config(self.uct, self.rollout_depth, self.limits)
    }

    fn plan_iterations(&self) -> u64 {
        self.plan_iterations
    }

    fn max_nodes(&self) -> u64 {
        self.limits.max_nodes
    }

    /// GVGAI's tick limit and one: a game ends at its 2000th tick at the latest.
    fn max_plan_length(_: &VgdlPlay) -> usize {
        GVGAI_TICK_LIMIT as usize + 1
    }
}

impl Agent<VgdlPlay> for AgentSpec {
    /// The search these settings describe; only MCTS, RHEA and KB Fast-Evo (with a memory of
    /// its own) draw from `seed`.
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
            Algorithm::Dfs => puzzle::dfs(root, limits, keys, None, observer),
            Algorithm::Bfs => puzzle::bfs(root, limits, keys, observer),
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
                    ..AStarOptions::default()
                };
                let lower = LowerBound::new(root.state().world());
                let bound =
                    move |s: &VgdlPlay| lower.as_ref().map_or(Some(0), |b| b.estimate(s.state()));
                Box::new(AStar::with_observer(root, bound, options, observer))
            }
            Algorithm::Mcts => {
                let shape = (self.uct, self.rollout_depth);
                puzzle::mcts(root, shape, limits, seed, mcts_value, observer)?
            }
            Algorithm::Rhea => {
                let shape = (self.population, self.horizon);
                puzzle::rhea(root, shape, limits, seed, rhea_value, observer)?
            }
            Algorithm::Kbfe => {
                return self.build_kbfe(state, seed, new_memory::<VgdlPlay>(), observer)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::search::{NoObserver, Progress};
    use crate::share::shipped_vgdl::shipped_game;

    fn keys_level(level: usize) -> VgdlPlay {
        let game = shipped_game("keys").expect("keys is shipped");
        VgdlPlay::parse(game.rules, game.levels[level]).expect("a shipped level loads")
    }

    fn spec(algo: Algorithm) -> AgentSpec {
        AgentSpec {
            algo,
            depth: VGDL.int_default("depth") as u32,
            uct: VGDL.float_default("uct"),
            rollout_depth: VGDL.int_default("rollout-depth") as u32,
            population: 10,
            horizon: 10,
            kb: KbSettings::default(),
            plan_iterations: 200,
            limits: Limits::default(),
        }
    }

    /// Runs `search` to its end and returns its plan and how it ended.
    fn run(mut search: Box<dyn Search<VgdlPlay>>) -> (Vec<crate::games::vgdl::Action>, Progress) {
        loop {
            let progress = search.step(1 << 20);
            if progress != Progress::Running {
                return (search.principal_variation(), progress);
            }
        }
    }

    #[test]
    fn kb_fast_evo_plans_a_win_on_a_vgdl_game_and_replays_from_its_seed() {
        let start = keys_level(0);
        let kbfe = spec(Algorithm::Kbfe);
        let (plan, progress) = run(kbfe.build_plan(&start, 9, NoObserver).unwrap());
        assert_eq!(progress, Progress::Solved, "{plan:?}");
        let mut state = start.clone();
        for &action in &plan {
            state.apply(action);
        }
        assert_eq!(state.state().outcome(), Outcome::Won);
        let (again, _) = run(kbfe.build_plan(&start, 9, NoObserver).unwrap());
        assert_eq!(again, plan);
    }

    #[test]
    fn every_anytime_agent_acts_and_plans_through_the_one_builder() {
        let start = keys_level(1);
        for algo in [Algorithm::Mcts, Algorithm::Rhea, Algorithm::Kbfe] {
            let limited = AgentSpec {
                plan_iterations: 20,
                limits: Limits {
                    max_nodes: 20_000,
                    ..Limits::default()
                },
                ..spec(algo)
            };
            let mut act = limited.build(&start, 1, NoObserver).unwrap();
            act.step(100);
            assert!(act.best_action().is_some(), "{algo:?} acts");
            let (plan, progress) = run(limited.build_plan(&start, 1, NoObserver).unwrap());
            assert!(!plan.is_empty(), "{algo:?} commits to moves ({progress:?})");
        }
        let bad = AgentSpec {
            plan_iterations: 0,
            ..spec(Algorithm::Kbfe)
        };
        let err = bad.build_plan(&start, 1, NoObserver).err().unwrap();
        assert_eq!(err.field, "plan-iterations");
    }
}
