//! Storage shared by the puzzle searches (BFS, DFS, DLS, A*): a node store that maps each
//! state's [`Puzzle::key`](crate::game::Puzzle::key) to a dense id and keeps a small value per
//! state (parent pointer and depth for BFS and A*, so plans are rebuilt rather than stored), and
//! an explicit depth-first path stack. Each part reports the bytes it holds so that searches can
//! enforce [`Limits::max_memory_bytes`](super::Limits).
//!
//! Memory estimate: the capacity of every vector times its element size (`size_of`), so a growth
//! step shows at once, plus the heap bytes owned by the stored keys and the states on a path
//! ([`Puzzle::key_heap_bytes`](crate::game::Puzzle::key_heap_bytes),
//! [`Game::heap_bytes`]), as their games report them.
//! Per stored state: about 13 bytes of table (8-byte slots at load 1/2 to 3/4) plus one record
//! of key and value (`size_of::<(P::Key, V)>()`, or 8 bytes of fingerprint and the value).
//!
//! With [`KeyMode::Fingerprint`] the store keeps a 64-bit hash of each key instead of the key
//! ("hash compaction", Stern and Dill, *Improved probabilistic verification by hash
//! compaction*, 1995).

use std::hash::Hash;

use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::hash::hash_of;

/// How a search recognises states it has seen before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeyMode {
    /// Keep every key: exact, `size_of::<P::Key>()` bytes per state.
    #[default]
    Exact,
    /// Keep a 64-bit fingerprint of each key: 8 bytes per state whatever the key's size. Two
    /// different states are taken for one with probability about `n² / 2⁶⁵` over `n` stored
    /// states (about 4e-5 for 40 million); such a merge can hide a plan or lengthen it.
    Fingerprint,
}

/// The records of a [`NodeStore`], indexed by id: each key (or its fingerprint, as two `u32` so
/// that the record keeps the value's alignment) beside its value.
enum Records<K, V> {
    Exact(Vec<(K, V)>),
    Fingerprint(Vec<([u32; 2], V)>),
}

/// The result of [`NodeStore::find_or_insert`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lookup {
    /// The key was there already, with this id.
    Found(u32),
    /// The key is new and got this id (ids are handed out 0, 1, 2, ...).
    Inserted(u32),
}

/// Smallest table, in slots.
const MIN_SLOTS: usize = 64;

/// Smallest number of records allocated at once.
const MIN_RECORDS: usize = 64;

/// Whether a table of `slots` slots may hold `len` keys (load below 3/4, so probes end).
fn fits(len: usize, slots: usize) -> bool {
    len * 4 < slots * 3
}

/// The states a search has seen: a map from key to a dense id (in insertion order) with a value
/// `V` per state (a parent pointer, a depth), kept beside the key so that a lookup that finds a
/// state touches one record.
///
/// The index is an open-addressing table with linear probing; each 8-byte slot holds the low 32
/// bits of the key's hash, which place it (Lemire's multiply-shift), and the id. Tables grow by
/// half, re-placing slots in order without touching the records.
pub(crate) struct NodeStore<K, V> {
    /// 0 = empty, else `(hash & 0xFFFF_FFFF) << 32 | (id + 1)`.
    slots: Vec<u64>,
    records: Records<K, V>,
    /// Heap bytes owned by the stored keys (0 with fingerprints, which keep no key).
    key_heap: u64,
}

impl<K: Hash + Eq, V> NodeStore<K, V> {
    pub(crate) fn new(mode: KeyMode) -> Self {
        NodeStore {
            slots: vec![0; MIN_SLOTS],
            records: match mode {
                KeyMode::Exact => Records::Exact(Vec::new()),
                KeyMode::Fingerprint => Records::Fingerprint(Vec::new()),
            },
            key_heap: 0,
        }
    }

    /// Number of states stored.
    pub(crate) fn len(&self) -> usize {
        match &self.records {
            Records::Exact(records) => records.len(),
            Records::Fingerprint(records) => records.len(),
        }
    }

