//! A committed plan's bookkeeping on drawn corridors, with a stand-in search whose work and move
//! are known: when it commits, how the node limit and the plan-length cap end it, a loss, and a
//! search with no move.

use searchlab::search::committed_plan::{CommittedPlan, CommittedPlanOptions};
use searchlab::search::{Limit, Progress, Search, Stats};

use crate::maze::{Maze, Move, Right};

/// A search that expands 3 states per unit of work and always proposes `proposal`.
struct Stub {
    proposal: Option<Move>,
    stats: Stats,
}

impl Search<Maze> for Stub {
    fn step(&mut self, budget: u64) -> Progress {
        self.stats.expanded += 3 * budget;
        self.stats.iterations += budget;
        Progress::Running
    }
    fn best_action(&self) -> Option<Move> {
        self.proposal
    }
    fn principal_variation(&self) -> Vec<Move> {
        self.proposal.into_iter().collect()
    }
    fn stats(&self) -> Stats {
        self.stats
    }
}

fn plan(
    maze: &str,
    proposal: Option<Move>,
    options: CommittedPlanOptions,
) -> (Progress, Vec<Move>, Stats) {
    let factory = |_: &Maze, _: u64| {
        Ok::<_, ()>(Stub {
            proposal,
            stats: Stats::default(),
        })
    };
    let mut search = CommittedPlan::new(Maze::parse(maze), options, factory).unwrap();
    let progress = searchlab::search::run_to_end(&mut search, 1);
    (progress, search.principal_variation(), search.stats())
}

const CORRIDOR: &str = "
    ######
    #S...G
    ######";

const PIT: &str = "
    #####
    #S.O#
    #####";

fn options(step_budget: u64, max_nodes: u64) -> CommittedPlanOptions {
    CommittedPlanOptions {
        step_budget,
        max_plan_length: 100,
        max_nodes,
    }
}

#[test]
fn commits_after_each_budget_until_solved() {
    let (progress, moves, stats) = plan(CORRIDOR, Some(Right), options(2, 1000));
    assert_eq!(progress, Progress::Solved);
    assert_eq!(moves, [Right; 4]);
    // 4 moves of 2 units, 3 expansions a unit.
    assert_eq!((stats.expanded, stats.iterations), (24, 8));
}

#[test]
fn the_node_limit_keeps_the_moves_committed_before_it() {
    // Units expand 3, 6 (move 1), 9, 12 (move 2); the limit of 10 is seen before the fifth.
    let (progress, moves, stats) = plan(CORRIDOR, Some(Right), options(2, 10));
    assert_eq!(progress, Progress::LimitReached(Limit::Nodes));
    assert_eq!(moves, [Right; 2]);
    assert_eq!(stats.expanded, 12);
}

#[test]
fn a_loss_a_length_cap_or_no_move_ends_the_plan_unsolved() {
    let (progress, moves, _) = plan(PIT, Some(Right), options(1, 1000));
    assert_eq!(
        (progress, moves.len()),
        (Progress::Exhausted, 2),
        "into the pit"
    );
    let capped = CommittedPlanOptions {
        max_plan_length: 3,
        ..options(1, 1000)
    };
    let (progress, moves, _) = plan(CORRIDOR, Some(Right), capped);
    assert_eq!((progress, moves.len()), (Progress::Exhausted, 3), "capped");
    let (progress, moves, stats) = plan(CORRIDOR, None, options(5, 1000));
    assert_eq!((progress, moves.len()), (Progress::Exhausted, 0), "no move");
    assert_eq!(stats.expanded, 15, "the search's work is counted");
}
