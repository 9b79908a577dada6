//! Alpha-beta (fail-soft negamax), plain or with a transposition table, to a fixed depth.
//!
//! Alpha-beta returns the minimax value while skipping moves that cannot matter: at a node
//! searched with window `(alpha, beta)`, once a move reaches `beta` the mover already has
//! something the opponent will never allow, so the remaining moves are cut off. Fail-soft:
//! the value returned may lie outside the window, and is then a bound (at most alpha on a
//! fail low, at least beta on a fail high), which is what MTD(f) and the table rely on.
//!
//! With a table ([`AlphaBeta::with_table`]) each searched node is stored with its bound type:
//! `Upper` when every move failed low (value <= the original alpha), `Lower` on a cutoff
//! (value >= beta), `Exact` otherwise, plus the best move, which is tried first next time.
//! A probe ends the node only when the entry settles the window at the same depth.
//!
//! At the root every move is searched with `alpha = best - 1`, so moves that tie with the
//! best are recognised exactly and one is drawn with the seeded RNG. Reference: Knuth and
//! Moore (1975), "An analysis of alpha-beta pruning"; Marsland (1986) for the table.

use super::tt::{Bound, Entry, TranspositionTable};
use super::two_player::{child_kind, mover, ChildKind, Decision, Evaluator, TreeStats, INFINITY};
use super::{Limit, Limits, NoObserver, Observer, Visit, Window};
use crate::game::{Game, ZeroSum};
use crate::rng::Rng;
use std::hash::Hash;

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A hard limit of [`Limits`].
    Limit(Limit),
    /// The caller's slice of nodes ([`AlphaBeta::set_slice_end`]) ran out; the search may be
    /// restarted, and with a table it redoes little.
    SliceEnd,
}

/// A fail-soft alpha-beta searcher, optionally with a transposition table, reporting to `O`.
/// Counters and the table persist across searches (so iterative deepening reuses them).
pub struct AlphaBeta<G: Game, E, O = NoObserver> {
    evaluator: E,
    limits: Limits,
    table: Option<TranspositionTable<G>>,
    stats: TreeStats,
    slice_end: u64,
    moves: Vec<Vec<G::Action>>,
    pv: Vec<Vec<G::Action>>,
    root_order: Vec<G::Action>,
    observer: O,
}

impl<G: Game + ZeroSum + Hash + Eq, E: Evaluator<G>> AlphaBeta<G, E> {
    /// Plain alpha-beta; stops with [`Limit::Nodes`] after `limits.max_nodes` nodes in total.
    pub fn new(evaluator: E, limits: Limits) -> Self {
        Self::with_observer(evaluator, limits, NoObserver)
    }

    /// Alpha-beta with a transposition table of at most `limits.max_memory_bytes`.
    pub fn with_table(evaluator: E, limits: Limits) -> Self {
        Self::with_table_observed(evaluator, limits, NoObserver)
    }
}

impl<G: Game + ZeroSum + Hash + Eq, E: Evaluator<G>, O: Observer<G>> AlphaBeta<G, E, O> {
    /// [`AlphaBeta::new`] reporting searched nodes to `observer`: `expanded` for each interior
    /// node below the root once its moves are searched (value: its fail-soft value for its
    /// mover), `generated` for each leaf (value: its evaluation for its parent's mover);
    /// `depth` is the ply below the root. Nodes settled by the table are not reported as
    /// expanded. Every node counted (the table's included) reports its window first (`window`:
    /// an inner node's in its mover's view, a leaf's in its parent's mover's view, the root's
    /// full), and a node whose remaining moves are cut off reports `cutoff` with its window
    /// once alpha reached beta, as [`super::fixed_depth::FixedDepth`] does.
    pub fn with_observer(evaluator: E, limits: Limits, observer: O) -> Self {
        AlphaBeta {
            evaluator,
            limits,
            table: None,
            stats: TreeStats::default(),
            slice_end: u64::MAX,
            moves: Vec::new(),
            pv: Vec::new(),
            root_order: Vec::new(),
            observer,
        }
    }

