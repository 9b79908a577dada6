//! The JavaScript API: opaque handles with small results. This module (this file and, for the
//! games other than Bait, `wasm/g2048.rs` and `wasm/othello.rs`) is the only code that mentions
//! wasm-bindgen.
//!
//! - [`GameSession`]: a game in progress for the page (legal actions, apply, undo, outcome,
//!   score, a compact board view for drawing, the plan's path, an encoded state for the worker,
//!   and for 2048 the last move's tile motions).
//! - [`SearchJob`]: one search for the worker, run in slices with `step(budget)`; between slices
//!   it reports progress and counters, its best action and plan, a heat map of the cells its
//!   expanded states stood on, the frontier's cells, and per-root-action statistics for MCTS and
//!   RHEA.
//! - [`BatchGame`]: one whole game of a batch, played by an agent under a per-move work budget
//!   (2048), stepped in slices by a worker of the page's pool.
//! - Share links (`parseShareLink`, `formatShareLink`, `defaultView`, `defaultViewFor`,
//!   `shareLinkGame`), `validateLevel` and `freshSeed`.
//! - Speed comparisons (`benchRandomWalk`, `benchAstar`, `bench2048Mcts`, `benchPerft`,
//!   `benchOthelloSolve`): fixed workloads that `tests/e2e/bench*.mjs` time in Chromium against
//!   the same code built natively.
//!
//! Errors reach JS as exceptions (`JsError`) whose message a person can act on. The panic hook
//! is installed once, when the module starts. The one `match` on the game's name is in
//! [`game_kind`]; everything else goes through the [`GameKind`], [`Playable`] and [`Job`] traits.
//! Each game other than Bait keeps its side of the API in a submodule (`wasm/g2048.rs`,
//! `wasm/othello.rs`); the worker's encoded state is `wasm/encoded_state.rs` (plain Rust).

mod encoded_state;
mod g2048;
mod othello;

use crate::game::Game;
use crate::games::bait::eval::BaitEval;
use crate::games::bait::{BaitState, LevelError, Outcome};
use crate::rng::Rng;
use crate::search::anytime::RootActionStat;
use crate::search::{Limit, Observer, Progress, Search, Stats, Visit};
use crate::share::{Fields, View, MAX_SEED};
use encoded_state::EncodedState;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Memory a page search may use (each of the page and the worker has its own wasm memory).
const SEARCH_MEMORY_BYTES: u64 = 512 << 20;

/// Installs the panic hook, so a bug shows as a readable console message rather than
/// "unreachable executed".
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Every setting of the playground view (the share link's fields). */
export interface View {
  game: string;
  level: string | null;
  algo: "dfs" | "dls" | "bfs" | "astar" | "wastar" | "mcts" | "rhea";
  mode: "plan" | "act";
  depth: number;
  heuristic: "walls" | "state";
  weights: [number, number, number];
  weight: number;
  uct: number;
  rolloutDepth: number;
  population: number;
  horizon: number;
  maxNodes: number;
  budgetMs: number;
  seed: number | null;
}
/** A board to draw: per-cell bit flags (wall 1, box 2, hole 4, mushroom 8, key 16, goal 32). */
export interface BoardView {
  width: number;
  height: number;
  cells: Uint8Array;
  avatarX: number;
  avatarY: number;
  hasKey: boolean;
  alive: boolean;
}
/** Where a level text is wrong (1-based; 0 when the error has no place). */
export interface LevelProblem { line: number; column: number; message: string; }
/** A search's state after a slice. `frontier` is the number of states waiting now. */
export interface StepReport {
  status: "running" | "solved" | "exhausted" | "limit_reached";
  limit: "nodes" | "memory" | null;
  expanded: number;
  generated: number;
  frontier: number | null;
  maxFrontier: number;
  maxDepth: number;
  stored: number;
  iterations: number;
}
/** What MCTS or RHEA knows about one root action (2048: also expectimax's value and greedy's,
 * with 0 visits). */
export interface RootAction { action: number; visits: number; value: number; }
/** Every setting of the 2048 view (the share link's fields). */
export interface View2048 {
  game: "2048";
  algo: "mcts" | "expectimax" | "greedy" | "random";
  depth: number;
  uct: number;
  budgetMs: number;
  games: number;
  batchNodes: number;
  seed: number | null;
}
/** How the last 2048 move went: every tile's slide (exponents before the move) and the spawn. */
export interface MoveTrace {
  action: number;
  gain: number;
  slides: { from: number; to: number; exponent: number; merged: boolean }[];
  spawn: { cell: number; exponent: number } | null;
}
/** Who plays one side of an Othello game, with every agent setting. */
export interface SideOthello {
  human: boolean;
  algo: "minimax" | "alphabeta" | "alphabeta_tt" | "mtdf" | "mcts" | "solver" | "random";
  eval: "course" | "strong";
  budget: "depth" | "time" | "nodes";
  depth: number;
  ms: number;
  nodes: number;
  solve: number;
  uct: number;
}
/** Every setting of the Othello view (the share link's fields). */
export interface ViewOthello {
  game: "othello";
  board: string | null;
  side: "X" | "O";
  moves: number[];
  at: number | null;
  black: SideOthello;
  white: SideOthello;
  seed: number | null;
}
/** An Othello move: the square (64 = pass), who played it (0 Black, 1 White), the discs it
 * turned. */
export interface OthelloMove { action: number; player: number; flipped: number[]; }
/** What an Othello agent thinks. `value` is the root's value from Black's view in `units`:
 * "course" (the course's heuristic), "strong" (ours), "discs" (exact final disc difference),
 * "playouts" (MCTS: mean final disc difference of its playouts), "none". */
export interface Thinking {
  algo: string;
  eval: "course" | "strong" | null;
  side: "black" | "white";
  depth: number;
  value: number | null;
  units: "course" | "strong" | "discs" | "playouts" | "none";
  exact: boolean;
  forcedDiscs: number | null;
  onlyMove: boolean;
  nodes: number;
  leaves: number;
  cutoffs: number;
  pruned: number;
  tableCutoffs: number;
  maxDepth: number;
}
/** A batch game so far. `seed` is the game's own seed, as a decimal string (it may pass 2^53). */
export interface BatchReport {
  index: number;
  seed: string;
  moves: number;
  score: number;
  maxTile: number;
  work: number;
  over: boolean;
}
"#;

/// Turns any displayable error into a JS exception with its message.
fn js_error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// Serialises a small result for JS (structs become plain objects).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&serializer).map_err(js_error)
}

