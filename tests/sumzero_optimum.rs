//! The exhaustive solver against brute force: every line of play enumerated through the rules
//! alone, its reward read from `returns`.

mod sumzero_common;

use searchlab::game::Game;
use searchlab::games::sumzero::solve::Optimum;
use searchlab::games::sumzero::{Action, SumZero};
use sumzero_common::states_to_depth;

/// The best reward of any line from `state` and how many lines reach it, by enumerating them all.
fn brute_force(state: &SumZero) -> (f64, u64) {
    if state.is_terminal() {
        return (state.returns(0), 1);
    }
    let mut best = (f64::NEG_INFINITY, 0);
    for action in Action::ALL {
        let (value, lines) = brute_force(&state.child(action));
        if value > best.0 {
            best = (value, lines);
        } else if value == best.0 {
            best.1 += lines;
        }
    }
    best
}

/// Plays `line` from `state`.
fn play(state: &SumZero, line: &[Action]) -> SumZero {
    line.iter()
        .fold(*state, |state, &action| state.child(action))
}

#[test]
fn the_optimum_from_the_start_is_the_best_of_all_4_pow_10_lines() {
    let (best, lines) = brute_force(&SumZero::start());
    let optimum = Optimum::solve();
    let start = SumZero::start();
    assert_eq!(
        (optimum.value(&start), optimum.optimal_line_count(&start)),
        (best, lines)
    );
}

#[test]
fn a_line_ending_on_zero_exists_so_the_optimum_is_one() {
    let (best, lines) = brute_force(&SumZero::start());
    assert_eq!(best, 1.0, "some line of the 4^10 ends on sum 0");
    assert!(lines > 0);
    assert_eq!(Optimum::solve().closest_final_sum(&SumZero::start()), 0);
}

#[test]
fn the_optimal_line_reaches_the_optimum() {
    let optimum = Optimum::solve();
    for state in states_to_depth(3) {
        let line = optimum.optimal_line(&state);
        let end = play(&state, &line);
        assert_eq!(line.len(), usize::from(state.turns_left()), "{state}");
        assert_eq!(end.returns(0), optimum.value(&state), "{state} -> {end}");
    }
}

#[test]
fn values_and_line_counts_agree_with_brute_force_in_mid_game() {
    let optimum = Optimum::solve();
    for state in states_to_depth(3).into_iter().skip(1) {
        assert_eq!(
            (optimum.value(&state), optimum.optimal_line_count(&state)),
            brute_force(&state),
            "{state}"
        );
    }
}

#[test]
fn each_action_is_valued_by_the_best_line_after_it() {
    let optimum = Optimum::solve();
    let state: SumZero = "+30 +27".parse().unwrap();
    let values = optimum.action_values(&state);
    let expected: Vec<(Action, f64)> = Action::ALL
        .into_iter()
        .map(|action| (action, brute_force(&state.child(action)).0))
        .collect();
    assert_eq!(values, expected);
}

#[test]
fn regret_is_zero_for_the_best_action_and_the_shortfall_for_the_others() {
    let optimum = Optimum::solve();
    // One move left on sum 1: +2 ends on 3, -2 on -1 (the best), +3 on 4, -3 on -2.
    let state: SumZero = "+20 +18 +16 -14 -12 -10 -12 -9 +4".parse().unwrap();
    assert_eq!(state.sum(), 1);
    let regrets = Action::ALL.map(|action| optimum.regret(&state, action) * 225.0);
    for (regret, expected) in regrets.into_iter().zip([2.0, 0.0, 3.0, 1.0]) {
        assert!((regret - expected).abs() < 1e-9, "{regrets:?}");
    }
}

#[test]
fn a_finished_game_is_worth_its_reward_and_has_no_actions() {
    let optimum = Optimum::solve();
    let end: SumZero = "+20 +18 +16 +14 +12 +10 +8 +6 +4 +2".parse().unwrap();
    assert_eq!(
        (
            optimum.value(&end),
            optimum.action_values(&end),
            optimum.optimal_line(&end)
        ),
        (end.returns(0), Vec::new(), Vec::new())
    );
}
