//! Expectimax on the 56 middle-game boards of `2048 bench` gives, bit for bit, the values, moves
//! and node counts recorded in `tests/fixtures/g2048_expectimax.txt`, which the search before the
//! speed-up of issue 23 wrote (commit 818b88f, with `WRITE_G2048_FIXTURE=1 cargo test --test
//! g2048_expectimax_exact`). A faster search must walk the same tree and add in the same order.

use searchlab::agents::g2048::{ADAPTIVE_MAX_DEPTH, ADAPTIVE_MIN_DEPTH, SEARCH_LIMITS};
use searchlab::games::g2048::eval::{adaptive_depth, Evaluator};
use searchlab::games::g2048::{Action, G2048};
use searchlab::search::expectimax::{Config, Expectimax};
use searchlab::search::Search;
use searchlab::speed::g2048::middle_game_positions;

const FIXTURE: &str = "tests/fixtures/g2048_expectimax.txt";

/// The settings recorded: (name, cutoff, iterative deepening from depth 1).
const SETTINGS: [(&str, f64, bool); 3] = [
    ("nneonneo-1e-4", 1e-4, false),
    ("play-1e-3", 1e-3, false),
    ("iterative-1e-3", 1e-3, true),
];

/// One fixture line: the setting, the board (nneonneo's `board_t` in hex), the depth, the move
/// chosen, each move's value as the bits of its `f64` (`-` for an illegal move), and the counts.
fn line_of(setting: &str, position: &G2048, cutoff: f64, iterative: bool) -> String {
    let evaluator = Evaluator::shared();
    let depth = adaptive_depth(position, ADAPTIVE_MIN_DEPTH, ADAPTIVE_MAX_DEPTH);
    let config = Config {
        max_depth: depth,
        first_depth: if iterative { 1 } else { depth },
        min_probability: cutoff,
        limits: SEARCH_LIMITS,
        ..Config::default()
    };
    let mut search =
        Expectimax::new(*position, |g: &G2048| evaluator.value(g), config).with_key(G2048::key);
    while !search.step(u64::MAX).is_finished() {}
    let mut values = ["-".to_string(), "-".into(), "-".into(), "-".into()];
    for &(action, value) in search.root_values() {
        if let Action::Move(direction) = action {
            values[direction as usize] = format!("{:016x}", value.to_bits());
        }
    }
    let best = match search.best_action() {
        Some(Action::Move(direction)) => direction.name(),
        _ => "none",
    };
    let stats = search.stats();
    format!(
        "{setting} {:016x} {depth} {best} {} {} {} {}",
        position.board().low(),
        values.join(" "),
        stats.expanded,
        stats.generated,
        search.cache_hits()
    )
}

fn observed() -> Vec<String> {
    let positions = middle_game_positions(1);
    SETTINGS
        .iter()
        .flat_map(|&(name, cutoff, iterative)| {
            positions
                .iter()
                .map(move |p| line_of(name, p, cutoff, iterative))
        })
        .collect()
}

#[test]
fn expectimax_matches_the_recorded_search_bit_for_bit() {
    let lines = observed();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    if std::env::var_os("WRITE_G2048_FIXTURE").is_some() {
        let header =
            "# setting board depth best up right down left expanded generated cache_hits\n";
        std::fs::write(&path, header.to_string() + &lines.join("\n") + "\n").unwrap();
    }
    let text =
        std::fs::read_to_string(&path).expect("the fixture tests/fixtures/g2048_expectimax.txt");
    let recorded: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(
        recorded.len(),
        3 * 56,
        "the fixture has 56 boards per setting"
    );
    for (number, (got, want)) in lines.iter().zip(&recorded).enumerate() {
        assert_eq!(got, want, "fixture line {} differs", number + 2);
    }
}
