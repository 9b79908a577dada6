//! Bait through the sprite observation interface ([`crate::sprites`]): its sprite types in the
//! game file's order, their GVGAI categories, the sprites of a state and the collision events of
//! a tick (logged by the rules through [`EventLog`]).
//!
//! Categories follow GVGAI's observation: Immovable sprites (hole, mushroom, goal) are static,
//! Passive ones (key, box) movable, walls their own category.

use super::level::Item;
use super::state::{BaitState, Outcome};
use super::Action;
use crate::sprites::{Category, Ending, Event, Position, Sprite, SpriteGame, SpriteType};

/// `wall` (`w`).
pub const WALL: SpriteType = 0;
/// `hole` (`0`).
pub const HOLE: SpriteType = 1;
/// `nokey`: the avatar before it takes the key (`A`).
pub const NOKEY: SpriteType = 2;
/// `withkey`: the avatar holding the key.
pub const WITHKEY: SpriteType = 3;
/// `mushroom` (`m`).
pub const MUSHROOM: SpriteType = 4;
/// `key` (`k`).
pub const KEY: SpriteType = 5;
/// `goal`, the door (`g`).
pub const GOAL: SpriteType = 6;
/// `box` (`1`).
pub const BOX: SpriteType = 7;

/// Each type's name and category, indexed by [`SpriteType`].
const TYPES: [(&str, Category); 8] = [
    ("wall", Category::Wall),
    ("hole", Category::Static),
    ("nokey", Category::Avatar),
    ("withkey", Category::Avatar),
    ("mushroom", Category::Static),
    ("key", Category::Movable),
    ("goal", Category::Static),
    ("box", Category::Movable),
];

/// Where the rules send the events of a tick: nowhere (`()`, the hot path) or a buffer.
pub(crate) trait EventLog {
    /// One collision: the avatar's type and the other sprite's.
    fn record(&mut self, active: SpriteType, passive: SpriteType);
}

impl EventLog for () {
    #[inline(always)]
    fn record(&mut self, _active: SpriteType, _passive: SpriteType) {}
}

impl EventLog for Vec<Event> {
    fn record(&mut self, active: SpriteType, passive: SpriteType) {
        self.push(Event { active, passive });
    }
}

impl BaitState {
    fn position_of(&self, cell: super::Cell) -> Position {
        let (x, y) = self.level.position(cell);
        Position {
            x: x as u32,
            y: y as u32,
        }
    }
}

impl SpriteGame for BaitState {
    fn type_count(&self) -> usize {
        TYPES.len()
    }

    fn type_name(&self, kind: SpriteType) -> &str {
        TYPES[usize::from(kind)].0
    }

    fn category(&self, kind: SpriteType) -> Category {
        TYPES[usize::from(kind)].1
    }

    fn grid_size(&self) -> (u32, u32) {
        (self.level.width() as u32, self.level.height() as u32)
    }

    fn is_wall(&self, at: Position) -> bool {
        self.level.is_wall(at.x as usize, at.y as usize)
    }

    /// `nokey` or `withkey` at its cell while alive; `None` once it fell into a hole.
    fn avatar(&self) -> Option<Sprite> {
        self.is_alive().then(|| Sprite {
            kind: if self.has_key() { WITHKEY } else { NOKEY },
            at: self.position_of(self.avatar_cell()),
        })
    }

    /// The items still present (holes, mushrooms, keys, goals) by item id, then the boxes by
    /// cell.
    fn sprites(&self, out: &mut Vec<Sprite>) {
        out.clear();
        let level = &self.level;
        for id in self.items().iter() {
            let cell = level.item_cell(id);
            let kind = match level.item(cell) {
                Item::Hole => HOLE,
                Item::Mushroom => MUSHROOM,
                Item::Key => KEY,
                Item::Goal => GOAL,
                Item::None => continue,
            };
            out.push(Sprite {
                kind,
                at: self.position_of(cell),
            });
        }
        for cell in self.boxes().iter() {
            out.push(Sprite {
                kind: BOX,
                at: self.position_of(cell),
            });
        }
    }

    fn score(&self) -> f64 {
        f64::from(BaitState::score(self))
    }

    fn ending(&self) -> Option<Ending> {
        match self.outcome() {
            Outcome::Running => None,
            Outcome::Won => Some(Ending::Won),
            Outcome::Lost => Some(Ending::Lost),
        }
    }

    fn apply_logging(&mut self, action: Action, events: &mut Vec<Event>) {
        self.advance_logging(action, events);
    }
}
