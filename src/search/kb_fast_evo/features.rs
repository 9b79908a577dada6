//! The features of KB Fast-Evo MCTS ([P] §IV-B): for each sprite type of the chosen categories,
//! the distance from the avatar to the nearest sprite of that type.

use std::collections::VecDeque;

use super::{Distance, FeatureScale, FeatureTypes};
use crate::sprites::{Category, Position, Sprite, SpriteGame};

impl FeatureTypes {
    /// Whether types of `category` are features: the paper's NPC, resource, non-static and
    /// portal (and the avatar's spawns), or every type but walls and avatars.
    pub fn includes(self, category: Category) -> bool {
        match self {
            FeatureTypes::Paper => matches!(
                category,
                Category::Npc
                    | Category::Resource
                    | Category::Movable
                    | Category::Portal
                    | Category::FromAvatar
            ),
            FeatureTypes::All => !matches!(category, Category::Wall | Category::Avatar),
        }
    }
}

/// Measures features, reusing its buffers between states.
#[derive(Clone, Debug, Default)]
pub struct FeatureMeter {
    sprites: Vec<Sprite>,
    /// Walking distances from the avatar by cell (row-major), `u32::MAX` if unreachable.
    steps: Vec<u32>,
    queue: VecDeque<Position>,
}

impl FeatureMeter {
    /// Fills `out` (indexed by sprite type, `type_count` long) with each feature type's
    /// distance from the avatar to its nearest sprite, `None` when the type has no sprite (or,
    /// walking, none reachable) or the state has no avatar. Distances are in cells, divided by
    /// `width + height` with [`FeatureScale::Grid`].
    pub fn measure<G: SpriteGame>(
        &mut self,
        state: &G,
        types: FeatureTypes,
        distance: Distance,
        scale: FeatureScale,
        out: &mut Vec<Option<f64>>,
    ) {
        out.clear();
        out.resize(state.type_count(), None);
        self.each_sprite(state, types, distance, scale, |kind, d, _| {
            let slot = &mut out[usize::from(kind)];
            if slot.map_or(true, |best| d < best) {
                *slot = Some(d);
            }
        });
    }

    /// Fills `out` (indexed by sprite type, `type_count` long) with each feature type's nearest
    /// sprite and its distance as [`FeatureMeter::measure`] gives it (the first in the state's
    /// sprite order among equally near ones): the feature rays the page draws.
    pub fn nearest<G: SpriteGame>(
        &mut self,
        state: &G,
        types: FeatureTypes,
        distance: Distance,
        scale: FeatureScale,
        out: &mut Vec<Option<(f64, Position)>>,
    ) {
        out.clear();
        out.resize(state.type_count(), None);
        self.each_sprite(state, types, distance, scale, |kind, d, at| {
            let slot = &mut out[usize::from(kind)];
            if slot.map_or(true, |(best, _)| d < best) {
                *slot = Some((d, at));
            }
        });
    }

    /// Calls `visit(type, distance, cell)` for every sprite of a feature type with a distance
    /// (none when the state has no avatar), in the state's sprite order.
    fn each_sprite<G: SpriteGame>(
        &mut self,
        state: &G,
        types: FeatureTypes,
        distance: Distance,
        scale: FeatureScale,
        mut visit: impl FnMut(u16, f64, Position),
    ) {
        let Some(avatar) = state.avatar() else {
            return;
        };
        state.sprites(&mut self.sprites);
        let (width, height) = state.grid_size();
        if distance == Distance::Walking {
            self.walk_from(state, avatar.at);
        }
        let unit = match scale {
            FeatureScale::Cells => 1.0,
            FeatureScale::Grid => f64::from((width + height).max(1)),
        };
        for sprite in &self.sprites {
            if !types.includes(state.category(sprite.kind)) {
                continue;
            }
            let cells = match distance {
                Distance::Euclidean => {
                    let dx = f64::from(sprite.at.x) - f64::from(avatar.at.x);
                    let dy = f64::from(sprite.at.y) - f64::from(avatar.at.y);
                    // Not `hypot`: the platforms' hypot differ in the last bit; a correctly
                    // rounded square root of an exact integer sum is the same everywhere.
                    Some((dx * dx + dy * dy).sqrt())
                }
                Distance::Walking => {
                    let index = (sprite.at.y * width + sprite.at.x) as usize;
                    let steps = self.steps.get(index).copied().unwrap_or(u32::MAX);
                    (steps != u32::MAX).then(|| f64::from(steps))
                }
            };
            if let Some(cells) = cells {
                visit(sprite.kind, cells / unit, sprite.at);
            }
        }
    }

    /// Breadth-first walking distances from `start` over the cells that are not walls (moves
    /// in the four directions).
    fn walk_from<G: SpriteGame>(&mut self, state: &G, start: Position) {
        let (width, height) = state.grid_size();
        self.steps.clear();
        self.steps.resize((width * height) as usize, u32::MAX);
        self.queue.clear();
        if start.x >= width || start.y >= height {
            return;
        }
        self.steps[(start.y * width + start.x) as usize] = 0;
        self.queue.push_back(start);
        while let Some(at) = self.queue.pop_front() {
            let here = self.steps[(at.y * width + at.x) as usize];
            let near = [
                (at.x.wrapping_sub(1), at.y),
                (at.x + 1, at.y),
                (at.x, at.y + 1),
                (at.x, at.y.wrapping_sub(1)),
            ];
            for (x, y) in near {
                if x >= width || y >= height {
                    continue;
                }
                let next = Position { x, y };
                let index = (y * width + x) as usize;
                if self.steps[index] == u32::MAX && !state.is_wall(next) {
                    self.steps[index] = here + 1;
                    self.queue.push_back(next);
                }
            }
        }
    }
}
