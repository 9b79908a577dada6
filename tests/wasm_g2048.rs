//! 2048 through the JavaScript API, run by `wasm-pack test --node`: seeded sessions with undo
//! and move traces, hint values and job stepping, batch games, share links, the MCTS speed
//! workload, and the errors for illegal moves and bad parameters.
#![cfg(target_arch = "wasm32")]

use searchlab::agents::g2048::{game_seed, AgentSpec, Algorithm, Episode};
use searchlab::rng::Rng;
use searchlab::search::Limits;
use searchlab::wasm::{
    bench_2048_mcts, default_view_for, format_share_link, parse_share_link, share_link_game,
    validate_level, BatchGame, GameSession, SearchJob,
};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_common;
use wasm_common::*;

/// The default 2048 view with a seed, `algo` and the given fields changed.
fn view(algo: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let view = default_view_for(JsValue::from("2048")).unwrap();
    set(&view, "algo", algo.into());
    set(&view, "seed", JsValue::from_f64(1.0));
    for (key, value) in fields {
        set(&view, key, value.clone());
    }
    view
}

/// A seed whose start position has a move that changes nothing, and that move.
fn start_with_an_illegal_move() -> (f64, u32) {
    for seed in 0..200 {
        let session = GameSession::from_seed(JsValue::from("2048"), JsValue::from(seed)).unwrap();
        let legal = session.legal_actions().unwrap();
        if let Some(illegal) = (0..4).find(|a| !legal.contains(a)) {
            return (f64::from(seed), illegal);
        }
    }
    panic!("no start position with an illegal move among 200 seeds");
}

#[wasm_bindgen_test]
fn a_seeded_session_plays_undoes_and_replays_its_spawns() {
    let mut session = GameSession::from_seed(JsValue::from("2048"), JsValue::from(42.0)).unwrap();
    let start = cells(&session);
    assert_eq!(start.len(), 16);
    assert_eq!(
        start.iter().filter(|&&e| e != 0).count(),
        2,
        "two start tiles"
    );
    assert_eq!(session.outcome().unwrap(), "playing");
    assert!(session.last_move().unwrap().is_undefined());
    let again = GameSession::from_seed(JsValue::from("2048"), JsValue::from(42.0)).unwrap();
    assert_eq!(cells(&again), start, "the start follows the seed");

    let action = session.legal_actions().unwrap()[0];
    session.apply(JsValue::from(action)).unwrap();
    let after = cells(&session);
    assert_eq!(session.moves().unwrap(), 1);
    let trace = session.last_move().unwrap();
    assert_eq!(number(&trace, "action"), f64::from(action));
    let slides: js_sys::Array = get(&trace, "slides").unchecked_into();
    assert_eq!(slides.length(), 2, "both start tiles have a slide");
    let spawn = get(&trace, "spawn");
    let cell = number(&spawn, "cell") as usize;
    assert_eq!(f64::from(after[cell]), number(&spawn, "exponent"));
    assert_eq!(session.score().unwrap(), number(&trace, "gain"));

    // Undo restores the spawn generator: the same move brings the same spawn.
    assert!(session.undo().unwrap());
    assert!(session.last_move().unwrap().is_undefined());
    assert_eq!(cells(&session), start);
    session.apply(JsValue::from(action)).unwrap();
    assert_eq!(cells(&session), after);
    assert_eq!(session.history().unwrap(), vec![action]);
    session.reset().unwrap();
    assert_eq!(session.moves().unwrap(), 0);
    assert_eq!(cells(&session), start);
}

#[wasm_bindgen_test]
fn illegal_moves_and_bad_sessions_are_errors_that_say_why() {
    let (seed, illegal) = start_with_an_illegal_move();
    let mut session = GameSession::from_seed(JsValue::from("2048"), JsValue::from(seed)).unwrap();
    assert_error(
        session.apply(JsValue::from(illegal)),
        "does not change the board",
    );
    assert_eq!(session.moves().unwrap(), 0);
    // Spawns are nature's: the session draws them itself.
    assert_error(
        session.apply(JsValue::from(7)),
        "no tile is due to spawn now",
    );
    assert_error(session.apply(JsValue::from(40)), "does not exist");
    assert_error(new_session("2048", "2 2 . ."), "2048 has no levels");
    assert_error(
        GameSession::from_seed(JsValue::from("bait"), JsValue::from(1.0)),
        "played on a level",
    );
    assert_error(
        GameSession::from_seed(JsValue::from("2048"), JsValue::from(-1.0)),
        "seed must be a whole number",
    );
    assert_error(
        validate_level(JsValue::from("2048"), JsValue::from("")),
        "2048 has no levels",
    );
    assert_error(session.cannot_win(), "2048 has no dead ends to detect");
    assert_error(
        session.path_of(action_list(&[0])),
        "2048 has no agent on the board",
    );
}

