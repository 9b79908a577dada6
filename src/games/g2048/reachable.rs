//! What a game of 2048 can reach: the bounds that tell a position or a result a game produced
//! from a made-up one (a checkpoint read back, a results line quoted). Each bound follows from
//! the rules alone:
//!
//! - **Tiles.** Sorted largest first, a board's `i`-th tile (from 1) is at most `2^(18 - i)`.
//!   True of the start (two tiles of at most 4); a spawn adds a 2 or a 4, and the `i`-th tile of
//!   at most 16 is allowed 4 at least; a merge of two tiles `2^e` ranked `j` and `j + 1` makes
//!   `2^(e+1) <= 2^(18 - j)` ranked `j` or higher, and every other tile keeps or raises its rank
//!   or, if it equals `2^e`, ranks no lower than `j`. So the largest tile is at most `2^17` =
//!   131072, there is at most one of it, and the board's tiles add up to at most `2^18 - 4`.
//! - **Tiles and moves.** The start spawns two tiles and every move one (a move that changes the
//!   board always leaves a cell free); merges keep the sum. So after `n` moves the tiles add up
//!   to between `2 (n + 2)` and `4 (n + 2)`, and a game always has two tiles or more.
//! - **Score and tiles.** A merge scores the tile it makes, so each tile `2^e` on the board
//!   scored the sum over its merge tree's inner nodes: every spawned leaf `v` counts once per
//!   level above it, `v (e - log2 v)`. Made of 2s only that is `(e - 1) 2^e`, of 4s only
//!   `(e - 2) 2^e` (0 for a spawned 2 or 4); the score is the sum over the board's tiles, between
//!   those two sums.
//! - **Score and the largest tile.** A game whose largest tile is `2^m` scored at least what that
//!   tile did, `(m - 2) 2^m` (0 for `m < 2`), and at most what the fullest board allowed by the
//!   first bound can hold: its `i`-th tile `2^min(m, 18 - i)` for `i` = 1..16, each made of 2s,
//!   `sum (min(m, 18 - i) - 1) 2^min(m, 18 - i)`: 159,748 for a 2048, 3,932,164 for a 131072.

use std::ops::RangeInclusive;

use super::board::{Board, CELLS};

/// The largest exponent a game can make: 131072 = `2^17`.
pub const MAX_REACHABLE_EXPONENT: u8 = 17;

/// Why no game between two moves can stand on `board`, if none can.
pub fn board_flaw(board: Board) -> Option<String> {
    let mut exponents: Vec<u8> = board.exponents().into_iter().filter(|&e| e > 0).collect();
    if exponents.len() < 2 {
        return Some(format!(
            "has {} tile(s), and a game always has two or more",
            exponents.len()
        ));
    }
    exponents.sort_unstable_by(|a, b| b.cmp(a));
    exponents.iter().enumerate().find_map(|(i, &e)| {
        let most = MAX_REACHABLE_EXPONENT + 1 - (i as u8 + 1);
        (e > most).then(|| {
            format!(
                "has {} as its tile number {} by size, where a game makes at most {}",
                1u64 << e,
                i + 1,
                1u64 << most
            )
        })
    })
}

/// The score a game can have made the tiles on `board` with (see the module's bounds).
pub fn score_range(board: Board) -> RangeInclusive<u64> {
    let (mut least, mut most) = (0u64, 0u64);
    for e in board.exponents().into_iter().filter(|&e| e > 0) {
        least = least.saturating_add(tile_score(e, 2));
        most = most.saturating_add(tile_score(e, 1));
    }
    least..=most
}

/// The sum of the tiles on a board after `moves` moves.
pub fn tile_sum_range(moves: u64) -> RangeInclusive<u128> {
    let spawns = u128::from(moves) + 2;
    2 * spawns..=4 * spawns
}

/// The score of a game whose largest tile is `2^max_exponent` (1 to 17), ended or not.
pub fn score_range_for_max_tile(max_exponent: u8) -> RangeInclusive<u64> {
    let m = max_exponent.min(MAX_REACHABLE_EXPONENT);
    let most = (1..=CELLS as u8)
        .map(|i| tile_score(m.min(MAX_REACHABLE_EXPONENT + 1 - i), 1))
        .sum();
    tile_score(m, 2)..=most
}

/// The score that makes a tile `2^e` from spawns of `2^leaf` (0 if it is a spawn).
fn tile_score(e: u8, leaf: u8) -> u64 {
    u64::from(e.saturating_sub(leaf)) << e
}
