//! Othello's move generation and flips in wasm, run by `wasm-pack test --node` on both wasm builds
//! (with `RUSTFLAGS="-C target-feature=+simd128"` the moves run the SIMD code of
//! `games::othello::simd128`, without it the scalar code): legal moves and flips against walking
//! each direction square by square on random boards (`othello_walk`, shared with the native
//! `othello_rules`), with SIMD two positions' moves at once (`moves_pair`) against one at a time, and perft
//! 1 to 8 from the start.
#![cfg(target_arch = "wasm32")]

mod othello_walk;

use othello_walk::flips_by_walking;
use searchlab::games::othello::board::{flips, moves};
use searchlab::games::othello::perft::perft;
use searchlab::games::othello::Board;
use searchlab::rng::Rng;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn moves_and_flips_agree_with_walking_on_random_boards() {
    let mut rng = Rng::new(23);
    for round in 0..3000 {
        // Sparse, half-full and nearly full boards.
        let occupied = match round % 3 {
            0 => rng.next_u64() & rng.next_u64(),
            1 => rng.next_u64(),
            _ => rng.next_u64() | rng.next_u64() | rng.next_u64(),
        };
        let player = occupied & rng.next_u64();
        let opponent = occupied & !player;
        let mut expected_moves = 0;
        for square in 0..64 {
            if occupied & (1 << square) != 0 {
                continue;
            }
            let walked = flips_by_walking(player, opponent, square);
            assert_eq!(
                flips(player, opponent, square),
                walked,
                "{player:#x} {opponent:#x} square {square}"
            );
            if walked != 0 {
                expected_moves |= 1 << square;
            }
        }
        assert_eq!(
            moves(player, opponent),
            expected_moves,
            "{player:#x} {opponent:#x}"
        );
    }
}

#[cfg(target_feature = "simd128")]
#[wasm_bindgen_test]
fn moves_of_two_positions_at_once_agree_with_one_at_a_time() {
    use searchlab::games::othello::board::moves_pair;

    let mut rng = Rng::new(2023);
    for _ in 0..3000 {
        let occupied = [
            rng.next_u64() | rng.next_u64(),
            rng.next_u64() & rng.next_u64(),
        ];
        let players = occupied.map(|o| o & rng.next_u64());
        let opponents = [occupied[0] & !players[0], occupied[1] & !players[1]];
        assert_eq!(
            moves_pair(players, opponents),
            [
                moves(players[0], opponents[0]),
                moves(players[1], opponents[1])
            ],
            "{players:#x?} {opponents:#x?}"
        );
    }
}

#[wasm_bindgen_test]
fn perft_from_the_start_counts_the_known_leaves() {
    let known = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216];
    for (depth, leaves) in (1..).zip(known) {
        assert_eq!(perft(Board::start(), depth), leaves, "depth {depth}");
    }
}
