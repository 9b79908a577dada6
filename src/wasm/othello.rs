//! Othello's side of the JavaScript API: sessions from the start or from an FFO position, with
//! undo and the last move's flips; one move's thinking for the worker, whichever side's agent
//! is to move, with what it thinks (depth, value, counters, exact); share links.
//!
//! A session's "level" is its start position as `BOARD SIDE` text (FFO notation, see
//! `games::othello::text`), or `start` (also the empty text) for the standard start; actions
//! are squares 0..64 (a1 = 0, h8 = 63) and 64 for the pass.

use super::{
    js_error, read_view_as, to_js, BoardView, EncodedState, GameKind, History, Indexed,
    IndexedSearch, Job, LevelProblem, Playable,
};
use crate::agents::othello::{Algorithm, EvalKind, Report, Thinking};
use crate::game::{Game, Turn};
use crate::games::othello::eval::terminal_value;
use crate::games::othello::text::TextError;
use crate::games::othello::{Color, Othello};
use crate::search::Limits;
use crate::share::othello::{View, MAX_SOLVE};
use crate::share::Fields;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Limits of one move's search on the page: no node cap (the worker stops at the deadline or on
/// Stop; the solver only runs at up to [`MAX_SOLVE`] empties, and has no deadline), 32 MiB for
/// the transposition table, the MCTS tree or the solver's table.
const LIMITS: Limits = Limits {
    max_nodes: u64::MAX,
    max_memory_bytes: 32 << 20,
};

pub(super) struct OthelloKind;

/// Reads a start position: `start` (or nothing) or `BOARD SIDE`.
fn parse_position(text: &str) -> Result<Othello, TextError> {
    match text.trim() {
        "" | "start" => Ok(Othello::start()),
        other => other.parse(),
    }
}

impl GameKind for OthelloKind {
    fn name(&self) -> &'static str {
        "othello"
    }

    fn validate(&self, level: &str) -> Result<(), LevelProblem> {
        parse_position(level).map(|_| ()).map_err(|e| LevelProblem {
            line: 1,
            column: match e {
                TextError::BoardChar { index, .. } => index + 1,
                _ => 0,
            },
            message: e.to_string(),
        })
    }

    fn session(&self, level: &str) -> Result<Box<dyn Playable>, JsError> {
        let start = parse_position(level).map_err(|e| JsError::new(&format!("position: {e}")))?;
        Ok(Box::new(Session {
            level: if level.trim().is_empty() {
                "start".into()
            } else {
                level.trim().into()
            },
            history: History::new(start),
        }))
    }

    fn job(&self, state: &EncodedState, view: JsValue, seed: u64) -> Result<Box<dyn Job>, JsError> {
        let view: View = read_view_as(view)?;
        if view.game != "othello" {
            return Err(JsError::new(&format!(
                "parameter 'game': '{}' is not Othello",
                view.game
            )));
        }
        let start = parse_position(&state.level)
            .map_err(|e| JsError::new(&format!("encoded state: position: {e}")))?;
        let root = state.replay(start).map_err(|e| JsError::new(&e))?;
        if root.is_terminal() {
            return Err(JsError::new(
                "the game is over: there is no move to think about",
            ));
        }
        let (field, side) = match root.side() {
            Color::Black => ("black", &view.black),
            Color::White => ("white", &view.white),
        };
        if side.human {
            return Err(JsError::new(&format!(
                "parameter '{field}': a person plays {}; there is no agent to think",
                colour_name(root.side())
            )));
        }
        side.validate(field)
            .map_err(|e| JsError::new(&format!("parameter '{}': {}", e.field, e.message)))?;
        let spec = side.agent_spec(LIMITS);
        if spec.algo == Algorithm::Solver && root.empty_count() > MAX_SOLVE {
            return Err(JsError::new(&format!(
                "parameter '{field}': the page gives the exact solver positions with at most \
                 {MAX_SOLVE} empty squares (a solve from more can take hours); this one has {}",
                root.empty_count()
            )));
        }
        let thinking = spec
            .think(&root, seed)
            .map_err(|e| JsError::new(&format!("parameter '{field}': {e}")))?;
        Ok(Box::new(Agent {
            thinking: Indexed::new(thinking),
            side: root.side(),
        }))
    }

    fn parse_link(&self, fields: &Fields) -> Result<JsValue, JsError> {
        to_js(&View::from_fields(fields).map_err(js_error)?)
    }

    fn format_link(&self, view: JsValue) -> Result<String, JsError> {
        read_view_as::<View>(view)?.format().map_err(js_error)
    }

    fn default_view(&self) -> Result<JsValue, JsError> {
        to_js(&View::default())
    }
}

fn colour_name(colour: Color) -> &'static str {
    match colour {
        Color::Black => "Black",
        Color::White => "White",
    }
}

// ---------------------------------------------------------------------------------------------
// Sessions

/// An Othello game in progress, with its history for undo.
struct Session {
    level: String,
    /// The start, then the position after every move.
    history: History<Othello>,
}

impl Session {
    fn current(&self) -> &Othello {
        self.history.current()
    }
}

/// The last move (see the `OthelloMove` TypeScript type).
#[derive(Serialize)]
struct LastMove {
    action: u32,
    player: usize,
    flipped: Vec<u32>,
}