    /// [`AlphaBeta::with_table`] reporting to `observer` as [`AlphaBeta::with_observer`] says.
    pub fn with_table_observed(evaluator: E, limits: Limits, observer: O) -> Self {
        let mut search = Self::with_observer(evaluator, limits, observer);
        search.table = Some(TranspositionTable::new(limits.max_memory_bytes));
        search
    }

    /// Counters so far (over every search made with this searcher).
    pub fn stats(&self) -> TreeStats {
        self.stats
    }

    /// Entries held by the table (0 without one).
    pub fn stored(&self) -> u64 {
        self.table.as_ref().map_or(0, TranspositionTable::stored)
    }

    /// Makes searches stop with [`Stop::SliceEnd`] once the node counter passes `nodes`.
    pub fn set_slice_end(&mut self, nodes: u64) {
        self.slice_end = nodes;
    }

    /// Searches `depth` plies (at least 1) below `state` with a full window and picks a best
    /// move, breaking ties with `rng`.
    pub fn search(
        &mut self,
        state: &G,
        depth: u32,
        rng: &mut Rng,
    ) -> Result<Decision<G::Action>, Limit> {
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        self.search_ordered(state, depth, &actions, rng)
            .map_err(|stop| match stop {
                Stop::Limit(limit) => limit,
                Stop::SliceEnd => Limit::Nodes,
            })
    }

    /// [`AlphaBeta::search`] with the root moves tried in the order given (they must be the
    /// legal moves of `state`); used by iterative deepening to search the last best move first.
    pub fn search_ordered(
        &mut self,
        state: &G,
        depth: u32,
        actions: &[G::Action],
        rng: &mut Rng,
    ) -> Result<Decision<G::Action>, Stop> {
        let depth = depth.max(1);
        self.count(0)?;
        self.report_window(0, -INFINITY, INFINITY);
        let Some(player) = mover(state) else {
            self.stats.leaves += 1;
            return Ok(Decision {
                value: self.evaluator.evaluate(state, 0),
                best_action: None,
                pv: Vec::new(),
                depth,
            });
        };
        let mut best = -INFINITY;
        let mut ties: Vec<(G::Action, Vec<G::Action>)> = Vec::new();
        for &action in actions {
            let child = state.child(action);
            // alpha = best - 1: a move equal to the best scores inside the window, exactly.
            let value = self.child_value(&child, player, depth - 1, best - 1, INFINITY, 1)?;
            if value > best {
                best = value;
                ties.clear();
            }
            if value == best {
                let mut line = vec![action];
                line.extend_from_slice(self.pv.get(1).map_or(&[], Vec::as_slice));
                ties.push((action, line));
            }
        }
        if ties.is_empty() {
            return Ok(Decision {
                value: best,
                best_action: None,
                pv: Vec::new(),
                depth,
            });
        }
        let (action, pv) = ties.swap_remove(rng.index(ties.len()));
        self.store(state, depth, best, Bound::Exact, Some(action));
        Ok(Decision {
            value: best,
            best_action: Some(action),
            pv,
            depth,
        })
    }

    /// One fail-soft search of `state` (which must have a mover) with window `(alpha, beta)`,
    /// returning the value from its mover's view and the best move found. The root moves are
    /// tried in `root_order` (the legal moves of `state`; empty for the natural order), after
    /// the table's move. MTD(f) calls this with null windows `(beta - 1, beta)`.
    pub fn search_window(
        &mut self,
        state: &G,
        depth: u32,
        alpha: i32,
        beta: i32,
        root_order: &[G::Action],
    ) -> Result<(i32, Option<G::Action>), Stop> {
        self.root_order.clear();
        self.root_order.extend_from_slice(root_order);
        let result = self.negamax(state, depth.max(1), alpha, beta, 0);
        self.root_order.clear();
        let value = result?;
        Ok((
            value,
            self.pv.first().and_then(|line| line.first().copied()),
        ))
    }

    /// The expected line from `state` read from the table's best moves (at most `max_len`).
    pub fn table_line(&self, state: &G, max_len: usize) -> Vec<G::Action> {
        let mut line = Vec::new();
        let Some(table) = &self.table else {
            return line;
        };
        let mut current = state.clone();
        while line.len() < max_len {
            match table.probe(&current).and_then(|entry| entry.best) {
                Some(action) => {
                    line.push(action);
                    current.apply(action);
                }
                None => break,
            }
        }
        line
    }

