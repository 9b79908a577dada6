//! The package's TypeScript types against the values the API returns, run by `wasm-pack test
//! --node`: for every declaration tsify generates (`searchlab::wasm::typescript::declarations`,
//! the text that goes into `searchlab.d.ts`), real values from the API must have exactly the
//! declared fields, each of the declared type (`number`, `string`, `boolean`, `null`, string
//! literals, arrays, tuples, `Uint8Array`, object types, their unions and intersections, and the
//! other declarations by name). A field added to
//! a Rust type that crosses, a value built by hand, or a `tsify(type = ...)` that names the wrong
//! thing fails here.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Object};
use searchlab::share::GAMES;
use searchlab::wasm::{
    bench_2048_mcts, bench_astar, bench_othello_solve, default_view, default_view_for,
    format_page_settings, game_capabilities, limits, page_settings, parameter_table,
    parse_share_link, validate_level, BatchGame, GameSession, SearchJob,
};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_common;
use wasm_common::*;

mod ts_check;
use ts_check::*;

#[wasm_bindgen_test]
fn every_name_the_api_uses_is_declared_once_and_every_reference_resolves() {
    let decls = parsed();
    let used = attribute_types();
    assert!(used.len() >= 15, "the attributes were not found: {used:?}");
    for (file, ty) in used {
        for name in references(ty) {
            assert!(
                PRIMITIVES.contains(&name.as_str()) || decls.contains_key(&name),
                "src/wasm/{file} gives the type `{ty}`, but `{name}` is not declared"
            );
        }
    }
    for (name, decl) in &decls {
        let types: Vec<&str> = match decl {
            Decl::Interface(fields) => fields.iter().map(|(_, _, ty)| ty.as_str()).collect(),
            Decl::Alias(ty) => vec![ty.as_str()],
        };
        for reference in types.iter().flat_map(|ty| references(ty)) {
            assert!(
                PRIMITIVES.contains(&reference.as_str()) || decls.contains_key(&reference),
                "`{name}` refers to `{reference}`, which is not declared"
            );
        }
    }
}

#[wasm_bindgen_test]
fn the_check_rejects_values_that_disagree() {
    let decls = parsed();
    let fails = |value: &JsValue, ty: &str| check(&decls, value, ty, ty).unwrap_err();

    let view = default_view().unwrap();
    set(&view, "extra", JsValue::TRUE);
    assert!(fails(&view, "View").contains("has `extra`"));

    let view = default_view().unwrap();
    js_sys::Reflect::delete_property(&Object::from(view.clone()), &"pace".into()).unwrap();
    assert!(fails(&view, "View").contains("lacks `pace`"));

    let view = default_view().unwrap();
    set(&view, "depth", "3".into());
    assert!(fails(&view, "View").contains("View.depth"));
    let view = default_view().unwrap();
    set(&view, "algo", "dijkstra".into());
    assert!(fails(&view, "View").contains("View.algo"));
    let view = default_view().unwrap();
    set(&view, "weights", Array::of2(&1.into(), &2.into()).into());
    assert!(fails(&view, "View").contains("tuple"));
    let view = default_view_for(JsValue::from("othello")).unwrap();
    set(&get(&view, "white"), "human", JsValue::NULL);
    assert!(fails(&view, "ViewOthello").contains("ViewOthello.white.human"));

    let board = new_session("bait", LEVEL).unwrap().view().unwrap();
    set(&board, "cells", Array::of1(&1.into()).into());
    assert!(fails(&board, "BaitBoardView").contains("cells"));
    assert!(fails(&JsValue::NULL, "View").contains("not a View object"));
    let row = Array::from(&parameter_table(JsValue::from("bait")).unwrap()).get(0);
    set(&row, "options", Array::new().into());
    assert!(fails(&row, "Parameter").contains("fits no shape"));
    assert!(fails(&JsValue::from(1), "Nowhere").contains("not declared"));
}

