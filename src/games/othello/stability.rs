//! Stable discs: discs that can never be flipped again, for the evaluation's stability term and
//! the endgame solver's stability cutoff.
//!
//! A disc is counted stable when, along each of the four axes, its line is full, or it touches
//! the board's edge, or it touches a stable disc of its own colour: the least set closed under
//! that rule (sound, not complete). An edge disc can be flipped only along its edge (every other
//! axis leaves the board next to it), so the edges are settled first, each from one byte: the
//! runs of the player's discs from its corners, or all of them when the edge is full. Then only
//! the 36 inner squares grow, and their shifts need no masks against wrapping: a neighbour that
//! wraps to the other side of the board lands on file a or h, never on an inner square.

use super::line_flips::{column_byte, file_a_from_byte};

/// All squares of file a.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Files a and h.
const FILES_A_H: u64 = FILE_A | FILE_A << 7;
/// Ranks 1 and 8.
const RANKS_1_8: u64 = 0xFF00_0000_0000_00FF;
/// The 36 squares off the edges.
const INNER: u64 = 0x007E_7E7E_7E7E_7E00;

/// The 15 diagonals running a1-h8 and the 15 running h1-a8, each as a mask.
static DIAGONALS: [u64; 30] = diagonals();

const fn diagonals() -> [u64; 30] {
    let mut table = [0u64; 30];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = (square % 8, square / 8);
        table[file + 7 - rank] |= 1 << square;
        table[15 + file + rank] |= 1 << square;
        square += 1;
    }
    table
}

/// `CORNER_RUNS[line]`: the discs of an edge's byte `line` that are joined to a corner (bit 0
/// or bit 7) by discs of `line`: the run from each end.
static CORNER_RUNS: [u8; 256] = corner_runs();

const fn corner_runs() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut line = 0;
    while line < 256 {
        let from_low = line & !(line + 1);
        let reversed = (line as u8).reverse_bits() as usize;
        let from_high = ((reversed & !(reversed + 1)) as u8).reverse_bits() as usize;
        table[line] = (from_low | from_high) as u8;
        line += 1;
    }
    table
}

/// Squares whose line is completely filled, along each axis: (horizontal, vertical,
/// a1-h8 diagonal, h1-a8 diagonal). No disc can ever be placed on such a line.
#[inline]
fn full_lines(occupied: u64) -> [u64; 4] {
    let mut rows = occupied;
    rows &= rows >> 1;
    rows &= rows >> 2;
    rows &= rows >> 4;
    let horizontal = (rows & FILE_A) * 0xFF;
    let mut columns = occupied;
    columns &= columns.rotate_right(8);
    columns &= columns.rotate_right(16);
    columns &= columns.rotate_right(32);
    let mut diagonal_up = 0;
    let mut diagonal_down = 0;
    for (index, &mask) in DIAGONALS.iter().enumerate() {
        if occupied & mask == mask {
            if index < 15 {
                diagonal_up |= mask;
            } else {
                diagonal_down |= mask;
            }
        }
    }
    [horizontal, columns, diagonal_up, diagonal_down]
}

/// The stable discs of `player` (see the module's rule).
#[inline]
pub fn stable_discs(player: u64, opponent: u64) -> u64 {
    grow_stable(player, full_lines(player | opponent))
}

/// [`stable_discs`] of both sides, `[player's, opponent's]`, finding the full lines once.
#[inline]
pub fn stable_discs_of_both(player: u64, opponent: u64) -> [u64; 2] {
    let full = full_lines(player | opponent);
    [grow_stable(player, full), grow_stable(opponent, full)]
}

/// The stable discs on the four edges: runs from the corners, or every disc of a full edge.
#[inline(always)]
fn stable_edges(discs: u64, horizontal: u64, vertical: u64) -> u64 {
    let rank_1 = CORNER_RUNS[discs as usize & 0xFF] as u64;
    let rank_8 = (CORNER_RUNS[(discs >> 56) as usize] as u64) << 56;
    let file_a = file_a_from_byte(CORNER_RUNS[column_byte(discs, 0)] as usize);
    let file_h = file_a_from_byte(CORNER_RUNS[column_byte(discs, 7)] as usize) << 7;
    let full_edges = (horizontal & RANKS_1_8) | (vertical & FILES_A_H);
    rank_1 | rank_8 | file_a | file_h | (discs & full_edges)
}

