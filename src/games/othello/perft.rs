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
    if depth == 2 {
        return last_two_plies(player, opponent, remaining);
    }
    let mut leaves = 0;
    while remaining != 0 {
        let square = remaining.trailing_zeros();
        remaining &= remaining - 1;
        let (next_player, next_opponent) = play(player, opponent, square);
        leaves += count(next_player, next_opponent, depth - 1, false);
    }
    leaves
}

/// The position after `player` plays `square`, seen from the new player to move.
#[inline(always)]
fn play(player: u64, opponent: u64, square: u32) -> (u64, u64) {
    let flipped = flips(player, opponent, square);
    (opponent ^ flipped, player ^ flipped ^ (1 << square))
}

/// The leaves two plies below a position with the moves `remaining` (not 0): each child's
/// moves counted in bulk, or one leaf when it has none (a pass at depth 1 counts 1, as does a
/// finished game); no call per child. One child at a time (every build but wasm's with SIMD).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
fn last_two_plies(player: u64, opponent: u64, mut remaining: u64) -> u64 {
    let mut leaves = 0;
    while remaining != 0 {
        let square = remaining.trailing_zeros();
        remaining &= remaining - 1;
        let (next_player, next_opponent) = play(player, opponent, square);
        leaves += u64::from(moves(next_player, next_opponent).count_ones().max(1));
    }
    leaves
}

/// The same, wasm with SIMD: the children two at a time through
/// [`super::board::moves_pair`], one per lane (9 % less CPU than one at a time in node; natively
/// the pairs cost 3 % more, BENCHMARKS.md).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
fn last_two_plies(player: u64, opponent: u64, mut remaining: u64) -> u64 {
    // The popcount, or 1 when it is 0 (written with `==` rather than `max`, which LLVM turns
    // into byte-vector shuffles in wasm).
    let leaves_below = |moves: u64| u64::from(moves.count_ones()) + u64::from(moves == 0);
    let mut leaves = 0;
    while remaining != 0 {
        let first = remaining.trailing_zeros();
        remaining &= remaining - 1;
        let (first_player, first_opponent) = play(player, opponent, first);
        if remaining == 0 {
            return leaves + leaves_below(moves(first_player, first_opponent));
        }
        let second = remaining.trailing_zeros();
        remaining &= remaining - 1;
        let (second_player, second_opponent) = play(player, opponent, second);
        let [first_moves, second_moves] = super::board::moves_pair(
            [first_player, second_player],
            [first_opponent, second_opponent],
        );
        leaves += leaves_below(first_moves) + leaves_below(second_moves);
    }
    leaves
}
