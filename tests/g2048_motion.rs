//! Tile motions for drawing a slide: replaying them gives the board `Board::slide` computes,
//! and the original game's examples move the tiles they should.

use searchlab::games::g2048::board::{Board, Direction, CELLS};
use searchlab::games::g2048::motion::{slide_motions, TileMotion};
use searchlab::games::g2048::text::parse_board;
use searchlab::rng::Rng;

/// The board the motions leave: every tile at its destination, merged pairs one exponent up.
fn replay(board: Board, motions: &[TileMotion]) -> Board {
    let mut cells = [0u8; CELLS];
    for m in motions {
        assert_eq!(board.exponent(usize::from(m.from)), m.exponent, "{m:?}");
        let to = usize::from(m.to);
        if m.merged && cells[to] != 0 {
            assert_eq!(cells[to], m.exponent, "a merge of unequal tiles: {m:?}");
            cells[to] += 1;
        } else {
            assert_eq!(cells[to], 0, "two tiles land on cell {to} without merging");
            cells[to] = m.exponent;
        }
    }
    Board::from_exponents(cells).unwrap()
}

#[test]
fn replayed_motions_give_the_slid_board() {
    let mut rng = Rng::new(7);
    for _ in 0..5_000 {
        let cells = std::array::from_fn(|_| match rng.below(3) {
            0 => 0,
            _ => 1 + rng.below(5) as u8,
        });
        let board = Board::from_exponents(cells).unwrap();
        for direction in Direction::ALL {
            let motions = slide_motions(board, direction);
            assert_eq!(motions.len() as u32, 16 - board.empty_count());
            assert_eq!(replay(board, &motions), board.slide(direction).0);
            let merged = motions.iter().filter(|m| m.merged).count();
            assert_eq!(merged % 2, 0, "merges come in pairs");
        }
    }
}

#[test]
fn the_pair_nearest_the_wall_merges_and_the_third_tile_slides() {
    let board = parse_board("2 2 2 .\n. . . .\n. . . .\n. . . .").unwrap();
    let motions = slide_motions(board, Direction::Left);
    let m = |from, to, merged| TileMotion {
        from,
        to,
        exponent: 1,
        merged,
    };
    assert_eq!(motions, vec![m(0, 0, true), m(1, 0, true), m(2, 1, false)]);
}

#[test]
fn a_column_slides_down_to_the_bottom_row() {
    let board = parse_board(". . . 4\n. . . .\n. . . 4\n. . . 8").unwrap();
    let motions = slide_motions(board, Direction::Down);
    let moves: Vec<(u8, u8, bool)> = motions.iter().map(|m| (m.from, m.to, m.merged)).collect();
    // Visited from the bottom: the 8 stays, the lower 4 stays on top of it, the upper 4 merges
    // into it.
    assert_eq!(moves, vec![(15, 15, false), (11, 11, true), (3, 11, true)]);
}

#[test]
fn a_move_that_changes_nothing_moves_no_tile() {
    let board = parse_board("2 4 . .\n. . . .\n. . . .\n. . . .").unwrap();
    assert!(slide_motions(board, Direction::Left)
        .iter()
        .all(|m| m.from == m.to && !m.merged));
}
