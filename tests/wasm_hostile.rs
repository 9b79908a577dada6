//! Hostile calls across the JavaScript boundary, run by `wasm-pack test --node`: every string
//! and number parameter of every export and method given the wrong type, NaN, infinities, -1,
//! 2^60, fractions, empty and oversized strings, and methods called on another class's object.
//! Each must come back as an error that names the parameter (or says what is wrong with the
//! value), never as a trap (`RuntimeError: memory access out of bounds`, `unreachable`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Function, Object, Reflect};
use searchlab::share::shipped_vgdl::SHIPPED_GAMES;
use searchlab::wasm::*;
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_common;
use wasm_common::*;

const LEVEL: &str = "wwwwwww\nwA..k.w\nw.www.w\nw.m..gw\nwwwwwww";

/// A hostile call: what it does, and the text its error must contain.
type Call = (String, Box<dyn Fn() -> Result<(), JsError>>, String);
/// A call with one parameter left open: the function, the parameter and the call.
type Open<T> = (&'static str, &'static str, fn(T) -> Result<(), JsError>);
/// A call with its view left open: the function and the call.
type OpenView = (&'static str, fn(JsValue) -> Result<(), JsError>);

/// Values that are not strings, with the type the error names.
fn not_strings() -> Vec<(JsValue, &'static str)> {
    vec![
        (JsValue::from(0), "number"),
        (JsValue::from(f64::NAN), "number"),
        (JsValue::NULL, "null"),
        (JsValue::UNDEFINED, "undefined"),
        (Object::new().into(), "object"),
        (Array::new().into(), "array"),
        (JsValue::TRUE, "boolean"),
        (js_sys::Symbol::for_("x").into(), "symbol"),
        (js_sys::BigInt::from(1u32).into(), "bigint"),
    ]
}

/// Values that are not numbers, with the type the error names.
fn not_numbers() -> Vec<(JsValue, &'static str)> {
    vec![
        (JsValue::NULL, "null"),
        (JsValue::UNDEFINED, "undefined"),
        (JsValue::from("7"), "string"),
        (Object::new().into(), "object"),
        (Array::new().into(), "array"),
        (JsValue::TRUE, "boolean"),
        (js_sys::BigInt::from(1u32).into(), "bigint"),
    ]
}

/// Numbers no whole-number parameter takes.
const BAD_NUMBERS: [f64; 6] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    -1.0,
    1_152_921_504_606_846_976.0, // 2^60
    0.5,
];

/// A string as JS passes it.
fn s(text: &str) -> JsValue {
    JsValue::from(text)
}

/// A call's result without its value.
fn ok<T>(result: Result<T, JsError>) -> Result<(), JsError> {
    result.map(|_| ())
}

fn encoded_bait() -> String {
    new_session("bait", LEVEL).unwrap().encode().unwrap()
}

fn bait_view() -> JsValue {
    let view = default_view().unwrap();
    set(&view, "level", LEVEL.into());
    view
}

/// A shipped VGDL game's rules and its first level, as JS passes them.
fn vgdl_rules() -> JsValue {
    s(SHIPPED_GAMES[0].rules)
}

fn vgdl_level() -> JsValue {
    s(SHIPPED_GAMES[0].levels[0])
}

/// `benchVgdlSolve` with `value` for one parameter (by position) and valid values for the rest.
fn vgdl_solve_with(position: usize, value: JsValue) -> Result<(), JsError> {
    let mut args = [
        vgdl_rules(),
        vgdl_level(),
        s("bfs"),
        JsValue::from(10.0),
        JsValue::from(16.0),
        JsValue::from(1.0),
    ];
    args[position] = value;
    let [rules, level, algo, max_nodes, max_memory_mb, weight] = args;
    ok(bench_vgdl_solve(
        rules,
        level,
        algo,
        max_nodes,
        max_memory_mb,
        weight,
    ))
}

fn batch_view() -> JsValue {
    let view = default_view_for(JsValue::from("2048")).unwrap();
    set(&view, "seed", 7.into());
    view
}

