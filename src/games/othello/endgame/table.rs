//! The endgame solver's transposition table: bounds on positions' exact scores with their best
//! moves, in two-slot buckets (the first slot keeps the deepest position, the second takes
//! everything else), indexed by a multiplicative hash of the two bitboards.

/// One transposition-table slot: the position, bounds on its score and the best move found.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    player: u64,
    opponent: u64,
    /// The score is at least this.
    pub(super) lower: i8,
    /// The score is at most this.
    pub(super) upper: i8,
    /// The best move's square.
    pub(super) best: u8,
    /// 0 marks an unused slot (positions in the table have at least [`super::TT_EMPTIES`] empties).
    empties: u8,
}

/// Bytes per table entry, for sizing.
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

/// The table: a power of two of entries, read and written in buckets of two.
pub(super) struct Table {
    entries: Vec<Entry>,
    /// Selects the first slot of a bucket from a hash.
    mask: usize,
}

impl Table {
    /// A table of at most `memory_bytes` (rounded down to a power of two entries, at least 1024).
    pub(super) fn new(memory_bytes: usize) -> Table {
        let wanted = (memory_bytes / ENTRY_BYTES).max(1024);
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            entries: vec![Entry::default(); size],
            mask: size - 2,
        }
    }

    /// Forgets every stored position.
    pub(super) fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    fn index(&self, player: u64, opponent: u64) -> usize {
        let hash = player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ opponent.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        ((hash ^ (hash >> 31)) as usize) & self.mask
    }

    /// The entry for this position, if the table holds it.
    #[inline]
    pub(super) fn probe(&self, player: u64, opponent: u64) -> Option<Entry> {
        let index = self.index(player, opponent);
        self.entries[index..index + 2]
            .iter()
            .find(|entry| {
                entry.player == player && entry.opponent == opponent && entry.empties != 0
            })
            .copied()
    }

    /// Records bounds for a position: narrows an existing entry; otherwise the first slot of
    /// the bucket keeps the deepest position seen (the old one moves to the second slot) and
    /// the second slot takes everything else.
    pub(super) fn store(
        &mut self,
        player: u64,
        opponent: u64,
        empties: u32,
        lower: i32,
        upper: i32,
        best: u32,
    ) {
        let index = self.index(player, opponent);
        let bucket = &mut self.entries[index..index + 2];
        for entry in bucket.iter_mut() {
            if entry.player == player && entry.opponent == opponent && entry.empties != 0 {
                entry.lower = entry.lower.max(lower as i8);
                entry.upper = entry.upper.min(upper as i8);
                entry.best = best as u8;
                return;
            }
        }
        let entry = Entry {
            player,
            opponent,
            lower: lower as i8,
            upper: upper as i8,
            best: best as u8,
            empties: empties as u8,
        };
        if empties >= u32::from(bucket[0].empties) {
            bucket[1] = bucket[0];
            bucket[0] = entry;
        } else {
            bucket[1] = entry;
        }
    }
}
