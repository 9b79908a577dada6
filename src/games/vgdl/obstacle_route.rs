//! [`ObstacleRoute`]: a guess, for the searches that want any win, at the moves the avatar needs
//! to reach a sprite the win asks it to touch (`goal avatar > killSprite` with `SpriteCounter
//! stype=goal limit=0 win=True`) when other sprites stand in the way. It is read off the rules
//! alone, like the lower bound, and promises nothing (not admissible).
//!
//! The avatar's route is the cheapest path over the board and the avatar's type (Dijkstra over
//! (cell, avatar type): entering a cell whose sprite turns the avatar, `avatar greenSwitch >
//! transformTo stype=greenAvatar`, goes on as the new type) where entering a cell costs one
//! move plus a price for each sprite on it, by what the rules say happens when an avatar of the
//! type it has there enters:
//!
//! - nothing stops it (floor, a target): 0;
//! - it pushes the sprite (`box avatar > bounceForward`): [`PUSH`];
//! - it is sent back or dies: the cheapest way to clear the sprite: bringing a pushable sprite
//!   whose collision removes it (`boulder hole > killBoth`: the boulder's own route to the cell,
//!   priced the same way one level down, see [`ObstacleRoute::transport`]), and the avatar
//!   enters the cell no sooner than its walk to the cell behind that sprite for the first push,
//!   a walk that crosses neither walls nor the cell cleared, plus the sprite's route (so a
//!   crate that only a push from beyond the hole would bring does not price the hole, see
//!   [`ObstacleRoute::approach`]); an avatar type that pushes or passes it is reached by the
//!   route's own turns, not priced here;
//! - it dies or is sent back unless it holds a resource (`avatar water > killIfHasLess
//!   resource=flippers`), or the sprite opens for a resource (`door avatar > killIfOtherHasMore
//!   resource=key`): 0 when it holds enough, else the avatar's route from the cell to the
//!   nearest sprite that gives the resource, priced the same way (one level deep: a resource
//!   lacked on that route costs the Manhattan distance to its giver), so the fire boots in a
//!   pool behind a locked door cost the key, the door and the crates that fill the water.
//!
//! A pushed sprite's route (a boulder on its way to a hole) prices cells the same way for that
//! sprite, except that a sprite in its way that the avatar can push costs [`PUSH`], and one that
//! only another pushable sprite clears costs the Manhattan distance to the nearest such sprite
//! (the recursion stops there). Every relaxation is optimistic about the avatar's walks between
//! pushes and about sprites used twice; a cell no route clears costs [`UNCLEARED`], so a state
//! that lost its last way through ranks behind every state that kept one, but is not pruned.
//! A sprite the avatar takes off the board by touching it (`mud avatar > killSprite`, `lock
//! avatar > killIfOtherHasMore resource=key`) costs a pushed sprite [`CLEAR`], plus the
//! distance to the nearest sprite giving the resource while the avatar holds too little.
//!
//! The same pricing gives [`ObstacleRoute::meeting`]: how far a pushable sprite of one type is
//! from one of another that it must collide with (`rawpasta boilingwater > transformTo`), as
//! the priced route of one pushed onto the other, so that walls on the far side of a sprite
//! and a lock in the only way through count.

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use super::description::{EffectKind, TerminationKind, TypeId};
use super::heuristic::{effects_between, existing_leaves};
use super::level::World;
use super::ontology::SpriteClass;
use super::state::VgdlState;

/// The price of pushing a sprite out of the avatar's way (the push, and at least one more move
/// to come back into line).
const PUSH: u32 = 2;
/// The price of clearing a sprite that a pushed sprite must be used up on (a hole filled), beyond
/// that sprite's route: every one cleared lowers the guess by about this much even when the next
/// nearest remover is farther away.
const CLEAR: u32 = 8;
/// The price of a cell nothing clears.
const UNCLEARED: u32 = 500;
/// The buckets of [`ObstacleRoute::approach`]'s walk, one per distance modulo this: a move
/// costs at most 1 + [`PUSH`], so the queued distances span fewer.
const APPROACH_BUCKETS: usize = PUSH as usize + 2;

/// What happens when a mover (an avatar type, or a pushed sprite) enters a cell holding a sprite
/// of some type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// Nothing stops the mover.
    Free,
    /// The mover pushes the sprite on.
    Push,
    /// The mover is sent back or dies.
    Blocked,
    /// The avatar dies unless it holds more than `limit` of the resource in `slot`.
    NeedsMore { slot: u8, limit: i32 },
    /// The sprite dies when the avatar holds at least `limit` of the resource in `slot`.
    OpensWith { slot: u8, limit: i32 },
}

/// Whether `kind`, run with the mover as the first sprite, stops it.
fn stops_first(kind: EffectKind) -> bool {
    matches!(
        kind,
        EffectKind::StepBack | EffectKind::UndoAll | EffectKind::KillSprite | EffectKind::KillBoth
    )
}

/// Whether `kind`, run with the mover as the second sprite, stops it.
fn stops_second(kind: EffectKind) -> bool {
    matches!(
        kind,
        EffectKind::UndoAll
            | EffectKind::KillBoth
            | EffectKind::TransformTo {
                kill_second: true,
                ..
            }
    )
}

