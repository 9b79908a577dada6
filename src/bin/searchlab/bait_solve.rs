//! `searchlab bait solve`: run one configured agent on a level and report the result as JSON.
//!
//! Planners (`bfs`, `dfs`, `astar`, `wastar`) search from the start to the end and print the
//! plan. `dls`, `mcts` and `rhea` play the level move by move, as GVGAI's game loop does: `dls`
//! executes each partial plan and plans again when it runs out (the course's Task 2); `mcts` and
//! `rhea` get a fresh search per action under `--budget-ms` (wall clock, default 40) or
//! `--iterations`, and NIL when they have no answer. Every search is seeded from `--seed`.

use std::rc::Rc;
use std::time::Instant;

use serde::Serialize;

use searchlab::agents::bait::{AgentSpec, Algorithm, Bound};
use searchlab::game::Game;
use searchlab::games::bait::{Action, BaitState, Level, Outcome};
use searchlab::rng::Rng;
use searchlab::search::node_store::KeyMode;
use searchlab::search::{run_to_end, Limit, NoObserver, Progress, Search, Stats};

use crate::args::{print_line, CliError, CliResult, Flags};

/// Work between two clock readings of a time-budgeted search.
const SLICE: u64 = 16;

/// How much an anytime agent may think per action.
#[derive(Clone, Copy, Debug)]
enum ActBudget {
    Millis(f64),
    Iterations(u64),
}

/// What `solve` prints.
#[derive(Serialize)]
struct Report {
    algo: &'static str,
    solved: bool,
    outcome: &'static str,
    /// Planners: `solved`, `exhausted` or `limit_reached`. Players: `solved`, `lost`,
    /// `move_cap` or `stuck` (no action proposed).
    status: &'static str,
    limit: Option<Limit>,
    plan: String,
    length: usize,
    score: i32,
    expanded: u64,
    generated: u64,
    max_frontier: u64,
    max_depth: u32,
    stored: u64,
    searches: u64,
    elapsed_ms: f64,
    /// Peak resident memory of the whole process (Linux only).
    peak_rss_mib: Option<f64>,
}

/// Runs `bait solve`.
pub fn solve_command(flags: &Flags, level: Level) -> CliResult<()> {
    let spec = spec_from_flags(flags)?;
    let seed: u64 = flags.get_or("seed", 0)?;
    let budget = match (
        flags.get::<f64>("budget-ms")?,
        flags.get::<u64>("iterations")?,
    ) {
        (Some(_), Some(_)) => {
            return Err(CliError(
                "--budget-ms and --iterations: give one or the other".into(),
            ))
        }
        (None, Some(0)) => return Err(CliError("--iterations: must be at least 1".into())),
        (None, Some(n)) => ActBudget::Iterations(n),
        (Some(ms), None) if ms > 0.0 && ms <= 3_600_000.0 => ActBudget::Millis(ms),
        (Some(ms), None) => {
            return Err(CliError(format!(
                "--budget-ms: must be above 0 and at most 3600000, got {ms}"
            )))
        }
        (None, None) => ActBudget::Millis(40.0),
    };
    let max_moves: usize = flags.get_or("max-moves", level.tick_limit() as usize + 1)?;
    flags.finish()?; // a mistyped flag fails now, not after a long search
    let start = BaitState::new(Rc::new(level));
    let began = Instant::now();
    let (moves, status, limit, stats, searches) = match spec.algo {
        Algorithm::Bfs | Algorithm::Dfs | Algorithm::Astar | Algorithm::Wastar => {
            plan_from_start(&spec, &start)?
        }
        Algorithm::Dls | Algorithm::Mcts | Algorithm::Rhea => {
            play(&spec, &start, seed, budget, max_moves)?
        }
    };
    let elapsed_ms = began.elapsed().as_secs_f64() * 1e3;
    let mut state = start;
    for &action in &moves {
        state.apply(action);
    }
    let report = Report {
        algo: spec.algo.name(),
        solved: state.is_won(),
        outcome: match state.outcome() {
            Outcome::Won => "won",
            Outcome::Lost => "lost",
            Outcome::Running => "running",
        },
        status,
        limit,
        plan: moves.iter().map(|a| a.letter()).collect(),
        length: moves.len(),
        score: state.score(),
        expanded: stats.expanded,
        generated: stats.generated,
        max_frontier: stats.max_frontier,
        max_depth: stats.max_depth,
        stored: stats.stored,
        searches,
        elapsed_ms: (elapsed_ms * 1e3).round() / 1e3,
        peak_rss_mib: crate::peak_memory::peak_rss_mib(),
    };
    print_line(serde_json::to_string(&report)?)?;
    Ok(())
}