    fn record_bytes(&self) -> usize {
        match &self.records {
            Records::Exact(_) => std::mem::size_of::<(K, V)>(),
            Records::Fingerprint(_) => std::mem::size_of::<([u32; 2], V)>(),
        }
    }

    fn record_capacity(&self) -> usize {
        match &self.records {
            Records::Exact(records) => records.capacity(),
            Records::Fingerprint(records) => records.capacity(),
        }
    }

    /// Bytes held: the table's slots, the records and the heap bytes of the stored keys.
    pub(crate) fn memory_bytes(&self) -> u64 {
        (self.slots.capacity() * 8 + self.record_capacity() * self.record_bytes()) as u64
            + self.key_heap
    }

    /// The value of state `id`.
    pub(crate) fn value(&self, id: u32) -> &V {
        match &self.records {
            Records::Exact(records) => &records[id as usize].1,
            Records::Fingerprint(records) => &records[id as usize].1,
        }
    }

    /// The value of state `id`, to change it.
    pub(crate) fn value_mut(&mut self, id: u32) -> &mut V {
        match &mut self.records {
            Records::Exact(records) => &mut records[id as usize].1,
            Records::Fingerprint(records) => &mut records[id as usize].1,
        }
    }

    /// Makes room for `additional` more states now, so that inserting them allocates nothing,
    /// if the bytes this adds are at most `headroom`. False (and nothing changed) otherwise.
    pub(crate) fn reserve(&mut self, additional: usize, headroom: u64) -> bool {
        let needed = self.len() + additional;
        let mut slots = self.slots.len();
        while !fits(needed, slots) {
            slots += slots / 2;
        }
        let capacity = self.record_capacity();
        let records = if needed > capacity {
            needed.max(capacity + capacity / 2).max(MIN_RECORDS)
        } else {
            capacity
        };
        let added = (slots - self.slots.len()) * 8 + (records - capacity) * self.record_bytes();
        if added as u64 > headroom {
            return false;
        }
        if slots > self.slots.len() {
            self.resize_table(slots);
        }
        let more = records - self.len();
        match &mut self.records {
            Records::Exact(records) => records.reserve_exact(more),
            Records::Fingerprint(records) => records.reserve_exact(more),
        }
        true
    }

    /// The id of `key`, inserting it with `value` if it is new (growing the table if
    /// [`NodeStore::reserve`] did not make room). `key_heap` is the heap bytes the key owns,
    /// counted while the key is kept. `None` when no id is left (2³² - 1 keys), which searches
    /// report as the memory limit.
    pub(crate) fn find_or_insert(&mut self, key: K, key_heap: usize, value: V) -> Option<Lookup> {
        let hash = hash_of(&key);
        let low = hash & 0xFFFF_FFFF;
        let mut position = slot_of(low, self.slots.len());
        loop {
            let slot = self.slots[position];
            if slot == 0 {
                break;
            }
            if slot >> 32 == low {
                let id = (slot as u32) - 1;
                let same = match &self.records {
                    Records::Exact(records) => records[id as usize].0 == key,
                    Records::Fingerprint(records) => records[id as usize].0 == split(hash),
                };
                if same {
                    return Some(Lookup::Found(id));
                }
            }
            position += 1;
            if position == self.slots.len() {
                position = 0;
            }
        }
        let id = u32::try_from(self.len()).ok().filter(|&id| id < u32::MAX)?;
        if !fits(self.len() + 1, self.slots.len()) {
            let size = self.slots.len() + self.slots.len() / 2;
            self.resize_table(size);
            position = slot_of(low, size);
            while self.slots[position] != 0 {
                position = if position + 1 == size {
                    0
                } else {
                    position + 1
                };
            }
        }
        self.slots[position] = (low << 32) | (id as u64 + 1);
        match &mut self.records {
            Records::Exact(records) => {
                self.key_heap += key_heap as u64;
                push_gently(records, (key, value))
            }
            Records::Fingerprint(records) => push_gently(records, (split(hash), value)),
        }
        Some(Lookup::Inserted(id))
    }

