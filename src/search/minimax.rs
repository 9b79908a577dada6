//! Minimax to a fixed depth (in its negamax form), for two-player zero-sum games.
//!
//! The value of a node is the best, for its mover, of its children's values; a child whose
//! mover is the opponent contributes the negation of its own value:
//! `v(s) = max_a  (±) v(s·a)`, and at the horizon or a terminal state `v(s) = eval(s)`.
//! Every node of the tree is visited (no pruning), which makes it the reference that
//! alpha-beta and MTD(f) must agree with. Equal-valued root moves are broken by a seeded
//! RNG, so a game replays from its seed. Reference: Russell and Norvig, AIMA, section 5.2.

use super::two_player::{child_kind, mover, ChildKind, Decision, Evaluator, TreeStats, INFINITY};
use super::{Limit, Limits};
use crate::game::{Game, ZeroSum};
use crate::rng::Rng;

/// A fixed-depth minimax searcher; counters accumulate over its searches.
pub struct Minimax<G: Game, E> {
    evaluator: E,
    limits: Limits,
    stats: TreeStats,
    moves: Vec<Vec<G::Action>>,
    pv: Vec<Vec<G::Action>>,
}

impl<G: Game + ZeroSum, E: Evaluator<G>> Minimax<G, E> {
    /// A searcher that scores horizon and terminal states with `evaluator` and stops with
    /// [`Limit::Nodes`] after `limits.max_nodes` nodes in total.
    pub fn new(evaluator: E, limits: Limits) -> Self {
        Minimax {
            evaluator,
            limits,
            stats: TreeStats::default(),
            moves: Vec::new(),
            pv: Vec::new(),
        }
    }

    /// Counters so far.
    pub fn stats(&self) -> TreeStats {
        self.stats
    }

    /// Searches `depth` plies (at least 1) below `state` and picks a best move, breaking
    /// ties with `rng`.
    pub fn search(
        &mut self,
        state: &G,
        depth: u32,
        rng: &mut Rng,
    ) -> Result<Decision<G::Action>, Limit> {
        let depth = depth.max(1);
        let Some(player) = mover(state) else {
            self.count(0)?;
            self.stats.leaves += 1;
            return Ok(Decision {
                value: self.evaluator.evaluate(state, 0),
                best_action: None,
                pv: Vec::new(),
                depth,
            });
        };
        self.count(0)?;
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        let mut best = -INFINITY;
        let mut ties: Vec<(G::Action, Vec<G::Action>)> = Vec::new();
        for &action in &actions {
            let child = state.child(action);
            let value = self.child_value(&child, player, depth - 1, 1)?;
            if value > best {
                best = value;
                ties.clear();
            }
            if value == best {
                let mut line = vec![action];
                line.extend_from_slice(self.line(1));
                ties.push((action, line));
            }
        }
        let (action, pv) = ties.swap_remove(rng.index(ties.len()));
        Ok(Decision {
            value: best,
            best_action: Some(action),
            pv,
            depth,
        })
    }

    fn count(&mut self, ply: usize) -> Result<(), Limit> {
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(ply as u32);
        if self.stats.nodes > self.limits.max_nodes {
            return Err(Limit::Nodes);
        }
        Ok(())
    }

    /// The principal variation found below `ply` by the last search of that ply.
    fn line(&self, ply: usize) -> &[G::Action] {
        self.pv.get(ply).map_or(&[], Vec::as_slice)
    }

    /// The value of `child` from `player`'s view, `depth_left` plies still to search.
    fn child_value(
        &mut self,
        child: &G,
        player: usize,
        depth_left: u32,
        ply: usize,
    ) -> Result<i32, Limit> {
        match child_kind(child, player, depth_left) {
            ChildKind::Leaf { horizon } => {
                self.count(ply)?;
                self.stats.leaves += 1;
                self.stats.leaves_at_horizon += u64::from(horizon);
                if let Some(line) = self.pv.get_mut(ply) {
                    line.clear();
                }
                Ok(self.evaluator.evaluate(child, player))
            }
            ChildKind::Inner { negate } => {
                let value = self.value(child, depth_left, ply)?;
                Ok(if negate { -value } else { value })
            }
        }
    }

    /// The value of `state` (which has a mover) from its mover's view.
    fn value(&mut self, state: &G, depth: u32, ply: usize) -> Result<i32, Limit> {
        self.count(ply)?;
        while self.moves.len() <= ply {
            self.moves.push(Vec::new());
            self.pv.push(Vec::new());
        }
        let player = mover(state).unwrap_or(0);
        let mut actions = std::mem::take(&mut self.moves[ply]);
        state.legal_actions(&mut actions);
        let mut best = -INFINITY;
        let mut result = Ok(());
        for &action in &actions {
            let child = state.child(action);
            match self.child_value(&child, player, depth - 1, ply + 1) {
                Ok(value) if value > best => {
                    best = value;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(action);
                    head[ply].extend_from_slice(tail.first().map_or(&[], Vec::as_slice));
                }
                Ok(_) => {}
                Err(limit) => {
                    result = Err(limit);
                    break;
                }
            }
        }
        self.moves[ply] = actions;
        result.map(|()| best)
    }
}
