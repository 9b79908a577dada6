//! A session's state as the worker receives it (`GameSession.encode()`, then `new SearchJob`):
//! the game and the state's own text form (`Display`, read back with `FromStr`), so the worker
//! rebuilds the position in one parse, however long the game so far. One string, opaque to the
//! page:
//!
//! ```text
//! searchlab-state/2
//! <game>
//! <the state's text form, to the end>
//! ```
//!
//! Plain Rust: errors are messages, which the caller turns into exceptions.

/// The first line of every encoded state.
const HEADER: &str = "searchlab-state/2";

/// The encoded form of the state of `game` whose text form is `state`.
pub(super) fn encode(game: &str, state: &str) -> String {
    format!("{HEADER}\n{game}\n{state}")
}

/// The game and the state's text form; the error says which line is wrong.
pub(super) fn decode(text: &str) -> Result<(&str, &str), String> {
    let mut lines = text.splitn(3, '\n');
    if lines.next() != Some(HEADER) {
        return Err(not_encoded(&format!("line 1 is not '{HEADER}'")));
    }
    match (lines.next(), lines.next()) {
        (Some(game), Some(state)) => Ok((game, state)),
        _ => Err(not_encoded("fewer than three lines")),
    }
}

/// The message for a text that is not an encoded state, saying `what` is wrong.
pub(super) fn not_encoded(what: &str) -> String {
    format!("not an encoded state (use GameSession.encode()): {what}")
}
