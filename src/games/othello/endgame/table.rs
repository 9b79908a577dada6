//! The endgame solver's transposition table: bounds on positions' exact scores with their best
//! moves, in two-slot buckets of one cache line each (the first slot keeps the deepest position,
//! the second takes everything else), indexed by a multiplicative hash of the two bitboards.
//!
//! Two regions: positions with fewer than [`SHALLOW_BELOW`] empties, the most numerous and the
//! most often probed, hash into the first 1/[`SHALLOW_SHARE`] of the buckets, the others into the
//! rest. The shallow probes then stay within a few MiB: fewer TLB misses where the memory has no
//! huge pages and no prefetch (wasm: FFO #40 in 0.95x to 0.98x the time), and the short-lived
//! shallow entries no longer evict deep ones (natively FFO #40-#49 in 0.98x the CPU, with 2 % more
//! nodes). A shallow region inside the whole table, sharing buckets with deep positions, was
//! slower natively (1.1x). On Linux only the shallow region asks for huge pages: asking for all
//! of a 256 MiB table cost 0.5 to 1.2 s of system time per process where the kernel compacts
//! memory to find them (BENCHMARKS.md, issue 23), for no measured gain on the deep probes.

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

/// Two slots that share one cache line, so a probe reads one line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 2]);

/// Bytes per bucket, for sizing.
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

/// The table: a power of two of buckets of two entries.
pub(super) struct Table {
    buckets: Vec<Bucket>,
    /// Selects a bucket of the shallow region (the first buckets) from a hash.
    shallow_mask: usize,
    /// Buckets in the deep region, which follows the shallow one.
    deep_len: u64,
}

/// Positions with fewer empties than this go to the shallow region.
const SHALLOW_BELOW: u32 = 11;
/// The shallow region is this fraction of the buckets (a power of two).
const SHALLOW_SHARE: usize = 32;

impl Table {
    /// A table of at most `memory_bytes` (rounded down to a power of two of 64-byte buckets of
    /// two entries, at least 512 buckets). On Linux the shallow region's memory is advised to use
    /// huge pages.
    pub(super) fn new(memory_bytes: usize) -> Table {
        let wanted = (memory_bytes / BUCKET_BYTES).max(512);
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let shallow_len = size / SHALLOW_SHARE;
        let mut buckets = Vec::with_capacity(size);
        advise_huge_pages(&buckets, shallow_len);
        buckets.resize(size, Bucket::default());
        Table {
            buckets,
            shallow_mask: shallow_len - 1,
            deep_len: (size - shallow_len) as u64,
        }
    }

    /// Forgets every stored position.
    pub(super) fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
    }

    /// The position's bucket: in the shallow region by the hash's low bits, or in the deep one
    /// by its high 32 bits scaled to the region's length (a multiplication, no division).
    #[inline]
    fn index(&self, player: u64, opponent: u64) -> usize {
        let hash = player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ opponent.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        let hash = hash ^ (hash >> 31);
        if (!(player | opponent)).count_ones() < SHALLOW_BELOW {
            hash as usize & self.shallow_mask
        } else {
            self.shallow_mask + 1 + (((hash >> 32) * self.deep_len) >> 32) as usize
        }
    }

    /// The entry for this position, if the table holds it.
    #[inline]
    pub(super) fn probe(&self, player: u64, opponent: u64) -> Option<Entry> {
        let index = self.index(player, opponent);
        self.buckets[index]
            .0
            .iter()
            .find(|entry| {
                entry.player == player && entry.opponent == opponent && entry.empties != 0
            })
            .copied()
    }

    /// Starts loading this position's bucket into the cache, so that a later [`Table::probe`]
    /// or [`Table::store`] finds it there (a hint: no effect on the results; none in wasm).
    #[inline(always)]
    pub(super) fn prefetch(&self, player: u64, opponent: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = &self.buckets[self.index(player, opponent)];
            // SAFETY: a prefetch only hints the cache; it never faults and reads no value.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (player, opponent);
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
        let bucket = &mut self.buckets[index].0;
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

/// Asks Linux to back the first `len` elements of `buffer`'s (not yet touched) capacity with
/// transparent huge pages, which spares the random probes there most TLB misses. Advice only: a
/// kernel that declines (or has huge pages off) leaves ordinary pages, with the same results.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(buffer: &Vec<T>, len: usize) {
    use std::ffi::{c_int, c_void};
    extern "C" {
        fn madvise(address: *mut c_void, length: usize, advice: c_int) -> c_int;
    }
    const MADV_HUGEPAGE: c_int = 14;
    const PAGE: usize = 4096;
    let start = buffer.as_ptr() as usize;
    let end = start + len.min(buffer.capacity()) * std::mem::size_of::<T>();
    let first_page = (start + PAGE - 1) & !(PAGE - 1);
    if end > first_page {
        // SAFETY: the range lies inside the vector's own allocation; MADV_HUGEPAGE changes
        // neither its contents nor its mapping, only how the kernel backs it.
        unsafe {
            madvise(first_page as *mut c_void, end - first_page, MADV_HUGEPAGE);
        }
    }
}

/// Huge pages are only requested on Linux.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_buffer: &Vec<T>, _len: usize) {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A random position with `empties` empty squares.
    fn position(rng: &mut Rng, empties: u32) -> (u64, u64) {
        let mut empty = 0u64;
        while empty.count_ones() < empties {
            empty |= 1 << rng.index(64);
        }
        let player = rng.next_u64() & !empty;
        (player, !empty & !player)
    }

    #[test]
    fn shallow_positions_stay_in_the_first_buckets_and_deep_ones_fill_the_rest() {
        let table = Table::new(1 << 20);
        let size = table.buckets.len();
        let shallow_len = size / SHALLOW_SHARE;
        let mut rng = Rng::new(7);
        let mut deep_seen = vec![false; size];
        for empties in 1..=30 {
            for _ in 0..2_000 {
                let (player, opponent) = position(&mut rng, empties);
                let index = table.index(player, opponent);
                if empties < SHALLOW_BELOW {
                    assert!(index < shallow_len, "{empties} empties: bucket {index}");
                } else {
                    assert!(
                        (shallow_len..size).contains(&index),
                        "{empties} empties: bucket {index}"
                    );
                    deep_seen[index] = true;
                }
            }
        }
        // 40,000 deep positions over 15,872 buckets: both ends of the deep region are reached.
        assert!(deep_seen[shallow_len..shallow_len + 64]
            .iter()
            .any(|&seen| seen));
        assert!(deep_seen[size - 64..].iter().any(|&seen| seen));
    }

    #[test]
    fn a_stored_position_is_found_in_either_region() {
        let mut table = Table::new(1 << 20);
        let mut rng = Rng::new(11);
        for empties in [8, 10, 11, 20] {
            let (player, opponent) = position(&mut rng, empties);
            table.store(player, opponent, empties, -4, 6, 19);
            let entry = table.probe(player, opponent).expect("stored");
            assert_eq!((entry.lower, entry.upper, entry.best), (-4, 6, 19));
        }
    }
}
