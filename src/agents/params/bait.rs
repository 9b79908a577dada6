//! Bait's parameters.

use super::{Kind, Param, Table, UCT};

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
    Param {
        algos: &["mcts", "kbfe"],
        ..UCT
    },
    Param {
        key: "rollout-depth",
        label: "Rollout depth",
        kind: Kind::Int { min: 1, max: 1000, default: 10 },
        help: "How many moves MCTS looks ahead: its tree depth limit and rollout horizon.",
        algos: &["mcts", "kbfe"],
    },
    Param {
        key: "rollouts",
        label: "Rollouts",
        kind: Kind::Choice { options: &["evolved", "uniform"], default: "evolved" },
        help: "KB Fast-Evo's rollout moves: a softmax over weighted distances to each sprite type, the weights evolved by a (1+1)-ES, or uniformly random (sampleMCTS).",
        algos: &["kbfe"],
    },
    Param {
        key: "value",
        label: "Playout value",
        kind: Kind::Choice { options: &["knowledge", "score"], default: "knowledge" },
        help: "KB Fast-Evo's playout value: the score change, else curiosity and experience from the knowledge base of collisions (eq. 6), or the score (sampleMCTS).",
        algos: &["kbfe"],
    },
    Param {
        key: "alpha",
        label: "Curiosity weight α",
        kind: Kind::Float { min: -1000.0, max: 1000.0, default: 0.66 },
        help: "Eq. 6's weight of curiosity: new collisions, and more of the rare ones.",
        algos: &["kbfe"],
    },
    Param {
        key: "beta",
        label: "Experience weight β",
        kind: Kind::Float { min: -1000.0, max: 1000.0, default: 0.33 },
        help: "Eq. 6's weight of experience: getting closer to sprites not met yet or known to pay.",
        algos: &["kbfe"],
    },
    Param {
        key: "features",
        label: "Feature sprite types",
        kind: Kind::Choice { options: &["paper", "all"], default: "paper" },
        help: "Which sprite types rollouts and eqs. 4-5 look at: the paper's (movable, NPC, resource, portal: Bait's key and boxes) or every type but walls (then bumping the locked door earns curiosity again and again).",
        algos: &["kbfe"],
    },
    Param {
        key: "distance",
        label: "Distance",
        kind: Kind::Choice { options: &["euclidean", "walking"], default: "euclidean" },
        help: "How far a sprite is: a straight line through walls (the paper) or the fewest steps around walls.",
        algos: &["kbfe"],
    },
    Param {
        key: "feature-scale",
        label: "Feature unit",
        kind: Kind::Choice { options: &["grid", "cells"], default: "grid" },
        help: "Distances in cells divided by the level's width plus height (soft rollouts), or in cells (nearly greedy ones).",
        algos: &["kbfe"],
    },
    Param {
        key: "keep-weights",
        label: "Keep W across moves",
        kind: Kind::Choice { options: &["off", "on"], default: "off" },
        help: "Keep the evolved weights and the ES between moves instead of starting afresh every move (the paper starts afresh).",
        algos: &["kbfe"],
    },
    Param {
        key: "population",
        label: "Population",
        kind: Kind::Int { min: 2, max: 1000, default: 10 },
        help: "How many action sequences RHEA evolves at once.",
        algos: &["rhea"],
    },
    Param {
        key: "horizon",
        label: "Horizon",
        kind: Kind::Int { min: 1, max: 1000, default: 10 },
        help: "How many actions each of RHEA's sequences holds.",
        algos: &["rhea"],
    },
    Param {
        key: "plan-iterations",
        label: "Iterations per planned move",
        kind: Kind::Int { min: 1, max: 1_000_000, default: 1000 },
        help: "Plan mode: MCTS playouts (RHEA: evaluated plans) searched from each state before committing to its move.",
        algos: &["mcts", "rhea", "kbfe"],
    },
    Param {
        key: "max-nodes",
        label: "Node limit per search",
        kind: Kind::Int { min: 1, max: 50_000_000, default: 2_000_000 },
        help: "Most expansions (MCTS and RHEA acting: iterations; planning: tree nodes walked or plans evaluated, summed over the plan's moves) of one search before it reports \"limit reached\".",
        algos: &[],
    },
    Param {
        key: "budget-ms",
        label: "Time per action (ms)",
        kind: Kind::Int { min: 1, max: 60_000, default: 40 },
        help: "Think time before every action in act mode (GVGAI's budget is 40 ms).",
        algos: &[],
    },
]);