/// Reads a Bait view object from JS.
fn read_view(view: JsValue) -> Result<View, JsError> {
    read_view_as(view)
}

/// Reads a view object from JS; a misspelled field is an error, not silently ignored (serde's
/// `deny_unknown_fields` does not reach through serde-wasm-bindgen), also in nested objects
/// (Othello's sides).
fn read_view_as<T: Serialize + DeserializeOwned + Default>(view: JsValue) -> Result<T, JsError> {
    check_known_fields(&to_js(&T::default())?, &view, "")?;
    serde_wasm_bindgen::from_value(view)
        .map_err(|e| JsError::new(&format!("not a view object: {e}")))
}

/// Fails on the first field of `given` (and of its nested objects) that `known` lacks.
fn check_known_fields(known: &JsValue, given: &JsValue, path: &str) -> Result<(), JsError> {
    let plain = |value: &JsValue| value.is_object() && !js_sys::Array::is_array(value);
    if !plain(known) || !plain(given) {
        return Ok(());
    }
    let known_keys = js_sys::Object::keys(&js_sys::Object::from(known.clone()));
    for key in js_sys::Object::keys(&js_sys::Object::from(given.clone())).iter() {
        let name = format!("{path}{}", key.as_string().unwrap_or_default());
        if !known_keys.includes(&key, 0) {
            return Err(JsError::new(&format!(
                "not a view object: unknown field `{name}`"
            )));
        }
        let inner = |object: &JsValue| js_sys::Reflect::get(object, &key).unwrap_or_default();
        check_known_fields(&inner(known), &inner(given), &format!("{name}."))?;
    }
    Ok(())
}

/// Reads a view object from JS and checks every field; errors name the field.
fn view_from_js(view: JsValue) -> Result<View, JsError> {
    let view = read_view(view)?;
    view.validate().map_err(parameter_error)?;
    Ok(view)
}

/// A view's field out of range, as the worker reports it.
fn parameter_error(e: crate::share::ShareError) -> JsError {
    JsError::new(&format!("parameter '{}': {}", e.field, e.message))
}

/// The `game` field of a view object from JS.
fn game_of_view(view: &JsValue) -> Result<String, JsError> {
    js_sys::Reflect::get(view, &JsValue::from_str("game"))
        .ok()
        .and_then(|game| game.as_string())
        .ok_or_else(|| JsError::new("not a view object: missing field `game`"))
}

// ---------------------------------------------------------------------------------------------
// Share links

/// The default view: A*, GVGAI's sample-agent parameters, no level (the page's first) and no
/// seed yet.
#[wasm_bindgen(js_name = defaultView, unchecked_return_type = "View")]
pub fn default_view() -> Result<JsValue, JsError> {
    to_js(&View::default())
}

/// The default view of `game` (2048: the course's MCTS agent; Othello: a person against
/// MTD(f); no seed yet).
#[wasm_bindgen(js_name = defaultViewFor, unchecked_return_type = "View | View2048 | ViewOthello")]
pub fn default_view_for(game: &str) -> Result<JsValue, JsError> {
    game_kind(game)?.default_view()
}

/// Reads a share-link fragment (`#v=1&...`) into the view of the game it names. Throws an error
/// naming the bad field. A Bait level's tiles are checked separately, by [`validate_level`].
#[wasm_bindgen(js_name = parseShareLink, unchecked_return_type = "View | View2048 | ViewOthello")]
pub fn parse_share_link(fragment: &str) -> Result<JsValue, JsError> {
    let fields = Fields::read(fragment).map_err(js_error)?;
    let game = fields.game().map_err(js_error)?;
    game_kind(game)?.parse_link(&fields)
}

/// The game a share-link fragment names (`bait` if none), as far as the link can be read; throws
/// if even the version or the game is wrong. The page opens this game's default view when the
/// rest of the link is malformed.
#[wasm_bindgen(js_name = shareLinkGame)]
pub fn share_link_game(fragment: &str) -> Result<String, JsError> {
    let fields = Fields::read(fragment).map_err(js_error)?;
    Ok(fields.game().map_err(js_error)?.to_string())
}

