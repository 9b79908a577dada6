//! `searchlab bait timeline-bench`: what recording a run costs (`search::timeline`). On each of
//! the five official levels (or, with `--index`, the page's shipped levels), BFS, A*
//! (state-aware bound) and MCTS run from the start three
//! ways, alternating, in slices as the page's worker runs them: unobserved; counting the heat
//! map as the page's live view does; and recorded into a timeline (which also counts the heat
//! map). A measurement repeats one way's run until it has taken `--min-ms` of the thread's CPU
//! time (Linux's `/proc/thread-self/schedstat`, so time spent waiting for a busy machine's CPU
//! does not count; wall time elsewhere) and gives the time per run. One JSON line per level and
//! search: the median of `--runs` measurements of each way, the recorded-over-heat and
//! recorded-over-unobserved ratios, the steps recorded and the timeline's bytes per step.
//!
//! `--once WAY` (with `--only-level` and `--only-search` to pick rows) runs each selected search
//! once, one way, untimed, and prints its counters: a fixed workload for an instruction counter
//! (`valgrind --tool=callgrind`), whose totals do not move with the machine's load.

use std::rc::Rc;
use std::time::Instant;

use clap::{Args, ValueEnum};
use searchlab::agents::bait::{AgentSpec, Algorithm};
use searchlab::agents::Agent;
use searchlab::games::bait::BaitState;
use searchlab::search::timeline::{CellCounts, Locate, Recorded, Recorder, TimelineOptions};
use searchlab::search::{Limits, NoObserver, Observer, Progress, Search, Stats, Visit};
use serde_json::json;

use super::load_start;
use crate::args::{flag_error, print_line, CliResult};
use crate::flag_ranges::{MILLIS, NODE_LIMIT, RUNS, WORK};

/// The flags of `bait timeline-bench`.
#[derive(Args)]
pub struct TimelineBenchFlags {
    #[arg(long, value_name = "R", default_value_t = 3, value_parser = RUNS,
          help = RUNS.help("Runs of each way; the median time is reported"))]
    runs: usize,
    /// The folder holding bait_lvl0.txt to bait_lvl4.txt
    #[arg(long, value_name = "DIR", default_value = "../shared/bait/levels")]
    levels: String,
    /// The page's level index (www/levels/index.json): measure its Bait levels (files beside
    /// it) instead of the official ones
    #[arg(long, value_name = "FILE")]
    index: Option<String>,
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = NODE_LIMIT,
          help = NODE_LIMIT.help("Expansions BFS and A* may make (BFS cannot solve level 3 in memory)"))]
    max_nodes: u64,
    #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = WORK,
          help = WORK.help("MCTS iterations from the start"))]
    mcts_iterations: u64,
    #[arg(long, value_name = "N", default_value_t = 4096, value_parser = WORK,
          help = WORK.help("Units of work per slice, as the worker steps a search"))]
    slice: u64,
    #[arg(long, value_name = "MS", default_value_t = 300, value_parser = MILLIS,
          help = MILLIS.help("CPU milliseconds a measurement runs at least (short runs are repeated)"))]
    min_ms: u64,
    /// Run each selected search once this way, untimed (for an instruction counter)
    #[arg(long, value_name = "WAY", value_enum)]
    once: Option<Way>,
    /// Only the level with this id (0 to 4, or a shipped level's id with --index)
    #[arg(long, value_name = "ID")]
    only_level: Option<String>,
    /// Only this search
    #[arg(long, value_name = "SEARCH", value_enum)]
    only_search: Option<BenchedSearch>,
}

/// `--once`: how a search runs.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Way {
    /// No observer.
    Unobserved,
    /// Counting the heat map, as the page's live view does.
    Heat,
    /// Recorded into a timeline.
    Recorded,
}

/// `--only-search`: the searches measured.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BenchedSearch {
    Bfs,
    Astar,
    Mcts,
}

impl BenchedSearch {
    fn algorithm(self) -> Algorithm {
        match self {
            BenchedSearch::Bfs => Algorithm::Bfs,
            BenchedSearch::Astar => Algorithm::Astar,
            BenchedSearch::Mcts => Algorithm::Mcts,
        }
    }
}

