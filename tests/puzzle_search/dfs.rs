//! Depth-first search: the first plan in legal-action order, exact counts on drawn mazes, and the
//! depth bound.

use searchlab::search::bfs::{Bfs, BfsOptions};
use searchlab::search::dfs::{Dfs, DfsOptions};
use searchlab::search::{Progress, Search};

use crate::check::{assert_solves, finish};
use crate::eight_puzzle::{Eight, HARDEST, UNSOLVABLE};
use crate::maze::{Down, Maze, Right, Up, DEAD_ENDS, KEY_AND_DOOR, TWO_ROUTES, WALLED_OFF};

#[test]
fn goes_down_first_and_keeps_the_long_way_round() {
    let outcome = finish(&mut Dfs::new(
        Maze::parse(TWO_ROUTES),
        DfsOptions::default(),
    ));
    assert_eq!(outcome.progress, Progress::Solved);
    assert_eq!(
        outcome.plan,
        [Down, Down, Right, Right, Right, Right, Up, Up]
    );
}

#[test]
fn backs_out_of_the_pit_corridor_with_exact_counts() {
    let maze = Maze::parse(DEAD_ENDS);
    let outcome = finish(&mut Dfs::new(maze.clone(), DfsOptions::default()));
    assert_eq!(outcome.progress, Progress::Solved);
    let expected = [
        Right, Right, Down, Down, Right, Right, Up, Up, Right, Right, Down, Down,
    ];
    assert_eq!(outcome.plan, expected);
    // Entered: S, the two cells of the dead end above the pit, and the 11 cells of the route
    // before the goal. Children generated: 4 by states left behind, fewer by states on the
    // final path (only up to the action taken): 4+4+4+4+2+2+4+4+1+1+4+4+2+2.
    assert_eq!(outcome.stats.expanded, 14);
    assert_eq!(outcome.stats.generated, 42);
    assert_eq!(outcome.stats.stored, 14);
    assert_eq!(outcome.stats.max_frontier, 12);
}

#[test]
fn fetches_the_key_first_in_action_order() {
    let maze = Maze::parse(KEY_AND_DOOR);
    let outcome = finish(&mut Dfs::new(maze.clone(), DfsOptions::default()));
    assert_eq!(outcome.progress, Progress::Solved);
    // The corridors leave no choice, so the first plan is also the shortest.
    assert_eq!(outcome.plan.len(), 16);
    assert_solves(&maze, &outcome.plan);
}

#[test]
fn finds_some_plan_for_a_hard_eight_puzzle() {
    let start = Eight::parse(HARDEST);
    let outcome = finish(&mut Dfs::new(start, DfsOptions::default()));
    assert_eq!(outcome.progress, Progress::Solved);
    assert!(outcome.plan.len() >= 31);
    assert_solves(&start, &outcome.plan);
}

#[test]
fn with_a_depth_bound_finds_plans_within_it_and_nothing_below_the_optimum() {
    let mut rng = searchlab::rng::Rng::new(11);
    for _ in 0..6 {
        let start = Eight::scrambled(&mut rng, 14);
        let optimum = finish(&mut Bfs::new(start, BfsOptions::default()))
            .plan
            .len() as u32;
        let bounded = |max_depth| DfsOptions {
            max_depth: Some(max_depth),
            ..DfsOptions::default()
        };
        let found = finish(&mut Dfs::new(start, bounded(optimum + 2)));
        assert_eq!(found.progress, Progress::Solved);
        assert!(found.plan.len() as u32 <= optimum + 2);
        assert_solves(&start, &found.plan);
        // Exactly at the optimum the plan is found only if states first met deep are entered
        // again when met shallower.
        let tight = finish(&mut Dfs::new(start, bounded(optimum)));
        assert_eq!(tight.plan.len() as u32, optimum);
        if optimum > 0 {
            let short = finish(&mut Dfs::new(start, bounded(optimum - 1)));
            assert_eq!(short.progress, Progress::Exhausted);
        }
    }
}

#[test]
fn with_a_depth_bound_enters_a_state_again_when_it_is_met_shallower() {
    // Down first: (2,1), (2,2), then up to (1,2) at depth 3, the bound, so not expanded. Right
    // from the start meets (1,2) again at depth 1, and only entering it again finds the goal.
    let maze = Maze::parse(
        "
        ######
        #S..G#
        #..###
        ######",
    );
    let options = DfsOptions {
        max_depth: Some(3),
        ..DfsOptions::default()
    };
    let outcome = finish(&mut Dfs::new(maze, options));
    assert_eq!(outcome.progress, Progress::Solved);
    assert_eq!(outcome.plan, [Right, Right, Right]);
}

#[test]
fn proves_unsolvable_puzzles_unsolvable() {
    let outcome = finish(&mut Dfs::new(
        Maze::parse(WALLED_OFF),
        DfsOptions::default(),
    ));
    assert_eq!(outcome.progress, Progress::Exhausted);
    let outcome = finish(&mut Dfs::new(
        Eight::parse(UNSOLVABLE),
        DfsOptions::default(),
    ));
    assert_eq!(outcome.progress, Progress::Exhausted);
    assert_eq!(outcome.stats.stored, 181_440);
}

#[test]
fn the_principal_variation_is_the_current_path() {
    let maze = Maze::parse(DEAD_ENDS);
    let mut search = Dfs::new(maze, DfsOptions::default());
    // S, then the two cells above the pit: the path goes down twice.
    assert_eq!(search.step(3), Progress::Running);
    assert_eq!(search.principal_variation(), [Down, Down]);
    assert_eq!(search.best_action(), Some(Down));
    // Backtracked to S and along the top row: right once.
    assert_eq!(search.step(1), Progress::Running);
    assert_eq!(search.principal_variation(), [Right]);
}
