//! The two-player searches on Othello: minimax, alpha-beta, alpha-beta with a table, MTD(f)
//! and iterative deepening agree on values (differential tests), respect their limits and
//! replay from their seeds.

mod othello_common;

use othello_common::random_position;
use searchlab::game::Game;
use searchlab::games::othello::eval::{course_value, strong_value};
use searchlab::games::othello::{Move, Othello};
use searchlab::rng::Rng;
use searchlab::search::alphabeta::AlphaBeta;
use searchlab::search::iterative_deepening::{Algorithm, IterativeDeepening};
use searchlab::search::minimax::Minimax;
use searchlab::search::mtdf::Mtdf;
use searchlab::search::{run_to_end, Limit, Limits, Progress, Search};

fn limits() -> Limits {
    Limits {
        max_nodes: 50_000_000,
        max_memory_bytes: 8 << 20,
    }
}

type Eval = fn(&Othello, usize) -> i32;

#[test]
fn all_fixed_depth_searches_agree_on_random_positions() {
    let evaluators: [Eval; 2] = [course_value, strong_value];
    let mut compared = 0;
    for seed in 0..40u64 {
        let state = random_position(seed, (seed as usize * 7) % 56);
        if state.is_terminal() {
            continue;
        }
        let evaluator = evaluators[seed as usize % 2];
        for depth in 1..=4 {
            let mut rng = Rng::new(seed);
            let reference = Minimax::new(evaluator, limits())
                .search(&state, depth, &mut rng)
                .unwrap();
            let plain = AlphaBeta::new(evaluator, limits())
                .search(&state, depth, &mut rng)
                .unwrap();
            let tabled = AlphaBeta::with_table(evaluator, limits())
                .search(&state, depth, &mut rng)
                .unwrap();
            let mut mtdf = Mtdf::new(evaluator, limits());
            let guessed = mtdf.search(&state, depth, 0, &mut rng).unwrap();
            let far_guess = Mtdf::new(evaluator, limits())
                .search(&state, depth, 5000, &mut rng)
                .unwrap();
            let context = format!("seed {seed} depth {depth} {state}");
            assert_eq!(plain.value, reference.value, "alpha-beta, {context}");
            assert_eq!(tabled.value, reference.value, "alpha-beta+TT, {context}");
            assert_eq!(guessed.value, reference.value, "MTD(f), {context}");
            assert_eq!(
                far_guess.value, reference.value,
                "MTD(f) far guess, {context}"
            );
            for decision in [&reference, &plain, &tabled, &guessed] {
                let best = decision.best_action.unwrap();
                assert!(state.is_legal(best), "{context}");
                assert_eq!(decision.pv.first(), Some(&best), "{context}");
            }
            compared += 1;
        }
    }
    assert!(compared >= 120, "compared only {compared}");
}

#[test]
fn the_best_move_of_every_search_has_the_root_value() {
    // Re-search the chosen move's child to the remaining depth with minimax: it must give
    // the root's value (from the root mover's view).
    for seed in 100..115u64 {
        let state = random_position(seed, 20);
        let mut rng = Rng::new(seed);
        let decision = AlphaBeta::with_table(strong_value as Eval, limits())
            .search(&state, 3, &mut rng)
            .unwrap();
        let child = state.child(decision.best_action.unwrap());
        let child_value = Minimax::new(strong_value as Eval, limits())
            .search(&child, 2, &mut rng)
            .unwrap()
            .value;
        assert_eq!(-child_value, decision.value, "seed {seed}");
    }
}

#[test]
fn alpha_beta_visits_fewer_nodes_than_minimax_and_counts_its_cutoffs() {
    let state = random_position(3, 12);
    let mut rng = Rng::new(1);
    let mut minimax = Minimax::new(course_value as Eval, limits());
    minimax.search(&state, 4, &mut rng).unwrap();
    let mut alpha_beta = AlphaBeta::new(course_value as Eval, limits());
    alpha_beta.search(&state, 4, &mut rng).unwrap();
    let (full, pruned) = (minimax.stats(), alpha_beta.stats());
    assert!(pruned.nodes < full.nodes, "{pruned:?} vs {full:?}");
    assert!(pruned.cutoffs > 0 && pruned.pruned >= pruned.cutoffs);
    assert_eq!(full.cutoffs, 0);
}

#[test]
fn node_limits_stop_every_search() {
    let state = random_position(5, 10);
    let tight = Limits {
        max_nodes: 50,
        max_memory_bytes: 1 << 20,
    };
    let mut rng = Rng::new(2);
    let eval = course_value as Eval;
    assert_eq!(
        Minimax::new(eval, tight).search(&state, 6, &mut rng),
        Err(Limit::Nodes)
    );
    assert_eq!(
        AlphaBeta::new(eval, tight).search(&state, 6, &mut rng),
        Err(Limit::Nodes)
    );
    assert_eq!(
        Mtdf::new(eval, tight).search(&state, 6, 0, &mut rng),
        Err(Limit::Nodes)
    );
    let mut deepening = IterativeDeepening::new(state, Algorithm::Mtdf, eval, 30, tight, 1);
    assert_eq!(
        run_to_end(&mut deepening, 10),
        Progress::LimitReached(Limit::Nodes)
    );
}

