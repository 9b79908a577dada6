//! A level of a VGDL game: its text read as GVGAI reads it, split into the static sprites
//! (kept here, shared by every state), the fixed ones (kept here too: a rule may remove them
//! but none moves them, so a state holds one bit each) and the moving ones (the start of the
//! state's sprite list).
//!
//! GVGAI's board is as wide as the level's **first** line and as tall as its number of lines
//! (a final line break ends the last line; an empty line after it is a row). Shorter lines are
//! padded with spaces and characters past the width are ignored. Each character puts the sprites
//! of its LevelMapping entry on its cell, in order; a space that is not mapped puts nothing.
//! Sprites are numbered row by row, then in mapping order, which is the order GVGAI keeps them in.

use std::rc::Rc;

use super::bumps::Bumps;
use super::description::{Description, EffectKind, TerminationKind, TypeId, MAX_SPRITES};
use super::error::VgdlError;
use super::ontology::SpriteClass;
use super::pushes::Pushes;
use super::state::GVGAI_TICK_LIMIT;
use super::transient::TransientSprites;

/// Largest width or height of a level, in cells.
pub const MAX_SIDE: usize = 255;

/// A dynamic sprite: its cell (which may lie off the board once something leaves it), its type
/// and, for a Flicker, its age in ticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sprite {
    pub y: i16,
    pub x: i16,
    pub kind: TypeId,
    pub age: u8,
}

/// Everything about a game and level that no tick changes.
#[derive(Debug)]
pub struct World {
    pub description: Rc<Description>,
    pub width: usize,
    pub height: usize,
    /// Static sprites' types per cell (row-major), in sprite order: `cell_types[cell_start[c]..cell_start[c + 1]]`.
    pub cell_start: Vec<u32>,
    pub cell_types: Vec<TypeId>,
    /// The cells of each type's static sprites, in sprite order.
    pub static_cells: Vec<Vec<u16>>,
    /// `members[g]`: bit t set when type t is in `subtypes[g]`.
    pub members: Vec<[u64; 4]>,
    /// The fixed sprites (of a dynamic type that no rule moves or creates: removed only),
    /// grouped by type, each type's in sprite order; a sprite's index here is its fixed id.
    pub fixed: Vec<Sprite>,
    /// The fixed ids of type t: `fixed_start[t]..fixed_start[t + 1]`.
    pub fixed_start: Vec<u16>,
    /// Each cell's fixed ids, ascending: `fixed_ids[fixed_cell_start[c]..fixed_cell_start[c + 1]]`.
    pub fixed_cell_start: Vec<u32>,
    pub fixed_ids: Vec<u16>,
    /// `moving[t]`: sprites of type t are in the state's sprite list (a rule may move, create
    /// or age them, or they are avatars); a dynamic type that is not moving is fixed.
    pub moving: Vec<bool>,
    /// The moving sprites at the start, grouped by type (each type's in sprite order), and
    /// which one is the avatar.
    pub initial: Vec<Sprite>,
    pub initial_avatar: u16,
    /// For each resource-class type, its resource slot.
    pub resource_slot: Vec<Option<u8>>,
    /// The Flicker types.
    pub flicker_types: Vec<TypeId>,
    /// `in_collisions[t]`: type t is in the first or second group of some collision rule.
    pub in_collisions: Vec<bool>,
    /// Whether every avatar type is in [`World::in_collisions`].
    pub avatars_collide: bool,
    /// `partners[t]`: bit u set when some collision rule has t in one group and u in the other
    /// (two sprites of unrelated types sharing a cell never collide).
    pub partners: Vec<[u64; 4]>,
    /// Each cell's static sprites of a type in [`World::in_collisions`] (saturating at 255).
    pub static_colliders: Vec<u8>,
    /// Whether a cell's fixed sprites include one of a type in [`World::in_collisions`].
    pub fixed_colliders: Vec<bool>,
    /// Whether two static or fixed sprites share a cell where a collision rule applies to them
    /// (they collide on every tick, wherever the moving sprites are).
    pub static_collisions: bool,
    /// Whether a tick can be quiet (see `VgdlState::settled`): no Flicker ages, no
    /// end-of-screen rule and no static collisions.
    pub quiet_ticks: bool,
    /// Sprites a state's key may leave out (see [`TransientSprites`]).
    pub transient: Option<TransientSprites>,
    /// Where a settled avatar is only sent back (see [`Bumps`]).
    pub bumps: Bumps,
    /// How a settled avatar pushes a sprite (see [`Pushes`]).
    pub pushes: Pushes,
    /// Whether the level's start is settled (`VgdlState::settled`; see [`start_settled`]).
    pub start_settled: bool,
    /// `counted[t / 64]` bit `t % 64`: some sprite counter termination counts type t.
    pub counted: [u64; 4],
    /// The first tick at which a timeout can end the game: the smallest limit of the
    /// `Timeout` terminations and GVGAI's 2000-tick limit.
    pub timeouts_from: u32,
}

