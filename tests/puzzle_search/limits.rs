//! What every puzzle search shares: limits end it cleanly, slicing does not change it, and the
//! observer sees every expansion.

use searchlab::search::astar::{AStar, AStarOptions};
use searchlab::search::bfs::{Bfs, BfsOptions};
use searchlab::search::dfs::{Dfs, DfsOptions};
use searchlab::search::dls::{Dls, DlsOptions};
use searchlab::search::{Limit, Limits, Observer, Progress, Search, Visit};

use crate::check::{finish, replay, run};
use crate::eight_puzzle::{Eight, HARDEST};
use crate::maze::{Maze, KEY_AND_DOOR};

fn manhattan(board: &Eight) -> Option<u32> {
    Some(board.manhattan())
}

fn minus_manhattan(board: &Eight) -> f64 {
    -(board.manhattan() as f64)
}

/// The four searches from `start` under `limits` (DLS to depth 12).
fn all_searches(start: Eight, limits: Limits) -> Vec<(&'static str, Box<dyn Search<Eight>>)> {
    vec![
        (
            "bfs",
            Box::new(Bfs::new(
                start,
                BfsOptions {
                    limits,
                    ..BfsOptions::default()
                },
            )),
        ),
        (
            "dfs",
            Box::new(Dfs::new(
                start,
                DfsOptions {
                    limits,
                    ..DfsOptions::default()
                },
            )),
        ),
        (
            "dls",
            Box::new(Dls::new(
                start,
                minus_manhattan,
                DlsOptions {
                    depth: 12,
                    limits,
                    ..DlsOptions::default()
                },
            )),
        ),
        (
            "astar",
            Box::new(AStar::new(
                start,
                manhattan,
                AStarOptions {
                    limits,
                    ..AStarOptions::default()
                },
            )),
        ),
    ]
}

#[test]
fn a_node_limit_stops_every_search_after_exactly_that_many_expansions() {
    let start = Eight::parse(HARDEST);
    let limits = Limits {
        max_nodes: 5,
        ..Limits::default()
    };
    for (name, mut search) in all_searches(start, limits) {
        let outcome = finish(&mut *search);
        assert_eq!(
            outcome.progress,
            Progress::LimitReached(Limit::Nodes),
            "{name}"
        );
        assert_eq!(outcome.stats.expanded, 5, "{name}");
        replay(&start, &outcome.plan);
    }
}

#[test]
fn a_memory_limit_stops_every_search_without_panicking() {
    let start = Eight::parse(HARDEST);
    for max_memory_bytes in [0, 100, 20_000] {
        let limits = Limits {
            max_memory_bytes,
            ..Limits::default()
        };
        for (name, mut search) in all_searches(start, limits) {
            let outcome = finish(&mut *search);
            assert_eq!(
                outcome.progress,
                Progress::LimitReached(Limit::Memory),
                "{name} {max_memory_bytes}"
            );
            replay(&start, &outcome.plan);
        }
    }
}

#[test]
fn memory_estimates_grow_with_the_search_and_stop_it_near_the_limit() {
    let limits = Limits {
        max_memory_bytes: 1 << 20,
        ..Limits::default()
    };
    let mut bfs = Bfs::new(
        Eight::parse(HARDEST),
        BfsOptions {
            limits,
            ..BfsOptions::default()
        },
    );
    let small = bfs.memory_bytes();
    assert_eq!(
        finish(&mut bfs).progress,
        Progress::LimitReached(Limit::Memory)
    );
    // The store and the queue grow only when the grown estimate fits.
    assert!(small < 4096);
    assert!(bfs.memory_bytes() <= limits.max_memory_bytes);
    assert!(bfs.memory_bytes() > limits.max_memory_bytes / 2);
    let mut astar = AStar::new(
        Eight::parse("1 2 3 4 5 6 8 7 0"),
        manhattan,
        AStarOptions {
            limits,
            ..AStarOptions::default()
        },
    );
    assert_eq!(
        finish(&mut astar).progress,
        Progress::LimitReached(Limit::Memory)
    );
    assert!(astar.memory_bytes() > limits.max_memory_bytes / 2);
    assert!(astar.memory_bytes() < limits.max_memory_bytes + limits.max_memory_bytes / 10);
}

