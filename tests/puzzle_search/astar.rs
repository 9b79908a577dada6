//! A*: shortest plans with an admissible heuristic, pruning, weights, fingerprints, and what it
//! shows while running.

use searchlab::game::Puzzle;
use searchlab::search::astar::{AStar, AStarOptions, FrontierStates, Weight};
use searchlab::search::bfs::{Bfs, BfsOptions};
use searchlab::search::node_store::KeyMode;
use searchlab::search::{Limit, Progress, Search};

use crate::check::{assert_solves, finish};
use crate::eight_puzzle::{Eight, HARDEST, HARDEST_TOO, UNSOLVABLE};
use crate::maze::{Down, Maze, Right, KEY_AND_DOOR, LOCKED, TWO_ROUTES};

fn to_goal(maze: &Maze) -> Option<u32> {
    Some(maze.distance_to_goal())
}

fn manhattan(board: &Eight) -> Option<u32> {
    Some(board.manhattan())
}

#[test]
fn walks_straight_down_the_short_corridor() {
    let outcome = finish(&mut AStar::new(
        Maze::parse(TWO_ROUTES),
        to_goal,
        AStarOptions::default(),
    ));
    assert_eq!(outcome.progress, Progress::Solved);
    assert_eq!(outcome.plan, [Right, Right, Right, Right]);
    // f = 4 all along the top row; the detour below (f = 6) is queued but never expanded.
    assert_eq!(outcome.stats.expanded, 4);
    assert_eq!(outcome.stats.generated, 16);
    assert_eq!(outcome.stats.stored, 6);
}

#[test]
fn breaks_ties_in_f_towards_the_deeper_state() {
    // In an open room the distance is exact, so every cell between the corners has f = 8; going
    // deeper first (and last queued first) walks one shortest path, expanding only its states.
    let room = Maze::parse(
        "
        #######
        #S....#
        #.....#
        #.....#
        #.....#
        #....G#
        #######",
    );
    let outcome = finish(&mut AStar::new(room, to_goal, AStarOptions::default()));
    assert_eq!(
        outcome.plan,
        [Right, Right, Right, Right, Down, Down, Down, Down]
    );
    assert_eq!(outcome.stats.expanded, 8);
}

#[test]
fn matches_breadth_first_search_on_the_key_and_door() {
    let maze = Maze::parse(KEY_AND_DOOR);
    let astar = finish(&mut AStar::new(
        maze.clone(),
        to_goal,
        AStarOptions::default(),
    ));
    let bfs = finish(&mut Bfs::new(maze.clone(), BfsOptions::default()));
    assert_eq!(astar.progress, Progress::Solved);
    assert_eq!(astar.plan, bfs.plan);
}

#[test]
fn solves_the_hardest_eight_puzzles_in_31_moves() {
    for board in [HARDEST, HARDEST_TOO] {
        let start = Eight::parse(board);
        let outcome = finish(&mut AStar::new(start, manhattan, AStarOptions::default()));
        assert_eq!(outcome.progress, Progress::Solved);
        assert_eq!(outcome.plan.len(), 31, "{board}");
        assert_solves(&start, &outcome.plan);
        assert!(outcome.stats.expanded < 181_440 / 2, "{:?}", outcome.stats);
    }
}

#[test]
fn exhausts_unsolvable_puzzles() {
    let outcome = finish(&mut AStar::new(
        Eight::parse(UNSOLVABLE),
        manhattan,
        AStarOptions::default(),
    ));
    assert_eq!(outcome.progress, Progress::Exhausted);
    assert_eq!(outcome.stats.expanded, 181_440);
    let outcome = finish(&mut AStar::new(
        Maze::parse(LOCKED),
        to_goal,
        AStarOptions::default(),
    ));
    assert_eq!(outcome.progress, Progress::Exhausted);
}

#[test]
fn prunes_states_the_heuristic_calls_unwinnable() {
    // Declaring the top row beyond column 3 unwinnable forces the route round the bottom.
    let avoid_top = |maze: &Maze| match maze.position() {
        (1, column) if column > 3 && !maze.is_solved() => None,
        _ => Some(maze.distance_to_goal()),
    };
    let maze = Maze::parse(TWO_ROUTES);
    let outcome = finish(&mut AStar::new(
        maze.clone(),
        avoid_top,
        AStarOptions::default(),
    ));
    assert_eq!(outcome.progress, Progress::Solved);
    assert_eq!(outcome.plan.len(), 8);
    assert_solves(&maze, &outcome.plan);
    // A root the heuristic rules out ends the search at once.
    let outcome = finish(&mut AStar::new(
        maze,
        |_: &Maze| None,
        AStarOptions::default(),
    ));
    assert_eq!(outcome.progress, Progress::Exhausted);
    assert_eq!(outcome.stats.expanded, 0);
}