#[wasm_bindgen_test]
fn share_link_views_are_their_types() {
    assert_type(&default_view().unwrap(), "View");
    assert_type(&default_view_for(JsValue::from("bait")).unwrap(), "View");
    let link = "v=1&game=bait&level=wwwww/wA.gw/wk..w/wwwww&algo=wastar&weight=2&seed=42";
    let bait = parse_share_link(JsValue::from(link)).unwrap();
    assert_eq!(text(&bait, "level"), "wwwww\nwA.gw\nwk..w\nwwwww");
    assert_type(&bait, "View");

    assert_type(
        &default_view_for(JsValue::from("2048")).unwrap(),
        "View2048",
    );
    let g2048 = parse_share_link(JsValue::from(
        "v=1&game=2048&algo=expectimax&depth=2&seed=7",
    ))
    .unwrap();
    assert_type(&g2048, "View2048");

    let othello = default_view_for(JsValue::from("othello")).unwrap();
    assert_type(&othello, "ViewOthello");
    assert_type(&get(&othello, "black"), "SideOthello");
    let board = "-".repeat(27) + "OX------XO" + &"-".repeat(27);
    let link = format!("v=1&game=othello&board={board}&side=O&moves=d6&at=0&seed=3");
    let othello = parse_share_link(JsValue::from(&link)).unwrap();
    assert_eq!(text(&othello, "side"), "O");
    assert_type(&othello, "ViewOthello");
    assert_type(
        &parse_share_link(JsValue::from("v=1&game=2048")).unwrap(),
        "View | View2048 | ViewOthello",
    );
}

#[wasm_bindgen_test]
fn the_page_limits_are_their_type() {
    assert_type(&limits().unwrap(), "PageLimits");
}

#[wasm_bindgen_test]
fn the_page_settings_are_their_type_and_format_back() {
    let settings = page_settings(JsValue::from("v=1&game=othello&class=1")).unwrap();
    assert_type(&settings, "PageSettings");
    assert_eq!(format_page_settings(settings).unwrap(), "&class=1");
    let plain = page_settings(JsValue::from("v=1")).unwrap();
    assert_eq!(format_page_settings(plain).unwrap(), "");
    let lesson = page_settings(JsValue::from("v=1&lesson=bfs-vs-dfs&step=2&class=1")).unwrap();
    assert_type(&lesson, "PageSettings");
    assert_eq!(
        format_page_settings(lesson).unwrap(),
        "&class=1&lesson=bfs-vs-dfs&step=2"
    );
}

#[wasm_bindgen_test]
fn board_views_are_their_types() {
    let mut bait = new_session("bait", LEVEL).unwrap();
    assert_type(&bait.view().unwrap(), "BaitBoardView");
    bait.apply(JsValue::from(1)).unwrap();
    assert_type(&bait.view().unwrap(), "BaitBoardView");

    let mut g2048 = GameSession::from_seed(JsValue::from("2048"), JsValue::from(5.0)).unwrap();
    assert_type(&g2048.view().unwrap(), "GridView");
    let action = g2048.legal_actions().unwrap()[0];
    g2048.apply(JsValue::from(action)).unwrap();
    assert_type(&g2048.view().unwrap(), "GridView");

    let othello = new_session("othello", "start").unwrap();
    assert_type(&othello.view().unwrap(), "GridView");
    assert_type(&othello.view().unwrap(), "BaitBoardView | GridView");
}

#[wasm_bindgen_test]
fn a_level_problem_is_its_type() {
    let problem =
        validate_level(JsValue::from("bait"), JsValue::from("wwwww\nwA.zw\nwwwww")).unwrap();
    assert_type(&problem, "LevelProblem");
    assert_type(&problem, "LevelProblem | undefined");
    let position =
        validate_level(JsValue::from("othello"), JsValue::from("not a position")).unwrap();
    assert_type(&position, "LevelProblem");
    assert!(validate_level(JsValue::from("bait"), JsValue::from(LEVEL))
        .unwrap()
        .is_undefined());
}

/// The Bait view with `algo` on [`LEVEL`] and these fields changed.
fn bait_view(algo: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let view = default_view().unwrap();
    set(&view, "algo", algo.into());
    set(&view, "level", LEVEL.into());
    for (key, value) in fields {
        set(&view, key, value.clone());
    }
    view
}

