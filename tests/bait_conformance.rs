//! Bait passes the shared conformance checks on the page's levels (`www/levels/`) and GVGAI's
//! (`../shared/bait/levels/`), its text form (`games::bait::text`, what the worker receives)
//! reading back to every state of every walk.

mod bait_common;

use std::rc::Rc;

use bait_common::official_level;
use searchlab::conformance::{check_game_with, text_round_trip, Walks};
use searchlab::games::bait::{BaitState, Level, GVGAI_TICK_LIMIT};

/// Past GVGAI's tick limit, so every walk ends.
const WALKS: Walks = Walks {
    seeds: 64,
    max_steps: GVGAI_TICK_LIMIT as usize + 10,
};

fn check(name: &str, level: Rc<Level>) {
    let report = check_game_with(&BaitState::new(level), WALKS, text_round_trip)
        .unwrap_or_else(|violation| panic!("{name}: {violation}"));
    assert_eq!(report.finished, WALKS.seeds, "{name}");
}

#[test]
fn the_page_levels_pass() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/www/levels");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 6, "the six teaching levels");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        let level = Level::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        check(&name, Rc::new(level));
    }
}

#[test]
fn the_gvgai_levels_pass() {
    for n in 0..5 {
        check(&format!("bait_lvl{n}"), official_level(n));
    }
}
