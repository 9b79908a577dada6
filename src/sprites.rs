//! The sprite observation interface: what an agent or a view may read of a game made of sprites
//! on a grid (GVGAI's `StateObservation`, reduced to what KB Fast-Evo MCTS and the sprite views
//! need). Bait implements it now; a VGDL interpreter implements the same trait.
//!
//! A game names its sprite types with dense ids ([`SpriteType`], below
//! [`SpriteGame::type_count`]); each type has one GVGAI [`Category`]. A state lists its sprites
//! (every one but the walls and the avatar, which have their own queries), and a step can log
//! the collision events GVGAI's `Game.addEvent` records: one per collision that involves the
//! avatar (or a sprite the avatar spawned), the avatar's side as `active` and the other sprite's
//! type as `passive`. Events are appended to a caller's buffer, never kept in the state, so
//! copying a state stays cheap.

use crate::game::Game;

/// A sprite type's dense id in one game (below [`SpriteGame::type_count`]).
pub type SpriteType = u16;

/// A cell of the grid: column `x`, row `y`, both from 0 at the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Column.
    pub x: u32,
    /// Row.
    pub y: u32,
}

/// GVGAI's observation categories (`Types.TYPE_*`), with walls apart: walls are static in GVGAI,
/// but they are what walking distances go around, so they get their own category here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// Blocks movement everywhere (read through [`SpriteGame::is_wall`]).
    Wall,
    /// Never moves (GVGAI's `Immovable`: holes, doors, pick-ups that stay put).
    Static,
    /// Can move or be moved (GVGAI's "movable", the non-static sprites: pushed boxes, passives).
    Movable,
    /// Collectable resources the avatar accumulates.
    Resource,
    /// Non-player characters.
    Npc,
    /// Portals.
    Portal,
    /// An avatar type (a game may have several, such as Bait's `nokey` and `withkey`).
    Avatar,
    /// Sprites spawned by the avatar (missiles, swords).
    FromAvatar,
}

/// One sprite: its type and its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sprite {
    /// The sprite's type.
    pub kind: SpriteType,
    /// Where it is.
    pub at: Position,
}

/// One collision as GVGAI logs it: the avatar's (or its spawn's) type, and the other sprite's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Event {
    /// The avatar's type (or the avatar-spawned sprite's) at the collision.
    pub active: SpriteType,
    /// The other sprite's type.
    pub passive: SpriteType,
}

/// How a game ended, for the agent's "wins and losses first" values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The player won.
    Won,
    /// The player lost (died or ran out of time).
    Lost,
}

/// A game whose states are sprites on a grid (see the module doc).
pub trait SpriteGame: Game {
    /// Number of sprite types; every [`SpriteType`] of this game is below it.
    fn type_count(&self) -> usize;

    /// The type's name, as the game file spells it. Panics if `kind` is not below
    /// [`SpriteGame::type_count`].
    fn type_name(&self, kind: SpriteType) -> &str;

    /// The type's category. Panics if `kind` is not below [`SpriteGame::type_count`].
    fn category(&self, kind: SpriteType) -> Category;

    /// The grid's width and height, in cells.
    fn grid_size(&self) -> (u32, u32);

    /// Whether the cell is a wall; cells off the grid count as walls.
    fn is_wall(&self, at: Position) -> bool;

    /// The living avatar's type and cell, or `None` when there is none.
    fn avatar(&self) -> Option<Sprite>;

    /// Clears `out` and fills it with every sprite but the walls and the avatar, in a fixed
    /// order.
    fn sprites(&self, out: &mut Vec<Sprite>);

    /// The game's score so far (GVGAI's `getGameScore`).
    fn score(&self) -> f64;

    /// How the game ended, or `None` while it runs.
    fn ending(&self) -> Option<Ending>;

    /// Applies `action` exactly as [`Game::apply`] does, appending the step's collision events
    /// to `events` (which it does not clear) in the order the rules fire.
    fn apply_logging(&mut self, action: Self::Action, events: &mut Vec<Event>);
}
