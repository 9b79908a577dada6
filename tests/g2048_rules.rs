//! 2048 rules drawn as boards: merges in every direction, scoring, legality, game over, spawns.

use searchlab::game::{Game, Turn};
use searchlab::games::g2048::board::{nth_set_bit, plain_slides, Board, Direction};
use searchlab::games::g2048::text::{format_board, parse_board};
use searchlab::games::g2048::{Action, G2048};
use searchlab::rng::Rng;

fn board(text: &str) -> Board {
    parse_board(text).unwrap_or_else(|e| panic!("bad test board: {e}\n{text}"))
}

/// A board holding `line` (left to right) in row 1, seen so that `direction` slides it towards
/// the line's start: the line is rotated into the right row or column.
fn line_board(line: [u64; 4], direction: Direction) -> Board {
    let mut cells = [[0u64; 4]; 4];
    for (i, &v) in line.iter().enumerate() {
        let (r, c) = match direction {
            Direction::Left => (1, i),
            Direction::Right => (1, 3 - i),
            Direction::Up => (i, 1),
            Direction::Down => (3 - i, 1),
        };
        cells[r][c] = v;
    }
    let text: String = cells
        .iter()
        .map(|row| row.iter().map(|v| format!("{v} ")).collect::<String>() + "\n")
        .collect();
    board(&text)
}

/// The original's examples (RULES.md), as left moves: before, after, score gained.
const MERGE_CASES: [([u64; 4], [u64; 4], u64); 7] = [
    ([2, 2, 2, 2], [4, 4, 0, 0], 8),
    ([2, 2, 2, 0], [4, 2, 0, 0], 4),
    ([4, 2, 2, 0], [4, 4, 0, 0], 4),
    ([2, 2, 4, 4], [4, 8, 0, 0], 12),
    ([8, 0, 0, 8], [16, 0, 0, 0], 16),
    ([0, 0, 0, 2], [2, 0, 0, 0], 0),
    ([2, 4, 8, 16], [2, 4, 8, 16], 0),
];

#[test]
fn every_merge_case_in_every_direction() {
    for direction in Direction::ALL {
        for (before, after, gain) in MERGE_CASES {
            let (moved, got) = line_board(before, direction).slide(direction);
            assert_eq!(
                moved,
                line_board(after, direction),
                "{before:?} {direction:?}:\n{}",
                format_board(moved)
            );
            assert_eq!(got, gain, "{before:?} {direction:?}");
            let by_cells = line_board(before, direction).slide_by_cells(direction);
            assert_eq!(by_cells, (moved, gain));
        }
    }
}

#[test]
fn whole_board_left_and_up() {
    let start = board(
        "2 2 2 2
         4 . 4 8
         . . . .
         2 4 8 16",
    );
    assert_eq!(
        start.slide(Direction::Left),
        (
            board(
                "4 4 . .
                 8 8 . .
                 . . . .
                 2 4 8 16"
            ),
            16
        )
    );
    assert_eq!(
        start.slide(Direction::Up),
        (
            board(
                "2 2 2  2
                 4 4 4  8
                 2 . 8 16
                 . . .  ."
            ),
            0
        )
    );
    assert_eq!(
        start.slide(Direction::Down),
        (
            board(
                ".  . .  .
                 2  . 2  2
                 4  2 4  8
                 2  4 8 16"
            ),
            0
        )
    );
}

#[test]
fn tables_agree_with_cell_by_cell_rules_on_random_boards() {
    let mut rng = Rng::new(11);
    for _ in 0..20_000 {
        let cells = std::array::from_fn(|_| match rng.below(3) {
            0 => 0,
            _ => 1 + rng.below(15) as u8,
        });
        let b = Board::from_exponents(cells).unwrap();
        for direction in Direction::ALL {
            assert_eq!(b.slide(direction), b.slide_by_cells(direction), "{b:?}");
        }
    }
}

#[test]
fn plain_slides_agree_with_cell_by_cell_rules_below_65536() {
    // Tiles up to 16384, so no two 32768s can merge (the case plain_slides leaves out).
    let mut rng = Rng::new(13);
    for _ in 0..20_000 {
        let cells = std::array::from_fn(|_| match rng.below(3) {
            0 => 0,
            _ => 1 + rng.below(14) as u8,
        });
        let b = Board::from_exponents(cells).unwrap();
        let slides = plain_slides(b.low());
        for direction in Direction::ALL {
            let (moved, _) = b.slide_by_cells(direction);
            assert_eq!(
                slides[direction as usize],
                moved.low(),
                "{b:?} {direction:?}"
            );
        }
    }
}

