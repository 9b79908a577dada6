//! `searchlab 2048 decisions`: how good the course MCTS's single moves are, by playout budget and
//! UCT constant, judged by expectimax.
//!
//! `decisions [--iterations N,N,..] [--uct C,C,..] [--seeds S,S,..] [--spawns averaged|branched]`
//! (by default budgets 2000 and 25000, the constant √2, seed 1 and the course's averaged
//! spawns) takes the middle-game positions of each seed
//! (`speed::g2048::middle_game_positions`, 56 for seed 1), lets expectimax (adaptive depth, run
//! to the end) value every move of each, and prints one JSON line per UCT constant and budget:
//! how often MCTS picks expectimax's move (`agree`) and its mean normalised regret,
//! `(best - chosen) / (best - worst)` in expectimax's values, 0 for its best move and 1 for its
//! worst. Expectimax is the far stronger player here
//! (8192 in 19 of 20 games against MCTS's 4096 in half), so its values are a yardstick for single
//! decisions, not the truth; a game's outcome also hangs on rare blunders that a mean hides.
//! Each MCTS search is seeded by the position's index, so a line replays exactly.
//!
//! `--positions late [--late-playouts P]` takes instead, for each seed, the last
//! [`LATE_POSITIONS`] positions before the end of a game the course MCTS plays with `P` playouts
//! a move (default 2000; game seed `Rng::derive(S, 0)`): full boards one or two merges from
//! death, where games at the full budget were lost.

use std::time::Instant;

use clap::{ArgAction, Args, ValueEnum};
use searchlab::agents::g2048::{game_seed, AgentSpec, Algorithm, Episode, Spawns, SEARCH_LIMITS};
use searchlab::agents::params::G2048 as G2048_PARAMS;
use searchlab::agents::Agent;
use searchlab::game::Game;
use searchlab::games::g2048::G2048;
use searchlab::rng::Rng;
use searchlab::search::anytime::RootActionStat;
use searchlab::search::{NoObserver, Search};
use searchlab::speed::g2048::{course_mcts_spec, middle_game_positions};
use serde_json::json;

use crate::args::{flag_error, print_line, CliError, CliResult};
use crate::flag_ranges::{table_float, SEED, WORK};
use crate::flag_values::named;

/// Positions kept from the end of each late game.
const LATE_POSITIONS: usize = 60;

/// The last [`LATE_POSITIONS`] positions before the end of the course MCTS's game from `seed`,
/// played with `playouts` a move.
fn late_positions(seed: u64, playouts: u64) -> CliResult<Vec<G2048>> {
    let mut episode = Episode::new(course_mcts_spec(), game_seed(seed, 2, 0), playouts)
        .map_err(|e| CliError(e.to_string()))?;
    let mut seen = vec![*episode.game()];
    while episode.step(playouts) {
        seen.push(*episode.game());
    }
    let alive: Vec<G2048> = seen.into_iter().filter(|g| !g.is_terminal()).collect();
    Ok(alive[alive.len().saturating_sub(LATE_POSITIONS)..].to_vec())
}

/// Expectimax's verdict on one position: its move and every move's value.
struct Verdict {
    best_move: u32,
    values: Vec<RootActionStat>,
}

impl Verdict {
    fn of(position: &G2048) -> CliResult<Verdict> {
        let spec = AgentSpec {
            algo: Algorithm::Expectimax,
            limits: SEARCH_LIMITS,
            ..AgentSpec::default()
        };
        let mut search = spec
            .build(position, 0, NoObserver)
            .map_err(|e| CliError(e.to_string()))?;
        while !search.step(u64::MAX).is_finished() {}
        let best_move = search
            .best_action()
            .map(G2048::action_index)
            .ok_or_else(|| CliError("a position had no move".into()))?;
        Ok(Verdict {
            best_move,
            values: search.root_action_stats(),
        })
    }

    /// `(best - chosen) / (best - worst)` in expectimax's values: 0 for its best move, 1 for its
    /// worst (and for a move it did not value); 0 when every move is worth the same.
    fn regret(&self, chosen: u32) -> f64 {
        let best = self.values.iter().map(|s| s.value).fold(f64::MIN, f64::max);
        let worst = self.values.iter().map(|s| s.value).fold(f64::MAX, f64::min);
        if best <= worst {
            return 0.0;
        }
        let value = self
            .values
            .iter()
            .find(|stat| stat.index == chosen)
            .map_or(worst, |stat| stat.value);
        (best - value) / (best - worst)
    }
}

