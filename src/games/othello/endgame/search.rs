//! The endgame solver's searches, in tiers by the number of empty squares: the
//! principal-variation search on PV nodes (full window, collecting the PV), and the null-window
//! search everywhere else, which dispatches to the table tier (transposition table, stability
//! cutoff, enhanced transposition cutoffs, [`super::ordering`]), the parity tier (no table, no
//! move generation: the empty squares in odd quadrants first) and the last four empties ([`super::small`]).

use super::ordering::{odd_quadrants, Candidate};
use super::small::flips_near;
use super::{Solver, ETC_EMPTIES, INFINITY, TT_EMPTIES};
use crate::games::othello::board::{final_score, moves, Board};
use crate::games::othello::stability::stable_discs;
use crate::games::othello::Move;

/// Empties at or below which the square-loop code takes over.
const SMALL_EMPTIES: u32 = 4;

impl Solver {
    /// Full-window search on a principal-variation node; fills `pv`.
    pub(super) fn pvs(
        &mut self,
        player: u64,
        opponent: u64,
        mut alpha: i32,
        beta: i32,
        pv: &mut Vec<Move>,
    ) -> i32 {
        self.nodes += 1;
        pv.clear();
        if self.aborted() {
            return 0;
        }
        let empties = (!(player | opponent)).count_ones();
        let legal = moves(player, opponent);
        if legal == 0 {
            if moves(opponent, player) == 0 {
                return final_score(player, opponent);
            }
            let mut child_pv = Vec::new();
            let score = -self.pvs(opponent, player, -beta, -alpha, &mut child_pv);
            pv.push(Move::PASS);
            pv.extend(child_pv);
            return score;
        }
        let mut list = [Candidate::default(); 32];
        let count = self.order(player, opponent, legal, empties, &mut list);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_square = list[0].square;
        let mut child_pv = Vec::new();
        for (index, candidate) in list[..count].iter().enumerate() {
            let next = Board {
                player: opponent ^ candidate.flipped,
                opponent: player ^ candidate.flipped ^ (1 << candidate.square),
            };
            let mut score;
            if index == 0 {
                score = -self.pvs(next.player, next.opponent, -beta, -alpha, &mut child_pv);
            } else {
                score = -self.nws(next.player, next.opponent, -alpha - 1, empties - 1);
                if score > alpha {
                    score = -self.pvs(next.player, next.opponent, -beta, -alpha, &mut child_pv);
                }
            }
            if score > best {
                best = score;
                best_square = candidate.square;
                if score > alpha {
                    pv.clear();
                    pv.push(Move::square(candidate.square).unwrap_or(Move::PASS));
                    pv.extend_from_slice(&child_pv);
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if empties >= TT_EMPTIES && !self.aborted() {
            let (lower, upper) = if best <= original_alpha {
                (-INFINITY, best)
            } else if best >= beta {
                (best, INFINITY)
            } else {
                (best, best)
            };
            self.table
                .store(player, opponent, empties, lower, upper, best_square);
        }
        best
    }

    /// Null-window search: is the score above `alpha`? Returns a fail-soft bound.
    #[inline]
    fn nws(&mut self, player: u64, opponent: u64, alpha: i32, empties: u32) -> i32 {
        if empties >= TT_EMPTIES {
            self.nws_table(player, opponent, alpha, empties)
        } else if empties > SMALL_EMPTIES {
            self.nws_parity(player, opponent, alpha, empties)
        } else {
            self.nws_small(player, opponent, alpha, empties)
        }
    }

    /// Null-window search with the transposition table, stability cutoff and fastest-first.
    fn nws_table(&mut self, player: u64, opponent: u64, alpha: i32, empties: u32) -> i32 {
        self.nodes += 1;
        if self.aborted() {
            return 0;
        }
        if let Some(bound) = stability_cutoff(player, opponent, alpha, empties) {
            return bound;
        }
        let slot = self.table.probe(player, opponent);
        let mut hint = 64;
        if let Some(entry) = slot {
            if i32::from(entry.lower) > alpha {
                return i32::from(entry.lower);
            }
            if i32::from(entry.upper) <= alpha {
                return i32::from(entry.upper);
            }
            hint = u32::from(entry.best);
        }
        let legal = moves(player, opponent);
        if legal == 0 {
            if moves(opponent, player) == 0 {
                return final_score(player, opponent);
            }
            return -self.nws_table(opponent, player, -alpha - 1, empties);
        }
        let mut list = [Candidate::default(); 32];
        let count = self.order_with_hint(player, opponent, legal, empties, hint, &mut list);
        if empties >= ETC_EMPTIES {
            // Enhanced transposition cutoff: a child already known to be bad enough for the
            // opponent proves the fail high without searching anything.
            for candidate in &list[..count] {
                let next_player = opponent ^ candidate.flipped;
                let next_opponent = player ^ candidate.flipped ^ (1 << candidate.square);
                if let Some(entry) = self.table.probe(next_player, next_opponent) {
                    let score = -i32::from(entry.upper);
                    if score > alpha {
                        self.table.store(
                            player,
                            opponent,
                            empties,
                            score,
                            INFINITY,
                            candidate.square,
                        );
                        return score;
                    }
                }
            }
        }
        let mut best = -INFINITY;
        let mut best_square = list[0].square;
        for candidate in &list[..count] {
            let next_player = opponent ^ candidate.flipped;
            let next_opponent = player ^ candidate.flipped ^ (1 << candidate.square);
            let score = -self.nws(next_player, next_opponent, -alpha - 1, empties - 1);
            if score > best {
                best = score;
                best_square = candidate.square;
                if score > alpha {
                    break;
                }
            }
        }
        if !self.aborted() {
            let (lower, upper) = if best > alpha {
                (best, INFINITY)
            } else {
                (-INFINITY, best)
            };
            self.table
                .store(player, opponent, empties, lower, upper, best_square);
        }
        best
    }

    /// Null-window search without the table: loops over the empty squares, odd quadrants
    /// first, skipping squares with no opponent neighbour (no move generation, as in Edax's
    /// shallow search).
    fn nws_parity(&mut self, player: u64, opponent: u64, alpha: i32, empties: u32) -> i32 {
        self.nodes += 1;
        if let Some(bound) = stability_cutoff(player, opponent, alpha, empties) {
            return bound;
        }
        let empty = !(player | opponent);
        let odd = odd_quadrants(empty);
        let mut best = -INFINITY;
        for part in [empty & odd, empty & !odd] {
            let mut remaining = part;
            while remaining != 0 {
                let square = remaining.trailing_zeros();
                remaining &= remaining - 1;
                let flipped = flips_near(player, opponent, square);
                if flipped == 0 {
                    continue;
                }
                let next_player = opponent ^ flipped;
                let next_opponent = player ^ flipped ^ (1 << square);
                let score = -self.nws(next_player, next_opponent, -alpha - 1, empties - 1);
                if score > best {
                    best = score;
                    if score > alpha {
                        return best;
                    }
                }
            }
        }
        if best == -INFINITY {
            if moves(opponent, player) == 0 {
                return final_score(player, opponent);
            }
            return -self.nws_parity(opponent, player, -alpha - 1, empties);
        }
        best
    }
}

/// Alpha from which the stability cutoff is tried, by empties (Edax's `NWS_STABILITY_THRESHOLD`;
/// 99: never: below 4 empties the search is cheaper than the test, from 48 no disc is stable).
const STABILITY_THRESHOLD: [i32; 65] = [
    99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46,
    48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
    99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
];

/// The stability cutoff of a null-window search at `alpha`: the opponent keeps its stable
/// discs, so the player's score is at most 64 less twice their count. Returns that bound when
/// it proves the fail low. Tried only from [`STABILITY_THRESHOLD`] and when the opponent has
/// few enough discs for a cut to be possible. Always inlined (in wasm, FFO #40 in node: 0.96x the
/// CPU, 5 alternated runs; natively the same time).
#[inline(always)]
pub(super) fn stability_cutoff(
    player: u64,
    opponent: u64,
    alpha: i32,
    empties: u32,
) -> Option<i32> {
    if alpha < STABILITY_THRESHOLD[empties as usize]
        || alpha < 64 - 2 * opponent.count_ones() as i32
    {
        return None;
    }
    let bound = 64 - 2 * stable_discs(opponent, player).count_ones() as i32;
    (bound <= alpha).then_some(bound)
}
