//! The search specialised to 2048's boards (`games::g2048::expectimax::PlainExpectimax`) in wasm,
//! run by `wasm-pack test --node` on both wasm builds (with `RUSTFLAGS="-C
//! target-feature=+simd128"` its maxima are `f64x2.pmax`, without it `f64::max`): on every board
//! and setting of `tests/fixtures/g2048_expectimax.txt` it gives, bit for bit, the values, move
//! and node counts recorded there, as natively (`g2048_expectimax_exact`).
#![cfg(target_arch = "wasm32")]

use searchlab::agents::g2048::SEARCH_LIMITS;
use searchlab::games::g2048::board::Board;
use searchlab::games::g2048::eval::Evaluator;
use searchlab::games::g2048::expectimax::{PlainExpectimax, Settings};
use wasm_bindgen_test::wasm_bindgen_test;

const FIXTURE: &str = include_str!("fixtures/g2048_expectimax.txt");

/// A fixture setting's cutoff and whether it deepens from depth 1.
fn setting(name: &str) -> (f64, bool) {
    match name {
        "nneonneo-1e-4" => (1e-4, false),
        "play-1e-3" => (1e-3, false),
        "iterative-1e-3" => (1e-3, true),
        _ => panic!("unknown setting {name}"),
    }
}

/// The fixture line of the search on the board, setting and depth that `recorded` starts with.
fn line_of(search: &mut PlainExpectimax, recorded: &str) -> String {
    let words: Vec<&str> = recorded.split(' ').collect();
    let (cutoff, iterative) = setting(words[0]);
    let low = u64::from_str_radix(words[1], 16).expect("a board in hex");
    let depth: u32 = words[2].parse().expect("a depth");
    let settings = Settings {
        max_depth: depth,
        first_depth: if iterative { 1 } else { depth },
        min_probability: cutoff,
        max_memory_bytes: SEARCH_LIMITS.max_memory_bytes,
    };
    let decision = search
        .decide(Board::from_low(low), settings)
        .expect("the middle-game boards have no tile near 65536");
    let values = decision
        .values
        .map(|v| v.map_or("-".to_string(), |v| format!("{:016x}", v.to_bits())));
    format!(
        "{} {low:016x} {depth} {} {} {} {} {}",
        words[0],
        decision.best.map_or("none", |d| d.name()),
        values.join(" "),
        decision.expanded,
        decision.generated,
        decision.cache_hits
    )
}

#[wasm_bindgen_test]
fn the_specialised_search_matches_the_recorded_search_bit_for_bit() {
    let mut search = PlainExpectimax::new(Evaluator::shared());
    let lines: Vec<&str> = FIXTURE.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 3 * 56, "the fixture has 56 boards per setting");
    for (number, recorded) in lines.iter().enumerate() {
        assert_eq!(
            line_of(&mut search, recorded),
            *recorded,
            "fixture line {} differs",
            number + 2
        );
    }
}
