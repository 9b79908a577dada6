//! `searchlab bait speed`: the native side of the wasm-versus-native comparison.
//!
//! `tests/e2e/bench.mjs` runs this and the same workloads (`searchlab::speed`) in wasm in
//! Chromium, alternating, and compares them. One measurement: a seeded random walk of `--steps`
//! copy+advance calls on `--walk-level`, then `--astar-runs` A* searches on `--astar-level`.

use std::time::Instant;

use clap::Args;
use serde_json::json;

use crate::args::{flag_error, print_line, CliResult};
use crate::flag_ranges::{REPEATS, SEED, WALK_STEPS};

/// The flags of `bait speed`.
#[derive(Args)]
pub struct SpeedFlags {
    /// The level of the random walk
    #[arg(long, value_name = "FILE")]
    walk_level: String,
    /// The level A* solves
    #[arg(long, value_name = "FILE")]
    astar_level: String,
    #[arg(long, value_name = "N", default_value_t = 10_000_000, value_parser = WALK_STEPS,
          help = WALK_STEPS.help("Copy+advance calls in the random walk"))]
    steps: u64,
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = SEED,
          help = SEED.help("Seed of the random walk"))]
    seed: u64,
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = REPEATS,
          help = REPEATS.help("A* searches, one after another"))]
    astar_runs: u64,
}

impl SpeedFlags {
    /// Runs the measurement and prints its line.
    pub fn run(self) -> CliResult<()> {
        let read = |flag: &str, path: &str| -> CliResult<String> {
            std::fs::read_to_string(path).map_err(|e| flag_error(flag, format!("{path}: {e}")))
        };
        let walk_level = read("walk-level", &self.walk_level)?;
        let astar_level = read("astar-level", &self.astar_level)?;
        let SpeedFlags {
            steps,
            seed,
            astar_runs,
            ..
        } = self;
        let walk_start = searchlab::games::bait::BaitState::parse(&walk_level)
            .map_err(|e| flag_error("walk-level", e))?;
        let began = Instant::now();
        let checksum = searchlab::speed::bait_random_walk(&walk_start, steps, seed);
        let walk_ms = began.elapsed().as_secs_f64() * 1e3;
        let began = Instant::now();
        let mut run = None;
        for _ in 0..astar_runs {
            run = Some(
                searchlab::speed::bait_astar(&astar_level)
                    .map_err(|e| flag_error("astar-level", e))?,
            );
        }
        let astar_ms = began.elapsed().as_secs_f64() * 1e3;
        let run = run.expect("at least one A* run");
        let report = json!({
            "walkMs": walk_ms,
            "checksum": checksum.to_string(),
            "astarMs": astar_ms,
            "planLength": run.plan_length,
            "expanded": run.stats.expanded,
        });
        print_line(report)?;
        Ok(())
    }
}
