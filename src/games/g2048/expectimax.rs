//! Expectimax specialised to 2048's boards: the tree, the cache and the arithmetic of
//! [`crate::search::expectimax::Expectimax`] over [`G2048`] with [`G2048::key`], to the bit,
//! at a fraction of its cost per node. The generic search stays the page's (it runs in slices
//! and reports to observers); this one answers a whole decision at once, for the command line.
//!
//! The same tree: a player's node at depth `d` (moves from the root) tries the four slides in
//! index order; the board after a slide is evaluated when `d + 1` reaches the iteration's depth
//! or the node's probability is below the cutoff (the one test nneonneo makes at his chance
//! node, made once per player's node here, before any slide: all four children share the
//! probability), else looked up in the cache and, on a miss, expanded: every empty cell, a 2
//! with weight `0.9 / n` then a 4 with `0.1 / n`, summed in cell order as `sum += w * value`.
//! A spawn that leaves no move is a lost position. Chance nodes are cached under their board
//! with the remaining depth they were searched to; a visit needing no more depth reuses the
//! value (the shared table: one table for the whole decision, across root moves and
//! iterations, where nneonneo keeps one per root move). The table stops taking new boards at
//! the generic search's memory estimate, as it does.
//!
//! What makes it cheaper: boards are `u64`s moved by 65,536-entry row tables (columns through
//! one transpose and column tables, [`board::plain_slides`]), leaves are scored by the line
//! table ([`Evaluator::plain_value`]), the recursion keeps no frames or child lists, and the
//! cache is an open-addressing table of 24-byte entries, cleared between decisions by a
//! generation number rather than by a sweep; it allocates only when it grows.
//!
//! It applies to boards without tiles of 65536 and where no two 32768s can meet within the
//! search (the row tables hold four bits a cell): [`PlainExpectimax::decide`] returns `None`
//! otherwise, and the caller uses the generic search.

use super::board::{self, Board, Direction};
use super::eval::Evaluator;
use super::{P_FOUR, P_TWO};

/// Settings of one decision, as in [`crate::search::expectimax::Config`] with
/// `reuse_deeper` on and players' nodes not cached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Deepest iteration, in moves from the root (at least 1).
    pub max_depth: u32,
    /// First iteration's depth (clamped to `1..=max_depth`).
    pub first_depth: u32,
    /// Chance nodes less likely than this are evaluated, not expanded.
    pub min_probability: f64,
    /// The cache stops taking new boards at this many bytes, estimated as the generic search
    /// does (80 bytes a board).
    pub max_memory_bytes: u64,
}

/// What one decision found.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Decision {
    /// Each move's value in the deepest iteration (`None`: the move changes nothing), indexed
    /// by [`Direction`].
    pub values: [Option<f64>; 4],
    /// The first move of highest value (`None` if no move is legal).
    pub best: Option<Direction>,
    /// Nodes expanded over all iterations: the root, players' nodes and chance nodes.
    pub expanded: u64,
    /// Of them, the players' nodes other than the root (nneonneo's move nodes; he counts four
    /// "moves evaluated" at each).
    pub expanded_players: u64,
    /// States generated: every child valued, found in the cache or expanded.
    pub generated: u64,
    /// Children the cache answered.
    pub cache_hits: u64,
    /// Boards in the cache at the end.
    pub stored: u64,
    /// Iterations completed.
    pub iterations: u64,
    /// Deepest state generated, in moves and spawns from the root.
    pub max_depth: u32,
    /// Most nodes open at once on the line from the root (the generic search's frames).
    pub max_frontier: u64,
}

/// The generic search's estimate of the bytes a cached state takes.
const CACHE_ENTRY_BYTES: u64 = 80;

#[derive(Clone, Copy, Default)]
struct Entry {
    board: u64,
    value: f64,
    depth_left: u32,
    /// The entry belongs to the decision with this generation (0: never written).
    generation: u32,
}

/// Open addressing with linear probing, keyed by the board after a move (never 0: a move
/// leaves its tiles).
struct Cache {
    entries: Vec<Entry>,
    /// `64 - log2(entries.len())`: a key's slot is its multiplicative hash shifted by this.
    shift: u32,
    generation: u32,
    len: u64,
}

