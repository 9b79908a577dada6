//! The golden-trace record of a state: one compact JSON line, byte-identical to the lines of
//! `shared/bait/goldens/*.jsonl` (format in `shared/bait/goldens/README.md`).
//!
//! ```json
//! {"t":1,"action":"RIGHT","tick":1,"avatar":{"x":2,"y":1,"type":"nokey","alive":true},"score":0,"game_over":false,"winner":"NO_WINNER","grid":["wwwwwww","w.A1..w","wwwwwww"],"stacked":[{"x":3,"y":1,"cell":"1k"}]}
//! ```
//!
//! Cells are drawn in the priority order `A 1 k g m 0 w`; a dead avatar is not drawn but keeps
//! its x, y; cells holding two or more sprites are listed in `stacked`, by row then column. After
//! the game ends GVGAI reports the avatar at (-1, -1), but the goldens record its cell, and so
//! does this record.

use std::fmt::Write;

use super::action::Action;
use super::state::BaitState;

/// The record of `state` reached after `t` actions, the last being `action` (`None` on line 0).
pub fn record(state: &BaitState, t: usize, action: Option<Action>) -> String {
    let level = state.level();
    let (x, y) = state.avatar_position();
    let mut line = String::with_capacity(160 + level.width() * level.height() * 2);
    let action = action.map_or("null".to_string(), |a| format!("\"{}\"", a.name()));
    // Writing to a String cannot fail.
    let _ = write!(
        line,
        "{{\"t\":{t},\"action\":{action},\"tick\":{},\"avatar\":{{\"x\":{x},\"y\":{y},\"type\":\"{}\",\"alive\":{}}},\"score\":{},\"game_over\":{},\"winner\":\"{}\",\"grid\":[",
        state.tick(),
        if state.has_key() { "withkey" } else { "nokey" },
        state.is_alive(),
        state.score(),
        state.is_over(),
        state.outcome().name(),
    );
    let mut stacked = Vec::new();
    for row in 0..level.height() {
        if row > 0 {
            line.push(',');
        }
        line.push('"');
        for column in 0..level.width() {
            let contents = state.contents(column, row);
            line.push(contents.top_char());
            if contents.chars().count() > 1 {
                stacked.push((column, row, contents.chars().collect::<String>()));
            }
        }
        line.push('"');
    }
    line.push_str("],\"stacked\":[");
    for (i, (column, row, cell)) in stacked.iter().enumerate() {
        if i > 0 {
            line.push(',');
        }
        let _ = write!(line, "{{\"x\":{column},\"y\":{row},\"cell\":\"{cell}\"}}");
    }
    line.push_str("]}");
    line
}
