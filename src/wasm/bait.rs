//! Bait's side of the JavaScript API: its board view, levels, dead ends, the avatar's cell for
//! the plan's path and the heat map, and its agents' search jobs.

use super::boundary::{to_js, uint8_array};
use super::heat::{Heat, Running, SharedHeat};
use super::kb_memory::{self, KbJob};
use super::page_game::{Capabilities, LevelProblem, PageGame};
use super::search_job::{Indexed, Job};
use super::timeline::{options_for, recorded, recorder};
use crate::agents::bait::Algorithm;
use crate::agents::params::{self, Table};
use crate::agents::Agent;
use crate::field_error::FieldError;
use crate::games::bait::eval::BaitEval;
use crate::games::bait::{Action, BaitState, Outcome};
use crate::search::timeline::TimelineOptions;
use crate::search::{Observer, Search};
use crate::share::bait::{Mode, View};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// Memory a page search may use (each of the page and the worker has its own wasm memory).
const SEARCH_MEMORY_BYTES: u64 = 512 << 20;

/// Bait's board-view flags (a [`BaitBoardView`]'s cells).
mod flags {
    pub const WALL: u8 = 1;
    pub const BOX: u8 = 2;
    pub const HOLE: u8 = 4;
    pub const MUSHROOM: u8 = 8;
    pub const KEY: u8 = 16;
    pub const GOAL: u8 = 32;
}

/// A Bait board to draw: per cell (row-major) the bit flags wall 1, box 2, hole 4, mushroom 8,
/// key 16, goal 32; the avatar's cell, whether it holds the key and lives. A dead avatar keeps
/// its cell (it fell into the hole there).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub(super) struct BaitBoardView {
    width: usize,
    height: usize,
    #[serde(serialize_with = "uint8_array")]
    #[tsify(type = "Uint8Array")]
    cells: Vec<u8>,
    avatar_x: usize,
    avatar_y: usize,
    has_key: bool,
    alive: bool,
}

/// A level text as the start of a game, or where it is wrong.
fn parse_level(text: &str) -> Result<BaitState, LevelProblem> {
    BaitState::parse(text).map_err(|e| {
        let (line, column) = e.position().unwrap_or((0, 0));
        LevelProblem {
            line,
            column,
            message: e.to_string(),
        }
    })
}

/// The avatar's cell, row-major.
fn avatar_cell(state: &BaitState) -> usize {
    let (x, y) = state.avatar_position();
    y * state.level().width() + x
}

/// Whether a box sealed the key or the door, or the way to them is cut.
fn is_dead_end(state: &BaitState) -> bool {
    state.outcome() == Outcome::Running && BaitEval::new(state.level()).is_dead(state)
}

impl PageGame for BaitState {
    const NAME: &'static str = "bait";
    const ACTIONS_HELP: &'static str = "actions are 0 left, 1 right, 2 down, 3 up, 4 nil";
    const CAPABILITIES: Capabilities<Self> = Capabilities {
        levels: Some(parse_level),
        agent_cell: Some(avatar_cell),
        dead_ends: Some(is_dead_end),
        ..Capabilities::NONE
    };
    type View = View;
    const PARAMETERS: Table = params::BAIT;

    fn action_name(action: Action) -> String {
        action.name().to_lowercase()
    }

    /// Per cell the flags of [`flags`], the avatar's cell, whether it holds the key and lives.
    fn board_view(&self) -> Result<JsValue, JsError> {
        let (width, height) = (self.level().width(), self.level().height());
        let mut cells = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                let c = self.contents(x, y);
                let bits = [
                    (c.wall, flags::WALL),
                    (c.box_, flags::BOX),
                    (c.hole, flags::HOLE),
                    (c.mushroom, flags::MUSHROOM),
                    (c.key, flags::KEY),
                    (c.goal, flags::GOAL),
                ];
                cells.push(bits.iter().filter(|(on, _)| *on).fold(0, |a, (_, b)| a | b));
            }
        }
        let (avatar_x, avatar_y) = self.avatar_position();
        to_js(&BaitBoardView {
            width,
            height,
            cells,
            avatar_x,
            avatar_y,
            has_key: self.has_key(),
            alive: self.is_alive(),
        })
    }

    fn cell_count(&self) -> usize {
        self.level().width() * self.level().height()
    }

    fn outcome_word(&self) -> &'static str {
        match self.outcome() {
            Outcome::Running => "playing",
            Outcome::Won => "won",
            Outcome::Lost => "lost",
        }
    }

    fn job(&self, view: &View, seed: u64, record: bool) -> Result<Box<dyn Job>, JsError> {
        let has_frontier = !view.algo.is_anytime();
        let error = |e: FieldError| {
            JsError::new(&format!(
                "parameter '{}': {}",
                e.field.replace('_', "-"),
                e.message
            ))
        };
        let (search, heat) = if record {
            let recorder = recorder::<BaitState>(TimelineOptions {
                has_frontier,
                // A committed plan runs a fresh MCTS for every move: no one tree to replay.
                tree: matches!(view.algo, Algorithm::Mcts | Algorithm::Kbfe)
                    && view.mode == Mode::Act,
                ..options_for(self)
            });
            let search = build(self, view, seed, recorder.clone()).map_err(error)?;
            (
                recorded(search, &recorder),
                Heat::Recorded(recorder.timeline()),
            )
        } else {
            let heat = SharedHeat::new(self.cell_count());
            let search = build(self, view, seed, heat.clone()).map_err(error)?;
            (search, Heat::Counted(heat))
        };
        let job = Box::new(Running {
            search: Indexed::new(search),
            heat,
            has_frontier,
        });
        if view.algo != Algorithm::Kbfe {
            return Ok(job);
        }
        Ok(Box::new(KbJob::new(
            job,
            kb_memory::claim::<BaitState>(),
            self.clone(),
        )))
    }
}

/// The view's search from `state`: in plan mode a plan to the end (MCTS and RHEA commit to a
/// move at a time), in act mode one decision. KB Fast-Evo keeps its game's memory
/// ([`kb_memory::claim`]) across acts.
fn build<O: Observer<BaitState> + 'static>(
    state: &BaitState,
    view: &View,
    seed: u64,
    observer: O,
) -> Result<Box<dyn Search<BaitState>>, FieldError> {
    let spec = view.agent_spec(SEARCH_MEMORY_BYTES);
    let kb = || kb_memory::claim::<BaitState>();
    match view.mode {
        Mode::Plan if view.algo == Algorithm::Kbfe => {
            spec.build_plan_with_memory(state, seed, kb(), observer)
        }
        Mode::Act if view.algo == Algorithm::Kbfe => spec.build_kbfe(state, seed, kb(), observer),
        Mode::Plan => spec.build_plan(state, seed, observer),
        Mode::Act => spec.build(state, seed, observer),
    }
}
