//! One GVGAI tick (`ForwardModel.advance`), exactly:
//!
//! 1. nothing happens once the game is over (not even the tick);
//! 2. the avatar, unless disabled, saves its cell and moves one cell (no move for NIL);
//! 3. every other sprite saves its cell; a Flicker dies when its age exceeds its limit, then ages;
//! 4. end-of-screen effects, for sprites off the board;
//! 5. collision effects, pair by pair in the order the file first names each pair, each pair's
//!    effects in file order (`repeat=N` N times). For each effect, every sprite of the first
//!    group (its types in GVGAI's subtype order, each type's sprites in id order) meets every
//!    sprite of the second group sharing its cell *at that moment*; sprites created by the effect
//!    take part from the next effect on, killed ones stay until step 6 (skipped as first sprite
//!    only), and a sprite moves at most once per tick (GVGAI's cooldown);
//! 6. killed sprites are removed (a killed avatar is disabled: it stays, off the board's count);
//! 7. terminations in file order, the first that holds ends the game; then GVGAI's 2000-tick
//!    limit (a loss unless just won); the tick counter goes up.
//!
//! Three short cuts give the same result on a *settled* state (`VgdlState::settled`): a quiet
//! tick, when the avatar steps where nothing can collide with it, only counts; a bump, when it
//! steps onto a cell whose static and fixed sprites only send it back, kill it or die by its
//! touch ([`super::bumps`]), only returns or disables it or removes the touched sprite; a push, when it steps onto one pushable
//! sprite whose push the rules decide ([`super::pushes`]), only moves the sprite, or sends both
//! back.
//! Any other tick builds what it needs lazily (`tick_index.rs`), from the avatar's cell outward
//! when the state was settled.

use std::cell::RefCell;

use super::bumps::{Bump, BumpEffect};
use super::description::{EffectKind, TypeId, MAX_SPRITES};
use super::level::{Sprite, World};
use super::pushes::Meet;
use super::state::{Moment, Outcome, VgdlState, GVGAI_TICK_LIMIT};
use super::tick_index::{CellIndex, SpriteMarks, NONE};
use crate::games::bait::Action;

/// Receives GVGAI's collision events of a tick: for each effect applied between the avatar and
/// another sprite, the avatar's type (active) and the other's (passive). `()` ignores them at
/// no cost.
pub trait CollisionSink {
    fn collision(&mut self, active: TypeId, passive: TypeId);
}

impl CollisionSink for () {
    #[inline(always)]
    fn collision(&mut self, _active: TypeId, _passive: TypeId) {}
}

impl CollisionSink for Vec<(TypeId, TypeId)> {
    fn collision(&mut self, active: TypeId, passive: TypeId) {
        self.push((active, passive));
    }
}

/// A sprite taking part in a collision: moving (index into the state's sprites), fixed (its
/// fixed id, [`World::fixed`]) or static (its type and cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ref {
    Dynamic(u16),
    Fixed(u16),
    Static(TypeId, u16),
}

/// What a push does ([`super::pushes`]): the pushed sprite's index, the cell beyond it, the
/// `bounceForward` effect and what the cell beyond does.
#[derive(Clone, Copy, Debug)]
struct PushStep {
    pushed: usize,
    /// The pushed sprite's cell (the avatar's after its move).
    from: usize,
    to: (i16, i16),
    to_cell: usize,
    bounce: u16,
    beyond: Beyond,
}

/// What the cell beyond a push does to the pushed sprite.
#[derive(Clone, Copy, Debug)]
enum Beyond {
    /// Nothing: the sprite stays there.
    Free,
    /// An `undoAll` effect sends it and the avatar back.
    Undo(u16),
    /// A `killSprite` or `killBoth` effect kills it (and the first sprite of type `other`).
    Kill { effect: u16, other: TypeId },
}

/// What one pass over the moving sprites finds on the avatar's cell after its move, for the
/// quiet test and the short cuts of a settled state: how many moving sprites other than the
/// avatar, of a type some collision rule names, stand there (2 for two or more), and the first
/// one's index; and the avatar's sprite after the move, kept here so that the short cuts do
/// not read back the cell just written (a read that waits on that write costs more than the
/// rest of a quiet tick).
struct AroundAvatar {
    avatar: Sprite,
    /// The avatar's cell after its move, if on the board.
    cell: Option<usize>,
    named: u8,
    first_named: usize,
}

/// The sprites of type `t` in `grouped`, sprites grouped by type in type order (two binary
/// searches).
fn type_group(grouped: &[Sprite], t: TypeId) -> std::ops::Range<usize> {
    grouped.partition_point(|s| s.kind < t)..grouped.partition_point(|s| s.kind <= t)
}

/// A cell as one word (`y` low, `x` high), so that a scan compares a sprite's cell at once.
#[inline]
fn cell_word(x: i16, y: i16) -> u32 {
    u32::from(y as u16) | u32::from(x as u16) << 16
}

/// What a tick knows beyond the state (see `tick_index.rs`) and its reusable buffers.
#[derive(Default)]
struct Scratch {
    marks: SpriteMarks,
    cells: CellIndex,
    /// The types of the sprites on crowded cells (bit t of word t / 64), as of
    /// `present_generation`.
    present: [u64; 4],
    present_generation: u32,
    /// Whether some sprite was killed this tick.
    any_killed: bool,
    /// The fixed sprites killed this tick (removed at step 6).
    killed_fixed: Vec<u16>,
    /// The first sprites of an effect that may collide, in GVGAI's order, each as its type's
    /// rank in the first group (high 16 bits) and its sprite index or static cell (low 16).
    firsts: Vec<u32>,
    /// Dynamic sprites on one cell, gathered for a collision.
    here: Vec<u32>,
    candidates: Vec<Ref>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

struct Tick<'a, S: CollisionSink> {
    /// The state's world, borrowed apart from the state so effects can change the state.
    world: &'a World,
    state: &'a mut Moment,
    scratch: &'a mut Scratch,
    sink: &'a mut S,
    /// Sprites at the start of the tick (grouped by type); later ones were created this tick.
    grouped: usize,
}

