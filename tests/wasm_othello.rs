//! Othello through the JavaScript API, run by `wasm-pack test --node`: sessions (legal moves,
//! the last move's flips, passes, the end, undo), search jobs stepped in slices with the
//! principal variation, the value and the node and cutoff counts, the exact solver, share
//! links, and the errors for illegal moves and bad parameters.
#![cfg(target_arch = "wasm32")]

use searchlab::game::Game;
use searchlab::games::othello::endgame::Solver;
use searchlab::games::othello::eval::course_value;
use searchlab::games::othello::Othello;
use searchlab::rng::Rng;
use searchlab::search::fixed_depth::FixedDepth;
use searchlab::search::{Limits, Search};
use searchlab::wasm::{
    default_view_for, format_share_link, limits, parse_share_link, share_link_game, validate_level,
    SearchJob,
};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_common;
use wasm_common::*;

/// White to move with only a pass: Black fills the board but for White's g8 disc... and h8.
const PASS_POSITION: &str = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O";

/// The default Othello view with a seed and `side` played by an agent with these settings.
fn view(side: &str, fields: &[(&str, JsValue)]) -> JsValue {
    othello_agent_view(side, fields)
}

fn run_to_end(job: &mut SearchJob, slice: f64) -> JsValue {
    for _ in 0..100_000 {
        let report = job.step(JsValue::from(slice)).unwrap();
        if text(&report, "status") != "running" {
            return report;
        }
    }
    panic!("the search did not finish");
}

