//! Sum to zero agents: UCT finds a line ending on zero, the exhaustive agent plays the optimum,
//! and specs name their bad parameters.

use searchlab::agents::sumzero::{play_game, AgentSpec, Algorithm, PlayedGame};
use searchlab::agents::Agent;
use searchlab::game::Game;
use searchlab::games::sumzero::solve::Optimum;
use searchlab::games::sumzero::SumZero;
use searchlab::search::{Limits, NoObserver, Observer, Progress, Visit};

/// A game of UCT (K = √2) with seed 7 and 2,000 iterations a move.
fn uct_game() -> PlayedGame {
    play_game(&AgentSpec::default(), &SumZero::start(), 7, 2_000).unwrap()
}

#[test]
fn uct_with_a_fixed_seed_plays_a_line_ending_on_zero() {
    let game = uct_game();
    assert_eq!(
        (game.decisions.len(), game.end.sum(), game.end.returns(0)),
        (10, 0, 1.0),
        "{}",
        game.end
    );
}

#[test]
fn uct_keeps_the_optimum_at_every_move() {
    let game = uct_game();
    let regrets: Vec<f64> = game.decisions.iter().map(|d| d.regret).collect();
    assert_eq!(regrets, [0.0; 10], "{}", game.end);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let spec = AgentSpec::new(Algorithm::Mcts);
    let first = play_game(&spec, &SumZero::start(), 3, 50).unwrap();
    assert_eq!(play_game(&spec, &SumZero::start(), 3, 50).unwrap(), first);
}

#[test]
fn the_exhaustive_agent_plays_an_optimal_line_from_mid_game() {
    let optimum = Optimum::solve();
    let start: SumZero = "+30 +27 +24".parse().unwrap();
    let game = play_game(&AgentSpec::new(Algorithm::Exhaustive), &start, 0, 1).unwrap();
    assert_eq!(game.end.returns(0), optimum.value(&start), "{}", game.end);
}

#[test]
fn decisions_record_the_turn_amount_sum_and_regret() {
    let game = play_game(
        &AgentSpec::new(Algorithm::Exhaustive),
        &SumZero::start(),
        0,
        1,
    )
    .unwrap();
    let amounts: Vec<i32> = game.decisions.iter().map(|d| d.amount).collect();
    assert_eq!(amounts, game.end.amounts());
    let first = &game.decisions[0];
    assert_eq!(
        (first.turn, first.sum, first.regret),
        (10, first.amount, 0.0)
    );
}

#[test]
fn the_exhaustive_search_answers_at_once_with_each_actions_optimum() {
    let state: SumZero = "+30 +27".parse().unwrap();
    let mut search = AgentSpec::new(Algorithm::Exhaustive)
        .build(&state, 0, NoObserver)
        .unwrap();
    assert_eq!(search.step(1), Progress::Solved);
    let values: Vec<f64> = search
        .root_action_stats()
        .iter()
        .map(|stat| stat.value)
        .collect();
    let expected: Vec<f64> = Optimum::solve()
        .action_values(&state)
        .iter()
        .map(|&(_, value)| value)
        .collect();
    assert_eq!(values, expected);
}

/// Counts the states a search reports expanding.
struct Counter(std::rc::Rc<std::cell::Cell<u64>>);

impl Observer<SumZero> for Counter {
    fn expanded(&mut self, _state: &SumZero, _visit: Visit) {
        self.0.set(self.0.get() + 1);
    }
}

#[test]
fn uct_reports_its_tree_walks_and_root_statistics() {
    let seen = std::rc::Rc::new(std::cell::Cell::new(0));
    let mut search = AgentSpec::new(Algorithm::Mcts)
        .build(&SumZero::start(), 1, Counter(seen.clone()))
        .unwrap();
    search.step(100);
    let visits: u64 = search.root_action_stats().iter().map(|s| s.visits).sum();
    assert_eq!((seen.get(), visits), (search.stats().expanded, 100));
}

#[test]
fn algorithms_are_named_mcts_and_exhaustive() {
    assert_eq!(Algorithm::parse("exhaustive"), Ok(Algorithm::Exhaustive));
    let error = Algorithm::parse("bfs").unwrap_err();
    assert_eq!(
        error.message,
        "unknown algorithm 'bfs' (expected mcts or exhaustive)"
    );
}

#[test]
fn a_bad_parameter_is_named() {
    let bad_uct = AgentSpec {
        uct: -1.0,
        ..AgentSpec::default()
    };
    assert_eq!(bad_uct.validate().unwrap_err().field, "uct");
    let no_nodes = AgentSpec {
        limits: Limits {
            max_nodes: 0,
            ..Limits::default()
        },
        ..AgentSpec::default()
    };
    let error = no_nodes
        .build(&SumZero::start(), 0, NoObserver)
        .err()
        .expect("a spec without nodes is refused");
    assert_eq!(error.field, "max_nodes");
}
