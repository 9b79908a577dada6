//! `searchlab bait speed`: the native side of the wasm-versus-native comparison.
//!
//! `tests/e2e/bench.mjs` runs this and the same workloads (`searchlab::speed`) in wasm in
//! Chromium, alternating, and compares them. One measurement: a seeded random walk of `--steps`
//! copy+advance calls on `--walk-level`, then `--astar-runs` A* searches on `--astar-level`.

use std::time::Instant;

use serde_json::json;

use crate::args::{print_line, CliError, CliResult, Flags};

/// Runs `bait speed`.
pub fn speed_command(flags: &Flags) -> CliResult<()> {
    let read = |flag: &str| -> CliResult<String> {
        let path: String = flags.require(flag)?;
        std::fs::read_to_string(&path).map_err(|e| CliError(format!("--{flag}: {path}: {e}")))
    };
    let walk_level = read("walk-level")?;
    let astar_level = read("astar-level")?;
    let steps: u64 = flags.get_or("steps", 10_000_000)?;
    let seed: u64 = flags.get_or("seed", 1)?;
    let astar_runs: u64 = flags.get_or("astar-runs", 20)?;
    if astar_runs == 0 {
        return Err(CliError("--astar-runs: must be at least 1".into()));
    }
    flags.finish()?;
    let began = Instant::now();
    let checksum = searchlab::speed::bait_random_walk(&walk_level, steps, seed)
        .map_err(|e| CliError(format!("--walk-level: {e}")))?;
    let walk_ms = began.elapsed().as_secs_f64() * 1e3;
    let began = Instant::now();
    let mut run = None;
    for _ in 0..astar_runs {
        run = Some(
            searchlab::speed::bait_astar(&astar_level)
                .map_err(|e| CliError(format!("--astar-level: {e}")))?,
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
