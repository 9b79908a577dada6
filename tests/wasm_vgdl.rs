//! VGDL games through the wasm boundary: a shipped game's session from `vgdlStart`, BFS in a
//! `SearchJob` from the session's encoded state finds the shortest plan and the session plays it
//! to a win; the game file's and the level's problems come back as `{ field, line, column }`;
//! links name shipped games and refuse bad fields by name; a session's board is its level's size.

#![cfg(target_arch = "wasm32")]

use searchlab::share::shipped_vgdl::SHIPPED_GAMES;
use searchlab::wasm::{
    format_share_link, parse_share_link, vgdl_check, vgdl_game_info, vgdl_shipped_games,
    vgdl_start, GameSession,
};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_common;
use wasm_common::*;

/// A session on level `n` of the shipped game `name`.
fn shipped_session(name: &str, n: usize) -> GameSession {
    let game = SHIPPED_GAMES.iter().find(|g| g.name == name).unwrap();
    let start = vgdl_start(game.rules.into(), game.levels[n].into()).unwrap();
    new_session("vgdl", &start).unwrap()
}

#[wasm_bindgen_test]
fn bfs_in_a_search_job_solves_a_shipped_level_and_the_session_wins() {
    let mut session = shipped_session("keys", 1);
    let view = parse_share_link(JsValue::from(
        "v=1&game=vgdl&vgdl=keys&lvl=1&algo=bfs&seed=1",
    ))
    .unwrap();
    let mut job = search_job(&session.encode().unwrap(), view, 1.0, 0.0).unwrap();
    while text(&job.step(JsValue::from(100.0)).unwrap(), "status") == "running" {}
    let plan = job.plan().unwrap();
    assert_eq!(plan.len(), 22, "keys level 1's shortest plan");
    for &action in &plan {
        assert_eq!(session.outcome().unwrap(), "playing");
        session.apply(JsValue::from(action)).unwrap();
    }
    assert_eq!(session.outcome().unwrap(), "won");
    let board = session.view().unwrap();
    assert_eq!(
        (number(&board, "width"), number(&board, "height")),
        (9.0, 7.0)
    );
    assert_eq!(text(&board, "outcome"), "won");
}

#[wasm_bindgen_test]
fn every_search_runs_on_a_vgdl_game() {
    let session = shipped_session("colours", 0);
    let plan = "&mode=plan&plan-iterations=20";
    let algos = ["dfs", "dls", "bfs", "astar", "mcts", "rhea", "kbfe"];
    let modes =
        algos
            .map(|a| (a, ""))
            .into_iter()
            .chain([("mcts", plan), ("rhea", plan), ("kbfe", plan)]);
    for (algo, mode) in modes {
        let link = format!("v=1&game=vgdl&vgdl=colours&algo={algo}{mode}&max-nodes=500&seed=2");
        let view = parse_share_link(JsValue::from(link.as_str())).unwrap();
        let mut job = search_job(&session.encode().unwrap(), view, 2.0, 0.0).unwrap();
        // At most 500 expansions (iterations) in all: a few slices reach the limit or the end.
        let finished =
            (0..4).any(|_| text(&job.step(JsValue::from(500.0)).unwrap(), "status") != "running");
        assert!(finished, "{algo}{mode} still runs past its node limit");
        assert!(
            job.best_action().unwrap().is_some(),
            "{algo}{mode} has a move"
        );
        if algo == "kbfe" {
            // What KB Fast-Evo learnt, for its view: the knowledge base by sprite type and W.
            let thinking = job.thinking().unwrap();
            assert!(
                js_sys::Array::from(&js_sys::Reflect::get(&thinking, &"types".into()).unwrap())
                    .length()
                    > 0
            );
        }
    }
}

#[wasm_bindgen_test]
fn links_carry_a_games_rules_packed_and_read_the_percent_encoded_ones() {
    let game = &SHIPPED_GAMES[3];
    let old = format!(
        "v=1&game=vgdl&rules={}&level={}&algo=bfs",
        String::from(js_sys::encode_uri_component(game.rules)),
        String::from(js_sys::encode_uri_component(game.levels[0]))
    );
    let view = parse_share_link(JsValue::from(old)).unwrap();
    let link = format_share_link(view).unwrap();
    let packed = searchlab::share::packed::pack(game.rules);
    assert!(
        link.contains(&format!("&rules-z={packed}&level=")),
        "{link}"
    );
    let again = parse_share_link(JsValue::from(link.as_str())).unwrap();
    assert_eq!(text(&again, "rules"), game.rules);
    assert_error(
        parse_share_link(JsValue::from("v=1&game=vgdl&rules-z=@@&level=A")),
        "field 'rules-z': is not packed text",
    );
}

#[wasm_bindgen_test]
fn problems_name_the_text_the_line_and_the_column() {
    let game = &SHIPPED_GAMES[0];
    assert!(vgdl_check(game.rules.into(), game.levels[0].into())
        .unwrap()
        .is_undefined());
    let broken = game.rules.replace("crate > Passive", "crate > Pushable");
    let problem = vgdl_check(broken.as_str().into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(text(&problem, "field"), "rules");
    assert_eq!(number(&problem, "line"), 5.0);
    assert!(text(&problem, "message").contains("Pushable"));
    let problem = vgdl_check(game.rules.into(), "wwww\nwAZw\nwwww".into()).unwrap();
    assert_eq!(text(&problem, "field"), "level");
    assert_eq!(
        (number(&problem, "line"), number(&problem, "column")),
        (2.0, 3.0)
    );
    assert_error(
        vgdl_start(broken.as_str().into(), game.levels[0].into()),
        "game rules: line 5",
    );
    assert_error(vgdl_game_info(broken.as_str().into()), "game rules: line 5");
    assert_error(
        new_session("vgdl", "not a game"),
        "level: a VGDL game's text form",
    );
}

#[wasm_bindgen_test]
fn links_name_shipped_games_and_their_faults() {
    let shipped = vgdl_shipped_games().unwrap();
    assert_eq!(
        js_sys::Array::from(&shipped).length() as usize,
        SHIPPED_GAMES.len()
    );
    let view = parse_share_link(JsValue::from("v=1&game=vgdl&vgdl=trail&lvl=2&moves=LU")).unwrap();
    let link = format_share_link(view).unwrap();
    assert!(link.contains("&vgdl=trail&lvl=2&moves=LU&"), "{link}");
    assert_error(
        parse_share_link(JsValue::from("v=1&game=vgdl&vgdl=trail&lvl=3")),
        "field 'lvl': trail has levels 0 to 2, not 3",
    );
    assert_error(
        parse_share_link(JsValue::from("v=1&game=vgdl&vgdl=trail&moves=UX")),
        "field 'moves'",
    );
}
