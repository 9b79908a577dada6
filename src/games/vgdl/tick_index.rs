//! What a tick knows beyond the state, built lazily so that a tick costs what it touches, not
//! what the level holds: [`SpriteMarks`] (each sprite's start-of-tick cell, whether it moved,
//! whether it was killed) and [`CellIndex`] (each cell's dynamic sprites and the cells where a
//! collision can happen).
//!
//! Both are stamped with the tick's epoch instead of being cleared: an entry whose stamp is not
//! the current epoch reads as its default (a sprite where it stands, not moved, not killed; a
//! cell not yet listed). A cell is listed on first use, by scanning the sprites when the index
//! is *partial* (a tick that starts settled, where a collision can happen only on the avatar's
//! cell until something else moves) or as empty when it is *complete* (every sprite filed at
//! the start). A partial index's crowded cells are those listed so far.

use super::description::TypeId;
use super::level::World;
use super::state::Moment;

/// The end of a cell's list.
pub const NONE: u32 = u32::MAX;

/// The next epoch after `epoch`, clearing `stamps` when the counter wraps (0 is never current).
fn next_epoch(epoch: &mut u32, stamps: &mut [u32]) {
    *epoch = epoch.wrapping_add(1);
    if *epoch == 0 {
        stamps.fill(0);
        *epoch = 1;
    }
}

/// Per-sprite facts of one tick, indexed like the state's sprites.
#[derive(Default)]
pub struct SpriteMarks {
    epoch: u32,
    stamp: Vec<u32>,
    last: Vec<(i16, i16)>,
    moved: Vec<bool>,
    killed: Vec<bool>,
    /// The sprites marked this tick (each once), in marking order.
    marked: Vec<u16>,
}

impl SpriteMarks {
    /// Forgets the last tick's marks, for a tick over at most `sprites` sprites (more may be
    /// created: [`SpriteMarks::mark`] grows the arrays).
    pub fn start(&mut self, sprites: usize) {
        next_epoch(&mut self.epoch, &mut self.stamp);
        self.marked.clear();
        self.grow(sprites);
    }

    fn grow(&mut self, sprites: usize) {
        if self.stamp.len() < sprites {
            self.stamp.resize(sprites, 0);
            self.last.resize(sprites, (0, 0));
            self.moved.resize(sprites, false);
            self.killed.resize(sprites, false);
        }
    }

    /// Marks sprite `i`, standing on `at`, as seen this tick (its start cell `at` unless
    /// marked already); returns its index for the arrays.
    #[inline]
    fn mark(&mut self, i: usize, at: (i16, i16)) -> usize {
        self.grow(i + 1);
        if self.stamp[i] != self.epoch {
            self.stamp[i] = self.epoch;
            self.last[i] = at;
            self.moved[i] = false;
            self.killed[i] = false;
            self.marked.push(i as u16);
        }
        i
    }

    #[inline]
    fn is_marked(&self, i: usize) -> bool {
        self.stamp.get(i) == Some(&self.epoch)
    }

    /// Sets sprite `i`'s start-of-tick cell and whether it counts as moved (the avatar, or a
    /// sprite created this tick).
    pub fn set_start(&mut self, i: usize, last: (i16, i16), moved: bool) {
        let i = self.mark(i, last);
        self.last[i] = last;
        self.moved[i] = moved;
    }

    /// Sprite `i`'s start-of-tick cell; `now` is where it stands.
    #[inline]
    pub fn last(&self, i: usize, now: (i16, i16)) -> (i16, i16) {
        if self.is_marked(i) {
            self.last[i]
        } else {
            now
        }
    }

    /// Records that sprite `i`, standing on `now`, is about to move (its start cell is kept).
    #[inline]
    pub fn before_move(&mut self, i: usize, now: (i16, i16)) {
        self.mark(i, now);
    }

    /// Whether sprite `i` has used its one move of the tick.
    #[inline]
    pub fn moved(&self, i: usize) -> bool {
        self.is_marked(i) && self.moved[i]
    }

    pub fn set_moved(&mut self, i: usize, now: (i16, i16)) {
        let i = self.mark(i, now);
        self.moved[i] = true;
    }

    #[inline]
    pub fn killed(&self, i: usize) -> bool {
        self.is_marked(i) && self.killed[i]
    }

    pub fn kill(&mut self, i: usize, now: (i16, i16)) {
        let i = self.mark(i, now);
        self.killed[i] = true;
    }

    /// The sprites marked this tick: every sprite that moved, was killed or was created is
    /// among them.
    pub fn marked(&self) -> &[u16] {
        &self.marked
    }
}

/// Each cell's dynamic sprites (a linked list through the sprites' indexes) and the cells where
/// a collision can happen.
#[derive(Default)]
pub struct CellIndex {
    epoch: u32,
    /// Whether a cell not yet listed this tick holds no sprite (see the module doc).
    complete: bool,
    stamp: Vec<u32>,
    /// Each listed cell's first sprite, and each listed sprite's next on its cell ([`NONE`]
    /// ends).
    head: Vec<u32>,
    next: Vec<u32>,
    /// Each listed cell's moving sprites of a type some collision rule names
    /// ([`World::in_collisions`]).
    colliders: Vec<u16>,
    /// Each listed cell's living fixed sprites of such a type.
    fixed_colliders: Vec<u8>,
    /// Cells where such a moving sprite shares the cell with another such sprite (static,
    /// fixed or moving), in no order: the only cells where a collision can happen, unless
    /// [`World::static_collisions`]. A complete index lists every one; a partial one those
    /// among the cells listed this tick.
    pub crowded: Vec<u16>,
    /// Dynamic sprites off the board (they meet every sprite at their position).
    pub offboard: u32,
    /// Goes up whenever a sprite enters or leaves a cell (or the index restarts).
    pub generation: u32,
}

