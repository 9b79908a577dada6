//! 2048's parameters.

use super::{Kind, Param, Table, UCT};

/// Every parameter of 2048's agents, hints and batches.
pub const G2048: Table = Table(&[
    Param {
        key: "depth",
        label: "Depth (moves ahead)",
        kind: Kind::Int { min: 1, max: 32, default: 3 },
        help: "The deepest expectimax iteration, in player moves.",
        algos: &["expectimax"],
    },
    UCT,
    Param {
        key: "spawns",
        label: "Spawns in the tree",
        kind: Kind::Choice { options: &["averaged", "branched"], default: "averaged" },
        help: "Averaged: the course's open loop, one node per move; branched: a node per spawn drawn.",
        algos: &["mcts"],
    },
    Param {
        key: "tree-depth",
        label: "Tree depth (moves; 0 = no limit)",
        kind: Kind::Int { min: 0, max: 100, default: 0 },
        help: "The deepest tree node, in moves from the root; 1 is flat Monte Carlo.",
        algos: &["mcts"],
    },
    Param {
        key: "budget-ms",
        label: "Think time per move (ms)",
        kind: Kind::Int { min: 1, max: 60_000, default: 1000 },
        help: "Think time of a hint or of each auto-played move (when the work per move is 0).",
        algos: &[],
    },
    Param {
        key: "hint-nodes",
        label: "Hint and play work per move (0 = think for the time)",
        kind: Kind::Int { min: 0, max: 10_000_000, default: 0 },
        help: "Work units per move of a hint or of auto-play (MCTS iterations, expectimax expansions) instead of the think time, so a link replays them exactly.",
        algos: &[],
    },
    Param {
        key: "games",
        label: "Games",
        kind: Kind::Int { min: 1, max: 1000, default: 20 },
        help: "Games in a batch, each from its own seed.",
        algos: &[],
    },
    Param {
        key: "batch-nodes",
        label: "Work per move",
        kind: Kind::Int { min: 1, max: 10_000_000, default: 100 },
        help: "Work units per move in a batch (MCTS iterations, expectimax expansions), so games replay from their seed.",
        algos: &[],
    },
]);
