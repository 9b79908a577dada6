//! Bait's parameters.

use super::puzzle::{
    ANYTIME_UCT, BUDGET_MS, HORIZON, KB_ALPHA, KB_BETA, KB_DISTANCE, KB_FEATURES, KB_FEATURE_SCALE,
    KB_KEEP_WEIGHTS, KB_ROLLOUTS, KB_VALUE, MAX_NODES, PLAN_ITERATIONS, POPULATION, ROLLOUT_DEPTH,
};
use super::{Kind, Param, Table};

/// Every parameter of Bait's agents and runs.
pub const BAIT: Table = Table(&[
    Param {
        key: "depth",
        label: "Depth limit",
        kind: Kind::Int { min: 1, max: 64, default: 5 },
        help: "How many moves ahead depth-limited DFS searches before it scores the leaves.",
        algos: &["dls"],
    },
    Param {
        key: "heuristic",
        label: "Heuristic",
        kind: Kind::Choice { options: &["walls", "state"], default: "state" },
        help: "A*'s lower bound: walls only, or also boxes that can never move and holes no box can reach.",
        algos: &["astar", "wastar"],
    },
    Param {
        key: "weights",
        label: "Course heuristic weights",
        kind: Kind::Floats { min: -1e6, max: 1e6, default: &[10.0, 1.0, 0.1] },
        help: "Per point of score, per step still to walk, per cell between a box and its nearest hole.",
        algos: &["dls"],
    },
    Param {
        key: "weight",
        label: "A* weight w",
        kind: Kind::Float { min: 1.0, max: 100.0, default: 2.0 },
        help: "Weighted A* expands by g + w·h: faster, plans at most w times the shortest.",
        algos: &["wastar"],
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