#[wasm_bindgen_test]
fn a_game_ends_when_no_move_changes_the_board() {
    let mut session = GameSession::from_seed(JsValue::from("2048"), JsValue::from(17.0)).unwrap();
    while let Some(&action) = session.legal_actions().unwrap().first() {
        session.apply(JsValue::from(action)).unwrap();
    }
    assert_eq!(session.outcome().unwrap(), "over");
    assert!(session.is_terminal().unwrap());
    assert_eq!(
        get(&session.view().unwrap(), "alive").as_bool(),
        Some(false)
    );
    assert!(
        cells(&session).iter().all(|&e| e != 0),
        "a lost board is full"
    );
    assert_error(session.apply(JsValue::from(0)), "the game is over");
    let state = session.encode().unwrap();
    assert_error(
        search_job(&state, view("mcts", &[]), 1.0, 0.0),
        "no move to think about",
    );
}

fn run_to_end(job: &mut SearchJob) -> JsValue {
    for _ in 0..10_000 {
        let report = job.step(JsValue::from(100.0)).unwrap();
        if get(&report, "status").as_string().unwrap() != "running" {
            return report;
        }
    }
    panic!("the search did not finish");
}

#[wasm_bindgen_test]
fn hints_value_every_legal_move() {
    let mut session = GameSession::from_seed(JsValue::from("2048"), JsValue::from(3.0)).unwrap();
    for _ in 0..5 {
        let action = session.legal_actions().unwrap()[0];
        session.apply(JsValue::from(action)).unwrap();
    }
    let state = session.encode().unwrap();
    let legal = session.legal_actions().unwrap();
    for algo in ["expectimax", "mcts", "greedy"] {
        let fields = [("depth", JsValue::from_f64(2.0))];
        let mut job = search_job(&state, view(algo, &fields), 9.0, 5.0).unwrap();
        if algo == "mcts" {
            job.step(JsValue::from(60.0)).unwrap();
        } else {
            let report = run_to_end(&mut job);
            assert_eq!(get(&report, "status").as_string().unwrap(), "solved");
        }
        let rows: js_sys::Array = job.root_actions().unwrap().unchecked_into();
        let actions: Vec<u32> = rows.iter().map(|r| number(&r, "action") as u32).collect();
        assert_eq!(actions, legal, "{algo} values every legal move");
        assert!(
            rows.iter().all(|r| number(&r, "value").is_finite()),
            "{algo}"
        );
        assert!(
            legal.contains(&job.best_action().unwrap().unwrap()),
            "{algo}"
        );
        assert!(
            job.heat().unwrap().is_empty(),
            "{algo}: no heat map on a 2048 board"
        );
    }
    let mut job = search_job(&state, view("random", &[]), 9.0, 5.0).unwrap();
    job.step(JsValue::from(1.0)).unwrap();
    assert!(legal.contains(&job.best_action().unwrap().unwrap()));
    let rows: js_sys::Array = job.root_actions().unwrap().unchecked_into();
    assert_eq!(rows.length(), 0, "random has no values");
}

#[wasm_bindgen_test]
fn jobs_run_in_slices() {
    let state = GameSession::from_seed(JsValue::from("2048"), JsValue::from(8.0))
        .unwrap()
        .encode()
        .unwrap();
    let mut job = search_job(&state, view("mcts", &[]), 1.0, 0.0).unwrap();
    for slice in 1..=3 {
        let report = job.step(JsValue::from(7.0)).unwrap();
        assert_eq!(get(&report, "status").as_string().unwrap(), "running");
        assert_eq!(number(&report, "iterations"), f64::from(7 * slice));
    }
    let rows: js_sys::Array = job.root_actions().unwrap().unchecked_into();
    let visits: f64 = rows.iter().map(|r| number(&r, "visits")).sum();
    assert_eq!(visits, 21.0);

    let fields = [("depth", JsValue::from_f64(2.0))];
    let mut job = search_job(&state, view("expectimax", &fields), 1.0, 0.0).unwrap();
    let first = job.step(JsValue::from(1.0)).unwrap();
    assert_eq!(get(&first, "status").as_string().unwrap(), "running");
    let report = run_to_end(&mut job);
    assert_eq!(
        number(&report, "iterations"),
        2.0,
        "depths 1 and 2 completed"
    );
    assert!(number(&report, "expanded") > number(&first, "expanded"));
}

