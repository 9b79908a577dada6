//! Othello's parameters: the settings of one side's agent (`alphabeta:depth=5:eval=course`).
//! Each algorithm's own default budget and endgame switch are `Algorithm::default_budget` and
//! `Algorithm::default_solve`; the defaults here are the page's first values.

use super::{Kind, Param, Table, UCT};
use crate::agents::othello::{MAX_DEPTH, MAX_MILLIS, MAX_SOLVER_EMPTIES};

/// The searches that score positions with an evaluation at their horizon.
const EVALUATING: &[&str] = &["minimax", "alphabeta", "alphabeta_tt", "mtdf"];
/// The algorithms that take a budget and may hand the endgame to the exact solver.
const BUDGETED: &[&str] = &["minimax", "alphabeta", "alphabeta_tt", "mtdf", "mcts"];

/// Every parameter of an Othello side's agent.
pub const OTHELLO: Table = Table(&[
    Param {
        key: "eval",
        label: "Evaluation",
        kind: Kind::Choice {
            options: &["course", "strong"],
            default: "strong",
        },
        help: "How positions at the horizon are scored: the course's heuristic or ours.",
        algos: EVALUATING,
    },
    Param {
        key: "budget",
        label: "Budget",
        kind: Kind::Choice {
            options: &["depth", "time", "nodes"],
            default: "time",
        },
        help: "What limits one move's thinking: a fixed depth, time, or nodes (MCTS: playouts).",
        algos: BUDGETED,
    },
    Param {
        key: "depth",
        label: "Depth (plies)",
        kind: Kind::Int {
            min: 1,
            max: MAX_DEPTH as u64,
            default: 4,
        },
        help: "Plies of a fixed-depth search (MTD(f) and alpha-beta with a table deepen to it).",
        algos: EVALUATING,
    },
    Param {
        key: "ms",
        label: "Time per move (ms)",
        kind: Kind::Int {
            min: 1,
            max: MAX_MILLIS,
            default: 1000,
        },
        help: "Think time per move: iterative deepening (or MCTS) until it runs out.",
        algos: BUDGETED,
    },
    Param {
        key: "nodes",
        label: "Nodes per move",
        kind: Kind::Int {
            min: 1,
            max: (1 << 53) - 1,
            default: 100_000,
        },
        help: "Nodes per move (MCTS: playouts), so a game replays exactly from its seed (at most 2^53 - 1, exact as a JS number).",
        algos: BUDGETED,
    },
    Param {
        key: "solve",
        label: "Solve exactly from (empties)",
        kind: Kind::Int {
            min: 0,
            max: MAX_SOLVER_EMPTIES as u64,
            default: 0,
        },
        help: "The exact solver answers from this many empty squares on (0: never).",
        algos: BUDGETED,
    },
    UCT,
]);
