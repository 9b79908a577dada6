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
    UCT,
    Param {
        key: "rollout-depth",
        label: "Rollout depth",
        kind: Kind::Int { min: 1, max: 1000, default: 10 },
        help: "How many moves MCTS looks ahead: its tree depth limit and rollout horizon.",
        algos: &["mcts"],
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
        algos: &["mcts", "rhea"],
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