/// Writes a view as a share-link fragment (without `#`). Throws an error naming a field out of
/// range.
#[wasm_bindgen(js_name = formatShareLink)]
pub fn format_share_link(
    #[wasm_bindgen(unchecked_param_type = "View | View2048 | ViewOthello")] view: JsValue,
) -> Result<String, JsError> {
    let game = game_of_view(&view)?;
    game_kind(&game)?.format_link(view)
}

/// A fresh random seed from the browser's (or Node's) cryptographic generator, below 2^53 so it
/// stays exact as a JS number.
#[wasm_bindgen(js_name = freshSeed)]
pub fn fresh_seed() -> Result<f64, JsError> {
    let mut bytes = [0u8; 8];
    getrandom::getrandom(&mut bytes)
        .map_err(|e| JsError::new(&format!("no random source: {e}")))?;
    Ok((u64::from_le_bytes(bytes) & MAX_SEED) as f64)
}

/// A JS number as a seed: a whole number from 0 to 2^53 - 1.
fn seed_from_js(name: &str, value: f64) -> Result<u64, JsError> {
    if value.fract() == 0.0 && (0.0..=MAX_SEED as f64).contains(&value) {
        Ok(value as u64)
    } else {
        Err(JsError::new(&format!(
            "{name} must be a whole number from 0 to {MAX_SEED}, not {value}"
        )))
    }
}

// ---------------------------------------------------------------------------------------------
// Games

/// Where a level text is wrong.
#[derive(Serialize)]
struct LevelProblem {
    line: usize,
    column: usize,
    message: String,
}

/// The board, ready to draw (see the `BoardView` TypeScript type).
struct BoardView {
    width: usize,
    height: usize,
    cells: Vec<u8>,
    avatar: Option<(usize, usize)>,
    has_key: bool,
    alive: bool,
}

impl BoardView {
    fn to_js(&self) -> Result<JsValue, JsError> {
        let object = js_sys::Object::new();
        let set = |key: &str, value: JsValue| {
            js_sys::Reflect::set(&object, &JsValue::from_str(key), &value)
                .map(|_| ())
                .map_err(|_| JsError::new("could not build the board view"))
        };
        let (x, y) = self
            .avatar
            .map_or((-1.0, -1.0), |(x, y)| (x as f64, y as f64));
        set("width", (self.width as f64).into())?;
        set("height", (self.height as f64).into())?;
        set(
            "cells",
            js_sys::Uint8Array::from(self.cells.as_slice()).into(),
        )?;
        set("avatarX", x.into())?;
        set("avatarY", y.into())?;
        set("hasKey", self.has_key.into())?;
        set("alive", self.alive.into())?;
        Ok(object.into())
    }
}

/// What the page needs from a game beyond the [`Game`] trait: drawing and the cell a state's
/// agent stands on (for the heat map and the plan's path).
trait Board: Game {
    /// Number of cells of the board (width × height).
    fn cell_count(&self) -> usize;
    /// The cell the agent stands on, row-major, if the game has one.
    fn agent_cell(&self) -> Option<usize>;
    /// The board, ready to draw.
    fn board_view(&self) -> BoardView;
    /// "playing", "won" or "lost".
    fn outcome_word(&self) -> &'static str;
    /// Whether the game, still running, provably can no longer be won.
    fn cannot_win(&self) -> bool;
}

/// Bait's board-view flags.
mod flags {
    pub const WALL: u8 = 1;
    pub const BOX: u8 = 2;
    pub const HOLE: u8 = 4;
    pub const MUSHROOM: u8 = 8;
    pub const KEY: u8 = 16;
    pub const GOAL: u8 = 32;
}

impl Board for BaitState {
    fn cell_count(&self) -> usize {
        self.level().width() * self.level().height()
    }

    fn agent_cell(&self) -> Option<usize> {
        let (x, y) = self.avatar_position();
        Some(y * self.level().width() + x)
    }

    fn board_view(&self) -> BoardView {
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
        BoardView {
            width,
            height,
            cells,
            avatar: Some(self.avatar_position()),
            has_key: self.has_key(),
            alive: self.is_alive(),
        }
    }

    fn outcome_word(&self) -> &'static str {
        match self.outcome() {
            Outcome::Running => "playing",
            Outcome::Won => "won",
            Outcome::Lost => "lost",
        }
    }

    fn cannot_win(&self) -> bool {
        self.outcome() == Outcome::Running && BaitEval::new(self.level()).is_dead(self)
    }
}

/// A game kind: reads its share links and levels, builds sessions, search jobs and batch games.
trait GameKind {
    /// The game's name in links and sessions.
    fn name(&self) -> &'static str;
    /// Checks a level text.
    fn validate(&self, level: &str) -> Result<(), LevelProblem>;
    /// A session on `level`.
    fn session(&self, level: &str) -> Result<Box<dyn Playable>, JsError>;
    /// A session of a game whose chance events come from `seed` (games without levels).
    fn seeded_session(&self, _seed: u64) -> Result<Box<dyn Playable>, JsError> {
        Err(JsError::new(&format!(
            "{} is played on a level: use new GameSession('{0}', level)",
            self.name()
        )))
    }
    /// A search from the encoded state with the view's (a JS object's) agent and parameters.
    fn job(&self, state: &EncodedState, view: JsValue, seed: u64) -> Result<Box<dyn Job>, JsError>;
    /// The game's view from a link's fields.
    fn parse_link(&self, fields: &Fields) -> Result<JsValue, JsError>;
    /// A view object from JS as a link fragment.
    fn format_link(&self, view: JsValue) -> Result<String, JsError>;
    /// The game's default view.
    fn default_view(&self) -> Result<JsValue, JsError>;
    /// Game `index` of the batch the view describes.
    fn batch_game(&self, _view: JsValue, _index: u32) -> Result<Box<dyn Batch>, JsError> {
        Err(JsError::new(&format!("{} has no batch mode", self.name())))
    }
}

