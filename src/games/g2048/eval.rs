//! A heuristic value of a 2048 position for depth-limited search, summed over lines.
//!
//! Every row and every column (eight lines) is scored on its own, from the exponents
//! `r0, r1, r2, r3` of its cells (0 = empty), and the position's value is the sum:
//!
//! ```text
//! line = EMPTY  * (empty cells)
//!      + MERGES * (tiles with an equal neighbour once the empties are squeezed out)
//!      + CORNER * w(max r) if the line's largest tile sits at one of its ends
//!      - MONO   * min(sum of rises, sum of falls) of w(r_i) along the line
//!      - SMOOTH * sum of |r_i - r_j| over tiles that are neighbours once squeezed
//!      - SUM    * sum of r_i ^ SUM_POWER
//! w(r) = r ^ MONO_POWER
//! lost position = -8 * LOST_PENALTY
//! ```
//!
//! Empty cells keep the game alive; merges are moves in hand; a monotone line (tiles rising
//! towards one end) lets a row of tiles collapse into its end; smoothness keeps neighbours
//! mergeable; the sum term, convex in the exponent, makes one big tile cheaper than two halves,
//! so the search prefers to merge; the corner term pulls the largest tile of each line to an
//! edge. A lost position is worth `LOST_PENALTY` per line below zero: nneonneo adds the penalty
//! to every line of a live board and values a loss at 0, which is the same up to a constant
//! (expectimax decisions do not change when every value moves by one constant).
//!
//! [`Weights::default`] is nneonneo's published set ("2048-ai", `2048.cpp`: lost penalty
//! 200000, empty 270, merges 700, mono 47 with power 4, sum 11 with power 3.5; no smoothness or
//! corner term), including his merge count (a run of `k >= 2` equal tiles counts `k`). The set
//! it replaced (empty 500, pairs of equal neighbours 800, mono 50, smooth 20, sum 12, loss below
//! every board) was set by short trials and reached 8192 in 10 of 24 games at depth 4. With this
//! set, [`adaptive_depth`] (4 to 16) and a chance cutoff of 1e-3, expectimax reached 8192 in 19
//! of 20 seeded games (`searchlab 2048 play --games 20 --seed 2048 --cutoff 0.001 --until-tile
//! 8192`, native release; the one loss ended at 4096), searching about 620,000 nodes a move.
//!
//! Lines are looked up in a 65,536-entry table (built once per [`Weights`]); boards with tiles of
//! 65536 and up are scored line by line from their exponents with the same formula.

use super::board::{row_table, transpose, Board, RowTable, CELLS, SIZE};
use super::G2048;
use crate::game::Game;
use std::sync::OnceLock;

/// The weights of the line formula (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A lost position is worth this much below zero per line (eight lines).
    pub lost_penalty: f64,
    /// Per empty cell.
    pub empty: f64,
    /// Per tile with an equal neighbour once the empties are squeezed out.
    pub merges: f64,
    /// Times `w(max)` when a line's largest tile is at an end.
    pub corner: f64,
    /// Times the smaller of the rises and falls of `w`.
    pub monotonicity: f64,
    /// The exponent in `w(r) = r ^ MONO_POWER`.
    pub monotonicity_power: f64,
    /// Times the sum of exponent gaps between neighbours.
    pub smoothness: f64,
    /// Times the sum of `r ^ SUM_POWER`.
    pub sum: f64,
    /// The exponent in the sum term.
    pub sum_power: f64,
}

impl Default for Weights {
    /// nneonneo's published weights (see the module docs).
    fn default() -> Self {
        Weights {
            lost_penalty: 200_000.0,
            empty: 270.0,
            merges: 700.0,
            corner: 0.0,
            monotonicity: 47.0,
            monotonicity_power: 4.0,
            smoothness: 0.0,
            sum: 11.0,
            sum_power: 3.5,
        }
    }
}

