//! GVGAI games run from their VGDL text, step for step as GVGAI's forward model runs them.
//!
//! - `syntax`: lines into GVGAI's indentation tree.
//! - [`ontology`]: the supported sprite classes, effects, terminations and parameters.
//! - [`description`]: a game file parsed once into a [`Description`] (type ids, subtype lists,
//!   effects by type pair, terminations, level mapping), or a [`VgdlError`] with line and column.
//! - [`level`]: a level into a [`World`] (static sprites shared by every state) and its start.
//! - [`heuristic`]: admissible bounds for A* and guesses for the searches that want any win.
//! - [`state`]: [`VgdlState`], the small clonable state, and its [`VgdlKey`].
//! - `sprite_list`: the state's moving sprites, inline while few (copies allocate nothing).
//! - `alive_bits`: the state's fixed sprites still present, one bit each.
//! - `occupied_cells`: where the state's moving sprites stand, one bit per cell, for the short cuts.
//! - `bumps`: the cells that only send a settled avatar back, a tick's short cut.
//! - `pushes`: how a settled avatar pushes one sprite, another short cut.
//! - `tick`: one GVGAI tick ([`VgdlState::advance`]), with optional collision events
//!   ([`CollisionSink`]); `tick_index`: what a tick knows beyond the state (start cells, kills,
//!   each cell's sprites), built lazily.
//! - `rules`: the [`crate::game::Game`] and [`crate::game::Puzzle`] impls.
//! - `sprites`: the [`crate::sprites::SpriteGame`] impl (DESIGN.md section 5), so KB Fast-Evo
//!   MCTS and the sprite views run on every VGDL game.
//! - `obstacle_route`: the avatar's route to what it must touch, priced through the sprites in
//!   its way (a guess for weighted A*).
//! - `touch_tree`: the touch bound as a spanning tree, where touching never sends the avatar back.
//! - [`transient`]: the Flicker sprites a key may leave out.
//! - [`trace`]: a state as a line of the trace format of `shared/vgdl/README.md`.
//!
//! Actions are GVGAI's, shared with Bait ([`Action`]).

mod alive_bits;
mod bumps;
pub mod description;
pub mod error;
pub mod heuristic;
pub mod level;
mod moment_box;
mod obstacle_route;
mod occupied_cells;
pub mod ontology;
mod pushes;
mod rules;
#[cfg(test)]
mod short_cut_tests;
mod sprite_list;
mod sprites;
pub mod state;
mod syntax;
mod tick;
mod tick_index;
mod touch_tree;
pub mod trace;
pub mod transient;

pub use crate::games::bait::{parse_plan, Action};
pub use description::{Description, TypeId};
pub use error::VgdlError;
pub use level::{Sprite, World};
pub use state::{LoadError, Outcome, Sprites, VgdlKey, VgdlState, GVGAI_TICK_LIMIT};
pub use tick::CollisionSink;
