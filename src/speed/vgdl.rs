//! The planners of the 75-level VGDL table, shared by the native CLI (`searchlab vgdl solve`,
//! `vgdl bench-bfs`) and the `benchVgdlSolve` export that `tests/e2e/bench-vgdl-levels.mjs`
//! runs in Chromium, so both builds run the same searches with the same bounds.

use crate::games::vgdl::heuristic::{Guidance, LowerBound};
use crate::games::vgdl::{Action, VgdlState};
use crate::search::astar::{AStar, AStarOptions, FrontierStates, Weight};
use crate::search::bfs::{Bfs, BfsOptions};
use crate::search::dfs::{Dfs, DfsOptions};
use crate::search::node_store::KeyMode;
use crate::search::{run_to_end, Limits, Progress, Search, Stats};

/// A planner over GVGAI's four moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VgdlPlanner {
    /// Breadth-first search: shortest plans.
    Bfs,
    /// A* with the interpreter's admissible [`LowerBound`] (h = 0 where it has none): shortest
    /// plans.
    Astar,
    /// Weighted A* with the [`Guidance`] guess: some plan, not the shortest. It keeps 64-bit
    /// fingerprints of the keys and rebuilds queued states on expansion
    /// ([`FrontierStates::Rebuilt`]), about 40 bytes of search memory a state instead of whole
    /// keys and states (hundreds of bytes with many boxes); a fingerprint collision could hide a
    /// plan, never make a wrong one (the CLI replays every plan).
    Wastar,
    /// Depth-first search: some plan, not the shortest.
    Dfs,
}

impl VgdlPlanner {
    /// Every planner, in the order of [`VgdlPlanner::name`]'s list.
    pub const ALL: [VgdlPlanner; 4] = [
        VgdlPlanner::Bfs,
        VgdlPlanner::Astar,
        VgdlPlanner::Wastar,
        VgdlPlanner::Dfs,
    ];

    /// The planner's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            VgdlPlanner::Bfs => "bfs",
            VgdlPlanner::Astar => "astar",
            VgdlPlanner::Wastar => "wastar",
            VgdlPlanner::Dfs => "dfs",
        }
    }

    /// Whether a plan it finds is proved shortest.
    pub fn is_exact(self) -> bool {
        matches!(self, VgdlPlanner::Bfs | VgdlPlanner::Astar)
    }
}

/// How one planner's search ended.
#[derive(Clone, Debug)]
pub struct PlanRun {
    pub progress: Progress,
    /// The plan when solved, else empty.
    pub plan: Vec<Action>,
    pub stats: Stats,
}

impl PlanRun {
    /// Whether the plan is proved the fewest moves that win.
    pub fn shortest(&self, planner: VgdlPlanner) -> bool {
        self.progress == Progress::Solved && planner.is_exact()
    }
}

/// Runs `planner` from `start` under `limits` (`weight` is read by `wastar` only).
pub fn vgdl_plan(
    start: &VgdlState,
    planner: VgdlPlanner,
    limits: Limits,
    weight: Weight,
) -> PlanRun {
    let mut search: Box<dyn Search<VgdlState>> = match planner {
        VgdlPlanner::Bfs => Box::new(Bfs::new(
            start.clone(),
            BfsOptions {
                limits,
                ..BfsOptions::default()
            },
        )),
        VgdlPlanner::Astar => {
            let lower = LowerBound::new(start.world());
            Box::new(AStar::new(
                start.clone(),
                move |s: &VgdlState| lower.as_ref().map_or(Some(0), |b| b.estimate(s)),
                AStarOptions {
                    limits,
                    ..AStarOptions::default()
                },
            ))
        }
        VgdlPlanner::Wastar => {
            let guidance = Guidance::new(start.world());
            Box::new(AStar::new(
                start.clone(),
                move |s: &VgdlState| guidance.estimate(s),
                AStarOptions {
                    limits,
                    weight,
                    keys: KeyMode::Fingerprint,
                    frontier: FrontierStates::Rebuilt,
                },
            ))
        }
        VgdlPlanner::Dfs => Box::new(Dfs::new(
            start.clone(),
            DfsOptions {
                limits,
                ..DfsOptions::default()
            },
        )),
    };
    let progress = run_to_end(search.as_mut(), 1 << 14);
    let plan = if progress == Progress::Solved {
        search.principal_variation()
    } else {
        Vec::new()
    };
    PlanRun {
        progress,
        plan,
        stats: search.stats(),
    }
}
