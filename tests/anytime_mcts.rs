//! MCTS on games with known answers: Nim and tic-tac-toe (two players), a corridor with a trap
//! (one player, GVGAI sampleMCTS settings), a dice game (chance); plus determinism under any
//! slicing, limits, degenerate roots and keeping the subtree between moves.

#[allow(dead_code)]
mod anytime_toys;

use anytime_toys::{
    gvgai_mcts_value, Coin, CoinGuess, Corridor, Dice, DiceGame, Nim, Step, Take, TicTacToe,
};
use searchlab::game::Game;
use searchlab::search::anytime::{returns_value, ValueFn};
use searchlab::search::mcts::{FinalChoice, Mcts, MctsConfig, Rollout};
use searchlab::search::{Limit, Limits, Observer, Progress, Search, Visit};

fn zero_sum_best<G: Game>(root: G, budget: u64, seed: u64) -> Option<G::Action> {
    let mut search = Mcts::with_returns(root, MctsConfig::zero_sum(), seed).unwrap();
    assert_eq!(search.step(budget), Progress::Running);
    search.best_action()
}

#[test]
fn nim_takes_the_pile_down_to_a_multiple_of_four() {
    for pile in [5, 6, 7, 10, 11, 13] {
        for seed in 1..=3 {
            let best = zero_sum_best(Nim::new(pile), 3000, seed);
            assert_eq!(best, Some(Take(pile % 4)), "pile {pile}, seed {seed}");
        }
    }
}

#[test]
fn nim_second_player_also_finds_the_win() {
    let position = Nim {
        pile: 9,
        to_move: 1,
    };
    for seed in 1..=3 {
        assert_eq!(zero_sum_best(position, 3000, seed), Some(Take(1)));
    }
}

#[test]
fn tic_tac_toe_takes_the_win() {
    let board = TicTacToe::parse("XX. OO. ...");
    for seed in 1..=3 {
        assert_eq!(zero_sum_best(board, 3000, seed), Some(2));
    }
}

#[test]
fn tic_tac_toe_blocks_the_only_threat() {
    let board = TicTacToe::parse("X.. .OO ..X");
    for seed in 1..=3 {
        assert_eq!(zero_sum_best(board, 5000, seed), Some(3));
    }
}

fn sample_mcts(root: Corridor, seed: u64) -> Mcts<Corridor> {
    Mcts::new(
        root,
        MctsConfig::gvgai_sample_mcts(),
        seed,
        gvgai_mcts_value as ValueFn<Corridor>,
    )
    .unwrap()
}

#[test]
fn sample_mcts_avoids_the_trap_behind_the_coins() {
    // Coins lure to the left, where a trap waits; the goal is 7 steps to the right.
    let root = Corridor::parse("#TCCS......G#", 100);
    for seed in 1..=3 {
        let mut search = sample_mcts(root, seed);
        search.step(500);
        assert_eq!(search.best_action(), Some(Step::Right), "seed {seed}");
    }
}

#[test]
fn sample_mcts_plays_the_corridor_to_the_goal() {
    let mut game = Corridor::parse("#TCCS......G#", 100);
    for turn in 0..30 {
        if game.is_terminal() {
            break;
        }
        let mut search = sample_mcts(game, turn);
        search.step(300);
        game.try_apply(search.best_action().unwrap()).unwrap();
    }
    assert!(
        game.won() && !game.lost(),
        "ended at cell {}",
        game.position()
    );
}

#[test]
fn sample_mcts_plays_ten_moves_per_iteration_in_an_endless_corridor() {
    // No goal, no trap: every iteration walks the tree and rolls out to depth 10 exactly.
    let root = Corridor::parse("#S....................#", 1_000_000);
    let mut search = Mcts::with_returns(root, MctsConfig::gvgai_sample_mcts(), 7).unwrap();
    search.step(2000);
    let stats = search.stats();
    assert_eq!(stats.iterations, 2000);
    assert_eq!(stats.generated, 10 * 2000);
    assert_eq!(stats.max_depth, 10);
    assert_eq!(stats.stored, 2001, "one node per iteration");
    let visits: u64 = search.root_action_stats().iter().map(|s| s.visits).sum();
    assert_eq!(visits, 2000, "every iteration goes through one root child");
}