/// The game called `name`: the one place that matches on the game's name.
fn game_kind(name: &str) -> Result<&'static dyn GameKind, JsError> {
    match name {
        "bait" => Ok(&BaitKind),
        "2048" => Ok(&g2048::G2048Kind),
        "othello" => Ok(&othello::OthelloKind),
        other => Err(JsError::new(&format!(
            "unknown game '{other}' (expected one of: {})",
            crate::share::GAMES.join(", ")
        ))),
    }
}

struct BaitKind;

fn level_problem(error: &LevelError) -> LevelProblem {
    let (line, column) = error.position().unwrap_or((0, 0));
    LevelProblem {
        line,
        column,
        message: error.to_string(),
    }
}

fn parse_bait(level: &str) -> Result<BaitState, JsError> {
    BaitState::parse(level).map_err(|e| JsError::new(&format!("level: {e}")))
}

impl GameKind for BaitKind {
    fn name(&self) -> &'static str {
        "bait"
    }

    fn validate(&self, level: &str) -> Result<(), LevelProblem> {
        BaitState::parse(level)
            .map(|_| ())
            .map_err(|e| level_problem(&e))
    }

    fn session(&self, level: &str) -> Result<Box<dyn Playable>, JsError> {
        Ok(Box::new(Session::new("bait", level, parse_bait(level)?)))
    }

    fn job(&self, state: &EncodedState, view: JsValue, seed: u64) -> Result<Box<dyn Job>, JsError> {
        let view = view_from_js(view)?;
        let root = state
            .replay(parse_bait(&state.level)?)
            .map_err(|e| JsError::new(&e))?;
        let heat = SharedHeat(Rc::new(RefCell::new(CellHeat::new(root.cell_count()))));
        let search = view
            .agent_spec(SEARCH_MEMORY_BYTES)
            .build(&root, seed, heat.clone())
            .map_err(|e| {
                JsError::new(&format!(
                    "parameter '{}': {}",
                    e.field.replace('_', "-"),
                    e.message
                ))
            })?;
        Ok(Box::new(Running {
            search: Indexed::new(search),
            heat,
            has_frontier: !view.algo.is_anytime(),
        }))
    }

    fn parse_link(&self, fields: &Fields) -> Result<JsValue, JsError> {
        to_js(&View::from_fields(fields).map_err(js_error)?)
    }

    fn format_link(&self, view: JsValue) -> Result<String, JsError> {
        read_view(view)?.format().map_err(js_error)
    }

    fn default_view(&self) -> Result<JsValue, JsError> {
        to_js(&View::default())
    }
}

// ---------------------------------------------------------------------------------------------
// Sessions

/// A game in progress, with its history for undo.
trait Playable {
    fn game(&self) -> &'static str;
    fn level(&self) -> &str;
    fn legal_actions(&self) -> Vec<u32>;
    fn apply(&mut self, action: u32) -> Result<(), JsError>;
    fn undo(&mut self) -> bool;
    fn reset(&mut self);
    fn outcome(&self) -> &'static str;
    fn cannot_win(&self) -> bool;
    fn score(&self) -> f64;
    fn moves(&self) -> &[u32];
    fn view(&self) -> BoardView;
    fn path_of(&self, actions: &[u32]) -> Vec<u32>;
    /// The seed of the game's chance events, for games that have them.
    fn seed(&self) -> Option<u64> {
        None
    }
    /// How the last move went, for drawing it (`undefined` when the game has nothing to show).
    fn last_move(&self) -> Result<JsValue, JsError> {
        Ok(JsValue::UNDEFINED)
    }
    /// The player to move in a game of several players (`None` in one-player games and once
    /// the game is over).
    fn player_to_move(&self) -> Option<u32> {
        None
    }
}

/// A game's history for undo, shared by every game's session: the start, then one entry per
/// move (a state, with whatever else the game must restore), and the moves' action indices.
struct History<S> {
    states: Vec<S>,
    moves: Vec<u32>,
}

impl<S> History<S> {
    fn new(start: S) -> Self {
        History {
            states: vec![start],
            moves: Vec::new(),
        }
    }

    /// The entry after the last move.
    fn current(&self) -> &S {
        self.states
            .last()
            .expect("a history always holds its start")
    }

    /// Records a move (`index`) and the entry it led to.
    fn push(&mut self, entry: S, index: u32) {
        self.states.push(entry);
        self.moves.push(index);
    }

    /// Takes back the last move; false at the start.
    fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.states.pop();
            true
        } else {
            false
        }
    }

    /// Back to the start.
    fn reset(&mut self) {
        self.states.truncate(1);
        self.moves.clear();
    }

    fn moves(&self) -> &[u32] {
        &self.moves
    }

    /// Every entry, the start first.
    fn states(&self) -> &[S] {
        &self.states
    }
}

struct Session<G> {
    game: &'static str,
    level: String,
    history: History<G>,
}

impl<G: Board> Session<G> {
    fn new(game: &'static str, level: &str, start: G) -> Self {
        Session {
            game,
            level: level.to_string(),
            history: History::new(start),
        }
    }

