//! What an MCTS iteration asks of its caller: how to step the forward model, which move a
//! rollout plays, and the value where the playout ends. Any `Fn(&G, usize) -> f64` is the plain
//! one (`apply`, uniform rollouts, that value), so [`super::Mcts`] is sampleMCTS unless a search
//! built on it (KB Fast-Evo MCTS) swaps these parts and keeps selection, expansion and backup.

use crate::game::Game;
use crate::rng::Rng;

/// The parts of an iteration a search built on MCTS may replace (see the module doc). Every
/// method but [`Simulation::value`] defaults to sampleMCTS's behaviour.
pub trait Simulation<G: Game> {
    /// An iteration starts from `root`.
    fn begin(&mut self, _root: &G, _rng: &mut Rng) {}

    /// Applies a player's `action` to `state` (every tree and rollout step; chance outcomes
    /// are applied directly).
    fn advance(&mut self, state: &mut G, action: G::Action) {
        state.apply(action);
    }

    /// The rollout's move in `state`, one of `legal` (not empty). The default draws one
    /// uniformly with `rng.index(legal.len())`.
    fn rollout_action(&mut self, _state: &G, legal: &[G::Action], rng: &mut Rng) -> G::Action {
        legal[rng.index(legal.len())]
    }

    /// The value for `player` of `state`, where a playout ends (and at the root, for
    /// `reward_from_root`).
    fn value(&mut self, state: &G, player: usize) -> f64;

    /// The iteration has backed up `rewards` (one per player).
    fn end(&mut self, _rewards: &[f64], _rng: &mut Rng) {}
}

impl<G: Game, F: Fn(&G, usize) -> f64> Simulation<G> for F {
    fn value(&mut self, state: &G, player: usize) -> f64 {
        self(state, player)
    }
}
