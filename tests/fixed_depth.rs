//! The resumable fixed-depth searches (`search::fixed_depth`) against the recursive ones on
//! Othello: run in slices of any size, they find the same value, principal variation and
//! seeded move, with the same node, leaf, cutoff and pruning counts; their iterative deepening
//! ends with the deepest depth's answer and respects its node limit.

mod othello_common;

use othello_common::random_position;
use searchlab::game::Game;
use searchlab::games::othello::eval::{course_value, strong_value};
use searchlab::games::othello::Othello;
use searchlab::rng::Rng;
use searchlab::search::alphabeta::AlphaBeta;
use searchlab::search::fixed_depth::{Deepening, FixedDepth};
use searchlab::search::minimax::Minimax;
use searchlab::search::two_player::TreeStats;
use searchlab::search::{Limit, Limits, Progress, Search};

type Eval = fn(&Othello, usize) -> i32;

fn limits(max_nodes: u64) -> Limits {
    Limits {
        max_nodes,
        max_memory_bytes: 1 << 20,
    }
}

/// Runs a search to its end in slices of `slice` nodes; returns the number of slices.
fn run_in_slices<G: Game>(search: &mut dyn Search<G>, slice: u64) -> (Progress, u32) {
    let mut slices = 0;
    loop {
        slices += 1;
        let progress = search.step(slice);
        if progress.is_finished() {
            return (progress, slices);
        }
    }
}

/// Nodes, leaves, horizon leaves, cutoffs, pruned moves and depth: the counters both compute.
fn counters(stats: TreeStats) -> [u64; 6] {
    [
        stats.nodes,
        stats.leaves,
        stats.leaves_at_horizon,
        stats.cutoffs,
        stats.pruned,
        u64::from(stats.max_depth),
    ]
}

#[test]
fn sliced_minimax_and_alpha_beta_match_the_recursive_searches() {
    let evaluators: [Eval; 2] = [course_value, strong_value];
    let mut compared = 0;
    for seed in 0..24u64 {
        // Openings, middle games and endings (the last ones end inside the horizon).
        let state = random_position(seed, [0, 9, 20, 33, 47, 55][seed as usize % 6]);
        let evaluator = evaluators[(seed / 6) as usize % 2];
        for depth in 1..=4 {
            let slice = [1, 3, 17, 1000][depth as usize - 1];

            let mut minimax = Minimax::new(evaluator, limits(u64::MAX));
            let expected = minimax.search(&state, depth, &mut Rng::new(seed)).unwrap();
            let mut sliced =
                FixedDepth::new(state, evaluator, depth, false, limits(u64::MAX), seed);
            assert_eq!(run_in_slices(&mut sliced, slice).0, Progress::Solved);
            assert_eq!(sliced.decision(), Some(&expected), "minimax {seed} {depth}");
            assert_eq!(counters(sliced.tree_stats()), counters(minimax.stats()));
            assert_eq!(sliced.tree_stats().cutoffs, 0, "minimax prunes nothing");

            let mut alphabeta = AlphaBeta::new(evaluator, limits(u64::MAX));
            let expected = alphabeta
                .search(&state, depth, &mut Rng::new(seed))
                .unwrap();
            let mut sliced = FixedDepth::new(state, evaluator, depth, true, limits(u64::MAX), seed);
            assert_eq!(run_in_slices(&mut sliced, slice).0, Progress::Solved);
            assert_eq!(
                sliced.decision(),
                Some(&expected),
                "alpha-beta {seed} {depth}"
            );
            assert_eq!(counters(sliced.tree_stats()), counters(alphabeta.stats()));
            assert_eq!(sliced.best_action(), expected.best_action);
            assert_eq!(sliced.principal_variation(), expected.pv);
            compared += 1;
        }
    }
    assert_eq!(compared, 96);
}

