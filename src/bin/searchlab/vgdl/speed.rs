//! `searchlab vgdl speed --game G --level L [--steps N] [--seed S]`: the native side of
//! `benchVgdlRandomWalk` (`tests/bench/wasm-forward-model.mjs`): `--steps` copy+advance calls of
//! the seeded random walk of `searchlab::speed::vgdl_random_walk` (the moves of `bait speed`'s
//! walk for the same seed). One JSON line: the walk's wall and CPU milliseconds, calls per CPU
//! second (per wall second where the thread's CPU time cannot be read) and the checksum.

use std::time::Instant;

use clap::Args;
use serde_json::json;

use super::LevelFlags;
use crate::args::{print_line, CliResult};
use crate::cpu_time::{cpu_seconds_since, thread_cpu_seconds};
use crate::flag_ranges::{SEED, WALK_STEPS};

/// The flags of `vgdl speed`.
#[derive(Args)]
pub struct SpeedFlags {
    #[command(flatten)]
    level: LevelFlags,
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = WALK_STEPS,
          help = WALK_STEPS.help("Copy+advance calls in the random walk"))]
    steps: u64,
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = SEED,
          help = SEED.help("Seed of the random walk"))]
    seed: u64,
}

impl SpeedFlags {
    /// Runs the walk and prints its line.
    pub fn run(self) -> CliResult<()> {
        let start = self.level.load()?;
        let began = Instant::now();
        let cpu_start = thread_cpu_seconds();
        let checksum = searchlab::speed::vgdl_random_walk(&start, self.steps, self.seed);
        let wall = began.elapsed().as_secs_f64();
        let cpu = cpu_seconds_since(cpu_start);
        print_line(json!({
            "steps": self.steps,
            "walkMs": wall * 1e3,
            "cpuMs": cpu.map(|s| s * 1e3),
            "perSecond": self.steps as f64 / cpu.unwrap_or(wall),
            "clock": if cpu.is_some() { "cpu" } else { "wall" },
            "checksum": checksum.to_string(),
        }))?;
        Ok(())
    }
}
