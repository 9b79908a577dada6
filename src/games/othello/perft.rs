//! Perft: the number of leaves of the game tree to a fixed depth, to check move generation.
//!
//! The common convention (Aart Bik 2009, Egaroucid "mode 1"): a pass counts as a ply, and a
//! finished game counts as one leaf at every greater depth. The last ply is counted in bulk
//! (the popcount of the move set), so the leaves themselves are never made.

use super::board::{flips, moves, Board};

/// Leaves at `depth` plies below `board` (1 at depth 0).
pub fn perft(board: Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    count(board.player, board.opponent, depth, false)
}

/// `passed`: the previous ply was a pass, so if this side cannot move either the game is over.
fn count(player: u64, opponent: u64, depth: u32, passed: bool) -> u64 {
    let mut remaining = moves(player, opponent);
    if remaining == 0 {
        return if passed || depth == 1 {
            1
        } else {
            count(opponent, player, depth - 1, true)
        };
    }
    if depth == 1 {
        return u64::from(remaining.count_ones());
    }
    let mut leaves = 0;
    while remaining != 0 {
        let square = remaining.trailing_zeros();
        remaining &= remaining - 1;
        let flipped = flips(player, opponent, square);
        let next_player = opponent ^ flipped;
        let next_opponent = player ^ flipped ^ (1 << square);
        leaves += if depth == 2 {
            // The last ply in place of a call: the child's moves counted in bulk, or one leaf
            // when it has none (a pass at depth 1 counts 1, as does a finished game).
            u64::from(moves(next_player, next_opponent).count_ones().max(1))
        } else {
            count(next_player, next_opponent, depth - 1, false)
        };
    }
    leaves
}