/// An algorithm, fields to change, and a part of the expected error.
type BadParameter<'a> = (&'a str, &'a [(&'a str, JsValue)], &'a str);

#[wasm_bindgen_test]
fn bad_parameters_are_errors_that_name_them() {
    let state = GameSession::from_seed(JsValue::from("2048"), JsValue::from(8.0))
        .unwrap()
        .encode()
        .unwrap();
    let cases: [BadParameter; 9] = [
        (
            "expectimax",
            &[("depth", JsValue::from_f64(0.0))],
            "parameter 'depth'",
        ),
        (
            "expectimax",
            &[("depth", JsValue::from_f64(33.0))],
            "parameter 'depth'",
        ),
        (
            "mcts",
            &[("uct", JsValue::from_f64(f64::NAN))],
            "parameter 'uct'",
        ),
        (
            "mcts",
            &[("spawns", JsValue::from_str("closed"))],
            "unknown variant `closed`",
        ),
        (
            "mcts",
            &[("treeDepth", JsValue::from_f64(101.0))],
            "parameter 'tree-depth'",
        ),
        (
            "mcts",
            &[("budgetMs", JsValue::from_f64(0.0))],
            "parameter 'budget-ms'",
        ),
        (
            "mcts",
            &[("level", JsValue::from_str("www"))],
            "unknown field `level`",
        ),
        ("minimax", &[], "not a view object"),
        (
            "greedy",
            &[("batchNodes", JsValue::from_f64(0.0))],
            "parameter 'batch-nodes'",
        ),
    ];
    for (algo, fields, expected) in cases {
        assert_error(search_job(&state, view(algo, fields), 1.0, 0.0), expected);
    }
    let no_score = "searchlab-state/2\n2048\n2 . . .\n. . . .\n. . . .\n. . . 2\n";
    assert_error(
        search_job(no_score, view("mcts", &[]), 1.0, 0.0),
        "line 4: expected 'score N'",
    );
    let bad_tile = "searchlab-state/2\n2048\n3 . . .\n. . . .\n. . . .\n. . . 2\nscore 0";
    assert_error(
        search_job(bad_tile, view("mcts", &[]), 1.0, 0.0),
        "3 is not a tile value",
    );
}

#[wasm_bindgen_test]
fn a_batch_game_plays_what_the_command_line_plays() {
    let fields = [
        ("games", JsValue::from_f64(3.0)),
        ("batchNodes", JsValue::from_f64(3.0)),
        ("seed", JsValue::from_f64(5.0)),
    ];
    let mut batch = BatchGame::new(view("mcts", &fields), JsValue::from(1)).unwrap();
    let mut report = batch.step(JsValue::from(0.0)).unwrap();
    assert_eq!(number(&report, "moves"), 0.0);
    for _ in 0..100_000 {
        report = batch.step(JsValue::from(50.0)).unwrap();
        if get(&report, "over").as_bool().unwrap() {
            break;
        }
    }
    assert_eq!(get(&report, "over").as_bool(), Some(true));
    assert_eq!(number(&report, "index"), 1.0);
    let seed = game_seed(5, 3, 1);
    assert_eq!(get(&report, "seed").as_string().unwrap(), seed.to_string());

    // The same game as `searchlab 2048 play --algo mcts --iterations 3 --games 3 --seed 5`.
    let spec = AgentSpec {
        algo: Algorithm::Mcts,
        depth: Some(3),
        limits: Limits {
            max_nodes: u64::MAX,
            max_memory_bytes: 256 << 20,
        },
        ..AgentSpec::default()
    };
    let mut episode = Episode::new(spec, seed, 3).unwrap();
    while episode.step(u64::MAX) {}
    assert_eq!(number(&report, "score"), episode.game().score() as f64);
    assert_eq!(number(&report, "moves"), episode.moves() as f64);
    assert_eq!(
        number(&report, "maxTile"),
        episode.game().board().max_tile() as f64
    );
    assert_eq!(number(&report, "work"), episode.work() as f64);
    assert_ne!(seed, Rng::derive(5, 0));

    assert_error(
        BatchGame::new(view("mcts", &fields), JsValue::from(3)),
        "not in a batch of 3 games",
    );
    let bait = searchlab::wasm::default_view().unwrap();
    assert_error(
        BatchGame::new(bait, JsValue::from(0)),
        "bait has no batch mode",
    );
}

