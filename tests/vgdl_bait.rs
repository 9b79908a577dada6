//! Bait is a VGDL game too: `shared/bait/levels/bait.vgdl.txt` run by the interpreter replays
//! every Bait golden trace byte for byte (drawn in the goldens' grid format), meets the timeout
//! cases and the optimal plans, and equals the hand-written engine on random action sequences
//! on every level.

mod bait_common;

use std::rc::Rc;

use bait_common::{official_level, read, SHARED};
use searchlab::game::Game;
use searchlab::games::bait::{trace as bait_trace, Action, BaitState, Level};
use searchlab::games::vgdl::{Description, VgdlState, World};
use searchlab::rng::Rng;
use searchlab::speed::{random_walk, vgdl_random_walk};
use serde_json::Value;

fn description() -> Rc<Description> {
    let text = read("levels/bait.vgdl.txt");
    Rc::new(Description::parse(&text).unwrap_or_else(|e| panic!("bait.vgdl.txt: {e}")))
}

fn vgdl_start(description: &Rc<Description>, level_text: &str) -> VgdlState {
    let world = World::parse(description.clone(), level_text).unwrap_or_else(|e| panic!("{e}"));
    VgdlState::new(Rc::new(world))
}

/// A state in the Bait goldens' format: the grid drawn with the priority `A 1 k g m 0 w`
/// (`floor` not drawn, a dead avatar not drawn), every cell holding two or more sprites listed.
fn bait_record(state: &VgdlState, t: usize, action: Option<Action>) -> String {
    const PRIORITY: &str = "A1kgm0w";
    let d = state.description();
    let world = state.world();
    let mut cells = vec![String::new(); world.width * world.height];
    let letter = |t: u8| match d.types[t as usize].name.as_str() {
        "nokey" | "withkey" => Some('A'),
        "box" => Some('1'),
        "key" => Some('k'),
        "goal" => Some('g'),
        "mushroom" => Some('m'),
        "hole" => Some('0'),
        "wall" => Some('w'),
        _ => None,
    };
    for (cell, contents) in cells.iter_mut().enumerate() {
        contents.extend(world.statics_at(cell).iter().filter_map(|&t| letter(t)));
    }
    let avatar_index = state.sprites().position(|p| p == state.avatar()).unwrap();
    for (i, s) in state.sprites().enumerate() {
        let dead_avatar = i == avatar_index && !state.is_alive();
        if let (false, Some(c), Some(ch)) = (dead_avatar, world.cell(s.x, s.y), letter(s.kind)) {
            cells[c].push(ch);
        }
    }
    for contents in &mut cells {
        let mut chars: Vec<char> = contents.chars().collect();
        chars.sort_by_key(|&c| PRIORITY.find(c));
        *contents = chars.into_iter().collect();
    }
    let avatar = state.avatar();
    let action = action.map_or("null".to_string(), |a| format!("\"{}\"", a.name()));
    let grid: Vec<String> = (0..world.height)
        .map(|y| {
            let row: String = (0..world.width)
                .map(|x| cells[y * world.width + x].chars().next().unwrap_or('.'))
                .collect();
            format!("\"{row}\"")
        })
        .collect();
    let stacked: Vec<String> = cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.chars().count() > 1)
        .map(|(i, c)| {
            format!(
                "{{\"x\":{},\"y\":{},\"cell\":\"{c}\"}}",
                i % world.width,
                i / world.width
            )
        })
        .collect();
    format!(
        "{{\"t\":{t},\"action\":{action},\"tick\":{},\"avatar\":{{\"x\":{},\"y\":{},\"type\":\"{}\",\"alive\":{}}},\"score\":{},\"game_over\":{},\"winner\":\"{}\",\"grid\":[{}],\"stacked\":[{}]}}",
        state.tick(),
        avatar.x,
        avatar.y,
        d.types[avatar.kind as usize].name,
        state.is_alive(),
        state.score(),
        state.is_over(),
        state.outcome().name(),
        grid.join(","),
        stacked.join(",")
    )
}

fn action_named(name: &str) -> Action {
    Action::ALL.into_iter().find(|a| a.name() == name).unwrap()
}

/// Replays a golden trace on `start`, line by line, byte for byte.
fn replay(name: &str, text: &str, start: VgdlState) {
    let mut state = start;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], bait_record(&state, 0, None), "{name} line 0");
    for (t, line) in lines.iter().enumerate().skip(1) {
        let golden: Value = serde_json::from_str(line).unwrap();
        let action = action_named(golden["action"].as_str().unwrap());
        state.advance(action);
        assert_eq!(
            *line,
            bait_record(&state, t, Some(action)),
            "{name} line {t}"
        );
    }
}

fn golden_files(dir: &str) -> Vec<String> {
    let path = format!("{SHARED}/{dir}");
    let mut files: Vec<String> = std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("reference data missing: {path}: {e}"))
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".jsonl"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_bait_golden_replays_through_the_interpreter() {
    let description = description();
    let files = golden_files("goldens");
    assert_eq!(files.len(), 20, "{files:?}");
    for file in files {
        let level: usize = file[3..4].parse().unwrap();
        let start = vgdl_start(&description, &read(&format!("levels/bait_lvl{level}.txt")));
        replay(&file, &read(&format!("goldens/{file}")), start);
    }
    let probes = golden_files("goldens/probes");
    assert_eq!(probes.len(), 7, "{probes:?}");
    for file in probes {
        let level = read(&format!(
            "goldens/probes/{}",
            file.replace(".jsonl", ".txt")
        ));
        replay(
            &file,
            &read(&format!("goldens/probes/{file}")),
            vgdl_start(&description, &level),
        );
    }
}

