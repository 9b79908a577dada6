//! [`OccupiedCells`]: which cells hold a moving sprite that a collision rule names, the avatar
//! left out, one bit per cell for the first [`TRACKED_CELLS`] cells of the board. A settled
//! tick's short cuts (`tick.rs`) read it to learn that the avatar's cell, or the cell beyond a
//! pushed sprite, holds no such sprite without scanning every moving sprite (Bait 3 has 37),
//! and, while no cell holds two, that a scan may stop at the first it finds.
//! Which sprite stands on a set cell, and so GVGAI's order among sprites, is still read from the
//! state's sprite list: the bits only say where a scan would find nothing.

use super::level::{Sprite, World};

/// Cells with a bit; a cell past them (larger levels) may always hold a sprite.
pub const TRACKED_CELLS: usize = 256;

/// One bit per tracked cell, set when a moving sprite other than the avatar, of a type in
/// [`World::in_collisions`], stands there, and whether a cell may hold two of them. A settled
/// state keeps it exact (`VgdlState::settled`); in any other state it says nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OccupiedCells {
    cells: [u64; TRACKED_CELLS / 64],
    /// Some cell holds two or more such sprites (always set on a board with untracked cells).
    crowded: bool,
}

impl OccupiedCells {
    /// The cells of `sprites` but the avatar's (`avatar`, an index into `sprites`).
    pub fn of(world: &World, sprites: &[Sprite], avatar: usize) -> OccupiedCells {
        let mut occupied = OccupiedCells::default();
        occupied.refill(world, sprites, avatar);
        occupied
    }

    /// Becomes [`OccupiedCells::of`] in place (the state's block is written once, field by
    /// field, instead of through a copy of a temporary just written the same way).
    pub fn refill(&mut self, world: &World, sprites: &[Sprite], avatar: usize) {
        self.cells = [0; TRACKED_CELLS / 64];
        self.crowded = world.width * world.height > TRACKED_CELLS;
        for (i, s) in sprites.iter().enumerate() {
            if i != avatar && world.in_collisions[s.kind as usize] {
                if let Some(c) = world.cell(s.x, s.y) {
                    self.enter(c);
                }
            }
        }
    }

    /// Whether `cell` may hold such a sprite (false: it holds none).
    #[inline]
    pub fn may_hold(&self, cell: usize) -> bool {
        self.cells
            .get(cell / 64)
            .map_or(true, |word| word >> (cell % 64) & 1 != 0)
    }

    /// Whether no cell holds two or more such sprites (then a scan for the sprite on a cell
    /// may stop at the first it finds).
    #[inline]
    pub fn one_per_cell(&self) -> bool {
        !self.crowded
    }

    /// A sprite came onto `cell`.
    #[inline]
    pub fn enter(&mut self, cell: usize) {
        if self.may_hold(cell) {
            self.crowded = true;
        }
        if let Some(word) = self.cells.get_mut(cell / 64) {
            *word |= 1 << (cell % 64);
        }
    }

    /// The only such sprite on `cell` left it.
    #[inline]
    pub fn leave(&mut self, cell: usize) {
        if let Some(word) = self.cells.get_mut(cell / 64) {
            *word &= !(1 << (cell % 64));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_past_the_tracked_ones_may_always_hold_a_sprite() {
        let mut occupied = OccupiedCells::default();
        assert!(!occupied.may_hold(0));
        assert!(!occupied.may_hold(TRACKED_CELLS - 1));
        assert!(occupied.may_hold(TRACKED_CELLS));
        occupied.enter(70);
        assert!(occupied.one_per_cell());
        assert!(occupied.may_hold(70));
        assert!(!occupied.may_hold(69));
        occupied.leave(70);
        assert!(!occupied.may_hold(70));
        occupied.enter(TRACKED_CELLS + 3);
        occupied.leave(TRACKED_CELLS + 3);
        assert!(occupied.may_hold(TRACKED_CELLS + 3));
        assert!(!occupied.one_per_cell());
    }

    #[test]
    fn a_second_sprite_on_a_cell_crowds_the_board() {
        let mut occupied = OccupiedCells::default();
        occupied.enter(5);
        occupied.enter(6);
        assert!(occupied.one_per_cell());
        occupied.enter(6);
        assert!(!occupied.one_per_cell());
    }
}
