//! Bait's side of the JavaScript API: its board view, levels, dead ends, the avatar's cell for
//! the plan's path and the heat map, and its agents' search jobs.

use super::boundary::{to_js, uint8_array};
use super::page_game::{Capabilities, LevelProblem, PageGame};
use super::puzzle_job::{puzzle_job, SEARCH_MEMORY_BYTES};
use super::search_job::Job;
use crate::agents::bait::Algorithm;
use crate::agents::params::{self, Table};
use crate::games::bait::eval::BaitEval;
use crate::games::bait::{Action, BaitState, Outcome};
use crate::share::bait::View;
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

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
        let spec = view.agent_spec(SEARCH_MEMORY_BYTES);
        let mcts_tree = matches!(view.algo, Algorithm::Mcts | Algorithm::Kbfe);
        puzzle_job(self, spec, view.mode, mcts_tree, seed, record)
    }
}