#[test]
fn chance_is_averaged_not_maximised() {
    let presets = [
        MctsConfig::course_2048(),
        MctsConfig::gvgai_sample_mcts(),
        MctsConfig {
            chance_nodes: true,
            ..MctsConfig::course_2048()
        },
    ];
    for config in presets {
        for seed in 1..=3 {
            let mut search = Mcts::with_returns(DiceGame::default(), config, seed).unwrap();
            search.step(20_000);
            assert_eq!(
                search.best_action(),
                Some(Dice::Sure),
                "{config:?} seed {seed}"
            );
            let sure = search.root_action_stats()[0];
            assert_eq!(sure.index, Dice::Sure as u32);
            // 4 now plus about 4 in round two (best play gives exactly 8).
            assert!((7.5..=8.0).contains(&sure.value), "{}", sure.value);
        }
    }
}

fn coin_guess_search(chance_nodes: bool, seed: u64) -> Mcts<CoinGuess> {
    let config = MctsConfig {
        chance_nodes,
        ..MctsConfig::course_2048()
    };
    let mut search = Mcts::with_returns(CoinGuess::default(), config, seed).unwrap();
    search.step(20_000);
    search
}

#[test]
fn with_chance_nodes_the_tree_sees_the_outcome_before_the_next_move() {
    for seed in 1..=3 {
        let search = coin_guess_search(true, seed);
        assert_eq!(search.best_action(), Some(Coin::Toss), "seed {seed}");
        let toss = search.root_action_stats()[1];
        assert_eq!(toss.index, Coin::Toss as u32);
        assert!(toss.value > 9.0, "seed {seed}: {}", toss.value);
        // Root, two moves, two outcomes below the toss, two guesses below each.
        assert_eq!(search.stats().stored, 9, "seed {seed}");
        let line = search.principal_variation();
        assert_eq!(line.len(), 2, "player moves only: {line:?}");
        assert_eq!(line[0], Coin::Toss);
    }
}

#[test]
fn open_loop_the_tree_plans_before_the_outcome() {
    for seed in 1..=3 {
        let search = coin_guess_search(false, seed);
        assert_eq!(search.best_action(), Some(Coin::Sure), "seed {seed}");
        let toss = search.root_action_stats()[1];
        assert!(
            (4.0..6.0).contains(&toss.value),
            "seed {seed}: {}",
            toss.value
        );
        assert_eq!(search.stats().stored, 5, "seed {seed}");
    }
}

#[test]
fn advance_root_follows_the_drawn_outcome_with_chance_nodes() {
    let mut search = coin_guess_search(true, 4);
    let heads = search.root_action_stats()[1].visits;
    let mut reached = CoinGuess::default();
    reached.apply(Coin::Toss);
    reached.apply(Coin::Heads);
    search.advance_root(&[Coin::Toss, Coin::Heads], reached);
    let guesses = search.root_action_stats();
    assert_eq!(guesses.len(), 2);
    let kept: u64 = guesses.iter().map(|s| s.visits).sum();
    assert!(kept > 0 && kept < heads, "{kept} of {heads}");
    assert_eq!(search.best_action(), Some(Coin::Heads));
    assert_eq!(search.stats().stored, 3);
}

#[test]
fn course_2048_rewards_are_gains_from_the_root() {
    let mut root = DiceGame::default();
    root.apply(Dice::Sure);
    let mut search = Mcts::with_returns(root, MctsConfig::course_2048(), 3).unwrap();
    search.step(5000);
    let sure = search.root_action_stats()[0];
    assert_eq!(search.best_action(), Some(Dice::Sure));
    assert!((sure.value - 4.0).abs() < 1e-9, "{}", sure.value);
}

fn sliced<G: Game, S: Search<G>>(search: &mut S, slices: &[u64]) {
    for &slice in slices {
        assert_eq!(search.step(slice), Progress::Running);
    }
}

