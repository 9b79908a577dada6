//! `searchlab bait bench [--seconds S] [--runs R] [--levels DIR] [--seed N]`: forward-model
//! speed on the five official levels, in GVGAI's three metrics (`shared/bait/RULES.md` section
//! 5), one JSON line per level with the median over the runs and the speed-up over GVGAI's Java
//! figures.

use std::hint::black_box;
use std::time::{Duration, Instant};

use clap::Args;
use searchlab::game::Game;
use searchlab::games::bait::{Action, BaitState};
use searchlab::rng::Rng;

use super::load_start;
use crate::args::{print_line, CliResult};
use crate::flag_ranges::{RUNS, SECONDS, SEED};

/// The flags of `bait bench`.
#[derive(Args)]
pub struct BenchFlags {
    #[arg(long, value_name = "S", default_value_t = 1.0, value_parser = SECONDS,
          help = SECONDS.help("Seconds each measurement runs"))]
    seconds: f64,
    #[arg(long, value_name = "R", default_value_t = 5, value_parser = RUNS,
          help = RUNS.help("Measurements per metric and level; the median is reported"))]
    runs: usize,
    /// The folder holding bait_lvl0.txt to bait_lvl4.txt
    #[arg(long, value_name = "DIR", default_value = "../shared/bait/levels")]
    levels: String,
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = SEED,
          help = SEED.help("Seed of the random moves"))]
    seed: u64,
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

impl BenchFlags {
    /// Measures every level and prints its line.
    pub fn run(self) -> CliResult<()> {
        let BenchFlags {
            seconds,
            runs,
            levels: dir,
            seed,
        } = self;
        let budget = Duration::from_secs_f64(seconds);
        let mut rng = Rng::new(seed);
        for (n, gvgai) in GVGAI_PER_SECOND.iter().enumerate() {
            let path = format!("{dir}/bait_lvl{n}.txt");
            let start = load_start(&path)?;
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