    fn current(&self) -> &G {
        self.history.current()
    }
}

impl<G: Board> Playable for Session<G> {
    fn game(&self) -> &'static str {
        self.game
    }

    fn level(&self) -> &str {
        &self.level
    }

    fn legal_actions(&self) -> Vec<u32> {
        let mut actions = Vec::new();
        self.current().legal_actions(&mut actions);
        actions.into_iter().map(G::action_index).collect()
    }

    fn apply(&mut self, index: u32) -> Result<(), JsError> {
        let action = G::action_from_index(index).ok_or_else(|| {
            JsError::new(&format!(
                "action {index} does not exist (actions are 0 to {})",
                G::NUM_DISTINCT_ACTIONS - 1
            ))
        })?;
        let mut next = self.current().clone();
        next.try_apply(action).map_err(js_error)?;
        self.history.push(next, index);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        self.history.undo()
    }

    fn reset(&mut self) {
        self.history.reset();
    }

    fn outcome(&self) -> &'static str {
        self.current().outcome_word()
    }

    fn cannot_win(&self) -> bool {
        self.current().cannot_win()
    }

    fn score(&self) -> f64 {
        self.current().returns(0)
    }

    fn moves(&self) -> &[u32] {
        self.history.moves()
    }

    fn view(&self) -> BoardView {
        self.current().board_view()
    }

    fn path_of(&self, actions: &[u32]) -> Vec<u32> {
        let mut state = self.current().clone();
        let mut path: Vec<u32> = state.agent_cell().map(|c| c as u32).into_iter().collect();
        for action in actions.iter().filter_map(|&i| G::action_from_index(i)) {
            if state.is_terminal() {
                break;
            }
            state.apply(action);
            path.extend(state.agent_cell().map(|c| c as u32));
        }
        path
    }
}

/// A game in progress: create it from a level text; apply, undo, draw.
#[wasm_bindgen]
pub struct GameSession {
    inner: Box<dyn Playable>,
}

#[wasm_bindgen]
impl GameSession {
    /// Starts `game` on `level` (GVGAI text; the course variant with spaces works too). Throws
    /// the parser's error, which names the line and column.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str, level: &str) -> Result<GameSession, JsError> {
        Ok(GameSession {
            inner: game_kind(game)?.session(level)?,
        })
    }

    /// Starts a game without levels (2048) whose chance events come from `seed` (a whole
    /// number below 2^53), so the game replays from its seed and its moves. Undo restores the
    /// generator too: the same move after an undo brings the same spawn.
    #[wasm_bindgen(js_name = fromSeed)]
    pub fn from_seed(game: &str, seed: f64) -> Result<GameSession, JsError> {
        Ok(GameSession {
            inner: game_kind(game)?.seeded_session(seed_from_js("seed", seed)?)?,
        })
    }

    /// How the last move went, for animating it (2048: a `MoveTrace`, `undefined` after an
    /// undo; Othello: an `OthelloMove`, the last move of the history); `undefined` after a
    /// reset, before the first move, and for games without animation.
    #[wasm_bindgen(js_name = lastMove, unchecked_return_type = "MoveTrace | OthelloMove | undefined")]
    pub fn last_move(&self) -> Result<JsValue, JsError> {
        self.inner.last_move()
    }

    /// The legal actions' indices, in the game's order (empty once the game is over).
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> Vec<u32> {
        self.inner.legal_actions()
    }

    /// Plays the action with this index. Throws if it is not legal here.
    pub fn apply(&mut self, action: u32) -> Result<(), JsError> {
        self.inner.apply(action)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Back to the level's start.
    pub fn reset(&mut self) {
        self.inner.reset()
    }

    /// Othello: the player to move (0 Black, 1 White); `undefined` once the game is over and
    /// in one-player games.
    #[wasm_bindgen(js_name = playerToMove)]
    pub fn player_to_move(&self) -> Option<u32> {
        self.inner.player_to_move()
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isTerminal)]
    pub fn is_terminal(&self) -> bool {
        self.inner.outcome() != "playing"
    }

    /// "playing", "won" or "lost"; 2048: "over"; Othello: the winner ("black", "white") or
    /// "draw".
    pub fn outcome(&self) -> String {
        self.inner.outcome().into()
    }

    /// Whether the game goes on but provably can no longer be won (for Bait: a box sealed the
    /// key or the door, or the way to them is cut).
    #[wasm_bindgen(js_name = cannotWin)]
    pub fn cannot_win(&self) -> bool {
        self.inner.cannot_win()
    }

    /// The score so far.
    pub fn score(&self) -> f64 {
        self.inner.score()
    }

    /// Moves played since the start.
    pub fn moves(&self) -> u32 {
        self.inner.moves().len() as u32
    }

    /// The moves played, as action indices.
    pub fn history(&self) -> Vec<u32> {
        self.inner.moves().to_vec()
    }

    /// The board to draw.
    #[wasm_bindgen(unchecked_return_type = "BoardView")]
    pub fn view(&self) -> Result<JsValue, JsError> {
        self.inner.view().to_js()
    }

    /// The cells (row-major indices) the agent walks through if it plays `actions` from here,
    /// starting with its cell now.
    #[wasm_bindgen(js_name = pathOf)]
    pub fn path_of(&self, actions: &[u32]) -> Vec<u32> {
        self.inner.path_of(actions)
    }

    /// The state as a string for `new SearchJob` (the level and the moves played).
    pub fn encode(&self) -> String {
        EncodedState {
            game: self.inner.game().into(),
            level: self.inner.level().into(),
            moves: self.inner.moves().to_vec(),
            seed: self.inner.seed(),
        }
        .encode()
    }
}

