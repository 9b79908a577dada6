//! [`TransientSprites`]: sprites a state's key may leave out because they cannot change the
//! game's future. Used by [`VgdlState::key`](super::VgdlState::key).
//!
//! The case covered: a Flicker type `F` that no interaction names (it moves nothing, blocks
//! nothing, is never collected) and that only terminations of the form `MultiSpriteCounter F G
//! ... limit=0` read, where some other counted group `G` fits the touch pattern of
//! [`heuristic`](super::heuristic): never moved, never created, removed only in a collision
//! with the avatar. zenpuzzle's `isincenter` (with `ground`) is one.
//!
//! Why two states whose keys are equal have the same future (the outcome after every action
//! sequence, and the same states up to `F` sprites). Their dynamic sprites other than `F`, the
//! avatar's resources and status are equal (the key), so every tick runs the same on both:
//! nothing reads `F` but those terminations. Each `F` sprite alive now dies within `limit + 2`
//! ticks (GVGAI's Flicker: it dies in the update after its age exceeds `limit`, and ages one a
//! tick). The key leaves `F` out only when `G` covers at least `limit + 3` cells other than the
//! avatar's, and at most one such cell is cleared per tick (the touch argument in
//! `heuristic.rs`), so the count that includes `G` stays above 0 while any present `F` sprite
//! lives and none of those terminations can fire; once they are gone, the `F` sprites made since
//! are the same in both states (made by the same ticks). The sprite cap of
//! `description::MAX_SPRITES` is the one way `F` sprites could matter otherwise: the key keeps
//! them when the state holds more than half that many sprites.

use super::description::{Description, TerminationKind, TypeId, MAX_SPRITES};
use super::heuristic::touched_only_by_avatar;
use super::level::World;
use super::ontology::SpriteClass;
use super::state::VgdlState;

/// Flicker types a key may drop, and the guard groups whose cells must be many enough.
#[derive(Debug)]
pub struct TransientSprites {
    /// `droppable[t]`: sprites of type t may be left out of the key.
    droppable: Vec<bool>,
    /// Leaf-type flags of each guard group.
    guards: Vec<Vec<bool>>,
    /// Cells (other than the avatar's) each guard group must cover.
    min_cells: usize,
}

impl TransientSprites {
    /// The droppable types of `world`'s game, if any.
    pub fn new(world: &World) -> Option<TransientSprites> {
        let d: &Description = &world.description;
        let n = d.types.len();
        let named = |t: TypeId| {
            d.pairs
                .iter()
                .any(|p| world.is_member(p.first, t) || world.is_member(p.second, t))
                || d.eos_types.iter().any(|&g| world.is_member(g, t))
        };
        let mut droppable = vec![false; n];
        let mut guards = Vec::new();
        let mut min_cells = 0;
        for t in 0..n as TypeId {
            let sprite = &d.types[t as usize];
            if sprite.class != Some(SpriteClass::Flicker) || named(t) {
                continue;
            }
            let mut own_guards = Vec::new();
            let all_guarded = d.terminations.iter().all(|term| match &term.kind {
                TerminationKind::Timeout => true,
                TerminationKind::SpriteCounter(g) => !world.is_member(*g, t),
                TerminationKind::MultiSpriteCounter(groups) => {
                    if !groups.iter().any(|&g| world.is_member(g, t)) {
                        return true;
                    }
                    if term.limit != 0 {
                        return false;
                    }
                    let guard = groups
                        .iter()
                        .filter(|&&g| !world.is_member(g, t))
                        .map(|&g| (0..n).map(|l| world.is_member(g, l as TypeId)).collect())
                        .find(|leaves: &Vec<bool>| touched_only_by_avatar(world, leaves));
                    match guard {
                        Some(leaves) => {
                            own_guards.push(leaves);
                            true
                        }
                        None => false,
                    }
                }
            });
            if all_guarded && !own_guards.is_empty() {
                droppable[t as usize] = true;
                guards.extend(own_guards);
                min_cells = min_cells.max(sprite.flicker_limit.max(0) as usize + 3);
            }
        }
        droppable.iter().any(|&x| x).then_some(TransientSprites {
            droppable,
            guards,
            min_cells,
        })
    }

    /// Whether `state`'s key may leave out the droppable types' sprites.
    pub fn applies(&self, state: &VgdlState) -> bool {
        let avatar = state.avatar();
        state.sprites().count() <= MAX_SPRITES / 2
            && self.guards.iter().all(|guard| {
                let mut cells: Vec<(i16, i16)> = Vec::with_capacity(self.min_cells);
                for s in state.sprites() {
                    let at = (s.x, s.y);
                    if guard[s.kind as usize] && at != (avatar.x, avatar.y) && !cells.contains(&at)
                    {
                        cells.push(at);
                        if cells.len() >= self.min_cells {
                            return true;
                        }
                    }
                }
                false
            })
    }

    /// Whether sprites of type `t` are left out when [`TransientSprites::applies`].
    pub fn drops(&self, t: TypeId) -> bool {
        self.droppable[t as usize]
    }
}