/// Whether `kind`, run with a sprite as its first sprite, takes it off its cell.
fn removes_first(kind: EffectKind) -> bool {
    matches!(
        kind,
        EffectKind::KillSprite
            | EffectKind::KillBoth
            | EffectKind::TransformTo { .. }
            | EffectKind::CollectResource
    )
}

/// Whether `kind`, run with a sprite as its second sprite, takes it off its cell.
fn removes_second(kind: EffectKind) -> bool {
    matches!(
        kind,
        EffectKind::KillBoth
            | EffectKind::TransformTo {
                kill_second: true,
                ..
            }
    )
}

/// What happens when `mover` enters a cell holding a sprite of type `x`.
fn entry(world: &World, mover: TypeId, x: TypeId) -> Entry {
    let mut entry = Entry::Free;
    for kind in effects_between(world, x, mover) {
        match kind {
            EffectKind::KillIfOtherHasMore { slot, limit, .. } => {
                return Entry::OpensWith { slot, limit }
            }
            EffectKind::BounceForward => entry = Entry::Push,
            k if stops_second(k) && entry == Entry::Free => entry = Entry::Blocked,
            _ => {}
        }
    }
    if entry == Entry::Push {
        return entry;
    }
    for kind in effects_between(world, mover, x) {
        match kind {
            EffectKind::KillIfHasLess { slot, limit } if entry == Entry::Free => {
                entry = Entry::NeedsMore { slot, limit }
            }
            k if stops_first(k) => entry = Entry::Blocked,
            _ => {}
        }
    }
    entry
}

/// How the avatar takes a sprite of some type off the board by touching it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Touch {
    /// It does not.
    Stays,
    /// Always (`mud avatar > killSprite`, `key avatar > collectResource`).
    Clears,
    /// When it holds at least `limit` of the resource in `slot` (`lock avatar >
    /// killIfOtherHasMore resource=key limit=1`).
    ClearsWith { slot: u8, limit: i32 },
}

/// The avatar's route to the sprites a win asks it to touch, priced through what stands in its
/// way (see the module doc).
#[derive(Debug)]
pub struct ObstacleRoute {
    width: usize,
    height: usize,
    /// The leaf types the avatar must touch.
    targets: Vec<bool>,
    /// `entries[mover * types + x]`, for avatar and pushable leaf movers (others unused).
    entries: Vec<Entry>,
    types: usize,
    /// The avatar leaf types.
    avatars: Vec<TypeId>,
    /// Leaf types some avatar pushes.
    pushable: Vec<bool>,
    /// For each type, the pushable types whose collision takes it off its cell.
    removers: Vec<Vec<TypeId>>,
    /// For each resource slot, the leaf types that give it.
    givers: Vec<Vec<TypeId>>,
    /// For each type, how the avatar clears a sprite of it by touching it.
    touch: Vec<Touch>,
    /// `dies[x * types + y]`: a pushed sprite of type `x` is taken off the board on entering
    /// a cell holding a `y`.
    dies: Vec<bool>,
    /// `turns[kind * types + x]`: the avatar type an avatar of type `kind` becomes on
    /// touching a sprite of type `x` (`avatar redSwitch > transformTo stype=redAvatar`).
    turns: Vec<Option<TypeId>>,
    /// Each type's index in `avatars` (0 for the other types): the avatar's walk is over
    /// (cell, avatar type), and the per-cell memos are kept per avatar type.
    avatar_index: Vec<usize>,
    /// Cells the avatar never crosses: a static sprite there stops every avatar type and no
    /// pushed sprite clears it (a wall).
    closed: Vec<bool>,
    /// The static sprites' types by cell: `static_types[static_start[c]..static_start[c + 1]]`.
    static_start: Vec<u32>,
    static_types: Vec<TypeId>,
    /// The board and the walk's buffers, reused by every estimate.
    scratch: RefCell<Scratch>,
    /// Spare buffers for [`ObstacleRoute::transport`] (one per nested call in use).
    transport_buffers: RefCell<Vec<Walk>>,
}

/// A Dijkstra's buffers: a distance per cell and the queue.
#[derive(Debug, Default)]
struct Walk {
    dist: Vec<u32>,
    queue: BinaryHeap<Reverse<(u32, usize)>>,
}

impl Walk {
    /// Every distance unknown over `cells` cells, the queue empty.
    fn reset(&mut self, cells: usize) {
        self.dist.clear();
        self.dist.resize(cells, u32::MAX);
        self.queue.clear();
    }
}

/// What an estimate reuses: the board, the avatar's walk and its prices of entering cells.
#[derive(Debug, Default)]
struct Scratch {
    board: Board,
    walk: Walk,
    /// The dynamic sprites but the avatar, as (cell, type), while the board is built.
    dynamic: Vec<(usize, TypeId)>,
}

