//! Sum to zero's side of the JavaScript API: the number line to draw, the moves text as a level
//! (so a link opens a position), and one move's search set beside the exact optimum.
//!
//! A session's "level" is the moves played, in the game's text form (`+20 -18`; the empty text
//! is the start); a session from a seed starts at the start (the game has no chance: the seed
//! changes nothing). Actions are 0 `+2t`, 1 `−2t`, 2 `+3t`, 3 `−3t`, `t` the turn.
//!
//! A search job runs the view's agent (`agents::sumzero`) for exactly the view's `iterations`
//! playouts, then reports the budget spent (`limit_reached`, `nodes`): with the link's seed and
//! the moves played since the link's position as the stream, it chooses what
//! `searchlab sumzero play --moves ... --seed ... --iterations ...` chooses. Its `thinking()` is
//! a [`SumZeroThinking`]: every action's optimal value and regret beside MCTS's visits and mean,
//! and the regret of the search's current choice.

use super::boundary::{parameter_error, to_js};
use super::page_game::{Capabilities, LevelProblem, PageGame};
use super::search_job::{Indexed, IndexedSearch, Job, Timed, WorkCap};
use super::timeline::{options_for, recorded, recorder};
use crate::agents::params::{self, Table};
use crate::agents::sumzero::Algorithm;
use crate::agents::Agent;
use crate::game::Game;
use crate::games::sumzero::solve::Optimum;
use crate::games::sumzero::text::ParseError;
use crate::games::sumzero::{reward_of, Action, SumZero, MAX_ABS_SUM};
use crate::search::timeline::TimelineOptions;
use crate::search::{Limits, NoObserver, Search};
use crate::share::sumzero::View;
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// Limits of one move's search: the tree grows by at most one node a playout, so the view's
/// iterations (at most a million) bound it; 64 MiB holds a million nodes.
const LIMITS: Limits = Limits {
    max_nodes: u64::MAX,
    max_memory_bytes: 64 << 20,
};

/// Reads the moves text (one line: columns count characters of the whole text).
fn parse_moves(text: &str) -> Result<SumZero, LevelProblem> {
    text.parse().map_err(|e: ParseError| LevelProblem {
        line: 1,
        column: e.column,
        message: e.to_string(),
    })
}

impl PageGame for SumZero {
    const NAME: &'static str = "sumzero";
    const ACTIONS_HELP: &'static str =
        "actions are 0 +2t, 1 -2t, 2 +3t, 3 -3t, t the turn from 10 down to 1";
    const LEVEL_WORD: &'static str = "moves";
    const CAPABILITIES: Capabilities<Self> = Capabilities {
        levels: Some(parse_moves),
        seeded: Some(SumZero::start),
        ..Capabilities::NONE
    };
    type View = View;
    const PARAMETERS: Table = params::SUMZERO;

    fn action_name(action: Action) -> String {
        ["+2t", "-2t", "+3t", "-3t"][action.index() as usize].into()
    }

    /// The number line (a [`SumZeroBoardView`]).
    fn board_view(&self) -> Result<JsValue, JsError> {
        to_js(&SumZeroBoardView::of(self))
    }

    /// The number line's points, −165 to 165 (no agent stands on one: no heat map).
    fn cell_count(&self) -> usize {
        2 * MAX_ABS_SUM as usize + 1
    }

    fn outcome_word(&self) -> &'static str {
        if self.is_terminal() {
            "over"
        } else {
            "playing"
        }
    }

    /// The view's agent for the view's iterations, judged against the optimum.
    fn job(&self, view: &View, seed: u64, record: bool) -> Result<Box<dyn Job>, JsError> {
        let spec = view.agent_spec(LIMITS);
        let capped = |search| -> Box<dyn Search<SumZero>> {
            Box::new(WorkCap {
                search,
                work_left: view.iterations,
            })
        };
        let judged = |search| Judged {
            search: Indexed::new(search),
            algo: view.algo,
            root: *self,
            optimum: Optimum::solve(),
        };
        if !record {
            let search = spec
                .build(self, seed, NoObserver)
                .map_err(parameter_error)?;
            return Ok(Box::new(judged(capped(search))));
        }
        let recorder = recorder::<SumZero>(TimelineOptions {
            tree: view.algo == Algorithm::Mcts,
            ..options_for(self)
        });
        let search = spec
            .build(self, seed, recorder.clone())
            .map_err(parameter_error)?;
        Ok(Box::new(Timed {
            job: Box::new(judged(recorded(capped(search), &recorder))),
            timeline: recorder.timeline(),
        }))
    }
}