#[test]
fn alpha_beta_cuts_where_minimax_searches_everything() {
    let state = random_position(3, 20);
    let mut minimax = FixedDepth::new(state, strong_value as Eval, 5, false, limits(u64::MAX), 1);
    let mut alphabeta = FixedDepth::new(state, strong_value as Eval, 5, true, limits(u64::MAX), 1);
    run_in_slices(&mut minimax, 500);
    run_in_slices(&mut alphabeta, 500);
    let (all, pruned) = (minimax.tree_stats(), alphabeta.tree_stats());
    assert_eq!(
        minimax.decision().unwrap().value,
        alphabeta.decision().unwrap().value
    );
    assert!(
        pruned.cutoffs > 0 && pruned.pruned >= pruned.cutoffs,
        "{pruned:?}"
    );
    assert!(
        pruned.nodes * 2 < all.nodes,
        "{} of {} nodes",
        pruned.nodes,
        all.nodes
    );
    // Every slice but the last visits exactly its budget.
    let mut sliced = FixedDepth::new(state, strong_value as Eval, 5, true, limits(u64::MAX), 1);
    assert_eq!(sliced.step(100), Progress::Running);
    assert_eq!(sliced.tree_stats().nodes, 100);
    assert_eq!(sliced.step(250), Progress::Running);
    assert_eq!(sliced.tree_stats().nodes, 350);
    assert_eq!(
        sliced.best_action(),
        None,
        "no answer before the search ends"
    );
}

#[test]
fn the_node_limit_stops_the_search() {
    let state = random_position(5, 12);
    let mut search = FixedDepth::new(state, course_value as Eval, 6, false, limits(1000), 0);
    let (progress, _) = run_in_slices(&mut search, 64);
    assert_eq!(progress, Progress::LimitReached(Limit::Nodes));
    assert_eq!(search.tree_stats().nodes, 1001);
    assert_eq!(search.step(10), progress, "a stopped search stays stopped");
}

#[test]
fn a_finished_game_is_a_leaf() {
    let mut state = Othello::start();
    let mut moves = Vec::new();
    let mut rng = Rng::new(9);
    while !state.is_terminal() {
        state.legal_actions(&mut moves);
        state.apply(moves[rng.index(moves.len())]);
    }
    let mut search = FixedDepth::new(state, strong_value as Eval, 3, true, limits(u64::MAX), 0);
    assert_eq!(search.step(10), Progress::Solved);
    let decision = search.decision().unwrap();
    assert_eq!(decision.best_action, None);
    assert_eq!(decision.value, strong_value(&state, 0));
    assert_eq!(search.tree_stats().nodes, 1);
}

#[test]
fn deepening_ends_with_the_deepest_answer_and_counts_every_depth() {
    let state = random_position(11, 16);
    let mut deepening = Deepening::new(state, course_value as Eval, 4, true, limits(u64::MAX), 7);
    assert_eq!(run_in_slices(&mut deepening, 40).0, Progress::Solved);
    let mut total = 0;
    for depth in 1..=4u32 {
        let mut single = FixedDepth::new(
            state,
            course_value as Eval,
            depth,
            true,
            limits(u64::MAX),
            Rng::derive(7, u64::from(depth)),
        );
        run_in_slices(&mut single, 1 << 20);
        total += single.tree_stats().nodes;
        if depth == 4 {
            assert_eq!(deepening.decision(), single.decision());
        }
    }
    assert_eq!(deepening.tree_stats().nodes, total);
    assert_eq!(deepening.stats().iterations, 4, "the last completed depth");

    // Near the end every line finishes before the horizon: the value is exact and it stops.
    let ending = random_position(2, 57);
    assert!(!ending.is_terminal());
    let mut deepening =
        Deepening::new(ending, strong_value as Eval, 60, false, limits(u64::MAX), 1);
    assert_eq!(run_in_slices(&mut deepening, 1 << 16).0, Progress::Solved);
    assert!(deepening.decision().unwrap().depth < 60);
    assert_eq!(deepening.tree_stats().leaves_at_horizon, {
        // Only the depths before the last one were cut by the horizon.
        let depth = deepening.decision().unwrap().depth;
        let mut shallower = Deepening::new(
            ending,
            strong_value as Eval,
            depth - 1,
            false,
            limits(u64::MAX),
            1,
        );
        run_in_slices(&mut shallower, 1 << 16);
        shallower.tree_stats().leaves_at_horizon
    });

    // A node limit over all depths keeps the last completed depth's answer.
    let mut limited = Deepening::new(state, course_value as Eval, 20, true, limits(3000), 7);
    let (progress, _) = run_in_slices(&mut limited, 100);
    assert_eq!(progress, Progress::LimitReached(Limit::Nodes));
    assert!(limited.best_action().is_some());
    assert!(limited.tree_stats().nodes <= 3001 + 20);
}