#[wasm_bindgen_test]
fn a_session_plays_flips_undoes_and_resets() {
    let mut session = new_session("othello", "start").unwrap();
    assert_eq!(
        session.legal_actions().unwrap(),
        vec![19, 26, 37, 44],
        "d3 c4 f5 e6"
    );
    assert_eq!(
        session.player_to_move().unwrap(),
        Some(0),
        "Black moves first"
    );
    let start = cells(&session);
    assert_eq!(start.len(), 64);
    assert_eq!((start[27], start[28], start[35], start[36]), (2, 1, 1, 2));
    assert!(session.last_move().unwrap().is_undefined());

    session.apply(JsValue::from(37)).unwrap(); // f5 turns e5
    assert_eq!(session.player_to_move().unwrap(), Some(1));
    let last = session.last_move().unwrap();
    assert_eq!(number(&last, "action"), 37.0);
    assert_eq!(number(&last, "player"), 0.0);
    let flipped: Vec<f64> = js_sys::Array::from(&get(&last, "flipped"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(flipped, vec![36.0]);
    assert_eq!(
        session.score().unwrap(),
        3.0,
        "four Black discs against one"
    );
    session.apply(JsValue::from(43)).unwrap(); // d6
    assert_eq!(session.history().unwrap(), vec![37, 43]);
    assert!(session.undo().unwrap());
    assert_eq!(number(&session.last_move().unwrap(), "action"), 37.0);
    session.reset().unwrap();
    assert_eq!(session.moves().unwrap(), 0);
    assert_eq!(cells(&session), start);
    assert!(session.last_move().unwrap().is_undefined());
}

#[wasm_bindgen_test]
fn illegal_moves_and_bad_positions_are_errors_that_say_why() {
    let mut session = new_session("othello", "").unwrap();
    let error = message(session.apply(JsValue::from(0)).unwrap_err());
    assert!(
        error.contains("a1") && error.contains("not legal"),
        "{error}"
    );
    let error = message(session.apply(JsValue::from(64)).unwrap_err());
    assert!(
        error.contains("pass") && error.contains("not legal"),
        "{error}"
    );
    assert_error(session.apply(JsValue::from(65)), "does not exist");
    assert_eq!(session.moves().unwrap(), 0);
    assert_error(
        new_session("othello", "XO- X"),
        "position: board: expected 64 characters",
    );
    let board = format!("{}Z{} X", "-".repeat(10), "-".repeat(53));
    let problem = validate_level(JsValue::from("othello"), JsValue::from(&board)).unwrap();
    assert_eq!(number(&problem, "column"), 11.0);
    assert!(text(&problem, "message").contains("'Z'"));
    assert!(
        validate_level(JsValue::from("othello"), JsValue::from("start"))
            .unwrap()
            .is_undefined()
    );
}

#[wasm_bindgen_test]
fn a_side_without_a_move_passes_and_the_game_ends() {
    let mut session = new_session("othello", PASS_POSITION).unwrap();
    assert_eq!(
        session.legal_actions().unwrap(),
        vec![64],
        "White can only pass"
    );
    assert_eq!(session.player_to_move().unwrap(), Some(1));
    session.apply(JsValue::from(64)).unwrap();
    assert_eq!(session.legal_actions().unwrap(), vec![62], "Black takes g8");
    session.apply(JsValue::from(62)).unwrap();
    assert!(session.is_terminal().unwrap());
    assert_eq!(session.outcome().unwrap(), "black");
    assert_eq!(session.player_to_move().unwrap(), None);
    assert_eq!(
        session.score().unwrap(),
        64.0,
        "the empty square goes to the winner"
    );
    assert_eq!(
        get(&session.view().unwrap(), "alive").as_bool(),
        Some(false)
    );
    assert_error(session.apply(JsValue::from(63)), "the game is over");
    assert_error(
        search_job(&session.encode().unwrap(), view("black", &[]), 1.0, 0.0),
        "no move to think about",
    );
}

#[wasm_bindgen_test]
fn alpha_beta_runs_in_slices_and_reports_its_line_value_and_cutoffs() {
    let mut session = new_session("othello", "start").unwrap();
    session.apply(JsValue::from(37)).unwrap();
    let state = session.encode().unwrap();
    let settings = |algo: &str| {
        [
            ("algo", JsValue::from_str(algo)),
            ("eval", JsValue::from_str("course")),
            ("budget", JsValue::from_str("depth")),
            ("depth", JsValue::from_f64(4.0)),
            ("solve", JsValue::from_f64(0.0)),
        ]
    };
    let mut job = search_job(&state, view("white", &settings("alphabeta")), 7.0, 1.0).unwrap();
    let first = job.step(JsValue::from(10.0)).unwrap();
    assert_eq!(text(&first, "status"), "running");
    let thinking = job.thinking().unwrap();
    assert_eq!(
        number(&thinking, "nodes"),
        10.0,
        "a slice of exactly 10 nodes"
    );
    assert!(
        get(&thinking, "value").is_null(),
        "no value before depth 4 ends"
    );
    let report = run_to_end(&mut job, 37.0);
    assert_eq!(text(&report, "status"), "solved");

    // The same search natively, with the seed the job derives from (seed 7, stream 1).
    let mut root = Othello::start();
    root.apply(Othello::action_from_index(37).unwrap());
    let limits = Limits {
        max_nodes: u64::MAX,
        max_memory_bytes: 32 << 20,
    };
    let mut native = FixedDepth::new(
        root,
        course_value as fn(&Othello, usize) -> i32,
        4,
        true,
        limits,
        Rng::derive(7, 1),
    );
    while !native.step(1 << 20).is_finished() {}
    let tree = native.tree_stats();
    let decision = native.decision().unwrap();
    let thinking = job.thinking().unwrap();
    assert_eq!(text(&thinking, "side"), "white");
    assert_eq!(text(&thinking, "units"), "course");
    assert_eq!(number(&thinking, "depth"), 4.0);
    assert_eq!(number(&thinking, "nodes"), tree.nodes as f64);
    assert_eq!(number(&thinking, "cutoffs"), tree.cutoffs as f64);
    assert_eq!(number(&thinking, "pruned"), tree.pruned as f64);
    assert!(tree.cutoffs > 0);
    assert_eq!(
        number(&thinking, "value"),
        -f64::from(decision.value),
        "the value is shown from Black's view"
    );
    let pv: Vec<u32> = decision.pv.iter().map(|m| m.index()).collect();
    assert_eq!(job.plan().unwrap(), pv);
    assert_eq!(job.best_action().unwrap(), Some(pv[0]));
    assert_eq!(number(&report, "generated"), tree.nodes as f64);

    // Minimax searches every node: no cutoffs, more nodes, the same value.
    let mut minimax = search_job(&state, view("white", &settings("minimax")), 7.0, 1.0).unwrap();
    run_to_end(&mut minimax, 1000.0);
    let full = minimax.thinking().unwrap();
    assert_eq!(number(&full, "cutoffs"), 0.0);
    assert!(number(&full, "nodes") > tree.nodes as f64);
    assert_eq!(number(&full, "value"), number(&thinking, "value"));
    assert!(
        job.heat().unwrap().is_empty(),
        "no heat map on an Othello board"
    );
}

#[wasm_bindgen_test]
fn mtdf_and_mcts_think_under_a_node_budget() {
    let state = new_session("othello", "start").unwrap().encode().unwrap();
    let mut mtdf = search_job(
        &state,
        view("black", &[("budget", "time".into())]),
        3.0,
        0.0,
    )
    .unwrap();
    for _ in 0..20 {
        mtdf.step(JsValue::from(500.0)).unwrap();
    }
    let thinking = mtdf.thinking().unwrap();
    assert_eq!(text(&thinking, "algo"), "mtdf");
    assert!(
        number(&thinking, "depth") >= 3.0,
        "depths complete within 10,000 nodes"
    );
    assert_eq!(
        mtdf.plan().unwrap().len() as f64,
        number(&thinking, "depth")
    );
    assert!([19, 26, 37, 44].contains(&mtdf.best_action().unwrap().unwrap()));

    // A node budget (MCTS: playouts) ends the job by itself.
    let fields = [
        ("algo", "mcts".into()),
        ("budget", "nodes".into()),
        ("nodes", JsValue::from_f64(300.0)),
    ];
    let mut mcts = search_job(&state, view("black", &fields), 3.0, 0.0).unwrap();
    let report = run_to_end(&mut mcts, 64.0);
    assert_eq!(text(&report, "status"), "limit_reached");
    assert_eq!(number(&report, "iterations"), 300.0);
    let rows: js_sys::Array = mcts.root_actions().unwrap().unchecked_into();
    assert_eq!(rows.length(), 4, "every opening move is tried");
    let thinking = mcts.thinking().unwrap();
    assert_eq!(text(&thinking, "units"), "playouts");
    assert!(get(&thinking, "value").as_f64().is_some());
}

#[wasm_bindgen_test]
fn the_endgame_switch_answers_exactly() {
    // A seeded random game down to 12 empty squares.
    let mut session = new_session("othello", "start").unwrap();
    let mut rng = Rng::new(21);
    let mut state = Othello::start();
    while state.empty_count() > 12 {
        let legal = session.legal_actions().unwrap();
        let action = legal[rng.index(legal.len())];
        session.apply(JsValue::from(action)).unwrap();
        state.apply(Othello::action_from_index(action).unwrap());
    }
    let legal = session.legal_actions().unwrap();
    assert!(legal.len() > 1, "a position with a choice");
    let side = if session.player_to_move().unwrap() == Some(0) {
        "black"
    } else {
        "white"
    };
    let fields = [("solve", JsValue::from_f64(14.0))];
    let mut job = search_job(&session.encode().unwrap(), view(side, &fields), 1.0, 0.0).unwrap();
    assert_eq!(
        text(&job.step(JsValue::from(1.0)).unwrap(), "status"),
        "solved"
    );
    let thinking = job.thinking().unwrap();
    assert_eq!(get(&thinking, "exact").as_bool(), Some(true));
    assert_eq!(text(&thinking, "units"), "discs");
    let solution = Solver::new(1 << 20, u64::MAX).solve(state.board()).unwrap();
    let for_black = if side == "black" {
        solution.score
    } else {
        -solution.score
    };
    assert_eq!(number(&thinking, "value"), f64::from(for_black));
    assert_eq!(
        job.best_action().unwrap(),
        solution.best_move.map(|m| m.index())
    );
}

/// A side, settings to change, and a part of the expected error.
type BadParameter<'a> = (&'a str, &'a [(&'a str, JsValue)], &'a str);

