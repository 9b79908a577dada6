//! [`OccupiedCells`]: the cells holding a *watched* moving sprite other than the avatar (of a
//! type some collision rule names, or an avatar type: the sprites the tick's short cuts look
//! for), one bit per cell, so that the short cuts learn that the avatar's cell (or the cell
//! beyond a push) holds none without scanning every moving sprite. A cache in the state,
//! outside equality and hashing, exact while the state is settled.

use super::description::TypeId;
use super::level::{Sprite, World};

/// Whether the short cuts look for moving sprites of type `kind` (see the module doc).
#[inline]
pub fn watched(world: &World, kind: TypeId) -> bool {
    world.in_collisions[kind as usize] || world.description.types[kind as usize].is_avatar()
}

/// Cells the filter covers (row by row from the top left); beyond them the tick scans.
pub const FILTERED_CELLS: usize = 256;

/// The cells holding a watched moving sprite other than the avatar (see the module doc).
#[derive(Clone, Copy, Debug, Default)]
pub struct OccupiedCells([u64; FILTERED_CELLS / 64]);

impl OccupiedCells {
    /// The cells of the watched `sprites` on the board, leaving out sprite `avatar`.
    pub fn of(world: &World, sprites: &[Sprite], avatar: usize) -> OccupiedCells {
        let mut cells = OccupiedCells::default();
        for (i, s) in sprites.iter().enumerate() {
            if let (false, Some(c)) = (i == avatar, world.cell(s.x, s.y)) {
                if watched(world, s.kind) {
                    cells.add(c);
                }
            }
        }
        cells
    }

    /// Notes that a watched moving sprite now stands on `cell`.
    #[inline]
    pub fn add(&mut self, cell: usize) {
        if cell < FILTERED_CELLS {
            self.0[cell / 64] |= 1 << (cell % 64);
        }
    }

    /// Notes that the only watched moving sprite on `cell` left it.
    #[inline]
    pub fn remove(&mut self, cell: usize) {
        if cell < FILTERED_CELLS {
            self.0[cell / 64] &= !(1 << (cell % 64));
        }
    }

    /// Whether a watched moving sprite other than the avatar stands on `cell`; `None` beyond
    /// the cells the filter covers.
    #[inline]
    pub fn get(&self, cell: usize) -> Option<bool> {
        (cell < FILTERED_CELLS).then(|| self.0[cell / 64] & 1 << (cell % 64) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn covers_the_first_cells() {
        let mut cells = OccupiedCells::default();
        assert_eq!(cells.get(0), Some(false));
        cells.add(70);
        cells.add(FILTERED_CELLS + 3);
        assert_eq!(
            (cells.get(69), cells.get(70), cells.get(71)),
            (Some(false), Some(true), Some(false))
        );
        assert_eq!(cells.get(FILTERED_CELLS + 3), None);
        cells.remove(70);
        assert_eq!(cells.get(70), Some(false));
    }
}
