//! `searchlab bait timeline-bench`: what recording a run costs (`search::timeline`). On each of
//! the five official levels, BFS, A* (state-aware bound) and MCTS run from the start three
//! ways, alternating, in slices as the page's worker runs them: unobserved; counting the heat
//! map as the page's live view does; and recorded into a timeline (which also counts the heat
//! map). One JSON line per level and search: the median time of each over the runs, the
//! recorded-over-heat and recorded-over-unobserved ratios, the steps recorded and the timeline's
//! bytes per step.

use std::rc::Rc;
use std::time::Instant;

use clap::Args;
use searchlab::agents::bait::{AgentSpec, Algorithm};
use searchlab::agents::Agent;
use searchlab::games::bait::BaitState;
use searchlab::search::timeline::{CellCounts, Recorded, Recorder, TimelineOptions};
use searchlab::search::{Limits, NoObserver, Observer, Progress, Search, Stats, Visit};
use serde_json::json;

use super::load_level;
use crate::args::{flag_error, print_line, CliResult};
use crate::flag_values::{at_least, within};

/// The flags of `bait timeline-bench`.
#[derive(Args)]
pub struct TimelineBenchFlags {
    /// Runs of each way; the median time is reported
    #[arg(long, value_name = "R", default_value_t = 3, value_parser = within(1..=100usize))]
    runs: usize,
    /// The folder holding bait_lvl0.txt to bait_lvl4.txt
    #[arg(long, value_name = "DIR", default_value = "../shared/bait/levels")]
    levels: String,
    /// Expansions BFS and A* may make (BFS cannot solve level 3 in memory)
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = at_least(1u64))]
    max_nodes: u64,
    /// MCTS iterations from the start
    #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = at_least(1u64))]
    mcts_iterations: u64,
    /// Units of work per slice, as the worker steps a search
    #[arg(long, value_name = "N", default_value_t = 4096, value_parser = at_least(1u64))]
    slice: u64,
}

/// Counts the heat map as the page's live view does (`wasm::heat::SharedHeat`).
#[derive(Clone)]
struct Heat(Rc<std::cell::RefCell<CellCounts>>);

fn avatar_cell(state: &BaitState) -> usize {
    let (x, y) = state.avatar_position();
    y * state.level().width() + x
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

/// Steps `search` in slices until it finishes or has done `work` units; the milliseconds taken.
fn run(mut search: Box<dyn Search<BaitState>>, slice: u64, work: u64) -> (f64, Stats) {
    let began = Instant::now();
    let mut done = 0;
    while done < work {
        let budget = slice.min(work - done);
        let progress: Progress = search.step(budget);
        done += budget;
        if progress.is_finished() {
            break;
        }
    }
    (began.elapsed().as_secs_f64() * 1e3, search.stats())
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

impl TimelineBenchFlags {
    /// Measures every search on every level and prints one line each.
    pub fn run(self) -> CliResult<()> {
        for level in 0..5 {
            let path = format!("{}/bait_lvl{level}.txt", self.levels);
            let root = BaitState::new(Rc::new(load_level(&path)?));
            let cells = root.level().width() * root.level().height();
            for algo in [Algorithm::Bfs, Algorithm::Astar, Algorithm::Mcts] {
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
                for _ in 0..self.runs {
                    let search = spec.build(&root, 1, NoObserver).map_err(build_error)?;
                    let (ms, plain_stats) = run(search, self.slice, work);
                    plain.push(ms);
                    stats = plain_stats;
                    let counts = Heat(Rc::new(CellCounts::new(cells).into()));
                    let search = spec.build(&root, 1, counts).map_err(build_error)?;
                    heat.push(run(search, self.slice, work).0);
                    let options = TimelineOptions {
                        has_frontier: algo != Algorithm::Mcts,
                        tree: algo == Algorithm::Mcts,
                        ..TimelineOptions::new(cells)
                    };
                    let recorder = Recorder::new(options, Some(avatar_cell as fn(&_) -> _));
                    let search = spec
                        .build(&root, 1, recorder.clone())
                        .map_err(build_error)?;
                    let search = Box::new(Recorded::new(search, &recorder));
                    let (ms, recorded_stats) = run(search, self.slice, work);
                    recorded.push(ms);
                    if recorded_stats != plain_stats {
                        return Err(flag_error(
                            "levels",
                            format!(
                                "level {level} {}: recording changed the search",
                                algo.name()
                            ),
                        ));
                    }
                    let timeline = recorder.timeline();
                    recording = (timeline.len(), timeline.memory_bytes(), timeline.full_at());
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
