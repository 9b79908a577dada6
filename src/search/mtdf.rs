//! MTD(f): the minimax value as a sequence of null-window alpha-beta searches with a table.
//!
//! Starting from a first guess `g` (the previous iteration's value), each pass asks "is the
//! value at least beta?" with the window `(beta - 1, beta)`, where `beta = g + 1` if `g` is
//! the lower bound and `g` otherwise. A fail-soft answer `g < beta` is a new upper bound,
//! `g >= beta` a new lower bound; the bounds close in until `lower >= upper`, and then `g` is
//! the exact value. The transposition table makes the repeated passes cheap.
//!
//! How this differs from the course's `MTDDecider` (see `shared/othello/COURSE.md`): one
//! MTD(f) call at the root (not one per root child); the null window is taken in the root
//! mover's view and negated for the opponent by the negamax (the course passes
//! `(beta - 1, beta)` to the child unnegated); the table stores upper bounds as upper and
//! lower bounds as lower (the course swaps them) and uses all three kinds (the course uses
//! only exact entries); and the child depth is `depth - 1` like every other search here.
//!
//! Ties between root moves: the root moves are shuffled with the seeded RNG before the first
//! pass, so which of several equal moves is found first depends only on the seed.
//! Reference: Plaat, Schaeffer, Pijls and de Bruin (1996), "Best-first fixed-depth minimax
//! algorithms".

use super::alphabeta::{AlphaBeta, Stop};
use super::two_player::{mover, Decision, Evaluator, TreeStats, INFINITY};
use super::{Limit, Limits, NoObserver, Observer};
use crate::game::{Game, ZeroSum};
use crate::rng::Rng;
use std::hash::Hash;

/// An MTD(f) searcher over alpha-beta with a transposition table (kept across searches),
/// reporting to `O`.
pub struct Mtdf<G: Game, E, O = NoObserver> {
    engine: AlphaBeta<G, E, O>,
    passes: u64,
}

impl<G: Game + ZeroSum + Hash + Eq, E: Evaluator<G>> Mtdf<G, E> {
    /// A searcher whose table uses at most `limits.max_memory_bytes` and which stops with
    /// [`Limit::Nodes`] after `limits.max_nodes` nodes in total.
    pub fn new(evaluator: E, limits: Limits) -> Self {
        Self::with_observer(evaluator, limits, NoObserver)
    }
}

impl<G: Game + ZeroSum + Hash + Eq, E: Evaluator<G>, O: Observer<G>> Mtdf<G, E, O> {
    /// [`Mtdf::new`] whose null-window passes report to `observer` as
    /// [`AlphaBeta::with_observer`] says (each pass's root with its null window
    /// `(beta - 1, beta)`).
    pub fn with_observer(evaluator: E, limits: Limits, observer: O) -> Self {
        Mtdf {
            engine: AlphaBeta::with_table_observed(evaluator, limits, observer),
            passes: 0,
        }
    }

    /// Counters so far.
    pub fn stats(&self) -> TreeStats {
        self.engine.stats()
    }

    /// Null-window passes made so far.
    pub fn passes(&self) -> u64 {
        self.passes
    }

    /// Entries in the table.
    pub fn stored(&self) -> u64 {
        self.engine.stored()
    }

    /// Makes searches stop with [`Stop::SliceEnd`] once the node counter passes `nodes`.
    pub fn set_slice_end(&mut self, nodes: u64) {
        self.engine.set_slice_end(nodes);
    }

    /// The value of `state` to `depth` plies (at least 1), starting from `first_guess`.
    pub fn search(
        &mut self,
        state: &G,
        depth: u32,
        first_guess: i32,
        rng: &mut Rng,
    ) -> Result<Decision<G::Action>, Limit> {
        self.search_resumable(state, depth, first_guess, rng)
            .map_err(|stop| match stop {
                Stop::Limit(limit) => limit,
                Stop::SliceEnd => Limit::Nodes,
            })
    }

    /// [`Mtdf::search`] that may stop at the end of a node slice (see [`Stop`]).
    pub fn search_resumable(
        &mut self,
        state: &G,
        depth: u32,
        first_guess: i32,
        rng: &mut Rng,
    ) -> Result<Decision<G::Action>, Stop> {
        let depth = depth.max(1);
        if mover(state).is_none() {
            return self.engine.search_ordered(state, depth, &[], rng);
        }
        let mut order = Vec::new();
        state.legal_actions(&mut order);
        shuffle(&mut order, rng);
        let (mut lower, mut upper) = (-INFINITY, INFINITY);
        let mut guess = first_guess.clamp(-INFINITY + 1, INFINITY - 1);
        let mut best_action = None;
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess };
            let (value, action) =
                self.engine
                    .search_window(state, depth, beta - 1, beta, &order)?;
            self.passes += 1;
            guess = value;
            if value < beta {
                upper = value;
            } else {
                lower = value;
                best_action = action;
            }
        }
        let mut pv = self.engine.table_line(state, depth as usize);
        match (best_action, pv.first()) {
            (Some(action), Some(&first)) if first != action => pv = vec![action],
            (Some(action), None) => pv = vec![action],
            _ => {}
        }
        Ok(Decision {
            value: guess,
            best_action,
            pv,
            depth,
        })
    }
}

/// Fisher-Yates shuffle with the seeded RNG.
pub(crate) fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.index(i + 1));
    }
}
