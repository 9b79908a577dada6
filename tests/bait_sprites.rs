//! Bait through the sprite interface, rules as pictures: a board, one action, the events GVGAI's
//! `Game.addEvent` would log (R1-R12 of `shared/bait/RULES.md`), and the sprites a state lists.

mod bait_common;

use bait_common::{official_level, picture};
use searchlab::game::Game;
use searchlab::games::bait::sprites::{BOX, GOAL, HOLE, KEY, MUSHROOM, NOKEY, WALL, WITHKEY};
use searchlab::games::bait::{parse_plan, Action, BaitState};
use searchlab::rng::Rng;
use searchlab::sprites::{Category, Ending, Event, Position, Sprite, SpriteGame, SpriteType};

/// The (active, passive) events of the last action of `plan` played on the drawn level.
fn events(rows: &str, plan: &str) -> Vec<(SpriteType, SpriteType)> {
    let mut state = picture(rows);
    let actions = parse_plan(plan).unwrap();
    let (last, before) = actions.split_last().unwrap();
    for &action in before {
        state.apply(action);
    }
    let mut log = Vec::new();
    state.apply_logging(*last, &mut log);
    log.iter().map(|e| (e.active, e.passive)).collect()
}

#[test]
fn a_wall_bump_logs_a_wall_event() {
    assert_eq!(events("wAw", "R"), [(NOKEY, WALL)]);
}

#[test]
fn a_step_onto_a_hole_logs_a_hole_event() {
    assert_eq!(events("wA0gkw", "R"), [(NOKEY, HOLE)]);
}

#[test]
fn a_push_logs_a_box_event() {
    assert_eq!(events("wA1.gkw", "R"), [(NOKEY, BOX)]);
}

#[test]
fn an_undone_push_still_logs_a_box_event() {
    for rows in ["wA1wgk", "wA11.gk", "wA1m.gk"] {
        assert_eq!(events(rows, "R"), [(NOKEY, BOX)], "{rows}");
    }
}

#[test]
fn a_box_into_a_hole_logs_only_the_push_and_its_point_lands_that_tick() {
    let mut state = picture("wA10gkw");
    let mut log = Vec::new();
    state.apply_logging(Action::Right, &mut log);
    assert_eq!(
        log,
        [Event {
            active: NOKEY,
            passive: BOX
        }]
    );
    assert_eq!(state.score(), 1);
}

#[test]
fn a_key_pickup_logs_two_key_events() {
    // Both with `nokey`: `key avatar > killSprite` meets the avatar as it was at the tick's
    // start (GVGAI removes the transformed sprite only when the tick ends).
    assert_eq!(events("wAkgw", "R"), [(NOKEY, KEY), (NOKEY, KEY)]);
}

#[test]
fn the_locked_door_logs_a_goal_event_and_the_open_one_too() {
    assert_eq!(events("wAgkw", "R"), [(NOKEY, GOAL)]);
    assert_eq!(events("wgkAw", "LL"), [(WITHKEY, GOAL)]);
}

#[test]
fn a_mushroom_logs_a_mushroom_event() {
    assert_eq!(events("wAmgkw", "R"), [(NOKEY, MUSHROOM)]);
}

#[test]
fn a_free_step_and_a_nil_log_nothing() {
    assert!(events("wA.gkw", "R").is_empty());
    assert!(events("wA.gkw", "N").is_empty());
}

#[test]
fn logging_changes_nothing_in_the_state() {
    let level = official_level(3);
    let mut rng = Rng::new(5);
    let mut plain = BaitState::new(level);
    let mut logged = plain.clone();
    let mut log = Vec::new();
    for _ in 0..2000 {
        let action = Action::ALL[rng.index(5)];
        plain.apply(action);
        logged.apply_logging(action, &mut log);
        assert_eq!(plain.key(), logged.key());
        assert_eq!(
            (plain.score(), plain.tick()),
            (logged.score(), logged.tick())
        );
    }
}

#[test]
fn the_types_have_gvgai_categories() {
    let state = picture("wAkgw");
    let categories: Vec<(&str, Category)> = (0..state.type_count() as SpriteType)
        .map(|t| (state.type_name(t), state.category(t)))
        .collect();
    assert_eq!(
        categories,
        [
            ("wall", Category::Wall),
            ("hole", Category::Static),
            ("nokey", Category::Avatar),
            ("withkey", Category::Avatar),
            ("mushroom", Category::Static),
            ("key", Category::Movable),
            ("goal", Category::Static),
            ("box", Category::Movable),
        ]
    );
}

#[test]
fn a_state_lists_its_sprites_avatar_walls_and_ending() {
    let mut state = picture(
        "wwwww
         wA1kw
         w0mgw
         wwwww",
    );
    let at = |x, y| Position { x, y };
    assert_eq!(state.grid_size(), (5, 4));
    assert!(state.is_wall(at(0, 1)) && state.is_wall(at(9, 9)) && !state.is_wall(at(1, 1)));
    assert_eq!(
        state.avatar(),
        Some(Sprite {
            kind: NOKEY,
            at: at(1, 1)
        })
    );
    let mut sprites = Vec::new();
    state.sprites(&mut sprites);
    let mut listed: Vec<(SpriteType, u32, u32)> =
        sprites.iter().map(|s| (s.kind, s.at.x, s.at.y)).collect();
    listed.sort();
    assert_eq!(
        listed,
        [
            (HOLE, 1, 2),
            (MUSHROOM, 2, 2),
            (KEY, 3, 1),
            (GOAL, 3, 2),
            (BOX, 2, 1)
        ]
    );
    assert_eq!(state.ending(), None);
    state.apply(Action::Down);
    assert_eq!((state.avatar(), state.ending()), (None, Some(Ending::Lost)));
}
