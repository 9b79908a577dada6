//! A fixed-capacity set of small indices (0..256), four machine words, `Copy`.
//!
//! Bait keeps its moving parts in one of these (boxes by open cell, then the fixed items still
//! present; see [`super::BaitState`]) and hands out views of the two parts. Every operation is a
//! few word operations with no heap allocation and no bounds check (a `u8` index is always in
//! range). The per-index operations are `#[inline(always)]`: optimised on their own before
//! being inlined, their word `match` becomes a computed index into the set, and a caller's set
//! then has to live in memory rather than in registers.

/// A set of indices below 256.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bits256([u64; 4]);

impl Bits256 {
    /// The empty set.
    pub const EMPTY: Bits256 = Bits256([0; 4]);

    /// Whether `index` is in the set.
    #[inline(always)]
    pub fn contains(&self, index: u8) -> bool {
        (self.word(index) >> (index & 63)) & 1 != 0
    }

    /// Adds `index` (like `Bits256::word`, a store at a constant index).
    #[inline(always)]
    pub fn insert(&mut self, index: u8) {
        let bit = 1 << (index & 63);
        match index >> 6 {
            0 => self.0[0] |= bit,
            1 => self.0[1] |= bit,
            2 => self.0[2] |= bit,
            _ => self.0[3] |= bit,
        }
    }

    /// Removes `index`.
    #[inline(always)]
    pub fn remove(&mut self, index: u8) {
        let keep = !(1 << (index & 63));
        match index >> 6 {
            0 => self.0[0] &= keep,
            1 => self.0[1] &= keep,
            2 => self.0[2] &= keep,
            _ => self.0[3] &= keep,
        }
    }

    /// The word holding `index`, chosen among constant indices rather than at a computed one
    /// (as [`Bits256::insert`] and [`Bits256::remove`] store): a computed index keeps the set in
    /// memory, and in wasm that made the forward model about 1.4 times slower. (Selects instead
    /// of the match were slower still, natively too.)
    #[inline(always)]
    fn word(&self, index: u8) -> u64 {
        match index >> 6 {
            0 => self.0[0],
            1 => self.0[1],
            2 => self.0[2],
            _ => self.0[3],
        }
    }

    /// Whether the two sets share an index.
    #[inline(always)]
    pub fn intersects(&self, other: &Bits256) -> bool {
        (0..4).any(|i| self.0[i] & other.0[i] != 0)
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Number of indices in the set.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The indices in both sets.
    #[inline]
    pub fn and(&self, other: &Bits256) -> Bits256 {
        Bits256(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The indices in `self` but not in `other`.
    #[inline]
    pub fn and_not(&self, other: &Bits256) -> Bits256 {
        Bits256(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The indices in either set.
    #[inline]
    pub fn or(&self, other: &Bits256) -> Bits256 {
        Bits256(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The indices below `n`.
    #[inline]
    pub fn below(&self, n: usize) -> Bits256 {
        Bits256(std::array::from_fn(|i| {
            let first = i * 64;
            if n >= first + 64 {
                self.0[i]
            } else if n > first {
                self.0[i] & ((1u64 << (n - first)) - 1)
            } else {
                0
            }
        }))
    }

    /// Every index `i` moved to `i + n`; indices that would reach 256 are dropped.
    #[inline]
    pub fn shifted_up(&self, n: usize) -> Bits256 {
        let (words, bits) = (n / 64, n % 64);
        Bits256(std::array::from_fn(|i| {
            let Some(from) = i.checked_sub(words) else {
                return 0;
            };
            let low = if bits != 0 && from > 0 {
                self.0[from - 1] >> (64 - bits)
            } else {
                0
            };
            (self.0[from] << bits) | low
        }))
    }

    /// Every index `i >= n` moved to `i - n`; indices below `n` are dropped.
    #[inline]
    pub fn shifted_down(&self, n: usize) -> Bits256 {
        let (words, bits) = (n / 64, n % 64);
        Bits256(std::array::from_fn(|i| {
            let from = i + words;
            if from >= 4 {
                return 0;
            }
            let high = if bits != 0 && from + 1 < 4 {
                self.0[from + 1] << (64 - bits)
            } else {
                0
            };
            (self.0[from] >> bits) | high
        }))
    }

    /// The four words, index `i` being bit `i % 64` of word `i / 64`.
    pub fn words(&self) -> [u64; 4] {
        self.0
    }

    /// The indices in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..4usize).flat_map(move |w| {
            let mut word = self.0[w];
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let bit = word.trailing_zeros();
                word &= word - 1;
                // w < 4 and bit < 64, so the index is below 256.
                Some((w as u32 * 64 + bit) as u8)
            })
        })
    }
}

impl std::fmt::Debug for Bits256 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<u8> for Bits256 {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut bits = Bits256::EMPTY;
        for index in iter {
            bits.insert(index);
        }
        bits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate_across_words() {
        let mut bits: Bits256 = [0u8, 63, 64, 200, 255].into_iter().collect();
        assert_eq!(bits.len(), 5);
        assert!(bits.contains(255) && bits.contains(64) && !bits.contains(1));
        bits.remove(64);
        assert_eq!(bits.iter().collect::<Vec<_>>(), vec![0, 63, 200, 255]);
        let other: Bits256 = [200u8].into_iter().collect();
        assert!(bits.intersects(&other));
        assert_eq!(bits.and_not(&other).len(), 3);
        assert_eq!(bits.and(&other), other);
        assert!(Bits256::EMPTY.is_empty() && !bits.is_empty());
    }

    #[test]
    fn shifts_and_prefixes_match_index_arithmetic() {
        let bits: Bits256 = [0u8, 1, 62, 63, 64, 127, 128, 190, 200, 255]
            .into_iter()
            .collect();
        for n in [0usize, 1, 5, 63, 64, 65, 100, 128, 191, 255, 256] {
            let up: Vec<u8> = bits
                .iter()
                .filter(|&i| usize::from(i) + n < 256)
                .map(|i| (usize::from(i) + n) as u8)
                .collect();
            assert_eq!(bits.shifted_up(n).iter().collect::<Vec<_>>(), up, "up {n}");
            let down: Vec<u8> = bits
                .iter()
                .filter(|&i| usize::from(i) >= n)
                .map(|i| (usize::from(i) - n) as u8)
                .collect();
            assert_eq!(
                bits.shifted_down(n).iter().collect::<Vec<_>>(),
                down,
                "down {n}"
            );
            let below: Vec<u8> = bits.iter().filter(|&i| usize::from(i) < n).collect();
            assert_eq!(bits.below(n).iter().collect::<Vec<_>>(), below, "below {n}");
        }
    }
}
