//! Exact endgame solver: the final disc difference under perfect play, with a best move and PV.
//!
//! Negamax alpha-beta on the final score (empties to the winner), in tiers by the number of
//! empty squares, as in Edax and Zebra:
//! - principal-variation search at the root and on PV nodes (full window, with the PV), and
//!   null-window searches everywhere else, re-searched on a fail high;
//! - [`TT_EMPTIES`] empties and more: a transposition table of lower/upper bounds (with the
//!   best move), a stability cutoff (the opponent's stable discs bound the score), and
//!   fastest-first ordering (fewest opponent replies first, corners weighted), which from
//!   [`SHALLOW_ORDER_EMPTIES`] empties adds a one-ply look at the replies' own mobility;
//! - fewer empties: no table; parity ordering (moves in quadrants with an odd number of
//!   empties first) and, for the last four empties, loops over the empty squares instead of
//!   move generation, with a dedicated last-square count.
//!
//! It lives beside the rules because its move ordering is Othello knowledge; the generic
//! searches in `crate::search` handle depth-limited play.

use super::board::{final_score, flips, moves, stable_discs, Board};
use super::eval::board_eval;
use super::Move;

/// Empties from which the transposition table and fastest-first ordering are used.
pub const TT_EMPTIES: u32 = 7;
/// Empties from which moves are ordered by a shallow search with the midgame evaluation.
pub const SHALLOW_ORDER_EMPTIES: u32 = 16;
/// Plies of the ordering search: one more every this many empties above the threshold.
const SHALLOW_DEPTH_STEP: u32 = 4;
/// Empties from which moves are sorted fastest-first (below: table move, then parity).
const FASTEST_FIRST_EMPTIES: u32 = 7;
/// Empties from which children are probed in the table before any is searched.
const ETC_EMPTIES: u32 = 12;
/// Empties at or below which the square-loop code takes over.
const SMALL_EMPTIES: u32 = 4;

/// Larger than any score.
const INFINITY: i32 = 65;

/// The exact result of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Final disc difference for the side to move with perfect play (empties to the winner).
    pub score: i32,
    /// A move that reaches `score`; `None` when the game is already over.
    pub best_move: Option<Move>,
    /// The principal variation from the position, passes included.
    pub pv: Vec<Move>,
    /// Positions visited by this solve.
    pub nodes: u64,
}

/// The solve stopped because it visited more positions than its node limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeLimitReached {
    /// Positions visited before stopping.
    pub nodes: u64,
}

impl std::fmt::Display for NodeLimitReached {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "limit reached: node limit ({} nodes)", self.nodes)
    }
}

impl std::error::Error for NodeLimitReached {}

/// One transposition-table slot: the position, bounds on its score and the best move found.
#[derive(Clone, Copy, Default)]
struct Entry {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
    best: u8,
    /// 0 marks an unused slot (positions in the table have at least [`TT_EMPTIES`] empties).
    empties: u8,
}

/// Bytes per table entry, for sizing.
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

/// An endgame solver with its transposition table, reused across solves.
pub struct Solver {
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
    max_nodes: u64,
}

/// A generated move with its flips and ordering score.
#[derive(Clone, Copy, Default)]
struct Candidate {
    square: u32,
    flipped: u64,
    score: i32,
}

impl Solver {
    /// A solver whose table uses at most `memory_bytes` (rounded down to a power of two
    /// entries, at least 1024) and that stops after `max_nodes` positions per solve.
    pub fn new(memory_bytes: usize, max_nodes: u64) -> Solver {
        let wanted = (memory_bytes / ENTRY_BYTES).max(1024);
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Solver {
            table: vec![Entry::default(); size],
            mask: size - 2,
            nodes: 0,
            max_nodes,
        }
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    /// Solves `board` (seen from the side to move) exactly.
    pub fn solve(&mut self, board: Board) -> Result<Solution, NodeLimitReached> {
        self.nodes = 0;
        let mut pv = Vec::new();
        let score = self.pvs(board.player, board.opponent, -INFINITY, INFINITY, &mut pv);
        self.finish()?;
        Ok(Solution {
            score,
            best_move: pv.first().copied(),
            pv,
            nodes: self.nodes,
        })
    }

    /// The exact score of every legal move (the pass if it is the only one), in square order.
    pub fn move_scores(&mut self, board: Board) -> Result<Vec<(Move, i32)>, NodeLimitReached> {
        self.nodes = 0;
        let mut scores = Vec::new();
        let mut pv = Vec::new();
        let mut remaining = board.moves();
        if remaining == 0 && board.opponent_can_move() {
            let score = -self.pvs(board.opponent, board.player, -INFINITY, INFINITY, &mut pv);
            scores.push((Move::PASS, score));
        }
        while remaining != 0 {
            let square = remaining.trailing_zeros();
            remaining &= remaining - 1;
            let child = board.play(square);
            let score = -self.pvs(child.player, child.opponent, -INFINITY, INFINITY, &mut pv);
            scores.push((Move::square(square).unwrap_or(Move::PASS), score));
        }
        self.finish()?;
        Ok(scores)
    }

    /// Positions visited by the last solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn finish(&self) -> Result<(), NodeLimitReached> {
        if self.aborted() {
            Err(NodeLimitReached { nodes: self.nodes })
        } else {
            Ok(())
        }
    }

