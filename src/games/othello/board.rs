//! Othello bitboards: the discs of the player to move and of the opponent as two `u64`s.
//!
//! Square `i` is file `i % 8` (a..h) and rank `i / 8 + 1`, so bit 0 is a1, bit 7 is h1 and bit 63
//! is h8 (the layout of the FFO strings). Legal moves come from the classic parallel-prefix
//! directional shifts (as in Edax's `get_moves`; with wasm SIMD two directions at once,
//! `simd128`); flips from the four lines through the square, each gathered into a byte and looked
//! up in two small tables (`line_flips`), with no loop over discs or rays.

/// All squares of file a.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// All squares of file h.
const FILE_H: u64 = 0x8080_8080_8080_8080;
/// Squares off files a and h: horizontal and diagonal runs of flipped discs stay inside them.
const INNER_FILES: u64 = !(FILE_A | FILE_H);

/// A position as seen by the player to move: `player` and `opponent` never overlap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Discs of the player to move.
    pub player: u64,
    /// Discs of the other player.
    pub opponent: u64,
}

impl Board {
    /// The standard start position, from the view of Black (to move): d5 and e4 are Black's,
    /// d4 and e5 White's.
    pub const fn start() -> Board {
        Board {
            player: (1 << 35) | (1 << 28),
            opponent: (1 << 27) | (1 << 36),
        }
    }

    /// The legal moves of the player to move, one bit per square.
    #[inline]
    pub fn moves(&self) -> u64 {
        moves(self.player, self.opponent)
    }

    /// Whether the opponent would have a move if the player passed.
    #[inline]
    pub fn opponent_can_move(&self) -> bool {
        moves(self.opponent, self.player) != 0
    }

    /// The discs that playing `square` (0..64) would flip; 0 if the move is illegal.
    #[inline]
    pub fn flips(&self, square: u32) -> u64 {
        flips(self.player, self.opponent, square)
    }

    /// The position after the player to move plays `square` flipping `flipped`, seen from the
    /// new player to move (the old opponent).
    #[inline]
    pub fn play_flips(&self, square: u32, flipped: u64) -> Board {
        Board {
            player: self.opponent ^ flipped,
            opponent: self.player ^ flipped ^ (1 << square),
        }
    }

    /// The position after the player to move plays `square`. An illegal square (no flips)
    /// still places a disc; callers check legality with [`Board::moves`] first.
    #[inline]
    pub fn play(&self, square: u32) -> Board {
        self.play_flips(square, self.flips(square))
    }

    /// The position after the player to move passes.
    #[inline]
    pub fn pass(&self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// Empty squares, one bit each.
    #[inline]
    pub fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// Number of empty squares.
    #[inline]
    pub fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    /// Whether neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.moves() == 0 && !self.opponent_can_move()
    }

    /// The final disc difference for the player to move, empty squares going to the winner
    /// (WOF rules, as in the FFO data). Meaningful once the game is over.
    #[inline]
    pub fn final_score(&self) -> i32 {
        final_score(self.player, self.opponent)
    }
}

/// Disc difference `player - opponent` with the empty squares given to the winner.
#[inline]
pub fn final_score(player: u64, opponent: u64) -> i32 {
    let mine = player.count_ones() as i32;
    let theirs = opponent.count_ones() as i32;
    let empties = 64 - mine - theirs;
    let difference = mine - theirs;
    match difference.signum() {
        1 => difference + empties,
        -1 => difference - empties,
        _ => 0,
    }
}

/// Moves along one axis in both senses: squares reached by a run of `mask` discs that starts
/// next to a `player` disc (parallel prefix, four steps cover runs of up to six discs).
#[inline(always)]
pub(super) fn axis_moves(player: u64, mask: u64, shift: u32) -> u64 {
    let shift2 = shift + shift;
    let mut left = mask & (player << shift);
    let mut right = mask & (player >> shift);
    left |= mask & (left << shift);
    right |= mask & (right >> shift);
    let mask_left = mask & (mask << shift);
    let mask_right = mask & (mask >> shift);
    left |= mask_left & (left << shift2);
    right |= mask_right & (right >> shift2);
    left |= mask_left & (left << shift2);
    right |= mask_right & (right >> shift2);
    (left << shift) | (right >> shift)
}

/// The legal moves of `player` against `opponent`, one bit per square. One axis at a time
/// (every build but wasm's with SIMD).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
pub fn moves(player: u64, opponent: u64) -> u64 {
    let inner = opponent & INNER_FILES;
    (axis_moves(player, inner, 1)
        | axis_moves(player, opponent, 8)
        | axis_moves(player, inner, 7)
        | axis_moves(player, inner, 9))
        & !(player | opponent)
}

/// The legal moves of `player` against `opponent`, one bit per square: wasm with SIMD
/// (`simd128::moves`).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
pub fn moves(player: u64, opponent: u64) -> u64 {
    super::simd128::moves(player, opponent, INNER_FILES)
}

/// [`moves`] of two positions, `(players[i], opponents[i])`, one per SIMD lane
/// (`simd128::moves_pair`): wasm with SIMD only (elsewhere two calls of [`moves`] are as fast).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
pub fn moves_pair(players: [u64; 2], opponents: [u64; 2]) -> [u64; 2] {
    super::simd128::moves_pair(players, opponents, INNER_FILES)
}

/// The discs `player` flips by playing `square` (0..64); 0 if none (an illegal move): line by
/// line (`line_flips::flips`), in every build but x86-64's with BMI2.
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[inline]
pub fn flips(player: u64, opponent: u64, square: u32) -> u64 {
    super::line_flips::flips(player, opponent, square)
}

/// The discs `player` flips by playing `square` (0..64); 0 if none (an illegal move): line by
/// line with BMI2 (`line_flips::flips_bmi2`).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline]
pub fn flips(player: u64, opponent: u64, square: u32) -> u64 {
    super::line_flips::flips_bmi2(player, opponent, square)
}

/// The squares next to at least one disc of `discs`, in any of the eight directions.
#[inline]
pub fn neighbours(discs: u64) -> u64 {
    let east_west = ((discs << 1) & !FILE_A) | ((discs >> 1) & !FILE_H);
    let with_sides = discs | east_west;
    east_west | (with_sides << 8) | (with_sides >> 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_four_moves() {
        let board = Board::start();
        // d3, c4, f5, e6 for Black.
        let expected = (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44);
        assert_eq!(board.moves(), expected);
        assert_eq!(board.flips(37), 1 << 36);
    }

    #[test]
    fn final_score_gives_empties_to_the_winner() {
        assert_eq!(final_score(0b111, 0b1000), 3 - 1 + 60);
        assert_eq!(final_score(0b1, 0b110), -(2 - 1 + 61));
        assert_eq!(final_score(0b1, 0b10), 0);
    }
}
