//! Estimates of the moves a VGDL level still needs, read off the game's rules with no knowledge
//! of any particular game:
//!
//! - [`LowerBound`]: admissible and consistent, for A* (a plan it finds is a shortest plan).
//! - [`Guidance`]: a lower bound plus a guess at how far apart the sprites a win must combine
//!   are and at what clears the avatar's way, for the searches that want any win (weighted
//!   A*); it promises nothing.
//!
//! Both apply to a game whose only winning termination counts sprites down to 0
//! (`SpriteCounter ... limit=0 win=True`, or `MultiSpriteCounter` with `limit=0`: every counted
//! type must reach 0). Each counted type that fits one of two patterns gives a bound, and the
//! estimate is the largest (the maximum of admissible, consistent bounds is both):
//!
//! - **Touch**: sprites of the type never move, are never created, and only a collision with the
//!   avatar removes one (`exit avatar > killSprite`, `ground avatar > transformTo`). See
//!   [`LowerBound::touch_bound`], and `touch_tree.rs` for the stronger spanning-tree form used
//!   when touching such a sprite never sends the avatar back (zenpuzzle).
//! - **Push**: sprites of the type move only when the avatar pushes them (`box avatar >
//!   bounceForward`, one cell), no two pushable sprites can end a tick on one cell (an `undoAll`
//!   between every two pushable types), and only static sprites remove them (`box hole >
//!   killSprite`). See [`LowerBound::push_bound`].
//!
//! Distances: the avatar's walking distance avoids cells it can never end a tick on (a static
//! sprite whose only effects on every avatar type are `stepBack`/`undoAll`); a pushed sprite's
//! distance to a removing cell counts pushes: each needs the cell behind the sprite to be one
//! the avatar can stand on, and avoids cells that always undo the sprite's move (so a sprite in
//! a dead corner cannot reach a hole at all). Both ignore every dynamic sprite (boxes, doors),
//! which can only make a real route longer.

use super::description::{Description, EffectKind, TerminationKind, TypeId};
use super::level::World;
use super::obstacle_route::ObstacleRoute;
use super::ontology::SpriteClass;
use super::state::VgdlState;
use super::touch_tree::TouchTree;

/// A distance that no route achieves.
const UNREACHABLE: u16 = u16::MAX;

/// Boards with more cells than this use Manhattan distances for the avatar (the walking
/// distances of every pair of cells would take cells² entries).
const MAX_WALKING_CELLS: usize = 1024;

/// How far cells are apart for the avatar.
#[derive(Debug)]
enum AvatarDistance {
    /// `table[from * cells + to]`: moves to reach `to` (which may be a cell the avatar only
    /// touches and is sent back from) over cells it can stand on.
    Walking {
        table: Vec<u16>,
        cells: usize,
    },
    Manhattan,
}

/// The counted leaf types of one bound.
#[derive(Debug)]
pub(super) struct Counted(Vec<bool>);

impl Counted {
    pub(super) fn has(&self, t: TypeId) -> bool {
        self.0[t as usize]
    }
}

/// A touch bound's data: the counted types, and the tree bound when it applies.
#[derive(Debug)]
struct TouchPart {
    counted: Counted,
    tree: Option<TouchTree>,
}

/// A push bound's data: the counted types and each cell's distance to the nearest cell that
/// removes them.
#[derive(Debug)]
struct PushPart {
    counted: Counted,
    sink_distance: Vec<u16>,
    /// Whether the avatar's walk to the nearest counted sprite is added (only when no rule
    /// creates counted sprites, which could appear beside the avatar).
    walk_term: bool,
}

/// An admissible, consistent estimate of the moves to a win (see the module doc).
#[derive(Debug)]
pub struct LowerBound {
    width: usize,
    height: usize,
    avatar_distance: AvatarDistance,
    touch: Vec<TouchPart>,
    push: Vec<PushPart>,
}

/// The leaf types, and which of them a level or a rule can put on the board.
pub(super) fn existing_leaves(d: &Description) -> Vec<bool> {
    let n = d.types.len();
    let mut has_child = vec![false; n];
    for t in &d.types {
        if let Some(p) = t.parent {
            has_child[p as usize] = true;
        }
    }
    let mut exists = vec![false; n];
    for (_, types) in &d.mapping {
        for &t in types {
            exists[t as usize] = true;
        }
    }
    for effect in &d.effects {
        match effect.kind {
            EffectKind::TransformTo { stype, .. } | EffectKind::Spawn(stype) => {
                exists[stype as usize] = true;
            }
            _ => {}
        }
    }
    (0..n).map(|t| exists[t] && !has_child[t]).collect()
}

