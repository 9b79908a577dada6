//! The obvious reference for Othello's bitboard flips, shared by the native and the wasm tests of
//! `games::othello::board` (`othello_rules`, `wasm_othello_bitboards`): walk each direction square
//! by square.

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

/// The discs of `opponent` that `player` flips by playing on `square` (0 when it is occupied),
/// found by walking each direction square by square.
pub fn flips_by_walking(player: u64, opponent: u64, square: u32) -> u64 {
    if (player | opponent) & (1 << square) != 0 {
        return 0;
    }
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