impl Playable for Session {
    fn game(&self) -> &'static str {
        "othello"
    }

    fn level(&self) -> &str {
        &self.level
    }

    fn legal_actions(&self) -> Vec<u32> {
        let mut actions = Vec::new();
        self.current().legal_actions(&mut actions);
        actions.into_iter().map(Othello::action_index).collect()
    }

    fn apply(&mut self, index: u32) -> Result<(), JsError> {
        let action = Othello::action_from_index(index).ok_or_else(|| {
            JsError::new(&format!(
                "action {index} does not exist (squares are 0 (a1) to 63 (h8), 64 is the pass)"
            ))
        })?;
        let mut next = *self.current();
        next.try_apply(action)
            .map_err(|e| JsError::new(&format!("{action}: {e}")))?;
        self.history.push(next, index);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        self.history.undo()
    }

    fn reset(&mut self) {
        self.history.reset();
    }

    /// "playing", or the winner ("black", "white") or "draw".
    fn outcome(&self) -> &'static str {
        let state = self.current();
        if !state.is_terminal() {
            return "playing";
        }
        match state.black_score().signum() {
            1 => "black",
            -1 => "white",
            _ => "draw",
        }
    }

    fn cannot_win(&self) -> bool {
        false
    }

    /// Black's discs minus White's; at the end, the final score (empties to the winner).
    fn score(&self) -> f64 {
        let state = self.current();
        if state.is_terminal() {
            f64::from(state.black_score())
        } else {
            f64::from(state.black().count_ones()) - f64::from(state.white().count_ones())
        }
    }

    fn moves(&self) -> &[u32] {
        self.history.moves()
    }

    /// Eight by eight cells from a1 (row-major, rank 1 first): 0 empty, 1 Black, 2 White.
    fn view(&self) -> BoardView {
        let state = self.current();
        let (black, white) = (state.black(), state.white());
        BoardView {
            width: 8,
            height: 8,
            cells: (0..64)
                .map(|square| {
                    let bit = 1u64 << square;
                    u8::from(black & bit != 0) + 2 * u8::from(white & bit != 0)
                })
                .collect(),
            avatar: None,
            has_key: false,
            alive: !state.is_terminal(),
        }
    }

    fn path_of(&self, _actions: &[u32]) -> Vec<u32> {
        Vec::new()
    }

    fn player_to_move(&self) -> Option<u32> {
        match self.current().turn() {
            Turn::Player(player) => Some(player as u32),
            Turn::Chance | Turn::Terminal => None,
        }
    }

    /// The last move of the history (also after an undo): who played it and which discs it
    /// turned.
    fn last_move(&self) -> Result<JsValue, JsError> {
        let (Some(&action), [.., before, after]) =
            (self.history.moves().last(), self.history.states())
        else {
            return Ok(JsValue::UNDEFINED);
        };
        let turned = (before.black() & after.white()) | (before.white() & after.black());
        let mut squares = Vec::new();
        let mut bits = turned;
        while bits != 0 {
            squares.push(bits.trailing_zeros());
            bits &= bits - 1;
        }
        to_js(&LastMove {
            action,
            player: before.side().player(),
            flipped: squares,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Search jobs

/// One move's thinking for the side to move.
struct Agent {
    thinking: Indexed<Othello, Thinking>,
    side: Color,
}

/// What the agent thinks (see the `Thinking` TypeScript type).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ThinkingView {
    algo: Algorithm,
    eval: Option<EvalKind>,
    /// The side to move ("black" or "white").
    side: &'static str,
    depth: u32,
    /// The root's value from Black's view, in `units`.
    value: Option<f64>,
    units: &'static str,
    exact: bool,
    /// The exact solver is still at work on `depth` empty squares.
    solving: bool,
    /// For our evaluation: the final disc difference (Black's view) of a finished game the
    /// search found forced on its principal variation.
    forced_discs: Option<i32>,
    only_move: bool,
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
    pruned: u64,
    table_cutoffs: u64,
    max_depth: u32,
}

/// The final disc difference a value of our evaluation stands for, if it is a finished game's.
fn finished_game_discs(value: f64) -> Option<i32> {
    let value = value as i32;
    (-64..=64).find(|&score| score != 0 && terminal_value(score) == value)
}

impl Agent {
    fn view(&self) -> ThinkingView {
        let report: Report = self.thinking.search.report();
        let spec = self.thinking.search.spec();
        let sign = if self.side == Color::Black { 1.0 } else { -1.0 };
        let units = if report.exact {
            "discs"
        } else if spec.algo == Algorithm::Mcts {
            "playouts"
        } else if !spec.algo.evaluates() {
            "none"
        } else {
            spec.eval.name()
        };
        let forced_discs = match (units, report.value) {
            ("strong", Some(value)) => finished_game_discs(value).map(|d| d * sign as i32),
            _ => None,
        };
        ThinkingView {
            algo: spec.algo,
            eval: spec.algo.evaluates().then_some(spec.eval),
            side: if self.side == Color::Black {
                "black"
            } else {
                "white"
            },
            depth: report.depth,
            value: report.value.map(|v| v * sign),
            units,
            exact: report.exact,
            solving: report.solving,
            forced_discs,
            only_move: report.only_move,
            nodes: report.tree.nodes,
            leaves: report.tree.leaves,
            cutoffs: report.tree.cutoffs,
            pruned: report.tree.pruned,
            table_cutoffs: report.tree.table_cutoffs,
            max_depth: report.tree.max_depth,
        }
    }
}

impl Job for Agent {
    fn search(&self) -> &dyn IndexedSearch {
        &self.thinking
    }

    fn search_mut(&mut self) -> &mut dyn IndexedSearch {
        &mut self.thinking
    }

    fn thinking(&self) -> Result<JsValue, JsError> {
        to_js(&self.view())
    }
}