#[test]
fn stepping_one_expansion_at_a_time_gives_the_same_result_as_one_big_step() {
    let mut rng = searchlab::rng::Rng::new(3);
    for _ in 0..4 {
        let start = Eight::scrambled(&mut rng, 30);
        let whole = all_searches(start, Limits::default());
        let sliced = all_searches(start, Limits::default());
        let by_seven = all_searches(start, Limits::default());
        for (((name, mut a), (_, mut b)), (_, mut c)) in whole.into_iter().zip(sliced).zip(by_seven)
        {
            let expected = finish(&mut *a);
            assert_eq!(run(&mut *b, 1), expected, "{name}");
            assert_eq!(run(&mut *c, 7), expected, "{name}");
        }
    }
    // And under a node limit, where the search stops part-way.
    let limits = Limits {
        max_nodes: 200,
        ..Limits::default()
    };
    let whole = all_searches(Eight::parse(HARDEST), limits);
    let sliced = all_searches(Eight::parse(HARDEST), limits);
    for ((name, mut a), (_, mut b)) in whole.into_iter().zip(sliced) {
        assert_eq!(run(&mut *b, 1), finish(&mut *a), "{name}");
    }
}

#[test]
fn a_zero_budget_does_nothing() {
    for (name, mut search) in all_searches(Eight::parse(HARDEST), Limits::default()) {
        assert_eq!(search.step(0), Progress::Running, "{name}");
        assert_eq!(search.stats().expanded, 0, "{name}");
    }
}

/// Records what a search reports.
#[derive(Default)]
struct Recorder {
    expanded: Vec<Visit>,
    generated: usize,
    /// Every generated visit, in order (DFS and DLS: what went onto the stack).
    pushed: Vec<Visit>,
}

impl<G> Observer<G> for Recorder {
    fn expanded(&mut self, _state: &G, visit: Visit) {
        self.expanded.push(visit);
    }
    fn generated(&mut self, _state: &G, visit: Visit) {
        self.generated += 1;
        self.pushed.push(visit);
    }
}

#[test]
fn breadth_first_expands_by_layers_and_reports_each_expansion() {
    let start = Eight::parse(HARDEST);
    let mut search = Bfs::with_observer(start, BfsOptions::default(), Recorder::default());
    let outcome = finish(&mut search);
    let seen = search.observer();
    assert_eq!(seen.expanded.len() as u64, outcome.stats.expanded);
    assert!(seen.expanded.windows(2).all(|w| w[0].depth <= w[1].depth));
    // Every stored state was reported when queued.
    assert_eq!(seen.generated as u64, outcome.stats.stored);
}

#[test]
fn astar_expands_in_order_of_f_with_a_consistent_heuristic() {
    let start = Eight::parse(HARDEST);
    let mut search = AStar::with_observer(
        start,
        manhattan,
        AStarOptions::default(),
        Recorder::default(),
    );
    let outcome = finish(&mut search);
    let seen = search.observer();
    assert_eq!(seen.expanded.len() as u64, outcome.stats.expanded);
    assert!(seen.expanded.windows(2).all(|w| w[0].value <= w[1].value));
    // f starts at h(root) and ends at the plan's length.
    assert_eq!(seen.expanded[0].value, start.manhattan() as f64);
    assert_eq!(seen.expanded.last().map(|v| v.value), Some(31.0));
}

#[test]
fn depth_first_searches_go_one_level_deeper_at_most_per_expansion() {
    let maze = Maze::parse(KEY_AND_DOOR);
    let mut dfs = Dfs::with_observer(maze.clone(), DfsOptions::default(), Recorder::default());
    let outcome = finish(&mut dfs);
    let seen = dfs.observer();
    // Each state goes onto the stack (generated) when it is expanded; a state leaves it
    // (expanded) only after going on.
    assert_eq!(seen.pushed.len() as u64, outcome.stats.expanded);
    assert!(seen.pushed.windows(2).all(|w| w[1].depth <= w[0].depth + 1));
    assert!(seen.expanded.len() < seen.pushed.len());
    let mut dls = Dls::with_observer(
        maze,
        |m: &Maze| -(m.distance_to_goal() as f64),
        DlsOptions {
            depth: 6,
            ..DlsOptions::default()
        },
        Recorder::default(),
    );
    let outcome = finish(&mut dls);
    let seen = dls.observer();
    // Leaves (depth 6) go on and off the stack at once; only the others are expanded.
    let inner = seen.pushed.iter().filter(|v| v.depth < 6).count();
    assert_eq!(inner as u64, outcome.stats.expanded);
    assert!(seen.pushed.iter().all(|v| v.depth <= 6));
}