impl Cache {
    const INITIAL_BITS: u32 = 16;

    fn new() -> Cache {
        Cache {
            entries: vec![Entry::default(); 1 << Self::INITIAL_BITS],
            shift: 64 - Self::INITIAL_BITS,
            generation: 1,
            len: 0,
        }
    }

    /// Empties the cache for a new decision.
    fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
    }

    #[inline]
    fn slot(&self, board: u64) -> usize {
        (board.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The slot holding `board`, or the free slot where it would go.
    #[inline]
    fn find(&self, board: u64) -> (usize, bool) {
        let mask = self.entries.len() - 1;
        let mut i = self.slot(board);
        loop {
            let entry = &self.entries[i];
            if entry.generation != self.generation {
                return (i, false);
            }
            if entry.board == board {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    #[inline]
    fn get(&self, board: u64) -> Option<&Entry> {
        match self.find(board) {
            (i, true) => Some(&self.entries[i]),
            _ => None,
        }
    }

    /// Stores `board`'s value unless the cache is full (`room` boards) and `board` is new.
    fn store(&mut self, board: u64, value: f64, depth_left: u32, room: u64) {
        let (i, present) = self.find(board);
        if !present {
            if self.len >= room {
                return;
            }
            if 2 * (self.len + 1) > self.entries.len() as u64 {
                self.grow();
                return self.store(board, value, depth_left, room);
            }
            self.len += 1;
        }
        self.entries[i] = Entry {
            board,
            value,
            depth_left,
            generation: self.generation,
        };
    }

    /// Doubles the table, moving the current decision's entries.
    fn grow(&mut self) {
        let doubled = vec![Entry::default(); 2 * self.entries.len()];
        let old = std::mem::replace(&mut self.entries, doubled);
        self.shift -= 1;
        for entry in old.into_iter().filter(|e| e.generation == self.generation) {
            let (i, _) = self.find(entry.board);
            self.entries[i] = entry;
        }
    }
}

/// The search with its cache, kept from one decision to the next so that its table is
/// allocated once.
pub struct PlainExpectimax<'e> {
    evaluator: &'e Evaluator,
    cache: Cache,
    /// The iteration's depth, the cutoff and the cache's room, for the recursion.
    depth: u32,
    min_probability: f64,
    room: u64,
    counts: Decision,
    /// Deepest chance node and players' node expanded below the root, in moves.
    deepest_chance: u32,
    deepest_player: u32,
}

impl<'e> PlainExpectimax<'e> {
    /// A search valuing leaves with `evaluator`.
    pub fn new(evaluator: &'e Evaluator) -> PlainExpectimax<'e> {
        PlainExpectimax {
            evaluator,
            cache: Cache::new(),
            depth: 0,
            min_probability: 0.0,
            room: 0,
            counts: Decision::default(),
            deepest_chance: 0,
            deepest_player: 0,
        }
    }

    /// Whether [`PlainExpectimax::decide`] applies to `board` searched `max_depth` moves deep:
    /// no tile of 65536 or more, and tiles adding up to too little for two 32768s even after a
    /// spawned 4 per move of the search.
    pub fn applies(board: Board, max_depth: u32) -> bool {
        board.high() == 0 && board.tile_sum() + 4 * u64::from(max_depth) + 4 < 1 << 16
    }

    /// One decision from `board` (the player to move), with a fresh cache; `None` when the
    /// search does not apply ([`PlainExpectimax::applies`]).
    pub fn decide(&mut self, board: Board, settings: Settings) -> Option<Decision> {
        let max_depth = settings.max_depth.max(1);
        if !Self::applies(board, max_depth) {
            return None;
        }
        self.cache.clear();
        self.min_probability = settings.min_probability;
        self.room = settings.max_memory_bytes / CACHE_ENTRY_BYTES;
        self.counts = Decision::default();
        self.deepest_chance = 0;
        self.deepest_player = 0;
        let low = board.low();
        let mut values = [None; 4];
        let mut decision_iterations = 0;
        for depth in settings.first_depth.clamp(1, max_depth)..=max_depth {
            self.depth = depth;
            values = self.root(low);
            decision_iterations += 1;
        }
        let mut decision = self.counts;
        decision.values = values;
        decision.stored = self.cache.len;
        decision.iterations = decision_iterations;
        // A chance node at depth d is frame 2d of the generic search's stack and its children
        // are 2d plies deep; a players' node is frame 2d + 1, its children 2d + 1 plies deep.
        let chance = 2 * self.deepest_chance;
        let player = if self.deepest_player > 0 {
            2 * self.deepest_player + 1
        } else {
            0
        };
        let root_moved = values.iter().any(Option::is_some);
        decision.max_depth = chance.max(player).max(u32::from(root_moved));
        decision.max_frontier = u64::from(chance.max(player).max(1));
        for direction in Direction::ALL {
            if let Some(value) = values[direction as usize] {
                if decision.best.map_or(true, |best| {
                    value > values[best as usize].unwrap_or(f64::NEG_INFINITY)
                }) {
                    decision.best = Some(direction);
                }
            }
        }
        Some(decision)
    }

    /// One iteration: the value of each legal move from the root.
    fn root(&mut self, low: u64) -> [Option<f64>; 4] {
        self.counts.expanded += 1;
        let mut values = [None; 4];
        for (value, child) in values.iter_mut().zip(board::plain_slides(low)) {
            if child != low {
                self.counts.generated += 1;
                *value = Some(self.after_move(child, 1, 1.0));
            }
        }
        values
    }

    /// The value of the board after a move, at depth `depth`, reached with `probability`.
    #[inline]
    fn after_move(&mut self, low: u64, depth: u32, probability: f64) -> f64 {
        if depth >= self.depth || probability < self.min_probability {
            return self.evaluator.plain_value(low);
        }
        let needed = self.depth - depth;
        if let Some(hit) = self.cache.get(low) {
            if hit.depth_left >= needed {
                self.counts.cache_hits += 1;
                return hit.value;
            }
        }
        self.counts.expanded += 1;
        self.deepest_chance = self.deepest_chance.max(depth);
        let value = self.spawns(low, depth, probability);
        self.cache.store(low, value, needed, self.room);
        value
    }

    /// The chance node: the weighted sum over every spawn, in cell order, a 2 before a 4.
    fn spawns(&mut self, low: u64, depth: u32, probability: f64) -> f64 {
        let empty = Board::from_low(low).empty_mask();
        let n = f64::from(empty.count_ones());
        let weights = [(1u64, P_TWO / n), (2, P_FOUR / n)];
        let mut sum = 0.0;
        let mut cells = empty;
        while cells != 0 {
            let shift = 4 * cells.trailing_zeros();
            cells &= cells - 1;
            for (tile, weight) in weights {
                self.counts.generated += 1;
                let value = self.player(low | tile << shift, depth, probability * weight);
                sum += weight * value;
            }
        }
        sum
    }

    /// The player's node after a spawn: the best move's value, or the lost position's if no
    /// move changes the board.
    #[inline]
    fn player(&mut self, low: u64, depth: u32, probability: f64) -> f64 {
        let slides = board::plain_slides(low);
        if slides.iter().all(|&child| child == low) {
            return self.evaluator.loss_value();
        }
        self.counts.expanded += 1;
        self.counts.expanded_players += 1;
        self.deepest_player = self.deepest_player.max(depth);
        let leaves = depth + 1 >= self.depth || probability < self.min_probability;
        let mut best = f64::NEG_INFINITY;
        for child in slides {
            if child != low {
                self.counts.generated += 1;
                let value = if leaves {
                    self.evaluator.plain_value(child)
                } else {
                    self.after_move(child, depth + 1, probability)
                };
                best = larger(best, value);
            }
        }
        best
    }
}

/// The larger of two values that are not NaN, as `f64::max`. In wasm with SIMD it is one
/// `f64x2.pmax` (x86's `maxpd`, as native code uses): V8 compiles `f64::max`'s NaN rules, and
/// a scalar comparison, to branches on the values, which the processor mispredicts.
#[inline(always)]
fn larger(best: f64, value: f64) -> f64 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::{f64x2_extract_lane, f64x2_pmax, f64x2_splat};
        f64x2_extract_lane::<0>(f64x2_pmax(f64x2_splat(best), f64x2_splat(value)))
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        best.max(value)
    }
}
