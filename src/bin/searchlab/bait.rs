//! `searchlab bait trace|solve|bench|bench-search` (`solve` lives in `bait_solve.rs`,
//! `bench-search` in `bait_search_bench.rs`).
//!
//! - `trace --level FILE --actions LETTERS [--tick-limit N]`: JSON Lines in the golden format
//!   (`shared/bait/goldens/README.md`): line 0 the starting state, then one line per action,
//!   stopping at game over. A diff against a golden `.jsonl` is empty.
//! - `bench [--seconds S] [--runs R] [--levels DIR] [--seed N]`: forward-model speed on the five
//!   official levels, in GVGAI's three metrics (`shared/bait/RULES.md` section 5), one JSON line
//!   per level with the median over the runs and the speed-up over GVGAI's Java figures.

use std::hint::black_box;
use std::io::Write;
use std::rc::Rc;
use std::time::{Duration, Instant};

use searchlab::game::Game;
use searchlab::games::bait::{parse_plan, trace, Action, BaitState, Level};
use searchlab::rng::Rng;

use crate::args::{print_line, written, CliError, CliResult, Flags};

/// Runs one `bait` command.
pub fn run(command: &str, flags: &Flags) -> CliResult<()> {
    match command {
        "trace" => trace_command(flags),
        "bench" => bench_command(flags),
        "bench-search" => crate::bait_search_bench::bench_search_command(flags),
        "speed" => crate::bait_speed::speed_command(flags),
        "solve" => {
            let path: String = flags.require("level")?;
            let mut level = load_level(&path)?;
            if let Some(limit) = flags.get::<u32>("tick-limit")? {
                level = level.with_tick_limit(limit);
            }
            crate::bait_solve::solve_command(flags, level)
        }
        _ => Err(CliError(format!(
            "bait: unknown command '{command}' (expected trace, solve, bench, bench-search or speed)"
        ))),
    }
}

/// Reads and parses a level file; errors name the file and the line and column.
fn load_level(path: &str) -> CliResult<Level> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("{path}: cannot read the level: {e}")))?;
    Level::parse(&text).map_err(|e| CliError(format!("{path}: {e}")))
}

fn trace_command(flags: &Flags) -> CliResult<()> {
    let path: String = flags.require("level")?;
    let letters: String = flags.require("actions")?;
    let tick_limit = flags.get::<u32>("tick-limit")?;
    let plan = parse_plan(&letters).map_err(|e| CliError(format!("--actions: {e}")))?;
    let mut level = load_level(&path)?;
    if let Some(limit) = tick_limit {
        level = level.with_tick_limit(limit);
    }
    let mut state = BaitState::new(Rc::new(level));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    written((|| {
        writeln!(out, "{}", trace::record(&state, 0, None))?;
        for (i, &action) in plan.iter().enumerate() {
            if state.is_over() {
                break;
            }
            state.apply(action);
            writeln!(out, "{}", trace::record(&state, i + 1, Some(action)))?;
        }
        out.flush()
    })())
}

/// GVGAI's Java forward model on levels 0-4, medians from `RULES.md` section 5, in calls per
/// second: A copy+advance from the start, B copy+advance random walk, C advance in rollouts.
const GVGAI_PER_SECOND: [[f64; 3]; 5] = [
    [120e3, 73e3, 332e3],
    [41e3, 40e3, 147e3],
    [37e3, 37e3, 119e3],
    [19e3, 16e3, 39e3],
    [63e3, 61e3, 172e3],
];

fn bench_command(flags: &Flags) -> CliResult<()> {
    let seconds: f64 = flags.get_or("seconds", 1.0)?;
    let runs: usize = flags.get_or("runs", 5)?;
    let dir: String = flags.get_or("levels", "../shared/bait/levels".to_string())?;
    let seed: u64 = flags.get_or("seed", 0)?;
    if !(seconds > 0.0 && seconds <= 3600.0) {
        return Err(CliError(format!(
            "--seconds: must be above 0 and at most 3600, got {seconds}"
        )));
    }
    if runs == 0 {
        return Err(CliError("--runs: must be at least 1".into()));
    }
    let budget = Duration::from_secs_f64(seconds);
    let mut rng = Rng::new(seed);
    for (n, gvgai) in GVGAI_PER_SECOND.iter().enumerate() {
        let path = format!("{dir}/bait_lvl{n}.txt");
        let start = BaitState::new(Rc::new(load_level(&path)?));
        // Warm caches and branch predictors before measuring.
        copy_step_from_start(&start, &mut rng, budget.min(Duration::from_millis(200)));
        let mut medians = [0.0; 3];
        for (metric, median) in medians.iter_mut().enumerate() {
            let mut rates: Vec<f64> = (0..runs)
                .map(|_| match metric {
                    0 => copy_step_from_start(&start, &mut rng, budget),
                    1 => copy_step_random_walk(&start, &mut rng, budget),
                    _ => step_in_rollouts(&start, &mut rng, budget),
                })
                .collect();
            rates.sort_by(f64::total_cmp);
            *median = rates[runs / 2];
        }
        print_line(format_args!(
            "{{\"level\":{n},\"runs\":{runs},\"seconds\":{seconds},\"state_bytes\":{},\"copy_step_from_start_per_s\":{:.0},\"copy_step_random_walk_per_s\":{:.0},\"step_in_rollouts_per_s\":{:.0},\"speedup_over_gvgai\":[{:.0},{:.0},{:.0}]}}",
            std::mem::size_of::<BaitState>(),
            medians[0],
            medians[1],
            medians[2],
            medians[0] / gvgai[0],
            medians[1] / gvgai[1],
            medians[2] / gvgai[2],
        ))?;
    }
    Ok(())
}

/// Calls `body` in batches until `budget` has passed; returns the counted operations per second.
fn measure(budget: Duration, mut body: impl FnMut() -> u64) -> f64 {
    let started = Instant::now();
    let mut count = 0u64;
    loop {
        for _ in 0..1024 {
            count += body();
        }
        let elapsed = started.elapsed();
        if elapsed >= budget {
            return count as f64 / elapsed.as_secs_f64();
        }
    }
}

fn random_move(rng: &mut Rng) -> Action {
    Action::MOVES[rng.index(4)]
}

/// Metric A: copy the starting state and apply one random move.
fn copy_step_from_start(start: &BaitState, rng: &mut Rng, budget: Duration) -> f64 {
    measure(budget, || {
        let mut state = start.clone();
        state.apply(random_move(rng));
        black_box(&state);
        1
    })
}

/// Metric B: a random walk by copy+apply, restarting at game over or every 100 steps.
fn copy_step_random_walk(start: &BaitState, rng: &mut Rng, budget: Duration) -> f64 {
    let mut current = start.clone();
    let mut steps = 0;
    measure(budget, || {
        let mut next = black_box(&current).clone();
        next.apply(random_move(rng));
        current = next;
        steps += 1;
        if current.is_over() || steps == 100 {
            current = start.clone();
            steps = 0;
        }
        1
    })
}

/// Metric C: apply only, in rollouts of up to 10 random moves from one copy of the start.
fn step_in_rollouts(start: &BaitState, rng: &mut Rng, budget: Duration) -> f64 {
    measure(budget, || {
        let mut state = start.clone();
        let mut applied = 0;
        while applied < 10 && !state.is_over() {
            state.apply(random_move(rng));
            applied += 1;
        }
        black_box(&state);
        applied
    })
}
