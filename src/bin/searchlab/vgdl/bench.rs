//! `searchlab vgdl bench [--seconds S] [--runs R] [--seed N]`: forward-model speed, copy+step
//! in a random walk (GVGAI's metric B: copy the state, apply a random move, restart at game over
//! or every 100 steps). One JSON line per Bait level with the interpreter (running
//! `bait.vgdl.txt`) and the hand-written engine side by side, then one per level of sokoban and
//! chipschallenge (interpreter only). Both engines walk the same moves, drawn once from the seed
//! (`searchlab::speed`'s walks, the ones `vgdl speed`, `bait speed` and the wasm exports time),
//! so that the ratio compares the engines: a random draw and a forced store of the state per
//! step, as this command made before, cost the hand-written engine about as much as its step.
//! Each figure is the median of `--runs` measurements, each counted per second of this
//! thread's CPU time (`"clock":"cpu"`; on a shared machine wall time also counts the time other
//! programs held the core) or, where Linux's per-thread CPU time cannot be read, per second of
//! wall time (`"clock":"wall"`).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use searchlab::speed::{bait_random_walk, vgdl_random_walk};

use super::{Game, SHARED_GAMES};
use crate::args::{print_line, CliResult};
use crate::bait::load_start;
use crate::cpu_time::{cpu_seconds_since, thread_cpu_seconds};
use crate::flag_ranges::{RUNS, SECONDS, SEED};

/// The flags of `vgdl bench`.
#[derive(Args)]
pub struct BenchFlags {
    #[arg(long, value_name = "S", default_value_t = 1.0, value_parser = SECONDS,
          help = SECONDS.help("Seconds each measurement runs"))]
    seconds: f64,
    #[arg(long, value_name = "R", default_value_t = 5, value_parser = RUNS,
          help = RUNS.help("Measurements per engine and level; the median is reported"))]
    runs: usize,
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = SEED,
          help = SEED.help("Seed of the random moves"))]
    seed: u64,
    /// The folder holding bait.vgdl.txt and bait_lvl0.txt to bait_lvl4.txt
    #[arg(long, value_name = "DIR", default_value = "../shared/bait/levels")]
    bait_levels: PathBuf,
    /// The folder holding the sokoban and chipschallenge game folders
    #[arg(long, value_name = "DIR", default_value = SHARED_GAMES)]
    games: PathBuf,
}

impl BenchFlags {
    /// Measures and prints.
    pub fn run(self) -> CliResult<()> {
        let budget = Duration::from_secs_f64(self.seconds);
        let warm_up = budget.min(Duration::from_millis(200));
        let seed = self.seed;
        let bait = Game::load(&self.bait_levels.join("bait.vgdl.txt").to_string_lossy())?;
        let clock = if thread_cpu_seconds().is_some() {
            "cpu"
        } else {
            "wall"
        };
        for level in 0..5 {
            let path = self.bait_levels.join(format!("bait_lvl{level}.txt"));
            let vgdl = bait.start(&path)?;
            let hand_start = load_start(&path.to_string_lossy())?;
            let hand = |steps| bait_random_walk(&hand_start, steps, seed);
            let interpreter = |steps| vgdl_random_walk(&vgdl, steps, seed);
            rate(interpreter, INTERPRETER_CALL, warm_up);
            rate(hand, HAND_WRITTEN_CALL, warm_up);
            let interpreter = median(self.runs, || rate(interpreter, INTERPRETER_CALL, budget));
            let hand_written = median(self.runs, || rate(hand, HAND_WRITTEN_CALL, budget));
            print_line(format_args!(
                "{{\"game\":\"bait\",\"level\":{level},\"runs\":{},\"seconds\":{},\"clock\":\"{clock}\",\"interpreter_per_s\":{interpreter:.0},\"hand_written_per_s\":{hand_written:.0},\"hand_written_over_interpreter\":{:.2}}}",
                self.runs,
                self.seconds,
                hand_written / interpreter
            ))?;
        }
        for name in ["sokoban", "chipschallenge"] {
            let game = Game::load(&self.games.join(name).to_string_lossy())?;
            for level in 0..5 {
                let start = game.start(&game.level_path(&level.to_string())?)?;
                let interpreter = |steps| vgdl_random_walk(&start, steps, seed);
                rate(interpreter, INTERPRETER_CALL, warm_up);
                let interpreter = median(self.runs, || rate(interpreter, INTERPRETER_CALL, budget));
                print_line(format_args!(
                    "{{\"game\":\"{name}\",\"level\":{level},\"runs\":{},\"seconds\":{},\"clock\":\"{clock}\",\"dynamic_sprites\":{},\"interpreter_per_s\":{interpreter:.0}}}",
                    self.runs,
                    self.seconds,
                    start.sprites().count()
                ))?;
            }
        }
        Ok(())
    }
}

/// The median of `runs` measurements.
fn median(runs: usize, mut measure: impl FnMut() -> f64) -> f64 {
    let mut rates: Vec<f64> = (0..runs).map(|_| measure()).collect();
    rates.sort_by(f64::total_cmp);
    rates[runs / 2]
}

/// Copy+steps per call of the interpreter's walk and of the hand-written engine's: each call
/// also draws its 4,096 moves, which these keep near 0.1 % of a call (about 15 ms of either
/// engine's steps on Bait).
const INTERPRETER_CALL: u64 = 1 << 18;
const HAND_WRITTEN_CALL: u64 = 1 << 21;

/// Copy+step calls per second of this thread's CPU time (of wall time where that cannot be
/// read) of `walk(steps)`, which walks `steps` copy+steps and returns a checksum of them, called
/// with `steps` until `budget` of wall time has passed.
fn rate(walk: impl Fn(u64) -> u64, steps: u64, budget: Duration) -> f64 {
    let started = Instant::now();
    let cpu_start = thread_cpu_seconds();
    let mut count = 0u64;
    loop {
        black_box(walk(steps));
        count += steps;
        let elapsed = started.elapsed();
        if elapsed >= budget {
            let seconds = cpu_seconds_since(cpu_start).unwrap_or(elapsed.as_secs_f64());
            return count as f64 / seconds;
        }
    }
}
