//! Invariants along seeded random walks on the five official levels.

mod bait_common;

use std::collections::HashMap;

use bait_common::official_level;
use searchlab::game::Game;
use searchlab::games::bait::{Action, BaitKey, BaitState, Bits256, Item};
use searchlab::rng::Rng;

const STEPS_PER_LEVEL: usize = 20_000;
const RESTART_EVERY: usize = 300;

/// Everything the key is meant to identify.
type Identity = (Bits256, Bits256, u8, bool, bool, bool);

fn identity(s: &BaitState) -> Identity {
    (
        s.boxes(),
        s.items(),
        s.avatar_cell(),
        s.has_key(),
        s.is_alive(),
        s.is_over(),
    )
}

fn walls(s: &BaitState) -> Vec<usize> {
    s.to_level_text()
        .char_indices()
        .filter(|&(_, c)| c == 'w')
        .map(|(i, _)| i)
        .collect()
}

fn check_invariants(s: &BaitState, start: &BaitState, steps_since_start: u32) {
    let level = s.level();
    let gone = |kind: Item| {
        (level.items_of(kind).len() - s.items().and(&level.items_of(kind)).len()) as i32
    };
    assert!(usize::from(s.avatar_cell()) < level.open_cells());
    let (x, y) = s.avatar_position();
    assert!(x < level.width() && y < level.height() && !level.is_wall(x, y));
    assert!(s
        .boxes()
        .iter()
        .all(|b| usize::from(b) < level.open_cells()));
    assert_eq!(s.items().and_not(&start.items()), Bits256::EMPTY);
    assert_eq!(walls(s), walls(start), "walls never change");
    let filled = gone(Item::Hole);
    assert_eq!(
        s.score(),
        filled + gone(Item::Mushroom) + 5 * gone(Item::Goal),
        "{s:?}"
    );
    assert_eq!(s.boxes().len() as i32 + filled, start.boxes().len() as i32);
    assert_eq!(gone(Item::Key) > 0, s.has_key(), "{s:?}");
    if !s.is_over() {
        assert_eq!(s.tick(), steps_since_start);
    }
}

/// A state's board is its level text when no cell is stacked and the avatar is alive.
fn check_round_trip(s: &BaitState) {
    let level = s.level();
    let stacked = (0..level.height())
        .any(|y| (0..level.width()).any(|x| s.contents(x, y).chars().count() > 1));
    if stacked || !s.is_alive() {
        return;
    }
    let text = s.to_level_text();
    let reparsed = BaitState::parse(&text).unwrap();
    assert_eq!(reparsed.to_level_text(), text);
    assert_eq!(reparsed.boxes().len(), s.boxes().len());
}

#[test]
fn random_walks_keep_every_invariant() {
    for n in 0..5 {
        let start = BaitState::new(official_level(n));
        let mut rng = Rng::new(7000 + n as u64);
        let mut seen: HashMap<BaitKey, Identity> = HashMap::new();
        let mut state = start.clone();
        let mut since_start: Vec<Action> = Vec::new();
        let mut finished_games = 0;
        for step in 0..STEPS_PER_LEVEL {
            if state.is_over() || since_start.len() == RESTART_EVERY {
                finished_games += usize::from(state.is_over());
                state = start.clone();
                since_start.clear();
            }
            let action = Action::ALL[rng.index(5)];
            state.apply(action);
            since_start.push(action);
            check_invariants(&state, &start, since_start.len() as u32);
            check_round_trip(&state);
            let previous = seen.insert(state.key(), identity(&state));
            assert!(
                previous.is_none_or(|p| p == identity(&state)),
                "two different states share a key on level {n}: {state:?}"
            );
            assert_eq!(state.clone().key(), state.key());
            if step % 97 == 0 {
                let mut replayed = start.clone();
                for &a in &since_start {
                    replayed.apply(a);
                }
                assert_eq!(replayed, state);
                assert_eq!(replayed.key(), state.key());
            }
            if state.is_over() {
                let mut after = state.clone();
                after.apply(Action::ALL[rng.index(5)]);
                assert_eq!(after, state, "a finished game does not change");
                let mut actions = vec![Action::Nil];
                after.legal_actions(&mut actions);
                assert!(actions.is_empty());
            }
        }
        assert!(
            seen.len() >= 20,
            "level {n}: the walk should visit many states"
        );
        assert!(
            finished_games > 0,
            "level {n}: some walks should end the game"
        );
    }
}
