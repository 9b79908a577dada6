//! Helpers shared by the `bait_*` tests: reading the reference data in `../shared/bait`.
//! A missing file fails the test that needs it.
#![allow(dead_code)]

use std::rc::Rc;

use searchlab::games::bait::{BaitState, Level};

/// `shared/bait`, relative to the crate root.
pub const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/bait");

/// The text of `shared/bait/<relative>`; panics (fails the test) when it is missing.
pub fn read(relative: &str) -> String {
    let path = format!("{SHARED}/{relative}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reference data missing: {path}: {e}"))
}

/// Official level `n` (0..5), GVGAI tick limit.
pub fn official_level(n: usize) -> Rc<Level> {
    let text = read(&format!("levels/bait_lvl{n}.txt"));
    Rc::new(Level::parse(&text).unwrap_or_else(|e| panic!("level {n}: {e}")))
}

/// A state drawn as level text (rows may be indented; blank lines are ignored).
pub fn picture(rows: &str) -> BaitState {
    let text: Vec<&str> = rows
        .lines()
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    BaitState::parse(&text.join("\n")).unwrap_or_else(|e| panic!("bad picture: {e}"))
}

/// The corner-case probe levels that have golden traces, by name.
pub fn probe_levels() -> Vec<(&'static str, Level)> {
    [
        "box_off_key",
        "box_on_goal_blocked",
        "box_on_key_into_hole",
        "mushroom_then_hole",
        "no_goal_level",
        "nokey_push_off_goal",
        "withkey_push_off_goal_win",
    ]
    .into_iter()
    .map(|probe| {
        let text = read(&format!("goldens/probes/{probe}.txt"));
        let level = Level::parse(&text).unwrap_or_else(|e| panic!("probe {probe}: {e}"));
        (probe, level)
    })
    .collect()
}