/// The effect kinds that run when a sprite of leaf type `a` collides with one of leaf type `b`
/// (`a` first).
pub(super) fn effects_between(
    world: &World,
    a: TypeId,
    b: TypeId,
) -> impl Iterator<Item = EffectKind> + '_ {
    let d = &world.description;
    d.pairs
        .iter()
        .filter(move |p| world.is_member(p.first, a) && world.is_member(p.second, b))
        .flat_map(move |p| p.effects.iter().map(move |&e| d.effects[e as usize].kind))
}

/// The end-of-screen effect kinds of leaf type `a`.
pub(super) fn eos_effects(world: &World, a: TypeId) -> impl Iterator<Item = EffectKind> + '_ {
    let d = &world.description;
    d.eos_types
        .iter()
        .filter(move |&&g| world.is_member(g, a))
        .flat_map(move |&g| {
            d.eos_effects[g as usize]
                .iter()
                .map(move |&e| d.effects[e as usize].kind)
        })
}

pub(super) fn is_undo(kind: EffectKind) -> bool {
    matches!(kind, EffectKind::StepBack | EffectKind::UndoAll)
}

/// Whether `kind`, run with a sprite of a counted type as its first sprite, can take that
/// sprite out of the count.
fn removes_first(kind: EffectKind, counted: &Counted) -> bool {
    match kind {
        EffectKind::KillSprite
        | EffectKind::KillBoth
        | EffectKind::CollectResource
        | EffectKind::KillIfHasLess { .. }
        | EffectKind::KillIfOtherHasMore { .. } => true,
        EffectKind::TransformTo { stype, .. } => !counted.has(stype),
        _ => false,
    }
}

/// Whether `kind`, run with a sprite of a counted type as its second sprite, removes it.
pub(super) fn removes_second(kind: EffectKind) -> bool {
    matches!(
        kind,
        EffectKind::KillBoth
            | EffectKind::TransformTo {
                kill_second: true,
                ..
            }
    )
}

/// Whether some rule creates sprites of a counted type, or kills them all at once.
fn creates_or_kills_all(d: &Description, counted: &Counted) -> bool {
    d.effects.iter().any(|e| match e.kind {
        EffectKind::TransformTo { stype, .. } | EffectKind::Spawn(stype) => counted.has(stype),
        EffectKind::KillAll(t) => counted.has(t),
        _ => false,
    })
}

impl LowerBound {
    /// The bound for `world`'s game and level, or `None` when the game has no winning
    /// termination of the supported form or no counted type fits a pattern.
    pub fn new(world: &World) -> Option<LowerBound> {
        let d = &world.description;
        let wins: Vec<_> = d.terminations.iter().filter(|t| t.win).collect();
        let [win] = wins[..] else { return None };
        if win.limit != 0 {
            return None;
        }
        let groups = match &win.kind {
            TerminationKind::SpriteCounter(t) => vec![*t],
            TerminationKind::MultiSpriteCounter(types) => types.clone(),
            TerminationKind::Timeout => return None,
        };
        let leaves = existing_leaves(d);
        let n = d.types.len();
        let avatars: Vec<TypeId> = (0..n)
            .filter(|&t| leaves[t] && d.types[t].is_avatar())
            .map(|t| t as TypeId)
            .collect();
        if avatars.is_empty() || avatars_pushed(world, &avatars) {
            return None;
        }
        let (avatar_distance, blocked) = avatar_distance(world, &avatars);
        let mut bound = LowerBound {
            width: world.width,
            height: world.height,
            avatar_distance,
            touch: Vec::new(),
            push: Vec::new(),
        };
        for group in groups {
            let counted = Counted(
                (0..n)
                    .map(|t| leaves[t] && world.is_member(group, t as TypeId))
                    .collect(),
            );
            if touch_fits(world, &counted, &leaves, &avatars) {
                let tree = blocked.clone().and_then(|blocked| {
                    TouchTree::new(world, &counted, &leaves, &avatars, blocked)
                });
                bound.touch.push(TouchPart { counted, tree });
            } else if let Some(part) =
                push_part(world, counted, &leaves, &avatars, blocked.as_deref())
            {
                bound.push.push(part);
            }
        }
        if bound.touch.is_empty() && bound.push.is_empty() {
            return None;
        }
        Some(bound)
    }

