//! `searchlab bait ablation`: the 2×2 ablation of KB Fast-Evo MCTS (Perez et al., CIG 2014,
//! Table II) on Bait levels: vanilla (uniform rollouts, score value: exactly sampleMCTS),
//! Fast-Evo (evolved, score), KB (uniform, knowledge) and KB Fast-Evo (evolved, knowledge).
//!
//! Every agent plays every level once per seed `0..--seeds`, `--iterations` per act, one
//! knowledge base per game, each decision seeded as `bait solve` seeds it, so a cell's game for
//! seed `s` is `bait solve --algo kbfe --rollouts R --value V --iterations N --seed s`. One JSON
//! line per (level, agent): wins with a 95% Wilson interval, mean score, median moves of the
//! won games, deaths and timeouts; then per level, KB Fast-Evo against vanilla paired by seed
//! (won by both, by one only, by neither). With `--act-ms`, first one line per (level, agent),
//! and for `--algo mcts` itself (`sample-mcts`): iterations in an act of that many wall-clock
//! milliseconds from the level's start (median of 5 acts). With `--act-cpu-ms`, every act runs
//! until this thread has used that many milliseconds of CPU time instead of `--iterations`
//! (games then depend on the machine, not only on the seed; a cell's line adds the median
//! iterations per act). With `--results FILE`, every finished game is appended to FILE and the
//! games it holds are not played again (`ablation_results.rs`): a stopped run carries on.

use std::rc::Rc;
use std::time::Instant;

use clap::Args;
use serde_json::json;

use searchlab::agents::bait::{AgentSpec, Algorithm};
use searchlab::agents::puzzle::PuzzleAgent;
use searchlab::agents::Agent;
use searchlab::game::Game;
use searchlab::games::bait::{Action, BaitState, Level, Outcome};
use searchlab::rng::Rng;
use searchlab::search::kb_fast_evo::{new_memory, FeatureTypes, Rollouts, Value};
use searchlab::search::mcts::TieOrder;
use searchlab::search::{NoObserver, Search};

use super::ablation_results::{GameEnd, ResultsFile};
use super::load_level;
use crate::args::{flag_error, print_line, spec_error, CliResult};
use crate::cpu_time::{cpu_seconds_since, thread_cpu_seconds};
use crate::flag_ranges::{ACTION_MILLIS, GAMES_PER_CELL, WORK};
use crate::flag_values::named;

/// The flags of `bait ablation`.
#[derive(Args)]
pub struct AblationFlags {
    /// A level file (repeat the flag for several)
    #[arg(long = "level", value_name = "FILE", required = true)]
    levels: Vec<String>,
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = GAMES_PER_CELL,
          help = GAMES_PER_CELL.help("Games per level and agent, seeds 0 to N-1"))]
    seeds: u64,
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = WORK,
          help = WORK.help("Iterations per act"))]
    iterations: u64,
    /// The feature sprite types of the agents that use features
    #[arg(long, value_name = "TYPES", value_parser = named::<FeatureTypes>(), default_value = "paper")]
    features: FeatureTypes,
    #[arg(long, value_name = "MS", value_parser = ACTION_MILLIS,
          help = ACTION_MILLIS.help("Also measure iterations per act of this many milliseconds"))]
    act_ms: Option<f64>,
    #[arg(long, value_name = "MS", value_parser = ACTION_MILLIS,
          help = ACTION_MILLIS.help("Play acts of this many milliseconds of this thread's CPU time instead of --iterations (Linux)"))]
    act_cpu_ms: Option<f64>,
    /// Append every finished game to this file, and take the games it already holds (played
    /// with the same act budget and feature types) instead of playing them again
    #[arg(long, value_name = "FILE")]
    results: Option<String>,
}

/// What bounds each act of a game.
#[derive(Clone, Copy)]
enum ActBudget {
    /// A fixed number of iterations: the game depends only on the seed.
    Iterations(u64),
    /// Iterations until the thread has used this many milliseconds of CPU time.
    CpuMillis(f64),
}

/// The four agents, named as the paper's table.
const AGENTS: [(&str, Rollouts, Value); 4] = [
    ("vanilla", Rollouts::Uniform, Value::Score),
    ("fast-evo", Rollouts::Evolved, Value::Score),
    ("kb", Rollouts::Uniform, Value::Knowledge),
    ("kb-fast-evo", Rollouts::Evolved, Value::Knowledge),
];

