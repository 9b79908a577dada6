//! Crossing the boundary: JS values in (view objects, seeds), small results out, and errors as
//! exceptions whose message a person can act on.

use crate::field_error::FieldError;
use crate::share::{link_message, LinkView, MAX_SEED};
use serde::de::DeserializeOwned;
use serde::{Serialize, Serializer};
use tsify::Tsify;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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

/// Longest string a parameter takes, in UTF-16 code units (a level, a state, a link); checked
/// before the string is copied into wasm memory.
pub(super) const MAX_STRING_UNITS: u32 = 1 << 20;

/// What a JS value is, as an error names it: `number`, `object`, `array`, `null`, ...
fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if js_sys::Array::is_array(value) {
        "array".into()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// The string parameter `name`: anything but a string (or one longer than
/// [`MAX_STRING_UNITS`]) is refused by name ("game: expected a string, got number").
pub(super) fn string_from_js(name: &str, value: &JsValue) -> Result<String, JsError> {
    let Some(text) = value.dyn_ref::<js_sys::JsString>() else {
        return Err(JsError::new(&format!(
            "{name}: expected a string, got {}",
            type_name(value)
        )));
    };
    if text.length() > MAX_STRING_UNITS {
        return Err(JsError::new(&format!(
            "{name}: {} characters long; at most {MAX_STRING_UNITS} are accepted",
            text.length()
        )));
    }
    Ok(String::from(text))
}

/// The number parameter `name` as a whole number from 0 to `max`: anything but a number
/// ("seed: expected a number, got null"; JS would have turned `null` into 0 and `'7'` into 7),
/// NaN, infinities, fractions, negative numbers and numbers above `max` are refused by name.
pub(super) fn whole_from_js(name: &str, value: &JsValue, max: u64) -> Result<u64, JsError> {
    let Some(value) = value.as_f64() else {
        return Err(JsError::new(&format!(
            "{name}: expected a number, got {}",
            type_name(value)
        )));
    };
    if value.fract() == 0.0 && (0.0..=max as f64).contains(&value) {
        Ok(value as u64)
    } else {
        Err(JsError::new(&format!(
            "{name} must be a whole number from 0 to {max}, not {value}"
        )))
    }
}

/// The optional boolean parameter `name`: `undefined` (or `null`) is false; anything but a
/// boolean is refused by name ("record: expected a boolean, got number").
pub(super) fn bool_from_js(name: &str, value: &JsValue) -> Result<bool, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(false);
    }
    value.as_bool().ok_or_else(|| {
        JsError::new(&format!(
            "{name}: expected a boolean, got {}",
            type_name(value)
        ))
    })
}

/// A JS number as a seed: a whole number from 0 to 2^53 - 1.
pub(super) fn seed_from_js(name: &str, value: &JsValue) -> Result<u64, JsError> {
    whole_from_js(name, value, MAX_SEED)
}

/// A JS number as a work budget: a whole number of units from 0 to 2^53 - 1.
pub(super) fn budget_from_js(budget: &JsValue) -> Result<u64, JsError> {
    whole_from_js("budget", budget, MAX_SEED)
}

/// A JS number as an index (an action, a game of a batch): a whole number that fits a `u32`.
pub(super) fn index_from_js(name: &str, value: &JsValue) -> Result<u32, JsError> {
    whole_from_js(name, value, u32::MAX.into()).map(|index| index as u32)
}

/// A list of action indices (`Uint32Array` or an array of whole numbers), at most
/// [`MAX_STRING_UNITS`] long.
pub(super) fn actions_from_js(name: &str, value: &JsValue) -> Result<Vec<u32>, JsError> {
    if let Some(array) = value.dyn_ref::<js_sys::Uint32Array>() {
        if array.length() <= MAX_STRING_UNITS {
            return Ok(array.to_vec());
        }
    } else if let Some(array) = value.dyn_ref::<js_sys::Array>() {
        if array.length() <= MAX_STRING_UNITS {
            return array
                .iter()
                .map(|item| index_from_js(&format!("{name}[]"), &item))
                .collect();
        }
    } else {
        return Err(JsError::new(&format!(
            "{name}: expected a Uint32Array or an array of numbers, got {}",
            type_name(value)
        )));
    }
    Err(JsError::new(&format!(
        "{name}: at most {MAX_STRING_UNITS} actions are accepted"
    )))
}

/// Which class an object's memory holds: the first field of every class JS holds
/// ([`GameSession`](super::GameSession), [`SearchJob`](super::SearchJob),
/// [`BatchGame`](super::BatchGame), [`Timeline`](super::timeline::JsTimeline)).
///
/// JS can call one class's method on another's object (`GameSession.prototype.view.call(job)`);
/// wasm-bindgen's glue then passes the other object's pointer, and the method would read a
/// `Box<dyn Job>` as a `Box<dyn Playable>` (a trap, "table index is out of bounds", or worse).
/// Every class is `#[repr(C)]` with its tag first and one `Box` after, so all of them have the
/// same size and alignment and the tag lies at the same place in each; every method reads the
/// tag before anything else and refuses a stranger's memory. (`free()` cannot be guarded: the
/// glue frees the memory before any of our code runs.)
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub(super) struct ClassTag(u64);

impl ClassTag {
    pub(super) const GAME_SESSION: ClassTag = ClassTag(0x5345_5353_494f_4e01);
    pub(super) const SEARCH_JOB: ClassTag = ClassTag(0x5345_4152_4348_4a02);
    pub(super) const BATCH_GAME: ClassTag = ClassTag(0x4241_5443_4847_4d03);
    pub(super) const TIMELINE: ClassTag = ClassTag(0x5449_4d45_4c49_4e04);

    /// Checks that an object tagged `self` is a `class`, for `class.method`.
    pub(super) fn check(
        self,
        expected: ClassTag,
        class: &str,
        method: &str,
    ) -> Result<(), JsError> {
        if self == expected {
            Ok(())
        } else {
            Err(JsError::new(&format!(
                "{class}.{method} called on an object that is not a {class}"
            )))
        }
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
