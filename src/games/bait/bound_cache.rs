//! A bounded memo of [`BaitEval::state_aware_lower_bound`] for A*: the same values, without its
//! searches.
//!
//! The bound reads the boxes, the present holes, keys and goals and the key flag (the state's
//! *configuration*), and then only the avatar's cell. What the searches compute depends on even
//! less: the blocked cells, which follow from the frozen boxes and the holes no box can reach.
//! Level 3's A* meets about 1.7 million configurations in 8 million calls, but only 509 sets of
//! frozen boxes and 512 distinct blocked sets. So the cache keeps three exact maps (keys are
//! compared whole, never by fingerprint):
//!
//! 1. configuration -> table, for the last few configurations: [`RECENT_SLOTS`] direct-mapped
//!    slots, a new configuration overwriting the slot's old one. Sibling states mostly share
//!    their configuration (57% hits on level 3); 64 times more slots measured no faster, their
//!    cache misses costing what the extra hits save;
//! 2. frozen boxes -> for each open cell, the holes a box there could reach ([`box_reach`] with
//!    those frozen boxes, as hole item ids). Box reach is a closure over pushes whose legality
//!    depends only on the walls and the frozen boxes, so the reach of several boxes is the union
//!    of each one's, and the blocked cells of a configuration cost one [`frozen_boxes`] and one
//!    union per movable box instead of a search;
//! 3. (frozen boxes, unreachable holes, present keys and goals, key flag) -> the bound from
//!    every avatar cell, [`BaitEval::state_aware_bounds`].
//!
//! Memory: [`StateBoundCache::memory_bytes`] stays below the `budget_bytes` given to
//! [`StateBoundCache::new`] (or the floor of [`RECENT_SLOTS`] slots and one row of each other
//! map, for a tiny budget): map 1 is fixed, maps 2 and 3 split what is left and cap their rows
//! accordingly. A full map 2 is emptied; a full map 3 is emptied with map 1, which points into
//! it. Emptying costs only recomputation. Bytes are estimated in the spirit of
//! [`crate::search::node_store`]: vector capacities, and hash tables by capacity (entry, control
//! byte, an eighth for the load factor); the row caps leave room for a hash table to double.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::bits::Bits256;
use super::eval::{box_reach, frozen_boxes, BaitEval};
use super::level::{Cell, Item};
use super::state::{BaitState, Outcome};
use crate::hash::{hash_words, WordHasher};

/// Slots of map 1 (a power of two).
pub const RECENT_SLOTS: usize = 1024;

/// The stored bound of an avatar cell with no way to win.
const INFINITE: u16 = u16::MAX;

/// A slot of map 1: a configuration (the state's layout words keeping the boxes and the present
/// holes, keys and goals, then the key flag) and the id of its table, or [`NO_TABLE`] when the
/// slot is empty.
#[derive(Clone, Copy)]
struct RecentSlot {
    config: [u64; 5],
    table: u32,
}

/// The `table` of an empty slot.
const NO_TABLE: u32 = u32::MAX;

const EMPTY_SLOT: RecentSlot = RecentSlot {
    config: [0; 5],
    table: NO_TABLE,
};

/// What map 3 is keyed by, which determines everything [`BaitEval::state_aware_bounds`] reads:
/// the frozen boxes, the item ids of the present keys and goals and of the holes no box can
/// reach (together with the frozen boxes, the blocked cells), and the key flag.
#[derive(Clone, Copy, PartialEq, Eq)]
struct TableKey {
    frozen: Bits256,
    items: Bits256,
    has_key: bool,
}

impl Hash for TableKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for word in self.frozen.words().into_iter().chain(self.items.words()) {
            state.write_u64(word);
        }
        state.write_u64(u64::from(self.has_key));
    }
}

/// Map 2's key: a set of frozen boxes, hashed word by word.
#[derive(Clone, Copy, PartialEq, Eq)]
struct FrozenKey(Bits256);

impl Hash for FrozenKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for word in self.0.words() {
            state.write_u64(word);
        }
    }
}

