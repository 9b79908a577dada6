//! What the two-player zero-sum searches (minimax, alpha-beta, MTD(f)) share: the evaluator
//! they call at the horizon, their counters, their answer, and the negamax step that turns a
//! child's value into the parent's point of view.
//!
//! Values are `i32` from a named player's view. A game may let the same player move twice (a
//! child's player is compared with the parent's, never assumed to alternate). Chance nodes are
//! not searched: these algorithms are for deterministic games, and a chance node is scored by
//! the evaluator like a horizon leaf.

use crate::game::{Game, Turn};
use serde::Serialize;

/// Larger than any evaluation; the window of a full-width search is `(-INFINITY, INFINITY)`.
pub const INFINITY: i32 = 1 << 30;

/// Scores states for the searches: called at the depth horizon and at terminal states.
pub trait Evaluator<G> {
    /// The value of `state` from `player`'s view (higher is better for `player`). For a
    /// zero-sum game the other player's value must be the negation.
    fn evaluate(&self, state: &G, player: usize) -> i32;
}

impl<G, F: Fn(&G, usize) -> i32> Evaluator<G> for F {
    fn evaluate(&self, state: &G, player: usize) -> i32 {
        self(state, player)
    }
}

/// Counters of a tree search, so a class can see what pruning saves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TreeStats {
    /// Every state visited: interior nodes and leaves.
    pub nodes: u64,
    /// States scored by the evaluator (horizon and terminal leaves).
    pub leaves: u64,
    /// Beta cutoffs: nodes whose remaining moves were skipped.
    pub cutoffs: u64,
    /// Moves skipped by those cutoffs (each one a whole subtree not searched).
    pub pruned: u64,
    /// Leaves scored at the depth horizon (not at the end of the game): while this stays 0
    /// the search has seen the whole game tree and its value is exact.
    pub leaves_at_horizon: u64,
    /// Transposition-table probes that ended the node without searching it.
    pub table_cutoffs: u64,
    /// Deepest ply visited.
    pub max_depth: u32,
}

impl TreeStats {
    /// Adds another search's counters to these.
    pub fn add(&mut self, other: &TreeStats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        self.leaves_at_horizon += other.leaves_at_horizon;
        self.cutoffs += other.cutoffs;
        self.pruned += other.pruned;
        self.table_cutoffs += other.table_cutoffs;
        self.max_depth = self.max_depth.max(other.max_depth);
    }
}

/// The answer of a fixed-depth search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision<A> {
    /// The root's value from the view of the player to move there (player 0's view when the
    /// root is terminal).
    pub value: i32,
    /// The chosen move (ties broken by the search's seeded RNG); `None` at a terminal root.
    pub best_action: Option<A>,
    /// The expected line of play from the root, starting with `best_action`.
    pub pv: Vec<A>,
    /// Depth searched, in plies.
    pub depth: u32,
}

/// The player to move in `state`, or `None` at terminal and chance nodes.
pub fn mover<G: Game>(state: &G) -> Option<usize> {
    match state.turn() {
        Turn::Player(player) => Some(player),
        Turn::Terminal | Turn::Chance => None,
    }
}

/// How a child is to be valued from its parent's mover `player`: as a leaf, or by a search
/// from the child's own mover, whose value is negated when that mover is the other player.
pub enum ChildKind {
    /// Score with the evaluator: a terminal state (`horizon` false), or a state at the depth
    /// horizon or a chance node (`horizon` true).
    Leaf {
        /// Whether the game goes on below this leaf.
        horizon: bool,
    },
    /// Search it; `negate` when its mover is not the parent's.
    Inner {
        /// Whether the child's mover is the other player.
        negate: bool,
    },
}

/// Classifies a child with `depth_left` plies still to search below the parent.
pub fn child_kind<G: Game>(child: &G, player: usize, depth_left: u32) -> ChildKind {
    match child.turn() {
        Turn::Player(next) if depth_left > 0 => ChildKind::Inner {
            negate: next != player,
        },
        Turn::Terminal => ChildKind::Leaf { horizon: false },
        Turn::Player(_) | Turn::Chance => ChildKind::Leaf { horizon: true },
    }
}