#[wasm_bindgen_test]
fn step_reports_and_root_actions_are_their_types() {
    let state = new_session("bait", LEVEL).unwrap().encode().unwrap();
    let mut astar = search_job(&state, bait_view("astar", &[]), 1.0, 0.0).unwrap();
    let first = astar.step(JsValue::from(1.0)).unwrap();
    assert_eq!(text(&first, "status"), "running");
    assert_type(&first, "StepReport");
    let mut last = first;
    while text(&last, "status") == "running" {
        last = astar.step(JsValue::from(100.0)).unwrap();
    }
    assert_eq!(text(&last, "status"), "solved");
    assert_type(&last, "StepReport");
    assert_type(&astar.root_actions().unwrap(), "RootAction[]");

    let nodes = [("maxNodes", JsValue::from_f64(3.0))];
    let mut bfs = search_job(&state, bait_view("bfs", &nodes), 1.0, 0.0).unwrap();
    let limited = bfs.step(JsValue::from(100.0)).unwrap();
    assert_eq!(text(&limited, "limit"), "nodes");
    assert_type(&limited, "StepReport");

    let mut mcts = search_job(&state, bait_view("mcts", &[]), 1.0, 0.0).unwrap();
    let report = mcts.step(JsValue::from(50.0)).unwrap();
    assert!(get(&report, "frontier").is_null(), "MCTS has no frontier");
    assert_type(&report, "StepReport");
    let rows = mcts.root_actions().unwrap();
    assert!(Array::from(&rows).length() > 0);
    assert_type(&rows, "RootAction[]");
    assert!(mcts.thinking().unwrap().is_undefined());
}

#[wasm_bindgen_test]
fn last_moves_are_their_types() {
    let mut g2048 = GameSession::from_seed(JsValue::from("2048"), JsValue::from(11.0)).unwrap();
    let mut spawned = false;
    for _ in 0..30 {
        let Some(&action) = g2048.legal_actions().unwrap().first() else {
            break;
        };
        g2048.apply(JsValue::from(action)).unwrap();
        let trace = g2048.last_move().unwrap();
        assert_type(&trace, "MoveTrace");
        assert_type(&trace, "MoveTrace | OthelloMove | undefined");
        spawned |= !get(&trace, "spawn").is_null();
    }
    assert!(spawned, "the traces held a spawn");

    let mut othello = new_session("othello", "start").unwrap();
    othello.apply(JsValue::from(37)).unwrap();
    let played = othello.last_move().unwrap();
    assert_eq!(Array::from(&get(&played, "flipped")).length(), 1);
    assert_type(&played, "OthelloMove");
    assert_type(&played, "MoveTrace | OthelloMove | undefined");
}

#[wasm_bindgen_test]
fn what_an_othello_agent_thinks_is_its_type() {
    let state = new_session("othello", "start").unwrap().encode().unwrap();
    let depth = [
        ("algo", JsValue::from_str("alphabeta")),
        ("budget", JsValue::from_str("depth")),
        ("depth", JsValue::from_f64(3.0)),
    ];
    let mut alphabeta = search_job(&state, othello_agent_view("black", &depth), 1.0, 0.0).unwrap();
    let before = alphabeta.thinking().unwrap();
    assert_type(&before, "Thinking");
    while text(&alphabeta.step(JsValue::from(1000.0)).unwrap(), "status") == "running" {}
    let after = alphabeta.thinking().unwrap();
    assert!(get(&after, "value").as_f64().is_some());
    assert_type(&after, "Thinking");
    assert_type(&after, "Thinking | undefined");

    let playouts = [
        ("algo", JsValue::from_str("mcts")),
        ("budget", JsValue::from_str("nodes")),
        ("nodes", JsValue::from_f64(50.0)),
    ];
    let mut mcts = search_job(&state, othello_agent_view("black", &playouts), 1.0, 0.0).unwrap();
    mcts.step(JsValue::from(50.0)).unwrap();
    let thinking = mcts.thinking().unwrap();
    assert!(
        get(&thinking, "eval").is_null(),
        "MCTS evaluates no position"
    );
    assert_type(&thinking, "Thinking");
    assert_type(&mcts.root_actions().unwrap(), "RootAction[]");
}

#[wasm_bindgen_test]
fn a_batch_report_is_its_type() {
    let view = default_view_for(JsValue::from("2048")).unwrap();
    set(&view, "algo", "greedy".into());
    set(&view, "games", JsValue::from_f64(2.0));
    set(&view, "seed", JsValue::from_f64(9.0));
    let mut batch = BatchGame::new(view, JsValue::from(1)).unwrap();
    let first = batch.step(JsValue::from(5.0)).unwrap();
    assert_type(&first, "BatchReport");
    let mut report = first;
    for _ in 0..10_000 {
        if get(&report, "over").as_bool() == Some(true) {
            break;
        }
        report = batch.step(JsValue::from(1000.0)).unwrap();
    }
    assert_eq!(get(&report, "over").as_bool(), Some(true));
    assert_type(&report, "BatchReport");
}

