//! Move ordering for the endgame solver, best first: the table's move, then a move that wipes
//! the opponent out, then by the number of empties:
//! - [`SHALLOW_ORDER_EMPTIES`] and more: the midgame evaluation ([`board_eval_with_moves`]) of the child,
//!   then a shallow alpha-beta with it one ply deeper every [`SHALLOW_DEPTH_STEP`] empties,
//!   less [`REPLY_WEIGHT`] per opponent reply (corners twice): the evaluation counts
//!   mobility too, but fewer replies also means a smaller subtree to search;
//! - [`TT_EMPTIES`] and more: fastest-first (fewest opponent replies, corners counted twice),
//!   then corner stability, potential mobility and, below 12 empties, quadrant parity;
//! - fewer: quadrant parity alone ([`odd_quadrants`], which the parity and last-four searches
//!   also use).

use super::{Solver, INFINITY_EVAL, SHALLOW_ORDER_EMPTIES, TT_EMPTIES};
use crate::games::othello::board::{flips, moves, neighbours, Board};
use crate::games::othello::eval::board_eval_with_moves;

/// Plies of the ordering search: one more every this many empties above the threshold.
const SHALLOW_DEPTH_STEP: u32 = 3;
/// Ordering penalty per opponent reply (corners twice), in the evaluation's hundredths of a
/// disc (measured with the evaluation ordering from 12 empties: on FFO #45, 0 searched 12 % more
/// nodes than 200, 400 5 % fewer; on #48, 300 searched 6 % more).
const REPLY_WEIGHT: i32 = 200;

/// A generated move with its flips and ordering score.
#[derive(Clone, Copy, Default)]
pub(super) struct Candidate {
    /// Where the move plays.
    pub(super) square: u32,
    /// The discs it flips.
    pub(super) flipped: u64,
    /// Higher is searched first.
    score: i32,
}

impl Solver {
    /// Generates the moves of a PV node, best first (table move, then fastest-first).
    pub(super) fn order(
        &mut self,
        player: u64,
        opponent: u64,
        legal: u64,
        empties: u32,
        list: &mut [Candidate; 32],
    ) -> usize {
        let hint = self
            .table
            .probe(player, opponent)
            .map_or(64, |entry| u32::from(entry.best));
        self.order_with_hint(player, opponent, legal, empties, hint, list)
    }

    /// Generates and sorts the moves, best first, by the tiered ordering described in the
    /// module documentation (`hint` is the table's move, 64 for none). Returns the count.
    pub(super) fn order_with_hint(
        &mut self,
        player: u64,
        opponent: u64,
        legal: u64,
        empties: u32,
        hint: u32,
        list: &mut [Candidate; 32],
    ) -> usize {
        let mut count = 0;
        let mut remaining = legal;
        while remaining != 0 {
            let square = remaining.trailing_zeros();
            remaining &= remaining - 1;
            let flipped = flips(player, opponent, square);
            if empties > TT_EMPTIES {
                // The child's bucket is probed soon (by the enhanced transposition cutoffs or
                // the child's own search): the loads overlap each other and the ordering below.
                self.table
                    .prefetch(opponent ^ flipped, player ^ flipped ^ (1 << square));
            }
            list[count] = Candidate {
                square,
                flipped,
                score: 0,
            };
            count += 1;
        }
        let odd = odd_quadrants(!(player | opponent));
        let mut evaluated = 0;
        for candidate in &mut list[..count] {
            let (square, flipped) = (candidate.square, candidate.flipped);
            let next_player = opponent ^ flipped;
            let next_opponent = player ^ flipped ^ (1 << square);
            candidate.score = if square == hint {
                1 << 24
            } else if next_player == 0 {
                1 << 23
            } else if empties >= SHALLOW_ORDER_EMPTIES {
                let depth = (empties - SHALLOW_ORDER_EMPTIES) / SHALLOW_DEPTH_STEP;
                let replies = moves(next_player, next_opponent);
                -shallow_value(
                    next_player,
                    next_opponent,
                    replies,
                    depth,
                    -INFINITY_EVAL,
                    INFINITY_EVAL,
                    &mut evaluated,
                ) - REPLY_WEIGHT * weighted_mobility(replies)
            } else if empties >= TT_EMPTIES {
                let replies = moves(next_player, next_opponent);
                let mut score = (36 - weighted_mobility(replies)) << 15;
                score += corner_stability(next_opponent) << 11;
                score += (36 - potential_mobility(next_player, next_opponent)) << 5;
                if empties < 12 && odd & (1 << square) != 0 {
                    score += 1 << 3;
                }
                score
            } else {
                (odd & (1 << square) != 0) as i32
            };
        }
        self.nodes += evaluated;
        // Insertion sort, best first: lists are short.
        for i in 1..count {
            let item = list[i];
            let mut j = i;
            while j > 0 && list[j - 1].score < item.score {
                list[j] = list[j - 1];
                j -= 1;
            }
            list[j] = item;
        }
        count
    }
}

