//! Exact endgame solver: the final disc difference under perfect play, with a best move and PV.
//!
//! Negamax alpha-beta on the final score (empties to the winner), in tiers by the number of
//! empty squares, in the manner of Edax and Zebra:
//! - principal-variation search at the root and on PV nodes (full window, collecting the PV),
//!   null-window searches everywhere else, re-searched on a fail high;
//! - [`TT_EMPTIES`] empties and more: a transposition table of lower/upper bounds with the
//!   best move (two-slot buckets: deepest-first and always-replace), a stability cutoff (the
//!   opponent's stable discs bound the score), enhanced transposition cutoffs from
//!   [`ETC_EMPTIES`], and ordering: the table's move, a wipe-out, then fastest-first (fewest
//!   opponent replies, corners counted twice, then corner stability, potential mobility and,
//!   below 12 empties, quadrant parity); from [`SHALLOW_ORDER_EMPTIES`] empties a shallow
//!   alpha-beta with the midgame evaluation ([`super::eval::board_eval`]) orders instead,
//!   and from [`PREFILL_EMPTIES`] empties an iterative-deepening midgame search first seeds
//!   the table's best moves near the root;
//! - 5 to 6 empties: no table; moves in quadrants with an odd number of empties first;
//! - the last 4 empties: loops over the empty squares (skipping squares with no opponent
//!   neighbour), a dedicated two-square search, and a last square scored by four table
//!   lookups (one per line through it) instead of computing flips.
//!
//! [`Solver::solve`] solves in one call; [`SteppedSolve`] solves in steps of bounded work, for a
//! page that shows progress and can stop. Node counts include every searched position with two
//! or more empties; one-empty leaves are scored inline. It lives beside the rules because its
//! move ordering is Othello knowledge; the generic searches in `crate::search` handle
//! depth-limited play.

use super::board::{final_score, flips, moves, stable_discs, Board};
use super::eval::board_eval;
use super::Move;

/// Empties from which the transposition table and fastest-first ordering are used.
pub const TT_EMPTIES: u32 = 7;
/// Empties from which moves are ordered by a shallow search with the midgame evaluation.
pub const SHALLOW_ORDER_EMPTIES: u32 = 16;
/// Plies of the ordering search: one more every this many empties above the threshold.
const SHALLOW_DEPTH_STEP: u32 = 4;
/// Empties from which children are probed in the table before any is searched.
pub const ETC_EMPTIES: u32 = 9;
/// Empties at or below which the square-loop code takes over.
const SMALL_EMPTIES: u32 = 4;