#[wasm_bindgen_test]
fn share_links_open_2048_views_and_name_bad_fields() {
    let parsed = parse_share_link(JsValue::from(
        "#v=1&game=2048&algo=expectimax&depth=4&seed=42",
    ))
    .unwrap();
    assert_eq!(get(&parsed, "game").as_string().as_deref(), Some("2048"));
    assert_eq!(number(&parsed, "depth"), 4.0);
    assert_eq!(number(&parsed, "budgetMs"), 1000.0);
    let link = format_share_link(parsed).unwrap();
    assert_eq!(
        link,
        "v=1&game=2048&algo=expectimax&depth=4&budget-ms=1000&games=20&batch-nodes=100&seed=42"
    );
    assert_error(
        parse_share_link(JsValue::from("#v=1&game=2048&algo=minimax")),
        "field 'algo'",
    );
    assert_error(
        parse_share_link(JsValue::from("#v=1&game=2048&level=w")),
        "field 'level'",
    );
    assert_error(
        parse_share_link(JsValue::from("#v=1&game=chess")),
        "field 'game'",
    );
    assert_eq!(
        share_link_game(JsValue::from("#v=1&game=2048&depth=99")).unwrap(),
        "2048"
    );
    assert_eq!(
        share_link_game(JsValue::from("#v=1&algo=dijkstra")).unwrap(),
        "bait"
    );
    assert!(share_link_game(JsValue::from("#v=2&game=2048")).is_err());
    let default = default_view_for(JsValue::from("2048")).unwrap();
    assert_eq!(get(&default, "algo").as_string().as_deref(), Some("mcts"));
    assert!(get(&default, "seed").is_null());
    assert_error(
        format_share_link(JsValue::from(js_sys::Object::new())),
        "missing field `game`",
    );
}

#[wasm_bindgen_test]
fn the_mcts_speed_workload_crosses_the_boundary_unchanged() {
    let run = searchlab::speed::g2048_course_mcts(3, 20);
    let result = bench_2048_mcts(JsValue::from(3.0), JsValue::from(20.0)).unwrap();
    assert_eq!(
        get(&result, "checksum").as_string(),
        Some(run.checksum.to_string())
    );
    assert_eq!(number(&result, "playouts"), run.playouts as f64);
    assert_eq!(number(&result, "searches"), run.searches as f64);
    assert_eq!(run.playouts, 20 * run.searches);

    assert_error(
        bench_2048_mcts(JsValue::from(3.0), JsValue::from(0.0)),
        "playoutsPerPosition: must be at least 1",
    );
    assert_error(
        bench_2048_mcts(JsValue::from(3.0), JsValue::from(1.5)),
        "playoutsPerPosition must be a whole number",
    );
    assert_error(
        bench_2048_mcts(JsValue::from(-1.0), JsValue::from(20.0)),
        "seed must be a whole number",
    );
}

#[wasm_bindgen_test]
fn the_worker_gets_the_position_itself_however_long_the_game() {
    let mut session = GameSession::from_seed(JsValue::from("2048"), JsValue::from(9.0)).unwrap();
    for _ in 0..200 {
        match session.legal_actions().unwrap().first() {
            Some(&action) => session.apply(JsValue::from(action)).unwrap(),
            None => break,
        }
    }
    let state = session.encode().unwrap();
    let lines: Vec<&str> = state.lines().collect();
    assert_eq!(
        lines.len(),
        7,
        "the header, the game, four rows and the score: {state}"
    );
    assert_eq!(lines[6], format!("score {}", session.score().unwrap()));
}