/// The agent the flags describe; errors name the flag.
fn spec_from_flags(flags: &Flags) -> CliResult<AgentSpec> {
    let algo = Algorithm::parse(&flags.require::<String>("algo")?)
        .map_err(|e| CliError(format!("--{e}")))?;
    let mut spec = AgentSpec {
        algo,
        ..AgentSpec::default()
    };
    spec.depth = flags.get("depth")?;
    if let Some(name) = flags.text("heuristic") {
        spec.heuristic = Bound::parse(name).map_err(|e| CliError(format!("--{e}")))?;
    }
    spec.weight = flags.get_or("weight", spec.weight)?;
    spec.uct = flags.get_or("uct", spec.uct)?;
    spec.rollout_depth = flags.get_or("rollout-depth", spec.rollout_depth)?;
    spec.population = flags.get_or("population", spec.population)?;
    spec.horizon = flags.get_or("horizon", spec.horizon)?;
    spec.limits.max_nodes = flags.get_or("max-nodes", spec.limits.max_nodes)?;
    if let Some(mb) = flags.get::<u64>("max-memory-mb")? {
        spec.limits.max_memory_bytes = mb.saturating_mul(1 << 20);
    }
    spec.keys = match flags.text("keys") {
        None | Some("exact") => KeyMode::Exact,
        Some("fingerprint") => KeyMode::Fingerprint,
        Some(other) => {
            return Err(CliError(format!(
                "--keys: unknown mode '{other}' (expected exact or fingerprint)"
            )))
        }
    };
    spec.validate()
        .map_err(|e| CliError(format!("--{}: {}", e.field.replace('_', "-"), e.message)))?;
    Ok(spec)
}

type Played = (Vec<Action>, &'static str, Option<Limit>, Stats, u64);

/// Runs a planner from the start to its end.
fn plan_from_start(spec: &AgentSpec, start: &BaitState) -> CliResult<Played> {
    let mut search = spec.build(start, 0, NoObserver)?;
    let progress = run_to_end(search.as_mut(), 1 << 16);
    let (status, limit) = status_of(progress);
    let plan = if progress == Progress::Solved {
        search.principal_variation()
    } else {
        Vec::new()
    };
    Ok((plan, status, limit, search.stats(), 1))
}

/// Plays move by move: a fresh search per decision, seeded per decision.
fn play(
    spec: &AgentSpec,
    start: &BaitState,
    seed: u64,
    budget: ActBudget,
    max_moves: usize,
) -> CliResult<Played> {
    let mut state = start.clone();
    let mut moves = Vec::new();
    let mut total = Stats::default();
    let mut searches = 0;
    let mut limit = None;
    while !state.is_over() && moves.len() < max_moves {
        let mut search = spec.build(&state, Rng::derive(seed, searches), NoObserver)?;
        searches += 1;
        let progress = if spec.algo.is_anytime() {
            think(search.as_mut(), budget)
        } else {
            run_to_end(search.as_mut(), 1 << 16)
        };
        if let Progress::LimitReached(which) = progress {
            limit = Some(which);
        }
        accumulate(&mut total, &search.stats());
        let decided = if spec.algo.is_anytime() {
            vec![search.best_action().unwrap_or(Action::Nil)]
        } else {
            search.principal_variation()
        };
        if decided.is_empty() {
            return Ok((moves, "stuck", limit, total, searches));
        }
        for action in decided {
            if state.is_over() || moves.len() >= max_moves {
                break;
            }
            state.apply(action);
            moves.push(action);
        }
    }
    let status = if state.is_over() {
        "solved"
    } else {
        "move_cap"
    };
    let status = if state.is_over() && !state.is_won() {
        "lost"
    } else {
        status
    };
    Ok((moves, status, limit, total, searches))
}

/// Runs an anytime search for one decision's budget. A time budget stops early enough that the
/// next slice would not overrun it, the way GVGAI's agents keep an average iteration time.
fn think(search: &mut dyn Search<BaitState>, budget: ActBudget) -> Progress {
    match budget {
        ActBudget::Iterations(n) => search.step(n),
        ActBudget::Millis(ms) => {
            let began = Instant::now();
            let mut slices = 0u32;
            loop {
                let progress = search.step(SLICE);
                slices += 1;
                let spent = began.elapsed().as_secs_f64() * 1e3;
                let per_slice = spent / f64::from(slices);
                if progress.is_finished() || spent + per_slice >= ms {
                    return progress;
                }
            }
        }
    }
}

fn status_of(progress: Progress) -> (&'static str, Option<Limit>) {
    match progress {
        Progress::Solved => ("solved", None),
        Progress::Exhausted => ("exhausted", None),
        Progress::LimitReached(which) => ("limit_reached", Some(which)),
        Progress::Running => ("running", None),
    }
}

/// Adds one search's counters to a game's: sums of work, maxima of sizes.
fn accumulate(total: &mut Stats, one: &Stats) {
    total.expanded += one.expanded;
    total.generated += one.generated;
    total.iterations += one.iterations;
    total.max_frontier = total.max_frontier.max(one.max_frontier);
    total.max_depth = total.max_depth.max(one.max_depth);
    total.stored = total.stored.max(one.stored);
}
