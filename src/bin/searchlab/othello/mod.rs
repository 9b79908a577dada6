//! `searchlab othello`: move-generation counts, exact endgame solves, matches between agents,
//! benchmarks and the fit of the late-game evaluation weights, as JSON lines. One file per
//! command (`perft.rs`, `solve.rs`, `agent_match.rs`, `bench.rs`, `fit.rs`); the agents' flags
//! in `agent_flags.rs`; the solver's table flag, which `solve` and `bench` share, here.

mod agent_flags;
mod agent_match;
mod bench;
mod fit;
mod perft;
mod solve;

use clap::{Args, Subcommand};

use crate::args::CliResult;
use crate::flag_ranges::TABLE_MB;
use crate::GameCli;

/// The `othello` commands.
#[derive(Subcommand)]
pub enum OthelloCommand {
    /// Leaves of the game tree from the start position (a pass is a ply, bulk counting)
    Perft(perft::PerftFlags),
    /// The exact score and best line for the side to move
    Solve(solve::SolveFlags),
    /// Games between two agents, with seeded random openings, colours alternating
    #[command(after_help = agent_flags::agent_grammar())]
    Match(agent_match::MatchFlags),
    /// Perft and the FFO endgame solves, timed, one line each, then a summary
    Bench(bench::BenchFlags),
    /// Fit the late-game weights of our evaluation to exact scores
    Fit(fit::FitFlags),
}

impl GameCli for OthelloCommand {
    const NAME: &'static str = "othello";
    const ABOUT: &'static str = "Othello: perft, exact endgames, matches between agents";

    fn run(self) -> CliResult<()> {
        match self {
            OthelloCommand::Perft(flags) => flags.run(),
            OthelloCommand::Solve(flags) => flags.run(),
            OthelloCommand::Match(flags) => flags.run(),
            OthelloCommand::Bench(flags) => flags.run(),
            OthelloCommand::Fit(flags) => flags.run(),
        }
    }
}

/// The exact solver's transposition table.
#[derive(Args)]
pub struct SolverTableFlags {
    #[arg(long, value_name = "MB", default_value_t = 256, value_parser = TABLE_MB,
          help = TABLE_MB.help("The solver's table in MiB (rounded down to a power of two entries)"))]
    table_mb: usize,
}

impl SolverTableFlags {
    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.table_mb << 20
    }
}
