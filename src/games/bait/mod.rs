//! GVGAI "Bait", move for move as GAIGResearch/GVGAI's forward model plays it.
//!
//! The rules are `shared/bait/RULES.md` section 3; every golden trace in `shared/bait/goldens/`
//! replays byte for byte (see `tests/bait_goldens.rs`).
//!
//! - [`level`]: level text to a [`Level`] (static board) or a [`LevelError`] with line and column.
//! - `level_handle`: the state's shared `Rc<Level>`, dropped without taking the state's address.
//! - [`state`]: [`BaitState`], the small clonable state, its [`BaitKey`] and text form.
//! - `status`: the avatar, outcome, score and tick of a state, packed in one word.
//! - `rules`: one tick ([`BaitState::advance`]) and the [`crate::game::Game`]/[`crate::game::Puzzle`] impls.
//! - [`sprites`]: the sprite observation interface ([`crate::sprites::SpriteGame`]): types,
//!   categories, sprites and the collision events of a tick.
//! - [`text`]: a state as text (the level, its status, the boxes and items that changed), for
//!   the worker.
//! - [`trace`]: the golden JSON record of a state.
//! - [`bound_cache`]: the state-aware lower bound memoised per configuration, for A*.
//! - [`eval`]: engine knowledge kept out of the rules (distances, lower bounds, dead states,
//!   GVGAI's and the course's state values).

pub mod action;
pub mod bits;
pub mod bound_cache;
pub mod distance;
pub mod eval;
pub mod level;
mod level_handle;
mod rules;
pub mod sprites;
pub mod state;
mod status;
pub mod text;
pub mod trace;

pub use action::{parse_plan, Action, PlanError};
pub use bits::Bits256;
pub use level::{Cell, Item, Level, LevelError, COURSE_TICK_LIMIT, GVGAI_TICK_LIMIT};
pub use state::{BaitKey, BaitState, Contents, Outcome};
