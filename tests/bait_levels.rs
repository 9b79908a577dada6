//! The page's own levels (`www/levels/`): each parses, is solvable, has the shortest-plan length
//! its index states, and does what its description promises.

use searchlab::game::Game;
use searchlab::games::bait::eval::{mcts_value, BaitEval};
use searchlab::games::bait::BaitState;
use searchlab::rng::Rng;
use searchlab::search::anytime::ValueFn;
use searchlab::search::astar::{AStar, AStarOptions};
use searchlab::search::bfs::{Bfs, BfsOptions};
use searchlab::search::dfs::{Dfs, DfsOptions};
use searchlab::search::dls::{Dls, DlsOptions};
use searchlab::search::kb_fast_evo::{kb_fast_evo, new_memory, KbConfig};
use searchlab::search::mcts::{Mcts, MctsConfig};
use searchlab::search::{run_to_end, Limit, Limits, NoObserver, Progress, Search};
use serde::Deserialize;

const LEVELS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/www/levels");

#[derive(Deserialize)]
struct Index {
    levels: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    id: String,
    game: String,
    file: String,
    title: String,
    description: String,
    optimal: usize,
}

fn index() -> Vec<Entry> {
    let text = std::fs::read_to_string(format!("{LEVELS}/index.json")).expect("levels/index.json");
    serde_json::from_str::<Index>(&text)
        .expect("a valid index")
        .levels
}

