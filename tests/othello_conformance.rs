//! Othello passes the shared conformance checks from the start position, its text form (board
//! and side) and zero-sum returns included.

use searchlab::conformance::{check_game_with, text_round_trip, zero_sum_returns, Walks};
use searchlab::games::othello::Othello;

#[test]
fn othello_passes_the_conformance_checks_with_its_text_form() {
    let walks = Walks {
        seeds: 300,
        max_steps: 200,
    };
    let report = check_game_with(&Othello::start(), walks, |state: &Othello| {
        text_round_trip(state)?;
        zero_sum_returns(state)
    })
    .unwrap_or_else(|violation| panic!("{violation}"));
    assert_eq!(report.finished, 300, "every game ends within 200 plies");
}