/// `N*1999 L L` as actions.
fn expand(plan: &str) -> Vec<Action> {
    let mut actions = Vec::new();
    for word in plan.split_whitespace() {
        let (letter, count) = word.split_once('*').unwrap_or((word, "1"));
        let action = Action::from_letter(letter.chars().next().unwrap()).unwrap();
        actions.extend(std::iter::repeat(action).take(count.parse().unwrap()));
    }
    actions
}

#[test]
fn the_timeout_cases_and_optimal_plans_hold() {
    let description = description();
    let timeout: Value = serde_json::from_str(&read("goldens/timeout.json")).unwrap();
    let level = read("goldens/probes/timeout.txt");
    for case in timeout["cases"].as_array().unwrap() {
        let actions = expand(case["actions"].as_str().unwrap());
        let mut state = vgdl_start(&description, &level);
        let mut applied = 0;
        for &action in &actions {
            if state.is_over() {
                break;
            }
            state.advance(action);
            applied += 1;
        }
        assert_eq!(applied, case["actions_applied"].as_u64().unwrap() as usize);
        let last = *actions.last().unwrap();
        let expected: Value = case["final"].clone();
        let actual: Value =
            serde_json::from_str(&bait_record(&state, applied, Some(last))).unwrap();
        assert_eq!(actual, expected, "{}", case["name"]);
    }
    let optimal: Value = serde_json::from_str(&read("goldens/optimal.json")).unwrap();
    for entry in optimal["levels"].as_array().unwrap() {
        let level = entry["level"].as_u64().unwrap();
        let plan = expand(
            &entry["optimal_plan"]
                .as_str()
                .unwrap()
                .chars()
                .map(|c| format!("{c} "))
                .collect::<String>(),
        );
        let mut state = vgdl_start(&description, &read(&format!("levels/bait_lvl{level}.txt")));
        for (i, &action) in plan.iter().enumerate() {
            assert!(!state.is_over(), "level {level}: over after {i} actions");
            state.advance(action);
        }
        assert!(state.is_won(), "level {level}");
        assert_eq!(state.score() as u64, entry["plan_score"].as_u64().unwrap());
    }
}

/// Property: on every official level, for random action sequences (NIL included) from many
/// seeds, the interpreter and the hand-written engine produce the same record after every action.
/// The walks push boxes on every level, onto free cells and against blockers (a collision of
/// the avatar with a box that leaves the boxes where they stood).
#[test]
fn vgdl_bait_equals_the_hand_written_engine() {
    let description = description();
    let box_type = description
        .types
        .iter()
        .position(|t| t.name == "box")
        .unwrap() as u8;
    let boxes = |state: &VgdlState| -> Vec<(i16, i16)> {
        let sprites = state.moving_sprites().iter();
        sprites
            .filter(|s| s.kind == box_type)
            .map(|s| (s.x, s.y))
            .collect()
    };
    let mut compared = 0;
    for level in 0..5 {
        let (mut moved, mut blocked) = (0, 0);
        let text = read(&format!("levels/bait_lvl{level}.txt"));
        let hand: Rc<Level> = official_level(level);
        for seed in 0..40u64 {
            let mut rng = Rng::new(seed * 31 + level as u64);
            let mut vgdl = vgdl_start(&description, &text);
            let mut bait = BaitState::new(hand.clone());
            for t in 1..=300 {
                if bait.is_over() {
                    break;
                }
                let action = Action::ALL[rng.index(5)];
                let before = boxes(&vgdl);
                let mut events = Vec::new();
                vgdl.advance_with(action, &mut events);
                bait.apply(action);
                if events.iter().any(|&(_, passive)| passive == box_type) {
                    if boxes(&vgdl) == before {
                        blocked += 1;
                    } else {
                        moved += 1;
                    }
                }
                assert_eq!(
                    bait_record(&vgdl, t, Some(action)),
                    bait_trace::record(&bait, t, Some(action)),
                    "level {level} seed {seed} action {t}"
                );
                compared += 1;
            }
            assert_eq!(vgdl.is_over(), bait.is_over(), "level {level} seed {seed}");
        }
        assert!(
            moved > 10 && blocked > 10,
            "level {level}: {moved} pushes, {blocked} blocked"
        );
    }
    assert!(compared > 10_000, "{compared} steps compared");
}

/// The forward-model walk that `benchVgdlRandomWalk` times visits the same avatar cells as the
/// same walk of the hand-written engine, on every level: the two figures time the same work.
#[test]
fn the_benchmark_walk_is_the_hand_written_engines_walk() {
    let description = description();
    for level in 0..5 {
        let text = read(&format!("levels/bait_lvl{level}.txt"));
        let vgdl = vgdl_start(&description, &text);
        let width = text.lines().next().unwrap().chars().count() as u64;
        let start = BaitState::new(official_level(level));
        for seed in 0..3 {
            let hand = random_walk(&start, 5_000, seed, |state| {
                let (x, y) = state.avatar_position();
                y as u64 * width + x as u64
            });
            let interpreter = vgdl_random_walk(&vgdl, 5_000, seed);
            assert_eq!(interpreter, hand, "level {level} seed {seed}");
        }
    }
}