type WordMap<K> = HashMap<K, u32, BuildHasherDefault<WordHasher>>;

/// The set of indices below `n`.
fn all_cells(n: usize) -> Bits256 {
    Bits256::from_iter((0..n).map(|i| i as u8))
}

/// Estimated bytes of a hash map from `K` to `u32` with room for `capacity` entries.
fn map_bytes<K>(capacity: usize) -> usize {
    let entry = std::mem::size_of::<(K, u32)>() + 1;
    capacity * entry + capacity * entry / 7
}

/// Makes room in `vec` for `additional` more elements, doubling its capacity but never past
/// `most` (which the caller keeps the length within).
fn grow_within<T>(vec: &mut Vec<T>, additional: usize, most: usize) {
    if vec.len() + additional > vec.capacity() {
        let target =
            (2 * vec.capacity()).clamp(vec.len() + additional, most.max(vec.len() + additional));
        vec.reserve_exact(target - vec.len());
    }
}

/// The memo; see the module notes. Build one per level and search; feed it states of that
/// level only.
pub struct StateBoundCache {
    eval: BaitEval,
    /// Open cells of the level: the length of each reach row and bound table.
    stride: usize,
    /// Item ids of the holes, keys and goals: the items the bound reads.
    holes: Bits256,
    keys_and_goals: Bits256,
    /// The layout bits the bound reads: every box bit, and the holes', keys' and goals'.
    relevant_layout: Bits256,
    /// Map 1.
    recent: Vec<RecentSlot>,
    /// Map 2: frozen boxes -> row of `reach` (`stride` sets of hole ids per row, by open cell).
    reach_rows: WordMap<FrozenKey>,
    reach: Vec<Bits256>,
    max_reach_rows: usize,
    /// Map 3: table key -> row of `bounds` (`stride` bounds per row, by avatar cell).
    table_rows: WordMap<TableKey>,
    bounds: Vec<u16>,
    max_tables: usize,
}

impl StateBoundCache {
    /// A cache for the level of `eval` holding at most `budget_bytes` (see the module notes).
    pub fn new(eval: BaitEval, budget_bytes: u64) -> StateBoundCache {
        let level = eval.level();
        let stride = level.open_cells();
        let budget = usize::try_from(budget_bytes).unwrap_or(usize::MAX);
        let rest = budget.saturating_sub(RECENT_SLOTS * std::mem::size_of::<RecentSlot>());
        let reach_row = stride * std::mem::size_of::<Bits256>() + 2 * map_bytes::<FrozenKey>(1);
        let table_row = stride * std::mem::size_of::<u16>() + 2 * map_bytes::<TableKey>(1);
        let holes = level.items_of(Item::Hole);
        let keys_and_goals = level.items_of(Item::Key).or(&level.items_of(Item::Goal));
        StateBoundCache {
            stride,
            holes,
            keys_and_goals,
            relevant_layout: all_cells(level.open_cells())
                .or(&holes.or(&keys_and_goals).shifted_up(level.open_cells())),
            recent: vec![EMPTY_SLOT; RECENT_SLOTS],
            reach_rows: WordMap::default(),
            reach: Vec::new(),
            max_reach_rows: (rest / 2 / reach_row).max(1),
            table_rows: WordMap::default(),
            bounds: Vec::new(),
            max_tables: (rest / 2 / table_row).max(1),
            eval,
        }
    }

