//! Pieces shared by the simulation searches ([`super::mcts`] and [`super::rhea`]): the
//! per-root-action statistics the page shows, the default value function, drawing chance
//! outcomes with the search's own RNG, and the error for a configuration a search cannot run.

use crate::game::{Game, Turn};
use crate::rng::Rng;
use serde::Serialize;

/// What a simulation search knows about one action at its root.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RootActionStat {
    /// The action's dense index ([`Game::action_index`]).
    pub index: u32,
    /// MCTS: visits of the action's node. RHEA: evaluated individuals whose first action it is.
    pub visits: u64,
    /// MCTS: mean reward of the root player over those visits. RHEA: best value of an
    /// individual whose first action it is.
    pub value: f64,
}

/// A value function as a plain function pointer: `value(state, player)`. The searches' default
/// type parameter, so that `Mcts<G>` and `Rhea<G>` can be named (cast a function item with
/// `as ValueFn<G>`).
pub type ValueFn<G> = fn(&G, usize) -> f64;

/// The default value function: `state.returns(player)` (the result at a terminal state, the
/// accumulated score before).
pub fn returns_value<G: Game>(state: &G, player: usize) -> f64 {
    state.returns(player)
}

/// The player to move, or `None` at chance and terminal states.
pub(crate) fn mover(turn: Turn) -> Option<usize> {
    match turn {
        Turn::Player(player) => Some(player),
        Turn::Chance | Turn::Terminal => None,
    }
}

/// While `state` is at a chance node, draws an outcome by its probability with `rng` and applies
/// it. Returns how many outcomes were applied (forward-model calls). A chance node without
/// outcomes (a broken game) stops the loop instead of spinning.
pub(crate) fn resolve_chance<G: Game>(
    state: &mut G,
    rng: &mut Rng,
    outcomes: &mut Vec<(G::Action, f64)>,
) -> u64 {
    let mut applied = 0;
    while state.turn() == Turn::Chance {
        let Some(drawn) = state.sample_chance(rng.next_f64(), outcomes) else {
            break;
        };
        state.apply(drawn);
        applied += 1;
    }
    applied
}

/// A search configuration field holds a value the search cannot run with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidConfig {
    /// The field's name, as in the config struct.
    pub field: &'static str,
    /// What the field must satisfy.
    pub reason: &'static str,
}

impl std::fmt::Display for InvalidConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid {}: {}", self.field, self.reason)
    }
}

impl std::error::Error for InvalidConfig {}