/// One estimate's view of the board: the types on every cell and the cells of every type.
#[derive(Debug, Default)]
struct Board {
    /// `cell_types[start[c]..start[c + 1]]`: the types of the sprites on cell `c`.
    start: Vec<u32>,
    cell_types: Vec<TypeId>,
    /// The cells of each type's sprites.
    cells_of: Vec<Vec<usize>>,
    /// The avatar's resources, by slot.
    held: Vec<u8>,
    /// [`ObstacleRoute::stand_price`]'s prices so far, by cell and avatar type
    /// ([`ObstacleRoute::memo_slot`]; outer clearings only).
    stand_memo: RefCell<Vec<Option<u32>>>,
    /// The avatar's prices of clearing a sprite off each cell so far, by cell and avatar type,
    /// with the sprite's type ([`ObstacleRoute::avatar_clearing`]: the same whichever way the
    /// avatar enters the cell).
    clear_memo: RefCell<Vec<Option<(TypeId, Clearing)>>>,
    /// The avatar's cell.
    avatar_cell: usize,
    /// [`ObstacleRoute::approach`]'s walk from the avatar's cell.
    approach: RefCell<ApproachWalk>,
    /// [`ObstacleRoute::giver_route`]'s Dijkstras by slot and avatar type, each with whether
    /// this estimate started it.
    giver_routes: RefCell<Vec<(bool, Walk)>>,
    /// The avatar's prices of the moves into each cell with a lacked resource priced by its
    /// Manhattan distance, shared by the giver routes of every slot: `[(cell * 4 + i) * kinds +
    /// avatar type]`, the move from the cell's `i`-th neighbour.
    step_prices: RefCell<Vec<Option<u32>>>,
}

/// [`ObstacleRoute::approach`]'s buffers: a distance per cell, and the cells queued in a
/// bucket per distance modulo [`APPROACH_BUCKETS`] (Dial's queue: a move costs 1 or 1 + PUSH);
/// the cost of a move into each cell for the avatar type in `kind` ([`u32::MAX`]: closed),
/// found once per estimate.
#[derive(Debug, Default)]
struct ApproachWalk {
    dist: Vec<u32>,
    buckets: [VecDeque<usize>; APPROACH_BUCKETS],
    kind: Option<TypeId>,
    step: Vec<u32>,
}

/// The avatar's price of clearing a sprite off a cell by bringing a pushed sprite there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Clearing {
    /// The pushed sprite's priced route to the cell, plus [`CLEAR`].
    pushes: u32,
    /// The same plus the avatar's walk from where it stands to the cell behind the pushed
    /// sprite for its first push, not crossing the cell cleared ([`ObstacleRoute::approach`]).
    with_approach: u32,
}

impl Clearing {
    /// The price of entering the cell for an avatar whose route there took `walked` moves:
    /// it arrives no sooner than the pushes after `walked`, nor than the pushes after its
    /// approach to the pushed sprite.
    fn after(self, walked: u32) -> u32 {
        self.pushes
            .max(self.with_approach.saturating_sub(walked))
            .min(UNCLEARED)
    }
}

