//! Baseline policies to measure searches against: a uniformly random legal action, and a greedy
//! one-ply choice by the returns right after the action plus an evaluation.
//!
//! Both fit any [`Game`] at a player's node and return `None` elsewhere. The greedy choice is
//! `argmax over a of returns(p, child(s, a)) + eval(child(s, a))` for the player `p` to move
//! (for 2048: score gained by the move plus the heuristic), ties going to the first action in
//! legal order.

use crate::game::{Game, Turn};
use crate::rng::Rng;

/// A legal action drawn uniformly with `rng` (one `index` draw), or `None` if no player moves.
pub fn random_action<G: Game>(state: &G, rng: &mut Rng) -> Option<G::Action> {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    if actions.is_empty() {
        return None;
    }
    Some(actions[rng.index(actions.len())])
}

/// The legal action with the highest `returns + eval` one ply ahead (see the module docs).
pub fn greedy_action<G: Game>(state: &G, eval: impl Fn(&G) -> f64) -> Option<G::Action> {
    let mut best: Option<(G::Action, f64)> = None;
    for (action, value) in greedy_values(state, eval) {
        if best.map_or(true, |(_, v)| value > v) {
            best = Some((action, value));
        }
    }
    best.map(|(action, _)| action)
}

/// Every legal action with its greedy value `returns + eval` one ply ahead, in legal order
/// (empty unless a player is to move).
pub fn greedy_values<G: Game>(state: &G, eval: impl Fn(&G) -> f64) -> Vec<(G::Action, f64)> {
    let Turn::Player(player) = state.turn() else {
        return Vec::new();
    };
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions
        .into_iter()
        .map(|action| {
            let child = state.child(action);
            (action, child.returns(player) + eval(&child))
        })
        .collect()
}