#[test]
fn weighted_plans_stay_within_the_weight_of_the_optimum() {
    let mut rng = searchlab::rng::Rng::new(21);
    for weight in [
        Weight::new(3, 2).unwrap(),
        Weight::new(2, 1).unwrap(),
        Weight::new(5, 1).unwrap(),
    ] {
        for _ in 0..10 {
            let start = Eight::scrambled(&mut rng, 40);
            let optimum = finish(&mut AStar::new(start, manhattan, AStarOptions::default()));
            let options = AStarOptions {
                weight,
                ..AStarOptions::default()
            };
            let weighted = finish(&mut AStar::new(start, manhattan, options));
            assert_eq!(weighted.progress, Progress::Solved);
            assert_solves(&start, &weighted.plan);
            let bound = optimum.plan.len() as f64 * weight.as_f64();
            assert!(weighted.plan.len() as f64 <= bound, "{weight:?}");
        }
    }
}

#[test]
fn weights_are_reduced_fractions_of_at_least_one() {
    let w = Weight::from_f64(1.5).unwrap();
    assert_eq!((w.numerator(), w.denominator()), (3, 2));
    assert_eq!(Weight::from_f64(1.0).unwrap(), Weight::ONE);
    assert_eq!(Weight::new(4, 2).unwrap(), Weight::new(2, 1).unwrap());
    assert_eq!(
        Weight::from_f64(1.234).unwrap(),
        Weight::new(123, 100).unwrap()
    );
    for bad in [0.5, f64::NAN, f64::INFINITY, -1.0, 1e6] {
        let error = Weight::from_f64(bad).unwrap_err();
        assert!(
            error.to_string().starts_with("invalid A* weight"),
            "{error}"
        );
    }
    assert!(Weight::new(1, 0).is_err());
    assert!(Weight::new(1, 2).is_err());
    assert!(Weight::new(2_000_003, 2_000_000).is_err());
}

#[test]
fn fingerprinted_keys_give_the_same_searches() {
    let mut rng = searchlab::rng::Rng::new(8);
    for _ in 0..10 {
        let start = Eight::scrambled(&mut rng, 40);
        let exact = finish(&mut AStar::new(start, manhattan, AStarOptions::default()));
        let options = AStarOptions {
            keys: KeyMode::Fingerprint,
            ..AStarOptions::default()
        };
        let printed = finish(&mut AStar::new(start, manhattan, options));
        assert_eq!(printed, exact);
    }
}

#[test]
fn rebuilt_frontier_states_give_the_same_searches() {
    // Thousands of expansions per search, so rebuilds start from the root, from far ancestors
    // evicted from the cache of recent states, and from the parent just expanded.
    let mut rng = searchlab::rng::Rng::new(13);
    for weight in [Weight::ONE, Weight::new(3, 1).unwrap()] {
        for _ in 0..6 {
            let start = Eight::scrambled(&mut rng, 60);
            let held = AStarOptions {
                weight,
                ..AStarOptions::default()
            };
            let rebuilt = AStarOptions {
                frontier: FrontierStates::Rebuilt,
                ..held
            };
            let expected = finish(&mut AStar::new(start, manhattan, held));
            let outcome = finish(&mut AStar::new(start, manhattan, rebuilt));
            assert_eq!(outcome, expected);
        }
    }
    let hardest = finish(&mut AStar::new(
        Eight::parse(HARDEST),
        manhattan,
        AStarOptions {
            frontier: FrontierStates::Rebuilt,
            ..AStarOptions::default()
        },
    ));
    assert_eq!(hardest.plan.len(), 31);
    assert!(hardest.stats.expanded > 4096, "{:?}", hardest.stats);
}

#[test]
fn while_running_shows_the_path_to_the_state_closest_to_the_goal() {
    let maze = Maze::parse(TWO_ROUTES);
    let mut search = AStar::new(maze, to_goal, AStarOptions::default());
    assert_eq!(search.principal_variation(), []);
    assert_eq!(search.step(2), Progress::Running);
    // After S and (1,2): (1,3) has h = 2, the least.
    assert_eq!(search.principal_variation(), [Right, Right]);
    assert_eq!(search.best_action(), Some(Right));
}

#[test]
fn an_absurd_heuristic_hits_the_memory_limit_instead_of_allocating() {
    let outcome = finish(&mut AStar::new(
        Eight::parse(HARDEST),
        |_: &Eight| Some(u32::MAX),
        AStarOptions::default(),
    ));
    assert_eq!(outcome.progress, Progress::LimitReached(Limit::Memory));
}
