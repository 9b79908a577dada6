//! The flags that configure a 2048 agent (`2048 play`): the algorithm, its parameters and how
//! long each move may think. `searchlab::agents::g2048::AgentSpec` holds the defaults and checks
//! the ranges; these flags add what the command line decides (which flags fit which algorithm,
//! and the budget per move).
//!
//! Expectimax: `--depth N` fixes the deepest iteration (player moves); without it the depth
//! adapts to the board (`eval::adaptive_depth` from 4 to 16: nneonneo's rule). `--cutoff P` is
//! the chance-probability cutoff (default 1e-3, the setting measured in BENCHMARKS.md; nneonneo
//! uses 1e-4). `--iterations N` caps expansions per move and `--budget-ms N` the time per move
//! (iterative deepening to depth 32 unless `--depth` says otherwise); without either the search
//! runs once, straight to its depth. `--budget-ms` makes games depend on the machine's speed, so
//! only the node budgets replay exactly. MCTS takes `--uct C`, the exploration constant
//! (default √2, as the page's), `--spawns averaged|branched`: the course's open-loop tree, or
//! one that branches on each spawn (closed loop; see `searchlab::search::mcts`), and
//! `--tree-depth N`: the deepest tree node in moves from the root (default no limit, as the
//! course's; 1 is flat Monte Carlo); without a budget it thinks one second a move.

use clap::Args;
use searchlab::agents::g2048::{AgentSpec, Algorithm, Spawns, SEARCH_LIMITS};
use searchlab::agents::params::{Kind, G2048 as G2048_PARAMS};

use crate::args::{flag_error, spec_error, CliError, CliResult};
use crate::flag_ranges::{CUTOFF, MILLIS, WORK};
use crate::flag_values::{named, named_values, number};

named_values!(Algorithm, Spawns);

/// A parameter's help as the parameter table (`agents::params::G2048`) states it, with the
/// algorithms that read it and what the command line does when the flag is left out.
fn table_help(key: &str, when_left_out: &str) -> String {
    let param = G2048_PARAMS.param(key);
    let range = match param.kind {
        Kind::Int { min, max, .. } => format!("{min} to {max}; "),
        Kind::Float { min, max, .. } => format!("{min} to {max}; "),
        _ => String::new(),
    };
    format!(
        "{}: {} ({range}{when_left_out})",
        param.algos.join(", "),
        param.help
    )
}

/// How long each move may search.
#[derive(Clone, Copy)]
pub enum Budget {
    /// Expectimax runs to its depth (greedy and random answer at once).
    ToDepth,
    /// At most this many work units (MCTS iterations, expectimax expansions).
    Expansions(u64),
    /// This many milliseconds of wall-clock time.
    Millis(u64),
}

impl Budget {
    /// The work units one move may spend (`u64::MAX`: until its search finishes or time is up).
    pub fn per_move(self) -> u64 {
        match self {
            Budget::Expansions(n) => n,
            Budget::ToDepth | Budget::Millis(_) => u64::MAX,
        }
    }
}

/// MCTS's time per move when no budget is given: the course's one second.
const MCTS_DEFAULT_MS: u64 = 1000;
/// Deepest iteration when only a time budget bounds the search.
const TIME_MODE_MAX_DEPTH: u32 = 32;