const CORNERS: u64 = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63);

/// Moves counted with corners twice.
#[inline]
fn weighted_mobility(moves: u64) -> i32 {
    (moves.count_ones() + (moves & CORNERS).count_ones()) as i32
}

/// Empty squares next to the opponent's discs: where the player may later find moves.
#[inline]
fn potential_mobility(player: u64, opponent: u64) -> i32 {
    (neighbours(opponent) & !(player | opponent)).count_ones() as i32
}

/// Corners held, plus the edge squares next to a held corner (a cheap stability count).
#[inline]
fn corner_stability(discs: u64) -> i32 {
    let next_to_corners = ((0x0100_0000_0000_0001 & discs) << 1)
        | ((0x8000_0000_0000_0080 & discs) >> 1)
        | ((0x0000_0000_0000_0081 & discs) << 8)
        | ((0x8100_0000_0000_0000 & discs) >> 8);
    ((next_to_corners | CORNERS) & discs).count_ones() as i32
}

/// A small fail-soft alpha-beta with the midgame evaluation, used only to order moves; `legal`
/// holds the moves of the player to move. Adds the positions it visits (each evaluated leaf
/// included) to `nodes`, as Edax counts its ordering searches.
fn shallow_value(
    player: u64,
    opponent: u64,
    mut legal: u64,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    let board = Board { player, opponent };
    if depth == 0 {
        return board_eval_with_moves(board, legal);
    }
    if legal == 0 {
        let replies = moves(opponent, player);
        if replies == 0 {
            return board_eval_with_moves(board, legal);
        }
        return -shallow_value(opponent, player, replies, depth - 1, -beta, -alpha, nodes);
    }
    let mut best = -INFINITY_EVAL;
    while legal != 0 {
        let square = legal.trailing_zeros();
        legal &= legal - 1;
        let next = board.play(square);
        let replies = moves(next.player, next.opponent);
        let value = -shallow_value(
            next.player,
            next.opponent,
            replies,
            depth - 1,
            -beta,
            -alpha,
            nodes,
        );
        if value > best {
            best = value;
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The squares of every quadrant that holds an odd number of empty squares.
#[inline]
pub(super) fn odd_quadrants(empty: u64) -> u64 {
    // Fold the four ranks of each half onto one rank, then the four files of each quadrant
    // onto one file: bit 0 / 4 of each half then holds the parity of its left / right quadrant.
    let mut halves = empty ^ (empty >> 16);
    halves ^= halves >> 8;
    halves ^= halves >> 2;
    halves ^= halves >> 1;
    let parity = halves & 0x0000_0011_0000_0011;
    // Spread each parity bit over its quadrant: 4 files, then 4 ranks.
    let files = parity * 0x0F;
    (files & 0x0000_00FF_0000_00FF) * 0x0101_0101
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_quadrants_matches_counting() {
        let quadrants = [
            0x0000_0000_0F0F_0F0Fu64,
            0x0000_0000_F0F0_F0F0,
            0x0F0F_0F0F_0000_0000,
            0xF0F0_F0F0_0000_0000,
        ];
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2000 {
            let empty = rng.next_u64() & rng.next_u64();
            let expected = quadrants
                .iter()
                .filter(|&&q| (empty & q).count_ones() % 2 == 1)
                .fold(0, |odd, &q| odd | q);
            assert_eq!(odd_quadrants(empty), expected, "{empty:#x}");
        }
    }
}
