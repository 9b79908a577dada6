//! `searchlab sumzero`: the GVGAI planning note's toy game, an agent's play set beside the
//! exact optimum.
//!
//! - `play --algo mcts|exhaustive [--uct C] [--iterations N] [--seed S] [--moves TEXT]`: one
//!   game from the start (or from the amounts in `--moves`, e.g. `'+20 -18'`), a fresh search
//!   per move with `--iterations` units of work seeded from `--seed`; one JSON line with the
//!   moves, the final sum and reward, and per move the agent's choice, the optimal value before
//!   it, the value it kept and the regret.
//! - `solve [--moves TEXT]`: the optimum from that state: value, the closest final sum, an
//!   optimal line, how many lines reach it, and each action's optimal value.

mod report;

use clap::{Args, Subcommand};
use searchlab::agents::params::SUMZERO;
use searchlab::agents::sumzero::{AgentSpec, Algorithm};
use searchlab::games::sumzero::SumZero;

use crate::args::{flag_error, print_line, spec_error, CliResult};
use crate::flag_ranges::{table_float, table_int, SEED};
use crate::flag_values::{named, named_values};
use crate::GameCli;
use report::{play, solve, PlayOptions, SolveOptions};

named_values!(Algorithm);

/// The `sumzero` commands.
#[derive(Subcommand)]
pub enum SumzeroCommand {
    /// Play one game with an agent, each move beside the exact optimum and its regret
    Play(PlayFlags),
    /// The exact optimum from a state: its value, an optimal line and each action's value
    Solve(SolveFlags),
}

impl GameCli for SumzeroCommand {
    const NAME: &'static str = "sumzero";
    const ABOUT: &'static str =
        "Sum to zero: the planning note's toy game for UCT, beside its exact optimum";

    fn run(self) -> CliResult<()> {
        match self {
            SumzeroCommand::Play(flags) => flags.run(),
            SumzeroCommand::Solve(flags) => flags.run(),
        }
    }
}

/// The state to start from.
#[derive(Args)]
struct FromFlags {
    /// The amounts already played, e.g. '+20 -18' (default: the start)
    #[arg(long, value_name = "TEXT")]
    moves: Option<String>,
}

impl FromFlags {
    /// The state `--moves` describes, or the start.
    fn state(&self) -> CliResult<SumZero> {
        match &self.moves {
            None => Ok(SumZero::start()),
            Some(text) => text.parse().map_err(|e| flag_error("moves", e)),
        }
    }
}

/// The flags of `sumzero play`.
#[derive(Args)]
pub struct PlayFlags {
    /// The agent: mcts (UCT) or exhaustive (the exact optimum)
    #[arg(long, value_name = "ALGO", value_parser = named::<Algorithm>())]
    algo: Algorithm,
    #[arg(long, value_name = "K", value_parser = table_float(&SUMZERO, "uct"),
          help = table_float(&SUMZERO, "uct").help("mcts: UCT's exploration constant K"),
          default_value_t = AgentSpec::new(Algorithm::Mcts).uct)]
    uct: f64,
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = table_int(&SUMZERO, "iterations"),
          help = table_int(&SUMZERO, "iterations").help("mcts: iterations per move"))]
    iterations: u64,
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = SEED,
          help = SEED.help("The seed of the agent's random choices"))]
    seed: u64,
    #[command(flatten)]
    from: FromFlags,
}

impl PlayFlags {
    fn run(self) -> CliResult<()> {
        let spec = AgentSpec {
            uct: self.uct,
            ..AgentSpec::new(self.algo)
        };
        spec.validate().map_err(spec_error)?;
        let options = PlayOptions {
            spec,
            iterations: self.iterations,
            seed: self.seed,
            from: self.from.state()?,
        };
        print_line(serde_json::to_string(&play(&options)?)?)
    }
}

/// The flags of `sumzero solve`.
#[derive(Args)]
pub struct SolveFlags {
    #[command(flatten)]
    from: FromFlags,
}

impl SolveFlags {
    fn run(self) -> CliResult<()> {
        let options = SolveOptions {
            from: self.from.state()?,
        };
        print_line(serde_json::to_string(&solve(&options))?)
    }
}
