//! Conformance with GVGAI: every golden trace replays byte for byte, the timeout cases hold,
//! and every optimal plan wins in exactly its stated length.

mod bait_common;

use std::rc::Rc;

use bait_common::{official_level, read, SHARED};
use searchlab::game::{Game, Puzzle};
use searchlab::games::bait::{parse_plan, trace, Action, BaitState, Level};
use serde_json::Value;

/// The golden trace files in `dir` (relative to `shared/bait`), sorted.
fn jsonl_files(dir: &str) -> Vec<String> {
    let path = format!("{SHARED}/{dir}");
    let mut files: Vec<String> = std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("reference data missing: {path}: {e}"))
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".jsonl"))
        .collect();
    files.sort();
    files
}

/// Replays one trace against `level`, checks every line byte for byte, and returns the final state.
fn replay(name: &str, trace_text: &str, level: Rc<Level>) -> BaitState {
    let mut state = BaitState::new(level);
    let lines: Vec<&str> = trace_text.lines().collect();
    assert_eq!(lines[0], trace::record(&state, 0, None), "{name} line 0");
    for (t, line) in lines.iter().enumerate().skip(1) {
        let golden: Value = serde_json::from_str(line).unwrap();
        let name_of_action = golden["action"].as_str().unwrap();
        let action = Action::ALL
            .into_iter()
            .find(|a| a.name() == name_of_action)
            .unwrap_or_else(|| panic!("{name} line {t}: unknown action {name_of_action}"));
        assert!(!state.is_over(), "{name} line {t}: the game ended earlier");
        state.apply(action);
        assert_eq!(
            *line,
            trace::record(&state, t, Some(action)),
            "{name} line {t}"
        );
    }
    state
}

#[test]
fn random_traces_replay_byte_for_byte() {
    let files = jsonl_files("goldens");
    assert_eq!(files.len(), 20, "{files:?}");
    for file in files {
        let text = read(&format!("goldens/{file}"));
        let state = replay(&file, &text, level_of(&file));
        assert!(
            state.is_over() || text.lines().count() == 151,
            "{file}: a random trace stops at game over or after 150 actions"
        );
    }
}

#[test]
fn probe_traces_replay_byte_for_byte() {
    let files = jsonl_files("goldens/probes");
    assert_eq!(files.len(), 7, "{files:?}");
    for file in files {
        let stem = file.trim_end_matches(".jsonl");
        let level = Level::parse(&read(&format!("goldens/probes/{stem}.txt"))).unwrap();
        replay(
            &file,
            &read(&format!("goldens/probes/{file}")),
            Rc::new(level),
        );
    }
}

/// The level a golden trace file (relative to `goldens/`) was recorded on.
fn level_of(file: &str) -> Rc<Level> {
    match file.strip_prefix("probes/") {
        Some(probe) => {
            let text = read(&format!(
                "goldens/probes/{}.txt",
                probe.trim_end_matches(".jsonl")
            ));
            Rc::new(Level::parse(&text).unwrap())
        }
        None => official_level(file[3..4].parse().unwrap()),
    }
}

#[test]
fn index_lists_every_trace_with_its_actions_and_outcome() {
    let index: Value = serde_json::from_str(&read("goldens/index.json")).unwrap();
    let traces = index["traces"].as_array().unwrap();
    assert_eq!(traces.len(), 27);
    for entry in traces {
        let file = entry["file"].as_str().unwrap();
        let golden = read(&format!("goldens/{file}"));
        let mut state = BaitState::new(level_of(file));
        let plan = parse_plan(entry["actions"].as_str().unwrap()).unwrap();
        assert_eq!(
            plan.len() as u64,
            entry["steps"].as_u64().unwrap(),
            "{file}"
        );
        assert_eq!(plan.len() + 1, golden.lines().count(), "{file}");
        for action in plan {
            state.apply(action);
        }
        let fin = &entry["final"];
        assert_eq!(
            u64::from(state.tick()),
            fin["tick"].as_u64().unwrap(),
            "{file}"
        );
        assert_eq!(
            i64::from(state.score()),
            fin["score"].as_i64().unwrap(),
            "{file}"
        );
        assert_eq!(
            state.is_over(),
            fin["game_over"].as_bool().unwrap(),
            "{file}"
        );
        assert_eq!(
            state.outcome().name(),
            fin["winner"].as_str().unwrap(),
            "{file}"
        );
        let avatar_type = if state.has_key() { "withkey" } else { "nokey" };
        assert_eq!(avatar_type, fin["avatar_type"].as_str().unwrap(), "{file}");
    }
}

/// Expands `"N*1999 L L"` into actions.
fn expand(actions: &str) -> Vec<Action> {
    actions
        .split_whitespace()
        .flat_map(|word| {
            match word.split_once('*') {
                Some((letters, count)) => letters.repeat(count.parse().unwrap()),
                None => word.to_string(),
            }
            .chars()
            .collect::<Vec<_>>()
        })
        .map(|c| Action::from_letter(c).unwrap())
        .collect()
}

#[test]
fn timeout_cases_hold() {
    let cases: Value = serde_json::from_str(&read("goldens/timeout.json")).unwrap();
    assert_eq!(cases["max_timesteps"], 2000);
    let level = Rc::new(Level::parse(&read("goldens/probes/timeout.txt")).unwrap());
    let cases = cases["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 4);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let mut state = BaitState::new(Rc::clone(&level));
        let (mut applied, mut last) = (0, None);
        for action in expand(case["actions"].as_str().unwrap()) {
            if state.is_over() {
                // GVGAI's advance does nothing after game over.
                let before = state.clone();
                state.apply(action);
                assert_eq!(state, before, "{name}");
                continue;
            }
            state.apply(action);
            applied += 1;
            last = Some(action);
        }
        assert_eq!(applied, case["actions_applied"].as_u64().unwrap(), "{name}");
        let record: Value =
            serde_json::from_str(&trace::record(&state, applied as usize, last)).unwrap();
        assert_eq!(record, case["final"], "{name}");
    }
}

#[test]
fn course_tick_limit_moves_the_boundary_to_1000() {
    let level = Level::parse(&read("goldens/probes/timeout.txt"))
        .unwrap()
        .with_tick_limit(searchlab::games::bait::COURSE_TICK_LIMIT);
    let mut state = BaitState::new(Rc::new(level));
    for _ in 0..1000 {
        state.apply(Action::Nil);
    }
    assert!(!state.is_over());
    state.apply(Action::Nil);
    assert!(state.is_over() && !state.is_won());
    assert_eq!(state.tick(), 1001);
}

#[test]
fn optimal_plans_win_in_exactly_their_length() {
    let optimal: Value = serde_json::from_str(&read("goldens/optimal.json")).unwrap();
    let levels = optimal["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 5);
    for entry in levels {
        let n = entry["level"].as_u64().unwrap() as usize;
        let plan = parse_plan(entry["optimal_plan"].as_str().unwrap()).unwrap();
        assert_eq!(plan.len() as u64, entry["optimal_length"].as_u64().unwrap());
        let mut state = BaitState::new(official_level(n));
        for (i, &action) in plan.iter().enumerate() {
            assert!(!state.is_over(), "level {n}: over after {i} actions");
            state.apply(action);
        }
        assert!(state.is_solved(), "level {n}: plan does not win");
        assert_eq!(
            i64::from(state.score()),
            entry["plan_score"].as_i64().unwrap(),
            "level {n}"
        );
    }
}