impl ObstacleRoute {
    /// The route guess for `world`. Its [`ObstacleRoute::estimate`] is 0 throughout when the win
    /// does not ask the avatar to touch sprites (no `SpriteCounter` or `MultiSpriteCounter` to 0
    /// whose types an avatar removes by touching them).
    pub fn new(world: &World) -> ObstacleRoute {
        let d = &world.description;
        let n = d.types.len();
        let leaves = existing_leaves(d);
        let avatars: Vec<TypeId> = (0..n)
            .filter(|&t| leaves[t] && d.types[t].is_avatar())
            .map(|t| t as TypeId)
            .collect();
        let mut targets = vec![false; n];
        for win in d.terminations.iter().filter(|t| t.win && t.limit == 0) {
            let groups = match &win.kind {
                TerminationKind::SpriteCounter(g) => vec![*g],
                TerminationKind::MultiSpriteCounter(gs) => gs.clone(),
                TerminationKind::Timeout => Vec::new(),
            };
            for g in groups {
                for t in (0..n).filter(|&t| leaves[t] && world.is_member(g, t as TypeId)) {
                    let touched = avatars.iter().any(|&a| {
                        effects_between(world, t as TypeId, a).any(removes_first)
                            || effects_between(world, a, t as TypeId).any(removes_second)
                    });
                    targets[t] |= touched;
                }
            }
        }
        let pushable: Vec<bool> = (0..n)
            .map(|t| {
                leaves[t]
                    && d.types[t].class == Some(SpriteClass::Passive)
                    && avatars.iter().any(|&a| {
                        effects_between(world, t as TypeId, a)
                            .any(|k| k == EffectKind::BounceForward)
                    })
            })
            .collect();
        let mut entries = vec![Entry::Free; n * n];
        for mover in (0..n).filter(|&m| avatars.contains(&(m as TypeId)) || pushable[m]) {
            for x in (0..n).filter(|&x| x != mover || pushable[mover]) {
                entries[mover * n + x] = entry(world, mover as TypeId, x as TypeId);
            }
        }
        let removers: Vec<Vec<TypeId>> = (0..n)
            .map(|x| {
                (0..n)
                    .filter(|&r| pushable[r] && r != x)
                    .filter(|&r| {
                        effects_between(world, x as TypeId, r as TypeId).any(removes_first)
                            || effects_between(world, r as TypeId, x as TypeId).any(removes_second)
                    })
                    .map(|r| r as TypeId)
                    .collect()
            })
            .collect();
        let givers: Vec<Vec<TypeId>> = (0..d.resources.len())
            .map(|slot| {
                (0..n)
                    .filter(|&t| leaves[t] && world.resource_slot[t] == Some(slot as u8))
                    .map(|t| t as TypeId)
                    .collect()
            })
            .collect();
        let cells = world.width * world.height;
        let mut static_start = Vec::with_capacity(cells + 1);
        let mut static_types = Vec::new();
        static_start.push(0);
        for c in 0..cells {
            static_types.extend_from_slice(world.statics_at(c));
            static_start.push(static_types.len() as u32);
        }
        let mut turns = vec![None; n * n];
        for &a in &avatars {
            for x in (0..n).filter(|&x| leaves[x]) {
                turns[a as usize * n + x] = effects_between(world, a, x as TypeId)
                    .filter_map(|k| match k {
                        EffectKind::TransformTo { stype, .. } if avatars.contains(&stype) => {
                            Some(stype)
                        }
                        _ => None,
                    })
                    .last();
            }
        }
        let mut avatar_index = vec![0; n];
        for (i, &a) in avatars.iter().enumerate() {
            avatar_index[a as usize] = i;
        }
        let touch = (0..n)
            .map(|x| {
                let mut touch = Touch::Stays;
                for &a in &avatars {
                    if effects_between(world, x as TypeId, a).any(removes_first) {
                        return Touch::Clears;
                    }
                    if let Entry::OpensWith { slot, limit } = entries[a as usize * n + x] {
                        touch = Touch::ClearsWith { slot, limit };
                    }
                }
                touch
            })
            .collect();
        let closed = (0..cells)
            .map(|c| {
                world.statics_at(c).iter().any(|&x| {
                    removers[x as usize].is_empty()
                        && avatars
                            .iter()
                            .all(|&a| entries[a as usize * n + x as usize] == Entry::Blocked)
                })
            })
            .collect();
        let mut dies = vec![false; n * n];
        for x in (0..n).filter(|&x| pushable[x]) {
            for y in 0..n {
                dies[x * n + y] = effects_between(world, x as TypeId, y as TypeId)
                    .any(|k| matches!(k, EffectKind::KillSprite | EffectKind::KillBoth))
                    || effects_between(world, y as TypeId, x as TypeId).any(removes_second);
            }
        }
        ObstacleRoute {
            closed,
            dies,
            turns,
            avatar_index,
            static_start,
            static_types,
            scratch: RefCell::new(Scratch::default()),
            transport_buffers: RefCell::new(Vec::new()),
            width: world.width,
            height: world.height,
            targets,
            entries,
            types: n,
            avatars,
            pushable,
            removers,
            givers,
            touch,
        }
    }

    fn entry(&self, mover: TypeId, x: TypeId) -> Entry {
        self.entries[mover as usize * self.types + x as usize]
    }

    /// The guess at `state`: the priced route from the avatar to the nearest sprite it must
    /// touch (0 when none is left; [`UNCLEARED`] when every route has a cell nothing clears).
    pub fn estimate(&self, state: &VgdlState) -> u32 {
        if !self.targets.contains(&true) {
            return 0;
        }
        let mut scratch = self.scratch.borrow_mut();
        let Scratch {
            board,
            walk,
            dynamic,
        } = &mut *scratch;
        self.fill_board(board, dynamic, state);
        let board = &*board;
        let avatar = state.avatar();
        let cells = self.width * self.height;
        let Some(from) = state.world().cell(avatar.x, avatar.y) else {
            return UNCLEARED;
        };
        if !board
            .cells_of
            .iter()
            .enumerate()
            .any(|(t, c)| self.targets[t] && !c.is_empty())
        {
            return 0;
        }
        let kinds = self.avatars.len();
        walk.reset(cells * kinds);
        let Walk { dist, queue } = walk;
        let start = self.memo_slot(from, avatar.kind);
        dist[start] = 0;
        queue.push(Reverse((0u32, start)));
        while let Some(Reverse((d, at))) = queue.pop() {
            if d > dist[at] {
                continue;
            }
            let (c, kind) = (at / kinds, self.avatars[at % kinds]);
            if c != from && board.types_at(c).iter().any(|&t| self.targets[t as usize]) {
                return d.min(UNCLEARED);
            }
            for next in self.neighbours(c).into_iter().flatten() {
                let p = self.avatar_price(board, kind, (c, next), Some(d));
                let nd = d.saturating_add(1 + p);
                let to = self.memo_slot(next, self.turned(board, kind, next));
                if nd < dist[to] {
                    dist[to] = nd;
                    queue.push(Reverse((nd, to)));
                }
            }
        }
        UNCLEARED
    }

