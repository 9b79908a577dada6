//! A fixed-capacity set of small indices (0..256), four machine words, `Copy`.
//!
//! Bait keeps its moving parts in two of these: boxes (indexed by open cell) and the fixed items
//! still present (holes, mushrooms, keys and goals, indexed by item id). Every operation is a few
//! word operations with no heap allocation and no bounds check (a `u8` index is always in range).

/// A set of indices below 256.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bits256([u64; 4]);

impl Bits256 {
    /// The empty set.
    pub const EMPTY: Bits256 = Bits256([0; 4]);

    /// Whether `index` is in the set.
    #[inline]
    pub fn contains(&self, index: u8) -> bool {
        (self.0[usize::from(index >> 6)] >> (index & 63)) & 1 != 0
    }

    /// Adds `index`.
    #[inline]
    pub fn insert(&mut self, index: u8) {
        self.0[usize::from(index >> 6)] |= 1 << (index & 63);
    }

    /// Removes `index`.
    #[inline]
    pub fn remove(&mut self, index: u8) {
        self.0[usize::from(index >> 6)] &= !(1 << (index & 63));
    }

    /// Whether the two sets share an index.
    #[inline]
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
}