/// Every string parameter: its name and a call that passes `value` there (the others valid).
fn string_parameters() -> Vec<Open<JsValue>> {
    vec![
        ("defaultViewFor", "game", |v| ok(default_view_for(v))),
        ("parseShareLink", "fragment", |v| ok(parse_share_link(v))),
        ("shareLinkGame", "fragment", |v| ok(share_link_game(v))),
        ("gameCapabilities", "game", |v| ok(game_capabilities(v))),
        ("parameterTable", "game", |v| ok(parameter_table(v))),
        ("validateLevel", "game", |v| ok(validate_level(v, s(LEVEL)))),
        // A level that does not parse is not an error but a `LevelProblem`; as one here.
        ("validateLevel", "level", |v| {
            match validate_level(s("bait"), v)? {
                problem if problem.is_undefined() => Ok(()),
                problem => Err(JsError::new(&format!(
                    "level: {}",
                    text(&problem, "message")
                ))),
            }
        }),
        ("new GameSession", "game", |v| {
            ok(GameSession::new(v, s(LEVEL)))
        }),
        ("new GameSession", "level", |v| {
            ok(GameSession::new(s("bait"), v))
        }),
        ("GameSession.fromSeed", "game", |v| {
            ok(GameSession::from_seed(v, JsValue::from(1.0)))
        }),
        ("new SearchJob", "state", |v| {
            ok(SearchJob::new(
                v,
                bait_view(),
                JsValue::from(1.0),
                JsValue::from(0.0),
                JsValue::UNDEFINED,
            ))
        }),
        ("benchRandomWalk", "level", |v| {
            ok(bench_random_walk(
                v,
                JsValue::from(10.0),
                JsValue::from(1.0),
            ))
        }),
        ("benchAstar", "level", |v| ok(bench_astar(v))),
        ("benchOthelloSolve", "board", |v| {
            ok(bench_othello_solve(v, s("X"), JsValue::from(1.0)))
        }),
        ("bench2048Decide", "boards", |v| {
            ok(bench_2048_decide(v, JsValue::from(0.001)))
        }),
        ("benchOthelloSolve", "side", |v| {
            ok(bench_othello_solve(
                s(&"-".repeat(64)),
                v,
                JsValue::from(1.0),
            ))
        }),
        ("vgdlGameInfo", "rules", |v| ok(vgdl_game_info(v))),
        ("vgdlStart", "rules", |v| ok(vgdl_start(v, vgdl_level()))),
        ("vgdlStart", "level", |v| ok(vgdl_start(vgdl_rules(), v))),
        ("benchVgdlRandomWalk", "rules", |v| {
            ok(bench_vgdl_random_walk(
                v,
                vgdl_level(),
                JsValue::from(10.0),
                JsValue::from(1.0),
            ))
        }),
        ("benchVgdlRandomWalk", "level", |v| {
            ok(bench_vgdl_random_walk(
                vgdl_rules(),
                v,
                JsValue::from(10.0),
                JsValue::from(1.0),
            ))
        }),
        ("benchVgdlSolve", "rules", |v| vgdl_solve_with(0, v)),
        ("benchVgdlSolve", "level", |v| vgdl_solve_with(1, v)),
        ("benchVgdlSolve", "algo", |v| vgdl_solve_with(2, v)),
    ]
}

/// String parameters where an empty string is valid (`vgdlCheck` reports the problem as its
/// value; an empty fragment is the page's defaults): wrong types and oversized strings only.
fn string_parameters_empty_allowed() -> Vec<Open<JsValue>> {
    vec![
        ("vgdlCheck", "rules", |v| {
            ok(vgdl_check(v, JsValue::UNDEFINED))
        }),
        ("pageSettings", "fragment", |v| ok(page_settings(v))),
    ]
}

