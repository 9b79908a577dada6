//! The JavaScript API: opaque handles with small results, and the only file that mentions
//! wasm-bindgen.
//!
//! Errors reach JS as exceptions (`JsError`) whose message a person can act on. The panic hook is
//! installed once, when the module starts.

use crate::share::View;
use wasm_bindgen::prelude::*;

/// Installs the panic hook, so a bug shows as a readable console message rather than
/// "unreachable executed".
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Turns any displayable error into a JS exception with its message.
fn js_error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// Serialises a small result for JS (objects become plain objects, maps become objects).
fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&serializer).map_err(js_error)
}

/// The default view: the page's default level, A*, GVGAI's sample-agent parameters, no seed yet.
#[wasm_bindgen(js_name = defaultView)]
pub fn default_view() -> Result<JsValue, JsError> {
    to_js(&View::default())
}

/// Reads a share-link fragment (`#v=1&...`). Throws an error naming the bad field.
#[wasm_bindgen(js_name = parseShareLink)]
pub fn parse_share_link(fragment: &str) -> Result<JsValue, JsError> {
    to_js(&View::parse(fragment).map_err(js_error)?)
}

/// Writes a view as a share-link fragment (without `#`). Throws an error naming a field out of
/// range.
#[wasm_bindgen(js_name = formatShareLink)]
pub fn format_share_link(view: JsValue) -> Result<String, JsError> {
    let view: View = serde_wasm_bindgen::from_value(view)
        .map_err(|e| JsError::new(&format!("formatShareLink: not a view object: {e}")))?;
    view.format().map_err(js_error)
}

/// A fresh random seed from the browser's (or Node's) cryptographic generator, below 2^53 so it
/// stays exact as a JS number.
#[wasm_bindgen(js_name = freshSeed)]
pub fn fresh_seed() -> Result<f64, JsError> {
    let mut bytes = [0u8; 8];
    getrandom::getrandom(&mut bytes)
        .map_err(|e| JsError::new(&format!("no random source: {e}")))?;
    Ok((u64::from_le_bytes(bytes) & crate::share::MAX_SEED) as f64)
}
