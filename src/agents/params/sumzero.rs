//! Sum to zero's parameters.

use super::{Kind, Param, Table};

/// Every parameter of Sum to zero's agents (the exhaustive agent takes none).
pub const SUMZERO: Table = Table(&[
    Param {
        key: "uct",
        label: "UCT constant K",
        kind: Kind::Float {
            min: 0.0,
            max: 100.0,
            default: std::f64::consts::SQRT_2,
        },
        help: "How much MCTS explores: larger tries rarely visited moves more often.",
        algos: &["mcts"],
    },
    Param {
        key: "iterations",
        label: "Playouts per move",
        kind: Kind::Int {
            min: 1,
            max: 1_000_000,
            default: 1000,
        },
        help: "MCTS playouts before each move; with the same seed a game replays exactly.",
        algos: &["mcts"],
    },
]);
