//! `limits()`: the limits the page applies before Rust reads a value, declared once in Rust
//! (`crate::share`) and read from here by the page, so that the page and the parsers that check
//! them again cannot disagree. (The agents' own ranges are in `parameterTable`; these are the
//! page's narrower ones.)

use super::boundary::to_js;
use crate::share::{othello, MAX_LINK_BYTES};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// What the page holds outside text and Othello's agents to.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub(super) struct PageLimits {
    /// Most bytes of a share link's fragment ([`MAX_LINK_BYTES`]); the page holds a paste or a
    /// drop into a text box to the same, since a level or a position travels in the link.
    link_bytes: usize,
    /// The largest value an Othello link gives a side's agent, by parameter key.
    othello: OthelloLinkCaps,
}

/// The largest values an Othello link accepts for an agent's parameters (`ms`, `nodes`,
/// `solve`), below the agent's own ranges: an hour's think time or a solve from 30 empty squares
/// is the command line's, not a browser tab's.
#[derive(Serialize, Tsify)]
pub(super) struct OthelloLinkCaps {
    /// Think time per move, in milliseconds ([`othello::MAX_MS`]).
    ms: u64,
    /// Nodes per move ([`othello::MAX_NODES`]).
    nodes: u64,
    /// Empty squares at which the exact solver may be called ([`othello::MAX_SOLVE`]).
    solve: u32,
}

/// The page's limits: `linkBytes`, and `othello`'s caps on its agents' parameters.
#[wasm_bindgen(js_name = limits, unchecked_return_type = "PageLimits")]
pub fn limits() -> Result<JsValue, JsError> {
    to_js(&PageLimits {
        link_bytes: MAX_LINK_BYTES,
        othello: OthelloLinkCaps {
            ms: othello::MAX_MS,
            nodes: othello::MAX_NODES,
            solve: othello::MAX_SOLVE,
        },
    })
}