/// Checks a level text: `undefined` when it is valid, else where and why it is not.
#[wasm_bindgen(js_name = validateLevel, unchecked_return_type = "LevelProblem | undefined")]
pub fn validate_level(game: &str, level: &str) -> Result<JsValue, JsError> {
    match game_kind(game)?.validate(level) {
        Ok(()) => Ok(JsValue::UNDEFINED),
        Err(problem) => to_js(&problem),
    }
}

// ---------------------------------------------------------------------------------------------
// Search jobs

/// Counts, per board cell, the states a search expanded and generated there (by where the
/// agent stands).
struct CellHeat {
    expanded: Vec<u32>,
    generated: Vec<u32>,
    expanded_total: u64,
    generated_total: u64,
}

impl CellHeat {
    fn new(cells: usize) -> Self {
        CellHeat {
            expanded: vec![0; cells],
            generated: vec![0; cells],
            expanded_total: 0,
            generated_total: 0,
        }
    }

    fn bump(counts: &mut [u32], cell: Option<usize>) {
        if let Some(count) = cell.and_then(|c| counts.get_mut(c)) {
            *count = count.saturating_add(1);
        }
    }

    /// States generated but not yet expanded, per cell (exact for searches that report each
    /// queued state once as generated and once as expanded).
    fn frontier(&self) -> Vec<u32> {
        self.generated
            .iter()
            .zip(&self.expanded)
            .map(|(g, e)| g.saturating_sub(*e))
            .collect()
    }
}

impl<G: Board> Observer<G> for CellHeat {
    fn expanded(&mut self, state: &G, _visit: Visit) {
        self.expanded_total += 1;
        CellHeat::bump(&mut self.expanded, state.agent_cell());
    }

    fn generated(&mut self, state: &G, _visit: Visit) {
        self.generated_total += 1;
        CellHeat::bump(&mut self.generated, state.agent_cell());
    }
}

/// The heat map shared by a search (which owns its observer) and the job that reads it.
#[derive(Clone)]
struct SharedHeat(Rc<RefCell<CellHeat>>);

impl<G: Board> Observer<G> for SharedHeat {
    fn expanded(&mut self, state: &G, visit: Visit) {
        Observer::<G>::expanded(&mut *self.0.borrow_mut(), state, visit);
    }

    fn generated(&mut self, state: &G, visit: Visit) {
        Observer::<G>::generated(&mut *self.0.borrow_mut(), state, visit);
    }
}

/// A search seen through dense action indices, whatever its game (object-safe).
trait IndexedSearch {
    fn step(&mut self, budget: u64) -> Progress;
    fn stats(&self) -> Stats;
    fn best_action(&self) -> Option<u32>;
    fn plan(&self) -> Vec<u32>;
    fn root_actions(&self) -> Vec<RootActionStat>;
}

/// A search over `G` as an [`IndexedSearch`].
struct Indexed<G, S> {
    search: S,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G, S> Indexed<G, S> {
    fn new(search: S) -> Self {
        Indexed {
            search,
            game: std::marker::PhantomData,
        }
    }
}

impl<G: Game, S: Search<G>> IndexedSearch for Indexed<G, S> {
    fn step(&mut self, budget: u64) -> Progress {
        self.search.step(budget)
    }

    fn stats(&self) -> Stats {
        self.search.stats()
    }

    fn best_action(&self) -> Option<u32> {
        self.search.best_action().map(G::action_index)
    }

    fn plan(&self) -> Vec<u32> {
        let plan = self.search.principal_variation();
        plan.into_iter().map(G::action_index).collect()
    }

    fn root_actions(&self) -> Vec<RootActionStat> {
        self.search.root_action_stats()
    }
}

/// A search the worker runs in slices, with what its game adds to the search's own answers.
trait Job {
    /// The search itself.
    fn search(&self) -> &dyn IndexedSearch;
    fn search_mut(&mut self) -> &mut dyn IndexedSearch;
    /// Per cell, how often expanded states touched it; empty for games where no agent stands on
    /// a cell.
    fn heat(&self) -> Vec<u32> {
        Vec::new()
    }
    /// Per cell, states waiting in the frontier; empty for searches without one.
    fn frontier(&self) -> Vec<u32> {
        Vec::new()
    }
    /// States waiting in the frontier now, for searches that have one.
    fn frontier_size(&self) -> Option<u64> {
        None
    }
    /// What a two-player agent thinks (a `Thinking`); `undefined` for the other games.
    fn thinking(&self) -> Result<JsValue, JsError> {
        Ok(JsValue::UNDEFINED)
    }
}

/// A search with nothing to add (2048's agents).
impl<G: Game, S: Search<G>> Job for Indexed<G, S> {
    fn search(&self) -> &dyn IndexedSearch {
        self
    }

    fn search_mut(&mut self) -> &mut dyn IndexedSearch {
        self
    }
}

/// A configured agent's search and its heat map.
struct Running<G: Game> {
    search: Indexed<G, Box<dyn Search<G>>>,
    heat: SharedHeat,
    /// Puzzle searches have a frontier; MCTS and RHEA do not.
    has_frontier: bool,
}

impl<G: Game> Job for Running<G> {
    fn search(&self) -> &dyn IndexedSearch {
        &self.search
    }

