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