    /// Re-places every slot in a table of `size` slots. Slots are visited in order and their
    /// homes are monotone in the stored hash bits, so the writes run almost sequentially.
    fn resize_table(&mut self, size: usize) {
        let mut slots = vec![0u64; size];
        for &slot in self.slots.iter().filter(|&&slot| slot != 0) {
            let mut position = slot_of(slot >> 32, size);
            while slots[position] != 0 {
                position = if position + 1 == size {
                    0
                } else {
                    position + 1
                };
            }
            slots[position] = slot;
        }
        self.slots = slots;
    }
}

/// A 64-bit fingerprint as two `u32`.
fn split(hash: u64) -> [u32; 2] {
    [hash as u32, (hash >> 32) as u32]
}

/// The home slot of the low 32 hash bits of `low` in a table of `size` slots (at most 2³²,
/// so the 64-bit product cannot overflow; a wider one would be a library call in wasm).
fn slot_of(low: u64, size: usize) -> usize {
    (((low & 0xFFFF_FFFF) * size as u64) >> 32) as usize
}

/// Pushes onto `vec`, growing its capacity by half (not doubling) so that large searches waste
/// at most a third of the vector.
pub(crate) fn push_gently<T>(vec: &mut Vec<T>, value: T) {
    if vec.len() == vec.capacity() {
        vec.reserve_exact((vec.len() / 2).max(MIN_RECORDS));
    }
    vec.push(value);
}

/// No parent: the root.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// How a state was reached: the value a [`NodeStore`] keeps per state for BFS and A*.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<A> {
    /// Id of the state it was reached from, or [`NO_PARENT`].
    pub(crate) parent: u32,
    /// Actions from the root (g).
    pub(crate) depth: u32,
    /// The action from the parent; `None` at the root.
    pub(crate) action: Option<A>,
    /// Expanded (or proved dead) and never to be queued again (A*).
    pub(crate) closed: bool,
}

impl<K: Hash + Eq, A: Copy> NodeStore<K, Node<A>> {
    /// The actions from the root to state `id`, following parent pointers (so no search stores
    /// whole paths).
    pub(crate) fn path_to(&self, id: u32) -> Vec<A> {
        let mut path = Vec::with_capacity(self.value(id).depth as usize);
        let mut current = id;
        while current != NO_PARENT {
            let node = self.value(current);
            path.extend(node.action);
            current = node.parent;
        }
        path.reverse();
        path
    }
}

impl<K: Hash + Eq, A: Copy> NodeStore<K, Node<A>> {
    /// State `id`, its parent and the action between them (no action at the root).
    pub(crate) fn path_end(&self, id: u32) -> super::PathEnd<A> {
        let node = self.value(id);
        super::PathEnd {
            node: id,
            parent: node.parent,
            action: node.action,
        }
    }

    /// Writes the path to state `id` into `line` ([`NodeStore::path_to`]'s actions), walking the
    /// parent links only up to the first node `line` already has at that depth (ids are never
    /// reused, so the rest of the path is the same); [`super::Line::kept`] tells how far.
    pub(crate) fn update_path(&self, id: u32, line: &mut super::Line<A>) {
        let depth = self.value(id).depth as usize;
        if line.nodes.len() != line.actions.len() || line.stamp.is_some() {
            line.actions.clear();
            line.nodes.clear();
            line.stamp = None;
        }
        line.actions.truncate(depth);
        line.nodes.truncate(depth);
        line.kept = 0;
        let mut current = id;
        let mut at = depth;
        while current != NO_PARENT && at > 0 {
            if line.nodes.get(at - 1) == Some(&current) {
                line.kept = at;
                break;
            }
            let node = self.value(current);
            let Some(action) = node.action else {
                break;
            };
            if at > line.nodes.len() {
                line.nodes.resize(at, NO_PARENT);
                line.actions.resize(at, action);
            }
            line.nodes[at - 1] = current;
            line.actions[at - 1] = action;
            current = node.parent;
            at -= 1;
        }
    }
}