impl Weights {
    /// The value of one line of exponents (see the module docs).
    pub fn line_value(&self, line: [u8; SIZE]) -> f64 {
        let ranks = line.map(f64::from);
        let w = |r: f64| r.powf(self.monotonicity_power);
        let empty = line.iter().filter(|&&e| e == 0).count() as f64;
        let tiles: Vec<u8> = line.iter().copied().filter(|&e| e != 0).collect();
        let merges = (0..tiles.len())
            .filter(|&i| {
                (i > 0 && tiles[i - 1] == tiles[i])
                    || (i + 1 < tiles.len() && tiles[i + 1] == tiles[i])
            })
            .count() as f64;
        let gaps: f64 = tiles
            .windows(2)
            .map(|p| f64::from(p[0].abs_diff(p[1])))
            .sum();
        let (mut rises, mut falls) = (0.0, 0.0);
        for pair in ranks.windows(2) {
            let step = w(pair[1]) - w(pair[0]);
            if step > 0.0 {
                rises += step;
            } else {
                falls -= step;
            }
        }
        let max = line.iter().copied().max().unwrap_or(0);
        let corner = if max > 0 && (line[0] == max || line[SIZE - 1] == max) {
            w(f64::from(max))
        } else {
            0.0
        };
        let sum: f64 = ranks.iter().map(|&r| r.powf(self.sum_power)).sum();
        self.empty * empty + self.merges * merges + self.corner * corner
            - self.monotonicity * f64::min(rises, falls)
            - self.smoothness * gaps
            - self.sum * sum
    }
}

/// The evaluation with one set of weights, with its line table.
pub struct Evaluator {
    weights: Weights,
    /// One value per line (`u16`), sized exactly so that indexing by a `u16` needs no check.
    table: RowTable<f32>,
    loss: f64,
}

impl Evaluator {
    /// Builds the line table for `weights` (65,536 lines; about a millisecond).
    pub fn new(weights: Weights) -> Evaluator {
        let table = row_table(
            (0..=u16::MAX)
                .map(|row| {
                    weights.line_value([0, 4, 8, 12].map(|s| ((row >> s) & 0xF) as u8)) as f32
                })
                .collect(),
        );
        Evaluator {
            weights,
            table,
            loss: -2.0 * SIZE as f64 * weights.lost_penalty,
        }
    }

    /// The evaluator with [`Weights::default`], built once.
    pub fn shared() -> &'static Evaluator {
        static SHARED: OnceLock<Evaluator> = OnceLock::new();
        SHARED.get_or_init(|| Evaluator::new(Weights::default()))
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The value of a lost position: `-8 * lost_penalty`. With the default weights it is below
    /// the value of every board that play reaches short of tiles of 32768 (the sum term of a
    /// board grows with its tiles; a board scrambled from huge tiles can fall below it).
    pub fn loss_value(&self) -> f64 {
        self.loss
    }

    /// The value of a board (the sum over its rows and columns).
    #[inline]
    pub fn board_value(&self, board: Board) -> f64 {
        if board.high() != 0 {
            return self.board_value_by_cells(board);
        }
        self.plain_value(board.low())
    }

    /// [`Evaluator::board_value`] of the board whose low nibbles are `low` and which has no
    /// tile of 65536 or more (the fifth exponent bits all 0).
    #[inline]
    pub fn plain_value(&self, low: u64) -> f64 {
        let rows = low;
        let cols = transpose(low);
        let mut total = 0.0f32;
        for shift in [0, 16, 32, 48] {
            total += self.table[((rows >> shift) & 0xFFFF) as usize];
            total += self.table[((cols >> shift) & 0xFFFF) as usize];
        }
        f64::from(total)
    }

    fn board_value_by_cells(&self, board: Board) -> f64 {
        let e = board.exponents();
        (0..SIZE)
            .map(|i| {
                let row = std::array::from_fn(|j| e[i * SIZE + j]);
                let col = std::array::from_fn(|j| e[j * SIZE + i]);
                self.weights.line_value(row) + self.weights.line_value(col)
            })
            .sum()
    }

    /// The value of a position: [`Evaluator::loss_value`] if the game is over, else the value of
    /// its board. The score is left out: in one search every line of play to a given depth has
    /// made the same tiles, so the score adds nothing to compare.
    #[inline]
    pub fn value(&self, game: &G2048) -> f64 {
        if game.is_terminal() {
            self.loss
        } else {
            self.board_value(game.board())
        }
    }
}

/// The number of distinct tile values on the board.
pub fn distinct_tiles(board: Board) -> u32 {
    let mut seen = 0u64;
    for cell in 0..CELLS {
        seen |= 1 << board.exponent(cell);
    }
    (seen & !1).count_ones()
}

/// A search depth (in player moves) for `game`: `distinct tiles - 1`, clamped to `min..=max`.
/// Deeper when the board holds many distinct tiles (a crowded, fragile position), shallow in
/// the easy opening; the probability cutoff of the search keeps the deep searches affordable.
///
/// With `min = 4` this is nneonneo's rule `max(3, distinct - 2)`, which counts the moves after
/// the first (his search depth limit is checked after the root move): 3 means four moves.
pub fn adaptive_depth(game: &G2048, min: u32, max: u32) -> u32 {
    distinct_tiles(game.board())
        .saturating_sub(1)
        .clamp(min, max.max(min))
}