    /// How far sprites of groups `a` and `b` are from colliding in `state`: the cheapest priced
    /// route ([`ObstacleRoute::transport`], pushed by the avatar as it is) of a pushable sprite
    /// of either group onto a sprite of the other ([`UNCLEARED`] when no route clears its way);
    /// `None` when no pushable sprite of one group and sprite of the other are on the board.
    pub fn meeting(&self, state: &VgdlState, a: TypeId, b: TypeId) -> Option<u32> {
        let world = state.world();
        let mut scratch = self.scratch.borrow_mut();
        let Scratch { board, dynamic, .. } = &mut *scratch;
        self.fill_board(board, dynamic, state);
        let board = &*board;
        let kind = state.avatar().kind;
        let mut best: Option<u32> = None;
        for (movers, others) in [(a, b), (b, a)] {
            for r in (0..self.types as TypeId).filter(|&r| {
                self.pushable[r as usize]
                    && world.is_member(movers, r)
                    && !board.cells_of[r as usize].is_empty()
            }) {
                for t in (0..self.types as TypeId).filter(|&t| world.is_member(others, t)) {
                    for &c in &board.cells_of[t as usize] {
                        let price = self.transport(board, r, c, kind, false, None).0;
                        best = Some(best.map_or(price, |b| b.min(price)));
                    }
                }
            }
        }
        best
    }

    /// The cells beside `c` in the directions left, right, up, down (`None` off the board).
    fn neighbours(&self, c: usize) -> [Option<usize>; 4] {
        let (w, h) = (self.width, self.height);
        let (x, y) = (c % w, c / w);
        [
            (x > 0).then(|| c - 1),
            (x + 1 < w).then(|| c + 1),
            (y > 0).then(|| c - w),
            (y + 1 < h).then(|| c + w),
        ]
    }

    /// Fills `board` with every sprite of `state`, static ones included, by cell and by type
    /// (each cell's static types first, then its dynamic ones by type), reusing its buffers and
    /// `dynamic`'s.
    fn fill_board(&self, board: &mut Board, dynamic: &mut Vec<(usize, TypeId)>, state: &VgdlState) {
        let world = state.world();
        let cells = self.width * self.height;
        let avatar = state.avatar();
        let mut skipped_avatar = false;
        dynamic.clear();
        for s in state.sprites() {
            if !skipped_avatar && s == avatar {
                skipped_avatar = true;
                continue;
            }
            if let Some(c) = world.cell(s.x, s.y) {
                dynamic.push((c, s.kind));
            }
        }
        dynamic.sort_unstable();
        board.cells_of.resize_with(self.types, Vec::new);
        board.cells_of.iter_mut().for_each(Vec::clear);
        board.start.clear();
        board.cell_types.clear();
        board.start.push(0);
        let mut next_dynamic = dynamic.iter().peekable();
        for c in 0..cells {
            let statics = self.static_start[c] as usize..self.static_start[c + 1] as usize;
            for &t in &self.static_types[statics] {
                board.cell_types.push(t);
                board.cells_of[t as usize].push(c);
            }
            while let Some(&(_, t)) = next_dynamic.next_if(|&&(cell, _)| cell == c) {
                board.cell_types.push(t);
                board.cells_of[t as usize].push(c);
            }
            board.start.push(board.cell_types.len() as u32);
        }
        board.held.clear();
        board.held.extend_from_slice(state.resources());
        board.avatar_cell = world.cell(avatar.x, avatar.y).unwrap_or(0);
        board.approach.get_mut().kind = None;
        let slots = cells * self.avatars.len().max(1);
        let memo = board.stand_memo.get_mut();
        memo.clear();
        memo.resize(slots, None);
        let memo = board.clear_memo.get_mut();
        memo.clear();
        memo.resize(slots, None);
        board
            .giver_routes
            .get_mut()
            .iter_mut()
            .for_each(|(started, _)| *started = false);
        let prices = board.step_prices.get_mut();
        prices.clear();
        prices.resize(slots * 4, None);
    }

    /// `(c, kind)`'s index in the avatar's walk and in the per-cell memos.
    fn memo_slot(&self, c: usize, kind: TypeId) -> usize {
        c * self.avatars.len().max(1) + self.avatar_index[kind as usize]
    }

    /// The type an avatar of type `kind` has after entering `c` (the last sprite there that
    /// turns it decides, as the last effect run does).
    fn turned(&self, board: &Board, kind: TypeId, c: usize) -> TypeId {
        board
            .types_at(c)
            .iter()
            .filter_map(|&x| self.turns[kind as usize * self.types + x as usize])
            .last()
            .unwrap_or(kind)
    }