/// One state on a [`PathStack`] with its legal actions `actions[start..end]`, of which
/// `actions[next..end]` are untried.
struct Frame<S> {
    state: S,
    start: usize,
    next: usize,
    end: usize,
}

/// The current path of a depth-first search, as a recursive search would hold it on its call
/// stack: each state with its legal actions (kept in one shared buffer) and a cursor to the next
/// untried one. Children are produced lazily in legal-action order.
pub(crate) struct PathStack<S: Game> {
    frames: Vec<Frame<S>>,
    /// Heap bytes owned by the states on the path ([`Game::heap_bytes`]).
    state_heap: u64,
    actions: Vec<S::Action>,
    /// Reused output buffer for `legal_actions` (which clears what it is given).
    scratch: Vec<S::Action>,
}

impl<S: Game> PathStack<S> {
    pub(crate) fn new() -> Self {
        PathStack {
            frames: Vec::new(),
            state_heap: 0,
            actions: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Number of states on the path; a child of the deepest one has this depth.
    pub(crate) fn len(&self) -> usize {
        self.frames.len()
    }

    /// Puts `state` at the end of the path and lists its legal actions.
    pub(crate) fn push(&mut self, state: S) {
        state.legal_actions(&mut self.scratch);
        let start = self.actions.len();
        self.actions.extend_from_slice(&self.scratch);
        self.state_heap += state.heap_bytes() as u64;
        self.frames.push(Frame {
            state,
            start,
            next: start,
            end: self.actions.len(),
        });
    }

    /// The deepest state on the path.
    pub(crate) fn top(&self) -> Option<&S> {
        self.frames.last().map(|frame| &frame.state)
    }

    /// Applies the deepest state's next untried action and returns it with the child, first
    /// dropping states whose actions are all tried (backtracking), each handed to `dropped` with
    /// its depth. `None` once the path is empty.
    pub(crate) fn next_child(
        &mut self,
        mut dropped: impl FnMut(&S, u32),
    ) -> Option<(S::Action, S)> {
        loop {
            let frame = self.frames.last_mut()?;
            if frame.next < frame.end {
                let action = self.actions[frame.next];
                frame.next += 1;
                return Some((action, frame.state.child(action)));
            }
            self.actions.truncate(frame.start);
            if let Some(frame) = self.frames.pop() {
                self.state_heap -= frame.state.heap_bytes() as u64;
                dropped(&frame.state, self.frames.len() as u32);
            }
        }
    }

    /// The states on the path, root first.
    pub(crate) fn states(&self) -> impl Iterator<Item = &S> {
        self.frames.iter().map(|frame| &frame.state)
    }

    /// The actions from the root to the deepest state.
    pub(crate) fn path(&self) -> Vec<S::Action> {
        let inner = self.frames.len().saturating_sub(1);
        self.frames[..inner]
            .iter()
            .map(|frame| self.actions[frame.next - 1])
            .collect()
    }

    /// Writes into `out` the actions from the root to the child last returned by
    /// [`PathStack::next_child`] (which is not on the path).
    pub(crate) fn path_to_last_child(&self, out: &mut Vec<S::Action>) {
        out.clear();
        out.extend(self.frames.iter().map(|frame| self.actions[frame.next - 1]));
    }

    pub(crate) fn memory_bytes(&self) -> u64 {
        ((self.frames.capacity()) * std::mem::size_of::<Frame<S>>()
            + (self.actions.capacity() + self.scratch.capacity())
                * std::mem::size_of::<S::Action>()) as u64
            + self.state_heap
    }
}