impl AblationFlags {
    /// Plays every game and prints the lines.
    pub fn run(self) -> CliResult<()> {
        let levels: Vec<(String, Rc<Level>)> = self
            .levels
            .iter()
            .map(|path| Ok((path.clone(), Rc::new(load_level(path)?))))
            .collect::<CliResult<_>>()?;
        let specs: Vec<AgentSpec> = AGENTS
            .iter()
            .map(|&(_, rollouts, value)| {
                let spec = AgentSpec {
                    algo: Algorithm::Kbfe,
                    rollouts,
                    value,
                    features: self.features,
                    ..AgentSpec::default()
                };
                spec.validate().map_err(spec_error).map(|()| spec)
            })
            .collect::<CliResult<_>>()?;
        if let Some(ms) = self.act_ms {
            let sample_mcts = AgentSpec {
                algo: Algorithm::Mcts,
                ..AgentSpec::default()
            };
            for (path, level) in &levels {
                let timed = specs.iter().zip(AGENTS.map(|(name, ..)| name));
                for (spec, name) in timed.chain([(&sample_mcts, "sample-mcts")]) {
                    let start = BaitState::new(level.clone());
                    let mut counts: Vec<u64> = (0..5)
                        .map(|rep| act_iterations(spec, &start, rep, ms))
                        .collect();
                    counts.sort_unstable();
                    print_line(json!({"level": path, "agent": name, "act_ms": ms,
                                      "iterations_median": counts[2], "iterations": counts}))?;
                }
            }
        }
        let budget =
            match self.act_cpu_ms {
                Some(_) if thread_cpu_seconds().is_none() => return Err(flag_error(
                    "act-cpu-ms",
                    "this system does not report a thread's CPU time (/proc/thread-self/schedstat)",
                )),
                Some(ms) => ActBudget::CpuMillis(ms),
                None => ActBudget::Iterations(self.iterations),
            };
        let mut recorded = match &self.results {
            Some(file) => {
                let settings = format!(
                    "{}, features {}, {}",
                    budget.name(),
                    self.features.name(),
                    TieOrder::RULE
                );
                Some(ResultsFile::open(file, &settings)?)
            }
            None => None,
        };
        for (path, level) in &levels {
            // Seed by seed, the four agents in turn: a stopped run leaves paired games.
            let mut results: Vec<Vec<GameEnd>> = AGENTS.iter().map(|_| Vec::new()).collect();
            for seed in 0..self.seeds {
                for ((spec, (name, ..)), games) in specs.iter().zip(AGENTS).zip(&mut results) {
                    let game = match recorded.as_mut().and_then(|r| r.take(path, name, seed)) {
                        Some(game) => game,
                        None => {
                            let game = play(spec, level, seed, budget);
                            if let Some(file) = recorded.as_mut() {
                                file.append(path, name, seed, &game)?;
                            }
                            game
                        }
                    };
                    games.push(game);
                }
            }
            for (games, (name, ..)) in results.iter().zip(AGENTS) {
                print_line(summary(path, name, budget, games))?;
            }
            let (vanilla, kbfe) = (&results[0], &results[3]);
            let count = |f: &dyn Fn(&GameEnd, &GameEnd) -> bool| {
                vanilla.iter().zip(kbfe).filter(|(v, k)| f(v, k)).count()
            };
            print_line(json!({
                "level": path, "paired": "kb-fast-evo vs vanilla", "seeds": self.seeds,
                "both_won": count(&|v, k| v.won && k.won),
                "only_kb_fast_evo_won": count(&|v, k| !v.won && k.won),
                "only_vanilla_won": count(&|v, k| v.won && !k.won),
                "neither_won": count(&|v, k| !v.won && !k.won),
                "kb_fast_evo_scored_more": count(&|v, k| k.score > v.score),
                "vanilla_scored_more": count(&|v, k| v.score > k.score),
            }))?;
        }
        Ok(())
    }
}

impl ActBudget {
    /// The budget as a results file names it: "300 iterations per act", "40 ms of CPU per act".
    fn name(self) -> String {
        match self {
            ActBudget::Iterations(n) => format!("{n} iterations per act"),
            ActBudget::CpuMillis(ms) => format!("{ms} ms of CPU per act"),
        }
    }
}

