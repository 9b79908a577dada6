//! The midgame search that seeds the endgame solver's table before an exact solve of
//! [`PREFILL_EMPTIES`] empties or more: iterative-deepening alpha-beta on the midgame evaluation,
//! which records each node's best move so the exact search tries likely best moves first.

use super::ordering::Candidate;
use super::{Solver, INFINITY, INFINITY_EVAL, PREFILL_EMPTIES, SHALLOW_ORDER_EMPTIES, TT_EMPTIES};
use crate::games::othello::board::{moves, Board};
use crate::games::othello::eval::board_eval;

/// Depth of the midgame search at [`PREFILL_EMPTIES`] empties (one more per extra empty).
const PREFILL_DEPTH: u32 = 6;
/// The deepest prefill search (reached at 24 empties).
const PREFILL_MAX_DEPTH: u32 = 13;

impl Solver {
    /// One iteration of the midgame search that seeds the table's best moves near the root
    /// (alpha-beta on [`board_eval`] to `depth`), so the exact search tries likely best moves
    /// first.
    pub(super) fn prefill(&mut self, board: Board, depth: u32) {
        self.midgame(
            board.player,
            board.opponent,
            depth,
            -INFINITY_EVAL,
            INFINITY_EVAL,
        );
    }

    /// Fail-soft alpha-beta with the midgame evaluation; records each node's best move. Past
    /// the node limit it returns at once with a meaningless value and stores nothing more.
    fn midgame(
        &mut self,
        player: u64,
        opponent: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        let board = Board { player, opponent };
        if self.aborted() {
            return 0;
        }
        if depth == 0 {
            return board_eval(board);
        }
        let legal = moves(player, opponent);
        if legal == 0 {
            if moves(opponent, player) == 0 {
                return board_eval(board);
            }
            return -self.midgame(opponent, player, depth, -beta, -alpha);
        }
        let empties = board.empty_count();
        let mut list = [Candidate::default(); 32];
        // Ordered by the children's evaluation (no ordering search): on FFO #45 and #48 the
        // exact search then visited 26 % and 24 % fewer nodes than after a fastest-first prefill
        // (measured with the prefill 6 to 12 plies deep).
        let count = self.order(
            player,
            opponent,
            legal,
            empties.min(SHALLOW_ORDER_EMPTIES),
            &mut list,
        );
        let mut best = -INFINITY_EVAL;
        let mut best_square = list[0].square;
        for candidate in &list[..count] {
            let next_player = opponent ^ candidate.flipped;
            let next_opponent = player ^ candidate.flipped ^ (1 << candidate.square);
            let value = -self.midgame(next_player, next_opponent, depth - 1, -beta, -alpha);
            if value > best {
                best = value;
                best_square = candidate.square;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if empties >= TT_EMPTIES && !self.aborted() {
            self.table
                .store(player, opponent, empties, -INFINITY, INFINITY, best_square);
        }
        best
    }
}

/// The depths of the iterative-deepening midgame search that seeds the table before `board` is
/// solved: none below [`PREFILL_EMPTIES`] empties or in a finished game.
pub(super) fn prefill_depths(board: Board) -> std::ops::Range<u32> {
    let empties = board.empty_count();
    if empties < PREFILL_EMPTIES || board.is_game_over() {
        return 1..1;
    }
    1..(empties - PREFILL_EMPTIES + PREFILL_DEPTH).min(PREFILL_MAX_DEPTH) + 1
}
