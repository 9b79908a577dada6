//! Sum to zero's rules as pictures: a state drawn as the amounts played, one action, one
//! assertion.

use searchlab::game::{Game, Turn};
use searchlab::games::sumzero::{Action, SumZero};

/// The state after the amounts in `text` (see `games::sumzero::text`).
fn after(text: &str) -> SumZero {
    text.parse()
        .unwrap_or_else(|e| panic!("bad picture '{text}': {e}"))
}

#[test]
fn the_start_has_sum_zero_and_ten_turns_to_play() {
    let start = SumZero::start();
    assert_eq!(
        (start.sum(), start.turns_left(), start.turn()),
        (0, 10, Turn::Player(0))
    );
}

#[test]
fn the_first_move_adds_twice_or_three_times_ten() {
    let amounts: Vec<i32> = Action::ALL
        .map(|action| SumZero::start().child(action).sum())
        .to_vec();
    assert_eq!(amounts, [20, -20, 30, -30]);
}

#[test]
fn the_third_move_adds_a_multiple_of_eight() {
    assert_eq!(
        after("+20 -18").child(Action::PlusThree),
        after("+20 -18 +24")
    );
}

#[test]
fn the_sum_is_the_total_of_the_amounts() {
    assert_eq!(after("+20 -18 +24").sum(), 26);
}

#[test]
fn the_state_remembers_every_move_in_order() {
    let moves: Vec<Action> = after("+20 -18 +24 -21").moves().collect();
    assert_eq!(
        moves,
        [
            Action::PlusTwo,
            Action::MinusTwo,
            Action::PlusThree,
            Action::MinusThree
        ]
    );
}

#[test]
fn the_last_move_adds_two_or_three() {
    let nine = after("+20 +18 +16 -14 -12 -10 -8 -6 -6");
    assert_eq!(nine.child(Action::MinusThree).sum(), nine.sum() - 3);
}

#[test]
fn the_game_ends_after_the_tenth_move() {
    let ten = after("+20 +18 +16 -14 -12 -10 -8 -6 -6 +2");
    assert_eq!(ten.turn(), Turn::Terminal);
}

#[test]
fn a_line_that_ends_on_zero_earns_one() {
    assert_eq!(after("+20 +18 +16 -14 -12 -10 -8 -6 -6 +2").returns(0), 1.0);
}

#[test]
fn the_reward_falls_by_the_final_distance_over_225() {
    let all_plus_two = after("+20 +18 +16 +14 +12 +10 +8 +6 +4 +2");
    assert_eq!(all_plus_two.returns(0), 1.0 - 110.0 / 225.0);
}

#[test]
fn nothing_is_earned_before_the_end() {
    assert_eq!(after("+20 -18 +24").returns(0), 0.0);
}

#[test]
fn a_finished_game_has_no_legal_actions() {
    let mut legal = vec![Action::PlusTwo];
    after("+20 +18 +16 -14 -12 -10 -8 -6 -6 +2").legal_actions(&mut legal);
    assert!(legal.is_empty());
}

#[test]
fn a_running_game_offers_all_four_actions_in_index_order() {
    let mut legal = Vec::new();
    after("+20").legal_actions(&mut legal);
    assert_eq!(legal, Action::ALL);
}

#[test]
fn applying_after_the_end_changes_nothing() {
    let ten = after("+20 +18 +16 -14 -12 -10 -8 -6 -6 +2");
    assert_eq!(ten.child(Action::PlusThree), ten);
}

#[test]
fn try_apply_refuses_a_move_after_the_end() {
    let mut ten = after("+20 +18 +16 -14 -12 -10 -8 -6 -6 +2");
    assert_eq!(ten.try_apply(Action::PlusTwo).unwrap_err().index, 0);
}

#[test]
fn action_indices_are_plus_two_minus_two_plus_three_minus_three() {
    let indices = Action::ALL.map(SumZero::action_index);
    assert_eq!(
        (indices, SumZero::action_from_index(4)),
        ([0, 1, 2, 3], None)
    );
}
