//! A search on a VGDL game stops with "limit reached" under a small memory cap, and its memory
//! estimate counts the sprite lists that states and keys hold on the heap: on colourescape
//! level 3 (44 moving sprites, past the inline list; chipschallenge 4's fit inline since fixed
//! sprites became alive bits) the estimate is at least the bytes the
//! stored keys and queued states really hold, which it would not be if the heap were left out.

use std::collections::VecDeque;
use std::mem::size_of;
use std::rc::Rc;

use searchlab::game::{Game, Puzzle};
use searchlab::games::vgdl::{Action, Description, VgdlKey, VgdlState, World};
use searchlab::games::vgdl_play::VgdlPlay;
use searchlab::search::bfs::{Bfs, BfsOptions};
use searchlab::search::node_store::KeyMode;
use searchlab::search::{Limit, Limits, Observer, Progress, Search, Visit};

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/vgdl");

fn texts(game: &str, level: usize) -> (String, String) {
    let rules = std::fs::read_to_string(format!("{SHARED}/{game}/{game}.vgdl.txt"))
        .unwrap_or_else(|e| panic!("reference data missing: {SHARED}/{game}: {e}"));
    let level = std::fs::read_to_string(format!("{SHARED}/{game}/{game}_lvl{level}.txt")).unwrap();
    (rules, level)
}

fn level(game: &str, level: usize) -> VgdlState {
    let (rules, level) = texts(game, level);
    let description = Rc::new(Description::parse(&rules).unwrap());
    VgdlState::new(Rc::new(World::parse(description, &level).unwrap()))
}

/// The heap bytes of the keys BFS stored and of the states still in its queue, as BFS reports
/// them to an observer (every generated state is stored and queued; expansions leave in order).
#[derive(Default)]
struct HeapTally {
    stored_keys: u64,
    queued: VecDeque<u64>,
}

impl Observer<VgdlState> for HeapTally {
    fn generated(&mut self, state: &VgdlState, _visit: Visit) {
        self.stored_keys += VgdlState::key_heap_bytes(&state.key()) as u64;
        self.queued.push_back(state.heap_bytes() as u64);
    }

    fn expanded(&mut self, _state: &VgdlState, _visit: Visit) {
        self.queued.pop_front();
    }
}

#[test]
fn a_small_memory_cap_stops_a_vgdl_bfs_and_counts_the_heap() {
    let cap = 256 << 10;
    let options = BfsOptions {
        limits: Limits {
            max_nodes: u64::MAX,
            max_memory_bytes: cap,
        },
        keys: KeyMode::Exact,
    };
    let root = level("colourescape", 3);
    assert!(
        root.heap_bytes() > size_of::<VgdlState>(),
        "the level must spill its sprite list"
    );
    let mut bfs = Bfs::with_observer(root.clone(), options, HeapTally::default());
    assert_eq!(bfs.step(u64::MAX), Progress::LimitReached(Limit::Memory));
    let stored = bfs.stats().stored;
    assert!(stored > 50, "stopped after {stored} states");
    let tally = bfs.observer();
    let queued = tally.queued.len() as u64;
    let held = stored * size_of::<VgdlKey>() as u64
        + tally.stored_keys
        + queued * size_of::<(VgdlState, u32)>() as u64
        + tally.queued.iter().sum::<u64>();
    assert!(tally.stored_keys > 0);
    assert!(
        bfs.memory_bytes() >= held,
        "estimate {} below the {held} bytes held by {stored} keys and {queued} queued states",
        bfs.memory_bytes()
    );
    // The estimate passes the cap by at most one expansion's children (keys and states).
    assert!(bfs.memory_bytes() <= cap + 8 * 2 * (root.heap_bytes() as u64 + 256));
}

#[test]
fn a_played_game_counts_its_sprites_and_its_last_move() {
    let (rules, text) = texts("colourescape", 3);
    let mut play = VgdlPlay::parse(&rules, &text).unwrap();
    assert_eq!(play.heap_bytes(), play.state().heap_bytes());
    assert!(play.heap_bytes() > 0);
    play.apply(Action::Nil);
    let node = play.heap_bytes() - play.state().heap_bytes();
    assert!(node > 0);
    play.apply(Action::Nil);
    assert_eq!(play.heap_bytes() - play.state().heap_bytes(), node);
    assert_eq!(
        VgdlPlay::key_heap_bytes(&play.key()),
        play.state().key().heap_bytes()
    );
}
