//! The 2048 heuristic: table lookups equal the formula, the default weights are nneonneo's line
//! for line, lost positions rank below played ones, and the terms point the right way.

use searchlab::game::Game;
use searchlab::games::g2048::board::{Board, Direction};
use searchlab::games::g2048::eval::{adaptive_depth, distinct_tiles, Evaluator, Weights};
use searchlab::games::g2048::text::parse_board;
use searchlab::games::g2048::G2048;
use searchlab::rng::Rng;
use searchlab::search::expectimax::{Config, Expectimax};
use searchlab::search::Search;

fn board(text: &str) -> Board {
    parse_board(text).unwrap()
}

/// The formula summed over rows and columns, without the table.
fn by_formula(weights: &Weights, b: Board) -> f64 {
    let e = b.exponents();
    (0..4)
        .map(|i| {
            weights.line_value(std::array::from_fn(|j| e[i * 4 + j]))
                + weights.line_value(std::array::from_fn(|j| e[j * 4 + i]))
        })
        .sum()
}

#[test]
fn table_lookups_match_the_formula() {
    let evaluator = Evaluator::shared();
    let mut rng = Rng::new(17);
    for _ in 0..5000 {
        let cells = std::array::from_fn(|_| match rng.below(3) {
            0 => 0,
            _ => 1 + rng.below(17) as u8,
        });
        let b = Board::from_exponents(cells).unwrap();
        let exact = by_formula(evaluator.weights(), b);
        let looked_up = evaluator.board_value(b);
        // The table holds f32s.
        assert!(
            (exact - looked_up).abs() <= 1e-6 * exact.abs().max(1.0),
            "{exact} vs {looked_up}"
        );
    }
}

/// nneonneo's line score ("2048-ai", `2048.cpp`, `init_tables`) transcribed loop for loop, less
/// his constant `SCORE_LOST_PENALTY` per line.
fn nneonneo_line(line: [u8; 4]) -> f64 {
    let (mut sum, mut empty, mut merges) = (0.0f64, 0u32, 0u32);
    let (mut prev, mut counter) = (0u8, 0u32);
    for &rank in &line {
        sum += f64::from(rank).powf(3.5);
        if rank == 0 {
            empty += 1;
        } else {
            if prev == rank {
                counter += 1;
            } else if counter > 0 {
                merges += 1 + counter;
                counter = 0;
            }
            prev = rank;
        }
    }
    if counter > 0 {
        merges += 1 + counter;
    }
    let (mut left, mut right) = (0.0f64, 0.0f64);
    for i in 1..4 {
        let (a, b) = (f64::from(line[i - 1]).powi(4), f64::from(line[i]).powi(4));
        if line[i - 1] > line[i] {
            left += a - b;
        } else {
            right += b - a;
        }
    }
    270.0 * f64::from(empty) + 700.0 * f64::from(merges) - 47.0 * left.min(right) - 11.0 * sum
}

#[test]
fn default_weights_score_every_line_as_nneonneo_does() {
    let weights = Weights::default();
    for row in 0..=u16::MAX {
        let line = [0, 4, 8, 12].map(|s| ((row >> s) & 0xF) as u8);
        let (ours, his) = (weights.line_value(line), nneonneo_line(line));
        assert!(
            (ours - his).abs() <= 1e-9 * his.abs().max(1.0),
            "{line:?}: {ours} vs {his}"
        );
    }
    // A run of three equal tiles counts three merges, two separate pairs four.
    let merges_of = |line| {
        weights.line_value(line)
            - Weights {
                merges: 0.0,
                ..weights
            }
            .line_value(line)
    };
    assert_eq!(merges_of([2, 2, 2, 0]), 3.0 * 700.0);
    assert_eq!(merges_of([1, 1, 3, 3]), 4.0 * 700.0);
    assert_eq!(merges_of([1, 0, 1, 2]), 2.0 * 700.0);
    assert_eq!(Evaluator::shared().loss_value(), -8.0 * 200_000.0);
}

#[test]
fn lost_positions_rank_below_the_positions_of_a_played_game() {
    let evaluator = Evaluator::shared();
    let lost = G2048::from_board(
        board(
            "2 4 2 4
             4 2 4 2
             2 4 2 4
             4 2 4 2",
        ),
        0,
    );
    assert_eq!(evaluator.value(&lost), evaluator.loss_value());
    // Every position of a seeded depth-2 expectimax game (to 1024 or beyond) ranks above a loss,
    // and so do boards crowded with big tiles in a good order.
    let mut rng = Rng::new(4);
    let mut game = G2048::new_game(&mut rng);
    let config = Config {
        max_depth: 2,
        ..Config::default()
    };
    let mut search = Expectimax::new(game, |g: &G2048| evaluator.value(g), config);
    let mut moves = 0;
    while !game.is_terminal() {
        assert!(evaluator.value(&game) > evaluator.loss_value(), "{game:?}");
        search.restart(game, config);
        while !search.step(u64::MAX).is_finished() {}
        game.apply(search.best_action().unwrap());
        game.spawn_random(&mut rng);
        moves += 1;
    }
    assert!(
        moves > 500,
        "the game is long enough to matter ({moves} moves)"
    );
    let crowded = board(
        "16384 8192 4096 2048
           128  256  512 1024
            64   32   16    8
             2    4    2    4",
    );
    assert!(evaluator.board_value(crowded) > evaluator.loss_value());
}

#[test]
fn terms_prefer_ordered_open_boards() {
    let evaluator = Evaluator::shared();
    let ordered = board(
        "1024 256 64 16
          512 128 32  8
            . .    .  .
            . .    .  .",
    );
    let scrambled = board(
        "16 1024 8 256
         128  64 512 32
           .   .   .  .
           .   .   .  .",
    );
    assert!(evaluator.board_value(ordered) > evaluator.board_value(scrambled));
    let open = board("2 . . .\n. . . .\n. . . .\n. . . .");
    let crowded = board("2 4 2 4\n4 2 4 2\n2 4 2 4\n. . . .");
    assert!(evaluator.board_value(open) > evaluator.board_value(crowded));
    // Merging two 512s is better than keeping them apart.
    let apart = board("512 512 . .\n. . . .\n. . . .\n. . . .");
    let (merged, _) = apart.slide(Direction::Left);
    assert!(evaluator.board_value(merged) > evaluator.board_value(apart));
}

#[test]
fn adaptive_depth_grows_with_distinct_tiles_within_bounds() {
    let opening = G2048::from_board(board("2 . . .\n. . . .\n. . . .\n. . . 4"), 0);
    assert_eq!(distinct_tiles(opening.board()), 2);
    assert_eq!(adaptive_depth(&opening, 2, 4), 2);
    let late = G2048::from_board(
        board(
            "2 4 8 16
             32 64 128 256
             512 1024 2048 4096
             . . . .",
        ),
        0,
    );
    assert_eq!(distinct_tiles(late.board()), 12);
    assert_eq!(adaptive_depth(&late, 2, 4), 4);
    assert_eq!(adaptive_depth(&late, 2, 6), 6);
}