    /// The price, beyond the move, of the avatar (of type `kind`, holding what it holds)
    /// entering `c`, where `step` is the move `(came_from, c)`: a sprite it pushes costs
    /// [`PUSH`] plus what stops it in the cell beyond ([`ObstacleRoute::onward`]); a resource it
    /// lacks costs the way from `c` to a sprite giving it. On the avatar's own route, `walked`
    /// is the moves it took to `came_from`: a resource is priced by the priced route to its
    /// giver ([`ObstacleRoute::giver_route`]) and a sprite cleared by a pushed one by
    /// [`Clearing::after`]; with `None` (a giver's route), by the Manhattan distance and by
    /// the pushes alone.
    fn avatar_price(
        &self,
        board: &Board,
        kind: TypeId,
        step: (usize, usize),
        walked: Option<u32>,
    ) -> u32 {
        let c = step.1;
        let held = &board.held;
        let giver = |slot: u8| match walked {
            Some(_) => self.giver_route(board, slot, kind, c),
            None => self.giver_distance(board, slot, c),
        };
        let clearing = |x: TypeId| {
            let clearing = self.avatar_clearing(board, x, c, kind);
            match walked {
                Some(walked) => clearing.after(walked),
                None => clearing.pushes,
            }
        };
        let mut total = 0u32;
        for &x in board.types_at(c) {
            let price = match self.entry(kind, x) {
                Entry::Free => 0,
                Entry::Push => PUSH.saturating_add(self.onward(board, x, self.beyond(step.0, c))),
                Entry::Blocked => clearing(x),
                Entry::NeedsMore { slot, limit } => {
                    if i32::from(held.get(slot as usize).copied().unwrap_or(0)) > limit {
                        0
                    } else {
                        giver(slot).min(clearing(x))
                    }
                }
                Entry::OpensWith { slot, limit } => {
                    if i32::from(held.get(slot as usize).copied().unwrap_or(0)) >= limit {
                        0
                    } else {
                        giver(slot)
                    }
                }
            };
            total = total.saturating_add(price);
        }
        total.min(UNCLEARED)
    }

    /// The price of pushing a sprite of type `x` into `cell`: 0 when nothing there stops it or
    /// it dies there (a box into a hole clears the way too), [`PUSH`] for each sprite it pushes
    /// on or that the avatar can push away first, [`CLEAR`] for one some rule clears,
    /// [`UNCLEARED`] off the board or against anything else.
    fn onward(&self, board: &Board, x: TypeId, cell: Option<usize>) -> u32 {
        let Some(cell) = cell else {
            return UNCLEARED;
        };
        let mut total = 0u32;
        for &y in board.types_at(cell) {
            let price = if self.dies[x as usize * self.types + y as usize] {
                0
            } else {
                match self.entry(x, y) {
                    Entry::Free => 0,
                    Entry::Push => PUSH,
                    _ if self.pushable[y as usize] => PUSH,
                    _ if !self.removers[y as usize].is_empty() => CLEAR,
                    _ => UNCLEARED,
                }
            };
            total = total.saturating_add(price);
        }
        total.min(UNCLEARED)
    }

    /// The avatar's (of type `kind`) prices of clearing the `x` on `c` by bringing a pushed
    /// sprite that removes it ([`ObstacleRoute::clearing`], and with the avatar's approach to
    /// that sprite), once per estimate and cell.
    fn avatar_clearing(&self, board: &Board, x: TypeId, c: usize, kind: TypeId) -> Clearing {
        let slot = self.memo_slot(c, kind);
        if let Some((memo_x, price)) = board.clear_memo.borrow()[slot] {
            if memo_x == x {
                return price;
            }
        }
        let mut price = Clearing {
            pushes: UNCLEARED,
            with_approach: UNCLEARED,
        };
        if !self.removers[x as usize].is_empty() {
            self.approach(board, kind, c);
            let approach = board.approach.borrow();
            for &r in &self.removers[x as usize] {
                let (pushes, with_approach) =
                    self.transport(board, r, c, kind, false, Some(&approach.dist));
                price.pushes = price.pushes.min(pushes.saturating_add(CLEAR));
                price.with_approach = price.with_approach.min(with_approach.saturating_add(CLEAR));
            }
        }
        board.clear_memo.borrow_mut()[slot] = Some((x, price));
        price
    }

    /// The avatar's (of type `kind`) walk from its cell to every cell, into `board.approach`
    /// ([`u32::MAX`]: unreachable): it crosses neither `closed` cells (walls) nor `avoided` (a
    /// cell not cleared yet), and a cell holding a sprite it pushes costs [`PUSH`] more, as on
    /// its route.
    fn approach(&self, board: &Board, kind: TypeId, avoided: usize) {
        let mut approach = board.approach.borrow_mut();
        let ApproachWalk {
            dist,
            buckets,
            kind: costed,
            step,
        } = &mut *approach;
        if *costed != Some(kind) {
            *costed = Some(kind);
            step.clear();
            step.extend((0..self.width * self.height).map(|v| {
                if self.closed[v] {
                    u32::MAX
                } else if board
                    .types_at(v)
                    .iter()
                    .any(|&x| self.entry(kind, x) == Entry::Push)
                {
                    1 + PUSH
                } else {
                    1
                }
            }));
        }
        dist.clear();
        dist.resize(self.width * self.height, u32::MAX);
        buckets.iter_mut().for_each(VecDeque::clear);
        dist[board.avatar_cell] = 0;
        buckets[0].push_back(board.avatar_cell);
        let mut queued = 1;
        let mut d = 0u32;
        while queued > 0 {
            while let Some(u) = buckets[d as usize % APPROACH_BUCKETS].pop_front() {
                queued -= 1;
                if dist[u] != d {
                    continue;
                }
                for v in self.neighbours(u).into_iter().flatten() {
                    if v == avoided || step[v] == u32::MAX {
                        continue;
                    }
                    let nd = d + step[v];
                    if nd < dist[v] {
                        dist[v] = nd;
                        buckets[nd as usize % APPROACH_BUCKETS].push_back(v);
                        queued += 1;
                    }
                }
            }
            d += 1;
        }
    }