#[wasm_bindgen_test]
fn bad_parameters_are_errors_that_name_them() {
    let state = new_session("othello", "start").unwrap().encode().unwrap();
    let cases: [BadParameter; 6] = [
        (
            "black",
            &[
                ("budget", "depth".into()),
                ("depth", JsValue::from_f64(0.0)),
            ],
            "parameter 'black': depth",
        ),
        (
            "black",
            &[("algo", "mcts".into()), ("budget", "depth".into())],
            "parameter 'black': depth: mcts takes ms or nodes",
        ),
        (
            "black",
            &[("solve", JsValue::from_f64(25.0))],
            "parameter 'black': solve: at most 24",
        ),
        (
            "black",
            &[("algo", "solver".into())],
            "parameter 'black': the page gives the exact solver positions with at most 24",
        ),
        ("black", &[("algo", "negamax".into())], "not a view object"),
        (
            "black",
            &[("colour", "red".into())],
            "unknown field `black.colour`",
        ),
    ];
    for (side, fields, expected) in cases {
        assert_error(search_job(&state, view(side, fields), 1.0, 0.0), expected);
    }
    // Black is a person in the default view.
    let human = default_view_for(JsValue::from("othello")).unwrap();
    assert_error(search_job(&state, human, 1.0, 0.0), "a person plays Black");
    let bad_board = "searchlab-state/2\nothello\nstart X";
    assert_error(
        search_job(bad_board, view("black", &[]), 1.0, 0.0),
        "not an encoded state (use GameSession.encode()): othello state",
    );
}

