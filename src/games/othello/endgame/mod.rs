//! Exact endgame solver: the final disc difference under perfect play, with a best move and PV.
//!
//! Negamax alpha-beta on the final score (empties to the winner), in tiers by the number of
//! empty squares, in the manner of Edax and Zebra:
//! - principal-variation search at the root and on PV nodes (full window, collecting the PV),
//!   null-window searches everywhere else, re-searched on a fail high;
//! - [`TT_EMPTIES`] empties and more: a transposition table of lower/upper bounds with the
//!   best move (two-slot buckets: deepest-first and always-replace), a stability cutoff (the
//!   opponent's stable discs bound the score), enhanced transposition cutoffs from
//!   [`ETC_EMPTIES`], and ordering: the table's move, a wipe-out, then fastest-first (fewest
//!   opponent replies, corners counted twice, then corner stability, potential mobility and,
//!   below 12 empties, quadrant parity); from [`SHALLOW_ORDER_EMPTIES`] empties the midgame
//!   evaluation ([`super::eval::board_eval`]) of each child, or from 16 empties a shallow
//!   alpha-beta with it, less a weight on the opponent's replies, orders instead,
//!   and from [`PREFILL_EMPTIES`] empties an iterative-deepening midgame search first seeds
//!   the table's best moves near the root;
//! - 5 to 7 empties: no table, no move generation; a loop over the empty squares (skipping
//!   squares with no opponent neighbour), those in quadrants with an odd number of empties first;
//! - the last 4 empties: loops over the empty squares (skipping squares with no opponent
//!   neighbour), a dedicated two-square search, and a last square scored by four table
//!   lookups (one per line through it) instead of computing flips;
//! - from 4 empties up, the stability cutoff, tried from Edax's alpha thresholds.
//!
//! [`Solver::solve`] solves in one call; [`SteppedSolve`] solves in steps of bounded work, for a
//! page that shows progress and can stop. Node counts include every position searched, evaluated or
//! scored: those the ordering evaluates and searches, and the one-empty positions the
//! last-two-squares search scores (Edax's unit). It lives beside the rules because its
//! move ordering is Othello knowledge; the generic searches in `crate::search` handle
//! depth-limited play.
//!
//! The code, one purpose a file: this file holds the public [`Solver`] and its results;
//! `search` the principal-variation and null-window searches by tier; `table` the
//! transposition table; `ordering` move ordering (table move, fastest-first, the shallow
//! ordering search, quadrant parity); `small` the last four empties; `last_square` the
//! last empty square's score by table lookups; `prefill` the midgame search that seeds the
//! table; `stepped` [`SteppedSolve`].

mod last_square;
mod ordering;
mod prefill;
mod search;
mod small;
mod stepped;
mod table;

pub use stepped::{SteppedSolve, MIN_STEP_NODES, PREFILL_STEP_NODES};

use super::board::Board;
use super::Move;
use prefill::prefill_depths;
use table::Table;

/// Empties from which the transposition table and fastest-first ordering are used.
pub const TT_EMPTIES: u32 = 8;
/// Empties from which moves are ordered by the midgame evaluation (a shallow search with it
/// from three empties more).
pub const SHALLOW_ORDER_EMPTIES: u32 = 13;
/// Empties from which children are probed in the table before any is searched. Below, a cutoff
/// they find rarely pays for their loads (FFO #40-#49 with the children's buckets prefetched:
/// from 11 instead of 9, 2 % more nodes in 0.955x the time; from 12 the same time, from 14 1.03x).
pub const ETC_EMPTIES: u32 = 11;
/// Empties from which a midgame search seeds the table before an exact solve.
pub const PREFILL_EMPTIES: u32 = 18;

/// Larger than any score.
const INFINITY: i32 = 65;
/// Larger than any midgame evaluation.
const INFINITY_EVAL: i32 = 1 << 28;

/// The exact result of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Final disc difference for the side to move with perfect play (empties to the winner).
    pub score: i32,
    /// A move that reaches `score`; `None` when the game is already over.
    pub best_move: Option<Move>,
    /// The principal variation from the position, passes included.
    pub pv: Vec<Move>,
    /// Positions visited by this solve.
    pub nodes: u64,
}

/// The solve stopped because it visited more positions than its node limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeLimitReached {
    /// Positions visited before stopping.
    pub nodes: u64,
}

impl std::fmt::Display for NodeLimitReached {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "limit reached: node limit ({} nodes)", self.nodes)
    }
}

impl std::error::Error for NodeLimitReached {}

/// An endgame solver with its transposition table, reused across solves.
pub struct Solver {
    table: Table,
    nodes: u64,
    max_nodes: u64,
}

impl Solver {
    /// A solver whose table uses at most `memory_bytes` (rounded down to a power of two
    /// entries, at least 1024) and that stops after `max_nodes` positions per solve.
    pub fn new(memory_bytes: usize, max_nodes: u64) -> Solver {
        Solver {
            table: Table::new(memory_bytes),
            nodes: 0,
            max_nodes,
        }
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Solves `board` (seen from the side to move) exactly.
    pub fn solve(&mut self, board: Board) -> Result<Solution, NodeLimitReached> {
        self.nodes = 0;
        for depth in prefill_depths(board) {
            self.prefill(board, depth);
        }
        let solution = self.search_root(board);
        self.finish()?;
        Ok(solution)
    }

    /// The principal-variation search from the root, counting into `self.nodes`; its result
    /// is meaningless if the search was aborted.
    fn search_root(&mut self, board: Board) -> Solution {
        let mut pv = Vec::new();
        let score = self.pvs(board.player, board.opponent, -INFINITY, INFINITY, &mut pv);
        Solution {
            score,
            best_move: pv.first().copied(),
            pv,
            nodes: self.nodes,
        }
    }

    /// The exact score of every legal move (the pass if it is the only one), in square order.
    pub fn move_scores(&mut self, board: Board) -> Result<Vec<(Move, i32)>, NodeLimitReached> {
        self.nodes = 0;
        let mut scores = Vec::new();
        let mut pv = Vec::new();
        let mut remaining = board.moves();
        if remaining == 0 && board.opponent_can_move() {
            let score = -self.pvs(board.opponent, board.player, -INFINITY, INFINITY, &mut pv);
            scores.push((Move::PASS, score));
        }
        while remaining != 0 {
            let square = remaining.trailing_zeros();
            remaining &= remaining - 1;
            let child = board.play(square);
            let score = -self.pvs(child.player, child.opponent, -INFINITY, INFINITY, &mut pv);
            scores.push((Move::square(square).unwrap_or(Move::PASS), score));
        }
        self.finish()?;
        Ok(scores)
    }

    /// Positions visited by the last solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn finish(&self) -> Result<(), NodeLimitReached> {
        if self.aborted() {
            Err(NodeLimitReached { nodes: self.nodes })
        } else {
            Ok(())
        }
    }

    #[inline]
    fn aborted(&self) -> bool {
        self.nodes > self.max_nodes
    }
}
