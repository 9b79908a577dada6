//! Differential tests on seeded random instances: BFS and A* (admissible heuristic, exact or
//! fingerprinted keys, or no heuristic at all) agree on the optimal plan length and on
//! solvability; DFS finds valid plans exactly when a plan exists; every plan replays to a
//! solved state.

use searchlab::rng::Rng;
use searchlab::search::astar::{AStar, AStarOptions};
use searchlab::search::bfs::{Bfs, BfsOptions};
use searchlab::search::dfs::{Dfs, DfsOptions};
use searchlab::search::dls::{AgentStatus, DlsAgent, DlsAgentOptions, DlsOptions};
use searchlab::search::node_store::KeyMode;
use searchlab::search::Progress;

use crate::check::{assert_solves, finish, replay};
use crate::eight_puzzle::Eight;
use crate::maze::Maze;

#[test]
fn eight_puzzles_agree_on_the_optimal_length() {
    let mut rng = Rng::new(2024);
    let mut lengths = Vec::new();
    for _ in 0..40 {
        let scramble = 5 + rng.index(60);
        let start = Eight::scrambled(&mut rng, scramble);
        let bfs = finish(&mut Bfs::new(start, BfsOptions::default()));
        assert_eq!(bfs.progress, Progress::Solved);
        assert_solves(&start, &bfs.plan);
        assert!(bfs.plan.len() <= scramble);
        let fingerprinted = AStarOptions {
            keys: KeyMode::Fingerprint,
            ..AStarOptions::default()
        };
        for (heuristic, options) in [
            (
                Eight::manhattan as fn(&Eight) -> u32,
                AStarOptions::default(),
            ),
            (Eight::manhattan, fingerprinted),
            (|_: &Eight| 0, AStarOptions::default()),
        ] {
            let astar = finish(&mut AStar::new(
                start,
                |b: &Eight| Some(heuristic(b)),
                options,
            ));
            assert_eq!(astar.progress, Progress::Solved);
            assert_eq!(astar.plan.len(), bfs.plan.len(), "{start:?}");
            assert_solves(&start, &astar.plan);
        }
        let dfs = finish(&mut Dfs::new(start, DfsOptions::default()));
        assert_eq!(dfs.progress, Progress::Solved);
        assert_solves(&start, &dfs.plan);
        lengths.push(bfs.plan.len());
    }
    // The instances span easy to hard boards.
    assert!(lengths.iter().any(|&n| n <= 6) && lengths.iter().any(|&n| n >= 20));
}

#[test]
fn random_mazes_with_keys_and_doors_agree_on_solvability_and_length() {
    let mut rng = Rng::new(77);
    let (mut solvable, mut unsolvable) = (0, 0);
    for _ in 0..60 {
        let maze = Maze::random(&mut rng, 9, 6, true);
        let bfs = finish(&mut Bfs::new(maze.clone(), BfsOptions::default()));
        let to_goal = |m: &Maze| Some(m.distance_to_goal());
        let astar = finish(&mut AStar::new(
            maze.clone(),
            to_goal,
            AStarOptions::default(),
        ));
        let dfs = finish(&mut Dfs::new(maze.clone(), DfsOptions::default()));
        assert_eq!(astar.progress, bfs.progress);
        assert_eq!(dfs.progress, bfs.progress);
        if bfs.progress == Progress::Solved {
            solvable += 1;
            assert_eq!(astar.plan.len(), bfs.plan.len());
            for plan in [&bfs.plan, &astar.plan, &dfs.plan] {
                assert_solves(&maze, plan);
            }
        } else {
            assert_eq!(bfs.progress, Progress::Exhausted);
            unsolvable += 1;
        }
    }
    assert!(solvable >= 10 && unsolvable >= 5, "{solvable} {unsolvable}");
}

#[test]
fn the_agent_plays_legal_games_on_random_mazes() {
    let mut rng = Rng::new(99);
    let mut won = 0;
    for _ in 0..30 {
        let maze = Maze::random(&mut rng, 9, 6, false);
        let options = DlsAgentOptions {
            search: DlsOptions {
                depth: 4,
                ..DlsOptions::default()
            },
            max_moves: 100,
            ..DlsAgentOptions::default()
        };
        let mut agent = DlsAgent::new(
            maze.clone(),
            |m: &Maze| -(m.distance_to_goal() as f64),
            options,
        );
        let status = agent.run();
        let end = replay(&maze, agent.moves());
        match status {
            AgentStatus::Won => {
                won += 1;
                assert_solves(&maze, agent.moves());
            }
            AgentStatus::MoveCapReached => assert_eq!(agent.moves().len(), 100),
            AgentStatus::Stuck => assert!(agent.remaining_plan().is_empty()),
            other => panic!("{other:?} in a maze without pits"),
        }
        assert_eq!(end.position(), agent.state().position());
    }
    assert!(won >= 5, "{won}");
}
