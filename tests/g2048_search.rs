//! Expectimax (exact values on a toy game with chance and an opponent, slicing, cache, limits,
//! observer) and the baselines, and expectimax playing 2048 from a fixed seed.

use searchlab::game::{Game, Turn};
use searchlab::games::g2048::eval::Evaluator;
use searchlab::games::g2048::text::parse_board;
use searchlab::games::g2048::{Action, Direction, G2048};
use searchlab::rng::Rng;
use searchlab::search::baseline::{greedy_action, random_action};
use searchlab::search::expectimax::{Config, Expectimax};
use searchlab::search::mcts::{Mcts, MctsConfig};
use searchlab::search::{run_to_end, Limit, Limits, Observer, Progress, Search, Visit};

/// Player 0 takes a sure `safe` payoff (action 0) or gambles (action 1): with probability 0.3
/// the gamble pays 1, otherwise player 1 picks a payoff of 0.2 (action 0) or 0.1 (action 1).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Toy {
    Root { safe: f64 },
    Gamble,
    Opponent,
    Done(f64),
}

impl Game for Toy {
    type Action = u32;
    const NUM_PLAYERS: usize = 2;
    const NUM_DISTINCT_ACTIONS: u32 = 2;

    fn turn(&self) -> Turn {
        match self {
            Toy::Root { .. } => Turn::Player(0),
            Toy::Gamble => Turn::Chance,
            Toy::Opponent => Turn::Player(1),
            Toy::Done(_) => Turn::Terminal,
        }
    }
    fn legal_actions(&self, out: &mut Vec<u32>) {
        out.clear();
        if matches!(self, Toy::Root { .. } | Toy::Opponent) {
            out.extend([0, 1]);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(u32, f64)>) {
        out.clear();
        if *self == Toy::Gamble {
            out.extend([(0, 0.3), (1, 0.7)]);
        }
    }
    fn apply(&mut self, action: u32) {
        *self = match (*self, action) {
            (Toy::Root { safe }, 0) => Toy::Done(safe),
            (Toy::Root { .. }, _) => Toy::Gamble,
            (Toy::Gamble, 0) => Toy::Done(1.0),
            (Toy::Gamble, _) => Toy::Opponent,
            (Toy::Opponent, 0) => Toy::Done(0.2),
            (Toy::Opponent, _) => Toy::Done(0.1),
            (done, _) => done,
        }
    }
    fn returns(&self, player: usize) -> f64 {
        let value = if let Toy::Done(v) = self { *v } else { 0.0 };
        if player == 0 {
            value
        } else {
            -value
        }
    }
    fn action_index(action: u32) -> u32 {
        action
    }
    fn action_from_index(index: u32) -> Option<u32> {
        (index < 2).then_some(index)
    }
}

/// Payoffs at terminal states, an optimistic 0.9 for a gamble not yet resolved.
fn toy_eval(state: &Toy) -> f64 {
    match state {
        Toy::Done(v) => *v,
        _ => 0.9,
    }
}

fn toy_search(safe: f64, max_depth: u32) -> Expectimax<Toy, fn(&Toy) -> f64> {
    let config = Config {
        max_depth,
        ..Config::default()
    };
    Expectimax::new(Toy::Root { safe }, toy_eval as fn(&Toy) -> f64, config)
}

#[test]
fn toy_values_are_exact_expectiminimax() {
    let mut search = toy_search(0.5, 2);
    assert_eq!(run_to_end(&mut search, 100), Progress::Solved);
    // Gamble: 0.3 * 1 + 0.7 * min(0.2, 0.1).
    let gamble = 0.3 + 0.7 * 0.1;
    assert_eq!(search.root_values(), &[(0, 0.5), (1, gamble)]);
    assert_eq!(search.best_action(), Some(0));
    assert_eq!(search.principal_variation(), vec![0]);
    assert_eq!(search.completed_depth(), 2);
    assert_eq!(search.stats().iterations, 2);

    let mut search = toy_search(0.3, 2);
    run_to_end(&mut search, 100);
    assert_eq!(search.best_action(), Some(1));
    assert_eq!(search.best_value(), Some(gamble));
}

#[test]
fn iterative_deepening_answers_at_every_depth() {
    // Depth 1 stops at the unresolved gamble (worth 0.9 to the evaluation) and takes it.
    let mut shallow = toy_search(0.5, 1);
    run_to_end(&mut shallow, 1);
    assert_eq!(shallow.best_action(), Some(1));
    assert_eq!(shallow.best_value(), Some(0.9));
    // Sliced one expansion at a time, the depth-2 search first answers like depth 1.
    let mut deep = toy_search(0.5, 2);
    assert_eq!(deep.step(1), Progress::Running);
    assert_eq!(deep.completed_depth(), 1);
    assert_eq!(deep.best_action(), Some(1));
    assert_eq!(run_to_end(&mut deep, 1), Progress::Solved);
    assert_eq!(deep.best_action(), Some(0));
}

#[test]
fn a_root_without_a_decision_is_exhausted() {
    let mut search = Expectimax::new(
        G2048::start(),
        |g: &G2048| Evaluator::shared().value(g),
        Config::default(),
    );
    assert_eq!(search.step(10), Progress::Exhausted);
    assert_eq!(search.best_action(), None);
}

/// Positions from a seeded game played by the greedy baseline.
fn positions(seed: u64, count: usize, every: usize) -> Vec<G2048> {
    let evaluator = Evaluator::shared();
    let mut rng = Rng::new(seed);
    let mut game = G2048::new_game(&mut rng);
    let mut out = Vec::new();
    for ply in 0.. {
        if game.is_terminal() || out.len() == count {
            break;
        }
        if ply % every == 0 {
            out.push(game);
        }
        let action = greedy_action(&game, |g| evaluator.value(g)).unwrap();
        game.apply(action);
        game.spawn_random(&mut rng);
    }
    out
}

fn search_2048(game: G2048, config: Config, cached: bool) -> Expectimax<G2048, fn(&G2048) -> f64> {
    let eval: fn(&G2048) -> f64 = |g| Evaluator::shared().value(g);
    let search = Expectimax::new(game, eval, config);
    if cached {
        search.with_key(G2048::key)
    } else {
        search
    }
}

#[test]
fn slicing_changes_nothing() {
    let config = Config {
        max_depth: 3,
        ..Config::default()
    };
    for game in positions(1, 6, 25) {
        let mut whole = search_2048(game, config, true);
        assert_eq!(whole.step(u64::MAX), Progress::Solved);
        let mut sliced = search_2048(game, config, true);
        assert_eq!(run_to_end(&mut sliced, 1), Progress::Solved);
        assert_eq!(sliced.root_values(), whole.root_values());
        assert_eq!(sliced.best_action(), whole.best_action());
        assert_eq!(sliced.stats(), whole.stats());
    }
}

#[test]
fn without_the_probability_cutoff_an_exact_depth_cache_changes_only_the_work() {
    let config = Config {
        max_depth: 3,
        min_probability: 0.0,
        reuse_deeper: false,
        ..Config::default()
    };
    let mut saved = 0;
    for game in positions(2, 8, 40) {
        let mut plain = search_2048(game, config, false);
        let mut cached = search_2048(game, config, true);
        assert_eq!(plain.step(u64::MAX), Progress::Solved);
        assert_eq!(cached.step(u64::MAX), Progress::Solved);
        assert_eq!(cached.root_values(), plain.root_values());
        assert_eq!(plain.cache_hits(), 0);
        assert!(cached.stats().expanded <= plain.stats().expanded);
        saved += plain.stats().expanded - cached.stats().expanded;
    }
    assert!(
        saved > 0,
        "transpositions occur in 2048 and the cache finds them"
    );
}

#[test]
fn deeper_cached_values_serve_shallower_visits() {
    // In 2048 a board recurs at different depths (a spawned 4 holds as much as two spawned 2s),
    // so reusing deeper values saves expansions; they are at least as deep as needed.
    let exact = Config {
        max_depth: 4,
        first_depth: 4,
        min_probability: 0.0,
        reuse_deeper: false,
        ..Config::default()
    };
    let deeper = Config {
        reuse_deeper: true,
        ..exact
    };
    let mut saved = 0;
    for game in positions(6, 4, 30) {
        let mut a = search_2048(game, exact, true);
        let mut b = search_2048(game, deeper, true);
        assert_eq!(a.step(u64::MAX), Progress::Solved);
        assert_eq!(b.step(u64::MAX), Progress::Solved);
        assert!(b.stats().expanded <= a.stats().expanded);
        saved += a.stats().expanded - b.stats().expanded;
    }
    assert!(saved > 0, "no board recurred at a shallower depth");
}

#[test]
fn one_iteration_to_full_depth_matches_iterative_deepening() {
    let iterative = Config {
        max_depth: 3,
        min_probability: 0.0,
        reuse_deeper: false,
        ..Config::default()
    };
    let direct = Config {
        first_depth: 3,
        ..iterative
    };
    for game in positions(8, 4, 30) {
        let mut a = search_2048(game, iterative, true);
        let mut b = search_2048(game, direct, true);
        assert_eq!(a.step(u64::MAX), Progress::Solved);
        assert_eq!(b.step(u64::MAX), Progress::Solved);
        assert_eq!(b.root_values(), a.root_values());
        assert_eq!((a.stats().iterations, b.stats().iterations), (3, 1));
        assert_eq!(b.completed_depth(), 3);
        assert!(b.stats().expanded < a.stats().expanded);
    }
}

#[test]
fn the_cutoff_stops_at_chance_nodes_after_the_last_decision() {
    // A cutoff just below 1 evaluates every chance node but the root's children: each spawn is
    // followed by one searched move, whatever the depth, so the values are those of depth 2.
    for game in positions(9, 4, 30) {
        let cut = Config {
            max_depth: 6,
            min_probability: 0.999,
            ..Config::default()
        };
        let two = Config {
            max_depth: 2,
            min_probability: 0.0,
            ..Config::default()
        };
        let mut a = search_2048(game, cut, false);
        let mut b = search_2048(game, two, false);
        run_to_end(&mut a, 1000);
        run_to_end(&mut b, 1000);
        assert_eq!(a.root_values(), b.root_values());
        assert_eq!(a.stats().max_depth, 3, "move, spawn, move");
    }
}

#[test]
fn restart_searches_a_new_root_as_a_fresh_search_would() {
    let config = Config {
        max_depth: 3,
        ..Config::default()
    };
    let games = positions(10, 3, 40);
    let mut reused = search_2048(games[0], config, true);
    run_to_end(&mut reused, 100);
    for &game in &games[1..] {
        reused.restart(game, config);
        let mut fresh = search_2048(game, config, true);
        assert_eq!(run_to_end(&mut reused, 100), Progress::Solved);
        assert_eq!(run_to_end(&mut fresh, 100), Progress::Solved);
        assert_eq!(reused.root_values(), fresh.root_values());
        assert_eq!(reused.stats(), fresh.stats());
        assert_eq!(reused.cache_hits(), fresh.cache_hits());
    }
}

#[test]
fn node_limit_stops_with_the_last_complete_answer() {
    let game = positions(3, 1, 1)[0];
    let config = Config {
        max_depth: 6,
        limits: Limits {
            max_nodes: 500,
            ..Limits::default()
        },
        ..Config::default()
    };
    let mut search = search_2048(game, config, true);
    assert_eq!(
        run_to_end(&mut search, 64),
        Progress::LimitReached(Limit::Nodes)
    );
    assert_eq!(search.stats().expanded, 500);
    assert!(search.completed_depth() >= 1 && search.completed_depth() < 6);
    assert!(search.best_action().is_some());
    assert_eq!(search.step(10), Progress::LimitReached(Limit::Nodes));
}

#[test]
fn memory_limit_bounds_the_cache() {
    let game = positions(4, 1, 1)[0];
    let config = Config {
        max_depth: 3,
        limits: Limits {
            max_memory_bytes: 0,
            ..Limits::default()
        },
        ..Config::default()
    };
    let mut search = search_2048(game, config, true);
    assert_eq!(search.step(u64::MAX), Progress::Solved);
    assert_eq!(search.cache_hits(), 0);
    assert_eq!(search.stats().stored, 0);
}

#[derive(Default)]
struct Counter {
    expanded: u64,
    evaluated: u64,
    deepest: u32,
}

impl Observer<G2048> for Counter {
    fn expanded(&mut self, _: &G2048, visit: Visit) {
        self.expanded += 1;
        self.deepest = self.deepest.max(visit.depth);
    }
    fn generated(&mut self, _: &G2048, visit: Visit) {
        self.evaluated += 1;
        self.deepest = self.deepest.max(visit.depth);
    }
}

#[test]
fn the_observer_sees_every_expansion_and_evaluation() {
    let game = positions(5, 1, 1)[0];
    let config = Config {
        max_depth: 2,
        ..Config::default()
    };
    let eval = |g: &G2048| Evaluator::shared().value(g);
    let mut search =
        Expectimax::with_observer(game, eval, config, Counter::default()).with_key(G2048::key);
    assert_eq!(search.step(u64::MAX), Progress::Solved);
    let stats = search.stats();
    let seen = search.observer();
    assert_eq!(seen.expanded, stats.expanded);
    // Every generated child is evaluated, found in the cache, or expanded (all but the roots).
    assert_eq!(
        seen.evaluated + search.cache_hits() + stats.expanded - stats.iterations,
        stats.generated
    );
    // Depth 2: move, spawn, move.
    assert_eq!(seen.deepest, 3);
    assert_eq!(stats.max_depth, 3);
}

#[test]
fn baselines_choose_legal_moves() {
    let game = G2048::from_board(
        parse_board(
            "1024 1024 . .
             2 . . .
             4 . . .
             8 . . .",
        )
        .unwrap(),
        0,
    );
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let mut rng = Rng::new(9);
    for _ in 0..50 {
        assert!(legal.contains(&random_action(&game, &mut rng).unwrap()));
    }
    // By score alone the merge of the two 1024s wins; right comes before left in legal order.
    assert_eq!(
        greedy_action(&game, |_| 0.0),
        Some(Action::Move(Direction::Right))
    );
    assert_eq!(greedy_action(&G2048::start(), |_| 0.0), None);
    assert_eq!(random_action(&G2048::start(), &mut rng), None);
}

#[test]
fn expectimax_reaches_1024_from_a_fixed_seed() {
    // Depth 2, to completion every move: deterministic for the seed (it reaches 2048 in about
    // 2000 moves with the default weights; random play stops near 128, greedy near 256).
    let mut spawns = Rng::new(7);
    let mut game = G2048::new_game(&mut spawns);
    let config = Config {
        max_depth: 2,
        ..Config::default()
    };
    let mut moves = 0;
    while !game.is_terminal() {
        let mut search = search_2048(game, config, true);
        assert_eq!(search.step(u64::MAX), Progress::Solved);
        game.try_apply(search.best_action().unwrap()).unwrap();
        game.spawn_random(&mut spawns);
        moves += 1;
    }
    let max_tile = game.board().max_tile();
    assert!(max_tile >= 1024, "reached {max_tile} in {moves} moves");
    println!(
        "depth 2, seed 7: max tile {max_tile}, score {}, {moves} moves",
        game.score()
    );
}

#[test]
fn course_mcts_reaches_512_from_a_fixed_seed() {
    // The course's agent on the generic MCTS: rollouts to the end, spawns sampled by the search's
    // own RNG, 100 playouts a move; open loop (the course's) and closed loop (a node per spawn).
    // Deterministic for the seeds (random play stops near 128).
    for chance_nodes in [false, true] {
        let config = MctsConfig {
            chance_nodes,
            ..MctsConfig::course_2048()
        };
        let mut spawns = Rng::new(11);
        let mut game = G2048::new_game(&mut spawns);
        let mut moves = 0u64;
        while !game.is_terminal() {
            let mut search = Mcts::with_returns(game, config, moves).unwrap();
            search.step(100);
            game.try_apply(search.best_action().unwrap()).unwrap();
            game.spawn_random(&mut spawns);
            moves += 1;
        }
        let max_tile = game.board().max_tile();
        assert!(
            max_tile >= 512,
            "chance nodes {chance_nodes}: reached {max_tile} in {moves} moves"
        );
    }
}