/// Nanoseconds this thread has run on a CPU (Linux's scheduler statistics), else the time
/// since an arbitrary start.
fn cpu_ns() -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| START.get_or_init(Instant::now).elapsed().as_nanos() as u64)
}

/// Counts the heat map as the page's live view does (`wasm::heat::SharedHeat`).
#[derive(Clone)]
struct Heat(Rc<std::cell::RefCell<CellCounts>>);

fn avatar_cell(state: &BaitState) -> usize {
    let (x, y) = state.avatar_position();
    y * state.level().width() + x
}

/// Locates a state by the avatar's cell, known when compiling, as the page's recorder does
/// (`wasm::timeline::AgentCell`).
#[derive(Clone)]
struct AvatarCell;

impl Locate<BaitState> for AvatarCell {
    #[inline(always)]
    fn cell(&self, state: &BaitState) -> Option<usize> {
        Some(avatar_cell(state))
    }
}

impl Observer<BaitState> for Heat {
    fn expanded(&mut self, state: &BaitState, _visit: Visit) {
        self.0.borrow_mut().count_expanded(Some(avatar_cell(state)));
    }
    fn generated(&mut self, state: &BaitState, _visit: Visit) {
        self.0
            .borrow_mut()
            .count_generated(Some(avatar_cell(state)));
    }
}

/// Steps `search` in slices until it finishes or has done `work` units.
fn run(search: &mut dyn Search<BaitState>, slice: u64, work: u64) {
    let mut done = 0;
    while done < work {
        let budget = slice.min(work - done);
        let progress: Progress = search.step(budget);
        done += budget;
        if progress.is_finished() {
            break;
        }
    }
}

