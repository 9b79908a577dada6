//! `searchlab vgdl solve --game G --level L --algo bfs|astar|wastar|dfs`: plans from the start
//! to a win over GVGAI's four moves and prints one JSON line (`plan`, `length`, `expanded`, ...).
//! `astar` is A* with the interpreter's admissible [`LowerBound`] (h = 0 for a game it does not
//! cover); `wastar` is weighted A* (`--weight`) with the [`Guidance`] guess, for a win when the
//! exact searches run out. BFS and A* plans are shortest (`shortest: true`); weighted A* and DFS
//! plans are not. `--max-nodes` and `--max-memory-mb` stop a search with
//! `"status":"limit_reached"`.

use std::time::Instant;

use clap::{Args, ValueEnum};
use serde::Serialize;

use searchlab::game::Game;
use searchlab::games::vgdl::heuristic::LowerBound;
use searchlab::games::vgdl::{Outcome, VgdlState};
use searchlab::search::astar::Weight;
use searchlab::search::{Limit, Limits, Progress};
use searchlab::speed::vgdl::{vgdl_plan, VgdlPlanner};

use super::LevelFlags;
use crate::args::{flag_error, print_line, CliResult};
use crate::flag_ranges::{MEMORY_MB, NODE_LIMIT, WEIGHT};

/// The planners `vgdl solve` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Planner {
    /// Breadth-first search: shortest plans
    Bfs,
    /// A* with the interpreter's admissible lower bound (h = 0 where it has none): shortest plans
    Astar,
    /// Weighted A* with a guess at the distance to a win: some plan, not the shortest
    Wastar,
    /// Depth-first search: some plan, not the shortest
    Dfs,
}

impl Planner {
    /// The library's planner of that name.
    fn library(self) -> VgdlPlanner {
        match self {
            Planner::Bfs => VgdlPlanner::Bfs,
            Planner::Astar => VgdlPlanner::Astar,
            Planner::Wastar => VgdlPlanner::Wastar,
            Planner::Dfs => VgdlPlanner::Dfs,
        }
    }

    pub fn name(self) -> &'static str {
        self.library().name()
    }
}

/// The search limits of a planner.
#[derive(Args)]
pub struct LimitFlags {
    #[arg(long, value_name = "N", value_parser = NODE_LIMIT, default_value_t = Limits::default().max_nodes,
          help = NODE_LIMIT.help("Most states the search expands before it stops with \"limit reached\""))]
    pub max_nodes: u64,
    #[arg(long, value_name = "MB", value_parser = MEMORY_MB, default_value_t = Limits::default().max_memory_bytes >> 20,
          help = MEMORY_MB.help("Most MiB of search memory (estimated) before it stops with \"limit reached\""))]
    pub max_memory_mb: u64,
}

impl LimitFlags {
    pub fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            max_memory_bytes: self.max_memory_mb.saturating_mul(1 << 20),
        }
    }
}

/// The flags of `vgdl solve`.
#[derive(Args)]
pub struct SolveFlags {
    #[command(flatten)]
    level: LevelFlags,
    /// The planner
    #[arg(long, value_enum)]
    algo: Planner,
    #[arg(long, value_name = "W", value_parser = WEIGHT, default_value_t = 3.0,
          help = WEIGHT.help("The heuristic weight of wastar, to hundredths"))]
    weight: f64,
    #[command(flatten)]
    limits: LimitFlags,
}

/// What `solve` prints.
#[derive(Serialize)]
pub struct Report {
    pub algo: &'static str,
    /// The interpreter's lower bound for A*: how many touch and push parts it has (`null`: none,
    /// A* ran with h = 0). Only reported for `astar` and `wastar`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heuristic_parts: Option<Option<(usize, usize)>>,
    /// The weight of `wastar`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<f64>,
    pub solved: bool,
    pub outcome: &'static str,
    /// `solved`, `exhausted` (no plan exists) or `limit_reached`.
    pub status: &'static str,
    pub limit: Option<Limit>,
    /// Whether `length` is proved the fewest moves that win.
    pub shortest: bool,
    pub plan: String,
    pub length: usize,
    pub score: i32,
    pub expanded: u64,
    pub generated: u64,
    pub max_frontier: u64,
    pub max_depth: u32,
    pub stored: u64,
    pub elapsed_ms: f64,
    /// Peak resident memory of the whole process (Linux only).
    pub peak_rss_mib: Option<f64>,
}

impl SolveFlags {
    /// Solves the level and prints the report.
    pub fn run(self) -> CliResult<()> {
        let start = self.level.load()?;
        let weight = Weight::from_f64(self.weight).map_err(|e| flag_error("weight", e.reason))?;
        let report = solve(&start, self.algo, self.limits.limits(), weight);
        print_line(serde_json::to_string(&report)?)?;
        Ok(())
    }
}

/// Runs `planner` from `start` under `limits` (`weight` is used by `wastar` only).
pub fn solve(start: &VgdlState, planner: Planner, limits: Limits, weight: Weight) -> Report {
    let began = Instant::now();
    let heuristic_parts = matches!(planner, Planner::Astar | Planner::Wastar)
        .then(|| LowerBound::new(start.world()).map(|b| b.parts()));
    let run = vgdl_plan(start, planner.library(), limits, weight);
    let (progress, plan, stats) = (run.progress, &run.plan, run.stats);
    let elapsed_ms = began.elapsed().as_secs_f64() * 1e3;
    let mut state = start.clone();
    for &action in plan {
        state.apply(action);
    }
    let (status, limit) = match progress {
        Progress::Solved => ("solved", None),
        Progress::Exhausted => ("exhausted", None),
        Progress::LimitReached(which) => ("limit_reached", Some(which)),
        Progress::Running => ("running", None),
    };
    Report {
        algo: planner.name(),
        heuristic_parts,
        weight: (planner == Planner::Wastar).then(|| weight.as_f64()),
        solved: state.is_won(),
        outcome: match state.outcome() {
            Outcome::Won => "won",
            Outcome::Lost => "lost",
            Outcome::Running => "running",
        },
        status,
        limit,
        shortest: run.shortest(planner.library()),
        plan: plan.iter().map(|a| a.letter()).collect(),
        length: plan.len(),
        score: state.score(),
        expanded: stats.expanded,
        generated: stats.generated,
        max_frontier: stats.max_frontier,
        max_depth: stats.max_depth,
        stored: stats.stored,
        elapsed_ms: (elapsed_ms * 1e3).round() / 1e3,
        peak_rss_mib: crate::peak_memory::peak_rss_mib(),
    }
}
