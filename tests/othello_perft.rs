//! Perft from the start position against `shared/othello/perft.txt` (common convention).

use searchlab::games::othello::perft::perft;
use searchlab::games::othello::Board;

const PERFT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/othello/perft.txt");

/// (depth, common leaf count) rows of perft.txt.
fn reference() -> Vec<(u32, u64)> {
    let text = std::fs::read_to_string(PERFT)
        .unwrap_or_else(|error| panic!("cannot read {PERFT}: {error}"));
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (fields[0].parse().unwrap(), fields[1].parse().unwrap())
        })
        .collect()
}

#[test]
fn perft_matches_the_common_table_to_depth_9() {
    let rows = reference();
    assert!(rows.len() >= 9, "perft.txt has {} rows", rows.len());
    for (depth, leaves) in rows.into_iter().filter(|&(depth, _)| depth <= 9) {
        assert_eq!(perft(Board::start(), depth), leaves, "depth {depth}");
    }
}

#[test]
fn perft_depth_0_is_one_leaf() {
    assert_eq!(perft(Board::start(), 0), 1);
}
