//! Storage shared by the puzzle searches (BFS, DFS, DLS, A*): a closed set that maps each
//! state's [`Puzzle::key`](crate::game::Puzzle::key) to a dense id, a parent-pointer arena
//! indexed by those ids, and an explicit depth-first path stack. Each part reports the bytes it
//! holds so that searches can enforce [`Limits::max_memory_bytes`](super::Limits).
//!
//! Memory estimate: the capacity of every vector times its element size (`size_of`), so a growth
//! step shows at once. Heap data owned by keys or states (a `Vec` inside a key) is not seen;
//! games should keep keys and states inline (arrays, bitsets) so that the estimate is honest.
//!
//! The closed set is an open-addressing table with linear probing whose slots hold 8 bytes (a
//! 32-bit hash tag and a 32-bit id); the keys themselves sit in a dense vector indexed by id, so
//! a table slot never holds a key and a probe touches a key only when the tags match. With
//! [`KeyMode::Fingerprint`] it keeps a 64-bit hash of each key instead of the key ("hash
//! compaction", Stern and Dill, *Improved probabilistic verification by hash compaction*, 1995).

use std::hash::{Hash, Hasher};

use serde::Serialize;

use crate::game::Game;

/// How a search recognises states it has seen before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
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

/// Odd multiplier (2⁶⁴ / φ) used to fold words into the hash.
const FOLD: u64 = 0x9E37_79B9_7F4A_7C15;
/// Second multiplier for the final avalanche.
const FINISH: u64 = 0xD6E8_FEB8_6659_FD93;
/// Starting value, so that an empty key does not hash to zero.
const SEED: u64 = 0x243F_6A88_85A3_08D3;

/// The full 128-bit product of `a` and `b`, folded to 64 bits (high half XOR low half).
fn folded_multiply(a: u64, b: u64) -> u64 {
    let product = (a as u128) * (b as u128);
    (product as u64) ^ ((product >> 64) as u64)
}

/// A fast deterministic hasher (the same on every platform and run) with a strong enough mix
/// for 64-bit fingerprints: each word is XORed in and folded through a 64x64->128 multiply.
struct KeyHasher {
    state: u64,
}

impl KeyHasher {
    fn mix(&mut self, word: u64) {
        self.state = folded_multiply(self.state ^ word, FOLD);
    }
}

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            // The tail's length goes into bits 59..62, above its at most 56 data bits.
            self.mix(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.mix(value as u64);
    }

    fn write_u16(&mut self, value: u16) {
        self.mix(value as u64);
    }

    fn write_u32(&mut self, value: u32) {
        self.mix(value as u64);
    }

    fn write_u64(&mut self, value: u64) {
        self.mix(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.mix(value as u64);
    }

    fn finish(&self) -> u64 {
        folded_multiply(self.state ^ (self.state >> 29), FINISH)
    }
}

/// The 64-bit hash of a key.
fn hash_key<K: Hash>(key: &K) -> u64 {
    let mut hasher = KeyHasher { state: SEED };
    key.hash(&mut hasher);
    hasher.finish()
}

/// What the closed set remembers of each key.
enum StoredKeys<K> {
    Exact(Vec<K>),
    Fingerprint(Vec<u64>),
}

/// The result of [`ClosedSet::find_or_insert`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lookup {
    /// The key was there already, with this id.
    Found(u32),
    /// The key is new and got this id (ids are handed out 0, 1, 2, ...).
    Inserted(u32),
}

/// Smallest table, in slots.
const MIN_SLOTS: usize = 64;

/// A set of state keys, each with a dense id in insertion order.
pub(crate) struct ClosedSet<K> {
    /// 0 = empty, else `(hash >> 32) << 32 | (id + 1)`.
    slots: Vec<u64>,
    keys: StoredKeys<K>,
}

impl<K: Hash + Eq> ClosedSet<K> {
    pub(crate) fn new(mode: KeyMode) -> Self {
        ClosedSet {
            slots: vec![0; MIN_SLOTS],
            keys: match mode {
                KeyMode::Exact => StoredKeys::Exact(Vec::new()),
                KeyMode::Fingerprint => StoredKeys::Fingerprint(Vec::new()),
            },
        }
    }

    /// Number of keys stored.
    pub(crate) fn len(&self) -> usize {
        match &self.keys {
            StoredKeys::Exact(keys) => keys.len(),
            StoredKeys::Fingerprint(prints) => prints.len(),
        }
    }

    /// Bytes held: the table's slots and the stored keys or fingerprints.
    pub(crate) fn memory_bytes(&self) -> u64 {
        let keys = match &self.keys {
            StoredKeys::Exact(keys) => keys.capacity() * std::mem::size_of::<K>(),
            StoredKeys::Fingerprint(prints) => prints.capacity() * 8,
        };
        (self.slots.capacity() * 8 + keys) as u64
    }

