//! Sum to zero's parameters.

use super::{Kind, Param, Table, UCT};

/// Every parameter of Sum to zero's agents (the exhaustive agent takes none).
pub const SUMZERO: Table = Table(&[
    UCT,
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
