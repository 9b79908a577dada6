//! Move generation with wasm's 128-bit SIMD (`+simd128`), two directions per
//! instruction: one lane holds the board, the other its vertical mirror (ranks reversed, one byte
//! shuffle), so the directions that lower the square index become, in the mirror, directions
//! that raise it and take the same shifts and bit tricks. The horizontal directions (whose mirror
//! is themselves) stay scalar. Where two positions' moves are wanted at once (perft's last two
//! plies), [`moves_pair`] puts one position in each lane instead, and every direction, the
//! horizontal ones too, is one shift of both lanes. Same results as the scalar code in `board`
//! (`tests/wasm_othello_bitboards.rs` runs on both wasm builds); used by the wasm build that
//! enables simd128. (Flips are not here: the scalar line tables of `line_flips` measured 4 %
//! faster in wasm than this file's former two-rays-per-instruction flips.)

use core::arch::wasm32::{
    i8x16_shuffle, u64x2, u64x2_extract_lane, u64x2_shl, u64x2_shr, u64x2_splat, v128, v128_and,
    v128_andnot, v128_or,
};

/// `[x, x with its ranks reversed]`.
#[inline(always)]
fn with_mirror(x: u64) -> v128 {
    let both = u64x2_splat(x);
    i8x16_shuffle::<0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8>(both, both)
}

/// Lane 0 of `pair` or'ed with lane 1 mirrored back (the union, in board order, of what the
/// two lanes found).
#[inline(always)]
fn join_mirror(pair: v128) -> u64 {
    let back = i8x16_shuffle::<15, 14, 13, 12, 11, 10, 9, 8, 0, 1, 2, 3, 4, 5, 6, 7>(pair, pair);
    u64x2_extract_lane::<0>(v128_or(pair, back))
}

/// Squares reached, `shift` at a time towards higher bits, by a run of `mask` discs starting
/// next to a `player` disc (parallel prefix, as `board::axis_moves` one way).
#[inline(always)]
fn raising_moves(player: v128, mask: v128, shift: u32) -> v128 {
    let mut run = v128_and(mask, u64x2_shl(player, shift));
    run = v128_or(run, v128_and(mask, u64x2_shl(run, shift)));
    let pairs = v128_and(mask, u64x2_shl(mask, shift));
    run = v128_or(run, v128_and(pairs, u64x2_shl(run, 2 * shift)));
    run = v128_or(run, v128_and(pairs, u64x2_shl(run, 2 * shift)));
    u64x2_shl(run, shift)
}

/// `board::moves`: the legal moves of `player` against `opponent`.
#[inline]
pub(super) fn moves(player: u64, opponent: u64, inner_files: u64) -> u64 {
    let inner = opponent & inner_files;
    let players = with_mirror(player);
    let opponents = with_mirror(opponent);
    // The mirror keeps files, so the inner-files mask is its own mirror.
    let inners = v128_and(opponents, u64x2_splat(inner_files));
    let reached = v128_or(
        raising_moves(players, opponents, 8),
        v128_or(
            raising_moves(players, inners, 7),
            raising_moves(players, inners, 9),
        ),
    );
    (join_mirror(reached) | super::board::axis_moves(player, inner, 1)) & !(player | opponent)
}

/// `board::axis_moves` on both lanes: one board per lane, both senses of one axis.
#[inline(always)]
fn axis_moves_pair(player: v128, mask: v128, shift: u32) -> v128 {
    let shift2 = shift + shift;
    let mut left = v128_and(mask, u64x2_shl(player, shift));
    let mut right = v128_and(mask, u64x2_shr(player, shift));
    left = v128_or(left, v128_and(mask, u64x2_shl(left, shift)));
    right = v128_or(right, v128_and(mask, u64x2_shr(right, shift)));
    let mask_left = v128_and(mask, u64x2_shl(mask, shift));
    let mask_right = v128_and(mask, u64x2_shr(mask, shift));
    left = v128_or(left, v128_and(mask_left, u64x2_shl(left, shift2)));
    right = v128_or(right, v128_and(mask_right, u64x2_shr(right, shift2)));
    left = v128_or(left, v128_and(mask_left, u64x2_shl(left, shift2)));
    right = v128_or(right, v128_and(mask_right, u64x2_shr(right, shift2)));
    v128_or(u64x2_shl(left, shift), u64x2_shr(right, shift))
}

/// `board::moves_pair`: the legal moves of two positions at once, one per lane (every
/// direction is a uniform shift of both lanes, so no mirror is needed).
#[inline]
pub(super) fn moves_pair(players: [u64; 2], opponents: [u64; 2], inner_files: u64) -> [u64; 2] {
    let player = u64x2(players[0], players[1]);
    let opponent = u64x2(opponents[0], opponents[1]);
    let inner = v128_and(opponent, u64x2_splat(inner_files));
    let reached = v128_or(
        v128_or(
            axis_moves_pair(player, inner, 1),
            axis_moves_pair(player, opponent, 8),
        ),
        v128_or(
            axis_moves_pair(player, inner, 7),
            axis_moves_pair(player, inner, 9),
        ),
    );
    let legal = v128_andnot(reached, v128_or(player, opponent));
    [
        u64x2_extract_lane::<0>(legal),
        u64x2_extract_lane::<1>(legal),
    ]
}