    /// The id of `key`, inserting it if it is new. `None` when no id is left (2³² - 1 keys),
    /// which searches report as the memory limit.
    pub(crate) fn find_or_insert(&mut self, key: K) -> Option<Lookup> {
        let hash = hash_key(&key);
        let tag = hash >> 32;
        let mut position = slot_of(hash, self.slots.len());
        loop {
            let slot = self.slots[position];
            if slot == 0 {
                break;
            }
            if slot >> 32 == tag {
                let id = (slot as u32) - 1;
                let same = match &self.keys {
                    StoredKeys::Exact(keys) => keys[id as usize] == key,
                    StoredKeys::Fingerprint(prints) => prints[id as usize] == hash,
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
        self.slots[position] = (tag << 32) | (id as u64 + 1);
        match &mut self.keys {
            StoredKeys::Exact(keys) => push_gently(keys, key),
            StoredKeys::Fingerprint(prints) => push_gently(prints, hash),
        }
        if self.len() * 4 >= self.slots.len() * 3 {
            self.grow();
        }
        Some(Lookup::Inserted(id))
    }

    /// Rebuilds the table 1.5 times larger (load stays between 1/2 and 3/4).
    fn grow(&mut self) {
        let size = self.slots.len() + self.slots.len() / 2;
        let mut slots = vec![0u64; size];
        for id in 0..self.len() {
            let hash = match &self.keys {
                StoredKeys::Exact(keys) => hash_key(&keys[id]),
                StoredKeys::Fingerprint(prints) => prints[id],
            };
            let mut position = slot_of(hash, size);
            while slots[position] != 0 {
                position += 1;
                if position == size {
                    position = 0;
                }
            }
            slots[position] = ((hash >> 32) << 32) | (id as u64 + 1);
        }
        self.slots = slots;
    }
}

/// The home slot of `hash` in a table of `size` slots (Lemire's multiply-shift on the low half).
fn slot_of(hash: u64, size: usize) -> usize {
    (((hash & 0xFFFF_FFFF) * size as u64) >> 32) as usize
}

/// Pushes onto `vec`, growing its capacity by half (not doubling) so that large searches waste
/// at most a third of the vector.
pub(crate) fn push_gently<T>(vec: &mut Vec<T>, value: T) {
    if vec.len() == vec.capacity() {
        vec.reserve_exact((vec.len() / 2).max(64));
    }
    vec.push(value);
}

/// No parent: the root.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// One state in a parent-pointer arena: how it was reached and how far it is from the root.
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

/// Parent pointers for every stored state, indexed by closed-set id. A plan is rebuilt by
/// walking from a node to the root, so no search stores whole paths.
pub(crate) struct ParentArena<A> {
    nodes: Vec<Node<A>>,
}

impl<A: Copy> ParentArena<A> {
    pub(crate) fn new() -> Self {
        ParentArena { nodes: Vec::new() }
    }

    /// Appends a node; its id is the number of nodes before it.
    pub(crate) fn push(&mut self, node: Node<A>) {
        push_gently(&mut self.nodes, node);
    }

    pub(crate) fn get(&self, id: u32) -> &Node<A> {
        &self.nodes[id as usize]
    }

    pub(crate) fn get_mut(&mut self, id: u32) -> &mut Node<A> {
        &mut self.nodes[id as usize]
    }

    /// The actions from the root to node `id`.
    pub(crate) fn path_to(&self, id: u32) -> Vec<A> {
        let mut path = Vec::with_capacity(self.get(id).depth as usize);
        let mut current = id;
        while current != NO_PARENT {
            let node = self.get(current);
            path.extend(node.action);
            current = node.parent;
        }
        path.reverse();
        path
    }

    pub(crate) fn memory_bytes(&self) -> u64 {
        (self.nodes.capacity() * std::mem::size_of::<Node<A>>()) as u64
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
    actions: Vec<S::Action>,
    /// Reused output buffer for `legal_actions` (which clears what it is given).
    scratch: Vec<S::Action>,
}

impl<S: Game> PathStack<S> {
    pub(crate) fn new() -> Self {
        PathStack {
            frames: Vec::new(),
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
    /// dropping states whose actions are all tried (backtracking). `None` once the path is empty.
    pub(crate) fn next_child(&mut self) -> Option<(S::Action, S)> {
        loop {
            let frame = self.frames.last_mut()?;
            if frame.next < frame.end {
                let action = self.actions[frame.next];
                frame.next += 1;
                return Some((action, frame.state.child(action)));
            }
            self.actions.truncate(frame.start);
            self.frames.pop();
        }
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
    }
}
