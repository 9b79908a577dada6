//! VGDL games' side of the JavaScript API: the sprites to draw, the avatar's cell for the plan's
//! path and the heat map, every search of `agents::vgdl`, and the game file's checks and facts
//! for the page's "Game rules" editor (`vgdlCheck`, `vgdlGameInfo`), the shipped games
//! (`vgdlShippedGames`) and a session's start (`vgdlStart`).
//!
//! A session's "level" is a [`VgdlPlay`]'s text form (the game file, the level and the moves),
//! which `vgdlStart(rules, level)` writes; `GameSession.encode()` sends the same form to the
//! worker.

use super::boundary::{string_from_js, to_js};
use super::page_game::{Capabilities, LevelProblem, PageGame};
use super::puzzle_job::{puzzle_job, SEARCH_MEMORY_BYTES};
use super::search_job::Job;
use crate::agents::params::{self, Table};
use crate::agents::vgdl::Algorithm;
use crate::games::vgdl::{Action, Description, LoadError, Outcome, VgdlError};
use crate::games::vgdl_play::VgdlPlay;
use crate::share::shipped_vgdl::SHIPPED_GAMES;
use crate::share::vgdl::View;
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// One sprite type of a game, for drawing and the legend.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub(super) struct VgdlSpriteType {
    /// Its name in the game file.
    name: String,
    /// Its class (`Immovable`, `MovingAvatar`, ...); `None` for an abstract group.
    class: Option<&'static str>,
    /// The name of the type it is nested under.
    parent: Option<String>,
    /// The LevelMapping characters that place it.
    chars: String,
}

/// A VGDL board to draw: its size, every sprite type, and the sprites bottom first as
/// `(x, y, type)` triples (the level's fixed sprites, then the moving ones in GVGAI's order;
/// those off the board are left out).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub(super) struct VgdlBoardView {
    width: usize,
    height: usize,
    types: Vec<VgdlSpriteType>,
    sprites: Vec<u32>,
    avatar_x: i32,
    avatar_y: i32,
    alive: bool,
    score: i32,
    tick: u32,
    /// "playing", "won" or "lost".
    outcome: &'static str,
    /// The avatar's resources, by name.
    resources: Vec<VgdlResource>,
}

/// One resource the avatar holds.
#[derive(Serialize, Tsify)]
pub(super) struct VgdlResource {
    name: String,
    amount: u32,
}

/// What the page's editors need of a game file: its sprite types and its LevelMapping.
#[derive(Serialize, Tsify)]
pub(super) struct VgdlGameInfo {
    types: Vec<VgdlSpriteType>,
    mapping: Vec<VgdlMappingEntry>,
}

/// One LevelMapping line: a character and the sprite types it places, bottom first.
#[derive(Serialize, Tsify)]
pub(super) struct VgdlMappingEntry {
    char: String,
    types: Vec<String>,
}

/// A shipped game: its link name, title, one line about it, game file and levels.
#[derive(Serialize, Tsify)]
pub(super) struct VgdlShippedGame {
    name: &'static str,
    title: &'static str,
    about: &'static str,
    rules: &'static str,
    levels: Vec<&'static str>,
}

/// Where a game file or a level is wrong: `field` is `rules` or `level`; line and column from 1.
#[derive(Serialize, Tsify)]
pub(super) struct VgdlProblem {
    field: &'static str,
    line: usize,
    column: usize,
    message: String,
}

fn sprite_types(description: &Description) -> Vec<VgdlSpriteType> {
    description
        .types
        .iter()
        .enumerate()
        .map(|(id, t)| VgdlSpriteType {
            name: t.name.clone(),
            class: t.class.map(|c| c.name()),
            parent: t.parent.map(|p| description.types[p as usize].name.clone()),
            chars: description
                .mapping
                .iter()
                .filter(|(_, types)| types.iter().any(|&m| m as usize == id))
                .map(|&(c, _)| c)
                .collect(),
        })
        .collect()
}

fn problem(field: &'static str, e: VgdlError) -> VgdlProblem {
    VgdlProblem {
        field,
        line: e.line,
        column: e.column,
        message: e.message,
    }
}

/// Checks a game file and, if `level` is given, a level of it: `undefined` when both are valid,
/// else the first problem (`field` `rules` or `level`, line, column, message).
#[wasm_bindgen(js_name = vgdlCheck, unchecked_return_type = "VgdlProblem | undefined")]
pub fn vgdl_check(
    #[wasm_bindgen(unchecked_param_type = "string")] rules: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | undefined")] level: JsValue,
) -> Result<JsValue, JsError> {
    let rules = string_from_js("rules", &rules)?;
    let found = if level.is_undefined() {
        Description::parse(&rules)
            .err()
            .map(|e| problem("rules", e))
    } else {
        match VgdlPlay::parse(&rules, &string_from_js("level", &level)?) {
            Ok(_) => None,
            Err(LoadError::Game(e)) => Some(problem("rules", e)),
            Err(LoadError::Level(e)) => Some(problem("level", e)),
        }
    };
    match found {
        None => Ok(JsValue::UNDEFINED),
        Some(found) => to_js(&found),
    }
}

