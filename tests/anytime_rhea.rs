//! RHEA (GVGAI sampleRHEA settings) on the corridor, gene decoding on state-dependent actions,
//! determinism under any slicing, limits, degenerate roots and the shift buffer.

#[allow(dead_code)]
mod anytime_toys;

use anytime_toys::{win_score_value, Corridor, DiceGame, Nim, Step, Take, TicTacToe};
use searchlab::game::Game;
use searchlab::search::rhea::{Rhea, RheaConfig};
use searchlab::search::{Limit, Limits, Observer, Progress, Search, Visit};

const CORRIDOR: &str = "#T.S.C.C.C.C.G#";

fn play_corridor(config: RheaConfig, keep_search: bool) -> Corridor {
    let mut game = Corridor::parse(CORRIDOR, 100);
    let mut search = Rhea::new(game, config, 99, win_score_value).unwrap();
    for turn in 0..40 {
        if game.is_terminal() {
            break;
        }
        search.step(200);
        game.apply(search.best_action().unwrap());
        if keep_search {
            search.advance_root(game);
        } else {
            search = Rhea::new(game, config, turn, win_score_value).unwrap();
        }
    }
    game
}

#[test]
fn rhea_walks_the_corridor_to_the_goal() {
    let game = play_corridor(RheaConfig::default(), false);
    assert!(
        game.won() && !game.lost(),
        "ended at cell {}",
        game.position()
    );
    assert_eq!(game.score(), 14, "all four coins and the goal");
}

#[test]
fn rhea_with_a_shift_buffer_also_reaches_the_goal() {
    let config = RheaConfig {
        shift_buffer: true,
        ..RheaConfig::default()
    };
    let game = play_corridor(config, true);
    assert!(
        game.won() && !game.lost(),
        "ended at cell {}",
        game.position()
    );
}

#[test]
fn the_best_plan_heads_for_the_goal_and_its_value_tops_the_root_stats() {
    let root = Corridor::parse("#T.S.C.C.G#", 100);
    let mut search = Rhea::new(root, RheaConfig::default(), 4, win_score_value).unwrap();
    search.step(500);
    assert_eq!(search.best_action(), Some(Step::Right));
    let plan = search.principal_variation();
    let mut end = root;
    for &step in &plan {
        end.apply(step);
    }
    assert!(end.won(), "{plan:?}");
    let stats = search.root_action_stats();
    let evaluations: u64 = stats.iter().map(|s| s.visits).sum();
    assert_eq!(evaluations, search.stats().expanded);
    let right = stats
        .iter()
        .find(|s| s.index == Step::Right as u32)
        .unwrap();
    assert_eq!(right.value, 1000.0);
    assert!(stats.iter().all(|s| s.value <= right.value));
}

#[test]
fn waiting_is_a_gene_when_every_move_is_a_trap() {
    // Both legal moves fall into a trap; only the no-op (GVGAI's NIL) survives the one tick.
    let root = Corridor::parse("#TST#", 1);
    for seed in 1..=3 {
        let mut search = Rhea::new(root, RheaConfig::default(), seed, win_score_value).unwrap();
        search.step(100);
        assert_eq!(search.best_action(), Some(Step::Wait));
        assert_eq!(search.principal_variation(), vec![Step::Wait]);
    }
}

#[test]
fn generations_are_counted_after_the_first_population() {
    let mut search = Rhea::with_returns(Nim::new(15), RheaConfig::default(), 1).unwrap();
    search.step(10 + 9 * 3);
    assert_eq!(search.stats().iterations, 3);
    assert_eq!(search.stats().expanded, 37);
    assert_eq!(search.stats().stored, 10);
    search.step(8);
    assert_eq!(
        search.stats().iterations,
        3,
        "a generation under way is not counted"
    );
}

#[test]
fn genes_play_legal_actions_where_actions_depend_on_the_state() {
    for seed in 0..20 {
        let mut search =
            Rhea::with_returns(TicTacToe::parse("... ... ..."), RheaConfig::default(), seed)
                .unwrap();
        search.step(60);
        let mut board = TicTacToe::parse("... ... ...");
        for action in search.principal_variation() {
            board.try_apply(action).unwrap();
        }
        let mut nim = Rhea::with_returns(Nim::new(2), RheaConfig::default(), seed).unwrap();
        nim.step(30);
        let mut pile = Nim::new(2);
        for action in nim.principal_variation() {
            pile.try_apply(action).unwrap();
        }
    }
}