    /// How many touch parts and push parts the bound has (for reports).
    pub fn parts(&self) -> (usize, usize) {
        (self.touch.len(), self.push.len())
    }

    /// How many of the touch parts use the tree bound of [`TouchTree`] (for reports).
    pub fn tree_parts(&self) -> usize {
        self.touch.iter().filter(|t| t.tree.is_some()).count()
    }

    /// The bound at `state`: `Some(0)` once won, `None` when the state provably cannot be won
    /// (lost, or a counted sprite no route can reach or remove).
    pub fn estimate(&self, state: &VgdlState) -> Option<u32> {
        if state.is_won() {
            return Some(0);
        }
        if state.is_over() {
            return None;
        }
        let avatar = state.avatar();
        let mut h = 0;
        for part in &self.touch {
            let bound = match &part.tree {
                Some(tree) => tree.estimate(state, &part.counted)?,
                None => self.touch_bound(state, &part.counted, (avatar.x, avatar.y))?,
            };
            h = h.max(bound);
        }
        for part in &self.push {
            h = h.max(self.push_bound(state, part, (avatar.x, avatar.y))?);
        }
        Some(h)
    }

    /// The avatar's moves from `from` to `to`, or [`UNREACHABLE`].
    fn avatar_moves(&self, from: (i16, i16), to: (i16, i16)) -> u32 {
        match &self.avatar_distance {
            AvatarDistance::Walking { table, cells } => {
                match (self.cell(from.0, from.1), self.cell(to.0, to.1)) {
                    (Some(a), Some(b)) => u32::from(table[a * cells + b]),
                    _ => manhattan(from, to),
                }
            }
            AvatarDistance::Manhattan => manhattan(from, to),
        }
    }

    fn cell(&self, x: i16, y: i16) -> Option<usize> {
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| y as usize * self.width + x as usize)
    }

    /// Touch bound: let `C` be the cells holding counted sprites, the avatar's own cell left
    /// out, and `n = |C|`. In one tick the avatar reaches at most one cell it did not start
    /// the tick on (its destination `b`, adjacent to its cell `a`; it ends on `a` or `b`), and
    /// a counted sprite, which never moves and is removed only in a collision with the avatar,
    /// can only go at such a `b` or at `a`, which `C` leaves out. So each tick clears at most
    /// one cell of `C`, the first no earlier than the walk to the nearest one, and the farthest
    /// no earlier than the walk to it: `h = max(min_c d(c) + n - 1, max_c d(c))` (0 if `n = 0`).
    /// Admissible by that count; consistent because each term drops by at most 1 per tick
    /// (walking distance is a metric, and a cleared cell was adjacent, at distance 1).
    fn touch_bound(&self, state: &VgdlState, counted: &Counted, avatar: (i16, i16)) -> Option<u32> {
        let mut cells: Vec<(i16, i16)> = state
            .sprites()
            .filter(|s| counted.has(s.kind) && (s.x, s.y) != avatar)
            .map(|s| (s.x, s.y))
            .collect();
        if cells.is_empty() {
            return Some(0);
        }
        cells.sort_unstable();
        cells.dedup();
        let (mut nearest, mut farthest) = (u32::MAX, 0);
        for &c in &cells {
            let d = self.avatar_moves(avatar, c);
            if d == u32::from(UNREACHABLE) {
                return None;
            }
            nearest = nearest.min(d);
            farthest = farthest.max(d);
        }
        Some((nearest + cells.len() as u32 - 1).max(farthest))
    }

    /// Push bound: the sum, over counted sprites, of the pushes each needs to reach the nearest
    /// cell whose static sprites remove it (`push_distances`). Only a push by the avatar moves
    /// a counted sprite, by one cell, along an edge of that count; the avatar enters one cell a
    /// tick, which holds at most one pushable sprite (two pushable sprites on one cell undo the
    /// tick), so the sum drops by at most 1 per tick, and
    /// a removal happens only on a removing cell (distance 0). Sprites created later (a
    /// `boxin` pushed off its hole turning back into a `box`) only add to the sum. When no rule
    /// creates counted sprites, the avatar's walk to the nearest counted sprite, less 1, is
    /// added: those moves come before any push of them. Consistent: a push leaves the avatar
    /// beside the pushed sprite (walk term 0), and a move without a push changes the walk term
    /// by at most 1.
    fn push_bound(&self, state: &VgdlState, part: &PushPart, avatar: (i16, i16)) -> Option<u32> {
        let mut sum = 0u32;
        let mut walk = u32::MAX;
        for s in state.sprites().filter(|s| part.counted.has(s.kind)) {
            if let Some(c) = self.cell(s.x, s.y) {
                let d = part.sink_distance[c];
                if d == UNREACHABLE {
                    return None;
                }
                sum += u32::from(d);
                walk = walk.min(self.avatar_moves(avatar, (s.x, s.y)));
            }
        }
        if part.walk_term && sum > 0 {
            if walk == u32::from(UNREACHABLE) {
                return None;
            }
            sum += walk.saturating_sub(1);
        }
        Some(sum)
    }
}

