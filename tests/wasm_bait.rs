//! Bait's side of the JavaScript API as JS sees it, run by `wasm-pack test --node`: sessions,
//! search jobs, share links, the worker's encoded state, and the errors for bad levels and bad
//! parameters.
#![cfg(target_arch = "wasm32")]

use searchlab::wasm::{
    default_view, format_share_link, fresh_seed, game_capabilities, parameter_table,
    parse_share_link, validate_level, SearchJob,
};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_common;
use wasm_common::*;

const FIRST_STEPS: &str = "wwwwwww\nwA..k.w\nw.www.w\nw.m..gw\nwwwwwww";
const LEFT: u32 = 0;
const RIGHT: u32 = 1;
const DOWN: u32 = 2;

/// The default view with `algo` and the given fields changed.
fn view(algo: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let view = default_view().unwrap();
    set(&view, "algo", algo.into());
    set(&view, "level", FIRST_STEPS.into());
    for (key, value) in fields {
        set(&view, key, value.clone());
    }
    view
}

fn start_state() -> String {
    new_session("bait", FIRST_STEPS).unwrap().encode().unwrap()
}

fn run_to_end(job: &mut SearchJob) -> String {
    for _ in 0..10_000 {
        let report = job.step(JsValue::from(100.0)).unwrap();
        let status = get(&report, "status").as_string().unwrap();
        if status != "running" {
            return status;
        }
    }
    panic!("the search did not finish");
}

#[wasm_bindgen_test]
fn a_session_plays_to_a_win_and_undoes() {
    let mut session = new_session("bait", FIRST_STEPS).unwrap();
    assert_eq!(session.legal_actions().unwrap(), vec![0, 1, 2, 3]);
    for action in [RIGHT, RIGHT, RIGHT, RIGHT, DOWN] {
        session.apply(JsValue::from(action)).unwrap();
    }
    assert_eq!(session.outcome().unwrap(), "playing");
    session.apply(JsValue::from(DOWN)).unwrap();
    assert_eq!(session.outcome().unwrap(), "won");
    assert!(session.is_terminal().unwrap());
    assert_eq!(session.moves().unwrap(), 6);
    assert_eq!(session.score().unwrap(), 5.0);
    assert!(session.legal_actions().unwrap().is_empty());
    assert!(message(session.apply(JsValue::from(LEFT)).unwrap_err()).contains("the game is over"));
    assert!(session.undo().unwrap());
    assert_eq!(session.outcome().unwrap(), "playing");
    assert_eq!(
        session.history().unwrap(),
        vec![RIGHT, RIGHT, RIGHT, RIGHT, DOWN]
    );
    session.reset().unwrap();
    assert_eq!(session.moves().unwrap(), 0);
    assert!(!session.undo().unwrap());
}

#[wasm_bindgen_test]
fn a_sealed_door_is_seen_at_once() {
    // Pushing the box right: the fourth push puts it on the key, the fifth on the door, against
    // the wall, where it can never move again.
    let level = "wwwwwwwww\nwwwww.www\nwA.1..kgw\nw.www.www\nw.....www\nwwwwwwwww";
    let mut session = new_session("bait", level).unwrap();
    assert!(!session.cannot_win().unwrap());
    for _ in 0..4 {
        session.apply(JsValue::from(RIGHT)).unwrap();
    }
    assert!(
        !session.cannot_win().unwrap(),
        "a box on the key can still move on"
    );
    session.apply(JsValue::from(RIGHT)).unwrap();
    assert_eq!(session.outcome().unwrap(), "playing");
    assert!(session.cannot_win().unwrap());
}

#[wasm_bindgen_test]
fn the_board_view_has_one_flag_byte_per_cell() {
    let mut session = new_session("bait", FIRST_STEPS).unwrap();
    let view = session.view().unwrap();
    assert_eq!(get(&view, "width").as_f64(), Some(7.0));
    assert_eq!(get(&view, "height").as_f64(), Some(5.0));
    let cells: js_sys::Uint8Array = get(&view, "cells").unchecked_into();
    let cells = cells.to_vec();
    assert_eq!(cells.len(), 35);
    assert_eq!(cells[0], 1, "a wall in the corner");
    assert_eq!(cells[7 + 4], 16, "the key at (4, 1)");
    assert_eq!(cells[3 * 7 + 5], 32, "the door at (5, 3)");
    assert_eq!(cells[3 * 7 + 2], 8, "the mushroom at (2, 3)");
    assert_eq!(get(&view, "avatarX").as_f64(), Some(1.0));
    assert_eq!(get(&view, "hasKey").as_bool(), Some(false));
    session.apply(JsValue::from(RIGHT)).unwrap();
    assert_eq!(
        session.path_of(action_list(&[RIGHT, RIGHT, DOWN])).unwrap(),
        vec![7 + 2, 7 + 3, 7 + 4, 7 + 4]
    );
}