    fn search_mut(&mut self) -> &mut dyn IndexedSearch {
        &mut self.search
    }

    fn heat(&self) -> Vec<u32> {
        self.heat.0.borrow().expanded.clone()
    }

    fn frontier(&self) -> Vec<u32> {
        let heat = self.heat.0.borrow();
        if self.has_frontier {
            heat.frontier()
        } else {
            vec![0; heat.expanded.len()]
        }
    }

    fn frontier_size(&self) -> Option<u64> {
        let heat = self.heat.0.borrow();
        self.has_frontier
            .then(|| heat.generated_total.saturating_sub(heat.expanded_total))
    }
}

/// A search's state after a slice (see the `StepReport` TypeScript type).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StepReport {
    status: &'static str,
    limit: Option<&'static str>,
    expanded: u64,
    generated: u64,
    frontier: Option<u64>,
    max_frontier: u64,
    max_depth: u32,
    stored: u64,
    iterations: u64,
}

#[derive(Serialize)]
struct RootAction {
    action: u32,
    visits: u64,
    value: f64,
}

/// One search for the worker: create it from an encoded state, a view (algorithm and
/// parameters) and a seed; run it with `step(budget)` in slices; read its answer between slices.
#[wasm_bindgen]
pub struct SearchJob {
    job: Box<dyn Job>,
    last: Progress,
}

#[wasm_bindgen]
impl SearchJob {
    /// A search from `state` (from `GameSession.encode()`) with the view's algorithm and
    /// parameters. `seed` and `stream` (both whole numbers below 2^53) pick the random stream,
    /// so every act of a game gets its own. Throws an error naming a bad parameter.
    #[wasm_bindgen(constructor)]
    pub fn new(
        state: &str,
        #[wasm_bindgen(unchecked_param_type = "View")] view: JsValue,
        seed: f64,
        stream: f64,
    ) -> Result<SearchJob, JsError> {
        let state = EncodedState::decode(state).map_err(|e| JsError::new(&e))?;
        let seed = Rng::derive(seed_from_js("seed", seed)?, seed_from_js("stream", stream)?);
        let job = game_kind(&state.game)?.job(&state, view, seed)?;
        Ok(SearchJob {
            job,
            last: Progress::Running,
        })
    }

    /// Runs at most `budget` units of work (expansions; iterations for MCTS and RHEA) and
    /// reports where the search stands. Once finished, further steps do nothing.
    #[wasm_bindgen(unchecked_return_type = "StepReport")]
    pub fn step(&mut self, budget: f64) -> Result<JsValue, JsError> {
        if !self.last.is_finished() && budget >= 1.0 {
            self.last = self
                .job
                .search_mut()
                .step(budget.min(u64::MAX as f64) as u64);
        }
        let stats = self.job.search().stats();
        let (status, limit) = match self.last {
            Progress::Running => ("running", None),
            Progress::Solved => ("solved", None),
            Progress::Exhausted => ("exhausted", None),
            Progress::LimitReached(Limit::Nodes) => ("limit_reached", Some("nodes")),
            Progress::LimitReached(Limit::Memory) => ("limit_reached", Some("memory")),
        };
        to_js(&StepReport {
            status,
            limit,
            expanded: stats.expanded,
            generated: stats.generated,
            frontier: self.job.frontier_size(),
            max_frontier: stats.max_frontier,
            max_depth: stats.max_depth,
            stored: stats.stored,
            iterations: stats.iterations,
        })
    }

    /// The action the search recommends now, if any.
    #[wasm_bindgen(js_name = bestAction)]
    pub fn best_action(&self) -> Option<u32> {
        self.job.search().best_action()
    }

    /// The plan (puzzle searches) or the expected line of play (MCTS, RHEA) so far.
    pub fn plan(&self) -> Vec<u32> {
        self.job.search().plan()
    }

    /// Per board cell, how many expanded states had the agent there.
    pub fn heat(&self) -> Vec<u32> {
        self.job.heat()
    }

    /// Per board cell, how many states wait in the frontier with the agent there (all zero for
    /// MCTS and RHEA).
    pub fn frontier(&self) -> Vec<u32> {
        self.job.frontier()
    }

    /// Othello: what the agent thinks (depth, value for Black, exact or not, nodes searched and
    /// cut off); `undefined` for the other games.
    #[wasm_bindgen(unchecked_return_type = "Thinking | undefined")]
    pub fn thinking(&self) -> Result<JsValue, JsError> {
        self.job.thinking()
    }

    /// MCTS and RHEA: value and visits of each root action (empty for the other searches).
    #[wasm_bindgen(js_name = rootActions, unchecked_return_type = "RootAction[]")]
    pub fn root_actions(&self) -> Result<JsValue, JsError> {
        let rows: Vec<RootAction> = self
            .job
            .search()
            .root_actions()
            .into_iter()
            .map(|r| RootAction {
                action: r.index,
                visits: r.visits,
                value: r.value,
            })
            .collect();
        to_js(&rows)
    }
}

// ---------------------------------------------------------------------------------------------
// Batches

/// One game of a batch, played by an agent to its end in slices.
trait Batch {
    /// Plays on for about `budget` work units; returns where the game stands.
    fn step(&mut self, budget: u64) -> BatchReport;
}