fn manhattan(a: (i16, i16), b: (i16, i16)) -> u32 {
    u32::from(a.0.abs_diff(b.0)) + u32::from(a.1.abs_diff(b.1))
}

/// Whether no avatar can ever end a tick on `cell`: it holds a static sprite that sends every
/// avatar type back, and every effect between an avatar type and the cell's static sprites is
/// `stepBack` or `undoAll`.
fn blocks_avatar(world: &World, cell: usize, avatars: &[TypeId]) -> bool {
    let statics = world.statics_at(cell);
    !statics.is_empty()
        && avatars.iter().all(|&a| {
            statics
                .iter()
                .any(|&s| effects_between(world, a, s).any(is_undo))
                && statics.iter().all(|&s| {
                    effects_between(world, a, s).all(is_undo)
                        && effects_between(world, s, a).all(is_undo)
                })
        })
}

/// The avatar's walking distances, when the board is small and the avatar cannot leave it
/// (every avatar type is sent back at the edge, or every edge cell blocks it); with them, the
/// cells no avatar can end a tick on ([`blocks_avatar`]).
fn avatar_distance(world: &World, avatars: &[TypeId]) -> (AvatarDistance, Option<Vec<bool>>) {
    let (w, h) = (world.width, world.height);
    let cells = w * h;
    if cells > MAX_WALKING_CELLS {
        return (AvatarDistance::Manhattan, None);
    }
    let blocked: Vec<bool> = (0..cells)
        .map(|c| blocks_avatar(world, c, avatars))
        .collect();
    let kept_on_board = avatars.iter().all(|&a| eos_effects(world, a).any(is_undo))
        || (0..cells).all(|c| {
            let (x, y) = (c % w, c / w);
            !(x == 0 || y == 0 || x == w - 1 || y == h - 1) || blocked[c]
        });
    if !kept_on_board {
        return (AvatarDistance::Manhattan, None);
    }
    let mut table = vec![UNREACHABLE; cells * cells];
    for from in 0..cells {
        let row = &mut table[from * cells..(from + 1) * cells];
        breadth_first(w, h, &[from], |c| c == from || !blocked[c], row);
    }
    (AvatarDistance::Walking { table, cells }, Some(blocked))
}

/// Breadth-first distances from `sources` into `out`, stepping on from a cell only when
/// `passable` holds for it (a cell that is not passable is still reached).
fn breadth_first(
    w: usize,
    h: usize,
    sources: &[usize],
    passable: impl Fn(usize) -> bool,
    out: &mut [u16],
) {
    let mut queue = std::collections::VecDeque::new();
    for &s in sources {
        out[s] = 0;
        queue.push_back(s);
    }
    while let Some(c) = queue.pop_front() {
        if !passable(c) {
            continue;
        }
        let (x, y) = (c % w, c / w);
        let next = out[c] + 1;
        let neighbours = [
            (x > 0).then(|| c - 1),
            (x + 1 < w).then(|| c + 1),
            (y > 0).then(|| c - w),
            (y + 1 < h).then(|| c + w),
        ];
        for n in neighbours.into_iter().flatten() {
            if out[n] == UNREACHABLE {
                out[n] = next;
                queue.push_back(n);
            }
        }
    }
}