#[wasm_bindgen_test]
fn bad_levels_are_errors_that_name_the_place() {
    assert_error(new_session("bait", "wwww\nwA?w\nwwww"), "line 2, column 3");
    let problem = validate_level(JsValue::from("bait"), JsValue::from("wwww\nwA?w\nwwww")).unwrap();
    assert_eq!(get(&problem, "line").as_f64(), Some(2.0));
    assert_eq!(get(&problem, "column").as_f64(), Some(3.0));
    assert!(
        validate_level(JsValue::from("bait"), JsValue::from(FIRST_STEPS))
            .unwrap()
            .is_undefined()
    );
    assert_error(new_session("chess", FIRST_STEPS), "unknown game 'chess'");
    assert_error(new_session("bait", "www\nw.w\nwww"), "no avatar");
}

#[wasm_bindgen_test]
fn astar_finds_a_shortest_plan_and_shows_what_it_explored() {
    let mut job = search_job(&start_state(), view("astar", &[]), 1.0, 0.0).unwrap();
    assert_eq!(run_to_end(&mut job), "solved");
    assert_eq!(
        job.plan().unwrap(),
        vec![RIGHT, RIGHT, RIGHT, RIGHT, DOWN, DOWN]
    );
    assert_eq!(job.best_action().unwrap(), Some(RIGHT));
    let heat = job.heat().unwrap();
    assert_eq!(heat.len(), 35);
    assert!(heat[7 + 1] >= 1, "the start cell was expanded");
    assert_eq!(heat[0], 0, "walls are never stood on");
    let report = job.step(JsValue::from(100.0)).unwrap();
    assert!(get(&report, "expanded").as_f64().unwrap() >= 6.0);
    assert!(get(&report, "frontier").as_f64().is_some());
}

#[wasm_bindgen_test]
fn every_algorithm_runs_from_a_view() {
    for algo in ["dfs", "dls", "bfs", "astar", "wastar", "mcts", "rhea"] {
        let mut job = search_job(&start_state(), view(algo, &[]), 3.0, 1.0).unwrap();
        job.step(JsValue::from(200.0)).unwrap();
        assert!(job.best_action().unwrap().is_some(), "{algo} has an answer");
        assert_eq!(job.heat().unwrap().len(), 35, "{algo}");
        assert_eq!(job.frontier().unwrap().len(), 35, "{algo}");
    }
}

#[wasm_bindgen_test]
fn dfs_shows_its_stack_as_the_frontier() {
    let mut job = search_job(&start_state(), view("dfs", &[]), 1.0, 0.0).unwrap();
    let report = job.step(JsValue::from(3.0)).unwrap();
    let frontier: u32 = job.frontier().unwrap().iter().sum();
    // Three expansions, no backtracking yet: the root and two states below it on the path.
    assert_eq!(frontier, 3);
    assert_eq!(number(&report, "frontier"), 3.0);
    assert_eq!(number(&report, "maxFrontier"), 3.0);
}

#[wasm_bindgen_test]
fn mcts_planning_stops_at_its_node_limit_with_the_plan_so_far() {
    let fields = [
        ("mode", JsValue::from_str("plan")),
        ("planIterations", JsValue::from(50.0)),
        ("maxNodes", JsValue::from(600.0)),
    ];
    let mut job = search_job(&start_state(), view("mcts", &fields), 5.0, 0.0).unwrap();
    let report = job.step(JsValue::from(1e6)).unwrap();
    assert_eq!(get(&report, "status").as_string().unwrap(), "limit_reached");
    assert_eq!(get(&report, "limit").as_string().unwrap(), "nodes");
    let expanded = number(&report, "expanded");
    assert!((600.0..610.0).contains(&expanded), "{expanded} expansions");
    assert!(!job.plan().unwrap().is_empty(), "a plan so far");
}

#[wasm_bindgen_test]
fn mcts_reports_its_root_actions() {
    let fields = [("mode", JsValue::from_str("act"))];
    let mut job = search_job(&start_state(), view("mcts", &fields), 5.0, 0.0).unwrap();
    job.step(JsValue::from(300.0)).unwrap();
    let rows: js_sys::Array = job.root_actions().unwrap().unchecked_into();
    assert_eq!(rows.length(), 4);
    let visits: f64 = rows
        .iter()
        .map(|r| get(&r, "visits").as_f64().unwrap())
        .sum();
    assert!(visits > 0.0);
}

/// An algorithm, fields to change, and the start of the expected error.
type BadParameter<'a> = (&'a str, &'a [(&'a str, JsValue)], &'a str);

