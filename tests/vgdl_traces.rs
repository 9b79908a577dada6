//! Conformance with GVGAI: every public VGDL trace in `../shared/vgdl/` replays exactly (every
//! field of every line), and every game file and level there parses.

use std::collections::BTreeMap;
use std::rc::Rc;

use searchlab::games::vgdl::{trace, Description, VgdlState, World};

/// `shared/vgdl`, relative to the crate root.
const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/vgdl");

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reference data missing: {path}: {e}"))
}

/// The game folders, sorted; fails when the reference data is missing.
fn games() -> Vec<String> {
    let mut games: Vec<String> = std::fs::read_dir(SHARED)
        .unwrap_or_else(|e| panic!("reference data missing: {SHARED}: {e}"))
        .map(|entry| entry.unwrap())
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().into_string().unwrap())
        .collect();
    games.sort();
    assert_eq!(games.len(), 15, "{games:?}");
    games
}

fn description(game: &str) -> Rc<Description> {
    let text = read(&format!("{SHARED}/{game}/{game}.vgdl.txt"));
    Rc::new(Description::parse(&text).unwrap_or_else(|e| panic!("{game}: {e}")))
}

fn start(game: &str, description: &Rc<Description>, level: usize) -> VgdlState {
    let text = read(&format!("{SHARED}/{game}/{game}_lvl{level}.txt"));
    let world = World::parse(description.clone(), &text)
        .unwrap_or_else(|e| panic!("{game} level {level}: {e}"));
    VgdlState::new(Rc::new(world))
}

#[test]
fn every_public_trace_replays_exactly() {
    let mut report = BTreeMap::new();
    let mut failures = Vec::new();
    let mut lines = 0;
    for game in games() {
        let description = description(&game);
        let mut files: Vec<String> = std::fs::read_dir(format!("{SHARED}/{game}"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|name| name.ends_with(".jsonl"))
            .collect();
        files.sort();
        assert_eq!(files.len(), 15, "{game}: {files:?}");
        let mut exact = 0;
        for file in &files {
            let level: usize = file[3..4].parse().unwrap();
            let text = read(&format!("{SHARED}/{game}/{file}"));
            let recorded: Vec<&str> = text.lines().collect();
            match trace::replay(&start(&game, &description, level), &recorded) {
                Ok(n) => {
                    exact += 1;
                    lines += n;
                }
                Err(mismatch) => failures.push(format!("{game}/{file}: {mismatch}")),
            }
        }
        report.insert(game, format!("{exact}/{}", files.len()));
    }
    println!("exact traces per game: {report:?}; {lines} lines matched");
    assert!(
        failures.is_empty(),
        "{} traces differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_tampered_line_is_reported_by_its_first_field() {
    let description = description("sokoban");
    let text = read(&format!("{SHARED}/sokoban/lvl0_seq00.jsonl"));
    let mut recorded: Vec<String> = text.lines().map(str::to_string).collect();
    recorded[3] = recorded[3].replacen("\"score\":0", "\"score\":7", 1);
    let lines: Vec<&str> = recorded.iter().map(String::as_str).collect();
    let mismatch = trace::replay(&start("sokoban", &description, 0), &lines).unwrap_err();
    assert_eq!(
        (mismatch.line, mismatch.field.as_str()),
        (3, "score"),
        "{mismatch}"
    );
}

#[test]
fn every_level_has_the_size_gvgai_gives_it() {
    for game in games() {
        let description = description(&game);
        let index: serde_json::Value =
            serde_json::from_str(&read(&format!("{SHARED}/{game}/index.json"))).unwrap();
        for (level, entry) in index["levels"].as_array().unwrap().iter().enumerate() {
            let state = start(&game, &description, level);
            let size = (state.world().width as u64, state.world().height as u64);
            let expected = (
                entry["width"].as_u64().unwrap(),
                entry["height"].as_u64().unwrap(),
            );
            assert_eq!(size, expected, "{game} level {level}");
        }
    }
}