/// Each cell's pushes to the nearest of `sinks`, into `out` (`UNREACHABLE` where none reach one:
/// corners and other dead cells). A push moves a sprite from `c` to `c + dir` with the avatar
/// coming from `c - dir`, so it needs `c - dir` on the board and not `avatar_blocked` (the avatar
/// stood there), and `c + dir` `enterable` (the sprite ended the tick there). Every real push
/// is an edge here, so a push lowers a sprite's distance by at most 1; the search runs
/// backwards from the sinks.
fn push_distances(
    (w, h): (usize, usize),
    sinks: &[usize],
    enterable: impl Fn(usize) -> bool,
    avatar_blocked: &[bool],
    out: &mut [u16],
) {
    let mut queue = std::collections::VecDeque::new();
    for &s in sinks {
        out[s] = 0;
        queue.push_back(s);
    }
    let step = |c: usize, (dx, dy): (isize, isize)| -> Option<usize> {
        let x = (c % w) as isize + dx;
        let y = (c / w) as isize + dy;
        (x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h)
            .then(|| y as usize * w + x as usize)
    };
    while let Some(to) = queue.pop_front() {
        for back in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let Some(from) = step(to, back) else { continue };
            let Some(behind) = step(from, back) else {
                continue;
            };
            if avatar_blocked[behind] || out[from] != UNREACHABLE {
                continue;
            }
            out[from] = out[to] + 1;
            if enterable(from) {
                queue.push_back(from);
            }
        }
    }
}

/// Whether the counted types fit the touch pattern: never moved, never created, and removed
/// only by effects whose other sprite is an avatar (never at the screen's edge, never by age).
fn touch_fits(world: &World, counted: &Counted, leaves: &[bool], avatars: &[TypeId]) -> bool {
    let d = &world.description;
    let n = d.types.len();
    let is_avatar = |t: usize| avatars.contains(&(t as TypeId));
    if creates_or_kills_all(d, counted) {
        return false;
    }
    (0..n).filter(|&t| counted.has(t as TypeId)).all(|t| {
        let t = t as TypeId;
        !matches!(
            d.types[t as usize].class,
            Some(SpriteClass::MovingAvatar | SpriteClass::Flicker)
        ) && eos_effects(world, t).next().is_none()
            && (0..n).filter(|&o| leaves[o]).all(|o| {
                let other = o as TypeId;
                let first_ok = effects_between(world, t, other).all(|k| {
                    k != EffectKind::BounceForward && (!removes_first(k, counted) || is_avatar(o))
                });
                let second_ok =
                    effects_between(world, other, t).all(|k| !removes_second(k) || is_avatar(o));
                first_ok && second_ok
            })
    })
}

/// Whether the leaf types flagged in `group` fit the touch pattern (see [`LowerBound`]): never
/// moved, never created, removed only in a collision with an avatar.
pub(super) fn touched_only_by_avatar(world: &World, group: &[bool]) -> bool {
    let d = &world.description;
    let leaves = existing_leaves(d);
    let counted = Counted(group.iter().zip(&leaves).map(|(&g, &l)| g && l).collect());
    let avatars: Vec<TypeId> = (0..d.types.len())
        .filter(|&t| leaves[t] && d.types[t].is_avatar())
        .map(|t| t as TypeId)
        .collect();
    counted.0.iter().any(|&c| c)
        && !avatars_pushed(world, &avatars)
        && touch_fits(world, &counted, &leaves, &avatars)
}

/// Whether a rule pushes an avatar (it would then move more than one cell a tick).
fn avatars_pushed(world: &World, avatars: &[TypeId]) -> bool {
    let n = world.description.types.len();
    avatars.iter().any(|&a| {
        (0..n)
            .any(|b| effects_between(world, a, b as TypeId).any(|k| k == EffectKind::BounceForward))
    })
}