/// A batch game so far (see the `BatchReport` TypeScript type).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BatchReport {
    index: u32,
    seed: String,
    moves: u64,
    score: u64,
    max_tile: u64,
    work: u64,
    over: bool,
}

/// One game of a batch for a worker of the page's pool: create it from a view (the agent, its
/// per-move work budget, the batch's seed and size) and the game's index; run it with
/// `step(budget)` in slices until the report says `over`.
#[wasm_bindgen]
pub struct BatchGame {
    inner: Box<dyn Batch>,
}

#[wasm_bindgen]
impl BatchGame {
    /// Game `index` (from 0, below the view's `games`) of the batch the view describes. Throws
    /// an error naming a bad parameter, or if the game has no batch mode.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "View2048")] view: JsValue,
        index: u32,
    ) -> Result<BatchGame, JsError> {
        let game = game_of_view(&view)?;
        Ok(BatchGame {
            inner: game_kind(&game)?.batch_game(view, index)?,
        })
    }

    /// Plays on for about `budget` work units (MCTS iterations, expectimax expansions; a move of
    /// greedy or random counts one) and reports the game so far.
    #[wasm_bindgen(unchecked_return_type = "BatchReport")]
    pub fn step(&mut self, budget: f64) -> Result<JsValue, JsError> {
        let budget = if budget >= 1.0 {
            budget.min(u64::MAX as f64) as u64
        } else {
            0
        };
        to_js(&self.inner.step(budget))
    }
}

// ---------------------------------------------------------------------------------------------
// Speed comparison (tests/e2e/bench.mjs times these against the same code built natively)

/// `speed::bait_random_walk`: `steps` forward-model calls; returns the checksum as a decimal
/// string.
#[wasm_bindgen(js_name = benchRandomWalk)]
pub fn bench_random_walk(level: &str, steps: f64, seed: f64) -> Result<String, JsError> {
    let steps = seed_from_js("steps", steps)?;
    let seed = seed_from_js("seed", seed)?;
    crate::speed::bait_random_walk(level, steps, seed)
        .map(|checksum| checksum.to_string())
        .map_err(|e| JsError::new(&format!("level: {e}")))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AstarBench {
    plan_length: usize,
    expanded: u64,
}

/// `speed::bait_astar`: A* with the walls-only distance to the end; returns
/// `{ planLength, expanded }`.
#[wasm_bindgen(js_name = benchAstar, unchecked_return_type = "{ planLength: number; expanded: number }")]
pub fn bench_astar(level: &str) -> Result<JsValue, JsError> {
    let run = crate::speed::bait_astar(level).map_err(|e| JsError::new(&format!("level: {e}")))?;
    to_js(&AstarBench {
        plan_length: run.plan_length,
        expanded: run.stats.expanded,
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MctsBench {
    searches: u64,
    playouts: u64,
    checksum: String,
}

/// `speed::g2048_course_mcts`: the course's 2048 MCTS, `playouts_per_position` playouts from
/// each middle-game position of `seed` (`searchlab 2048 speed --seed S --playouts N` runs the
/// same); returns `{ searches, playouts, checksum }`, the checksum as a decimal string.
#[wasm_bindgen(js_name = bench2048Mcts, unchecked_return_type = "{ searches: number; playouts: number; checksum: string }")]
pub fn bench_2048_mcts(seed: f64, playouts_per_position: f64) -> Result<JsValue, JsError> {
    let seed = seed_from_js("seed", seed)?;
    let playouts = seed_from_js("playoutsPerPosition", playouts_per_position)?;
    if playouts == 0 {
        return Err(JsError::new("playoutsPerPosition: must be at least 1"));
    }
    let run = crate::speed::g2048_course_mcts(seed, playouts);
    to_js(&MctsBench {
        searches: run.searches,
        playouts: run.playouts,
        checksum: run.checksum.to_string(),
    })
}

/// `games::othello::perft` from the start position to `depth` plies; returns the leaves as a
/// decimal string (`searchlab othello perft --depth D` counts the same).
#[wasm_bindgen(js_name = benchPerft)]
pub fn bench_perft(depth: u32) -> Result<String, JsError> {
    if depth > 14 {
        return Err(JsError::new("depth: at most 14 plies"));
    }
    let board = crate::games::othello::Board::start();
    Ok(crate::games::othello::perft::perft(board, depth).to_string())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SolveBench {
    score: i32,
    best_move: Option<String>,
    nodes: u64,
}

/// The exact solver on an FFO position (`board`, `side`) with a table of `table_mb` MiB (made
/// by this call); returns `{ score, bestMove, nodes }` as `searchlab othello solve` does.
#[wasm_bindgen(js_name = benchOthelloSolve, unchecked_return_type = "{ score: number; bestMove: string | null; nodes: number }")]
pub fn bench_othello_solve(board: &str, side: &str, table_mb: u32) -> Result<JsValue, JsError> {
    let position = crate::games::othello::Othello::parse(board, side).map_err(js_error)?;
    if !(1..=1024).contains(&table_mb) {
        return Err(JsError::new("table_mb: from 1 to 1024"));
    }
    let mut solver =
        crate::games::othello::endgame::Solver::new((table_mb as usize) << 20, u64::MAX);
    let solution = solver.solve(position.board()).map_err(js_error)?;
    to_js(&SolveBench {
        score: solution.score,
        best_move: solution.best_move.map(|m| m.to_string()),
        nodes: solution.nodes,
    })
}