/// Runs the searches `make` builds (made outside the timing) until `min_ms` of CPU time have
/// passed; the CPU milliseconds per run and the last run's search.
fn measure<S: Search<BaitState>>(
    mut make: impl FnMut() -> CliResult<S>,
    slice: u64,
    work: u64,
    min_ms: u64,
) -> CliResult<(f64, S)> {
    let (mut spent, mut runs) = (0u64, 0u64);
    loop {
        let mut search = make()?;
        let began = cpu_ns();
        run(&mut search, slice, work);
        spent += cpu_ns() - began;
        runs += 1;
        if spent >= min_ms * 1_000_000 {
            return Ok((spent as f64 / 1e6 / runs as f64, search));
        }
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The Bait levels of the page's level index at `index`: each its id and file path.
fn shipped_levels(index: &str) -> CliResult<Vec<(String, String)>> {
    let text = std::fs::read_to_string(index)
        .map_err(|e| flag_error("index", format!("{index}: cannot read: {e}")))?;
    let json: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| flag_error("index", format!("{index}: not JSON: {e}")))?;
    let folder = std::path::Path::new(index)
        .parent()
        .unwrap_or(std::path::Path::new("."));
    let levels = json["levels"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let shipped: Vec<(String, String)> = levels
        .iter()
        .filter(|level| level["game"] == "bait")
        .filter_map(|level| {
            let file = folder.join(level["file"].as_str()?);
            Some((
                level["id"].as_str()?.to_string(),
                file.display().to_string(),
            ))
        })
        .collect();
    if shipped.is_empty() {
        return Err(flag_error(
            "index",
            format!("{index}: no Bait level (levels[].game, id, file)"),
        ));
    }
    Ok(shipped)
}

impl TimelineBenchFlags {
    /// Measures every search on every level and prints one line each.
    pub fn run(self) -> CliResult<()> {
        let levels: Vec<(String, String)> = match &self.index {
            Some(index) => shipped_levels(index)?,
            None => (0..5)
                .map(|level| {
                    (
                        level.to_string(),
                        format!("{}/bait_lvl{level}.txt", self.levels),
                    )
                })
                .collect(),
        };
        for (level, path) in levels {
            if self.only_level.as_ref().is_some_and(|only| *only != level) {
                continue;
            }
            let root = load_start(&path)?;
            let cells = root.level().width() * root.level().height();
            for searched in [
                BenchedSearch::Bfs,
                BenchedSearch::Astar,
                BenchedSearch::Mcts,
            ] {
                if self.only_search.is_some_and(|only| only != searched) {
                    continue;
                }
                let algo = searched.algorithm();
                let spec = AgentSpec {
                    algo,
                    limits: Limits {
                        max_nodes: self.max_nodes,
                        ..Limits::default()
                    },
                    ..AgentSpec::default()
                };
                let work = if algo == Algorithm::Mcts {
                    self.mcts_iterations
                } else {
                    u64::MAX
                };
                let build_error =
                    |e: searchlab::field_error::FieldError| flag_error(&e.field.clone(), e.message);
                let (mut plain, mut heat, mut recorded) = (Vec::new(), Vec::new(), Vec::new());
                let mut recording = (0, 0, None);
                let mut stats = Stats::default();
                let (slice, min_ms) = (self.slice, self.min_ms);
                let options = TimelineOptions {
                    has_frontier: algo != Algorithm::Mcts,
                    tree: algo == Algorithm::Mcts,
                    ..TimelineOptions::new(cells)
                };
                if let Some(way) = self.once {
                    let (stats, steps) = match way {
                        Way::Unobserved => {
                            let mut search =
                                spec.build(&root, 1, NoObserver).map_err(build_error)?;
                            run(&mut search, slice, work);
                            (search.stats(), 0)
                        }
                        Way::Heat => {
                            let counts = Heat(Rc::new(CellCounts::new(cells).into()));
                            let mut search = spec.build(&root, 1, counts).map_err(build_error)?;
                            run(&mut search, slice, work);
                            (search.stats(), 0)
                        }
                        Way::Recorded => {
                            let recorder = Recorder::new(options, AvatarCell);
                            let search = spec
                                .build(&root, 1, recorder.clone())
                                .map_err(build_error)?;
                            let mut search = Recorded::new(search, &recorder);
                            run(&mut search, slice, work);
                            (search.stats(), recorder.timeline().len())
                        }
                    };
                    print_line(json!({
                        "level": level,
                        "search": algo.name(),
                        "expanded": stats.expanded,
                        "iterations": stats.iterations,
                        "steps_recorded": steps,
                    }))?;
                    continue;
                }
                for _ in 0..self.runs {
                    let make = || spec.build(&root, 1, NoObserver).map_err(build_error);
                    let (ms, search) = measure(make, slice, work, min_ms)?;
                    plain.push(ms);
                    stats = search.stats();
                    let make = || {
                        let counts = Heat(Rc::new(CellCounts::new(cells).into()));
                        spec.build(&root, 1, counts).map_err(build_error)
                    };
                    heat.push(measure(make, slice, work, min_ms)?.0);
                    let mut last_recorder = None;
                    let make = || {
                        let recorder = Recorder::new(options, AvatarCell);
                        let search = spec
                            .build(&root, 1, recorder.clone())
                            .map_err(build_error)?;
                        let search = Recorded::new(search, &recorder);
                        last_recorder = Some(recorder);
                        Ok(search)
                    };
                    let (ms, search) = measure(make, slice, work, min_ms)?;
                    recorded.push(ms);
                    if search.stats() != stats {
                        return Err(flag_error(
                            "levels",
                            format!(
                                "level {level} {}: recording changed the search",
                                algo.name()
                            ),
                        ));
                    }
                    if let Some(timeline) = last_recorder.map(|r| r.timeline()) {
                        recording = (timeline.len(), timeline.memory_bytes(), timeline.full_at());
                    }
                }
                let (plain, heat, recorded) = (median(plain), median(heat), median(recorded));
                let (steps, bytes, full_at) = recording;
                print_line(json!({
                    "level": level,
                    "search": algo.name(),
                    "expanded": stats.expanded,
                    "iterations": stats.iterations,
                    "median_ms_unobserved": plain,
                    "median_ms_heat": heat,
                    "median_ms_recorded": recorded,
                    "recorded_over_heat": recorded / heat,
                    "recorded_over_unobserved": recorded / plain,
                    "steps_recorded": steps,
                    "full_at": full_at,
                    "timeline_bytes": bytes,
                    "bytes_per_step": bytes as f64 / steps.max(1) as f64,
                    "runs": self.runs,
                }))?;
            }
        }
        Ok(())
    }
}