#[test]
fn same_seed_same_result_however_the_budget_is_sliced() {
    let slicings: [&[u64]; 4] = [&[3000], &[1; 3000], &[1, 2, 997, 0, 2000], &[1500, 1500]];
    let mut outcomes = Vec::new();
    for slices in slicings {
        let mut board =
            Mcts::with_returns(TicTacToe::parse("... ... ..."), MctsConfig::zero_sum(), 11)
                .unwrap();
        sliced(&mut board, slices);
        let mut dice =
            Mcts::with_returns(DiceGame::default(), MctsConfig::course_2048(), 11).unwrap();
        sliced(&mut dice, slices);
        outcomes.push((
            board.stats(),
            board.root_action_stats(),
            board.principal_variation(),
            dice.stats(),
            dice.root_action_stats(),
            dice.principal_variation(),
        ));
    }
    assert!(outcomes.windows(2).all(|pair| pair[0] == pair[1]));
    let mut other_seed =
        Mcts::with_returns(TicTacToe::parse("... ... ..."), MctsConfig::zero_sum(), 12).unwrap();
    other_seed.step(3000);
    assert_ne!(
        other_seed.root_action_stats(),
        outcomes[0].1,
        "the seed matters"
    );
}

#[test]
fn a_tiny_node_limit_stops_the_tree_and_keeps_an_answer() {
    let config = MctsConfig {
        limits: Limits {
            max_nodes: 5,
            ..Limits::default()
        },
        ..MctsConfig::zero_sum()
    };
    let mut search = Mcts::with_returns(Nim::new(21), config, 1).unwrap();
    assert_eq!(search.step(1000), Progress::LimitReached(Limit::Nodes));
    let stats = search.stats();
    assert_eq!((stats.stored, stats.iterations), (5, 4));
    assert!(search.best_action().is_some());
    assert_eq!(search.step(1000), Progress::LimitReached(Limit::Nodes));
    assert_eq!(search.stats(), stats, "a finished search does no more work");
}

#[test]
fn a_tiny_memory_limit_stops_the_tree_within_it() {
    let limit = 600;
    let config = MctsConfig {
        limits: Limits {
            max_memory_bytes: limit,
            ..Limits::default()
        },
        ..MctsConfig::zero_sum()
    };
    let mut search = Mcts::with_returns(TicTacToe::parse("... ... ..."), config, 1).unwrap();
    assert_eq!(search.step(1000), Progress::LimitReached(Limit::Memory));
    assert!(search.memory_bytes() <= limit, "{}", search.memory_bytes());
    assert!(search.stats().stored > 1);
    assert!(search.best_action().is_some());

    let no_room = MctsConfig {
        limits: Limits {
            max_memory_bytes: 1,
            ..Limits::default()
        },
        ..MctsConfig::zero_sum()
    };
    let mut search = Mcts::with_returns(Nim::new(4), no_room, 1).unwrap();
    assert_eq!(search.step(10), Progress::LimitReached(Limit::Memory));
    assert_eq!(search.best_action(), None);
}

#[test]
fn a_terminal_root_has_no_action() {
    let mut nim = Mcts::with_returns(Nim::new(0), MctsConfig::zero_sum(), 1).unwrap();
    assert_eq!(nim.step(100), Progress::Exhausted);
    assert_eq!(nim.best_action(), None);
    assert!(nim.principal_variation().is_empty() && nim.root_action_stats().is_empty());
    let over = Corridor::parse("#S.G#", 0);
    let mut corridor = sample_mcts(over, 1);
    assert_eq!(corridor.step(100), Progress::Exhausted);
    assert_eq!(corridor.best_action(), None);
    assert_eq!(corridor.stats().iterations, 0);
}

#[test]
fn a_single_legal_action_is_chosen() {
    assert_eq!(zero_sum_best(Nim::new(1), 50, 1), Some(Take(1)));
    assert_eq!(
        zero_sum_best(TicTacToe::parse("XOX XOO OX."), 50, 1),
        Some(8)
    );
}

