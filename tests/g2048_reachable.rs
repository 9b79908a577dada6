//! The bounds of `games::g2048::reachable` hold in real games and are tight where the rules
//! say so: a game made of 2s scores exactly the most its tiles allow, one of 4s the least;
//! every position of played games passes `EpisodeSnapshot::reachable_board`; the largest board
//! a game can reach passes and one tile more does not.

use searchlab::agents::g2048::{AgentSpec, Algorithm, Episode};
use searchlab::game::{Game, Turn};
use searchlab::games::g2048::board::Board;
use searchlab::games::g2048::reachable::{
    board_flaw, score_range, score_range_for_max_tile, tile_sum_range,
};
use searchlab::games::g2048::{Action, G2048};
use searchlab::rng::Rng;

/// Plays random moves from the start, every spawn a 4 if `four`, checking the bounds after
/// each move; returns the last position.
fn play_with_spawns(four: bool, seed: u64) -> G2048 {
    let mut rng = Rng::new(seed);
    let mut game = G2048::start();
    let mut moves = 0u64;
    loop {
        match game.turn() {
            Turn::Terminal => return game,
            Turn::Chance => {
                let empty: Vec<u8> = (0..16u8)
                    .filter(|&c| game.board().exponent(usize::from(c)) == 0)
                    .collect();
                let cell = empty[rng.index(empty.len())];
                game.apply(Action::Spawn { cell, four });
                if game.turn() != Turn::Chance {
                    let board = game.board();
                    assert_eq!(board_flaw(board), None, "{board:?}");
                    let scores = score_range(board);
                    let expected = if four { scores.start() } else { scores.end() };
                    assert_eq!(game.score(), *expected, "{board:?}");
                    let sum = u128::from(board.tile_sum());
                    assert!(tile_sum_range(moves).contains(&sum), "{moves} moves, {sum}");
                    let max = score_range_for_max_tile(board.max_exponent());
                    assert!(max.contains(&game.score()), "{board:?}");
                }
            }
            Turn::Player(_) => {
                let mut actions = Vec::new();
                game.legal_actions(&mut actions);
                game.apply(actions[rng.index(actions.len())]);
                moves += 1;
            }
        }
    }
}

#[test]
fn a_game_of_twos_scores_the_most_its_tiles_allow_and_one_of_fours_the_least() {
    for seed in 0..20 {
        let end = play_with_spawns(false, seed);
        assert!(end.board().max_tile() >= 32);
        play_with_spawns(true, seed);
    }
}

#[test]
fn every_snapshot_of_played_games_is_a_position_a_game_can_reach() {
    let games = [Algorithm::Greedy, Algorithm::Random, Algorithm::Greedy];
    for (seed, algo) in games.into_iter().enumerate() {
        let spec = AgentSpec {
            algo,
            ..AgentSpec::default()
        };
        let mut episode = Episode::new(spec, seed as u64 + 1, 1).unwrap();
        while episode.step(1) {
            let snapshot = episode.snapshot().unwrap();
            assert_eq!(snapshot.reachable_board().unwrap(), episode.game().board());
        }
        let game = episode.game();
        let range = score_range_for_max_tile(game.board().max_exponent());
        assert!(range.contains(&game.score()), "{algo:?} {}", game.score());
    }
}

#[test]
fn the_fullest_board_is_reachable_and_no_board_beyond_it() {
    let fullest: [u8; 16] = std::array::from_fn(|i| 17 - i as u8);
    let board = Board::from_exponents(fullest).unwrap();
    assert_eq!(board_flaw(board), None);
    assert_eq!(board.tile_sum(), (1 << 18) - 4);
    assert_eq!(*score_range(board).end(), 3_932_164);

    let mut two_tops = fullest;
    two_tops[1] = 17;
    let flaw = board_flaw(Board::from_exponents(two_tops).unwrap()).unwrap();
    assert!(flaw.contains("131072 as its tile number 2"), "{flaw}");
    for flawed in [
        [0; 16],
        [17; 16],
        [18, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ] {
        assert!(board_flaw(Board::from_exponents(flawed).unwrap()).is_some());
    }
    let mut lonely = [0; 16];
    lonely[5] = 1;
    assert!(board_flaw(Board::from_exponents(lonely).unwrap()).is_some());
}

#[test]
fn the_score_a_largest_tile_allows() {
    assert_eq!(score_range_for_max_tile(1), 0..=0);
    assert_eq!(score_range_for_max_tile(2), 0..=4 + 15 * 4);
    assert_eq!(score_range_for_max_tile(11), 9 * 2048..=159_748);
    assert_eq!(score_range_for_max_tile(17), 15 * 131_072..=3_932_164);
}
