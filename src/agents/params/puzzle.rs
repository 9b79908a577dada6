//! The parameters every single-agent puzzle's agents share (Bait's and the VGDL games', see
//! `agents::puzzle`): the anytime agents' and plan mode's, one row each, in both tables.

use super::{Kind, Param, UCT};

/// UCT's constant K, read by MCTS and KB Fast-Evo MCTS.
pub const ANYTIME_UCT: Param = Param {
    algos: &["mcts", "kbfe"],
    ..UCT
};

/// MCTS's and KB Fast-Evo's tree depth limit and rollout horizon (as in GVGAI).
pub const ROLLOUT_DEPTH: Param = Param {
    key: "rollout-depth",
    label: "Rollout depth",
    kind: Kind::Int {
        min: 1,
        max: 1000,
        default: 10,
    },
    help: "How many moves MCTS looks ahead: its tree depth limit and rollout horizon.",
    algos: &["mcts", "kbfe"],
};

/// KB Fast-Evo: evolved or uniform rollouts (the paper's first ablation switch).
pub const KB_ROLLOUTS: Param = Param {
    key: "rollouts",
    label: "Rollouts",
    kind: Kind::Choice { options: &["evolved", "uniform"], default: "evolved" },
    help: "KB Fast-Evo's rollout moves: a softmax over weighted distances to each sprite type, the weights evolved by a (1+1)-ES, or uniformly random (sampleMCTS).",
    algos: &["kbfe"],
};

/// KB Fast-Evo: knowledge or score value (the paper's second ablation switch).
pub const KB_VALUE: Param = Param {
    key: "value",
    label: "Playout value",
    kind: Kind::Choice { options: &["knowledge", "score"], default: "knowledge" },
    help: "KB Fast-Evo's playout value: the score change, else curiosity and experience from the knowledge base of collisions (eq. 6), or the score (sampleMCTS).",
    algos: &["kbfe"],
};

/// KB Fast-Evo: eq. 6's α.
pub const KB_ALPHA: Param = Param {
    key: "alpha",
    label: "Curiosity weight α",
    kind: Kind::Float {
        min: -1000.0,
        max: 1000.0,
        default: 0.66,
    },
    help: "Eq. 6's weight of curiosity: new collisions, and more of the rare ones.",
    algos: &["kbfe"],
};

/// KB Fast-Evo: eq. 6's β.
pub const KB_BETA: Param = Param {
    key: "beta",
    label: "Experience weight β",
    kind: Kind::Float {
        min: -1000.0,
        max: 1000.0,
        default: 0.33,
    },
    help: "Eq. 6's weight of experience: getting closer to sprites not met yet or known to pay.",
    algos: &["kbfe"],
};

/// KB Fast-Evo: the feature sprite types.
pub const KB_FEATURES: Param = Param {
    key: "features",
    label: "Feature sprite types",
    kind: Kind::Choice { options: &["paper", "all"], default: "paper" },
    help: "Which sprite types rollouts and eqs. 4-5 look at: the paper's (movable, NPC, resource, portal: in Bait the key and boxes) or every type but walls (then bumping the locked door earns curiosity again and again).",
    algos: &["kbfe"],
};

/// KB Fast-Evo: straight-line or walking distances.
pub const KB_DISTANCE: Param = Param {
    key: "distance",
    label: "Distance",
    kind: Kind::Choice { options: &["euclidean", "walking"], default: "euclidean" },
    help: "How far a sprite is: a straight line through walls (the paper) or the fewest steps around walls.",
    algos: &["kbfe"],
};

/// KB Fast-Evo: the features' unit.
pub const KB_FEATURE_SCALE: Param = Param {
    key: "feature-scale",
    label: "Feature unit",
    kind: Kind::Choice { options: &["grid", "cells"], default: "grid" },
    help: "Distances in cells divided by the level's width plus height (soft rollouts), or in cells (nearly greedy ones).",
    algos: &["kbfe"],
};

/// KB Fast-Evo: keep W and its ES between moves.
pub const KB_KEEP_WEIGHTS: Param = Param {
    key: "keep-weights",
    label: "Keep W across moves",
    kind: Kind::Choice { options: &["off", "on"], default: "off" },
    help: "Keep the evolved weights and the ES between moves instead of starting afresh every move (the paper starts afresh).",
    algos: &["kbfe"],
};

/// RHEA's individuals.
pub const POPULATION: Param = Param {
    key: "population",
    label: "Population",
    kind: Kind::Int {
        min: 2,
        max: 1000,
        default: 10,
    },
    help: "How many action sequences RHEA evolves at once.",
    algos: &["rhea"],
};

/// RHEA's genes per individual.
pub const HORIZON: Param = Param {
    key: "horizon",
    label: "Horizon",
    kind: Kind::Int {
        min: 1,
        max: 1000,
        default: 10,
    },
    help: "How many actions each of RHEA's sequences holds.",
    algos: &["rhea"],
};

/// Plan mode: iterations of an anytime agent before each committed move.
pub const PLAN_ITERATIONS: Param = Param {
    key: "plan-iterations",
    label: "Iterations per planned move",
    kind: Kind::Int { min: 1, max: 1_000_000, default: 1000 },
    help: "Plan mode: MCTS playouts (RHEA: evaluated plans) searched from each state before committing to its move.",
    algos: &["mcts", "rhea", "kbfe"],
};

/// A whole search's node limit.
pub const MAX_NODES: Param = Param {
    key: "max-nodes",
    label: "Node limit per search",
    kind: Kind::Int { min: 1, max: 50_000_000, default: 2_000_000 },
    help: "Most expansions (MCTS and RHEA acting: iterations; planning: tree nodes walked or plans evaluated, summed over the plan's moves) of one search before it reports \"limit reached\".",
    algos: &[],
};

/// Act mode's think time per action.
pub const BUDGET_MS: Param = Param {
    key: "budget-ms",
    label: "Time per action (ms)",
    kind: Kind::Int {
        min: 1,
        max: 60_000,
        default: 40,
    },
    help: "Think time before every action in act mode (GVGAI's budget is 40 ms).",
    algos: &[],
};
