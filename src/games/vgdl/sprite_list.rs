//! [`SpriteList`]: a state's dynamic sprites, kept inline (no allocation on copy) while they
//! fit in [`INLINE_SPRITES`], on the heap beyond. Reads as a slice of [`Sprite`].

use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

use super::level::Sprite;

/// Sprites kept inside the state before the list moves to the heap (6 bytes each).
pub const INLINE_SPRITES: usize = 20;

const EMPTY: Sprite = Sprite {
    y: 0,
    x: 0,
    kind: 0,
    age: 0,
};

/// The inline sprites, aligned to a word. With the list's length a `u32` after the tag, the
/// tag, the length and the sprites copy as aligned pieces: with a `u8` length and 2-aligned
/// sprites, a clone moved the 7 bytes after the tag through overlapping 4-byte loads and
/// stores, and each such load waited on the two stores it spans (a quarter of a Bait 1 step's
/// time by perf's cpu-clock samples).
#[derive(Clone, Copy, Debug)]
#[repr(align(8))]
pub struct InlineSprites([Sprite; INLINE_SPRITES]);

/// A list of sprites, inline up to [`INLINE_SPRITES`]. Equality is the slice's.
#[derive(Debug)]
pub enum SpriteList {
    Inline { len: u32, items: InlineSprites },
    Heap(Vec<Sprite>),
}

impl SpriteList {
    /// The list holding `sprites`, inline if they fit.
    pub fn from_slice(sprites: &[Sprite]) -> SpriteList {
        if sprites.len() <= INLINE_SPRITES {
            let mut items = InlineSprites([EMPTY; INLINE_SPRITES]);
            items.0[..sprites.len()].copy_from_slice(sprites);
            SpriteList::Inline {
                len: sprites.len() as u32,
                items,
            }
        } else {
            SpriteList::Heap(sprites.to_vec())
        }
    }

    /// Appends `sprite`, moving the list to the heap when the inline array is full.
    pub fn push(&mut self, sprite: Sprite) {
        match self {
            SpriteList::Inline { len, items } if (*len as usize) < INLINE_SPRITES => {
                items.0[*len as usize] = sprite;
                *len += 1;
            }
            SpriteList::Inline { items, .. } => {
                let mut heap = Vec::with_capacity(INLINE_SPRITES * 2);
                heap.extend_from_slice(&items.0);
                heap.push(sprite);
                *self = SpriteList::Heap(heap);
            }
            SpriteList::Heap(heap) => heap.push(sprite),
        }
    }

    /// Keeps the sprites for which `keep` is true, in order (`keep` sees each once, in order).
    pub fn retain(&mut self, mut keep: impl FnMut(&Sprite) -> bool) {
        match self {
            SpriteList::Inline { len, items } => {
                let mut kept = 0;
                for i in 0..*len as usize {
                    if keep(&items.0[i]) {
                        items.0[kept] = items.0[i];
                        kept += 1;
                    }
                }
                *len = kept as u32;
            }
            SpriteList::Heap(heap) => heap.retain(keep),
        }
    }

    /// Bytes held on the heap (0 while inline).
    pub fn heap_bytes(&self) -> usize {
        match self {
            SpriteList::Inline { .. } => 0,
            SpriteList::Heap(heap) => heap.capacity() * std::mem::size_of::<Sprite>(),
        }
    }
}

impl Clone for SpriteList {
    fn clone(&self) -> SpriteList {
        match self {
            SpriteList::Inline { len, items } => SpriteList::Inline {
                len: *len,
                items: *items,
            },
            SpriteList::Heap(heap) => SpriteList::Heap(heap.clone()),
        }
    }

    /// Reuses the heap storage when both lists are on the heap.
    fn clone_from(&mut self, source: &SpriteList) {
        match (self, source) {
            (SpriteList::Heap(heap), SpriteList::Heap(from)) => heap.clone_from(from),
            (list, source) => *list = source.clone(),
        }
    }
}

impl Deref for SpriteList {
    type Target = [Sprite];

    fn deref(&self) -> &[Sprite] {
        match self {
            SpriteList::Inline { len, items } => &items.0[..*len as usize],
            SpriteList::Heap(heap) => heap,
        }
    }
}

impl DerefMut for SpriteList {
    fn deref_mut(&mut self) -> &mut [Sprite] {
        match self {
            SpriteList::Inline { len, items } => &mut items.0[..*len as usize],
            SpriteList::Heap(heap) => heap,
        }
    }
}

impl PartialEq for SpriteList {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for SpriteList {}

/// One word per sprite (the slice's own hash writes four small fields each).
impl Hash for SpriteList {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        for s in self.iter() {
            state.write_u64(
                u64::from(s.y as u16) << 32
                    | u64::from(s.x as u16) << 16
                    | u64::from(s.kind) << 8
                    | u64::from(s.age),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprite(x: i16) -> Sprite {
        Sprite {
            y: 1,
            x,
            kind: 2,
            age: 0,
        }
    }

    #[test]
    fn pushes_past_the_inline_array_and_retains_in_order() {
        let mut list = SpriteList::from_slice(&[]);
        for x in 0..30 {
            list.push(sprite(x));
            assert_eq!(list.len(), x as usize + 1);
        }
        assert!(list.heap_bytes() > 0);
        list.retain(|s| s.x % 3 == 0);
        let expected: Vec<Sprite> = (0..30).filter(|x| x % 3 == 0).map(sprite).collect();
        assert_eq!(&*list, &expected[..]);
        assert_eq!(list, SpriteList::from_slice(&expected));
        let mut small = SpriteList::from_slice(&expected[..4]);
        small.retain(|s| s.x != 3);
        assert_eq!(&*small, &[sprite(0), sprite(6), sprite(9)][..]);
        assert_eq!(small.heap_bytes(), 0);
    }
}