    /// The avatar's (of type `kind`) priced route between `c` and the nearest sprite giving
    /// resource `slot`: a Dijkstra from every such sprite, one per estimate, slot and avatar
    /// type, run only as far as the cells asked so far, that prices cells as the avatar's own
    /// route does but a resource lacked on the way by its Manhattan distance (so a fire cell
    /// costs the way to the fire boots through the doors, water and crates between, not the
    /// straight line).
    fn giver_route(&self, board: &Board, slot: u8, kind: TypeId, c: usize) -> u32 {
        let kinds = self.avatars.len().max(1);
        let ai = self.avatar_index[kind as usize];
        let key = slot as usize * kinds + ai;
        let mut routes = board.giver_routes.borrow_mut();
        if routes.len() <= key {
            routes.resize_with(key + 1, Default::default);
        }
        let (started, walk) = &mut routes[key];
        if !*started {
            *started = true;
            walk.reset(self.width * self.height);
            for &g in self.givers.get(slot as usize).into_iter().flatten() {
                for &s in &board.cells_of[g as usize] {
                    walk.dist[s] = 0;
                    walk.queue.push(Reverse((0, s)));
                }
            }
        }
        let Walk { dist, queue } = walk;
        // Settle cells only until `c` is settled; later calls go on from there.
        while let Some(&Reverse((d, v))) = queue.peek() {
            if d >= dist[c] || d >= UNCLEARED {
                break;
            }
            queue.pop();
            if d > dist[v] {
                continue;
            }
            for (i, u) in self.neighbours(v).into_iter().enumerate() {
                let Some(u) = u else {
                    continue;
                };
                let step = (v * 4 + i) * kinds + ai;
                let known = board.step_prices.borrow()[step];
                let price = known.unwrap_or_else(|| {
                    let price = self.avatar_price(board, kind, (u, v), None);
                    board.step_prices.borrow_mut()[step] = Some(price);
                    price
                });
                let nd = d.saturating_add(1 + price);
                if nd < dist[u] {
                    dist[u] = nd;
                    queue.push(Reverse((nd, u)));
                }
            }
        }
        dist[c].min(UNCLEARED)
    }

    /// The Manhattan distance from `c` to the nearest sprite giving resource `slot`.
    fn giver_distance(&self, board: &Board, slot: u8, c: usize) -> u32 {
        self.givers
            .get(slot as usize)
            .into_iter()
            .flatten()
            .flat_map(|&g| board.cells_of[g as usize].iter())
            .map(|&s| self.manhattan(s, c))
            .min()
            .unwrap_or(UNCLEARED)
    }

    /// The cheapest route of a sprite that removes the `x` on cell `c` to `c`, pushed by an
    /// avatar of type `kind`, plus [`CLEAR`]; `nested` for a clearing that another one's push
    /// needs (see [`ObstacleRoute::stand_price`]).
    fn clearing(&self, board: &Board, x: TypeId, c: usize, kind: TypeId, nested: bool) -> u32 {
        self.removers[x as usize]
            .iter()
            .map(|&r| {
                self.transport(board, r, c, kind, nested, None)
                    .0
                    .saturating_add(CLEAR)
            })
            .min()
            .unwrap_or(UNCLEARED)
    }

    /// The cheapest priced route of a sprite of pushable type `r` to cell `c`, pushed by an
    /// avatar of type `kind` (Dijkstra backwards from `c`): each push is priced by the cell the
    /// sprite enters (`c` itself free) and by the cell behind it, where the avatar must stand
    /// ([`ObstacleRoute::stand_price`]); a push with the cell behind off the board is no move.
    /// With `approach` (the avatar's walk to each cell), also the cheapest such route plus the
    /// walk to the cell behind the sprite for its first push (else [`UNCLEARED`]).
    fn transport(
        &self,
        board: &Board,
        r: TypeId,
        c: usize,
        kind: TypeId,
        nested: bool,
        approach: Option<&[u32]>,
    ) -> (u32, u32) {
        if board.cells_of[r as usize].is_empty() {
            return (UNCLEARED, UNCLEARED);
        }
        let mut walk = self
            .transport_buffers
            .borrow_mut()
            .pop()
            .unwrap_or_default();
        let price = self.transport_in(&mut walk, board, (r, c), kind, nested, approach);
        self.transport_buffers.borrow_mut().push(walk);
        price
    }

