//! Othello's move generation and flips in wasm, run by `wasm-pack test --node` on both wasm builds
//! (with `RUSTFLAGS="-C target-feature=+simd128"` they run the SIMD code of
//! `games::othello::simd128`, without it the scalar code): legal moves and flips against walking
//! each direction square by square on random boards, and perft 1 to 8 from the start.
#![cfg(target_arch = "wasm32")]

use searchlab::games::othello::board::{flips, moves};
use searchlab::games::othello::perft::perft;
use searchlab::games::othello::Board;
use searchlab::rng::Rng;
use wasm_bindgen_test::wasm_bindgen_test;

/// The eight directions as (file step, rank step).
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Flips by walking each direction square by square: the obvious reference.
fn flips_by_walking(player: u64, opponent: u64, square: u32) -> u64 {
    let mut flipped = 0;
    for (df, dr) in DIRECTIONS {
        let (mut file, mut rank) = ((square % 8) as i32 + df, (square / 8) as i32 + dr);
        let mut run = 0u64;
        while (0..8).contains(&file) && (0..8).contains(&rank) {
            let bit = 1u64 << (rank * 8 + file);
            if opponent & bit != 0 {
                run |= bit;
            } else {
                if player & bit != 0 {
                    flipped |= run;
                }
                break;
            }
            file += df;
            rank += dr;
        }
    }
    flipped
}

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

#[wasm_bindgen_test]
fn perft_from_the_start_counts_the_known_leaves() {
    let known = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216];
    for (depth, leaves) in (1..).zip(known) {
        assert_eq!(perft(Board::start(), depth), leaves, "depth {depth}");
    }
}
