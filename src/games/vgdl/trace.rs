//! A state as a line of the VGDL trace format of `shared/vgdl/README.md`: line 0 lists the whole
//! board, later lines what changed since the line before. Field names, their order, the sort
//! order and the numbers are GVGAI's, so a trace diffs cleanly against a recorded one.

use std::fmt::Write;

use super::description::TypeId;
use super::state::VgdlState;
use crate::games::bait::Action;

/// One sprite on the board: row, column, type.
pub type Entry = (i16, i16, TypeId);

/// Every sprite on the board (static ones included, a disabled avatar left out), sorted by row,
/// column, then type name.
pub fn board(state: &VgdlState) -> Vec<Entry> {
    let world = state.world();
    let d = state.description();
    let mut entries: Vec<Entry> =
        Vec::with_capacity(world.cell_types.len() + world.fixed.len() + state.sprites.len());
    for cell in 0..world.width * world.height {
        let (x, y) = ((cell % world.width) as i16, (cell / world.width) as i16);
        entries.extend(world.statics_at(cell).iter().map(|&t| (y, x, t)));
    }
    let avatar = state.avatar;
    for (i, s) in state.moving_sprites().iter().enumerate() {
        if i == avatar as usize && !state.is_alive() {
            continue;
        }
        entries.push((s.y, s.x, s.kind));
    }
    for (f, s) in world.fixed.iter().enumerate() {
        if state.fixed_alive(f) {
            entries.push((s.y, s.x, s.kind));
        }
    }
    entries.sort_by(|a, b| {
        (a.0, a.1)
            .cmp(&(b.0, b.1))
            .then_with(|| d.types[a.2 as usize].name.cmp(&d.types[b.2 as usize].name))
    });
    entries
}

/// The multiset differences `(removed, added)` from `before` to `after` (both sorted by
/// [`board`]'s order).
pub fn difference(
    state: &VgdlState,
    before: &[Entry],
    after: &[Entry],
) -> (Vec<Entry>, Vec<Entry>) {
    let d = state.description();
    let order = |a: &Entry, b: &Entry| {
        (a.0, a.1)
            .cmp(&(b.0, b.1))
            .then_with(|| d.types[a.2 as usize].name.cmp(&d.types[b.2 as usize].name))
    };
    let (mut removed, mut added) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < after.len() {
        match (before.get(i), after.get(j)) {
            (Some(a), Some(b)) => match order(a, b) {
                std::cmp::Ordering::Less => {
                    removed.push(*a);
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    added.push(*b);
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    i += 1;
                    j += 1;
                }
            },
            (Some(a), None) => {
                removed.push(*a);
                i += 1;
            }
            (None, Some(b)) => {
                added.push(*b);
                j += 1;
            }
            (None, None) => break,
        }
    }
    (removed, added)
}

fn push_entries(line: &mut String, state: &VgdlState, entries: &[Entry]) {
    line.push('[');
    for (k, &(y, x, t)) in entries.iter().enumerate() {
        if k > 0 {
            line.push(',');
        }
        let name =
            serde_json::to_string(&state.description().types[t as usize].name).unwrap_or_default();
        let _ = write!(line, "[{name},{x},{y}]");
    }
    line.push(']');
}

/// The fields every line shares, up to and including the avatar.
fn head(state: &VgdlState, t: usize, action: Option<Action>) -> String {
    let d = state.description();
    let avatar = state.avatar();
    let action = action.map_or("null".to_string(), |a| format!("\"{}\"", a.name()));
    let mut line = String::with_capacity(256);
    let _ = write!(
        line,
        "{{\"t\":{t},\"action\":{action},\"tick\":{},\"score\":{},\"game_over\":{},\"winner\":\"{}\",\"avatar\":{{\"x\":{},\"y\":{},\"type\":{},\"alive\":{},\"resources\":{{",
        state.tick(),
        state.score(),
        state.is_over(),
        state.outcome().name(),
        avatar.x,
        avatar.y,
        serde_json::to_string(&d.types[avatar.kind as usize].name).unwrap_or_default(),
        state.is_alive(),
    );
    let mut held: Vec<(&str, u8)> = d
        .resources
        .iter()
        .zip(state.resources())
        .filter(|(_, &v)| v > 0)
        .map(|(&r, &v)| (d.types[r as usize].name.as_str(), v))
        .collect();
    held.sort();
    for (k, (name, value)) in held.iter().enumerate() {
        if k > 0 {
            line.push(',');
        }
        let _ = write!(
            line,
            "{}:{value}",
            serde_json::to_string(name).unwrap_or_default()
        );
    }
    line.push_str("}}");
    line
}

