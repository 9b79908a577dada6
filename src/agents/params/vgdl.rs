//! The parameters of VGDL games' agents and runs: depth-limited DFS's own, and those every
//! puzzle shares (`super::puzzle`).

use super::puzzle::{
    ANYTIME_UCT, BUDGET_MS, HORIZON, KB_ALPHA, KB_BETA, KB_DISTANCE, KB_FEATURES, KB_FEATURE_SCALE,
    KB_KEEP_WEIGHTS, KB_ROLLOUTS, KB_VALUE, MAX_NODES, PLAN_ITERATIONS, POPULATION, ROLLOUT_DEPTH,
};
use super::{Kind, Param, Table};

/// Every parameter of a VGDL game's agents and runs (BFS and A* take none of their own).
pub const VGDL: Table = Table(&[
    Param {
        key: "depth",
        label: "Depth limit",
        kind: Kind::Int { min: 1, max: 64, default: 5 },
        help: "How many moves ahead depth-limited DFS searches before it scores the leaves by the game's score (a win counts most).",
        algos: &["dls"],
    },
    ANYTIME_UCT,
    ROLLOUT_DEPTH,
    KB_ROLLOUTS,
    KB_VALUE,
    KB_ALPHA,
    KB_BETA,
    KB_FEATURES,
    KB_DISTANCE,
    KB_FEATURE_SCALE,
    KB_KEEP_WEIGHTS,
    POPULATION,
    HORIZON,
    PLAN_ITERATIONS,
    MAX_NODES,
    BUDGET_MS,
]);