/// One turn still to play: its number and what each action adds then, in index order (+2t,
/// -2t, +3t, -3t).
#[derive(Serialize, Tsify)]
pub(super) struct SumZeroTurn {
    turn: u8,
    amounts: [i32; 4],
}

/// The state as the page's number line draws it.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub(super) struct SumZeroBoardView {
    /// The running sum.
    sum: i32,
    /// The turn of the next move (10 at the start, 1 before the last); `None` once over.
    turn: Option<u8>,
    /// What each move so far added, first move first.
    moves: Vec<i32>,
    /// The moves as the game's text form (a share link's `moves`, a session's level).
    text: String,
    /// The turns still to play, next first.
    remaining: Vec<SumZeroTurn>,
    /// How far the remaining moves can still carry the sum either way: `3·(t + … + 1)`.
    reach: i32,
    /// The farthest any sum gets from 0 (165): the number line's half-width.
    max_abs_sum: i32,
    /// `1 − |sum| / 225` once the game is over; `None` while it runs.
    reward: Option<f64>,
    alive: bool,
}

impl SumZeroBoardView {
    fn of(state: &SumZero) -> SumZeroBoardView {
        let left = state.turns_left();
        SumZeroBoardView {
            sum: state.sum(),
            turn: (left > 0).then_some(left),
            moves: state.amounts(),
            text: state.to_string(),
            remaining: (1..=left)
                .rev()
                .map(|turn| SumZeroTurn {
                    turn,
                    amounts: Action::ALL.map(|action| action.amount(turn)),
                })
                .collect(),
            reach: 3 * i32::from(left) * (i32::from(left) + 1) / 2,
            max_abs_sum: MAX_ABS_SUM,
            reward: state.is_terminal().then(|| reward_of(state.sum())),
            alive: !state.is_terminal(),
        }
    }
}

/// One move's search and the optimum it is judged by.
struct Judged {
    search: Indexed<SumZero, Box<dyn Search<SumZero>>>,
    algo: Algorithm,
    root: SumZero,
    optimum: Optimum,
}

/// One legal action, judged by the exact optimum.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub(super) struct SumZeroActionValue {
    action: u32,
    /// What it adds to the sum at this turn.
    amount: i32,
    /// The best reward reachable after it.
    optimal_value: f64,
    /// The best reward from the root minus `optimal_value` (0 for an optimal action).
    regret: f64,
    /// MCTS's visits of it (0 for the exhaustive agent).
    visits: u64,
    /// MCTS's mean reward over those visits; `None` before its first visit.
    mean: Option<f64>,
}

/// The search beside the optimum.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub(super) struct SumZeroThinking {
    #[tsify(type = "AlgorithmSumZero")]
    algo: Algorithm,
    /// The best reward reachable from the root.
    optimal_value: f64,
    /// The smallest `|final sum|` reachable from the root.
    closest_final_sum: u32,
    /// The search's current choice (an action index); `None` before it has one.
    choice: Option<u32>,
    /// The best reward reachable after the choice.
    choice_value: Option<f64>,
    /// What the choice gives away: `optimal_value − choice_value`.
    regret: Option<f64>,
    /// Every legal action, in index order.
    actions: Vec<SumZeroActionValue>,
}

impl Judged {
    fn report(&self) -> SumZeroThinking {
        let (root, optimum) = (&self.root, &self.optimum);
        let visited = self.search.search.root_action_stats();
        let actions = optimum
            .action_values(root)
            .into_iter()
            .map(|(action, optimal_value)| {
                let stat = visited
                    .iter()
                    .find(|s| s.index == action.index() && s.visits > 0);
                SumZeroActionValue {
                    action: action.index(),
                    amount: action.amount(root.turns_left()),
                    optimal_value,
                    regret: optimum.regret(root, action),
                    visits: stat.map_or(0, |s| s.visits),
                    mean: stat.map(|s| s.value),
                }
            })
            .collect();
        let choice = self.search.search.best_action();
        SumZeroThinking {
            algo: self.algo,
            optimal_value: optimum.value(root),
            closest_final_sum: optimum.closest_final_sum(root),
            choice: choice.map(Action::index),
            choice_value: choice.map(|action| optimum.value(&root.child(action))),
            regret: choice.map(|action| optimum.regret(root, action)),
            actions,
        }
    }
}

impl Job for Judged {
    fn search(&self) -> &dyn IndexedSearch {
        &self.search
    }

    fn search_mut(&mut self) -> &mut dyn IndexedSearch {
        &mut self.search
    }

    fn thinking(&self) -> Result<JsValue, JsError> {
        to_js(&self.report())
    }
}
