//! MCTS's parameters: where rollouts stop, how the move is chosen, and the presets.

use crate::search::anytime::InvalidConfig;
use crate::search::Limits;
use serde::Serialize;

/// Most moves of a [`Rollout::ToTerminal`] rollout: a guard against games that never end.
pub const TERMINAL_ROLLOUT_CAP: u32 = 100_000;

/// Where a rollout stops (it always stops at the end of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "depth")]
pub enum Rollout {
    /// At the end of the game (at most [`TERMINAL_ROLLOUT_CAP`] moves).
    ToTerminal,
    /// When the state is this many player actions from the root: GVGAI's `ROLLOUT_DEPTH`, so a
    /// rollout from a node at depth `d` plays `depth − d` moves.
    UntilDepth(u32),
    /// After this many player actions from the leaf.
    Moves(u32),
}

/// How the root's move is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FinalChoice {
    /// Most visits; ties go to the higher mean, then by the search's [`TieOrder`](super::TieOrder).
    MostVisited,
    /// Highest mean reward; ties go to more visits, then by the search's
    /// [`TieOrder`](super::TieOrder).
    BestMean,
}

/// Parameters of [`Mcts`](super::Mcts). The default is [`MctsConfig::gvgai_sample_mcts`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MctsConfig {
    /// UCT's exploration constant K (finite, at least 0).
    pub exploration: f64,
    /// Deepest tree node, in player actions from the root (`None`: no limit; at least 1).
    pub max_tree_depth: Option<u32>,
    /// Where rollouts stop.
    pub rollout: Rollout,
    /// Normalise child means by the parent's bounds before adding the exploration term.
    pub normalise: bool,
    /// How the move is chosen.
    pub final_choice: FinalChoice,
    /// Rewards are the value at the end minus the value at the root the search was created
    /// with (for 2048: the score gained during the playout).
    pub reward_from_root: bool,
    /// Chance outcomes met in the tree are tree nodes: each outcome drawn gets its own child,
    /// so every node below it stands for one state (closed loop). Otherwise outcomes are drawn
    /// afresh in every iteration and the tree is over player actions only (open loop).
    pub chance_nodes: bool,
    /// Caps on tree nodes stored and on the arena's bytes.
    pub limits: Limits,
}

impl MctsConfig {
    /// GVGAI's sampleMCTS: `ROLLOUT_DEPTH = 10` as tree depth limit and rollout horizon,
    /// K = √2, parent-bounds normalisation, most-visited move. Pass the value
    /// `score ± 1e7` (won/lost) to match it.
    pub fn gvgai_sample_mcts() -> Self {
        MctsConfig {
            exploration: std::f64::consts::SQRT_2,
            max_tree_depth: Some(10),
            rollout: Rollout::UntilDepth(10),
            normalise: true,
            final_choice: FinalChoice::MostVisited,
            reward_from_root: false,
            chance_nodes: false,
            limits: Limits::default(),
        }
    }

    /// Two-player zero-sum games (Othello): unbounded tree, rollouts to the end scored by
    /// `returns`, K = √2 on normalised means, most-visited move.
    pub fn zero_sum() -> Self {
        MctsConfig {
            max_tree_depth: None,
            rollout: Rollout::ToTerminal,
            ..Self::gvgai_sample_mcts()
        }
    }

    /// The course's 2048 agent: rollouts to the end of the game, reward = score gained during
    /// the playout, UCT on normalised means, move = best mean.
    pub fn course_2048() -> Self {
        MctsConfig {
            max_tree_depth: None,
            rollout: Rollout::ToTerminal,
            final_choice: FinalChoice::BestMean,
            reward_from_root: true,
            ..Self::gvgai_sample_mcts()
        }
    }

    pub(super) fn validate(&self) -> Result<(), InvalidConfig> {
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return Err(InvalidConfig {
                field: "exploration",
                reason: "must be a finite number at least 0",
            });
        }
        if self.max_tree_depth == Some(0) {
            return Err(InvalidConfig {
                field: "max_tree_depth",
                reason: "must be at least 1 (or none)",
            });
        }
        Ok(())
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self::gvgai_sample_mcts()
    }
}
