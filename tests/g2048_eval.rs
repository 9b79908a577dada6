//! The 2048 heuristic: table lookups equal the formula, lost positions rank last, and the terms
//! point the right way.

use searchlab::games::g2048::board::{Board, Direction};
use searchlab::games::g2048::eval::{adaptive_depth, distinct_tiles, Evaluator, Weights};
use searchlab::games::g2048::text::parse_board;
use searchlab::games::g2048::G2048;
use searchlab::rng::Rng;

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

#[test]
fn lost_positions_rank_below_live_ones() {
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
    let mut rng = Rng::new(4);
    for _ in 0..2000 {
        let cells = std::array::from_fn(|_| rng.below(16) as u8);
        let b = Board::from_exponents(cells).unwrap();
        assert!(evaluator.board_value(b) > evaluator.loss_value());
    }
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
