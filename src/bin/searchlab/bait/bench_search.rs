//! `searchlab bait bench-search`: BFS and A* on the five official levels, each run in its own
//! process (so peak memory is the search's own), reporting per level and algorithm the median
//! time over the runs, the expansions, the search's memory estimate and the peak resident memory.
//!
//! BFS on level 3 cannot finish in memory (10.5 million states within 28 moves, growing 1.7x per
//! move), so it runs under `--bfs-level3-nodes` expansions (default 2 million) and is reported as
//! a limit reached.

use std::process::Command;

use clap::Args;
use serde_json::{json, Value};

use crate::args::{print_line, CliError, CliResult};
use crate::flag_ranges::{RUNS, WORK};

/// The flags of `bait bench-search`.
#[derive(Args)]
pub struct BenchSearchFlags {
    #[arg(long, value_name = "R", default_value_t = 3, value_parser = RUNS,
          help = RUNS.help("Runs of each search; the median time and memory are reported"))]
    runs: usize,
    /// The folder holding bait_lvl0.txt to bait_lvl4.txt
    #[arg(long, value_name = "DIR", default_value = "../shared/bait/levels")]
    levels: String,
    #[arg(long, value_name = "N", default_value_t = 2_000_000, value_parser = WORK,
          help = WORK.help("The expansions BFS may make on level 3, which it cannot solve in memory"))]
    bfs_level3_nodes: u64,
}

/// The searches measured, as `solve` flags.
const SEARCHES: [(&str, &[&str]); 3] = [
    ("bfs", &["--algo", "bfs"]),
    ("astar-walls", &["--algo", "astar", "--heuristic", "walls"]),
    ("astar-state", &["--algo", "astar", "--heuristic", "state"]),
];

impl BenchSearchFlags {
    /// Runs every search on every level and prints one line each.
    pub fn run(self) -> CliResult<()> {
        let BenchSearchFlags {
            runs,
            levels: dir,
            bfs_level3_nodes,
        } = self;
        let exe = std::env::current_exe()?;
        for level in 0..5 {
            let path = format!("{dir}/bait_lvl{level}.txt");
            for (name, algo_flags) in SEARCHES {
                let mut args: Vec<String> = ["bait", "solve", "--level", &path]
                    .iter()
                    .chain(algo_flags)
                    .map(|s| s.to_string())
                    .collect();
                if level == 3 && name == "bfs" {
                    args.extend(["--max-nodes".into(), bfs_level3_nodes.to_string()]);
                }
                let mut reports = Vec::with_capacity(runs);
                for _ in 0..runs {
                    let output = Command::new(&exe).args(&args).output()?;
                    if !output.status.success() {
                        return Err(CliError(format!(
                            "level {level} {name}: {}",
                            String::from_utf8_lossy(&output.stderr).trim()
                        )));
                    }
                    reports.push(serde_json::from_slice::<Value>(&output.stdout)?);
                }
                print_line(summary(level, name, &reports))?;
            }
        }
        Ok(())
    }
}

/// One JSON line: the first run's counts (searches are deterministic) and median time and memory.
fn summary(level: usize, name: &str, reports: &[Value]) -> Value {
    let first = &reports[0];
    json!({
        "level": level,
        "search": name,
        "status": first["status"],
        "length": first["length"],
        "expanded": first["expanded"],
        "stored": first["stored"],
        "median_ms": median(reports, "elapsed_ms"),
        "median_peak_rss_mib": median(reports, "peak_rss_mib"),
        "runs": reports.len(),
    })
}

fn median(reports: &[Value], field: &str) -> Option<f64> {
    let mut values: Vec<f64> = reports.iter().filter_map(|r| r[field].as_f64()).collect();
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    Some(values[values.len() / 2])
}
