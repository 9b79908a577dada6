//! A transposition table for depth-limited two-player searches, keyed by the whole state (so a
//! hit is never a collision). Each hash bucket has two slots: the first keeps the deepest
//! search seen (a deeper or equal result moves the old one to the second slot), the second
//! takes everything else, so big subtrees survive floods of small ones.
//!
//! An entry stores the value a search to `depth` plies found, whether it is exact or only a
//! lower bound (the search failed high: value >= beta) or an upper bound (it failed low:
//! value <= alpha), and the best move found, which is searched first on the next visit.

use crate::game::Game;
use std::hash::{Hash, Hasher};

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact (it fell strictly inside the window).
    Exact,
    /// The true value is at least this (a beta cutoff).
    Lower,
    /// The true value is at most this (every move failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Debug)]
pub struct Entry<G: Game> {
    /// The state (compared in full on probe).
    pub state: G,
    /// Plies searched below the state.
    pub depth: u32,
    /// The value found, from the view of the state's mover.
    pub value: i32,
    /// How `value` bounds the true value.
    pub bound: Bound,
    /// The best move found (the cutoff move for a lower bound), if any.
    pub best: Option<G::Action>,
}

impl<G: Game> Entry<G> {
    /// Whether this entry settles a search of `depth` plies with window `(alpha, beta)`: an
    /// exact value, a lower bound at or above beta, or an upper bound at or below alpha.
    /// Only entries of exactly `depth` are used, so a search with the table returns the same
    /// value as plain minimax to that depth (a deeper entry would be "better" but different).
    pub fn settles(&self, depth: u32, alpha: i32, beta: i32) -> bool {
        self.depth == depth
            && match self.bound {
                Bound::Exact => true,
                Bound::Lower => self.value >= beta,
                Bound::Upper => self.value <= alpha,
            }
    }
}

/// A fixed-size table of entries indexed by a hash of the state.
pub struct TranspositionTable<G: Game> {
    slots: Vec<Option<Entry<G>>>,
    stored: u64,
}

impl<G: Game + Hash + Eq> TranspositionTable<G> {
    /// A table of at most `memory_bytes` (a power of two of slots, at least 1024).
    pub fn new(memory_bytes: u64) -> Self {
        let slot_bytes = std::mem::size_of::<Option<Entry<G>>>().max(1) as u64;
        let wanted = (memory_bytes / slot_bytes).clamp(1024, 1 << 40);
        let size = 1usize << (63 - wanted.leading_zeros());
        TranspositionTable {
            slots: (0..size).map(|_| None).collect(),
            stored: 0,
        }
    }

    /// The first slot of the state's bucket (buckets are two adjacent slots).
    fn index(&self, state: &G) -> usize {
        let mut hasher = MixHasher(0);
        state.hash(&mut hasher);
        (hasher.finish() >> 20) as usize & (self.slots.len() - 2)
    }

    /// The entry for `state`, if the table holds it.
    pub fn probe(&self, state: &G) -> Option<&Entry<G>> {
        let index = self.index(state);
        self.slots[index..index + 2]
            .iter()
            .flatten()
            .find(|entry| entry.state == *state)
    }

    /// Stores a search result: over the state's own entry if the bucket has one, else in the
    /// first slot if it is at least as deep as the entry there (which moves to the second
    /// slot), else in the second slot.
    pub fn store(&mut self, entry: Entry<G>) {
        let index = self.index(&entry.state);
        let bucket = &mut self.slots[index..index + 2];
        let before = bucket.iter().flatten().count();
        let own = bucket
            .iter()
            .position(|slot| slot.as_ref().is_some_and(|old| old.state == entry.state));
        let deepest = match &bucket[0] {
            Some(old) => entry.depth >= old.depth,
            None => true,
        };
        match own {
            Some(position) => bucket[position] = Some(entry),
            None if deepest => {
                bucket[1] = bucket[0].take();
                bucket[0] = Some(entry);
            }
            None => bucket[1] = Some(entry),
        }
        let after = bucket.iter().flatten().count();
        self.stored = self.stored + after as u64 - before as u64;
    }

    /// Number of occupied slots.
    pub fn stored(&self) -> u64 {
        self.stored
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|slot| *slot = None);
        self.stored = 0;
    }
}

/// A fast multiplicative hasher (in the style of FxHash) for small fixed-size states.
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_u8(&mut self, byte: u8) {
        self.write_u64(u64::from(byte));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn write_isize(&mut self, word: isize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}