/// The push part for the counted types, if they fit the push pattern.
fn push_part(
    world: &World,
    counted: Counted,
    leaves: &[bool],
    avatars: &[TypeId],
    avatar_blocked: Option<&[bool]>,
) -> Option<PushPart> {
    let d = &world.description;
    let n = d.types.len();
    let is_avatar = |t: usize| avatars.contains(&(t as TypeId));
    let all_leaves: Vec<TypeId> = (0..n).filter(|&t| leaves[t]).map(|t| t as TypeId).collect();
    // Every leaf some rule pushes: pushed only by avatars, once per collision.
    let pushable: Vec<TypeId> = all_leaves
        .iter()
        .copied()
        .filter(|&t| {
            all_leaves
                .iter()
                .any(|&o| effects_between(world, t, o).any(|k| k == EffectKind::BounceForward))
        })
        .collect();
    let pushed_once_by_avatars = pushable.iter().all(|&t| {
        all_leaves.iter().all(|&o| {
            let pushes = effects_between(world, t, o)
                .filter(|&k| k == EffectKind::BounceForward)
                .count();
            pushes == 0 || (pushes == 1 && is_avatar(o as usize))
        })
    });
    let never_share_a_cell = pushable.iter().all(|&a| {
        pushable.iter().all(|&b| {
            effects_between(world, a, b).any(|k| k == EffectKind::UndoAll)
                || effects_between(world, b, a).any(|k| k == EffectKind::UndoAll)
        })
    });
    let counted_leaves: Vec<TypeId> = all_leaves
        .iter()
        .copied()
        .filter(|&t| counted.has(t))
        .collect();
    let counted_pushable = counted_leaves.iter().all(|t| pushable.contains(t))
        && counted_leaves
            .iter()
            .all(|&t| d.types[t as usize].class == Some(SpriteClass::Passive));
    let edge_only_undoes = counted_leaves
        .iter()
        .all(|&t| eos_effects(world, t).all(is_undo));
    if counted_leaves.is_empty()
        || !pushed_once_by_avatars
        || !never_share_a_cell
        || !counted_pushable
        || !edge_only_undoes
        || d.effects
            .iter()
            .any(|e| matches!(e.kind, EffectKind::KillAll(t) if counted.has(t)))
    {
        return None;
    }
    // Removing partners must be static: their cells are the sinks.
    let mut removers = vec![false; n];
    for &t in &counted_leaves {
        for &o in &all_leaves {
            let removes = effects_between(world, t, o).any(|k| removes_first(k, &counted))
                || effects_between(world, o, t).any(removes_second);
            if removes {
                if d.types[o as usize].dynamic {
                    return None;
                }
                removers[o as usize] = true;
            }
        }
    }
    let cells = world.width * world.height;
    let sinks: Vec<usize> = (0..cells)
        .filter(|&c| world.statics_at(c).iter().any(|&s| removers[s as usize]))
        .collect();
    // The level may not start with two pushable sprites on one cell either.
    let mut starts: Vec<(i16, i16)> = world
        .initial
        .iter()
        .filter(|s| pushable.contains(&s.kind))
        .map(|s| (s.x, s.y))
        .collect();
    starts.sort_unstable();
    if starts.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    let blocked = |c: usize| {
        counted_leaves.iter().all(|&t| {
            world
                .statics_at(c)
                .iter()
                .any(|&s| effects_between(world, t, s).any(is_undo))
        })
    };
    let is_sink = |c: usize| world.statics_at(c).iter().any(|&s| removers[s as usize]);
    // A counted sprite reaches a sink over cells it can end a tick on; a sink is stepped on
    // from whatever else it holds (which effect runs first does not matter then).
    let mut sink_distance = vec![UNREACHABLE; cells];
    let enterable = |c| is_sink(c) || !blocked(c);
    match avatar_blocked {
        Some(avatar_blocked) => push_distances(
            (world.width, world.height),
            &sinks,
            enterable,
            avatar_blocked,
            &mut sink_distance,
        ),
        None => breadth_first(
            world.width,
            world.height,
            &sinks,
            enterable,
            &mut sink_distance,
        ),
    }
    let walk_term = !creates_or_kills_all(d, &counted);
    Some(PushPart {
        counted,
        sink_distance,
        walk_term,
    })
}

/// A guess at the moves to a win for the searches that want any win, not a shortest one: the
/// [`LowerBound`] when the game has one, plus, for a win that needs sprites of some type to
/// appear (`MultiSpriteCounter stype1=plateinplace limit=1 win=True`), the distances between
/// the sprites whose collision would make them (`pastainplace sauceinplace > transformTo
/// stype=plateinplace`: one pushed onto the other, priced through the sprites in its way),
/// followed back through the rules that make those; plus, for each
/// resource a rule asks the avatar to hold some of (`gate avatar > killIfOtherHasMore
/// resource=chip limit=11`), while it holds too few, the walk to collect every sprite of it
/// left on the board ([`Guidance::collecting_cost`]). Where the win asks the avatar to touch
/// sprites, the lower bound is raised to the avatar's route there priced through the sprites
/// in its way (`obstacle_route.rs`). Not admissible.
#[derive(Debug)]
pub struct Guidance {
    lower: Option<LowerBound>,
    /// Which types a level or rule can put on the board (leaves only).
    leaves: Vec<bool>,
    /// The leaf types a win needs more of.
    wanted: Vec<TypeId>,
    /// Resources some rule asks the avatar to hold: the slot, the amount, and the flags of the
    /// leaf types that give it.
    needed: Vec<(u8, i32, Vec<bool>)>,
    /// The avatar's route to what it must touch, priced through what stands in its way.
    route: ObstacleRoute,
}