/// Every whole-number parameter: its name and a call that passes `value` there.
fn number_parameters() -> Vec<Open<JsValue>> {
    vec![
        ("GameSession.fromSeed", "seed", |n: JsValue| {
            ok(GameSession::from_seed(s("2048"), n))
        }),
        ("GameSession.apply", "action", |n: JsValue| {
            ok(GameSession::new(s("bait"), s(LEVEL)).unwrap().apply(n))
        }),
        ("new SearchJob", "seed", |n: JsValue| {
            ok(SearchJob::new(
                s(&encoded_bait()),
                bait_view(),
                n,
                JsValue::from(0.0),
                JsValue::UNDEFINED,
            ))
        }),
        ("new SearchJob", "stream", |n: JsValue| {
            ok(SearchJob::new(
                s(&encoded_bait()),
                bait_view(),
                JsValue::from(1.0),
                n,
                JsValue::UNDEFINED,
            ))
        }),
        ("SearchJob.step", "budget", |n: JsValue| {
            let mut job = SearchJob::new(
                s(&encoded_bait()),
                bait_view(),
                JsValue::from(1.0),
                JsValue::from(0.0),
                JsValue::UNDEFINED,
            )
            .unwrap();
            ok(job.step(n))
        }),
        ("new BatchGame", "index", |n: JsValue| {
            ok(BatchGame::new(batch_view(), n))
        }),
        ("BatchGame.step", "budget", |n: JsValue| {
            ok(BatchGame::new(batch_view(), JsValue::from(0.0))
                .unwrap()
                .step(n))
        }),
        ("benchRandomWalk", "steps", |n: JsValue| {
            ok(bench_random_walk(s(LEVEL), n, JsValue::from(1.0)))
        }),
        ("benchRandomWalk", "seed", |n: JsValue| {
            ok(bench_random_walk(s(LEVEL), JsValue::from(10.0), n))
        }),
        ("bench2048Mcts", "seed", |n: JsValue| {
            ok(bench_2048_mcts(n, JsValue::from(1.0)))
        }),
        ("bench2048Mcts", "playoutsPerPosition", |n: JsValue| {
            ok(bench_2048_mcts(JsValue::from(1.0), n))
        }),
        ("benchPerft", "depth", |n: JsValue| ok(bench_perft(n))),
        ("benchOthelloSolve", "tableMb", |n: JsValue| {
            ok(bench_othello_solve(s(&"X".repeat(64)), s("O"), n))
        }),
        ("benchVgdlRandomWalk", "steps", |n: JsValue| {
            ok(bench_vgdl_random_walk(
                vgdl_rules(),
                vgdl_level(),
                n,
                JsValue::from(1.0),
            ))
        }),
        ("benchVgdlRandomWalk", "seed", |n: JsValue| {
            ok(bench_vgdl_random_walk(
                vgdl_rules(),
                vgdl_level(),
                JsValue::from(10.0),
                n,
            ))
        }),
        ("benchVgdlSolve", "maxNodes", |n: JsValue| {
            vgdl_solve_with(3, n)
        }),
        ("benchVgdlSolve", "maxMemoryMb", |n: JsValue| {
            vgdl_solve_with(4, n)
        }),
        ("benchVgdlSolve", "weight", |n: JsValue| {
            vgdl_solve_with(5, n)
        }),
    ]
}

/// Every object parameter: a call that passes `value` there.
fn view_parameters() -> Vec<OpenView> {
    vec![
        ("formatShareLink", |v| format_share_link(v).map(|_| ())),
        ("new SearchJob", |v| {
            search_job(&encoded_bait(), v, 1.0, 0.0).map(|_| ())
        }),
        ("new BatchGame", |v| {
            BatchGame::new(v, JsValue::from(0.0)).map(|_| ())
        }),
    ]
}

fn hostile_calls() -> Vec<Call> {
    let mut calls: Vec<Call> = Vec::new();
    let string_lists = [
        (string_parameters(), true),
        (string_parameters_empty_allowed(), false),
    ];
    for (list, empty_is_an_error) in string_lists {
        for (function, parameter, call) in list {
            for (value, type_name) in not_strings() {
                calls.push((
                    format!("{function}: {parameter} = {type_name}"),
                    Box::new(move || call(value.clone())),
                    format!("{parameter}: expected a string, got {type_name}"),
                ));
            }
            let huge = "w".repeat((1 << 20) + 1);
            calls.push((
                format!("{function}: {parameter} of 2^20 + 1 characters"),
                Box::new(move || call(JsValue::from(huge.as_str()))),
                format!("{parameter}: 1048577 characters long"),
            ));
            if empty_is_an_error {
                calls.push((
                    format!("{function}: {parameter} empty"),
                    Box::new(move || call(JsValue::from(""))),
                    String::new(),
                ));
            }
        }
    }
    // `vgdlCheck`'s level may be left out (undefined: check the rules alone).
    for (value, type_name) in not_strings().into_iter().filter(|(v, _)| !v.is_undefined()) {
        calls.push((
            format!("vgdlCheck: level = {type_name}"),
            Box::new(move || ok(vgdl_check(vgdl_rules(), value.clone()))),
            format!("level: expected a string, got {type_name}"),
        ));
    }
    for value in [
        0.into(),
        "class=1".into(),
        JsValue::NULL,
        Array::new().into(),
    ] {
        calls.push((
            format!("formatPageSettings: settings = {value:?}"),
            Box::new(move || ok(format_page_settings(value.clone()))),
            "page settings:".into(),
        ));
    }
    for (function, parameter, call) in number_parameters() {
        for number in BAD_NUMBERS {
            calls.push((
                format!("{function}: {parameter} = {number}"),
                Box::new(move || call(JsValue::from(number))),
                format!("{parameter} must be a whole number from 0 to"),
            ));
        }
        // JS would turn these into numbers (null into 0, '7' into 7) if the glue took an f64.
        for (value, type_name) in not_numbers() {
            calls.push((
                format!("{function}: {parameter} = {type_name}"),
                Box::new(move || call(value.clone())),
                format!("{parameter}: expected a number, got {type_name}"),
            ));
        }
    }
    for (function, call) in view_parameters() {
        let values: [JsValue; 6] = [
            0.into(),
            "v=1".into(),
            JsValue::NULL,
            JsValue::UNDEFINED,
            Array::new().into(),
            Object::new().into(),
        ];
        for value in values {
            calls.push((
                format!("{function}: view = {value:?}"),
                Box::new(move || call(value.clone())),
                "not a view object".into(),
            ));
        }
    }
    let path_values: [JsValue; 8] = [
        0.into(),
        "0".into(),
        JsValue::NULL,
        Object::new().into(),
        Array::of1(&f64::NAN.into()).into(),
        Array::of1(&(-1).into()).into(),
        Array::of1(&0.5.into()).into(),
        Array::of1(&2f64.powi(60).into()).into(),
    ];
    for value in path_values {
        calls.push((
            format!("GameSession.pathOf: actions = {value:?}"),
            Box::new(move || {
                let session = new_session("bait", LEVEL)?;
                session.path_of(value.clone()).map(|_| ())
            }),
            "actions".into(),
        ));
    }
    calls
}

