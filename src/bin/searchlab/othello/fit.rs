//! `searchlab othello fit`: fits the late-game weights of our evaluation to exact scores.
//!
//! Positions come from games played greedily by the course heuristic with 25 % random moves
//! (so the data does not depend on the weights being fitted), stopped at a random number of
//! empties between `--min-empties` and `--max-empties`; each is solved exactly, and the terms
//! of `eval::strong_terms` are fitted to the score by ridge least squares, per bucket of
//! empties. The printed weights (hundredths of a disc) are what `eval::LATE_WEIGHTS` holds.

use clap::Args;

use crate::args::{print_line, CliError, CliResult};
use crate::flag_ranges::{FIT_EMPTIES, FIT_POSITIONS, SEED};
use searchlab::game::Game;
use searchlab::games::othello::endgame::Solver;
use searchlab::games::othello::eval::{course_value, strong_terms};
use searchlab::games::othello::{Move, Othello};
use searchlab::rng::Rng;
use serde_json::json;

/// Names of the fitted terms, in the order of `eval::LATE_WEIGHTS`.
const TERMS: [&str; 9] = [
    "mobility",
    "potential",
    "corners",
    "x_squares",
    "c_squares",
    "edges",
    "stable",
    "discs",
    "parity",
];

/// The flags of `othello fit`.
#[derive(Args)]
pub struct FitFlags {
    #[arg(long, value_name = "N", value_parser = FIT_POSITIONS,
          help = FIT_POSITIONS.help("Positions to solve and fit"))]
    positions: usize,
    #[arg(long, value_name = "S", value_parser = SEED,
          help = SEED.help("Seed of the games the positions come from"))]
    seed: u64,
    #[arg(long, value_name = "E", default_value_t = 12, value_parser = FIT_EMPTIES,
          help = FIT_EMPTIES.help("The fewest empty squares of a position"))]
    min_empties: u32,
    #[arg(long, value_name = "E", default_value_t = 20, value_parser = FIT_EMPTIES,
          help = FIT_EMPTIES.help("The most empty squares of a position"))]
    max_empties: u32,
}

impl FitFlags {
    /// Solves the positions, fits the weights and prints one line per bucket of empties.
    pub fn run(self) -> CliResult<()> {
        let FitFlags {
            positions,
            seed,
            min_empties,
            max_empties,
        } = self;
        if min_empties > max_empties {
            return Err(CliError(format!(
                "--min-empties: {min_empties} is above --max-empties {max_empties}"
            )));
        }
        let mut rng = Rng::new(seed);
        let mut solver = Solver::new(64 << 20, u64::MAX);
        let mut samples: Vec<(u32, [f64; 9], f64)> = Vec::new();
        let mut moves: Vec<Move> = Vec::new();
        while samples.len() < positions {
            let target = min_empties + rng.below(u64::from(max_empties - min_empties + 1)) as u32;
            let mut state = Othello::start();
            while !state.is_terminal() && state.empty_count() > target {
                state.legal_actions(&mut moves);
                let mover = state.side().player();
                let mv = if rng.below(100) < 25 {
                    moves[rng.index(moves.len())]
                } else {
                    let value = |m: &&Move| course_value(&state.child(**m), mover);
                    *moves.iter().max_by_key(value).unwrap_or(&moves[0])
                };
                state.apply(mv);
            }
            let Some(terms) = strong_terms(state.board()) else {
                continue;
            };
            if state.board().moves() == 0 {
                continue;
            }
            let score = solver.solve(state.board())?.score;
            samples.push((
                state.empty_count(),
                terms.weighted().map(f64::from),
                f64::from(score),
            ));
        }
        let buckets = [(min_empties, 14), (15, 17), (18, max_empties)];
        for (low, high) in buckets.into_iter().filter(|(low, high)| low <= high) {
            let bucket: Vec<_> = samples
                .iter()
                .filter(|(empties, _, _)| (low..=high).contains(empties))
                .collect();
            if bucket.is_empty() {
                continue;
            }
            let weights = ridge_fit(bucket.iter().map(|(_, x, y)| (x, *y)), 1.0);
            let squared: f64 = bucket
                .iter()
                .map(|(_, x, y)| (dot(&weights, x) - y).powi(2))
                .sum();
            let named: serde_json::Map<_, _> = TERMS
                .iter()
                .zip(weights)
                .map(|(name, w)| (name.to_string(), json!((w * 100.0).round() as i64)))
                .collect();
            print_line(json!({
                "empties": [low, high],
                "positions": bucket.len(),
                "rmse_discs": (squared / bucket.len() as f64).sqrt(),
                "weights_centidiscs": named,
            }))?;
        }
        Ok(())
    }
}

fn dot(a: &[f64; 9], b: &[f64; 9]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Least squares with a ridge penalty (no intercept: the score is antisymmetric), solved by
/// Gaussian elimination on the 9x9 normal equations.
fn ridge_fit<'a>(samples: impl Iterator<Item = (&'a [f64; 9], f64)>, ridge: f64) -> [f64; 9] {
    let mut matrix = [[0.0f64; 10]; 9];
    for (x, y) in samples {
        for i in 0..9 {
            for j in 0..9 {
                matrix[i][j] += x[i] * x[j];
            }
            matrix[i][9] += x[i] * y;
        }
    }
    for (i, row) in matrix.iter_mut().enumerate() {
        row[i] += ridge;
    }
    for column in 0..9 {
        let pivot = (column..9)
            .max_by(|&a, &b| matrix[a][column].abs().total_cmp(&matrix[b][column].abs()))
            .unwrap_or(column);
        matrix.swap(column, pivot);
        let pivot_row = matrix[column];
        for (index, row) in matrix.iter_mut().enumerate() {
            if index != column {
                let factor = row[column] / pivot_row[column];
                for (value, pivot_value) in row.iter_mut().zip(pivot_row).skip(column) {
                    *value -= factor * pivot_value;
                }
            }
        }
    }
    std::array::from_fn(|i| matrix[i][9] / matrix[i][i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ridge_fit_recovers_exact_weights() {
        let truth = [2.0, -1.0, 4.0, -6.0, -2.0, 0.5, 2.0, -0.5, 1.0];
        let mut rng = Rng::new(1);
        let data: Vec<([f64; 9], f64)> = (0..500)
            .map(|_| {
                let x: [f64; 9] = std::array::from_fn(|_| rng.below(21) as f64 - 10.0);
                (x, dot(&truth, &x))
            })
            .collect();
        let fitted = ridge_fit(data.iter().map(|(x, y)| (x, *y)), 1e-9);
        for (f, t) in fitted.iter().zip(truth) {
            assert!((f - t).abs() < 1e-6, "{fitted:?}");
        }
    }
}
