//! `searchlab othello perft --depth D`: leaves from the start position (a pass is a ply, bulk
//! counting), with the time taken.

use std::time::Instant;

use clap::Args;
use searchlab::games::othello::perft::perft;
use searchlab::games::othello::Board;
use serde_json::json;

use crate::args::{print_line, CliResult};
use crate::flag_ranges::PERFT_DEPTH;

/// The flags of `othello perft`.
#[derive(Args)]
pub struct PerftFlags {
    #[arg(long, value_name = "D", value_parser = PERFT_DEPTH,
          help = PERFT_DEPTH.help("Plies from the start position"))]
    depth: u32,
}

impl PerftFlags {
    /// Counts and prints the line.
    pub fn run(self) -> CliResult<()> {
        print_line(perft_line(self.depth))
    }
}

/// Perft to `depth` as one JSON line: depth, leaves, time and leaves per second.
pub fn perft_line(depth: u32) -> serde_json::Value {
    let start = Instant::now();
    let leaves = perft(Board::start(), depth);
    let elapsed = start.elapsed();
    json!({
        "depth": depth,
        "leaves": leaves,
        "elapsed_ms": elapsed.as_millis() as u64,
        "leaves_per_s": (leaves as f64 / elapsed.as_secs_f64().max(1e-9)) as u64,
    })
}