#[wasm_bindgen_test]
fn parameter_tables_are_their_type() {
    let mut kinds = Vec::new();
    for game in ["bait", "2048", "othello"] {
        let table = parameter_table(JsValue::from(game)).unwrap();
        assert_type(&table, "Parameter[]");
        for row in Array::from(&table).iter() {
            kinds.push(text(&row, "kind"));
        }
    }
    for kind in ["int", "float", "choice", "floats"] {
        assert!(
            kinds.iter().any(|k| k == kind),
            "no {kind} parameter to check"
        );
    }
}

#[wasm_bindgen_test]
fn speed_comparisons_return_their_types() {
    let astar = bench_astar(JsValue::from(LEVEL)).unwrap();
    assert_type(&astar, "BenchAstar");
    let mcts = bench_2048_mcts(JsValue::from(1.0), JsValue::from(1.0)).unwrap();
    assert_type(&mcts, "Bench2048Mcts");
    let full = "X".repeat(61) + "O--";
    let solved =
        bench_othello_solve(JsValue::from(&full), JsValue::from("O"), JsValue::from(1)).unwrap();
    assert_type(&solved, "BenchOthelloSolve");
    let passes = "X".repeat(62) + "O-";
    let passed =
        bench_othello_solve(JsValue::from(&passes), JsValue::from("O"), JsValue::from(1)).unwrap();
    assert_type(&passed, "BenchOthelloSolve");
}

/// A session of `game` for the checks below; a new game adds its line.
fn session_of(game: &str) -> GameSession {
    match game {
        "bait" => new_session("bait", LEVEL).unwrap(),
        "2048" => GameSession::from_seed(JsValue::from("2048"), JsValue::from(4.0)).unwrap(),
        "othello" => new_session("othello", "start").unwrap(),
        "sumzero" => new_session("sumzero", "").unwrap(),
        "vgdl" => {
            let game = &searchlab::share::shipped_vgdl::SHIPPED_GAMES[0];
            let start = searchlab::wasm::vgdl_start(game.rules.into(), game.levels[0].into());
            new_session("vgdl", &start.unwrap()).unwrap()
        }
        other => panic!("tests/wasm_typescript.rs: give {other} a session in session_of"),
    }
}

#[wasm_bindgen_test]
fn every_game_answers_in_the_types_the_attributes_give() {
    for &game in GAMES {
        let view = default_view_for(JsValue::from(game)).unwrap();
        assert_type(&view, return_type_of("default_view_for"));
        let link = parse_share_link(JsValue::from(&format!("v=1&game={game}"))).unwrap();
        assert_type(&link, return_type_of("parse_share_link"));

        let mut session = session_of(game);
        assert_type(&session.view().unwrap(), return_type_of("view"));
        session
            .apply(JsValue::from(session.legal_actions().unwrap()[0]))
            .unwrap();
        assert_type(&session.view().unwrap(), return_type_of("view"));
        if game_capabilities(JsValue::from(game))
            .unwrap()
            .iter()
            .any(|c| c == "lastMove")
        {
            assert_type(&session.last_move().unwrap(), return_type_of("last_move"));
        }

        // After one move an agent is to move in every game (Othello's default: a person
        // against MTD(f)).
        set(&view, "seed", JsValue::from_f64(1.0));
        let mut job = search_job(&session.encode().unwrap(), view, 1.0, 0.0).unwrap();
        assert_type(&job.step(JsValue::from(20.0)).unwrap(), "StepReport");
        assert_type(&job.thinking().unwrap(), return_type_of("thinking"));
        assert_type(&job.root_actions().unwrap(), return_type_of("root_actions"));
    }
}

