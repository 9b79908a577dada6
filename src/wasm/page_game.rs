//! What the page needs of a game, declared once per game in its own module (`wasm/<game>.rs`),
//! and the one implementation of the registry's [`GameKind`] over it.
//!
//! The core every game has: a board to draw, an outcome, a score, whose turn it is, a text form
//! for the worker (`Display`/`FromStr`), one move's thinking from a share-link view. Anything
//! more is a capability the game declares in [`Capabilities`]; the page asks which a game has
//! (`gameCapabilities`, `GameSession.capabilities()`), and using one a game lacks is an error
//! that says so, never a stub that answers "no".

use super::batch::Batch;
use super::boundary::{link_error, to_js, view_from_js};
use super::search_job::Job;
use super::session::{Playable, Session};
use crate::agents::params::Table;
use crate::game::Game;
use crate::rng::Rng;
use crate::share::{Fields, LinkView};
use serde::Serialize;
use std::fmt::Display;
use std::marker::PhantomData;
use std::str::FromStr;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// What the page needs of a game beyond [`Game`].
pub(super) trait PageGame: Game + Display + FromStr<Err: Display> + 'static {
    /// The game's name in links, sessions and encoded states.
    const NAME: &'static str;
    /// What the player's action indices mean, for errors ("moves are 0 up, 1 right, ...").
    const ACTIONS_HELP: &'static str;
    /// The optional features this game has.
    const CAPABILITIES: Capabilities<Self>;
    /// What the game calls a level, in errors ("level"; Othello: "position").
    const LEVEL_WORD: &'static str = "level";

    /// The game's share-link view (every setting of its page).
    type View: LinkView;
    /// The game's agent parameters (`agents::params`), from which the page builds its controls.
    const PARAMETERS: Table;

    /// An action's name, for errors ("left", "up", "a1").
    fn action_name(action: Self::Action) -> String;

    /// The board, ready to draw (the game's own board-view type: `BaitBoardView`, `GridView`).
    fn board_view(&self) -> Result<JsValue, JsError>;

    /// Cells of the board, row-major, as [`PageGame::board_view`] draws them.
    fn cell_count(&self) -> usize;

    /// "playing" while the game goes on, else the game's word for how it ended.
    fn outcome_word(&self) -> &'static str;

    /// The score shown on the page: player 0's returns unless the game says otherwise.
    fn score(&self) -> f64 {
        self.returns(0)
    }

    /// Plays nature's move at a chance node as the original game draws it; by default the
    /// outcome whose slice of [0, 1) holds one `next_f64`.
    fn draw_chance(&mut self, nature: &mut Rng) {
        let mut scratch = Vec::new();
        if let Some(outcome) = self.sample_chance(nature.next_f64(), &mut scratch) {
            self.apply(outcome);
        }
    }

    /// One move's thinking from this state with the view's agent; `seed` picks its random
    /// stream; with `record` the job records its run (`Job::timeline`). Errors name the
    /// parameter at fault.
    fn job(&self, view: &Self::View, seed: u64, record: bool) -> Result<Box<dyn Job>, JsError>;
}

/// Reads a level text into the start of a game, or says where it is wrong.
pub(super) type LevelParser<G> = fn(&str) -> Result<G, LevelProblem>;
/// Describes a move from the state before it, its action index and the state after.
pub(super) type MoveDescriber<G> = fn(&G, u32, &G) -> Result<JsValue, JsError>;
/// Builds game `index` of the batch a view describes.
pub(super) type BatchBuilder<V> = fn(&V, u32) -> Result<Box<dyn Batch>, JsError>;

/// Optional features of a game (each `None` when the game lacks it).
pub(super) struct Capabilities<G: PageGame> {
    /// Levels: a level text read into the start, or where it is wrong (Bait's levels,
    /// Othello's positions).
    pub levels: Option<LevelParser<G>>,
    /// A start without a level, whose chance events come from a seed (2048).
    pub seeded: Option<fn() -> G>,
    /// The cell an agent stands on: the plan's path and the search's heat map.
    pub agent_cell: Option<fn(&G) -> usize>,
    /// Whether a game still running provably can no longer be won.
    pub dead_ends: Option<fn(&G) -> bool>,
    /// How a move went, from the state before it, its action index and the state after, for
    /// drawing it.
    pub last_move: Option<MoveDescriber<G>>,
    /// Game `index` of the batch a view describes.
    pub batch: Option<BatchBuilder<G::View>>,
}

impl<G: PageGame> Capabilities<G> {
    /// No optional feature; games name theirs with struct-update syntax.
    pub const NONE: Capabilities<G> = Capabilities {
        levels: None,
        seeded: None,
        agent_cell: None,
        dead_ends: None,
        last_move: None,
        batch: None,
    };

    /// The names of the features present, as the page reads them.
    pub fn names(&self) -> Vec<&'static str> {
        [
            ("levels", self.levels.is_some()),
            ("seeded", self.seeded.is_some()),
            ("agentCell", self.agent_cell.is_some()),
            ("deadEnds", self.dead_ends.is_some()),
            ("lastMove", self.last_move.is_some()),
            ("batch", self.batch.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, present)| present.then_some(name))
        .collect()
    }
}

