//! The crate's hasher for keys made of whole words (puzzle state keys, Bait's bound tables):
//! deterministic (the same on every platform and run), fast, and strong enough for 64-bit
//! fingerprints.
//!
//! Each word is XORed into the state, which is then multiplied by an odd constant and
//! xor-shifted: a bijection of the state for a fixed word, so keys that differ in one word never
//! collide, and the shift feeds high bits (which a multiply only moves upward) into the next
//! word's multiply. SplitMix64's finaliser then spreads every bit over the result. Only 64-bit multiplies: a 64x64->128
//! product is a library call in wasm, where it made A* half again slower than native.

use std::hash::{Hash, Hasher};

/// Odd multiplier (2⁶⁴ / φ) used to fold words into the state.
const FOLD: u64 = 0x9E37_79B9_7F4A_7C15;
/// Starting value, so that an empty key does not hash to zero.
const SEED: u64 = 0x243F_6A88_85A3_08D3;

/// See the module doc. `Default` starts from the fixed seed, for `BuildHasherDefault`.
pub(crate) struct WordHasher {
    state: u64,
}

impl Default for WordHasher {
    fn default() -> Self {
        WordHasher { state: SEED }
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            // The tail's length goes into bits 59..62, above its at most 56 data bits.
            self.write_u64(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.write_u64(value.into());
    }

    fn write_u16(&mut self, value: u16) {
        self.write_u64(value.into());
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(value.into());
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        let product = (self.state ^ word).wrapping_mul(FOLD);
        self.state = product ^ (product >> 29);
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The 64-bit hash of a value.
#[inline]
pub(crate) fn hash_of<K: Hash + ?Sized>(key: &K) -> u64 {
    let mut hasher = WordHasher::default();
    key.hash(&mut hasher);
    hasher.finish()
}

/// The 64-bit hash of a sequence of words (the same as hashing them one by one).
#[inline]
pub(crate) fn hash_words(words: &[u64]) -> u64 {
    let mut hasher = WordHasher::default();
    for &word in words {
        hasher.write_u64(word);
    }
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differing_in_one_word_hash_apart_and_bits_spread() {
        let base = [1u64, 2, 3, 4];
        let mut seen = std::collections::HashSet::new();
        let mut ones = 0u32;
        for word in 0..4 {
            for bit in 0..64 {
                let mut key = base;
                key[word] ^= 1 << bit;
                let hash = hash_words(&key);
                assert!(seen.insert(hash), "collision at word {word} bit {bit}");
                ones += (hash ^ hash_words(&base)).count_ones();
            }
        }
        // One flipped input bit should flip about half of the 64 output bits.
        let mean = f64::from(ones) / 256.0;
        assert!((28.0..36.0).contains(&mean), "mean flipped bits {mean}");
    }
}
