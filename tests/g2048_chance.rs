//! 2048 spawns, scores and tiles: chance outcomes, sampled spawn frequencies, the score
//! identities, the action numbering, and tiles past 32768.

use searchlab::game::{Game, Turn};
use searchlab::games::g2048::board::{Board, Direction};
use searchlab::games::g2048::text::{format_board, parse_board};
use searchlab::games::g2048::{Action, G2048};
use searchlab::rng::Rng;

fn board(text: &str) -> Board {
    parse_board(text).unwrap_or_else(|e| panic!("bad test board: {e}\n{text}"))
}

#[test]
fn chance_outcomes_cover_empty_cells_and_sum_to_one() {
    let game = G2048::start();
    assert_eq!(game.turn(), Turn::Chance);
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 32);
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");

    let mut game = G2048::from_board(
        board(
            "2 . 4 .
             8 8 8 8
             2 4 2 4
             4 2 4 2",
        ),
        0,
    );
    game.try_move(Direction::Left).unwrap();
    // Row 0 became "2 4 . .", row 1 "16 16 . ."; empties: cells 2, 3, 6, 7.
    game.chance_outcomes(&mut outcomes);
    let cells: Vec<u8> = outcomes
        .iter()
        .map(|&(a, _)| match a {
            Action::Spawn { cell, .. } => cell,
            Action::Move(_) => panic!("a move among chance outcomes"),
        })
        .collect();
    assert_eq!(cells, vec![2, 2, 3, 3, 6, 6, 7, 7]);
    for &(action, p) in &outcomes {
        let four = matches!(action, Action::Spawn { four: true, .. });
        let expected = if four { 0.1 / 4.0 } else { 0.9 / 4.0 };
        assert!((p - expected).abs() < 1e-15, "{action:?} {p}");
    }
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    assert!(actions.is_empty(), "no player move at a chance node");
}

#[test]
fn sampled_spawns_follow_the_outcome_probabilities() {
    // Five empty cells: ten outcomes. A chi-square statistic over 200,000 seeded draws; with
    // nine degrees of freedom, 40 is far in the tail (p < 1e-5), and a wrong split (say 0.8/0.2
    // or a cell never chosen) gives thousands.
    let mut game = G2048::from_board(
        board(
            "2 4 2 4
             4 2 4 2
             2 4 . .
             . . . 2",
        ),
        0,
    );
    game.try_move(Direction::Right).unwrap();
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 10);
    let draws = 200_000;
    let mut counts = vec![0u64; outcomes.len()];
    let mut rng = Rng::new(2048);
    for _ in 0..draws {
        let spawn = game.sample_spawn(&mut rng).unwrap();
        let i = outcomes.iter().position(|&(a, _)| a == spawn).unwrap();
        counts[i] += 1;
    }
    let chi2: f64 = outcomes
        .iter()
        .zip(&counts)
        .map(|(&(_, p), &n)| {
            let expected = p * draws as f64;
            (n as f64 - expected).powi(2) / expected
        })
        .sum();
    assert!(chi2 < 40.0, "chi-square {chi2}, counts {counts:?}");
}

#[test]
fn spawn_draws_value_first_then_cell_column_by_column() {
    // After the move right the empty cells are 0, 1 (row 0) and 4 (row 1, column 0). Scanning
    // column by column lists them as 0, 4, 1.
    let game = {
        let mut g = G2048::from_board(
            board(
                "4 8 . .
                 8 2 4 .
                 4 2 8 2
                 2 4 2 4",
            ),
            0,
        );
        g.try_move(Direction::Right).unwrap();
        g
    };
    for seed in 0..50 {
        let mut rng = Rng::new(seed);
        let spawn = game.sample_spawn(&mut rng).unwrap();
        let mut replay = Rng::new(seed);
        let four = replay.next_f64() >= 0.9;
        let column_major = [0u8, 4, 1];
        let cell = column_major[replay.index(3)];
        assert_eq!(spawn, Action::Spawn { cell, four }, "seed {seed}");
    }
}

#[test]
fn the_start_draws_two_tiles_as_chance_outcomes() {
    let mut rng = Rng::new(5);
    let game = G2048::new_game(&mut rng);
    assert_eq!(game.turn(), Turn::Player(0));
    assert_eq!(game.board().empty_count(), 14);
    assert_eq!(game.score(), 0);
    let mut replay = Rng::new(5);
    let mut by_hand = G2048::start();
    for _ in 0..2 {
        let spawn = by_hand.sample_spawn(&mut replay).unwrap();
        by_hand.try_apply(spawn).unwrap();
    }
    assert_eq!(by_hand, game);
}

