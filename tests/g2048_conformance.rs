//! 2048 passes the shared conformance checks from the empty start (both starting tiles as
//! chance outcomes), from a seeded start and from mid-game positions, its text form (the board,
//! the score and the spawns due: what the worker receives) reading back to every state.

use searchlab::conformance::{check_game_with, text_round_trip, Report, Walks};
use searchlab::games::g2048::text::parse_board;
use searchlab::games::g2048::G2048;
use searchlab::rng::Rng;

const WALKS: Walks = Walks {
    seeds: 40,
    max_steps: 4_000,
};

fn check(start: &G2048) -> Report {
    check_game_with(start, WALKS, text_round_trip).unwrap_or_else(|violation| panic!("{violation}"))
}

/// The player to move on the board drawn by `rows`, with `score`.
fn position(rows: &str, score: u64) -> G2048 {
    G2048::from_board(parse_board(rows).expect("a board picture"), score)
}

#[test]
fn the_empty_start_passes_and_every_walk_ends() {
    assert_eq!(check(&G2048::start()).finished, WALKS.seeds);
}

#[test]
fn a_seeded_start_passes() {
    assert_eq!(
        check(&G2048::new_game(&mut Rng::new(2048))).finished,
        WALKS.seeds
    );
}

#[test]
fn mid_game_positions_pass() {
    let positions = [
        position("2 . . 4\n. 16 . .\n. . . .\n2048 . . 2", 20_000),
        position(
            "2 4 8 16\n32 64 128 256\n512 1024 2048 4096\n8192 . . 2",
            100_000,
        ),
        position("65536 32768 . .\n4 . . .\n. . . .\n. . . 2", 1_000_000),
    ];
    for start in positions {
        assert_eq!(check(&start).finished, WALKS.seeds, "{start:?}");
    }
}

#[test]
fn a_finished_game_passes_as_a_terminal_state() {
    let over = position("2 4 2 4\n4 2 4 2\n2 4 2 4\n4 2 4 2", 0);
    assert_eq!(check(&over).longest, 0);
}
