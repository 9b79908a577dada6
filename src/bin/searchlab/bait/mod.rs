//! `searchlab bait`: GVGAI's Bait on the command line. One file per command (`trace.rs`,
//! `solve.rs`, `ablation.rs` (its results file `ablation_results.rs`), `bench.rs`, `bench_search.rs`, `speed.rs`, `timeline_bench.rs`); the agent's flags in
//! `agent_flags.rs`; the level flags every command that plays one level takes, here.

mod ablation;
mod ablation_results;
mod agent_flags;
mod bench;
mod bench_search;
mod solve;
mod speed;
mod timeline_bench;
mod trace;

use clap::{Args, Subcommand};
use std::rc::Rc;

use searchlab::games::bait::{BaitState, Level};

use crate::args::{CliError, CliResult};
use crate::flag_ranges::TICK_LIMIT;
use crate::GameCli;

/// The `bait` commands.
#[derive(Subcommand)]
pub enum BaitCommand {
    /// Replay actions, printing every state in GVGAI's golden trace format (JSON Lines)
    Trace(trace::TraceFlags),
    /// Solve a level with a planner, or play it act by act with an anytime agent (one JSON line)
    Solve(solve::SolveFlags),
    /// KB Fast-Evo MCTS's 2x2 ablation (vanilla, Fast-Evo, KB, KB Fast-Evo) on levels, paired by seed
    Ablation(ablation::AblationFlags),
    /// Forward-model speed on the five official levels, in GVGAI's three metrics
    Bench(bench::BenchFlags),
    /// BFS and A* on the five official levels, each in its own process: time, nodes, memory
    BenchSearch(bench_search::BenchSearchFlags),
    /// The native side of the wasm-versus-native comparison: a random walk, then A* runs
    Speed(speed::SpeedFlags),
    /// What recording a search's timeline costs: BFS, A* and MCTS on the five official levels
    TimelineBench(timeline_bench::TimelineBenchFlags),
}

impl GameCli for BaitCommand {
    const NAME: &'static str = "bait";
    const ABOUT: &'static str = "GVGAI's Bait: traces, planners and agents, benchmarks";

    fn run(self) -> CliResult<()> {
        match self {
            BaitCommand::Trace(flags) => flags.run(),
            BaitCommand::Solve(flags) => flags.run(),
            BaitCommand::Ablation(flags) => flags.run(),
            BaitCommand::Bench(flags) => flags.run(),
            BaitCommand::BenchSearch(flags) => flags.run(),
            BaitCommand::Speed(flags) => flags.run(),
            BaitCommand::TimelineBench(flags) => flags.run(),
        }
    }
}

/// The level a command plays.
#[derive(Args)]
pub struct LevelFlags {
    /// The level file: GVGAI's text (the course variant's space for floor is accepted)
    #[arg(long, value_name = "FILE")]
    level: String,
    #[arg(long, value_name = "N", value_parser = TICK_LIMIT,
          help = TICK_LIMIT.help("End the game at this tick instead of GVGAI's 2000 (the course fork's is 1000)"))]
    tick_limit: Option<u32>,
}

impl LevelFlags {
    /// The level, with its tick limit; errors name the file and the line and column.
    pub fn load(&self) -> CliResult<Level> {
        let level = load_level(&self.level)?;
        Ok(match self.tick_limit {
            Some(limit) => level.with_tick_limit(limit),
            None => level,
        })
    }
}

/// Reads and parses a level file; errors name the file and the line and column.
pub fn load_level(path: &str) -> CliResult<Level> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("{path}: cannot read the level: {e}")))?;
    Level::parse(&text).map_err(|e| CliError(format!("{path}: {e}")))
}

/// The start state of the level file at `path` ([`load_level`]'s errors).
pub fn load_start(path: &str) -> CliResult<BaitState> {
    Ok(BaitState::new(Rc::new(load_level(path)?)))
}