/// The flags of `2048 decisions`.
#[derive(Args)]
pub struct DecisionsFlags {
    #[arg(long, value_name = "N,N,..", value_parser = WORK, value_delimiter = ',', action = ArgAction::Set, default_value = "2000,25000",
          help = WORK.help("MCTS's playout budgets, a comma-separated list"))]
    iterations: Vec<u64>,
    #[arg(long, value_name = "C,C,..", value_parser = table_float(&G2048_PARAMS, "uct"), value_delimiter = ',',
          action = ArgAction::Set, default_values_t = [std::f64::consts::SQRT_2],
          help = table_float(&G2048_PARAMS, "uct").help("MCTS's exploration constants, a comma-separated list"))]
    uct: Vec<f64>,
    #[arg(long, value_name = "S,S,..", value_parser = SEED, value_delimiter = ',', action = ArgAction::Set, default_values_t = [1],
          help = SEED.help("Seeds of the positions, a comma-separated list"))]
    seeds: Vec<u64>,
    /// Where the positions come from: the middle of seeded games, or the end of games the
    /// course MCTS plays
    #[arg(long, value_name = "SOURCE", value_enum, default_value_t = Source::Middle)]
    positions: Source,
    #[arg(long, value_name = "P", default_value_t = 2000, value_parser = WORK,
          help = WORK.help("Playouts a move of the games that give the late positions"))]
    late_playouts: u64,
    /// MCTS's tree over spawns: averaged (the course's open loop) or branched
    #[arg(long, value_name = "SPAWNS", value_parser = named::<Spawns>(),
          default_value = Spawns::Averaged.name())]
    spawns: Spawns,
}

/// `--positions`: where the positions come from.
#[derive(Clone, Copy, ValueEnum)]
enum Source {
    Middle,
    Late,
}

impl Source {
    /// The name printed in each line.
    fn name(self) -> &'static str {
        match self {
            Source::Middle => "middle",
            Source::Late => "late",
        }
    }
}

impl DecisionsFlags {
    /// Values every position by expectimax, then prints a line per constant and budget.
    pub fn run(self) -> CliResult<()> {
        let DecisionsFlags {
            iterations: budgets,
            uct: ucts,
            seeds,
            positions: source,
            late_playouts,
            spawns,
        } = self;
        let specs = ucts
            .iter()
            .map(|&uct| {
                let spec = AgentSpec {
                    uct,
                    spawns,
                    ..course_mcts_spec()
                };
                spec.validate()
                    .map_err(|e| flag_error("uct", e.message))
                    .map(|()| spec)
            })
            .collect::<CliResult<Vec<_>>>()?;
        let mut positions: Vec<G2048> = Vec::new();
        for &seed in &seeds {
            match source {
                Source::Middle => positions.extend(middle_game_positions(seed)),
                Source::Late => positions.extend(late_positions(seed, late_playouts)?),
            }
        }
        let verdicts = positions
            .iter()
            .map(Verdict::of)
            .collect::<CliResult<Vec<_>>>()?;
        for spec in &specs {
            for &budget in &budgets {
                let began = Instant::now();
                let (mut agree, mut regret) = (0u32, 0.0);
                for (index, (position, verdict)) in positions.iter().zip(&verdicts).enumerate() {
                    // Position `index`'s seed: the first draw of `Rng::new(index)`, as the
                    // figures in BENCHMARKS.md were measured.
                    let seed = Rng::new(index as u64).next_u64();
                    let mut search = spec
                        .build(position, seed, NoObserver)
                        .map_err(|e| CliError(e.to_string()))?;
                    search.step(budget);
                    let chosen = search
                        .best_action()
                        .map(G2048::action_index)
                        .ok_or_else(|| CliError("MCTS gave no move".into()))?;
                    agree += u32::from(chosen == verdict.best_move);
                    regret += verdict.regret(chosen);
                }
                let count = positions.len() as f64;
                print_line(json!({
                    "uct": spec.uct, "spawns": spawns.name(), "iterations": budget, "source": source.name(),
                    "positions": positions.len(),
                    "agree": agree, "agree_share": f64::from(agree) / count,
                    "mean_regret": regret / count, "seconds": began.elapsed().as_secs_f64(),
                }))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stat(index: u32, value: f64) -> RootActionStat {
        RootActionStat {
            index,
            visits: 0,
            value,
        }
    }

    #[test]
    fn regret_runs_from_the_best_move_to_the_worst() {
        let verdict = Verdict {
            best_move: 2,
            values: vec![stat(0, 10.0), stat(2, 30.0), stat(3, 20.0)],
        };
        assert_eq!(verdict.regret(2), 0.0);
        assert_eq!(verdict.regret(3), 0.5);
        assert_eq!(verdict.regret(0), 1.0);
        assert_eq!(verdict.regret(1), 1.0, "a move expectimax did not value");
        let even = Verdict {
            best_move: 0,
            values: vec![stat(0, 5.0), stat(1, 5.0)],
        };
        assert_eq!(even.regret(1), 0.0);
    }
}