/// How many rules deep [`Guidance`] follows what makes a wanted type.
const RECIPE_DEPTH: u32 = 4;

impl Guidance {
    /// The guidance for `world`'s game and level.
    pub fn new(world: &World) -> Guidance {
        let d = &world.description;
        let leaves = existing_leaves(d);
        let wanted = d
            .terminations
            .iter()
            .filter(|t| t.win && t.limit > 0)
            .flat_map(|t| match &t.kind {
                TerminationKind::SpriteCounter(g) => vec![*g],
                TerminationKind::MultiSpriteCounter(gs) => gs.clone(),
                TerminationKind::Timeout => Vec::new(),
            })
            .flat_map(|g| {
                let leaves = &leaves;
                (0..d.types.len())
                    .filter(move |&t| leaves[t] && world.is_member(g, t as TypeId))
                    .map(|t| t as TypeId)
            })
            .collect();
        let mut needed: Vec<(u8, i32, Vec<bool>)> = Vec::new();
        for effect in &d.effects {
            if let EffectKind::KillIfOtherHasMore { slot, limit, .. } = effect.kind {
                let givers: Vec<bool> = (0..d.types.len())
                    .map(|t| leaves[t] && world.resource_slot[t] == Some(slot))
                    .collect();
                match needed.iter_mut().find(|(s, _, _)| *s == slot) {
                    Some(need) => need.1 = need.1.max(limit),
                    None if givers.iter().any(|&g| g) => needed.push((slot, limit, givers)),
                    None => {}
                }
            }
        }
        Guidance {
            lower: LowerBound::new(world),
            route: ObstacleRoute::new(world),
            leaves,
            wanted,
            needed,
        }
    }

    /// For each needed resource the avatar holds too little of: the avatar's walk to the
    /// nearest sprite that gives it, plus a spanning tree over all of them (Manhattan
    /// distances).
    fn collecting_cost(&self, state: &VgdlState) -> u32 {
        let avatar = state.avatar();
        let held = state.resources();
        let mut cost = 0;
        for (slot, limit, givers) in &self.needed {
            if i32::from(held.get(*slot as usize).copied().unwrap_or(0)) >= *limit {
                continue;
            }
            let cells: Vec<(i16, i16)> = state
                .sprites()
                .filter(|s| givers[s.kind as usize])
                .map(|s| (s.x, s.y))
                .collect();
            let Some(nearest) = cells
                .iter()
                .map(|&c| manhattan((avatar.x, avatar.y), c))
                .min()
            else {
                continue;
            };
            cost += nearest + spanning_tree(&cells);
        }
        cost
    }

    /// The guess at `state`; `None` when the lower bound proves the state cannot be won.
    pub fn estimate(&self, state: &VgdlState) -> Option<u32> {
        if state.is_won() {
            return Some(0);
        }
        if state.is_over() {
            return None;
        }
        let lower = match &self.lower {
            Some(bound) => bound.estimate(state)?,
            None => 0,
        };
        let route = self.route.estimate(state);
        let lower = lower.max(route);
        let made = self
            .wanted
            .iter()
            .map(|&t| self.making_cost(state, t, RECIPE_DEPTH))
            .min()
            .unwrap_or(0);
        Some(lower + made + self.collecting_cost(state))
    }

