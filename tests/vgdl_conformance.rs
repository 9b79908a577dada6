//! Every level of the fifteen GVGAI games of `../shared/vgdl` passes the shared conformance checks
//! through the interpreter (walks past GVGAI's tick limit, so every walk ends).

use std::rc::Rc;

use searchlab::conformance::{check_game, Walks};
use searchlab::games::vgdl::{Description, VgdlState, World, GVGAI_TICK_LIMIT};

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/vgdl");

const WALKS: Walks = Walks {
    seeds: 4,
    max_steps: GVGAI_TICK_LIMIT as usize + 10,
};

#[test]
fn every_level_of_every_game_passes() {
    let mut games: Vec<String> = std::fs::read_dir(SHARED)
        .unwrap_or_else(|e| panic!("reference data missing: {SHARED}: {e}"))
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.ends_with(".md"))
        .collect();
    games.sort();
    assert_eq!(games.len(), 15, "{games:?}");
    for game in games {
        let text = std::fs::read_to_string(format!("{SHARED}/{game}/{game}.vgdl.txt")).unwrap();
        let description = Rc::new(Description::parse(&text).unwrap());
        for level in 0..5 {
            let text =
                std::fs::read_to_string(format!("{SHARED}/{game}/{game}_lvl{level}.txt")).unwrap();
            let world = World::parse(description.clone(), &text).unwrap();
            let report = check_game(&VgdlState::new(Rc::new(world)), WALKS)
                .unwrap_or_else(|violation| panic!("{game} level {level}: {violation}"));
            assert_eq!(report.finished, WALKS.seeds, "{game} level {level}");
        }
    }
}