#[test]
fn iterative_deepening_in_small_slices_matches_a_direct_search() {
    for (algorithm, seed) in [(Algorithm::AlphaBeta, 7), (Algorithm::Mtdf, 8)] {
        let state = random_position(seed, 16);
        let mut deepening =
            IterativeDeepening::new(state, algorithm, strong_value as Eval, 5, limits(), seed);
        let mut slices = 0;
        while !deepening.step(300).is_finished() {
            slices += 1;
            assert!(slices < 100_000);
        }
        assert!(slices > 3, "{algorithm:?} finished in {slices} slices");
        let decision = deepening.decision().unwrap().clone();
        assert_eq!(decision.depth, 5);
        let direct = Minimax::new(strong_value as Eval, limits())
            .search(&state, 5, &mut Rng::new(0))
            .unwrap();
        assert_eq!(decision.value, direct.value, "{algorithm:?}");
        assert_eq!(deepening.best_action(), decision.best_action);
        assert_eq!(deepening.principal_variation(), decision.pv);
        assert_eq!(deepening.stats().iterations, 5);
    }
}

#[test]
fn iterative_deepening_proves_small_endgames_exactly() {
    // With few empties the whole tree fits under the depth limit: the search stops early with
    // the exact final score (strong_value's terminal values encode it).
    let state = random_position(21, 54);
    assert!(!state.is_terminal() && state.empty_count() <= 8, "{state}");
    let mut deepening = IterativeDeepening::new(
        state,
        Algorithm::Mtdf,
        strong_value as Eval,
        40,
        limits(),
        1,
    );
    assert_eq!(run_to_end(&mut deepening, 1 << 20), Progress::Solved);
    let solved_depth = deepening.decision().unwrap().depth;
    assert!(solved_depth < 40, "depth {solved_depth}");
    let exact = searchlab::games::othello::endgame::Solver::new(1 << 20, u64::MAX)
        .solve(state.board())
        .unwrap()
        .score;
    let value = deepening.decision().unwrap().value;
    assert_eq!(
        value,
        searchlab::games::othello::eval::terminal_value(exact),
        "{state}"
    );
}

#[test]
fn seeded_searches_replay_and_break_ties_by_seed() {
    // At the start every move is symmetric: the value ties, and the seed picks the move.
    let state = Othello::start();
    let pick = |seed: u64| {
        AlphaBeta::new(course_value as Eval, limits())
            .search(&state, 3, &mut Rng::new(seed))
            .unwrap()
            .best_action
            .unwrap()
    };
    assert_eq!(pick(9), pick(9));
    let chosen: std::collections::BTreeSet<Move> = (0..32).map(pick).collect();
    assert_eq!(chosen.len(), 4, "{chosen:?}");
}

#[test]
fn windowed_searches_with_a_shared_table_return_correct_bounds() {
    // Fail-soft contract: v <= alpha means value <= v, v >= beta means value >= v, otherwise
    // v is the value. Many windows share one table, so stored bounds are reused across them
    // (a swapped bound type would break this).
    for seed in 200..215u64 {
        let state = random_position(seed, 10 + (seed as usize % 30));
        if state.is_terminal() {
            continue;
        }
        let depth = 3;
        let exact = Minimax::new(strong_value as Eval, limits())
            .search(&state, depth, &mut Rng::new(0))
            .unwrap()
            .value;
        let mut engine = AlphaBeta::with_table(strong_value as Eval, limits());
        let mut rng = Rng::new(seed);
        for _ in 0..30 {
            let centre = exact + rng.below(801) as i32 - 400;
            let width = 1 + rng.below(300) as i32;
            let (alpha, beta) = (centre - width, centre);
            let (value, _) = engine
                .search_window(&state, depth, alpha, beta, &[])
                .unwrap();
            let context =
                format!("seed {seed} window ({alpha}, {beta}) value {value} exact {exact}");
            if value <= alpha {
                assert!(exact <= value, "fail low must bound from above: {context}");
            } else if value >= beta {
                assert!(exact >= value, "fail high must bound from below: {context}");
            } else {
                assert_eq!(value, exact, "{context}");
            }
        }
    }
}

#[test]
fn observers_see_every_expanded_node_and_leaf() {
    use searchlab::search::{Observer, Visit};
    use std::cell::RefCell;
    use std::rc::Rc;

    #[derive(Default)]
    struct Counts {
        expanded: u64,
        generated: u64,
        deepest: u32,
    }
    struct Counter(Rc<RefCell<Counts>>);
    impl Observer<Othello> for Counter {
        fn expanded(&mut self, _state: &Othello, visit: Visit) {
            let mut counts = self.0.borrow_mut();
            counts.expanded += 1;
            counts.deepest = counts.deepest.max(visit.depth);
        }
        fn generated(&mut self, _state: &Othello, visit: Visit) {
            let mut counts = self.0.borrow_mut();
            counts.generated += 1;
            counts.deepest = counts.deepest.max(visit.depth);
        }
    }

    let counts = Rc::new(RefCell::new(Counts::default()));
    let observer = Counter(counts.clone());
    let mut search = AlphaBeta::with_observer(course_value as Eval, limits(), observer);
    search
        .search(&random_position(4, 14), 4, &mut Rng::new(4))
        .unwrap();
    let stats = search.stats();
    let counts = counts.borrow();
    assert_eq!(counts.generated, stats.leaves);
    // Every node but the root loop is either a leaf or an expanded interior node.
    assert_eq!(counts.expanded + counts.generated + 1, stats.nodes);
    assert_eq!(counts.deepest, 4);
}
