//! Helpers shared by the `sumzero_*` tests.

use searchlab::game::Game;
use searchlab::games::sumzero::{Action, SumZero};

/// Every state the rules reach within `depth` moves of the start, layer by layer
/// (`1 + 4 + … + 4^depth` states).
pub fn states_to_depth(depth: usize) -> Vec<SumZero> {
    let mut all = vec![SumZero::start()];
    let mut layer = all.clone();
    for _ in 0..depth {
        layer = layer
            .iter()
            .flat_map(|state| Action::ALL.map(|action| state.child(action)))
            .collect();
        all.extend_from_slice(&layer);
    }
    all
}