/// Empties from which a midgame search seeds the table before an exact solve.
pub const PREFILL_EMPTIES: u32 = 18;
/// Depth of that midgame search at [`PREFILL_EMPTIES`] empties (one more per extra empty).
const PREFILL_DEPTH: u32 = 6;
/// The deepest prefill search (reached at 24 empties).
const PREFILL_MAX_DEPTH: u32 = 12;

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
        for depth in prefill_depths(board) {
            self.prefill(board, depth);
        }
        let solution = self.search_root(board);
        self.finish()?;
        Ok(solution)
    }

    /// The principal-variation search from the root, counting into `self.nodes`; its result
    /// is meaningless if the search was aborted.
    fn search_root(&mut self, board: Board) -> Solution {
        let mut pv = Vec::new();
        let score = self.pvs(board.player, board.opponent, -INFINITY, INFINITY, &mut pv);
        Solution {
            score,
            best_move: pv.first().copied(),
            pv,
            nodes: self.nodes,
        }
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

    /// One iteration of the midgame search that seeds the table's best moves near the root
    /// (alpha-beta on [`board_eval`] to `depth`), so the exact search tries likely best moves
    /// first.
    fn prefill(&mut self, board: Board, depth: u32) {
        self.midgame(
            board.player,
            board.opponent,
            depth,
            -INFINITY_EVAL,
            INFINITY_EVAL,
        );
    }

    /// Fail-soft alpha-beta with the midgame evaluation; records each node's best move. Past
    /// the node limit it returns at once with a meaningless value and stores nothing more.
    fn midgame(
        &mut self,
        player: u64,
        opponent: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        let board = Board { player, opponent };
        if self.aborted() {
            return 0;
        }
        if depth == 0 {
            return board_eval(board);
        }
        let legal = moves(player, opponent);
        if legal == 0 {
            if moves(opponent, player) == 0 {
                return board_eval(board);
            }
            return -self.midgame(opponent, player, depth, -beta, -alpha);
        }
        let empties = board.empty_count();
        let mut list = [Candidate::default(); 32];
        let count = self.order(
            player,
            opponent,
            legal,
            empties.min(SHALLOW_ORDER_EMPTIES - 1),
            &mut list,
        );
        let mut best = -INFINITY_EVAL;
        let mut best_square = list[0].square;
        for candidate in &list[..count] {
            let next_player = opponent ^ candidate.flipped;
            let next_opponent = player ^ candidate.flipped ^ (1 << candidate.square);
            let value = -self.midgame(next_player, next_opponent, depth - 1, -beta, -alpha);
            if value > best {
                best = value;
                best_square = candidate.square;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if empties >= TT_EMPTIES && !self.aborted() {
            self.store(player, opponent, empties, -INFINITY, INFINITY, best_square);
        }
        best
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
        if let [first, second] = *squares {
            return self.solve_2(player, opponent, alpha, first, second);
        }
        self.nodes += 1;
        if squares.len() == 1 {
            return last_square(player, squares[0]);
        }
        let mut best = -INFINITY;
        for (index, &square) in squares.iter().enumerate() {
            let flipped = flips_near(player, opponent, square);
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

    /// The last two empty squares: each move leaves one square, scored by [`last_square`].
    fn solve_2(&mut self, player: u64, opponent: u64, alpha: i32, first: u32, second: u32) -> i32 {
        self.nodes += 1;
        let mut best = -INFINITY;
        let flipped = flips_near(player, opponent, first);
        if flipped != 0 {
            best = -last_square(opponent ^ flipped, second);
            if best > alpha {
                return best;
            }
        }
        let flipped = flips_near(player, opponent, second);
        if flipped != 0 {
            let score = -last_square(opponent ^ flipped, first);
            return best.max(score);
        }
        if best > -INFINITY {
            return best;
        }
        // The player passes: the opponent's best reply is the player's worst result.
        let mut worst = INFINITY;
        let flipped = flips_near(opponent, player, first);
        if flipped != 0 {
            worst = last_square(player ^ flipped, second);
            if worst <= alpha {
                return worst;
            }
        }
        let flipped = flips_near(opponent, player, second);
        if flipped != 0 {
            let score = last_square(player ^ flipped, first);
            worst = worst.min(score);
        }
        if worst < INFINITY {
            worst
        } else {
            final_score(player, opponent)
        }
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

    /// Generates and sorts the moves, best first, by the tiered ordering described in the
    /// module documentation (`hint` is the table's move, 64 for none). Returns the count.
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
        let odd = odd_quadrants(!(player | opponent));
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

/// The depths of the iterative-deepening midgame search that seeds the table before `board` is
/// solved: none below [`PREFILL_EMPTIES`] empties or in a finished game.
fn prefill_depths(board: Board) -> std::ops::Range<u32> {
    let empties = board.empty_count();
    if empties < PREFILL_EMPTIES || board.is_game_over() {
        return 1..1;
    }
    1..(empties - PREFILL_EMPTIES + PREFILL_DEPTH).min(PREFILL_MAX_DEPTH) + 1
}

/// Least positions the first step of a [`SteppedSolve`]'s exact search visits; each later step
/// may visit an eighth of this more than the one before.
pub const MIN_STEP_NODES: u64 = 50_000;

/// Most positions one depth of a [`SteppedSolve`]'s seeding search may visit (a step's budget,
/// if larger, instead). The midgame search visits about a sixth as many positions per second
/// as the exact search, so this keeps its steps about as short; the first depth that does not
/// finish within it ends the seeding.
pub const PREFILL_STEP_NODES: u64 = 500_000;

/// An exact solve run in steps of bounded work, so that a caller can show its progress and stop
/// it. Each step searches again from the root with the table kept. A step that stops at its
/// budget stores no bound it did not finish, so the table only ever holds sound bounds, the
/// subtrees that earlier steps finished answer from it at once, and the last step's result is
/// the exact solve's. The walk back down to where the last step stopped costs work too (the
/// principal variation and the move ordering are searched again), and it can outgrow a step:
/// so the least work of a step grows with every step (see [`MIN_STEP_NODES`]), which makes the
/// walk an ever smaller share of each step and lets no solve stall.
pub struct SteppedSolve {
    solver: Solver,
    board: Board,
    /// Midgame depths still to run before the exact search, one a step.
    prefill: std::ops::Range<u32>,
    /// Positions visited by every step so far.
    nodes: u64,
    /// The solve gives up once `nodes` passes this.
    max_nodes: u64,
    /// Steps of the exact search so far.
    steps: u64,
}

impl SteppedSolve {
    /// A solve of `board` (seen from the side to move) whose table uses at most `memory_bytes`
    /// (see [`Solver::new`]) and that gives up after `max_nodes` positions over all its steps.
    pub fn new(board: Board, memory_bytes: usize, max_nodes: u64) -> SteppedSolve {
        SteppedSolve {
            solver: Solver::new(memory_bytes, u64::MAX),
            board,
            prefill: prefill_depths(board),
            nodes: 0,
            max_nodes,
            steps: 0,
        }
    }

    /// Runs one step: a depth of the table's seeding search, or up to `budget` positions of the
    /// exact search (at least [`MIN_STEP_NODES`], plus an eighth of it for every step before).
    /// Returns the solution once it is known, `None` while more steps are needed, and an error
    /// from the step that passes `max_nodes` (and from every step after it).
    pub fn step(&mut self, budget: u64) -> Result<Option<Solution>, NodeLimitReached> {
        let nodes = self.nodes;
        if nodes > self.max_nodes {
            return Err(NodeLimitReached { nodes });
        }
        let solver = &mut self.solver;
        solver.nodes = 0;
        let solution = match self.prefill.next() {
            Some(depth) => {
                solver.max_nodes = budget.max(PREFILL_STEP_NODES);
                solver.prefill(self.board, depth);
                if solver.aborted() {
                    self.prefill = 0..0;
                }
                None
            }
            None => {
                let ramp = self.steps.saturating_mul(MIN_STEP_NODES / 8);
                let least = MIN_STEP_NODES.saturating_add(ramp);
                self.steps += 1;
                solver.max_nodes = budget.max(least).min(self.max_nodes - nodes);
                let solution = solver.search_root(self.board);
                (!solver.aborted()).then_some(solution)
            }
        };
        self.nodes += solver.nodes;
        if self.nodes > self.max_nodes {
            return Err(NodeLimitReached { nodes: self.nodes });
        }
        Ok(solution.map(|solution| Solution {
            nodes: self.nodes,
            ..solution
        }))
    }

    /// Positions visited by every step so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
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

/// [`flips`], skipping the work when no opponent disc touches `square`.
#[inline]
fn flips_near(player: u64, opponent: u64, square: u32) -> u64 {
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

/// The squares of every quadrant that holds an odd number of empty squares.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
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

/// The final score for the player to move when `square` is the only empty square.
#[inline]
fn last_square(player: u64, square: u32) -> i32 {
    let mine = player.count_ones() as i32;
    let flipped = count_last_flips(player, square);
    if flipped != 0 {
        return 2 * (mine + flipped + 1) - 64;
    }
    let theirs = !player & !(1u64 << square);
    let taken = count_last_flips(theirs, square);
    if taken != 0 {
        return 2 * (mine - taken) - 64;
    }
    // Nobody can play the last square: it goes to the winner (63 discs, so no draw).
    if 2 * mine > 63 {
        2 * mine - 62
    } else {
        2 * mine - 64
    }
}

/// `LINE_FLIPS[position][pattern]`: discs flipped along one 8-square line by playing at
/// `position` when the line's other squares are the player's where `pattern` has a bit and the
/// opponent's elsewhere (positions off the board read as opponent discs, which never close a
/// run, so short diagonals count correctly).
static LINE_FLIPS: [[u8; 256]; 8] = line_flips();

const fn line_flips() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut position = 0;
    while position < 8 {
        let mut pattern = 0;
        while pattern < 256 {
            let mut total = 0;
            // Towards higher positions.
            let mut i = position + 1;
            while i < 8 && pattern & (1 << i) == 0 {
                i += 1;
            }
            if i < 8 {
                total += i - position - 1;
            }
            // Towards lower positions.
            let mut j = position as i32 - 1;
            while j >= 0 && pattern & (1 << j) == 0 {
                j -= 1;
            }
            if j >= 0 {
                total += position - j as usize - 1;
            }
            table[position][pattern] = total as u8;
            pattern += 1;
        }
        position += 1;
    }
    table
}

/// `DIAGONAL_MASKS[square]`: the a1-h8 and h1-a8 diagonals through `square`.
static DIAGONAL_MASKS: [[u64; 2]; 64] = diagonal_masks();

const fn diagonal_masks() -> [[u64; 2]; 64] {
    let mut table = [[0u64; 2]; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let mut other: usize = 0;
        while other < 64 {
            let (f, r) = ((other % 8) as i32, (other / 8) as i32);
            if f - r == file - rank {
                table[square][0] |= 1 << other;
            }
            if f + r == file + rank {
                table[square][1] |= 1 << other;
            }
            other += 1;
        }
        square += 1;
    }
    table
}

/// How many discs `player` flips by playing `square` when every other square is occupied
/// (the opponent holds all squares that are not the player's): four table lookups, one per
/// line through the square, instead of computing the flipped discs.
#[inline]
fn count_last_flips(player: u64, square: u32) -> i32 {
    let square = square as usize & 63;
    let (file, rank) = (square % 8, square / 8);
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    let row = (player >> (rank * 8)) & 0xFF;
    let column = (((player >> file) & FILE_A).wrapping_mul(0x0102_0408_1020_4080)) >> 56;
    let [up, down] = DIAGONAL_MASKS[square];
    let diagonal_up = ((player & up).wrapping_mul(FILE_A)) >> 56;
    let diagonal_down = ((player & down).wrapping_mul(FILE_A)) >> 56;
    (LINE_FLIPS[file][row as usize]
        + LINE_FLIPS[rank][column as usize]
        + LINE_FLIPS[file][diagonal_up as usize]
        + LINE_FLIPS[file][diagonal_down as usize]) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_flip_counts_match_the_flips() {
        let mut rng = crate::rng::Rng::new(9);
        for _ in 0..20_000 {
            let square = rng.below(64) as u32;
            let player = rng.next_u64() & !(1u64 << square);
            let opponent = !player & !(1u64 << square);
            assert_eq!(
                count_last_flips(player, square),
                flips(player, opponent, square).count_ones() as i32,
                "{player:#x} {square}"
            );
        }
    }

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
