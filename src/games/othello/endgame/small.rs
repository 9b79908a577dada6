//! The endgame solver's last four empties: no move generation, loops over the empty squares
//! (odd quadrants first, skipping squares with no opponent neighbour), a dedicated search of the
//! last two squares, and the last square scored by [`last_square`].

use super::last_square::last_square;
use super::ordering::odd_quadrants;
use super::search::stability_cutoff;
use super::{Solver, INFINITY};
use crate::games::othello::board::{final_score, flips};

impl Solver {
    /// Null-window search over the last four (or fewer, `empties`) empty squares, odd
    /// quadrants first.
    pub(super) fn nws_small(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        empties: u32,
    ) -> i32 {
        let empty = !(player | opponent);
        if let Some(bound) = stability_cutoff(player, opponent, alpha, empties) {
            self.nodes += 1;
            return bound;
        }
        let odd = odd_quadrants(empty);
        let mut squares = Squares::default();
        for part in [empty & odd, empty & !odd] {
            let mut remaining = part;
            while remaining != 0 {
                squares = squares.with(remaining.trailing_zeros());
                remaining &= remaining - 1;
            }
        }
        self.small(player, opponent, alpha, squares, false)
    }

    /// Null-window search over the given empty squares (at most four), in their order.
    fn small(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        squares: Squares,
        passed: bool,
    ) -> i32 {
        if squares.count == 2 {
            return self.solve_2(player, opponent, alpha, squares.get(0), squares.get(1));
        }
        self.nodes += 1;
        if squares.count == 1 {
            return last_square(player, squares.get(0));
        }
        let mut best = -INFINITY;
        for index in 0..squares.count {
            let square = squares.get(index);
            let flipped = flips_near(player, opponent, square);
            if flipped == 0 {
                continue;
            }
            let next_player = opponent ^ flipped;
            let next_opponent = player ^ flipped ^ (1 << square);
            let score = -self.small(
                next_player,
                next_opponent,
                -alpha - 1,
                squares.without(index),
                false,
            );
            if score > best {
                best = score;
                if score > alpha {
                    return best;
                }
            }
        }
        if best == -INFINITY {
            if passed {
                return final_score(player, opponent);
            }
            return -self.small(opponent, player, -alpha - 1, squares, true);
        }
        best
    }

    /// The last two empty squares: each move leaves one square, scored by [`last_square`].
    /// Counts itself and each one-empty position it scores as nodes (as Edax counts them).
    fn solve_2(&mut self, player: u64, opponent: u64, alpha: i32, first: u32, second: u32) -> i32 {
        let (score, leaves) = solve_2(player, opponent, alpha, first, second);
        self.nodes += 1 + leaves;
        score
    }
}

/// Up to four squares in search order, one byte each (the first in the low byte): removing one
/// keeps the others' order without a loop or a branch.
#[derive(Clone, Copy, Default)]
struct Squares {
    packed: u32,
    count: u32,
}

impl Squares {
    /// These squares and then `square`.
    #[inline(always)]
    fn with(self, square: u32) -> Squares {
        Squares {
            packed: self.packed | square << (8 * self.count),
            count: self.count + 1,
        }
    }

    /// The square at `index`.
    #[inline(always)]
    fn get(self, index: u32) -> u32 {
        (self.packed >> (8 * index)) & 0xFF
    }

    /// These squares but the one at `index`, the others in the same order.
    #[inline(always)]
    fn without(self, index: u32) -> Squares {
        let below = (1u32 << (8 * index)) - 1;
        Squares {
            packed: (self.packed & below) | ((self.packed >> 8) & !below),
            count: self.count - 1,
        }
    }
}

/// [`Solver::solve_2`]'s search: the score and how many one-empty positions it scored.
#[inline]
fn solve_2(player: u64, opponent: u64, alpha: i32, first: u32, second: u32) -> (i32, u64) {
    let flipped = flips_near(player, opponent, first);
    if flipped != 0 {
        let best = -last_square(opponent ^ flipped, second);
        if best > alpha {
            return (best, 1);
        }
        let flipped = flips_near(player, opponent, second);
        if flipped != 0 {
            return (best.max(-last_square(opponent ^ flipped, first)), 2);
        }
        return (best, 1);
    }
    let flipped = flips_near(player, opponent, second);
    if flipped != 0 {
        return (-last_square(opponent ^ flipped, first), 1);
    }
    // The player passes: the opponent's best reply is the player's worst result.
    let flipped = flips_near(opponent, player, first);
    if flipped != 0 {
        let worst = last_square(player ^ flipped, second);
        if worst <= alpha {
            return (worst, 1);
        }
        let flipped = flips_near(opponent, player, second);
        if flipped != 0 {
            return (worst.min(last_square(player ^ flipped, first)), 2);
        }
        return (worst, 1);
    }
    let flipped = flips_near(opponent, player, second);
    if flipped != 0 {
        return (last_square(player ^ flipped, first), 1);
    }
    (final_score(player, opponent), 0)
}

/// [`flips`], skipping the work when no opponent disc touches `square`.
#[inline]
pub(super) fn flips_near(player: u64, opponent: u64, square: u32) -> u64 {
    if NEIGHBOURS[square as usize & 63] & opponent == 0 {
        0
    } else {
        flips(player, opponent, square)
    }
}

/// `NEIGHBOURS[square]`: the up to eight squares around `square`. A move must flip one of them.
static NEIGHBOURS: [u64; 64] = neighbour_table();

const fn neighbour_table() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let mut around = 0u64;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (f, r) = (file + df, rank + dr);
                if (df != 0 || dr != 0) && f >= 0 && f < 8 && r >= 0 && r < 8 {
                    around |= 1 << (r * 8 + f);
                }
                dr += 1;
            }
            df += 1;
        }
        table[square] = around;
        square += 1;
    }
    table
}
