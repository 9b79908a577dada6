//! Rules as pictures: a board, actions, the board after. Every corner case of
//! `shared/bait/RULES.md` section 3.

mod bait_common;

use bait_common::picture;
use searchlab::game::{Game, Puzzle, Turn};
use searchlab::games::bait::{parse_plan, Action, BaitState, Outcome};

/// The state after playing `plan` (letters) from the level drawn in `rows`.
fn play(rows: &str, plan: &str) -> BaitState {
    let mut state = picture(rows);
    for action in parse_plan(plan).unwrap() {
        state.apply(action);
    }
    state
}

/// Asserts the drawn board (top character per cell).
fn assert_board(state: &BaitState, rows: &str) {
    let expected: Vec<&str> = rows
        .lines()
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    assert_eq!(state.to_level_text(), expected.join("\n"), "{state:?}");
}

#[test]
fn a_push_moves_the_box_and_the_avatar() {
    let s = play("wA1.wg", "R");
    assert_board(&s, "w.A1wg");
    assert_eq!((s.tick(), s.score(), s.outcome()), (1, 0, Outcome::Running));
}

#[test]
fn a_push_into_a_wall_a_box_or_a_mushroom_is_cancelled() {
    for rows in ["wA1wg", "wA11.wg", "wA1m.wg"] {
        let s = play(rows, "R");
        assert_board(&s, rows);
        assert_eq!((s.tick(), s.outcome()), (1, Outcome::Running));
        assert_eq!(s.score(), 0, "a box never crushes a mushroom");
    }
}

#[test]
fn a_box_moves_onto_the_goal_without_effect() {
    let s = play("wA1g.w", "R");
    assert_board(&s, "w.A1.w");
    assert!(s.contents(3, 0).goal);
    assert_eq!((s.score(), s.outcome()), (0, Outcome::Running));
}

#[test]
fn walls_and_the_goal_without_key_stop_the_avatar() {
    assert_board(&play("wAw", "LR"), "wAw");
    assert_board(&play("wAgk", "R"), "wAgk");
}

#[test]
fn a_box_into_a_hole_fills_it_for_one_point() {
    let s = play("wA10.wg", "R");
    assert_board(&s, "w.A..wg");
    assert_eq!(s.score(), 1);
    let s = play("wA10.wg", "RRR");
    assert_board(&s, "w...Awg");
    assert!(s.is_alive());
}

#[test]
fn a_box_goes_onto_the_key_and_off_again() {
    let s = play("wA1k..wg", "R");
    assert_board(&s, "w.A1..wg");
    assert!(s.contents(3, 0).key && s.contents(3, 0).box_);
    assert!(!s.has_key());
    let s = play("wA1k..wg", "RR");
    assert_board(&s, "w..A1.wg");
    assert!(s.has_key(), "the avatar takes the key in the same tick");
}

#[test]
fn a_box_on_the_key_blocks_another_box() {
    let rows = "
        wwwwww
        wA1k.w
        wg.1.w
        ww...w
        wwwwww";
    let s = play(rows, "RDDRU");
    assert_board(
        &s,
        "
        wwwwww
        w..1.w
        wg.1.w
        ww.A.w
        wwwwww",
    );
    assert!(s.contents(3, 1).key, "the key is still under its box");
}

#[test]
fn pushing_off_the_goal_without_key_moves_the_box_but_not_the_avatar() {
    let s = play("wA1g..w", "RR");
    assert_board(&s, "w.Ag1.w");
    assert_eq!(s.outcome(), Outcome::Running);
}

#[test]
fn pushing_off_the_goal_with_the_key_wins_in_the_same_tick() {
    let s = play("wkA1g..w", "LRRR");
    assert_board(&s, "w...A1.w");
    assert_eq!((s.score(), s.outcome()), (5, Outcome::Won));
    // If the box cannot leave the goal, nothing happens.
    let s = play("wkA1gw", "LRRR");
    assert_board(&s, "w..A1w");
    assert!(s.contents(4, 0).goal);
    assert_eq!(s.outcome(), Outcome::Running);
}

#[test]
fn key_then_goal_wins_with_five_points() {
    let s = play("wgkAw", "LL");
    assert_board(&s, "wA..w");
    assert!(s.has_key() && s.is_solved());
    assert_eq!(s.score(), 5);
    assert_eq!(s.turn(), Turn::Terminal);
}

#[test]
fn mushrooms_score_one_and_vanish() {
    let s = play("wAm.wg", "RR");
    assert_board(&s, "w..Awg");
    assert_eq!(s.score(), 1);
}

#[test]
fn a_dead_avatar_stays_in_its_hole_and_the_game_is_lost() {
    let s = play("wAm0.wg", "RR");
    assert_board(&s, "w..0.wg");
    assert!(!s.is_alive());
    assert_eq!(s.avatar_position(), (3, 0));
    assert_eq!((s.score(), s.outcome(), s.tick()), (1, Outcome::Lost, 2));
    let mut after = s.clone();
    after.apply(Action::Left);
    assert_eq!(after, s, "advancing a finished game does nothing");
}

#[test]
fn a_level_without_goal_is_won_by_the_first_action_even_nil() {
    let start = picture("wA..w");
    assert_eq!(start.outcome(), Outcome::Running);
    let s = play("wA..w", "N");
    assert_eq!((s.outcome(), s.tick(), s.score()), (Outcome::Won, 1, 0));
}

#[test]
fn nil_is_a_full_tick_that_changes_nothing_else() {
    let before = play("wA1.0mgkw", "");
    let mut after = before.clone();
    after.apply(Action::Nil);
    assert_eq!(after.tick(), 1);
    assert_eq!(after.key(), before.key());
    assert_eq!(after.to_level_text(), before.to_level_text());
}

#[test]
fn the_edge_of_an_open_board_acts_as_a_wall() {
    assert_board(&play("A1.g", "LUD"), "A1.g");
    let s = play("A1.g", "RRR");
    assert_board(&s, "..A1");
    assert!(
        s.contents(3, 0).goal,
        "the box rests on the goal at the edge"
    );
    let s = play(".A1\ngww", "R");
    assert_board(&s, ".A1\ngww");
}

#[test]
fn legal_actions_are_the_four_moves_until_the_end() {
    let mut s = picture("wgkAw");
    let mut actions = Vec::new();
    s.legal_actions(&mut actions);
    assert_eq!(actions, Action::MOVES);
    assert_eq!(BaitState::noop_action(), Some(Action::Nil));
    s.try_apply(Action::Nil).unwrap();
    s.try_apply(Action::Left).unwrap();
    s.try_apply(Action::Left).unwrap();
    assert!(s.try_apply(Action::Left).is_err());
    s.legal_actions(&mut actions);
    assert!(actions.is_empty());
    assert_eq!(s.returns(0), 5.0);
    for index in 0..BaitState::NUM_DISTINCT_ACTIONS {
        let action = BaitState::action_from_index(index).unwrap();
        assert_eq!(BaitState::action_index(action), index);
    }
}
