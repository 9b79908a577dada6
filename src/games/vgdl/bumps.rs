//! [`Bumps`]: the cells whose static and fixed sprites send an avatar straight back, so that a
//! tick in which a settled avatar steps onto one can skip the collision machinery (a wall bump,
//! or a closed door that is a fixed sprite).
//!
//! Why the short cut is GVGAI's tick. The state is settled (no two related sprites share a
//! cell, nothing off the board: `VgdlState::settled`) and the avatar steps onto cell `c`, which
//! holds no moving sprite of a type a collision rule names and all of whose fixed sprites are
//! still alive (fixed sprites never move, so for this tick they stand like static ones; the
//! table below assumes every one of them present). The avatar's cell is then the only one
//! where a collision can happen, and only between the avatar and `c`'s static and fixed
//! sprites. Pairs run in file order; the first pair that can meet there has the avatar's type in
//! its first group, a type standing on `c` in its second, and its first effect is `stepBack` or
//! `undoAll` (nothing else moved, so both only return the avatar to its start cell). That effect
//! runs once, against the first sprite of `c` in the second group's order, and reports that
//! collision; the avatar then stands on a cell where nothing collides, so no later effect finds
//! it. Nothing was killed or created, so only the timeouts can end the game, and the state stays
//! settled.
//!
//! A deadly cell (Bait's hole) is a bump too: the first pair that can meet there has the
//! avatar's type in its first group and a type on `c` in its second, its only effect is
//! `killSprite`, `c` holds one sprite of that group, and no later pair relates the avatar's
//! type to a type on `c`. The effect runs once and disables the avatar, which stays on `c`; no
//! later effect finds it with anything. The avatar's death changes the counts, so the
//! terminations are checked on them, and the state is not settled (the avatar and its killer
//! share `c`).

use super::description::{EffectKind, PairRule, TypeId};
use super::level::World;

/// What a bump does: the effect that returns (or kills) the avatar and the static type it met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bump {
    pub effect: u16,
    pub partner: TypeId,
    /// The effect is a `killSprite` of the avatar, not a return.
    pub kills: bool,
}

/// For each avatar type and cell, the bump there, if the cell's static and fixed sprites (all
/// of them alive) only send that avatar back.
#[derive(Debug, Default)]
pub struct Bumps {
    cells: usize,
    /// `rows[t][c]`, empty for a type that is not an avatar.
    rows: Vec<Vec<Option<Bump>>>,
}

impl Bumps {
    /// The bumps of `world`'s level (none when static sprites collide with each other).
    pub fn new(world: &World) -> Bumps {
        let d = &world.description;
        let cells = world.width * world.height;
        let rows = (0..d.types.len())
            .map(|t| {
                let t = t as TypeId;
                if !d.types[t as usize].is_avatar() || world.static_collisions {
                    return Vec::new();
                }
                (0..cells).map(|c| bump(world, t, c)).collect()
            })
            .collect();
        Bumps { cells, rows }
    }

    /// The bump of avatar type `avatar` on `cell`.
    #[inline]
    pub fn at(&self, avatar: TypeId, cell: usize) -> Option<Bump> {
        let row = &self.rows[avatar as usize];
        if row.len() == self.cells {
            row[cell]
        } else {
            None
        }
    }
}

/// The first pair that can meet on `cell` between avatar type `avatar` and the cell's static
/// and fixed sprites, if it sends the avatar back or kills it (see the module doc).
fn bump(world: &World, avatar: TypeId, cell: usize) -> Option<Bump> {
    let d = &world.description;
    let statics: Vec<TypeId> = world.standing_types_at(cell).collect();
    let has_static = |group: TypeId| statics.iter().any(|&t| world.is_member(group, t));
    let avatar_first =
        |pair: &PairRule| world.is_member(pair.first, avatar) && has_static(pair.second);
    let static_first =
        |pair: &PairRule| has_static(pair.first) && world.is_member(pair.second, avatar);
    let meets = |pair: &PairRule| avatar_first(pair) || static_first(pair);
    for (p, pair) in d.pairs.iter().enumerate() {
        if static_first(pair) {
            return None;
        }
        if avatar_first(pair) {
            let &effect = pair.effects.first()?;
            let kills = match d.effects[effect as usize].kind {
                EffectKind::StepBack | EffectKind::UndoAll => false,
                EffectKind::KillSprite => {
                    let partners = statics.iter().filter(|&&t| world.is_member(pair.second, t));
                    let alone = pair.effects.len() == 1 && partners.count() == 1;
                    if !alone || d.pairs[p + 1..].iter().any(meets) {
                        return None;
                    }
                    true
                }
                _ => return None,
            };
            let partner = d.subtypes[pair.second as usize]
                .iter()
                .copied()
                .find(|t| statics.contains(t))?;
            return Some(Bump {
                effect,
                partner,
                kills,
            });
        }
    }
    None
}