    #[inline]
    fn aborted(&self) -> bool {
        self.nodes > self.max_nodes
    }

    /// Full-window search on a principal-variation node; fills `pv`.
    fn pvs(
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
            self.store(player, opponent, empties, lower, upper, best_square);
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
            self.nws_small(player, opponent, alpha)
        }
    }

    /// Null-window search with the transposition table, stability cutoff and fastest-first.
    fn nws_table(&mut self, player: u64, opponent: u64, alpha: i32, empties: u32) -> i32 {
        self.nodes += 1;
        if self.aborted() {
            return 0;
        }
        // The opponent keeps its stable discs, which bounds our score from above.
        if alpha >= 64 - 2 * opponent.count_ones() as i32 {
            let bound = 64 - 2 * stable_discs(opponent, player).count_ones() as i32;
            if bound <= alpha {
                return bound;
            }
        }
        let slot = self.probe(player, opponent);
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
                if let Some(entry) = self.probe(next_player, next_opponent) {
                    let score = -i32::from(entry.upper);
                    if score > alpha {
                        self.store(player, opponent, empties, score, INFINITY, candidate.square);
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
            self.store(player, opponent, empties, lower, upper, best_square);
        }
        best
    }

    /// Null-window search without the table, ordering moves by quadrant parity.
    fn nws_parity(&mut self, player: u64, opponent: u64, alpha: i32, empties: u32) -> i32 {
        self.nodes += 1;
        let legal = moves(player, opponent);
        if legal == 0 {
            if moves(opponent, player) == 0 {
                return final_score(player, opponent);
            }
            return -self.nws_parity(opponent, player, -alpha - 1, empties);
        }
        let odd = odd_quadrants(!(player | opponent));
        let mut best = -INFINITY;
        for pass in [odd, !odd] {
            let mut remaining = legal & pass;
            while remaining != 0 {
                let square = remaining.trailing_zeros();
                remaining &= remaining - 1;
                let flipped = flips(player, opponent, square);
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
        best
    }

    /// Null-window search over the last four (or fewer) empty squares, odd quadrants first.
    fn nws_small(&mut self, player: u64, opponent: u64, alpha: i32) -> i32 {
        let empty = !(player | opponent);
        let odd = odd_quadrants(empty);
        let mut squares = [0u32; 4];
        let mut count = 0;
        for part in [empty & odd, empty & !odd] {
            let mut remaining = part;
            while remaining != 0 {
                squares[count] = remaining.trailing_zeros();
                remaining &= remaining - 1;
                count += 1;
            }
        }
        self.small(player, opponent, alpha, &squares[..count], false)
    }

    /// Null-window search over the given empty squares (at most four), in the given order.
    fn small(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        squares: &[u32],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        if squares.len() == 1 {
            return last_square(player, opponent, squares[0]);
        }
        let mut best = -INFINITY;
        for (index, &square) in squares.iter().enumerate() {
            if NEIGHBOURS[square as usize] & opponent == 0 {
                continue;
            }
            let flipped = flips(player, opponent, square);
            if flipped == 0 {
                continue;
            }
            let mut rest = [0u32; 4];
            let mut count = 0;
            for (other, &s) in squares.iter().enumerate() {
                if other != index {
                    rest[count] = s;
                    count += 1;
                }
            }
            let next_player = opponent ^ flipped;
            let next_opponent = player ^ flipped ^ (1 << square);
            let score = -self.small(
                next_player,
                next_opponent,
                -alpha - 1,
                &rest[..count],
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

    /// Generates the moves of a PV node, best first (table move, then fastest-first).
    fn order(
        &mut self,
        player: u64,
        opponent: u64,
        legal: u64,
        empties: u32,
        list: &mut [Candidate; 32],
    ) -> usize {
        let hint = self
            .probe(player, opponent)
            .map_or(64, |entry| u32::from(entry.best));
        self.order_with_hint(player, opponent, legal, empties, hint, list)
    }

    /// Fastest-first ordering: the table's move first, then fewest opponent replies (corner
    /// replies count twice), corners taken first; deep in the tree also the opponent's best
    /// reply mobility. Sorted best first; returns the number of moves.
    fn order_with_hint(
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
            let next_player = opponent ^ flipped;
            let next_opponent = player ^ flipped ^ (1 << square);
            let score = if square == hint {
                1 << 24
            } else if next_player == 0 {
                1 << 23
            } else if empties >= SHALLOW_ORDER_EMPTIES {
                let depth = (empties - SHALLOW_ORDER_EMPTIES) / SHALLOW_DEPTH_STEP + 1;
                -shallow_value(
                    next_player,
                    next_opponent,
                    depth,
                    -INFINITY_EVAL,
                    INFINITY_EVAL,
                )
            } else if empties >= FASTEST_FIRST_EMPTIES {
                let replies = moves(next_player, next_opponent);
                let mut score = (36 - weighted_mobility(replies)) << 15;
                score += corner_stability(next_opponent) << 11;
                score += (36 - potential_mobility(next_player, next_opponent)) << 5;
                if empties < 12 && odd_quadrants(!(player | opponent)) & (1 << square) != 0 {
                    score += 1 << 3;
                }
                score
            } else {
                (odd_quadrants(!(player | opponent)) & (1 << square) != 0) as i32
            };
            list[count] = Candidate {
                square,
                flipped,
                score,
            };
            count += 1;
        }
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

    #[inline]
    fn index(&self, player: u64, opponent: u64) -> usize {
        let hash = player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ opponent.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        ((hash ^ (hash >> 31)) as usize) & self.mask
    }

    /// The entry for this position, if the table holds it.
    #[inline]
    fn probe(&self, player: u64, opponent: u64) -> Option<Entry> {
        let index = self.index(player, opponent);
        self.table[index..index + 2]
            .iter()
            .find(|entry| {
                entry.player == player && entry.opponent == opponent && entry.empties != 0
            })
            .copied()
    }

    /// Records bounds for a position: narrows an existing entry; otherwise the first slot of
    /// the bucket keeps the deepest position seen (the old one moves to the second slot) and
    /// the second slot takes everything else.
    fn store(
        &mut self,
        player: u64,
        opponent: u64,
        empties: u32,
        lower: i32,
        upper: i32,
        best: u32,
    ) {
        let index = self.index(player, opponent);
        let bucket = &mut self.table[index..index + 2];
        for entry in bucket.iter_mut() {
            if entry.player == player && entry.opponent == opponent && entry.empties != 0 {
                entry.lower = entry.lower.max(lower as i8);
                entry.upper = entry.upper.min(upper as i8);
                entry.best = best as u8;
                return;
            }
        }
        let entry = Entry {
            player,
            opponent,
            lower: lower as i8,
            upper: upper as i8,
            best: best as u8,
            empties: empties as u8,
        };
        if empties >= u32::from(bucket[0].empties) {
            bucket[1] = bucket[0];
            bucket[0] = entry;
        } else {
            bucket[1] = entry;
        }
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
    (super::board::neighbours(opponent) & !(player | opponent)).count_ones() as i32
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

/// Larger than any midgame evaluation.
const INFINITY_EVAL: i32 = 1 << 28;

/// A small fail-soft alpha-beta with the midgame evaluation, used only to order moves.
fn shallow_value(player: u64, opponent: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let board = Board { player, opponent };
    if depth == 0 {
        return board_eval(board);
    }
    let mut legal = moves(player, opponent);
    if legal == 0 {
        if moves(opponent, player) == 0 {
            return board_eval(board);
        }
        return -shallow_value(opponent, player, depth - 1, -beta, -alpha);
    }
    let mut best = -INFINITY_EVAL;
    while legal != 0 {
        let square = legal.trailing_zeros();
        legal &= legal - 1;
        let next = board.play(square);
        let value = -shallow_value(next.player, next.opponent, depth - 1, -beta, -alpha);
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

/// The squares of every quadrant that holds an odd number of empty squares.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
    const QUADRANTS: [u64; 4] = [
        0x0000_0000_0F0F_0F0F,
        0x0000_0000_F0F0_F0F0,
        0x0F0F_0F0F_0000_0000,
        0xF0F0_F0F0_0000_0000,
    ];
    let mut odd = 0;
    for quadrant in QUADRANTS {
        if (empty & quadrant).count_ones() & 1 == 1 {
            odd |= quadrant;
        }
    }
    odd
}

/// The final score for the player to move when `square` is the only empty square.
#[inline]
fn last_square(player: u64, opponent: u64, square: u32) -> i32 {
    let mine = player.count_ones() as i32;
    let around = NEIGHBOURS[square as usize & 63];
    if around & opponent != 0 {
        let flipped = flips(player, opponent, square).count_ones() as i32;
        if flipped != 0 {
            return 2 * (mine + flipped + 1) - 64;
        }
    }
    if around & player != 0 {
        let taken = flips(opponent, player, square).count_ones() as i32;
        if taken != 0 {
            return 2 * (mine - taken) - 64;
        }
    }
    // Nobody can play the last square: it goes to the winner (63 discs, so no draw).
    if 2 * mine > 63 {
        2 * mine - 62
    } else {
        2 * mine - 64
    }
}