/// The error for using a capability `G` lacks.
pub(super) fn lacks<G: PageGame>(what: &str) -> JsError {
    JsError::new(&format!("{} has no {what}", G::NAME))
}

/// Where a level text is wrong (1-based; 0 when the error has no place).
#[derive(Serialize, Tsify)]
pub(super) struct LevelProblem {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// A game as the registry sees it: reads its share links and levels, builds sessions, search
/// jobs and batch games. Implemented once, by [`Kind`].
pub(super) trait GameKind {
    /// The game's name in links and sessions.
    fn name(&self) -> &'static str;
    /// The names of the game's optional features.
    fn capabilities(&self) -> Vec<&'static str>;
    /// Checks a level text: `None` when it is valid.
    fn validate(&self, level: &str) -> Result<Option<LevelProblem>, JsError>;
    /// A session on `level`.
    fn session(&self, level: &str) -> Result<Box<dyn Playable>, JsError>;
    /// A session without a level whose chance events come from `seed`.
    fn seeded_session(&self, seed: u64) -> Result<Box<dyn Playable>, JsError>;
    /// A search from a state's text form with the view's (a JS object's) agent, recording its
    /// run if `record`.
    fn job(
        &self,
        state: &str,
        view: JsValue,
        seed: u64,
        record: bool,
    ) -> Result<Box<dyn Job>, JsError>;
    /// The game's view from a link's fields.
    fn parse_link(&self, fields: &Fields) -> Result<JsValue, JsError>;
    /// A view object from JS as a link fragment.
    fn format_link(&self, view: JsValue) -> Result<String, JsError>;
    /// The game's default view.
    fn default_view(&self) -> Result<JsValue, JsError>;
    /// The game's parameter table.
    fn parameters(&self) -> Result<JsValue, JsError>;
    /// Game `index` of the batch the view describes.
    fn batch_game(&self, view: JsValue, index: u32) -> Result<Box<dyn Batch>, JsError>;
}

/// The [`GameKind`] of a [`PageGame`].
pub(super) struct Kind<G>(PhantomData<fn() -> G>);

impl<G> Kind<G> {
    /// The registry's entry for `G`.
    pub const ENTRY: Kind<G> = Kind(PhantomData);
}

impl<G: PageGame> GameKind for Kind<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn capabilities(&self) -> Vec<&'static str> {
        G::CAPABILITIES.names()
    }

    fn validate(&self, level: &str) -> Result<Option<LevelProblem>, JsError> {
        let parse = G::CAPABILITIES.levels.ok_or_else(|| lacks::<G>("levels"))?;
        Ok(parse(level).err())
    }

    fn session(&self, level: &str) -> Result<Box<dyn Playable>, JsError> {
        let parse = G::CAPABILITIES.levels.ok_or_else(|| {
            JsError::new(&format!(
                "{} has no levels: use GameSession.fromSeed('{0}', seed)",
                G::NAME
            ))
        })?;
        let start = parse(level)
            .map_err(|problem| JsError::new(&format!("{}: {}", G::LEVEL_WORD, problem.message)))?;
        Ok(Box::new(Session::new(start, Rng::new(0))))
    }

    fn seeded_session(&self, seed: u64) -> Result<Box<dyn Playable>, JsError> {
        let start = G::CAPABILITIES.seeded.ok_or_else(|| {
            JsError::new(&format!(
                "{} is played on a level: use new GameSession('{0}', level)",
                G::NAME
            ))
        })?;
        Ok(Box::new(Session::new(start(), Rng::new(seed))))
    }

    fn job(
        &self,
        state: &str,
        view: JsValue,
        seed: u64,
        record: bool,
    ) -> Result<Box<dyn Job>, JsError> {
        let view: G::View = view_from_js(view)?;
        let root: G = state.parse().map_err(|e| {
            JsError::new(&super::encoded_state::not_encoded(&format!(
                "{} state: {e}",
                G::NAME
            )))
        })?;
        if root.is_terminal() {
            return Err(JsError::new(
                "the game is over: there is no move to think about",
            ));
        }
        root.job(&view, seed, record)
    }

    fn parse_link(&self, fields: &Fields) -> Result<JsValue, JsError> {
        to_js(&G::View::from_fields(fields).map_err(link_error)?)
    }

    fn format_link(&self, view: JsValue) -> Result<String, JsError> {
        super::boundary::read_view_as::<G::View>(view)?
            .format()
            .map_err(link_error)
    }

    fn default_view(&self) -> Result<JsValue, JsError> {
        to_js(&G::View::default())
    }

    fn parameters(&self) -> Result<JsValue, JsError> {
        to_js(&G::PARAMETERS)
    }

    fn batch_game(&self, view: JsValue, index: u32) -> Result<Box<dyn Batch>, JsError> {
        let batch = G::CAPABILITIES
            .batch
            .ok_or_else(|| lacks::<G>("batch mode"))?;
        batch(&view_from_js(view)?, index)
    }
}
