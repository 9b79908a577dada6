//! [`SpriteList`]: a state's dynamic sprites, kept inline (no allocation on copy) while they
//! fit in [`INLINE_SPRITES`], on the heap beyond. Reads as a slice of [`Sprite`].

use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

use super::level::Sprite;

/// Sprites an inline list copies as one piece (60 bytes). In wasm a copy of a constant 64 bytes
/// or fewer compiles to plain loads and stores; a longer one becomes a `memory.copy`, which V8
/// runs as a call costing about twice the loads and stores of 112 bytes.
const CHUNK: usize = 10;

/// Sprites kept inside the state before the list moves to the heap (6 bytes each): two pieces.
pub const INLINE_SPRITES: usize = 2 * CHUNK;

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
/// time by perf's cpu-clock samples). Only the pieces holding the list's sprites are copied;
/// the sprites past its length are left as they were and never read.
#[derive(Clone, Copy)]
#[repr(align(8))]
pub struct InlineSprites([[Sprite; CHUNK]; 2]);

impl InlineSprites {
    /// Copies the pieces of `source` that hold its first `len` sprites (written out, not as a
    /// loop, which LLVM turns into one copy of a variable length: a `memory.copy` again).
    #[inline]
    fn copy_front(&mut self, source: &InlineSprites, len: usize) {
        self.0[0] = source.0[0];
        if len > CHUNK {
            self.0[1] = source.0[1];
        }
    }
}

/// A list of sprites, inline up to [`INLINE_SPRITES`]. Equality is the slice's.
pub enum SpriteList {
    Inline { len: u32, items: InlineSprites },
    Heap(Vec<Sprite>),
}

impl SpriteList {
    /// The list holding `sprites`, inline if they fit.
    pub fn from_slice(sprites: &[Sprite]) -> SpriteList {
        if sprites.len() <= INLINE_SPRITES {
            let mut items = InlineSprites([[EMPTY; CHUNK]; 2]);
            items.0.as_flattened_mut()[..sprites.len()].copy_from_slice(sprites);
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
                items.0.as_flattened_mut()[*len as usize] = sprite;
                *len += 1;
            }
            SpriteList::Inline { items, .. } => {
                let mut heap = Vec::with_capacity(INLINE_SPRITES * 2);
                heap.extend_from_slice(items.0.as_flattened());
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
                let items = items.0.as_flattened_mut();
                let mut kept = 0;
                for i in 0..*len as usize {
                    if keep(&items[i]) {
                        items[kept] = items[i];
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

    /// Reuses the heap storage when both lists are on the heap, and copies inline sprites in
    /// place (no temporary list), only the pieces holding the source's sprites.
    fn clone_from(&mut self, source: &SpriteList) {
        match (self, source) {
            (SpriteList::Heap(heap), SpriteList::Heap(from)) => heap.clone_from(from),
            (
                SpriteList::Inline { len, items },
                SpriteList::Inline {
                    len: from_len,
                    items: from,
                },
            ) => {
                *len = *from_len;
                items.copy_front(from, *from_len as usize);
            }
            (list, source) => *list = source.clone(),
        }
    }
}

impl Deref for SpriteList {
    type Target = [Sprite];

    fn deref(&self) -> &[Sprite] {
        match self {
            SpriteList::Inline { len, items } => &items.0.as_flattened()[..*len as usize],
            SpriteList::Heap(heap) => heap,
        }
    }
}

impl DerefMut for SpriteList {
    fn deref_mut(&mut self) -> &mut [Sprite] {
        match self {
            SpriteList::Inline { len, items } => &mut items.0.as_flattened_mut()[..*len as usize],
            SpriteList::Heap(heap) => heap,
        }
    }
}

/// The sprites, as a slice (an inline list's unused places are not part of it).
impl std::fmt::Debug for SpriteList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
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

    #[test]
    fn clone_from_copies_every_length_over_any_earlier_list() {
        let lists: Vec<SpriteList> = [0, 3, 10, 11, 20, 21, 37]
            .iter()
            .map(|&n| SpriteList::from_slice(&(0..n).map(sprite).collect::<Vec<_>>()))
            .collect();
        for source in &lists {
            for earlier in &lists {
                let mut copy = earlier.clone();
                copy.clone_from(source);
                assert_eq!(&*copy, &**source);
                assert_eq!(format!("{copy:?}"), format!("{source:?}"));
                copy.push(sprite(99));
                assert_eq!(copy.len(), source.len() + 1);
                assert_eq!(copy[source.len()], sprite(99));
            }
        }
    }
}
