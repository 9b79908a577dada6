//! Expectimax on the 56 middle-game boards of `2048 bench` gives, bit for bit, the values, moves
//! and node counts recorded in `tests/fixtures/g2048_expectimax.txt`, which the search before the
//! speed-up of issue 23 wrote (commit 818b88f, with `WRITE_G2048_FIXTURE=1 cargo test --test
//! g2048_expectimax_exact`). A faster search must walk the same tree and add in the same order:
//! the generic search and the one specialised to 2048's boards
//! (`games::g2048::expectimax::PlainExpectimax`) are both held to it.

use searchlab::agents::g2048::{ADAPTIVE_MAX_DEPTH, ADAPTIVE_MIN_DEPTH, SEARCH_LIMITS};
use searchlab::games::g2048::eval::{adaptive_depth, Evaluator};
use searchlab::games::g2048::expectimax::{PlainExpectimax, Settings};
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

/// [`line_of`] by the specialised search (one search object for all, as a player keeps it).
fn plain_line_of(
    search: &mut PlainExpectimax,
    setting: &str,
    position: &G2048,
    cutoff: f64,
    iterative: bool,
) -> String {
    let depth = adaptive_depth(position, ADAPTIVE_MIN_DEPTH, ADAPTIVE_MAX_DEPTH);
    let settings = Settings {
        max_depth: depth,
        first_depth: if iterative { 1 } else { depth },
        min_probability: cutoff,
        max_memory_bytes: SEARCH_LIMITS.max_memory_bytes,
    };
    let decision = search
        .decide(position.board(), settings)
        .expect("the middle-game boards have no tile near 65536");
    let values = decision
        .values
        .map(|v| v.map_or("-".to_string(), |v| format!("{:016x}", v.to_bits())));
    format!(
        "{setting} {:016x} {depth} {} {} {} {} {}",
        position.board().low(),
        decision.best.map_or("none", |d| d.name()),
        values.join(" "),
        decision.expanded,
        decision.generated,
        decision.cache_hits
    )
}

fn observed(generic: bool) -> Vec<String> {
    let positions = middle_game_positions(1);
    let mut plain = PlainExpectimax::new(Evaluator::shared());
    let mut lines = Vec::new();
    for &(name, cutoff, iterative) in &SETTINGS {
        for position in &positions {
            lines.push(if generic {
                line_of(name, position, cutoff, iterative)
            } else {
                plain_line_of(&mut plain, name, position, cutoff, iterative)
            });
        }
    }
    lines
}

fn recorded() -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    let text =
        std::fs::read_to_string(&path).expect("the fixture tests/fixtures/g2048_expectimax.txt");
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 3 * 56, "the fixture has 56 boards per setting");
    lines
}

fn assert_same(got: &[String], want: &[String]) {
    assert_eq!(got.len(), want.len());
    for (number, (got, want)) in got.iter().zip(want).enumerate() {
        assert_eq!(got, want, "fixture line {} differs", number + 2);
    }
}

#[test]
fn the_specialised_search_matches_the_recorded_search_bit_for_bit() {
    assert_same(&observed(false), &recorded());
}

#[test]
fn the_generic_search_matches_the_recorded_search_bit_for_bit() {
    let lines = observed(true);
    if std::env::var_os("WRITE_G2048_FIXTURE").is_some() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
        let header =
            "# setting board depth best up right down left expanded generated cache_hits\n";
        std::fs::write(path, header.to_string() + &lines.join("\n") + "\n").unwrap();
    }
    assert_same(&lines, &recorded());
}