    /// 0 when a sprite of type `t` is on the board; else the cheapest rule that makes one:
    /// the cost of making each of its two sprites plus their distance apart (the priced route
    /// of one pushed onto the other, [`ObstacleRoute::meeting`], or when neither can be pushed
    /// the Manhattan distance; a sprite not yet made measured by its [`Guidance::stand_in`]).
    fn making_cost(&self, state: &VgdlState, t: TypeId, depth: u32) -> u32 {
        let world = state.world();
        if present(state, t) || depth == 0 {
            return 0;
        }
        let d = &world.description;
        let mut best = u32::MAX;
        for pair in &d.pairs {
            let makes = pair.effects.iter().any(|&e| {
                matches!(d.effects[e as usize].kind, EffectKind::TransformTo { stype, .. } if stype == t)
            });
            if !makes {
                continue;
            }
            let a = self.group_cost(state, pair.first, depth - 1);
            let b = self.group_cost(state, pair.second, depth - 1);
            let (first, second) = (
                self.stand_in(state, pair.first),
                self.stand_in(state, pair.second),
            );
            let apart = self
                .route
                .meeting(state, first, second)
                .or_else(|| nearest_apart(state, first, second))
                .unwrap_or(0);
            best = best.min(a.saturating_add(b).saturating_add(apart));
        }
        if best == u32::MAX {
            0
        } else {
            best
        }
    }

    /// `group` when one of its sprites is on the board; else the group whose sprites a rule
    /// turns into one of it (`tomato tuna > transformTo stype=sauceinplace`: the tomato), since
    /// the sprite made takes that sprite's cell; `group` when no rule makes it.
    fn stand_in(&self, state: &VgdlState, group: TypeId) -> TypeId {
        let world = state.world();
        let d = &world.description;
        let members = |g: TypeId| {
            (0..d.types.len() as TypeId)
                .filter(move |&t| self.leaves[t as usize] && world.is_member(g, t))
        };
        if members(group).any(|t| present(state, t)) {
            return group;
        }
        d.pairs
            .iter()
            .find(|pair| {
                pair.effects.iter().any(|&e| {
                    matches!(d.effects[e as usize].kind,
                        EffectKind::TransformTo { stype, .. } if members(group).any(|t| t == stype))
                })
            })
            .map_or(group, |pair| pair.first)
    }

    /// The cheapest [`Guidance::making_cost`] over the leaf types of `group`.
    fn group_cost(&self, state: &VgdlState, group: TypeId, depth: u32) -> u32 {
        let world = state.world();
        (0..world.description.types.len() as TypeId)
            .filter(|&t| self.leaves[t as usize] && world.is_member(group, t))
            .map(|t| self.making_cost(state, t, depth))
            .min()
            .unwrap_or(0)
    }
}

/// The weight of a minimum spanning tree over `cells` with Manhattan distances (Prim).
fn spanning_tree(cells: &[(i16, i16)]) -> u32 {
    let Some(&first) = cells.first() else {
        return 0;
    };
    let mut reach: Vec<u32> = cells.iter().map(|&c| manhattan(first, c)).collect();
    let mut joined = vec![false; cells.len()];
    joined[0] = true;
    let mut total = 0;
    for _ in 1..cells.len() {
        let (next, &cost) = reach
            .iter()
            .enumerate()
            .filter(|&(i, _)| !joined[i])
            .min_by_key(|&(_, &c)| c)
            .expect("a cell is left to join");
        joined[next] = true;
        total += cost;
        for (i, r) in reach.iter_mut().enumerate() {
            *r = (*r).min(manhattan(cells[next], cells[i]));
        }
    }
    total
}

/// Whether a sprite of leaf type `t` is on the board (dynamic or static).
fn present(state: &VgdlState, t: TypeId) -> bool {
    state.sprites().any(|s| s.kind == t) || !state.world().static_cells[t as usize].is_empty()
}

/// The least Manhattan distance between a sprite in group `a` and one in group `b`, if both
/// are on the board.
fn nearest_apart(state: &VgdlState, a: TypeId, b: TypeId) -> Option<u32> {
    let world = state.world();
    let cells_of = |g: TypeId| -> Vec<(i16, i16)> {
        let mut cells: Vec<(i16, i16)> = state
            .sprites()
            .filter(|s| world.is_member(g, s.kind))
            .map(|s| (s.x, s.y))
            .collect();
        for (t, statics) in world.static_cells.iter().enumerate() {
            if world.is_member(g, t as TypeId) {
                cells.extend(statics.iter().map(|&c| {
                    let c = c as usize;
                    ((c % world.width) as i16, (c / world.width) as i16)
                }));
            }
        }
        cells
    };
    let (from, to) = (cells_of(a), cells_of(b));
    from.iter()
        .flat_map(|&p| to.iter().map(move |&q| manhattan(p, q)))
        .min()
}
