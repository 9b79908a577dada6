//! A VGDL game through the sprite observation interface ([`crate::sprites`]): its sprite types
//! are the game file's (type ids in file order, names as spelled there), the sprites of a state
//! are the level's static ones and the state's dynamic ones, and a step's collision events come
//! from the tick's [`CollisionSink`].
//!
//! Categories follow GVGAI's observation by class: MovingAvatar is an avatar, Resource a
//! resource, Door a portal, Immovable (and a group without a class) static, Passive and Flicker
//! movable. Walls are the static sprites of the type `wall` or a type nested under it (GVGAI's
//! default `w`), which no rule can move or remove. Hidden types (`hidden=True`, such as Bait's
//! floor) are left out of [`SpriteGame::sprites`], as GVGAI leaves them out of observations.

use super::description::TypeId;
use super::ontology::SpriteClass;
use super::state::{Outcome, VgdlState};
use super::tick::CollisionSink;
use super::Action;
use crate::sprites::{Category, Ending, Event, Position, Sprite, SpriteGame, SpriteType};

/// The name that makes a static type (and the types nested under it) a wall.
const WALL_NAME: &str = "wall";

impl CollisionSink for Vec<Event> {
    fn collision(&mut self, active: TypeId, passive: TypeId) {
        self.push(Event {
            active: SpriteType::from(active),
            passive: SpriteType::from(passive),
        });
    }
}

impl VgdlState {
    /// Whether type `t` is a wall: static, and `wall` or nested under it.
    fn is_wall_type(&self, t: TypeId) -> bool {
        let types = &self.description().types;
        if types[t as usize].dynamic {
            return false;
        }
        let mut at = Some(t);
        while let Some(t) = at {
            if types[t as usize].name == WALL_NAME {
                return true;
            }
            at = types[t as usize].parent;
        }
        false
    }

    fn sprite_at(kind: TypeId, x: i16, y: i16) -> Sprite {
        Sprite {
            kind: SpriteType::from(kind),
            at: Position {
                x: x as u32,
                y: y as u32,
            },
        }
    }
}

impl SpriteGame for VgdlState {
    fn type_count(&self) -> usize {
        self.description().types.len()
    }

    fn type_name(&self, kind: SpriteType) -> &str {
        &self.description().types[usize::from(kind)].name
    }

    fn category(&self, kind: SpriteType) -> Category {
        let t = TypeId::try_from(kind).expect("a sprite type below type_count");
        if self.is_wall_type(t) {
            return Category::Wall;
        }
        match self.description().types[t as usize].class {
            Some(SpriteClass::MovingAvatar) => Category::Avatar,
            Some(SpriteClass::Resource) => Category::Resource,
            Some(SpriteClass::Door) => Category::Portal,
            Some(SpriteClass::Passive | SpriteClass::Flicker) => Category::Movable,
            Some(SpriteClass::Immovable) | None => Category::Static,
        }
    }

    fn grid_size(&self) -> (u32, u32) {
        let world = self.world();
        (world.width as u32, world.height as u32)
    }

    fn is_wall(&self, at: Position) -> bool {
        let (Ok(x), Ok(y)) = (i16::try_from(at.x), i16::try_from(at.y)) else {
            return true;
        };
        match self.world().cell(x, y) {
            None => true,
            Some(cell) => self
                .world()
                .statics_at(cell)
                .iter()
                .any(|&t| self.is_wall_type(t)),
        }
    }

    /// The avatar's type and cell while alive; `None` once it is disabled.
    fn avatar(&self) -> Option<Sprite> {
        self.is_alive().then(|| {
            let a = VgdlState::avatar(self);
            VgdlState::sprite_at(a.kind, a.x, a.y)
        })
    }

    /// The static sprites cell by cell (row-major, each cell's in sprite order), then the
    /// moving ones in the state's order (by type, then creation), then the fixed ones still
    /// present (by type, then sprite order); walls, hidden types and the avatar left out.
    fn sprites(&self, out: &mut Vec<Sprite>) {
        out.clear();
        let world = self.world();
        let types = &self.description().types;
        let shown = |t: TypeId| !types[t as usize].hidden;
        for cell in 0..world.width * world.height {
            let (x, y) = ((cell % world.width) as i16, (cell / world.width) as i16);
            for &t in world.statics_at(cell) {
                if shown(t) && !self.is_wall_type(t) {
                    out.push(VgdlState::sprite_at(t, x, y));
                }
            }
        }
        let avatar = self.avatar as usize;
        for (i, s) in self.moving_sprites().iter().enumerate() {
            if i != avatar && shown(s.kind) {
                out.push(VgdlState::sprite_at(s.kind, s.x, s.y));
            }
        }
        for (f, s) in world.fixed.iter().enumerate() {
            if self.fixed_alive(f) && shown(s.kind) {
                out.push(VgdlState::sprite_at(s.kind, s.x, s.y));
            }
        }
    }

    fn score(&self) -> f64 {
        f64::from(VgdlState::score(self))
    }

    fn ending(&self) -> Option<Ending> {
        match self.outcome() {
            Outcome::Running => None,
            Outcome::Won => Some(Ending::Won),
            Outcome::Lost => Some(Ending::Lost),
        }
    }

    fn apply_logging(&mut self, action: Action, events: &mut Vec<Event>) {
        self.advance_with(action, events);
    }
}
