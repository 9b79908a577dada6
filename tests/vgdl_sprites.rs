//! A VGDL game through the sprite observation interface (`src/games/vgdl/sprites.rs`): the VGDL
//! Bait observes as the hand-written Bait does (types by name, categories, avatar, sprites,
//! score, ending and each step's collision events) on random action sequences on every level,
//! the page's `VgdlPlay` observes as its state, and KB Fast-Evo MCTS runs on a VGDL Sokoban and
//! learns the sprite types the avatar meets.

mod bait_common;

use std::rc::Rc;

use bait_common::{official_level, read};
use searchlab::game::Game;
use searchlab::games::bait::{Action, BaitState};
use searchlab::games::vgdl::{Description, VgdlState, World};
use searchlab::games::vgdl_play::VgdlPlay;
use searchlab::rng::Rng;
use searchlab::search::kb_fast_evo::{kb_fast_evo, new_memory, KbConfig};
use searchlab::search::{NoObserver, Search};
use searchlab::sprites::{Category, Event, Position, Sprite, SpriteGame, SpriteType};

const SHARED_VGDL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/vgdl");

fn vgdl_bait(level: usize) -> VgdlState {
    let rules = read("levels/bait.vgdl.txt");
    let description = Rc::new(Description::parse(&rules).unwrap());
    let text = read(&format!("levels/bait_lvl{level}.txt"));
    VgdlState::new(Rc::new(World::parse(description, &text).unwrap()))
}

fn type_id<G: SpriteGame>(game: &G, name: &str) -> SpriteType {
    (0..game.type_count() as SpriteType)
        .find(|&t| game.type_name(t) == name)
        .unwrap_or_else(|| panic!("no sprite type {name}"))
}

/// Sprites by type name and cell, sorted (the two games list them in different orders).
fn named_sprites<G: SpriteGame>(game: &G) -> Vec<(String, u32, u32)> {
    let mut sprites = Vec::new();
    game.sprites(&mut sprites);
    let mut named: Vec<_> = sprites
        .iter()
        .map(|s| (game.type_name(s.kind).to_string(), s.at.x, s.at.y))
        .collect();
    named.sort();
    named
}

fn named_avatar<G: SpriteGame>(game: &G) -> Option<(String, Position)> {
    game.avatar()
        .map(|Sprite { kind, at }| (game.type_name(kind).to_string(), at))
}

fn named_events<G: SpriteGame>(game: &G, events: &[Event]) -> Vec<(String, String)> {
    events
        .iter()
        .map(|e| {
            (
                game.type_name(e.active).to_string(),
                game.type_name(e.passive).to_string(),
            )
        })
        .collect()
}

#[test]
fn vgdl_bait_has_the_hand_written_categories_and_walls() {
    let vgdl = vgdl_bait(0);
    let bait = BaitState::new(official_level(0));
    for t in 0..bait.type_count() as SpriteType {
        let name = bait.type_name(t);
        assert_eq!(
            vgdl.category(type_id(&vgdl, name)),
            bait.category(t),
            "{name}"
        );
    }
    assert_eq!(vgdl.category(type_id(&vgdl, "floor")), Category::Static);
    assert_eq!(vgdl.grid_size(), bait.grid_size());
    let (width, height) = bait.grid_size();
    for y in 0..height + 1 {
        for x in 0..width + 1 {
            let at = Position { x, y };
            assert_eq!(vgdl.is_wall(at), bait.is_wall(at), "({x}, {y})");
        }
    }
}

/// Property: on every official level, for random action sequences (NIL included), the two
/// engines observe alike after every step, and log the same events in the same order.
#[test]
fn vgdl_bait_observes_and_logs_events_as_the_hand_written_bait() {
    let mut steps = 0;
    let mut events_seen = 0;
    for level in 0..5 {
        for seed in 0..20u64 {
            let mut rng = Rng::new(seed * 17 + level as u64);
            let mut vgdl = vgdl_bait(level);
            let mut bait = BaitState::new(official_level(level));
            for t in 1..=200 {
                if bait.is_over() {
                    break;
                }
                let action = Action::ALL[rng.index(5)];
                let (mut vgdl_events, mut bait_events) = (Vec::new(), Vec::new());
                vgdl.apply_logging(action, &mut vgdl_events);
                bait.apply_logging(action, &mut bait_events);
                let at = format!("level {level} seed {seed} step {t}");
                assert_eq!(
                    named_events(&vgdl, &vgdl_events),
                    named_events(&bait, &bait_events),
                    "{at}"
                );
                assert_eq!(named_avatar(&vgdl), named_avatar(&bait), "{at}");
                assert_eq!(named_sprites(&vgdl), named_sprites(&bait), "{at}");
                assert_eq!(SpriteGame::score(&vgdl), SpriteGame::score(&bait), "{at}");
                assert_eq!(vgdl.ending(), bait.ending(), "{at}");
                steps += 1;
                events_seen += bait_events.len();
            }
        }
    }
    assert!(steps > 2_000, "{steps} steps compared");
    assert!(events_seen > 500, "{events_seen} events compared");
}

/// The page's game (a state with its texts and moves) observes and logs as its state, and a
/// logged step is recorded as a move.
#[test]
fn a_played_vgdl_game_observes_as_its_state_and_records_logged_moves() {
    let level = read("levels/bait_lvl1.txt");
    let mut play = VgdlPlay::parse(&read("levels/bait.vgdl.txt"), &level).unwrap();
    let mut state = vgdl_bait(1);
    let mut rng = Rng::new(5);
    let mut actions = Vec::new();
    while !state.is_over() && actions.len() < 100 {
        let action = Action::ALL[rng.index(5)];
        let (mut play_events, mut state_events) = (Vec::new(), Vec::new());
        play.apply_logging(action, &mut play_events);
        state.apply_logging(action, &mut state_events);
        actions.push(action);
        assert_eq!(play_events, state_events, "step {}", actions.len());
        assert_eq!(named_sprites(&play), named_sprites(&state));
        assert_eq!(named_avatar(&play), named_avatar(&state));
    }
    assert_eq!(play.moves(), actions);
    assert_eq!(play.state(), &state);
}

#[test]
fn kb_fast_evo_learns_sokoban_sprites_from_the_vgdl_game() {
    let read_shared = |file: &str| {
        std::fs::read_to_string(format!("{SHARED_VGDL}/sokoban/{file}"))
            .unwrap_or_else(|e| panic!("reference data missing: {SHARED_VGDL}/sokoban/{file}: {e}"))
    };
    let description = Rc::new(Description::parse(&read_shared("sokoban.vgdl.txt")).unwrap());
    let world = World::parse(description, &read_shared("sokoban_lvl0.txt")).unwrap();
    let mut state = VgdlState::new(Rc::new(world));
    let memory = new_memory::<VgdlState>();
    for act in 0..3 {
        let mut search = kb_fast_evo(
            state.clone(),
            KbConfig::default(),
            act,
            memory.clone(),
            NoObserver,
        )
        .unwrap();
        search.step(200);
        state.apply(search.best_action().expect("a move at a running state"));
    }
    let kb = &memory.borrow().knowledge;
    // The avatar meets walls (stepBack) and boxes (bounceForward) in its rollouts; no rule
    // pairs it with the floor or a hole, so those stay unknown.
    for name in ["wall", "box"] {
        let item = kb.item(type_id(&state, name));
        assert!(item.count > 0, "{name}: {item:?}");
    }
    for name in ["floor", "hole"] {
        assert_eq!(kb.item(type_id(&state, name)).count, 0, "{name}");
    }
}
