//! Bait's state text (`games::bait::text`): what the worker receives, read back exactly, with
//! errors that name the line.

use searchlab::game::Game;
use searchlab::games::bait::{Action, BaitState};

const LEVEL: &str = "wwwwwww\nwA.1.gw\nwk.0..w\nwwwwwww";

#[test]
fn the_start_is_the_level_and_a_status_line() {
    let start = BaitState::parse(LEVEL).unwrap();
    assert_eq!(
        start.to_string(),
        format!("{LEVEL}\ntick 0 of 2000, score 0, avatar 1,1 nokey alive, running")
    );
}

#[test]
fn moved_boxes_and_taken_items_are_listed() {
    let mut state = BaitState::parse(LEVEL).unwrap();
    for action in [Action::Down, Action::Up, Action::Right, Action::Right] {
        state.apply(action);
    }
    let text = state.to_string();
    assert_eq!(
        text,
        format!(
            "{LEVEL}\ntick 4 of 2000, score 0, avatar 3,1 withkey alive, running\nboxes 4,1\ngone 1,2"
        )
    );
    assert_eq!(text.parse::<BaitState>().unwrap(), state);
}

#[test]
fn errors_name_the_line() {
    let error = |text: &str| text.parse::<BaitState>().unwrap_err().to_string();
    assert!(error(LEVEL).contains("no status line"));
    let status = "tick 0 of 2000, score 0, avatar 1,1 nokey alive, running";
    assert!(
        error(&format!("{LEVEL}\ntick 0, score 0")).starts_with("line 5: expected 'tick T of L")
    );
    assert_eq!(
        error(&format!("{LEVEL}\n{status}\ngone 2,1")),
        "line 6: 2,1 has no item"
    );
    assert_eq!(
        error(&format!("{LEVEL}\n{status}\nboxes 0,0")),
        "line 6: 0,0 is a wall or off the board"
    );
    assert_eq!(
        error(&format!("{LEVEL}\n{status}\nkeys 1,2")),
        "line 6: expected a 'boxes' or 'gone' line"
    );
    assert!(error("wwww\nwA?w\nwwww\ntick 0").contains("line 2, column 3"));
}
