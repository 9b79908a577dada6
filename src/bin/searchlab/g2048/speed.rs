//! `searchlab 2048 speed [--seed S] [--playouts N]`: the native side of the wasm-versus-native
//! comparison (`tests/e2e/bench-2048.mjs` runs `bench2048Mcts` in Chromium with the same
//! arguments). One measurement of `speed::g2048_course_mcts(S, N)`, the making of its positions
//! included: the course MCTS runs `N` playouts from each middle-game position of seed `S`, and
//! one JSON line reports `ms`, `searches`, `playouts` and `checksum`.

use std::time::Instant;

use clap::Args;
use searchlab::speed::g2048_course_mcts;
use serde_json::json;

use crate::args::{print_line, CliResult};
use crate::flag_ranges::{SEED, WORK};

/// The flags of `2048 speed`.
#[derive(Args)]
pub struct SpeedFlags {
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = SEED,
          help = SEED.help("Seed of the middle-game positions"))]
    seed: u64,
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = WORK,
          help = WORK.help("Playouts from each position"))]
    playouts: u64,
}

impl SpeedFlags {
    /// Runs the measurement and prints its line.
    pub fn run(self) -> CliResult<()> {
        let began = Instant::now();
        let run = g2048_course_mcts(self.seed, self.playouts);
        let ms = began.elapsed().as_secs_f64() * 1e3;
        print_line(
            json!({"ms": ms, "searches": run.searches, "playouts": run.playouts,
            "checksum": run.checksum.to_string()}),
        )
    }
}
