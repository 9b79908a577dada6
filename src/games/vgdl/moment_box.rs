//! [`MomentBox`]: the heap block holding a [`VgdlState`](super::VgdlState)'s fields
//! ([`Moment`]), recycled through a small pool per thread. A copy+step allocates one block and
//! frees another (the state it replaces); the pool hands the freed block to the next copy
//! instead of going through the allocator twice.

use std::cell::{Cell, RefCell};
use std::mem::ManuallyDrop;
use std::ops::{Deref, DerefMut};

use super::state::Moment;

/// Freed blocks a thread keeps for reuse besides the last one freed; beyond them, blocks go
/// back to the allocator.
const SPARE_BLOCKS: usize = 64;

thread_local! {
    /// The block freed last. A walk's copy+step takes one block and frees another, so its
    /// takes are served here, without the pool's borrow flag and length checks.
    static LAST_FREED: Cell<Option<Box<Moment>>> = const { Cell::new(None) };
    // The blocks themselves are what the pool keeps (a `Vec<Moment>` would copy the fields).
    #[allow(clippy::vec_box)]
    static SPARE: RefCell<Vec<Box<Moment>>> = const { RefCell::new(Vec::new()) };
}

/// A `Box<Moment>` whose clone takes a spare block when the thread has one, and whose drop
/// keeps the block as a spare.
#[derive(Debug)]
pub struct MomentBox(ManuallyDrop<Box<Moment>>);

impl MomentBox {
    pub fn new(moment: Moment) -> MomentBox {
        MomentBox(ManuallyDrop::new(Box::new(moment)))
    }
}

impl Deref for MomentBox {
    type Target = Moment;

    #[inline(always)]
    fn deref(&self) -> &Moment {
        &self.0
    }
}

impl DerefMut for MomentBox {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Moment {
        &mut self.0
    }
}

impl Clone for MomentBox {
    fn clone(&self) -> MomentBox {
        let spare = LAST_FREED.try_with(Cell::take).ok().flatten().or_else(|| {
            SPARE
                .try_with(|spare| spare.borrow_mut().pop())
                .ok()
                .flatten()
        });
        let block = match spare {
            Some(mut block) => {
                Moment::clone_from(&mut block, &self.0);
                block
            }
            None => Box::clone(&self.0),
        };
        MomentBox(ManuallyDrop::new(block))
    }
}

impl Drop for MomentBox {
    fn drop(&mut self) {
        // SAFETY: `self.0` is initialised (only `new` and `clone` make a box) and, as this is
        // `drop`, never used again.
        let block = unsafe { ManuallyDrop::take(&mut self.0) };
        // Once the thread's pool is gone (thread exit), the block is simply freed.
        let Ok(Some(older)) = LAST_FREED.try_with(|last| last.replace(Some(block))) else {
            return;
        };
        let _ = SPARE.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() < SPARE_BLOCKS {
                spare.push(older);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::vgdl::alive_bits::AliveBits;
    use crate::games::vgdl::description::MAX_RESOURCES;
    use crate::games::vgdl::level::Sprite;
    use crate::games::vgdl::occupied_cells::OccupiedCells;
    use crate::games::vgdl::sprite_list::SpriteList;
    use crate::games::vgdl::state::Outcome;

    fn moment(x: i16, sprites: usize) -> Moment {
        let sprite = Sprite {
            y: 1,
            x,
            kind: 2,
            age: 0,
        };
        Moment {
            fixed: AliveBits::all(3),
            sprites: SpriteList::from_slice(&vec![sprite; sprites]),
            avatar: 0,
            avatar_last: (x, 1),
            alive: true,
            outcome: Outcome::Running,
            resources: [0; MAX_RESOURCES],
            score: i32::from(x),
            tick: 7,
            settled: true,
            occupied: OccupiedCells::default(),
        }
    }

    #[test]
    fn a_recycled_block_holds_the_copy_not_its_old_fields() {
        let small = MomentBox::new(moment(3, 2));
        let large = MomentBox::new(moment(5, 30));
        let expected = format!("{:?}", *small);
        drop(large);
        let copy = small.clone();
        assert_eq!(format!("{:?}", *copy), expected);
        let copy_of_copy = copy.clone();
        drop(small);
        assert_eq!(format!("{:?}", *copy_of_copy), expected);
    }

    #[test]
    fn a_recycled_heap_list_takes_the_copys_sprites() {
        let longer = MomentBox::new(moment(5, 30));
        let shorter = MomentBox::new(moment(6, 25));
        let expected = format!("{:?}", *shorter);
        drop(longer);
        let copy = shorter.clone();
        assert_eq!(copy.sprites.len(), 25);
        assert_eq!(format!("{:?}", *copy), expected);
    }

    #[test]
    fn copies_take_the_last_freed_block_then_the_spares() {
        let source = MomentBox::new(moment(4, 3));
        let freed: Vec<MomentBox> = (0..3).map(|x| MomentBox::new(moment(x, 1))).collect();
        let blocks: Vec<*const Moment> = freed.iter().map(|b| &**b as *const Moment).collect();
        drop(freed);
        let copies: Vec<MomentBox> = blocks.iter().map(|_| source.clone()).collect();
        let taken: Vec<*const Moment> = copies.iter().map(|c| &**c as *const Moment).collect();
        assert_eq!(taken, blocks.into_iter().rev().collect::<Vec<_>>());
        for copy in &copies {
            assert_eq!(format!("{:?}", **copy), format!("{:?}", *source));
        }
    }
}
