//! [`OccupiedCells`]: where a moving sprite other than the avatar may stand, one bit per cell,
//! so that the tick's short cuts learn that the avatar's cell (or the cell beyond a push) holds
//! no moving sprite without scanning them all. A cache in the state, outside equality and
//! hashing: a bit may stay set after its sprite left (a clear bit is exact, a set bit only
//! says "look").

use super::level::{Sprite, World};

/// Cells the filter covers (row by row from the top left); a cell beyond always may hold one.
pub const FILTERED_CELLS: usize = 256;

/// A superset of the cells holding a moving sprite other than the avatar (see the module doc).
#[derive(Clone, Copy, Debug, Default)]
pub struct OccupiedCells([u64; FILTERED_CELLS / 64]);

impl OccupiedCells {
    /// The cells of `sprites` on the board, leaving out sprite `avatar`.
    pub fn of(world: &World, sprites: &[Sprite], avatar: usize) -> OccupiedCells {
        let mut cells = OccupiedCells::default();
        for (i, s) in sprites.iter().enumerate() {
            if let (false, Some(c)) = (i == avatar, world.cell(s.x, s.y)) {
                cells.add(c);
            }
        }
        cells
    }

    /// Notes that a moving sprite now stands on `cell`.
    #[inline]
    pub fn add(&mut self, cell: usize) {
        if cell < FILTERED_CELLS {
            self.0[cell / 64] |= 1 << (cell % 64);
        }
    }

    /// Whether a moving sprite other than the avatar may stand on `cell` (false is exact).
    #[inline]
    pub fn may_hold(&self, cell: usize) -> bool {
        cell >= FILTERED_CELLS || self.0[cell / 64] & 1 << (cell % 64) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_beyond_the_filter_always_may_hold_a_sprite() {
        let mut cells = OccupiedCells::default();
        assert!(!cells.may_hold(0) && !cells.may_hold(FILTERED_CELLS - 1));
        cells.add(70);
        cells.add(FILTERED_CELLS + 3);
        assert!(cells.may_hold(70) && !cells.may_hold(69) && !cells.may_hold(71));
        assert!(cells.may_hold(FILTERED_CELLS) && cells.may_hold(FILTERED_CELLS + 9));
    }
}