/// The stable discs of `discs`, given the board's [`full_lines`]: the edges, then the inner
/// squares grown to a fixed point.
#[inline(always)]
fn grow_stable(discs: u64, full: [u64; 4]) -> u64 {
    let [horizontal, vertical, diagonal_up, diagonal_down] = full;
    let inner = discs & INNER;
    let mut stable = stable_edges(discs, horizontal, vertical)
        | (inner & horizontal & vertical & diagonal_up & diagonal_down);
    loop {
        let east_west = horizontal | (stable << 1) | (stable >> 1);
        let north_south = vertical | (stable << 8) | (stable >> 8);
        let up = diagonal_up | (stable << 9) | (stable >> 9);
        let down = diagonal_down | (stable << 7) | (stable >> 7);
        let grown = stable | (inner & east_west & north_south & up & down);
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `full_lines` by walking each square's four lines.
    fn full_lines_by_walking(occupied: u64) -> [u64; 4] {
        let axes = [(1, 0), (0, 1), (1, 1), (-1, 1)];
        let mut full = [0u64; 4];
        for square in 0..64i32 {
            for (axis, &(df, dr)) in axes.iter().enumerate() {
                let filled = [1, -1].iter().all(|&sign| {
                    let (mut file, mut rank) = (square % 8, square / 8);
                    while (0..8).contains(&file) && (0..8).contains(&rank) {
                        if occupied & (1 << (rank * 8 + file)) == 0 {
                            return false;
                        }
                        file += sign * df;
                        rank += sign * dr;
                    }
                    true
                });
                if filled {
                    full[axis] |= 1 << square;
                }
            }
        }
        full
    }

    /// Occupied squares for the tests' boards: mostly full (endgames, so that many lines are
    /// full), and every third board a random one with full edges (so that long chains form).
    fn endgame_like(rng: &mut crate::rng::Rng, round: u32) -> u64 {
        match round % 3 {
            0 => !(rng.next_u64() & rng.next_u64() & rng.next_u64()),
            1 => !(rng.next_u64() & rng.next_u64() & rng.next_u64() & rng.next_u64()),
            _ => rng.next_u64() | RANKS_1_8 | FILES_A_H,
        }
    }

    #[test]
    fn full_lines_match_walking_the_lines() {
        let mut rng = crate::rng::Rng::new(3);
        for round in 0..20_000 {
            let occupied = endgame_like(&mut rng, round);
            assert_eq!(
                full_lines(occupied),
                full_lines_by_walking(occupied),
                "{occupied:#x}"
            );
        }
        assert_eq!(full_lines(u64::MAX), [u64::MAX; 4]);
        assert_eq!(full_lines(0), [0; 4]);
    }

    /// The module's rule applied square by square until nothing changes, from no stable disc.
    fn stable_by_the_rule(discs: u64, occupied: u64) -> u64 {
        let full = full_lines_by_walking(occupied);
        let axes = [(1, 0), (0, 1), (1, 1), (-1, 1)];
        let on_board = |file: i32, rank: i32| (0..8).contains(&file) && (0..8).contains(&rank);
        let mut stable = 0u64;
        loop {
            let mut grown = stable;
            for square in 0..64i32 {
                if discs & (1 << square) == 0 {
                    continue;
                }
                let (file, rank) = (square % 8, square / 8);
                let holds = axes.iter().enumerate().all(|(axis, &(df, dr))| {
                    full[axis] & (1 << square) != 0
                        || [1, -1].iter().any(|&sign| {
                            let (f, r) = (file + sign * df, rank + sign * dr);
                            !on_board(f, r) || stable & (1 << (r * 8 + f)) != 0
                        })
                });
                if holds {
                    grown |= 1 << square;
                }
            }
            if grown == stable {
                return stable;
            }
            stable = grown;
        }
    }

    #[test]
    fn stable_discs_follow_the_rule() {
        let mut rng = crate::rng::Rng::new(17);
        for round in 0..20_000 {
            let occupied = endgame_like(&mut rng, round);
            let player = occupied & (rng.next_u64() | rng.next_u64());
            let opponent = occupied & !player;
            let expected = [
                stable_by_the_rule(player, occupied),
                stable_by_the_rule(opponent, occupied),
            ];
            assert_eq!(
                stable_discs(player, opponent),
                expected[0],
                "{player:#x} {opponent:#x}"
            );
            assert_eq!(
                stable_discs_of_both(player, opponent),
                expected,
                "{player:#x} {opponent:#x}"
            );
        }
    }

    #[test]
    fn corner_runs_are_the_runs_from_each_end() {
        assert_eq!(CORNER_RUNS[0b0000_0000], 0);
        assert_eq!(CORNER_RUNS[0b1111_1111], 0b1111_1111);
        assert_eq!(CORNER_RUNS[0b0110_0110], 0);
        assert_eq!(CORNER_RUNS[0b1100_1011], 0b1100_0011);
        assert_eq!(CORNER_RUNS[0b0111_1110], 0);
        assert_eq!(CORNER_RUNS[0b1000_0001], 0b1000_0001);
    }
}
