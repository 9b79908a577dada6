//! The flags that configure a Bait agent (`bait solve`): one per parameter of
//! `searchlab::agents::bait::AgentSpec`, with the spec's defaults; the spec checks the ranges,
//! and the parameters the page shares with the command line take their help from the parameter
//! table (`agents::params::BAIT`).

use clap::{Args, ValueEnum};
use searchlab::agents::bait::{AgentSpec, Algorithm, Bound, DFS_DEPTH};
use searchlab::agents::params::{Kind, BAIT};
use searchlab::search::kb_fast_evo::{Distance, FeatureScale, FeatureTypes, Rollouts, Value};
use searchlab::search::node_store::KeyMode;

use crate::args::{spec_error, CliResult};
use crate::flag_ranges::{MEMORY_MB, NODE_LIMIT};
use crate::flag_values::{named, named_values, number};

named_values!(
    Algorithm,
    Bound,
    Rollouts,
    Value,
    FeatureTypes,
    Distance,
    FeatureScale
);

/// A parameter's help as the parameter table (`agents::params::BAIT`) states it, prefixed with
/// the algorithms that read it and followed by its range: "mcts: How much MCTS explores: ...
/// (0 to 100)".
fn table_help(key: &str) -> String {
    let param = BAIT.param(key);
    let algos = param.algos.join(", ");
    match param.kind {
        Kind::Int { min, max, .. } => format!("{algos}: {} ({min} to {max})", param.help),
        Kind::Float { min, max, .. } | Kind::Floats { min, max, .. } => {
            format!("{algos}: {} ({min} to {max})", param.help)
        }
        // clap lists the options itself.
        Kind::Choice { .. } => format!("{algos}: {}", param.help),
    }
}

/// A Bait agent's flags.
#[derive(Args)]
pub struct BaitAgentFlags {
    /// The algorithm: bfs, dfs, astar and wastar plan from the start to the end; dls plans
    /// partial plans and plays them; mcts, rhea and kbfe (KB Fast-Evo MCTS) choose each action
    /// under a budget
    #[arg(long, value_name = "ALGO", value_parser = named::<Algorithm>())]
    algo: Algorithm,
    #[arg(long, value_name = "N", value_parser = number::<u32>,
          help = format!("dls: the depth limit, default 5 ({} to {}); dfs: the deepest state it expands, default none ({} to {})",
                         BAIT.int_range("depth").0, BAIT.int_range("depth").1, DFS_DEPTH.start(), DFS_DEPTH.end()))]
    depth: Option<u32>,
    #[arg(long, value_name = "BOUND", value_parser = named::<Bound>(), help = table_help("heuristic"),
          default_value = AgentSpec::default().heuristic.name())]
    heuristic: Bound,
    #[arg(long, value_name = "W", value_parser = number::<f64>, help = table_help("weight"),
          default_value_t = AgentSpec::default().weight)]
    weight: f64,
    #[arg(long, value_name = "K", value_parser = number::<f64>, help = table_help("uct"),
          default_value_t = AgentSpec::default().uct)]
    uct: f64,
    #[arg(long, value_name = "N", value_parser = number::<u32>, help = table_help("rollout-depth"),
          default_value_t = AgentSpec::default().rollout_depth)]
    rollout_depth: u32,
    #[arg(long, value_name = "HOW", value_parser = named::<Rollouts>(), help = table_help("rollouts"),
          default_value = AgentSpec::default().rollouts.name())]
    rollouts: Rollouts,
    #[arg(long, value_name = "HOW", value_parser = named::<Value>(), help = table_help("value"),
          default_value = AgentSpec::default().value.name())]
    value: Value,
    #[arg(long, value_name = "A", value_parser = number::<f64>, help = table_help("alpha"),
          default_value_t = AgentSpec::default().alpha)]
    alpha: f64,
    #[arg(long, value_name = "B", value_parser = number::<f64>, help = table_help("beta"),
          default_value_t = AgentSpec::default().beta)]
    beta: f64,
    #[arg(long, value_name = "TYPES", value_parser = named::<FeatureTypes>(), help = table_help("features"),
          default_value = AgentSpec::default().features.name())]
    features: FeatureTypes,
    #[arg(long, value_name = "HOW", value_parser = named::<Distance>(), help = table_help("distance"),
          default_value = AgentSpec::default().distance.name())]
    distance: Distance,
    #[arg(long, value_name = "UNIT", value_parser = named::<FeatureScale>(), help = table_help("feature-scale"),
          default_value = AgentSpec::default().feature_scale.name())]
    feature_scale: FeatureScale,
    /// kbfe: keep the evolved weights and the ES between moves (the paper starts afresh)
    #[arg(long)]
    keep_weights: bool,
    #[arg(long, value_name = "N", value_parser = number::<usize>, help = table_help("population"),
          default_value_t = AgentSpec::default().population)]
    population: usize,
    #[arg(long, value_name = "N", value_parser = number::<usize>, help = table_help("horizon"),
          default_value_t = AgentSpec::default().horizon)]
    horizon: usize,
    #[arg(long, value_name = "N", value_parser = number::<u64>, help = table_help("plan-iterations"),
          default_value_t = AgentSpec::default().plan_iterations)]
    plan_iterations: u64,
    #[arg(long, value_name = "N", value_parser = NODE_LIMIT, default_value_t = AgentSpec::default().limits.max_nodes,
          help = NODE_LIMIT.help("The most states one search expands"))]
    max_nodes: u64,
    #[arg(long, value_name = "MB", value_parser = MEMORY_MB, default_value_t = AgentSpec::default().limits.max_memory_bytes >> 20,
          help = MEMORY_MB.help("The most memory one search uses, in MiB"))]
    max_memory_mb: u64,
    /// How planners remember the states they have seen: whole keys, or 64-bit fingerprints
    /// (8 bytes a state; two states may merge, with probability about n²/2⁶⁵)
    #[arg(long, value_name = "MODE", value_enum, default_value_t = Keys::Exact)]
    keys: Keys,
}

/// `--keys`: how planners remember visited states.
#[derive(Clone, Copy, ValueEnum)]
enum Keys {
    Exact,
    Fingerprint,
}

impl BaitAgentFlags {
    /// The agent these flags describe, validated; an error names the flag.
    pub fn spec(&self) -> CliResult<AgentSpec> {
        let mut spec = AgentSpec {
            algo: self.algo,
            depth: self.depth,
            heuristic: self.heuristic,
            weight: self.weight,
            uct: self.uct,
            rollout_depth: self.rollout_depth,
            rollouts: self.rollouts,
            value: self.value,
            alpha: self.alpha,
            beta: self.beta,
            features: self.features,
            distance: self.distance,
            feature_scale: self.feature_scale,
            keep_weights: self.keep_weights,
            population: self.population,
            horizon: self.horizon,
            plan_iterations: self.plan_iterations,
            keys: match self.keys {
                Keys::Exact => KeyMode::Exact,
                Keys::Fingerprint => KeyMode::Fingerprint,
            },
            ..AgentSpec::default()
        };
        spec.limits.max_nodes = self.max_nodes;
        spec.limits.max_memory_bytes = self.max_memory_mb.saturating_mul(1 << 20);
        spec.validate().map_err(spec_error)?;
        Ok(spec)
    }
}