#[wasm_bindgen_test]
fn every_hostile_call_is_an_error_that_names_the_parameter() {
    let calls = hostile_calls();
    assert_eq!(
        calls.len(),
        24 * 11 + 2 * 10 + 8 + 4 + 18 * 13 + 3 * 6 + 8,
        "the list's size"
    );
    for (what, call, expected) in &calls {
        let text = assert_error(call(), expected);
        assert!(!text.is_empty(), "{what}: an empty message");
    }
    // The module still works after all of them.
    let mut session = new_session("bait", LEVEL).unwrap();
    session.apply(JsValue::from(1.0)).unwrap();
    assert_eq!(session.moves().unwrap(), 1);
}

#[wasm_bindgen_test]
fn the_othello_solve_benchmark_refuses_long_solves() {
    let start = format!("{}OX{}XO{}", "-".repeat(27), "-".repeat(6), "-".repeat(27));
    assert_error(
        bench_othello_solve(JsValue::from(start), JsValue::from("X"), JsValue::from(1.0)),
        "board: 60 empty squares; the benchmark solves at most 20",
    );
    assert_error(
        bench_perft(JsValue::from(15.0)),
        "depth must be a whole number from 0 to 14",
    );
}

/// `Class.prototype[method].call(other)`: the method of one class run on another's object.
fn call_on(object: &JsValue, method: &str, this: &JsValue) -> Result<JsValue, JsValue> {
    let prototype = Object::get_prototype_of(object);
    let method: Function = Reflect::get(&prototype, &method.into())?.unchecked_into();
    method.call0(this)
}

#[wasm_bindgen_test]
fn a_method_called_on_another_class_object_is_an_error() {
    let session: JsValue = GameSession::new(s("bait"), s(LEVEL)).unwrap().into();
    let job: JsValue = SearchJob::new(
        s(&encoded_bait()),
        bait_view(),
        JsValue::from(1.0),
        JsValue::from(0.0),
        JsValue::UNDEFINED,
    )
    .unwrap()
    .into();
    let batch: JsValue = BatchGame::new(batch_view(), JsValue::from(0.0))
        .unwrap()
        .into();
    let cases: [(&JsValue, &[&str], [&JsValue; 2]); 3] = [
        (
            &session,
            &["view", "legalActions", "apply", "encode", "undo"],
            [&job, &batch],
        ),
        (
            &job,
            &["step", "plan", "heat", "bestAction"],
            [&session, &batch],
        ),
        (&batch, &["step"], [&session, &job]),
    ];
    let mut count = 0;
    for (object, methods, others) in cases {
        for method in methods {
            for this in others {
                let error = call_on(object, method, this).expect_err(method);
                let runtime = error.is_instance_of::<js_sys::WebAssembly::RuntimeError>();
                let text: String = error.unchecked_into::<js_sys::Error>().message().into();
                assert!(!runtime, "{method}: a trap: {text}");
                assert!(text.contains("called on"), "{method}: {text}");
                count += 1;
            }
        }
    }
    assert_eq!(count, 20);
    let mut session = GameSession::new(s("bait"), s(LEVEL)).unwrap();
    session.apply(JsValue::from(1.0)).unwrap();
}
