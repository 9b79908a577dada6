//! Flips with BMI2, for native x86-64 builds that have it (x86-64-v3): each of the four lines
//! through the square (rank, file and the two diagonals) is gathered into one byte with `pext`,
//! two small tables give the discs that close a run of opponent discs from the square and then
//! the run itself, and `pdep` puts the run back on the board. No loop and no branch, where the
//! ray code (`board::ray_flips`) scans eight rays. The same results (a test compares them).

use core::arch::x86_64::{_pdep_u64, _pext_u64};

/// All squares of file a.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// `OUTFLANKS[position][opponent line]`: the squares of a line of eight that would close a run
/// of opponent discs starting next to `position` (a run of at least one disc, each way).
static OUTFLANKS: [[u8; 256]; 8] = outflanks();

/// `RUNS[position][closing squares]`: the squares strictly between `position` and each
/// closing square, on a line of eight.
static RUNS: [[u8; 256]; 8] = runs();

/// Per square, its two diagonals (a1-h8, then h1-a8) as masks and the square's place among the
/// mask's squares (counted from the lowest bit).
static DIAGONAL_LINES: [[(u64, u32); 2]; 64] = diagonal_lines();

const fn outflanks() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut position = 0;
    while position < 8 {
        let mut opponent = 0;
        while opponent < 256 {
            let mut closing = 0u32;
            let mut up = position + 1;
            while up < 8 && opponent & (1 << up) != 0 {
                up += 1;
            }
            if up < 8 && up > position + 1 {
                closing |= 1 << up;
            }
            let mut down = position as i32 - 1;
            while down >= 0 && opponent & (1 << down) != 0 {
                down -= 1;
            }
            if down >= 0 && down < position as i32 - 1 {
                closing |= 1 << down;
            }
            table[position][opponent] = closing as u8;
            opponent += 1;
        }
        position += 1;
    }
    table
}

const fn runs() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut position = 0;
    while position < 8 {
        let mut closing = 0;
        while closing < 256 {
            let mut run = 0u32;
            let mut square = 0;
            while square < 8 {
                if closing & (1 << square) != 0 {
                    let (low, high) = if square < position {
                        (square + 1, position)
                    } else {
                        (position + 1, square)
                    };
                    let mut between = low;
                    while between < high {
                        run |= 1 << between;
                        between += 1;
                    }
                }
                square += 1;
            }
            table[position][closing] = run as u8;
            closing += 1;
        }
        position += 1;
    }
    table
}

const fn diagonal_lines() -> [[(u64, u32); 2]; 64] {
    let mut table = [[(0u64, 0u32); 2]; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (f, r) = ((other % 8) as i32, (other / 8) as i32);
            if f - r == file - rank {
                table[square][0].0 |= 1 << other;
                if other < square {
                    table[square][0].1 += 1;
                }
            }
            if f + r == file + rank {
                table[square][1].0 |= 1 << other;
                if other < square {
                    table[square][1].1 += 1;
                }
            }
            other += 1;
        }
        square += 1;
    }
    table
}

/// The bits of `bits` under `mask`, packed into the low bits (`pext`).
#[inline(always)]
fn gather(bits: u64, mask: u64) -> u64 {
    // SAFETY: this module is compiled only when the build enables BMI2 for the whole program
    // (`target_feature = "bmi2"`), so the instruction exists wherever the program runs (the
    // command line checks the processor at start-up).
    unsafe { _pext_u64(bits, mask) }
}

/// The low bits of `bits` spread onto the squares of `mask`, lowest first (`pdep`).
#[inline(always)]
fn scatter(bits: u64, mask: u64) -> u64 {
    // SAFETY: as in `gather`.
    unsafe { _pdep_u64(bits, mask) }
}

/// The discs flipped along one line: `mask` holds the line's squares, `position` the square's
/// place among them.
#[inline(always)]
fn line_flips(player: u64, opponent: u64, mask: u64, position: u32) -> u64 {
    let position = position as usize & 7;
    let opponent_line = gather(opponent, mask) as usize & 0xFF;
    let closing = OUTFLANKS[position][opponent_line] as u64 & gather(player, mask);
    scatter(RUNS[position][closing as usize & 0xFF] as u64, mask)
}

/// `board::flips`: the discs `player` flips by playing `square` (0..64); 0 if none.
#[inline]
pub(super) fn flips(player: u64, opponent: u64, square: u32) -> u64 {
    let square = square & 63;
    let (file, rank) = (square % 8, square / 8);
    let row_shift = 8 * rank;
    let opponent_row = (opponent >> row_shift) as usize & 0xFF;
    let closing_row = OUTFLANKS[file as usize][opponent_row] as u64 & (player >> row_shift);
    let row = (RUNS[file as usize][closing_row as usize & 0xFF] as u64) << row_shift;
    let [(up, up_position), (down, down_position)] = DIAGONAL_LINES[square as usize];
    row | line_flips(player, opponent, FILE_A << file, rank)
        | line_flips(player, opponent, up, up_position)
        | line_flips(player, opponent, down, down_position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_flips_match_ray_flips() {
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..200_000 {
            let occupied = !(rng.next_u64() & rng.next_u64());
            let player = occupied & rng.next_u64();
            let opponent = occupied & !player;
            let square = rng.below(64) as u32;
            if occupied & (1 << square) != 0 {
                continue;
            }
            assert_eq!(
                flips(player, opponent, square),
                super::super::ray_flips::flips(player, opponent, square),
                "{player:#x} {opponent:#x} {square}"
            );
        }
    }
}