fn level(id: &str) -> BaitState {
    let entry = index()
        .into_iter()
        .find(|e| e.id == id)
        .expect("level in the index");
    let text = std::fs::read_to_string(format!("{LEVELS}/{}", entry.file)).expect("level file");
    BaitState::parse(&text).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn limits(max_nodes: u64) -> Limits {
    Limits {
        max_nodes,
        max_memory_bytes: 1 << 30,
    }
}

/// A* with the walls-only distance: (progress, plan, expanded).
fn astar(state: &BaitState, weight: f64, max_nodes: u64) -> (Progress, Vec<u32>, u64) {
    let eval = BaitEval::new(state.level());
    let options = AStarOptions {
        limits: limits(max_nodes),
        weight: searchlab::search::astar::Weight::from_f64(weight).unwrap(),
        ..AStarOptions::default()
    };
    let mut search = AStar::new(
        state.clone(),
        |s: &BaitState| eval.walls_only_lower_bound(s),
        options,
    );
    let progress = run_to_end(&mut search, 10_000);
    let plan = search
        .principal_variation()
        .into_iter()
        .map(BaitState::action_index)
        .collect();
    (progress, plan, search.stats().expanded)
}

fn replay(state: &BaitState, plan: &[u32]) -> BaitState {
    let mut state = state.clone();
    for &index in plan {
        state.apply(BaitState::action_from_index(index).unwrap());
    }
    state
}

#[test]
fn the_index_lists_at_least_six_described_levels() {
    let entries = index();
    assert!(entries.len() >= 6);
    for entry in &entries {
        assert_eq!(entry.game, "bait");
        assert!(
            !entry.title.is_empty() && !entry.description.is_empty(),
            "{}",
            entry.id
        );
        assert!(!entry.description.contains('\n'), "{}: one line", entry.id);
    }
}

#[test]
fn every_level_is_won_by_an_astar_plan_of_the_stated_length() {
    for entry in index() {
        let start = level(&entry.id);
        let (progress, plan, _) = astar(&start, 1.0, 5_000_000);
        assert_eq!(progress, Progress::Solved, "{}", entry.id);
        assert_eq!(plan.len(), entry.optimal, "{}: shortest plan", entry.id);
        assert!(replay(&start, &plan).is_won(), "{}", entry.id);
    }
}

#[test]
fn bfs_agrees_on_the_small_levels() {
    for entry in index().into_iter().filter(|e| e.id != "warehouse") {
        let mut search = Bfs::new(
            level(&entry.id),
            BfsOptions {
                limits: limits(2_000_000),
                ..Default::default()
            },
        );
        assert_eq!(
            run_to_end(&mut search, 10_000),
            Progress::Solved,
            "{}",
            entry.id
        );
        assert_eq!(
            search.principal_variation().len(),
            entry.optimal,
            "{}",
            entry.id
        );
    }
}

#[test]
fn open_field_dfs_wanders_far_from_the_shortest_plan() {
    let start = level("open-field");
    let mut search = Dfs::new(
        start.clone(),
        DfsOptions {
            limits: limits(1_000_000),
            ..Default::default()
        },
    );
    assert_eq!(run_to_end(&mut search, 10_000), Progress::Solved);
    let dfs_plan = search.principal_variation().len();
    let optimal = index()
        .into_iter()
        .find(|e| e.id == "open-field")
        .unwrap()
        .optimal;
    assert!(
        dfs_plan >= 5 * optimal,
        "DFS plan {dfs_plan} vs shortest {optimal}"
    );
}

#[test]
fn bridge_needs_a_box_in_a_hole() {
    let start = level("bridge");
    let (_, plan, _) = astar(&start, 1.0, 1_000_000);
    // +1 for the filled hole, +5 for the door: every win crosses the holes on a box.
    assert!(replay(&start, &plan).score() >= 6);
}

/// Plays `moves` actions, each the first action of a depth-limited search from the current state
/// (the course's greedy look-ahead agent); returns the final state.
fn greedy_lookahead(start: &BaitState, depth: u32, moves: usize) -> BaitState {
    let eval = BaitEval::new(start.level());
    let mut state = start.clone();
    for _ in 0..moves {
        if state.is_terminal() || eval.is_dead(&state) {
            break;
        }
        let value = |s: &BaitState| {
            eval.walls_only_lower_bound(s)
                .map_or(f64::NEG_INFINITY, |d| -f64::from(d))
        };
        let options = DlsOptions {
            depth,
            limits: limits(1_000_000),
            ..Default::default()
        };
        let mut search = Dls::new(state.clone(), value, options);
        run_to_end(&mut search, 10_000);
        state.apply(search.best_action().expect("an action"));
    }
    state
}

#[test]
fn sealed_door_traps_a_greedy_lookahead_but_not_astar() {
    let start = level("sealed-door");
    let eval = BaitEval::new(start.level());
    let end = greedy_lookahead(&start, 2, 30);
    assert!(
        eval.is_dead(&end) || end.is_over() && !end.is_won(),
        "the greedy agent should seal the door:\n{end:?}"
    );
    let (progress, _, _) = astar(&start, 1.0, 100_000);
    assert_eq!(progress, Progress::Solved);
}

#[test]
fn sealed_door_traps_kb_fast_evo_too() {
    // Curiosity pays for the box pushes and the key's first events, all on the straight way.
    let start = level("sealed-door");
    let eval = BaitEval::new(start.level());
    for seed in 0..4 {
        let memory = new_memory::<BaitState>();
        let mut state = start.clone();
        for moves in 0..12 {
            if state.is_terminal() || eval.is_dead(&state) {
                break;
            }
            let mut search = kb_fast_evo(
                state.clone(),
                KbConfig::default(),
                Rng::derive(seed, moves),
                memory.clone(),
                NoObserver,
            )
            .unwrap();
            search.step(300);
            state.apply(search.best_action().expect("an action"));
        }
        assert!(eval.is_dead(&state), "seed {seed}:\n{state:?}");
    }
}

#[test]
fn far_door_is_beyond_the_mcts_horizon() {
    let start = level("far-door");
    let mut state = start.clone();
    let value: ValueFn<BaitState> = |s, _| mcts_value(s);
    for moves in 0..150u64 {
        if state.is_terminal() {
            break;
        }
        let mut search = Mcts::new(
            state.clone(),
            MctsConfig::gvgai_sample_mcts(),
            7 + moves,
            value,
        )
        .unwrap();
        search.step(1_000);
        state.apply(search.best_action().expect("an action"));
    }
    assert!(
        !state.is_won(),
        "MCTS with a 10-step horizon should not find the far door in 150 moves"
    );
    assert!(state.score() >= 1, "but it eats a mushroom");
}

#[test]
fn warehouse_drowns_bfs_but_not_astar() {
    let start = level("warehouse");
    let mut bfs = Bfs::new(
        start.clone(),
        BfsOptions {
            limits: limits(300_000),
            ..Default::default()
        },
    );
    assert_eq!(
        run_to_end(&mut bfs, 10_000),
        Progress::LimitReached(Limit::Nodes)
    );
    let (progress, _, expanded) = astar(&start, 1.0, 300_000);
    assert_eq!(progress, Progress::Solved);
    assert!(expanded < 300_000, "A* expanded {expanded}");
}

#[test]
fn the_links_shipped_levels_are_the_index_in_its_order() {
    use searchlab::share::shipped_levels::SHIPPED_LEVELS;
    let index: Vec<Entry> = index().into_iter().filter(|e| e.game == "bait").collect();
    let names: Vec<&str> = SHIPPED_LEVELS.iter().map(|&(name, _)| name).collect();
    let ids: Vec<&str> = index.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(
        names, ids,
        "src/share/shipped_levels.rs lists the index's levels"
    );
    for (entry, &(_, text)) in index.iter().zip(SHIPPED_LEVELS) {
        let file = std::fs::read_to_string(format!("{LEVELS}/{}", entry.file)).unwrap();
        assert_eq!(text, file, "{}", entry.id);
    }
}