#[wasm_bindgen_test]
fn bad_parameters_are_errors_that_name_them() {
    let state = start_state();
    let cases: [BadParameter; 7] = [
        (
            "dls",
            &[("depth", JsValue::from_f64(0.0))],
            "parameter 'depth'",
        ),
        (
            "dls",
            &[("depth", JsValue::from_f64(65.0))],
            "parameter 'depth'",
        ),
        (
            "wastar",
            &[("weight", JsValue::from_f64(0.5))],
            "parameter 'weight'",
        ),
        (
            "astar",
            &[("heuristic", JsValue::from_str("course"))],
            "expected `walls` or `state`",
        ),
        (
            "mcts",
            &[("uct", JsValue::from_f64(f64::NAN))],
            "parameter 'uct'",
        ),
        (
            "mcts",
            &[("c", JsValue::from_f64(1.0))],
            "unknown field `c`",
        ),
        (
            "rhea",
            &[("population", JsValue::from_f64(1.0))],
            "parameter 'population'",
        ),
    ];
    for (algo, fields, expected) in cases {
        assert_error(search_job(&state, view(algo, fields), 1.0, 0.0), expected);
    }
    assert_error(
        search_job(&state, view("bogo", &[]), 1.0, 0.0),
        "not a view",
    );
    assert_error(
        search_job(&state, view("bfs", &[]), -1.0, 0.0),
        "seed must be a whole number",
    );
    let malformed = [
        ("{}", "line 1"),
        ("searchlab-state/2\nbait", "fewer than three lines"),
        ("searchlab-state/2\nbait\nwww\nwA.w\nwww", "no status line"),
        (
            "searchlab-state/2\nbait\nwwww\nwA.w\nwwww\ntick 0 of 2000, score 0, avatar 9,9 nokey alive, running",
            "9,9 is a wall or off the board",
        ),
    ];
    for (text, expected) in malformed {
        let error = message(search_job(text, view("bfs", &[]), 1.0, 0.0).err().unwrap());
        assert!(error.contains("not an encoded state"), "{error}");
        assert!(error.contains(expected), "{text:?}: {error}");
    }
}

#[wasm_bindgen_test]
fn share_links_round_trip_and_name_bad_fields() {
    assert_error(
        parse_share_link(JsValue::from("#v=1&algo=dijkstra")),
        "field 'algo'",
    );
    let parsed =
        parse_share_link(JsValue::from("#v=1&level=www/wA.w/www&algo=mcts&seed=42")).unwrap();
    assert_eq!(get(&parsed, "mode").as_string().as_deref(), Some("act"));
    assert_eq!(
        get(&parsed, "level").as_string().as_deref(),
        Some("www\nwA.w\nwww")
    );
    let link = format_share_link(parsed).unwrap();
    assert!(
        link.starts_with("v=1&game=bait&level=www/wA.w/www&algo=mcts&"),
        "{link}"
    );
    assert!(link.ends_with("&seed=42"), "{link}");
    let seed = fresh_seed().unwrap();
    assert!(seed >= 0.0 && seed.fract() == 0.0 && seed < 9007199254740992.0);
}

#[wasm_bindgen_test]
fn the_worker_gets_the_state_itself_not_a_move_list() {
    let mut session = new_session("bait", FIRST_STEPS).unwrap();
    for action in [RIGHT, RIGHT, RIGHT] {
        session.apply(JsValue::from(action)).unwrap();
    }
    let state = session.encode().unwrap();
    assert!(
        state.starts_with("searchlab-state/2\nbait\nwwwwwww\nwA..k.w\n"),
        "{state}"
    );
    assert!(
        state.ends_with("tick 3 of 2000, score 0, avatar 4,1 withkey alive, running\ngone 4,1"),
        "{state}"
    );
    let mut job = search_job(&state, view("bfs", &[]), 1.0, 0.0).unwrap();
    assert_eq!(run_to_end(&mut job), "solved");
    assert_eq!(job.plan().unwrap(), vec![RIGHT, DOWN, DOWN]);
}

#[wasm_bindgen_test]
fn bait_declares_its_capabilities() {
    let session = new_session("bait", FIRST_STEPS).unwrap();
    assert_eq!(
        session.capabilities().unwrap(),
        vec!["levels", "agentCell", "deadEnds"]
    );
    assert_error(session.last_move(), "bait has no move animation");
    assert_eq!(
        game_capabilities(JsValue::from("bait")).unwrap(),
        vec!["levels", "agentCell", "deadEnds"]
    );
}

#[wasm_bindgen_test]
fn the_parameter_table_reaches_js_with_ranges_defaults_and_algorithms() {
    let table: js_sys::Array = parameter_table(JsValue::from("bait"))
        .unwrap()
        .unchecked_into();
    let depth = table
        .iter()
        .find(|p| get(p, "key").as_string().as_deref() == Some("depth"))
        .unwrap();
    assert_eq!(get(&depth, "kind").as_string().as_deref(), Some("int"));
    assert_eq!(get(&depth, "min").as_f64(), Some(1.0));
    assert_eq!(get(&depth, "max").as_f64(), Some(64.0));
    assert_eq!(get(&depth, "default").as_f64(), Some(5.0));
    let algos: js_sys::Array = get(&depth, "algos").unchecked_into();
    assert_eq!(algos.to_vec(), vec![JsValue::from_str("dls")]);
    for game in ["2048", "othello"] {
        let table: js_sys::Array = parameter_table(JsValue::from(game))
            .unwrap()
            .unchecked_into();
        assert!(table.length() > 3, "{game}");
    }
    assert_error(
        parameter_table(JsValue::from("chess")),
        "unknown game 'chess'",
    );
}
