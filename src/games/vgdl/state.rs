//! [`VgdlState`]: one moment of a VGDL game, small and cheap to clone: the moving sprites in
//! GVGAI's order, one bit per fixed sprite (removable, never moved: holes, keys, goals), the
//! avatar's resources and status, the score and the tick. Walls, floors and every other sprite
//! no rule can touch, and the fixed sprites' types and cells, live in the shared [`World`].

use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};
use std::rc::Rc;

use super::alive_bits::AliveBits;
use super::description::{Description, MAX_RESOURCES};
use super::error::VgdlError;
use super::level::{Sprite, World};
use super::moment_box::MomentBox;
use super::occupied_cells::OccupiedCells;
use super::sprite_list::SpriteList;

/// How the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Running,
    Won,
    Lost,
}

impl Outcome {
    /// GVGAI's `Types.WINNER` name.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Running => "NO_WINNER",
            Outcome::Won => "PLAYER_WINS",
            Outcome::Lost => "PLAYER_LOSES",
        }
    }
}

/// GVGAI's global tick limit (`CompetitionParameters.MAX_TIMESTEPS`).
pub const GVGAI_TICK_LIMIT: u32 = 2000;

/// A state of a VGDL game. Equality and hashing cover everything but the shared world (states
/// of different levels are not comparable). Its fields ([`Moment`]) live in one heap block
/// (recycled per thread: [`MomentBox`]), so that moving a state moves two pointers: a tick
/// writes single fields, and moving a whole struct just written that way makes each wide load
/// wait for those narrow stores.
#[derive(Clone, Debug)]
pub struct VgdlState {
    pub(super) world: Rc<World>,
    pub(super) now: MomentBox,
}

/// What a tick changes: the fields of a [`VgdlState`], which reads them through `Deref`.
#[derive(Debug)]
pub struct Moment {
    /// Moving sprites ([`World::moving`]) grouped by type (in type id order), each type's in
    /// GVGAI's order (by sprite id, which is creation order).
    pub(super) sprites: SpriteList,
    /// Which of [`World::fixed`] are still on the board.
    pub(super) fixed: AliveBits,
    /// Index of the avatar in `sprites`.
    pub(super) avatar: u16,
    /// The avatar's start-of-tick cell (GVGAI's `lastrect`), which `undoAll` restores; it stops
    /// changing once the avatar is disabled.
    pub(super) avatar_last: (i16, i16),
    pub(super) alive: bool,
    pub(super) outcome: Outcome,
    pub(super) resources: [u8; MAX_RESOURCES],
    pub(super) score: i32,
    pub(super) tick: u32,
    /// A cache for the tick, left out of equality and hashing: when true, no two sprites that
    /// one collision rule relates (one in each group) share a cell, none is off the board, and
    /// no termination but a timeout holds (false says nothing).
    pub(super) settled: bool,
    /// A cache for the tick, left out of equality and hashing: where the moving sprites a
    /// collision rule names stand, the avatar left out; exact while `settled`.
    pub(super) occupied: OccupiedCells,
}

impl Clone for Moment {
    fn clone(&self) -> Moment {
        Moment {
            sprites: self.sprites.clone(),
            fixed: self.fixed.clone(),
            ..*self
        }
    }

    /// Reuses the sprite list's heap storage (a recycled block's, [`MomentBox`]).
    fn clone_from(&mut self, source: &Moment) {
        self.sprites.clone_from(&source.sprites);
        self.fixed.clone_from(&source.fixed);
        let Moment {
            sprites: _,
            fixed: _,
            avatar,
            avatar_last,
            alive,
            outcome,
            resources,
            score,
            tick,
            settled,
            occupied,
        } = *source;
        self.avatar = avatar;
        self.avatar_last = avatar_last;
        self.alive = alive;
        self.outcome = outcome;
        self.resources = resources;
        self.score = score;
        self.tick = tick;
        self.settled = settled;
        self.occupied = occupied;
    }
}

impl Deref for VgdlState {
    type Target = Moment;

    #[inline]
    fn deref(&self) -> &Moment {
        &self.now
    }
}

impl DerefMut for VgdlState {
    #[inline]
    fn deref_mut(&mut self) -> &mut Moment {
        &mut self.now
    }
}

impl PartialEq for VgdlState {
    fn eq(&self, other: &Self) -> bool {
        self.sprites == other.sprites
            && self.fixed == other.fixed
            && self.avatar == other.avatar
            && self.avatar_last == other.avatar_last
            && self.alive == other.alive
            && self.outcome == other.outcome
            && self.resources == other.resources
            && self.score == other.score
            && self.tick == other.tick
    }
}

impl Eq for VgdlState {}

impl Hash for VgdlState {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.sprites.hash(state);
        self.fixed.hash(state);
        self.avatar.hash(state);
        self.avatar_last.hash(state);
        self.alive.hash(state);
        self.outcome.hash(state);
        self.resources.hash(state);
        self.score.hash(state);
        self.tick.hash(state);
    }
}

/// What identifies a state for duplicate detection: the moving sprites as a multiset (in a
/// canonical order), the fixed sprites still present,
/// the avatar's resources and status. The score and the tick are left out (no rule reads the
/// score; the tick matters only to timeouts, and a search that meets a state again meets it no
/// earlier). Sprites of one type are taken as interchangeable: their order decides only which
/// of two identical sprites an effect reaches first. Static sprites are not in the state at
/// all. Flicker sprites that cannot change the future yet are left out
/// ([`World::transient`]; the argument is in `transient.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VgdlKey {
    sprites: SpriteList,
    fixed: AliveBits,
    resources: [u8; MAX_RESOURCES],
    status: u8,
}