impl World {
    /// Reads level `text` for the game `description`.
    pub fn parse(description: Rc<Description>, text: &str) -> Result<World, VgdlError> {
        let mut lines: Vec<&str> = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        if lines.last() == Some(&"") {
            lines.pop();
        }
        let width = lines.first().map_or(0, |l| l.chars().count());
        if width == 0 {
            return Err(VgdlError::at(
                1,
                1,
                "the level's first line is empty (it sets the board's width)",
            ));
        }
        let height = lines.len();
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(VgdlError::at(
                1,
                1,
                format!("the level is {width}x{height}; at most {MAX_SIDE}x{MAX_SIDE} cells are supported"),
            ));
        }
        let d = &description;
        let n = d.types.len();
        let mut cell_start = Vec::with_capacity(width * height + 1);
        let mut cell_types = Vec::new();
        let mut static_cells = vec![Vec::new(); n];
        let mut initial = Vec::new();
        let mut fixed = Vec::new();
        let moving = moving_types(d);
        let mut avatar: Option<(u16, usize, usize)> = None;
        for (y, line) in lines.iter().enumerate() {
            let mut chars = line.chars();
            for x in 0..width {
                cell_start.push(cell_types.len() as u32);
                let ch = chars.next().unwrap_or(' ');
                let Some(types) = d.mapped(ch) else {
                    if ch == ' ' {
                        continue;
                    }
                    return Err(VgdlError::at(
                        y + 1,
                        x + 1,
                        format!("'{ch}' is not in the game's LevelMapping"),
                    ));
                };
                for &t in types {
                    let sprite_type = &d.types[t as usize];
                    if sprite_type.is_avatar() {
                        if let Some((_, ay, ax)) = avatar {
                            return Err(VgdlError::at(
                                y + 1,
                                x + 1,
                                format!(
                                    "a second avatar (the first is at line {}, column {})",
                                    ay + 1,
                                    ax + 1
                                ),
                            ));
                        }
                        avatar = Some((initial.len() as u16, y, x));
                    }
                    let sprite = Sprite {
                        y: y as i16,
                        x: x as i16,
                        kind: t,
                        age: 0,
                    };
                    if moving[t as usize] {
                        initial.push(sprite);
                    } else if sprite_type.dynamic {
                        fixed.push(sprite);
                    } else {
                        cell_types.push(t);
                        static_cells[t as usize].push((y * width + x) as u16);
                    }
                }
            }
        }
        cell_start.push(cell_types.len() as u32);
        if cell_types.len() + fixed.len() + initial.len() > MAX_SPRITES {
            return Err(VgdlError::at(
                1,
                1,
                format!(
                    "the level has {} sprites; GVGAI creates at most {MAX_SPRITES}",
                    cell_types.len() + fixed.len() + initial.len()
                ),
            ));
        }
        if avatar.is_none() {
            return Err(VgdlError::at(
                1,
                1,
                "the level has no avatar (no character maps to a MovingAvatar)",
            ));
        }
        // The state keeps its sprites grouped by type, each type's in sprite order.
        initial.sort_by_key(|s| s.kind);
        fixed.sort_by_key(|s| s.kind);
        let fixed_start: Vec<u16> = (0..=n)
            .map(|t| fixed.partition_point(|s| (s.kind as usize) < t) as u16)
            .collect();
        let initial_avatar = initial
            .iter()
            .position(|s| d.types[s.kind as usize].is_avatar())
            .expect("the level has an avatar") as u16;
        let members: Vec<[u64; 4]> = d
            .subtypes
            .iter()
            .map(|group| {
                let mut bits = [0u64; 4];
                for &t in group {
                    bits[t as usize / 64] |= 1 << (t % 64);
                }
                bits
            })
            .collect();
        let mut resource_slot = vec![None; n];
        for (slot, &t) in d.resources.iter().enumerate() {
            if d.types[t as usize].class == Some(SpriteClass::Resource) {
                resource_slot[t as usize] = Some(slot as u8);
            }
        }
        let flicker_types: Vec<TypeId> = (0..n)
            .filter(|&t| d.types[t].class == Some(SpriteClass::Flicker))
            .map(|t| t as TypeId)
            .collect();
        let mut in_collisions = vec![false; n];
        let mut partners = vec![[0u64; 4]; n];
        for pair in &d.pairs {
            for &t in d.subtypes[pair.first as usize]
                .iter()
                .chain(&d.subtypes[pair.second as usize])
            {
                in_collisions[t as usize] = true;
            }
            for &t1 in &d.subtypes[pair.first as usize] {
                for &t2 in &d.subtypes[pair.second as usize] {
                    partners[t1 as usize][t2 as usize / 64] |= 1 << (t2 % 64);
                    partners[t2 as usize][t1 as usize / 64] |= 1 << (t1 % 64);
                }
            }
        }
        let avatars_collide = (0..n).all(|t| !d.types[t].is_avatar() || in_collisions[t]);
        let cells = width * height;
        let statics_at = |c: usize| &cell_types[cell_start[c] as usize..cell_start[c + 1] as usize];
        let static_colliders = (0..cells)
            .map(|c| {
                let here = statics_at(c).iter().filter(|&&t| in_collisions[t as usize]);
                here.count().min(255) as u8
            })
            .collect();
        let mut fixed_on: Vec<Vec<u16>> = vec![Vec::new(); cells];
        for (f, s) in fixed.iter().enumerate() {
            fixed_on[s.y as usize * width + s.x as usize].push(f as u16);
        }
        let fixed_colliders = fixed_on
            .iter()
            .map(|ids| {
                ids.iter()
                    .any(|&f| in_collisions[fixed[f as usize].kind as usize])
            })
            .collect();
        let static_collisions = (0..cells).any(|c| {
            let mut here = statics_at(c).to_vec();
            here.extend(fixed_on[c].iter().map(|&f| fixed[f as usize].kind));
            here.iter().enumerate().any(|(i, &t1)| {
                here.iter().enumerate().any(|(j, &t2)| {
                    i != j
                        && d.pairs.iter().any(|pair| {
                            is_member(&members, pair.first, t1)
                                && is_member(&members, pair.second, t2)
                        })
                })
            })
        });
        let mut fixed_cell_start = Vec::with_capacity(cells + 1);
        let mut fixed_ids = Vec::with_capacity(fixed.len());
        for ids in &fixed_on {
            fixed_cell_start.push(fixed_ids.len() as u32);
            fixed_ids.extend_from_slice(ids);
        }
        fixed_cell_start.push(fixed_ids.len() as u32);
        let quiet_ticks = flicker_types.is_empty() && d.eos_types.is_empty() && !static_collisions;
        let counted = counted_types(d);
        let timeouts_from = d
            .terminations
            .iter()
            .filter(|t| t.kind == TerminationKind::Timeout)
            .map(|t| t.limit.max(0) as u32)
            .fold(GVGAI_TICK_LIMIT, u32::min);
        let mut world = World {
            counted,
            timeouts_from,
            start_settled: false,
            transient: None,
            bumps: Bumps::default(),
            pushes: Pushes::default(),
            quiet_ticks,
            in_collisions,
            avatars_collide,
            partners,
            static_colliders,
            fixed_colliders,
            static_collisions,
            fixed,
            fixed_start,
            fixed_cell_start,
            fixed_ids,
            moving,
            flicker_types,
            description,
            width,
            height,
            cell_start,
            cell_types,
            static_cells,
            members,
            initial,
            initial_avatar,
            resource_slot,
        };
        world.transient = TransientSprites::new(&world);
        world.bumps = Bumps::new(&world);
        world.pushes = Pushes::new(&world);
        world.start_settled = start_settled(&world);
        Ok(world)
    }

    /// The cell index of (x, y), if it lies on the board.
    #[inline]
    pub fn cell(&self, x: i16, y: i16) -> Option<usize> {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            None
        } else {
            Some(y as usize * self.width + x as usize)
        }
    }

    /// The static sprites' types on a cell, in sprite order.
    #[inline]
    pub fn statics_at(&self, cell: usize) -> &[TypeId] {
        &self.cell_types[self.cell_start[cell] as usize..self.cell_start[cell + 1] as usize]
    }

    /// The fixed ids on a cell, ascending.
    #[inline]
    pub fn fixed_at(&self, cell: usize) -> &[u16] {
        &self.fixed_ids
            [self.fixed_cell_start[cell] as usize..self.fixed_cell_start[cell + 1] as usize]
    }

    /// The types of the static sprites, then of the fixed ones, a level places on `cell` (fixed
    /// sprites whether or not a state still holds them alive).
    pub fn standing_types_at(&self, cell: usize) -> impl Iterator<Item = TypeId> + '_ {
        let fixed = self.fixed_at(cell).iter();
        (self.statics_at(cell).iter().copied()).chain(fixed.map(|&f| self.fixed[f as usize].kind))
    }

    /// The fixed ids of type `t`.
    #[inline]
    pub fn fixed_of(&self, t: TypeId) -> std::ops::Range<usize> {
        self.fixed_start[t as usize] as usize..self.fixed_start[t as usize + 1] as usize
    }

    /// Whether sprites of type `t` are fixed (see [`World::fixed`]).
    #[inline]
    pub fn is_fixed(&self, t: TypeId) -> bool {
        self.description.types[t as usize].dynamic && !self.moving[t as usize]
    }

    /// Whether some collision rule relates types `t1` and `t2` (either in either group).
    #[inline]
    pub fn related(&self, t1: TypeId, t2: TypeId) -> bool {
        self.partners[t1 as usize][t2 as usize / 64] & (1 << (t2 % 64)) != 0
    }

    /// Whether type `t` is in `subtypes[group]`.
    #[inline]
    pub fn is_member(&self, group: TypeId, t: TypeId) -> bool {
        is_member(&self.members, group, t)
    }

    /// Whether some sprite counter termination counts type `t`: killing a sprite of another
    /// type can end the game only by a timeout.
    #[inline]
    pub fn is_counted(&self, t: TypeId) -> bool {
        self.counted[t as usize / 64] & (1 << (t % 64)) != 0
    }
}

