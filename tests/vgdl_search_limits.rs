//! A search on a VGDL game stops with "limit reached" under a small memory cap: the estimate
//! counts the states' and keys' sprite lists, wherever they are stored.

use std::rc::Rc;

use searchlab::game::Game;
use searchlab::games::vgdl::{Description, VgdlState, World};
use searchlab::search::bfs::{Bfs, BfsOptions};
use searchlab::search::node_store::KeyMode;
use searchlab::search::{Limit, Limits, Progress, Search};

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/vgdl");

fn level(game: &str, level: usize) -> VgdlState {
    let text = std::fs::read_to_string(format!("{SHARED}/{game}/{game}.vgdl.txt"))
        .unwrap_or_else(|e| panic!("reference data missing: {SHARED}/{game}: {e}"));
    let description = Rc::new(Description::parse(&text).unwrap());
    let text = std::fs::read_to_string(format!("{SHARED}/{game}/{game}_lvl{level}.txt")).unwrap();
    VgdlState::new(Rc::new(World::parse(description, &text).unwrap()))
}

#[test]
fn a_small_memory_cap_stops_a_vgdl_bfs_with_limit_reached() {
    let cap = 256 << 10;
    let options = BfsOptions {
        limits: Limits {
            max_nodes: u64::MAX,
            max_memory_bytes: cap,
        },
        keys: KeyMode::Exact,
    };
    let root = level("sokoban", 1);
    let mut bfs = Bfs::new(root.clone(), options);
    assert_eq!(bfs.step(u64::MAX), Progress::LimitReached(Limit::Memory));
    let stored = bfs.stats().stored;
    assert!(stored > 100, "stopped after {stored} states");
    // The estimate passes the cap by at most one expansion's children (four keys and states).
    assert!(bfs.memory_bytes() <= cap + 64 * (root.heap_bytes() as u64 + 256));
}
