//! Sum to zero agents: UCT, as the course's GVGAI planning note teaches it on this game, and the
//! exhaustive solver that knows the true optimum; and [`play_game`], a whole game played by one
//! agent with every move set beside the optimum. The CLI (`searchlab sumzero play`) builds its
//! games with them, and a page view would too, so the same settings and seed play the same game.
//!
//! `mcts` is the generic [`Mcts`] with random rollouts to the end, scored by the reward
//! (`returns`), UCT's constant as a parameter, most-visited move; it runs under a budget of
//! iterations. `exhaustive` solves every state when built and answers at once.

use serde::{Deserialize, Serialize};

use super::params::SUMZERO;
use super::{by_name, check_limits, Agent};
use crate::field_error::FieldError;
use crate::game::Game;
use crate::games::sumzero::solve::Optimum;
use crate::games::sumzero::{Action, SumZero};
use crate::rng::Rng;
use crate::search::anytime::{returns_value, RootActionStat};
use crate::search::mcts::{Mcts, MctsConfig, Rollout};
use crate::search::{Limits, NoObserver, Observer, Progress, Search, Stats};

/// The algorithms a Sum to zero agent can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "AlgorithmSumZero")
)]
pub enum Algorithm {
    /// UCT (open-loop MCTS, random rollouts to the end).
    Mcts,
    /// The exact optimum, by exhaustive search memoised on (turns left, sum).
    Exhaustive,
}

impl Algorithm {
    /// Every algorithm, in the order the page lists them.
    pub const ALL: [Algorithm; 2] = [Algorithm::Mcts, Algorithm::Exhaustive];

    /// The name used in share links and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Mcts => "mcts",
            Algorithm::Exhaustive => "exhaustive",
        }
    }

    /// The algorithm called `name`.
    pub fn parse(name: &str) -> Result<Algorithm, FieldError> {
        by_name(&Algorithm::ALL, Algorithm::name, name, "algo", "algorithm")
    }
}

/// An agent's settings. Fields that do not apply to the chosen algorithm are ignored.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AgentSpec {
    /// The algorithm.
    pub algo: Algorithm,
    /// MCTS: UCT's exploration constant K, 0 to 100 (default √2).
    pub uct: f64,
    /// MCTS: caps on tree nodes and bytes.
    pub limits: Limits,
}

impl Default for AgentSpec {
    /// UCT with the table's K (√2) and the default limits.
    fn default() -> Self {
        AgentSpec {
            algo: Algorithm::Mcts,
            uct: SUMZERO.float_default("uct"),
            limits: Limits::default(),
        }
    }
}

impl AgentSpec {
    /// `algo` with every other setting at its default.
    pub fn new(algo: Algorithm) -> AgentSpec {
        AgentSpec {
            algo,
            ..AgentSpec::default()
        }
    }

    /// Checks every parameter the algorithm uses, naming the first bad one.
    pub fn validate(&self) -> Result<(), FieldError> {
        match self.algo {
            Algorithm::Mcts => {
                SUMZERO.float("uct", self.uct)?;
                check_limits(&self.limits)
            }
            Algorithm::Exhaustive => Ok(()),
        }
    }
}

impl Agent<SumZero> for AgentSpec {
    /// The search this spec describes (only MCTS draws random numbers), reporting to
    /// `observer` (MCTS's tree walks; the exhaustive solver visits no states one by one and
    /// reports nothing).
    fn build<O: Observer<SumZero> + 'static>(
        &self,
        state: &SumZero,
        seed: u64,
        observer: O,
    ) -> Result<Box<dyn Search<SumZero>>, FieldError> {
        self.validate()?;
        Ok(match self.algo {
            Algorithm::Mcts => {
                let config = MctsConfig {
                    exploration: self.uct,
                    max_tree_depth: None,
                    rollout: Rollout::ToTerminal,
                    limits: self.limits,
                    ..MctsConfig::gvgai_sample_mcts()
                };
                let search = Mcts::with_observer(*state, config, seed, returns_value, observer)
                    .map_err(|e| FieldError::new(e.field, e.reason))?;
                Box::new(search)
            }
            Algorithm::Exhaustive => Box::new(Solved {
                root: *state,
                optimum: Optimum::solve(),
            }),
        })
    }
}

/// The exhaustive solver: solved when built, so every step reports [`Progress::Solved`].
struct Solved {
    root: SumZero,
    optimum: Optimum,
}

impl Search<SumZero> for Solved {
    fn step(&mut self, _budget: u64) -> Progress {
        Progress::Solved
    }
    /// The lowest-index optimal action; `None` once the game is over.
    fn best_action(&self) -> Option<Action> {
        self.principal_variation().first().copied()
    }
    /// An optimal line to the end (see [`Optimum::optimal_line`]).
    fn principal_variation(&self) -> Vec<Action> {
        self.optimum.optimal_line(&self.root)
    }
    /// `expanded`: the (turns left, sum) entries solved; `max_depth`: the turns left.
    fn stats(&self) -> Stats {
        Stats {
            expanded: self.optimum.solved_entries(),
            stored: self.optimum.solved_entries(),
            max_depth: u32::from(self.root.turns_left()),
            ..Stats::default()
        }
    }
    /// Each legal action's optimal value (visits 0).
    fn root_action_stats(&self) -> Vec<RootActionStat> {
        self.optimum
            .action_values(&self.root)
            .into_iter()
            .map(|(action, value)| RootActionStat {
                index: action.index(),
                visits: 0,
                value,
            })
            .collect()
    }
}

/// One move of a game played by an agent, beside the optimum.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Decision {
    /// The turn number `t` (10 for the first move, 1 for the last).
    pub turn: u8,
    /// The action's dense index (0 `+2t`, 1 `−2t`, 2 `+3t`, 3 `−3t`).
    pub action: u32,
    /// What the action added to the sum.
    pub amount: i32,
    /// The sum after the move.
    pub sum: i32,
    /// The best reward reachable before the move.
    pub optimal_value: f64,
    /// The best reward reachable after the move.
    pub chosen_value: f64,
    /// `optimal_value − chosen_value`: what the move gave away (0 for an optimal move).
    pub regret: f64,
    /// The agent's work for this move.
    pub stats: Stats,
}

/// A game played by one agent.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// Where the game stopped: the end, unless a search had no answer.
    pub end: SumZero,
    /// Every move, first move first.
    pub decisions: Vec<Decision>,
}

/// Plays a game from `start` to its end: a fresh search per move, built by `spec` and seeded
/// with `Rng::derive(seed, move number)`, stepped once with a budget of `iterations` units of
/// work, playing its best action. A search without an answer stops the game there.
pub fn play_game(
    spec: &AgentSpec,
    start: &SumZero,
    seed: u64,
    iterations: u64,
) -> Result<PlayedGame, FieldError> {
    let optimum = Optimum::solve();
    let mut state = *start;
    let mut decisions = Vec::new();
    while !state.is_terminal() {
        let seed = Rng::derive(seed, decisions.len() as u64);
        let mut search = spec.build(&state, seed, NoObserver)?;
        search.step(iterations);
        let Some(action) = search.best_action() else {
            break;
        };
        let turn = state.turns_left();
        let optimal_value = optimum.value(&state);
        state.apply(action);
        let chosen_value = optimum.value(&state);
        decisions.push(Decision {
            turn,
            action: action.index(),
            amount: action.amount(turn),
            sum: state.sum(),
            optimal_value,
            chosen_value,
            regret: optimal_value - chosen_value,
            stats: search.stats(),
        });
    }
    Ok(PlayedGame {
        end: state,
        decisions,
    })
}