/// The types some sprite counter termination counts (see [`World::counted`]).
fn counted_types(d: &Description) -> [u64; 4] {
    use super::description::TerminationKind as K;
    let mut counted = [0u64; 4];
    for termination in &d.terminations {
        let groups: &[TypeId] = match &termination.kind {
            K::SpriteCounter(t) => std::slice::from_ref(t),
            K::MultiSpriteCounter(ts) => ts,
            K::Timeout => &[],
        };
        for &g in groups {
            for &t in &d.subtypes[g as usize] {
                counted[t as usize / 64] |= 1 << (t % 64);
            }
        }
    }
    counted
}

/// Whether the start of `world`'s level is settled: ticks can be quiet, no cell holds two
/// sprites that one collision rule relates (every sprite starts on the board), and no
/// termination holds on the start's counts at tick 0 (so a first tick that kills and creates
/// nothing may check the timeouts alone, as a settled state's does).
fn start_settled(world: &World) -> bool {
    use super::description::TerminationKind as K;
    let d = &world.description;
    if !world.quiet_ticks {
        return false;
    }
    let cells = world.width * world.height;
    let mut here: Vec<Vec<TypeId>> = (0..cells)
        .map(|c| world.standing_types_at(c).collect())
        .collect();
    for s in &world.initial {
        match world.cell(s.x, s.y) {
            Some(c) => here[c].push(s.kind),
            None => return false,
        }
    }
    let related = here.iter().any(|types| {
        types
            .iter()
            .enumerate()
            .any(|(i, &t1)| types[i + 1..].iter().any(|&t2| world.related(t1, t2)))
    });
    if related {
        return false;
    }
    let count = |group: TypeId| -> i32 {
        d.subtypes[group as usize]
            .iter()
            .map(|&t| {
                world.static_cells[t as usize].len()
                    + world.fixed_of(t).len()
                    + world.initial.iter().filter(|s| s.kind == t).count()
            })
            .sum::<usize>() as i32
    };
    !d.terminations
        .iter()
        .any(|termination| match &termination.kind {
            K::SpriteCounter(t) => count(*t) <= termination.limit,
            K::MultiSpriteCounter(ts) => {
                ts.iter().map(|&t| count(t)).sum::<i32>() == termination.limit
            }
            K::Timeout => termination.limit <= 0,
        })
}

/// Whether bit `t` of `members[group]` is set.
#[inline]
fn is_member(members: &[[u64; 4]], group: TypeId, t: TypeId) -> bool {
    members[group as usize][t as usize / 64] & (1 << (t % 64)) != 0
}

/// The dynamic types whose sprites a rule may move, create or age, and the avatars (see
/// [`World::moving`]); the other dynamic types are only ever removed.
fn moving_types(d: &Description) -> Vec<bool> {
    let mut moving: Vec<bool> = d
        .types
        .iter()
        .map(|t| t.is_avatar() || t.class == Some(SpriteClass::Flicker))
        .collect();
    let mark = |group: TypeId, moving: &mut Vec<bool>| {
        for &s in &d.subtypes[group as usize] {
            moving[s as usize] = true;
        }
    };
    for pair in &d.pairs {
        for &e in &pair.effects {
            match d.effects[e as usize].kind {
                EffectKind::StepBack | EffectKind::BounceForward => mark(pair.first, &mut moving),
                EffectKind::TransformTo { stype, .. } | EffectKind::Spawn(stype) => {
                    moving[stype as usize] = true
                }
                _ => {}
            }
        }
    }
    for &t in &d.eos_types {
        mark(t, &mut moving);
    }
    moving
}