/// Line 0: the state after loading, with the whole board.
pub fn first_line(state: &VgdlState) -> String {
    let mut line = head(state, 0, None);
    line.push_str(",\"board\":");
    push_entries(&mut line, state, &board(state));
    line.push('}');
    line
}

/// Line `t`: the state after `action`, with what changed since `before` (the previous board).
pub fn step_line(
    state: &VgdlState,
    t: usize,
    action: Action,
    before: &[Entry],
    after: &[Entry],
) -> String {
    let (removed, added) = difference(state, before, after);
    let mut line = head(state, t, Some(action));
    line.push_str(",\"removed\":");
    push_entries(&mut line, state, &removed);
    line.push_str(",\"added\":");
    push_entries(&mut line, state, &added);
    line.push('}');
    line
}

/// The whole trace of `actions` from `start`, stopping at game over: one line per state.
pub fn trace(start: &VgdlState, actions: &[Action]) -> Vec<String> {
    let mut state = start.clone();
    let mut lines = vec![first_line(&state)];
    let mut before = board(&state);
    for (i, &action) in actions.iter().enumerate() {
        if state.is_over() {
            break;
        }
        state.advance(action);
        let after = board(&state);
        lines.push(step_line(&state, i + 1, action, &before, &after));
        before = after;
    }
    lines
}

/// Where a recorded trace and this engine first disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The line (`t`), from 0.
    pub line: usize,
    /// The first field that differs (`board`, `avatar.x`, `removed`, ...), or what went wrong.
    pub field: String,
    pub expected: String,
    pub actual: String,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}: {}: expected {}, got {}",
            self.line, self.field, self.expected, self.actual
        )
    }
}

/// The first field where two JSON values differ, descending into objects (`avatar.x`).
fn first_difference(
    path: &str,
    expected: &serde_json::Value,
    actual: &serde_json::Value,
) -> Option<(String, String, String)> {
    use serde_json::Value;
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (key, value) in e {
                let inner = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                match a.get(key) {
                    Some(other) => {
                        if let Some(found) = first_difference(&inner, value, other) {
                            return Some(found);
                        }
                    }
                    None => return Some((inner, value.to_string(), "nothing".into())),
                }
            }
            a.keys()
                .find(|k| !e.contains_key(*k))
                .map(|k| (format!("{path}.{k}"), "nothing".into(), a[k].to_string()))
        }
        _ if expected == actual => None,
        _ => Some((path.to_string(), expected.to_string(), actual.to_string())),
    }
}

/// Replays a recorded trace (its JSON lines) from `start`, taking each line's action, and
/// returns how many lines matched in full, or the first mismatch.
pub fn replay(start: &VgdlState, recorded: &[&str]) -> Result<usize, Mismatch> {
    let parse = |t: usize, text: &str| {
        serde_json::from_str::<serde_json::Value>(text).map_err(|e| Mismatch {
            line: t,
            field: "json".into(),
            expected: "a JSON object".into(),
            actual: e.to_string(),
        })
    };
    let compare = |t: usize, expected: &serde_json::Value, actual: &str| {
        let actual = parse(t, actual)?;
        match first_difference("", expected, &actual) {
            None => Ok(()),
            Some((field, expected, actual)) => Err(Mismatch {
                line: t,
                field,
                expected,
                actual,
            }),
        }
    };
    let Some(first) = recorded.first() else {
        return Ok(0);
    };
    compare(0, &parse(0, first)?, &first_line(start))?;
    let mut state = start.clone();
    let mut before = board(&state);
    for (t, text) in recorded.iter().enumerate().skip(1) {
        let expected = parse(t, text)?;
        let name = expected["action"].as_str().unwrap_or("");
        let Some(action) = Action::ALL.into_iter().find(|a| a.name() == name) else {
            return Err(Mismatch {
                line: t,
                field: "action".into(),
                expected: format!("{name:?}"),
                actual: "one of LEFT, RIGHT, DOWN, UP, NIL".into(),
            });
        };
        if state.is_over() {
            return Err(Mismatch {
                line: t,
                field: "game_over".into(),
                expected: "a running game".into(),
                actual: "the game ended on the line before".into(),
            });
        }
        state.advance(action);
        let after = board(&state);
        compare(t, &expected, &step_line(&state, t, action, &before, &after))?;
        before = after;
    }
    Ok(recorded.len())
}
