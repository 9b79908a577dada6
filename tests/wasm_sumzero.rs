//! Sum to zero through the JavaScript API, run by `wasm-pack test --node`: sessions from a seed
//! or a moves text (ten moves to the reward, undo, reset), search jobs that replay the command
//! line's choice and judge it against the exact optimum, share links, capabilities, and the
//! errors for illegal moves and bad parameters.
#![cfg(target_arch = "wasm32")]

use searchlab::agents::sumzero::{play_game, AgentSpec};
use searchlab::game::Game;
use searchlab::games::sumzero::solve::Optimum;
use searchlab::games::sumzero::{reward_of, SumZero};
use searchlab::wasm::{
    default_view_for, format_share_link, game_capabilities, parameter_table, parse_share_link,
    share_link_game, validate_level, BatchGame, GameSession,
};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_common;
use wasm_common::*;

/// A whole game: ten legal amounts ending on −16.
const LINE: &str = "+20 -18 -24 +14 -18 +10 -8 +6 +4 -2";

/// The default Sum to zero view with a seed and the given fields changed.
fn view(fields: &[(&str, JsValue)]) -> JsValue {
    let view = default_view_for(JsValue::from("sumzero")).unwrap();
    set(&view, "seed", JsValue::from_f64(7.0));
    for (key, value) in fields {
        set(&view, key, value.clone());
    }
    view
}

