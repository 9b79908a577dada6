//! Breadth-first search: shortest plans, exact counts on drawn mazes, goal test on generation.

use searchlab::search::bfs::{Bfs, BfsOptions};
use searchlab::search::Progress;

use crate::check::{assert_solves, finish};
use crate::eight_puzzle::{Eight, HARDEST, HARDEST_TOO, UNSOLVABLE};
use crate::maze::{Down, Left, Maze, Right, Up, KEY_AND_DOOR, LOCKED, TWO_ROUTES, WALLED_OFF};

#[test]
fn takes_the_short_corridor_and_stops_when_the_goal_is_generated() {
    let maze = Maze::parse(TWO_ROUTES);
    let outcome = finish(&mut Bfs::new(maze.clone(), BfsOptions::default()));
    assert_eq!(outcome.progress, Progress::Solved);
    assert_eq!(outcome.plan, [Right, Right, Right, Right]);
    // Expanded by layers: S; (2,1) (1,2); (3,1) (1,3); (3,2) (1,4), whose child is the goal.
    assert_eq!(outcome.stats.expanded, 7);
    assert_eq!(outcome.stats.generated, 28);
    assert_eq!(outcome.stats.max_depth, 4);
    // S, (2,1), (1,2), (3,1), (1,3), (3,2), (1,4), (3,3): the goal itself is never stored.
    assert_eq!(outcome.stats.stored, 8);
}

#[test]
fn fetches_the_key_before_the_door() {
    let maze = Maze::parse(KEY_AND_DOOR);
    let outcome = finish(&mut Bfs::new(maze.clone(), BfsOptions::default()));
    assert_eq!(outcome.progress, Progress::Solved);
    let expected = [
        Down, Down, Up, Up, Right, Right, Right, Right, Right, Right, Down, Down, Left, Left, Left,
        Left,
    ];
    assert_eq!(outcome.plan, expected);
    assert_solves(&maze, &outcome.plan);
}

#[test]
fn proves_closed_mazes_unsolvable() {
    for picture in [WALLED_OFF, LOCKED] {
        let outcome = finish(&mut Bfs::new(Maze::parse(picture), BfsOptions::default()));
        assert_eq!(outcome.progress, Progress::Exhausted, "{picture}");
    }
    // LOCKED: the start and the floor before the door, nothing else.
    let outcome = finish(&mut Bfs::new(Maze::parse(LOCKED), BfsOptions::default()));
    assert_eq!(outcome.stats.stored, 2);
    assert_eq!(outcome.stats.expanded, 2);
}

#[test]
fn solves_the_hardest_eight_puzzles_in_31_moves() {
    for board in [HARDEST, HARDEST_TOO] {
        let start = Eight::parse(board);
        let outcome = finish(&mut Bfs::new(start, BfsOptions::default()));
        assert_eq!(outcome.progress, Progress::Solved);
        assert_eq!(outcome.plan.len(), 31, "{board}");
        assert_solves(&start, &outcome.plan);
    }
}

#[test]
fn exhausts_the_half_of_the_eight_puzzle_that_cannot_reach_the_goal() {
    let outcome = finish(&mut Bfs::new(
        Eight::parse(UNSOLVABLE),
        BfsOptions::default(),
    ));
    assert_eq!(outcome.progress, Progress::Exhausted);
    // 9!/2 boards share the unsolvable parity; every one is stored and expanded.
    assert_eq!(outcome.stats.stored, 181_440);
    assert_eq!(outcome.stats.expanded, 181_440);
}

#[test]
fn a_solved_start_needs_no_plan() {
    let outcome = finish(&mut Bfs::new(Eight::solved(), BfsOptions::default()));
    assert_eq!(outcome.progress, Progress::Solved);
    assert!(outcome.plan.is_empty());
    assert_eq!(outcome.stats.expanded, 0);
}
