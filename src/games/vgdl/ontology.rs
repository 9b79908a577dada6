//! The part of GVGAI's ontology this interpreter runs: sprite classes, effects, terminations and
//! the parameters each accepts. Anything else is refused by name when a game is parsed, never
//! run wrongly.

/// A sprite class (GVGAI's `ontology.sprites` and `ontology.avatar`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpriteClass {
    /// Never moves by itself.
    Immovable,
    /// Moves only when pushed (`bounceForward`).
    Passive,
    /// An Immovable flagged as a portal (only observations tell it apart).
    Door,
    /// A Passive that an avatar can collect (`value`, `limit`).
    Resource,
    /// Lives `limit` + 2 ticks after it is created, then dies.
    Flicker,
    /// The avatar: four moves and NIL, speed 1, no orientation.
    MovingAvatar,
}

impl SpriteClass {
    /// The class named `name` in a game file, if supported.
    pub fn from_name(name: &str) -> Option<SpriteClass> {
        Some(match name {
            "Immovable" => SpriteClass::Immovable,
            "Passive" => SpriteClass::Passive,
            "Door" => SpriteClass::Door,
            "Resource" => SpriteClass::Resource,
            "Flicker" => SpriteClass::Flicker,
            "MovingAvatar" => SpriteClass::MovingAvatar,
            _ => return None,
        })
    }

    /// The class's name in game files.
    pub fn name(self) -> &'static str {
        match self {
            SpriteClass::Immovable => "Immovable",
            SpriteClass::Passive => "Passive",
            SpriteClass::Door => "Door",
            SpriteClass::Resource => "Resource",
            SpriteClass::Flicker => "Flicker",
            SpriteClass::MovingAvatar => "MovingAvatar",
        }
    }

    /// Parameters this class accepts besides the drawing ones in [`COSMETIC_SPRITE_PARAMETERS`].
    pub fn parameters(self) -> &'static [&'static str] {
        match self {
            SpriteClass::Resource => &["limit", "value"],
            SpriteClass::Flicker => &["limit"],
            _ => &[],
        }
    }
}

/// Sprite classes a game file may use, for error messages.
pub const SUPPORTED_SPRITE_CLASSES: &str = "Immovable, Passive, Door, Resource, Flicker";

/// Avatar classes a game file may use, for error messages.
pub const SUPPORTED_AVATARS: &str = "MovingAvatar";

/// Parameters that only change how a sprite is drawn or observed; accepted on every sprite and
/// ignored by the rules (`hidden` is kept for observations).
pub const COSMETIC_SPRITE_PARAMETERS: &[&str] = &[
    "img",
    "color",
    "shrinkfactor",
    "autotiling",
    "frameRate",
    "hidden",
    "portal",
    "solid",
];

/// Known GVGAI avatar classes, told apart from unknown names in error messages.
pub const UNSUPPORTED_AVATARS: &[&str] = &[
    "ShootAvatar",
    "FlakAvatar",
    "HorizontalAvatar",
    "VerticalAvatar",
    "OrientedAvatar",
    "OngoingAvatar",
    "OngoingTurningAvatar",
    "OngoingShootAvatar",
    "MissileAvatar",
    "InertialAvatar",
    "MarioAvatar",
    "NullAvatar",
    "AimedAvatar",
    "PlatformerAvatar",
    "BirdAvatar",
    "CarAvatar",
    "LanderAvatar",
    "SpaceshipAvatar",
    "WizardAvatar",
];

/// Effect names a game file may use, for error messages.
pub const SUPPORTED_EFFECTS: &str = "stepBack, bounceForward, undoAll, killSprite, killBoth, \
killAll, transformTo, spawn, collectResource, changeResource, killIfHasLess, killIfOtherHasMore";

/// The parameters an effect accepts besides `scoreChange` and `repeat`.
pub fn effect_parameters(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "stepBack" | "bounceForward" | "undoAll" | "killSprite" | "killBoth"
        | "collectResource" => &[],
        "killAll" | "spawn" => &["stype"],
        "transformTo" => &["stype", "killSecond"],
        "changeResource" => &["resource", "value"],
        "killIfHasLess" => &["resource", "limit"],
        "killIfOtherHasMore" => &["resource", "limit", "subtract"],
        _ => return None,
    })
}

/// Termination names a game file may use, for error messages.
pub const SUPPORTED_TERMINATIONS: &str = "SpriteCounter, MultiSpriteCounter, Timeout";

/// The parameters a termination accepts.
pub fn termination_parameters(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "SpriteCounter" => &["stype", "limit", "win"],
        "MultiSpriteCounter" => &["stype1", "stype2", "stype3", "limit", "win"],
        "Timeout" => &["limit", "win"],
        _ => return None,
    })
}

/// Game classes a game file may use.
pub const SUPPORTED_GAMES: &str = "BasicGame";

/// Parameters of the game line; they change only how GVGAI draws and reads keys.
pub const GAME_PARAMETERS: &[&str] = &["square_size", "key_handler"];