impl VgdlState {
    /// Applies one action (see the module doc).
    #[inline]
    pub fn advance(&mut self, action: Action) {
        self.advance_with(action, &mut ());
    }

    /// Applies one action, reporting the tick's collision events to `sink`.
    pub fn advance_with<S: CollisionSink>(&mut self, action: Action, sink: &mut S) {
        if self.outcome != Outcome::Running {
            return;
        }
        let VgdlState { world, now } = self;
        SCRATCH.with_borrow_mut(|scratch| {
            let mut tick = Tick {
                world,
                state: now,
                scratch,
                sink,
                grouped: 0,
            };
            tick.run(action);
        });
    }
}

impl<S: CollisionSink> Tick<'_, S> {
    fn run(&mut self, action: Action) {
        let (avatar, avatar_moved) = self.move_avatar(action);
        let around = self.state.settled.then(|| self.around_avatar(avatar));
        let around = around.as_ref();
        if around.is_some_and(|around| self.is_quiet(around)) {
            self.terminate_quiet();
        } else if let Some(bump) = around.and_then(|around| self.bump(avatar_moved, around)) {
            self.take_bump(bump);
            match bump.does {
                BumpEffect::SendsBack => self.terminate_quiet(),
                BumpEffect::KillsAvatar => {
                    self.terminate();
                    self.state.settled = false;
                }
                BumpEffect::KillsPartner => self.terminate_after_kill([bump.partner; 2]),
            }
        } else if let Some(push) = around.and_then(|around| self.push(avatar_moved, around)) {
            match self.take_push(push) {
                Some(killed) => self.terminate_after_kill(killed),
                None => self.terminate_quiet(),
            }
        } else {
            self.general(avatar_moved);
        }
        self.state.tick += 1;
    }

    /// Steps 3 to 7 but the tick increment, once the avatar has moved (`avatar_moved`), when
    /// no short cut applies. Kept out of [`Tick::run`] so that the short cuts, most ticks, run
    /// in a small function: in one function with the general tick they paid for its register
    /// saves and spills on every tick.
    #[inline(never)]
    fn general(&mut self, avatar_moved: bool) {
        let was_alive = self.state.alive;
        self.start(avatar_moved);
        self.end_of_screen();
        self.collisions();
        let counts_changed = self.state.tick == 0
            || self.scratch.any_killed
            || self.state.sprites.len() > self.grouped
            || self.state.alive != was_alive;
        let inert = self.world.quiet_ticks
            && self.scratch.cells.offboard == 0
            && self.crowded_cells_inert();
        self.remove_killed();
        if counts_changed {
            self.terminate();
        } else {
            self.terminate_quiet();
        }
        self.state.settled = inert && self.state.outcome == Outcome::Running;
        if self.state.settled {
            let Moment {
                occupied,
                sprites,
                avatar,
                ..
            } = &mut *self.state;
            occupied.refill(self.world, sprites, *avatar as usize);
        }
    }

    /// Step 2: the avatar, unless disabled, saves its cell and moves; its sprite after the
    /// move and whether it moved.
    fn move_avatar(&mut self, action: Action) -> (Sprite, bool) {
        let avatar = self.state.avatar as usize;
        let a = self.state.sprites[avatar];
        if !self.state.alive {
            return (a, false);
        }
        self.state.avatar_last = (a.x, a.y);
        let (dx, dy) = action.delta();
        let moved = Sprite {
            x: a.x + dx as i16,
            y: a.y + dy as i16,
            ..a
        };
        self.state.sprites[avatar] = moved;
        (moved, (dx, dy) != (0, 0))
    }

    /// Whether this tick can do nothing but count, the state being settled (see
    /// [`VgdlState::settled`]): the avatar's new cell holds no sprite it could collide with.
    /// Then nothing collides, nothing is killed or created, and the terminations' counts are
    /// the last tick's.
    fn is_quiet(&self, around: &AroundAvatar) -> bool {
        let world = self.world;
        let a = around.avatar;
        if !world.in_collisions[a.kind as usize] {
            return true;
        }
        let Some(c) = around.cell else {
            return false;
        };
        world.static_colliders[c] == 0 && !self.has_fixed_collider(c) && around.named == 0
    }

    /// One pass over the moving sprites but the avatar (`a`, after its move), stopping at the
    /// second named one: see [`AroundAvatar`]. No pass when the state's occupied cells say
    /// that the avatar's cell holds no named sprite; the pass stops at the first when they say
    /// that no cell holds two.
    fn around_avatar(&self, a: Sprite) -> AroundAvatar {
        let world = self.world;
        let avatar = self.state.avatar as usize;
        let here = cell_word(a.x, a.y);
        let mut around = AroundAvatar {
            avatar: a,
            cell: world.cell(a.x, a.y),
            named: 0,
            first_named: 0,
        };
        let occupied = &self.state.occupied;
        let none_here = around.cell.is_some_and(|c| !occupied.may_hold(c));
        let sprites: &[Sprite] = if none_here { &[] } else { &self.state.sprites };
        let one_per_cell = occupied.one_per_cell();
        for (i, s) in sprites.iter().enumerate() {
            if i != avatar && cell_word(s.x, s.y) == here && world.in_collisions[s.kind as usize] {
                if around.named == 1 {
                    around.named = 2;
                    break;
                }
                around.named = 1;
                around.first_named = i;
                if one_per_cell {
                    break;
                }
            }
        }
        around
    }

    /// The avatar's sprite and the cell it stepped onto, when the avatar moved this tick (what
    /// the short cuts start from, on a settled state).
    fn settled_step(&self, avatar_moved: bool, around: &AroundAvatar) -> Option<(Sprite, usize)> {
        if !avatar_moved {
            return None;
        }
        Some((around.avatar, around.cell?))
    }

    /// The bump of this tick, the state being settled, if the avatar stepped onto a cell that
    /// only sends it back, kills it or has it kill the fixed sprite it touches
    /// ([`super::bumps`]: its fixed sprites all alive, no moving sprite a rule names).
    fn bump(&self, avatar_moved: bool, around: &AroundAvatar) -> Option<Bump> {
        let (a, c) = self.settled_step(avatar_moved, around)?;
        let world = self.world;
        let bump = world.bumps.at(a.kind, c)?;
        let changed = world
            .fixed_at(c)
            .iter()
            .any(|&f| !self.state.fixed.get(f as usize))
            || around.named != 0;
        (!changed).then_some(bump)
    }

    /// Runs a bump: the avatar goes back to its start cell, is disabled where it stands, or
    /// removes the fixed sprite it touches; the effect scores and reports its collision.
    fn take_bump(&mut self, bump: Bump) {
        let avatar = self.state.avatar as usize;
        let a = &mut self.state.sprites[avatar];
        let kind = a.kind;
        match bump.does {
            BumpEffect::SendsBack => (a.x, a.y) = self.state.avatar_last,
            BumpEffect::KillsAvatar => self.state.alive = false,
            BumpEffect::KillsPartner => {
                let world = self.world;
                let c = world.cell(a.x, a.y).expect("a bump's cell is on the board");
                let touched = world
                    .fixed_at(c)
                    .iter()
                    .find(|&&f| world.fixed[f as usize].kind == bump.partner);
                let &f = touched.expect("a touch's cell holds its fixed partner");
                self.state.fixed.clear(f as usize);
            }
        }
        let effect = self.world.description.effects[bump.effect as usize];
        self.state.score = self.state.score.saturating_add(effect.score_change);
        self.sink.collision(kind, bump.partner);
    }

    /// The push of this tick, the state being settled, if the avatar stepped onto a cell
    /// holding one moving sprite a rule names, no standing sprite related to the avatar (unless
    /// the cell beyond undoes the tick first), and the rules decide the push from what stands
    /// on the cell beyond ([`super::pushes`]).
    fn push(&self, avatar_moved: bool, around: &AroundAvatar) -> Option<PushStep> {
        let (a, c) = self.settled_step(avatar_moved, around)?;
        let world = self.world;
        let (lx, ly) = self.state.avatar_last;
        let beyond = (2 * a.x - lx, 2 * a.y - ly);
        let c2 = world.cell(beyond.0, beyond.1)?;
        if around.named != 1 {
            return None;
        }
        let pushed = around.first_named;
        let kind = self.state.sprites[pushed].kind;
        let rule = world.pushes.of(a.kind, kind)?;
        // The first effect relating the avatar to a standing sprite on its cell: allowed only
        // after an `undoAll` of the cell beyond (see `pushes.rs`).
        let mut avatar_meets: Option<u16> = None;
        for t in self.standing_at(c) {
            if world.related(a.kind, t) {
                let order = rule.avatar_meets[t as usize]?;
                avatar_meets = Some(avatar_meets.map_or(order, |o| o.min(order)));
            }
        }
        // The first effect relating the pushed sprite to a type on the cell beyond; a related
        // type with no such effect, or an avatar there, falls back.
        let mut first: Option<(Meet, TypeId)> = None;
        let mut mixed = false;
        let mut meet = |t: TypeId| {
            if !world.related(kind, t) {
                return true;
            }
            let Some(m) = rule.meets[t as usize] else {
                return false;
            };
            mixed |= first.is_some_and(|(_, other)| other != t);
            if first.map_or(true, |(f, _)| m.order < f.order) {
                first = Some((m, t));
            }
            true
        };
        for t in self.standing_at(c2) {
            if !meet(t) {
                return None;
            }
        }
        let types = &world.description.types;
        let mut moving_related = false;
        let beyond_word = cell_word(beyond.0, beyond.1);
        // When every avatar type is named, a sprite of a type no rule names changes nothing
        // here: with no named sprite beyond there is nothing to scan, and while no cell holds
        // two, the scan may stop at the first.
        let occupied = &self.state.occupied;
        let none_beyond = world.avatars_collide && !occupied.may_hold(c2);
        let first_only = world.avatars_collide && occupied.one_per_cell();
        let sprites: &[Sprite] = if none_beyond {
            &[]
        } else {
            &self.state.sprites
        };
        for s in sprites {
            if cell_word(s.x, s.y) == beyond_word {
                moving_related |= world.related(kind, s.kind);
                if types[s.kind as usize].is_avatar() || !meet(s.kind) {
                    return None;
                }
                if first_only && world.in_collisions[s.kind as usize] {
                    break;
                }
            }
        }
        if let Some(avatar_order) = avatar_meets {
            let undone_before = first.is_some_and(|(m, _)| {
                m.order < avatar_order
                    && world.description.effects[m.effect as usize].kind == EffectKind::UndoAll
            });
            if !undone_before {
                return None;
            }
        }
        let then = match first {
            None => Beyond::Free,
            Some((m, other)) => match world.description.effects[m.effect as usize].kind {
                EffectKind::UndoAll => Beyond::Undo(m.effect),
                EffectKind::KillSprite | EffectKind::KillBoth
                    if m.pushed_first && m.last && !mixed && !moving_related =>
                {
                    Beyond::Kill {
                        effect: m.effect,
                        other,
                    }
                }
                _ => return None,
            },
        };
        Some(PushStep {
            pushed,
            from: c,
            to: beyond,
            to_cell: c2,
            bounce: rule.bounce,
            beyond: then,
        })
    }

    /// Runs a push: the pushed sprite moves one cell on; when the cell beyond undoes the
    /// tick, the avatar goes back to its start cell instead; when it kills the sprite, the
    /// sprite (and for `killBoth` the first fixed sprite of the other type there) is removed.
    /// The effects score and the push reports its collision. When it kills, the types it may
    /// have killed.
    fn take_push(&mut self, push: PushStep) -> Option<[TypeId; 2]> {
        let world = self.world;
        let effects = &world.description.effects;
        let avatar = self.state.avatar as usize;
        let a = self.state.sprites[avatar];
        let beyond = push.to;
        let kind = self.state.sprites[push.pushed].kind;
        let score = self
            .state
            .score
            .saturating_add(effects[push.bounce as usize].score_change);
        self.sink.collision(a.kind, kind);
        match push.beyond {
            Beyond::Free => {
                let pushed = &mut self.state.sprites[push.pushed];
                (pushed.x, pushed.y) = beyond;
                self.state.occupied.leave(push.from);
                self.state.occupied.enter(push.to_cell);
                self.state.score = score;
                None
            }
            Beyond::Undo(undo) => {
                let a = &mut self.state.sprites[avatar];
                (a.x, a.y) = self.state.avatar_last;
                self.state.score = score.saturating_add(effects[undo as usize].score_change);
                None
            }
            Beyond::Kill { effect, other } => {
                self.state.score = score.saturating_add(effects[effect as usize].score_change);
                let kill_both = effects[effect as usize].kind == EffectKind::KillBoth;
                if let (true, Some(c)) = (kill_both, world.cell(beyond.0, beyond.1)) {
                    let f = self
                        .fixed_at(c)
                        .find(|&f| world.fixed[f as usize].kind == other);
                    if let Some(f) = f {
                        self.state.fixed.clear(f as usize);
                    }
                }
                let mut index = 0;
                self.state.sprites.retain(|_| {
                    index += 1;
                    index - 1 != push.pushed
                });
                if push.pushed < avatar {
                    self.state.avatar -= 1;
                }
                self.state.occupied.leave(push.from);
                Some([kind, other])
            }
        }
    }

    /// The types of the static and living fixed sprites on `cell`.
    fn standing_at(&self, cell: usize) -> impl Iterator<Item = TypeId> + '_ {
        let world = self.world;
        let fixed = self.fixed_at(cell).map(|f| world.fixed[f as usize].kind);
        world.statics_at(cell).iter().copied().chain(fixed)
    }

    /// Whether no crowded cell holds two sprites that one collision rule relates (see
    /// [`World::related`]), leaving out the sprites killed this tick (step 6 removes them):
    /// then the next tick can start settled. A cell with more such sprites than a small buffer holds counts
    /// as related.
    fn crowded_cells_inert(&self) -> bool {
        const MAX_HERE: usize = 16;
        let world = self.world;
        let cells = &self.scratch.cells;
        cells.crowded.iter().all(|&c| {
            let c = c as usize;
            let mut here = [0 as TypeId; MAX_HERE];
            let mut n = 0;
            let mut push = |t: TypeId| {
                if world.in_collisions[t as usize] {
                    if n == MAX_HERE {
                        return false;
                    }
                    here[n] = t;
                    n += 1;
                }
                true
            };
            let mut at = cells.head(c);
            while at != NONE {
                let killed = self.scratch.marks.killed(at as usize);
                if !killed && !push(self.state.sprites[at as usize].kind) {
                    return false;
                }
                at = cells.next(at);
            }
            for &t in world.statics_at(c) {
                if !push(t) {
                    return false;
                }
            }
            for f in self.fixed_at(c) {
                let killed = self.scratch.killed_fixed.contains(&f);
                if !killed && !push(world.fixed[f as usize].kind) {
                    return false;
                }
            }
            let here = &here[..n];
            here.iter()
                .enumerate()
                .all(|(i, &t1)| here[i + 1..].iter().all(|&t2| !world.related(t1, t2)))
        })
    }

    /// Whether a living fixed sprite of a type some collision rule names is on `cell`.
    fn has_fixed_collider(&self, cell: usize) -> bool {
        let world = self.world;
        world.fixed_colliders[cell]
            && world.fixed_at(cell).iter().any(|&f| {
                self.state.fixed.get(f as usize)
                    && world.in_collisions[world.fixed[f as usize].kind as usize]
            })
    }

    /// The living fixed sprites on `cell`.
    fn fixed_at(&self, cell: usize) -> impl Iterator<Item = u16> + '_ {
        self.world
            .fixed_at(cell)
            .iter()
            .copied()
            .filter(|&f| self.state.fixed.get(f as usize))
    }

    /// Step 7 on a tick past the first that killed and created nothing and left the avatar's
    /// status alone: the sprite counters count what they counted on the last tick, when none
    /// held, so only the timeouts can end the game, and none before [`World::timeouts_from`].
    fn terminate_quiet(&mut self) {
        use super::description::TerminationKind as K;
        if self.state.tick < self.world.timeouts_from {
            return;
        }
        let tick = i64::from(self.state.tick);
        let timeout = self
            .world
            .description
            .terminations
            .iter()
            .find(|termination| {
                matches!(termination.kind, K::Timeout) && tick >= i64::from(termination.limit)
            });
        if let Some(termination) = timeout {
            self.state.outcome = if termination.win {
                Outcome::Won
            } else {
                Outcome::Lost
            };
        }
        self.end_at_tick_limit();
    }

    /// Step 7 after a short cut on a settled state that killed sprites of the types `killed`
    /// (and changed nothing else that counts): a sprite counter that counts none of them counts
    /// what it counted on the last tick, when it did not hold, so the sprite counters are
    /// checked only when one counts them. The state stays settled while the game runs (the
    /// short cuts' arguments: `bumps.rs`, `pushes.rs`).
    fn terminate_after_kill(&mut self, killed: [TypeId; 2]) {
        if killed.iter().any(|&t| self.world.is_counted(t)) {
            self.terminate();
        } else {
            self.terminate_quiet();
        }
        self.state.settled = self.state.outcome == Outcome::Running;
    }

    /// Step 3 and the tick's indexes, once the avatar has moved (`avatar_moved`). A state
    /// that was settled before the avatar moved has at most the avatar's cell crowded, so its
    /// cells are listed as they are used; any other files every sprite.
    fn start(&mut self, avatar_moved: bool) {
        let n = self.state.sprites.len();
        let s = &mut *self.scratch;
        s.marks.start(n);
        s.any_killed = false;
        s.killed_fixed.clear();
        let avatar = self.state.avatar as usize;
        s.marks.set_start(
            avatar,
            self.state.avatar_last,
            avatar_moved || !self.state.alive,
        );
        let world = self.world;
        let d = &world.description;
        self.grouped = n;
        for &t in &world.flicker_types {
            let limit = d.types[t as usize].flicker_limit;
            for i in self.type_range(t) {
                let sprite = &mut self.state.sprites[i];
                if i32::from(sprite.age) > limit {
                    self.scratch.marks.kill(i, (sprite.x, sprite.y));
                    self.scratch.any_killed = true;
                }
                sprite.age = sprite.age.saturating_add(1);
            }
        }
        if self.state.settled {
            self.scratch.cells.start_settled(world, self.state, avatar);
        } else {
            self.scratch.cells.rebuild(world, self.state);
        }
    }

    /// Moves sprite `i` to `to`, keeping the cell index and its start-of-tick cell.
    fn move_to(&mut self, i: usize, to: (i16, i16)) {
        let sprite = self.state.sprites[i];
        if (sprite.x, sprite.y) == to {
            return;
        }
        let world = self.world;
        let s = &mut *self.scratch;
        let state = &*self.state;
        s.marks.before_move(i, (sprite.x, sprite.y));
        s.cells
            .leave(world, state, i, sprite.kind, world.cell(sprite.x, sprite.y));
        s.cells
            .enter(world, state, i, sprite.kind, world.cell(to.0, to.1));
        let sprite = &mut self.state.sprites[i];
        (sprite.x, sprite.y) = to;
    }

    /// Sprite `i`'s start-of-tick cell.
    #[inline]
    fn last(&self, i: usize) -> (i16, i16) {
        let s = self.state.sprites[i];
        self.scratch.marks.last(i, (s.x, s.y))
    }

    /// The sprites of type `t` among those the tick started with (grouped by type, in type
    /// order).
    fn type_range(&self, t: TypeId) -> std::ops::Range<usize> {
        type_group(&self.state.sprites[..self.grouped], t)
    }

    /// The sprites of type `t` among the first `snapshot`, in sprite order: those the tick
    /// started with, then those created this tick.
    fn each_of_type(&self, t: TypeId, snapshot: usize, mut visit: impl FnMut(usize)) {
        let range = self.type_range(t);
        (range.start..range.end.min(snapshot)).for_each(&mut visit);
        for i in self.grouped..snapshot {
            if self.state.sprites[i].kind == t {
                visit(i);
            }
        }
    }

    #[inline]
    fn position(&self, r: Ref) -> (i16, i16) {
        match r {
            Ref::Dynamic(i) => {
                let s = self.state.sprites[i as usize];
                (s.x, s.y)
            }
            Ref::Fixed(f) => {
                let s = self.world.fixed[f as usize];
                (s.x, s.y)
            }
            Ref::Static(_, cell) => {
                let w = self.world.width;
                ((cell as usize % w) as i16, (cell as usize / w) as i16)
            }
        }
    }

    #[inline]
    fn kind(&self, r: Ref) -> TypeId {
        match r {
            Ref::Dynamic(i) => self.state.sprites[i as usize].kind,
            Ref::Fixed(f) => self.world.fixed[f as usize].kind,
            Ref::Static(t, _) => t,
        }
    }

    fn is_avatar(&self, r: Ref) -> bool {
        self.world.description.types[self.kind(r) as usize].is_avatar()
    }

    /// Whether `r` is the avatar and disabled.
    fn is_disabled(&self, r: Ref) -> bool {
        r == Ref::Dynamic(self.state.avatar) && !self.state.alive
    }

    fn is_killed(&self, r: Ref) -> bool {
        match r {
            Ref::Dynamic(i) => self.scratch.marks.killed(i as usize),
            Ref::Fixed(f) => self.scratch.killed_fixed.contains(&f),
            Ref::Static(..) => false,
        }
    }

    /// Step 4.
    fn end_of_screen(&mut self) {
        let world = self.world;
        let d = &world.description;
        for &t in &d.eos_types {
            for &e in &d.eos_effects[t as usize] {
                for i in 0..self.state.sprites.len() {
                    let r = Ref::Dynamic(i as u16);
                    let sprite = self.state.sprites[i];
                    if world.is_member(t, sprite.kind)
                        && world.cell(sprite.x, sprite.y).is_none()
                        && !self.is_killed(r)
                        && !self.is_disabled(r)
                    {
                        self.execute(e, r, None);
                    }
                }
            }
        }
    }

    /// Step 5. Only the first sprites that may collide are looked at (see
    /// [`Tick::gather_firsts`]), which skips whole effects on the many ticks where nothing
    /// shares a cell.
    fn collisions(&mut self) {
        let world = self.world;
        let d = &world.description;
        for pair in &d.pairs {
            for &e in &pair.effects {
                if !self.may_fire(pair.first, pair.second) {
                    continue;
                }
                let snapshot = self.state.sprites.len();
                self.gather_firsts(pair.first, snapshot, None);
                let mut k = 0;
                while let Some(&key) = self.scratch.firsts.get(k) {
                    k += 1;
                    let generation = self.scratch.cells.generation;
                    let rank = (key >> 16) as usize;
                    let t1 = d.subtypes[pair.first as usize][rank];
                    let s1 = if world.moving[t1 as usize] {
                        Ref::Dynamic(key as u16)
                    } else if world.is_fixed(t1) {
                        Ref::Fixed(key as u16)
                    } else {
                        Ref::Static(t1, key as u16)
                    };
                    self.collide(e, s1, pair.second, snapshot);
                    if self.scratch.cells.generation != generation {
                        // Two static sprites of one type on one cell share a key: keep the
                        // second's turn.
                        let twins = self.scratch.firsts[k..]
                            .iter()
                            .take_while(|&&x| x == key)
                            .count();
                        self.gather_firsts(pair.first, snapshot, Some(key));
                        self.scratch
                            .firsts
                            .splice(0..0, std::iter::repeat(key).take(twins));
                        k = 0;
                    }
                }
            }
        }
    }

    /// Whether a sprite of group `first` may meet one of group `second` now: both groups have
    /// a sprite on a crowded cell, or some sprite is off the board, or static sprites collide.
    fn may_fire(&mut self, first: TypeId, second: TypeId) -> bool {
        let world = self.world;
        if self.scratch.cells.offboard > 0 || world.static_collisions {
            return true;
        }
        let s = &mut *self.scratch;
        if s.present_generation != s.cells.generation {
            s.present_generation = s.cells.generation;
            s.present = [0; 4];
            for &c in &s.cells.crowded {
                let mut at = s.cells.head(c as usize);
                while at != NONE {
                    let t = self.state.sprites[at as usize].kind;
                    s.present[t as usize / 64] |= 1 << (t % 64);
                    at = s.cells.next(at);
                }
                for &t in world.statics_at(c as usize) {
                    s.present[t as usize / 64] |= 1 << (t % 64);
                }
                for &f in world.fixed_at(c as usize) {
                    if self.state.fixed.get(f as usize) {
                        let t = world.fixed[f as usize].kind;
                        s.present[t as usize / 64] |= 1 << (t % 64);
                    }
                }
            }
        }
        let meets =
            |group: TypeId| (0..4).any(|w| world.members[group as usize][w] & s.present[w] != 0);
        meets(first) && meets(second)
    }

    /// Fills [`Scratch::firsts`] with the sprites of group `first` among the first `snapshot`
    /// that may collide now, in GVGAI's order (the group's types in subtype order, each type's
    /// sprites in sprite order), keeping those after `after`: the sprites on crowded cells,
    /// those off the board, and every static and fixed one when such sprites collide with each
    /// other. A static sprite's key holds its cell, a fixed one's its fixed id.
    /// A sprite elsewhere has no partner; one that moves there before its turn is found by
    /// gathering again after the move.
    fn gather_firsts(&mut self, first: TypeId, snapshot: usize, after: Option<u32>) {
        let world = self.world;
        let d = &world.description;
        let group = &d.subtypes[first as usize];
        let rank = |t: TypeId| group.iter().position(|&g| g == t).map(|r| (r as u32) << 16);
        let s = &mut *self.scratch;
        s.firsts.clear();
        for &c in &s.cells.crowded {
            let mut at = s.cells.head(c as usize);
            while at != NONE {
                if (at as usize) < snapshot {
                    if let Some(r) = rank(self.state.sprites[at as usize].kind) {
                        s.firsts.push(r | at);
                    }
                }
                at = s.cells.next(at);
            }
            if !world.static_collisions {
                for &t in world.statics_at(c as usize) {
                    if let Some(r) = rank(t) {
                        s.firsts.push(r | u32::from(c));
                    }
                }
                for &f in world.fixed_at(c as usize) {
                    if self.state.fixed.get(f as usize) {
                        if let Some(r) = rank(world.fixed[f as usize].kind) {
                            s.firsts.push(r | u32::from(f));
                        }
                    }
                }
            }
        }
        if s.cells.offboard > 0 {
            for (i, sprite) in self.state.sprites[..snapshot].iter().enumerate() {
                if world.cell(sprite.x, sprite.y).is_none() {
                    if let Some(r) = rank(sprite.kind) {
                        s.firsts.push(r | i as u32);
                    }
                }
            }
        }
        if world.static_collisions {
            for (r, &t) in group.iter().enumerate() {
                let r = (r as u32) << 16;
                if !d.types[t as usize].dynamic {
                    s.firsts.extend(
                        world.static_cells[t as usize]
                            .iter()
                            .map(|&c| r | u32::from(c)),
                    );
                } else if world.is_fixed(t) {
                    let alive = &self.state.fixed;
                    s.firsts.extend(
                        world
                            .fixed_of(t)
                            .filter(|&f| alive.get(f))
                            .map(|f| r | f as u32),
                    );
                }
            }
        }
        s.firsts.sort_unstable();
        if let Some(after) = after {
            s.firsts.retain(|&key| key > after);
        }
    }

    /// Whether one of the first `snapshot` sprites on `cell`, other than `s1`, belongs to `group`.
    fn dynamic_partner_at(&self, cell: usize, group: TypeId, snapshot: usize, s1: Ref) -> bool {
        let mut at = self.scratch.cells.head(cell);
        while at != NONE {
            if (at as usize) < snapshot
                && Ref::Dynamic(at as u16) != s1
                && self
                    .world
                    .is_member(group, self.state.sprites[at as usize].kind)
            {
                return true;
            }
            at = self.scratch.cells.next(at);
        }
        false
    }

    /// One first sprite against the second group: GVGAI gathers the second group's sprites on
    /// its cell, then applies the effect to each that still shares the cell.
    fn collide(&mut self, e: u16, s1: Ref, second: TypeId, snapshot: usize) {
        let world = self.world;
        let (x, y) = self.position(s1);
        let cell = world.cell(x, y);
        if let Some(c) = cell {
            self.scratch.cells.list(world, self.state, c);
            let static_partner = world
                .statics_at(c)
                .iter()
                .any(|&t| world.is_member(second, t));
            let fixed_partner = || {
                self.fixed_at(c).any(|f| {
                    Ref::Fixed(f) != s1 && world.is_member(second, world.fixed[f as usize].kind)
                })
            };
            if !static_partner
                && !fixed_partner()
                && !self.dynamic_partner_at(c, second, snapshot, s1)
            {
                return;
            }
        }
        let mut candidates = std::mem::take(&mut self.scratch.candidates);
        candidates.clear();
        let mut here = std::mem::take(&mut self.scratch.here);
        here.clear();
        match cell {
            Some(c) => {
                let mut at = self.scratch.cells.head(c);
                while at != NONE {
                    here.push(at);
                    at = self.scratch.cells.next(at);
                }
                here.sort_unstable();
            }
            None => here.extend(0..snapshot as u32),
        }
        for &t2 in &world.description.subtypes[second as usize] {
            if world.moving[t2 as usize] {
                for &j in &here {
                    let s = self.state.sprites[j as usize];
                    let r = Ref::Dynamic(j as u16);
                    if (j as usize) < snapshot && s.kind == t2 && (s.x, s.y) == (x, y) && r != s1 {
                        candidates.push(r);
                    }
                }
            } else if let (true, Some(cell)) = (world.is_fixed(t2), cell) {
                for f in self.fixed_at(cell) {
                    let r = Ref::Fixed(f);
                    if world.fixed[f as usize].kind == t2 && r != s1 {
                        candidates.push(r);
                    }
                }
            } else if let Some(cell) = cell {
                for &t in world.statics_at(cell) {
                    let r = Ref::Static(t, cell as u16);
                    if t == t2 && r != s1 {
                        candidates.push(r);
                    }
                }
            }
        }
        self.scratch.here = here;
        for &s2 in &candidates {
            if !self.is_killed(s1) && self.position(s1) == self.position(s2) {
                self.execute(e, s1, Some(s2));
            }
        }
        self.scratch.candidates = candidates;
    }

    /// Kills a sprite: an avatar not being transformed is disabled instead.
    fn kill(&mut self, r: Ref, transformed: bool) {
        match r {
            Ref::Dynamic(i) => {
                if !transformed && self.is_avatar(r) {
                    if i == self.state.avatar {
                        self.state.alive = false;
                    }
                } else {
                    let s = self.state.sprites[i as usize];
                    self.scratch.marks.kill(i as usize, (s.x, s.y));
                    self.scratch.any_killed = true;
                }
            }
            Ref::Fixed(f) => {
                if !self.scratch.killed_fixed.contains(&f) {
                    self.scratch.killed_fixed.push(f);
                }
                self.scratch.any_killed = true;
            }
            Ref::Static(..) => {}
        }
    }

    /// Adds a sprite created this tick (it cannot move before the next tick), unless more than
    /// GVGAI's `MAX_SPRITES` sprites exist.
    fn create(&mut self, kind: TypeId, at: (i16, i16), last: (i16, i16)) -> Option<u16> {
        let world = self.world;
        let fixed = self.state.fixed.count(0..world.fixed.len()) as usize;
        if world.cell_types.len() + fixed + self.state.sprites.len() > MAX_SPRITES {
            return None;
        }
        let cell = world.cell(at.0, at.1);
        let cells = &mut self.scratch.cells;
        if let Some(c) = cell {
            // Listed before the sprite exists, so that it is filed once.
            cells.list(world, self.state, c);
        }
        self.state.sprites.push(Sprite {
            x: at.0,
            y: at.1,
            kind,
            age: 0,
        });
        let i = self.state.sprites.len() - 1;
        self.scratch.marks.set_start(i, last, true);
        self.scratch.cells.enter(world, self.state, i, kind, cell);
        Some(i as u16)
    }

    fn resource_amount(&self, r: Ref, slot: u8) -> i32 {
        if self.is_avatar(r) {
            i32::from(self.state.resources[slot as usize])
        } else {
            0
        }
    }

    /// Runs effect `e` on `s1` (and `s2`), adding its score when it applies.
    fn execute(&mut self, e: u16, s1: Ref, s2: Option<Ref>) {
        let world = self.world;
        let d = &world.description;
        let effect = d.effects[e as usize];
        let mut applied = true;
        match effect.kind {
            EffectKind::StepBack => {
                if let Ref::Dynamic(i) = s1 {
                    self.move_to(i as usize, self.last(i as usize));
                }
            }
            EffectKind::BounceForward => {
                if let (Ref::Dynamic(i), Some(s2)) = (s1, s2) {
                    let (dx, dy) = match s2 {
                        Ref::Dynamic(j) => {
                            let s = self.state.sprites[j as usize];
                            let (lx, ly) = self.last(j as usize);
                            ((s.x - lx).signum(), (s.y - ly).signum())
                        }
                        Ref::Fixed(_) | Ref::Static(..) => (0, 0),
                    };
                    if (dx, dy) != (0, 0) && !self.scratch.marks.moved(i as usize) {
                        let s = self.state.sprites[i as usize];
                        self.move_to(i as usize, (s.x + dx, s.y + dy));
                        self.scratch.marks.set_moved(i as usize, (s.x, s.y));
                    }
                }
            }
            EffectKind::UndoAll => {
                // Only marked sprites can stand away from their start cell.
                let marked = self.scratch.marks.marked().to_vec();
                for i in marked {
                    self.move_to(i as usize, self.last(i as usize));
                }
            }
            EffectKind::KillSprite => self.kill(s1, false),
            EffectKind::KillBoth => {
                self.kill(s1, false);
                if let Some(s2) = s2 {
                    self.kill(s2, false);
                }
            }
            EffectKind::KillAll(t) => {
                if world.is_fixed(t) {
                    for f in world.fixed_of(t) {
                        if self.state.fixed.get(f) {
                            self.kill(Ref::Fixed(f as u16), false);
                        }
                    }
                } else {
                    let mut all = Vec::new();
                    self.each_of_type(t, self.state.sprites.len(), |i| all.push(i));
                    for i in all {
                        self.kill(Ref::Dynamic(i as u16), false);
                    }
                }
            }
            EffectKind::TransformTo { stype, kill_second } => {
                if !self.is_disabled(s1) {
                    let last = match s1 {
                        Ref::Dynamic(i) => self.last(i as usize),
                        Ref::Fixed(_) | Ref::Static(..) => self.position(s1),
                    };
                    if let Some(new) = self.create(stype, self.position(s1), last) {
                        if s1 == Ref::Dynamic(self.state.avatar) {
                            self.state.avatar = new;
                        }
                        self.kill(s1, true);
                        if let (true, Some(s2)) = (kill_second, s2) {
                            self.kill(s2, true);
                        }
                    }
                }
            }
            EffectKind::Spawn(t) => {
                let at = self.position(s1);
                let _ = self.create(t, at, at);
            }
            EffectKind::CollectResource => {
                applied = false;
                if let Some(slot) = world.resource_slot[self.kind(s1) as usize] {
                    let limit = d.resource_limits[slot as usize];
                    let held = self.resource_amount(s2.unwrap_or(s1), slot);
                    if held < limit {
                        let value = d.types[self.kind(s1) as usize].resource_value;
                        let topup = value.min(limit - held);
                        self.state.resources[slot as usize] = (held + topup).max(0) as u8;
                        self.kill(s1, true);
                        applied = true;
                    }
                }
            }
            EffectKind::ChangeResource { slot, value } => {
                let held = self.resource_amount(s1, slot);
                applied = held + value <= d.resource_limits[slot as usize];
                if applied {
                    self.state.resources[slot as usize] = (held + value).max(0) as u8;
                }
            }
            EffectKind::KillIfHasLess { slot, limit } => {
                applied = self.resource_amount(s1, slot) <= limit;
                if applied {
                    self.kill(s1, false);
                }
            }
            EffectKind::KillIfOtherHasMore {
                slot,
                limit,
                subtract,
            } => {
                let other = s2.unwrap_or(s1);
                let held = self.resource_amount(other, slot);
                applied = held >= limit;
                if applied {
                    self.kill(s1, false);
                    if subtract {
                        self.state.resources[slot as usize] = (held - limit).clamp(0, 255) as u8;
                    }
                }
            }
        }
        if applied {
            self.state.score = self.state.score.saturating_add(effect.score_change);
        }
        if let Some(s2) = s2 {
            if self.is_avatar(s1) {
                let (a, p) = (self.kind(s1), self.kind(s2));
                self.sink.collision(a, p);
            } else if self.is_avatar(s2) {
                let (a, p) = (self.kind(s2), self.kind(s1));
                self.sink.collision(a, p);
            }
        }
    }

    /// Step 6, keeping the sprites grouped by type: those created this tick join their
    /// type's group after its older sprites (a stable sort), which is sprite order.
    fn remove_killed(&mut self) {
        let created = self.state.sprites.len() > self.grouped;
        if !created && !self.scratch.any_killed {
            return;
        }
        for &f in &self.scratch.killed_fixed {
            self.state.fixed.clear(f as usize);
        }
        let mut avatar = self.state.avatar;
        let mut kept = 0u16;
        let marks = &self.scratch.marks;
        let mut index = 0;
        self.state.sprites.retain(|_| {
            let keep = !marks.killed(index);
            if index == avatar as usize {
                avatar = kept;
            }
            if keep {
                kept += 1;
            }
            index += 1;
            keep
        });
        if created {
            let types = &self.world.description.types;
            self.state.sprites.sort_by_key(|s| s.kind);
            avatar = self
                .state
                .sprites
                .iter()
                .position(|s| types[s.kind as usize].is_avatar())
                .unwrap_or(0) as u16;
        }
        self.state.avatar = avatar;
    }

    /// Living sprites of `group` (GVGAI's `getNumSprites - getNumDisabledSprites`).
    fn count(&self, group: TypeId) -> i32 {
        let world = self.world;
        let mut n = 0;
        for &t in &world.description.subtypes[group as usize] {
            n += world.static_cells[t as usize].len() as i32
                + self.state.fixed.count(world.fixed_of(t)) as i32
                + self.living_moving(t);
        }
        n
    }

    /// Living moving sprites of type `t`, read off the sprite list's type groups (the list is
    /// grouped by type, in type order, whenever the terminations run), so that a termination
    /// costs two binary searches per type it counts instead of a pass over every sprite.
    fn living_moving(&self, t: TypeId) -> i32 {
        let of_type = type_group(&self.state.sprites, t).len();
        let disabled =
            !self.state.alive && self.state.sprites[self.state.avatar as usize].kind == t;
        of_type as i32 - i32::from(disabled)
    }

    /// Step 7 (without the tick increment).
    fn terminate(&mut self) {
        let world = self.world;
        for termination in &world.description.terminations {
            use super::description::TerminationKind as K;
            let done = match &termination.kind {
                K::SpriteCounter(t) => self.count(*t) <= termination.limit,
                K::MultiSpriteCounter(ts) => {
                    ts.iter().map(|&t| self.count(t)).sum::<i32>() == termination.limit
                }
                K::Timeout => self.state.tick as i64 >= i64::from(termination.limit),
            };
            if done {
                self.state.outcome = if termination.win {
                    Outcome::Won
                } else {
                    Outcome::Lost
                };
                break;
            }
        }
        self.end_at_tick_limit();
    }

    /// GVGAI's 2000-tick limit: a loss unless just won.
    fn end_at_tick_limit(&mut self) {
        if self.state.tick >= GVGAI_TICK_LIMIT && self.state.outcome != Outcome::Won {
            self.state.outcome = Outcome::Lost;
        }
    }
}
