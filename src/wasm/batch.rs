//! [`BatchGame`]: one whole game of a batch, played by an agent under a per-move work budget
//! and stepped in slices by a worker of the page's pool (games with the `batch` capability).

use super::boundary::{budget_from_js, game_of_view, index_from_js, to_js, ClassTag};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// One game of a batch, played by an agent to its end in slices.
pub(super) trait Batch {
    /// Plays on for about `budget` work units; returns where the game stands.
    fn step(&mut self, budget: u64) -> BatchReport;
}

/// A batch game so far. `seed` is the game's own seed, as a decimal string (it may pass 2^53).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub(super) struct BatchReport {
    pub(super) index: u32,
    pub(super) seed: String,
    pub(super) moves: u64,
    pub(super) score: u64,
    pub(super) max_tile: u64,
    pub(super) work: u64,
    pub(super) over: bool,
}

/// One game of a batch for a worker of the page's pool: create it from a view (the agent, its
/// per-move work budget, the batch's seed and size) and the game's index; run it with
/// `step(budget)` in slices until the report says `over`.
#[wasm_bindgen]
#[repr(C)]
pub struct BatchGame {
    tag: ClassTag,
    inner: Box<dyn Batch>,
}

#[wasm_bindgen]
impl BatchGame {
    /// Game `index` (from 0, below the view's `games`) of the batch the view describes. Throws
    /// an error naming a bad parameter, or if the game has no batch mode.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "View2048")] view: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
    ) -> Result<BatchGame, JsError> {
        let index = index_from_js("index", &index)?;
        let game = game_of_view(&view)?;
        Ok(BatchGame {
            tag: ClassTag::BATCH_GAME,
            inner: super::game_kind(&game)?.batch_game(view, index)?,
        })
    }

    /// Plays on for about `budget` work units (MCTS iterations, expectimax expansions; a move of
    /// greedy or random counts one) and reports the game so far.
    #[wasm_bindgen(unchecked_return_type = "BatchReport")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<JsValue, JsError> {
        self.tag.check(ClassTag::BATCH_GAME, "BatchGame", "step")?;
        to_js(&self.inner.step(budget_from_js(&budget)?))
    }
}
