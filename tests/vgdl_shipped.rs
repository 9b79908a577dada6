//! The VGDL games the page ships (www/vgdl/games/, listed in `share::shipped_vgdl`): each game
//! file parses, and on every level BFS and uniform-cost search (A* with h = 0) both win with a
//! plan of the same length, the shortest (BFS proves it: every shorter sequence was expanded).
//! A plan played through the text form (as the page sends a session to the worker) wins too.

use searchlab::game::{Game, Puzzle};
use searchlab::games::vgdl::Description;
use searchlab::games::vgdl_play::VgdlPlay;
use searchlab::search::astar::{AStar, AStarOptions};
use searchlab::search::bfs::{Bfs, BfsOptions};
use searchlab::search::{run_to_end, Progress, Search};
use searchlab::share::shipped_vgdl::SHIPPED_GAMES;

/// The plan a search found, or a panic naming the level.
fn plan_of(search: &mut dyn Search<VgdlPlay>, what: &str) -> Vec<searchlab::games::vgdl::Action> {
    let progress = run_to_end(search, 10_000);
    assert_eq!(progress, Progress::Solved, "{what}: {progress:?}");
    search.principal_variation()
}

#[test]
fn at_least_four_games_of_three_levels_ship() {
    assert!(SHIPPED_GAMES.len() >= 4);
    for game in SHIPPED_GAMES {
        assert!((2..=3).contains(&game.levels.len()), "{}", game.name);
        Description::parse(game.rules).unwrap_or_else(|e| panic!("{}: {e}", game.name));
    }
}

/// Each shipped level's shortest plan length, as BFS proved it (a changed level changes these).
const SHORTEST: &[(&str, &[usize])] = &[
    ("crates", &[6, 13, 11]),
    ("keys", &[7, 22, 24]),
    ("colours", &[5, 10, 14]),
    ("trail", &[7, 17, 21]),
];

#[test]
fn bfs_wins_every_level_with_a_shortest_plan() {
    assert_eq!(SHORTEST.len(), SHIPPED_GAMES.len());
    for (game, &(name, lengths)) in SHIPPED_GAMES.iter().zip(SHORTEST) {
        assert_eq!(game.name, name);
        assert_eq!(game.levels.len(), lengths.len(), "{name}");
        for (n, level) in game.levels.iter().enumerate() {
            let what = format!("{} level {n}", game.name);
            let start =
                VgdlPlay::parse(game.rules, level).unwrap_or_else(|e| panic!("{what}: {e}"));
            let bfs = plan_of(&mut Bfs::new(start.clone(), BfsOptions::default()), &what);
            let ucs = plan_of(
                &mut AStar::new(
                    start.clone(),
                    |_: &VgdlPlay| Some(0),
                    AStarOptions::default(),
                ),
                &what,
            );
            assert_eq!(bfs.len(), ucs.len(), "{what}: BFS and UCS disagree");
            assert_eq!(bfs.len(), lengths[n], "{what}: shortest plan length");
            let mut state = start.clone();
            for &action in &bfs {
                assert!(!state.is_solved(), "{what}: won before the plan's end");
                state.apply(action);
            }
            assert!(state.is_solved(), "{what}: the plan does not win");
            // Through the text form, as the page sends a state to its worker.
            let mut halfway = start.clone();
            for &action in &bfs[..bfs.len() / 2] {
                halfway.apply(action);
            }
            let mut sent: VgdlPlay = halfway.to_string().parse().unwrap();
            assert_eq!(sent, halfway, "{what}: the text form changed the state");
            for &action in &bfs[bfs.len() / 2..] {
                sent.apply(action);
            }
            assert!(
                sent.is_solved(),
                "{what}: the plan does not win after the text form"
            );
        }
    }
}

#[test]
fn the_text_form_names_what_is_wrong() {
    let game = &SHIPPED_GAMES[0];
    let start = VgdlPlay::parse(game.rules, game.levels[0]).unwrap();
    let text = start.to_string();
    let bad_move = format!("{}X", text);
    assert!(bad_move
        .parse::<VgdlPlay>()
        .unwrap_err()
        .contains("move 1: 'X'"));
    let bad_rules = text.replacen("Passive", "Nonsense", 1);
    let err = bad_rules.parse::<VgdlPlay>().unwrap_err();
    assert!(err.starts_with("game file: line 5"), "{err}");
    assert!("vgdl-play/1 x 2\n"
        .parse::<VgdlPlay>()
        .unwrap_err()
        .contains("line count"));
}