impl CellIndex {
    /// Files every sprite under its cell.
    pub fn rebuild(&mut self, world: &World, state: &Moment) {
        let sprites = &state.sprites;
        self.restart(world, sprites.len(), true);
        for (i, sprite) in sprites.iter().enumerate().rev() {
            self.enter(world, state, i, sprite.kind, world.cell(sprite.x, sprite.y));
        }
    }

    /// Starts a tick whose state was settled (`VgdlState::settled`: nothing off the board, no
    /// two related sprites on one cell) before the avatar (sprite `avatar`) moved: its cell is
    /// the only one where a collision can happen, and other cells are listed when first used.
    pub fn start_settled(&mut self, world: &World, state: &Moment, avatar: usize) {
        self.restart(world, state.sprites.len(), false);
        let a = state.sprites[avatar];
        match world.cell(a.x, a.y) {
            None => self.offboard = 1,
            Some(c) => self.list(world, state, c),
        }
    }

    fn restart(&mut self, world: &World, sprites: usize, complete: bool) {
        let cells = world.width * world.height;
        if self.stamp.len() != cells {
            self.stamp.clear();
            self.stamp.resize(cells, 0);
            self.head.resize(cells, NONE);
            self.colliders.resize(cells, 0);
            self.fixed_colliders.resize(cells, 0);
        }
        next_epoch(&mut self.epoch, &mut self.stamp);
        if self.next.len() < sprites {
            self.next.resize(sprites, NONE);
        }
        self.complete = complete;
        self.crowded.clear();
        self.offboard = 0;
        self.generation = self.generation.wrapping_add(1);
    }

    /// Lists `cell` if it is not listed yet this tick.
    #[inline]
    pub fn list(&mut self, world: &World, state: &Moment, cell: usize) {
        if self.stamp[cell] == self.epoch {
            return;
        }
        self.stamp[cell] = self.epoch;
        self.head[cell] = NONE;
        self.colliders[cell] = 0;
        self.fixed_colliders[cell] = if world.fixed_colliders[cell] {
            let living = world.fixed_at(cell).iter().filter(|&&f| {
                state.fixed.get(f as usize)
                    && world.in_collisions[world.fixed[f as usize].kind as usize]
            });
            living.count().min(255) as u8
        } else {
            0
        };
        if self.complete {
            return;
        }
        let (x, y) = ((cell % world.width) as i16, (cell / world.width) as i16);
        for (i, s) in state.sprites.iter().enumerate().rev() {
            if (s.x, s.y) == (x, y) {
                self.next[i] = self.head[cell];
                self.head[cell] = i as u32;
                if world.in_collisions[s.kind as usize] {
                    self.colliders[cell] += 1;
                }
            }
        }
        if self.is_crowded(world, cell) {
            self.crowded.push(cell as u16);
        }
    }

    /// The first sprite on a listed `cell`.
    #[inline]
    pub fn head(&self, cell: usize) -> u32 {
        debug_assert_eq!(self.stamp[cell], self.epoch, "cell {cell} is not listed");
        self.head[cell]
    }

    /// The sprite after `i` on its cell.
    #[inline]
    pub fn next(&self, i: u32) -> u32 {
        self.next[i as usize]
    }

    /// Whether a collision can happen on a listed `cell` (see [`CellIndex::crowded`]).
    #[inline]
    fn is_crowded(&self, world: &World, cell: usize) -> bool {
        let moving = u32::from(self.colliders[cell]);
        moving > 0
            && moving
                + u32::from(world.static_colliders[cell])
                + u32::from(self.fixed_colliders[cell])
                >= 2
    }

    /// Files moving sprite `i` of type `kind` under `cell` (`None`: off the board). `state` must
    /// not show it there yet.
    #[inline]
    pub fn enter(
        &mut self,
        world: &World,
        state: &Moment,
        i: usize,
        kind: TypeId,
        cell: Option<usize>,
    ) {
        self.generation = self.generation.wrapping_add(1);
        if self.next.len() <= i {
            self.next.resize(i + 1, NONE);
        }
        let Some(c) = cell else {
            self.offboard += 1;
            return;
        };
        self.list(world, state, c);
        self.next[i] = self.head[c];
        self.head[c] = i as u32;
        if world.in_collisions[kind as usize] {
            let before = self.is_crowded(world, c);
            self.colliders[c] += 1;
            if !before && self.is_crowded(world, c) {
                self.crowded.push(c as u16);
            }
        }
    }

    /// Takes sprite `i` of type `kind` off `cell`'s list.
    #[inline]
    pub fn leave(
        &mut self,
        world: &World,
        state: &Moment,
        i: usize,
        kind: TypeId,
        cell: Option<usize>,
    ) {
        self.generation = self.generation.wrapping_add(1);
        let Some(c) = cell else {
            self.offboard -= 1;
            return;
        };
        self.list(world, state, c);
        if self.head[c] == i as u32 {
            self.head[c] = self.next[i];
        } else {
            let mut at = self.head[c];
            while at != NONE {
                if self.next[at as usize] == i as u32 {
                    self.next[at as usize] = self.next[i];
                    break;
                }
                at = self.next[at as usize];
            }
        }
        self.next[i] = NONE;
        if world.in_collisions[kind as usize] {
            let before = self.is_crowded(world, c);
            self.colliders[c] -= 1;
            if before && !self.is_crowded(world, c) {
                if let Some(k) = self.crowded.iter().position(|&x| x as usize == c) {
                    self.crowded.swap_remove(k);
                }
            }
        }
    }
}