#[wasm_bindgen_test]
fn share_links_open_othello_views_and_name_bad_fields() {
    let parsed = parse_share_link(JsValue::from(
        "#v=1&game=othello&moves=f5,d6&black=alphabeta:depth=5:eval=course&white=human&seed=4",
    ))
    .unwrap();
    assert_eq!(text(&parsed, "game"), "othello");
    let moves: Vec<f64> = js_sys::Array::from(&get(&parsed, "moves"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(moves, vec![37.0, 43.0]);
    let black = get(&parsed, "black");
    assert_eq!(text(&black, "algo"), "alphabeta");
    assert_eq!(number(&black, "depth"), 5.0);
    assert_eq!(get(&get(&parsed, "white"), "human").as_bool(), Some(true));
    assert_eq!(
        format_share_link(parsed).unwrap(),
        "v=1&game=othello&moves=f5,d6&black=alphabeta:depth=5:eval=course:solve=0&white=human&seed=4"
    );
    assert_error(
        parse_share_link(JsValue::from("#v=1&game=othello&moves=f5,a1")),
        "field 'moves': move 2 (a1) is not legal",
    );
    assert_error(
        parse_share_link(JsValue::from("#v=1&game=othello&board=XO&side=X")),
        "field 'board'",
    );
    assert_eq!(
        share_link_game(JsValue::from("#v=1&game=othello&black=robot")).unwrap(),
        "othello"
    );
    let default = default_view_for(JsValue::from("othello")).unwrap();
    assert!(get(&default, "seed").is_null());
    assert!(get(&default, "board").is_null());
    assert_eq!(text(&get(&default, "white"), "algo"), "mtdf");
}

/// The page's caps (`limits()`, which www/othello/sides.js gives the inputs) are the largest
/// values an Othello link takes: each one reads, one more is refused naming the parameter. And a
/// link of `linkBytes` bytes is read, one of a byte more refused.
#[wasm_bindgen_test]
fn the_page_limits_are_what_links_accept() {
    let limits = limits().unwrap();
    let caps = get(&limits, "othello");
    for (key, agent) in [("ms", "mtdf"), ("nodes", "mcts"), ("solve", "mtdf")] {
        let cap = number(&caps, key);
        assert!(cap >= 1.0 && cap.fract() == 0.0, "{key}: {cap}");
        let link = |value: f64| format!("v=1&game=othello&black={agent}:{key}={value}&seed=3");
        parse_share_link(JsValue::from(link(cap))).unwrap_or_else(|e| {
            panic!("{key} = {cap}: {}", message(e));
        });
        assert_error(parse_share_link(JsValue::from(link(cap + 1.0))), key);
    }

    let bytes = number(&limits, "linkBytes") as usize;
    let link = |length: usize| {
        let start = "v=1&game=othello&seed=3&x=";
        format!("{start}{}", "0".repeat(length - start.len()))
    };
    // Read, and refused only for its unknown key.
    assert_error(
        parse_share_link(JsValue::from(link(bytes))),
        "unknown field",
    );
    let over = assert_error(
        parse_share_link(JsValue::from(link(bytes + 1))),
        "bytes long",
    );
    assert!(over.contains(&format!("at most {bytes}")), "{over}");
}
