//! Sum to zero passes the shared conformance checks, its text form included.

use searchlab::conformance::{check_game_with, text_round_trip, Walks};
use searchlab::games::sumzero::SumZero;

#[test]
fn sum_to_zero_passes_the_conformance_checks_with_its_text_form() {
    let walks = Walks {
        seeds: 200,
        max_steps: 20,
    };
    let report = check_game_with(&SumZero::start(), walks, text_round_trip)
        .unwrap_or_else(|violation| panic!("{violation}"));
    assert_eq!((report.finished, report.longest), (200, 10));
}