    fn count(&mut self, ply: usize) -> Result<(), Stop> {
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(ply as u32);
        if self.stats.nodes > self.limits.max_nodes {
            return Err(Stop::Limit(Limit::Nodes));
        }
        if self.stats.nodes > self.slice_end {
            return Err(Stop::SliceEnd);
        }
        Ok(())
    }

    /// Tells the observer that the node at `ply` is searched with window `(alpha, beta)`.
    fn report_window(&mut self, ply: usize, alpha: i32, beta: i32) {
        self.observer.window(Window {
            depth: ply as u32,
            alpha,
            beta,
        });
    }

    fn store(&mut self, state: &G, depth: u32, value: i32, bound: Bound, best: Option<G::Action>) {
        if let Some(table) = &mut self.table {
            table.store(Entry {
                state: state.clone(),
                depth,
                value,
                bound,
                best,
            });
        }
    }

    /// The value of `child` from `player`'s view with window `(alpha, beta)` in that view.
    fn child_value(
        &mut self,
        child: &G,
        player: usize,
        depth_left: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<i32, Stop> {
        match child_kind(child, player, depth_left) {
            ChildKind::Leaf { horizon } => {
                self.count(ply)?;
                self.report_window(ply, alpha, beta);
                self.stats.leaves += 1;
                self.stats.leaves_at_horizon += u64::from(horizon);
                if let Some(line) = self.pv.get_mut(ply) {
                    line.clear();
                }
                let value = self.evaluator.evaluate(child, player);
                let visit = Visit {
                    depth: ply as u32,
                    value: f64::from(value),
                };
                self.observer.generated(child, visit);
                Ok(value)
            }
            ChildKind::Inner { negate: false } => self.negamax(child, depth_left, alpha, beta, ply),
            ChildKind::Inner { negate: true } => {
                Ok(-self.negamax(child, depth_left, -beta, -alpha, ply)?)
            }
        }
    }

    /// Fail-soft negamax of `state` (which has a mover) from its mover's view.
    fn negamax(
        &mut self,
        state: &G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<i32, Stop> {
        self.count(ply)?;
        self.report_window(ply, alpha, beta);
        while self.moves.len() <= ply {
            self.moves.push(Vec::new());
            self.pv.push(Vec::new());
        }
        self.pv[ply].clear();
        let mut first = None;
        if let Some(entry) = self.table.as_ref().and_then(|table| table.probe(state)) {
            if entry.settles(depth, alpha, beta) {
                self.stats.table_cutoffs += 1;
                let (value, best) = (entry.value, entry.best);
                self.pv[ply].extend(best);
                return Ok(value);
            }
            first = entry.best;
        }
        let player = mover(state).unwrap_or(0);
        let mut actions = std::mem::take(&mut self.moves[ply]);
        if ply == 0 && !self.root_order.is_empty() {
            actions.clear();
            actions.extend_from_slice(&self.root_order);
        } else {
            state.legal_actions(&mut actions);
        }
        if let Some(position) = first.and_then(|best| actions.iter().position(|&a| a == best)) {
            actions[..=position].rotate_right(1);
        }
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_action = None;
        let mut outcome = Ok(());
        for (index, &action) in actions.iter().enumerate() {
            let child = state.child(action);
            let value = match self.child_value(&child, player, depth - 1, alpha, beta, ply + 1) {
                Ok(value) => value,
                Err(stop) => {
                    outcome = Err(stop);
                    break;
                }
            };
            if value > best {
                best = value;
                best_action = Some(action);
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(action);
                head[ply].extend_from_slice(tail.first().map_or(&[], Vec::as_slice));
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        self.observer.cutoff(Window {
                            depth: ply as u32,
                            alpha,
                            beta,
                        });
                        self.stats.cutoffs += 1;
                        self.stats.pruned += (actions.len() - index - 1) as u64;
                        break;
                    }
                }
            }
        }
        self.moves[ply] = actions;
        outcome?;
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(state, depth, best, bound, best_action);
        let visit = Visit {
            depth: ply as u32,
            value: f64::from(best),
        };
        self.observer.expanded(state, visit);
        Ok(best)
    }
}