/// A game file's sprite types and LevelMapping; throws the parser's error (line and column).
#[wasm_bindgen(js_name = vgdlGameInfo, unchecked_return_type = "VgdlGameInfo")]
pub fn vgdl_game_info(
    #[wasm_bindgen(unchecked_param_type = "string")] rules: JsValue,
) -> Result<JsValue, JsError> {
    let description = Description::parse(&string_from_js("rules", &rules)?)
        .map_err(|e| JsError::new(&format!("game rules: {e}")))?;
    let mapping = description
        .mapping
        .iter()
        .map(|(c, types)| VgdlMappingEntry {
            char: c.to_string(),
            types: types
                .iter()
                .map(|&t| description.types[t as usize].name.clone())
                .collect(),
        })
        .collect();
    to_js(&VgdlGameInfo {
        types: sprite_types(&description),
        mapping,
    })
}

/// The games the page ships, in its order (the first is the default).
#[wasm_bindgen(js_name = vgdlShippedGames, unchecked_return_type = "VgdlShippedGame[]")]
pub fn vgdl_shipped_games() -> Result<JsValue, JsError> {
    let games: Vec<VgdlShippedGame> = SHIPPED_GAMES
        .iter()
        .map(|g| VgdlShippedGame {
            name: g.name,
            title: g.title,
            about: g.about,
            rules: g.rules,
            levels: g.levels.to_vec(),
        })
        .collect();
    to_js(&games)
}

/// The start of `level` of the game file `rules`, as the "level" of `new GameSession('vgdl',
/// ...)`; throws the first problem, naming the game rules or the level, its line and column.
#[wasm_bindgen(js_name = vgdlStart)]
pub fn vgdl_start(
    #[wasm_bindgen(unchecked_param_type = "string")] rules: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] level: JsValue,
) -> Result<String, JsError> {
    let rules = string_from_js("rules", &rules)?;
    let level = string_from_js("level", &level)?;
    VgdlPlay::parse(&rules, &level)
        .map(|start| start.to_string())
        .map_err(|e| match e {
            LoadError::Game(e) => JsError::new(&format!("game rules: {e}")),
            LoadError::Level(e) => JsError::new(&format!("level: {e}")),
        })
}

/// A session's start from its text form.
fn parse_start(text: &str) -> Result<VgdlPlay, LevelProblem> {
    text.parse().map_err(|message| LevelProblem {
        line: 0,
        column: 0,
        message,
    })
}

/// The avatar's cell, row-major (clamped to the board).
fn avatar_cell(play: &VgdlPlay) -> usize {
    let world = play.state().world();
    let avatar = play.state().avatar();
    let x = (avatar.x.max(0) as usize).min(world.width - 1);
    let y = (avatar.y.max(0) as usize).min(world.height - 1);
    y * world.width + x
}

impl PageGame for VgdlPlay {
    const NAME: &'static str = "vgdl";
    const ACTIONS_HELP: &'static str = "actions are 0 left, 1 right, 2 down, 3 up, 4 nil";
    const CAPABILITIES: Capabilities<Self> = Capabilities {
        levels: Some(parse_start),
        agent_cell: Some(avatar_cell),
        ..Capabilities::NONE
    };
    type View = View;
    const PARAMETERS: Table = params::VGDL;

    fn action_name(action: Action) -> String {
        action.name().to_lowercase()
    }

    fn board_view(&self) -> Result<JsValue, JsError> {
        let state = self.state();
        let world = state.world();
        let mut sprites = Vec::new();
        for cell in 0..world.width * world.height {
            for &t in world.statics_at(cell) {
                let (x, y) = (cell % world.width, cell / world.width);
                sprites.extend([x as u32, y as u32, u32::from(t)]);
            }
        }
        for s in state.sprites() {
            if world.cell(s.x, s.y).is_some() {
                sprites.extend([s.x as u32, s.y as u32, u32::from(s.kind)]);
            }
        }
        let description = state.description();
        let avatar = state.avatar();
        to_js(&VgdlBoardView {
            width: world.width,
            height: world.height,
            types: sprite_types(description),
            sprites,
            avatar_x: i32::from(avatar.x),
            avatar_y: i32::from(avatar.y),
            alive: state.is_alive(),
            score: state.score(),
            tick: state.tick(),
            outcome: self.outcome_word(),
            resources: description
                .resources
                .iter()
                .zip(state.resources())
                .map(|(&t, &amount)| VgdlResource {
                    name: description.types[t as usize].name.clone(),
                    amount: u32::from(amount),
                })
                .collect(),
        })
    }

    fn cell_count(&self) -> usize {
        let world = self.state().world();
        world.width * world.height
    }

    fn outcome_word(&self) -> &'static str {
        match self.state().outcome() {
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
