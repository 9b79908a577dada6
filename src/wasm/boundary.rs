//! Crossing the boundary: JS values in (view objects, seeds), small results out, and errors as
//! exceptions whose message a person can act on.

use crate::field_error::FieldError;
use crate::share::{link_message, LinkView, MAX_SEED};
use serde::de::DeserializeOwned;
use serde::{Serialize, Serializer};
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// Turns any displayable error into a JS exception with its message.
pub(super) fn js_error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// Serialises a small result for JS: structs become plain objects, `None` becomes `null`,
/// fields serialised with [`uint8_array`] become `Uint8Array`s. Its TypeScript type is the one
/// tsify generates from the same Rust type (`#[derive(Tsify)]`, with `#[tsify(missing_as_null)]`
/// on types with an `Option` field).
pub(super) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer =
        serde_wasm_bindgen::Serializer::json_compatible().serialize_bytes_as_arrays(false);
    value.serialize(&serializer).map_err(js_error)
}

/// Serialises bytes as bytes, which [`to_js`] turns into a `Uint8Array` (a board's cells); give
/// the field `#[tsify(type = "Uint8Array")]`.
pub(super) fn uint8_array<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_bytes(bytes)
}

/// Reads a view object from JS; a misspelled field is an error, not silently ignored (serde's
/// `deny_unknown_fields` does not reach through serde-wasm-bindgen), also in nested objects
/// (Othello's sides).
pub(super) fn read_view_as<T: Serialize + DeserializeOwned + Default>(
    view: JsValue,
) -> Result<T, JsError> {
    check_known_fields(&to_js(&T::default())?, &view, "")?;
    serde_wasm_bindgen::from_value(view)
        .map_err(|e| JsError::new(&format!("not a view object: {e}")))
}

/// Reads a game's view object from JS and checks every field; errors name the field.
pub(super) fn view_from_js<V: LinkView>(view: JsValue) -> Result<V, JsError> {
    let view: V = read_view_as(view)?;
    view.validate().map_err(parameter_error)?;
    Ok(view)
}

/// Fails on the first field of `given` (and of its nested objects) that `known` lacks.
fn check_known_fields(known: &JsValue, given: &JsValue, path: &str) -> Result<(), JsError> {
    let plain = |value: &JsValue| value.is_object() && !js_sys::Array::is_array(value);
    if !plain(known) || !plain(given) {
        return Ok(());
    }
    let known_keys = js_sys::Object::keys(&js_sys::Object::from(known.clone()));
    for key in js_sys::Object::keys(&js_sys::Object::from(given.clone())).iter() {
        let name = format!("{path}{}", key.as_string().unwrap_or_default());
        if !known_keys.includes(&key, 0) {
            return Err(JsError::new(&format!(
                "not a view object: unknown field `{name}`"
            )));
        }
        let inner = |object: &JsValue| js_sys::Reflect::get(object, &key).unwrap_or_default();
        check_known_fields(&inner(known), &inner(given), &format!("{name}."))?;
    }
    Ok(())
}

/// A share link's bad field, as the page reports it.
pub(super) fn link_error(e: FieldError) -> JsError {
    JsError::new(&link_message(&e))
}

/// A view's field out of range, as the worker reports it.
pub(super) fn parameter_error(e: FieldError) -> JsError {
    JsError::new(&format!("parameter '{}': {}", e.field, e.message))
}

/// The `game` field of a view object from JS.
pub(super) fn game_of_view(view: &JsValue) -> Result<String, JsError> {
    js_sys::Reflect::get(view, &JsValue::from_str("game"))
        .ok()
        .and_then(|game| game.as_string())
        .ok_or_else(|| JsError::new("not a view object: missing field `game`"))
}

/// A JS number as a seed: a whole number from 0 to 2^53 - 1.
pub(super) fn seed_from_js(name: &str, value: f64) -> Result<u64, JsError> {
    if value.fract() == 0.0 && (0.0..=MAX_SEED as f64).contains(&value) {
        Ok(value as u64)
    } else {
        Err(JsError::new(&format!(
            "{name} must be a whole number from 0 to {MAX_SEED}, not {value}"
        )))
    }
}

/// A JS number as a work budget: whole units, 0 for anything below one (NaN included).
pub(super) fn budget_from_js(budget: f64) -> u64 {
    if budget >= 1.0 {
        budget.min(u64::MAX as f64) as u64
    } else {
        0
    }
}

/// A grid board to draw (2048, Othello): one byte per cell, row-major, whose meaning is the
/// game's; `alive` while the game goes on.
#[derive(Serialize, Tsify)]
pub(super) struct GridView {
    pub(super) width: usize,
    pub(super) height: usize,
    #[serde(serialize_with = "uint8_array")]
    #[tsify(type = "Uint8Array")]
    pub(super) cells: Vec<u8>,
    pub(super) alive: bool,
}
