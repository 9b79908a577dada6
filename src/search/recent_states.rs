//! Recently expanded states by node id, so that a search whose frontier keeps only node ids
//! can rebuild a queued state from its nearest cached ancestor (A* with
//! [`FrontierStates::Rebuilt`](super::astar::FrontierStates::Rebuilt)).
//!
//! Direct-mapped: state `id` lives in slot `id mod SLOTS` until another id takes the slot. The
//! root is kept apart and never evicted, so every rebuild ends.
//!
//! Memory estimate: the slots (`SLOTS · size_of::<Option<(u32, P)>>()`), the root, and the heap
//! bytes ([`Game::heap_bytes`]) of every state held.

use crate::game::Game;

/// Slots in the cache: enough for the states a greedy dive revisits, small beside any search.
const SLOTS: usize = 1 << 12;

/// A fixed number of recently expanded states, looked up by node id, and the root.
pub(crate) struct RecentStates<P> {
    root: P,
    slots: Vec<Option<(u32, P)>>,
    /// Heap bytes owned by the root and the states in the slots.
    held_heap: u64,
}

impl<P: Game> RecentStates<P> {
    /// An empty cache beside `root`.
    pub(crate) fn new(root: P) -> Self {
        let mut slots = Vec::new();
        slots.resize_with(SLOTS, || None);
        RecentStates {
            held_heap: root.heap_bytes() as u64,
            root,
            slots,
        }
    }

    /// The root state.
    pub(crate) fn root(&self) -> &P {
        &self.root
    }

    /// State `id`, if it is held.
    pub(crate) fn get(&self, id: u32) -> Option<&P> {
        match &self.slots[id as usize % SLOTS] {
            Some((held, state)) if *held == id => Some(state),
            _ => None,
        }
    }

    /// Keeps `state` as state `id`, evicting whatever held its slot.
    pub(crate) fn put(&mut self, id: u32, state: P) {
        self.held_heap += state.heap_bytes() as u64;
        if let Some((_, old)) = self.slots[id as usize % SLOTS].replace((id, state)) {
            self.held_heap -= old.heap_bytes() as u64;
        }
    }

    /// Estimated bytes held (see the module documentation).
    pub(crate) fn memory_bytes(&self) -> u64 {
        (self.slots.capacity() * std::mem::size_of::<Option<(u32, P)>>() + std::mem::size_of::<P>())
            as u64
            + self.held_heap
    }
}