#[test]
fn score_is_the_sum_of_merges_and_matches_the_tile_identity() {
    for seed in 0..30 {
        let mut rng = Rng::new(seed);
        let mut game = G2048::start();
        let mut fours_spawned = 0u64;
        let mut gains = 0u64;
        let mut actions = Vec::new();
        loop {
            match game.turn() {
                Turn::Chance => {
                    let spawn = game.sample_spawn(&mut rng).unwrap();
                    if let Action::Spawn { four: true, .. } = spawn {
                        fours_spawned += 1;
                    }
                    let before = game.board().tile_sum();
                    game.try_apply(spawn).unwrap();
                    let added = game.board().tile_sum() - before;
                    assert!(added == 2 || added == 4);
                }
                Turn::Player(_) => {
                    game.legal_actions(&mut actions);
                    assert!(!actions.is_empty());
                    let Action::Move(direction) = actions[rng.index(actions.len())] else {
                        panic!("a spawn among legal moves");
                    };
                    let before = game.board().tile_sum();
                    gains += game.try_move(direction).unwrap();
                    assert_eq!(game.board().tile_sum(), before, "moves keep the tile sum");
                }
                Turn::Terminal => break,
            }
            assert_eq!(game.score(), gains);
            assert_eq!(game.returns(0), gains as f64);
            let identity: u64 = (0..16)
                .map(|cell| match game.board().exponent(cell) {
                    0 => 0,
                    e => (u64::from(e) - 1) << e,
                })
                .sum();
            assert_eq!(game.score(), identity - 4 * fours_spawned, "seed {seed}");
        }
    }
}

#[test]
fn action_indices_are_dense_and_round_trip() {
    assert_eq!(G2048::NUM_DISTINCT_ACTIONS, 36);
    for index in 0..36 {
        let action = G2048::action_from_index(index).unwrap();
        assert_eq!(G2048::action_index(action), index);
    }
    assert_eq!(G2048::action_from_index(36), None);
    assert_eq!(
        [0, 1, 2, 3].map(|i| G2048::action_from_index(i).unwrap()),
        Direction::ALL.map(Action::Move)
    );
    assert_eq!(
        Direction::ALL.map(|d| d.name()),
        ["up", "right", "down", "left"]
    );
    assert_eq!(
        G2048::action_index(Action::Spawn {
            cell: 5,
            four: true
        }),
        4 + 2 * 5 + 1
    );
}

#[test]
fn tiles_past_32768_are_kept_exactly() {
    let mut game = G2048::from_board(
        board(
            "32768 32768 16384 16384
                 2     4     8    16
                 4     8    16    32
                 8    16    32    64",
        ),
        1_000_000,
    );
    assert_eq!(game.try_move(Direction::Left), Ok(65536 + 32768));
    assert_eq!(game.board().tile(0), 65536);
    assert_eq!(game.board().tile(1), 32768);
    assert_eq!(game.board().max_tile(), 65536);
    assert_eq!(game.board().empty_count(), 2, "65536 is not an empty cell");
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert!(outcomes
        .iter()
        .all(|&(a, _)| matches!(a, Action::Spawn { cell: 2 | 3, .. })));
    let text = format_board(game.board());
    assert!(text.starts_with("65536 32768     .     ."), "{text}");
    assert_eq!(parse_board(&text), Ok(game.board()));

    // Two 65536s make 131072, by the cell-by-cell path.
    let big = board(
        "65536 65536 . .
         .     .     . .
         .     .     . .
         .     .     . 2",
    );
    let (moved, gain) = big.slide(Direction::Right);
    assert_eq!(gain, 131072);
    assert_eq!(moved, board(". . . 131072\n. . . .\n. . . .\n. . . 2"));
    assert!(moved.can_move());
    let stuck = board(
        "131072 65536 131072 65536
         65536 131072 65536 131072
         2 4 2 4
         4 2 4 2",
    );
    assert!(!stuck.can_move());
    assert_eq!(stuck.empty_count(), 0);
    let column = board(
        "65536 2 4 2
         65536 4 2 4
         2 2048 4 2
         4 2 8 4",
    );
    assert!(column.can_move(), "two 65536s in a column merge");
    assert_eq!(column.slide(Direction::Up).1, 131072);
}

#[test]
fn sample_chance_picks_the_outcome_whose_slice_holds_r() {
    // The arithmetic draw must agree with laying the listed outcomes end to end on [0, 1):
    // searches rely on it to draw spawns without building the list.
    let mut rng = Rng::new(7);
    let mut game = G2048::start();
    let mut outcomes = Vec::new();
    let mut scratch = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..300 {
        if game.turn() == Turn::Chance {
            game.chance_outcomes(&mut outcomes);
            for _ in 0..50 {
                let r = rng.next_f64();
                let mut rest = r;
                let mut walked = outcomes.last().unwrap().0;
                for &(outcome, p) in &outcomes {
                    if rest < p {
                        walked = outcome;
                        break;
                    }
                    rest -= p;
                }
                assert_eq!(game.sample_chance(r, &mut scratch), Some(walked), "r = {r}");
            }
            let spawn = game.sample_chance(rng.next_f64(), &mut scratch).unwrap();
            game.apply(spawn);
        } else {
            game.legal_actions(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.apply(moves[rng.index(moves.len())]);
        }
    }
    assert_eq!(
        game.sample_chance(0.5, &mut scratch).is_some(),
        game.turn() == Turn::Chance
    );
}