    /// [`BaitEval::state_aware_lower_bound`] of `state`.
    pub fn lower_bound(&mut self, state: &BaitState) -> Option<u32> {
        match state.outcome() {
            Outcome::Won => return Some(0),
            Outcome::Lost => return None,
            Outcome::Running => {}
        }
        // Word by word, in registers: a configuration spilled as words and read back as wider
        // vectors stalls store-to-load forwarding, which cost more than the rest of a hit.
        let l = state.layout.words();
        let m = self.relevant_layout.words();
        let config = [
            l[0] & m[0],
            l[1] & m[1],
            l[2] & m[2],
            l[3] & m[3],
            u64::from(state.has_key()),
        ];
        let hash = hash_words(&config);
        let index = (hash >> 32) as usize & (RECENT_SLOTS - 1);
        let slot = &self.recent[index];
        let differ = (0..5).fold(0, |d, w| d | (slot.config[w] ^ config[w]));
        let table = if differ == 0 && slot.table != NO_TABLE {
            slot.table
        } else {
            let table = self.table_of(state);
            self.recent[index] = RecentSlot { config, table };
            table
        };
        let bound = self.bounds[table as usize * self.stride + usize::from(state.avatar_cell())];
        (bound != INFINITE).then_some(u32::from(bound))
    }

    /// Bytes held (see the module notes).
    pub fn memory_bytes(&self) -> u64 {
        (self.recent.capacity() * std::mem::size_of::<RecentSlot>()
            + map_bytes::<FrozenKey>(self.reach_rows.capacity())
            + self.reach.capacity() * std::mem::size_of::<Bits256>()
            + map_bytes::<TableKey>(self.table_rows.capacity())
            + self.bounds.capacity() * std::mem::size_of::<u16>()) as u64
    }

    /// The id of the bound table of `state`'s configuration, computing what is missing.
    fn table_of(&mut self, state: &BaitState) -> u32 {
        let boxes = state.boxes();
        let frozen = frozen_boxes(self.eval.level(), &boxes);
        let row = self.reach_row(&frozen) * self.stride;
        let mut reachable = Bits256::EMPTY;
        for (w, mut word) in boxes.and_not(&frozen).words().into_iter().enumerate() {
            while word != 0 {
                let cell = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                reachable = reachable.or(&self.reach[row + cell]);
            }
        }
        let dead_holes = state.items().and(&self.holes).and_not(&reachable);
        let key = TableKey {
            frozen,
            items: dead_holes.or(&state.items().and(&self.keys_and_goals)),
            has_key: state.has_key(),
        };
        if let Some(&table) = self.table_rows.get(&key) {
            return table;
        }
        if self.table_rows.len() >= self.max_tables {
            self.table_rows = WordMap::default();
            self.bounds = Vec::new();
            self.recent.fill(EMPTY_SLOT);
        }
        let level = &**self.eval.level();
        let mut blocked = frozen;
        for id in dead_holes.iter() {
            blocked.insert(level.item_cell(id));
        }
        let map = self
            .eval
            .state_aware_bounds(&blocked, &state.items(), state.has_key());
        let table = self.table_rows.len() as u32;
        grow_within(&mut self.bounds, self.stride, self.max_tables * self.stride);
        // Bounds are below 2 * 256 (two walks through at most 256 cells each).
        self.bounds.extend(
            (0..self.stride as Cell).map(|cell| map.get(cell).map_or(INFINITE, |b| b as u16)),
        );
        self.table_rows.insert(key, table);
        table
    }

    /// The row of map 2 for the frozen boxes `frozen`, computing it if missing.
    fn reach_row(&mut self, frozen: &Bits256) -> usize {
        if let Some(&row) = self.reach_rows.get(&FrozenKey(*frozen)) {
            return row as usize;
        }
        if self.reach_rows.len() >= self.max_reach_rows {
            self.reach_rows = WordMap::default();
            self.reach = Vec::new();
        }
        let level = &**self.eval.level();
        let row = self.reach_rows.len();
        grow_within(
            &mut self.reach,
            self.stride,
            self.max_reach_rows * self.stride,
        );
        let holes = self.holes;
        self.reach.extend((0..self.stride as Cell).map(|cell| {
            let single: Bits256 = [cell].into_iter().collect();
            let cells = box_reach(level, &single, frozen);
            holes
                .iter()
                .filter(|&id| cells.contains(level.item_cell(id)))
                .collect::<Bits256>()
        }));
        self.reach_rows.insert(FrozenKey(*frozen), row as u32);
        row
    }
}
