//! Depth-limited search with a heuristic, and the agent that re-plans with it.

use searchlab::game::Puzzle;
use searchlab::search::dls::{AgentStatus, Dls, DlsAgent, DlsAgentOptions, DlsOptions, Replan};
use searchlab::search::Progress;

use crate::check::{assert_solves, finish, replay};
use crate::eight_puzzle::Eight;
use crate::maze::{Down, Maze, Right, Up, BAY, TWO_ROUTES};

/// Higher is better: minus the distance to the goal.
fn closeness(maze: &Maze) -> f64 {
    -(maze.distance_to_goal() as f64)
}

fn depth(depth: u32) -> DlsOptions {
    DlsOptions {
        depth,
        ..DlsOptions::default()
    }
}

#[test]
fn returns_the_partial_plan_to_the_best_leaf() {
    let mut search = Dls::new(Maze::parse(TWO_ROUTES), closeness, depth(2));
    let outcome = finish(&mut search);
    // Leaves at depth 2: (3,1) scores -6 and (1,3) scores -2; bumps repeat states.
    assert_eq!(outcome.progress, Progress::Exhausted);
    assert_eq!(outcome.plan, [Right, Right]);
    assert_eq!(search.best_score(), Some(-2.0));
    assert_eq!(outcome.stats.expanded, 3);
    assert_eq!(outcome.stats.generated, 12);
}

#[test]
fn returns_a_full_plan_as_soon_as_a_win_is_in_reach() {
    let outcome = finish(&mut Dls::new(Maze::parse(TWO_ROUTES), closeness, depth(3)));
    assert_eq!(outcome.progress, Progress::Exhausted);
    assert_eq!(outcome.plan, [Right, Right, Right]);
    let outcome = finish(&mut Dls::new(Maze::parse(TWO_ROUTES), closeness, depth(4)));
    assert_eq!(outcome.progress, Progress::Solved);
    assert_eq!(outcome.plan, [Right, Right, Right, Right]);
}

#[test]
fn ties_go_to_the_first_leaf_found() {
    // A flat heuristic: every leaf ties. In BAY at depth 2 the first leaf found is (1,2), by Up
    // then Right (Up again bumps into the wall and repeats (1,1)).
    let outcome = finish(&mut Dls::new(Maze::parse(BAY), |_: &Maze| 0.0, depth(2)));
    assert_eq!(outcome.plan, [Up, Right]);
}

#[test]
fn ties_go_to_the_shallower_leaf_first() {
    // Down, Down reaches a leaf at depth 2 first; Right then falls into the pit, a terminal
    // leaf at depth 1 with the same score, which wins the tie by being shallower.
    let pit_beside = "
        ####
        #SO#
        #.##
        #.##
        ####";
    let outcome = finish(&mut Dls::new(
        Maze::parse(pit_beside),
        |_: &Maze| 0.0,
        depth(2),
    ));
    assert_eq!(outcome.progress, Progress::Exhausted);
    assert_eq!(outcome.plan, [Right]);
}

#[test]
fn nan_scores_count_as_the_worst() {
    // Down reaches (2,1) first and scores NaN; Right's -5 must still beat it.
    let nan_in_column_one = |maze: &Maze| {
        if maze.position().1 == 1 {
            f64::NAN
        } else {
            -5.0
        }
    };
    let outcome = finish(&mut Dls::new(
        Maze::parse(TWO_ROUTES),
        nan_in_column_one,
        depth(1),
    ));
    assert_eq!(outcome.plan, [Right]);
}

#[test]
fn the_agent_walks_into_the_goal_with_enough_depth() {
    let options = DlsAgentOptions {
        search: depth(6),
        ..DlsAgentOptions::default()
    };
    let mut agent = DlsAgent::new(Maze::parse(BAY), closeness, options);
    assert_eq!(agent.run(), AgentStatus::Won);
    assert_eq!(agent.moves(), [Down, Right, Right, Right, Up, Up]);
    assert_eq!(agent.planning_stats().iterations, 1);
}

#[test]
fn a_greedy_agent_can_cycle_until_the_move_cap() {
    // Depth 1 from the bay: up (-3) before right (-3), then right to (1,2) (-2), then between
    // (1,2) and (2,2) for ever, each the best neighbour of the other.
    let options = DlsAgentOptions {
        search: depth(1),
        replan: Replan::WhenPlanRunsOut,
        max_moves: 10,
    };
    let mut agent = DlsAgent::new(Maze::parse(BAY), closeness, options);
    assert_eq!(agent.run(), AgentStatus::MoveCapReached);
    assert_eq!(
        agent.moves(),
        [Up, Right, Down, Up, Down, Up, Down, Up, Down, Up]
    );
    assert_eq!(agent.planning_stats().iterations, 10);
}

#[test]
fn the_agent_solves_easy_eight_puzzles() {
    let mut rng = searchlab::rng::Rng::new(5);
    let minus_manhattan = |board: &Eight| -(board.manhattan() as f64);
    // Looking 4 moves ahead and re-planning after every move, boards 8 random moves from solved.
    for _ in 0..20 {
        let start = Eight::scrambled(&mut rng, 8);
        let options = DlsAgentOptions {
            search: depth(4),
            replan: Replan::EveryMove,
            max_moves: 200,
        };
        let mut agent = DlsAgent::new(start, minus_manhattan, options);
        assert_eq!(agent.run(), AgentStatus::Won, "{start:?}");
        assert_solves(&start, agent.moves());
        assert_eq!(replay(&start, agent.moves()), *agent.state());
    }
    // With a depth beyond the scramble the first plan is already a win, and it is followed.
    for _ in 0..20 {
        let start = Eight::scrambled(&mut rng, 8);
        let options = DlsAgentOptions {
            search: depth(8),
            replan: Replan::EveryMove,
            max_moves: 200,
        };
        let mut agent = DlsAgent::new(start, minus_manhattan, options);
        assert_eq!(agent.run(), AgentStatus::Won);
        assert_solves(&start, agent.moves());
        assert!(agent.moves().len() <= 8);
        // One plan, or none when the scramble came back to the solved board.
        let plans = u64::from(!start.is_solved());
        assert_eq!(agent.planning_stats().iterations, plans);
    }
}

#[test]
fn an_agent_with_nowhere_to_go_is_stuck() {
    let walled = Maze::parse(crate::maze::WALLED_OFF);
    let mut agent = DlsAgent::new(walled, closeness, DlsAgentOptions::default());
    assert_eq!(agent.advance(), AgentStatus::Stuck);
    assert!(agent.moves().is_empty());
}

#[test]
fn an_agent_on_a_solved_state_has_won() {
    let agent = DlsAgent::new(Eight::solved(), |_: &Eight| 0.0, DlsAgentOptions::default());
    assert_eq!(agent.status(), AgentStatus::Won);
}