/// `object[key]` as an array of numbers.
fn numbers(object: &JsValue, key: &str) -> Vec<f64> {
    js_sys::Array::from(&get(object, key))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

/// `object[key]` as an array of objects.
fn rows(object: &JsValue, key: &str) -> Vec<JsValue> {
    js_sys::Array::from(&get(object, key)).iter().collect()
}

#[wasm_bindgen_test]
fn a_seeded_session_plays_ten_moves_to_the_reward() {
    let mut session =
        GameSession::from_seed(JsValue::from("sumzero"), JsValue::from(42.0)).unwrap();
    assert_eq!(session.capabilities().unwrap(), ["levels", "seeded"]);
    assert_eq!(session.legal_actions().unwrap(), [0, 1, 2, 3]);
    assert_eq!(session.player_to_move().unwrap(), None, "one player");
    let board = session.view().unwrap();
    assert_eq!(number(&board, "sum"), 0.0);
    assert_eq!(number(&board, "turn"), 10.0);
    assert_eq!(number(&board, "reach"), 165.0);
    assert_eq!(number(&board, "maxAbsSum"), 165.0);
    let remaining = rows(&board, "remaining");
    assert_eq!(remaining.len(), 10);
    assert_eq!(
        numbers(&remaining[0], "amounts"),
        [20.0, -20.0, 30.0, -30.0]
    );
    assert_eq!(number(&remaining[9], "turn"), 1.0);
    assert!(get(&board, "reward").is_null());

    let end: SumZero = LINE.parse().unwrap();
    for action in end.moves() {
        assert_eq!(session.outcome().unwrap(), "playing");
        assert_eq!(
            session.score().unwrap(),
            0.0,
            "nothing is earned before the end"
        );
        session.apply(JsValue::from(action.index())).unwrap();
    }
    assert_eq!(session.moves().unwrap(), 10);
    assert_eq!(session.outcome().unwrap(), "over");
    assert!(session.is_terminal().unwrap());
    assert_eq!(session.score().unwrap(), reward_of(-16));
    assert!(session.legal_actions().unwrap().is_empty());
    let board = session.view().unwrap();
    assert_eq!(number(&board, "sum"), -16.0);
    assert!(get(&board, "turn").is_null());
    assert_eq!(number(&board, "reward"), session.score().unwrap());
    assert_eq!(text(&board, "text"), LINE);
    assert_eq!(numbers(&board, "moves")[2], -24.0);
    assert!(rows(&board, "remaining").is_empty());
    assert_eq!(get(&board, "alive").as_bool(), Some(false));
    assert_error(session.apply(JsValue::from(0)), "the game is over");
    assert_error(
        search_job(&session.encode().unwrap(), view(&[]), 1.0, 0.0),
        "no move to think about",
    );
}

#[wasm_bindgen_test]
fn undo_and_reset_take_moves_back() {
    let mut session = GameSession::from_seed(JsValue::from("sumzero"), JsValue::from(1.0)).unwrap();
    session.apply(JsValue::from(2)).unwrap(); // +30
    session.apply(JsValue::from(1)).unwrap(); // -18
    assert_eq!(number(&session.view().unwrap(), "sum"), 12.0);
    assert_eq!(session.history().unwrap(), [2, 1]);
    assert!(session.undo().unwrap());
    assert_eq!(number(&session.view().unwrap(), "sum"), 30.0);
    assert_eq!(number(&session.view().unwrap(), "turn"), 9.0);
    session.reset().unwrap();
    assert_eq!(session.moves().unwrap(), 0);
    assert_eq!(number(&session.view().unwrap(), "sum"), 0.0);
    assert!(
        !session.undo().unwrap(),
        "nothing to take back at the start"
    );
}

#[wasm_bindgen_test]
fn a_moves_text_opens_a_position_and_names_its_mistakes() {
    let mut session = new_session("sumzero", "+20 -18").unwrap();
    let board = session.view().unwrap();
    assert_eq!((number(&board, "sum"), number(&board, "turn")), (2.0, 8.0));
    assert_eq!(text(&board, "text"), "+20 -18");
    session.apply(JsValue::from(3)).unwrap();
    session.reset().unwrap();
    assert_eq!(
        number(&session.view().unwrap(), "sum"),
        2.0,
        "the text is the start"
    );
    assert_eq!(
        number(&new_session("sumzero", "").unwrap().view().unwrap(), "turn"),
        10.0
    );

    assert!(
        validate_level(JsValue::from("sumzero"), JsValue::from("+30 -27"))
            .unwrap()
            .is_undefined()
    );
    let problem = validate_level(JsValue::from("sumzero"), JsValue::from("+20 +7")).unwrap();
    assert_eq!(
        (number(&problem, "line"), number(&problem, "column")),
        (1.0, 5.0)
    );
    assert!(text(&problem, "message").contains("+7 is not a move at turn 9"));
    assert_error(
        new_session("sumzero", "+20 +7"),
        "moves: column 5: +7 is not a move at turn 9 (expected +18, -18, +27 or -27)",
    );
    assert_error(
        session.apply(JsValue::from(4)),
        "actions are 0 +2t, 1 -2t, 2 +3t, 3 -3t",
    );
}

#[wasm_bindgen_test]
fn capabilities_say_what_the_game_has() {
    assert_eq!(
        game_capabilities(JsValue::from("sumzero")).unwrap(),
        ["levels", "seeded"]
    );
    let session = GameSession::from_seed(JsValue::from("sumzero"), JsValue::from(0.0)).unwrap();
    assert_error(session.cannot_win(), "sumzero has no dead ends to detect");
    assert_error(
        session.path_of(action_list(&[0])),
        "sumzero has no agent on the board",
    );
    assert_error(session.last_move(), "sumzero has no move animation");
    assert_error(
        BatchGame::new(view(&[]), JsValue::from(0)),
        "sumzero has no batch mode",
    );
}

#[wasm_bindgen_test]
fn the_parameter_table_gives_mcts_its_constant_and_its_playouts() {
    let table: Vec<JsValue> =
        js_sys::Array::from(&parameter_table(JsValue::from("sumzero")).unwrap())
            .iter()
            .collect();
    let keys: Vec<String> = table.iter().map(|p| text(p, "key")).collect();
    assert_eq!(keys, ["uct", "iterations"]);
    assert_eq!(text(&table[0], "kind"), "float");
    assert_eq!(number(&table[0], "default"), std::f64::consts::SQRT_2);
    let iterations = &table[1];
    assert_eq!(text(iterations, "kind"), "int");
    assert_eq!(
        (number(iterations, "min"), number(iterations, "max")),
        (1.0, 1e6)
    );
    assert_eq!(number(iterations, "default"), 1000.0);
    let algos: Vec<JsValue> = js_sys::Array::from(&get(iterations, "algos")).to_vec();
    assert_eq!(algos, [JsValue::from_str("mcts")]);
}

#[wasm_bindgen_test]
fn mcts_replays_the_command_lines_choice_beside_the_optimum() {
    let state = GameSession::from_seed(JsValue::from("sumzero"), JsValue::from(0.0))
        .unwrap()
        .encode()
        .unwrap();
    let fields = [("iterations", JsValue::from_f64(2000.0))];
    let mut job = search_job(&state, view(&fields), 7.0, 0.0).unwrap();
    let before = job.thinking().unwrap();
    assert!(get(&before, "choice").is_null());
    assert!(rows(&before, "actions")
        .iter()
        .all(|row| number(row, "visits") == 0.0 && get(row, "mean").is_null()));

    // Six slices of 300 playouts, then the last 200 of the budget.
    for slice in 1..=7 {
        let report = job.step(JsValue::from(300.0)).unwrap();
        let expected = if slice < 7 {
            "running"
        } else {
            "limit_reached"
        };
        assert_eq!(text(&report, "status"), expected, "slice {slice}");
    }
    let report = job.step(JsValue::from(300.0)).unwrap();
    assert_eq!(text(&report, "limit"), "nodes");
    assert_eq!(
        number(&report, "iterations"),
        2000.0,
        "exactly the view's iterations"
    );

    // `searchlab sumzero play --algo mcts --iterations 2000 --seed 7`, first move.
    let played = play_game(&AgentSpec::default(), &SumZero::start(), 7, 2000).unwrap();
    let best = job.best_action().unwrap().unwrap();
    assert_eq!(best, played.decisions[0].action);
    assert!(job.heat().unwrap().is_empty() && job.frontier().unwrap().is_empty());

    let thinking = job.thinking().unwrap();
    assert_eq!(text(&thinking, "algo"), "mcts");
    assert_eq!(number(&thinking, "optimalValue"), 1.0);
    assert_eq!(number(&thinking, "closestFinalSum"), 0.0);
    assert_eq!(number(&thinking, "choice"), f64::from(best));
    assert_eq!(number(&thinking, "regret"), played.decisions[0].regret);
    assert_eq!(
        number(&thinking, "choiceValue"),
        played.decisions[0].chosen_value
    );
    let actions = rows(&thinking, "actions");
    assert_eq!(actions.len(), 4);
    assert_eq!(
        actions
            .iter()
            .map(|r| number(r, "amount"))
            .collect::<Vec<_>>(),
        [20.0, -20.0, 30.0, -30.0]
    );
    let visits: f64 = actions.iter().map(|r| number(r, "visits")).sum();
    assert_eq!(visits, 2000.0, "every playout passes one root action");
    let roots: js_sys::Array = job.root_actions().unwrap().unchecked_into();
    for (row, root) in actions.iter().zip(roots.iter()) {
        assert_eq!(number(row, "visits"), number(&root, "visits"));
        assert_eq!(number(row, "mean"), number(&root, "value"));
        assert_eq!(number(row, "optimalValue") + number(row, "regret"), 1.0);
    }
}

#[wasm_bindgen_test]
fn a_short_search_can_choose_worse_and_the_regret_says_how_much() {
    // Turn 2, sum −18: +6 then +3 ends on −9, the best; the other moves end farther from 0.
    let session = new_session("sumzero", "+20 -18 -24 +14 -18 +10 -8 +6").unwrap();
    let root: SumZero = "+20 -18 -24 +14 -18 +10 -8 +6".parse().unwrap();
    let optimum = Optimum::solve();
    let fields = [("iterations", JsValue::from_f64(1.0))];
    let mut regrets = Vec::new();
    for stream in 0..16 {
        let mut job = search_job(&session.encode().unwrap(), view(&fields), 3.0, stream).unwrap();
        assert_eq!(
            text(&job.step(JsValue::from(10.0)).unwrap(), "status"),
            "limit_reached"
        );
        let thinking = job.thinking().unwrap();
        assert_eq!(number(&thinking, "optimalValue"), reward_of(9));
        let choice = job.best_action().unwrap().unwrap();
        let action = SumZero::action_from_index(choice).unwrap();
        let regret = number(&thinking, "regret");
        assert_eq!(regret, optimum.regret(&root, action));
        assert_eq!(number(&thinking, "choiceValue") + regret, reward_of(9));
        regrets.push(regret);
    }
    assert!(regrets.contains(&0.0), "{regrets:?}");
    assert!(regrets.iter().any(|&r| r > 0.0), "{regrets:?}");
}

#[wasm_bindgen_test]
fn the_exhaustive_agent_answers_at_once_with_the_optimum() {
    let session = new_session("sumzero", "+30 +27").unwrap();
    let fields = [("algo", JsValue::from_str("exhaustive"))];
    let mut job = search_job(&session.encode().unwrap(), view(&fields), 1.0, 0.0).unwrap();
    assert_eq!(
        text(&job.step(JsValue::from(1.0)).unwrap(), "status"),
        "solved"
    );
    let root: SumZero = "+30 +27".parse().unwrap();
    let optimum = Optimum::solve();
    let thinking = job.thinking().unwrap();
    assert_eq!(text(&thinking, "algo"), "exhaustive");
    assert_eq!(number(&thinking, "optimalValue"), optimum.value(&root));
    assert_eq!(number(&thinking, "regret"), 0.0);
    let line: Vec<u32> = optimum
        .optimal_line(&root)
        .iter()
        .map(|a| a.index())
        .collect();
    assert_eq!(job.plan().unwrap(), line);
    for (row, (action, value)) in rows(&thinking, "actions")
        .iter()
        .zip(optimum.action_values(&root))
    {
        assert_eq!(number(row, "action"), f64::from(action.index()));
        assert_eq!(number(row, "optimalValue"), value);
        assert_eq!(number(row, "visits"), 0.0);
        assert!(get(row, "mean").is_null());
    }
}

#[wasm_bindgen_test]
fn bad_parameters_and_states_are_errors_that_name_them() {
    let state = GameSession::from_seed(JsValue::from("sumzero"), JsValue::from(0.0))
        .unwrap()
        .encode()
        .unwrap();
    let cases: [(&str, JsValue, &str); 6] = [
        ("uct", JsValue::from_f64(f64::NAN), "parameter 'uct'"),
        ("uct", JsValue::from_f64(101.0), "parameter 'uct'"),
        (
            "iterations",
            JsValue::from_f64(0.0),
            "parameter 'iterations'",
        ),
        (
            "moves",
            JsValue::from_str("+21"),
            "parameter 'moves': column 1",
        ),
        ("algo", JsValue::from_str("bfs"), "not a view object"),
        ("depth", JsValue::from_f64(3.0), "unknown field `depth`"),
    ];
    for (key, value, expected) in cases {
        assert_error(
            search_job(&state, view(&[(key, value)]), 1.0, 0.0),
            expected,
        );
    }
    let bad = "searchlab-state/2\nsumzero\n+20 +7";
    assert_error(
        search_job(bad, view(&[]), 1.0, 0.0),
        "sumzero state: column 5: +7 is not a move at turn 9",
    );
}

#[wasm_bindgen_test]
fn share_links_open_sumzero_views_and_name_bad_fields() {
    let link = "#v=1&game=sumzero&algo=mcts&uct=1.41&iterations=500&moves=+20 -18&seed=42";
    let parsed = parse_share_link(JsValue::from(link)).unwrap();
    assert_eq!(text(&parsed, "game"), "sumzero");
    assert_eq!(text(&parsed, "algo"), "mcts");
    assert_eq!(
        (number(&parsed, "uct"), number(&parsed, "iterations")),
        (1.41, 500.0)
    );
    assert_eq!(number(&parsed, "seed"), 42.0);
    let moves = text(&parsed, "moves");
    assert_eq!(moves, "+20 -18");
    let opened = new_session("sumzero", &moves).unwrap();
    assert_eq!(number(&opened.view().unwrap(), "sum"), 2.0);
    let written = format_share_link(parsed).unwrap();
    assert_eq!(
        written,
        "v=1&game=sumzero&algo=mcts&uct=1.41&iterations=500&moves=%2B20%20-18&seed=42"
    );
    let back = parse_share_link(JsValue::from(&written)).unwrap();
    assert_eq!(format_share_link(back).unwrap(), written);
    assert_eq!(share_link_game(JsValue::from(&written)).unwrap(), "sumzero");

    assert_error(
        parse_share_link(JsValue::from("#v=1&game=sumzero&moves=+20 +7")),
        "field 'moves': column 5",
    );
    assert_error(
        parse_share_link(JsValue::from("#v=1&game=sumzero&iterations=0")),
        "field 'iterations'",
    );
    assert_error(
        parse_share_link(JsValue::from("#v=1&game=sumzero&algo=bfs")),
        "field 'algo'",
    );
    assert_error(
        parse_share_link(JsValue::from("#v=1&game=sumzero&level=w")),
        "field 'level'",
    );

    let default = default_view_for(JsValue::from("sumzero")).unwrap();
    assert_eq!(text(&default, "algo"), "mcts");
    assert_eq!(number(&default, "iterations"), 1000.0);
    assert_eq!(text(&default, "moves"), "");
    assert!(get(&default, "seed").is_null());
    set(&default, "moves", JsValue::from_str("+21"));
    assert_error(format_share_link(default), "field 'moves'");
}