/// A 2048 agent's flags.
#[derive(Args)]
pub struct G2048AgentFlags {
    /// The agent: the course's MCTS, expectimax, greedy (one move ahead) or random
    #[arg(long, value_name = "ALGO", value_parser = named::<Algorithm>(),
          default_value = Algorithm::Expectimax.name())]
    algo: Algorithm,
    #[arg(long, value_name = "N", value_parser = number::<u32>,
          help = table_help("depth", "default: adapts to the board, 4 to 16"))]
    depth: Option<u32>,
    #[arg(long, value_name = "P", value_parser = CUTOFF,
          help = CUTOFF.help("expectimax: chance branches less likely than P are evaluated, not searched (default 1e-3)"))]
    cutoff: Option<f64>,
    #[arg(long, value_name = "C", value_parser = number::<f64>,
          help = table_help("uct", "default √2, as the page's"))]
    uct: Option<f64>,
    #[arg(long, value_name = "SPAWNS", value_parser = named::<Spawns>(),
          help = table_help("spawns", "default averaged"))]
    spawns: Option<Spawns>,
    #[arg(long, value_name = "N", value_parser = number::<u32>,
          help = table_help("tree-depth", "default no limit, as the course's"))]
    tree_depth: Option<u32>,
    #[arg(long, value_name = "N", value_parser = WORK, conflicts_with = "budget_ms",
          help = WORK.help("mcts and expectimax: work units per move (MCTS iterations, expectimax expansions)"))]
    iterations: Option<u64>,
    #[arg(long, value_name = "MS", value_parser = MILLIS,
          help = MILLIS.help("mcts and expectimax: milliseconds per move (MCTS's default is 1000)"))]
    budget_ms: Option<u64>,
}

impl G2048AgentFlags {
    /// The agent and its budget per move, validated; an error names the flag.
    pub fn policy(&self) -> CliResult<(AgentSpec, Budget)> {
        let algo = self.algo;
        let (mcts, expectimax) = (Algorithm::Mcts, Algorithm::Expectimax);
        // Each flag that only one algorithm takes: whether it was given, and for which.
        let only_for = [
            (
                "uct",
                self.uct.is_some(),
                mcts,
                "only MCTS has an exploration constant",
            ),
            (
                "spawns",
                self.spawns.is_some(),
                mcts,
                "only MCTS has a tree over spawns",
            ),
            (
                "tree-depth",
                self.tree_depth.is_some(),
                mcts,
                "only MCTS has a tree depth",
            ),
            (
                "cutoff",
                self.cutoff.is_some(),
                expectimax,
                "only expectimax takes it",
            ),
        ];
        let misplaced = only_for
            .iter()
            .find(|(_, given, only, _)| *given && algo != *only);
        if let Some((flag, _, _, what)) = misplaced {
            return Err(flag_error(
                flag,
                format!("{what}, not --algo {}", algo.name()),
            ));
        }
        let budget = match (self.iterations, self.budget_ms) {
            (Some(n), _) => Budget::Expansions(n),
            (None, Some(ms)) => Budget::Millis(ms),
            (None, None) => Budget::ToDepth,
        };
        let defaults = AgentSpec::default();
        let spec = AgentSpec {
            algo,
            depth: self.depth,
            limits: SEARCH_LIMITS,
            ..defaults
        };
        let (spec, budget) = match algo {
            Algorithm::Random | Algorithm::Greedy
                if self.depth.is_some() || !matches!(budget, Budget::ToDepth) =>
            {
                return Err(CliError(format!(
                    "--algo {}: takes no --depth, --iterations or --budget-ms",
                    algo.name()
                )))
            }
            Algorithm::Random | Algorithm::Greedy => (spec, budget),
            Algorithm::Mcts if self.depth.is_some() => {
                return Err(flag_error(
                    "depth",
                    "MCTS takes no depth (its rollouts run to the end of the game)",
                ))
            }
            Algorithm::Mcts => {
                let spec = AgentSpec {
                    uct: self.uct.unwrap_or(defaults.uct),
                    spawns: self.spawns.unwrap_or(defaults.spawns),
                    tree_depth: self.tree_depth,
                    ..spec
                };
                let budget = match budget {
                    Budget::ToDepth => Budget::Millis(MCTS_DEFAULT_MS),
                    other => other,
                };
                (spec, budget)
            }
            Algorithm::Expectimax => {
                let depth = match (self.depth, budget) {
                    (None, Budget::Millis(_)) => Some(TIME_MODE_MAX_DEPTH),
                    (depth, _) => depth,
                };
                let spec = AgentSpec {
                    depth,
                    min_probability: self.cutoff.unwrap_or(defaults.min_probability),
                    // Searching to its depth, only the final iteration counts.
                    iterative: !matches!(budget, Budget::ToDepth),
                    ..spec
                };
                (spec, budget)
            }
        };
        spec.validate().map_err(spec_error)?;
        Ok((spec, budget))
    }
}
