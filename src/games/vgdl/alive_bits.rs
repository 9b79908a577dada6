//! [`AliveBits`]: which of a level's fixed sprites ([`World::fixed`](super::World::fixed):
//! killable, never moved) are still on the board, one bit each, kept inline (no allocation on
//! copy) for up to [`INLINE_BITS`] sprites.

use std::ops::Range;

/// Fixed sprites whose bits live inside the state.
pub const INLINE_BITS: usize = 128;

const INLINE_WORDS: usize = INLINE_BITS / 64;

/// One bit per fixed sprite, set while it lives. Equality and hashing are the words'.
#[derive(Debug, PartialEq, Eq, Hash)]
pub enum AliveBits {
    Inline([u64; INLINE_WORDS]),
    Heap(Box<[u64]>),
}

impl AliveBits {
    /// `n` sprites, all alive.
    pub fn all(n: usize) -> AliveBits {
        let mut words = vec![0u64; n.div_ceil(64).max(INLINE_WORDS)];
        for (w, word) in words.iter_mut().enumerate() {
            let bits = n.saturating_sub(w * 64).min(64);
            *word = if bits == 64 {
                u64::MAX
            } else {
                (1 << bits) - 1
            };
        }
        if n <= INLINE_BITS {
            let mut inline = [0; INLINE_WORDS];
            inline.copy_from_slice(&words[..INLINE_WORDS]);
            AliveBits::Inline(inline)
        } else {
            AliveBits::Heap(words.into_boxed_slice())
        }
    }

    #[inline]
    fn words(&self) -> &[u64] {
        match self {
            AliveBits::Inline(words) => words,
            AliveBits::Heap(words) => words,
        }
    }

    /// Whether sprite `i` lives.
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.words()[i / 64] & (1 << (i % 64)) != 0
    }

    /// Removes sprite `i`.
    pub fn clear(&mut self, i: usize) {
        let words: &mut [u64] = match self {
            AliveBits::Inline(words) => words,
            AliveBits::Heap(words) => words,
        };
        words[i / 64] &= !(1 << (i % 64));
    }

    /// Living sprites among `range`.
    pub fn count(&self, range: Range<usize>) -> u32 {
        let words = self.words();
        let mut n = 0;
        let mut i = range.start;
        while i < range.end {
            let (w, bit) = (i / 64, i % 64);
            let take = (64 - bit).min(range.end - i);
            let mask = if take == 64 {
                u64::MAX
            } else {
                ((1u64 << take) - 1) << bit
            };
            n += (words[w] & mask).count_ones();
            i += take;
        }
        n
    }

    /// Bytes held on the heap (0 while inline).
    pub fn heap_bytes(&self) -> usize {
        match self {
            AliveBits::Inline(_) => 0,
            AliveBits::Heap(words) => words.len() * 8,
        }
    }
}

impl Clone for AliveBits {
    fn clone(&self) -> AliveBits {
        match self {
            AliveBits::Inline(words) => AliveBits::Inline(*words),
            AliveBits::Heap(words) => AliveBits::Heap(words.clone()),
        }
    }

    /// Copies the words in place when both hold as many (no temporary, no allocation).
    fn clone_from(&mut self, source: &AliveBits) {
        match (self, source) {
            (AliveBits::Inline(words), AliveBits::Inline(from)) => *words = *from,
            (AliveBits::Heap(words), AliveBits::Heap(from)) if words.len() == from.len() => {
                words.copy_from_slice(from);
            }
            (bits, source) => *bits = source.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_clears_inline_and_on_the_heap() {
        for n in [0, 1, 63, 64, 65, 128, 129, 300] {
            let mut bits = AliveBits::all(n);
            assert_eq!(bits.heap_bytes() > 0, n > INLINE_BITS, "{n}");
            assert_eq!(bits.count(0..n), n as u32, "{n}");
            if n > 70 {
                bits.clear(64);
                bits.clear(3);
                assert!(!bits.get(64) && !bits.get(3) && bits.get(65));
                assert_eq!(bits.count(0..n), n as u32 - 2);
                assert_eq!(bits.count(4..64), 60);
                assert_eq!(bits.count(60..70), 9);
            }
        }
    }

    #[test]
    fn clone_from_copies_inline_and_heap_bits_of_any_length() {
        let mut all: Vec<AliveBits> = [3, 128, 129, 300]
            .iter()
            .map(|&n| AliveBits::all(n))
            .collect();
        all[1].clear(100);
        all[3].clear(200);
        for source in &all {
            for earlier in &all {
                let mut copy = earlier.clone();
                copy.clone_from(source);
                assert_eq!(&copy, source);
            }
        }
    }
}