    /// [`ObstacleRoute::transport`] of a sprite of type `r` to cell `c`, `(r, c) = brought`,
    /// with the Dijkstra's buffers `walk`.
    fn transport_in(
        &self,
        walk: &mut Walk,
        board: &Board,
        brought: (TypeId, usize),
        kind: TypeId,
        nested: bool,
        approach: Option<&[u32]>,
    ) -> (u32, u32) {
        let (r, c) = brought;
        let sources = &board.cells_of[r as usize];
        walk.reset(self.width * self.height);
        let Walk { dist, queue } = walk;
        dist[c] = 0;
        queue.push(Reverse((0u32, c)));
        let mut pushes = None;
        let mut with_approach = UNCLEARED;
        while let Some(Reverse((d, u))) = queue.pop() {
            if d > dist[u] {
                continue;
            }
            if pushes.is_none() && u != c && sources.contains(&u) {
                pushes = Some(d.min(UNCLEARED));
                if approach.is_none() {
                    break;
                }
            }
            if d >= UNCLEARED || (pushes.is_some() && d >= with_approach) {
                break;
            }
            let enter = if u == c {
                1
            } else {
                1 + self.pushed_price(board, r, u)
            };
            for v in self.neighbours(u).into_iter().flatten() {
                let Some(behind) = self.beyond(u, v) else {
                    continue;
                };
                let push = enter.saturating_add(self.stand_price(board, kind, behind, nested));
                let nd = d.saturating_add(push);
                if let Some(walk) = approach.map(|moves| moves[behind]) {
                    if walk != u32::MAX && sources.contains(&v) {
                        with_approach = with_approach.min(nd.saturating_add(walk));
                    }
                }
                if nd < dist[v] {
                    dist[v] = nd;
                    queue.push(Reverse((nd, v)));
                }
            }
        }
        (pushes.unwrap_or(UNCLEARED), with_approach.min(UNCLEARED))
    }

    /// The cell one step past `to` on the way from `from` (a neighbour), if it is on the board.
    fn beyond(&self, from: usize, to: usize) -> Option<usize> {
        let w = self.width as isize;
        let (fx, fy) = ((from % self.width) as isize, (from / self.width) as isize);
        let (tx, ty) = ((to % self.width) as isize, (to / self.width) as isize);
        let (x, y) = (2 * tx - fx, 2 * ty - fy);
        (x >= 0 && y >= 0 && x < w && (y as usize) < self.height).then(|| (y * w + x) as usize)
    }

    /// The price of the avatar (of type `kind`) standing on `c` to push: 0 when nothing stops
    /// it there, [`PUSH`] for a sprite it pushes away, for one some rule clears the price of
    /// clearing it (once per estimate and cell; [`CLEAR`] when `nested`, so a clearing needs
    /// at most one other), [`CLEAR`] for one another avatar type passes, [`UNCLEARED`]
    /// otherwise (a wall).
    fn stand_price(&self, board: &Board, kind: TypeId, c: usize, nested: bool) -> u32 {
        if !nested {
            if let Some(price) = board.stand_memo.borrow()[self.memo_slot(c, kind)] {
                return price;
            }
        }
        let mut total = 0u32;
        for &x in board.types_at(c) {
            let price = match self.entry(kind, x) {
                Entry::Free => 0,
                Entry::Push => PUSH,
                Entry::NeedsMore { .. } | Entry::OpensWith { .. } => CLEAR,
                Entry::Blocked => {
                    let passed = self
                        .avatars
                        .iter()
                        .any(|&a| matches!(self.entry(a, x), Entry::Free | Entry::Push));
                    if passed || (nested && !self.removers[x as usize].is_empty()) {
                        CLEAR
                    } else {
                        self.clearing(board, x, c, kind, true)
                    }
                }
            };
            total = total.saturating_add(price);
        }
        let total = total.min(UNCLEARED);
        if !nested {
            board.stand_memo.borrow_mut()[self.memo_slot(c, kind)] = Some(total);
        }
        total
    }

    /// The price, beyond the push, of a sprite of pushable type `r` entering `u`.
    fn pushed_price(&self, board: &Board, r: TypeId, u: usize) -> u32 {
        let mut total = 0u32;
        for &x in board.types_at(u) {
            let price = match self.entry(r, x) {
                Entry::Free => 0,
                Entry::Push => PUSH,
                _ if self.pushable[x as usize] => PUSH,
                _ => self.removers[x as usize]
                    .iter()
                    .flat_map(|&q| board.cells_of[q as usize].iter())
                    .map(|&s| self.manhattan(s, u) + CLEAR)
                    .min()
                    .unwrap_or(UNCLEARED)
                    .min(self.touch_price(board, x, u)),
            };
            total = total.saturating_add(price);
        }
        total.min(UNCLEARED)
    }

    /// The price of the avatar clearing the sprite of type `x` on `u` by touching it:
    /// [`CLEAR`], plus the walk to a sprite giving the resource it needs while it holds too
    /// little; [`UNCLEARED`] when touching does not clear it.
    fn touch_price(&self, board: &Board, x: TypeId, u: usize) -> u32 {
        match self.touch[x as usize] {
            Touch::Stays => UNCLEARED,
            Touch::Clears => CLEAR,
            Touch::ClearsWith { slot, limit } => {
                if i32::from(board.held.get(slot as usize).copied().unwrap_or(0)) >= limit {
                    CLEAR
                } else {
                    CLEAR.saturating_add(self.giver_distance(board, slot, u))
                }
            }
        }
    }

    fn manhattan(&self, a: usize, b: usize) -> u32 {
        let w = self.width;
        ((a % w).abs_diff(b % w) + (a / w).abs_diff(b / w)) as u32
    }
}

impl Board {
    fn types_at(&self, c: usize) -> &[TypeId] {
        &self.cell_types[self.start[c] as usize..self.start[c + 1] as usize]
    }
}