#[test]
fn moving_directions_agree_with_slides_on_random_boards() {
    let mut rng = Rng::new(12);
    let mut seen = [0u32; 16];
    for i in 0..40_000 {
        // Few empty cells and few distinct tiles, so that blocked directions are common; every
        // fourth board has tiles of 65536 and up (the per-cell path).
        let largest = if i % 4 == 0 { 20 } else { 4 };
        let cells = std::array::from_fn(|_| match rng.below(10) {
            0 => 0,
            _ => 1 + rng.below(largest) as u8,
        });
        let b = Board::from_exponents(cells).unwrap();
        let by_slides = Direction::ALL
            .iter()
            .filter(|&&d| b.slide(d).0 != b)
            .fold(0, |mask, &d| mask | 1 << d as u8);
        assert_eq!(b.moving_directions(), by_slides, "{b:?}");
        seen[usize::from(by_slides)] += 1;
    }
    for direction in Direction::ALL {
        let (open, blocked): (Vec<_>, Vec<_>) =
            (0..16).partition(|&mask| mask >> direction as u8 & 1 == 1);
        let count = |masks: Vec<usize>| masks.iter().map(|&m| seen[m]).sum::<u32>();
        assert!(
            count(open) > 0 && count(blocked) > 0,
            "{direction:?}: {seen:?}"
        );
    }
}

#[test]
fn empty_masks_mark_exactly_the_empty_cells() {
    let mut rng = Rng::new(13);
    for _ in 0..20_000 {
        let cells: [u8; 16] = std::array::from_fn(|_| match rng.below(2) {
            0 => 0,
            _ => 1 + rng.below(20) as u8,
        });
        let b = Board::from_exponents(cells).unwrap();
        let expected = (0..16).fold(0u16, |mask, c| mask | u16::from(cells[c] == 0) << c);
        assert_eq!(b.empty_mask(), expected, "{cells:?}");
    }
}

#[test]
fn nth_set_bit_counts_from_the_lowest() {
    for mask in 0..=u16::MAX {
        let bits: Vec<u8> = (0..16).filter(|&b| mask >> b & 1 == 1).collect();
        for rank in 0..=16 {
            assert_eq!(
                nth_set_bit(mask, rank),
                bits.get(rank as usize).copied(),
                "{mask:#06x} {rank}"
            );
        }
    }
}

#[test]
fn illegal_moves_are_rejected_and_change_nothing() {
    let mut game = G2048::from_board(
        board(
            "2 4 . .
             . . . .
             . . . .
             . . . .",
        ),
        12,
    );
    let before = game;
    let error = game.try_move(Direction::Left).unwrap_err();
    assert_eq!(error.index, Direction::Left as u32);
    assert!(error.reason.contains("left"), "{}", error.reason);
    assert!(game.try_move(Direction::Up).is_err());
    assert_eq!(game, before);
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert_eq!(
        legal,
        vec![
            Action::Move(Direction::Right),
            Action::Move(Direction::Down)
        ]
    );
    assert_eq!(game.try_move(Direction::Right), Ok(0));
    assert_eq!(game.turn(), Turn::Chance);
    assert!(
        game.try_move(Direction::Left).is_err(),
        "a spawn is due first"
    );
    let occupied = Action::Spawn {
        cell: 3,
        four: false,
    };
    assert!(game.try_apply(occupied).is_err(), "cell 3 holds the 4");
}

#[test]
fn game_over_only_when_no_move_changes_the_board() {
    let stuck = board(
        "2 4 2 4
         4 2 4 2
         2 4 2 4
         4 2 4 2",
    );
    assert!(!stuck.can_move());
    assert_eq!(G2048::from_board(stuck, 0).turn(), Turn::Terminal);
    for (text, why) in [
        (
            "2 4 2 4\n4 2 4 2\n2 4 2 4\n4 2 4 4",
            "equal neighbours in a row",
        ),
        (
            "2 4 2 4\n4 2 4 2\n2 4 2 4\n4 2 4 4",
            "equal neighbours in a column",
        ),
        ("2 4 2 4\n4 2 4 2\n2 4 2 4\n4 2 4 .", "an empty cell"),
        (
            "2 4 2 4\n4 2 4 2\n2 4 2 2\n4 2 4 8",
            "equal neighbours at the right edge",
        ),
        (
            "2 4 2 4\n4 2 4 2\n2 4 2 8\n4 2 4 8",
            "equal neighbours in the last column",
        ),
    ] {
        let b = board(text);
        assert!(b.can_move(), "{why}");
        assert_eq!(G2048::from_board(b, 0).turn(), Turn::Player(0), "{why}");
    }
    // Game over is decided after the spawn that fills the last cell: the last row becomes
    // "8 4 2 _": a 2 in the gap meets the 2 beside it, a 4 (under an 8) meets nothing.
    let fill_last_cell = |four: bool| {
        let mut game = G2048::from_board(
            board(
                "2 4 2 4
                 4 2 8 2
                 2 8 4 8
                 . 8 4 2",
            ),
            0,
        );
        game.try_move(Direction::Left).unwrap();
        assert_eq!(game.turn(), Turn::Chance);
        game.try_apply(Action::Spawn { cell: 15, four }).unwrap();
        game
    };
    assert_eq!(fill_last_cell(false).turn(), Turn::Player(0));
    let mut over = fill_last_cell(true);
    assert_eq!(over.board(), board("2 4 2 4\n4 2 8 2\n2 8 4 8\n8 4 2 4"));
    assert_eq!(over.turn(), Turn::Terminal);
    assert!(over.try_move(Direction::Up).is_err());
    let mut actions = vec![Action::Move(Direction::Up)];
    over.legal_actions(&mut actions);
    assert!(actions.is_empty());
}