#[wasm_bindgen_test]
fn sum_to_zero_is_its_types() {
    assert_type(
        &default_view_for(JsValue::from("sumzero")).unwrap(),
        "ViewSumZero",
    );
    let mut session = new_session("sumzero", "+20 -18").unwrap();
    assert_type(&session.view().unwrap(), "SumZeroBoardView");
    while let Some(&action) = session.legal_actions().unwrap().first() {
        session.apply(JsValue::from(action)).unwrap();
    }
    let over = session.view().unwrap();
    assert!(get(&over, "turn").is_null() && !get(&over, "reward").is_null());
    assert_type(&over, "SumZeroBoardView");

    let view = default_view_for(JsValue::from("sumzero")).unwrap();
    set(&view, "seed", JsValue::from_f64(2.0));
    set(&view, "iterations", JsValue::from_f64(200.0));
    let state = new_session("sumzero", "+20").unwrap().encode().unwrap();
    let mut mcts = search_job(&state, view.clone(), 1.0, 0.0).unwrap();
    assert_type(&mcts.thinking().unwrap(), "SumZeroThinking");
    while text(&mcts.step(JsValue::from(50.0)).unwrap(), "status") == "running" {}
    let thinking = mcts.thinking().unwrap();
    assert!(!get(&thinking, "choice").is_null());
    assert_type(&thinking, "SumZeroThinking");

    set(&view, "algo", "exhaustive".into());
    let mut exhaustive = search_job(&state, view, 1.0, 0.0).unwrap();
    exhaustive.step(JsValue::from(1000.0)).unwrap();
    assert_type(&exhaustive.thinking().unwrap(), "SumZeroThinking");
}

#[wasm_bindgen_test]
fn a_recorded_run_at_a_step_is_its_types() {
    let othello = new_session("othello", "start").unwrap().encode().unwrap();
    let playouts = [
        ("algo", JsValue::from_str("mcts")),
        ("budget", JsValue::from_str("nodes")),
        ("nodes", JsValue::from_f64(60.0)),
    ];
    let view = othello_agent_view("black", &playouts);
    let mut mcts = SearchJob::new(othello.into(), view, 1.into(), 0.into(), JsValue::TRUE).unwrap();
    while text(&mcts.step(JsValue::from(100.0)).unwrap(), "status") == "running" {}
    let timeline = mcts.timeline().unwrap();
    let step = JsValue::from(30.0);
    assert_type(&timeline.iteration(step.clone()).unwrap(), "IterationView");
    assert_type(
        &timeline.iteration(JsValue::from(0.0)).unwrap(),
        "IterationView | undefined",
    );
    let tree = timeline
        .tree(step.clone(), JsValue::from(3.0), JsValue::from(50.0))
        .unwrap();
    assert_type(&tree, "TreeNode[]");
    assert_type(&timeline.thinking_at(step.clone()).unwrap(), "Thinking");
    assert_type(&timeline.markers().unwrap(), "Marker[]");

    let bait = new_session("bait", BAIT_LEVEL).unwrap().encode().unwrap();
    let rhea = default_view().unwrap();
    set(&rhea, "algo", "rhea".into());
    set(&rhea, "level", BAIT_LEVEL.into());
    set(&rhea, "mode", "act".into());
    let mut job = SearchJob::new(bait.into(), rhea, 1.into(), 0.into(), JsValue::TRUE).unwrap();
    job.step(JsValue::from(40.0)).unwrap();
    let timeline = job.timeline().unwrap();
    assert_type(
        &timeline.population(JsValue::from(40.0)).unwrap(),
        "PopulationView",
    );
    assert_type(&timeline.thinking_at(step).unwrap(), "Thinking | undefined");
}

const BAIT_LEVEL: &str = "wwwwwwwwww\nwA...w..kw\nw.ww.w.www\nw..m....gw\nw.w.1.w..w\nwwwwwwwwww";

#[wasm_bindgen_test]
fn what_kb_fast_evo_knows_is_its_type() {
    let level = "wwwwwww\nwA..k.w\nw.www.w\nw.m..gw\nwwwwwww";
    let state = new_session("bait", level).unwrap().encode().unwrap();
    let view = default_view().unwrap();
    set(&view, "algo", "kbfe".into());
    set(&view, "mode", "act".into());
    set(&view, "level", level.into());
    let mut job = search_job(&state, view, 1.0, 0.0).unwrap();
    assert_type(&job.thinking().unwrap(), "KbKnowledge");
    job.step(JsValue::from(50.0)).unwrap();
    let thinking = job.thinking().unwrap();
    assert!(Array::from(&get(&thinking, "types")).length() > 0);
    assert_type(&thinking, "KbKnowledge");
    assert_type(
        &thinking,
        "Thinking | SumZeroThinking | KbKnowledge | undefined",
    );
}
