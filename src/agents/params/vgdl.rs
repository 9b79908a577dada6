//! The parameters of VGDL games' agents and runs.

use super::{Kind, Param, Table, UCT};

/// Every parameter of a VGDL game's agents and runs (BFS and A* with h = 0 take none of their
/// own).
pub const VGDL: Table = Table(&[
    Param {
        key: "depth",
        label: "Depth limit",
        kind: Kind::Int { min: 1, max: 64, default: 5 },
        help: "How many moves ahead depth-limited DFS searches before it scores the leaves by the game's score (a win counts most).",
        algos: &["dls"],
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
        key: "max-nodes",
        label: "Node limit per search",
        kind: Kind::Int { min: 1, max: 50_000_000, default: 2_000_000 },
        help: "Most expansions (MCTS and RHEA: iterations) of one search before it reports \"limit reached\".",
        algos: &[],
    },
    Param {
        key: "budget-ms",
        label: "Time per action (ms)",
        kind: Kind::Int { min: 1, max: 60_000, default: 40 },
        help: "MCTS and RHEA: think time before every action (GVGAI's budget is 40 ms).",
        algos: &[],
    },
]);
