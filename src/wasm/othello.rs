//! Othello's side of the JavaScript API: its board view, positions (FFO notation) as levels,
//! the last move's flips, and one move's thinking for the worker, whichever side's agent is to
//! move, with what it thinks (depth, value, counters, exact).
//!
//! A session's "level" is its start position as `BOARD SIDE` text (FFO notation, see
//! `games::othello::text`), or `start` (also the empty text) for the standard start; actions
//! are squares 0..64 (a1 = 0, h8 = 63) and 64 for the pass.

use super::boundary::{to_js, GridView};
use super::page_game::{Capabilities, LevelProblem, PageGame};
use super::search_job::{Indexed, IndexedSearch, Job, ThinkingAt, Timed};
use super::timeline::{options_for, recorder};
use crate::agents::othello::{
    AgentSpec, Algorithm, Budget, EvalKind, Report, Thinking, REPORT_NOTE,
};
use crate::agents::params::{self, Table};
use crate::game::Game;
use crate::games::othello::eval::terminal_value;
use crate::games::othello::text::TextError;
use crate::games::othello::{Color, Move, Othello};
use crate::search::timeline::{Noted, Recorded, StepNotes, TimelineOptions};
use crate::search::Limits;
use crate::search::Search;
use crate::share::othello::{View, MAX_SOLVE};
use serde::Serialize;
use std::rc::Rc;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// Limits of one move's search on the page: no node cap (the worker stops at the deadline or on
/// Stop; the solver only runs at up to [`MAX_SOLVE`] empties, and has no deadline), 32 MiB for
/// the transposition table, the MCTS tree or the solver's table.
const LIMITS: Limits = Limits {
    max_nodes: u64::MAX,
    max_memory_bytes: 32 << 20,
};

/// Reads a start position: `start` (or nothing) or `BOARD SIDE`.
fn parse_position(text: &str) -> Result<Othello, LevelProblem> {
    match text.trim() {
        "" | "start" => Ok(Othello::start()),
        other => other.parse().map_err(|e: TextError| LevelProblem {
            line: 1,
            column: match e {
                TextError::BoardChar { index, .. } => index + 1,
                _ => 0,
            },
            message: e.to_string(),
        }),
    }
}

impl PageGame for Othello {
    const NAME: &'static str = "othello";
    const ACTIONS_HELP: &'static str = "squares are 0 (a1) to 63 (h8), 64 is the pass";
    const LEVEL_WORD: &'static str = "position";
    const CAPABILITIES: Capabilities<Self> = Capabilities {
        levels: Some(parse_position),
        last_move: Some(last_move),
        ..Capabilities::NONE
    };
    type View = View;
    const PARAMETERS: Table = params::OTHELLO;

    fn action_name(action: Move) -> String {
        action.to_string()
    }

    /// Eight by eight cells from a1 (row-major, rank 1 first): 0 empty, 1 Black, 2 White.
    fn board_view(&self) -> Result<JsValue, JsError> {
        let (black, white) = (self.black(), self.white());
        to_js(&GridView {
            width: 8,
            height: 8,
            cells: (0..64)
                .map(|square| {
                    let bit = 1u64 << square;
                    u8::from(black & bit != 0) + 2 * u8::from(white & bit != 0)
                })
                .collect(),
            alive: !self.is_terminal(),
        })
    }

    fn cell_count(&self) -> usize {
        64
    }

    /// "playing", or the winner ("black", "white") or "draw".
    fn outcome_word(&self) -> &'static str {
        if !self.is_terminal() {
            return "playing";
        }
        match self.black_score().signum() {
            1 => "black",
            -1 => "white",
            _ => "draw",
        }
    }

    /// Black's discs minus White's; at the end, the final score (empties to the winner).
    fn score(&self) -> f64 {
        if self.is_terminal() {
            f64::from(self.black_score())
        } else {
            f64::from(self.black().count_ones()) - f64::from(self.white().count_ones())
        }
    }

    fn job(&self, view: &View, seed: u64, record: bool) -> Result<Box<dyn Job>, JsError> {
        let root = self;
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
        let error = |e| JsError::new(&format!("parameter '{field}': {e}"));
        if !record {
            return Ok(Box::new(Agent {
                thinking: Indexed::new(spec.think(root, seed).map_err(error)?),
                side: root.side(),
            }));
        }
        let deepening = matches!(spec.algo, Algorithm::AlphaBetaTt | Algorithm::Mtdf)
            || (spec.algo.evaluates() && !matches!(spec.budget, Budget::Depth(_)));
        let recorder = recorder::<Othello>(TimelineOptions {
            iterations_are_depths: deepening,
            tree: spec.algo == Algorithm::Mcts,
            ..options_for(root)
        });
        let thinking = spec
            .think_observed(root, seed, Some(Box::new(recorder.clone())))
            .map_err(error)?;
        let thinking = Noted::new(thinking, |t| t.report().note(), recorder.timeline());
        let thinking = Recorded::with_unit(thinking, &recorder, spec.timeline_unit());
        Ok(Box::new(Timed {
            job: Box::new(Agent {
                thinking: Indexed::new(thinking),
                side: root.side(),
            }),
            timeline: recorder.timeline(),
        }))
    }
}

