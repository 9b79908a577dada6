//! The VGDL parser's refusals: each malformed game or level names its line and column, and an
//! unsupported class, effect, termination or parameter is refused by name.

use std::rc::Rc;

use searchlab::games::vgdl::{Description, VgdlError, World};

const SOKOBAN: &str = "BasicGame square_size=40
    SpriteSet
        floor > Immovable
        hole > Immovable
        avatar > MovingAvatar
        box > Passive
        wall > Immovable
    LevelMapping
        0 > floor hole
        1 > floor box
        . > floor
    InteractionSet
        avatar wall > stepBack
        box avatar > bounceForward
        box wall box > undoAll
        box hole > killSprite scoreChange=1
    TerminationSet
        SpriteCounter stype=box limit=0 win=True
";

fn error_of(text: &str) -> VgdlError {
    Description::parse(text).expect_err("the game should be refused")
}

/// The game with `from` replaced by `to` (exactly once).
fn edited(from: &str, to: &str) -> String {
    assert_eq!(SOKOBAN.matches(from).count(), 1, "{from}");
    SOKOBAN.replace(from, to)
}

#[test]
fn the_base_game_parses() {
    let d = Description::parse(SOKOBAN).unwrap();
    assert_eq!(d.types[0].name, "wall");
    assert_eq!(d.types[1].name, "avatar");
    assert_eq!(d.pairs.len(), 5);
}

#[test]
fn bad_indentation_names_the_line() {
    let e = error_of(&edited(
        "        hole > Immovable",
        "      hole > Immovable",
    ));
    assert_eq!((e.line, e.column), (4, 7), "{e}");
    assert!(e.message.starts_with("indentation 6 does not match"), "{e}");
    let e = error_of(&edited("        box > Passive", "          box > Passive"));
    assert_eq!((e.line, e.column), (6, 17), "{e}");
    assert!(e.message.contains("nested under a MovingAvatar"), "{e}");
}

#[test]
fn an_unsupported_avatar_is_refused_by_name() {
    let e = error_of(&edited("avatar > MovingAvatar", "avatar > ShootAvatar"));
    assert_eq!((e.line, e.column), (5, 18), "{e}");
    assert_eq!(
        e.message,
        "ShootAvatar is not supported; supported avatars: MovingAvatar"
    );
}

#[test]
fn an_unknown_class_effect_or_termination_is_refused_by_name() {
    let e = error_of(&edited("box > Passive", "box > Missile"));
    assert!(
        e.message
            .starts_with("Missile is not supported; supported sprite classes:"),
        "{e}"
    );
    let e = error_of(&edited("> killSprite scoreChange=1", "> teleportToExit"));
    assert_eq!((e.line, e.column), (16, 20), "{e}");
    assert!(
        e.message
            .starts_with("teleportToExit is not supported; supported effects:"),
        "{e}"
    );
    let e = error_of(&edited("SpriteCounter stype", "StopCounter stype"));
    assert!(e.message.starts_with("StopCounter is not supported"), "{e}");
}

#[test]
fn an_unknown_parameter_is_refused_by_name() {
    let e = error_of(&edited("box > Passive", "box > Passive speed=2"));
    assert_eq!((e.line, e.column), (6, 23), "{e}");
    assert!(
        e.message
            .starts_with("sprite parameter speed (of box) is not supported"),
        "{e}"
    );
    let e = error_of(&edited("scoreChange=1", "scoreChange=1 prob=0.5"));
    assert!(
        e.message
            .starts_with("parameter prob of killSprite is not supported"),
        "{e}"
    );
}

#[test]
fn a_game_without_an_avatar_is_refused() {
    let e = error_of(&edited("        avatar > MovingAvatar\n", ""));
    assert_eq!(e.line, 2, "{e}");
    assert!(e.message.contains("defines no avatar"), "{e}");
}

#[test]
fn a_mapping_or_interaction_naming_an_undefined_sprite_is_refused() {
    let e = error_of(&edited("1 > floor box", "1 > floor crate"));
    assert_eq!((e.line, e.column), (10, 19), "{e}");
    assert_eq!(e.message, "\"crate\" is not a sprite of the SpriteSet");
    let e = error_of(&edited("box hole > killSprite", "box pit > killSprite"));
    assert_eq!((e.line, e.column), (16, 13), "{e}");
}

#[test]
fn level_errors_name_the_line_and_column() {
    let d = Rc::new(Description::parse(SOKOBAN).unwrap());
    let e = World::parse(d.clone(), "wwww\nwA.w\nw.?w\nwwww\n").unwrap_err();
    assert_eq!((e.line, e.column), (3, 3), "{e}");
    let e = World::parse(d.clone(), "wwww\nw..w\nwwww\n").unwrap_err();
    assert!(e.message.contains("no avatar"), "{e}");
    let e = World::parse(d.clone(), "wwww\nwAAw\nwwww\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 3), "{e}");
    let e = World::parse(d, "").unwrap_err();
    assert_eq!(e.line, 1, "{e}");
}

#[test]
fn ragged_levels_are_padded_and_cut_to_the_first_line() {
    let d = Rc::new(Description::parse(SOKOBAN).unwrap());
    let w = World::parse(d, "wwww\nwA\nw..wwwwww\nwwww\n\n").unwrap();
    assert_eq!((w.width, w.height), (4, 5));
    assert!(w.statics_at(2 * 4 + 3).contains(&0));
    assert!(w.statics_at(4 * 4).is_empty());
}