/// One game of `spec` on `level` with `budget` per act, as `bait solve` plays it.
fn play(spec: &AgentSpec, level: &Rc<Level>, seed: u64, budget: ActBudget) -> GameEnd {
    let mut state = BaitState::new(level.clone());
    let memory = new_memory::<BaitState>();
    let mut iterations = Vec::new();
    while !state.is_over() {
        let decision = Rng::derive(seed, iterations.len() as u64);
        let action = match spec.build_kbfe(&state, decision, memory.clone(), NoObserver) {
            Ok(mut search) => {
                match budget {
                    ActBudget::Iterations(n) => {
                        search.step(n);
                    }
                    ActBudget::CpuMillis(ms) => run_for_cpu_millis(&mut search, ms),
                }
                iterations.push(search.stats().iterations);
                search.best_action().unwrap_or(Action::Nil)
            }
            Err(_) => {
                iterations.push(0);
                Action::Nil
            }
        };
        state.apply(action);
    }
    GameEnd {
        won: state.is_won(),
        died: state.outcome() == Outcome::Lost && !state.is_alive(),
        score: state.score(),
        iterations,
    }
}

/// Steps `search` in slices of 16 iterations until this thread has used `ms` milliseconds of CPU
/// time (or the search ends). Reading the CPU clock costs a file read, so it is read only after a
/// millisecond of wall clock since the last reading: an act overruns by at most about a
/// millisecond and a slice, and the readings take a small share of the budget. Returns at once
/// when the clock cannot be read (`run` refuses the flag then).
fn run_for_cpu_millis<S: Search<BaitState>>(search: &mut S, ms: f64) {
    let Some(began) = thread_cpu_seconds() else {
        return;
    };
    let mut read_at = Instant::now();
    loop {
        if search.step(16).is_finished() {
            return;
        }
        if read_at.elapsed().as_secs_f64() >= 1e-3 {
            // No reading, or no CPU time since `began` (the thread was not run): not yet spent.
            if cpu_seconds_since(Some(began)).unwrap_or(0.0) * 1e3 >= ms {
                return;
            }
            read_at = Instant::now();
        }
    }
}

/// Iterations `spec` runs from `start` in `ms` wall-clock milliseconds, in slices of 16 (a
/// fresh knowledge base for `kbfe`).
fn act_iterations(spec: &AgentSpec, start: &BaitState, seed: u64, ms: f64) -> u64 {
    let Ok(mut search) = spec.build(start, seed, NoObserver) else {
        return 0;
    };
    let began = Instant::now();
    while began.elapsed().as_secs_f64() * 1e3 < ms {
        if search.step(16).is_finished() {
            break;
        }
    }
    search.stats().iterations
}

/// The 95% Wilson score interval of `wins` out of `n`, in percent.
fn wilson(wins: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 100.0);
    }
    let (z, n) = (1.959_963_984_540_054_f64, n as f64);
    let p = wins as f64 / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0),
    )
}

/// A cell's JSON line.
fn summary(level: &str, agent: &str, budget: ActBudget, games: &[GameEnd]) -> serde_json::Value {
    let n = games.len();
    let wins = games.iter().filter(|g| g.won).count();
    let (low, high) = wilson(wins, n);
    let mut won_moves: Vec<usize> = games
        .iter()
        .filter(|g| g.won)
        .map(|g| g.iterations.len())
        .collect();
    won_moves.sort_unstable();
    let median = (!won_moves.is_empty()).then(|| won_moves[won_moves.len() / 2]);
    let round = |x: f64| (x * 10.0).round() / 10.0;
    let mut line = json!({
        "level": level, "agent": agent, "games": n,
        "wins": wins, "win_pct": round(100.0 * wins as f64 / n.max(1) as f64),
        "wilson95": [round(low), round(high)],
        "mean_score": (games.iter().map(|g| f64::from(g.score)).sum::<f64>() / n.max(1) as f64 * 100.0).round() / 100.0,
        "median_moves_to_win": median,
        "deaths": games.iter().filter(|g| g.died).count(),
        "timeouts": games.iter().filter(|g| !g.won && !g.died).count(),
    });
    match budget {
        ActBudget::Iterations(n) => line["iterations"] = json!(n),
        ActBudget::CpuMillis(ms) => {
            let mut per_act: Vec<u64> = games
                .iter()
                .flat_map(|g| g.iterations.iter().copied())
                .collect();
            per_act.sort_unstable();
            line["act_cpu_ms"] = json!(ms);
            line["iterations_per_act_median"] = json!(per_act.get(per_act.len() / 2));
            line["iterations_per_act_min"] = json!(per_act.first());
        }
    }
    line
}