fn colour_name(colour: Color) -> &'static str {
    match colour {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// An Othello move: the square (64 = pass), who played it (0 Black, 1 White), the discs it
/// turned.
#[derive(Serialize, Tsify)]
pub(super) struct OthelloMove {
    action: u32,
    player: usize,
    flipped: Vec<u32>,
}

/// Who played the move from `before` to `after` and which discs it turned.
fn last_move(before: &Othello, action: u32, after: &Othello) -> Result<JsValue, JsError> {
    let turned = (before.black() & after.white()) | (before.white() & after.black());
    let mut squares = Vec::new();
    let mut bits = turned;
    while bits != 0 {
        squares.push(bits.trailing_zeros());
        bits &= bits - 1;
    }
    to_js(&OthelloMove {
        action,
        player: before.side().player(),
        flipped: squares,
    })
}

/// One move's thinking for the side to move (`S`: the [`Thinking`], or it recorded).
struct Agent<S> {
    thinking: Indexed<Othello, S>,
    side: Color,
}

/// A search that is a [`Thinking`], recorded or not.
trait ThinkingSearch: Search<Othello> {
    fn thinking(&self) -> &Thinking;

    /// A recorded run: what it thought (for `side`) at each step of its timeline.
    fn thinking_at(&self, _side: Color) -> Option<ThinkingAt> {
        None
    }
}

impl ThinkingSearch for Thinking {
    fn thinking(&self) -> &Thinking {
        self
    }
}

/// A recorded thinking: its report noted at each step.
type RecordedThinking = Recorded<Othello, Noted<Othello, Thinking, REPORT_NOTE>>;

impl ThinkingSearch for RecordedThinking {
    fn thinking(&self) -> &Thinking {
        self.inner().inner()
    }

    fn thinking_at(&self, side: Color) -> Option<ThinkingAt> {
        let notes: StepNotes<REPORT_NOTE> = self.inner().notes();
        let spec = *self.inner().inner().spec();
        Some(Rc::new(move |step| {
            to_js(&thinking_view(
                Report::from_note(notes.at(step)),
                &spec,
                side,
            ))
        }))
    }
}

/// The side to move.
#[derive(Clone, Copy, PartialEq, Serialize, Tsify)]
#[serde(rename_all = "lowercase")]
pub(super) enum SideToMove {
    Black,
    White,
}

/// What the `value` of a `Thinking` counts: the course's heuristic (`course`), ours
/// (`strong`), the exact final disc difference (`discs`), the mean final disc difference of
/// MCTS's playouts (`playouts`); `none` for agents without a value.
#[derive(Clone, Copy, PartialEq, Serialize, Tsify)]
#[serde(rename_all = "lowercase")]
pub(super) enum ValueUnits {
    Course,
    Strong,
    Discs,
    Playouts,
    None,
}

/// What an Othello agent thinks. `value` is the root's value from Black's view in `units`.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(rename = "Thinking", missing_as_null)]
pub(super) struct ThinkingView {
    #[tsify(type = "AlgorithmOthello")]
    algo: Algorithm,
    /// The evaluation at the horizon; `null` for agents that evaluate no position.
    eval: Option<EvalKind>,
    side: SideToMove,
    depth: u32,
    /// The root's value from Black's view, in `units`.
    value: Option<f64>,
    units: ValueUnits,
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

/// What `spec`'s thinking for `side` shows when it reports `report`.
fn thinking_view(report: Report, spec: &AgentSpec, side: Color) -> ThinkingView {
    let sign = if side == Color::Black { 1.0 } else { -1.0 };
    let units = if report.exact {
        ValueUnits::Discs
    } else if spec.algo == Algorithm::Mcts {
        ValueUnits::Playouts
    } else if !spec.algo.evaluates() {
        ValueUnits::None
    } else {
        match spec.eval {
            EvalKind::Course => ValueUnits::Course,
            EvalKind::Strong => ValueUnits::Strong,
        }
    };
    let forced_discs = match (units, report.value) {
        (ValueUnits::Strong, Some(value)) => finished_game_discs(value).map(|d| d * sign as i32),
        _ => None,
    };
    ThinkingView {
        algo: spec.algo,
        eval: spec.algo.evaluates().then_some(spec.eval),
        side: match side {
            Color::Black => SideToMove::Black,
            Color::White => SideToMove::White,
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

impl<S: ThinkingSearch> Job for Agent<S> {
    fn search(&self) -> &dyn IndexedSearch {
        &self.thinking
    }

    fn search_mut(&mut self) -> &mut dyn IndexedSearch {
        &mut self.thinking
    }

    fn thinking(&self) -> Result<JsValue, JsError> {
        let thinking = self.thinking.search.thinking();
        to_js(&thinking_view(
            thinking.report(),
            thinking.spec(),
            self.side,
        ))
    }

    fn thinking_at(&self) -> Option<ThinkingAt> {
        self.thinking.search.thinking_at(self.side)
    }
}