#[test]
fn same_seed_same_result_however_the_budget_is_sliced() {
    // 137 evaluations end inside a generation; chance draws come from the same RNG.
    let slicings: [&[u64]; 4] = [&[137], &[1; 137], &[3, 0, 14, 100, 20], &[9, 128]];
    let mut outcomes = Vec::new();
    for slices in slicings {
        let mut corridor = Rhea::new(
            Corridor::parse(CORRIDOR, 100),
            RheaConfig::default(),
            8,
            win_score_value,
        )
        .unwrap();
        let mut dice = Rhea::with_returns(DiceGame::default(), RheaConfig::default(), 8).unwrap();
        for &slice in slices {
            assert_eq!(corridor.step(slice), Progress::Running);
            assert_eq!(dice.step(slice), Progress::Running);
        }
        outcomes.push((
            corridor.stats(),
            corridor.root_action_stats(),
            corridor.principal_variation(),
            dice.stats(),
            dice.root_action_stats(),
            dice.principal_variation(),
        ));
    }
    assert!(outcomes.windows(2).all(|pair| pair[0] == pair[1]));
}

#[test]
fn the_evaluation_limit_stops_the_search_with_an_answer() {
    let config = RheaConfig {
        limits: Limits {
            max_nodes: 25,
            ..Limits::default()
        },
        ..RheaConfig::default()
    };
    let mut search = Rhea::new(Corridor::parse(CORRIDOR, 100), config, 1, win_score_value).unwrap();
    assert_eq!(search.step(1000), Progress::LimitReached(Limit::Nodes));
    let stats = search.stats();
    assert_eq!(stats.expanded, 25);
    assert!(search.best_action().is_some());
    assert_eq!(search.step(1000), Progress::LimitReached(Limit::Nodes));
    assert_eq!(search.stats(), stats);
}

#[test]
fn populations_beyond_the_memory_limit_are_refused() {
    let config = RheaConfig {
        horizon: (1u64 << 40) as usize, // the cast keeps 32-bit targets (wasm-pack test) compiling
        ..RheaConfig::default()
    };
    let mut search = Rhea::with_returns(Nim::new(5), config, 1).unwrap();
    assert_eq!(search.step(10), Progress::LimitReached(Limit::Memory));
    assert_eq!(search.best_action(), None);
}

#[test]
fn a_terminal_root_has_no_action() {
    let mut search = Rhea::with_returns(Nim::new(0), RheaConfig::default(), 1).unwrap();
    assert_eq!(search.step(10), Progress::Exhausted);
    assert_eq!(search.best_action(), None);
    assert!(search.principal_variation().is_empty() && search.root_action_stats().is_empty());
}

#[test]
fn a_single_legal_action_is_chosen() {
    let mut search = Rhea::with_returns(Nim::new(1), RheaConfig::default(), 1).unwrap();
    search.step(30);
    assert_eq!(search.best_action(), Some(Take(1)));
    assert_eq!(search.principal_variation(), vec![Take(1)]);
}

#[test]
fn the_first_evaluation_already_gives_an_answer() {
    let mut search = Rhea::with_returns(Nim::new(7), RheaConfig::default(), 1).unwrap();
    assert_eq!(search.best_action(), None);
    search.step(1);
    assert!(search.best_action().is_some());
}

#[derive(Default)]
struct Counter {
    expanded: u64,
    generated: u64,
}

impl<G> Observer<G> for Counter {
    fn expanded(&mut self, _: &G, _: Visit) {
        self.expanded += 1;
    }
    fn generated(&mut self, _: &G, _: Visit) {
        self.generated += 1;
    }
}

#[test]
fn the_observer_sees_every_plan_and_step() {
    let mut search = Rhea::with_observer(
        Corridor::parse(CORRIDOR, 100),
        RheaConfig::default(),
        3,
        win_score_value,
        Counter::default(),
    )
    .unwrap();
    search.step(50);
    let counter = search.observer();
    assert_eq!(counter.expanded, 50);
    assert_eq!(
        counter.generated,
        search.stats().generated,
        "no chance in the corridor"
    );
}

#[test]
fn invalid_configs_name_the_field() {
    let cases = [
        (
            "population_size",
            RheaConfig {
                population_size: 0,
                ..RheaConfig::default()
            },
        ),
        (
            "horizon",
            RheaConfig {
                horizon: 0,
                ..RheaConfig::default()
            },
        ),
        (
            "elitism",
            RheaConfig {
                elitism: 10,
                ..RheaConfig::default()
            },
        ),
    ];
    for (field, config) in cases {
        let error = Rhea::with_returns(Nim::new(3), config, 1).err().unwrap();
        assert_eq!(error.field, field);
    }
}
