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
//!
//! A touch (Bait's mushroom) is a bump too: the first pair that can meet on `c` has a type on
//! `c` in its first group and the avatar's type in its second, its only effect is `killSprite`,
//! `c` holds one sprite of that group and it is fixed (removable), and no later pair relates the
//! avatar's type to a type on `c`. The effect runs once and kills that sprite (removed at step
//! 6); the avatar stays on `c`, where nothing else is related to it (an earlier pair relating
//! them would have met first, a later one is ruled out), so no later effect finds it. The kill
//! changes the counts, so the terminations are checked on them; every other cell is as it was,
//! so the state stays settled while the game runs.

use super::description::{EffectKind, PairRule, TypeId};
use super::level::World;

/// What a bump does: the effect that returns or kills the avatar, or kills the fixed sprite it
/// touches, and the static or fixed type it met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bump {
    pub effect: u16,
    pub partner: TypeId,
    pub does: BumpEffect,
}

/// Which of the two sprites a bump's effect moves or kills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BumpEffect {
    /// `stepBack` or `undoAll`: the avatar returns to its start cell.
    SendsBack,
    /// `killSprite` of the avatar: it is disabled where it stands.
    KillsAvatar,
    /// `killSprite` of the partner, a fixed sprite: it is removed, the avatar stays.
    KillsPartner,
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
/// and fixed sprites, if it sends the avatar back, kills it or kills the fixed sprite it
/// touches (see the module doc).
fn bump(world: &World, avatar: TypeId, cell: usize) -> Option<Bump> {
    let d = &world.description;
    let statics: Vec<TypeId> = world.standing_types_at(cell).collect();
    let has_static = |group: TypeId| statics.iter().any(|&t| world.is_member(group, t));
    let avatar_first =
        |pair: &PairRule| world.is_member(pair.first, avatar) && has_static(pair.second);
    let static_first =
        |pair: &PairRule| has_static(pair.first) && world.is_member(pair.second, avatar);
    let meets = |pair: &PairRule| avatar_first(pair) || static_first(pair);
    // The only effect of pair `p` is a `killSprite`, `c` holds one sprite of `group`, and no
    // later pair can meet there.
    let kills_alone = |p: usize, pair: &PairRule, group: TypeId| {
        let only_kill = pair.effects.len() == 1
            && d.effects[pair.effects[0] as usize].kind == EffectKind::KillSprite;
        let partners = statics.iter().filter(|&&t| world.is_member(group, t));
        only_kill && partners.count() == 1 && !d.pairs[p + 1..].iter().any(meets)
    };
    for (p, pair) in d.pairs.iter().enumerate() {
        let (group, does) = if static_first(pair) {
            if avatar_first(pair) || !kills_alone(p, pair, pair.first) {
                return None;
            }
            (pair.first, BumpEffect::KillsPartner)
        } else if avatar_first(pair) {
            let &effect = pair.effects.first()?;
            let does = match d.effects[effect as usize].kind {
                EffectKind::StepBack | EffectKind::UndoAll => BumpEffect::SendsBack,
                EffectKind::KillSprite if kills_alone(p, pair, pair.second) => {
                    BumpEffect::KillsAvatar
                }
                _ => return None,
            };
            (pair.second, does)
        } else {
            continue;
        };
        let partner = d.subtypes[group as usize]
            .iter()
            .copied()
            .find(|t| statics.contains(t))?;
        if does == BumpEffect::KillsPartner && !world.is_fixed(partner) {
            return None;
        }
        return Some(Bump {
            effect: pair.effects[0],
            partner,
            does,
        });
    }
    None
}
