//! Helpers shared by the `wasm_*` tests: reading what the JS API returns (error messages and
//! object fields, a session's cells) and building views field by field.
#![allow(dead_code)]

use js_sys::Reflect;
use searchlab::wasm::{GameSession, SearchJob};
use wasm_bindgen::{JsCast, JsError, JsValue};

/// The message of an error thrown across the boundary.
pub fn message(error: JsError) -> String {
    let value: JsValue = error.into();
    value.unchecked_into::<js_sys::Error>().message().into()
}

/// Asserts that `result` is an error whose message contains `expected`; returns the message.
#[track_caller]
pub fn assert_error<T>(result: Result<T, JsError>, expected: &str) -> String {
    match result {
        Ok(_) => panic!("accepted; expected an error containing {expected:?}"),
        Err(error) => {
            let text = message(error);
            assert!(text.contains(expected), "expected {expected:?} in: {text}");
            text
        }
    }
}

/// `object[key]`.
pub fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap()
}

/// `object[key]` as a number; panics (fails the test) when it is not one.
pub fn number(object: &JsValue, key: &str) -> f64 {
    get(object, key)
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number"))
}

/// `object[key]` as a string; panics (fails the test) when it is not one.
pub fn text(object: &JsValue, key: &str) -> String {
    get(object, key)
        .as_string()
        .unwrap_or_else(|| panic!("{key} is not a string"))
}

/// `object[key] = value`.
pub fn set(object: &JsValue, key: &str, value: JsValue) {
    Reflect::set(object, &JsValue::from_str(key), &value).unwrap();
}

/// The session's board cells as its view gives them.
pub fn cells(session: &GameSession) -> Vec<u8> {
    let view = session.view().unwrap();
    get(&view, "cells")
        .unchecked_into::<js_sys::Uint8Array>()
        .to_vec()
}

/// The default Othello view with a seed and `side` ("black" or "white") played by an agent
/// with these settings changed.
pub fn othello_agent_view(side: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let view = searchlab::wasm::default_view_for(JsValue::from("othello")).unwrap();
    set(&view, "seed", JsValue::from_f64(1.0));
    let agent = get(&view, side);
    set(&agent, "human", JsValue::FALSE);
    for (key, value) in fields {
        set(&agent, key, value.clone());
    }
    view
}

/// Action indices as JS passes them to `pathOf`.
pub fn action_list(actions: &[u32]) -> JsValue {
    js_sys::Uint32Array::from(actions).into()
}

/// `new SearchJob(state, view, seed, stream)` as JS calls it.
pub fn search_job(
    state: &str,
    view: JsValue,
    seed: impl Into<JsValue>,
    stream: impl Into<JsValue>,
) -> Result<SearchJob, JsError> {
    SearchJob::new(
        state.into(),
        view,
        seed.into(),
        stream.into(),
        JsValue::UNDEFINED,
    )
}

/// `new GameSession(game, level)` as JS calls it.
pub fn new_session(game: &str, level: &str) -> Result<GameSession, JsError> {
    GameSession::new(game.into(), level.into())
}