impl VgdlKey {
    /// Bytes the key's sprite list and fixed bits hold on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.sprites.heap_bytes() + self.fixed.heap_bytes()
    }
}

impl VgdlState {
    /// The start of a level.
    pub fn new(world: Rc<World>) -> VgdlState {
        let sprites = SpriteList::from_slice(&world.initial);
        let avatar = world.initial_avatar;
        let a = sprites[avatar as usize];
        let world_settled = world.start_settled;
        let occupied = OccupiedCells::of(&world, &sprites, avatar as usize);
        let now = MomentBox::new(Moment {
            fixed: AliveBits::all(world.fixed.len()),
            sprites,
            avatar,
            avatar_last: (a.x, a.y),
            alive: true,
            outcome: Outcome::Running,
            resources: [0; MAX_RESOURCES],
            score: 0,
            tick: 0,
            settled: world_settled,
            occupied,
        });
        VgdlState { world, now }
    }

    /// Parses a game file and one of its levels into the level's start.
    pub fn parse(game: &str, level: &str) -> Result<VgdlState, LoadError> {
        let description = Rc::new(Description::parse(game).map_err(LoadError::Game)?);
        let world = World::parse(description, level).map_err(LoadError::Level)?;
        Ok(VgdlState::new(Rc::new(world)))
    }

    /// The shared game and level.
    pub fn world(&self) -> &Rc<World> {
        &self.world
    }

    /// The game description.
    pub fn description(&self) -> &Description {
        &self.world.description
    }

    /// The dynamic sprites (moving and fixed), grouped by type, each type's in GVGAI's order.
    pub fn sprites(&self) -> Sprites<'_> {
        Sprites {
            moving: &self.sprites,
            fixed: &self.world.fixed,
            alive: &self.fixed,
            next_fixed: 0,
        }
    }

    /// The moving sprites ([`World::moving`]), grouped by type, each type's in GVGAI's order.
    pub fn moving_sprites(&self) -> &[Sprite] {
        &self.sprites
    }

    /// Whether fixed sprite `f` ([`World::fixed`]) is still on the board.
    #[inline]
    pub fn fixed_alive(&self, f: usize) -> bool {
        self.fixed.get(f)
    }

    /// The avatar sprite (its cell stays where it died once it is disabled).
    pub fn avatar(&self) -> Sprite {
        self.sprites[self.avatar as usize]
    }

    /// Whether the avatar is alive (a killed avatar is disabled, not removed).
    pub fn is_alive(&self) -> bool {
        self.alive
    }

    /// The avatar's resources by slot (`Description::resources`).
    pub fn resources(&self) -> &[u8] {
        &self.resources[..self.world.description.resources.len()]
    }

    pub fn score(&self) -> i32 {
        self.score
    }

    /// Actions applied so far (GVGAI's game tick).
    pub fn tick(&self) -> u32 {
        self.tick
    }

    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome != Outcome::Running
    }

    pub fn is_won(&self) -> bool {
        self.outcome == Outcome::Won
    }

    /// Bytes the state holds on the heap: its fields' block ([`Moment`]), and the sprite list
    /// and fixed bits where they spill out of it.
    pub fn heap_bytes(&self) -> usize {
        std::mem::size_of::<Moment>() + self.sprites.heap_bytes() + self.fixed.heap_bytes()
    }

    /// See [`VgdlKey`]. The sprites are already grouped by type and mostly in cell order
    /// within a type (GVGAI numbers a level's sprites row by row), so the stable sort by type
    /// and cell only repairs the few runs moves broke.
    pub fn key(&self) -> VgdlKey {
        let mut sprites = self.sprites.clone();
        if let Some(transient) = &self.world.transient {
            if transient.applies(self) {
                sprites.retain(|s| !transient.drops(s.kind));
            }
        }
        sprites.sort_by_key(|s| (s.kind, s.y, s.x, s.age));
        VgdlKey {
            sprites,
            fixed: self.fixed.clone(),
            resources: self.resources,
            status: u8::from(self.alive) | (self.outcome as u8) << 1,
        }
    }
}

/// The dynamic sprites of a state in its old single-list order: the moving ones and the
/// living fixed ones merged by type (a type's sprites are all moving or all fixed).
pub struct Sprites<'a> {
    moving: &'a [Sprite],
    fixed: &'a [Sprite],
    alive: &'a AliveBits,
    next_fixed: usize,
}

impl Iterator for Sprites<'_> {
    type Item = Sprite;

    fn next(&mut self) -> Option<Sprite> {
        while self.next_fixed < self.fixed.len() && !self.alive.get(self.next_fixed) {
            self.next_fixed += 1;
        }
        let fixed = self.fixed.get(self.next_fixed);
        match (self.moving.first(), fixed) {
            (Some(m), Some(f)) if m.kind > f.kind => {
                self.next_fixed += 1;
                Some(*f)
            }
            (Some(&m), _) => {
                self.moving = &self.moving[1..];
                Some(m)
            }
            (None, Some(&f)) => {
                self.next_fixed += 1;
                Some(f)
            }
            (None, None) => None,
        }
    }
}

/// A game file or level that could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    Game(VgdlError),
    Level(VgdlError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Game(e) => write!(f, "game file: {e}"),
            LoadError::Level(e) => write!(f, "level: {e}"),
        }
    }
}

impl std::error::Error for LoadError {}
