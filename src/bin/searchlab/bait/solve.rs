//! `searchlab bait solve`: run one configured agent on a level and report the result as JSON.
//!
//! Planners (`bfs`, `dfs`, `astar`, `wastar`) search from the start to the end and print the
//! plan. `dls`, `mcts`, `rhea` and `kbfe` play the level move by move, as GVGAI's game loop does: `dls`
//! executes each partial plan and plans again when it runs out (the course's Task 2); `mcts` and
//! `rhea` get a fresh search per action under `--budget-ms` (wall clock, default 40) or
//! `--iterations`, and NIL when they have no answer; with `--plan` they plan the whole game
//! first, committing to one move after another (`--plan-iterations` each, `--max-nodes` in all;
//! `searchlab::search::committed_plan`), and the plan so far is printed whatever ends it.
//! Every search is seeded from `--seed`.

use std::rc::Rc;
use std::time::Instant;

use clap::Args;
use serde::Serialize;

use searchlab::agents::bait::{AgentSpec, Algorithm};
use searchlab::agents::puzzle::PuzzleAgent;
use searchlab::agents::Agent;
use searchlab::game::Game;
use searchlab::games::bait::{Action, BaitState, Level, Outcome};
use searchlab::rng::Rng;
use searchlab::search::kb_fast_evo::new_memory;
use searchlab::search::{run_to_end, Limit, NoObserver, Progress, Search, Stats};

use super::agent_flags::BaitAgentFlags;
use super::LevelFlags;
use crate::args::{flag_error, print_line, CliResult};
use crate::flag_ranges::{ACTION_MILLIS, MAX_MOVES, SEED, WORK};

/// The flags of `bait solve`.
#[derive(Args)]
pub struct SolveFlags {
    #[command(flatten)]
    level: LevelFlags,
    #[command(flatten)]
    agent: BaitAgentFlags,
    #[arg(long, value_name = "MS", value_parser = ACTION_MILLIS, conflicts_with = "iterations",
          help = ACTION_MILLIS.help("mcts, rhea and kbfe: wall-clock milliseconds per action (default 40, GVGAI's budget)"))]
    budget_ms: Option<f64>,
    #[arg(long, value_name = "N", value_parser = WORK,
          help = WORK.help("mcts, rhea and kbfe: iterations per action instead of a time budget (replays exactly)"))]
    iterations: Option<u64>,
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = SEED,
          help = SEED.help("Seed of the searches (each decision's search is seeded from it)"))]
    seed: u64,
    /// mcts, rhea and kbfe: plan the whole game before playing, committing to each move after
    /// --plan-iterations iterations, until a win, a loss, the tick limit or --max-nodes
    /// expansions in all
    #[arg(long, conflicts_with_all = ["budget_ms", "iterations", "max_moves"])]
    plan: bool,
    #[arg(long, value_name = "N", value_parser = MAX_MOVES,
          help = MAX_MOVES.help("dls, mcts, rhea and kbfe: the most actions played (default: the tick limit + 1)"))]
    max_moves: Option<usize>,
}

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

impl SolveFlags {
    /// Solves or plays the level and prints the report.
    pub fn run(self) -> CliResult<()> {
        let level = self.level.load()?;
        let spec = self.agent.spec()?;
        let budget = match (self.budget_ms, self.iterations) {
            (_, Some(n)) => ActBudget::Iterations(n),
            (Some(ms), None) => ActBudget::Millis(ms),
            (None, None) => ActBudget::Millis(40.0),
        };
        if self.plan && !spec.algo.is_anytime() {
            return Err(flag_error(
                "plan",
                "applies to mcts, rhea and kbfe (the other algorithms always plan)",
            ));
        }
        let max_moves = self.max_moves.unwrap_or(level.tick_limit() as usize + 1);
        let how = if self.plan {
            How::Plan
        } else {
            How::Act(budget, max_moves)
        };
        solve_level(&spec, level, self.seed, how)
    }
}

/// How `dls`, `mcts`, `rhea` and `kbfe` run: playing move by move under a budget, at most so many
/// moves, or (`mcts`, `rhea`) planning the whole game first.
#[derive(Clone, Copy, Debug)]
enum How {
    Act(ActBudget, usize),
    Plan,
}

/// Runs the agent on `level` and prints its [`Report`].
fn solve_level(spec: &AgentSpec, level: Level, seed: u64, how: How) -> CliResult<()> {
    let start = BaitState::new(Rc::new(level));
    let began = Instant::now();
    let (moves, status, limit, stats, searches) = match (spec.algo, how) {
        (Algorithm::Bfs | Algorithm::Dfs | Algorithm::Astar | Algorithm::Wastar, _) => {
            plan_from_start(spec, &start)?
        }
        (_, How::Plan) => plan_committed(spec, &start, seed)?,
        (
            Algorithm::Dls | Algorithm::Mcts | Algorithm::Rhea | Algorithm::Kbfe,
            How::Act(budget, max_moves),
        ) => play(spec, &start, seed, budget, max_moves)?,
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

/// Plans the whole game with MCTS or RHEA committing to one move after another; the plan so
/// far whatever ends it. `searches` counts the moves searched.
fn plan_committed(spec: &AgentSpec, start: &BaitState, seed: u64) -> CliResult<Played> {
    let mut search = spec.build_plan(start, seed, NoObserver)?;
    let progress = run_to_end(search.as_mut(), 1 << 16);
    let (status, limit) = status_of(progress);
    let plan = search.principal_variation();
    let searches = plan.len() as u64 + u64::from(matches!(progress, Progress::LimitReached(_)));
    Ok((plan, status, limit, search.stats(), searches))
}

/// Plays move by move: a fresh search per decision, seeded per decision (`kbfe`'s searches
/// share one knowledge base for the game).
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
    let memory = new_memory::<BaitState>();
    while !state.is_over() && moves.len() < max_moves {
        let decision_seed = Rng::derive(seed, searches);
        let mut search = if spec.algo == Algorithm::Kbfe {
            spec.build_kbfe(&state, decision_seed, memory.clone(), NoObserver)?
        } else {
            spec.build(&state, decision_seed, NoObserver)?
        };
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
