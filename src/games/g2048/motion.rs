//! Where every tile goes in a slide, for drawing the move: [`Board::slide`]'s rules traced tile
//! by tile (visit each line from the wall the tiles move towards; a tile travels to the farthest
//! free cell and merges with an equal tile that was not itself made by a merge in this move).
//!
//! The page animates these motions; tests check that replaying them gives exactly the board
//! [`Board::slide`] computes.

use super::board::{Board, Direction, SIZE};

/// One tile's journey in a slide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileMotion {
    /// The cell it starts on (`row * 4 + col`).
    pub from: u8,
    /// The cell it ends on (the same cell when it does not move).
    pub to: u8,
    /// Its exponent before the move.
    pub exponent: u8,
    /// Whether it ends in a merge at `to` (both tiles of a merge are marked).
    pub merged: bool,
}

/// The motions of every tile of `board` when it slides towards `direction`, line by line, each
/// line from the wall outwards. A move that changes nothing gives motions with `from == to`.
pub fn slide_motions(board: Board, direction: Direction) -> Vec<TileMotion> {
    let mut motions: Vec<TileMotion> = Vec::with_capacity(SIZE * SIZE);
    for line in 0..SIZE {
        // The cells of this line, starting from the wall the tiles move towards.
        let cells: [usize; SIZE] = std::array::from_fn(|i| match direction {
            Direction::Left => line * SIZE + i,
            Direction::Right => line * SIZE + (SIZE - 1 - i),
            Direction::Up => i * SIZE + line,
            Direction::Down => (SIZE - 1 - i) * SIZE + line,
        });
        // Per filled slot of the line: the exponent there, whether a merge made it, and the
        // index in `motions` of the tile that first landed there.
        let mut slots: Vec<(u8, bool, usize)> = Vec::with_capacity(SIZE);
        for &cell in &cells {
            let exponent = board.exponent(cell);
            if exponent == 0 {
                continue;
            }
            let mergeable = slots
                .last()
                .is_some_and(|&(e, merged, _)| e == exponent && !merged);
            if mergeable {
                let last = slots.len() - 1;
                let (_, _, first) = slots[last];
                slots[last] = (exponent + 1, true, first);
                motions[first].merged = true;
                motions.push(TileMotion {
                    from: cell as u8,
                    to: cells[last] as u8,
                    exponent,
                    merged: true,
                });
            } else {
                slots.push((exponent, false, motions.len()));
                motions.push(TileMotion {
                    from: cell as u8,
                    to: cells[slots.len() - 1] as u8,
                    exponent,
                    merged: false,
                });
            }
        }
    }
    motions
}
