//! Sum to zero's text form: every reachable state prints and reads back to itself, and a bad
//! text names what is wrong and at which column.

mod sumzero_common;

use searchlab::game::Game;
use searchlab::games::sumzero::text::{ParseError, ParseErrorKind};
use searchlab::games::sumzero::{Action, SumZero};
use sumzero_common::states_to_depth;

fn parse_error(text: &str) -> ParseError {
    text.parse::<SumZero>()
        .expect_err("the text must be refused")
}

#[test]
fn every_reachable_state_round_trips_through_its_text() {
    let all = states_to_depth(10);
    assert_eq!(all.len(), (4usize.pow(11) - 1) / 3);
    for state in all {
        let text = state.to_string();
        assert_eq!(text.parse::<SumZero>(), Ok(state), "'{text}'");
    }
}

#[test]
fn the_start_is_the_empty_text() {
    assert_eq!(SumZero::start().to_string(), "");
}

#[test]
fn amounts_print_with_their_signs_one_space_apart() {
    let state = SumZero::start()
        .child(Action::PlusTwo)
        .child(Action::MinusTwo)
        .child(Action::PlusThree);
    assert_eq!(state.to_string(), "+20 -18 +24");
}

#[test]
fn any_whitespace_may_separate_the_amounts() {
    assert_eq!(
        " +20\t-18\n  +24 ".parse::<SumZero>().unwrap().to_string(),
        "+20 -18 +24"
    );
}

#[test]
fn an_amount_without_a_sign_is_refused_at_its_column() {
    assert_eq!(
        parse_error("+20 18"),
        ParseError {
            column: 5,
            kind: ParseErrorKind::NotAnAmount { text: "18".into() }
        }
    );
}

#[test]
fn a_sign_without_digits_is_refused() {
    assert_eq!(parse_error("+20 -").column, 5);
}

#[test]
fn an_amount_that_is_not_a_move_at_its_turn_names_the_turn() {
    assert_eq!(
        parse_error("+20  -19").kind,
        ParseErrorKind::NotAMove {
            amount: -19,
            turn: 9
        }
    );
}

#[test]
fn the_message_lists_the_moves_of_the_turn() {
    assert_eq!(
        parse_error("+20 +30").to_string(),
        "column 5: +30 is not a move at turn 9 (expected +18, -18, +27 or -27)"
    );
}

#[test]
fn an_eleventh_amount_is_refused() {
    let error = parse_error("+20 +18 +16 -14 -12 -10 -8 -6 -6 +2 +1");
    assert_eq!(
        (error.column, error.kind),
        (37, ParseErrorKind::TooManyMoves)
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    assert_eq!(parse_error("+20\u{a0}é").column, 5);
}

#[test]
fn a_long_bad_word_is_echoed_cut_short() {
    let error = parse_error(&"x".repeat(100));
    assert_eq!(
        error.kind,
        ParseErrorKind::NotAnAmount {
            text: "x".repeat(24)
        }
    );
}

#[test]
fn a_number_too_large_for_any_move_is_refused() {
    assert!(matches!(
        parse_error("+99999999999").kind,
        ParseErrorKind::NotAMove { turn: 10, .. }
    ));
}