#[test]
fn advance_root_keeps_the_subtree_of_the_move() {
    let mut search = Mcts::with_returns(Nim::new(10), MctsConfig::zero_sum(), 5).unwrap();
    search.step(3000);
    assert_eq!(search.best_action(), Some(Take(2)));
    let before = search.stats();
    let chosen = search.root_action_stats()[1];
    assert_eq!(chosen.index, 1);

    search.advance_root(
        &[Take(2)],
        Nim {
            pile: 8,
            to_move: 1,
        },
    );
    let kept = search.stats();
    assert!(kept.stored > 1 && kept.stored < before.stored);
    assert_eq!(kept.iterations, 0);
    let visits: u64 = search.root_action_stats().iter().map(|s| s.visits).sum();
    assert_eq!(
        visits,
        chosen.visits - 1,
        "all but the visit that created the node"
    );

    search.step(3000);
    // Eight stones lose for the player to move: every reply's mean is negative for them.
    let replies = search.root_action_stats();
    assert_eq!(replies.len(), 3);
    assert!(replies.iter().all(|s| s.value < 0.0), "{replies:?}");

    search.advance_root(
        &[Take(3)],
        Nim {
            pile: 5,
            to_move: 0,
        },
    );
    search.step(2000);
    assert_eq!(search.best_action(), Some(Take(1)));
}

#[test]
fn advance_root_to_an_untried_action_starts_afresh() {
    let config = MctsConfig {
        limits: Limits {
            max_nodes: 2,
            ..Limits::default()
        },
        ..MctsConfig::zero_sum()
    };
    let mut search = Mcts::with_returns(Nim::new(6), config, 5).unwrap();
    search.step(10);
    let tried = search.root_action_stats()[0].index;
    let untried = Nim::action_from_index((tried + 1) % 3).unwrap();
    search.advance_root(&[untried], Nim::new(6).child(untried));
    assert_eq!(search.stats().stored, 1);
    assert_eq!(search.best_action(), None);
    assert_eq!(search.step(10), Progress::LimitReached(Limit::Nodes));
}

#[derive(Default)]
struct Counter {
    expanded: u64,
    generated: u64,
    deepest: u32,
}

impl<G> Observer<G> for Counter {
    fn expanded(&mut self, _: &G, _: Visit) {
        self.expanded += 1;
    }
    fn generated(&mut self, _: &G, visit: Visit) {
        self.generated += 1;
        self.deepest = self.deepest.max(visit.depth);
    }
}

#[test]
fn the_observer_sees_every_walk_step_and_new_node() {
    let root = TicTacToe::parse("... ... ...");
    let (config, value) = (MctsConfig::zero_sum(), returns_value);
    let mut search = Mcts::with_observer(root, config, 2, value, Counter::default()).unwrap();
    search.step(500);
    let counter = search.observer();
    let stats = search.stats();
    assert_eq!(counter.generated, stats.stored - 1);
    assert_eq!(counter.expanded, stats.expanded);
    assert_eq!(counter.deepest, stats.max_depth);

    let config = MctsConfig {
        chance_nodes: true,
        ..MctsConfig::course_2048()
    };
    let root = CoinGuess::default();
    let mut search =
        Mcts::with_observer(root, config, 2, returns_value, Counter::default()).unwrap();
    search.step(500);
    assert_eq!(
        search.observer().generated,
        search.stats().stored - 1,
        "outcome nodes too"
    );
}

#[test]
fn rollout_depth_and_final_choice_are_configurable() {
    let root = Corridor::parse("#S....................#", 1_000_000);
    let config = MctsConfig {
        max_tree_depth: Some(2),
        rollout: Rollout::Moves(3),
        final_choice: FinalChoice::BestMean,
        ..MctsConfig::gvgai_sample_mcts()
    };
    let mut search = Mcts::with_returns(root, config, 1).unwrap();
    search.step(100);
    let stats = search.stats();
    assert_eq!(stats.max_depth, 2);
    // Each iteration walks its tree steps, then plays exactly 3 rollout moves (nothing ends).
    assert_eq!(stats.generated, stats.expanded + 3 * 100);
}

#[test]
fn invalid_configs_name_the_field() {
    let bad_k = MctsConfig {
        exploration: f64::NAN,
        ..MctsConfig::default()
    };
    let error = Mcts::with_returns(Nim::new(3), bad_k, 1).err().unwrap();
    assert_eq!(error.field, "exploration");
    let no_tree = MctsConfig {
        max_tree_depth: Some(0),
        ..MctsConfig::default()
    };
    let error = Mcts::with_returns(Nim::new(3), no_tree, 1).err().unwrap();
    assert_eq!(error.field, "max_tree_depth");
}
